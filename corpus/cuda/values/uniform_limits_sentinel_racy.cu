//xfail:NOT_ALL_VERIFIED
//--blockDim=256 --gridDim=64
// expect: divergent — the cutoff is read at cutoff[gid], one cell per thread, so some threads of a block may hold the sentinel and skip the __syncthreads() the others wait at.
// uniform_limits_sentinel.cu with one cutoff per thread instead of per block.
#include <limits>

constexpr int NO_CUTOFF = std::numeric_limits<int>::max();

__global__ void cutoffSmooth(const int *cutoff, const float *in, float *out)
{
    __shared__ float s[256];
    int tid = threadIdx.x;
    int gid = blockIdx.x * 256 + tid;
    int c = cutoff[gid];
    float v = in[gid];
    if (c != NO_CUTOFF) {
        s[tid] = v;
        __syncthreads();
        if (tid < c)
            v = 0.5f * (s[tid] + s[(tid + 1) % 256]);
    }
    out[gid] = v;
}
