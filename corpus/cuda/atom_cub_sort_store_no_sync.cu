//xfail:NOT_ALL_VERIFIED
//--blockDim=128 --gridDim=8
// expect: racy — temp: BlockStore's transpose writes the union while threads are still reading the sort's TempStorage.
#include <cub/cub.cuh>

// Sort and store a tile through one TempStorage union with no barrier.
__global__ void sort_tiles_no_sync(int *keys)
{
    typedef cub::BlockRadixSort<int, 128, 4> BlockSortT;
    typedef cub::BlockStore<int, 128, 4, cub::BLOCK_STORE_WARP_TRANSPOSE> BlockStoreT;
    __shared__ union {
        typename BlockSortT::TempStorage sort;
        typename BlockStoreT::TempStorage store;
    } temp;
    int k[4];
    for (int j = 0; j < 4; j++)
        k[j] = keys[blockIdx.x * 512 + threadIdx.x * 4 + j];
    BlockSortT(temp.sort).Sort(k);
    BlockStoreT(temp.store).Store(keys + blockIdx.x * 512, k);
}
