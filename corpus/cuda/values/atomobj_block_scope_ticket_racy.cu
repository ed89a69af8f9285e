//xfail:NOT_ALL_VERIFIED
//--blockDim=256 --gridDim=64
// expect: racy — tail: block-scope fetch_adds from threads of different blocks are not atomic with respect to each other, so tickets collide and list[slot] is written twice.
// Grid-wide append of flagged indices through a tail counter declared with block scope.
#include <cuda/atomic>

__global__ void append_flagged_block_scope(const int *flags, int *list,
                                           cuda::atomic<int, cuda::thread_scope_block> *tail, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n && flags[i] != 0) {
        int slot = tail->fetch_add(1, cuda::memory_order_relaxed);
        list[slot] = i;
    }
}
