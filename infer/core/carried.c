/* Uniform values carried by a loop (docs/inference.md, "Loop-carried
 * values"): a variable that the body changes only by one unconditional
 * top-level `v *= 2`, `v >>= 1`, `v += c`, `v = 1 - v`, ... is a closed
 * form of the iteration number t of an exact protocol loop.  Expressing
 * it that way keeps it the same in every thread (Blelloch's `offset`, a
 * double buffer's `pout`), where a per-iteration `local` would let two
 * threads disagree and report false races.
 *
 * t itself is expressible for additive loops, t = (x - a) / s.  For loops
 * that double or halve their variable only 2^(j*t) is: x / a, or a / x
 * when a is a constant power of two (x = a >> j*t then divides it
 * exactly).  A form that needs what the loop does not give keeps the
 * sound fallback, a fresh unknown. */
#include "loop.h"

#include "env.h"
#include "expr.h"
#include "kernel.h"
#include "stmt.h"

#include <stdlib.h>
#include <string.h>

enum { MAX_SIMULATED_TRIPS = 1 << 16 };

/* ---- recognising the updates ---- */

static bool is_pow2_u64(uint64_t v)
{
    return v && !(v & (v - 1));
}

static int log2_u64(uint64_t v)
{
    int k = 0;
    while (v > 1) {
        v >>= 1;
        k++;
    }
    return k;
}

/* `v = c - v` and `v ^= c` (also `v = v ^ c`): two values, alternating. */
static bool involution_of(CXCursor s, CXCursor *var, CarryKind *kind, int64_t *c)
{
    s = strip_expr(s);
    enum CXCursorKind k = clang_getCursorKind(s);
    if (k != CXCursor_BinaryOperator && k != CXCursor_CompoundAssignOperator)
        return false;
    enum CXBinaryOperatorKind op = clang_getCursorBinaryOperatorKind(s);
    Children ch = children_of(s);
    bool ok = false;
    if (ch.n == 2 && op == CXBinaryOperator_XorAssign && eval_int(ch.c[1], c)) {
        ok = clang_getCursorKind(strip_expr(ch.c[0])) == CXCursor_DeclRefExpr;
        *var = clang_getCursorReferenced(strip_expr(ch.c[0]));
        *kind = CARRY_XOR;
    } else if (ch.n == 2 && op == CXBinaryOperator_Assign &&
               clang_getCursorKind(strip_expr(ch.c[0])) == CXCursor_DeclRefExpr) {
        *var = clang_getCursorReferenced(strip_expr(ch.c[0]));
        CXCursor rhs = strip_expr(ch.c[1]);
        Children r = children_of(rhs);
        if (clang_getCursorKind(rhs) == CXCursor_BinaryOperator && r.n == 2) {
            enum CXBinaryOperatorKind rop = clang_getCursorBinaryOperatorKind(rhs);
            if (rop == CXBinaryOperator_Sub && eval_int(r.c[0], c) && cursor_refers_to(r.c[1], *var)) {
                *kind = CARRY_FLIP;
                ok = true;
            } else if (rop == CXBinaryOperator_Xor && cursor_refers_to(r.c[0], *var) && eval_int(r.c[1], c)) {
                *kind = CARRY_XOR;
                ok = true;
            }
        }
        free(r.c);
    }
    free(ch.c);
    return ok && !clang_Cursor_isNull(*var);
}

/* v += c, v -= c, v *= 2^m, v <<= m, v /= 2^m, v >>= m (c constant); for
 * += and -= a step that is no constant is left in *amount. */
static bool progression_of(CXCursor s, CXCursor *var, CarryKind *kind, int64_t *c, CXCursor *amount)
{
    Induction ind;
    if (!induction_of(s, &ind))
        return false;
    *var = ind.var;
    *c = 1;
    *amount = clang_getNullCursor();
    if (!clang_Cursor_isNull(ind.amount) && !eval_int(ind.amount, c)) {
        if (ind.step != STEP_ADD && ind.step != STEP_SUB)
            return false;
        *amount = ind.amount;
    }
    switch (ind.step) {
    case STEP_ADD: *kind = CARRY_ADD; return true;
    case STEP_SUB: *kind = CARRY_SUB; return true;
    case STEP_SHL: *kind = CARRY_SHL; return *c >= 0 && *c < 32;
    case STEP_SHR: *kind = CARRY_SHR; return *c >= 0 && *c < 32;
    case STEP_MUL:
    case STEP_DIV:
        if (*c <= 0 || !is_pow2_u64((uint64_t)*c))
            return false;
        *kind = ind.step == STEP_MUL ? CARRY_SHL : CARRY_DIV;
        *c = log2_u64((uint64_t)*c);
        return true;
    }
    return false;
}

/* ---- what the body must not do ---- */

typedef struct BodyScan {
    CXCursor var;
    bool in_inner_loop; /* break and continue there are the inner loop's */
    bool header;        /* the update is the header's: jumps do not skip it, ... */
    bool leaves;        /* ... but a break or return leaves its exit value unknown */
    bool unsafe;
    CXCursor allowed;   /* a call known to change v as the update says (a swap helper) */
} BodyScan;

static bool is_loop_kind(enum CXCursorKind k)
{
    return k == CXCursor_ForStmt || k == CXCursor_WhileStmt || k == CXCursor_DoStmt ||
           k == CXCursor_CXXForRangeStmt;
}

/* Does the call get var in a way that lets it change it: as an argument
 * bound to a non-const reference (or to a parameter it cannot see, a
 * dependent or variadic callee's), or as the object of a method? */
static bool call_passes(CXCursor call, CXCursor var)
{
    CXCursor callee = callee_decl(call);
    int nargs = clang_Cursor_getNumArguments(call);
    Children ch = children_of(call);
    bool found = false;
    for (int i = 0; i < ch.n && !found; i++) {
        if (!cursor_refers_to(ch.c[i], var))
            continue;
        int arg = -1; /* which argument, by place (the cursors of one node differ by origin) */
        CXSourceRange at = clang_getCursorExtent(ch.c[i]);
        for (int a = 0; a < nargs && arg < 0; a++)
            if (clang_equalRanges(clang_getCursorExtent(clang_Cursor_getArgument(call, (unsigned)a)), at))
                arg = a;
        if (arg < 0 || clang_Cursor_isNull(callee) || arg >= clang_Cursor_getNumArguments(callee)) {
            found = true;
            continue;
        }
        CXType pt = clang_getCursorType(clang_Cursor_getArgument(callee, (unsigned)arg));
        found = is_reference_type(pt) && !clang_isConstQualifiedType(clang_getPointeeType(pt));
    }
    free(ch.c);
    return found;
}

/* A jump that could skip the update (this loop's break or continue, a
 * return, a goto), or a call that may change v through a reference. */
static enum CXChildVisitResult scan_body(CXCursor c, CXCursor parent, CXClientData data)
{
    (void)parent;
    BodyScan *s = data;
    enum CXCursorKind k = clang_getCursorKind(c);
    bool loop_jump = k == CXCursor_BreakStmt || k == CXCursor_ContinueStmt;
    s->leaves |= k == CXCursor_ReturnStmt || (k == CXCursor_BreakStmt && !s->in_inner_loop);
    bool skips = !s->header && (k == CXCursor_ReturnStmt || (loop_jump && !s->in_inner_loop));
    if (skips || k == CXCursor_GotoStmt || k == CXCursor_IndirectGotoStmt ||
        (k == CXCursor_CallExpr && !clang_equalCursors(c, s->allowed) && call_passes(c, s->var))) {
        s->unsafe = true;
        return CXChildVisit_Break;
    }
    if (is_loop_kind(k) && !s->in_inner_loop) {
        BodyScan inner = *s;
        inner.in_inner_loop = true;
        clang_visitChildren(c, scan_body, &inner);
        s->unsafe = inner.unsafe;
        s->leaves |= inner.leaves;
        return s->unsafe ? CXChildVisit_Break : CXChildVisit_Continue;
    }
    return CXChildVisit_Recurse;
}

static bool body_may_skip_update(CXCursor body, CXCursor var, bool header, bool *leaves, CXCursor allowed)
{
    BodyScan s = {var, false, header, false, false, allowed};
    clang_visitChildren(body, scan_body, &s);
    *leaves = s.leaves;
    return s.unsafe;
}

/* ---- finding the carried variables ---- */

static int occurrences(const CXCursor *assigned, int n, CXCursor decl)
{
    int k = 0;
    for (int i = 0; i < n; i++)
        k += clang_equalCursors(assigned[i], decl) != 0;
    return k;
}

/* The value of an expression over numbers (`256 >> 1`), kept small. */
static bool constant_of(const Expr *e, int64_t *v)
{
    const int64_t limit = (int64_t)1 << 40;
    int64_t a, b;
    if (e->kind == E_NUM) {
        *v = (int64_t)e->u.num;
        return e->u.num < (uint64_t)limit;
    }
    if (e->kind == E_UNARY && e->op == OP_NEG && constant_of(e->u.sub.a, &a)) {
        *v = -a;
        return true;
    }
    if (e->kind != E_BINARY || !constant_of(e->u.sub.a, &a) || !constant_of(e->u.sub.b, &b))
        return false;
    switch ((Op)e->op) {
    case OP_ADD: *v = a + b; break;
    case OP_SUB: *v = a - b; break;
    case OP_MUL: *v = a * b; break;
    case OP_DIV: if (b == 0) return false; *v = a / b; break;
    case OP_MOD: if (b == 0) return false; *v = a % b; break;
    case OP_SHL: if (b < 0 || b > 30) return false; *v = a * ((int64_t)1 << b); break;
    case OP_SHR: if (b < 0 || b > 62 || a < 0) return false; *v = a >> b; break;
    default: return false;
    }
    return *v > -limit && *v < limit;
}

/* A step amount the loop leaves alone, that reads no memory: names, numbers
 * and arithmetic only (`blockDim.x * gridDim.x`, `lda`). */
typedef struct Invariant {
    const LoopCarry *lc;
    bool ok;
} Invariant;

static enum CXChildVisitResult check_invariant(CXCursor c, CXCursor parent, CXClientData data)
{
    (void)parent;
    Invariant *inv = data;
    switch (clang_getCursorKind(c)) {
    case CXCursor_DeclRefExpr: {
        /* translated once, before the loop: no variable the loop changes,
         * and no read of memory, which belongs in its iteration */
        CXCursor d = clang_getCursorReferenced(c);
        bool builtin = cursor_name_is(d, "blockDim") || cursor_name_is(d, "gridDim") ||
                       cursor_name_is(d, "threadIdx") || cursor_name_is(d, "blockIdx") ||
                       cursor_name_is(d, "warpSize");
        if (occurrences(inv->lc->assigned, inv->lc->nassigned, d) > 0 ||
            (!builtin && (cursor_has_attr(d, CXCursor_CUDASharedAttr) || cursor_has_attr(d, CXCursor_CUDADeviceAttr))))
            inv->ok = false;
        break;
    }
    case CXCursor_IntegerLiteral: case CXCursor_ParenExpr: case CXCursor_UnexposedExpr:
    case CXCursor_CStyleCastExpr: case CXCursor_CXXStaticCastExpr: case CXCursor_MemberRefExpr:
    case CXCursor_BinaryOperator: case CXCursor_TypeRef:
        break;
    case CXCursor_UnaryOperator:
        inv->ok &= clang_getCursorUnaryOperatorKind(c) == CXUnaryOperator_Minus ||
                   clang_getCursorUnaryOperatorKind(c) == CXUnaryOperator_Plus;
        break;
    default:
        inv->ok = false;
    }
    return inv->ok ? CXChildVisit_Recurse : CXChildVisit_Break;
}

static Expr *invariant_amount(Infer *in, CXCursor amount, const LoopCarry *lc)
{
    Invariant inv = {lc, true};
    check_invariant(amount, clang_getNullCursor(), &inv);
    if (inv.ok)
        clang_visitChildren(amount, check_invariant, &inv);
    return inv.ok ? tr_int(in, amount) : NULL;
}

/* One candidate: a top-level statement of the body that updates a
 * variable of the enclosing scope (an integer, or a pointer moved by
 * `p += k`), which nothing else in the loop assigns. */
static bool carried_of(Infer *in, CXCursor stmt, const LoopCarry *lc, bool header, Carried *out)
{
    CXCursor var = clang_getNullCursor(), amount = clang_getNullCursor();
    CarryKind kind;
    int64_t c;
    if (!progression_of(stmt, &var, &kind, &c, &amount) && !involution_of(stmt, &var, &kind, &c))
        return false;
    CXType t = clang_getCursorType(var);
    bool pointer = clang_getCanonicalType(t).kind == CXType_Pointer;
    if (clang_equalCursors(var, lc->ind_var) || occurrences(lc->assigned, lc->nassigned, var) != 1 ||
        !(type_is_integral(t) || (pointer && (kind == CARRY_ADD || kind == CARRY_SUB))))
        return false;
    int slot = env_find(in, var);
    bool leaves = false;
    if (slot < 0 || slot >= lc->upto || body_may_skip_update(lc->body, var, header, &leaves, clang_getNullCursor()))
        return false;
    const Value *v = &in->env[slot].v;
    if (pointer ? v->kind != V_PTR || v->nidx == 0 : v->kind != V_INT)
        return false;
    memset(out, 0, sizeof *out);
    if (!clang_Cursor_isNull(amount) && !(out->amount = invariant_amount(in, amount, lc)))
        return false;
    int64_t v0;
    out->slot = slot;
    out->in_loop_only = leaves || lc->exits_early;
    out->kind = kind;
    out->c = c;
    out->v0 = pointer ? v->idx[v->nidx - 1] : v->e;
    if (pointer)
        out->ptr0 = *v;
    out->nonneg = type_is_unsigned(clang_getCursorType(var)) || (constant_of(out->v0, &v0) && v0 >= 0);
    return true;
}

/* ---- two variables exchanged each iteration ---- */

/* `x = y` with x naming `to` and y naming `from`. */
static bool assigns_name(CXCursor s, CXCursor to, CXCursor from)
{
    s = strip_expr(s);
    if (clang_getCursorKind(s) != CXCursor_BinaryOperator ||
        clang_getCursorBinaryOperatorKind(s) != CXBinaryOperator_Assign)
        return false;
    return cursor_refers_to(child_at(s, 0), to) && cursor_refers_to(child_at(s, 1), from);
}

/* `T t = a; a = b; b = t;` at items[i..i+2]: a and b into *a, *b. */
static bool three_step_swap(const Children *items, int i, CXCursor *a, CXCursor *b)
{
    if (i + 2 >= items->n || clang_getCursorKind(items->c[i]) != CXCursor_DeclStmt)
        return false;
    Children decls = children_of(items->c[i]);
    CXCursor tmp = decls.n == 1 ? decls.c[0] : clang_getNullCursor();
    free(decls.c);
    if (clang_getCursorKind(tmp) != CXCursor_VarDecl)
        return false;
    CXCursor init = strip_expr(child_at(tmp, clang_getCursorKind(child_at(tmp, 0)) == CXCursor_TypeRef ? 1 : 0));
    if (clang_getCursorKind(init) != CXCursor_DeclRefExpr)
        return false;
    *a = clang_getCursorReferenced(init);
    CXCursor rhs = strip_expr(child_at(strip_expr(items->c[i + 1]), 1));
    if (clang_getCursorKind(rhs) != CXCursor_DeclRefExpr)
        return false;
    *b = clang_getCursorReferenced(rhs);
    return !clang_equalCursors(*a, *b) && assigns_name(items->c[i + 1], *a, *b) &&
           assigns_name(items->c[i + 2], *b, tmp);
}

/* `swap(a, b)` whose callee's body is `T t = p; p = q; q = t;` over its
 * two reference parameters p and q. */
static bool swap_call(CXCursor call, CXCursor *a, CXCursor *b)
{
    call = strip_expr(call);
    CXCursor def, body, x, y;
    if (clang_getCursorKind(call) != CXCursor_CallExpr || clang_Cursor_getNumArguments(call) != 2 ||
        !defined_with_body(clang_getCursorReferenced(call), &def, &body))
        return false;
    Children items = children_of(body);
    bool ok = items.n == 3 && three_step_swap(&items, 0, &x, &y);
    free(items.c);
    CXCursor p = function_param(def, 0), q = function_param(def, 1);
    if (!ok || clang_Cursor_isNull(q) || !clang_Cursor_isNull(function_param(def, 2)) ||
        !is_reference_type(clang_getCursorType(p)) || !is_reference_type(clang_getCursorType(q)) ||
        !((clang_equalCursors(x, p) && clang_equalCursors(y, q)) || (clang_equalCursors(x, q) && clang_equalCursors(y, p))))
        return false;
    CXCursor ea = strip_expr(clang_Cursor_getArgument(call, 0)), eb = strip_expr(clang_Cursor_getArgument(call, 1));
    if (clang_getCursorKind(ea) != CXCursor_DeclRefExpr || clang_getCursorKind(eb) != CXCursor_DeclRefExpr)
        return false;
    *a = clang_getCursorReferenced(ea);
    *b = clang_getCursorReferenced(eb);
    return !clang_equalCursors(*a, *b);
}

/* One side of a swap: an integer of the enclosing scope that nothing else
 * in the loop assigns and that every iteration reaches the swap of. */
static bool swapped_side(Infer *in, const LoopCarry *lc, CXCursor var, CXCursor call, int *slot)
{
    bool leaves = false;
    *slot = env_find(in, var);
    CXType t = clang_getCursorType(var);
    bool pointer = clang_getCanonicalType(t).kind == CXType_Pointer;
    if (!clang_equalCursors(var, lc->ind_var) && (type_is_integral(t) || pointer) &&
        occurrences(lc->assigned, lc->nassigned, var) == 1 && *slot >= 0 && *slot < lc->upto &&
        in->env[*slot].v.kind == (pointer ? V_PTR : V_INT) &&
        !body_may_skip_update(lc->body, var, false, &leaves, call) && !leaves && !lc->exits_early)
        return true;
    return false;
}

/* items[*i] starts an exchange of two integers (in place, or by a swap
 * helper): both are carried, each alternating between the two entry
 * values (`a = t % 2 == 0 ? a0 : b0`).  *i moves past it. */
static bool swap_carried(Infer *in, const LoopCarry *lc, const Children *items, int *i, Carried out[2])
{
    CXCursor a, b, call = clang_getNullCursor();
    int used = 3, sa, sb;
    if (!three_step_swap(items, *i, &a, &b)) {
        if (!swap_call(items->c[*i], &a, &b))
            return false;
        used = 1;
        call = strip_expr(items->c[*i]);
    }
    if (!swapped_side(in, lc, a, call, &sa) || !swapped_side(in, lc, b, call, &sb) ||
        in->env[sa].v.kind != in->env[sb].v.kind)
        return false;
    memset(out, 0, 2 * sizeof *out);
    int slots[2] = {sa, sb};
    for (int k = 0; k < 2; k++) {
        const Value *own = &in->env[slots[k]].v, *other = &in->env[slots[1 - k]].v;
        out[k].slot = slots[k];
        out[k].kind = CARRY_SWAP;
        if (own->kind == V_PTR) {
            out[k].ptr0 = *own;
            out[k].other_ptr0 = *other;
        } else {
            out[k].v0 = own->e;
            out[k].other0 = other->e;
        }
    }
    *i += used - 1;
    return true;
}

CarriedSet carried_find(Infer *in, const LoopCarry *lc)
{
    CarriedSet set = {NULL, 0};
    Children items = {NULL, 0};
    if (clang_getCursorKind(lc->body) == CXCursor_CompoundStmt) {
        items = children_of(lc->body);
    } else if (!clang_Cursor_isNull(lc->body)) { /* `for (...) levels++;` */
        items.c = xcalloc(1, sizeof *items.c);
        items.c[0] = lc->body;
        items.n = 1;
    }
    for (int i = 0; i < items.n + lc->nheader; i++) {
        Carried cv;
        bool header = i >= items.n;
        Carried pair[2];
        if (!header && swap_carried(in, lc, &items, &i, pair)) {
            VEC_GROW(set.v, set.n, set.n + 2);
            set.v[set.n++] = pair[0];
            set.v[set.n++] = pair[1];
            continue;
        }
        if (carried_of(in, header ? lc->header[i - items.n] : items.c[i], lc, header, &cv)) {
            VEC_GROW(set.v, set.n, set.n + 1);
            set.v[set.n++] = cv;
        }
    }
    free(items.c);
    return set;
}

/* ---- the iteration number ---- */

static bool pow2_exponent(const Expr *amount, StepOp step, int *j)
{
    int64_t a;
    if (!constant_of(amount, &a))
        return false;
    if (step == STEP_SHL || step == STEP_SHR) {
        *j = (int)a;
        return a >= 1 && a < 32;
    }
    *j = a > 1 && is_pow2_u64((uint64_t)a) ? log2_u64((uint64_t)a) : 0;
    return *j > 0;
}

/* A power of two the loop's start decides, 2^(j t): an unknown p with
 * pow2(p) && rel, emitted here; the block's when the start a is, so that
 * threads in the same iteration agree on it. */
static Expr *pow2_unknown(Infer *in, Expr *a, Loc loc, Expr *(*rel)(Infer *, Expr *p, Expr *a, Expr *arg, Loc), Expr *arg)
{
    Expr *p = expr_block_shared(in, a) ? emit_block_unknown(in, "power", loc) : emit_local(in, "power", loc);
    emit_assume(in, mk_and(in, expr_pow2(in->prog, loc, p), rel(in, p, a, arg, loc)), loc);
    return p;
}

/* In an iteration of `for (x = a; ...; x >>= j)`, a no constant: x == a / p
 * (while the loop runs x > 0, so a > 0 and the shift is the division).
 * `for (d = blockDim.x; d > 0; d >>= 1) { ...; stride *= 2; }`: stride
 * is p, the same in the whole block. */
static Expr *in_iteration(Infer *in, Expr *p, Expr *a, Expr *x, Loc loc)
{
    (void)loc;
    return mk_binary(in, OP_EQ, x, mk_binary(in, OP_DIV, a, p));
}

bool loop_clock(Infer *in, StepOp step, Expr *init, Expr *amount, Expr *x, LoopClock *clk)
{
    memset(clk, 0, sizeof *clk);
    int64_t a;
    switch (step) {
    case STEP_ADD:
        clk->t = mk_binary(in, OP_DIV, mk_binary(in, OP_SUB, x, init), amount);
        return true;
    case STEP_SUB:
        clk->t = mk_binary(in, OP_DIV, mk_binary(in, OP_SUB, init, x), amount);
        return true;
    case STEP_MUL:
    case STEP_SHL:
        /* x = a * 2^(j t): x / a is exact (a = 0 never ends) */
        if (!pow2_exponent(amount, step, &clk->j))
            return false;
        clk->pow = mk_binary(in, OP_DIV, x, init);
        return true;
    case STEP_DIV:
    case STEP_SHR:
        if (!pow2_exponent(amount, step, &clk->j))
            return false;
        /* x = a >> j t loses no bits while x > 0 only when a is 2^k */
        if (constant_of(init, &a) && a > 0 && is_pow2_u64((uint64_t)a))
            clk->pow = mk_binary(in, OP_DIV, num_expr(in, a, init->loc), x);
        else { /* made where a closed form first needs it (clock_pow) */
            clk->pow_start = init;
            clk->pow_arg = x;
        }
        return true;
    }
    return false;
}

/* ---- closed forms ---- */

static Expr *after_halving(Infer *in, Expr *q, Expr *a, Expr *shift, Loc loc);

/* The clock's 2^(j t), made now when it is an unknown not made yet. */
static Expr *clock_pow(Infer *in, LoopClock *clk, Loc loc)
{
    if (!clk->pow && clk->pow_start)
        clk->pow = pow2_unknown(in, clk->pow_start, loc, clk->pow_at_exit ? after_halving : in_iteration,
                                clk->pow_arg);
    return clk->pow;
}

/* 2^(m t): from t, or as a power of the clock's 2^(j t). */
static Expr *pow2_of_t(Infer *in, LoopClock *clk, int64_t m, Loc loc)
{
    if (m == 0)
        return num_expr(in, 1, loc);
    if (clk->t)
        return mk_binary(in, OP_SHL, num_expr(in, 1, loc), mk_binary(in, OP_MUL, num_expr(in, m, loc), clk->t));
    if (!clock_pow(in, clk, loc) || m % clk->j != 0 || m / clk->j > 4)
        return NULL;
    Expr *p = clk->pow;
    for (int64_t k = 1; k < m / clk->j; k++)
        p = mk_binary(in, OP_MUL, p, clk->pow);
    return p;
}

/* t % 2 == 0; from 2^(j t), (-1)^t is 2^(j t) mod (2^j + 1). */
static Expr *t_is_even(Infer *in, LoopClock *clk, Loc loc)
{
    if (clk->t)
        return mk_binary(in, OP_EQ, mk_binary(in, OP_MOD, clk->t, num_expr(in, 2, loc)), num_expr(in, 0, loc));
    if (!clock_pow(in, clk, loc) || clk->j > 30)
        return NULL;
    Expr *m = mk_binary(in, OP_MOD, clk->pow, num_expr(in, ((int64_t)1 << clk->j) + 1, loc));
    return mk_binary(in, OP_EQ, m, num_expr(in, 1, loc));
}

static Expr *closed_form(Infer *in, const Carried *cv, LoopClock *clk, Loc loc)
{
    Expr *v0 = cv->v0, *p, *even;
    switch (cv->kind) {
    case CARRY_ADD:
    case CARRY_SUB:
        if (!clk->t)
            return NULL;
        p = mk_binary(in, OP_MUL, cv->amount ? cv->amount : num_expr(in, cv->c, loc), clk->t);
        return mk_binary(in, cv->kind == CARRY_ADD ? OP_ADD : OP_SUB, v0, p);
    case CARRY_SHL:
        if (clk->t)
            return mk_binary(in, OP_SHL, v0, mk_binary(in, OP_MUL, num_expr(in, cv->c, loc), clk->t));
        p = pow2_of_t(in, clk, cv->c, loc);
        return p ? mk_binary(in, OP_MUL, v0, p) : NULL;
    case CARRY_SHR:
        if (clk->t)
            return mk_binary(in, OP_SHR, v0, mk_binary(in, OP_MUL, num_expr(in, cv->c, loc), clk->t));
        /* >> floors and / truncates: the same for naturals only */
        p = cv->nonneg ? pow2_of_t(in, clk, cv->c, loc) : NULL;
        return p ? mk_binary(in, OP_DIV, v0, p) : NULL;
    case CARRY_DIV:
        p = pow2_of_t(in, clk, cv->c, loc);
        return p ? mk_binary(in, OP_DIV, v0, p) : NULL;
    case CARRY_FLIP:
    case CARRY_XOR:
        even = t_is_even(in, clk, loc);
        if (!even)
            return NULL;
        p = cv->kind == CARRY_FLIP ? mk_binary(in, OP_SUB, num_expr(in, cv->c, loc), v0)
                                   : mk_binary(in, OP_BXOR, v0, num_expr(in, cv->c, loc));
        return mk_cond(in, even, v0, p);
    case CARRY_SWAP:
        even = t_is_even(in, clk, loc);
        return even ? mk_cond(in, even, v0, cv->other0) : NULL;
    }
    return NULL;
}

/* The variable's value, given its closed form (a pointer's last index). */
static void bind_closed_form(Infer *in, const Carried *cv, Expr *e)
{
    if (cv->ptr0.kind != V_PTR) {
        in->env[cv->slot].v = value_int(e);
        return;
    }
    Value p = cv->ptr0;
    p.idx = arena_alloc(&in->prog->arena, (size_t)p.nidx * sizeof *p.idx);
    memcpy(p.idx, cv->ptr0.idx, (size_t)p.nidx * sizeof *p.idx);
    p.idx[p.nidx - 1] = e;
    in->env[cv->slot].v = p;
}

int carried_pointer_swap(const CarriedSet *set)
{
    for (int i = 0; i + 1 < set->n; i++)
        if (set->v[i].kind == CARRY_SWAP && set->v[i].ptr0.kind == V_PTR)
            return i;
    return -1;
}

Expr *carried_even(Infer *in, LoopClock *clk, Loc loc)
{
    return t_is_even(in, clk, loc);
}

void carried_bind_iteration(Infer *in, const CarriedSet *set, LoopClock *clk, Loc loc)
{
    for (int i = 0; i < set->n; i++) {
        if (set->v[i].kind == CARRY_SWAP && set->v[i].ptr0.kind == V_PTR)
            continue; /* the body's split binds them (stmt.c) */
        Expr *e = closed_form(in, &set->v[i], clk, loc);
        if (e)
            bind_closed_form(in, &set->v[i], e);
    }
}

/* ---- after the loop ---- */

static bool step_once(StepOp step, int64_t amount, int64_t *x)
{
    switch (step) {
    case STEP_ADD: *x += amount; break;
    case STEP_SUB: *x -= amount; break;
    case STEP_MUL: *x *= amount; break;
    case STEP_DIV: if (amount == 0) return false; *x /= amount; break;
    case STEP_SHL: if (amount < 0 || amount > 32) return false; *x *= (int64_t)1 << amount; break;
    case STEP_SHR: if (amount < 0 || amount > 62) return false; *x >>= amount; break;
    }
    return *x > -((int64_t)1 << 40) && *x < ((int64_t)1 << 40);
}

bool compare_ints(Op cmp, int64_t x, int64_t b)
{
    switch (cmp) {
    case OP_LT: return x < b;
    case OP_LE: return x <= b;
    case OP_GT: return x > b;
    case OP_GE: return x >= b;
    default: return x != b;
    }
}

/* The trip count of a loop whose start, bound and step are constants. */
static bool constant_trips(const Stmt *loop, Expr *init, int64_t *trips)
{
    int64_t x, b, s;
    if (!constant_of(init, &x) || !constant_of(loop->u.loop.bound, &b) || !constant_of(loop->u.loop.amount, &s))
        return false;
    for (int64_t t = 0; t < MAX_SIMULATED_TRIPS; t++) {
        if (!compare_ints((Op)loop->u.loop.cmp, x, b)) {
            *trips = t;
            return true;
        }
        if (!step_once((StepOp)loop->u.loop.step, s, &x))
            return false;
    }
    return false;
}

/* The update applied `times` times to a constant, as C computes it. */
static bool apply_times(const Carried *cv, int64_t times, int64_t *v)
{
    const int64_t limit = (int64_t)1 << 40;
    for (int64_t k = 0; k < times; k++) {
        switch (cv->kind) {
        case CARRY_ADD: *v += cv->c; break;
        case CARRY_SUB: *v -= cv->c; break;
        case CARRY_SHL: *v *= (int64_t)1 << cv->c; break;
        case CARRY_SHR: *v >>= cv->c; break;
        case CARRY_DIV: *v /= (int64_t)1 << cv->c; break;
        case CARRY_FLIP: *v = cv->c - *v; break;
        case CARRY_XOR: *v ^= cv->c; break;
        case CARRY_SWAP: return false; /* the partner's value is not at hand */
        }
        if (*v <= -limit || *v >= limit)
            return false;
    }
    return true;
}

/* The trip count of an additive loop with a constant step s > 0 and a
 * bound that is an expression: max(0, (b - x + s - 1) / s) going up to
 * `x < b` (`+ s` for `<=`), the mirror going down; NULL for other loops.
 * Values are integers, so the count of a loop that never runs is 0. */
static Expr *symbolic_trips(Infer *in, const Stmt *loop, Expr *init, Loc loc)
{
    int64_t s;
    bool up = loop->u.loop.step == STEP_ADD, down = loop->u.loop.step == STEP_SUB;
    Op cmp = (Op)loop->u.loop.cmp;
    if (!constant_of(loop->u.loop.amount, &s) || s <= 0 || s > (1 << 20) ||
        !((up && (cmp == OP_LT || cmp == OP_LE)) || (down && (cmp == OP_GT || cmp == OP_GE))))
        return NULL;
    Expr *span = up ? mk_binary(in, OP_SUB, loop->u.loop.bound, init) : mk_binary(in, OP_SUB, init, loop->u.loop.bound);
    int64_t extra = cmp == OP_LE || cmp == OP_GE ? s : s - 1;
    if (extra)
        span = mk_binary(in, OP_ADD, span, num_expr(in, extra, loc));
    if (s > 1)
        span = mk_binary(in, OP_DIV, span, num_expr(in, s, loc));
    return mk_binary(in, OP_MAX, num_expr(in, 0, loc), span);
}

/* After it: a < q (the last shift reached 0: a / q == 0, without the
 * division) and q >> j <= a (the iteration before it ran, or none did and
 * q is 1); j in `shift`. */
static Expr *after_halving(Infer *in, Expr *q, Expr *a, Expr *shift, Loc loc)
{
    (void)loc;
    return mk_and(in, mk_binary(in, OP_LT, a, q), mk_binary(in, OP_LE, mk_binary(in, OP_SHR, q, shift), a));
}

/* 2^(j t) at the exit of `for (x = a; x > 0; x >>= j)` (also `x != 0`,
 * `x >= 1`, `/= 2^j`): an unknown q (after_halving). */
static bool halving_exit_clock(Infer *in, const Stmt *loop, Expr *init, Loc loc, LoopClock *clk)
{
    int64_t b;
    Op cmp = (Op)loop->u.loop.cmp;
    StepOp step = (StepOp)loop->u.loop.step;
    if ((step != STEP_SHR && step != STEP_DIV) || !pow2_exponent(loop->u.loop.amount, step, &clk->j) ||
        !constant_of(loop->u.loop.bound, &b) ||
        !(((cmp == OP_GT || cmp == OP_NE) && b == 0) || (cmp == OP_GE && b == 1)))
        return false;
    clk->pow_start = init;
    clk->pow_arg = num_expr(in, clk->j, loc);
    clk->pow_at_exit = true;
    return true;
}

void carried_bind_exit(Infer *in, const CarriedSet *set, const Stmt *loop, Expr *init, Loc loc)
{
    int64_t trips = 0;
    if (set->n == 0)
        return;
    LoopClock clk;
    memset(&clk, 0, sizeof clk);
    bool constant = constant_trips(loop, init, &trips);
    clk.t = constant ? num_expr(in, trips, loc) : symbolic_trips(in, loop, init, loc);
    if (!clk.t && !halving_exit_clock(in, loop, init, loc, &clk))
        return; /* the fallback: the unknowns havoc gave them */
    for (int i = 0; i < set->n; i++) {
        int64_t v;
        if (set->v[i].in_loop_only)
            continue;
        if (set->v[i].kind == CARRY_SWAP && set->v[i].ptr0.kind == V_PTR) {
            if (constant) { /* an even number of exchanges leaves each where it was */
                in->env[set->v[i].slot].v = trips % 2 == 0 ? set->v[i].ptr0 : set->v[i].other_ptr0;
                set->v[i].exit_bound = true;
            }
            continue;
        }
        Expr *e = constant && !set->v[i].amount && constant_of(set->v[i].v0, &v) && apply_times(&set->v[i], trips, &v)
                      ? num_expr(in, v, loc)
                      : closed_form(in, &set->v[i], &clk, loc);
        if (e) {
            bind_closed_form(in, &set->v[i], e);
            set->v[i].exit_bound = true;
        }
    }
}

/* ---- after a loop the whole grid runs alike ---- */

/* The same in every thread of the grid (uniforms, blockDim, gridDim,
 * numbers), and when `natural` is asked, never negative (no subtraction
 * or negation: uniforms are naturals). */
bool expr_grid_uniform(Infer *in, const Expr *e, bool natural)
{
    switch ((ExprKind)e->kind) {
    case E_NUM:
    case E_BOOL:
        return true;
    case E_VAR:
        return !e->thread && name_is_uniform(in, e->u.var.name);
    case E_UNARY:
        return !natural && expr_grid_uniform(in, e->u.sub.a, false);
    case E_BINARY:
        if (natural && e->op == OP_SUB)
            return false;
        return expr_grid_uniform(in, e->u.sub.a, natural) && expr_grid_uniform(in, e->u.sub.b, natural);
    case E_COND:
        return expr_grid_uniform(in, e->u.sub.a, false) && expr_grid_uniform(in, e->u.sub.b, natural) &&
               expr_grid_uniform(in, e->u.sub.c, natural);
    case E_POW2:
    case E_DISTINCT:
        return false;
    }
    return false;
}

/* A carried value without a closed form at the exit, in a loop whose trip
 * count is the same in every thread of the grid: it starts the same and
 * moves the same everywhere, so it ends the same, a fresh uniform when it
 * cannot be negative (what `-=`, `c - v` may give). */
void carried_bind_uniform_exit(Infer *in, const CarriedSet *set, Loc loc)
{
    for (int i = 0; i < set->n; i++) {
        const Carried *cv = &set->v[i];
        bool moves_up = cv->kind == CARRY_ADD || cv->kind == CARRY_SHL || cv->kind == CARRY_SHR ||
                        cv->kind == CARRY_DIV || cv->kind == CARRY_XOR;
        if (cv->exit_bound || cv->in_loop_only || cv->ptr0.kind == V_PTR || !moves_up ||
            !expr_grid_uniform(in, cv->v0, true) || (cv->amount && !expr_grid_uniform(in, cv->amount, true)) ||
            cv->c < 0)
            continue;
        char *name = cursor_name(in->env[cv->slot].decl);
        in->env[cv->slot].v = value_int(loop_exit_uniform(in, name, loc));
        free(name);
    }
}

Expr *loop_exit_uniform(Infer *in, const char *name, Loc loc)
{
    Expr *u = fresh_uniform(in, *name ? name : "v", loc);
    VEC_PUSH(in->sliceable, in->nsliceable, in->capsliceable, u->u.var.name);
    return u;
}
