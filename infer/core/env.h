/* The base environment of the translation (env.c, loc.c): names and
 * their scopes, protocol expressions, emission of statements, the
 * environment of C declarations and their values, the kernel's arrays,
 * warnings, and where nodes point.
 *
 * Ownership: as infer_ctx.h says; expressions and statements live in the
 * Program's arena. */
#ifndef MAPKIT_INFER_ENV_H
#define MAPKIT_INFER_ENV_H

#include "infer_ctx.h"

/* ---- where nodes point (loc.c) ---- */
Loc loc_of(Infer *in, CXCursor c); /* in the kernel's file, else the anchor (the call site inlined) */
bool cursor_in_main_file(const Infer *in, CXCursor c);

/* ---- names ---- */
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
/* An unknown of a tile's threads, made outside loops (NameInfo.tile_value);
 * is e one such name? */
void name_mark_tile_value(Infer *in, const char *name);
bool expr_is_tile_value(Infer *in, const Expr *e);
/* A let's value, kept for the ranges of machine_int.c; NULL for any other name. */
void name_mark_let(Infer *in, const char *name, const Expr *value);
const Expr *name_let_value(Infer *in, const char *name);
/* An unknown or a value read, whose C value may have any sign: as a
 * protocol natural it enters signed C arithmetic as iN(name)
 * (machine_signed_value); tickets, collectives and lets are not raw. */
void name_mark_raw(Infer *in, const char *name);
bool name_is_raw(Infer *in, const char *name);
void name_unmark_raw(Infer *in, const char *name);
/* The value of a read (NameInfo.read_value), kept when a variable's name
 * replaces the read's (stmt.c). */
void name_mark_read_value(Infer *in, const char *name);
bool name_is_read_value(Infer *in, const char *name);
/* A `local` unknown, or a let of one (name_mark_unknown). */
bool name_is_unknown(Infer *in, const char *name);
bool expr_has_unknown(Infer *in, const Expr *e);
/* Is e a value read from memory as it is (`x`, or `i32(x)`)?  Threads
 * that read one cell may get one value (docs/language.md 3.6); anything
 * computed from it is left out of written values, which it would only
 * make harder to solve. */
bool expr_is_read_copy(Infer *in, const Expr *e);
/* May e differ between two threads of one block (a thread id, an unknown)? */
bool expr_varies(Infer *in, const Expr *e);

/* ---- protocol expressions ---- */
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
Expr *builtin_var(Infer *in, const char *name, Loc loc); /* `threadIdx.x`, `blockDim.y`, ... */
Expr *linear_tid(Infer *in, Loc loc); /* the thread's index within its block */
Expr *block_size(Infer *in, Loc loc); /* blockDim.x * blockDim.y * blockDim.z */

/* ---- emission ---- */
void emit(Infer *in, Stmt *s);
Expr *emit_local(Infer *in, const char *base, Loc loc);
Stmt *emit_access(Infer *in, AccessMode mode, Array *arr, Expr **idx, int n, Loc loc);
/* `local x = rd A[i];`: a read whose value the kernel uses, as an unknown
 * x that the checker may prove shared (docs/inference.md); returns x. */
Expr *emit_read_into(Infer *in, Array *arr, Expr **idx, int n, Loc loc);
/* The read s (of arr, at the expressions idx[0..n-1]) keeps its value in a
 * fresh name, shared by the block when every idx[i] is: the name. */
Expr *name_read(Infer *in, Stmt *s, const Array *arr, Expr **idx, int n, Loc loc);
void emit_assume(Infer *in, Expr *cond, Loc loc);
/* A barrier (`sync;`, or `sync grid;`) where the kernel has one. */
void emit_sync(Infer *in, Loc loc, bool grid);
/* The sync just emitted gives every thread of the block one value: `local x = sync;`. */
Expr *collective_result(Infer *in, Loc loc);
Expr *emit_block_unknown(Infer *in, const char *base, Loc loc); /* `local x uniform block;` */

typedef struct BlockMark {
    Block *saved_out;
    int vis_mark;
} BlockMark;
void block_enter(Infer *in, Block *b, BlockMark *m);
void block_leave(Infer *in, BlockMark *m);
/* Emits `if (cond) { } else { }` and enters its then-block (block_leave
 * ends it; the Stmt's els is there to enter next). */
Stmt *emit_if_enter(Infer *in, Expr *cond, BlockMark *m, Loc loc);

/* ---- the environment ---- */
int env_find(Infer *in, CXCursor decl);
int env_bind(Infer *in, CXCursor decl, Value v);
Value *env_snapshot(Infer *in);
void env_restore(Infer *in, const Value *snap, int n);
void env_merge(Infer *in, Expr *cond, const Value *then_v, const Value *else_v, int n, Loc loc);
void env_havoc(Infer *in, int slot, Loc loc, const char *why);
/* The same with `local x uniform block;` unknowns (a loop whose variables
 * the block changes alike: stmt.c) */
void env_havoc_block_shared(Infer *in, int slot, Loc loc);
/* The value a variable's slot holds where it is read: a fresh unknown
 * once it has escaped (Binding.escaped). */
Value env_value(Infer *in, int slot, Loc loc);

/* ---- values ---- */
Value value_int(Expr *e);
Value value_none(void);
Value value_private(void); /* into memory no other thread writes */
/* Data (V_NONE), shared in the block when `shared`. */
Value value_data(bool shared);
/* Is the value the same in every thread of the block: an integer over
 * shared names, or shared data? */
bool value_is_shared(Infer *in, const Value *v);
bool value_block_shared(Infer *in, const Value *v);
/* Data computed from these values: shared when all of them are. */
Value value_data_of(Infer *in, const Value *v, int n);
Expr *value_as_int(Infer *in, Value v, const char *base, Loc loc);

/* ---- the kernel's arrays ---- */
Array *array_find(Infer *in, CXCursor decl);
Array *array_add(Infer *in, CXCursor decl, const char *name, MemSpace mem, CXType type, Loc loc);

/* ---- warnings ---- */
void warn_at(Infer *in, CXCursor c, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
/* What the protocol cannot follow and may hide accesses or barriers: a
 * warning, and an `opaque` statement there, so that no verdict claims
 * data-race freedom past it (docs/inference.md, "What is lost"). */
void opaque_at(Infer *in, CXCursor c, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
void emit_opaque(Infer *in, Loc loc);
/* The one path for a construct the front end does not model: a located
 * warning `not followed: <construct>` and an `opaque` statement there. */
void not_followed(Infer *in, CXCursor c, const char *construct);
void not_followed_kind(Infer *in, CXCursor c); /* named by clang's cursor kind */
void warnings_close(Infer *in); /* the counts of repeated warnings; frees the table */

#endif
