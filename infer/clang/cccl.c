/* CCCL's configuration and target macros (docs/inference.md, "Atomics,
 * libcu++ and CUB"), served for <cuda/std/detail/__config> and
 * <nv/target> when they are not found, as libclang cannot read CCCL's own
 * headers.  Only what device code written against CCCL meets in a kernel:
 * the stringizing helper its test macros use, the compiler and toolkit
 * tests (no compiler of CCCL's list, a recent toolkit), the function
 * markers, _CCCL_ASSERT (its condition evaluated, for its reads), and
 * NV_IF_TARGET / NV_IF_ELSE_TARGET for the host-or-device choice: a
 * kernel is device code, so the device branch.  A target test on an
 * architecture (NV_PROVIDES_SM_80) is left undefined: which branch runs
 * is not known, and the parse error it gives makes the kernel unknown.
 * Also the few type traits kernels name in their signatures (<type_traits>
 * and <cuda/std/type_traits>: integral_constant, true_type, is_same, ...),
 * libcu++'s array, span and mdspan (<cuda/std/array>, <cuda/std/span>,
 * <cuda/std/mdspan>), <cuda/std/limits>'s numeric_limits, <cuda/ptx>'s
 * get_sreg_laneid and
 * <cuda/cmath>'s ceil_div, round_up, round_down, is_power_of_two.
 *
 * Ownership: static text. */
#include "library_headers.h"

#include <string.h>

static const char config[] =
    "#ifndef __MAPKIT_CCCL_CONFIG\n#define __MAPKIT_CCCL_CONFIG\n"
    "#define _CCCL_PP_STRINGIZE_(...) #__VA_ARGS__\n"
    "#define _CCCL_TO_STRING(...) _CCCL_PP_STRINGIZE_(__VA_ARGS__)\n"
    "#define _CCCL_COMPILER(...) 0\n"
    "#define _CCCL_CUDA_COMPILER(...) 0\n"
    "#define _CCCL_VERSION_COMPARE(...) 0\n"
    "#define _CCCL_CTK_AT_LEAST(major, minor) 1\n"
    "#define _CCCL_CTK_BELOW(major, minor) 0\n"
    "#define _CCCL_HOST __host__\n"
    "#define _CCCL_DEVICE __device__\n"
    "#define _CCCL_HOST_DEVICE __host__ __device__\n"
    "#define _CCCL_FORCEINLINE inline\n"
    "#define _CCCL_API __host__ __device__ inline\n"
    "#define _CCCL_DEVICE_API __device__ inline\n"
    "#define _CCCL_ASSERT(cond, msg) ((void)(cond))\n"
    "#endif\n";

static const char target[] =
    "#ifndef __MAPKIT_NV_TARGET\n#define __MAPKIT_NV_TARGET\n"
    "#define __MAPKIT_NV_STRIP(...) __VA_ARGS__\n"
    "#define NV_IF_TARGET(q, t, ...) __MAPKIT_NV_IF_##q(t, __VA_ARGS__)\n"
    "#define NV_IF_ELSE_TARGET(q, t, f) __MAPKIT_NV_IF_##q(t, f)\n"
    "#define __MAPKIT_NV_IF_NV_IS_DEVICE(t, ...) __MAPKIT_NV_STRIP t\n"
    "#define __MAPKIT_NV_IF_NV_ANY_TARGET(t, ...) __MAPKIT_NV_STRIP t\n"
    "#define __MAPKIT_NV_IF_NV_IS_HOST(t, ...) __VA_OPT__(__MAPKIT_NV_STRIP __VA_ARGS__)\n"
    "#define __MAPKIT_NV_IF_NV_NO_TARGET(t, ...) __VA_OPT__(__MAPKIT_NV_STRIP __VA_ARGS__)\n"
    "#endif\n";

/* The type traits kernels name in their signatures (a tag parameter
 * `cuda::std::true_type`), in std and cuda::std. */
#define TRAITS                                                                                                     \
    "template <class T, T v> struct integral_constant { static constexpr T value = v; using value_type = T;\n"    \
    "  using type = integral_constant; constexpr operator T() const { return v; } };\n"                          \
    "template <bool B> using bool_constant = integral_constant<bool, B>;\n"                                       \
    "using true_type = bool_constant<true>; using false_type = bool_constant<false>;\n"                           \
    "template <class A, class B> struct is_same : false_type {};\n"                                               \
    "template <class A> struct is_same<A, A> : true_type {};\n"                                                   \
    "template <class A, class B> constexpr bool is_same_v = is_same<A, B>::value;\n"                              \
    "template <bool B, class T = void> struct enable_if {};\n"                                                    \
    "template <class T> struct enable_if<true, T> { using type = T; };\n"                                         \
    "template <bool B, class T = void> using enable_if_t = typename enable_if<B, T>::type;\n"                     \
    "template <bool B, class T, class F> struct conditional { using type = T; };\n"                               \
    "template <class T, class F> struct conditional<false, T, F> { using type = F; };\n"                          \
    "template <bool B, class T, class F> using conditional_t = typename conditional<B, T, F>::type;\n"            \
    "template <class T> struct is_integral : bool_constant<__is_integral(T)> {};\n"                               \
    "template <class T> constexpr bool is_integral_v = __is_integral(T);\n"                                       \
    "template <class T> struct is_floating_point : bool_constant<__is_floating_point(T)> {};\n"                   \
    "template <class T> constexpr bool is_floating_point_v = __is_floating_point(T);\n"                           \
    "template <class T> struct is_arithmetic : bool_constant<__is_arithmetic(T)> {};\n"                           \
    "template <class T> constexpr bool is_arithmetic_v = __is_arithmetic(T);\n"                                   \
    "template <class T> struct is_pointer : bool_constant<__is_pointer(T)> {};\n"                                 \
    "template <class T> constexpr bool is_pointer_v = __is_pointer(T);\n"                                         \
    "template <class T> struct is_signed : bool_constant<__is_signed(T)> {};\n"                                   \
    "template <class T> constexpr bool is_signed_v = __is_signed(T);\n"                                           \
    "template <class T> struct is_unsigned : bool_constant<__is_unsigned(T)> {};\n"                               \
    "template <class T> constexpr bool is_unsigned_v = __is_unsigned(T);\n"                                       \
    "template <class A, class B> struct is_convertible : bool_constant<__is_convertible_to(A, B)> {};\n"          \
    "template <class A, class B> constexpr bool is_convertible_v = __is_convertible_to(A, B);\n"

static const char std_traits[] = "#ifndef __MAPKIT_STD_TRAITS\n#define __MAPKIT_STD_TRAITS\n"
                                 "namespace std {\n" TRAITS "}\n#endif\n";
static const char cuda_traits[] = "#ifndef __MAPKIT_CUDA_STD_TRAITS\n#define __MAPKIT_CUDA_STD_TRAITS\n"
                                  "namespace cuda { namespace std {\n" TRAITS "} }\n#endif\n";

/* libcu++'s containers and views, with the bodies that say which memory an
 * element is: a span's and an mdspan's elements are cells of the memory
 * they view (an mdspan's at an offset the protocol does not compute), an
 * array's are the object's own. */
static const char containers[] =
    "#ifndef __MAPKIT_CUDA_STD_CONTAINERS\n#define __MAPKIT_CUDA_STD_CONTAINERS\n"
    "namespace cuda { namespace std {\n"
    "using size_t = unsigned long;\n"
    "template <class T, size_t N> struct array {\n"
    "  T __elems[N > 0 ? N : 1];\n"
    "  __host__ __device__ T &operator[](size_t i) { return __elems[i]; }\n"
    "  __host__ __device__ const T &operator[](size_t i) const { return __elems[i]; }\n"
    "  __host__ __device__ T *data() { return __elems; }\n"
    "  __host__ __device__ static constexpr size_t size() { return N; }\n"
    "  __host__ __device__ T *begin() { return __elems; } __host__ __device__ T *end() { return __elems + N; } };\n"
    "template <class C> __host__ __device__ auto begin(C &c) -> decltype(c.begin()) { return c.begin(); }\n"
    "template <class C> __host__ __device__ auto end(C &c) -> decltype(c.end()) { return c.end(); }\n"
    "template <class T, size_t E = (size_t)-1> struct span {\n"
    "  T *__data; size_t __size;\n"
    "  __host__ __device__ span(); __host__ __device__ span(T *p, size_t n) : __data(p), __size(n) {}\n"
    "  template <class C> __host__ __device__ span(C &);\n"
    "  __host__ __device__ T &operator[](size_t i) const { return __data[i]; }\n"
    "  __host__ __device__ T *data() const { return __data; }\n"
    "  __host__ __device__ size_t size() const { return __size; }\n"
    "  __host__ __device__ span first(size_t n) const { return span(__data, n); }\n"
    "  __host__ __device__ span subspan(size_t o) const { return span(__data + o, __size - o); }\n"
    "  __host__ __device__ T *begin() const { return __data; } __host__ __device__ T *end() const; };\n"
    "template <class I, size_t... E> struct extents {}; template <class I, size_t R> struct dextents {};\n"
    "template <size_t R, class I = size_t> using dims = dextents<I, R>;\n"
    "struct layout_right {}; struct layout_left {}; struct layout_stride {};\n"
    "template <class T> struct default_accessor {};\n"
    "__host__ __device__ long __mapkit_mdspan_offset(long);\n"
    "__host__ __device__ long __mapkit_mdspan_offset(long, long);\n"
    "__host__ __device__ long __mapkit_mdspan_offset(long, long, long);\n"
    "template <class T, class E, class L = layout_right, class A = default_accessor<T>> struct mdspan {\n"
    "  T *__data;\n"
    "  __host__ __device__ T &operator()(long i) const { return __data[__mapkit_mdspan_offset(i)]; }\n"
    "  __host__ __device__ T &operator()(long i, long j) const { return __data[__mapkit_mdspan_offset(i, j)]; }\n"
    "  __host__ __device__ T &operator()(long i, long j, long k) const\n"
    "  { return __data[__mapkit_mdspan_offset(i, j, k)]; }\n"
    "  __host__ __device__ T &operator[](long i) const { return __data[__mapkit_mdspan_offset(i)]; }\n"
    "  __host__ __device__ T *data_handle() const { return __data; }\n"
    "  __host__ __device__ size_t extent(size_t) const; __host__ __device__ size_t size() const; };\n"
    "} }\n#endif\n";

/* <cuda/std/limits>: numeric_limits of the arithmetic types with their
 * values (the compiler's own macros), so that a bound like
 * `numeric_limits<int>::max()` is the number it is; the primary template
 * declares its members without values (another type's are unknown). */
#define LIMITS_OF(T, LO, HI, MIN, EPS, INF)                                                                        \
    "template <> struct numeric_limits<" T "> { static constexpr bool is_specialized = true;\n"                  \
    "  __host__ __device__ static constexpr " T " min() noexcept { return " MIN "; }\n"                          \
    "  __host__ __device__ static constexpr " T " max() noexcept { return " HI "; }\n"                           \
    "  __host__ __device__ static constexpr " T " lowest() noexcept { return " LO "; }\n"                        \
    "  __host__ __device__ static constexpr " T " epsilon() noexcept { return " EPS "; }\n"                      \
    "  __host__ __device__ static constexpr " T " infinity() noexcept { return " INF "; } };\n"
#define INT_LIMITS(T, LO, HI) LIMITS_OF(T, LO, HI, LO, "0", "0")
static const char limits[] =
    "#ifndef __MAPKIT_CUDA_STD_LIMITS\n#define __MAPKIT_CUDA_STD_LIMITS\n"
    "namespace cuda { namespace std {\n"
    "template <class T> struct numeric_limits { static constexpr bool is_specialized = false;\n"
    "  __host__ __device__ static constexpr T min() noexcept; __host__ __device__ static constexpr T max() noexcept;\n"
    "  __host__ __device__ static constexpr T lowest() noexcept;\n"
    "  __host__ __device__ static constexpr T epsilon() noexcept;\n"
    "  __host__ __device__ static constexpr T infinity() noexcept; };\n"
    INT_LIMITS("bool", "false", "true")
    INT_LIMITS("char", "(char)(-__SCHAR_MAX__ - 1)", "(char)__SCHAR_MAX__")
    INT_LIMITS("signed char", "-__SCHAR_MAX__ - 1", "__SCHAR_MAX__")
    INT_LIMITS("unsigned char", "0", "2 * __SCHAR_MAX__ + 1")
    INT_LIMITS("short", "-__SHRT_MAX__ - 1", "__SHRT_MAX__")
    INT_LIMITS("unsigned short", "0", "2 * __SHRT_MAX__ + 1")
    INT_LIMITS("int", "-__INT_MAX__ - 1", "__INT_MAX__")
    INT_LIMITS("unsigned int", "0", "2u * __INT_MAX__ + 1u")
    INT_LIMITS("long", "-__LONG_MAX__ - 1", "__LONG_MAX__")
    INT_LIMITS("unsigned long", "0", "2ul * __LONG_MAX__ + 1ul")
    INT_LIMITS("long long", "-__LONG_LONG_MAX__ - 1", "__LONG_LONG_MAX__")
    INT_LIMITS("unsigned long long", "0", "2ull * __LONG_LONG_MAX__ + 1ull")
    LIMITS_OF("float", "-__FLT_MAX__", "__FLT_MAX__", "__FLT_MIN__", "__FLT_EPSILON__", "__builtin_huge_valf()")
    LIMITS_OF("double", "-__DBL_MAX__", "__DBL_MAX__", "__DBL_MIN__", "__DBL_EPSILON__", "__builtin_huge_val()")
    "} }\n#endif\n";

/* <cuda/ptx>'s special registers a kernel reads for its place: the lane. */
static const char ptx[] =
    "#ifndef __MAPKIT_CUDA_PTX\n#define __MAPKIT_CUDA_PTX\n"
    "namespace cuda { namespace ptx {\n"
    "__device__ inline unsigned int get_sreg_laneid()\n"
    "{ return (threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z)) % 32; }\n"
    "} }\n#endif\n";

/* <cuda/cmath>'s integer helpers, with their bodies. */
static const char cmath[] =
    "#ifndef __MAPKIT_CUDA_CMATH\n#define __MAPKIT_CUDA_CMATH\n"
    "namespace cuda {\n"
    "template <class A, class B> __host__ __device__ constexpr A ceil_div(A a, B b) { return (a + b - 1) / b; }\n"
    "template <class A, class B> __host__ __device__ constexpr A round_up(A a, B b) { return (a + b - 1) / b * b; }\n"
    "template <class A, class B> __host__ __device__ constexpr A round_down(A a, B b) { return a / b * b; }\n"
    "template <class T> __host__ __device__ constexpr bool is_power_of_two(T v) { return v > 0 && (v & (v - 1)) == 0; }\n"
    "}\n#endif\n";

const char *cccl_header(const char *name, unsigned long *len)
{
    static const char *const views[] = {"cuda/std/array", "cuda/std/span", "cuda/std/mdspan", NULL};
    for (const char *const *v = views; *v; v++)
        if (strcmp(name, *v) == 0) {
            *len = sizeof containers - 1;
            return containers;
        }
    if (strcmp(name, "cuda/ptx") == 0) {
        *len = sizeof ptx - 1;
        return ptx;
    }
    if (strcmp(name, "cuda/std/limits") == 0) {
        *len = sizeof limits - 1;
        return limits;
    }
    if (strcmp(name, "cuda/cmath") == 0) {
        *len = sizeof cmath - 1;
        return cmath;
    }
    if (strcmp(name, "type_traits") == 0) {
        *len = sizeof std_traits - 1;
        return std_traits;
    }
    if (strcmp(name, "cuda/std/type_traits") == 0) {
        *len = sizeof cuda_traits - 1;
        return cuda_traits;
    }
    if (strcmp(name, "cuda/std/detail/__config") == 0) {
        *len = sizeof config - 1;
        return config;
    }
    if (strcmp(name, "nv/target") == 0) {
        *len = sizeof target - 1;
        return target;
    }
    return NULL;
}
