//xfail:NOT_ALL_VERIFIED
//--blockDim=256 --gridDim=64
// expect: divergent — the __syncthreads() sits inside if (tid < s), so in the first step threads 128..255 skip a barrier that threads 0..127 wait at.
// Sequential-addressing block sum where the barrier was moved into the
// branch "so that idle threads do not have to wait".
__global__ void reduceSyncInIf(const float *g_idata, float *g_odata, unsigned int n)
{
    __shared__ float sdata[256];

    unsigned int tid = threadIdx.x;
    unsigned int i = blockIdx.x * blockDim.x + threadIdx.x;
    sdata[tid] = (i < n) ? g_idata[i] : 0.0f;
    __syncthreads();

    for (unsigned int s = blockDim.x / 2; s > 0; s >>= 1) {
        if (tid < s) {
            sdata[tid] += sdata[tid + s];
            __syncthreads();          // BUG: only reached by threads tid < s
        }
    }

    if (tid == 0)
        g_odata[blockIdx.x] = sdata[0];
}
