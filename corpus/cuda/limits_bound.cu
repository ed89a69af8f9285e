//pass
//--blockDim=256 --gridDim=4
// expect: drf — each thread writes the cell of its own index modulo numeric_limits<unsigned char>::max() + 1 = 256, which is the block's size: no two threads of a block share a cell.
#include <cuda/std/limits>

__global__ void bucket_by_byte(int *buckets)
{
    const int width = cuda::std::numeric_limits<unsigned char>::max() + 1;
    buckets[blockIdx.x * width + threadIdx.x % width] = threadIdx.x;
}
