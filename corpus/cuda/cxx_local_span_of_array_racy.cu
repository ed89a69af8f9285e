//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=4
// expect: racy — shared_tail: the span views the block's shared array, not the thread's own, and every thread writes its first cell.
#include <cuda/std/span>

// As cxx_local_span_of_array.cu, the span over a shared array instead.
__global__ void tail_sum_shared(const int *in, int *out)
{
    __shared__ int shared_tail[2];
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    cuda::std::span<int, 2> tail{shared_tail, 2};
    tail[0] = in[i];
    out[i] = tail[1];
}
