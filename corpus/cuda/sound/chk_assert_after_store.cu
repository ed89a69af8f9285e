//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=2
// expect: racy — first: every thread of a block stores into first[blockIdx.x] before the assert that only thread 0 passes stops the others.
// Keep each block's first value; the assert was meant to say only thread 0 stores.
#include <cassert>

__global__ void block_first(const float *in, float *first)
{
    int t = threadIdx.x;
    first[blockIdx.x] = in[blockIdx.x * 64 + t]; // BUG: all 64 threads store
    assert(t == 0);
}
