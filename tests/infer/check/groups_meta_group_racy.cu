// expect: racy — the twin of groups_meta_group: a tile of 8 partitioned from a warp ranks within that warp, so sub.meta_group_rank() is 0 in the first tile of every warp, and the block's slot at it is written by the first lane of each warp.
#include <cooperative_groups.h>
namespace cg = cooperative_groups;
__global__ void tile_slots_collide(int *rows)
{
    cg::thread_block block = cg::this_thread_block();
    cg::thread_block_tile<32> warp = cg::tiled_partition<32>(block);
    cg::thread_block_tile<8> sub = cg::tiled_partition<8>(warp);
    if (sub.thread_rank() == 0)
        rows[blockIdx.x * 32 + sub.meta_group_rank()] = threadIdx.x;
}
