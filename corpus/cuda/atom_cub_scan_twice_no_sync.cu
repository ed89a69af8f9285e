//xfail:NOT_ALL_VERIFIED
//--blockDim=128 --gridDim=8
// expect: racy — temp: the second BlockScan call updates the TempStorage that threads are still reading for the first.
#include <cub/cub.cuh>

// Two prefix sums through one TempStorage with no barrier between.
__global__ void two_scans_no_sync(int *data)
{
    typedef cub::BlockScan<int, 128> BlockScanT;
    __shared__ typename BlockScanT::TempStorage temp;
    int i = blockIdx.x * 128 + threadIdx.x;
    int x = data[i], excl, incl;
    BlockScanT(temp).ExclusiveSum(x, excl);
    BlockScanT(temp).InclusiveSum(excl, incl);
    data[i] = incl;
}
