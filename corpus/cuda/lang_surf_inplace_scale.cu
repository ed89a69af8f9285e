//pass
//--blockDim=[16,16] --gridDim=[8,8]
// expect: drf — each thread reads and writes only its own pixel (x * 4 bytes, y) of the surface.
// Scales an image stored in a CUDA array in place through a surface
// object (the x coordinate of a surface is in bytes).
__global__ void scaleSurface(cudaSurfaceObject_t img, int w, int h, float s)
{
    int x = blockIdx.x * blockDim.x + threadIdx.x;
    int y = blockIdx.y * blockDim.y + threadIdx.y;
    if (x < w && y < h) {
        float v;
        surf2Dread(&v, img, x * 4, y);
        surf2Dwrite(v * s, img, x * 4, y);
    }
}
