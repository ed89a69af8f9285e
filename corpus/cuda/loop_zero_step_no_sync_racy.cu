//xfail:NOT_ALL_VERIFIED
//--blockDim=256 --gridDim=64
// expect: racy — the stride is passes * blockDim.x, without gridDim.x: with passes = 1 block 0's second step writes y[256 + tid], which block 1 writes first.
// The caller-scaled grid-stride loop with the grid left out of the stride.
__global__ void scaleStridedRacy(float *y, float a, int n, int passes)
{
    int stride = passes * blockDim.x;
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
        y[i] = a * y[i];
}
