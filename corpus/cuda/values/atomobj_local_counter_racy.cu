//xfail:NOT_ALL_VERIFIED
//--blockDim=256 --gridDim=64
// expect: racy — total: a plain int, so *total += c is a non-atomic read-modify-write that races with the same update by every other thread.
// Counts the entries above a threshold in each row with a thread-local atomic, then adds it to a plain global total.
#include <cuda/atomic>

__global__ void row_threshold_counts_plain_total(const float *m, int *counts, int *total,
                                                 int rows, int cols, float thr)
{
    int r = blockIdx.x * blockDim.x + threadIdx.x;
    if (r >= rows)
        return;
    cuda::atomic<int, cuda::thread_scope_thread> c(0);
    for (int j = 0; j < cols; j++)
        if (m[r * cols + j] > thr)
            ++c;
    counts[r] = c;
    *total += c.load(cuda::memory_order_relaxed);
}
