// expect: drf — BlockPrefetch only hints the caches, touching no memory; each thread then copies the cells of its own stride.
#include <cub/detail/prefetch.cuh>

__global__ void prefetch_copy(const int *in, int *out, int n)
{
    cub::detail::BlockPrefetch<256>::Prefetch(in + blockIdx.x * n, n);
    for (int i = threadIdx.x; i < n; i += blockDim.x)
        out[blockIdx.x * n + i] = in[blockIdx.x * n + i];
}
