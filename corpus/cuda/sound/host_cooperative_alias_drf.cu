//pass
//--blockDim=64 --gridDim=2
// expect: drf — x, y: in is x and out is y.
#include <cuda_runtime.h>

// Reverse across the whole grid (a cooperative launch).
__global__ void reverse(const float *in, float *out)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    out[i] = in[2 * 64 - 1 - i];
}

int main()
{
    float *x, *y;
    cudaMalloc(&x, 1024 * sizeof(float));
    cudaMalloc(&y, 1024 * sizeof(float));
    void *args[] = {&x, &y};
    cudaLaunchCooperativeKernel((const void *)reverse, dim3(2), dim3(64), args, 0, 0);
    cudaDeviceSynchronize();
    cudaFree(x);
    cudaFree(y);
    return 0;
}
