//pass
//--blockDim=128 --gridDim=32
// expect: drf — every fetch (cubemap, layered, level of detail, gradients, gather) only reads its texture, and each thread writes its own out cell and its own surface texel.
// The texture object API's fetch forms and a layered surface write.
__global__ void texForms(float4 *out, cudaTextureObject_t cube, cudaTextureObject_t layers, cudaTextureObject_t plane,
                         cudaTextureObject_t volume, cudaSurfaceObject_t surf, int layer)
{
    int x = blockIdx.x * blockDim.x + threadIdx.x;
    float u = (x + 0.5f) / (gridDim.x * blockDim.x);
    float4 a = texCubemap<float4>(cube, u, 0.5f, -0.5f);
    float4 b = tex2DLayered<float4>(layers, u, 0.5f, layer);
    float4 c = tex2DLod<float4>(plane, u, 0.5f, 1.0f);
    float4 d = tex2DGrad<float4>(plane, u, 0.5f, make_float2(1.0f, 0.0f), make_float2(0.0f, 1.0f));
    float4 e = tex3D<float4>(volume, u, 0.5f, 0.5f);
    float4 g = tex2Dgather<float4>(plane, u, 0.5f, 0);
    float s = tex1DLayered<float>(layers, u, layer);
    float4 r = make_float4(a.x + b.x + c.x + d.x + e.x + g.x + s, a.y, b.z, c.w);
    out[x] = r;
    surf2DLayeredwrite(r, surf, x * (int)sizeof(float4), 0, layer);
}
