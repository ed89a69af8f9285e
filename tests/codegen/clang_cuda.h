/* What clang needs to compile generated CUDA without a CUDA installation
 * it supports (clang 14 knows CUDA up to 11.5): the qualifiers, the
 * built-in variables and the functions generated code calls.  Used by
 * tests/codegen.sh with -nocudainc; nvcc needs none of it. */
#define __global__ __attribute__((global))
#define __device__ __attribute__((device))
#define __host__ __attribute__((host))
#define __shared__ __attribute__((shared))
#define __constant__ __attribute__((constant))
#define __forceinline__ inline __attribute__((always_inline))
#define __inline__ inline
#include <__clang_cuda_builtin_vars.h>
__device__ void __syncwarp(unsigned mask = 0xffffffffu);
__device__ int atomicAdd(int *p, int v);
__device__ unsigned atomicAdd(unsigned *p, unsigned v);
__device__ float atomicAdd(float *p, float v);
__device__ unsigned long long atomicAdd(unsigned long long *p, unsigned long long v);
namespace cooperative_groups {
struct grid_group {
    __device__ void sync();
};
__device__ grid_group this_grid();
} // namespace cooperative_groups
struct float4 {
    float x, y, z, w;
};
