//pass
//--blockDim=256 --gridDim=32
// expect: drf — s_hist is cleared cell-per-thread before a barrier, then only updated with atomicAdd, then read cell-per-thread after a barrier; bins is only updated with atomicAdd.
// 256-bin byte histogram with per-block privatised bins in shared memory,
// merged into the global histogram at the end.
#define NUM_BINS 256

__global__ void histogram256(const unsigned char *data, unsigned int *bins, int n)
{
    __shared__ unsigned int s_hist[NUM_BINS];

    for (int b = threadIdx.x; b < NUM_BINS; b += blockDim.x)
        s_hist[b] = 0;
    __syncthreads();

    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x)
        atomicAdd(&s_hist[data[i]], 1u);
    __syncthreads();

    for (int b = threadIdx.x; b < NUM_BINS; b += blockDim.x)
        atomicAdd(&bins[b], s_hist[b]);
}
