//xfail:NOT_ALL_VERIFIED
//--blockDim=128 --gridDim=32
// expect: racy — surf: every thread of a block writes its fetched texel to the layered surface at the block's column blockIdx.x, with values that differ.
// The fetches of lang_tex_fetch_forms.cu, the surface written at one texel per block.
__global__ void texFormsOneTexel(cudaTextureObject_t cube, cudaTextureObject_t layers, cudaSurfaceObject_t surf, int layer)
{
    int x = blockIdx.x * blockDim.x + threadIdx.x;
    float u = (x + 0.5f) / (gridDim.x * blockDim.x);
    float4 a = texCubemap<float4>(cube, u, 0.5f, -0.5f);
    float4 b = tex2DLayered<float4>(layers, u, 0.5f, layer);
    float4 r = make_float4(a.x + b.x, a.y, b.z, u);
    surf2DLayeredwrite(r, surf, blockIdx.x * (int)sizeof(float4), 0, layer);
}
