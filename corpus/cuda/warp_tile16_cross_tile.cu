//xfail:NOT_ALL_VERIFIED
//--blockDim=128 --gridDim=4
// expect: racy — thread t reads s[t ^ 16], stored by a thread of the neighbouring tile of 16, which tile.sync() does not order.
// The butterfly of butterfly16 one level too far: the partner lies in another tile.
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

__global__ void butterfly16_too_far(const float *in, float *out)
{
    __shared__ float s[128];
    cg::thread_block block = cg::this_thread_block();
    cg::thread_block_tile<16> tile = cg::tiled_partition<16>(block);
    unsigned int t = block.thread_rank();
    s[t] = in[blockIdx.x * 128 + t];
    tile.sync();
    out[blockIdx.x * 128 + t] = s[t ^ 16];
}
