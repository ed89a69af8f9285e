//pass
//--blockDim=128 --gridDim=8
// expect: drf — each block reverses its slice through shared memory; block.sync() separates the stores from the mirrored loads.
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

#define N 128

__global__ void block_reverse(const int *in, int *out)
{
    __shared__ int s[N];
    cg::thread_block block = cg::this_thread_block();
    unsigned int t = block.thread_rank();
    unsigned int base = blockIdx.x * N;
    s[t] = in[base + t];
    block.sync();
    out[base + t] = s[N - 1 - t];
}
