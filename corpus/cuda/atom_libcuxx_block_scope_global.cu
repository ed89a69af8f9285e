//xfail:NOT_ALL_VERIFIED
//--blockDim=128 --gridDim=8
// expect: racy — sum: a cuda::atomic_ref with thread_scope_block on a global cell that all blocks add to.
#include <cuda/atomic>

// Grid-wide sum through a block-scoped atomic reference.
__global__ void sum_block_scope(const int *in, int *sum, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        cuda::atomic_ref<int, cuda::thread_scope_block> s(*sum);
        s.fetch_add(in[i], cuda::memory_order_relaxed);
    }
}
