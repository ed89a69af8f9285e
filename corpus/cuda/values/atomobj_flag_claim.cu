//pass
//--blockDim=256 --gridDim=64
// expect: drf — test_and_set returns false to exactly one thread per bucket, so each owner[b] has a single plain writer.
// Picks one representative element per hash bucket: the thread that wins the bucket's atomic_flag records itself.
#include <cuda/std/atomic>

__global__ void claim_buckets(const unsigned int *keys, cuda::std::atomic_flag *taken, int *owner,
                              int n, unsigned int num_buckets)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n)
        return;
    unsigned int b = keys[i] % num_buckets;
    if (!taken[b].test_and_set(cuda::std::memory_order_relaxed))
        owner[b] = i;
}
