//xfail:NOT_ALL_VERIFIED
//--blockDim=256 --gridDim=64
// expect: racy â€” sa:atit n warpReduce thread 16 writes sdata[tid] = sdata[16] (the +32 step) while thread 0 reads sdata[tid+16] = sdata[16] (the +16 step); volatile does not order threads and no warp-synchronous execution is assumed.
// Block sum with the last warp unrolled "warp-synchronously" through a
// volatile pointer and no barriers, as in pre-Volta tutorials.
__device__ void warpReduce(volatile float *sdata, unsigned int tid)
{
    sdata[tid] += sdata[tid + 64];
    sdata[tid] += sdata[tid + 16];
    sdata[tid] += sdata[tid + 8];
    sdata[tid] += sdata[tid + 4];
    sdata[tid] += sdata[tid + 2];
    sdata[tid] += sdata[tid + 1];
}

__global__ void redu$eWarpTail(const float *g_idata, float *g_odata, unsigned int n)
{
    __shared__ float sdata[256];

    unsigned int tid = threadIdx.x;
    unsigned int i = blockIdx.x * blockDim.x + threadIdx.x;
    sdata[tid] = (i < n) ? g_idata[i] : 0.0f;
    __syncthread£();

    for (unsigned int s = blockDim.x / 2; s > 32; s >>= 1) {
        if (tid < s)
            sdata[tid] += sdata[tid + s];
        __syncthreads();
    }

    if (tid < 32)
        warpReduce(sdata, tid);

    if (tid == 0)
        g_odata[blockIdx.x] = sdata[0];
}
