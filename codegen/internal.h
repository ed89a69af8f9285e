/* Shared pieces of the generator [VST Table 1]: the output buffer,
 * a string map, identifier renaming, element types and expressions.
 *
 * Ownership: an Out owns its text until out_take hands it over; a StrMap
 * owns copies of its keys and values; Names owns its maps and every
 * string it returns (they live until names_free).  Nothing here keeps a
 * pointer into the Program beyond the call that received it. */
#ifndef MAPKIT_CODEGEN_INTERNAL_H
#define MAPKIT_CODEGEN_INTERNAL_H

#include "ast.h"
#include "gen.h"

#include <stdarg.h>
#include <stddef.h>

/* ---- output text (out.c) ---- */

typedef struct Out {
    char *text;
    size_t len, cap;
    int indent; /* levels of four spaces for out_line */
} Out;

void out_init(Out *o);
void out_free(Out *o);
char *out_take(Out *o, size_t *len);
void out_put(Out *o, const char *s);
void out_putn(Out *o, const char *s, size_t n);
void out_printf(Out *o, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* Starts a line at the current indentation. */
void out_indent(Out *o);

/* ---- string map (out.c) ---- */

typedef struct StrMap {
    char **keys, **values;
    size_t cap, count;
} StrMap;

void strmap_init(StrMap *m);
void strmap_free(StrMap *m);
const char *strmap_get(const StrMap *m, const char *key);
/* Replaces any earlier value; returns the stored copy of value. */
const char *strmap_put(StrMap *m, const char *key, const char *value);

/* ---- identifiers (names.c) ---- */

typedef struct Names {
    StrMap used;      /* every identifier the program spells, and every C name given out */
    StrMap renamed;   /* protocol name -> C name */
    StrMap type_words;/* type words of the program: variables may not shadow them */
    StrMap generated; /* key of a generated entity -> its name */
    StrMap gen_used;  /* generated names given out */
    bool opencl;      /* OpenCL's words are reserved too (set before names_init) */
} Names;

/* Collects the program's names; kernel names and symbols are renamed in
 * order of appearance (docs/codegen.md, "Names"). */
void names_init(Names *n, const Program *p);
void names_free(Names *n);
/* The C spelling of a protocol identifier (built-ins stay themselves). */
const char *names_c(Names *n, const char *proto_name);
/* name + suffix, or with more '_', clear of every other name: a second C
 * name for one protocol name (a loop variable called like an array). */
const char *names_alias(Names *n, const char *name, const char *suffix);
const char *names_sym(Names *n, const Sym *s);
/* The C name of a user element type (its own namespace: a variable of the
 * same name is the one renamed). */
const char *names_type(Names *n, const char *proto_name);
/* The name of a generated entity, unique among generated names: the
 * same key always gives the same name; a new one is prefix + base, with
 * `_` appended while it is taken. */
const char *names_generated(Names *n, const char *key, const char *prefix, const char *base);
/* The generated names of Table 1 [VST], keyed by the C name of the
 * protocol's entity (and the element type): the same entity always gets
 * the same name, never a counter [VST Sec. 6]. */
const char *names_write_fn(Names *n, const char *array, const char *type); /* __dummyA_w */
const char *names_read_var(Names *n, const char *array, const char *type); /* __dummyA */
const char *names_unknown_fn(Names *n, const char *var);                   /* __unknown_x */
const char *names_local_fn(Names *n, const char *var);                     /* __local_x */
/* `local x uniform block;` / `uniform grid`: __block_unknown_x / __grid_unknown_x */
const char *names_shared_unknown_fn(Names *n, const char *var, ShareGroup g);
/* Would this identifier break C or collide with CUDA (or OpenCL, when
 * n->opencl)? */
bool names_is_reserved(const Names *n, const char *s);
/* OpenCL C's words (gen_opencl.c), renamed only in OpenCL: CUDA keeps its
 * round trip exact for a name such as `half`. */
bool gen_opencl_reserved(const char *s);

/* ---- element types (types.c) ---- */

typedef enum {
    ATOM_INT, ATOM_UINT, ATOM_ULL, ATOM_FLOAT, ATOM_DOUBLE, /* atomicAdd has these */
    ATOM_CAST,                                              /* anything else */
} AtomicKind;

typedef struct ElemType {
    char *decl;        /* for declarations: `volatile float`, `foo` (a user struct) */
    char *value;       /* without qualifiers: read variables, write functions */
    char *user_struct; /* the struct to declare, or NULL */
    AtomicKind atomic;
} ElemType;

/* NULL spelling: Faial's untyped arrays, which are int. */
void elem_type_init(ElemType *t, const char *spelling, Names *n);
void elem_type_free(ElemType *t);
/* The protocol name of a user type (its words joined by `_`; malloc'd),
 * or NULL for a C or CUDA type. */
char *elem_user_type_name(const char *spelling);
/* Is w one of C's or CUDA's type words (int, unsigned, float4, ...)? */
bool is_c_type_word(const char *w);

/* ---- expressions (expr.c) ---- */

typedef struct ExprCtx {
    Names *names;
    const char **sym_name; /* by Sym index: the C name of each symbol of the kernel */
    /* a built-in in the dialect's spelling (OpenCL's get_local_id(0));
     * NULL: its name (CUDA's threadIdx.x) */
    void (*builtin)(Out *o, const Sym *s);
    bool division_helpers; /* Dialect.division_helpers (gen_kernel.h) */
    /* Built-ins as `(int)threadIdx.x`: in an expression that may go
     * negative, C's unsigned built-ins would wrap where the protocol's
     * integers do not. */
    bool signed_builtins;
    /* ... as `(long long)threadIdx.x`, and numbers with an LL suffix: an
     * expression over the built-ins whose values pass 2^31 (`3 <<
     * threadIdx.x`) computes in 64 bits, as the protocol's integers. */
    bool wide_builtins;
} ExprCtx;

void gen_expr(Out *o, const ExprCtx *c, const Expr *e);
/* e as the right operand of a comparison the generator writes itself
 * (`i < BOUND`): a conditional or a comparison there needs parentheses. */
void gen_compared(Out *o, const ExprCtx *c, const Expr *e);
/* An array size: a literal as is, anything else through __mapkit_dim(). */
void gen_size(Out *o, const ExprCtx *c, const Expr *size);
bool expr_is_literal(const Expr *e);
/* The C type of a `let`: int, or a 64-bit type when the value holds a
 * conversion (u32, u64, i64) or a value over the built-ins that int
 * cannot hold. */
const char *gen_value_type(const ExprCtx *c, const Expr *e);

#endif
