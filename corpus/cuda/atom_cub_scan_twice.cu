//pass
//--blockDim=128 --gridDim=8
// expect: drf — two BlockScan calls on one TempStorage are separated by __syncthreads().
#include <cub/cub.cuh>

// Exclusive then inclusive prefix sums through one TempStorage.
__global__ void two_scans(int *data)
{
    typedef cub::BlockScan<int, 128> BlockScanT;
    __shared__ typename BlockScanT::TempStorage temp;
    int i = blockIdx.x * 128 + threadIdx.x;
    int x = data[i], excl, incl;
    BlockScanT(temp).ExclusiveSum(x, excl);
    __syncthreads();
    BlockScanT(temp).InclusiveSum(excl, incl);
    data[i] = incl;
}
