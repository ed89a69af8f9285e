// expect: init_bins=drf finish_bins=racy
// why: both kernels index bins with blockIdx.x * BINS; init_bins is launched with BINS threads, finish_bins with 2 * BINS, so block 0's thread BINS writes bins[BINS] as block 1's thread 0 does.
// assumes: blockDim = (512,1,1)
// no-host: init_bins=racy finish_bins=racy
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

#define BINS 256

__global__ void init_bins(unsigned *bins)
{
    bins[blockIdx.x * BINS + threadIdx.x] = blockIdx.x;
}

__global__ void finish_bins(unsigned *bins, unsigned scale)
{
    bins[blockIdx.x * BINS + threadIdx.x] *= scale;
}

int main(int argc, char **argv)
{
    int groups = argc > 1 ? atoi(argv[1]) : 32;
    unsigned *bins;
    cudaMalloc(&bins, groups * BINS * sizeof(unsigned));
    init_bins<<<groups, BINS>>>(bins);
    finish_bins<<<groups, 2 * BINS>>>(bins, 3u); /* one block per group meant BINS threads */
    cudaDeviceSynchronize();
    cudaFree(bins);
    return 0;
}
