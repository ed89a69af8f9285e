/* CUDA mapped to emulation (docs/emulate.md): force-included (-include)
 * before a .cu file compiled by clang as host C++ with -fsanitize=thread.
 * Qualifiers vanish, built-in variables are the running thread's, barriers,
 * atomics, shuffles and votes call the runtime (runtime.h), which logs their
 * accesses itself.  What is not here is a compile error, reported as such. */
#pragma once
#include "runtime.h"
/* the launch, and the atomics' operand bits (shared with shim_opencl.h) */
#include "shim_launch.h"

#include <atomic>
#include <climits>
#include <cfloat>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <array>
#include <functional>
#include <limits>
#include <tuple>
#include <type_traits>
#include <utility>

#define __CUDACC__ 1
#define __CUDA_ARCH__ 800
#define __MAPKIT_EMULATE__ 1
#define CUDART_VERSION 12000
#define CUDA_VERSION 12000
#define __CUDACC_VER_MAJOR__ 12
#define __CUDACC_VER_MINOR__ 0
#define __CUDACC_VER_BUILD__ 0
#define __global__
#define __device__
#define __host__
#define __constant__
#define __managed__
/* used: the optimizer keeps stores to it that the kernel never reads back */
#define __shared__ static __attribute__((section("mapkit_shared"), used))
#define __launch_bounds__(...)
#define __forceinline__ inline __attribute__((always_inline))
#define __noinline__ __attribute__((noinline))
#define __inline__ inline
#define __restrict__ __restrict
#define __align__(n) __attribute__((aligned(n)))
#define __grid_constant__
#ifndef MK_INLINE
#define MK_INLINE static inline __attribute__((always_inline))
#endif

/* ---- built-in variables ---- */
typedef mk_uint3 uint3;
struct dim3 {
    unsigned x, y, z;
    dim3(unsigned x_ = 1, unsigned y_ = 1, unsigned z_ = 1) : x(x_), y(y_), z(z_) {}
    dim3(uint3 v) : x(v.x), y(v.y), z(v.z) {}
    operator uint3() const { return uint3{x, y, z}; }
};
/* references, not macros: a struct of the host code may have a member of
 * the same name (cudaLaunchConfig_t::gridDim) */
static const uint3 &threadIdx = mk_b.threadIdx;
static const uint3 &blockIdx = mk_b.blockIdx;
static const uint3 &blockDim = mk_b.blockDim;
static const uint3 &gridDim = mk_b.gridDim;
static constexpr int warpSize = 32;

/* ---- vector types ---- */
#define MK_VEC3(T, B) struct T##3 { B x, y, z; };
/* uint3 is the built-ins' type */
#define MK_VEC3_uint(T, B)
#define MK_VEC(T, B, A2, A4)                                                                         \
    struct T##1 { B x; };                                                                             \
    struct __attribute__((aligned(A2))) T##2 { B x, y; };                                             \
    MK_VEC3(T, B)                                                                                     \
    struct __attribute__((aligned(A4))) T##4 { B x, y, z, w; };                                       \
    MK_INLINE T##1 make_##T##1(B x) { return T##1{x}; }                                               \
    MK_INLINE T##2 make_##T##2(B x, B y) { return T##2{x, y}; }                                       \
    MK_INLINE T##3 make_##T##3(B x, B y, B z) { return T##3{x, y, z}; }                              \
    MK_INLINE T##4 make_##T##4(B x, B y, B z, B w) { return T##4{x, y, z, w}; }
MK_VEC(char, signed char, 2, 4)
MK_VEC(uchar, unsigned char, 2, 4)
MK_VEC(short, short, 4, 8)
MK_VEC(ushort, unsigned short, 4, 8)
MK_VEC(int, int, 8, 16)
#undef MK_VEC3
#define MK_VEC3(T, B)
MK_VEC(uint, unsigned, 8, 16)
#undef MK_VEC3
#define MK_VEC3(T, B) struct T##3 { B x, y, z; };
MK_VEC(long, long, 16, 16)
MK_VEC(ulong, unsigned long, 16, 16)
MK_VEC(longlong, long long, 16, 16)
MK_VEC(ulonglong, unsigned long long, 16, 16)
MK_VEC(float, float, 8, 16)
MK_VEC(double, double, 16, 16)
#undef MK_VEC
#undef MK_VEC3
#undef MK_VEC3_uint
typedef unsigned char uchar;
typedef unsigned short ushort;

/* ---- math and intrinsics ---- */
using std::max;
using std::min;
MK_INLINE int min(int a, unsigned b) { return a < (int)b ? a : (int)b; }
MK_INLINE int max(int a, unsigned b) { return a > (int)b ? a : (int)b; }
MK_INLINE unsigned min(unsigned a, int b) { return a < (unsigned)b ? a : (unsigned)b; }
MK_INLINE unsigned max(unsigned a, int b) { return a > (unsigned)b ? a : (unsigned)b; }
MK_INLINE float rsqrtf(float x) { return 1.0f / std::sqrt(x); }
/* math_constants.h's, and the intrinsics of fused and packed arithmetic */
#define CUDART_INF_F __builtin_huge_valf()
#define CUDART_NAN_F __builtin_nanf("")
#define CUDART_PI_F 3.141592654f
#define CUDART_INF __builtin_huge_val()
#define CUDART_NAN __builtin_nan("")
#define CUDART_PI 3.1415926535897931e+0
/* the rest of math_constants.h's, by their values */
#define CUDART_ZERO_F 0.0f
#define CUDART_ONE_F 1.0f
#define CUDART_SQRT_HALF_F 0.707106781f
#define CUDART_SQRT_TWO_F 1.414213562f
#define CUDART_THIRD_F 0.333333333f
#define CUDART_PIO4_F 0.785398163f
#define CUDART_PIO2_F 1.570796327f
#define CUDART_3PIO4_F 2.356194490f
#define CUDART_2_OVER_PI_F 0.636619772f
#define CUDART_L2E_F 1.442695041f
#define CUDART_L2T_F 3.321928094f
#define CUDART_LG2_F 0.301029996f
#define CUDART_LGE_F 0.434294482f
#define CUDART_LN2_F 0.693147181f
#define CUDART_LNT_F 2.302585093f
#define CUDART_LNPI_F 1.144729886f
#define CUDART_MAX_NORMAL_F 3.40282347e+38f
#define CUDART_MIN_DENORM_F 1.40129846e-45f
#define CUDART_NEG_ZERO_F -0.0f
#define CUDART_TWO_TO_23_F 8388608.0f
#define CUDART_TWO_TO_24_F 16777216.0f
#define CUDART_TWO_TO_31_F 2147483648.0f
#define CUDART_TWO_TO_32_F 4294967296.0f
#define CUDART_ZERO 0.0
#define CUDART_ONE 1.0
#define CUDART_2PI 6.2831853071795865e+0
#define CUDART_PIO2 1.5707963267948966e+0
#define CUDART_PIO4 7.8539816339744828e-1
#define CUDART_SQRT_2PI 2.5066282746310002e+0
#define CUDART_SQRT_PIO2 1.2533141373155003e+0
#define CUDART_SQRT_2 1.4142135623730951e+0
#define CUDART_SQRT_HALF 7.0710678118654757e-1
#define CUDART_LN2 6.9314718055994529e-1
#define CUDART_LNT 2.3025850929940459e+0
#define CUDART_L2E 1.4426950408889634e+0
#define CUDART_L2T 3.3219280948873622e+0
#define CUDART_LG2 3.0102999566398120e-1
#define CUDART_LGE 4.3429448190325182e-1
#define CUDART_THIRD 3.3333333333333333e-1
#define CUDART_NEG_ZERO -0.0
using std::isfinite;
using std::isinf;
using std::isnan;
MK_INLINE double __fma_rn(double a, double b, double c) { return std::fma(a, b, c); }
MK_INLINE float __fmaf_rn(float a, float b, float c) { return std::fma(a, b, c); }
MK_INLINE int __dp4a(int a, int b, int c)
{
    for (int i = 0; i < 4; i++)
        c += (int)(signed char)(a >> 8 * i) * (int)(signed char)(b >> 8 * i);
    return c;
}
MK_INLINE unsigned __dp4a(unsigned a, unsigned b, unsigned c)
{
    for (int i = 0; i < 4; i++)
        c += ((a >> 8 * i) & 0xff) * ((b >> 8 * i) & 0xff);
    return c;
}
/* library_types.h's: the CUDA libraries' headers (curand) name it */
typedef enum libraryPropertyType_t { MAJOR_VERSION, MINOR_VERSION, PATCH_LEVEL } libraryPropertyType;
MK_INLINE double rsqrt(double x) { return 1.0 / std::sqrt(x); }
/* CUDA's math API beyond C's, in double and rounded for float */
MK_INLINE double mk_erfinv(double y)
{
    if (y <= -1)
        return -CUDART_INF;
    if (y >= 1)
        return CUDART_INF;
    double x = 0; /* Newton's method on erf(x) - y */
    for (int i = 0; i < 60; i++)
        x -= (std::erf(x) - y) / (1.1283791670955126 * std::exp(-x * x));
    return x;
}
MK_INLINE double erfinv(double y) { return mk_erfinv(y); }
MK_INLINE float erfinvf(float y) { return (float)mk_erfinv(y); }
MK_INLINE double erfcinv(double y) { return mk_erfinv(1 - y); }
MK_INLINE float erfcinvf(float y) { return (float)mk_erfinv(1 - (double)y); }
MK_INLINE double erfcx(double x) { return std::exp(x * x) * std::erfc(x); }
MK_INLINE float erfcxf(float x) { return (float)erfcx(x); }
MK_INLINE double normcdf(double x) { return 0.5 * std::erfc(-x / 1.4142135623730951); }
MK_INLINE float normcdff(float x) { return (float)normcdf(x); }
MK_INLINE double normcdfinv(double p) { return -1.4142135623730951 * erfcinv(2 * p); }
MK_INLINE float normcdfinvf(float p) { return (float)normcdfinv(p); }
MK_INLINE double rhypot(double a, double b) { return 1.0 / std::hypot(a, b); }
MK_INLINE float rhypotf(float a, float b) { return 1.0f / std::hypot(a, b); }
MK_INLINE double norm3d(double a, double b, double c) { return std::sqrt(a * a + b * b + c * c); }
MK_INLINE float norm3df(float a, float b, float c) { return std::sqrt(a * a + b * b + c * c); }
MK_INLINE double rnorm3d(double a, double b, double c) { return 1.0 / norm3d(a, b, c); }
MK_INLINE float rnorm3df(float a, float b, float c) { return 1.0f / norm3df(a, b, c); }
MK_INLINE double norm4d(double a, double b, double c, double d) { return std::sqrt(a * a + b * b + c * c + d * d); }
MK_INLINE float norm4df(float a, float b, float c, float d) { return std::sqrt(a * a + b * b + c * c + d * d); }
MK_INLINE double rnorm4d(double a, double b, double c, double d) { return 1.0 / norm4d(a, b, c, d); }
MK_INLINE float rnorm4df(float a, float b, float c, float d) { return 1.0f / norm4df(a, b, c, d); }
MK_INLINE double rcbrt(double x) { return 1.0 / std::cbrt(x); }
MK_INLINE float rcbrtf(float x) { return 1.0f / std::cbrt(x); }
MK_INLINE double sinpi(double x) { return std::sin(3.1415926535897931 * x); }
MK_INLINE float sinpif(float x) { return (float)sinpi(x); }
MK_INLINE double cospi(double x) { return std::cos(3.1415926535897931 * x); }
MK_INLINE float cospif(float x) { return (float)cospi(x); }
MK_INLINE void sincospi(double x, double *s, double *c) { *s = sinpi(x); *c = cospi(x); }
MK_INLINE void sincospif(float x, float *s, float *c) { *s = sinpif(x); *c = cospif(x); }
MK_INLINE float fdividef(float a, float b) { return a / b; }
MK_INLINE double fdivide(double a, double b) { return a / b; }
MK_INLINE float __fdividef(float a, float b) { return a / b; }
MK_INLINE float mk__expf(float x) { return std::exp(x); }
#define __expf mk__expf
MK_INLINE float mk__logf(float x) { return std::log(x); }
#define __logf mk__logf
MK_INLINE float mk__sinf(float x) { return std::sin(x); }
#define __sinf mk__sinf
MK_INLINE float mk__cosf(float x) { return std::cos(x); }
#define __cosf mk__cosf
MK_INLINE float mk__powf(float a, float b) { return std::pow(a, b); }
#define __powf mk__powf
MK_INLINE float __saturatef(float x) { return x < 0 ? 0 : x > 1 ? 1 : x; }
MK_INLINE float __fmul_rn(float a, float b) { return a * b; }
MK_INLINE float __frcp_rn(float a) { return 1.0f / a; }
MK_INLINE float __fsqrt_rn(float a) { return std::sqrt(a); }
MK_INLINE int __float_as_int(float f) { int i; std::memcpy(&i, &f, 4); return i; }
MK_INLINE unsigned __float_as_uint(float f) { unsigned i; std::memcpy(&i, &f, 4); return i; }
MK_INLINE float __int_as_float(int i) { float f; std::memcpy(&f, &i, 4); return f; }
MK_INLINE float __uint_as_float(unsigned i) { float f; std::memcpy(&f, &i, 4); return f; }
MK_INLINE long long __double_as_longlong(double d) { long long i; std::memcpy(&i, &d, 8); return i; }
MK_INLINE double __longlong_as_double(long long i) { double d; std::memcpy(&d, &i, 8); return d; }
MK_INLINE int __float2int_rn(float f) { return (int)std::nearbyint(f); }
MK_INLINE int __float2int_rz(float f) { return (int)f; }
MK_INLINE int __float2int_rd(float f) { return (int)std::floor(f); }
MK_INLINE int __float2int_ru(float f) { return (int)std::ceil(f); }
MK_INLINE unsigned __float2uint_rn(float f) { return (unsigned)std::nearbyint(f); }
MK_INLINE float __int2float_rn(int i) { return (float)i; }
MK_INLINE int __popc(unsigned x) { return __builtin_popcount(x); }
MK_INLINE int __popcll(unsigned long long x) { return __builtin_popcountll(x); }
MK_INLINE int __clz(int x) { return x ? __builtin_clz((unsigned)x) : 32; }
MK_INLINE int __clzll(long long x) { return x ? __builtin_clzll((unsigned long long)x) : 64; }
MK_INLINE int __ffs(int x) { return __builtin_ffs(x); }
MK_INLINE int __ffsll(long long x) { return __builtin_ffsll(x); }
MK_INLINE unsigned __brev(unsigned x) { return __builtin_bitreverse32(x); }
MK_INLINE unsigned long long __brevll(unsigned long long x) { return __builtin_bitreverse64(x); }
MK_INLINE int __mul24(int a, int b) { return (int)((long long)(a << 8 >> 8) * (b << 8 >> 8)); }
MK_INLINE unsigned __umul24(unsigned a, unsigned b) { return (a & 0xffffff) * (b & 0xffffff); }
MK_INLINE int __mulhi(int a, int b) { return (int)(((long long)a * b) >> 32); }
MK_INLINE unsigned __umulhi(unsigned a, unsigned b) { return (unsigned)(((unsigned long long)a * b) >> 32); }
MK_INLINE unsigned __byte_perm(unsigned x, unsigned y, unsigned s)
{
    unsigned long long v = ((unsigned long long)y << 32) | x;
    unsigned r = 0;
    for (int i = 0; i < 4; i++)
        r |= (unsigned)((v >> (8 * ((s >> (4 * i)) & 7))) & 0xff) << (8 * i);
    return r;
}
MK_INLINE unsigned __funnelshift_l(unsigned lo, unsigned hi, unsigned s)
{
    return (unsigned)((((unsigned long long)hi << 32 | lo) << (s & 31)) >> 32);
}
MK_INLINE unsigned __funnelshift_r(unsigned lo, unsigned hi, unsigned s)
{
    return (unsigned)(((unsigned long long)hi << 32 | lo) >> (s & 31));
}
MK_INLINE int __sad(int a, int b, unsigned c) { return (a > b ? a - b : b - a) + (int)c; }
MK_INLINE unsigned __usad(unsigned a, unsigned b, unsigned c) { return (a > b ? a - b : b - a) + c; }
MK_INLINE int __hadd(int a, int b) { return (int)(((long long)a + b) >> 1); }
MK_INLINE int __rhadd(int a, int b) { return (int)(((long long)a + b + 1) >> 1); }
MK_INLINE unsigned __uhadd(unsigned a, unsigned b) { return (unsigned)(((unsigned long long)a + b) >> 1); }
MK_INLINE unsigned __urhadd(unsigned a, unsigned b) { return (unsigned)(((unsigned long long)a + b + 1) >> 1); }
MK_INLINE long long __mul64hi(long long a, long long b) { return (long long)(((__int128)a * b) >> 64); }
MK_INLINE unsigned long long __umul64hi(unsigned long long a, unsigned long long b)
{
    return (unsigned long long)(((unsigned __int128)a * b) >> 64);
}
/* The intrinsics of an explicit rounding mode, in round-to-nearest: a
 * value may differ in its last bit, never which memory is touched. */
#define MK_ROUNDED(rm)                                                                            \
    MK_INLINE float __fadd_##rm(float a, float b) { return a + b; }                               \
    MK_INLINE float __fsub_##rm(float a, float b) { return a - b; }                               \
    MK_INLINE float __fdiv_##rm(float a, float b) { return a / b; }                               \
    MK_INLINE double __dadd_##rm(double a, double b) { return a + b; }                            \
    MK_INLINE double __dsub_##rm(double a, double b) { return a - b; }                            \
    MK_INLINE double __dmul_##rm(double a, double b) { return a * b; }                            \
    MK_INLINE double __ddiv_##rm(double a, double b) { return a / b; }                            \
    MK_INLINE double __drcp_##rm(double a) { return 1.0 / a; }                                    \
    MK_INLINE double __dsqrt_##rm(double a) { return std::sqrt(a); }                              \
    MK_INLINE float __double2float_##rm(double a) { return (float)a; }                            \
    MK_INLINE double __int2double_##rm(int a) { return (double)a; }                               \
    MK_INLINE double __ll2double_##rm(long long a) { return (double)a; }                          \
    MK_INLINE float __uint2float_##rm(unsigned a) { return (float)a; }                            \
    MK_INLINE float __ll2float_##rm(long long a) { return (float)a; }                             \
    MK_INLINE float __ull2float_##rm(unsigned long long a) { return (float)a; }
MK_ROUNDED(rn) MK_ROUNDED(rz) MK_ROUNDED(ru) MK_ROUNDED(rd)
#undef MK_ROUNDED
#define MK_ROUNDED(rm)                                                                            \
    MK_INLINE float __fmul_##rm(float a, float b) { return a * b; }                               \
    MK_INLINE float __frcp_##rm(float a) { return 1.0f / a; }                                     \
    MK_INLINE float __fsqrt_##rm(float a) { return std::sqrt(a); }                                \
    MK_INLINE float __fmaf_##rm(float a, float b, float c) { return std::fma(a, b, c); }          \
    MK_INLINE double __fma_##rm(double a, double b, double c) { return std::fma(a, b, c); }       \
    MK_INLINE float __int2float_##rm(int a) { return (float)a; }
MK_ROUNDED(rz) MK_ROUNDED(ru) MK_ROUNDED(rd)
#undef MK_ROUNDED
MK_INLINE int __double2int_rn(double a) { return (int)std::nearbyint(a); }
MK_INLINE int __double2int_rz(double a) { return (int)a; }
MK_INLINE int __double2int_rd(double a) { return (int)std::floor(a); }
MK_INLINE int __double2int_ru(double a) { return (int)std::ceil(a); }
MK_INLINE unsigned __double2uint_rn(double a) { return (unsigned)std::nearbyint(a); }
MK_INLINE unsigned __double2uint_rz(double a) { return (unsigned)a; }
MK_INLINE long long __double2ll_rn(double a) { return (long long)std::nearbyint(a); }
MK_INLINE long long __double2ll_rz(double a) { return (long long)a; }
MK_INLINE long long __float2ll_rn(float a) { return (long long)std::nearbyint(a); }
MK_INLINE long long __float2ll_rz(float a) { return (long long)a; }
MK_INLINE unsigned __float2uint_rz(float f) { return (unsigned)f; }
MK_INLINE int __double2hiint(double d) { long long i = __double_as_longlong(d); return (int)(i >> 32); }
MK_INLINE int __double2loint(double d) { long long i = __double_as_longlong(d); return (int)i; }
MK_INLINE double __hiloint2double(int hi, int lo) { return __longlong_as_double((long long)((unsigned long long)(unsigned)hi << 32 | (unsigned)lo)); }
MK_INLINE float mk__log2f(float x) { return std::log2(x); }
#define __log2f mk__log2f
MK_INLINE float mk__log10f(float x) { return std::log10(x); }
#define __log10f mk__log10f
MK_INLINE float mk__exp10f(float x) { return std::pow(10.0f, x); }
#define __exp10f mk__exp10f
MK_INLINE float mk__tanf(float x) { return std::tan(x); }
#define __tanf mk__tanf
MK_INLINE void mk__sincosf(float x, float *s, float *c) { *s = std::sin(x); *c = std::cos(x); }
#define __sincosf mk__sincosf
MK_INLINE long long clock64(void) { return 0; }
template <class T> MK_INLINE T __ldg(const T *p) { return *p; }
template <class T> MK_INLINE T __ldcg(const T *p) { return *p; }
template <class T> MK_INLINE T __ldca(const T *p) { return *p; }
template <class T> MK_INLINE T __ldcs(const T *p) { return *p; }
template <class T> MK_INLINE T __ldlu(const T *p) { return *p; }
template <class T> MK_INLINE T __ldcv(const T *p) { return *p; }
template <class T> MK_INLINE void __stcg(T *p, T v) { *p = v; }
template <class T> MK_INLINE void __stcs(T *p, T v) { *p = v; }
template <class T> MK_INLINE void __stwb(T *p, T v) { *p = v; }
template <class T> MK_INLINE void __stwt(T *p, T v) { *p = v; }
#define __builtin_assume_aligned(p, ...) (p)
#define __assume(...) ((void)0)
/* mapkit's facts about arrays' contents (docs/language.md 3.10): what the
 * data is said to be, nothing to run */
MK_INLINE void __mapkit_nondecreasing(const void *, long long) {}
MK_INLINE void __mapkit_injective(const void *, long long) {}

/* ---- barriers, fences ---- */
#define __syncthreads() mk_syncthreads(MK_SITE)
#define __syncthreads_count(p) mk_syncthreads_count(p, MK_SITE)
#define __syncthreads_and(p) mk_syncthreads_and(p, MK_SITE)
#define __syncthreads_or(p) mk_syncthreads_or(p, MK_SITE)
#define __threadfence() mk_fence()
#define __threadfence_block() mk_fence()
#define __threadfence_system() mk_fence()
#define __syncwarp(...) mk_syncwarp(mk_mask_or_all(__VA_ARGS__ + 0, #__VA_ARGS__[0] != 0))
MK_INLINE unsigned mk_mask_or_all(unsigned m, bool given) { return given ? m : 0xffffffffu; }
MK_INLINE unsigned __activemask() { return mk_activemask(); }
MK_INLINE unsigned __lanemask_lt() { return (1u << mk_lane()) - 1; }

/* ---- atomics: the runtime logs each as an atomic access with its scope ---- */
template <class T> MK_INLINE T mk_atom(int op, T *p, T a, T b, int scope)
{
    return mk_from_bits<T>(mk_atomic(op, mk_atomic_type<T>(), (void *)p, mk_bits(a), mk_bits(b), scope));
}
#define MK_ATOMIC2(name, op)                                                                                  \
    template <class T, class U> MK_INLINE T name(T *p, U v) { return mk_atom<T>(op, p, (T)v, T(), 0); }        \
    template <class T, class U> MK_INLINE T name##_system(T *p, U v) { return mk_atom<T>(op, p, (T)v, T(), 0); } \
    template <class T, class U> MK_INLINE T name##_block(T *p, U v) { return mk_atom<T>(op, p, (T)v, T(), MK_SCOPE_BLOCK); }
MK_ATOMIC2(atomicAdd, MK_ADD)
MK_ATOMIC2(atomicSub, MK_SUB)
MK_ATOMIC2(atomicExch, MK_EXCH)
MK_ATOMIC2(atomicMin, MK_MIN)
MK_ATOMIC2(atomicMax, MK_MAX)
MK_ATOMIC2(atomicInc, MK_INC)
MK_ATOMIC2(atomicDec, MK_DEC)
MK_ATOMIC2(atomicAnd, MK_AND)
MK_ATOMIC2(atomicOr, MK_OR)
MK_ATOMIC2(atomicXor, MK_XOR)
#undef MK_ATOMIC2
template <class T, class U, class V> MK_INLINE T atomicCAS(T *p, U c, V v) { return mk_atom<T>(MK_CAS, p, (T)c, (T)v, 0); }
template <class T, class U, class V> MK_INLINE T atomicCAS_system(T *p, U c, V v) { return mk_atom<T>(MK_CAS, p, (T)c, (T)v, 0); }
template <class T, class U, class V> MK_INLINE T atomicCAS_block(T *p, U c, V v)
{
    return mk_atom<T>(MK_CAS, p, (T)c, (T)v, MK_SCOPE_BLOCK);
}

/* ---- warp collectives (no lock-step: each waits for the lanes of its mask) ---- */
template <class T> MK_INLINE T mk_shfl_from(unsigned mask, T v, int src)
{
    static_assert(sizeof(T) <= 8, "shuffle of more than 8 bytes: not emulated");
    return mk_from_bits<T>(mk_shfl(mask, mk_bits(v), src));
}
template <class T> MK_INLINE T __shfl_sync(unsigned mask, T v, int src, int width = 32)
{
    int lane = (int)mk_lane(), base = lane & ~(width - 1);
    return mk_shfl_from(mask, v, base + (src & (width - 1)));
}
template <class T> MK_INLINE T __shfl_up_sync(unsigned mask, T v, unsigned d, int width = 32)
{
    int lane = (int)mk_lane();
    return mk_shfl_from(mask, v, (lane & (width - 1)) >= (int)d ? lane - (int)d : lane);
}
template <class T> MK_INLINE T __shfl_down_sync(unsigned mask, T v, unsigned d, int width = 32)
{
    int lane = (int)mk_lane();
    return mk_shfl_from(mask, v, (lane & (width - 1)) + (int)d < width ? lane + (int)d : lane);
}
template <class T> MK_INLINE T __shfl_xor_sync(unsigned mask, T v, int m, int width = 32)
{
    int lane = (int)mk_lane(), src = lane ^ m;
    return mk_shfl_from(mask, v, (src & ~(width - 1)) == (lane & ~(width - 1)) ? src : lane);
}
MK_INLINE unsigned __ballot_sync(unsigned mask, int p) { return mk_ballot(mask, p); }
MK_INLINE int __all_sync(unsigned mask, int p) { return (mk_ballot(mask, p) & mask) == (mask & mk_activemask()); }
MK_INLINE int __any_sync(unsigned mask, int p) { return mk_ballot(mask, p) != 0; }
MK_INLINE unsigned __match_any_sync(unsigned mask, unsigned v)
{
    unsigned r = 0;
    for (int l = 0; l < 32; l++)
        if (mask >> l & 1)
            r |= (mk_shfl(mask, v, l) == v ? 1u : 0u) << l;
    return r;
}
template <class T> MK_INLINE T __reduce_add_sync(unsigned mask, T v)
{
    T s = 0;
    for (int l = 0; l < 32; l++)
        if (mask >> l & 1)
            s += mk_shfl_from(mask, v, l);
    return s;
}

/* ---- cooperative groups ---- */
namespace cooperative_groups {
struct thread_block {
    void sync(unsigned site = MK_SITE) const { mk_syncthreads(site); }
    unsigned size() const { return blockDim.x * blockDim.y * blockDim.z; }
    unsigned num_threads() const { return size(); }
    unsigned thread_rank() const { return mk_block_rank(); }
    dim3 group_index() const { return blockIdx; }
    dim3 thread_index() const { return threadIdx; }
    dim3 group_dim() const { return blockDim; }
    dim3 dim_threads() const { return blockDim; }
};
MK_INLINE thread_block this_thread_block() { return thread_block(); }
struct grid_group {
    void sync(unsigned = MK_SITE) const { mk_grid_sync(); }
    bool is_valid() const { return true; }
    unsigned long long size() const
    {
        return (unsigned long long)blockDim.x * blockDim.y * blockDim.z * gridDim.x * gridDim.y * gridDim.z;
    }
    unsigned long long num_threads() const { return size(); }
    unsigned long long thread_rank() const
    {
        unsigned long long b = blockIdx.x + (unsigned long long)gridDim.x * (blockIdx.y + (unsigned long long)gridDim.y * blockIdx.z);
        return b * (blockDim.x * blockDim.y * blockDim.z) + mk_block_rank();
    }
    unsigned long long block_rank() const { return thread_rank() / (blockDim.x * blockDim.y * blockDim.z); }
};
MK_INLINE grid_group this_grid() { return grid_group(); }
/* a tile of n lanes (n divides 32) */
struct thread_group {
    unsigned n;
    unsigned mask() const { return (n >= 32 ? 0xffffffffu : ((1u << n) - 1)) << (mk_lane() / n * n); }
    void sync(unsigned site = MK_SITE) const { if (n > 32) mk_syncthreads(site); else mk_syncwarp(mask()); }
    unsigned size() const { return n; }
    unsigned num_threads() const { return n; }
    unsigned thread_rank() const { return mk_block_rank() % n; }
    unsigned meta_group_rank() const { return mk_block_rank() / n; }
    unsigned meta_group_size() const { return (blockDim.x * blockDim.y * blockDim.z + n - 1) / n; }
    template <class T> T shfl(T v, int src) const { return mk_shfl_from(mask(), v, (int)(mk_lane() / n * n) + (src & (int)(n - 1))); }
    template <class T> T shfl_down(T v, unsigned d) const { return __shfl_down_sync(mask(), v, d, (int)n); }
    template <class T> T shfl_up(T v, unsigned d) const { return __shfl_up_sync(mask(), v, d, (int)n); }
    template <class T> T shfl_xor(T v, int m) const { return __shfl_xor_sync(mask(), v, m, (int)n); }
    unsigned ballot(int p) const { return mk_ballot(mask(), p) >> (mk_lane() / n * n); }
    bool any(int p) const { return ballot(p) != 0; }
    bool all(int p) const { return ballot(p) == (n >= 32 ? 0xffffffffu : (1u << n) - 1); }
};
template <unsigned N> struct thread_block_tile : thread_group {
    thread_block_tile() : thread_group{N} {}
};
template <unsigned N, class P> MK_INLINE thread_block_tile<N> tiled_partition(const P &) { return thread_block_tile<N>(); }
MK_INLINE thread_group tiled_partition(const thread_block &, unsigned n) { return thread_group{n}; }
template <class G> MK_INLINE void sync(const G &g, unsigned site = MK_SITE) { g.sync(site); }
template <class T> struct plus { T operator()(T a, T b) const { return a + b; } };
template <class T> struct less { T operator()(T a, T b) const { return a < b ? a : b; } };
template <class T> struct greater { T operator()(T a, T b) const { return a > b ? a : b; } };
template <class G, class T, class Op> MK_INLINE T reduce(const G &g, T v, Op op)
{
    for (unsigned d = 1; d < g.size(); d *= 2)
        v = op(v, g.shfl_xor(v, (int)d));
    return v;
}
} // namespace cooperative_groups

/* ---- libcu++ atomics ---- */
namespace cuda {
enum thread_scope { thread_scope_system, thread_scope_device, thread_scope_block, thread_scope_thread };
using ::std::memory_order;
using ::std::memory_order_relaxed;
using ::std::memory_order_acquire;
using ::std::memory_order_release;
using ::std::memory_order_acq_rel;
using ::std::memory_order_seq_cst;
template <class T, thread_scope S = thread_scope_system> struct atomic_ref {
    T *p;
    static constexpr int scope = S == thread_scope_block || S == thread_scope_thread ? MK_SCOPE_BLOCK : 0;
    explicit atomic_ref(T &r) : p(&r) {}
    T load(memory_order = memory_order_seq_cst) const { return mk_atom<T>(MK_LOAD, p, T(), T(), scope); }
    void store(T v, memory_order = memory_order_seq_cst) const { mk_atom<T>(MK_STORE, p, v, T(), scope); }
    operator T() const { return load(); }
    T operator=(T v) const { store(v); return v; }
    T exchange(T v, memory_order = memory_order_seq_cst) const { return mk_atom<T>(MK_EXCH, p, v, T(), scope); }
    T fetch_add(T v, memory_order = memory_order_seq_cst) const { return mk_atom<T>(MK_ADD, p, v, T(), scope); }
    T fetch_sub(T v, memory_order = memory_order_seq_cst) const { return mk_atom<T>(MK_SUB, p, v, T(), scope); }
    T fetch_min(T v, memory_order = memory_order_seq_cst) const { return mk_atom<T>(MK_MIN, p, v, T(), scope); }
    T fetch_max(T v, memory_order = memory_order_seq_cst) const { return mk_atom<T>(MK_MAX, p, v, T(), scope); }
    T fetch_and(T v, memory_order = memory_order_seq_cst) const { return mk_atom<T>(MK_AND, p, v, T(), scope); }
    T fetch_or(T v, memory_order = memory_order_seq_cst) const { return mk_atom<T>(MK_OR, p, v, T(), scope); }
    T fetch_xor(T v, memory_order = memory_order_seq_cst) const { return mk_atom<T>(MK_XOR, p, v, T(), scope); }
    T operator++(int) const { return fetch_add(1); }
    T operator--(int) const { return fetch_sub(1); }
    T operator++() const { return fetch_add(1) + 1; }
    T operator--() const { return fetch_sub(1) - 1; }
    T operator+=(T v) const { return fetch_add(v) + v; }
    T operator-=(T v) const { return fetch_sub(v) - v; }
    bool compare_exchange_strong(T &e, T d, memory_order = memory_order_seq_cst, memory_order = memory_order_seq_cst) const
    {
        T o = mk_atom<T>(MK_CAS, p, e, d, scope);
        if (o == e)
            return true;
        e = o;
        return false;
    }
    bool compare_exchange_weak(T &e, T d, memory_order m = memory_order_seq_cst, memory_order f = memory_order_seq_cst) const
    {
        return compare_exchange_strong(e, d, m, f);
    }
};
template <class T, thread_scope S = thread_scope_system> struct atomic {
    T v;
    atomic(T x = T()) : v(x) {}
    atomic_ref<T, S> ref() { return atomic_ref<T, S>(v); }
    T load(memory_order = memory_order_seq_cst) { return ref().load(); }
    void store(T x, memory_order = memory_order_seq_cst) { ref().store(x); }
    T fetch_add(T x, memory_order = memory_order_seq_cst) { return ref().fetch_add(x); }
    T fetch_sub(T x, memory_order = memory_order_seq_cst) { return ref().fetch_sub(x); }
    T exchange(T x, memory_order = memory_order_seq_cst) { return ref().exchange(x); }
    T fetch_min(T x, memory_order = memory_order_seq_cst) { return ref().fetch_min(x); }
    T fetch_max(T x, memory_order = memory_order_seq_cst) { return ref().fetch_max(x); }
    T fetch_and(T x, memory_order = memory_order_seq_cst) { return ref().fetch_and(x); }
    T fetch_or(T x, memory_order = memory_order_seq_cst) { return ref().fetch_or(x); }
    T fetch_xor(T x, memory_order = memory_order_seq_cst) { return ref().fetch_xor(x); }
    bool compare_exchange_strong(T &e, T d, memory_order = memory_order_seq_cst, memory_order = memory_order_seq_cst)
    {
        return ref().compare_exchange_strong(e, d);
    }
    bool compare_exchange_weak(T &e, T d, memory_order = memory_order_seq_cst, memory_order = memory_order_seq_cst)
    {
        return ref().compare_exchange_strong(e, d);
    }
    operator T() { return load(); }
    T operator=(T x) { store(x); return x; }
    T operator++(int) { return ref()++; }
    T operator--(int) { return ref()--; }
    T operator++() { return ++ref(); }
    T operator--() { return --ref(); }
    T operator+=(T x) { return ref() += x; }
    T operator-=(T x) { return ref() -= x; }
};
template <thread_scope S> MK_INLINE void atomic_thread_fence(memory_order, thread_scope = S) { mk_fence(); }
namespace std {
using ::std::memory_order;
using ::std::memory_order_relaxed;
using ::std::memory_order_acquire;
using ::std::memory_order_release;
using ::std::memory_order_acq_rel;
using ::std::memory_order_seq_cst;
template <class T> using atomic_ref = ::cuda::atomic_ref<T, thread_scope_system>;
template <class T> using atomic = ::cuda::atomic<T, thread_scope_system>;
/* the rest of libcu++'s cuda::std is the standard library's */
using namespace ::std;
} // namespace std
} // namespace cuda

/* ---- the CUDA runtime API of host code: what the host mode runs (docs/emulate.md);
 * the rest is declared loosely and does nothing ---- */
typedef int cudaError_t;
typedef void *cudaStream_t;
typedef void *cudaEvent_t;
enum { cudaSuccess = 0, cudaErrorUnknown = 999 };
enum cudaMemcpyKind { cudaMemcpyHostToHost, cudaMemcpyHostToDevice, cudaMemcpyDeviceToHost, cudaMemcpyDeviceToDevice, cudaMemcpyDefault };
struct cudaDeviceProp {
    char name[256];
    size_t totalGlobalMem, sharedMemPerBlock;
    int warpSize, maxThreadsPerBlock, maxThreadsDim[3], maxGridSize[3], multiProcessorCount, major, minor, clockRate;
};
enum cudaLaunchAttributeID {
    cudaLaunchAttributeIgnore = 0,
    cudaLaunchAttributeAccessPolicyWindow = 1,
    cudaLaunchAttributeCooperative = 2,
    cudaLaunchAttributeSynchronizationPolicy = 3,
    cudaLaunchAttributeClusterDimension = 4
};
union cudaLaunchAttributeValue {
    char pad[64];
    int cooperative;
    struct {
        unsigned x, y, z;
    } clusterDim;
};
typedef struct cudaLaunchAttribute_st {
    cudaLaunchAttributeID id;
    cudaLaunchAttributeValue val;
} cudaLaunchAttribute;
typedef struct cudaLaunchConfig_st {
    dim3 gridDim, blockDim;
    size_t dynamicSmemBytes;
    cudaStream_t stream;
    cudaLaunchAttribute *attrs;
    unsigned numAttrs;
} cudaLaunchConfig_t;
typedef struct mk_cufunc *CUfunction;
typedef struct mk_cumod *CUmodule;
typedef cudaStream_t CUstream;
typedef unsigned long long CUdeviceptr;
typedef int CUresult;
#define MK_HOST_API(name) template <class... A> MK_INLINE cudaError_t name(A...) { return cudaSuccess; }
MK_HOST_API(cudaFree)
MK_HOST_API(cudaFreeHost)

MK_HOST_API(cudaDeviceSynchronize) MK_HOST_API(cudaGetLastError) MK_HOST_API(cudaPeekAtLastError)
MK_HOST_API(cudaSetDevice) MK_HOST_API(cudaGetDevice)
MK_HOST_API(cudaStreamCreate)
MK_HOST_API(cudaStreamDestroy) MK_HOST_API(cudaStreamSynchronize) MK_HOST_API(cudaEventCreate)
MK_HOST_API(cudaEventRecord) MK_HOST_API(cudaEventSynchronize) MK_HOST_API(cudaEventElapsedTime)
MK_HOST_API(cudaEventDestroy)
MK_HOST_API(cudaFuncSetAttribute) MK_HOST_API(cudaDeviceReset)
MK_HOST_API(cudaOccupancyMaxPotentialBlockSize)
MK_HOST_API(cudaThreadSynchronize) MK_HOST_API(cudaFuncSetCacheConfig) MK_HOST_API(cudaLaunchKernelExC)
MK_HOST_API(cuModuleGetFunction) MK_HOST_API(cuLaunchKernel) MK_HOST_API(cuLaunchCooperativeKernel)
MK_HOST_API(cudaDeviceSetSharedMemConfig) MK_HOST_API(cudaMemGetInfo)
#undef MK_HOST_API
MK_INLINE const char *cudaGetErrorString(cudaError_t) { return ""; }
MK_INLINE const char *cudaGetErrorName(cudaError_t) { return ""; }
#define cudaDevAttrMultiProcessorCount 16
#define cudaDevAttrCooperativeLaunch 95
#define cudaFuncAttributeMaxDynamicSharedMemorySize 8

/* ---- the host program (host mode): buffers, copies and launches ---- */
namespace mk {
template <class... P, size_t... I>
void name_pointers(const std::tuple<typename std::decay<P>::type...> &args, const char *names, std::index_sequence<I...>)
{
    char buf[sizeof...(P) + 1][64];
    (void)buf;
    (void)names;
    ((std::is_pointer<typename std::decay<P>::type>::value
          ? mk_name_object((const void *)(uintptr_t)ptr_bits(std::get<I>(args)), param_name(names, (int)I, buf[I], 64))
          : (void)0),
     ...);
}
template <class... P>
void host_launch(void (*k)(P...), uint3 grid, uint3 block, const std::tuple<typename std::decay<P>::type...> &args)
{
    const char *names = nullptr;
    const char *name = mk_kernel_name((const void *)k, &names);
    if (names)
        name_pointers<P...>(args, names, std::index_sequence_for<P...>{});
    Launch<P...> l{k, args};
    mk_host_grid(name, grid, block, body<P...>, &l);
}
template <class... P, size_t... I>
void launch_ptrs_with(void (*k)(P...), void **a, uint3 g, uint3 b, std::index_sequence<I...>)
{
    std::tuple<typename std::decay<P>::type...> args{*(typename std::decay<P>::type *)a[I]...};
    host_launch(k, g, b, args);
}
template <class... P> void launch_ptrs(void (*k)(P...), void **a, uint3 g, uint3 b)
{
    launch_ptrs_with(k, a, g, b, std::index_sequence_for<P...>{});
}
/* k<<<g, b>>>(args) is rewritten k|mk::cfg(g, b)(args) */
struct Cfg {
    uint3 g, b;
};
template <class... A> struct CfgArgs {
    Cfg c;
    std::tuple<A...> args;
};
struct CfgCall {
    Cfg c;
    template <class... A> CfgArgs<typename std::decay<A>::type...> operator()(A &&...a) const
    {
        return {c, std::tuple<typename std::decay<A>::type...>(a...)};
    }
};
inline CfgCall cfg(dim3 g, dim3 b, size_t = 0, cudaStream_t = 0) { return CfgCall{{uint3(g), uint3(b)}}; }
template <class... P, class... A> void operator|(void (*k)(P...), CfgArgs<A...> &&c)
{
    std::tuple<typename std::decay<P>::type...> args(std::move(c.args));
    host_launch(k, c.c.g, c.c.b, args);
}
inline int call_main(int (*m)()) { return m(); }
inline int call_main(int (*m)(int, char **))
{
    static char a0[] = "emulated";
    static char *argv[] = {a0, nullptr};
    return m(1, argv);
}
inline int call_main(int (*m)(int, const char **))
{
    static const char *argv[] = {"emulated", nullptr};
    return m(1, argv);
}
inline int call_main(int (*m)(int, char **, char **))
{
    static char a0[] = "emulated";
    static char *argv[] = {a0, nullptr};
    return m(1, argv, argv + 1);
}
} // namespace mk
template <class T> inline cudaError_t cudaMalloc(T **p, size_t n) { *p = (T *)mk_host_alloc(n); return cudaSuccess; }
template <class T> inline cudaError_t cudaMallocManaged(T **p, size_t n, unsigned = 1)
{
    *p = (T *)mk_host_alloc(n);
    return cudaSuccess;
}
template <class T> inline cudaError_t cudaMallocHost(T **p, size_t n) { *p = (T *)std::calloc(1, n ? n : 1); return cudaSuccess; }
template <class T> inline cudaError_t cudaHostAlloc(T **p, size_t n, unsigned = 0) { return cudaMallocHost(p, n); }
inline cudaError_t cudaMemcpy(void *d, const void *s, size_t n, cudaMemcpyKind) { std::memmove(d, s, n); return cudaSuccess; }
inline cudaError_t cudaMemcpyAsync(void *d, const void *s, size_t n, cudaMemcpyKind, cudaStream_t = 0)
{
    std::memmove(d, s, n);
    return cudaSuccess;
}
inline cudaError_t cudaMemset(void *d, int v, size_t n) { std::memset(d, v, n); return cudaSuccess; }
inline cudaError_t cudaMemsetAsync(void *d, int v, size_t n, cudaStream_t = 0) { std::memset(d, v, n); return cudaSuccess; }
template <class T> inline cudaError_t cudaMemcpyToSymbol(const T &sym, const void *s, size_t n, size_t off = 0, cudaMemcpyKind = cudaMemcpyHostToDevice)
{
    std::memmove((char *)&sym + off, s, n);
    return cudaSuccess;
}
template <class T> inline cudaError_t cudaMemcpyFromSymbol(void *d, const T &sym, size_t n, size_t off = 0, cudaMemcpyKind = cudaMemcpyDeviceToHost)
{
    std::memmove(d, (const char *)&sym + off, n);
    return cudaSuccess;
}
inline cudaError_t cudaGetDeviceCount(int *n) { *n = 1; return cudaSuccess; }
inline cudaError_t cudaGetDeviceProperties(cudaDeviceProp *p, int)
{
    *p = cudaDeviceProp{};
    std::strcpy(p->name, "mapkit emulate");
    p->totalGlobalMem = (size_t)1 << 32;
    p->sharedMemPerBlock = 48 << 10;
    p->warpSize = 32;
    p->maxThreadsPerBlock = 1024;
    p->multiProcessorCount = 1;
    p->major = 8;
    return cudaSuccess;
}
inline cudaError_t cudaDeviceGetAttribute(int *v, int, int) { *v = 1; return cudaSuccess; }
template <class... A> inline cudaError_t cudaOccupancyMaxActiveBlocksPerMultiprocessor(int *n, A...) { *n = 1; return cudaSuccess; }
template <class F> inline cudaError_t cudaLaunchKernel(F *f, dim3 g, dim3 b, void **args, size_t = 0, cudaStream_t = 0)
{
    return mk_launch_registered((const void *)f, uint3(g), uint3(b), args) ? cudaErrorUnknown : cudaSuccess;
}
inline cudaError_t cudaLaunchKernel(const void *f, dim3 g, dim3 b, void **args, size_t = 0, cudaStream_t = 0)
{
    return mk_launch_registered(f, uint3(g), uint3(b), args) ? cudaErrorUnknown : cudaSuccess;
}
template <class F> inline cudaError_t cudaLaunchCooperativeKernel(F *f, dim3 g, dim3 b, void **args, size_t = 0, cudaStream_t = 0)
{
    return cudaLaunchKernel((const void *)f, g, b, args);
}
inline cudaError_t cudaLaunchCooperativeKernel(const void *f, dim3 g, dim3 b, void **args, size_t = 0, cudaStream_t = 0)
{
    return cudaLaunchKernel(f, g, b, args);
}
template <class... E, class... A> inline cudaError_t cudaLaunchKernelEx(const cudaLaunchConfig_t *c, void (*k)(E...), A &&...a)
{
    mk::CfgCall call{{uint3(c->gridDim), uint3(c->blockDim)}};
    k | call(std::forward<A>(a)...);
    return cudaSuccess;
}

/* CUB's block collectives (<cub/...> headers are empty) */
#include "shim_cub.h"

/* ---- texture and surface objects: images of their own (shim_launch.h) ---- */
struct cudaTextureObject_t : mk_image_object {
    using mk_image_object::mk_image_object;
    cudaTextureObject_t() = default;
    cudaTextureObject_t(const mk_image_object &o) : mk_image_object(o) {}
};
struct cudaSurfaceObject_t : mk_image_object {
    using mk_image_object::mk_image_object;
    cudaSurfaceObject_t() = default;
    cudaSurfaceObject_t(const mk_image_object &o) : mk_image_object(o) {}
};
enum cudaSurfaceBoundaryMode { cudaBoundaryModeZero, cudaBoundaryModeClamp, cudaBoundaryModeTrap };
template <class T> MK_INLINE T mk_image_read(const mk_image_object &o, long long xb, long long y, long long z)
{
    T v{};
    if (const unsigned char *p = o.at(xb, y, z, sizeof(T)))
        v = *(const T *)p;
    return v;
}
template <class T> MK_INLINE void mk_image_write(const mk_image_object &o, T v, long long xb, long long y, long long z)
{
    if (unsigned char *p = o.at(xb, y, z, sizeof(T)))
        *(T *)p = v;
}
/* texels by element index (fetch) or by coordinate (the texel the point falls in) */
template <class T> MK_INLINE T tex1Dfetch(cudaTextureObject_t t, int i) { return mk_image_read<T>(t, (long long)i * sizeof(T), 0, 0); }
template <class T> MK_INLINE T tex1D(cudaTextureObject_t t, float x) { return mk_image_read<T>(t, (long long)std::floor(x) * sizeof(T), 0, 0); }
template <class T> MK_INLINE T tex2D(cudaTextureObject_t t, float x, float y)
{
    return mk_image_read<T>(t, (long long)std::floor(x) * sizeof(T), (long long)std::floor(y), 0);
}
template <class T> MK_INLINE T tex3D(cudaTextureObject_t t, float x, float y, float z)
{
    return mk_image_read<T>(t, (long long)std::floor(x) * sizeof(T), (long long)std::floor(y), (long long)std::floor(z));
}
template <class T> MK_INLINE T tex2DLayered(cudaTextureObject_t t, float x, float y, int layer)
{
    return mk_image_read<T>(t, (long long)std::floor(x) * sizeof(T), (long long)std::floor(y), layer);
}
template <class T> MK_INLINE T tex2DLod(cudaTextureObject_t t, float x, float y, float) { return tex2D<T>(t, x, y); }
template <class T> MK_INLINE void tex1Dfetch(T *out, cudaTextureObject_t t, int i) { *out = tex1Dfetch<T>(t, i); }
template <class T> MK_INLINE void tex2D(T *out, cudaTextureObject_t t, float x, float y) { *out = tex2D<T>(t, x, y); }
/* surfaces: x in bytes */
template <class T> MK_INLINE T surf1Dread(cudaSurfaceObject_t s, int x, cudaSurfaceBoundaryMode = cudaBoundaryModeTrap) { return mk_image_read<T>(s, x, 0, 0); }
template <class T> MK_INLINE void surf1Dread(T *out, cudaSurfaceObject_t s, int x, cudaSurfaceBoundaryMode = cudaBoundaryModeTrap) { *out = mk_image_read<T>(s, x, 0, 0); }
template <class T> MK_INLINE T surf2Dread(cudaSurfaceObject_t s, int x, int y, cudaSurfaceBoundaryMode = cudaBoundaryModeTrap) { return mk_image_read<T>(s, x, y, 0); }
template <class T> MK_INLINE void surf2Dread(T *out, cudaSurfaceObject_t s, int x, int y, cudaSurfaceBoundaryMode = cudaBoundaryModeTrap) { *out = mk_image_read<T>(s, x, y, 0); }
template <class T> MK_INLINE T surf3Dread(cudaSurfaceObject_t s, int x, int y, int z, cudaSurfaceBoundaryMode = cudaBoundaryModeTrap) { return mk_image_read<T>(s, x, y, z); }
template <class T> MK_INLINE void surf3Dread(T *out, cudaSurfaceObject_t s, int x, int y, int z, cudaSurfaceBoundaryMode = cudaBoundaryModeTrap) { *out = mk_image_read<T>(s, x, y, z); }
template <class T> MK_INLINE T surf2DLayeredread(cudaSurfaceObject_t s, int x, int y, int layer, cudaSurfaceBoundaryMode = cudaBoundaryModeTrap) { return mk_image_read<T>(s, x, y, layer); }
template <class T> MK_INLINE void surf2DLayeredread(T *out, cudaSurfaceObject_t s, int x, int y, int layer, cudaSurfaceBoundaryMode = cudaBoundaryModeTrap) { *out = mk_image_read<T>(s, x, y, layer); }
template <class T> MK_INLINE void surf1Dwrite(T v, cudaSurfaceObject_t s, int x, cudaSurfaceBoundaryMode = cudaBoundaryModeTrap) { mk_image_write(s, v, x, 0, 0); }
template <class T> MK_INLINE void surf2Dwrite(T v, cudaSurfaceObject_t s, int x, int y, cudaSurfaceBoundaryMode = cudaBoundaryModeTrap) { mk_image_write(s, v, x, y, 0); }
template <class T> MK_INLINE void surf3Dwrite(T v, cudaSurfaceObject_t s, int x, int y, int z, cudaSurfaceBoundaryMode = cudaBoundaryModeTrap) { mk_image_write(s, v, x, y, z); }
template <class T> MK_INLINE void surf2DLayeredwrite(T v, cudaSurfaceObject_t s, int x, int y, int layer, cudaSurfaceBoundaryMode = cudaBoundaryModeTrap) { mk_image_write(s, v, x, y, layer); }

/* the host's side: an object over linear memory reads that memory; over
 * an array, an image of its own */
enum cudaResourceType { cudaResourceTypeArray, cudaResourceTypeMipmappedArray, cudaResourceTypeLinear, cudaResourceTypePitch2D };
enum cudaChannelFormatKind { cudaChannelFormatKindSigned, cudaChannelFormatKindUnsigned, cudaChannelFormatKindFloat, cudaChannelFormatKindNone };
enum cudaTextureAddressMode { cudaAddressModeWrap, cudaAddressModeClamp, cudaAddressModeMirror, cudaAddressModeBorder };
enum cudaTextureFilterMode { cudaFilterModePoint, cudaFilterModeLinear };
enum cudaTextureReadMode { cudaReadModeElementType, cudaReadModeNormalizedFloat };
struct cudaChannelFormatDesc {
    int x, y, z, w;
    cudaChannelFormatKind f;
};
template <class T> MK_INLINE cudaChannelFormatDesc cudaCreateChannelDesc() { return cudaChannelFormatDesc{8 * (int)sizeof(T), 0, 0, 0, cudaChannelFormatKindFloat}; }
MK_INLINE cudaChannelFormatDesc cudaCreateChannelDesc(int x, int y, int z, int w, cudaChannelFormatKind f) { return cudaChannelFormatDesc{x, y, z, w, f}; }
struct mk_cuda_array { mk_image_object image; };
typedef mk_cuda_array *cudaArray_t;
typedef mk_cuda_array cudaArray;
struct cudaResourceDesc {
    cudaResourceType resType;
    union {
        struct { cudaArray_t array; } array;
        struct { void *devPtr; cudaChannelFormatDesc desc; size_t sizeInBytes; } linear;
        struct { void *devPtr; cudaChannelFormatDesc desc; size_t width, height, pitchInBytes; } pitch2D;
    } res;
};
struct cudaTextureDesc {
    cudaTextureAddressMode addressMode[3];
    cudaTextureFilterMode filterMode;
    cudaTextureReadMode readMode;
    int sRGB;
    float borderColor[4];
    int normalizedCoords;
    unsigned maxAnisotropy;
};
struct cudaResourceViewDesc { int format; size_t width, height, depth; };
MK_INLINE mk_image_object mk_object_of(const cudaResourceDesc *r)
{
    mk_image_object o(0);
    if (r && r->resType == cudaResourceTypeLinear) {
        o.base = (unsigned char *)r->res.linear.devPtr;
        o.pitch = r->res.linear.sizeInBytes;
        o.rows = 1;
    } else if (r && r->resType == cudaResourceTypePitch2D) {
        o.base = (unsigned char *)r->res.pitch2D.devPtr;
        o.pitch = r->res.pitch2D.pitchInBytes;
        o.rows = r->res.pitch2D.height;
    } else if (r && r->res.array.array) {
        o = r->res.array.array->image;
    }
    return o;
}
MK_INLINE cudaError_t cudaCreateTextureObject(cudaTextureObject_t *t, const cudaResourceDesc *r, const cudaTextureDesc *,
                                              const cudaResourceViewDesc * = nullptr)
{
    *t = mk_object_of(r);
    return cudaSuccess;
}
MK_INLINE cudaError_t cudaCreateSurfaceObject(cudaSurfaceObject_t *s, const cudaResourceDesc *r)
{
    *s = mk_object_of(r);
    return cudaSuccess;
}
template <class... A> MK_INLINE cudaError_t cudaMallocArray(cudaArray_t *a, A...)
{
    *a = new mk_cuda_array{mk_new_image("cudaArray")};
    return cudaSuccess;
}
/* copies into an array are not made: its texels stay zero */
#define MK_HOST_API(name) template <class... A> MK_INLINE cudaError_t name(A...) { return cudaSuccess; }
MK_HOST_API(cudaDestroyTextureObject) MK_HOST_API(cudaDestroySurfaceObject) MK_HOST_API(cudaFreeArray)
MK_HOST_API(cudaMemcpyToArray) MK_HOST_API(cudaMemcpy2DToArray) MK_HOST_API(cudaMemcpy2DFromArray)
MK_HOST_API(cudaMemcpyFromArray)
#undef MK_HOST_API
