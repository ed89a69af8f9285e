//pass
//--blockDim=[16,16] --gridDim=[8,8]
// expect: drf — reads come from a texture object, writes go to pixel (x, y) of the surface, one per thread.
// Converts an image: samples the source through a texture object and
// stores the result through a surface object.
__global__ void toGray(cudaTextureObject_t rgba, cudaSurfaceObject_t gray, int w, int h)
{
    int x = blockIdx.x * blockDim.x + threadIdx.x;
    int y = blockIdx.y * blockDim.y + threadIdx.y;
    if (x < w && y < h) {
        float4 p = tex2D<float4>(rgba, x + 0.5f, y + 0.5f);
        float g = 0.299f * p.x + 0.587f * p.y + 0.114f * p.z;
        surf2Dwrite(g, gray, x * (int)sizeof(float), y);
    }
}
