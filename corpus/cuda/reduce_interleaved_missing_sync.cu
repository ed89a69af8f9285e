//xfail:NOT_ALL_VERIFIED
//--blockDim=256 --gridDim=64
// expect: racy — sdata: thread 2 writes sdata[2] in step s=1 while thread 0 reads sdata[tid+s] = sdata[2] in step s=2, with no barrier between the steps.
// Interleaved-addressing block sum with the barrier inside the loop left
// out ("the threads all run in lock-step anyway").
__global__ void reduceInterleavedNoSync(const int *g_idata, int *g_odata, unsigned int n)
{
    __shared__ int sdata[256];

    unsigned int tid = threadIdx.x;
    unsigned int i = blockIdx.x * blockDim.x + threadIdx.x;
    sdata[tid] = (i < n) ? g_idata[i] : 0;
    __syncthreads();

    for (unsigned int s = 1; s < blockDim.x; s *= 2) {
        if (tid % (2 * s) == 0)
            sdata[tid] += sdata[tid + s];
        // BUG: missing __syncthreads()
    }
    __syncthreads();

    if (tid == 0)
        g_odata[blockIdx.x] = sdata[0];
}
