//pass
//--blockDim=256 --gridDim=64
// expect: drf — the cutoff is read at cutoff[blockIdx.x], one cell per block that no thread writes, so the comparison with std::numeric_limits<int>::max() has one outcome per block and the __syncthreads() inside it does not diverge.
// Each block smooths its segment below a per-block cutoff; a block whose cutoff is the int maximum (the "no cutoff" sentinel) copies.
#include <limits>

constexpr int NO_CUTOFF = std::numeric_limits<int>::max();

__global__ void cutoffSmooth(const int *cutoff, const float *in, float *out)
{
    __shared__ float s[256];
    int tid = threadIdx.x;
    int gid = blockIdx.x * 256 + tid;
    int c = cutoff[blockIdx.x];
    float v = in[gid];
    if (c != NO_CUTOFF) {
        s[tid] = v;
        __syncthreads();
        if (tid < c)
            v = 0.5f * (s[tid] + s[(tid + 1) % 256]);
    }
    out[gid] = v;
}
