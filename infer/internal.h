/* Shared state of the CUDA front end [CAV21 Sec. 5]: the translation
 * of one kernel from the libclang AST into protocol statements.
 *
 * The translation is an abstract interpretation of the kernel body in
 * program order.  Local variables are inlined SSA-style: the environment
 * maps each C declaration to its current value, a protocol expression
 * over the names visible at the current emission point.  What the
 * protocol cannot express becomes a fresh `local` unknown.
 *
 * Ownership: everything that ends up in the Program (names, expressions,
 * statements, array records) lives in the Program's arena.  The Infer
 * context owns its malloc'd environment, name table and stacks, released
 * by infer_ctx_free.  Cursors belong to the translation unit, which
 * outlives the context. */
#ifndef MAPKIT_INFER_INTERNAL_H
#define MAPKIT_INFER_INTERNAL_H

#include "infer.h"

#include <clang-c/Index.h>

/* An array of the kernel: shared (from a __shared__ declaration) or
 * global (from a pointer parameter or a __device__ array). */
typedef struct Array {
    CXCursor decl; /* its declaration; arrays are found again by it */
    const char *name;
    MemSpace mem;
    int ndims;
    const char *elem_type;
    Expr **sizes;
    Loc loc;
    const struct Array *owner; /* an array member of the struct cell owner (member_arrays.c), else NULL */
    /* The memory the pointers held in the cells of pointed_from (in the
     * field decl of them, when they are structs) point into: docs/inference.md,
     * "Pointers read from memory".  Its cells have cell_bytes bytes (0: not
     * known yet, a `void *` before its cast). */
    const struct Array *pointed_from;
    long long cell_bytes;
    /* An array of structs split into its fields (fields.c): split is 0 until
     * decided, 1 when parts are its fields' arrays, -1 when it stays whole.
     * A field's array, or a group of them standing for a struct member
     * (never accessed under its own name), has whole set and lies at
     * part_off .. part_off + part_size of whole's cell. */
    int split;
    struct Array **parts;
    int nparts;
    struct Array **groups;
    int ngroups;
    struct Array *whole;
    long long part_off, part_size;
} Array;

typedef enum {
    V_UNDEF,   /* not assigned yet on this path: a merge takes the other side */
    V_NONE,    /* a value the protocol does not track: a float, a struct, data */
    V_INT,     /* an integer: e, an expression over the names in scope */
    V_PTR,     /* a pointer into arr at idx[0..nidx-1]; the last index moves
                * with pointer arithmetic (nidx 0: a shared scalar) */
    V_PRIVATE, /* a pointer into memory no other thread writes (the thread's
                * own, a by-value parameter, __constant__): it never races;
                * a struct variable copied from a cell has arr and e set
                * (copied_cell: arr, and e or idx) */
    V_GROUP,   /* a cooperative group; block_group when sync() is a barrier,
                * grid_group too when it is the whole grid's (`sync grid;`) */
} ValueKind;

typedef struct Value {
    uint8_t kind;
    /* V_NONE: data that is the same in every thread of the block (a float
     * parameter, a literal, a math function of such values): a condition
     * on it is `local c uniform block;`, not a per-thread unknown. */
    bool shared;
    bool block_group;
    bool grid_group;
    int nidx;
    Expr *e;
    Array *arr;
    Expr **idx;
    /* V_PTR through a pointer cast to another element size (a view):
     * the last index counts `unit`-byte elements of an array whose cells
     * have `cell` bytes.  Both 0: the array's own cells. */
    int unit, cell;
    /* A CUB primitive object (cub.c): which one, with its class's template
     * arguments; the value itself is its TempStorage (V_PTR), CUB's own
     * storage (V_PRIVATE) or storage the protocol does not track. */
    const struct CubObject *cub;
    /* V_INT: the lane mask of the thread's logical warp, a tile of this many
     * threads (CUB's get_member_mask()), which __syncwarp(mask) syncs. */
    Expr *member_lanes;
    /* A struct object of the thread's own: the values of the members the
     * front end follows (local_fields.c); NULL: none. */
    const struct Fields *fields;
} Value;

static inline bool same_view(const Value *a, const Value *b)
{
    return a->unit == b->unit && a->cell == b->cell;
}

typedef struct Binding {
    CXCursor decl; /* a null cursor for an inlined call's return value */
    Value v;
    /* its address was taken (`&x`) or a reference bound to it: a write
     * through either is not followed, so its value is no longer known
     * (env_value) */
    bool escaped;
} Binding;

/* The conditions under which control has left the statement through
 * return, break, continue or a goto to the label being followed (goto.c):
 * NULL never, in->always always. */
typedef struct Jumps {
    Expr *ret, *brk, *cont, *go;
} Jumps;

typedef struct NameInfo {
    const char *name; /* interned; NULL for an empty slot */
    bool block_local; /* a let, local or loop variable: visible only in its block */
    bool visible;
    bool per_thread; /* a kernel-level `const local` */
    bool varies;     /* may differ between two threads of a block: an unknown, a loop over one */
    bool unknown;    /* a `local` unknown, or a let computed from one */
    bool block_shared; /* varies, but only as a value the block may share: read at a
                        * block-uniform index (`local x = rd A[i];`, which the checker
                        * proves or not) or a collective's result (`local x = sync;`) */
    bool retired; /* made by a trial that was undone (trial.c): free for any new name */
} NameInfo;

enum { MAX_TEMPLATE_PARAMS = 16 };

/* A non-type template parameter of the kernel, and the value every
 * instantiation in the file agrees on (template.c). */
typedef struct TemplateParam {
    CXCursor decl;
    bool pinned;
    int64_t value;
} TemplateParam;

/* Where clang reported errors: a function body with one in it may have
 * lost statements (an invalid declaration takes its uses with it). */
typedef struct ErrorSpot {
    CXFile file;
    unsigned off;
    char *message;
} ErrorSpot;

typedef struct ErrorSpots {
    ErrorSpot *at;
    int n, cap;
} ErrorSpots;

enum { MAX_FIELD_NEST = 4 };

/* A struct parameter taken by value, or a member of one (`p.view` of a
 * struct member `view`): the parameter and the members named from it,
 * outermost first.  A null root: none. */
typedef struct MemberPath {
    CXCursor root;
    CXCursor field[MAX_FIELD_NEST];
    int depth;
} MemberPath;

/* A member of a struct the kernel takes by value (`struct Args { float
 * *in; int n; }`): a pointer is a global array of its own (`args_in`), an
 * integer a uniform (`args_n`), like the kernel's own parameters.  Members
 * of a member struct are followed the same way (`args_view_data`): path
 * names them from the parameter, the pointer or integer last. */
typedef struct ParamField {
    MemberPath path;
    Array *arr;
    Expr *uniform;
} ParamField;

/* A warning given, and how often it came again at the same place. */
typedef struct Warned {
    Loc loc;
    char *msg;
    int count;
} Warned;

typedef struct Infer {
    Program *prog;
    Kernel *kernel;
    const SrcFile *src;
    CXTranslationUnit tu;
    CXFile main_file;
    Diag *diag;
    Block *out; /* where statements are emitted */
    Expr *always;

    Binding *env;
    int nenv, capenv;

    Array **arrays;
    int narrays, caparrays;

    NameInfo *names; /* open addressing on the interned pointer */
    size_t names_cap, names_used;
    const char **visible; /* block-local names in scope, innermost last */
    int nvisible, capvisible;

    CXCursor *calls; /* the inlining stack: recursion is refused */
    int ncalls, capcalls;
    int ret_slot; /* env index of the current inlined call's return value, or -1 */
    int this_slot; /* env index of the local object `this` is in the method inlined, or -1 */

    Loc anchor; /* where nodes from other files point: the call site in the .cu */
    int other_thread; /* inside __other_int(...) of a precondition */
    bool pairwise;    /* translating a __requires that uses __other_int */
    int sync_count;   /* barriers emitted so far */
    int loop_depth;   /* protocol loops around the emission point */
    int expr_depth;   /* nesting of tr_value: bounded, so deep C expressions cannot exhaust the stack */
    bool warned_depth;
    TemplateParam tparams[MAX_TEMPLATE_PARAMS];
    int ntparams;
    Stmt **kept; /* declarations slicing must leave, used or not */
    int nkept, capkept;
    const char **sliceable; /* uniforms slicing removes when nothing uses them (a loop's exit values) */
    int nsliceable, capsliceable;
    const ErrorSpots *errors;
    CXCursor kernel_body;
    ParamField *fields;
    int nfields, capfields;
    Warned *warned;
    int nwarned, capwarned;
    CXCursor *goto_labels; /* labels of the forward gotos being followed (goto.c) */
    int ngoto_labels, capgoto_labels;
    int pointer_choices; /* blocks split by `T *p = c ? A : B` around the emission point */
    bool reads_atomic;   /* the seed read of an atomicCAS loop (casloop.c): reads are atomic */
    int instance;        /* >= 0: the explicit instantiation of a kernel template analysed (template.c) */
    int trial_depth;     /* trial translations around the emission point (trial.c) */
    const char **trial_names; /* names made during the trials: retired when one is undone */
    int ntrial_names, captrial_names;
    Value this_value;    /* `this` of the method being inlined: a pointer to its object's cell, the
                          * thread's own (V_PRIVATE), or untracked (V_NONE) */
    MemberPath this_path; /* `this` of that method when its object is a struct parameter or a member
                           * of one: its members are the parameter's (ParamField) */
    const struct Dialect *dialect; /* CUDA's or OpenCL's facts (dialect.h) */
    CXCursor kernel_fn;            /* the kernel's function */
    Expr *cl_offset[3];            /* OpenCL's get_global_offset(d), made at first use */
    Expr *cl_work_dim;             /* OpenCL's get_work_dim() */
    unsigned cl_copied;            /* 1 << MemSpace of the arrays async copies reached since the last wait */
    int unexecuted;      /* > 0 while translating what C may not evaluate here (a loop's step,
                          * before its first iteration): no fact about it is assumed (nonzero.c) */
    Stmt **division_facts; /* the `assume d != 0;` of C's divisions (nonzero.c) */
    int ndivision_facts, capdivision_facts;
} Infer;

/* ---- cursors (cursor.c) ---- */
typedef struct Children {
    CXCursor *c;
    int n;
} Children;
Children children_of(CXCursor c); /* caller frees .c */
CXCursor child_at(CXCursor c, int i); /* the i-th child, or a null cursor */
CXCursor function_body(CXCursor fn);       /* its compound statement, or a null cursor */
CXCursor function_param(CXCursor fn, int i); /* its i-th parameter, or a null cursor */
bool cursor_refers_to(CXCursor e, CXCursor decl); /* e names decl (through parentheses and casts) */
CXCursor strip_expr(CXCursor c);
bool is_expression_kind(enum CXCursorKind k); /* clang_isExpression, and __builtin_bit_cast */  /* through parentheses and implicit casts */
bool cursor_in_main_file(const Infer *in, CXCursor c);
bool is_file_scope(CXCursor decl); /* declared in a namespace or the translation unit */
Loc loc_of(Infer *in, CXCursor c);
char *cursor_name(CXCursor c); /* malloc'd spelling */
char *decl_protocol_name(CXCursor decl); /* malloc'd: the generator's annotated name, else the spelling */
bool cursor_name_is(CXCursor c, const char *name);
bool type_is_integral(CXType t);
bool type_is_pointer(CXType t); /* a pointer or an array */
bool type_is_array(CXType t);
bool type_is_floating(CXType t);
bool type_is_unsigned(CXType t); /* bool or an unsigned integer: never negative */
bool cursor_has_attr(CXCursor c, enum CXCursorKind attr);
CXCursor callee_decl(CXCursor call); /* the called function's declaration, or a null cursor */
char *callee_name(CXCursor call);    /* malloc'd, "" when unknown */
bool call_is_arith(CXCursor call);   /* min, max, pow2, ... without side effects */
Expr *linear_tid(Infer *in, Loc loc); /* the thread's index within its block */
Expr *block_size(Infer *in, Loc loc); /* blockDim.x * blockDim.y * blockDim.z */
bool eval_int(CXCursor c, int64_t *out);
const char *elem_type_name(Infer *in, CXType t);
/* Calls each on every declaration at file or namespace scope, until it
 * returns false. */
typedef bool (*TopLevelVisitor)(CXCursor decl, void *data);
void visit_top_level(CXTranslationUnit tu, TopLevelVisitor each, void *data);
/* Does tree, or a call inside it, match? */
typedef bool (*CallMatch)(CXCursor call, void *data);
bool any_call(CXCursor tree, CallMatch match, void *data);

/* ---- names, scopes, emission, environment (env.c) ---- */
const char *fresh_name(Infer *in, const char *base, bool block_local);
bool name_is_uniform(Infer *in, const char *name);
void name_mark_per_thread(Infer *in, const char *name);
void name_mark_varying(Infer *in, const char *name);
void name_mark_block_shared(Infer *in, const char *name);
void name_retire(Infer *in, const char *name); /* a trial's name, free again (trial.c) */
/* Is e the same in every thread of a block, given that the values marked
 * block_shared are?  (expr_varies, with those names let through) */
bool expr_block_shared(Infer *in, const Expr *e);
/* A name for an unknown (`local`), or a let of one: a written value that
 * mentions it tells nothing (expr_has_unknown). */
void name_mark_unknown(Infer *in, const char *name);
bool expr_has_unknown(Infer *in, const Expr *e);
/* May e differ between two threads of one block (a thread id, an unknown)? */
bool expr_varies(Infer *in, const Expr *e);
Expr *var_expr(Infer *in, const char *name, Loc loc);
Expr *num_expr(Infer *in, int64_t v, Loc loc);
Expr *mk_binary(Infer *in, Op op, Expr *a, Expr *b);
Expr *mk_not(Infer *in, Expr *a);
Expr *mk_and(Infer *in, Expr *a, Expr *b);
Expr *mk_or(Infer *in, Expr *a, Expr *b);
Expr *mk_cond(Infer *in, Expr *c, Expr *a, Expr *b);
bool expr_is_true(const Expr *e);
bool expr_in_scope(Infer *in, const Expr *e);
int expr_size(const Expr *e, int cap);

void emit(Infer *in, Stmt *s);
Expr *emit_local(Infer *in, const char *base, Loc loc);
Stmt *emit_access(Infer *in, AccessMode mode, Array *arr, Expr **idx, int n, Loc loc);
/* `local x = rd A[i];`: a read whose value the kernel uses, as an unknown
 * x that the checker may prove shared (docs/inference.md); returns x. */
Expr *emit_read_into(Infer *in, Array *arr, Expr **idx, int n, Loc loc);
void emit_assume(Infer *in, Expr *cond, Loc loc);

typedef struct BlockMark {
    Block *saved_out;
    int vis_mark;
} BlockMark;
void block_enter(Infer *in, Block *b, BlockMark *m);
void block_leave(Infer *in, BlockMark *m);
/* Emits `if (cond) { } else { }` and enters its then-block (block_leave
 * ends it; the Stmt's els is there to enter next). */
Stmt *emit_if_enter(Infer *in, Expr *cond, BlockMark *m, Loc loc);

int env_find(Infer *in, CXCursor decl);
int env_bind(Infer *in, CXCursor decl, Value v);
Value *env_snapshot(Infer *in);
void env_restore(Infer *in, const Value *snap, int n);
void env_merge(Infer *in, Expr *cond, const Value *then_v, const Value *else_v, int n, Loc loc);
void env_havoc(Infer *in, int slot, Loc loc, const char *why);
/* The same with `local x uniform block;` unknowns (a loop whose variables
 * the block changes alike: stmt.c) */
void env_havoc_block_shared(Infer *in, int slot, Loc loc);
Expr *emit_block_unknown(Infer *in, const char *base, Loc loc);
bool value_block_shared(Infer *in, const Value *v);
Value value_int(Expr *e);
Value value_none(void);
/* The value a variable's slot holds where it is read: a fresh unknown
 * once it has escaped (Binding.escaped). */
Value env_value(Infer *in, int slot, Loc loc);
/* Data (V_NONE), shared in the block when `shared`. */
Value value_data(bool shared);
/* Is the value the same in every thread of the block: an integer over
 * shared names, or shared data? */
bool value_is_shared(Infer *in, const Value *v);
/* Data computed from these values: shared when all of them are. */
Value value_data_of(Infer *in, const Value *v, int n);
Value value_private(void); /* into memory no other thread writes */
Value array_decay(Infer *in, Array *a, Loc loc); /* the pointer to its first element, or to a scalar */
/* `s.pixels` for an array member of a struct cell (a `__shared__` or
 * `__device__` struct variable, or `this` in a method called on one): a
 * pointer to an array of its own (member_arrays.c). */
bool struct_member_array(Infer *in, CXCursor member, const Array *cell, Value *out);
/* `obj.input` on a variable whose type is a class template's left
 * dependent: is the class template's field of that name an array? */
bool member_is_array_field(Infer *in, CXCursor member, CXCursor holder);
/* The address of a method's object (`stage` in `stage.load(in)`): a
 * pointer to its cell, V_PRIVATE for the thread's own, else V_NONE. */
Value object_address(Infer *in, CXCursor object);
/* The value `T var = init;` starts with: for a struct copied from a cell
 * and then only read member by member, the thread's own copy (V_PRIVATE)
 * remembering the cell's array and the values read (`arr`; `e` for a
 * cell kept whole, `idx[j]` for the part j of a split one), whose integer
 * and pointer members are followed; else init's value. */
Value copied_cell(Infer *in, CXCursor var, CXCursor init);
Expr *value_as_int(Infer *in, Value v, const char *base, Loc loc);

Array *array_find(Infer *in, CXCursor decl);
Array *array_add(Infer *in, CXCursor decl, const char *name, MemSpace mem, CXType type, Loc loc);

void warn_at(Infer *in, CXCursor c, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
/* What the protocol cannot follow and may hide accesses or barriers: a
 * warning, and an `opaque` statement there, so that no verdict claims
 * data-race freedom past it (docs/inference.md, "What is lost"). */
void opaque_at(Infer *in, CXCursor c, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
void emit_opaque(Infer *in, Loc loc);
/* The one path for a construct the front end does not model: a located
 * warning `not followed: <construct>` and an `opaque` statement there. */
void not_followed(Infer *in, CXCursor c, const char *construct);

/* warp.c: warps and tiles (dsl/tile.h).  The N of a cooperative-groups
 * thread_block_tile<N> type (0: not one); __syncwarp(mask) and a group's
 * sync as `sync warp;` / `sync tile(N);` or opaque; a vote or reduce over
 * a full warp or tile as an unknown `uniform` over it (false: not one). */
int warp_tile_of_type(CXType t);
int warp_tile_of(CXCursor group);
/* mask_value: the mask's value, which may be a logical warp's (Value.member_lanes) */
void warp_syncwarp(Infer *in, CXCursor call, const CXCursor *args, const Value *mask_value, int nargs, Loc loc);
/* each(in, k, ctx) for the tile size n is: n itself when it is a number,
 * else under `if (n == 1) ... else if (n == 2) ... else` for every power of
 * two up to 32 (n a power of two the program requires, as CUB's logical
 * warps are). */
void per_tile_size(Infer *in, Expr *n, void (*each)(Infer *, int tile, void *ctx), void *ctx, Loc loc);
void emit_tile_sync(Infer *in, int tile, Loc loc); /* `sync tile(N);`, N a tile size (tile.h) */
void warp_group_sync(Infer *in, CXCursor call, CXCursor group, Loc loc);
bool warp_collective(Infer *in, const char *name, CXCursor object, const CXCursor *args, int nargs, Loc loc,
                     Value *out);
/* tile.thread_rank(), tile.size(), tile.num_threads(), tile.meta_group_rank()
 * of a thread_block_tile<N>: arithmetic over the thread's linear rank. */
bool warp_tile_query(Infer *in, const char *name, CXCursor object, Loc loc, Value *out);
void not_followed_kind(Infer *in, CXCursor c); /* named by clang's cursor kind */
void warnings_close(Infer *in); /* the counts of repeated warnings; frees the table */

/* ---- expressions (expr.c) ---- */
Expr *tr_int(Infer *in, CXCursor e);   /* NULL: unknown */
/* `d_in + offset` in a template's pattern with an operator+ declared in
 * scope: clang leaves an overloaded call, though no user-defined operator
 * takes a pointer and an int; the built-in operator.  False when an
 * operand could be a class's. */
bool tr_unresolved_operator(Infer *in, CXCursor call, Value *out);
Expr *tr_index(Infer *in, CXCursor e); /* never NULL: unknowns become locals */
Expr *tr_cond(Infer *in, CXCursor e);  /* never NULL */
Value tr_value(Infer *in, CXCursor e); /* by the expression's type */
CXCursor last_expr_child(CXCursor c);  /* a cast's operand (a TypeRef may come first), or a null cursor */
void tr_effects(Infer *in, CXCursor e);
Value tr_call(Infer *in, CXCursor call);
Value ref_to_cell(Infer *in, CXCursor arg, bool *is_cell);
/* What `return e;` gives in a function returning T &: the cell (V_PTR
 * with block_group), the thread's own memory (V_PRIVATE with
 * block_group), or else e's value, which a write cannot go through. */
Value returned_reference(Infer *in, CXCursor e);
bool is_reference_type(CXType t); /* T &, T && (through aliases) */
Value class_assign(Infer *in, CXCursor lhs, CXCursor rhs, bool compound, Loc loc);
typedef enum { CELL_TRACKED, CELL_PRIVATE, CELL_UNTRACKED } CellKind;
/* The cell a pointer argument designates (atomics, __ldg): a tracked
 * array's, the thread's own memory, or a pointer the protocol does not follow. */
CellKind pointer_cell(Infer *in, CXCursor arg, Array **arr, Expr ***idx, int *n);
/* The same for a pointer value p. */
CellKind value_cell(Infer *in, Value p, Loc loc, Array **arr, Expr ***idx, int *n);

/* ---- atomics (atomic.c, libcuxx.c) ---- */
/* An atomic operation as the front end saw it. */
typedef struct AtomicOp {
    const char *name; /* for messages */
    CXCursor call;
    Loc loc;
    AtomicScope scope;
    int dir;      /* +1 an add, -1 a subtraction, 0 neither: its old value is no ticket */
    Expr *amount; /* what an add or subtraction moves the counter by; NULL: unknown (no ticket) */
    MemoryOrder order; /* as stated (libcu++); ORDER_UNSAID for CUDA's atomic* */
} AtomicOp;
/* atomicAdd_block is block-scoped, atomicAdd_system system-scoped. */
AtomicScope atomic_name_scope(const char *name);
/* The amount of an add or subtraction (1 for a null cursor) on an integer
 * counter, when the protocol can say it; NULL otherwise. */
Expr *atomic_amount(Infer *in, CXCursor amount, bool counter, Loc loc);
/* The atomic access of op to a cell; with a direction and an amount it is
 * a ticket, whose value is returned (value_none() otherwise). */
Value emit_atomic_at(Infer *in, const AtomicOp *op, CellKind cell, Array *arr, Expr **idx, int n);
/* The value of a class object a member is called on: for a temporary
 * `T(x)`, what its constructor call gives (atomic_ref's and CUB's hold a
 * pointer to their cell). */
Value object_value(Infer *in, CXCursor object);
/* CUDA's atomicAdd, atomicCAS_block, ...: true when name is one. */
bool cuda_atomic_call(Infer *in, const char *name, CXCursor call, CXCursor *args, int nargs, Loc loc,
                      Value *out);
/* A member of libcu++'s atomics (cuda::atomic, cuda::atomic_ref,
 * cuda::std::atomic, as libcuxx.c declares them): true when decl is one. */
bool libcuxx_atomic_call(Infer *in, const char *name, CXCursor decl, CXCursor object, CXCursor *args, int nargs,
                         CXCursor call, Loc loc, Value *out);
/* The text of a libcu++ header the built-in declarations stand for
 * (`cuda/atomic`, `cuda/std/atomic`); NULL for any other name. */
const char *libcuxx_header(const char *name, unsigned long *len);
/* CUB's block and warp primitives (cub.c): a call of a member of one
 * (BlockLoad, ..., WarpScan, ...), resolved or left dependent in a
 * template's pattern, or the construction of one, is their model; true
 * when the call is one. */
bool cub_call(Infer *in, CXCursor decl, CXCursor object, CXCursor *args, int nargs, CXCursor call, Loc loc,
              Value *out);
/* `block_load_t load(storage);` in a template's pattern, the class's type
 * left dependent: the object, when var's type is a CUB primitive's. */
bool cub_declared_object(Infer *in, CXCursor var, CXCursor init, Value *out);
/* `template <int N> void f(cub::WarpScan<T, N> &scan)` called left dependent
 * with a CUB object (arg, for the callee tmpl's parameter parm): the
 * template parameters written in the primitive's arguments (N) take the
 * object's (a ParamArgFn, tmpl_call.c). */
void cub_deduce_arg(Infer *in, CXCursor tmpl, CXCursor parm, CXCursor arg, void *data);
/* CCCL's configuration and target macros (cccl.c): the text served for
 * <cuda/std/detail/__config> and <nv/target>; NULL for any other name. */
const char *cccl_header(const char *name, unsigned long *len);
/* Host-side libraries (host_headers.c): the text served for every
 * <thrust/...> and <catch2/...> header; NULL for any other name. */
const char *host_library_header(const char *name, unsigned long *len);
/* The text of <cub/cub.cuh> and <cub/block/...> as cub.c models them, and
 * of <cuda/functional> (cub_header.c). */
const char *cub_header(const char *name, unsigned long *len);
/* A barrier (`sync;`, or `sync grid;`) where the kernel has one (call.c). */
void emit_sync(Infer *in, Loc loc, bool grid);
/* The sync just emitted gives every thread of the block one value: `local x = sync;`. */
Expr *collective_result(Infer *in, Loc loc);
/* A fresh unknown with one value in every thread of a tile (warp.c): `local x uniform tile(N);`. */
Expr *emit_uniform_local(Infer *in, const char *base, int tile, Loc loc);
Expr *with_thread(Infer *in, Expr *e, int thread);
long long array_cell_bytes(const Array *a); /* the size of a's cells, or -1 */
bool call_is_contract(CXCursor call); /* __invariant(e), __ensures(e), ...: a proof hint */
CXCursor without_contracts(CXCursor cond); /* `__invariant(e), i < n` is `i < n` */
Array *memory_array(Infer *in, CXCursor decl);
void assign_var(Infer *in, int slot, Value v, Loc loc);

/* ---- statements (stmt.c) ---- */
Jumps tr_stmt(Infer *in, CXCursor s);
Jumps tr_body(Infer *in, CXCursor body); /* a function body */
bool decl_assigned_in(CXCursor tree, CXCursor decl);
void declare_local_var(Infer *in, CXCursor var);

typedef struct Induction {
    CXCursor var;
    StepOp step;
    CXCursor amount; /* null for ++ and -- */
} Induction;
bool induction_of(CXCursor inc, Induction *ind); /* x++, x op= s, x = x op s */

/* `if (c) { arm 0 } else { arm 1 }` from one environment, merged after it
 * by sel (c, or the constant it folds to); the jumps of each arm under
 * its side.  An if left empty is removed. */
typedef Jumps (*TwoWayArm)(Infer *in, void *data, int arm);
Jumps emit_two_way(Infer *in, Expr *c, Expr *sel, TwoWayArm arm, void *data, Loc loc);

/* ---- arrays of structs, field by field (fields.c) ---- */
/* Is a an array of structs split into its fields' arrays (decided, and
 * the arrays made, on the first call)? */
bool array_split(Infer *in, Array *a);
/* The array of member field of a's cells (a field's array, or a group for
 * a struct member); a itself when a is not split. */
Array *member_part(Infer *in, Array *a, CXCursor field);

/* ---- pointers chosen by a condition (stmt.c) ---- */
/* `T *p = c ? A : B;` (declares) or `p = c ? A : B;` with arms of
 * different bases: the pointer, and the conditional's condition and arms. */
typedef struct PointerChoice {
    CXCursor var, cond, a, b;
    bool declares;
} PointerChoice;
bool pointer_choice(CXCursor item, PointerChoice *pc);
/* May items reach a barrier (a call naming `sync`, or any call with a
 * body)?  Splitting them on a condition threads disagree on would
 * make one barrier two. */
bool pointer_choice_may_sync(const CXCursor *items, int n);

/* ---- atomicCAS loops (casloop.c) ---- */
/* `T old = *addr` (or `a[i]`) in a function that hands the same address
 * to atomicCAS: the seed of a CAS loop, read atomically. */
bool cas_seed_read(Infer *in, CXCursor init);

/* ---- forward goto (goto.c) ---- */
/* items[0..n) of a block: the index of the first label that forward
 * gotos of items before it (at any depth) jump to; else -1. */
int goto_region_end(CXCursor *items, int n);
/* `goto L` to the innermost label being followed: a jump (Jumps.go) out
 * of its region. */
bool goto_followed(Infer *in, CXCursor go);

/* ---- memcpy and memset in device code (memops.c) ---- */
/* memcpy, memmove, memset: the ranges of cells they read and write;
 * false when name is none of them. */
bool memops_call(Infer *in, const char *name, CXCursor call, const CXCursor *args, int nargs, Loc loc);
/* Emits `foreach (k in 0 .. count) { }` and enters its body (block_leave
 * with m closes it); returns k. */
Expr *emit_count_loop(Infer *in, Expr *count, BlockMark *m, Loc loc);
/* The cells `bytes` bytes from pointer p cover (NULL: an unknown count),
 * accessed with mode; `name` is the call's, for messages. */
void memops_range(Infer *in, const char *name, CXCursor call, Value p, Expr *bytes, AccessMode mode, Loc loc);

/* ---- calls through function pointers (fnptr.c) ---- */
/* The functions of the file a call through a pointer may reach: those
 * with a body and the pointer's type (at most 16); 0 if none or not such
 * a call.  *out is malloc'd. */
int fnptr_targets(Infer *in, CXCursor call, CXCursor **out);
typedef struct FnptrCall FnptrCall;
struct FnptrCall {
    CXCursor call;
    const CXCursor *targets;
    int n;
    Loc loc;
    Value (*inline_target)(Infer *in, const FnptrCall *fc, int k); /* the call with targets[k] inlined */
    const void *data; /* the caller's, for inline_target */
    bool compile_time; /* a template's instantiation, the same in every thread: chosen by a block-shared unknown */
};
Value fnptr_call(Infer *in, const FnptrCall *fc); /* one target chosen by an unknown */

/* ---- uniform values carried by a loop (carried.c) ---- */
typedef enum { CARRY_ADD, CARRY_SUB, CARRY_SHL, CARRY_SHR, CARRY_DIV, CARRY_FLIP, CARRY_XOR } CarryKind;

/* v updated by `kind` with constant c each iteration, from v0; for += and
 * -= the amount may also be an expression the loop does not change.  A
 * pointer moved by `p += k` carries the index it points at. */
typedef struct Carried {
    int slot;
    CarryKind kind;
    int64_t c;    /* the amount; for SHL, SHR and DIV the exponent of 2 */
    Expr *amount; /* ADD, SUB: the amount when it is not a constant, else NULL */
    Expr *v0;     /* the value, or a pointer's last index, on entry */
    Value ptr0;   /* a pointer's value on entry (kind V_PTR), else kind V_UNDEF */
    bool nonneg;  /* v0 >= 0 is known: >> and / agree */
    bool in_loop_only; /* a header update the body may break out before: no exit value */
    bool exit_bound;   /* carried_bind_exit gave it its value after the loop */
} Carried;

typedef struct CarriedSet {
    Carried *v; /* malloc'd */
    int n;
} CarriedSet;

/* What the loop is, for finding its carried variables. */
typedef struct LoopCarry {
    CXCursor body, ind_var;
    const CXCursor *assigned; /* every assignment in the loop, one entry each */
    int nassigned;
    int upto; /* env slots of the enclosing scope */
    const CXCursor *header; /* the header's updates of other variables (`a++, b += s`) */
    int nheader;
    bool exits_early; /* the test has more than the variable's bound (`i < 4 && a < n`) */
} LoopCarry;

/* How iteration t (from 0) of an exact loop is written: t itself, or only
 * 2^(j t) (loops that double or halve their variable). */
typedef struct LoopClock {
    Expr *t;
    Expr *pow;
    int j;
    /* a loop that halves its variable from no constant: pow is an unknown
     * power of two, made (and its relation to pow_start assumed) where a
     * closed form first needs it; pow_arg is the variable, or at the exit
     * (pow_at_exit) j */
    Expr *pow_start, *pow_arg;
    bool pow_at_exit;
} LoopClock;

CarriedSet carried_find(Infer *in, const LoopCarry *lc); /* before the loop's havoc */
bool loop_clock(Infer *in, StepOp step, Expr *init, Expr *amount, Expr *x, LoopClock *clk);
void carried_bind_iteration(Infer *in, const CarriedSet *set, LoopClock *clk, Loc loc);
void carried_bind_exit(Infer *in, const CarriedSet *set, const Stmt *loop, Expr *init, Loc loc);
bool compare_ints(Op cmp, int64_t x, int64_t b); /* x cmp b, for < <= > >= != */
bool expr_grid_uniform(Infer *in, const Expr *e, bool natural); /* the same in every thread of the grid */
void carried_bind_uniform_exit(Infer *in, const CarriedSet *set, Loc loc);
/* A loop's exit value that every thread of the grid agrees on: a fresh
 * uniform, removed by slicing when nothing uses it. */
Expr *loop_exit_uniform(Infer *in, const char *name, Loc loc);

/* ---- division by zero (nonzero.c) ---- */
/* `e` divides (op OP_DIV or OP_MOD, of an integer type) by `divisor`: where
 * C evaluates it, `assume divisor != 0;` (C++ leaves division by zero
 * undefined; not in OpenCL C, whose result is only unspecified). */
void assume_divisor_nonzero(Infer *in, CXCursor e, Op op, Value divisor);
/* Leaves out the facts above that the context implies (a branch's
 * condition, an earlier assumption, a loop variable that is never 0, a
 * launch size) or that no access or barrier follows. */
void nonzero_prune(Kernel *k, Stmt *const *facts, int nfacts);

/* ---- template kernels (template.c) ---- */
void template_pins(Infer *in, CXCursor fn); /* fills in->tparams */
const TemplateParam *template_param(Infer *in, CXCursor decl);
Expr *template_size(Infer *in, CXCursor decl, int dim, Loc loc); /* NULL: not a template parameter */
/* How many kernels template fn is: the distinct specializations that the
 * file launches or names, when there are two or more and no explicit
 * instantiation (*out, malloc'd, holds them); else, with explicit
 * instantiations, the distinct lists of literal non-type arguments when
 * there are two or more (*out NULL: the pattern is analysed once per list,
 * infer_kernel's `instance`); else 0. */
int template_kernel_instances(CXTranslationUnit tu, CXFile file, CXCursor fn, CXCursor **out);
char *template_pinned_name(Infer *in, CXCursor fn); /* `k_128` for the pinned instance; malloc'd */
char *template_instance_name(CXCursor spec); /* `k_float_256`, malloc'd */
int64_t template_arg_value(CXCursor spec, int i); /* the i-th (integral) argument, by its parameter's signedness */
CXCursor template_param_at(CXCursor tmpl, int pos); /* its pos-th template parameter, or a null cursor */

/* ---- calls into templates (tmpl_call.c) ---- */
/* Binds def's non-type template parameters for an inlined call: from the
 * specialization clang chose, or the explicit arguments of a dependent call;
 * and those of its class template as the call writes them (`Tile<T, N>::f`). */
void template_bind_args(Infer *in, CXCursor call, CXCursor def);
/* A call the pattern leaves dependent (`f<dir>(...)`): the candidates
 * with a body that take nargs arguments, and the explicit specializations
 * of candidate templates (`template <> float MAX<float>(...)`); the call
 * may run any of them.  *out is malloc'd. */
int template_dependent_targets(Infer *in, CXCursor call, int nargs, CXCursor **out);
/* Every candidate declaration of such a call that can take nargs
 * arguments, with a body or not (functions, function templates, methods);
 * *out is malloc'd, 0 when the call is not left dependent. */
int template_dependent_candidates(CXCursor call, int nargs, CXCursor **out);
/* `SharedMemory<T>()`: a construct expression of a class whose conversion
 * to a pointer has a body; *conv is that conversion. */
bool template_construct_conversion(CXCursor call, CXCursor *conv);
bool function_has_body(CXCursor fn); /* a definition with its body (a compound statement) */
/* The number of fn's parameters; *required: how many have no default. */
int count_params(CXCursor fn, int *required);
/* `obj.f(...)` left dependent on an object of a class template's type
 * (`SharedMem<T> shared; shared.getPointer()`), or `Tile<T, N>::f(...)`:
 * the methods f with a body that take nargs arguments, of the template
 * and of its specializations.  *out is malloc'd. */
int template_dependent_methods(Infer *in, CXCursor call, int nargs, CXCursor **out);
/* `action(scan, x)` or `action.load(...)` on an object whose type is a
 * template parameter: the operator() (or the member named) with a body
 * that takes nargs arguments, of the classes defined in the file checked
 * and in the kernel's own file; *object is `action`.  *out is malloc'd. */
int template_functor_targets(Infer *in, CXCursor call, int nargs, CXCursor *object, CXCursor **out);
/* `v[i]`, `m(i, j)` on a variable whose type is a class template's left
 * dependent (`cuda::std::span<T> v`): the methods named op (operator[],
 * operator()) with a body that take nargs arguments, of the class
 * template and its fitting specializations.  *out is malloc'd. */
int template_class_operators(Infer *in, CXCursor object, const char *op, int nargs, CXCursor **out);
/* Such an operator applied: inlined with the variable as its object (one
 * instantiation for all threads); false when there is none. */
bool template_operator_call(Infer *in, CXCursor e, CXCursor object, CXCursor *args, int nargs, const char *op,
                            Value *out);
/* The class template a declaration's type is written with (`Dataset<T, I>
 * d`: Dataset), or a null cursor. */
CXCursor template_written_class(CXCursor holder);
/* Each parameter of a called function template with the call's argument
 * for it (stripped). */
typedef void (*ParamArgFn)(Infer *in, CXCursor tmpl, CXCursor parm, CXCursor arg, void *data);
void template_each_param_arg(Infer *in, CXCursor call, CXCursor tmpl, ParamArgFn each, void *data);
/* Is holder written with the class template cls itself (not an alias)? */
bool template_written_class_is(CXCursor holder, CXCursor cls);
/* The member name of a dependent `obj.name` (libclang gives it no
 * spelling). Malloc'd, "" when none. */
char *template_member_name(Infer *in, CXCursor member);
/* The template arguments written in the first `<...>` of holder's tokens
 * (`cub::WarpScan<T, 16>` in a declaration or a construct expression):
 * args[i] is the expression at position i, a null cursor for a type or
 * an argument not written; returns the number of positions written. */
int template_written_args(Infer *in, CXCursor holder, CXCursor *args, int cap);

/* ---- the generator's array conventions, read back (dims.c) ---- */
void reread_written_sizes(Infer *in, Array *a); /* [__mapkit_dim(e)] is [e] */
bool used_only_as_scalar(CXCursor body, CXCursor param); /* only *p and atomicAdd(p, v) */

/* ---- kernels (kernel.c) ---- */
void declare_kernel_var(Infer *in, CXCursor decl, const char *cname, VarScope scope, Loc loc);
Expr *fresh_uniform(Infer *in, const char *base, Loc loc);
/* p.f of a struct parameter taken by value: a pointer into its array, an
 * integer's uniform; else false. */
bool param_field_value(Infer *in, CXCursor member, Value *out);
/* `ActionT action` of the kernel, called as one of the functors the file
 * defines: that class's fields are the parameter's (pointers arrays,
 * integers uniforms), as for a struct parameter. */
void param_fields_of_class(Infer *in, CXCursor param, CXCursor cls);
/* A call hands such a struct (or a member struct of one) on: the callee's
 * parameter has its members. */
void alias_param_fields(Infer *in, CXCursor arg, CXCursor callee_param);
/* The struct parameter (or member of one) that object names, when it
 * has followed members: what `this` is in a method called on it. */
MemberPath param_struct_object(Infer *in, CXCursor object);
/* instance: -1, or which explicit instantiation of template fn (above) */
Kernel *infer_kernel(Program *p, CXTranslationUnit tu, CXCursor fn, int instance, const SrcFile *src,
                     const InferOptions *o, const ErrorSpots *errors, Diag *d);

/* ---- tidying (tidy.c) ---- */
void tidy_kernel(Program *p, Kernel *k, Stmt *const *kept, int nkept);
/* Removes the uniforms among `names` that no statement of k mentions. */
void tidy_uniforms(Kernel *k, const char *const *names, int n);

/* ---- surfaces (surface.c) ---- */
/* surf1D/2D/3D[Layered]write and ...read: an access to the surface's
 * array at the call's coordinates; false when NAME is not one of them. */
bool surface_call(Infer *in, const char *name, CXCursor call, CXCursor *args, int nargs, Loc loc, Value *out);

/* ---- curand (curand.c) ---- */
/* curand_init writes the state it is handed, curand, curand_uniform, ...
 * read and write it; false when NAME is not a device call on a state. */
bool curand_call(Infer *in, const char *name, CXCursor call, CXCursor *args, int nargs, Loc loc, Value *out);

/* ---- members of the thread's own structs (local_fields.c) ----
 * A local struct variable's Value lists its followed members by name
 * (Value.fields): `q.p = out; q.p[i]`, a span's constructor and operator[]. */
typedef struct Fields Fields;
bool fields_get(const Value *obj, const char *name, Value *out); /* name interned */
void fields_set(Infer *in, Value *obj, const char *name, Value v); /* a member's new value */
int fields_count(const Value *obj);
const char *fields_name_at(const Value *obj, int i, Value *v);
/* The env slot of the local object e designates (a variable, `this` of
 * the method inlined; a null cursor: `this`), or -1. */
int local_object_slot(Infer *in, CXCursor e);
/* The slot of the local object at the root of a member chain (q of
 * q.a.b), or -1. */
int local_member_root(Infer *in, CXCursor e);
/* `q.f` (also `q.a.f`, `this->f`, `f` in a method) of a local object
 * whose member f is followed: its value. */
bool local_member_value(Infer *in, CXCursor member, Value *out);
/* `q.f = v` on a local object: the member's new value (false: lhs is no
 * member of one). */
bool local_member_assign(Infer *in, CXCursor lhs, Value v);
/* A constructor's member initializers, into the object at env slot
 * `object` (-1: evaluated only). */
void constructor_initializers(Infer *in, CXCursor def, int object);
/* An aggregate initializer list of a struct type: the object's members. */
bool init_list_object(Infer *in, CXCursor list, Value *out);
/* Does every pointer member of the object (of type t) point into the
 * thread's own memory (a view of a local array)? */
bool object_views_own_memory(Infer *in, const Value *obj, CXType t);
/* The local object at the root of e (q of `q.a.b`, `*this`) may be
 * written in ways not seen (a reference to it or its member handed out):
 * its members are no longer followed. */
void local_object_escapes(Infer *in, CXCursor e);
/* `this` used as a pointer in a method inlined on a local object. */
void this_escapes(Infer *in);
/* Could a callee reach memory through an argument of type t: a pointer,
 * a reference, a struct holding one, or a type not resolved? (call.c) */
bool type_reaches_memory(CXType t);

/* ---- trial translations (trial.c) ----
 * A piece of the kernel translated once to learn something about it
 * (which loop variables stay block-uniform), then undone: its statements,
 * the kernel-level names and unknowns it declared, its warnings (muted
 * while it runs) and the environment are as before trial_begin. */
typedef struct Trial {
    Diag *saved_diag;
    Diag mute;
    Block *out;
    int out_n, nvars, nkept, nsliceable, sync_count, nenv, nwarned, ntrial_names;
    bool warned_depth;
    Value *env;
    int *warned_counts;
} Trial;
bool trial_begin(Infer *in, Trial *t); /* false: no trial (nothing changed) */
void trial_undo(Infer *in, Trial *t);
void trial_log_name(Infer *in, const char *name); /* fresh_name's: a name made now */

#endif
