//pass
//--blockDim=256 --gridDim=64
// expect: drf — the shared scalar nNeg is initialised by thread 0 before a barrier, only updated with atomicAdd in the next interval, and read by thread 0 after another barrier; negCount[blockIdx.x] is one cell per block.
// Count negative values per block with an atomically updated shared counter.
__global__ void countNegativeAtomic(const float *x, int *negCount, int n)
{
    __shared__ int nNeg;
    int i = blockIdx.x * blockDim.x + threadIdx.x;

    if (threadIdx.x == 0)
        nNeg = 0;
    __syncthreads();

    if (i < n && x[i] < 0.0f)
        atomicAdd(&nNeg, 1);
    __syncthreads();

    if (threadIdx.x == 0)
        negCount[blockIdx.x] = nNeg;
}
