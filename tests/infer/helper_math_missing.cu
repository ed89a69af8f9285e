// helper_math.h is not found: its operators and functions are known
// (issue 15, item 1).  Compound assignments read and write their element;
// the integer clamp stays an index.
#include "helper_math.h"

__global__ void shade(float3 *color, const float3 *normal, const float4 *light, int *hits, int n)
{
    __shared__ float3 tile[128];
    int t = threadIdx.x;
    int i = blockIdx.x * blockDim.x + t;
    float3 l = make_float3(light[0]);
    tile[t] = normalize(normal[i]);
    __syncthreads();
    float d = clamp(dot(tile[t], l), 0.0f, 1.0f);
    color[i] *= d;
    color[i] += lerp(make_float3(0.0f), tile[clamp(t + 1, 0, 127)], 0.5f);
    hits[clamp(i, 0, n - 1)] = 1;
}
