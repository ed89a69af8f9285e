#pragma once

namespace blas {
/* y[i] = a * x[i] over rows of TILE values staged in shared memory: one
 * thread per value when blockDim.x == TILE */
template <int TILE>
__global__ void axpy_tile(float a, const float *x, float *y)
{
    __shared__ float t[TILE];
    t[threadIdx.x % TILE] = x[blockIdx.x * TILE + threadIdx.x % TILE];
    __syncthreads();
    y[blockIdx.x * TILE + threadIdx.x % TILE] = a * t[threadIdx.x % TILE];
}

__global__ void zero(float *y, int n);
} // namespace blas

/* a kernel each including unit has its own copy of: one definition place,
 * so one kernel, with the launches of both units */
static __global__ void bump(int *c)
{
    __shared__ int s[32];
    s[threadIdx.x % 32] = c[threadIdx.x % 32];
    __syncthreads();
    c[threadIdx.x % 32] = s[(threadIdx.x + 1) % 32] + 1;
}
