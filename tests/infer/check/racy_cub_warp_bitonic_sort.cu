// expect: racy — data: the tile offset ignores the logical warp, so the lanes of a block's logical warps store their sorted keys to the same cells.
#include <cub/warp/warp_bitonic_sort.cuh>

struct less_t {
    __device__ bool operator()(int a, int b) const { return a < b; }
};

__global__ void __launch_bounds__(128) sort_tiles_shared(int *data)
{
    typedef cub::detail::WarpBitonicSort<int, 4, 16> SortT;
    __shared__ typename SortT::TempStorage temp[8];
    int warp = threadIdx.x / 16, lane = threadIdx.x % 16;
    int base = blockIdx.x * 512;
    int keys[4];
    for (int i = 0; i < 4; i++)
        keys[i] = data[base + warp * 64 + i * 16 + lane];
    SortT(temp[warp]).Sort(keys, less_t());
    for (int i = 0; i < 4; i++)
        data[base + i * 16 + lane] = keys[i];
}
