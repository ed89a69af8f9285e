//pass
//--blockDim=[16,16] --gridDim=[4,4]
// expect: drf — a 16x16 tile transpose in shared memory, separated by cg::this_thread_block().sync(); 2-D blocks over a 64x64 matrix.
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

#define T 16
#define WIDTH 64 /* gridDim.x * T: the matrix the launch covers */

__global__ void tile_transpose(const float *in, float *out)
{
    __shared__ float tile[T][T + 1];
    int x = blockIdx.x * T + threadIdx.x;
    int y = blockIdx.y * T + threadIdx.y;
    tile[threadIdx.y][threadIdx.x] = in[y * WIDTH + x];
    cg::this_thread_block().sync();
    int tx = blockIdx.y * T + threadIdx.x;
    int ty = blockIdx.x * T + threadIdx.y;
    out[ty * WIDTH + tx] = tile[threadIdx.x][threadIdx.y];
}
