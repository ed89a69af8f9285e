//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=1
// expect: racy — x: thread i writes b[i] = x[i] while thread i - 32 reads a[i - 32] = x[i].
#include <cuda_runtime.h>

// Halve the upper half of a buffer into the lower half.
__global__ void blend(const float *__restrict__ a, float *__restrict__ b)
{
    int i = threadIdx.x;
    b[i] = a[i] * 0.5f;
}

int main()
{
    float *x, *y;
    cudaMalloc(&x, 1024 * sizeof(float));
    cudaMalloc(&y, 1024 * sizeof(float));
    blend<<<1, 64>>>(x + 32, x); // BUG: a[0..63] and b[0..63] overlap
    cudaDeviceSynchronize();
    cudaFree(x);
    cudaFree(y);
    return 0;
}
