//pass
//--blockDim=64 --gridDim=2
// expect: drf — surf: thread x writes the 4 bytes from byte 4x of row 0, its own float.
// Fill a row of a float surface.
__global__ void fill_row(cudaSurfaceObject_t surf)
{
    int x = blockIdx.x * 64 + threadIdx.x;
    surf2Dwrite((float)x, surf, x * (int)sizeof(float), 0);
}
