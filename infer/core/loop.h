/* Loops and jumps (carried.c, goto.c, trial.c): the values a loop
 * carries from one iteration to the next, the forward gotos followed, and
 * the trial translations that learn about a loop before it is emitted.
 *
 * Ownership: as infer_ctx.h says; a CarriedSet's array is malloc'd. */
#ifndef MAPKIT_INFER_LOOP_H
#define MAPKIT_INFER_LOOP_H

#include "infer_ctx.h"

/* ---- uniform values carried by a loop (carried.c) ---- */
typedef enum { CARRY_ADD, CARRY_SUB, CARRY_SHL, CARRY_SHR, CARRY_DIV, CARRY_FLIP, CARRY_XOR, CARRY_SWAP } CarryKind;

/* v updated by `kind` with constant c each iteration, from v0; for += and
 * -= the amount may also be an expression the loop does not change.  SWAP:
 * v exchanged with another variable each iteration, v0 and other0
 * alternating.  A
 * pointer moved by `p += k` carries the index it points at. */
typedef struct Carried {
    int slot;
    CarryKind kind;
    int64_t c;    /* the amount; for SHL, SHR and DIV the exponent of 2 */
    Expr *amount; /* ADD, SUB: the amount when it is not a constant, else NULL */
    Expr *v0;     /* the value, or a pointer's last index, on entry */
    Expr *other0; /* SWAP: the entry value of the variable it is exchanged with */
    Value ptr0;   /* a pointer's value on entry (kind V_PTR), else kind V_UNDEF */
    Value other_ptr0; /* SWAP of two pointers: the other's value on entry */
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
/* Two pointers exchanged each iteration (a ping-pong pair): their entries'
 * indices in set, -1 when there is none.  Their arrays differ, so no
 * closed form names them: the loop's body runs once per parity instead. */
int carried_pointer_swap(const CarriedSet *set);
/* t % 2 == 0 for the clock's iteration number t; NULL when not expressible. */
Expr *carried_even(Infer *in, LoopClock *clk, Loc loc);
bool loop_clock(Infer *in, StepOp step, Expr *init, Expr *amount, Expr *x, LoopClock *clk);
void carried_bind_iteration(Infer *in, const CarriedSet *set, LoopClock *clk, Loc loc);
void carried_bind_exit(Infer *in, const CarriedSet *set, const Stmt *loop, Expr *init, Loc loc);
bool compare_ints(Op cmp, int64_t x, int64_t b); /* x cmp b, for < <= > >= != */
bool expr_grid_uniform(Infer *in, const Expr *e, bool natural); /* the same in every thread of the grid */
void carried_bind_uniform_exit(Infer *in, const CarriedSet *set, Loc loc);
/* A loop's exit value that every thread of the grid agrees on: a fresh
 * uniform, removed by slicing when nothing uses it. */
Expr *loop_exit_uniform(Infer *in, const char *name, Loc loc);

/* ---- forward goto (goto.c) ---- */
/* items[0..n) of a block: the index of the first label that forward
 * gotos of items before it (at any depth) jump to; else -1. */
int goto_region_end(CXCursor *items, int n);
/* `goto L` to the innermost label being followed: a jump (Jumps.go) out
 * of its region. */
bool goto_followed(Infer *in, CXCursor go);

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
    void **slots; /* the models' slots (model.h) */
} Trial;
bool trial_begin(Infer *in, Trial *t); /* false: no trial (nothing changed) */
void trial_undo(Infer *in, Trial *t);
void trial_log_name(Infer *in, const char *name); /* fresh_name's: a name made now */

#endif
