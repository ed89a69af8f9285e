//xfail:NOT_ALL_VERIFIED
//--blockDim=256 --gridDim=64
// expect: racy — sdata: thread 128 writes sdata[tid] = sdata[128] in the load while thread 0 reads sdata[tid+s] = sdata[128] in the first step; the barrier after the load is missing.
// Sequential-addressing block sum that forgot the barrier between loading
// shared memory and the first reduction step.
__global__ void reduceNoLoadSync(const float *g_idata, float *g_odata, unsigned int n)
{
    __shared__ float sdata[256];

    unsigned int tid = threadIdx.x;
    unsigned int i = blockIdx.x * blockDim.x + threadIdx.x;
    sdata[tid] = (i < n) ? g_idata[i] : 0.0f;
    // BUG: missing __syncthreads()

    for (unsigned int s = blockDim.x / 2; s > 0; s >>= 1) {
        if (tid < s)
            sdata[tid] += sdata[tid + s];
        __syncthreads();
    }

    if (tid == 0)
        g_odata[blockIdx.x] = sdata[0];
}
