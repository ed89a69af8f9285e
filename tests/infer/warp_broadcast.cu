// Broadcasts and warp reductions: __shfl_sync from a constant lane with the
// full mask is one value in each segment of its width (a tile), a tile's
// shfl from a constant lane one value in the tile, __reduce_*_sync one value
// in the warp; a lane that varies gives a per-thread value (the divergent
// __syncwarp under d is the checker's to find).
#include <cooperative_groups.h>
namespace cg = cooperative_groups;
__global__ void warp_broadcast(int *out, int *counter)
{
    __shared__ int s[64];
    cg::thread_block_tile<16> tile = cg::tiled_partition<16>(cg::this_thread_block());
    int x = out[threadIdx.x];
    int b = __shfl_sync(0xffffffff, x, 0);
    int c = __shfl_sync(0xffffffff, x, 0, 8);
    int d = __shfl_sync(0xffffffff, x, threadIdx.x % 4);
    int e = tile.shfl(x, 3);
    int f = __reduce_add_sync(0xffffffff, x);
    if (b > 0) __syncwarp();
    if (c > 0) cg::tiled_partition<8>(cg::this_thread_block()).sync();
    if (d > 0) __syncwarp();
    if (e + f > 0) tile.sync();
    s[threadIdx.x] = 1;
}
