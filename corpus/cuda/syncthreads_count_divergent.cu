//xfail:NOT_ALL_VERIFIED
//--blockDim=256 --gridDim=64
// expect: divergent — __syncthreads_count is a barrier, and here only threads 0..31 (if (threadIdx.x < 32)) execute it.
// Count nonzero flags of the first warp only, with a block-wide barrier
// primitive called from a warp-sized branch.
__global__ void countFirstWarp(const int *flags, int *counts)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (threadIdx.x < 32) {
        int c = __syncthreads_count(flags[i] != 0);   // BUG: not all threads
        if (threadIdx.x == 0)
            counts[blockIdx.x] = c;
    }
}
