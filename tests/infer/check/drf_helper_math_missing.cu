// expect: drf — helper_math.h is missing, and its float3 operators, lerp and clamp are known: each thread writes out[i] only.
#include "helper_math.h"

__global__ void blend(const float3 *a, const float3 *b, float3 *out, float t, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        float3 d = b[i] - a[i];
        out[i] = clamp(lerp(a[i], b[i], t) + 0.5f * d, 0.0f, 1.0f);
        out[i] *= 2.0f;
    }
}
