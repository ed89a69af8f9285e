/* What clang needs to compile generated CUDA without a CUDA installation
 * it supports (clang 14 knows CUDA up to 11.5): the qualifiers, the
 * built-in variables and the functions generated code calls.  Used by
 * tests/scripts/codegen-compile.sh with -nocudainc; nvcc needs none of it. */
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
/* atomics with a scope and tickets' atomicSub (checker: scopes, tickets) */
__device__ int atomicSub(int *p, int v);
__device__ unsigned atomicSub(unsigned *p, unsigned v);
__device__ int atomicAdd_block(int *p, int v);
__device__ unsigned atomicAdd_block(unsigned *p, unsigned v);
__device__ int atomicSub_block(int *p, int v);
__device__ unsigned atomicSub_block(unsigned *p, unsigned v);
__device__ int atomicAdd_system(int *p, int v);
__device__ unsigned atomicAdd_system(unsigned *p, unsigned v);
__device__ int atomicSub_system(int *p, int v);
__device__ unsigned atomicSub_system(unsigned *p, unsigned v);
/* collectives whose result the block or the warp shares */
__device__ int __syncthreads_count(int predicate);
__device__ int __syncthreads_and(int predicate);
__device__ int __syncthreads_or(int predicate);
__device__ unsigned __ballot_sync(unsigned mask, int predicate);
namespace cooperative_groups {
struct thread_block {
    __device__ void sync();
};
__device__ thread_block this_thread_block();
template <unsigned N> struct thread_block_tile {
    __device__ void sync();
    __device__ unsigned ballot(int predicate);
};
template <unsigned N> __device__ thread_block_tile<N> tiled_partition(const thread_block &);
} // namespace cooperative_groups
/* <cuda/atomic>: the atomics with a memory order (docs/codegen.md, "Memory orders") */
namespace cuda {
enum thread_scope { thread_scope_system, thread_scope_device, thread_scope_block, thread_scope_thread };
enum memory_order { memory_order_relaxed, memory_order_consume, memory_order_acquire, memory_order_release,
                    memory_order_acq_rel, memory_order_seq_cst };
template <class T, thread_scope S> struct atomic_ref {
    __device__ explicit atomic_ref(T &);
    __device__ T fetch_add(T, memory_order) const;
    __device__ T fetch_sub(T, memory_order) const;
};
} // namespace cuda
