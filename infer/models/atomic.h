/* Atomic operations (atomic.c): what the models of atomics (CUDA's,
 * libcu++'s, OpenCL's) share.
 *
 * Ownership: as infer_ctx.h says. */
#ifndef MAPKIT_INFER_ATOMIC_H
#define MAPKIT_INFER_ATOMIC_H

#include "expr.h"

/* An atomic operation as the front end saw it. */
typedef struct AtomicOp {
    const char *name; /* for messages */
    CXCursor call;
    Loc loc;
    AtomicScope scope;
    int dir;      /* +1 an add, -1 a subtraction, 0 neither: its old value is no ticket */
    Expr *amount; /* what an add or subtraction moves the counter by; NULL: unknown (no ticket) */
    MemoryOrder order; /* as stated (libcu++); ORDER_UNSAID for CUDA's atomic* */
    bool load;         /* it only reads the cell (`a.load()`, atomic_load): `atomic load` */
} AtomicOp;
/* atomicAdd_block is block-scoped, atomicAdd_system system-scoped. */
AtomicScope atomic_name_scope(const char *name);
/* The amount of an add or subtraction (1 for a null cursor) on an integer
 * counter, when the protocol can say it; NULL otherwise. */
Expr *atomic_amount(Infer *in, CXCursor amount, bool counter, Loc loc);
/* The atomic access of op to a cell; with a direction and an amount it is
 * a ticket, whose value is returned (value_none() otherwise). */
Value emit_atomic_at(Infer *in, const AtomicOp *op, CellKind cell, Array *arr, Expr **idx, int n);

#endif
