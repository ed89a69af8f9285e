//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=4
// expect: divergent — block 0 skips grid.sync(), which every thread of the grid must reach (the branch is uniform in a block, not in the grid).
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

__global__ void grid_sync_skipped(int *buf, int *out)
{
    cg::grid_group grid = cg::this_grid();
    unsigned long long i = grid.thread_rank();
    buf[i] = (int)i;
    if (blockIdx.x != 0)
        grid.sync();
    out[i] = buf[i];
}
