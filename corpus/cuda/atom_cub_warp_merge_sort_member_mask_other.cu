//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=8
// expect: racy — first: a lane reads the slot of the lane 16 places away, in the other logical warp, which __syncwarp(get_member_mask()) does not order with its write.
#include <cub/cub.cuh>

struct less_t {
    __device__ bool operator()(int a, int b) const { return a < b; }
};

// As atom_cub_warp_merge_sort_member_mask.cu, but the slot read belongs to
// a lane of the neighbouring logical warp of 16.
__global__ void sort_sixteen_other(int *data)
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
    keys[1] += first[threadIdx.x ^ 16];
    sort.Sort(keys, less_t());
    data[base + lane * 2] = keys[0];
    data[base + lane * 2 + 1] = keys[1];
}
