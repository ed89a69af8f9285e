// CUB in a template's pattern and CUB's warp primitives: an object of a
// type left dependent (`using scan_t = cub::BlockScan<int, B>`) handed to a
// functor's templated operator(); WarpExchange's shared-memory phase with
// the logical warp's barrier; WarpScan over a power-of-two logical warp
// (shuffles: no memory), its aggregate one value per warp; WarpLoad's
// striped items; BlockReduce without a TempStorage (CUB's private one).
#include <cub/cub.cuh>

struct twice_t {
    template <class ScanT>
    __device__ void operator()(ScanT &scan, int &x) const
    {
        scan.ExclusiveSum(x, x);
        __syncthreads();
        scan.InclusiveSum(x, x);
    }
};

template <int B, class ActionT>
__global__ void pattern_scan(int *data, ActionT action)
{
    using scan_t = cub::BlockScan<int, B>;
    __shared__ typename scan_t::TempStorage temp;
    int x = data[blockIdx.x * B + threadIdx.x];
    scan_t scan(temp);
    action(scan, x);
    data[blockIdx.x * B + threadIdx.x] = x;
}

__global__ void warp_calls(const int *in, int *out, int *sums)
{
    typedef cub::WarpExchange<int, 2, 16> ExchangeT;
    typedef cub::WarpScan<int, 16> ScanT;
    typedef cub::WarpLoad<int, 2, cub::WARP_LOAD_STRIPED, 16> LoadT;
    __shared__ typename ExchangeT::TempStorage exchange[4];
    __shared__ typename ScanT::TempStorage scan[4];
    int warp = threadIdx.x / 16;
    int items[2];
    LoadT().Load(in + warp * 32, items);
    ExchangeT(exchange[warp]).StripedToBlocked(items, items);
    int total;
    ScanT(scan[warp]).InclusiveSum(items[0], items[0], total);
    if (total > 0)
        out[threadIdx.x] = items[0];
    int block_total = cub::BlockReduce<int, 64>().Sum(total);
    if (threadIdx.x == 0)
        sums[blockIdx.x] = block_total;
}
