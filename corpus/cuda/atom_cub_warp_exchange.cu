//pass
//--blockDim=64 --gridDim=4
// expect: drf — each warp's WarpExchange reuses its own TempStorage only after __syncwarp(), and lanes store distinct striped cells.
#include <cub/cub.cuh>

// Blocked to striped and back through one shared-memory exchange per warp.
__global__ void warp_exchange_round_trip(int *data)
{
    typedef cub::WarpExchange<int, 4> WarpExchangeT;
    __shared__ typename WarpExchangeT::TempStorage temp[2];
    int warp = threadIdx.x / 32, lane = threadIdx.x % 32;
    int base = (blockIdx.x * 2 + warp) * 128;
    int items[4];
    for (int i = 0; i < 4; i++)
        items[i] = data[base + lane * 4 + i];
    WarpExchangeT(temp[warp]).BlockedToStriped(items, items);
    __syncwarp();
    WarpExchangeT(temp[warp]).StripedToBlocked(items, items);
    for (int i = 0; i < 4; i++)
        data[base + lane * 4 + i] = items[i] + 1;
}
