//pass
//--blockDim=64 --gridDim=2
// expect: drf — first: the launch is checked before any access, and only thread 0 of each block stores into first[blockIdx.x].
// Keep each block's first value, with the launch checked first.
#include <cassert>

__global__ void block_first(const float *in, float *first)
{
    assert(blockDim.x == 64);
    int t = threadIdx.x;
    if (t == 0)
        first[blockIdx.x] = in[blockIdx.x * 64 + t];
}
