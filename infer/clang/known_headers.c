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

static const char text[] =
    "#pragma once\n"
    "#define __MAPKIT_HELPER_MATH 1\n"
    /* arithmetic of vector V with scalar S: v op v, v op s, s op v, v op= ... */
    "#define __HM_BIN(V, S, op, opeq) \\\n"
    "  __host__ __device__ V operator op(V, V); __host__ __device__ V operator op(V, S); \\\n"
    "  __host__ __device__ V operator op(S, V); \\\n"
    "  inline __host__ __device__ void operator opeq(V &a, V b) { a = a op b; } \\\n"
    "  inline __host__ __device__ void operator opeq(V &a, S b) { a = a op b; }\n"
    "#define __HM_ARITH(V, S) __host__ __device__ V operator-(V); \\\n"
    "  __HM_BIN(V, S, +, +=) __HM_BIN(V, S, -, -=) __HM_BIN(V, S, *, *=) __HM_BIN(V, S, /, /=) \\\n"
    "  __host__ __device__ V clamp(V, S, S); __host__ __device__ V clamp(V, V, V); \\\n"
    "  __host__ __device__ S dot(V, V);\n"
    /* what float vectors have besides */
    "#define __HM_FLOAT(V) __HM_ARITH(V, float) \\\n"
    "  __host__ __device__ V fminf(V, V); __host__ __device__ V fmaxf(V, V); \\\n"
    "  __host__ __device__ V lerp(V, V, float); __host__ __device__ V smoothstep(V, V, V); \\\n"
    "  __host__ __device__ float length(V); __host__ __device__ V normalize(V); \\\n"
    "  __host__ __device__ V floorf(V); __host__ __device__ V fracf(V); \\\n"
    "  __host__ __device__ V fmodf(V, V); __host__ __device__ V fabs(V);\n"
    /* and integer vectors */
    "#define __HM_INT(V, S) __HM_ARITH(V, S) \\\n"
    "  __host__ __device__ V min(V, V); __host__ __device__ V max(V, V);\n"
    "__HM_FLOAT(float2) __HM_FLOAT(float3) __HM_FLOAT(float4)\n"
    "__HM_INT(int2, int) __HM_INT(int3, int) __HM_INT(int4, int)\n"
    "__HM_INT(uint2, unsigned int) __HM_INT(uint3, unsigned int) __HM_INT(uint4, unsigned int)\n"
    "__host__ __device__ int2 abs(int2); __host__ __device__ int3 abs(int3); __host__ __device__ int4 abs(int4);\n"
    "#undef __HM_BIN\n#undef __HM_ARITH\n#undef __HM_FLOAT\n#undef __HM_INT\n"
    /* scalars */
    "__host__ __device__ float lerp(float, float, float);\n"
    "__host__ __device__ float clamp(float, float, float);\n"
    "inline __host__ __device__ int clamp(int f, int a, int b) { return max(a, min(f, b)); }\n"
    "inline __host__ __device__ unsigned int clamp(unsigned int f, unsigned int a, unsigned int b)\n"
    "{ return max(a, min(f, b)); }\n"
    "__host__ __device__ float smoothstep(float, float, float); __host__ __device__ float fracf(float);\n"
    "__host__ __device__ float3 cross(float3, float3); __host__ __device__ float3 reflect(float3, float3);\n"
    /* the make_ functions from one scalar and from other vectors */
    "__host__ __device__ float2 make_float2(float); __host__ __device__ float2 make_float2(float3);\n"
    "__host__ __device__ float2 make_float2(int2); __host__ __device__ float2 make_float2(uint2);\n"
    "__host__ __device__ float3 make_float3(float); __host__ __device__ float3 make_float3(float2);\n"
    "__host__ __device__ float3 make_float3(float2, float); __host__ __device__ float3 make_float3(float4);\n"
    "__host__ __device__ float3 make_float3(int3); __host__ __device__ float3 make_float3(uint3);\n"
    "__host__ __device__ float4 make_float4(float); __host__ __device__ float4 make_float4(float3);\n"
    "__host__ __device__ float4 make_float4(float3, float); __host__ __device__ float4 make_float4(int4);\n"
    "__host__ __device__ float4 make_float4(uint4);\n"
    "__host__ __device__ int2 make_int2(int); __host__ __device__ int2 make_int2(int3);\n"
    "__host__ __device__ int2 make_int2(uint2); __host__ __device__ int2 make_int2(float2);\n"
    "__host__ __device__ int3 make_int3(int); __host__ __device__ int3 make_int3(int2);\n"
    "__host__ __device__ int3 make_int3(int2, int); __host__ __device__ int3 make_int3(uint3);\n"
    "__host__ __device__ int3 make_int3(float3);\n"
    "__host__ __device__ int4 make_int4(int); __host__ __device__ int4 make_int4(int3);\n"
    "__host__ __device__ int4 make_int4(int3, int); __host__ __device__ int4 make_int4(uint4);\n"
    "__host__ __device__ int4 make_int4(float4);\n"
    "__host__ __device__ uint2 make_uint2(unsigned int); __host__ __device__ uint2 make_uint2(uint3);\n"
    "__host__ __device__ uint2 make_uint2(int2);\n"
    "__host__ __device__ uint3 make_uint3(unsigned int); __host__ __device__ uint3 make_uint3(uint2);\n"
    "__host__ __device__ uint3 make_uint3(uint2, unsigned int); __host__ __device__ uint3 make_uint3(uint4);\n"
    "__host__ __device__ uint3 make_uint3(int3);\n"
    "__host__ __device__ uint4 make_uint4(unsigned int); __host__ __device__ uint4 make_uint4(uint3);\n"
    "__host__ __device__ uint4 make_uint4(uint3, unsigned int); __host__ __device__ uint4 make_uint4(int4);\n";

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
