//pass
//--blockDim=128 --gridDim=8
// expect: drf — BlockLoad and BlockReduce share one TempStorage union, with __syncthreads() between the two calls.
#include <cub/cub.cuh>

// Block sum of a 512-element tile: load transposed, then reduce.
__global__ void tile_sum(const int *in, int *out)
{
    typedef cub::BlockLoad<int, 128, 4, cub::BLOCK_LOAD_TRANSPOSE> BlockLoadT;
    typedef cub::BlockReduce<int, 128> BlockReduceT;
    __shared__ union {
        typename BlockLoadT::TempStorage load;
        typename BlockReduceT::TempStorage reduce;
    } temp;
    int items[4];
    BlockLoadT(temp.load).Load(in + blockIdx.x * 512, items);
    __syncthreads();
    int sum = BlockReduceT(temp.reduce).Sum(items);
    if (threadIdx.x == 0)
        out[blockIdx.x] = sum;
}
