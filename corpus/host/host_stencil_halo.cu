// expect: stencil_1d=drf
// why: the shared tile holds BLOCK + 2 * RADIUS cells and the first RADIUS threads load the halo at l - RADIUS and l + BLOCK; with blockDim.x == BLOCK no two threads store the same cell.
// assumes: blockDim = (128,1,1)
// no-host: stencil_1d=racy
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

#define RADIUS 3
#define BLOCK 128

// The 1D stencil of the CUDA C introduction: a block stages its inputs and
// halo in shared memory, then every thread sums 2 * RADIUS + 1 of them.
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
    int *in, *out;
    cudaMalloc(&in, (n + 2 * RADIUS) * sizeof(int));
    cudaMalloc(&out, n * sizeof(int));
    stencil_1d<<<n / BLOCK, BLOCK>>>(in, out);
    cudaDeviceSynchronize();
    cudaFree(in);
    cudaFree(out);
    return 0;
}
