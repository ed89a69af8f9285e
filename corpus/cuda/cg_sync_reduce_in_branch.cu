//xfail:NOT_ALL_VERIFIED
//--blockDim=256 --gridDim=16
// expect: divergent — as cg_sync_reduce with the step's cg::sync(block) inside if (t < stride): only the active threads reach it.
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

__global__ void block_sum_divergent(const float *in, float *partial)
{
    __shared__ float s[256];
    cg::thread_block block = cg::this_thread_block();
    unsigned int t = block.thread_rank();
    s[t] = in[blockIdx.x * 256 + t];
    cg::sync(block);
    for (unsigned int stride = 128; stride > 0; stride >>= 1) {
        if (t < stride) {
            s[t] += s[t + stride];
            cg::sync(block);
        }
    }
    if (t == 0)
        partial[blockIdx.x] = s[0];
}
