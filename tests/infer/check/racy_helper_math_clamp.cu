// expect: racy — clamp(i, 0, n - 1) sends every thread past the end to out[n - 1]; the clamp of the missing helper_math.h is min/max arithmetic.
#include "helper_math.h"

__global__ void clampedStore(const float4 *in, float4 *out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    out[clamp(i, 0, n - 1)] = in[i] * 2.0f;
}
