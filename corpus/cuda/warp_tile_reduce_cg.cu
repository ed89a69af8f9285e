//pass
//--blockDim=256 --gridDim=16
// expect: drf — each tile of 32 reduces its own slice of s, and tile.sync() separates the loads of a step from its stores.
// Per-warp sums with cooperative groups: every thread_block_tile<32> folds its 32 values in five steps.
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

__global__ void warp_sums(const int *in, int *sums)
{
    __shared__ int s[256];
    cg::thread_block block = cg::this_thread_block();
    cg::thread_block_tile<32> tile = cg::tiled_partition<32>(block);
    unsigned int t = block.thread_rank();
    unsigned int lane = tile.thread_rank();
    s[t] = in[blockIdx.x * 256 + t];
    tile.sync();
    for (unsigned int offset = 16; offset > 0; offset >>= 1) {
        int v = 0;
        if (lane < offset)
            v = s[t + offset];
        tile.sync();
        if (lane < offset)
            s[t] += v;
        tile.sync();
    }
    if (lane == 0)
        sums[blockIdx.x * 8 + tile.meta_group_rank()] = s[t];
}
