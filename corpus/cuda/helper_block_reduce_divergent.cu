//xfail:NOT_ALL_VERIFIED
//--blockDim=256 --gridDim=64
// expect: divergent — blockReduceSum contains __syncthreads() and is called inside if (threadIdx.x < 128), so threads 128..255 never reach its barriers.
// Block reduction helper called by only the first half of the block ("only
// they hold valid data").
#define BLOCK 256

__device__ float blockReduceSum(float *sdata, float v)
{
    unsigned int tid = threadIdx.x;
    sdata[tid] = v;
    __syncthreads();
    for (unsigned int s = blockDim.x / 2; s > 0; s >>= 1) {
        if (tid < s)
            sdata[tid] += sdata[tid + s];
        __syncthreads();
    }
    float total = sdata[0];
    __syncthreads();
    return total;
}

__global__ void halfBlockSums(const float *x, float *sums)
{
    __shared__ float sdata[BLOCK];
    int i = blockIdx.x * blockDim.x + threadIdx.x;

    if (threadIdx.x < 128) {          // BUG: the helper has barriers
        float s = blockReduceSum(sdata, x[i]);
        if (threadIdx.x == 0)
            sums[blockIdx.x] = s;
    }
}
