// expect: transpose=drf
// why: both calls of the helper pass tile = 16, so blocks are 16 x 16 as the kernel's TILE_DIM assumes; each thread writes its own out cell after the barrier.
// assumes: blockDim = (16,16,1)
// no-host: transpose=racy
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

#define TILE_DIM 16

__global__ void transpose(float *out, const float *in, int width)
{
    __shared__ float tile[TILE_DIM][TILE_DIM + 1];
    int x = blockIdx.x * TILE_DIM + threadIdx.x;
    int y = blockIdx.y * TILE_DIM + threadIdx.y;
    tile[threadIdx.y][threadIdx.x] = in[y * width + x];
    __syncthreads();
    x = blockIdx.y * TILE_DIM + threadIdx.x;
    y = blockIdx.x * TILE_DIM + threadIdx.y;
    out[y * width + x] = tile[threadIdx.x][threadIdx.y];
}

static void run_transpose(float *out, const float *in, int width, int tile)
{
    dim3 block(tile, tile);
    dim3 grid(width / tile, width / tile);
    transpose<<<grid, block>>>(out, in, width);
}

int main(int argc, char **argv)
{
    int width = argc > 1 ? atoi(argv[1]) : 1024;
    float *a, *b;
    cudaMalloc(&a, width * width * sizeof(float));
    cudaMalloc(&b, width * width * sizeof(float));
    run_transpose(b, a, width, 16);
    run_transpose(a, b, width, 16);
    cudaDeviceSynchronize();
    cudaFree(a);
    cudaFree(b);
    return 0;
}
