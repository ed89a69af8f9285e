//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=1
// expect: divergent — next(k) moves k by the thread's own amount, so the trip count of the loop with the barrier depends on the thread

__device__ void next(int &k) { k += threadIdx.x + 1; }

__global__ void steps(float *a)
{
    __shared__ float s[64];
    for (int k = 0; k < 64; next(k)) {
        s[threadIdx.x] = a[k];
        __syncthreads();
    }
}
