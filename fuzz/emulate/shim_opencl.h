/* OpenCL C mapped to emulation (docs/emulate-opencl.md): force-included
 * before a .cl file that clang compiles as host C++ with -fsanitize=thread,
 * after emulate_build.c's rewrite of the source (__local variables made
 * per-block, vector literals made calls, __local parameters marked).
 * Address-space qualifiers vanish, work-item functions read the running
 * thread's built-ins, barriers, atomics and async copies call the runtime
 * (runtime.h).  What is not here is a compile error, reported as such. */
#pragma once
#include "runtime.h"
/* before the qualifier macros below: the standard headers use their names */
#include "shim_launch.h"

#include <climits>
#include <cfloat>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <type_traits>

#define __OPENCL_VERSION__ 200
#define __OPENCL_C_VERSION__ 200
#define CL_VERSION_1_2 120
#define CL_VERSION_2_0 200
#define __MAPKIT_EMULATE__ 1
#ifndef MK_INLINE
#define MK_INLINE static inline __attribute__((always_inline))
#endif

/* ---- types ---- */
typedef unsigned char uchar;
typedef unsigned short ushort;
typedef unsigned int uint;
typedef unsigned long ulong;
typedef _Float16 half;
/* vectors: clang's ext_vector_type has OpenCL's swizzles (.xyzw, .s0-.sF,
 * .lo, .hi, .even, .odd); mk_vt gives a type's element and length */
template <class T> struct mk_vt {
    static constexpr int n = 1;
    using E = T;
};
#define MK_CLVEC_N(B, name, N)                                                                                \
    typedef B name##N __attribute__((ext_vector_type(N)));                                                    \
    template <> struct mk_vt<name##N> {                                                                       \
        static constexpr int n = N;                                                                           \
        using E = B;                                                                                          \
    };
#define MK_CLVEC(B, name)                                                                                     \
    MK_CLVEC_N(B, name, 2) MK_CLVEC_N(B, name, 3) MK_CLVEC_N(B, name, 4) MK_CLVEC_N(B, name, 8)              \
        MK_CLVEC_N(B, name, 16)
MK_CLVEC(signed char, char)
MK_CLVEC(unsigned char, uchar)
MK_CLVEC(short, short)
MK_CLVEC(unsigned short, ushort)
MK_CLVEC(int, int)
MK_CLVEC(unsigned, uint)
MK_CLVEC(long, long)
MK_CLVEC(unsigned long, ulong)
MK_CLVEC(float, float)
MK_CLVEC(double, double)
#undef MK_CLVEC
#undef MK_CLVEC_N

/* (float4)(a, b.xy, c): the rewrite calls mk_vec<float4>(a, b.xy, c) */
template <class E, class A> MK_INLINE void mk_put(E *buf, int &k, A a)
{
    if constexpr (mk_vt<A>::n == 1) {
        buf[k++] = (E)a;
    } else {
        for (int i = 0; i < mk_vt<A>::n; i++)
            buf[k++] = (E)a[i];
    }
}
template <class V, class... A> MK_INLINE V mk_vec(A... a)
{
    using E = typename mk_vt<V>::E;
    E buf[16 + 16] = {};
    int k = 0;
    (mk_put<E>(buf, k, a), ...);
    V v;
    for (int i = 0; i < mk_vt<V>::n; i++)
        v[i] = k == 1 ? buf[0] : buf[i];
    return v;
}

/* ---- qualifiers ---- */
#define __kernel
#define kernel
#define __global
#define global
#define __constant const
#define constant const
#define __private
#define private
/* a __local pointer's qualifier; __local variables are rewritten before */
#define __local
#define local
#define __generic
#define generic
#define __read_only
#define __write_only
#define __read_write
#define read_only
#define write_only
#define read_write
#define restrict __restrict
#define MK_LOCAL_VAR static __attribute__((section("mapkit_shared"), used))

/* ---- work-items (the global offset is 0) ---- */
MK_INLINE unsigned mk_axis(const mk_uint3 &v, unsigned d, unsigned outside)
{
    return d == 0 ? v.x : d == 1 ? v.y : d == 2 ? v.z : outside;
}
MK_INLINE size_t get_local_id(unsigned d) { return mk_axis(mk_b.threadIdx, d, 0); }
MK_INLINE size_t get_group_id(unsigned d) { return mk_axis(mk_b.blockIdx, d, 0); }
MK_INLINE size_t get_local_size(unsigned d) { return mk_axis(mk_b.blockDim, d, 1); }
MK_INLINE size_t get_enqueued_local_size(unsigned d) { return get_local_size(d); }
MK_INLINE size_t get_num_groups(unsigned d) { return mk_axis(mk_b.gridDim, d, 1); }
MK_INLINE size_t get_global_size(unsigned d) { return get_num_groups(d) * get_local_size(d); }
MK_INLINE size_t get_global_offset(unsigned) { return 0; }
MK_INLINE size_t get_global_id(unsigned d) { return get_group_id(d) * get_local_size(d) + get_local_id(d); }
MK_INLINE unsigned get_work_dim(void)
{
    return get_global_size(2) > 1 ? 3 : get_global_size(1) > 1 ? 2 : 1;
}
MK_INLINE size_t get_local_linear_id(void)
{
    return get_local_id(0) + get_local_size(0) * (get_local_id(1) + get_local_size(1) * get_local_id(2));
}
MK_INLINE size_t get_global_linear_id(void)
{
    return get_global_id(0) + get_global_size(0) * (get_global_id(1) + get_global_size(1) * get_global_id(2));
}

/* ---- barriers and fences: a barrier orders every space here, whatever
 * its flags (docs/emulate-opencl.md, "Limits") ---- */
#define CLK_LOCAL_MEM_FENCE 1
#define CLK_GLOBAL_MEM_FENCE 2
#define CLK_IMAGE_MEM_FENCE 4
typedef unsigned cl_mem_fence_flags;
typedef enum { memory_scope_work_item, memory_scope_sub_group, memory_scope_work_group, memory_scope_device,
               memory_scope_all_svm_devices, memory_scope_all_devices = memory_scope_all_svm_devices } memory_scope;
typedef enum { memory_order_relaxed, memory_order_acquire, memory_order_release, memory_order_acq_rel,
               memory_order_seq_cst } memory_order;
#define barrier(...) ((void)(__VA_ARGS__), mk_syncthreads(MK_SITE))
#define work_group_barrier(...) ((void)(__VA_ARGS__), mk_syncthreads(MK_SITE))
#define mem_fence(f) ((void)(f), mk_fence())
#define read_mem_fence(f) ((void)(f), mk_fence())
#define write_mem_fence(f) ((void)(f), mk_fence())
#define atomic_work_item_fence(...) ((void)(__VA_ARGS__), mk_fence())

/* ---- atomics: 1.x functions, 2.0's atomic_* types ---- */
template <class T> MK_INLINE T mk_atom(int op, volatile T *p, T a, T b, int scope)
{
    return mk_from_bits<T>(mk_atomic(op, mk_atomic_type<T>(), (void *)p, mk_bits(a), mk_bits(b), scope));
}
#define MK_CL_ATOMIC2(name, op)                                                                               \
    template <class T, class U> MK_INLINE T atomic_##name(volatile T *p, U v) { return mk_atom<T>(op, p, (T)v, T(), 0); } \
    template <class T, class U> MK_INLINE T atom_##name(volatile T *p, U v) { return mk_atom<T>(op, p, (T)v, T(), 0); }
MK_CL_ATOMIC2(add, MK_ADD)
MK_CL_ATOMIC2(sub, MK_SUB)
MK_CL_ATOMIC2(xchg, MK_EXCH)
MK_CL_ATOMIC2(min, MK_MIN)
MK_CL_ATOMIC2(max, MK_MAX)
MK_CL_ATOMIC2(and, MK_AND)
MK_CL_ATOMIC2(or, MK_OR)
MK_CL_ATOMIC2(xor, MK_XOR)
#undef MK_CL_ATOMIC2
/* inc and dec wrap at no bound in OpenCL (CUDA's atomicInc does) */
template <class T> MK_INLINE T atomic_inc(volatile T *p) { return mk_atom<T>(MK_ADD, p, (T)1, T(), 0); }
template <class T> MK_INLINE T atom_inc(volatile T *p) { return mk_atom<T>(MK_ADD, p, (T)1, T(), 0); }
template <class T> MK_INLINE T atomic_dec(volatile T *p) { return mk_atom<T>(MK_SUB, p, (T)1, T(), 0); }
template <class T> MK_INLINE T atom_dec(volatile T *p) { return mk_atom<T>(MK_SUB, p, (T)1, T(), 0); }
template <class T, class U, class V> MK_INLINE T atomic_cmpxchg(volatile T *p, U c, V v) { return mk_atom<T>(MK_CAS, p, (T)c, (T)v, 0); }
template <class T, class U, class V> MK_INLINE T atom_cmpxchg(volatile T *p, U c, V v) { return mk_atom<T>(MK_CAS, p, (T)c, (T)v, 0); }

/* 2.0: an atomic_T is a T reached only through these functions */
template <class T> struct mk_cl_atomic {
    T v;
};
typedef mk_cl_atomic<int> atomic_int;
typedef mk_cl_atomic<unsigned> atomic_uint;
typedef mk_cl_atomic<long> atomic_long;
typedef mk_cl_atomic<unsigned long> atomic_ulong;
typedef mk_cl_atomic<float> atomic_float;
typedef mk_cl_atomic<double> atomic_double;
typedef mk_cl_atomic<int> atomic_flag;
typedef mk_cl_atomic<size_t> atomic_size_t;
typedef mk_cl_atomic<ptrdiff_t> atomic_ptrdiff_t;
typedef mk_cl_atomic<intptr_t> atomic_intptr_t;
typedef mk_cl_atomic<uintptr_t> atomic_uintptr_t;
#define ATOMIC_VAR_INIT(x) {x}
#define ATOMIC_FLAG_INIT {0}

/* An op at a scope: work-group scope is the runtime's block scope; a scope
 * narrower than the work-group (work-item, sub-group) orders nothing
 * between two work-items, so the op is plain accesses (logged as such). */
template <class T> MK_INLINE T mk_scoped(int op, volatile mk_cl_atomic<T> *a, T x, T y, memory_scope s)
{
    volatile T *p = &a->v;
    if (s == memory_scope_work_item || s == memory_scope_sub_group) {
        T old = *p;
        switch (op) {
        case MK_LOAD: return old;
        case MK_STORE: *p = x; return old;
        case MK_EXCH: *p = x; return old;
        case MK_ADD: *p = old + x; return old;
        case MK_SUB: *p = old - x; return old;
        case MK_MIN: *p = x < old ? x : old; return old;
        case MK_MAX: *p = x > old ? x : old; return old;
        case MK_CAS: if (old == x) *p = y; return old;
        default: break;
        }
        if constexpr (std::is_integral<T>::value) {
            *p = op == MK_AND ? (old & x) : op == MK_OR ? (old | x) : (old ^ x);
        }
        return old;
    }
    return mk_atom<T>(op, p, x, y, s == memory_scope_work_group ? MK_SCOPE_BLOCK : 0);
}
#define MK_CL_FETCH(name, op)                                                                                 \
    template <class T, class U> MK_INLINE T atomic_fetch_##name(volatile mk_cl_atomic<T> *a, U v)             \
    {                                                                                                         \
        return mk_scoped<T>(op, a, (T)v, T(), memory_scope_device);                                           \
    }                                                                                                         \
    template <class T, class U> MK_INLINE T atomic_fetch_##name##_explicit(volatile mk_cl_atomic<T> *a, U v, memory_order, \
                                                                          memory_scope s = memory_scope_device) \
    {                                                                                                         \
        return mk_scoped<T>(op, a, (T)v, T(), s);                                                             \
    }
MK_CL_FETCH(add, MK_ADD)
MK_CL_FETCH(sub, MK_SUB)
MK_CL_FETCH(min, MK_MIN)
MK_CL_FETCH(max, MK_MAX)
MK_CL_FETCH(and, MK_AND)
MK_CL_FETCH(or, MK_OR)
MK_CL_FETCH(xor, MK_XOR)
#undef MK_CL_FETCH
template <class T> MK_INLINE T atomic_load(volatile mk_cl_atomic<T> *a) { return mk_scoped<T>(MK_LOAD, a, T(), T(), memory_scope_device); }
template <class T> MK_INLINE T atomic_load_explicit(volatile mk_cl_atomic<T> *a, memory_order, memory_scope s = memory_scope_device)
{
    return mk_scoped<T>(MK_LOAD, a, T(), T(), s);
}
template <class T, class U> MK_INLINE void atomic_store(volatile mk_cl_atomic<T> *a, U v) { mk_scoped<T>(MK_STORE, a, (T)v, T(), memory_scope_device); }
template <class T, class U> MK_INLINE void atomic_store_explicit(volatile mk_cl_atomic<T> *a, U v, memory_order, memory_scope s = memory_scope_device)
{
    mk_scoped<T>(MK_STORE, a, (T)v, T(), s);
}
template <class T, class U> MK_INLINE T atomic_exchange(volatile mk_cl_atomic<T> *a, U v) { return mk_scoped<T>(MK_EXCH, a, (T)v, T(), memory_scope_device); }
template <class T, class U> MK_INLINE T atomic_exchange_explicit(volatile mk_cl_atomic<T> *a, U v, memory_order, memory_scope s = memory_scope_device)
{
    return mk_scoped<T>(MK_EXCH, a, (T)v, T(), s);
}
/* atomic_init is a plain write (it is not atomic) */
template <class T, class U> MK_INLINE void atomic_init(volatile mk_cl_atomic<T> *a, U v) { a->v = (T)v; }
/* a failed compare-exchange writes the current value to *expected */
template <class T, class U> MK_INLINE bool mk_cmpxchg(volatile mk_cl_atomic<T> *a, T *expected, U d, memory_scope s)
{
    T e = *expected, old = mk_scoped<T>(MK_CAS, a, e, (T)d, s);
    if (old == e)
        return true;
    *expected = old;
    return false;
}
template <class T, class U> MK_INLINE bool atomic_compare_exchange_strong(volatile mk_cl_atomic<T> *a, T *e, U d) { return mk_cmpxchg(a, e, d, memory_scope_device); }
template <class T, class U> MK_INLINE bool atomic_compare_exchange_weak(volatile mk_cl_atomic<T> *a, T *e, U d) { return mk_cmpxchg(a, e, d, memory_scope_device); }
template <class T, class U> MK_INLINE bool atomic_compare_exchange_strong_explicit(volatile mk_cl_atomic<T> *a, T *e, U d, memory_order, memory_order, memory_scope s = memory_scope_device)
{
    return mk_cmpxchg(a, e, d, s);
}
template <class T, class U> MK_INLINE bool atomic_compare_exchange_weak_explicit(volatile mk_cl_atomic<T> *a, T *e, U d, memory_order, memory_order, memory_scope s = memory_scope_device)
{
    return mk_cmpxchg(a, e, d, s);
}
MK_INLINE bool atomic_flag_test_and_set(volatile atomic_flag *f) { return mk_scoped<int>(MK_EXCH, f, 1, 0, memory_scope_device) != 0; }
MK_INLINE bool atomic_flag_test_and_set_explicit(volatile atomic_flag *f, memory_order, memory_scope s = memory_scope_device)
{
    return mk_scoped<int>(MK_EXCH, f, 1, 0, s) != 0;
}
MK_INLINE void atomic_flag_clear(volatile atomic_flag *f) { mk_scoped<int>(MK_STORE, f, 0, 0, memory_scope_device); }
MK_INLINE void atomic_flag_clear_explicit(volatile atomic_flag *f, memory_order, memory_scope s = memory_scope_device)
{
    mk_scoped<int>(MK_STORE, f, 0, 0, s);
}

/* ---- vload / vstore: element accesses of the kernel's pointer ---- */
#define MK_VLOADSTORE(N)                                                                                      \
    template <class T> MK_INLINE auto vload##N(size_t i, const T *p)                                          \
    {                                                                                                         \
        typedef typename std::remove_cv<T>::type E;                                                           \
        typedef E V __attribute__((ext_vector_type(N)));                                                      \
        V v;                                                                                                  \
        for (int k = 0; k < N; k++)                                                                           \
            v[k] = p[N * i + k];                                                                              \
        return v;                                                                                             \
    }                                                                                                         \
    template <class V, class T> MK_INLINE void vstore##N(V v, size_t i, T *p)                                 \
    {                                                                                                         \
        for (int k = 0; k < N; k++)                                                                           \
            p[N * i + k] = v[k];                                                                              \
    }
MK_VLOADSTORE(2)
MK_VLOADSTORE(4)
MK_VLOADSTORE(8)
MK_VLOADSTORE(16)
#undef MK_VLOADSTORE
template <class T> MK_INLINE auto vload3(size_t i, const T *p)
{
    typedef typename std::remove_cv<T>::type E;
    typedef E V __attribute__((ext_vector_type(3)));
    V v;
    for (int k = 0; k < 3; k++)
        v[k] = p[3 * i + k];
    return v;
}
template <class V, class T> MK_INLINE void vstore3(V v, size_t i, T *p)
{
    for (int k = 0; k < 3; k++)
        p[3 * i + k] = v[k];
}

/* ---- async copies: the work-group copies together (each work-item a
 * stride of the elements), behind a barrier all must reach; the wait is a
 * barrier ---- */
typedef int event_t;
extern "C" char __start_mapkit_shared[], __stop_mapkit_shared[];
template <class T> MK_INLINE event_t async_work_group_strided_copy_(T *dst, const T *src, size_t n, size_t ds, size_t ss, event_t e)
{
    mk_syncthreads(MK_SITE);
    size_t me = get_local_linear_id(), all = get_local_size(0) * get_local_size(1) * get_local_size(2);
    for (size_t k = me; k < n; k += all)
        dst[k * ds] = src[k * ss];
    return e;
}
template <class T> MK_INLINE event_t async_work_group_copy(T *dst, const T *src, size_t n, event_t e)
{
    return async_work_group_strided_copy_(dst, src, n, 1, 1, e);
}
/* the strided side is the global one: src when dst is local; the emulation
 * cannot tell the spaces apart, so the stride goes to the larger side */
template <class T> MK_INLINE event_t async_work_group_strided_copy(T *dst, const T *src, size_t n, size_t stride, event_t e)
{
    bool local_dst = (const char *)dst >= __start_mapkit_shared && (const char *)dst < __stop_mapkit_shared;
    return async_work_group_strided_copy_(dst, src, n, local_dst ? 1 : stride, local_dst ? stride : 1, e);
}
#define wait_group_events(n, ev) ((void)(n), (void)(ev), mk_syncthreads(MK_SITE))
template <class T> MK_INLINE void prefetch(const T *, size_t) {}

/* ---- images: not emulated (a run that reaches one stops, exit 4) ---- */
/* complete, so that an image parameter gets a buffer like any pointer */
struct mk_image {
    int unused;
};
typedef struct mk_image *image1d_t, *image2d_t, *image3d_t, *image2d_array_t, *image1d_buffer_t;
typedef unsigned sampler_t;
#define CLK_NORMALIZED_COORDS_FALSE 0
#define CLK_NORMALIZED_COORDS_TRUE 1
#define CLK_ADDRESS_NONE 0
#define CLK_ADDRESS_CLAMP_TO_EDGE 2
#define CLK_ADDRESS_CLAMP 4
#define CLK_ADDRESS_REPEAT 6
#define CLK_FILTER_NEAREST 0x10
#define CLK_FILTER_LINEAR 0x20
template <class... A> MK_INLINE float4 read_imagef(A...) { mk_unsupported("images (read_imagef)"); return float4(); }
template <class... A> MK_INLINE int4 read_imagei(A...) { mk_unsupported("images (read_imagei)"); return int4(); }
template <class... A> MK_INLINE uint4 read_imageui(A...) { mk_unsupported("images (read_imageui)"); return uint4(); }
template <class... A> MK_INLINE void write_imagef(A...) { mk_unsupported("images (write_imagef)"); }
template <class... A> MK_INLINE void write_imagei(A...) { mk_unsupported("images (write_imagei)"); }
template <class... A> MK_INLINE void write_imageui(A...) { mk_unsupported("images (write_imageui)"); }
template <class I> MK_INLINE int get_image_width(I) { mk_unsupported("images"); return 0; }
template <class I> MK_INLINE int get_image_height(I) { mk_unsupported("images"); return 0; }

/* ---- math and integer built-ins (scalars; vectors element by element) ---- */
template <class F, class V> MK_INLINE V mk_map(F f, V v)
{
    if constexpr (mk_vt<V>::n == 1) {
        return f(v);
    } else {
        V r;
        for (int i = 0; i < mk_vt<V>::n; i++)
            r[i] = f(v[i]);
        return r;
    }
}
#define MK_CL_MATH1(name, expr)                                                                               \
    template <class V> MK_INLINE V name(V v)                                                                  \
    {                                                                                                         \
        return mk_map([](typename mk_vt<V>::E x) { return (typename mk_vt<V>::E)(expr); }, v);                \
    }
MK_CL_MATH1(sqrt, std::sqrt(x))
MK_CL_MATH1(rsqrt, 1 / std::sqrt(x))
MK_CL_MATH1(fabs, std::fabs(x))
MK_CL_MATH1(exp, std::exp(x))
MK_CL_MATH1(exp2, std::exp2(x))
MK_CL_MATH1(log, std::log(x))
MK_CL_MATH1(log2, std::log2(x))
MK_CL_MATH1(sin, std::sin(x))
MK_CL_MATH1(cos, std::cos(x))
MK_CL_MATH1(tan, std::tan(x))
MK_CL_MATH1(floor, std::floor(x))
MK_CL_MATH1(ceil, std::ceil(x))
MK_CL_MATH1(round, std::round(x))
MK_CL_MATH1(trunc, std::trunc(x))
MK_CL_MATH1(native_sqrt, std::sqrt(x))
MK_CL_MATH1(native_rsqrt, 1 / std::sqrt(x))
MK_CL_MATH1(native_exp, std::exp(x))
MK_CL_MATH1(native_log, std::log(x))
MK_CL_MATH1(native_sin, std::sin(x))
MK_CL_MATH1(native_cos, std::cos(x))
MK_CL_MATH1(native_recip, 1 / x)
MK_CL_MATH1(half_sqrt, std::sqrt(x))
MK_CL_MATH1(half_exp, std::exp(x))
#undef MK_CL_MATH1
template <class A, class B> MK_INLINE auto pow(A a, B b) { return std::pow(a, b); }
template <class A, class B> MK_INLINE auto powr(A a, B b) { return std::pow(a, b); }
template <class A, class B> MK_INLINE auto fmod(A a, B b) { return std::fmod(a, b); }
template <class A> MK_INLINE A abs(A a) { return a < 0 ? -a : a; }
template <class A, class B> MK_INLINE A min(A a, B b) { return b < (A)a ? (A)b : a; }
template <class A, class B> MK_INLINE A max(A a, B b) { return (A)b > a ? (A)b : a; }
template <class A, class B> MK_INLINE A fmin(A a, B b) { return std::fmin(a, (A)b); }
template <class A, class B> MK_INLINE A fmax(A a, B b) { return std::fmax(a, (A)b); }
template <class A, class B, class C> MK_INLINE A clamp(A x, B lo, C hi) { return min(max(x, lo), hi); }
template <class A, class B, class C> MK_INLINE A mad(A a, B b, C c) { return a * b + c; }
template <class A, class B, class C> MK_INLINE A fma(A a, B b, C c) { return a * b + c; }
template <class A, class B, class C> MK_INLINE A mix(A a, B b, C t) { return a + (b - a) * t; }
template <class A, class B> MK_INLINE auto mul24(A a, B b) { return a * b; }
template <class A, class B, class C> MK_INLINE auto mad24(A a, B b, C c) { return a * b + c; }
template <class A> MK_INLINE A popcount(A a) { return (A)__builtin_popcountll((unsigned long long)a); }
template <class V> MK_INLINE auto dot(V a, V b)
{
    typename mk_vt<V>::E s = 0;
    for (int i = 0; i < mk_vt<V>::n; i++)
        s += a[i] * b[i];
    return s;
}
template <class V> MK_INLINE auto length(V a) { return std::sqrt(dot(a, a)); }
/* convert_T[_sat][_rtX](v) and as_T(v) */
#define MK_CL_CONVERT(T)                                                                                      \
    template <class V> MK_INLINE T convert_##T(V v) { return __builtin_convertvector(v, T); }                 \
    template <class V> MK_INLINE T convert_##T##_rte(V v) { return __builtin_convertvector(v, T); }           \
    template <class V> MK_INLINE T convert_##T##_rtz(V v) { return __builtin_convertvector(v, T); }           \
    template <class V> MK_INLINE T convert_##T##_sat(V v) { return __builtin_convertvector(v, T); }           \
    template <class V> MK_INLINE T as_##T(V v) { T r; std::memcpy(&r, &v, sizeof r); return r; }
#define MK_CL_CONVERT_SCALAR(T)                                                                               \
    template <class V> MK_INLINE T convert_##T(V v) { return (T)v; }                                         \
    template <class V> MK_INLINE T convert_##T##_rte(V v) { return (T)std::nearbyint(v); }                   \
    template <class V> MK_INLINE T convert_##T##_rtz(V v) { return (T)v; }                                   \
    template <class V> MK_INLINE T convert_##T##_sat(V v) { return (T)v; }                                   \
    template <class V> MK_INLINE T as_##T(V v) { T r; std::memcpy(&r, &v, sizeof r); return r; }
#define MK_CL_CONVERT_ALL(T)                                                                                  \
    MK_CL_CONVERT_SCALAR(T) MK_CL_CONVERT(T##2) MK_CL_CONVERT(T##3) MK_CL_CONVERT(T##4) MK_CL_CONVERT(T##8)  \
        MK_CL_CONVERT(T##16)
MK_CL_CONVERT_ALL(char)
MK_CL_CONVERT_ALL(uchar)
MK_CL_CONVERT_ALL(short)
MK_CL_CONVERT_ALL(ushort)
MK_CL_CONVERT_ALL(int)
MK_CL_CONVERT_ALL(uint)
MK_CL_CONVERT_ALL(long)
MK_CL_CONVERT_ALL(ulong)
MK_CL_CONVERT_ALL(float)
MK_CL_CONVERT_ALL(double)
#undef MK_CL_CONVERT_ALL
#undef MK_CL_CONVERT_SCALAR
#undef MK_CL_CONVERT
