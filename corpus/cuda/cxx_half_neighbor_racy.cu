//xfail:NOT_ALL_VERIFIED
//--blockDim=256 --gridDim=64
// expect: racy — y: thread i reads y[i + 1] while thread i + 1 writes y[i + 1] (an in-place half-precision difference).
// Half-precision forward difference computed in place.
#include <cuda_fp16.h>

__global__ void hdiff(int n, __half *y)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i + 1 < n)
        y[i] = y[i + 1] - y[i];
}
