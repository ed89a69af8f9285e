//xfail:NOT_ALL_VERIFIED
//--blockDim=128 --gridDim=8
// expect: racy — bins: threads copy a bin out while other threads may still be adding to it, with no __syncthreads() after Histogram.
#include <cub/cub.cuh>

// A 64-bin histogram of a tile of bytes, copied out too early.
__global__ void byte_histogram_no_sync(const unsigned char *in, unsigned int *out)
{
    typedef cub::BlockHistogram<unsigned char, 128, 4, 64, cub::BLOCK_HISTO_ATOMIC> BlockHistogramT;
    __shared__ typename BlockHistogramT::TempStorage temp;
    __shared__ unsigned int bins[64];
    unsigned char items[4];
    for (int i = 0; i < 4; i++)
        items[i] = in[blockIdx.x * 512 + threadIdx.x * 4 + i] % 64;
    BlockHistogramT(temp).Histogram(items, bins);
    if (threadIdx.x < 64)
        out[blockIdx.x * 64 + threadIdx.x] = bins[threadIdx.x];
}
