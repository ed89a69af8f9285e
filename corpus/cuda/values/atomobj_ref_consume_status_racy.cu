//xfail:NOT_ALL_VERIFIED
//--blockDim=256 --gridDim=64
// expect: racy — status: the atomic_ref exchange (a write) of status[i] races with thread i+1's plain read of status[i - 1].
// Each cell consumes its own status word with an atomic_ref exchange and adds its neighbours' words, read plainly.
#include <cuda/atomic>

__global__ void status_stencil_consume(int *status, int *out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x + 1;
    if (i >= n - 1)
        return;
    cuda::atomic_ref<int, cuda::thread_scope_device> mine(status[i]);
    int s = mine.exchange(0, cuda::memory_order_relaxed);
    out[i] = status[i - 1] + s + status[i + 1];
}
