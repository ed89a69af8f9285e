//pass
//--blockDim=128 --gridDim=8
// expect: drf — sum: the same grid-wide sum with thread_scope_device, atomic across blocks.
#include <cuda/atomic>

// Grid-wide sum through a device-scoped atomic reference.
__global__ void sum_device_scope(const int *in, int *sum, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        cuda::atomic_ref<int, cuda::thread_scope_device> s(*sum);
        s.fetch_add(in[i], cuda::memory_order_relaxed);
    }
}
