// expect: drf — cooperative groups' dim3 queries are the built-ins: only thread (0,0,0) of block (0,0,0) (block.group_index(), block.thread_index()) stores its rank; each block's thread 0 writes the slot grid.block_rank() gives it, the remaining queries (dim_threads, group_dim, num_blocks, dim_blocks, block_index) are guards that hold.
#include <cooperative_groups.h>
namespace cg = cooperative_groups;
__global__ void group_index_first(int *card, int *per_block, int *all)
{
    cg::thread_block block = cg::this_thread_block();
    cg::grid_group grid = cg::this_grid();
    dim3 g = block.group_index();
    if (block.group_index().x == 0 && block.group_index().y == 0 && block.group_index().z == 0 &&
        block.thread_rank() == 0)
        card[0] = threadIdx.x + g.x;
    if (block.thread_rank() == 0 && block.dim_threads().x == blockDim.x && block.group_dim().y == blockDim.y &&
        grid.block_rank() < grid.num_blocks())
        per_block[grid.block_rank()] = threadIdx.y;
    if (grid.dim_blocks().x == gridDim.x && grid.group_dim().z == gridDim.z && grid.block_index().y == blockIdx.y)
        all[blockIdx.x * blockDim.x + threadIdx.x] = block.thread_index().x;
}
