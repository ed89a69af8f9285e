/* Expressions (expr.c): C expressions to protocol values, with the
 * accesses they make emitted on the way.
 *
 * Ownership: as infer_ctx.h says. */
#ifndef MAPKIT_INFER_EXPR_H
#define MAPKIT_INFER_EXPR_H

#include "infer_ctx.h"

Expr *tr_int(Infer *in, CXCursor e);   /* NULL: unknown */
Expr *tr_index(Infer *in, CXCursor e); /* never NULL: unknowns become locals */
Expr *tr_cond(Infer *in, CXCursor e);  /* never NULL */
Value tr_value(Infer *in, CXCursor e); /* by the expression's type */
/* E where C tests it for being non-zero (an assumption's argument): an
 * integer's implicit conversion to bool is the test, not `E != 0`. */
Value tr_truth(Infer *in, CXCursor e);
/* C's machine integers (machine_int.c): v converted from type `from` to
 * type `to` (`written` in the source, or implicit), and v the result of an
 * operator of C type `type` (an unsigned one wraps); each adds uN() / iN()
 * or `!= 0` only where the value may not fit. */
Value machine_conversion(Infer *in, Value v, CXType to, CXType from, bool written);
Value machine_arithmetic(Infer *in, Value v, CXType type);
/* v, a mathematical value, as the integer type t holds it (modulo 2^N). */
Value machine_wrap(Infer *in, Value v, CXType t);
/* v, a natural standing for a value of C type t, as iN(v) when t is a
 * signed integer type of N bits (machine_int.c); machine_signed_name only
 * when v is a raw name (an unknown, a value read). */
Value machine_signed_value(Infer *in, Value v, CXType t);
Value machine_signed_name(Infer *in, Value v, CXType t);
/* Is t a signed integer type (not bool, not an enum)? */
bool machine_signed_type(CXType t);
/* e when its value lies within `bits` bits (signed or not), by its range
 * or by the rule for values of no known bound; NULL when it may not. */
Expr *machine_operand(Infer *in, Expr *e, int bits, bool is_signed);
/* May e be negative, by its range (machine_int.c)? */
bool machine_may_be_negative(Infer *in, const Expr *e);
/* w with 0 <= e < 2^w by e's range (machine_int.c); -1 when none is known. */
int machine_width(Infer *in, const Expr *e);
void tr_effects(Infer *in, CXCursor e);
/* `d_in + offset` in a template's pattern with an operator+ declared in
 * scope: clang leaves an overloaded call, though no user-defined operator
 * takes a pointer and an int; the built-in operator.  False when an
 * operand could be a class's. */
bool tr_unresolved_operator(Infer *in, CXCursor call, Value *out);
Value ref_to_cell(Infer *in, CXCursor arg, bool *is_cell);
/* What `return e;` gives in a function returning T &: the cell (V_PTR
 * with block_group), the thread's own memory (V_PRIVATE with
 * block_group), or else e's value, which a write cannot go through. */
Value returned_reference(Infer *in, CXCursor e);
Value class_assign(Infer *in, CXCursor lhs, CXCursor rhs, bool compound, Loc loc);
typedef enum { CELL_TRACKED, CELL_PRIVATE, CELL_UNTRACKED } CellKind;
/* The cell a pointer argument designates (atomics, __ldg): a tracked
 * array's, the thread's own memory, or a pointer the protocol does not follow. */
CellKind pointer_cell(Infer *in, CXCursor arg, Array **arr, Expr ***idx, int *n);
/* The access `*p` makes (`__ldcs(p)`, `__stcs(p, v)`): one cell, or the
 * cells a wider view covers (`(const int4 *)q` of a float or bfloat16
 * array), nothing in the thread's own memory; false where p is a pointer
 * the protocol does not track. */
bool pointer_access(Infer *in, Value p, AccessMode mode, Loc loc);
/* The same for a pointer value p. */
CellKind value_cell(Infer *in, Value p, Loc loc, Array **arr, Expr ***idx, int *n);
long long array_cell_bytes(const Array *a); /* the size of a's cells, or -1 */
/* The byte of a that idx[0..n-1] points at: row-major over a's sizes (the
 * first one's never needed), in cells of `cell` bytes, the last index in
 * elements of `unit` bytes where unit is not 0 (a view).  NULL when an
 * inner size is open. */
Expr *byte_offset(Infer *in, const Array *a, Expr *const *idx, int n, int unit, long long cell, Loc loc);
/* `A bytes(o, width);` for the pointer (a, idx, n, unit, cell) as above, o
 * its byte (width NULL: an unknown count): the array then stays whole
 * (never split into its fields).
 * NULL, emitting nothing, where o cannot be written (an open inner size, an
 * unknown cell size, an array split into its fields or one field's). */
Stmt *emit_byte_access(Infer *in, AccessMode mode, Array *a, Expr *const *idx, int n, int unit, long long cell,
                       Expr *width, Loc loc);
/* `*p` as a byte access, where p is a view whose element is not a cell
 * (a member of a struct cell seen as bytes, a flattened pointer); NULL,
 * emitting nothing, for any other p. */
Stmt *pointer_byte_access(Infer *in, AccessMode mode, Value p, Loc loc);
Array *memory_array(Infer *in, CXCursor decl);
void assign_var(Infer *in, int slot, Value v, Loc loc);
Value array_decay(Infer *in, Array *a, Loc loc); /* the pointer to its first element, or to a scalar */
/* The address of a method's object (`stage` in `stage.load(in)`): a
 * pointer to its cell, V_PRIVATE for the thread's own, else V_NONE. */
Value object_address(Infer *in, CXCursor object);
/* The value of a class object a member is called on: for a temporary
 * `T(x)`, what its constructor call gives (atomic_ref's and CUB's hold a
 * pointer to their cell). */
Value object_value(Infer *in, CXCursor object);
/* The value `T var = init;` starts with: for a struct copied from a cell
 * and then only read member by member, the thread's own copy (V_PRIVATE)
 * remembering the cell's array and the values read (`arr`; `e` for a
 * cell kept whole, `idx[j]` for the part j of a split one), whose integer
 * and pointer members are followed; else init's value. */
Value copied_cell(Infer *in, CXCursor var, CXCursor init);
/* `T v = A[i];`, `x = A[i];` of a floating T: rhs translated into *v, and
 * the name its load was read into when it copies one whole cell (NULL
 * otherwise; docs/inference.md, "Values copied from memory"). */
Expr *copied_value(Infer *in, CXCursor rhs, CXType type, Value *v);

#endif
