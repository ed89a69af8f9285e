// expect: racy — the twin of groups_block_index: the first thread of every block whose group_index().x is 0 (blocks (0,1), (0,2), ... too) stores its row into card[0]; the blocks' slots come from grid.block_index().x, shared by the blocks of a grid column.
#include <cooperative_groups.h>
namespace cg = cooperative_groups;
__global__ void group_index_column(int *card, int *per_block)
{
    cg::thread_block block = cg::this_thread_block();
    cg::grid_group grid = cg::this_grid();
    if (block.group_index().x == 0 && block.thread_rank() == 0 && gridDim.y > 1)
        card[0] = blockIdx.y;
    if (block.thread_rank() == 0 && blockIdx.y < gridDim.y)
        per_block[grid.block_index().x] = blockIdx.y;
}
