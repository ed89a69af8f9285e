//xfail:NOT_ALL_VERIFIED
//--blockDim=256 --gridDim=64
// expect: divergent — lim is read at limit[gid], one cell per thread, so threads of one block whose limit is FLT_MAX skip the __syncthreads() the others wait at.
// uniform_fltmax_block_limit.cu with one limit per thread instead of per block.
#include <cfloat>

__global__ void clampSmooth(const float *limit, const float *in, float *out)
{
    __shared__ float s[256];
    int tid = threadIdx.x;
    int gid = blockIdx.x * 256 + tid;
    float lim = limit[gid];
    float v = in[gid];
    if (lim < FLT_MAX) {
        s[tid] = v;
        __syncthreads();
        v = fminf(0.5f * (s[tid] + s[(tid + 1) % 256]), lim);
    }
    out[gid] = v;
}
