//pass
//--blockDim=64 --gridDim=8
// expect: drf — each logical warp of 16 lanes sorts its own tile; lanes exchange their shared slots only within the logical warp, after __syncwarp(get_member_mask()).
#include <cub/cub.cuh>

struct less_t {
    __device__ bool operator()(int a, int b) const { return a < b; }
};

// WarpMergeSort over logical warps of 16 lanes; the lane and the lane mask
// come from the sort object itself.
__global__ void sort_sixteen(int *data)
{
    typedef cub::WarpMergeSort<int, 2, 16> SortT;
    __shared__ typename SortT::TempStorage temp[4];
    __shared__ int first[64];
    int warp = threadIdx.x / 16;
    SortT sort(temp[warp]);
    int lane = sort.get_linear_tid();
    int base = (blockIdx.x * 4 + warp) * 32;
    int keys[2];
    keys[0] = data[base + lane * 2];
    keys[1] = data[base + lane * 2 + 1];
    first[threadIdx.x] = keys[0];
    __syncwarp(sort.get_member_mask());
    keys[1] += first[warp * 16 + (lane ^ 1)];
    sort.Sort(keys, less_t());
    data[base + lane * 2] = keys[0];
    data[base + lane * 2 + 1] = keys[1];
}
