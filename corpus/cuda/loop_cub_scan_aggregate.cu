//pass
//--blockDim=128 --gridDim=8
// expect: drf — the loop ends on BlockScan's block_aggregate, which CUB gives every thread of the block alike, so the block runs the loop's barriers together; the TempStorage is reused only after __syncthreads().
#include <cub/cub.cuh>

// Halves each value until no value of the block is positive, counting the
// rounds; each round ranks the survivors with a block-wide exclusive sum.
__global__ void peelRounds(int *v, int *rounds, int *rank)
{
    typedef cub::BlockScan<int, 128> BlockScanT;
    __shared__ typename BlockScanT::TempStorage temp;
    int g = blockIdx.x * 128 + threadIdx.x;
    int x = v[g];
    int r = 0, alive;
    do {
        int keep = x > 0, pos;
        BlockScanT(temp).ExclusiveSum(keep, pos, alive);
        __syncthreads();
        if (keep)
            rank[g] = pos;
        x = x / 2;
        r++;
    } while (alive > 0);
    v[g] = x;
    if (threadIdx.x == 0)
        rounds[blockIdx.x] = r;
}
