/* The half-precision API (cuda_fp16.h, cuda_bf16.h) as the front end
 * needs it: every function a kernel may call on __half, __half2,
 * __nv_bfloat16 and __nv_bfloat162 values.  They take and return values
 * only (the types convert to and from float, so their arithmetic is data),
 * so a call is an unknown result and never touches memory. */
#include "half_header.h"

#include <string.h>

static const char text[] =
    "#pragma push_macro(\"__MK_H\")\n"
    "struct __nv_bfloat162 { __nv_bfloat16 x, y; };\n"
    "typedef __nv_bfloat16 nv_bfloat16; typedef __nv_bfloat162 nv_bfloat162;\n"
    /* one family for __half/__half2 (H, H2) and __nv_bfloat16/__nv_bfloat162 */
    "#define __MK_H(H, H2) \\\n"
    "  __host__ __device__ H2 __halves2##H2(H, H); \\\n"
    "  __device__ H __hadd(H, H); __device__ H __hsub(H, H); __device__ H __hmul(H, H); \\\n"
    "  __device__ H __hdiv(H, H); __device__ H __hfma(H, H, H); __device__ H __hneg(H); \\\n"
    "  __device__ H __habs(H); __device__ H __hmax(H, H); __device__ H __hmin(H, H); \\\n"
    "  __device__ H __hadd_sat(H, H); __device__ H __hmul_sat(H, H); __device__ H __hfma_sat(H, H, H); \\\n"
    "  __device__ H2 __hadd2(H2, H2); __device__ H2 __hsub2(H2, H2); __device__ H2 __hmul2(H2, H2); \\\n"
    "  __device__ H2 __h2div(H2, H2); __device__ H2 __hfma2(H2, H2, H2); __device__ H2 __hneg2(H2); \\\n"
    "  __device__ H2 __habs2(H2); __device__ H2 __hmax2(H2, H2); __device__ H2 __hmin2(H2, H2); \\\n"
    "  __device__ bool __heq(H, H); __device__ bool __hne(H, H); __device__ bool __hlt(H, H); \\\n"
    "  __device__ bool __hle(H, H); __device__ bool __hgt(H, H); __device__ bool __hge(H, H); \\\n"
    "  __device__ bool __hisnan(H); __device__ int __hisinf(H); \\\n"
    "  __device__ bool __hbeq2(H2, H2); __device__ bool __hblt2(H2, H2); \\\n"
    "  __device__ H hsqrt(H); __device__ H hrsqrt(H); __device__ H hrcp(H); __device__ H hexp(H); \\\n"
    "  __device__ H hexp2(H); __device__ H hlog(H); __device__ H hlog2(H); __device__ H hsin(H); \\\n"
    "  __device__ H hcos(H); __device__ H hfloor(H); __device__ H hceil(H); __device__ H htrunc(H); \\\n"
    "  __device__ H hrint(H); __device__ H2 h2sqrt(H2); __device__ H2 h2exp(H2); __device__ H2 h2log(H2); \\\n"
    "  __device__ H2 h2rcp(H2); __device__ H2 h2rsqrt(H2); __device__ H2 h2sin(H2); __device__ H2 h2cos(H2); \\\n"
    "  __host__ __device__ H __low2##H(H2); __host__ __device__ H __high2##H(H2); \\\n"
    "  __host__ __device__ float __low2float(H2); __host__ __device__ float __high2float(H2); \\\n"
    "  __host__ __device__ H2 __lows2##H2(H2, H2); __host__ __device__ H2 __highs2##H2(H2, H2); \\\n"
    "  __host__ __device__ H2 __low2##H2(H2); __host__ __device__ H2 __high2##H2(H2); \\\n"
    "  __device__ H __shfl_sync(unsigned, H, int, int = 32); __device__ H2 __shfl_sync(unsigned, H2, int, int = 32); \\\n"
    "  __device__ H __shfl_down_sync(unsigned, H, unsigned, int = 32); \\\n"
    "  __device__ H __shfl_xor_sync(unsigned, H, int, int = 32); \\\n"
    "  __device__ H __ldg(const H *); __device__ H2 __ldg(const H2 *);\n"
    "__MK_H(__half, __half2)\n"
    "__MK_H(__nv_bfloat16, __nv_bfloat162)\n"
    "#undef __MK_H\n"
    "#pragma pop_macro(\"__MK_H\")\n"
    /* conversions, by type */
    "__host__ __device__ __half __float2half_rn(float); __host__ __device__ __half __float2half_rz(float);\n"
    "__host__ __device__ __half __float2half_rd(float); __host__ __device__ __half __float2half_ru(float);\n"
    "__host__ __device__ __half2 __float2half2_rn(float); __host__ __device__ __half2 __floats2half2_rn(float, float);\n"
    "__host__ __device__ __half2 __half2half2(__half); __host__ __device__ __half2 __float22half2_rn(float2);\n"
    "__host__ __device__ float2 __half22float2(__half2);\n"
    "__device__ int __half2int_rn(__half); __device__ int __half2int_rz(__half); __device__ __half __int2half_rn(int);\n"
    "__device__ unsigned __half2uint_rn(__half); __device__ __half __uint2half_rn(unsigned);\n"
    "__device__ short __half_as_short(__half); __device__ unsigned short __half_as_ushort(__half);\n"
    "__device__ __half __short_as_half(short); __device__ __half __ushort_as_half(unsigned short);\n"
    "__host__ __device__ __nv_bfloat16 __float2bfloat16(float); __host__ __device__ __nv_bfloat16 __float2bfloat16_rn(float);\n"
    "__host__ __device__ __nv_bfloat16 __float2bfloat16_rz(float); __host__ __device__ float __bfloat162float(__nv_bfloat16);\n"
    "__host__ __device__ __nv_bfloat162 __float2bfloat162_rn(float);\n"
    "__host__ __device__ __nv_bfloat162 __floats2bfloat162_rn(float, float);\n"
    "__host__ __device__ __nv_bfloat162 __bfloat162bfloat162(__nv_bfloat16);\n"
    "__host__ __device__ __nv_bfloat162 __float22bfloat162_rn(float2); __host__ __device__ float2 __bfloat1622float2(__nv_bfloat162);\n"
    "__device__ int __bfloat162int_rn(__nv_bfloat16); __device__ __nv_bfloat16 __int2bfloat16_rn(int);\n"
    "__device__ short __bfloat16_as_short(__nv_bfloat16); __device__ unsigned short __bfloat16_as_ushort(__nv_bfloat16);\n"
    "__device__ __nv_bfloat16 __short_as_bfloat16(short); __device__ __nv_bfloat16 __ushort_as_bfloat16(unsigned short);\n";

const char *infer_half_header(void)
{
    return text;
}

unsigned long infer_half_header_len(void)
{
    return (unsigned long)strlen(text);
}
