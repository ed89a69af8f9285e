// expect: divergent — lo moves by threadIdx.x per iteration (an inner loop without a barrier), so lo < hi fails at different times in different threads.
__global__ void k(int *a, int n)
{
    __shared__ int s[64];
    int lo = 0, hi = n;
    while (lo < hi) {
        s[threadIdx.x] = lo;
        __syncthreads();
        a[blockIdx.x * blockDim.x + threadIdx.x] = s[63 - threadIdx.x];
        __syncthreads();
        for (int r = 0; r < (int)threadIdx.x; r++)
            lo++;
        hi--;
    }
}
