//xfail:NOT_ALL_VERIFIED
//--blockDim=128 --gridDim=8
// expect: racy — temp: the next round's ExclusiveSum updates the TempStorage while other threads still read this round's results from it (no __syncthreads() between the two uses).
#include <cub/cub.cuh>

// Halves each value until no value of the block is positive; the barrier
// between two scans on one TempStorage is missing.
__global__ void peelRoundsNoSync(int *v, int *rounds, int *rank)
{
    typedef cub::BlockScan<int, 128> BlockScanT;
    __shared__ typename BlockScanT::TempStorage temp;
    int g = blockIdx.x * 128 + threadIdx.x;
    int x = v[g];
    int r = 0, alive;
    do {
        int keep = x > 0, pos;
        BlockScanT(temp).ExclusiveSum(keep, pos, alive);
        if (keep)
            rank[g] = pos;
        x = x / 2;
        r++;
    } while (alive > 0);
    v[g] = x;
    if (threadIdx.x == 0)
        rounds[blockIdx.x] = r;
}
