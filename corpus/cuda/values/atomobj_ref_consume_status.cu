//pass
//--blockDim=256 --gridDim=64
// expect: drf — status is only read: the atomic_ref load of status[i] and the neighbours' plain reads of it never conflict.
// Each cell loads its own status word through an atomic_ref and adds its neighbours' words, read plainly.
#include <cuda/atomic>

__global__ void status_stencil(int *status, int *out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x + 1;
    if (i >= n - 1)
        return;
    cuda::atomic_ref<int, cuda::thread_scope_device> mine(status[i]);
    int s = mine.load(cuda::memory_order_relaxed);
    out[i] = status[i - 1] + s + status[i + 1];
}
