/* Atomics in the CUDA front end (docs/language.md): the scope a name gives
 * (atomicAdd_block, atomicAdd_system), and unique slots: the old value of
 * atomicAdd(&c, k) or atomicSub(&c, k) on an integer counter, when the
 * program uses it, is a ticket (`local t = ticket(c, k);`, docs/language.md
 * 3.7): distinct threads draw disjoint ranges.  atomicInc(&c, m) and
 * atomicDec(&c, m) wrap at m, so their old values repeat once m + 1 draws
 * are made: tickets only while the launch keeps the draws within m + 1
 * (wrapping_ticket), plain unknowns otherwise.  libcu++'s
 * atomics (cuda::atomic, cuda::atomic_ref, cuda::std::atomic) are in
 * libcuxx.c and end here too. */
#include "atomic.h"

#include "env.h"
#include "models.h"
#include "stmt.h"

#include "assigned.h"

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
    s->u.access.load = op->load && op->dir == 0;
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

/* ---- atomicInc and atomicDec: tickets while they cannot wrap ---- */

/* +1 for atomicInc, -1 for atomicDec (any scope suffix), 0 otherwise. */
static int wrap_kind(const char *name)
{
    static const char *const names[2] = {"atomicInc", "atomicDec"};
    for (int i = 0; i < 2; i++) {
        size_t n = strlen(names[i]);
        if (strncmp(name, names[i], n) == 0 &&
            (!name[n] || !strcmp(name + n, "_block") || !strcmp(name + n, "_system")))
            return i == 0 ? 1 : -1;
    }
    return 0;
}

/* The variable a counter argument names: `x` of `&x`, or the pointer `p`
 * itself; a null cursor for anything else. */
static CXCursor counter_decl(CXCursor arg)
{
    arg = strip_expr(arg);
    if (clang_getCursorKind(arg) == CXCursor_UnaryOperator &&
        clang_getCursorUnaryOperatorKind(arg) == CXUnaryOperator_AddrOf)
        arg = strip_expr(child_at(arg, 0));
    return clang_getCursorKind(arg) == CXCursor_DeclRefExpr ? clang_getCursorReferenced(arg) : clang_getNullCursor();
}

enum { MAX_WRAP_LOOPS = 8 };

typedef struct WrapScan {
    CXCursor call, decl;
    int loops;        /* C loops around the visit point */
    CXCursor around[MAX_WRAP_LOOPS]; /* those loops, outermost first */
    CXCursor call_loops[MAX_WRAP_LOOPS]; /* the loops around the call */
    int ncall_loops;
    bool call_seen, jumps;
    int refs, stores; /* names of decl; those that are a plain store's target (`x = e`, `*p = e`, `p[0] = e`) */
} WrapScan;

static bool names_decl(CXCursor e, CXCursor decl)
{
    e = strip_expr(e);
    enum CXCursorKind k = clang_getCursorKind(e);
    if ((k == CXCursor_UnaryOperator && clang_getCursorUnaryOperatorKind(e) == CXUnaryOperator_Deref) ||
        k == CXCursor_ArraySubscriptExpr)
        e = strip_expr(child_at(e, 0));
    return clang_getCursorKind(e) == CXCursor_DeclRefExpr && clang_equalCursors(clang_getCursorReferenced(e), decl);
}

static enum CXChildVisitResult scan_wrap(CXCursor c, CXCursor parent, CXClientData data)
{
    (void)parent;
    WrapScan *w = data;
    enum CXCursorKind k = clang_getCursorKind(c);
    if (clang_equalCursors(c, w->call)) {
        w->call_seen = true;
        w->ncall_loops = w->loops;
        for (int i = 0; i < w->loops && i < MAX_WRAP_LOOPS; i++)
            w->call_loops[i] = w->around[i];
    }
    if (k == CXCursor_GotoStmt || k == CXCursor_IndirectGotoStmt)
        w->jumps = true;
    if (k == CXCursor_DeclRefExpr && clang_equalCursors(clang_getCursorReferenced(c), w->decl))
        w->refs++;
    if (k == CXCursor_BinaryOperator && clang_getCursorBinaryOperatorKind(c) == CXBinaryOperator_Assign &&
        names_decl(child_at(c, 0), w->decl))
        w->stores++;
    bool loop = k == CXCursor_ForStmt || k == CXCursor_WhileStmt || k == CXCursor_DoStmt ||
                k == CXCursor_CXXForRangeStmt;
    if (loop && w->loops < MAX_WRAP_LOOPS)
        w->around[w->loops] = c;
    w->loops += loop;
    clang_visitChildren(c, scan_wrap, w);
    w->loops -= loop;
    return CXChildVisit_Continue;
}

/* `i` of `for (int i = a; ...)` or `for (i = a; ...)`, with a constant a. */
static bool constant_start(CXCursor init, CXCursor *var, int64_t *a)
{
    init = strip_expr(init);
    Children ch = children_of(init);
    bool ok = false;
    if (clang_getCursorKind(init) == CXCursor_DeclStmt && ch.n == 1 &&
        clang_getCursorKind(ch.c[0]) == CXCursor_VarDecl) {
        *var = ch.c[0];
        Children v = children_of(ch.c[0]);
        ok = v.n >= 1 && eval_int(v.c[v.n - 1], a);
        free(v.c);
    } else if (clang_getCursorKind(init) == CXCursor_BinaryOperator &&
               clang_getCursorBinaryOperatorKind(init) == CXBinaryOperator_Assign && ch.n == 2 &&
               clang_getCursorKind(strip_expr(ch.c[0])) == CXCursor_DeclRefExpr) {
        *var = clang_getCursorReferenced(strip_expr(ch.c[0]));
        ok = eval_int(ch.c[1], a);
    }
    free(ch.c);
    return ok;
}

enum { MAX_COUNTED_TRIPS = 1 << 20 };

/* The iterations of `for (i = a; i < b; i += s)` (also `<=`, `i++`) with
 * constants a, b, s > 0, a counter of at least 32 bits that the body never
 * assigns: at most that many, whatever `break` and `continue` do; false
 * for any other loop. */
static bool constant_trips(CXCursor loop, int64_t *trips)
{
    Children ch = clang_getCursorKind(loop) == CXCursor_ForStmt ? children_of(loop) : (Children){NULL, 0};
    CXCursor var = clang_getNullCursor();
    int64_t a = 0, b = 0, step = 1;
    Induction ind;
    bool ok = ch.n == 4 && constant_start(ch.c[0], &var, &a) && induction_of(ch.c[2], &ind) &&
              clang_equalCursors(ind.var, var) && ind.step == STEP_ADD &&
              (clang_Cursor_isNull(ind.amount) || eval_int(ind.amount, &step)) && step > 0 &&
              clang_Type_getSizeOf(clang_getCursorType(var)) >= 4;
    CXCursor cond = ok ? strip_expr(ch.c[1]) : clang_getNullCursor();
    enum CXBinaryOperatorKind op = ok && clang_getCursorKind(cond) == CXCursor_BinaryOperator
                                       ? clang_getCursorBinaryOperatorKind(cond)
                                       : CXBinaryOperator_Invalid;
    Children c = ok ? children_of(cond) : (Children){NULL, 0};
    ok = ok && (op == CXBinaryOperator_LT || op == CXBinaryOperator_LE) && c.n == 2 &&
         clang_getCursorKind(strip_expr(c.c[0])) == CXCursor_DeclRefExpr &&
         clang_equalCursors(clang_getCursorReferenced(strip_expr(c.c[0])), var) && eval_int(c.c[1], &b) &&
         a >= -MAX_COUNTED_TRIPS && b < MAX_COUNTED_TRIPS && step < MAX_COUNTED_TRIPS;
    if (ok) {
        Decls d = assigned_in(ch.c[3]);
        ok = !decls_has(&d, var);
        decls_free(&d);
    }
    if (ok) {
        int64_t end = op == CXBinaryOperator_LE ? b + 1 : b;
        *trips = end > a ? (end - a + step - 1) / step : 0;
    }
    free(c.c);
    free(ch.c);
    return ok;
}

/* How many times each thread may run this atomicInc/atomicDec (*draws),
 * when it is the only atomic on its counter.  It is written in the
 * kernel's own body (not in a function inlined into it), in a body with
 * no goto, under no C loop or only under loops with constant trip counts
 * (their product), and the kernel names the counter elsewhere only as the
 * target of plain stores (`head = 0;`: the checker decides whether those
 * keep the draws distinct, docs/language.md 3.7). */
static bool draws_per_thread(Infer *in, CXCursor call, CXCursor counter, int64_t *draws)
{
    CXCursor decl = counter_decl(counter);
    if (clang_Cursor_isNull(decl) || in->ncalls > 0 || clang_Cursor_isNull(in->kernel_fn))
        return false;
    WrapScan w = {.call = call, .decl = decl};
    clang_visitChildren(in->kernel_fn, scan_wrap, &w);
    if (!w.call_seen || w.jumps || w.refs != 1 + w.stores || w.ncall_loops > MAX_WRAP_LOOPS ||
        (w.ncall_loops == 0 && in->loop_depth > 0))
        return false;
    *draws = 1;
    for (int i = 0; i < w.ncall_loops; i++) {
        int64_t trips;
        if (!constant_trips(w.call_loops[i], &trips) || trips > MAX_COUNTED_TRIPS / *draws)
            return false;
        *draws *= trips > 0 ? trips : 1;
    }
    return true;
}

/* The old value of `atomicInc(&c, m)` (`atomicDec`): the counter wraps at
 * m, but from any start its first m + 1 draws are distinct (atomicInc
 * counts s, s + 1, ..., m, 0, 1, ...; atomicDec s, s - 1, ..., 0, m, ...).
 * When each thread draws a known number of times (draws_per_thread) and
 * no other atomic moves the counter, the draws are that many per thread
 * that shares it: a block's for a counter in shared memory, the grid's
 * otherwise.  The value is then
 * `draws <= m + 1 ? t : u`, t a ticket of 1 (-1) and u a plain unknown:
 * distinct exactly when the launch keeps the counter from wrapping. */
static Value wrapping_ticket(Infer *in, AtomicOp *op, CXCursor *args, int nargs, CellKind cell, Array *arr,
                             Expr **idx, int n)
{
    Expr *limit = nargs > 1 ? tr_int(in, args[1]) : NULL;
    int64_t per_thread = 0;
    bool counted = limit && cell == CELL_TRACKED && draws_per_thread(in, op->call, args[0], &per_thread);
    op->amount = counted ? expr_num(in->prog, op->loc, 1) : NULL;
    Value t = emit_atomic_at(in, op, cell, arr, idx, n);
    if (!counted || t.kind != V_INT)
        return value_none();
    Expr *draws = mk_binary(in, OP_MUL, block_size(in, op->loc), num_expr(in, per_thread, op->loc));
    if (arr->mem != MEM_SHARED)
        draws = mk_binary(in, OP_MUL, draws,
                          mk_binary(in, OP_MUL,
                                    mk_binary(in, OP_MUL, builtin_var(in, "gridDim.x", op->loc),
                                              builtin_var(in, "gridDim.y", op->loc)),
                                    builtin_var(in, "gridDim.z", op->loc)));
    Expr *fits = mk_binary(in, OP_LE, draws, mk_binary(in, OP_ADD, limit, num_expr(in, 1, op->loc)));
    return value_int(mk_cond(in, fits, t.e, emit_local(in, "old", op->loc)));
}

/* CUDA's atomicAdd, atomicCAS_block, ...: false when NAME is none. */
static bool atomic_builtin(Infer *in, const char *name, CXCursor call, CXCursor *args, int nargs, Loc loc, Value *out)
{
    if (starts_with(name, "atomic_")) /* OpenCL's, or libcu++'s atomic_ref */
        return false;
    *out = value_none();
    if (nargs < 1)
        return true;
    AtomicOp op = {name, call, loc, atomic_name_scope(name), ticket_kind(name), NULL, ORDER_UNSAID, false};
    if (wrap_kind(name) && type_is_integral(clang_getPointeeType(clang_getCursorType(args[0])))) {
        op.dir = wrap_kind(name);
        for (int i = 2; i < nargs; i++)
            tr_effects(in, args[i]);
        Array *arr;
        Expr **idx;
        int n;
        CellKind cell = pointer_cell(in, args[0], &arr, &idx, &n);
        *out = wrapping_ticket(in, &op, args, nargs, cell, arr, idx, n);
        return true;
    }
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

