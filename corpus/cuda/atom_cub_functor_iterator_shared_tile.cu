//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=4
// expect: racy — out: the kernel moves the iterator it hands to the functor only by the block, so the block's two warps store their striped items to the same tile.
#include <cub/cub.cuh>

// As atom_cub_functor_iterator.cu, but the tile ignores the warp.
struct store_all_t {
    template <class StoreT, class OutputIt, int N>
    __device__ void operator()(StoreT &store, OutputIt out, int (&items)[N]) const
    {
        store.Store(out, items);
    }
};

template <class OutputIt, class ActionT>
__global__ void store_through_action_shared(OutputIt out, ActionT action)
{
    typedef cub::WarpStore<int, 4, cub::WARP_STORE_STRIPED> StoreT;
    __shared__ typename StoreT::TempStorage temp[2];
    int warp = threadIdx.x / 32;
    int items[4];
    for (int i = 0; i < 4; i++)
        items[i] = threadIdx.x * 4 + i;
    StoreT store(temp[warp]);
    action(store, out + blockIdx.x * 128, items);
}

template __global__ void store_through_action_shared<int *, store_all_t>(int *, store_all_t);
