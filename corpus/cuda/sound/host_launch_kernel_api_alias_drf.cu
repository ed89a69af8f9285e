//pass
//--blockDim=64 --gridDim=1
// expect: drf — x, y: args holds &x and &y: in is x and out is y.
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
    void *args[] = {&x, &y};
    cudaLaunchKernel((const void *)shift, dim3(1), dim3(64), args, 0, 0);
    cudaDeviceSynchronize();
    cudaFree(x);
    cudaFree(y);
    return 0;
}
