// expect: drf — thread 0 publishes the next lo before a barrier and every thread reads it after, so lo is the block's and the loop's barriers are reached by all.
__global__ void k(const int *next, int n, int *out)
{
    __shared__ int s_lo;
    __shared__ int buf[1024];
    int lo = 0;
    while (lo < n) {
        buf[threadIdx.x] = next[lo + threadIdx.x];
        __syncthreads();
        if (threadIdx.x == 0)
            s_lo = lo + 1 + (buf[blockDim.x - 1] & 3);
        __syncthreads();
        lo = s_lo;
        __syncthreads();
    }
    out[blockIdx.x * blockDim.x + threadIdx.x] = lo;
}
