//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=4
// expect: racy — as cg_grid_sync_two_phase with the block's sync in place of the grid's: buf[255] is written by a thread of block 3 and read by thread 0 of block 0 with no order between them.
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

__global__ void grid_mirror_block_sync(const int *in, int *buf, int *out)
{
    cg::grid_group grid = cg::this_grid();
    cg::thread_block block = cg::this_thread_block();
    unsigned long long i = grid.thread_rank();
    unsigned long long n = grid.size();
    buf[i] = in[i] * 2;
    block.sync();
    out[i] = buf[n - 1 - i];
}
