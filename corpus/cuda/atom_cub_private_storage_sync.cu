//pass
//--blockDim=128 --gridDim=8
// expect: drf — two BlockReduce calls without a TempStorage share CUB's private storage, and __syncthreads() separates them.
#include <cub/cub.cuh>
#include <cuda/functional>

// Sum and maximum of a tile through BlockReduce's own storage.
__global__ void sum_and_max(const int *in, int *out)
{
    typedef cub::BlockReduce<int, 128> BlockReduceT;
    int x = in[blockIdx.x * 128 + threadIdx.x];
    int sum = BlockReduceT().Sum(x);
    __syncthreads();
    int max = BlockReduceT().Reduce(x, cuda::maximum<>());
    if (threadIdx.x == 0) {
        out[2 * blockIdx.x] = sum;
        out[2 * blockIdx.x + 1] = max;
    }
}
