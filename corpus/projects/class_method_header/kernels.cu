#include "kernels.cuh"

/* rows of 128 values, one block each: a thread per value */
__global__ void scale_rows(float *x, int n)
{
    __shared__ float row[128];
    row[threadIdx.x % 128] = x[blockIdx.x * 128 + threadIdx.x % 128];
    __syncthreads();
    x[blockIdx.x * 128 + threadIdx.x % 128] = row[127 - threadIdx.x % 128];
}

/* the same row reversal over rows of 64 */
__global__ void flip_rows(float *x, int n)
{
    __shared__ float row[64];
    row[threadIdx.x % 64] = x[blockIdx.x * 64 + threadIdx.x % 64];
    __syncthreads();
    x[blockIdx.x * 64 + threadIdx.x % 64] = row[63 - threadIdx.x % 64];
}
