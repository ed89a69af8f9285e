//pass
//--blockDim=256 --gridDim=64
// expect: drf — in step s only threads with tid % (2*s) == 0 write sdata[tid] and read sdata[tid+s], cells no other active thread writes, and every step ends with a barrier.
// Block sum, interleaved addressing with a divergent modulo test (the first
// kernel of the classic "optimizing parallel reduction" series).
__global__ void reduceInterleaved(const int *g_idata, int *g_odata, unsigned int n)
{
    __shared__ int sdata[256];

    unsigned int tid = threadIdx.x;
    unsigned int i = blockIdx.x * blockDim.x + threadIdx.x;
    sdata[tid] = (i < n) ? g_idata[i] : 0;
    __syncthreads();

    for (unsigned int s = 1; s < blockDim.x; s *= 2) {
        if (tid % (2 * s) == 0)
            sdata[tid] += sdata[tid + s];
        __syncthreads();
    }

    if (tid == 0)
        g_odata[blockIdx.x] = sdata[0];
}
