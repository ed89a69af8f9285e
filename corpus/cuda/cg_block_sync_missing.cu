//xfail:NOT_ALL_VERIFIED
//--blockDim=128 --gridDim=8
// expect: racy — as cg_block_sync_reverse without block.sync(): thread t reads s[127 - t] while thread 127 - t may still be storing it.
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

#define N 128

__global__ void block_reverse_nosync(const int *in, int *out)
{
    __shared__ int s[N];
    cg::thread_block block = cg::this_thread_block();
    unsigned int t = block.thread_rank();
    unsigned int base = blockIdx.x * N;
    s[t] = in[base + t];
    out[base + t] = s[N - 1 - t];
}
