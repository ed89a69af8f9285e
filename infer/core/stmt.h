/* Statements (stmt.c, choice.c): C control flow to protocol control flow.
 *
 * Ownership: as infer_ctx.h says. */
#ifndef MAPKIT_INFER_STMT_H
#define MAPKIT_INFER_STMT_H

#include "infer_ctx.h"

Jumps tr_stmt(Infer *in, CXCursor s);
Jumps tr_body(Infer *in, CXCursor body); /* a function body */
void declare_local_var(Infer *in, CXCursor var);

typedef struct Induction {
    CXCursor var;
    StepOp step;
    CXCursor amount; /* null for ++ and -- */
} Induction;
bool induction_of(CXCursor inc, Induction *ind); /* x++, x op= s, x = x op s */

/* ---- loop counters that are members of a local object (member_counter.c) ---- */
typedef struct MemberCounter {
    CXCursor var, field; /* c and f of `c.f` */
    CXCursor member;     /* `c.f` in the loop's test */
    int64_t step;        /* what the header's update adds each iteration */
} MemberCounter;
/* `for (...; test(c.f); c.f += k)` or `c.m()` with `m() { f += k; }`, k a
 * constant, the loop touching c only by reading its members otherwise. */
bool member_counter_of(CXCursor cond, CXCursor inc, CXCursor body, MemberCounter *mc);
/* c.f, at the top of iteration iter, is its entry value plus iter steps. */
void member_counter_bind(Infer *in, const MemberCounter *mc, const Value *entry, Expr *iter, Loc loc);

/* `if (c) { arm 0 } else { arm 1 }` from one environment, merged after it
 * by sel (c, or the constant it folds to); the jumps of each arm under
 * its side.  An if left empty is removed. */
typedef Jumps (*TwoWayArm)(Infer *in, void *data, int arm);
Jumps emit_two_way(Infer *in, Expr *c, Expr *sel, TwoWayArm arm, void *data, Loc loc);

/* ---- pointers chosen by a condition (choice.c) ---- */
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

#endif
