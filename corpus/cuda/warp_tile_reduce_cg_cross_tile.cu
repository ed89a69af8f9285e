//xfail:NOT_ALL_VERIFIED
//--blockDim=256 --gridDim=16
// expect: racy — the first step reads s[t + 32], a cell of the next tile, whose threads store to it after only their own tile.sync().
// Per-warp sums that start one step too wide: the offset 32 reaches into the neighbouring tile.
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

__global__ void warp_sums_too_wide(const int *in, int *sums)
{
    __shared__ int s[288];
    cg::thread_block block = cg::this_thread_block();
    cg::thread_block_tile<32> tile = cg::tiled_partition<32>(block);
    unsigned int t = block.thread_rank();
    unsigned int lane = tile.thread_rank();
    s[t] = in[blockIdx.x * 256 + t];
    tile.sync();
    for (unsigned int offset = 32; offset > 0; offset >>= 1) {
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
