// expect: racy — out: the copy's stride ignores the block, so threads of two blocks write the same cells after the prefetch hint.
#include <cub/detail/prefetch.cuh>

__global__ void prefetch_copy_shared(const int *in, int *out, int n)
{
    cub::detail::BlockPrefetch<256>::Prefetch(in, n);
    for (int i = threadIdx.x; i < n; i += blockDim.x)
        out[i] = in[blockIdx.x * n + i];
}
