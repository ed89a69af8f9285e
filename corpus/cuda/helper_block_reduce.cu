//pass
//--blockDim=256 --gridDim=64
// expect: drf — blockReduceSum is called by all threads; it writes sdata[tid], reduces with a barrier per step, and ends with a barrier after everyone has read sdata[0], so the second call may reuse sdata.
// Per-block standardisation (x - mean) / stddev using a __device__ block
// reduction that contains barriers and is called twice.
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
    __syncthreads();                  // sdata may be reused by the caller
    return total;
}

__global__ void standardizeBlocks(const float *x, float *y, int n)
{
    __shared__ float sdata[BLOCK];
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    float v = (i < n) ? x[i] : 0.0f;

    float mean = blockReduceSum(sdata, v) / blockDim.x;
    float d = (i < n) ? v - mean : 0.0f;
    float var = blockReduceSum(sdata, d * d) / blockDim.x;

    if (i < n)
        y[i] = d * rsqrtf(var + 1e-6f);
}
