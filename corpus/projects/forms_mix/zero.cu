#include "kernels.cuh"

namespace blas {
__global__ void zero(float *y, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        y[i] = 0.0f;
}
} // namespace blas
