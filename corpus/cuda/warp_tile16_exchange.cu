//pass
//--blockDim=128 --gridDim=4
// expect: drf — thread t reads s[t ^ 8], stored by a thread of its own tile of 16, and the tile's sync() lies between.
// Butterfly exchange inside tiles of 16 threads with cooperative groups.
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

__global__ void butterfly16(const float *in, float *out)
{
    __shared__ float s[128];
    cg::thread_block block = cg::this_thread_block();
    cg::thread_block_tile<16> tile = cg::tiled_partition<16>(block);
    unsigned int t = block.thread_rank();
    s[t] = in[blockIdx.x * 128 + t];
    tile.sync();
    out[blockIdx.x * 128 + t] = s[t ^ 8];
}
