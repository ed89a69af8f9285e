//pass
//--blockDim=256 --gridDim=64
// expect: drf — lim is read at limit[blockIdx.x], one cell per block that no thread writes, so lim < FLT_MAX has one outcome per block and the barrier inside the branch does not diverge.
// Clamps each block's values to its limit after a neighbour average; a block whose limit is FLT_MAX ("unlimited") passes values through.
#include <cfloat>

__global__ void clampSmooth(const float *limit, const float *in, float *out)
{
    __shared__ float s[256];
    int tid = threadIdx.x;
    int gid = blockIdx.x * 256 + tid;
    float lim = limit[blockIdx.x];
    float v = in[gid];
    if (lim < FLT_MAX) {
        s[tid] = v;
        __syncthreads();
        v = fminf(0.5f * (s[tid] + s[(tid + 1) % 256]), lim);
    }
    out[gid] = v;
}
