//pass
//--blockDim=256 --gridDim=16
// expect: drf — tree reduction in shared memory with cg::sync(block) after the load and after every halving step.
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

__global__ void block_sum(const float *in, float *partial)
{
    __shared__ float s[256];
    cg::thread_block block = cg::this_thread_block();
    unsigned int t = block.thread_rank();
    s[t] = in[blockIdx.x * 256 + t];
    cg::sync(block);
    for (unsigned int stride = 128; stride > 0; stride >>= 1) {
        if (t < stride)
            s[t] += s[t + stride];
        cg::sync(block);
    }
    if (t == 0)
        partial[blockIdx.x] = s[0];
}
