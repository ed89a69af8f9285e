//pass
//--blockDim=128 --gridDim=8
// expect: drf — cg::reduce over a tile of 8 gives all eight threads one sum, so the tile.sync() in the branch on it is reached by the whole tile or by none of it.
// Tiles of 8 whose sum passes a threshold publish it and read their neighbour's copy.
#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>
namespace cg = cooperative_groups;

__global__ void publish_large_sums(const int *in, int *out, int threshold)
{
    __shared__ int s[128];
    cg::thread_block block = cg::this_thread_block();
    cg::thread_block_tile<8> tile = cg::tiled_partition<8>(block);
    unsigned int t = block.thread_rank();
    int sum = cg::reduce(tile, in[blockIdx.x * 128 + t], cg::plus<int>());
    if (sum > threshold) {
        s[t] = sum + (int)t;
        tile.sync();
        out[blockIdx.x * 128 + t] = s[t ^ 1];
    }
}
