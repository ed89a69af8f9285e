//pass
//--blockDim=128 --gridDim=8
// expect: drf — a grid-stride loop over grid.thread_rank() and grid.size(): each element belongs to one thread of the grid.
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

__global__ void grid_scale(float *x, float a, int n)
{
    cg::grid_group grid = cg::this_grid();
    for (int i = grid.thread_rank(); i < n; i += grid.size())
        x[i] = a * x[i];
}
