// expect: fill_ids=drf
// why: the block size comes from argv, but __launch_bounds__(256) caps it at 256 threads, so the blockIdx.x * 256 + threadIdx.x cells of two blocks never meet.
// assumes: blockDim.x * blockDim.y * blockDim.z <= 256
// no-host: fill_ids=racy
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

__global__ void __launch_bounds__(256) fill_ids(int *out)
{
    out[blockIdx.x * 256 + threadIdx.x] = blockIdx.x;
}

int main(int argc, char **argv)
{
    int threads = argc > 1 ? atoi(argv[1]) : 256;
    int blocks = argc > 2 ? atoi(argv[2]) : 64;
    int *out;
    cudaMalloc(&out, blocks * 256 * sizeof(int));
    fill_ids<<<blocks, threads>>>(out);
    cudaDeviceSynchronize();
    cudaFree(out);
    return 0;
}
