//xfail:NOT_ALL_VERIFIED
//--blockDim=256 --gridDim=32
// expect: racy — s_hist: the plain clearing write s_hist[b] = 0 by one thread races with another thread's atomicAdd(&s_hist[data[i]], 1) on the same bin (only one of the two is atomic).
// Privatised histogram that starts counting before the bins are known to
// be cleared.
#define NUM_BINS 256

__global__ void histogramNoClearSync(const unsigned char *data, unsigned int *bins, int n)
{
    __shared__ unsigned int s_hist[NUM_BINS];

    for (int b = threadIdx.x; b < NUM_BINS; b += blockDim.x)
        s_hist[b] = 0;
    // BUG: missing __syncthreads()

    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x)
        atomicAdd(&s_hist[data[i]], 1u);
    __syncthreads();

    for (int b = threadIdx.x; b < NUM_BINS; b += blockDim.x)
        atomicAdd(&bins[b], s_hist[b]);
}
