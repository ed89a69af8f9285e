//pass
//--blockDim=128 --gridDim=8
// expect: drf — BlockHistogram zeroes and fills the shared bins with its own barriers, and __syncthreads() comes before the bins are copied out.
#include <cub/cub.cuh>

// A 64-bin histogram of a tile of bytes, atomic algorithm, bins in shared memory.
__global__ void byte_histogram(const unsigned char *in, unsigned int *out)
{
    typedef cub::BlockHistogram<unsigned char, 128, 4, 64, cub::BLOCK_HISTO_ATOMIC> BlockHistogramT;
    __shared__ typename BlockHistogramT::TempStorage temp;
    __shared__ unsigned int bins[64];
    unsigned char items[4];
    for (int i = 0; i < 4; i++)
        items[i] = in[blockIdx.x * 512 + threadIdx.x * 4 + i] % 64;
    BlockHistogramT(temp).Histogram(items, bins);
    __syncthreads();
    if (threadIdx.x < 64)
        out[blockIdx.x * 64 + threadIdx.x] = bins[threadIdx.x];
}
