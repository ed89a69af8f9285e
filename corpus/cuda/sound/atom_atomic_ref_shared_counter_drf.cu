//pass
//--blockDim=64 --gridDim=2
// expect: drf — out: tickets are distinct within a block and each block writes its own 64 cells.
#include <cuda/atomic>

// Append each block's items to its part of the output through a block-scoped reference.
__global__ void append(const int *in, int *out)
{
    __shared__ int n;
    if (threadIdx.x == 0)
        n = 0;
    __syncthreads();
    cuda::atomic_ref<int, cuda::thread_scope_block> count(n);
    int slot = count.fetch_add(1, cuda::memory_order_relaxed);
    out[blockIdx.x * 64 + slot] = in[blockIdx.x * 64 + threadIdx.x];
}
