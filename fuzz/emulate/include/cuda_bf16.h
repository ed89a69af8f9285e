/* cuda_bf16.h for emulation (docs/emulate.md, "Headers"): __nv_bfloat16
 * is a float's upper 16 bits (rounded to nearest even), its arithmetic
 * float's rounded back; __nv_bfloat162 two of them. */
#pragma once
#include "cuda_fp16.h"

struct __nv_bfloat16 {
    unsigned short bits;
    __nv_bfloat16() = default;
    __nv_bfloat16(float f)
    {
        unsigned u;
        std::memcpy(&u, &f, 4);
        if (std::isnan(f))
            bits = 0x7fc0;
        else
            bits = (unsigned short)((u + 0x7fff + ((u >> 16) & 1)) >> 16);
    }
    __nv_bfloat16(double f) : __nv_bfloat16((float)f) {}
    __nv_bfloat16(int i) : __nv_bfloat16((float)i) {}
    operator float() const
    {
        unsigned u = (unsigned)bits << 16;
        float f;
        std::memcpy(&f, &u, 4);
        return f;
    }
};
typedef __nv_bfloat16 nv_bfloat16;
struct __align__(4) __nv_bfloat162 {
    __nv_bfloat16 x, y;
};
typedef __nv_bfloat162 nv_bfloat162;

MK_INLINE __nv_bfloat16 __float2bfloat16(float f) { return __nv_bfloat16(f); }
MK_INLINE __nv_bfloat16 __float2bfloat16_rn(float f) { return __nv_bfloat16(f); }
MK_INLINE float __bfloat162float(__nv_bfloat16 h) { return (float)h; }
MK_INLINE __nv_bfloat162 __float2bfloat162_rn(float f) { return __nv_bfloat162{f, f}; }
MK_INLINE __nv_bfloat162 __floats2bfloat162_rn(float a, float b) { return __nv_bfloat162{a, b}; }
MK_INLINE float2 __bfloat1622float2(__nv_bfloat162 h) { return make_float2((float)h.x, (float)h.y); }
MK_INLINE __nv_bfloat162 __halves2bfloat162(__nv_bfloat16 a, __nv_bfloat16 b) { return __nv_bfloat162{a, b}; }
MK_INLINE __nv_bfloat16 __low2bfloat16(__nv_bfloat162 h) { return h.x; }
MK_INLINE __nv_bfloat16 __high2bfloat16(__nv_bfloat162 h) { return h.y; }

#define MK_BF16_BINARY(name, expr)                                                                     \
    MK_INLINE __nv_bfloat16 name(__nv_bfloat16 a, __nv_bfloat16 b) { float x = a, y = b; return __nv_bfloat16(expr); } \
    MK_INLINE __nv_bfloat162 name##2(__nv_bfloat162 a, __nv_bfloat162 b) { return __nv_bfloat162{name(a.x, b.x), name(a.y, b.y)}; }
MK_BF16_BINARY(__hadd, x + y)
MK_BF16_BINARY(__hsub, x - y)
MK_BF16_BINARY(__hmul, x * y)
MK_BF16_BINARY(__hdiv, x / y)
MK_BF16_BINARY(__hmax, x < y ? y : x)
MK_BF16_BINARY(__hmin, y < x ? y : x)
#undef MK_BF16_BINARY
MK_INLINE __nv_bfloat16 __hfma(__nv_bfloat16 a, __nv_bfloat16 b, __nv_bfloat16 c)
{
    return __nv_bfloat16(std::fma((float)a, (float)b, (float)c));
}
MK_INLINE __nv_bfloat162 __hfma2(__nv_bfloat162 a, __nv_bfloat162 b, __nv_bfloat162 c)
{
    return __nv_bfloat162{__hfma(a.x, b.x, c.x), __hfma(a.y, b.y, c.y)};
}
MK_INLINE __nv_bfloat16 __hneg(__nv_bfloat16 a) { return __nv_bfloat16(-(float)a); }
MK_INLINE __nv_bfloat16 operator+(__nv_bfloat16 a, __nv_bfloat16 b) { return __hadd(a, b); }
MK_INLINE __nv_bfloat16 operator-(__nv_bfloat16 a, __nv_bfloat16 b) { return __hsub(a, b); }
MK_INLINE __nv_bfloat16 operator*(__nv_bfloat16 a, __nv_bfloat16 b) { return __hmul(a, b); }
MK_INLINE __nv_bfloat16 operator/(__nv_bfloat16 a, __nv_bfloat16 b) { return __hdiv(a, b); }
MK_INLINE __nv_bfloat16 &operator+=(__nv_bfloat16 &a, __nv_bfloat16 b) { return a = a + b; }
MK_INLINE __nv_bfloat16 &operator*=(__nv_bfloat16 &a, __nv_bfloat16 b) { return a = a * b; }
