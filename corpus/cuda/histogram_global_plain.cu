//xfail:NOT_ALL_VERIFIED
//--blockDim=256 --gridDim=64
// expect: racy — bins: two threads (in the same or different blocks) whose data values fall into the same bin both do the plain read-modify-write bins[b]++.
// Global histogram with a non-atomic increment.
__global__ void histogramGlobalPlain(const unsigned int *data, unsigned int *bins, int n, unsigned int numBins)
{
    int stride = blockDim.x * gridDim.x;
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride) {
        unsigned int b = data[i] % numBins;
        bins[b]++;                    // BUG: should be atomicAdd(&bins[b], 1u)
    }
}
