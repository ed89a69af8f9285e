// expect: matrix_add=drf
// why: the kernel's column and row use 16 for the block size, as dim3 block(16, 16) gives; the grid is computed from block.x and block.y and covers cols and rows, and each (row, col) cell belongs to one thread.
// assumes: gridDim.x * 16 >= cols
// no-host: matrix_add=racy
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

__global__ void matrix_add(const float *a, const float *b, float *c, int rows, int cols)
{
    int col = blockIdx.x * 16 + threadIdx.x;
    int row = blockIdx.y * 16 + threadIdx.y;
    if (row < rows && col < cols)
        c[row * cols + col] = a[row * cols + col] + b[row * cols + col];
}

int main(int argc, char **argv)
{
    int rows = argc > 2 ? atoi(argv[1]) : 1000;
    int cols = argc > 2 ? atoi(argv[2]) : 700;
    float *a, *b, *c;
    cudaMalloc(&a, rows * cols * sizeof(float));
    cudaMalloc(&b, rows * cols * sizeof(float));
    cudaMalloc(&c, rows * cols * sizeof(float));
    dim3 block(16, 16);
    dim3 grid((cols + block.x - 1) / block.x, (rows + block.y - 1) / block.y);
    matrix_add<<<grid, block>>>(a, b, c, rows, cols);
    cudaDeviceSynchronize();
    cudaFree(a);
    cudaFree(b);
    cudaFree(c);
    return 0;
}
