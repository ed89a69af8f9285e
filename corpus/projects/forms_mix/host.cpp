// host code in a C++ file: cudaLaunchKernel with an argument array, and a
// launch of an instance of the kernel template the header defines
#include <cuda_runtime.h>
#include "kernels.cuh"

void run_axpy(float a, const float *x, float *y, int rows)
{
    blas::axpy_tile<64><<<rows, 64>>>(a, x, y);
}

void clear(float *y, int n)
{
    void *args[] = {&y, &n};
    cudaLaunchKernel((const void *)blas::zero, dim3((n + 127) / 128), dim3(128), args, 0, 0);
}

void host_steps(float *x, float *y, int *c)
{
    run_axpy(2.0f, x, y, 16);
    clear(y, 4096);
    bump<<<1, 32>>>(c);
}
