//pass
//--blockDim=256 --gridDim=64
// expect: drf — each thread converts, scales and stores its own x[i] (bfloat16) and h[i] (half2); the conversions and __hmul/__hfma2 touch no memory.
// Mixed bfloat16 and half2 arithmetic through the cuda_bf16.h / cuda_fp16.h API.
#include <cuda_bf16.h>
#include <cuda_fp16.h>

__global__ void scaleMixed(__nv_bfloat16 *x, __half2 *h, float a, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        __nv_bfloat16 s = __float2bfloat16(a);
        x[i] = __hmul(s, x[i]);
        __half2 s2 = __floats2half2_rn(a, a);
        h[i] = __hfma2(s2, h[i], __float2half2_rn(1.0f));
    }
}
