//xfail:NOT_ALL_VERIFIED
//--blockDim=128 --gridDim=8
// expect: racy — cub_BlockReduce_private: the second BlockReduce call updates CUB's private storage while threads may still read it for the first.
#include <cub/cub.cuh>
#include <cuda/functional>

// Sum and maximum of a tile through BlockReduce's own storage, back to back.
__global__ void sum_and_max_no_sync(const int *in, int *out)
{
    typedef cub::BlockReduce<int, 128> BlockReduceT;
    int x = in[blockIdx.x * 128 + threadIdx.x];
    int sum = BlockReduceT().Sum(x);
    int max = BlockReduceT().Reduce(x, cuda::maximum<>());
    if (threadIdx.x == 0) {
        out[2 * blockIdx.x] = sum;
        out[2 * blockIdx.x + 1] = max;
    }
}
