// expect: stencil_1d=drf stencil_1d=racy
// why: the first launch uses blockDim.x == BLOCK; the second doubles the block, so thread BLOCK stores temp[BLOCK + RADIUS] where thread 0 stores its halo cell temp[RADIUS + BLOCK].
// assumes: blockDim = (256,1,1)
// no-host: stencil_1d=racy
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

#define RADIUS 3
#define BLOCK 128

__global__ void stencil_1d(const int *in, int *out)
{
    __shared__ int temp[BLOCK + 2 * RADIUS];
    int gindex = threadIdx.x + blockIdx.x * blockDim.x;
    int lindex = threadIdx.x + RADIUS;
    temp[lindex] = in[gindex + RADIUS];
    if (threadIdx.x < RADIUS) {
        temp[lindex - RADIUS] = in[gindex];
        temp[lindex + BLOCK] = in[gindex + RADIUS + BLOCK];
    }
    __syncthreads();
    int result = 0;
    for (int offset = -RADIUS; offset <= RADIUS; offset++)
        result += temp[lindex + offset];
    out[gindex] = result;
}

int main(int argc, char **argv)
{
    int n = argc > 1 ? atoi(argv[1]) : BLOCK * 1024;
    bool wide = argc > 2;
    int *in, *out;
    cudaMalloc(&in, (n + 2 * RADIUS) * sizeof(int));
    cudaMalloc(&out, n * sizeof(int));
    if (!wide)
        stencil_1d<<<n / BLOCK, BLOCK>>>(in, out);
    else
        stencil_1d<<<n / (2 * BLOCK), 2 * BLOCK>>>(in, out); /* the tile was not widened */
    cudaDeviceSynchronize();
    cudaFree(in);
    cudaFree(out);
    return 0;
}
