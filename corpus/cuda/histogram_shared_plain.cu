//xfail:NOT_ALL_VERIFIED
//--blockDim=256 --gridDim=32
// expect: racy — s_hist: two threads whose bytes data[i] are equal both do the non-atomic s_hist[data[i]]++ on the same bin.
// Privatised histogram whose per-block update is a plain increment.
#define NUM_BINS 256

__global__ void histogramPlain(const unsigned char *data, unsigned int *bins, int n)
{
    __shared__ unsigned int s_hist[NUM_BINS];

    for (int b = threadIdx.x; b < NUM_BINS; b += blockDim.x)
        s_hist[b] = 0;
    __syncthreads();

    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x)
        s_hist[data[i]]++;            // BUG: not atomic
    __syncthreads();

    for (int b = threadIdx.x; b < NUM_BINS; b += blockDim.x)
        atomicAdd(&bins[b], s_hist[b]);
}
