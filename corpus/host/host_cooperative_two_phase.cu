// expect: two_phase=drf
// why: every thread writes a[i] for its own i, the grid-wide sync orders those writes before any read, and b[i] is again each thread's own cell.
// assumes: blockDim = (256,1,1)
// no-host: two_phase=drf
#include <cstdio>
#include <cstdlib>
#include <cooperative_groups.h>
#include <cuda_runtime.h>

namespace cg = cooperative_groups;

__global__ void two_phase(float *a, float *b, int n)
{
    cg::grid_group grid = cg::this_grid();
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        a[i] = 2.0f * i;
    grid.sync();
    if (i < n)
        b[i] = a[n - 1 - i];
}

int main(int argc, char **argv)
{
    int n = argc > 1 ? atoi(argv[1]) : 4096;
    float *a, *b;
    cudaMalloc(&a, n * sizeof(float));
    cudaMalloc(&b, n * sizeof(float));
    dim3 block(256);
    dim3 grid((n + 255) / 256);
    void *args[] = {&a, &b, &n};
    cudaLaunchCooperativeKernel((void *)two_phase, grid, block, args);
    cudaDeviceSynchronize();
    cudaFree(a);
    cudaFree(b);
    return 0;
}
