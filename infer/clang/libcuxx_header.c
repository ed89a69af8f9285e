/* libcu++'s atomics as served (docs/language.md): <cuda/atomic> and
 * <cuda/std/atomic> are these declarations, since the real headers need
 * CUDA's own, which libclang cannot read (cuda_header.c).  Every
 * operation of cuda::atomic, cuda::atomic_ref and cuda::std::atomic is
 * declared by one class, whose operations the model reads (libcuxx.c);
 * cuda::std::atomic_flag's by another.  Assignment has a const overload
 * (atomic_ref's) and a plain one (atomic's): with the const one alone,
 * `p[i] = v` on a `cuda::atomic<int> *` is ambiguous with the implicit
 * copy assignment through the converting constructor.
 *
 * Ownership: static text. */
#include "library_headers.h"

#include <string.h>

/* The scope is a type argument of the one class that declares every
 * operation (__mapkit_atomic), so the front end reads it off the type. */
static const char header[] =
    "#ifndef __MAPKIT_LIBCUXX_ATOMIC\n#define __MAPKIT_LIBCUXX_ATOMIC\n"
    "namespace cuda {\n"
    "enum thread_scope { thread_scope_system = 0, thread_scope_device = 1, thread_scope_block = 2,\n"
    "  thread_scope_thread = 3 };\n"
    "struct __mapkit_scope_system; struct __mapkit_scope_device; struct __mapkit_scope_block;\n"
    "struct __mapkit_scope_thread;\n"
    "template <thread_scope S> struct __mapkit_scope { typedef __mapkit_scope_system type; };\n"
    "template <> struct __mapkit_scope<thread_scope_device> { typedef __mapkit_scope_device type; };\n"
    "template <> struct __mapkit_scope<thread_scope_block> { typedef __mapkit_scope_block type; };\n"
    "template <> struct __mapkit_scope<thread_scope_thread> { typedef __mapkit_scope_thread type; };\n"
    "namespace std {\n"
    "enum memory_order { memory_order_relaxed, memory_order_consume, memory_order_acquire,\n"
    "  memory_order_release, memory_order_acq_rel, memory_order_seq_cst };\n"
    "}\n"
    "using std::memory_order; using std::memory_order_relaxed; using std::memory_order_consume;\n"
    "using std::memory_order_acquire; using std::memory_order_release; using std::memory_order_acq_rel;\n"
    "using std::memory_order_seq_cst;\n"
    "#define __MK_MO std::memory_order = std::memory_order_seq_cst\n"
    "template <class T, class Scope> struct __mapkit_atomic {\n"
    "  __host__ __device__ T load(__MK_MO) const;\n"
    "  __host__ __device__ void store(T, __MK_MO) const;\n"
    "  __host__ __device__ T exchange(T, __MK_MO) const;\n"
    "  __host__ __device__ bool compare_exchange_weak(T &, T, __MK_MO) const;\n"
    "  __host__ __device__ bool compare_exchange_weak(T &, T, std::memory_order, std::memory_order) const;\n"
    "  __host__ __device__ bool compare_exchange_strong(T &, T, __MK_MO) const;\n"
    "  __host__ __device__ bool compare_exchange_strong(T &, T, std::memory_order, std::memory_order) const;\n"
    "  __host__ __device__ T fetch_add(T, __MK_MO) const; __host__ __device__ T fetch_sub(T, __MK_MO) const;\n"
    "  __host__ __device__ T fetch_and(T, __MK_MO) const; __host__ __device__ T fetch_or(T, __MK_MO) const;\n"
    "  __host__ __device__ T fetch_xor(T, __MK_MO) const; __host__ __device__ T fetch_min(T, __MK_MO) const;\n"
    "  __host__ __device__ T fetch_max(T, __MK_MO) const;\n"
    "  __host__ __device__ void wait(T, __MK_MO) const;\n"
    "  __host__ __device__ void notify_one() const; __host__ __device__ void notify_all() const;\n"
    "  __host__ __device__ bool is_lock_free() const;\n"
    "  __host__ __device__ operator T() const;\n"
    "  __host__ __device__ T operator=(T) const; __host__ __device__ T operator=(T);\n"
    "  __host__ __device__ T operator++() const; __host__ __device__ T operator++(int) const;\n"
    "  __host__ __device__ T operator--() const; __host__ __device__ T operator--(int) const;\n"
    "  __host__ __device__ T operator+=(T) const; __host__ __device__ T operator-=(T) const;\n"
    "  __host__ __device__ T operator&=(T) const; __host__ __device__ T operator|=(T) const;\n"
    "  __host__ __device__ T operator^=(T) const;\n"
    "};\n"
    "struct __mapkit_atomic_flag {\n"
    "  __host__ __device__ bool test_and_set(__MK_MO) const;\n"
    "  __host__ __device__ void clear(__MK_MO) const;\n"
    "  __host__ __device__ bool test(__MK_MO) const;\n"
    "  __host__ __device__ void wait(bool, __MK_MO) const;\n"
    "  __host__ __device__ void notify_one() const; __host__ __device__ void notify_all() const;\n"
    "};\n"
    "#undef __MK_MO\n"
    "namespace std {\n"
    "template <class T> struct atomic : __mapkit_atomic<T, __mapkit_scope_system> {\n"
    "  atomic() = default; __host__ __device__ atomic(T);\n"
    "  using __mapkit_atomic<T, __mapkit_scope_system>::operator=; };\n"
    "template <class T> struct atomic_ref : __mapkit_atomic<T, __mapkit_scope_system> {\n"
    "  __host__ __device__ explicit atomic_ref(T &); __host__ __device__ atomic_ref(const atomic_ref &);\n"
    "  using __mapkit_atomic<T, __mapkit_scope_system>::operator=; };\n"
    "struct atomic_flag : __mapkit_atomic_flag { atomic_flag() = default; };\n"
    "__host__ __device__ void atomic_thread_fence(memory_order);\n"
    "}\n"
    "template <class T, thread_scope S = thread_scope_system>\n"
    "struct atomic : __mapkit_atomic<T, typename __mapkit_scope<S>::type> {\n"
    "  atomic() = default; __host__ __device__ atomic(T);\n"
    "  using __mapkit_atomic<T, typename __mapkit_scope<S>::type>::operator=; };\n"
    "template <class T, thread_scope S = thread_scope_system>\n"
    "struct atomic_ref : __mapkit_atomic<T, typename __mapkit_scope<S>::type> {\n"
    "  __host__ __device__ explicit atomic_ref(T &); __host__ __device__ atomic_ref(const atomic_ref &);\n"
    "  using __mapkit_atomic<T, typename __mapkit_scope<S>::type>::operator=; };\n"
    "__host__ __device__ void atomic_thread_fence(std::memory_order, thread_scope = thread_scope_system);\n"
    "}\n#endif\n";

const char *libcuxx_header(const char *name, unsigned long *len)
{
    static const char *const names[] = {"cuda/atomic", "cuda/std/atomic", NULL};
    for (const char *const *n = names; *n; n++)
        if (strcmp(name, *n) == 0) {
            *len = sizeof header - 1;
            return header;
        }
    return NULL;
}
