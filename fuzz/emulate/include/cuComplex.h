/* cuComplex.h for emulation (docs/emulate.md, "Headers"): the toolkit's
 * complex numbers are float2 and double2, with its functions. */
#pragma once

typedef float2 cuFloatComplex;
typedef double2 cuDoubleComplex;
typedef cuFloatComplex cuComplex;

#define MK_COMPLEX(S, T, B)                                                                          \
    MK_INLINE T make_##T(B r, B i) { return T{r, i}; }                                                 \
    MK_INLINE B cuCreal##S(T z) { return z.x; }                                                        \
    MK_INLINE B cuCimag##S(T z) { return z.y; }                                                        \
    MK_INLINE T cuConj##S(T z) { return T{z.x, -z.y}; }                                                \
    MK_INLINE T cuCadd##S(T a, T b) { return T{a.x + b.x, a.y + b.y}; }                                \
    MK_INLINE T cuCsub##S(T a, T b) { return T{a.x - b.x, a.y - b.y}; }                                \
    MK_INLINE T cuCmul##S(T a, T b) { return T{a.x * b.x - a.y * b.y, a.x * b.y + a.y * b.x}; }        \
    MK_INLINE T cuCdiv##S(T a, T b)                                                                    \
    {                                                                                                  \
        B d = b.x * b.x + b.y * b.y;                                                                   \
        return T{(a.x * b.x + a.y * b.y) / d, (a.y * b.x - a.x * b.y) / d};                            \
    }                                                                                                  \
    MK_INLINE B cuCabs##S(T z) { return std::hypot(z.x, z.y); }                                        \
    MK_INLINE T cuCfma##S(T a, T b, T c) { return cuCadd##S(cuCmul##S(a, b), c); }
MK_COMPLEX(f, cuFloatComplex, float)
MK_COMPLEX(, cuDoubleComplex, double)
#undef MK_COMPLEX
MK_INLINE cuComplex make_cuComplex(float r, float i) { return cuFloatComplex{r, i}; }
MK_INLINE cuDoubleComplex cuComplexFloatToDouble(cuFloatComplex z) { return cuDoubleComplex{z.x, z.y}; }
MK_INLINE cuFloatComplex cuComplexDoubleToFloat(cuDoubleComplex z) { return cuFloatComplex{(float)z.x, (float)z.y}; }
