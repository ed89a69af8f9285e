//xfail:NOT_ALL_VERIFIED
//--blockDim=256 --gridDim=64
// expect: racy — total: every thread of every block writes total[0] = 0.0f, and a block's later atomicAdd(total, ...) is not ordered after another block's plain write (a barrier only orders its own block).
// Sum with the accumulator "initialised" inside the kernel by all threads.
__global__ void sumWithInit(const float *x, float *total, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;

    *total = 0.0f;                    // BUG: all threads write the same cell
    __syncthreads();

    if (i < n)
        atomicAdd(total, x[i]);
}
