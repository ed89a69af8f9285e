//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=2
// expect: racy — surf: the x coordinate of surf2Dwrite is in bytes, so the 4-byte float thread x writes at byte 2x overlaps the one thread x + 1 writes at byte 2x + 2.
// Fill a row of a float surface, with the byte offset scaled by half a float by mistake.
__global__ void fill_row(cudaSurfaceObject_t surf)
{
    int x = blockIdx.x * 64 + threadIdx.x;
    surf2Dwrite((float)x, surf, x * 2, 0); // BUG: x * sizeof(float) was meant
}
