/* The generator's plan of a file ([VST Table 1] and Fig. 4): for each
 * kernel, its arrays with their C names, element types, read variables and
 * write functions, decided before any text is written so that every name
 * is fixed by the protocol alone.
 *
 * Ownership: a Gen owns its KernelGens and their arrays (gen_free in
 * gen.c); the strings they point at belong to Gen.names or to the maps in
 * Gen; the Kernel, Sym and ArrayDecl pointers borrow the Program. */
#ifndef MAPKIT_GEN_KERNEL_H
#define MAPKIT_GEN_KERNEL_H

#include "internal.h"

typedef struct ArrayInfo {
    const ArrayDecl *decl;
    const Sym *sym;
    ElemType type;
    const char *cname;
    const char *proto_cname; /* cname before an extern array got apart (gen.c) */
    const char *read_var; /* __dummyA */
    const char *write_fn; /* __dummyA_w */
    bool read, written, atomic;
    const char *tparam; /* --templates: the kernel's type parameter for a global array's elements */
    bool read_into;     /* a read keeps its value: `local x = rd A[i];` */
} ArrayInfo;

/* The start of both dialects' prelude: its guard and open sizes. */
#define GEN_PRELUDE_HEAD \
    "#ifndef MAPKIT_PRELUDE\n" \
    "#define MAPKIT_PRELUDE\n" \
    "#ifndef MAPKIT_OPEN_DIM\n" \
    "#define MAPKIT_OPEN_DIM 16\n" \
    "#endif\n" \
    "/* A size that is not a literal: the protocol's expression stays in the text. */\n" \
    "#define __mapkit_dim(...) MAPKIT_OPEN_DIM\n"

struct Gen;
struct KernelGen;

/* What differs between the dialects written (docs/codegen.md, "OpenCL"):
 * one table each, gen_cuda in gen.c and gen_opencl in gen_opencl.c;
 * everything else is shared. */
/* Does some array of k state a fact about its contents (docs/language.md 3.10)? */
bool gen_kernel_has_facts(const Kernel *k);

typedef struct Dialect {
    const char *kernel_head;  /* before the kernel's name: `__global__ void` */
    const char *local_space;  /* a shared array's qualifier: `__shared__` */
    const char *global_space; /* before a global array parameter's type: `` or `__global ` */
    const char *extern_fn;    /* before an extern function's type: `extern __device__ ` */
    const char *no_params;    /* between the parentheses of an extern function's declaration */
    const char *prelude;
    /* the only shared array CUDA sizes at launch is the block's one
     * `extern __shared__` buffer; OpenCL sizes every one with __mapkit_dim() */
    bool extern_shared;
    const char *block_dim_key, *grid_dim_key; /* GPUVerify's header: `--blockDim=` */
    void (*builtin)(Out *o, const Sym *s);    /* NULL: its protocol name */
    /* C++ leaves `a / 0` undefined (the front end assumes it never happens),
     * where the protocol's is an unknown value: a division by anything but
     * a number is written __mapkit_div(a, b) / __mapkit_mod(a, b), whose
     * value at 0 is any.  OpenCL's `a / 0` is only unspecified: false. */
    bool division_helpers;
    void (*user_struct)(Out *o, const char *name, int width); /* width: bytes, 0 unknown */
    void (*elem_type)(ElemType *t); /* the dialect's spelling of a type; NULL: C's */
    /* the statements whose spelling is not shared */
    void (*sync)(Out *o, const struct KernelGen *kg, const Stmt *s);
    /* `local x uniform warp;` / `uniform tile(N);` (tile: N) */
    void (*tile_local)(Out *o, const struct KernelGen *kg, const char *var, const char *fn, int tile);
    void (*atomic)(Out *o, const struct KernelGen *kg, const struct ArrayInfo *a, const Stmt *s);
    /* the file from the kernels' text on, with --main (kernels: the
     * prelude, declarations and kernels, which OpenCL's host builds) */
    void (*main)(Out *o, const struct Gen *g, const char *kernels);
} Dialect;

extern const Dialect gen_cuda, gen_opencl;

typedef struct KernelGen {
    const Kernel *k;
    const char *cname;
    ArrayInfo *arrays;
    int narrays;
    const char **sym_name; /* by Sym index */
    ExprCtx ctx;
    GenStyle style;            /* gen_style.c */
    const char *unknown_param; /* plain styles: the float parameter unknowns come from */
    const char *thread_value;  /* plain styles: the thread's linear index, a float local */
    bool templated, helpers;   /* --templates, --helpers (gen_shape.c) */
    const Dialect *dialect;
} KernelGen;

/* What an extern function stands for; --main defines each kind its own way. */
typedef enum { EXTERN_WRITTEN, EXTERN_UNKNOWN, EXTERN_SHARED_UNKNOWN, EXTERN_LOCAL } ExternKind;

/* An extern __device__ function the kernels call (--main defines them). */
typedef struct ExternFn {
    const char *type, *name;
    ExternKind kind;
} ExternFn;

typedef struct Gen {
    const Program *p;
    const GenOptions *o;
    const Dialect *dialect;
    Names names;
    KernelGen *kernels;
    int nkernels;
    StrMap externs;      /* file-scope C name -> identity (extern shared arrays, kernels) */
    StrMap extern_names; /* storage for the names of extern shared arrays */
    StrMap declared;     /* extern function name -> its return type */
    StrMap structs;      /* user struct names declared */
    Out externs_text, structs_text;
    ExternFn *fns;
    int nfns, capfns;
} Gen;

bool array_is_extern(const ArrayDecl *d);
/* One __global__ function (kernel.c). */
void gen_kernel(Out *o, const KernelGen *kg);
/* The kernel has a `sync grid;`: it needs a cooperative launch. */
bool gen_kernel_syncs_grid(const Kernel *k);
/* The kernel has an atomic with a memory order: it needs <cuda/atomic>. */
bool gen_kernel_orders_atomics(const Kernel *k);
/* Some statement of b, at any depth, satisfies holds (gen.c). */
bool gen_block_any(const Block *b, bool (*holds)(const Stmt *));

/* Byte accesses (gen_bytes.c): the helpers, only in a file that has one,
 * and the call that stands for one access. */
bool gen_needs_bytes_prelude(const Gen *g);
void gen_bytes_prelude(Out *o, const Gen *g);
void gen_byte_access(Out *o, const KernelGen *kg, const ArrayInfo *a, const Stmt *s);
/* gen_tile.c: `sync warp;` / `sync tile(N);`, `local x uniform ...;`, and
 * whether a kernel needs cooperative groups for its tiles. */
void gen_tile_sync(Out *o, int tile);
void gen_uniform_local(Out *o, const KernelGen *kg, const char *var, const char *fn, int tile);
bool gen_kernel_uses_tiles(const Kernel *k);
/* The parameter declarator of a global array: `float (*A)[16]`. */
void gen_global_declarator(Out *o, const KernelGen *kg, const ArrayInfo *a, const char *name, const char *type);
/* gen_style.c: where --style=plain|gpuverify|faial differ (docs/codegen.md, "Styles"). */
void gen_style_plan(Names *n, KernelGen *kg, GenStyle s);
void gen_style_declarations(Out *o, GenStyle s);
void gen_style_params(Out *o, const KernelGen *kg, bool first);
void gen_style_locals(Out *o, const KernelGen *kg);
bool gen_style_arithmetic(const ArrayInfo *a);
void gen_style_read_var(Out *o, const KernelGen *kg, const ArrayInfo *a);
/* An unknown's value: fn() in mapkit's styles */
void gen_style_unknown(Out *o, const KernelGen *kg, const char *fn);
void gen_style_written(Out *o, const KernelGen *kg, const ArrayInfo *a);
const char *gen_style_assume_fn(const KernelGen *kg, const Stmt *s);
/* gen_shape.c: --templates and --helpers (docs/codegen.md, "Templates and helpers"). */
void gen_shape_plan(Names *n, KernelGen *kg, const GenOptions *o);
void gen_shape_prelude(Out *o, const GenOptions *opt);
void gen_template_head(Out *o, const KernelGen *kg);
void gen_template_instance(Out *o, const KernelGen *kg);
/* `<float, int>`: the instance's template arguments (nothing without --templates). */
void gen_template_args(Out *o, const KernelGen *kg);
/* The parameter list; concrete: element types, never --templates' type parameters. */
void gen_kernel_params(Out *o, const KernelGen *kg, bool concrete);
/* Before and after the cell of a read or a write: `__mapkit_load(` `)` with --helpers. */
void gen_load_open(Out *o, const KernelGen *kg);
void gen_load_close(Out *o, const KernelGen *kg);
/* The host program of --main (main.c). */
void gen_main(Out *o, const Gen *g);
/* CUDA's spellings of the statements a Dialect spells (gen_kernel.c). */
void gen_cuda_sync(Out *o, const KernelGen *kg, const Stmt *s);
void gen_cuda_atomic(Out *o, const KernelGen *kg, const ArrayInfo *a, const Stmt *s);
/* The accessed cell as an lvalue (A[i][j], s, *s) and its address. */
void gen_cell(Out *o, const KernelGen *kg, const ArrayInfo *a, const Stmt *s);
void gen_address(Out *o, const KernelGen *kg, const ArrayInfo *a, const Stmt *s);
/* The value --main passes for a uniform (-p, else 8). */
int64_t gen_param_value(const GenOptions *opt, const char *name);

#endif
