//pass
//--blockDim=256 --gridDim=64
// expect: drf — FLT_EPSILON, CUDART_INF_F and the math API are declared; each thread reads pos[i] and writes dir[i] and len[i] only.
// Normalises displacement vectors, guarding short ones with FLT_EPSILON
// as force-directed layout kernels do.
#include <cfloat>
#include <math_constants.h>

__global__ void directions(const float2 *pos, float2 *dir, float *len, float2 centre, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n)
        return;
    float dx = pos[i].x - centre.x;
    float dy = pos[i].y - centre.y;
    float d = hypotf(dx, dy);
    if (d < FLT_EPSILON) {
        dir[i] = make_float2(0.0f, 0.0f);
        len[i] = CUDART_INF_F;
    } else {
        dir[i] = make_float2(dx / d, dy / d);
        len[i] = __log2f(d) * CUDART_LNT_F;
    }
}
