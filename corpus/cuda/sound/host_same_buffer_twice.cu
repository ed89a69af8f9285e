//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=1
// expect: racy — x: thread i writes x[i] (out) while thread i + 1 reads x[i + 1] (in) and thread i - 1 reads x[i]; in and out are both x.
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
    shift<<<1, 64>>>(x, x); // BUG: in place
    cudaDeviceSynchronize();
    cudaFree(x);
    cudaFree(y);
    return 0;
}
