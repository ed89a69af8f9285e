//pass
//--blockDim=256 --gridDim=64
// expect: drf — __half arithmetic on x[i] and y[i]; each thread writes y[i] only.
// Half-precision axpy with cuda_fp16.h operators and conversions.
#include <cuda_fp16.h>

__global__ void haxpy(int n, float a, const __half *x, __half *y)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        __half ha = __float2half(a);
        y[i] = ha * x[i] + y[i];
    }
}
