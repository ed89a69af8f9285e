//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=1
// expect: racy — a: next(k) advances k by one through an int &, so thread 0's second write a[1] meets thread 1's first

__device__ void next(int &k) { k += 1; }

__global__ void clear(float *a, int n)
{
    for (int k = threadIdx.x; k < n; next(k))
        a[k] = (float)threadIdx.x;
}
