//xfail:NOT_ALL_VERIFIED
//--blockDim=128 --gridDim=8
// expect: racy — out: every warp of a block stores its items to the block's first tile, so lanes of two warps write the same striped cells.
#include <cub/cub.cuh>

// A warp-striped copy whose store forgets the warp's own tile.
__global__ void warp_striped_copy_shared_tile(const int *in, int *out)
{
    typedef cub::WarpLoad<int, 4, cub::WARP_LOAD_STRIPED> WarpLoadT;
    typedef cub::WarpStore<int, 4, cub::WARP_STORE_STRIPED> WarpStoreT;
    int tile = (blockIdx.x * 4 + threadIdx.x / 32) * 128;
    int items[4];
    WarpLoadT().Load(in + tile, items);
    WarpStoreT().Store(out + blockIdx.x * 512, items);
}
