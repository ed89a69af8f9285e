//pass
//--blockDim=256 --gridDim=16
// expect: drf — an element goes to list[bin * cap + pos] with pos from atomicAdd(&fill[bin], 1) and pos < cap: one slot per thread inside its bin.
// Histogram to lists: every element is appended to the list of its bin;
// each bin owns cap consecutive slots and overflowing elements are dropped.
__global__ void bin_to_lists(const int *keys, int n, int nbins, int *list, unsigned int *fill, unsigned int cap)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        int bin = keys[i] % nbins;
        unsigned int pos = atomicAdd(&fill[bin], 1u);
        if (pos < cap)
            list[bin * cap + pos] = i;
    }
}
