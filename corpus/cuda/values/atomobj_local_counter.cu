//pass
//--blockDim=256 --gridDim=64
// expect: drf — the local cuda::atomic counter is each thread's own object, counts[r] is written by row, and total only sees atomic +=.
// Counts the entries above a threshold in each row with a thread-local atomic, then adds the row count to a global total.
#include <cuda/atomic>

__global__ void row_threshold_counts(const float *m, int *counts, cuda::atomic<int> *total,
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
