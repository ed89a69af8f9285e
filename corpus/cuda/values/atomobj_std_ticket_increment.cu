//pass
//--blockDim=256 --gridDim=64
// expect: drf — (*count)++ on a cuda::std::atomic<int> is one fetch_add, so every kept element gets its own slot of out.
// Stream compaction: each positive element takes an output slot with a post-increment of an atomic counter.
#include <cuda/std/atomic>

__global__ void compact_positive(const float *in, float *out, cuda::std::atomic<int> *count, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n && in[i] > 0.0f) {
        int slot = (*count)++;
        out[slot] = in[i];
    }
}
