//xfail:NOT_ALL_VERIFIED
//--blockDim=256 --gridDim=8
// expect: racy — items: ++tail returns the new tail, and items[slot - 2] is the slot of the thread that drew two before: both write it.
#include <cuda/atomic>

// Work queue that writes both the slot it got and the one before.
__global__ void enqueue_with_backlink(const int *sizes, int n, int *items,
                                      cuda::atomic<unsigned int, cuda::thread_scope_device> *tail)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n && sizes[i] > 0) {
        unsigned int slot = ++(*tail);
        items[slot] = i;
        items[slot - 2] = -i;
    }
}
