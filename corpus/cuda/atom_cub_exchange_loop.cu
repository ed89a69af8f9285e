//pass
//--blockDim=128 --gridDim=8
// expect: drf — a BlockExchange in a loop: the barrier at the end of each iteration separates one call from the next.
#include <cub/cub.cuh>

// Repeated striped-to-blocked exchanges, one tile per iteration.
__global__ void exchange_tiles(const int *in, int *out, int tiles)
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
        __syncthreads();
    }
}
