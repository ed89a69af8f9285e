// expect: copy=drf
// why: the launch passes two buffers of their own, so each thread reads in[i] and writes out[i] alone.
// assumes: blockDim = (64,1,1)
// no-host: copy=drf
#include <cuda_runtime.h>

__global__ void copy(const float *in, float *out)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    out[i] = in[i] * 2.0f;
}

int main()
{
    float *x, *y;
    cudaMalloc(&x, 64 * sizeof(float));
    cudaMalloc(&y, 64 * sizeof(float));
    copy<<<1, 64>>>(x, y);
    cudaDeviceSynchronize();
    cudaFree(x);
    cudaFree(y);
    return 0;
}
