//pass
//--blockDim=256 --gridDim=64
// expect: drf — tail is a device-scope cuda::atomic, so fetch_add hands out distinct slots of list across all blocks.
// Grid-wide append of the indices of flagged elements to a list through an atomic tail.
#include <cuda/atomic>

__global__ void append_flagged(const int *flags, int *list,
                               cuda::atomic<int, cuda::thread_scope_device> *tail, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n && flags[i] != 0) {
        int slot = tail->fetch_add(1, cuda::memory_order_relaxed);
        list[slot] = i;
    }
}
