//pass
//--blockDim=128 --gridDim=8
// expect: drf — the branch tests InclusiveSum's block_aggregate, the same in every thread of the block, so the barrier inside it is reached by all or none.
#include <cub/cub.cuh>

// Counts the nonzero values of a tile per block; only a tile that has some
// is smoothed through shared memory (each value with its right neighbour).
__global__ void smoothNonEmptyTiles(const int *in, int *out, int *counts)
{
    typedef cub::BlockScan<int, 128> BlockScanT;
    __shared__ typename BlockScanT::TempStorage temp;
    __shared__ int kept[128];
    int g = blockIdx.x * 128 + threadIdx.x;
    int x = in[g];
    int flag = x != 0, pos, total;
    BlockScanT(temp).InclusiveSum(flag, pos, total);
    if (total > 0) {
        kept[threadIdx.x] = x;
        __syncthreads();
        out[g] = (x + kept[(threadIdx.x + 1) % 128]) / 2;
    }
    if (threadIdx.x == 0)
        counts[blockIdx.x] = total;
}
