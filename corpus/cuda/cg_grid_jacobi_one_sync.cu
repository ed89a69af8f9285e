//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=4
// expect: racy — as cg_grid_jacobi_steps without the second grid.sync(): with steps >= 2, x[64] written by block 1 in step s races with its read by thread 63 of block 0 in step s+1.
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

__global__ void jacobi_persistent_one_sync(float *x, int steps)
{
    cg::grid_group grid = cg::this_grid();
    int n = grid.size();
    int i = grid.thread_rank();
    for (int s = 0; s < steps; s++) {
        float left = i > 0 ? x[i - 1] : 0.0f;
        float right = i < n - 1 ? x[i + 1] : 0.0f;
        grid.sync();
        x[i] = 0.5f * (left + right);
    }
}
