// expect: reverse_tiles_64=drf reverse_tiles_256=drf reverse_tiles_128=racy
// why: each instantiation (one kernel each) reverses TILE-element tiles through shared memory; the third launch gives 256 threads to a 128-element tile, so block 0's thread 128 writes out[128] as block 1's thread 0 does.
// assumes: blockDim = (256,1,1), gridDim.y = 1, gridDim.z = 1 from the launch at
// no-host: reverse_tiles_64=drf reverse_tiles_256=drf reverse_tiles_128=drf
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

template <int TILE>
__global__ void reverse_tiles(const int *in, int *out)
{
    __shared__ int tile[TILE];
    int base = blockIdx.x * TILE;
    tile[threadIdx.x] = in[base + threadIdx.x];
    __syncthreads();
    out[base + threadIdx.x] = tile[TILE - 1 - threadIdx.x];
}

int main(int argc, char **argv)
{
    int n = argc > 1 ? atoi(argv[1]) : 1 << 16;
    int *in, *out;
    cudaMalloc(&in, n * sizeof(int));
    cudaMalloc(&out, n * sizeof(int));
    reverse_tiles<64><<<n / 64, 64>>>(in, out);
    reverse_tiles<256><<<n / 256, 256>>>(in, out);
    reverse_tiles<128><<<n / 128, 256>>>(in, out); /* twice the threads the tile has */
    cudaDeviceSynchronize();
    cudaFree(in);
    cudaFree(out);
    return 0;
}
