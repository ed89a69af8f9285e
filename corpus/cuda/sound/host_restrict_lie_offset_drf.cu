//pass
//--blockDim=64 --gridDim=1
// expect: drf — x: a is x[64..127] and b is x[0..63], disjoint as __restrict__ promises.
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
    blend<<<1, 64>>>(x + 64, x);
    cudaDeviceSynchronize();
    cudaFree(x);
    cudaFree(y);
    return 0;
}
