//pass
//--blockDim=64 --gridDim=1
// expect: drf — x, y: the launch passes two separate buffers; shift reads x and writes y.
#include <cuda_runtime.h>

// Shift a signal left by one.
__global__ void shift(const float *in, float *out)
{
    int i = threadIdx.x;
    out[i] = in[i + 1];
}

int main()
{
    float *x, *y;
    cudaMalloc(&x, 1024 * sizeof(float));
    cudaMalloc(&y, 1024 * sizeof(float));
    shift<<<1, 64>>>(x, y);
    cudaDeviceSynchronize();
    cudaFree(x);
    cudaFree(y);
    return 0;
}
