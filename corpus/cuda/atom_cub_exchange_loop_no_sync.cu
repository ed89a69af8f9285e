//xfail:NOT_ALL_VERIFIED
//--blockDim=128 --gridDim=8
// expect: racy — temp: without the barrier in the loop, iteration t + 1's exchange updates the TempStorage that iteration t still reads.
#include <cub/cub.cuh>

// Repeated exchanges through one TempStorage with no barrier between iterations.
__global__ void exchange_tiles_no_sync(const int *in, int *out, int tiles)
{
    typedef cub::BlockExchange<int, 128, 4> BlockExchangeT;
    __shared__ typename BlockExchangeT::TempStorage temp;
    for (int t = 0; t < tiles; t++) {
        int items[4];
        for (int j = 0; j < 4; j++)
            items[j] = in[(blockIdx.x * tiles + t) * 512 + j * 128 + threadIdx.x];
        BlockExchangeT(temp).StripedToBlocked(items);
        for (int j = 0; j < 4; j++)
            out[(blockIdx.x * tiles + t) * 512 + threadIdx.x * 4 + j] = items[j];
    }
}
