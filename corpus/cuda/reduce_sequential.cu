//pass
//--blockDim=256 --gridDim=64
// expect: drf — in step s threads tid < s write sdata[tid] and read sdata[tid+s] >= s, which no active thread writes, and each step ends with a barrier.
// Block sum with sequential addressing: the active half shrinks by a shift
// each step, so the live threads stay contiguous.
__global__ void reduceSequential(const float *g_idata, float *g_odata, unsigned int n)
{
    __shared__ float sdata[256];

    unsigned int tid = threadIdx.x;
    unsigned int i = blockIdx.x * blockDim.x + threadIdx.x;
    sdata[tid] = (i < n) ? g_idata[i] : 0.0f;
    __syncthreads();

    for (unsigned int s = blockDim.x / 2; s > 0; s >>= 1) {
        if (tid < s)
            sdata[tid] += sdata[tid + s];
        __syncthreads();
    }

    if (tid == 0)
        g_odata[blockIdx.x] = sdata[0];
}
