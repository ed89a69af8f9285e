// expect: tile_sum=drf tile_scale=racy
// why: `dim3 blocks, threads;` then `threads = dim3(TILE, TILE);` as a statement of its own gives tile_sum's launch a 16x16 block, so each thread of its tile writes its own cell of out; tile_scale's block is assigned again under a branch (`if (argc > 2) threads = dim3(32, 32);`), so its size at the launch cannot be told and a 32-wide block makes two threads share a cell.
// assumes: blockDim = (16,16,1), gridDim = (64,1,1) from the launch at
// no-host: tile_sum=racy tile_scale=racy
#include <cuda_runtime.h>

#define TILE 16

__global__ void tile_sum(const float *in, float *out)
{
    int cell = blockIdx.x * TILE * TILE + threadIdx.y * TILE + threadIdx.x;
    out[cell] = in[cell] + 1.0f;
}

__global__ void tile_scale(float *out)
{
    int cell = blockIdx.x * TILE * TILE + threadIdx.y * TILE + threadIdx.x;
    out[cell] = out[cell] * 2.0f;
}

int main(int argc, char **argv)
{
    float *in, *out;
    cudaMalloc(&in, 64 * TILE * TILE * sizeof(float));
    cudaMalloc(&out, 64 * TILE * TILE * sizeof(float));
    dim3 blocks, threads;
    blocks = dim3(64);
    threads = dim3(TILE, TILE);
    tile_sum<<<blocks, threads>>>(in, out);
    if (argc > 2)
        threads = dim3(32, 32);
    tile_scale<<<blocks, threads>>>(out);
    cudaDeviceSynchronize();
    cudaFree(in);
    cudaFree(out);
    return 0;
}
