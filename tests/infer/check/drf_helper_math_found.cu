// expect: drf — the project's own helper_math.h is found and parsed (scale3 is in it, not in the built-in stand-in): each thread writes out[i] only.
#include "found/helper_math.h"

__global__ void offset(const float3 *in, float3 *out, float s, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        out[i] = scale3(in[i], s) + in[i];
}
