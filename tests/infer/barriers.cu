// __syncthreads variants and cooperative groups' block sync are barriers;
// __syncwarp() is a warp barrier (`sync warp;`), not a block barrier.
#include <cooperative_groups.h>
namespace cg = cooperative_groups;
__global__ void barriers(int *A)
{
    cg::thread_block block = cg::this_thread_block();
    A[block.thread_rank()] = 0;
    block.sync();
    int any = __syncthreads_or(A[threadIdx.x]);
    int all = __syncthreads_and(any);
    __syncthreads_count(all);
    __syncwarp();
    cg::sync(block);
    A[threadIdx.x] = 1;
}
