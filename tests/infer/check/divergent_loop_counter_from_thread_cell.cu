// expect: divergent — lo is set from s[threadIdx.x], each thread's own cell, so lo < hi is decided per thread.
__global__ void k(const int *in, int n)
{
    __shared__ int s[64];
    int lo = 0, hi = n;
    while (lo < hi) {
        s[threadIdx.x] = in[lo + threadIdx.x];
        __syncthreads();
        lo = lo + 1 + (s[threadIdx.x] & 1);
        __syncthreads();
    }
}
