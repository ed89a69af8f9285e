// expect: drf — a warp's slot is blockIdx.x * warp.meta_group_size() + warp.meta_group_rank() (the warps of a block and their index), written by its lane 0; a tile of 8 from that warp writes the warp's row at sub.meta_group_rank() (its index within the warp, below sub.meta_group_size() = 4).
#include <cooperative_groups.h>
namespace cg = cooperative_groups;
__global__ void warp_slots(int *rstd, int *rows)
{
    cg::thread_block block = cg::this_thread_block();
    cg::thread_block_tile<32> warp = cg::tiled_partition<32>(block);
    cg::thread_block_tile<8> sub = cg::tiled_partition<8>(warp);
    int idx = blockIdx.x * warp.meta_group_size() + warp.meta_group_rank();
    if (warp.thread_rank() == 0)
        rstd[idx] = threadIdx.x;
    if (sub.thread_rank() == 0)
        rows[idx * sub.meta_group_size() + sub.meta_group_rank()] = threadIdx.x;
}
