// expect: fill_rows=drf fill_rows=drf
// why: the helper launches rows of `width` threads with width = the block size, and main calls it with 64 and with 128: each call is a launch of its own, and in each, row b is block b's alone.
// assumes: blockDim = (128,1,1), gridDim = (16,1,1), width = 128 from the launch at
// no-host: fill_rows=racy
#include <cstdio>
#include <cuda_runtime.h>

__global__ void fill_rows(int *rows, int width)
{
    rows[blockIdx.x * width + threadIdx.x] = blockIdx.x * 1000 + threadIdx.x;
}

// One row per block; the caller chooses the row width.
static void launch_rows(int *rows, int width)
{
    fill_rows<<<16, width>>>(rows, width);
}

int main()
{
    int *rows;
    cudaMalloc(&rows, 16 * 128 * sizeof(int));
    launch_rows(rows, 64);
    launch_rows(rows, 128);
    cudaDeviceSynchronize();
    cudaFree(rows);
    printf("done\n");
    return 0;
}
