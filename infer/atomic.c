/* Atomics in the CUDA front end (issue 16): the scope a name gives
 * (atomicAdd_block, atomicAdd_system), and unique slots: the old value of
 * atomicAdd(&c, k), atomicSub(&c, k) or atomicInc(&c, m) on an integer
 * counter, when the program uses it, is a ticket (`local t = ticket(c, k);`,
 * docs/language.md 3.4): distinct threads draw disjoint ranges. */
#include "internal.h"

#include <string.h>

static bool ends_with(const char *s, const char *suffix)
{
    size_t n = strlen(s), m = strlen(suffix);
    return n >= m && strcmp(s + n - m, suffix) == 0;
}

AtomicScope atomic_name_scope(const char *name)
{
    return ends_with(name, "_block") ? SCOPE_BLOCK : ends_with(name, "_system") ? SCOPE_SYSTEM : SCOPE_DEVICE;
}

/* +1: the old value starts a range counted up (atomicAdd, atomicInc, which
 * wraps only on overflow); -1: counted down (atomicSub); 0: no ticket. */
static int ticket_kind(const char *name)
{
    static const char *const up[] = {"atomicAdd", "atomicInc", NULL}, *const down[] = {"atomicSub", NULL};
    for (int dir = 1; dir >= -1; dir -= 2)
        for (const char *const *p = dir > 0 ? up : down; *p; p++) {
            size_t n = strlen(*p);
            if (strncmp(name, *p, n) == 0 &&
                (!name[n] || !strcmp(name + n, "_block") || !strcmp(name + n, "_system")))
                return dir;
        }
    return 0;
}

Value emit_atomic_rmw(Infer *in, const char *name, CXCursor call, CXCursor ptr, CXCursor amount, int dir,
                      AtomicScope scope, Loc loc)
{
    Value k = value_none();
    bool counter = dir != 0 && type_is_integral(clang_getPointeeType(clang_getCursorType(ptr)));
    if (!clang_Cursor_isNull(amount)) {
        if (counter)
            k = tr_value(in, amount);
        else
            tr_effects(in, amount);
    } else if (counter) {
        k = value_int(expr_num(in->prog, loc, 1));
    }
    Array *arr;
    Expr **idx;
    int n;
    CellKind cell = pointer_cell(in, ptr, &arr, &idx, &n);
    if (cell == CELL_UNTRACKED)
        opaque_at(in, call, "'%s' through a pointer the protocol does not track is not followed", name);
    if (cell != CELL_TRACKED)
        return value_none();
    Stmt *s = emit_access(in, ACC_ATOMIC, arr, idx, n, loc);
    s->u.access.scope = (uint8_t)scope;
    if (!counter || k.kind != V_INT || !k.e)
        return value_none();
    const char *t = fresh_name(in, "slot", true);
    name_mark_varying(in, t);
    name_mark_unknown(in, t);
    s->u.access.ticket = var_expr(in, t, loc);
    s->u.access.amount = dir > 0 ? k.e : expr_unary(in->prog, loc, OP_NEG, k.e);
    return value_int(var_expr(in, t, loc));
}

bool cuda_atomic_call(Infer *in, const char *name, CXCursor call, CXCursor *args, int nargs, Loc loc, Value *out)
{
    if (strncmp(name, "atomic", 6) != 0 || strncmp(name, "atomic_", 7) == 0)
        return false;
    *out = value_none();
    if (nargs < 1)
        return true;
    int dir = ticket_kind(name);
    bool inc = strncmp(name, "atomicInc", 9) == 0;
    for (int i = inc ? 1 : 2; i < nargs; i++)
        tr_effects(in, args[i]);
    CXCursor amount = nargs > 1 && !inc ? args[1] : clang_getNullCursor();
    if (dir == 0 && nargs > 1) {
        tr_effects(in, args[1]);
        amount = clang_getNullCursor();
    }
    *out = emit_atomic_rmw(in, name, call, args[0], amount, dir, atomic_name_scope(name), loc);
    return true;
}
