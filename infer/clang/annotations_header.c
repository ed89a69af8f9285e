/* GPUVerify's annotations, declared for CUDA and for OpenCL C from one
 * table (annotations_header.h). */
#include "annotations_header.h"

#include "arena.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The types an annotation takes and gives; T is any integer type (CUDA:
 * a template parameter; OpenCL C: one overload per integer type), P any
 * pointer (CUDA: a template; OpenCL C: one overload per address space). */
typedef enum {
    A_PRED,         /* void f(bool): __requires, __assert, invariants */
    A_BOOL0,        /* bool f(void): __enabled, __same_group */
    A_BOOL1,        /* bool f(bool): __other_bool, __uniform_bool */
    A_BOOL2,        /* bool f(bool, bool): __implies */
    A_INT_SAME,     /* T f(T): __other_int */
    A_INT_PRED,     /* bool f(T): __uniform_int, __distinct_int */
    A_PTR_SAME,     /* P f(P): __other_ptr */
    A_PTR_PRED,     /* bool f(const P): __read, __no_write */
    A_PTR_IMPLIES,  /* bool f(const P, bool): __read_implies */
    A_PTR_OFFSET,   /* unsigned f(const P): __read_offset_bytes */
    A_PTR_VOID,     /* void f(const P): __requires_fresh_array */
    A_PTR_SNAPSHOT, /* void f(P, const P): __array_snapshot */
    A_INVARIANT_N,  /* void f(bool, ...): __barrier_invariant_N and its instantiations */
    A_ITE,          /* __ite(c, a, b): c ? a : b, in both dialects a macro */
    A_RET_INT,      /* int f(void) */
    A_RET_BOOL,     /* bool f(void) */
    A_RET_PTR,      /* void *f(void) */
    A_ADD_INT,      /* int f(int, int) */
    A_ADD_UNSIGNED, /* unsigned f(unsigned, unsigned) */
    A_ADD_BOOL,     /* bool f(unsigned, unsigned) */
    A_POW2,         /* bool f(unsigned) */
} Shape;

typedef struct Annotation {
    const char *name;
    Shape shape;
} Annotation;

/* Every annotation of GPUVerify's language, and the generator's fact
 * helpers (docs/language.md 3.10), which take the same types in both
 * dialects. */
static const Annotation table[] = {
    {"__requires", A_PRED},
    {"__global_requires", A_PRED},
    {"__ensures", A_PRED},
    {"__global_ensures", A_PRED},
    {"__assert", A_PRED},
    {"__global_assert", A_PRED},
    {"__assume", A_PRED},
    {"__invariant", A_PRED},
    {"__global_invariant", A_PRED},
    {"__candidate_invariant", A_PRED},
    {"__candidate_global_invariant", A_PRED},
    {"__function_wide_invariant", A_PRED},
    {"__function_wide_candidate_invariant", A_PRED},
    {"__enabled", A_BOOL0},
    {"__same_group", A_BOOL0},
    {"__other_bool", A_BOOL1},
    {"__uniform_bool", A_BOOL1},
    {"__distinct_bool", A_BOOL1},
    {"__implies", A_BOOL2},
    {"__other_int", A_INT_SAME},
    {"__uniform_int", A_INT_PRED},
    {"__distinct_int", A_INT_PRED},
    {"__other_ptr", A_PTR_SAME},
    {"__read", A_PTR_PRED},
    {"__write", A_PTR_PRED},
    {"__no_read", A_PTR_PRED},
    {"__no_write", A_PTR_PRED},
    {"__ptr_base", A_PTR_PRED},
    {"__read_implies", A_PTR_IMPLIES},
    {"__write_implies", A_PTR_IMPLIES},
    {"__read_offset_bytes", A_PTR_OFFSET},
    {"__write_offset_bytes", A_PTR_OFFSET},
    {"__ptr_offset_bytes", A_PTR_OFFSET},
    {"__requires_fresh_array", A_PTR_VOID},
    {"__array_snapshot", A_PTR_SNAPSHOT},
    {"__barrier_invariant", A_INVARIANT_N},
    {"__barrier_invariant_binary", A_INVARIANT_N},
    {"__ite", A_ITE},
    {"__return_val_int", A_RET_INT},
    {"__return_val_bool", A_RET_BOOL},
    {"__return_val_ptr", A_RET_PTR},
    {"__add_noovfl", A_ADD_INT},
    {"__add_noovfl_unsigned", A_ADD_UNSIGNED},
    {"__add_noovfl_bool", A_ADD_BOOL},
    {"__is_pow2", A_POW2},
};

/* __barrier_invariant_1 .. _N: the number of instantiations it lists */
enum { MAX_INSTANTIATIONS = 8 };

typedef struct Text {
    char *s;
    size_t n, cap;
} Text;

static void put(Text *t, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    va_list again;
    va_copy(again, ap);
    int need = vsnprintf(NULL, 0, fmt, ap);
    va_end(ap);
    if (t->n + (size_t)need + 1 > t->cap) {
        t->cap = (t->n + (size_t)need + 1) * 2;
        t->s = xrealloc(t->s, t->cap);
    }
    vsnprintf(t->s + t->n, (size_t)need + 1, fmt, again);
    va_end(again);
    t->n += (size_t)need;
}

/* CUDA: a declaration per annotation, the generic ones as templates. */
static void cuda_declare(Text *t, const Annotation *a)
{
    const char *n = a->name;
    switch (a->shape) {
    case A_PRED: put(t, "__device__ void %s(bool);\n", n); break;
    case A_BOOL0: put(t, "__device__ bool %s();\n", n); break;
    case A_BOOL1: put(t, "__device__ bool %s(bool);\n", n); break;
    case A_BOOL2: put(t, "__device__ bool %s(bool, bool);\n", n); break;
    case A_INT_SAME:
    case A_PTR_SAME: put(t, "template <class T> __device__ T %s(T);\n", n); break;
    case A_INT_PRED: put(t, "template <class T> __device__ bool %s(T);\n", n); break;
    case A_PTR_PRED: put(t, "template <class T> __device__ bool %s(const T *);\n", n); break;
    case A_PTR_IMPLIES: put(t, "template <class T> __device__ bool %s(const T *, bool);\n", n); break;
    case A_PTR_OFFSET: put(t, "template <class T> __device__ unsigned %s(const T *);\n", n); break;
    case A_PTR_VOID: put(t, "template <class T> __device__ void %s(const T *);\n", n); break;
    case A_PTR_SNAPSHOT: put(t, "template <class T> __device__ void %s(T *, const T *);\n", n); break;
    case A_INVARIANT_N:
        put(t, "template <class... T> __device__ void %s(bool, T...);\n", n);
        for (int k = 1; k <= MAX_INSTANTIATIONS; k++)
            put(t, "template <class... T> __device__ void %s_%d(bool, T...);\n", n, k);
        break;
    case A_ITE: put(t, "#define %s(c, a, b) ((c) ? (a) : (b))\n", n); break;
    case A_RET_INT: put(t, "__device__ int %s();\n", n); break;
    case A_RET_BOOL: put(t, "__device__ bool %s();\n", n); break;
    case A_RET_PTR: put(t, "__device__ void *%s();\n", n); break;
    case A_ADD_INT: put(t, "__device__ int %s(int, int);\n", n); break;
    case A_ADD_UNSIGNED: put(t, "__device__ unsigned %s(unsigned, unsigned);\n", n); break;
    case A_ADD_BOOL: put(t, "__device__ bool %s(unsigned, unsigned);\n", n); break;
    case A_POW2: put(t, "__device__ bool %s(unsigned);\n", n); break;
    }
}

static const char *const cl_integers[] = {"char", "uchar", "short", "ushort", "int", "uint", "long", "ulong"};
/* the generic space is OpenCL C 2.0's and 3.0's (ANY_SPACE's last) */
static const char *const cl_spaces[] = {"__global", "__local", "__private", "__constant", "__generic"};
enum { CL_SPACES = 5 };

#define OVERLOAD "__attribute__((overloadable)) "

/* One overload per address space: `RET f(const SPACE void *REST)`. */
static void cl_per_space(Text *t, const char *ret, const char *n, const char *rest, bool same)
{
    for (int i = 0; i < CL_SPACES; i++) {
        const char *sp = cl_spaces[i];
        if (i == CL_SPACES - 1)
            put(t, "#if __OPENCL_C_VERSION__ >= 200\n");
        if (same)
            put(t, "%s void *" OVERLOAD "%s(%s void *);\n", sp, n, sp);
        else if (!ret)
            put(t, "void " OVERLOAD "%s(%s void *, const %s void *);\n", n, strcmp(sp, "__constant") ? sp : "__global",
                sp);
        else
            put(t, "%s " OVERLOAD "%s(const %s void *%s);\n", ret, n, sp, rest);
        if (i == CL_SPACES - 1)
            put(t, "#endif\n");
    }
}

/* OpenCL C: overloads where CUDA has templates, macros where it has
 * variadic templates (OpenCL C has no variadic functions). */
static void cl_declare(Text *t, const Annotation *a)
{
    const char *n = a->name;
    size_t ni = sizeof cl_integers / sizeof cl_integers[0];
    switch (a->shape) {
    case A_PRED: put(t, "void %s(bool);\n", n); break;
    case A_BOOL0: put(t, "bool %s(void);\n", n); break;
    case A_BOOL1: put(t, "bool %s(bool);\n", n); break;
    case A_BOOL2: put(t, "bool %s(bool, bool);\n", n); break;
    case A_INT_SAME:
        for (size_t i = 0; i < ni; i++)
            put(t, "%s " OVERLOAD "%s(%s);\n", cl_integers[i], n, cl_integers[i]);
        break;
    case A_INT_PRED:
        for (size_t i = 0; i < ni; i++)
            put(t, "bool " OVERLOAD "%s(%s);\n", n, cl_integers[i]);
        break;
    case A_PTR_SAME: cl_per_space(t, NULL, n, "", true); break;
    case A_PTR_PRED: cl_per_space(t, "bool", n, "", false); break;
    case A_PTR_IMPLIES: cl_per_space(t, "bool", n, ", bool", false); break;
    case A_PTR_OFFSET: cl_per_space(t, "uint", n, "", false); break;
    case A_PTR_VOID: cl_per_space(t, "void", n, "", false); break;
    case A_PTR_SNAPSHOT: cl_per_space(t, NULL, n, "", false); break;
    case A_INVARIANT_N:
        /* a contract: the model reads none of its arguments */
        put(t, "#define %s(e, ...) __mapkit_barrier_invariant(e)\n", n);
        for (int k = 1; k <= MAX_INSTANTIATIONS; k++)
            put(t, "#define %s_%d(e, ...) __mapkit_barrier_invariant(e)\n", n, k);
        break;
    case A_ITE: put(t, "#define %s(c, a, b) ((c) ? (a) : (b))\n", n); break;
    case A_RET_INT: put(t, "int %s(void);\n", n); break;
    case A_RET_BOOL: put(t, "bool %s(void);\n", n); break;
    case A_RET_PTR: put(t, "void *%s(void);\n", n); break;
    case A_ADD_INT: put(t, "int %s(int, int);\n", n); break;
    case A_ADD_UNSIGNED: put(t, "uint %s(uint, uint);\n", n); break;
    case A_ADD_BOOL: put(t, "bool %s(uint, uint);\n", n); break;
    case A_POW2: put(t, "bool %s(uint);\n", n); break;
    }
}

static Text build(bool opencl)
{
    Text t = {0};
    /* the generator's OpenCL declares what it uses unless this is read */
    put(&t, "#define __MAPKIT_ANNOTATIONS__ 1\n");
    if (opencl)
        put(&t, "void __mapkit_barrier_invariant(bool);\n");
    for (size_t i = 0; i < sizeof table / sizeof table[0]; i++)
        (opencl ? cl_declare : cuda_declare)(&t, &table[i]);
    if (opencl) /* mapkit's facts about an array's contents (docs/language.md 3.10) */
        for (int i = 0; i < CL_SPACES; i++)
            put(&t,
                "%svoid " OVERLOAD "__mapkit_nondecreasing(const %s void *, long);\n"
                "void " OVERLOAD "__mapkit_injective(const %s void *, long);\n%s",
                i == CL_SPACES - 1 ? "#if __OPENCL_C_VERSION__ >= 200\n" : "", cl_spaces[i], cl_spaces[i],
                i == CL_SPACES - 1 ? "#endif\n" : "");
    return t;
}

const char *annotations_header(bool opencl, size_t *len)
{
    static Text texts[2];
    Text *t = &texts[opencl];
    if (!t->s)
        *t = build(opencl);
    *len = t->n;
    return t->s;
}
