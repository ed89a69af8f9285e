//pass
//--blockDim=128 --gridDim=16
// expect: drf — the kernel template's scan object reaches the functor's templated operator(), whose two BlockScan calls on one TempStorage are separated by __syncthreads().
#include <cub/cub.cuh>

// A scan chosen by a functor type, as test harnesses pass them.
struct scan_twice_t {
    template <class ScanT>
    __device__ void operator()(ScanT &scan, int &x) const
    {
        scan.ExclusiveSum(x, x);
        __syncthreads();
        scan.InclusiveSum(x, x);
    }
};

template <int BLOCK, class ActionT>
__global__ void scan_with_action(int *data, ActionT action)
{
    using scan_t = cub::BlockScan<int, BLOCK>;
    __shared__ typename scan_t::TempStorage temp;
    int i = blockIdx.x * BLOCK + threadIdx.x;
    int x = data[i];
    scan_t scan(temp);
    action(scan, x);
    data[i] = x;
}

template __global__ void scan_with_action<128, scan_twice_t>(int *, scan_twice_t);
