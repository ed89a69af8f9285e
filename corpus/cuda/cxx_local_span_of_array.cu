//pass
//--blockDim=64 --gridDim=4
// expect: drf — the span views the thread's own local array (from cuda::std::end(items) - 2), so its reads and writes stay in the thread; each thread then writes its own output cell.
#include <cuda/std/array>
#include <cuda/std/span>

__global__ void tail_sum(const int *in, int *out)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    cuda::std::array<int, 4> items{in[4 * i], in[4 * i + 1], in[4 * i + 2], in[4 * i + 3]};
    cuda::std::span<int, 2> tail{cuda::std::end(items) - 2, 2};
    tail[0] += tail[1];
    out[i] = tail[0];
}
