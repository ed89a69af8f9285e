//xfail:NOT_ALL_VERIFIED
//--blockDim=256 --gridDim=64
// expect: racy — slots: the slot is loaded and then stored back as old + 1 without a CAS, so two threads of one bucket can both get old and write slots[b * cap + old] with different i.
// Bounded bucketing that reserves a slot with a separate atomic load and store instead of a CAS loop.
#include <cuda/atomic>

__global__ void bucket_insert_load_store(const unsigned int *keys, int *slots, cuda::atomic<unsigned int> *fill,
                                         int n, unsigned int num_buckets, unsigned int cap)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n)
        return;
    unsigned int b = keys[i] % num_buckets;
    unsigned int old = fill[b].load(cuda::memory_order_relaxed);
    if (old >= cap)
        return;
    fill[b].store(old + 1, cuda::memory_order_relaxed);
    slots[(size_t)b * cap + old] = i;
}
