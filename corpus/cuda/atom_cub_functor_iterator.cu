//pass
//--blockDim=64 --gridDim=4
// expect: drf — the kernel hands its output iterator, moved to its warp's tile, to a functor that stores through it: each warp stores its own 4 * 32 items, striped.
#include <cub/cub.cuh>

// The store an action makes, as test harnesses pass operations: the output
// is the functor's parameter, of a template type.
struct store_all_t {
    template <class StoreT, class OutputIt, int N>
    __device__ void operator()(StoreT &store, OutputIt out, int (&items)[N]) const
    {
        store.Store(out, items);
    }
};

template <class OutputIt, class ActionT>
__global__ void store_through_action(OutputIt out, ActionT action)
{
    typedef cub::WarpStore<int, 4, cub::WARP_STORE_STRIPED> StoreT;
    __shared__ typename StoreT::TempStorage temp[2];
    int warp = threadIdx.x / 32;
    int items[4];
    for (int i = 0; i < 4; i++)
        items[i] = threadIdx.x * 4 + i;
    StoreT store(temp[warp]);
    action(store, out + (blockIdx.x * 2 + warp) * 128, items);
}

template __global__ void store_through_action<int *, store_all_t>(int *, store_all_t);
