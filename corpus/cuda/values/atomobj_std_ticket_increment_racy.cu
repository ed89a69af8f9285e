//xfail:NOT_ALL_VERIFIED
//--blockDim=256 --gridDim=64
// expect: racy — out: the load and the increment of count are two separate atomics, so two threads can read the same slot and both write out[slot] with different in[i].
// Stream compaction that reads the atomic counter and increments it in two steps.
#include <cuda/std/atomic>

__global__ void compact_positive_split(const float *in, float *out, cuda::std::atomic<int> *count, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n && in[i] > 0.0f) {
        int slot = *count;
        ++*count;
        out[slot] = in[i];
    }
}
