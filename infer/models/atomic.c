/* Atomics in the CUDA front end (docs/language.md): the scope a name gives
 * (atomicAdd_block, atomicAdd_system), and unique slots: the old value of
 * atomicAdd(&c, k) or atomicSub(&c, k) on an integer counter, when the
 * program uses it, is a ticket (`local t = ticket(c, k);`, docs/language.md
 * 3.7): distinct threads draw disjoint ranges.  atomicInc(&c, m) and
 * atomicDec(&c, m) wrap at m, so their old values repeat once m + 1 draws
 * are made: they are no tickets, their old values plain unknowns.  libcu++'s
 * atomics (cuda::atomic, cuda::atomic_ref, cuda::std::atomic) are in
 * libcuxx.c and end here too. */
#include "atomic.h"

#include "env.h"
#include "models.h"

#include <stdlib.h>
#include <string.h>

AtomicScope atomic_name_scope(const char *name)
{
    return str_ends_with(name, "_block") ? SCOPE_BLOCK : str_ends_with(name, "_system") ? SCOPE_SYSTEM : SCOPE_DEVICE;
}

/* +1: the old value starts a range counted up (atomicAdd, which wraps
 * only on overflow); -1: counted down (atomicSub); 0: no ticket (atomicInc
 * and atomicDec among them: they wrap at their limit). */
static int ticket_kind(const char *name)
{
    static const char *const up[] = {"atomicAdd", NULL}, *const down[] = {"atomicSub", NULL};
    for (int dir = 1; dir >= -1; dir -= 2)
        for (const char *const *p = dir > 0 ? up : down; *p; p++) {
            size_t n = strlen(*p);
            if (strncmp(name, *p, n) == 0 &&
                (!name[n] || !strcmp(name + n, "_block") || !strcmp(name + n, "_system")))
                return dir;
        }
    return 0;
}

Value emit_atomic_at(Infer *in, const AtomicOp *op, CellKind cell, Array *arr, Expr **idx, int n)
{
    if (cell == CELL_UNTRACKED)
        opaque_at(in, op->call, "'%s' through a pointer the protocol does not track is not followed", op->name);
    if (cell != CELL_TRACKED)
        return value_none();
    Stmt *s = emit_access(in, ACC_ATOMIC, arr, idx, n, op->loc);
    s->u.access.scope = (uint8_t)op->scope;
    s->u.access.order = (uint8_t)op->order;
    if (op->dir == 0 || !op->amount)
        return value_none();
    const char *t = fresh_name(in, "slot", true);
    name_mark_varying(in, t);
    name_mark_unknown(in, t);
    s->u.access.ticket = var_expr(in, t, op->loc);
    s->u.access.amount = op->dir > 0 ? op->amount : expr_unary(in->prog, op->loc, OP_NEG, op->amount);
    return value_int(var_expr(in, t, op->loc));
}

/* The amount of an add or subtraction on an integer counter, when the
 * protocol can say it; NULL otherwise (its effects are taken either way). */
Expr *atomic_amount(Infer *in, CXCursor amount, bool counter, Loc loc)
{
    if (clang_Cursor_isNull(amount))
        return counter ? expr_num(in->prog, loc, 1) : NULL;
    if (!counter) {
        tr_effects(in, amount);
        return NULL;
    }
    Value k = tr_value(in, amount);
    if (k.kind != V_INT)
        return NULL;
    /* An unsigned amount never moves the counter down, whatever the
     * protocol's integer for it: max(k, 0) says so.  A thread whose k is
     * negative in the protocol then owns no slots, which can only add
     * alarms, never hide one. */
    if (type_is_unsigned(clang_getCursorType(amount)) && !expr_is_natural(k.e))
        return expr_binary(in->prog, OP_MAX, k.e, expr_num(in->prog, loc, 0));
    return k.e;
}

/* CUDA's atomicAdd, atomicCAS_block, ...: false when NAME is none. */
static bool atomic_builtin(Infer *in, const char *name, CXCursor call, CXCursor *args, int nargs, Loc loc, Value *out)
{
    if (starts_with(name, "atomic_")) /* OpenCL's, or libcu++'s atomic_ref */
        return false;
    *out = value_none();
    if (nargs < 1)
        return true;
    AtomicOp op = {name, call, loc, atomic_name_scope(name), ticket_kind(name), NULL, ORDER_UNSAID};
    bool counter = op.dir != 0 && type_is_integral(clang_getPointeeType(clang_getCursorType(args[0])));
    for (int i = 1; i < nargs; i++)
        if (i > 1 || !counter)
            tr_effects(in, args[i]);
    if (counter)
        op.amount = atomic_amount(in, nargs > 1 ? args[1] : clang_getNullCursor(), true, loc);
    Array *arr;
    Expr **idx;
    int n;
    Value p = tr_value(in, args[0]);
    Stmt *bytes = pointer_byte_access(in, ACC_ATOMIC, p, loc);
    if (bytes) { /* a member of a struct cell seen as bytes: no ticket */
        bytes->u.access.scope = (uint8_t)op.scope;
        bytes->u.access.order = (uint8_t)op.order;
        return true;
    }
    CellKind cell = value_cell(in, p, loc_of(in, args[0]), &arr, &idx, &n);
    *out = emit_atomic_at(in, &op, cell, arr, idx, n);
    return true;
}

bool cuda_atomic_call(Infer *in, const Call *c, Value *out)
{
    return atomic_builtin(in, c->name, c->cursor, c->args, c->nargs, c->loc, out);
}

