// A CUB output that is a view (a span): CUB writes the items through it.
// Over the thread's own array the writes stay in the thread (the kernel's
// own accesses are followed); over a shared array they are not (opaque).
#include <cub/cub.cuh>
#include <cuda/std/array>
#include <cuda/std/span>

using batched_t = cub::WarpReduceBatched<int, 4, 2>;

__global__ void span_over_local(int *out)
{
    __shared__ batched_t::TempStorage storage[4];
    cuda::std::array<int, 4> items{1, 2, 3, 4};
    cuda::std::span<int, 2> results{cuda::std::end(items) - 2, 2};
    batched_t{storage[threadIdx.x / 2]}.SumToBlocked(items, results);
    out[threadIdx.x] = results[0];
}

__global__ void span_over_shared(int *out)
{
    __shared__ batched_t::TempStorage storage[4];
    __shared__ int sums[2];
    cuda::std::array<int, 4> items{1, 2, 3, 4};
    cuda::std::span<int, 2> results{sums, 2};
    batched_t{storage[threadIdx.x / 2]}.SumToBlocked(items, results);
    out[threadIdx.x] = sums[0];
}
