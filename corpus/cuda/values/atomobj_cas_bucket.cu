//pass
//--blockDim=256 --gridDim=64
// expect: drf — each successful compare_exchange_weak on fill[b] returns a distinct old < cap, so the slots b * cap + old written are distinct.
// Bounded bucketing: a thread reserves a slot in its key's bucket with a CAS loop that gives up when the bucket is full.
#include <cuda/atomic>

__global__ void bucket_insert(const unsigned int *keys, int *slots, cuda::atomic<unsigned int> *fill,
                              int n, unsigned int num_buckets, unsigned int cap)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n)
        return;
    unsigned int b = keys[i] % num_buckets;
    unsigned int old = fill[b].load(cuda::memory_order_relaxed);
    do {
        if (old >= cap)
            return;
    } while (!fill[b].compare_exchange_weak(old, old + 1, cuda::memory_order_relaxed));
    slots[(size_t)b * cap + old] = i;
}
