// One buffer passed as two pointer parameters: `x` and `x + 2` are one
// array, the second parameter's accesses shifted by two; a third
// parameter given a buffer of its own stays an array of its own.
#include <cuda_runtime.h>

__global__ void blend(const float *a, float *b, float *c)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    b[i] = a[i] + c[i];
}

int main()
{
    float *x, *y;
    cudaMalloc(&x, 1026 * sizeof(float));
    cudaMalloc(&y, 1024 * sizeof(float));
    blend<<<4, 256>>>(x, x + 2, y);
    return 0;
}
