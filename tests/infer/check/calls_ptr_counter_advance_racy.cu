//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=1
// expect: racy — a: advance(&k) moves k by one through a pointer, so thread 0's second write a[1] meets thread 1's first

__device__ void advance(int *k) { *k += 1; }

__global__ void clear(float *a, int n)
{
    int k = threadIdx.x;
    while (k < n) {
        a[k] = (float)threadIdx.x;
        advance(&k);
    }
}
