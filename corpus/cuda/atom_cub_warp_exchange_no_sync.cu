//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=4
// expect: racy — temp: the second WarpExchange of a warp updates its TempStorage while lanes may still read it for the first, with no __syncwarp() between.
#include <cub/cub.cuh>

// Blocked to striped and back through one exchange per warp, not resynchronised.
__global__ void warp_exchange_round_trip_no_sync(int *data)
{
    typedef cub::WarpExchange<int, 4> WarpExchangeT;
    __shared__ typename WarpExchangeT::TempStorage temp[2];
    int warp = threadIdx.x / 32, lane = threadIdx.x % 32;
    int base = (blockIdx.x * 2 + warp) * 128;
    int items[4];
    for (int i = 0; i < 4; i++)
        items[i] = data[base + lane * 4 + i];
    WarpExchangeT(temp[warp]).BlockedToStriped(items, items);
    WarpExchangeT(temp[warp]).StripedToBlocked(items, items);
    for (int i = 0; i < 4; i++)
        data[base + lane * 4 + i] = items[i] + 1;
}
