//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=2
// expect: racy — out: both blocks take tickets 0..63 from their own shared counter and write out[ticket].
#include <cuda/atomic>

// Append each block's items to one output through a block-scoped reference.
__global__ void append(const int *in, int *out)
{
    __shared__ int n;
    if (threadIdx.x == 0)
        n = 0;
    __syncthreads();
    cuda::atomic_ref<int, cuda::thread_scope_block> count(n);
    int slot = count.fetch_add(1, cuda::memory_order_relaxed);
    out[slot] = in[blockIdx.x * 64 + threadIdx.x]; // BUG: the counter is per block
}
