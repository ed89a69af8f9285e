//xfail:NOT_ALL_VERIFIED
//--blockDim=[16,16] --gridDim=[8,8]
// expect: racy — img: thread (x, y) writes pixel (x + 1, y) while thread (x + 1, y) reads it, with no barrier (and across blocks none could help).
// Shifts an image one pixel right in place through a surface: each pixel
// is read by one thread and overwritten by its left neighbour.
__global__ void shiftRight(cudaSurfaceObject_t img, int w, int h)
{
    int x = blockIdx.x * blockDim.x + threadIdx.x;
    int y = blockIdx.y * blockDim.y + threadIdx.y;
    if (x + 1 < w && y < h) {
        float v = surf2Dread<float>(img, x * 4, y);
        surf2Dwrite(v, img, (x + 1) * 4, y);
    }
}
