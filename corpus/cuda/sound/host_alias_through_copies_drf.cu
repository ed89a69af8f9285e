//pass
//--blockDim=64 --gridDim=1
// expect: drf — x, y: src is x and dst is y.
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
    float *src = x;
    float *dst = y;
    shift<<<1, 64>>>(src, dst);
    cudaDeviceSynchronize();
    cudaFree(x);
    cudaFree(y);
    return 0;
}
