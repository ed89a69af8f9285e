//xfail:NOT_ALL_VERIFIED
//--blockDim=128 --gridDim=1
// expect: racy — tile.sync() orders the 32 threads of one tile only: thread t reads s[t ^ 32], stored by a thread of the neighbouring tile.
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

__global__ void tile_swap(const int *in, int *out)
{
    __shared__ int s[128];
    cg::thread_block block = cg::this_thread_block();
    cg::thread_block_tile<32> tile = cg::tiled_partition<32>(block);
    unsigned int t = block.thread_rank();
    s[t] = in[t];
    tile.sync();
    out[t] = s[t ^ 32];
}
