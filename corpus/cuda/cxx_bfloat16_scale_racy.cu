//xfail:NOT_ALL_VERIFIED
//--blockDim=256 --gridDim=64
// expect: racy — x: thread i reads x[i + 1] while thread i + 1 writes x[i + 1] (an in-place bfloat16 average of neighbours).
// In-place smoothing of a bfloat16 array: neighbours overwrite each other.
#include <cuda_bf16.h>

__global__ void smoothInPlace(__nv_bfloat16 *x, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i + 1 < n)
        x[i] = __float2bfloat16(0.5f * (__bfloat162float(x[i]) + __bfloat162float(x[i + 1])));
}
