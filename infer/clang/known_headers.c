/* The stand-in for the CUDA samples' helper_math.h (docs/inference.md): the
 * vector operators and functions that header defines, served when a file
 * includes it and it cannot be found.  When it is found it is parsed like
 * any header and none of this is used.
 *
 * Functions that compute a value from values have no body: the front end
 * evaluates their arguments and their result is an unknown of the thread's
 * own, which is all a protocol needs of float math.  Two kinds do have one,
 * because what they do matters to the protocol:
 *   - the compound assignments (`v[i] += a`) read and write their left
 *     operand, which may be an array cell;
 *   - the integer clamps are min/max arithmetic, which the front end
 *     follows, so that a clamped index stays an index. */
#include "known_headers.h"

#include "cub_direct.h"
#include "library_headers.h"

#include <string.h>

/* The body: each declaration after __HM_T, which the stand-in defines as
 * nothing; the built-in prelude (helper_math_prelude) as a template with a
 * default argument, so that a file's own `float3 operator+(float3,
 * float3)` or `clamp`, a non-template, wins over it instead of clashing. */
#define HM_BODY                                                                                               \
    /* arithmetic of vector V with scalar S: v op v, v op s, s op v, v op= ... */                            \
    "#define __HM_BIN(V, S, op, opeq) \\\n"                                                                   \
    "  __HM_T __host__ __device__ V operator op(V, V); __HM_T __host__ __device__ V operator op(V, S); \\\n"   \
    "  __HM_T __host__ __device__ V operator op(S, V); \\\n"                                                  \
    "  __HM_T inline __host__ __device__ void operator opeq(V &a, V b) { a = a op b; } \\\n"                  \
    "  __HM_T inline __host__ __device__ void operator opeq(V &a, S b) { a = a op b; }\n"                      \
    "#define __HM_ARITH(V, S) __HM_T __host__ __device__ V operator-(V); \\\n"                                \
    "  __HM_BIN(V, S, +, +=) __HM_BIN(V, S, -, -=) __HM_BIN(V, S, *, *=) __HM_BIN(V, S, /, /=) \\\n"        \
    "  __HM_T __host__ __device__ V clamp(V, S, S); __HM_T __host__ __device__ V clamp(V, V, V); \\\n"      \
    "  __HM_T __host__ __device__ S dot(V, V);\n"                                                              \
    /* what float and double vectors have besides */                                                        \
    "#define __HM_REAL(V, S, MIN, MAX) __HM_ARITH(V, S) \\\n"                                                  \
    "  __HM_T __host__ __device__ V MIN(V, V); __HM_T __host__ __device__ V MAX(V, V); \\\n"                 \
    "  __HM_T __host__ __device__ V lerp(V, V, S); __HM_T __host__ __device__ V smoothstep(V, V, V); \\\n"   \
    "  __HM_T __host__ __device__ S length(V); __HM_T __host__ __device__ V normalize(V); \\\n"             \
    "  __HM_T __host__ __device__ V floorf(V); __HM_T __host__ __device__ V fracf(V); \\\n"                 \
    "  __HM_T __host__ __device__ V fmodf(V, V); __HM_T __host__ __device__ V fabs(V); \\\n"                \
    "  __HM_T __host__ __device__ V saturate(V);\n"                                                            \
    /* and integer vectors */                                                                               \
    "#define __HM_INT(V, S) __HM_ARITH(V, S) \\\n"                                                           \
    "  __HM_T __host__ __device__ V min(V, V); __HM_T __host__ __device__ V max(V, V);\n"                     \
    "__HM_REAL(float2, float, fminf, fmaxf) __HM_REAL(float3, float, fminf, fmaxf)\n"                        \
    "__HM_REAL(float4, float, fminf, fmaxf)\n"                                                               \
    "__HM_REAL(double2, double, fmin, fmax) __HM_REAL(double3, double, fmin, fmax)\n"                        \
    "__HM_REAL(double4, double, fmin, fmax)\n"                                                               \
    "__HM_INT(int2, int) __HM_INT(int3, int) __HM_INT(int4, int)\n"                                          \
    "__HM_INT(uint2, unsigned int) __HM_INT(uint3, unsigned int) __HM_INT(uint4, unsigned int)\n"            \
    "__HM_T __host__ __device__ int2 abs(int2); __HM_T __host__ __device__ int3 abs(int3);\n"               \
    "__HM_T __host__ __device__ int4 abs(int4);\n"                                                            \
    "#undef __HM_BIN\n#undef __HM_ARITH\n#undef __HM_REAL\n#undef __HM_INT\n"                               \
    /* scalars */                                                                                           \
    "__HM_T __host__ __device__ float lerp(float, float, float);\n"                                           \
    "__HM_T __host__ __device__ float clamp(float, float, float);\n"                                          \
    "__HM_T __host__ __device__ float saturate(float);\n"                                                     \
    "__HM_T inline __host__ __device__ int clamp(int f, int a, int b) { return max(a, min(f, b)); }\n"        \
    "__HM_T inline __host__ __device__ unsigned int clamp(unsigned int f, unsigned int a, unsigned int b)\n"  \
    "{ return max(a, min(f, b)); }\n"                                                                         \
    "__HM_T __host__ __device__ float smoothstep(float, float, float);\n"                                     \
    "__HM_T __host__ __device__ float fracf(float);\n"                                                        \
    "__HM_T __host__ __device__ float3 cross(float3, float3); __HM_T __host__ __device__ float3 reflect(float3, float3);\n" \
    /* the make_ functions from one scalar and from other vectors */                                        \
    "#define __HM_MK(V, ...) __HM_T __host__ __device__ V make_##V(__VA_ARGS__);\n"                          \
    "__HM_MK(float2, float) __HM_MK(float2, float3) __HM_MK(float2, int2) __HM_MK(float2, uint2)\n"          \
    "__HM_MK(float3, float) __HM_MK(float3, float2) __HM_MK(float3, float2, float) __HM_MK(float3, float4)\n" \
    "__HM_MK(float3, int3) __HM_MK(float3, uint3)\n"                                                         \
    "__HM_MK(float4, float) __HM_MK(float4, float3) __HM_MK(float4, float3, float) __HM_MK(float4, int4)\n"   \
    "__HM_MK(float4, uint4)\n"                                                                               \
    "__HM_MK(int2, int) __HM_MK(int2, int3) __HM_MK(int2, uint2) __HM_MK(int2, float2)\n"                    \
    "__HM_MK(int3, int) __HM_MK(int3, int2) __HM_MK(int3, int2, int) __HM_MK(int3, uint3) __HM_MK(int3, float3)\n" \
    "__HM_MK(int4, int) __HM_MK(int4, int3) __HM_MK(int4, int3, int) __HM_MK(int4, uint4) __HM_MK(int4, float4)\n" \
    "__HM_MK(uint2, unsigned int) __HM_MK(uint2, uint3) __HM_MK(uint2, int2)\n"                               \
    "__HM_MK(uint3, unsigned int) __HM_MK(uint3, uint2) __HM_MK(uint3, uint2, unsigned int)\n"                \
    "__HM_MK(uint3, uint4) __HM_MK(uint3, int3)\n"                                                            \
    "__HM_MK(uint4, unsigned int) __HM_MK(uint4, uint3) __HM_MK(uint4, uint3, unsigned int) __HM_MK(uint4, int4)\n" \
    "__HM_MK(double2, double) __HM_MK(double3, double) __HM_MK(double4, double)\n"                           \
    "#undef __HM_MK\n"

static const char text[] = "#pragma once\n"
                           "#define __MAPKIT_HELPER_MATH 1\n"
                           "#define __HM_T\n" HM_BODY "#undef __HM_T\n";

/* The same for every CUDA file that names a vector type: GPUVerify's
 * CUDA prelude and the vendors' samples give kernels these operators
 * whether or not they include helper_math.h. */
static const char prelude[] = "#define __HM_T template <class __mapkit_hm = void>\n" HM_BODY "#undef __HM_T\n";

const char *helper_math_prelude(unsigned long *len)
{
    *len = sizeof prelude - 1;
    return prelude;
}

/* The toolkit's cuComplex.h: complex numbers as float2 and double2, and
 * functions of values only (no bodies: their results are the thread's own
 * unknowns, which is all a protocol needs of them). */
#define CUC_FUNCS(T, F, S)                                                                          \
    "__host__ __device__ " T " cuConj" F "(" T ");\n"                                           \
    "__host__ __device__ " T " cuCadd" F "(" T ", " T ");\n"                                    \
    "__host__ __device__ " T " cuCsub" F "(" T ", " T ");\n"                                    \
    "__host__ __device__ " T " cuCmul" F "(" T ", " T ");\n"                                    \
    "__host__ __device__ " T " cuCdiv" F "(" T ", " T ");\n"                                    \
    "__host__ __device__ " T " cuCfma" F "(" T ", " T ", " T ");\n"                             \
    "__host__ __device__ " S " cuCreal" F "(" T ");\n"                                          \
    "__host__ __device__ " S " cuCimag" F "(" T ");\n"                                          \
    "__host__ __device__ " S " cuCabs" F "(" T ");\n"
static const char cucomplex[] =
    "#pragma once\n"
    "typedef float2 cuFloatComplex;\n"
    "typedef double2 cuDoubleComplex;\n"
    "typedef cuFloatComplex cuComplex;\n"
    "__host__ __device__ cuFloatComplex make_cuFloatComplex(float, float);\n"
    "__host__ __device__ cuDoubleComplex make_cuDoubleComplex(double, double);\n"
    "__host__ __device__ cuComplex make_cuComplex(float, float);\n"
    "__host__ __device__ cuDoubleComplex cuComplexFloatToDouble(cuFloatComplex);\n"
    "__host__ __device__ cuFloatComplex cuComplexDoubleToFloat(cuDoubleComplex);\n"
    CUC_FUNCS("cuFloatComplex", "f", "float") CUC_FUNCS("cuDoubleComplex", "", "double");
#undef CUC_FUNCS

bool infer_known_header(const char *name, const char **body, unsigned long *len)
{
    const char *slash = strrchr(name, '/');
    const char *base = slash ? slash + 1 : name;
    if (strcmp(base, "helper_math.h") == 0 || strcmp(base, "cutil_math.h") == 0) {
        *body = text;
        *len = sizeof text - 1;
        return true;
    }
    if (strcmp(base, "cuComplex.h") == 0) {
        *body = cucomplex;
        *len = sizeof cucomplex - 1;
        return true;
    }
    *body = libcuxx_header(name, len); /* <cuda/atomic>, <cuda/std/atomic> */
    if (!*body)
        *body = cccl_header(name, len); /* <cuda/std/detail/__config>, <nv/target>, type traits */
    if (!*body)
        *body = host_library_header(name, len); /* <thrust/...>, <catch2/...>: host code that parses */
    if (!*body)
        *body = std_library_header(name, len); /* <vector>, <chrono>, <cstdio>: host code that parses */
    /* <cub/cub.cuh> and every part of it (<cub/warp/...>, <cub/util_type.cuh>): the one stand-in,
     * with LoadDirect* and StoreDirect* */
    if (!*body && strncmp(name, "cub/", 4) == 0)
        *body = cub_with_direct(len);
    if (!*body)
        *body = cub_header(name, len); /* <cuda/functional> */
    return *body != NULL;
}

/* The toolkit's headers by the names projects include them with; the
 * built-in header (cuda_header.c, half_header.c) declares what kernels and
 * host code use of them. */
bool infer_builtin_covers(const char *name)
{
    static const char *const names[] = {
        "cuda_runtime.h", "cuda_runtime_api.h", "cuda.h", "cudaTypedefs.h", "device_launch_parameters.h",
        "cuda_fp16.h", "cuda_fp16.hpp", "cuda_bf16.h", "cuda_bf16.hpp", "cooperative_groups.h", "curand_kernel.h",
        "curand.h", "math_constants.h", "device_functions.h", "device_atomic_functions.h", "vector_types.h",
        "vector_functions.h", "driver_types.h", "host_defines.h", "builtin_types.h", "cuda_texture_types.h",
        "texture_fetch_functions.h", "texture_types.h", "surface_functions.h", "surface_types.h",
        "cuda_surface_types.h", "cuda_device_runtime_api.h", "cuda_profiler_api.h", "math_functions.h",
        "channel_descriptor.h", "cuda_awbarrier.h", "cuda_pipeline.h", NULL,
    };
    for (const char *const *n = names; *n; n++)
        if (strcmp(name, *n) == 0)
            return true;
    /* cooperative_groups/reduce.h, crt/host_defines.h, sm_32_intrinsics.h */
    return strncmp(name, "cooperative_groups/", 19) == 0 || strncmp(name, "crt/", 4) == 0 ||
           (strncmp(name, "sm_", 3) == 0 && strstr(name, "_intrinsics.h")) ||
           (strncmp(name, "sm_", 3) == 0 && strstr(name, "_atomic_functions.h"));
}
