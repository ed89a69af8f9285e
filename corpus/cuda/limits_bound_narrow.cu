//xfail:NOT_ALL_VERIFIED
//--blockDim=256 --gridDim=4
// expect: racy — buckets: numeric_limits<signed char>::max() + 1 is 128, so threads t and t + 128 of a block write one cell.
#include <cuda/std/limits>

// As limits_bound.cu, with a bucket count half the block.
__global__ void bucket_by_char(int *buckets)
{
    const int width = cuda::std::numeric_limits<signed char>::max() + 1;
    buckets[blockIdx.x * width + threadIdx.x % width] = threadIdx.x;
}
