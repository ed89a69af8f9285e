// expect: racy — a tile passed to a helper as a parameter may have been partitioned from another tile, which it ranks within: its meta_group_rank() is an unknown, and the helper's slots may collide.
#include <cooperative_groups.h>
namespace cg = cooperative_groups;
__device__ void store_slot(cg::thread_block_tile<8> t, int *rows)
{
    if (t.thread_rank() == 0)
        rows[blockIdx.x * 32 + t.meta_group_rank()] = threadIdx.x;
}
__global__ void tile_param_slots(int *rows)
{
    cg::thread_block block = cg::this_thread_block();
    cg::thread_block_tile<32> warp = cg::tiled_partition<32>(block);
    store_slot(cg::tiled_partition<8>(warp), rows);
}
