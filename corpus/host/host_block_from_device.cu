// expect: label_points=drf
// why: the block size is the device's limit capped at 256, unknown until run time, but it is an integer, so the block is 1-D (blockDim.y = 1): the point index block * blockDim.x * blockDim.y + threadIdx.x then gives each thread its own cell; a 2-D block would repeat it across threadIdx.y.
// assumes: blockDim.y = 1, blockDim.z = 1, gridDim.z = 1, blockDim.x <= 256 from the launch at
// no-host: label_points=racy
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

/* One thread per point over a square 2-D grid of blocks (a 1-D grid
 * would run out of blocks), linearised by hand. */
__global__ void label_points(const float *x, int *label, int npoints)
{
    unsigned block = blockIdx.y * gridDim.x + blockIdx.x;
    unsigned point = block * blockDim.x * blockDim.y + threadIdx.x;
    if (point < npoints)
        label[point] = x[point] > 0.0f ? 1 : 0;
}

int main(int argc, char **argv)
{
    int npoints = argc > 1 ? atoi(argv[1]) : 1 << 20;
    cudaDeviceProp prop;
    cudaGetDeviceProperties(&prop, 0);
    int threadsPerBlock = std::min(prop.maxThreadsPerBlock, 256);
    int blocks = (npoints + threadsPerBlock - 1) / threadsPerBlock;
    int side = 1;
    while (side * side < blocks)
        side++;
    dim3 grid(side, side);
    float *x;
    int *label;
    cudaMalloc(&x, npoints * sizeof(float));
    cudaMalloc(&label, npoints * sizeof(int));
    label_points<<<grid, threadsPerBlock>>>(x, label, npoints);
    cudaDeviceSynchronize();
    cudaFree(x);
    cudaFree(label);
    return 0;
}
