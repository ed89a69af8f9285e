//xfail:NOT_ALL_VERIFIED
//--blockDim=128 --gridDim=8
// expect: racy — temp: BlockReduce reuses the union that BlockLoad still reads from, with no __syncthreads() between the calls.
#include <cub/cub.cuh>

// Block sum of a tile that reuses the TempStorage union without a barrier.
__global__ void tile_sum_no_sync(const int *in, int *out)
{
    typedef cub::BlockLoad<int, 128, 4, cub::BLOCK_LOAD_TRANSPOSE> BlockLoadT;
    typedef cub::BlockReduce<int, 128> BlockReduceT;
    __shared__ union {
        typename BlockLoadT::TempStorage load;
        typename BlockReduceT::TempStorage reduce;
    } temp;
    int items[4];
    BlockLoadT(temp.load).Load(in + blockIdx.x * 512, items);
    int sum = BlockReduceT(temp.reduce).Sum(items);
    if (threadIdx.x == 0)
        out[blockIdx.x] = sum;
}
