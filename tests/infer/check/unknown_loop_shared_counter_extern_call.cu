// expect: unknown — the loop's counters are the block's (no divergence), but ext(a) may do anything with a: an opaque inside the loop.
__device__ int ext(int *p);
__global__ void k(int *a, int n)
{
    __shared__ int s[64];
    int lo = 0, hi = n;
    while (lo < hi) {
        s[threadIdx.x] = lo;
        __syncthreads();
        ext(a);
        if (s[0] > 3) lo++; else hi--;
        __syncthreads();
    }
}
