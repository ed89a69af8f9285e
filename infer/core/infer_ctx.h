/* The context of the translation of one kernel ([CAV21 Sec. 5]): the
 * state core keeps while it turns the libclang AST into protocol
 * statements, and the values it follows.
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
 * when the kernel is done (kernel.c).  Cursors belong to the translation
 * unit, which outlives the context. */
#ifndef MAPKIT_INFER_CTX_H
#define MAPKIT_INFER_CTX_H

#include "cursor.h"
#include "dialect.h"
#include "instances.h"

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
    const struct Array *owner; /* an array member of the struct cell owner whose layout is unknown (members.c) */
    /* The memory the pointers held in the cells of pointed_from (in the
     * field decl of them, when they are structs) point into: docs/inference.md,
     * "Pointers read from memory".  Its cells have cell_bytes bytes (0: not
     * known yet, a `void *` before its cast). */
    const struct Array *pointed_from;
    long long cell_bytes;
    /* An array of its own for one element of a by-value parameter's
     * pointer array (`q_p_4`: kernel.c): that element's index plus one. */
    long long element;
    bool has_bytes; /* a byte access `A bytes(o, w)` names it: a struct cell's width is declared */
    /* `__mapkit_nondecreasing(A, n)`: a fact about the contents (ArrayFact),
     * over [0, fact_len) (NULL: all cells), stated at fact_loc */
    uint8_t fact;
    Expr *fact_len;
    Loc fact_loc;
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
    /* V_PTR: the bytes an access through it covers when they are not one
     * element of idx's unit: a wider pointer at an offset that need not be
     * a multiple of its width (`(int *)((char *)A + 1)`); 0: one element.
     * Such accesses are byte accesses (docs/inference.md, "Byte views"). */
    int span;
    /* V_PTR into a multi-dimensional array: row, a row's decayed pointer
     * (`M[i]`), whose arithmetic stays in the row by C's rules; flat, a
     * cell's address moved by arithmetic (`(&M[0][0])[k]`), which runs over
     * the whole object: accesses through it are byte accesses. */
    bool row, flat;
    /* An object a model follows itself (CUB's primitives, with their
     * class's template arguments), of the model's own type; the value
     * itself is then its storage (V_PTR), memory of the thread's own
     * (V_PRIVATE) or storage the protocol does not track.  NULL: none. */
    const void *model_object;
    /* V_INT: the lane mask of the thread's logical warp, a tile of this many
     * threads (CUB's get_member_mask()), which __syncwarp(mask) syncs. */
    Expr *member_lanes;
    /* A struct object of the thread's own: the values of the members the
     * front end follows (local_fields.c); NULL: none. */
    const struct Fields *fields;
    /* V_NONE: a floating value that is the bits of one cell, read into
     * this name (`float v = A[i];`, docs/inference.md "Values copied from
     * memory"); a store of it writes that value.  NULL: none. */
    Expr *copy;
} Value;

static inline bool same_view(const Value *a, const Value *b)
{
    return a->unit == b->unit && a->cell == b->cell && a->span == b->span;
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
    bool tile_value; /* an unknown every thread of a tile gets at one run of a statement outside
                      * loops (a vote, `cg::reduce`): written, it is a value two lanes share */
    bool retired; /* made by a trial that was undone (trial.c): free for any new name */
    const Expr *let_value; /* a let's value, whose range is the name's (machine_int.c) */
    bool raw;     /* an unknown or a value read: a natural of the protocol that stands for a C value
                   * of any sign (machine_signed_value) */
    bool read_value; /* the value of `local x = rd A[i];`: the checker gives threads that read one
                      * cell one value where its rule holds (docs/language.md 3.6) */
} NameInfo;

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
    /* The launch sizes the protocol will assume (command line, GPUVerify
     * header, a required work-group size), known before the body is read:
     * they bound the built-ins' ranges (machine_int.c). */
    const Launch *launch;
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
    int sync_count;   /* barriers emitted so far */
    int access_count; /* accesses emitted so far (trials included: it only grows) */
    int loop_depth;   /* protocol loops around the emission point */
    int expr_depth;   /* nesting of tr_value: bounded, so deep C expressions cannot exhaust the stack */
    bool warned_depth;
    bool generated;   /* the file is mapkit gen's: its ints are the protocol's naturals (docs/codegen.md) */
    TemplateParam tparams[MAX_TEMPLATE_PARAMS];
    int ntparams;
    TemplateType ttypes[MAX_TEMPLATE_PARAMS]; /* the type parameters the instantiations agree on */
    int nttypes;
    int instance; /* the explicit instantiation analysed, of several; else -1 */
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
    bool reads_atomic;   /* reads emitted now are atomic: a model says so of the initializer translated */
    /* The load whose value a store or a declaration copies (copied_load):
     * translated, it is `local x = rd A[i];` and copy_value is x. */
    CXCursor copy_site;
    Expr *copy_value;
    int trial_depth;     /* trial translations around the emission point (trial.c) */
    const char **trial_names; /* names made during the trials: retired when one is undone */
    int ntrial_names, captrial_names;
    Value this_value;    /* `this` of the method being inlined: a pointer to its object's cell, the
                          * thread's own (V_PRIVATE), or untracked (V_NONE) */
    MemberPath this_path; /* `this` of that method when its object is a struct parameter or a member
                           * of one: its members are the parameter's (ParamField) */
    const struct Dialect *dialect; /* CUDA's or OpenCL's facts (dialect.h) */
    const struct ModelSet *models; /* the models the entry runs with (model.h) */
    void **slots;                  /* each model's state for this kernel, by its index in models */
    CXCursor kernel_fn;            /* the kernel's function */
    int unexecuted;      /* > 0 while translating what C may not evaluate here (a loop's step,
                          * before its first iteration): no fact about it is assumed (nonzero.c) */
    Stmt **division_facts; /* the `assume d != 0;` of C's divisions (nonzero.c) */
    int ndivision_facts, capdivision_facts;
} Infer;

#endif
