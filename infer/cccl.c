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
 * and <cuda/std/type_traits>: integral_constant, true_type, is_same, ...).
 *
 * Ownership: static text. */
#include "internal.h"

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
    "template <bool B, class T, class F> using conditional_t = typename conditional<B, T, F>::type;\n"

static const char std_traits[] = "#ifndef __MAPKIT_STD_TRAITS\n#define __MAPKIT_STD_TRAITS\n"
                                 "namespace std {\n" TRAITS "}\n#endif\n";
static const char cuda_traits[] = "#ifndef __MAPKIT_CUDA_STD_TRAITS\n#define __MAPKIT_CUDA_STD_TRAITS\n"
                                  "namespace cuda { namespace std {\n" TRAITS "} }\n#endif\n";

const char *cccl_header(const char *name, unsigned long *len)
{
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
