// Warps and tiles: __syncwarp() and a full mask are `sync warp;`; a
// thread_block_tile<N>'s sync (member or cg::sync, also through a parameter)
// is `sync tile(N);`; partial and run-time masks, and groups of run-time
// threads, are opaque.  Votes and reduces over a full warp or a tile are
// unknowns uniform over it; a partial vote is a per-thread unknown.
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

__device__ void tile_step(cg::thread_block_tile<8> g, int *s)
{
    s[threadIdx.x] = 1;
    g.sync();
}

__global__ void warp_tiles(int *A, unsigned mask)
{
    __shared__ int s[256];
    cg::thread_block block = cg::this_thread_block();
    cg::thread_block_tile<16> tile = cg::tiled_partition<16>(block);
    s[threadIdx.x] = A[threadIdx.x];
    __syncwarp();
    __syncwarp(0xffffffff);
    __syncwarp(0x0000ffff);
    __syncwarp(mask);
    tile.sync();
    cg::sync(tile);
    tile_step(cg::tiled_partition<8>(block), s);
    cg::coalesced_threads().sync();
    int full = __ballot_sync(0xffffffff, s[threadIdx.x] > 0);
    int half = __ballot_sync(0x0000ffff, s[threadIdx.x] > 0);
    int every = __all_sync(0xffffffffu, full);
    int some = __any_sync(0xffffffffu, half);
    if (full + every + some > 0)
        __syncwarp();
    int in_tile = tile.any(s[threadIdx.x]) + tile.all(every) + tile.ballot(some);
    int sum = cg::reduce(tile, s[threadIdx.x], cg::plus<int>());
    if (in_tile + sum > 0)
        tile.sync();
    if (half > 0)
        A[threadIdx.x] = 0;
}
