//xfail:NOT_ALL_VERIFIED
//--blockDim=256 --gridDim=64
// expect: racy — bins: two threads whose keys[] share the low five bits both read and write bins[key & 31] (plain +=) after the barrier.
// The local set from memory in a branch decides which shared cell a
// thread updates: data-dependent cells race without atomics.
#define BLOCK 256

__global__ void smallHistogram(const int *keys, int *counts, int n)
{
    __shared__ int bins[32];
    int t = threadIdx.x;
    int i = blockIdx.x * BLOCK + t;
    int key;
    if (i < n)
        key = keys[i];
    if (t < 32)
        bins[t] = 0;
    __syncthreads();
    if (i < n)
        bins[key & 31] += 1; // BUG: needs atomicAdd
    __syncthreads();
    if (t < 32)
        atomicAdd(&counts[t], bins[t]);
}
