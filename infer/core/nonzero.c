/* C++ leaves an integer division or remainder by zero undefined
 * (docs/inference.md, "Division by zero"): a thread that computes `i / w`
 * has w != 0 there, which the protocol states as `assume w != 0;` so that
 * no witness picks w = 0 to give `i / w` any value it likes (a 0 size is
 * how most false races of index arithmetic over kernel parameters came
 * about).  The facts are only ever a help: leaving one out adds
 * executions, so those the context already implies, or that no access or
 * barrier can come after (in the blocks around, or in a later iteration),
 * are left out again once the kernel is translated. */
#include "kernel.h"

#include "env.h"
#include "equal.h"

#include <stdlib.h>
#include <string.h>

/* Is `assume cond;` already in the block being emitted? */
static bool assumed_here(const Infer *in, const Expr *cond)
{
    for (int i = 0; i < in->out->n; i++)
        if (in->out->items[i]->kind == S_ASSUME && expr_equal(in->out->items[i]->u.assume.cond, cond))
            return true;
    return false;
}

void assume_divisor_nonzero(Infer *in, CXCursor e, Op op, Value divisor)
{
    int64_t k;
    if ((op != OP_DIV && op != OP_MOD) || divisor.kind != V_INT || !in->dialect->division_by_zero_undefined ||
        in->unexecuted > 0 || !type_is_integral(clang_getCursorType(e)) || expr_constant(divisor.e, &k))
        return;
    Loc loc = loc_of(in, e);
    Expr *nonzero = expr_binary(in->prog, OP_NE, divisor.e, num_expr(in, 0, loc));
    if (assumed_here(in, nonzero))
        return;
    emit_assume(in, nonzero, loc);
    VEC_PUSH(in->division_facts, in->ndivision_facts, in->capdivision_facts, in->out->items[in->out->n - 1]);
}

/* ---- leaving out the facts nothing needs ---- */

/* blockDim.x, gridDim.y, warpSize: at least 1 in every launch. */
static bool launch_size(const Expr *e)
{
    const char *n = e->u.var.name;
    return strncmp(n, "blockDim.", 9) == 0 || strncmp(n, "gridDim.", 8) == 0 || strcmp(n, "warpSize") == 0;
}

/* e is not 0 whatever the values of its names (which are naturals). */
static bool never_zero(const Expr *e)
{
    switch ((ExprKind)e->kind) {
    case E_NUM:
        return e->u.num != 0;
    case E_VAR:
        return launch_size(e);
    case E_BINARY:
        switch ((Op)e->op) {
        case OP_BOR: /* `x | 1` */
            return never_zero(e->u.sub.a) || never_zero(e->u.sub.b);
        case OP_ADD:
        case OP_MAX:
            return expr_is_natural(e->u.sub.a) && expr_is_natural(e->u.sub.b) &&
                   (never_zero(e->u.sub.a) || never_zero(e->u.sub.b));
        case OP_MUL:
            return never_zero(e->u.sub.a) && never_zero(e->u.sub.b);
        case OP_SHL: /* values are unbounded integers: `1 << k` is never 0 */
            return never_zero(e->u.sub.a);
        default:
            return false;
        }
    default:
        return false;
    }
}

/* at least 1: never 0, and not negative */
static bool positive(const Expr *e)
{
    return never_zero(e) && expr_is_natural(e);
}

/* What is known to hold where a statement runs: the conditions of the
 * branches taken, the assumptions before it, and the loop variables
 * whose every value is positive. */
typedef struct Known {
    const Expr **facts;
    int n, cap;
    const char **positive; /* loop variables */
    int npositive, cappositive;
} Known;

static void know(Known *k, const Expr *cond)
{
    if (cond->kind == E_BINARY && cond->op == OP_AND) {
        know(k, cond->u.sub.a);
        know(k, cond->u.sub.b);
        return;
    }
    VEC_PUSH(k->facts, k->n, k->cap, cond);
}

/* Is every value of the loop's variable at least 1?  It satisfies its
 * test (x > b with b a natural), or it starts at 1 or more and grows. */
static bool loop_var_positive(const Stmt *l)
{
    const Expr *init = l->u.loop.init, *bound = l->u.loop.bound, *amount = l->u.loop.amount;
    Op cmp = (Op)l->u.loop.cmp;
    if ((cmp == OP_GT && expr_is_natural(bound)) || (cmp == OP_GE && positive(bound)))
        return true;
    switch ((StepOp)l->u.loop.step) {
    case STEP_ADD:
        return positive(init) && expr_is_natural(amount);
    case STEP_MUL:
        return positive(init) && positive(amount);
    case STEP_SHL:
        return positive(init) && expr_is_natural(amount);
    default:
        return false;
    }
}

/* Does `fact` give d != 0: d != 0, d > c, d >= 1, d == 1 (either way round)? */
static bool fact_gives_nonzero(const Expr *f, const Expr *d)
{
    if (f->kind != E_BINARY)
        return false;
    const Expr *a = f->u.sub.a, *b = f->u.sub.b;
    switch ((Op)f->op) {
    case OP_NE:
        return (expr_equal(a, d) && b->kind == E_NUM && b->u.num == 0) ||
               (expr_equal(b, d) && a->kind == E_NUM && a->u.num == 0);
    case OP_EQ:
        return (expr_equal(a, d) && never_zero(b)) || (expr_equal(b, d) && never_zero(a));
    case OP_GT:
        return expr_equal(a, d) && expr_is_natural(b);
    case OP_LT:
        return expr_equal(b, d) && expr_is_natural(a);
    case OP_GE:
        return expr_equal(a, d) && positive(b);
    case OP_LE:
        return expr_equal(b, d) && positive(a);
    default:
        return false;
    }
}

static bool implied_nonzero(const Known *k, const Expr *d)
{
    if (never_zero(d))
        return true;
    if (d->kind == E_VAR && !d->thread)
        for (int i = 0; i < k->npositive; i++)
            if (k->positive[i] == d->u.var.name)
                return true;
    for (int i = 0; i < k->n; i++)
        if (fact_gives_nonzero(k->facts[i], d))
            return true;
    return false;
}

/* Does something after position `from` of b (or inside it) access memory
 * or wait at a barrier: what a fact placed there can matter to? */
static bool matters_from(const Block *b, int from)
{
    for (int i = from; i < b->n; i++) {
        const Stmt *s = b->items[i];
        switch ((StmtKind)s->kind) {
        case S_ACCESS:
        case S_SYNC:
            return true;
        case S_IF:
            if (matters_from(&s->u.if_.then, 0) || matters_from(&s->u.if_.els, 0))
                return true;
            break;
        case S_LOOP:
            if (matters_from(&s->u.loop.body, 0))
                return true;
            break;
        default:
            break;
        }
    }
    return false;
}

typedef struct Facts {
    Stmt *const *stmt;
    int n;
} Facts;

static bool is_division_fact(const Facts *f, const Stmt *s)
{
    for (int i = 0; i < f->n; i++)
        if (f->stmt[i] == s)
            return true;
    return false;
}

/* later: an access or barrier may run after b ends (in the blocks around
 * it, or in the next iteration of a loop around it). */
static void prune_block(Known *k, Block *b, const Facts *f, bool later)
{
    int nfacts = k->n, npositive = k->npositive, out = 0;
    for (int i = 0; i < b->n; i++) {
        Stmt *s = b->items[i];
        bool after = later || matters_from(b, i + 1);
        if (s->kind == S_ASSUME && is_division_fact(f, s)) {
            const Expr *cond = s->u.assume.cond; /* d != 0 */
            if (implied_nonzero(k, cond->u.sub.a) || !after)
                continue;
        }
        b->items[out++] = s;
        if (s->kind == S_ASSUME)
            know(k, s->u.assume.cond);
        else if (s->kind == S_IF) {
            int mark = k->n;
            know(k, s->u.if_.cond);
            prune_block(k, &s->u.if_.then, f, after);
            k->n = mark;
            prune_block(k, &s->u.if_.els, f, after);
        } else if (s->kind == S_LOOP) {
            int mark = k->npositive;
            if (loop_var_positive(s))
                VEC_PUSH(k->positive, k->npositive, k->cappositive, s->u.loop.var->u.var.name);
            prune_block(k, &s->u.loop.body, f, after || matters_from(&s->u.loop.body, 0));
            k->npositive = mark;
        }
    }
    b->n = out;
    k->n = nfacts;
    k->npositive = npositive;
}

void nonzero_prune(Kernel *kernel, Stmt *const *facts, int nfacts)
{
    if (nfacts == 0)
        return;
    Known k = {0};
    Facts f = {facts, nfacts};
    prune_block(&k, &kernel->body, &f, false);
    free(k.facts);
    free(k.positive);
}
