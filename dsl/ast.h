/* The protocol AST ([CAV21 Fig. 2] syntax, extended as docs/language.md
 * says).  It is the one data structure every part of mapkit shares: the
 * parser and the CUDA front end build it, the checker, the generator and
 * the printer read it.
 *
 * Ownership: a Program owns an Arena (arena.h); every node, name and
 * symbol of that program is allocated there and released by
 * program_free().  Nodes point at their SrcFile, which the caller keeps
 * alive until then.  Names are interned: two names are equal iff their
 * pointers are. */
#ifndef MAPKIT_AST_H
#define MAPKIT_AST_H

#include "arena.h"
#include "diag.h"
#include "launch.h"

#include <stdbool.h>
#include <stdint.h>

typedef struct Sym Sym;
typedef struct Expr Expr;
typedef struct Stmt Stmt;

/* ---- expressions ---- */

typedef enum {
    E_NUM,      /* natural literal */
    E_BOOL,     /* true / false */
    E_VAR,      /* x, or 1@x / 2@x (var.thread = 1 or 2) */
    E_UNARY,    /* - ! ~, and the conversions u8() .. i64() */
    E_BINARY,   /* arithmetic, bitwise, comparison, logic, min, max */
    E_COND,     /* c ? a : b */
    E_POW2,     /* pow2(x): x is a power of two */
    E_DISTINCT, /* distinct [a][b]: the two threads differ in a or b */
} ExprKind;

typedef enum {
    OP_MUL, OP_DIV, OP_MOD,
    OP_ADD, OP_SUB,
    OP_SHL, OP_SHR,
    OP_LT, OP_LE, OP_GT, OP_GE,
    OP_EQ, OP_NE,
    OP_BAND, OP_BXOR, OP_BOR,
    OP_AND, OP_OR,
    OP_MIN, OP_MAX,
    OP_NEG, OP_NOT, OP_BNOT, /* unary */
    /* unary: C's machine integers (docs/language.md 3.2): uN(e) is e
     * reduced modulo 2^N into [0, 2^N), iN(e) into [-2^(N-1), 2^(N-1)) */
    OP_U8, OP_U16, OP_U32, OP_U64, OP_I8, OP_I16, OP_I32, OP_I64,
} Op;

typedef enum { TY_UNKNOWN, TY_INT, TY_BOOL } Type;

/* Small fields are bytes so that the million nodes of a large protocol stay
 * within the memory budget; switch on `(ExprKind)e->kind` to keep -Wswitch. */
struct Expr {
    uint8_t kind;   /* ExprKind */
    uint8_t op;     /* Op */
    uint8_t type;   /* Type, set by resolution */
    uint8_t thread; /* E_VAR: 0, or 1 / 2 for 1@x / 2@x */
    uint16_t depth; /* height of the tree, bounded by the parser */
    Loc loc;
    union {
        uint64_t num;
        bool boolean;
        struct {
            const char *name;
            Sym *sym; /* set by resolution */
        } var;
        struct {
            Expr *a, *b, *c;
        } sub;
        struct {
            Expr **vars; /* E_VAR nodes */
            int n;
        } distinct;
    } u;
};

/* ---- statements ---- */

typedef enum { ACC_RD, ACC_WR, ACC_ATOMIC } AccessMode;

/* The scope of an atomic (the CUDA memory model's thread scopes): a
 * block-scoped atomic (atomicAdd_block, cuda::thread_scope_block) is atomic
 * only among the threads of its block, so two of them from different blocks
 * on one global cell race.  Device (the default) and system scope are
 * atomic across the whole grid. */
typedef enum { SCOPE_DEVICE, SCOPE_BLOCK, SCOPE_SYSTEM } AtomicScope;

/* The memory order of an atomic, as the source states it (libcu++'s
 * cuda::memory_order_*): recorded, printed and generated back, but no
 * verdict depends on it (docs/language.md 3.7).  ORDER_UNSAID: none stated
 * (CUDA's atomicAdd and friends, which are relaxed). */
typedef enum {
    ORDER_UNSAID,
    ORDER_RELAXED,
    ORDER_CONSUME,
    ORDER_ACQUIRE,
    ORDER_RELEASE,
    ORDER_ACQ_REL,
    ORDER_SEQ_CST
} MemoryOrder;

typedef struct Block {
    Stmt **items;
    int n;
    uint32_t close; /* offset of its '}' in the kernel's file; 0 without braces.
                     * Comments before it stay inside the block. */
} Block;

typedef enum {
    S_ACCESS, /* rd|wr|atomic A[i][j] */
    S_SYNC,   /* sync; (the block) or sync grid; (the whole grid, cooperative launch) */
    S_IF,
    S_LOOP,   /* foreach / for */
    S_LET,    /* let x = e: a per-thread name for a value */
    S_LOCAL,  /* local x: a fresh per-thread unknown, re-chosen each run */
    S_ASSUME, /* assume b, and `where b` of a declaration */
    S_OPAQUE, /* opaque: the kernel does something here the protocol cannot say
               * (accesses or barriers the front end could not follow) */
} StmtKind;

/* The threads that share an unknown's value (`local x uniform block;`,
 * `local x = sync;`, a uniform `local x = rd A[i];`): each thread alone, every thread
 * of one block, every thread of the grid; the threads that run it with the
 * same values of the enclosing loop variables get the same value. */
typedef enum { GROUP_THREAD, GROUP_BLOCK, GROUP_GRID } ShareGroup;

/* How a loop variable moves: x += s, x -= s, x *= s, x /= s, x <<= s, x >>= s. */
typedef enum { STEP_ADD, STEP_SUB, STEP_MUL, STEP_DIV, STEP_SHL, STEP_SHR } StepOp;

struct Stmt {
    uint8_t kind; /* StmtKind */
    int id;       /* 0..Kernel.nstmts-1 in pre-order, set by resolution: side tables index by it */
    Loc loc;
    union {
        struct {
            Expr *array; /* E_VAR naming the array */
            Expr **index;
            int nindex;
            /* the three small fields together, so that the access (the
             * largest statement) stays within the memory budget */
            uint8_t mode;  /* AccessMode */
            uint8_t scope; /* AtomicScope of an atomic; SCOPE_DEVICE otherwise */
            uint8_t order; /* MemoryOrder of an atomic; ORDER_UNSAID otherwise */
            uint8_t load;  /* `atomic load A[i];`: an atomic that only reads (3.7) */
            Expr *value;  /* `wr A[i] = e;`: the value written; NULL when unknown
                           * (plain `wr`, and every rd/atomic). Two writes of one
                           * value to a cell are a benign race (DESIGN.md, Writes). */
            Expr *into;   /* `local x = rd A[i];`: the defining E_VAR that names the
                           * value read (a SYM_UNKNOWN), NULL otherwise.  The checker
                           * decides how uniform it is (docs/language.md, 3.4). */
            /* `local t = ticket(c[i], k);`: an atomic on the counter c[i] that
             * also defines t, the counter's old value (t = atomicAdd(&c[i], k)):
             * a fresh unknown (SYM_UNKNOWN, def this statement) whose range
             * [t, t + k) is disjoint from every other thread's draw on that
             * counter (docs/language.md 3.4).  NULL for other accesses. */
            Expr *ticket; /* defining E_VAR */
            Expr *amount; /* k; `-k` for a decrement (atomicSub) */
            /* `rd A bytes(o, w);`: the w bytes of A from byte o (counted from
             * A's first byte, row-major over its declared shape), nindex 0;
             * both NULL for a cell access A[i][j] (docs/language.md 3.3). */
            Expr *byte_off;
            Expr *byte_width;
        } access;
        struct {
            Expr *cond;
            Block then, els;
        } if_;
        /* for (var = init; var cmp bound; var step= amount) body */
        struct {
            Expr *var; /* defining E_VAR */
            Expr *init;
            Expr *bound;
            Expr *amount;
            Block body;
            uint8_t cmp;  /* Op: OP_LT, OP_LE, OP_GT, OP_GE or OP_NE */
            uint8_t step; /* StepOp */
            bool assigns; /* `for (i = ...)` reuses a name; foreach and `for (int i` declare.
                           * Only diagnostics care: equality and printing ignore it. */
        } loop;
        struct {
            Expr *var; /* defining E_VAR */
            Expr *value;
        } let;
        struct {
            Expr *var;     /* defining E_VAR */
            uint8_t group; /* ShareGroup: `local x uniform block;` is the same in every thread of a block */
            int tile;      /* `local x uniform warp;` / `uniform tile(N);`: one value in the
                            * threads of a tile of N (dsl/tile.h); 0: not shared by a tile */
        } local;
        struct {
            Expr *cond;
        } assume;
        struct {
            bool grid; /* `sync grid;`: every thread of the grid, not only of the block */
            Expr *into; /* `local x = sync;`: the defining E_VAR of the collective's
                         * result (__syncthreads_or ...), the same in every thread
                         * of the synchronized group; NULL for a plain sync */
            int tile;   /* `sync tile(N);` / `sync warp;` (N = 32): only the threads of one
                         * tile of N consecutive ranks (dsl/tile.h); 0: the block */
            uint8_t unordered; /* `sync local;` / `sync global;` / `sync exec;`: bit (1 << MemSpace)
                                * set for each space this barrier does NOT order (dsl/fence.h);
                                * 0: `sync;`, both */
        } sync;
    } u;
};

/* ---- declarations ---- */

typedef enum { MEM_SHARED, MEM_GLOBAL } MemSpace;

/* What a protocol may state about an array's contents (docs/language.md
 * 3.9): its values never decrease with the index, or are all distinct. */
typedef enum { FACT_NONE, FACT_NONDECREASING, FACT_INJECTIVE } ArrayFact;
const char *array_fact_name(ArrayFact f);

typedef struct ArrayDecl {
    Expr *name;            /* defining E_VAR */
    MemSpace mem;
    const char *elem_type; /* "float", "unsigned int"; NULL when not given */
    int ndims;             /* -1: not declared (Faial's `shared A;`), fixed by use */
    bool dims_from_use;    /* ndims was -1 and resolution fixed it */
    Expr **sizes;          /* ndims entries; NULL entry for `[]` */
    Expr *width;           /* `shared KV kv[64] bytes(12);`: the element's width stated; NULL otherwise */
    int elem_bytes;        /* the element's width in bytes (stated, or elem_width of its type); 0: unknown */
    bool has_bytes;        /* some access uses bytes(o, w): overlap is decided on bytes (resolution) */
    /* `global int row[] nondecreasing(n + 1);`: a fact about the contents
     * (docs/language.md 3.10), assumed and printed with the verdict */
    uint8_t fact;          /* ArrayFact */
    Expr *fact_len;        /* the cells it covers, [0, len); NULL: all of them */
    Loc fact_loc;
    Loc loc;
} ArrayDecl;

/* A scalar declared by `uniform N` / `const global N` (uniform) or
 * `const local x` (a per-thread constant, chosen once per thread). */
typedef enum { VAR_UNIFORM, VAR_LOCAL } VarScope;

typedef struct VarDecl {
    Expr *name; /* defining E_VAR */
    VarScope scope;
    /* N of a uniform that stands for a signed N-bit C parameter, which the
     * kernel reads as iN(name) (docs/inference.md, "Signed values"): the
     * launch's facts are about that iN (checker/encode_launch.c) and a
     * witness shows it; 0 for any other */
    uint8_t signed_bits;
} VarDecl;

/* One assumption of the front end: a sentence, and where it comes from
 * (the kernel's parameter, the launch; loc.file NULL: nowhere). */
typedef struct KernelAssumption {
    const char *text;
    Loc loc;
    /* the condition of the body's top-level `assume` that states it, where
     * one does (an enum parameter's range): a launch that shows the value
     * takes it out (infer/host/host.c); NULL otherwise */
    const Expr *assume;
} KernelAssumption;

typedef struct Kernel {
    const char *name;
    Loc loc;
    bool implicit; /* the file had no `kernel` block: Faial's one-protocol form */
    ArrayDecl *arrays;
    int narrays;
    VarDecl *vars;
    int nvars;
    Block body; /* `where` clauses appear here as S_ASSUME, in order */
    Sym **syms; /* every symbol of the kernel, built-ins first (resolution) */
    int nsyms;
    int nstmts; /* statements numbered by resolution */
    /* The launches of this kernel the host code makes (infer/host/host.c), one
     * per site, in the Program's arena; none for a protocol. */
    Launch *host_launches;
    int nhost_launches;
    /* What the front end assumed of the host, or found it could not read
     * (infer/host/host.c: pointer parameters that do not overlap, the
     * __restrict__ promise, an enum parameter's range, a launch it could
     * not read): each printed with the verdict among the assumptions
     * (cli/assumptions.c).  In the Program's arena; none for a protocol. */
    KernelAssumption *assumes;
    int nassumes;
    /* The rules of C's integers the front end relied on to leave a
     * conversion out (CRule bits; docs/inference.md, "Machine integers"),
     * printed with the verdict; 0 for a protocol. */
    uint8_t c_rules;
    /* A kernel read from C (infer): its parameters' names, in order ("" for
     * an unnamed one), in the Program's arena, for what runs the kernel
     * itself (mapkit emulate); none for a protocol. */
    const char **param_names;
    int nparam_names;
    /* A template kernel read from C: the C++ spelling of the instance it is
     * (`reverseBlocks<float, 256>`), for what runs it; NULL when its name is
     * that spelling or no single instance is known. */
    const char *cxx_name;
} Kernel;

typedef enum {
    CRULE_NO_SIGNED_OVERFLOW = 1, /* signed arithmetic never overflows (undefined in C) */
    CRULE_GRID_BELOW_2_31 = 2,    /* blockIdx.a * S + threadIdx.a stays below 2^31 */
    CRULE_HOST_SIZES = 4,         /* arithmetic over values of no known bound (parameters,
                                   * loop variables, values read) stays within its 32- and
                                   * 64-bit types: no wrap, no change of sign */
} CRule;
/* The text of one rule (a CRule bit): "no signed overflow", ... */
const char *c_rule_text(CRule r);

/* ---- symbols (filled by resolution) ---- */

typedef enum {
    SYM_ARRAY,
    SYM_UNIFORM, /* same in every thread of the grid: uniform params, blockDim, gridDim, warpSize */
    SYM_BLOCK,   /* same in every thread of a block: blockIdx.* */
    SYM_THREAD,  /* threadIdx.* */
    SYM_LOCAL,   /* const local: a per-thread constant */
    SYM_LOOP,
    SYM_LET,
    SYM_UNKNOWN, /* `local x;`, and a ticket's `local t = ticket(c, k);` */
} SymKind;

typedef enum {
    BI_NONE,
    BI_THREADIDX, BI_BLOCKIDX, BI_BLOCKDIM, BI_GRIDDIM, /* with axis 0..2 */
    BI_WARPSIZE,
} Builtin;

struct Sym {
    const char *name;
    SymKind kind;
    Builtin builtin;
    int axis;
    Loc loc;
    ArrayDecl *array; /* SYM_ARRAY */
    Stmt *def;        /* SYM_LOOP, SYM_LET, SYM_UNKNOWN */
    Loc first_use;    /* SYM_ARRAY with ndims -1: the access that fixed ndims */
    int index;        /* position in Kernel.syms, for the checker's tables */
};

/* A comment of the source, kept so `mapkit fmt` does not lose it. */
typedef struct Comment {
    uint32_t off, len;
    bool own_line; /* nothing but blanks before it on its line */
} Comment;

typedef struct Program {
    Arena arena;
    const SrcFile *file;
    Kernel **kernels;
    int nkernels;
    Comment *comments; /* in source order */
    int ncomments;
    NameTable names; /* interned names */
    /* other source files nodes point into (the project headers that
     * define kernels of an inferred .cu): owned, freed with the Program */
    SrcFile **headers;
    int nheaders, capheaders;
} Program;

Program *program_new(const SrcFile *file);
void program_free(Program *p);
/* The Program takes f (program_free releases it after the nodes). */
void program_own_file(Program *p, SrcFile *f);
const char *program_intern(Program *p, const char *s, size_t n);

/* Node constructors (all allocate in p's arena). */
Expr *expr_num(Program *p, Loc loc, uint64_t v);
Expr *expr_bool(Program *p, Loc loc, bool v);
Expr *expr_var(Program *p, Loc loc, const char *name);
Expr *expr_unary(Program *p, Loc loc, Op op, Expr *a);
Expr *expr_binary(Program *p, Op op, Expr *a, Expr *b);
Expr *expr_cond(Program *p, Expr *c, Expr *a, Expr *b);
Expr *expr_pow2(Program *p, Loc loc, Expr *a);
Expr *expr_distinct(Program *p, Loc loc, Expr **vars, int n);
Stmt *stmt_new(Program *p, StmtKind kind, Loc loc);
void block_push(Program *p, Block *b, Stmt *s);

/* The operand slots of e: one for E_UNARY and E_POW2, two for E_BINARY,
 * three for E_COND, none otherwise (E_DISTINCT's names are leaves).  A
 * pass over expressions recurses through these instead of its own switch;
 * a slot may be rewritten in place. */
int expr_operands(Expr *e, Expr **slot[3]);

/* The value of an expression without names (`-2`, `0 / 1 == 0`), as the
 * protocol's integers and C's truncating division give it; false when
 * it has a name, divides by zero, shifts wildly or overflows. */
bool expr_constant(const Expr *e, int64_t *v);

/* A top-level precondition of k fixes sym: `assume sym == N` (alone or
 * in a conjunction), as inference writes GPUVerify's launch sizes. */
/* The signed width of uniform `name` (VarDecl.signed_bits), 0 when it is
 * no signed parameter or not a uniform of k. */
int kernel_signed_bits(const Kernel *k, const char *name);
/* v as uniform `name` holds it: a signed parameter's as C converts v to
 * its type (3000000000 for an int is -1294967296), any other's v. */
int64_t kernel_param_value(const Kernel *k, const char *name, int64_t v);
bool kernel_pins(const Kernel *k, const Sym *sym, uint64_t *v);
/* The same by the variable's name, before symbols are resolved (the host
 * launches are read then). */
bool kernel_pins_named(const Kernel *k, const char *name, uint64_t *v);

/* The blocks nested in s: then and else of an if, a loop's body; none
 * otherwise.  Like expr_operands, for walks over statements. */
int stmt_blocks(Stmt *s, Block *out[2]);
/* Does e name x (e may be NULL)?  Does a statement of b, or one nested in
 * it, name x in an expression: an index, a value, a condition, a loop's
 * bounds, and with in_lets a let's value (a pass that has inlined the
 * lets already leaves them out)? */
bool expr_mentions_sym(const Expr *e, const Sym *x);
bool block_mentions_sym(const Block *b, const Sym *x, bool in_lets);

/* Does e relate the two threads (distinct, 1@x, 2@x)? */
bool expr_is_pairwise(const Expr *e);
/* Is e a natural for every value of its names?  Naturals (every variable)
 * combined by operators that keep them natural; lets are followed to their
 * values.  A syntactic test: `a - b` is not, whatever a and b are. */
bool expr_is_natural(const Expr *e);
/* "block", "grid"; NULL for GROUP_THREAD. */
const char *group_name(ShareGroup g);
bool op_is_comparison(Op op);
bool op_is_logical(Op op);
/* The conversions u8 .. u64, i8 .. i64: their width in bits, whether
 * signed, the op of a width and signedness (8, 16, 32 or 64), and the
 * conversion a name such as `u32` spells (false: none). */
bool op_is_conversion(Op op);
int conversion_bits(Op op);
bool conversion_signed(Op op);
Op conversion_op(int bits, bool is_signed);
bool conversion_named(const char *name, Op *op);
/* The value of the conversion op of v, as C computes it: false when it
 * lies beyond the 64-bit signed range (u64 of a negative value). */
bool conversion_apply(Op op, int64_t v, int64_t *out);
/* The greatest common divisor of |a| and |b| (0 when both are 0). */
int64_t int_gcd(int64_t a, int64_t b);
const char *op_spelling(Op op);
const char *access_mode_name(AccessMode m);
/* "block", "device", "system" */
const char *atomic_scope_name(AtomicScope sc);
/* "relaxed", "consume", "acquire", "release", "acq_rel", "seq_cst"; NULL for ORDER_UNSAID */
const char *memory_order_name(MemoryOrder o);
/* The fresh unknown a statement defines: `local x;`'s x, the value of
 * `local x = rd A[i];` and of `local x = sync;`, a ticket's t; NULL for every
 * other statement.  The one test passes over unknowns use. */
Expr *stmt_unknown_var(const Stmt *s);
/* A ticket's amount written `-k`: a decrement (atomicSub), whose range
 * counts down from the old value; k is then the amount subtracted. */
bool ticket_counts_down(const Expr *amount);
const char *step_spelling(StepOp s);

/* The width in bytes of an element of the C type `type` ("float",
 * "unsigned char", "float4", "long long"); 0 when the type is not known
 * (a struct) or NULL.  The one table of element widths. */
int elem_width(const char *type);
/* Is `type` one integer the table knows (not a float, a vector, a struct)?
 * Unsigned (`unsigned`, `uint32_t`, `size_t`)? */
bool elem_is_integer(const char *type);
bool elem_is_unsigned(const char *type);
/* Why d cannot state a fact about its contents (docs/language.md 3.10):
 * NULL when it can (one dimension of integers in global memory). */
const char *array_fact_problem(const ArrayDecl *d);
/* Is s a byte access `A bytes(o, w)`? */
bool access_is_bytes(const Stmt *s);
/* Does the access s change memory: a write or an atomic, but not an
 * atomic load (`atomic load A[i];`, 3.7), which only reads?  Two accesses
 * race only when one of them does (and they are not both atomic). */
bool access_writes(const Stmt *s);

/* Maximum height of an expression tree; deeper ones are rejected by the
 * parser so every recursive pass stays within a small stack. */
enum { MAX_EXPR_DEPTH = 1000 };

#endif
