//xfail:NOT_ALL_VERIFIED
//--blockDim=128 --gridDim=8
// expect: divergent — BlockReduce::Sum's result is valid in thread 0 only, so the other threads test an undefined value and may leave the loop, and its barrier, at another round.
#include <cub/cub.cuh>

// Halves each value until the block's sum of positive flags is 0, testing
// BlockReduce's result in every thread (it is defined in thread 0 only).
__global__ void peelRoundsReduce(int *v, int *rounds)
{
    typedef cub::BlockReduce<int, 128> BlockReduceT;
    __shared__ typename BlockReduceT::TempStorage temp;
    int g = blockIdx.x * 128 + threadIdx.x;
    int x = v[g];
    int r = 0, alive;
    do {
        alive = BlockReduceT(temp).Sum(x > 0 ? 1 : 0);
        __syncthreads();
        x = x / 2;
        r++;
    } while (alive > 0);
    v[g] = x;
    if (threadIdx.x == 0)
        rounds[blockIdx.x] = r;
}
