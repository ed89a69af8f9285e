//pass
//--blockDim=64 --gridDim=4
// expect: drf — a persistent iterative kernel: each step reads the neighbours, grid.sync(), writes its own cell, grid.sync() before the next step's reads.
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

__global__ void jacobi_persistent(float *x, int steps)
{
    cg::grid_group grid = cg::this_grid();
    int n = grid.size();
    int i = grid.thread_rank();
    for (int s = 0; s < steps; s++) {
        float left = i > 0 ? x[i - 1] : 0.0f;
        float right = i < n - 1 ? x[i + 1] : 0.0f;
        grid.sync();
        x[i] = 0.5f * (left + right);
        grid.sync();
    }
}
