// expect: shift=drf
// why: cudaLaunchKernel starts TILE threads per block, as the kernel's shared tile and its blockIdx.x * TILE offsets assume.
// assumes: blockDim = (128,1,1)
// no-host: shift=drf
#include <cstdio>
#include <cuda_runtime.h>

#define TILE 128

__global__ void shift(float *out, const float *in)
{
    __shared__ float s[TILE];
    s[threadIdx.x] = in[blockIdx.x * TILE + threadIdx.x];
    __syncthreads();
    out[blockIdx.x * TILE + threadIdx.x] = s[TILE - 1 - threadIdx.x];
}

int main()
{
    const int blocks = 64;
    float *out, *in;
    cudaMalloc(&out, blocks * TILE * sizeof(float));
    cudaMalloc(&in, blocks * TILE * sizeof(float));
    void *args[] = {&out, &in};
    cudaLaunchKernel((const void *)shift, dim3(blocks), dim3(TILE), args, 0, 0);
    cudaDeviceSynchronize();
    cudaFree(out);
    cudaFree(in);
    return 0;
}
