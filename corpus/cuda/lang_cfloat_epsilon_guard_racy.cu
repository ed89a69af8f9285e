//xfail:NOT_ALL_VERIFIED
//--blockDim=256 --gridDim=64
// expect: racy — len: every thread whose vector is shorter than FLT_EPSILON writes len[0] with a value of its own (its index), so two such threads race.
// Records the last degenerate vector in len[0]: a write-write race
// between any two threads that find one.
#include <cfloat>

__global__ void lastDegenerate(const float2 *pos, float *len, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n)
        return;
    float d = hypotf(pos[i].x, pos[i].y);
    if (d < FLT_EPSILON)
        len[0] = (float)i;
}
