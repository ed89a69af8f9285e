//pass
//--blockDim=64 --gridDim=8
// A grid group's sync is `sync grid;`; a block's sync (member, cg::sync,
// cg::synchronize) is `sync;`; a tile's sync and __syncwarp are `sync warp;`.
// grid.thread_rank() and grid.size() count the whole grid.
#include <cooperative_groups.h>
namespace cg = cooperative_groups;
__global__ void grid_phases(int *A, int *B, int n)
{
    cg::grid_group grid = cg::this_grid();
    cg::thread_block block = cg::this_thread_block();
    for (int i = grid.thread_rank(); i < n; i += grid.size())
        A[i] = i;
    grid.sync();
    B[grid.thread_rank()] = A[n - 1 - grid.thread_rank()];
    cg::sync(grid);
    cg::this_grid().sync();
    cg::synchronize(block);
    block.sync();
    cg::this_thread_block().sync();
    cg::thread_block_tile<32> tile = cg::tiled_partition<32>(block);
    tile.sync();
    __syncwarp();
    cg::synchronize(grid);
    A[grid.thread_rank()] = B[grid.thread_rank()] + block.thread_rank();
}
