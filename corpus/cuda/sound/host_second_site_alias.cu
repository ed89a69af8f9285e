//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=1
// expect: racy — y: at the second launch in and out are both y, so thread i writes y[i] while thread i - 1 reads it.
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
    shift<<<1, 64>>>(y, y); // BUG: in place
    cudaDeviceSynchronize();
    cudaFree(x);
    cudaFree(y);
    return 0;
}
