//xfail:NOT_ALL_VERIFIED
//--blockDim=[16,16] --gridDim=[8,8]
// expect: racy — sums: every thread of row y reads and writes pixel (0, y) of the surface (a non-atomic read-modify-write).
// Row sums accumulated with plain surface reads and writes.
__global__ void rowSums(cudaTextureObject_t img, cudaSurfaceObject_t sums, int w, int h)
{
    int x = blockIdx.x * blockDim.x + threadIdx.x;
    int y = blockIdx.y * blockDim.y + threadIdx.y;
    if (x < w && y < h) {
        float s = surf2Dread<float>(sums, 0, y);
        surf2Dwrite(s + tex2D<float>(img, x + 0.5f, y + 0.5f), sums, 0, y);
    }
}
