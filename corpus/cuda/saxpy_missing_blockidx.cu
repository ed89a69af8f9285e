//xfail:NOT_ALL_VERIFIED
//--blockDim=256 --gridDim=64
// expect: racy — y: thread t of block 0 and thread t of block 1 both read and write y[t]; barriers never order different blocks, and here there is none anyway.
// saxpy whose index ignores the block: fine for one block, a grid-level
// race for a multi-block launch.
__global__ void saxpyThreadIdxOnly(int n, float a, const float *x, float *y)
{
    int i = threadIdx.x;              // BUG: missing blockIdx.x * blockDim.x
    if (i < n)
        y[i] = a * x[i] + y[i];
}
