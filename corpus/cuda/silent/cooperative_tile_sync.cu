//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=1
// expect: racy — tile.sync() orders the 32 threads of one tile only, and thread t reads s[(t + 32) % 64], written by a thread of the other tile.
// Cooperative groups: a tile barrier is not a block barrier.
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

__global__ void tiles(float *data)
{
    __shared__ float s[64];
    cg::thread_block block = cg::this_thread_block();
    cg::thread_block_tile<32> tile = cg::tiled_partition<32>(block);
    s[threadIdx.x] = data[threadIdx.x];
    tile.sync();
    data[threadIdx.x] = s[(threadIdx.x + 32) % 64];
}
