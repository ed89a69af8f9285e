//xfail:NOT_ALL_VERIFIED
//--blockDim=256 --gridDim=64
// expect: racy — owner: two threads with the same bucket can both see the flag clear with test() and both write owner[b] = i with different i.
// Picks one representative element per hash bucket, testing the flag before setting it (check-then-act).
#include <cuda/std/atomic>

__global__ void claim_buckets_test_first(const unsigned int *keys, cuda::std::atomic_flag *taken, int *owner,
                                         int n, unsigned int num_buckets)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n)
        return;
    unsigned int b = keys[i] % num_buckets;
    if (!taken[b].test(cuda::std::memory_order_relaxed)) {
        taken[b].test_and_set(cuda::std::memory_order_relaxed);
        owner[b] = i;
    }
}
