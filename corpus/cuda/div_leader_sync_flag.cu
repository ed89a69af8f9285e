//xfail:NOT_ALL_VERIFIED
//--blockDim=128 --gridDim=8
// expect: divergent — the barrier is reached by thread 0 only; thread 0 sums the input itself and each thread stores to its own cell, so no race is left even where the barrier does not hold.
// Block total with the barrier taken by thread 0 alone: the store race of
// the racy twin is fixed (one cell per thread), the divergence remains.
__global__ void blockTotalLeaderSyncFixed(const int *in, int *total)
{
    __shared__ int part[128];
    int t = threadIdx.x;
    part[t] = in[blockIdx.x * blockDim.x + t];
    if (t == 0) {
        __syncthreads();
        int sum = 0;
        for (int k = 0; k < 128; k++)
            sum += in[blockIdx.x * blockDim.x + k];
        total[blockIdx.x * blockDim.x] = sum;
    }
    total[blockIdx.x * blockDim.x + t + 1024] = t;
}
