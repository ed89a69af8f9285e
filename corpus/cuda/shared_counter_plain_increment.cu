//xfail:NOT_ALL_VERIFIED
//--blockDim=256 --gridDim=64
// expect: racy — nNeg (a __shared__ scalar): two threads with negative inputs both do the non-atomic nNeg++ in the same barrier interval.
// Count negative values per block with a shared counter and a plain ++.
__global__ void countNegativePlain(const float *x, int *negCount, int n)
{
    __shared__ int nNeg;
    int i = blockIdx.x * blockDim.x + threadIdx.x;

    if (threadIdx.x == 0)
        nNeg = 0;
    __syncthreads();

    if (i < n && x[i] < 0.0f)
        nNeg++;                       // BUG: should be atomicAdd(&nNeg, 1)
    __syncthreads();

    if (threadIdx.x == 0)
        negCount[blockIdx.x] = nNeg;
}
