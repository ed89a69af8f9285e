// expect: drf — WarpBitonicSort exchanges a logical warp's striped keys with shuffles only, so each logical warp of 16 lanes loads and stores its own tile with no shared memory between.
#include <cub/warp/warp_bitonic_sort.cuh>

struct less_t {
    __device__ bool operator()(int a, int b) const { return a < b; }
};

__global__ void __launch_bounds__(128) sort_tiles(int *data)
{
    typedef cub::detail::WarpBitonicSort<int, 4, 16> SortT;
    __shared__ typename SortT::TempStorage temp[8];
    int warp = threadIdx.x / 16, lane = threadIdx.x % 16;
    int base = (blockIdx.x * 8 + warp) * 64;
    int keys[4];
    for (int i = 0; i < 4; i++)
        keys[i] = data[base + i * 16 + lane];
    SortT(temp[warp]).Sort(keys, less_t());
    SortT(temp[warp]).Sort(keys, less_t(), 48, 0);
    for (int i = 0; i < 4; i++)
        data[base + i * 16 + lane] = keys[i];
}
