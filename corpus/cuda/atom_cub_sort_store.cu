//pass
//--blockDim=128 --gridDim=8
// expect: drf — BlockRadixSort then BlockStore share a TempStorage union with a barrier between, and each block stores its own tile.
#include <cub/cub.cuh>

// Sort a 512-key tile per block and store it back.
__global__ void sort_tiles(int *keys)
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
    __syncthreads();
    BlockStoreT(temp.store).Store(keys + blockIdx.x * 512, k);
}
