//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=1
// expect: divergent — limit() stores threadIdx.x / 8 into `bound` through a pointer, so the loop around the barrier runs a different number of times in different threads; without the store through the pointer, bound keeps the parameter n, the same in every thread.
// A local variable written through its address (an out-parameter by
// pointer), then used as a loop bound around a barrier.
__device__ void limit(int *bound) { *bound = threadIdx.x / 8; }

__global__ void addressTaken(int *out, int n)
{
    __shared__ int s[64];
    int bound = n;
    limit(&bound);
    s[threadIdx.x] = 0;
    for (int i = 0; i < bound; i++) {
        __syncthreads();
        s[threadIdx.x] += i;
    }
    out[threadIdx.x] = s[threadIdx.x];
}
