//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=1
// expect: racy — x: args holds &x twice, so in and out are both x: thread i writes x[i] while thread i - 1 reads it.
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
    void *args[] = {&x, &x}; // BUG: the same buffer twice
    cudaLaunchKernel((const void *)shift, dim3(1), dim3(64), args, 0, 0);
    cudaDeviceSynchronize();
    cudaFree(x);
    cudaFree(y);
    return 0;
}
