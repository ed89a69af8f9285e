//xfail:NOT_ALL_VERIFIED
//--blockDim=128 --gridDim=16
// expect: racy — temp: the functor's second BlockScan call on the kernel's TempStorage meets the first call's reads, with no barrier between.
#include <cub/cub.cuh>

// A scan chosen by a functor type that reuses the storage at once.
struct scan_twice_no_sync_t {
    template <class ScanT>
    __device__ void operator()(ScanT &scan, int &x) const
    {
        scan.ExclusiveSum(x, x);
        scan.InclusiveSum(x, x);
    }
};

template <int BLOCK, class ActionT>
__global__ void scan_with_action_no_sync(int *data, ActionT action)
{
    using scan_t = cub::BlockScan<int, BLOCK>;
    __shared__ typename scan_t::TempStorage temp;
    int i = blockIdx.x * BLOCK + threadIdx.x;
    int x = data[i];
    scan_t scan(temp);
    action(scan, x);
    data[i] = x;
}

template __global__ void scan_with_action_no_sync<128, scan_twice_no_sync_t>(int *, scan_twice_no_sync_t);
