//pass
//--blockDim=256 --gridDim=8
// expect: drf — the queue tail is a cuda::atomic<unsigned, device>; tail++ gives each pushing thread its own slot of items.
#include <cuda/atomic>

// Work queue whose tail is a device-scoped cuda::atomic.
__global__ void enqueue_large(const int *sizes, int n, int *items,
                              cuda::atomic<unsigned int, cuda::thread_scope_device> *tail, int threshold)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n && sizes[i] > threshold) {
        unsigned int slot = (*tail)++;
        items[slot] = i;
    }
}
