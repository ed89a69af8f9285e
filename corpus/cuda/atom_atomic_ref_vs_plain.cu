//xfail:NOT_ALL_VERIFIED
//--blockDim=128 --gridDim=8
// expect: racy — total: thread 0 of each block zeroes total[0] with a plain store while other threads fetch_add it through an atomic_ref.
#include <cuda/atomic>

// A plain store mixed with atomic updates of the same cell.
__global__ void accumulate_with_reset(const int *in, int *total, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (threadIdx.x == 0)
        total[0] = 0;
    if (i < n) {
        cuda::atomic_ref<int, cuda::thread_scope_device> t(total[0]);
        t.fetch_add(in[i], cuda::memory_order_relaxed);
    }
}
