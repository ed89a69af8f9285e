//pass
//--blockDim=64 --gridDim=4
// expect: drf — phase 1 writes each thread's own cell of buf, grid.sync() (a cooperative launch) ends it, phase 2 reads the mirrored cell written by another block.
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

__global__ void grid_mirror(const int *in, int *buf, int *out)
{
    cg::grid_group grid = cg::this_grid();
    unsigned long long i = grid.thread_rank();
    unsigned long long n = grid.size();
    buf[i] = in[i] * 2;
    grid.sync();
    out[i] = buf[n - 1 - i];
}
