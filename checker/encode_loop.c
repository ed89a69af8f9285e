/* Loop iteration spaces ([CAV21 Sec. 5]; docs/checker.md, "Loops"): the
 * values a loop's variable takes in `for (x = a; x OP b; x STEP s)`, for
 * additive and geometric steps, and their order (next, before, first,
 * last). */
#include "encode_int.h"

#define CTX (e->smt->ctx)

/* Geometric loops are encoded by their first iterations: far beyond any
 * 64-bit value for a constant factor of 2 or more. */
enum { MAX_GEOMETRIC = 63, MAX_SYMBOLIC_POWER = 24 };

typedef struct LoopHead {
    Z3_ast a, b, s; /* start, bound, step amount */
} LoopHead;

static LoopHead loop_head(Enc *e, const Stmt *loop, TEnv *env)
{
    LoopHead h = {enc_int(e, loop->u.loop.init, env), enc_int(e, loop->u.loop.bound, env),
                  enc_int(e, loop->u.loop.amount, env)};
    return h;
}

static bool increasing(const Stmt *loop)
{
    StepOp op = (StepOp)loop->u.loop.step;
    return op == STEP_ADD || op == STEP_MUL || op == STEP_SHL;
}

/* How many doublings can matter: a value that shrinks from below 2^w is
 * 0 after w halvings, and one that grows below a bound under 2^w is past
 * it after w doublings (from 1 on; from 0 it stays 0). */
static int64_t geometric_steps(const Enc *e, const Stmt *loop, bool up)
{
    int w = up ? (loop->u.loop.cmp == OP_LT || loop->u.loop.cmp == OP_LE ? enc_expr_width(e, loop->u.loop.bound) : -1)
               : enc_expr_width(e, loop->u.loop.init);
    return w < 0 || w > MAX_GEOMETRIC ? MAX_GEOMETRIC : w;
}

/* x = a * k^j or a / k^j for some j: a disjunction over j. */
static Z3_ast geometric_member(Enc *e, const Stmt *loop, LoopHead h, Z3_ast x)
{
    Smt *s = e->smt;
    StepOp op = (StepOp)loop->u.loop.step;
    bool shift = op == STEP_SHL || op == STEP_SHR, up = op == STEP_MUL || op == STEP_SHL;
    int64_t k, steps = geometric_steps(e, loop, up);
    SmtList any = {0};
    if (shift) {
        /* a << (s*j): the total shift t is a multiple of s */
        bool constant = enc_numeral(e, h.s, &k);
        for (int64_t t = 0; t <= steps; t++) {
            if (constant && k > 0 && t % k)
                continue;
            Z3_ast pow = smt_int(s, (int64_t)1 << (t < 62 ? t : 62));
            Z3_ast val = up ? enc_mul(e, h.a, pow) : (t < 62 ? Z3_mk_div(CTX, h.a, pow) : smt_int(s, 0));
            Z3_ast m = smt_eq(s, x, val);
            if (!constant && t > 0)
                m = smt_and2(s, m, smt_eq(s, Z3_mk_mod(CTX, smt_int(s, t), h.s), smt_int(s, 0)));
            smt_list_add(&any, m);
            if (up && t >= 62)
                break;
        }
        if (!up && constant && k > 0 && steps < MAX_GEOMETRIC) /* shifted out past the last multiple */
            smt_list_add(&any, smt_eq(s, x, smt_int(s, 0)));
    } else if (enc_numeral(e, h.s, &k) && k >= 2) {
        int64_t p = 1;
        for (int j = 0; j <= steps; j++) {
            Z3_ast pk = smt_int(s, p);
            smt_list_add(&any, smt_eq(s, x, up ? enc_mul(e, h.a, pk) : Z3_mk_div(CTX, h.a, pk)));
            if (__builtin_mul_overflow(p, k, &p))
                break;
        }
        if (!up)
            smt_list_add(&any, smt_eq(s, x, smt_int(s, 0)));
    } else {
        /* a symbolic factor: the first iterations only */
        Z3_ast p = smt_int(s, 1);
        for (int j = 0; j <= MAX_SYMBOLIC_POWER; j++) {
            smt_list_add(&any, smt_eq(s, x, up ? enc_mul(e, h.a, p) : Z3_mk_div(CTX, h.a, p)));
            p = enc_mul(e, p, h.s);
        }
        e->approx = true;
    }
    Z3_ast r = smt_or(s, any.n, any.items);
    smt_list_free(&any);
    return r;
}

/* x is in the sequence start, next(start), ... (conditions aside). */
static Z3_ast in_sequence(Enc *e, const Stmt *loop, LoopHead h, Z3_ast x)
{
    Smt *s = e->smt;
    StepOp op = (StepOp)loop->u.loop.step;
    if (op == STEP_ADD || op == STEP_SUB) {
        Z3_ast dist = op == STEP_ADD ? enc_sub(e, x, h.a) : enc_sub(e, h.a, x);
        int64_t k;
        bool constant = enc_numeral(e, h.s, &k);
        Z3_ast aligned = constant && k == 1
                             ? s->t
                             : smt_eq(s, Z3_mk_mod(CTX, dist, h.s), smt_int(s, 0));
        /* a step of 0 (allowed in a loop without sync) stays on the start */
        if (!constant || k == 0)
            aligned = Z3_mk_ite(CTX, smt_eq(s, h.s, smt_int(s, 0)), smt_eq(s, dist, smt_int(s, 0)), aligned);
        return smt_and2(s, Z3_mk_ge(CTX, dist, smt_int(s, 0)), aligned);
    }
    return geometric_member(e, loop, h, x);
}

static Z3_ast loop_cond(Enc *e, const Stmt *loop, Z3_ast x, Z3_ast b)
{
    return enc_compare(e, (Op)loop->u.loop.cmp, x, b);
}

/* The next value of a loop with number operands, in 64 bits: false past
 * them (or for a step that would not move). */
static bool step_number(StepOp op, int64_t x, int64_t k, int64_t *next)
{
    switch (op) {
    case STEP_ADD: return k != 0 && !__builtin_add_overflow(x, k, next);
    case STEP_SUB: return k != 0 && !__builtin_sub_overflow(x, k, next);
    case STEP_MUL: return (k < -1 || k > 1) && !__builtin_mul_overflow(x, k, next);
    case STEP_DIV: return (k < -1 || k > 1) && (*next = x / k, true);
    case STEP_SHL: return k > 0 && k < 63 && x >= 0 && x <= (INT64_MAX >> k) && (*next = x << k, true);
    case STEP_SHR: return k > 0 && k < 63 && x >= 0 && (*next = x >> k, true);
    }
    return false;
}

static bool compare_numbers(Op cmp, int64_t x, int64_t b)
{
    switch (cmp) {
    case OP_LT: return x < b;
    case OP_LE: return x <= b;
    case OP_GT: return x > b;
    case OP_GE: return x >= b;
    case OP_NE: return x != b;
    default: return false;
    }
}

/* Adds the values of the loop from `start` to d; false past MAX_DOMAIN
 * values or 64 bits. */
static bool run_numbers(const Stmt *loop, int64_t start, int64_t b, int64_t k, DomainTerm *d)
{
    int64_t v = start, next;
    while (compare_numbers((Op)loop->u.loop.cmp, v, b)) {
        if (v < 0)
            return false;
        bool seen = false;
        for (int i = 0; i < d->n && !seen; i++)
            seen = d->values[i] == v;
        if (!seen && d->n == MAX_DOMAIN)
            return false;
        if (!seen)
            d->values[d->n++] = v;
        if (!step_number((StepOp)loop->u.loop.step, v, k, &next))
            return false;
        v = next;
    }
    return true;
}

/* x's values when the loop's bound and step are numbers and its start is
 * a number or made of one outer loop variable with known values (`for (k
 * = p; k >= 1; k >>= 1)`), and it runs at most MAX_DOMAIN values in all
 * (lemmas.h, DomainTerm): what the membership below allows, simulated. */
static void note_domain(Enc *e, const Stmt *loop, LoopHead h, Z3_ast x)
{
    int64_t v, b, k;
    if (!enc_numeral(e, h.b, &b) || !enc_numeral(e, h.s, &k))
        return;
    DomainTerm d = {.x = x};
    if (enc_numeral(e, h.a, &v)) {
        if (v < 0 || !run_numbers(loop, v, b, k, &d))
            return;
    } else {
        /* a start made of an outer variable with known values (`size /
         * 2`): the loop run from each of its values */
        const DomainTerm *outer = lemmas_domain_in(e->smt, e->noted, h.a);
        if (!outer)
            return;
        DomainTerm starts = *outer; /* the table may grow below */
        for (int i = 0; i < starts.n; i++) {
            Z3_ast value = smt_int(e->smt, starts.values[i]);
            Z3_ast a = Z3_simplify(CTX, Z3_substitute(CTX, h.a, 1, &starts.x, &value));
            if (!enc_numeral(e, a, &v) || v < 0 || !run_numbers(loop, v, b, k, &d))
                return;
        }
    }
    if (d.n > 1)
        lemmas_note_domain(e->noted, &d);
}

Z3_ast enc_loop_member(Enc *e, const Stmt *loop, TEnv *env, Z3_ast x)
{
    Smt *s = e->smt;
    LoopHead h = loop_head(e, loop, env);
    Z3_ast parts[5];
    parts[0] = enc_natural(e, x);
    parts[1] = enc_natural(e, h.a); /* a negative start runs no iteration */
    parts[2] = in_sequence(e, loop, h, x);
    if (loop->u.loop.cmp == OP_NE) {
        /* no earlier value hit the bound */
        Z3_ast earlier = increasing(loop) ? Z3_mk_lt(CTX, h.b, x) : Z3_mk_gt(CTX, h.b, x);
        parts[3] = smt_not(s, smt_and2(s, in_sequence(e, loop, h, h.b), earlier));
    } else {
        /* a monotone condition holds on the whole way iff at both ends */
        parts[3] = loop_cond(e, loop, h.a, h.b);
    }
    parts[4] = loop_cond(e, loop, x, h.b);
    note_domain(e, loop, h, x);
    return smt_and(s, 5, parts);
}

Z3_ast enc_loop_next(Enc *e, const Stmt *loop, TEnv *env, Z3_ast x)
{
    LoopHead h = loop_head(e, loop, env);
    switch ((StepOp)loop->u.loop.step) {
    case STEP_ADD: return enc_add(e, x, h.s);
    case STEP_SUB: return enc_sub(e, x, h.s);
    case STEP_MUL: return enc_mul(e, x, h.s);
    case STEP_DIV: return Z3_mk_div(CTX, x, h.s);
    case STEP_SHL: return enc_shift(e, loop->u.loop.amount, env, true, x, h.s);
    case STEP_SHR: return enc_shift(e, loop->u.loop.amount, env, false, x, h.s);
    }
    return x;
}

Z3_ast enc_loop_before(Enc *e, const Stmt *loop, Z3_ast v, Z3_ast w)
{
    return increasing(loop) ? Z3_mk_lt(CTX, v, w) : Z3_mk_gt(CTX, v, w);
}

Z3_ast enc_loop_first(Enc *e, const Stmt *loop, TEnv *env, Z3_ast v)
{
    return smt_eq(e->smt, v, loop_head(e, loop, env).a);
}

Z3_ast enc_loop_last(Enc *e, const Stmt *loop, TEnv *env, Z3_ast v)
{
    Z3_ast next = enc_loop_next(e, loop, env, v);
    Z3_ast b = loop_head(e, loop, env).b;
    return smt_not(e->smt, smt_and2(e->smt, enc_natural(e, next), loop_cond(e, loop, next, b)));
}

Z3_ast enc_loop_runs(Enc *e, const Stmt *loop, TEnv *env)
{
    LoopHead h = loop_head(e, loop, env);
    return smt_and2(e->smt, enc_natural(e, h.a), loop_cond(e, loop, h.a, h.b));
}
