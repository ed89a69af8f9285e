/* cuda_fp16.h for emulation (docs/emulate.md, "Headers"): __half is
 * clang's _Float16 in a struct of two bytes, __half2 two of them; the
 * arithmetic is float's, rounded back.  Found before the toolkit's own
 * (the emulation's include folder comes first). */
#pragma once

struct __half {
    _Float16 v;
    __half() = default;
    __half(float f) : v((_Float16)f) {}
    __half(double f) : v((_Float16)f) {}
    __half(int i) : v((_Float16)i) {}
    __half(unsigned i) : v((_Float16)i) {}
    __half(long long i) : v((_Float16)i) {}
    operator float() const { return (float)v; }
};
typedef __half half;
struct __align__(4) __half2 {
    __half x, y;
};
typedef __half2 half2;
struct __half_raw {
    unsigned short x;
};

MK_INLINE __half __float2half(float f) { return __half(f); }
MK_INLINE __half __float2half_rn(float f) { return __half(f); }
MK_INLINE __half __float2half_rz(float f) { return __half(f); }
MK_INLINE __half __double2half(double f) { return __half(f); }
MK_INLINE float __half2float(__half h) { return (float)h; }
MK_INLINE __half __int2half_rn(int i) { return __half(i); }
MK_INLINE int __half2int_rn(__half h) { return (int)std::nearbyint((float)h); }
MK_INLINE int __half2int_rz(__half h) { return (int)(float)h; }
MK_INLINE unsigned short __half_as_ushort(__half h) { unsigned short u; std::memcpy(&u, &h, 2); return u; }
MK_INLINE short __half_as_short(__half h) { short u; std::memcpy(&u, &h, 2); return u; }
MK_INLINE __half __ushort_as_half(unsigned short u) { __half h; std::memcpy(&h, &u, 2); return h; }
MK_INLINE __half __short_as_half(short u) { __half h; std::memcpy(&h, &u, 2); return h; }
MK_INLINE __half2 __float2half2_rn(float f) { return __half2{__half(f), __half(f)}; }
MK_INLINE __half2 __floats2half2_rn(float a, float b) { return __half2{__half(a), __half(b)}; }
MK_INLINE __half2 __halves2half2(__half a, __half b) { return __half2{a, b}; }
MK_INLINE __half2 __half2half2(__half a) { return __half2{a, a}; }
MK_INLINE __half2 make_half2(__half a, __half b) { return __half2{a, b}; }
MK_INLINE float2 __half22float2(__half2 h) { return make_float2((float)h.x, (float)h.y); }
MK_INLINE __half2 __float22half2_rn(float2 f) { return __half2{__half(f.x), __half(f.y)}; }
MK_INLINE __half __low2half(__half2 h) { return h.x; }
MK_INLINE __half __high2half(__half2 h) { return h.y; }
MK_INLINE float __low2float(__half2 h) { return (float)h.x; }
MK_INLINE float __high2float(__half2 h) { return (float)h.y; }
MK_INLINE __half2 __lowhigh2highlow(__half2 h) { return __half2{h.y, h.x}; }

/* arithmetic, one lane and two */
#define MK_HALF_BINARY(name, expr)                                                  \
    MK_INLINE __half name(__half a, __half b) { float x = a, y = b; return __half(expr); } \
    MK_INLINE __half2 name##2(__half2 a, __half2 b) { return __half2{name(a.x, b.x), name(a.y, b.y)}; }
MK_HALF_BINARY(__hadd, x + y)
MK_HALF_BINARY(__hsub, x - y)
MK_HALF_BINARY(__hmul, x * y)
MK_HALF_BINARY(__hdiv, x / y)
MK_HALF_BINARY(__hmax, x < y ? y : x)
MK_HALF_BINARY(__hmin, y < x ? y : x)
MK_HALF_BINARY(__hadd_sat, std::fmin(std::fmax(x + y, 0.0f), 1.0f))
MK_HALF_BINARY(__hmul_sat, std::fmin(std::fmax(x * y, 0.0f), 1.0f))
#undef MK_HALF_BINARY
MK_INLINE __half2 __h2div(__half2 a, __half2 b) { return __hdiv2(a, b); }
MK_INLINE __half __hfma(__half a, __half b, __half c) { return __half(std::fma((float)a, (float)b, (float)c)); }
MK_INLINE __half2 __hfma2(__half2 a, __half2 b, __half2 c) { return __half2{__hfma(a.x, b.x, c.x), __hfma(a.y, b.y, c.y)}; }
MK_INLINE __half __hneg(__half a) { return __half(-(float)a); }
MK_INLINE __half2 __hneg2(__half2 a) { return __half2{__hneg(a.x), __hneg(a.y)}; }
MK_INLINE __half __habs(__half a) { return __half(std::fabs((float)a)); }
MK_INLINE __half2 __habs2(__half2 a) { return __half2{__habs(a.x), __habs(a.y)}; }
MK_INLINE bool __heq(__half a, __half b) { return (float)a == (float)b; }
MK_INLINE bool __hne(__half a, __half b) { return (float)a != (float)b; }
MK_INLINE bool __hlt(__half a, __half b) { return (float)a < (float)b; }
MK_INLINE bool __hle(__half a, __half b) { return (float)a <= (float)b; }
MK_INLINE bool __hgt(__half a, __half b) { return (float)a > (float)b; }
MK_INLINE bool __hge(__half a, __half b) { return (float)a >= (float)b; }
MK_INLINE bool __hisnan(__half a) { return std::isnan((float)a); }
MK_INLINE bool __hisinf(__half a) { return std::isinf((float)a); }
MK_INLINE __half hsqrt(__half a) { return __half(std::sqrt((float)a)); }
MK_INLINE __half hrsqrt(__half a) { return __half(1.0f / std::sqrt((float)a)); }
MK_INLINE __half hexp(__half a) { return __half(std::exp((float)a)); }
MK_INLINE __half hlog(__half a) { return __half(std::log((float)a)); }
MK_INLINE __half hrcp(__half a) { return __half(1.0f / (float)a); }
MK_INLINE __half htanh(__half a) { return __half(std::tanh((float)a)); }
MK_INLINE __half2 h2sqrt(__half2 a) { return __half2{hsqrt(a.x), hsqrt(a.y)}; }
MK_INLINE __half2 h2exp(__half2 a) { return __half2{hexp(a.x), hexp(a.y)}; }

/* the operators of __half2 (the __half's are float's, through conversion) */
MK_INLINE __half2 operator+(__half2 a, __half2 b) { return __hadd2(a, b); }
MK_INLINE __half2 operator-(__half2 a, __half2 b) { return __hsub2(a, b); }
MK_INLINE __half2 operator*(__half2 a, __half2 b) { return __hmul2(a, b); }
MK_INLINE __half2 operator/(__half2 a, __half2 b) { return __hdiv2(a, b); }
MK_INLINE __half2 &operator+=(__half2 &a, __half2 b) { return a = a + b; }
MK_INLINE __half2 &operator*=(__half2 &a, __half2 b) { return a = a * b; }
MK_INLINE __half operator+(__half a, __half b) { return __hadd(a, b); }
MK_INLINE __half operator-(__half a, __half b) { return __hsub(a, b); }
MK_INLINE __half operator*(__half a, __half b) { return __hmul(a, b); }
MK_INLINE __half operator/(__half a, __half b) { return __hdiv(a, b); }
MK_INLINE __half operator-(__half a) { return __hneg(a); }
MK_INLINE __half &operator+=(__half &a, __half b) { return a = a + b; }
MK_INLINE __half &operator-=(__half &a, __half b) { return a = a - b; }
MK_INLINE __half &operator*=(__half &a, __half b) { return a = a * b; }
MK_INLINE __half &operator/=(__half &a, __half b) { return a = a / b; }

/* shuffles of halves: the value's bits through the shim's shuffle */
MK_INLINE __half2 __shfl_xor_sync(unsigned mask, __half2 v, int m, int width = 32)
{
    unsigned u;
    std::memcpy(&u, &v, 4);
    u = __shfl_xor_sync(mask, u, m, width);
    std::memcpy(&v, &u, 4);
    return v;
}
