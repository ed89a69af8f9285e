//pass
//--blockDim=128 --gridDim=8
// expect: drf — each warp loads and stores its own tile of 4 * 32 items in the striped arrangement, lane + 32 * i.
#include <cub/cub.cuh>

// A warp-striped copy: four warps per block, one tile each.
__global__ void warp_striped_copy(const int *in, int *out)
{
    typedef cub::WarpLoad<int, 4, cub::WARP_LOAD_STRIPED> WarpLoadT;
    typedef cub::WarpStore<int, 4, cub::WARP_STORE_STRIPED> WarpStoreT;
    int tile = (blockIdx.x * 4 + threadIdx.x / 32) * 128;
    int items[4];
    WarpLoadT().Load(in + tile, items);
    WarpStoreT().Store(out + tile, items);
}
