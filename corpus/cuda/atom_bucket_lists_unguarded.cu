//xfail:NOT_ALL_VERIFIED
//--blockDim=256 --gridDim=16
// expect: racy — list: without pos < cap, bin b's slot cap + 0 is bin b + 1's slot 0, written by a thread of the next bin.
// Histogram to lists without the capacity check: a full bin spills into the next.
__global__ void bin_to_lists_unguarded(const int *keys, int n, int nbins, int *list, unsigned int *fill,
                                       unsigned int cap)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        int bin = keys[i] % nbins;
        unsigned int pos = atomicAdd(&fill[bin], 1u);
        list[bin * cap + pos] = i;
    }
}
