/* The SMT encoding ([CAV21 Sec. 5] "Quantification" and Example 2):
 * expressions, the ways threads reach statements, loop iteration spaces,
 * and whether statements synchronize (../shared/notes/same-phase.md). */
#include "encode.h"
#include "ticket.h"

#include "equal.h"
#include "groups.h"
#include "lemmas.h"
#include "print.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Geometric loops are encoded by their first iterations: far beyond any
 * 64-bit value for a constant factor of 2 or more. */
enum { MAX_GEOMETRIC = 63, MAX_SYMBOLIC_POWER = 24 };

#define CTX (e->smt->ctx)

/* ---- names and environments ---- */

TEnv tenv_copy(const Enc *e, const TEnv *from)
{
    TEnv t;
    t.thread = from->thread;
    t.val = xmalloc((size_t)(e->k->nsyms + 1) * sizeof *t.val);
    memcpy(t.val, from->val, (size_t)e->k->nsyms * sizeof *t.val);
    return t;
}

void tenv_free(TEnv *t)
{
    free(t->val);
    t->val = NULL;
}

static Z3_ast thread_const(Enc *e, const char *name, int id, int thread)
{
    char buf[512];
    if (id >= 0)
        snprintf(buf, sizeof buf, "%s@%d$%d", name, id, thread);
    else
        snprintf(buf, sizeof buf, "%s$%d", name, thread);
    return smt_const(e->smt, buf, false);
}

static Z3_ast natural(Enc *e, Z3_ast x)
{
    return Z3_mk_ge(CTX, x, smt_int(e->smt, 0));
}

static bool launch_size(const Enc *e, Builtin dim, int axis, uint64_t *v);

/* A launch size known in advance is its number in every formula: Z3 sees
 * `blockIdx.x * 256` as linear, where `blockIdx.x * blockDim.x` with
 * blockDim.x == 256 on the side would send it to nonlinear arithmetic. */
static Z3_ast fixed_builtin(const Enc *e, const Sym *s)
{
    uint64_t v;
    if (s->builtin == BI_WARPSIZE)
        return smt_int(e->smt, 32);
    if (e->cfg->for_vacuity)
        return NULL;
    /* the index on an axis of one thread (one block) is 0: `threadIdx.y` of
     * a 1-D launch leaves no product `blockDim.x * threadIdx.y` to solve */
    if (s->builtin == BI_THREADIDX || s->builtin == BI_BLOCKIDX)
        return launch_size(e, s->builtin == BI_THREADIDX ? BI_BLOCKDIM : BI_GRIDDIM, s->axis, &v) && v == 1
                   ? smt_int(e->smt, 0)
                   : NULL;
    if (s->builtin != BI_BLOCKDIM && s->builtin != BI_GRIDDIM)
        return NULL;
    if (!facts_axis_used(e->f, s->builtin, s->axis) && !launch_knows(&e->cfg->launch, s->builtin == BI_BLOCKDIM, s->axis))
        return smt_int(e->smt, 1);
    if (launch_size(e, s->builtin, s->axis, &v) && v <= INT64_MAX)
        return smt_int(e->smt, (int64_t)v);
    return NULL;
}

Enc *enc_new(Smt *smt, LemmaTerms *noted, const Facts *f, const CheckConfig *cfg)
{
    Enc *e = xcalloc(1, sizeof *e);
    e->smt = smt;
    e->noted = noted;
    e->f = f;
    e->k = f->kernel;
    e->cfg = cfg;
    for (int t = 0; t < 2; t++) {
        e->base[t].thread = t + 1;
        e->base[t].val = xcalloc((size_t)e->k->nsyms + 1, sizeof *e->base[t].val);
        for (int i = 0; i < e->k->nsyms; i++) {
            const Sym *s = e->k->syms[i];
            Z3_ast fixed = s->builtin != BI_NONE ? fixed_builtin(e, s) : NULL;
            if (fixed)
                e->base[t].val[i] = fixed;
            else if (s->kind == SYM_UNIFORM)
                e->base[t].val[i] = smt_const(smt, s->name, false);
            else if (s->kind == SYM_THREAD || s->kind == SYM_BLOCK || s->kind == SYM_LOCAL)
                e->base[t].val[i] = thread_const(e, s->name, -1, t + 1);
        }
    }
    return e;
}

void enc_free(Enc *e)
{
    if (!e)
        return;
    tenv_free(&e->base[0]);
    tenv_free(&e->base[1]);
    free(e->bound);
    free(e);
}

/* ---- expressions ---- */

static Z3_ast from_bool(Enc *e, Z3_ast b)
{
    return smt_ite(e->smt, b, smt_int(e->smt, 1), smt_int(e->smt, 0));
}

static bool numeral(Enc *e, Z3_ast a, int64_t *v)
{
    return Z3_is_numeral_ast(CTX, a) && Z3_get_numeral_int64(CTX, a, v);
}

static Z3_ast add(Enc *e, Z3_ast a, Z3_ast b)
{
    Z3_ast args[2] = {a, b};
    return Z3_mk_add(CTX, 2, args);
}

static Z3_ast sub(Enc *e, Z3_ast a, Z3_ast b)
{
    Z3_ast args[2] = {a, b};
    return Z3_mk_sub(CTX, 2, args);
}

static Z3_ast mul(Enc *e, Z3_ast a, Z3_ast b)
{
    Z3_ast args[2] = {a, b};
    return Z3_mk_mul(CTX, 2, args);
}

/* An expression's text, hashed (FNV-1a): the key of its unknown value. */
static uint64_t expr_text_hash(const Expr *x)
{
    char *text = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&text, &len);
    uint64_t h = 1469598103934665603u;
    if (!f)
        return h ^ x->loc.off;
    print_expr(f, x);
    fclose(f);
    for (size_t i = 0; i < len; i++)
        h = (h ^ (unsigned char)text[i]) * 1099511628211u;
    free(text);
    return h;
}

/* A value the encoding cannot know (division by zero, a negative shift):
 * one fixed unknown per expression text and thread, so that it is
 * consistent: `bin * cap` and `fill[bin]` with `bin = k % nbins` inlined
 * twice see one value, whether the protocol came from the front end (one
 * C expression) or from its printed text.  `when`: the condition under
 * which the expression takes it, collected while an index is encoded
 * (Path.unknown_index). */
static Z3_ast unknown_when(Enc *e, const Expr *x, const TEnv *env, Z3_ast when)
{
    char name[64];
    snprintf(name, sizeof name, "?%016llx", (unsigned long long)expr_text_hash(x));
    e->approx = true;
    if (e->unknown_when)
        smt_list_add(e->unknown_when, when);
    return thread_const(e, name, -1, env->thread);
}

static Z3_ast unknown_value(Enc *e, const Expr *x, const TEnv *env)
{
    return unknown_when(e, x, env, e->smt->t);
}

/* C's division and remainder truncate toward zero; Z3's div does not for
 * negative operands. */
static Z3_ast trunc_div(Enc *e, Z3_ast a, Z3_ast b, bool rem)
{
    Smt *s = e->smt;
    Z3_ast zero = smt_int(s, 0);
    Z3_ast abs_a = smt_ite(s, Z3_mk_ge(CTX, a, zero), a, Z3_mk_unary_minus(CTX, a));
    Z3_ast abs_b = smt_ite(s, Z3_mk_ge(CTX, b, zero), b, Z3_mk_unary_minus(CTX, b));
    Z3_ast q = Z3_mk_div(CTX, abs_a, abs_b);
    Z3_ast same_sign = Z3_mk_eq(CTX, Z3_mk_ge(CTX, a, zero), Z3_mk_ge(CTX, b, zero));
    Z3_ast quot = smt_ite(s, same_sign, q, Z3_mk_unary_minus(CTX, q));
    return rem ? sub(e, a, mul(e, b, quot)) : quot;
}

/* Constant shift amounts up to this are encoded exactly (2^1024 is a
 * 309-digit numeral); larger ones follow shift_beyond. */
enum { MAX_EXACT_SHIFT = 1024 };

static Z3_ast power_of_two(Enc *e, int64_t k)
{
    return smt_int(e->smt, (int64_t)1 << k);
}

/* 2^k as a numeral of any size (Z3's integers are unbounded). */
static Z3_ast big_power_of_two(Enc *e, int k)
{
    if (k < 62)
        return power_of_two(e, k);
    char digits[MAX_EXACT_SHIFT / 3 + 8]; /* 2^k has under k/3 + 1 digits, least significant first */
    int n = 1;
    digits[0] = 1;
    for (int i = 0; i < k; i++) {
        int carry = 0;
        for (int d = 0; d < n; d++) {
            int v = digits[d] * 2 + carry;
            digits[d] = (char)(v % 10);
            carry = v / 10;
        }
        if (carry)
            digits[n++] = (char)carry;
    }
    char text[sizeof digits + 1];
    for (int d = 0; d < n; d++)
        text[d] = (char)('0' + digits[n - 1 - d]);
    text[n] = '\0';
    return Z3_mk_numeral(CTX, text, e->smt->int_sort);
}

/* a << k is a * 2^k and a >> k is floor(a / 2^k), exactly (docs/language.md,
 * Sec. 3.2), as `mapkit run` computes them. */
static Z3_ast shift_by(Enc *e, Z3_ast a, int k, bool left)
{
    Z3_ast p = big_power_of_two(e, k);
    return left ? mul(e, a, p) : Z3_mk_div(CTX, a, p);
}

/* A shift by an amount of at least `from`, for which no exact case is
 * built: a >> b is 0 or -1 while |a| < 2^from, and 0 << b is 0; anything
 * else is unknown (`mapkit run` reports values beyond 64 bits as such). */
static Z3_ast shift_beyond(Enc *e, const Expr *x, TEnv *env, Z3_ast a, int from, bool left, Z3_ast reached)
{
    Smt *s = e->smt;
    Z3_ast zero = smt_int(s, 0);
    Z3_ast exact, known;
    if (left) {
        known = smt_eq(s, a, zero);
        exact = zero;
    } else {
        Z3_ast bound = big_power_of_two(e, from);
        known = smt_and2(s, Z3_mk_lt(CTX, a, bound), Z3_mk_ge(CTX, a, Z3_mk_unary_minus(CTX, bound)));
        exact = smt_ite(s, Z3_mk_lt(CTX, a, zero), smt_int(s, -1), zero);
    }
    return smt_ite(s, known, exact, unknown_when(e, x, env, smt_and2(s, reached, smt_not(s, known))));
}

static Z3_ast enc_shift(Enc *e, const Expr *x, TEnv *env, bool left, Z3_ast a, Z3_ast b)
{
    int64_t k;
    if (numeral(e, b, &k) && k >= 0 && k <= MAX_EXACT_SHIFT)
        return shift_by(e, a, (int)k, left);
    if (numeral(e, b, &k)) /* negative: unknown, like division by zero */
        return k < 0 ? unknown_value(e, x, env) : shift_beyond(e, x, env, a, MAX_EXACT_SHIFT, left, e->smt->t);
    /* A symbolic amount: one linear case per amount up to 63, which Z3
     * handles far better than bit-vector conversions, then the rule for
     * larger ones; a negative amount is unknown. */
    Smt *s = e->smt;
    Z3_ast beyond = Z3_mk_ge(CTX, b, smt_int(s, 64)), negative = Z3_mk_lt(CTX, b, smt_int(s, 0));
    Z3_ast r = smt_ite(s, beyond, shift_beyond(e, x, env, a, 64, left, beyond),
                       unknown_when(e, x, env, negative));
    for (k = 63; k >= 0; k--)
        r = smt_ite(s, smt_eq(s, b, smt_int(s, k)), shift_by(e, a, (int)k, left), r);
    return r;
}

/* a as rest + c with c a number (0 when a has no numeral summand). */
static Z3_ast split_constant(Enc *e, Z3_ast a, int64_t *c)
{
    *c = 0;
    if (Z3_get_ast_kind(CTX, a) != Z3_APP_AST)
        return a;
    Z3_app app = Z3_to_app(CTX, a);
    Z3_decl_kind kind = Z3_get_decl_kind(CTX, Z3_get_app_decl(CTX, app));
    unsigned n = Z3_get_app_num_args(CTX, app);
    int64_t k;
    if (kind == Z3_OP_SUB && n == 2 && numeral(e, Z3_get_app_arg(CTX, app, 1), &k) && k > INT32_MIN &&
        k < INT32_MAX) {
        *c = -k;
        return Z3_get_app_arg(CTX, app, 0);
    }
    if (kind != Z3_OP_ADD || n > 16)
        return a;
    Z3_ast rest[16];
    unsigned nrest = 0;
    for (unsigned i = 0; i < n; i++) {
        Z3_ast t = Z3_get_app_arg(CTX, app, i);
        if (numeral(e, t, &k) && k > INT32_MIN && k < INT32_MAX && *c > INT32_MIN && *c < INT32_MAX)
            *c += k;
        else
            rest[nrest++] = t;
    }
    if (nrest == n || nrest == 0) {
        *c = 0;
        return a;
    }
    return nrest == 1 ? rest[0] : Z3_mk_add(CTX, nrest, rest);
}

/* a mod m for a number m > 0.  For a = x + c, it is (x mod m) + c' folded
 * back below m, with c' = c mod m: Z3's mod is never negative, so
 * (x + c) mod m = ((x mod m) + c') mod m, and the sum is below 2m.  An
 * unrolled `buf[(s + 0) & 2047] .. buf[(s + 15) & 2047]` then has one mod
 * per thread, not sixteen, which the solver otherwise relates pairwise
 * only through search (and lemmas.c through a case split per pair). */
static Z3_ast mod_by_number(Enc *e, Z3_ast a, int64_t m)
{
    Smt *s = e->smt;
    int64_t c;
    Z3_ast x = split_constant(e, a, &c);
    Z3_ast mm = smt_int(s, m);
    if (c == 0)
        return Z3_mk_mod(CTX, a, mm);
    int64_t folded = ((c % m) + m) % m;
    Z3_ast sum = add(e, Z3_mk_mod(CTX, x, mm), smt_int(s, folded));
    return smt_ite(s, Z3_mk_lt(CTX, sum, mm), sum, sub(e, sum, mm));
}

static int expr_width(const Enc *e, const Expr *x);

static Z3_ast enc_divide(Enc *e, const Expr *x, TEnv *env, Z3_ast a, Z3_ast b, bool rem)
{
    int64_t k;
    if (numeral(e, b, &k) && k == 0)
        return unknown_value(e, x, env);
    /* a natural by a positive constant: C's truncation is Z3's floor, and
     * the solver is spared the sign cases (`size / 2` of a sorting network) */
    if (numeral(e, b, &k) && k > 0 && expr_width(e, x->u.sub.a) >= 0)
        return rem ? mod_by_number(e, a, k) : Z3_mk_div(CTX, a, b);
    /* naturals by a natural (`i / width`): likewise, but for 0 */
    bool naturals = expr_is_natural(x->u.sub.a) && expr_is_natural(x->u.sub.b);
    Z3_ast q = naturals ? (rem ? Z3_mk_mod(CTX, a, b) : Z3_mk_div(CTX, a, b)) : trunc_div(e, a, b, rem);
    if (numeral(e, b, &k))
        return q;
    Z3_ast by_zero = smt_eq(e->smt, b, smt_int(e->smt, 0));
    return smt_ite(e->smt, by_zero, unknown_when(e, x, env, by_zero), q);
}

static Z3_ast lookup(Enc *e, const Expr *x, TEnv *env)
{
    const Sym *s = x->u.var.sym;
    const TEnv *from = !x->thread ? env : e->pair[x->thread - 1] ? e->pair[x->thread - 1]
                                                                 : &e->base[x->thread - 1];
    Z3_ast v = from->val[s->index];
    if (!v) /* 1@i of a loop variable: the other thread's value is not at hand */
        return unknown_value(e, x, env);
    return v;
}

/* Bitwise operators in linear integer arithmetic, not bit-vectors (Z3
 * answers "unknown" to mixes of int2bv and bv2int).  Bit i of a is
 * (a div 2^i) mod 2 with Z3's floor division: the two's-complement bit for
 * negative a too.  For a and b in the 64-bit range of `mapkit run`:
 *   a & b = sum over i < 63 of (a_i and b_i) 2^i  -  (a_63 and b_63) 2^63
 *   a | b = a + b - (a & b),   a ^ b = a + b - 2 (a & b). */
static Z3_ast power_of_two_at(Enc *e, int i)
{
    if (i < 63)
        return power_of_two(e, i);
    return Z3_mk_numeral(CTX, "9223372036854775808", e->smt->int_sort);
}

/* What the operands of an & (or of | and ^, which use it) tell: the bits
 * it needs (0..63 when an operand is known to lie in 0..2^width-1, else
 * 64), each operand's own width (-1 when unknown), and which operand is
 * written `X - 1`, the mask of an idiom. */
typedef struct BandShape {
    int width;
    int width_a, width_b;
    bool mask_a, mask_b;
} BandShape;

/* A name the encoding quantifies over: its bits cannot be named outside. */
static bool is_bound(const Enc *e, Z3_ast a)
{
    for (int i = 0; i < e->nbound; i++)
        if (e->bound[i] == a)
            return true;
    return false;
}

/* c, noted as a name that a quantifier binds. */
static Z3_ast quantified(Enc *e, Z3_ast c)
{
    VEC_PUSH(e->bound, e->nbound, e->capbound, c);
    return c;
}

/* A thread's id or loop variable, free in every query. */
static bool free_name(const Enc *e, Z3_ast a)
{
    if (Z3_get_ast_kind(CTX, a) != Z3_APP_AST)
        return false;
    Z3_app app = Z3_to_app(CTX, a);
    return Z3_get_app_num_args(CTX, app) == 0 &&
           Z3_get_decl_kind(CTX, Z3_get_app_decl(CTX, app)) == Z3_OP_UNINTERPRETED && !is_bound(e, a);
}

/* Bit i of a, where a is known to lie in 0..2^width-1 (width -1: not
 * known).  A free name that narrow gets named bits (lemmas.h). */
static Z3_ast bit_of(Enc *e, Z3_ast a, int width, int i)
{
    Z3_ast exact = Z3_mk_mod(CTX, Z3_mk_div(CTX, a, power_of_two_at(e, i)), smt_int(e->smt, 2));
    if (i < width && width <= MAX_NAMED_BITS && free_name(e, a))
        return lemmas_narrow_bit(e->smt, e->noted, a, width, i, exact);
    return exact;
}

static Z3_ast sum(Enc *e, SmtList *terms)
{
    Z3_ast r = terms->n ? Z3_mk_add(CTX, (unsigned)terms->n, terms->items) : smt_int(e->smt, 0);
    smt_list_free(terms);
    return r;
}

/* a & c for a constant c: only the bits c keeps (c >= 0) or clears (c < 0). */
static Z3_ast band_constant(Enc *e, Z3_ast a, int64_t c)
{
    SmtList terms = {0};
    bool keep = c >= 0;
    for (int i = 0; i < 63; i++)
        if ((((uint64_t)c >> i) & 1) == keep)
            smt_list_add(&terms, mul(e, bit_of(e, a, -1, i), power_of_two(e, i)));
    Z3_ast bits = sum(e, &terms);
    return keep ? bits : sub(e, a, bits);
}

/* Named bits only when both operands are narrow: with one of unknown
 * width (a symbolic mask), the mod of the idiom above decides, and names
 * beside it only slow the search. */
static Z3_ast band_symbolic(Enc *e, Z3_ast a, Z3_ast b, BandShape shape)
{
    Smt *s = e->smt;
    SmtList terms = {0};
    bool named = shape.width_a >= 0 && shape.width_b >= 0;
    int wa = named ? shape.width_a : -1, wb = named ? shape.width_b : -1;
    for (int i = 0; i < shape.width; i++) {
        Z3_ast both = smt_eq(s, add(e, bit_of(e, a, wa, i), bit_of(e, b, wb, i)), smt_int(s, 2));
        Z3_ast w = power_of_two_at(e, i);
        smt_list_add(&terms, smt_ite(s, both, i < 63 ? w : Z3_mk_unary_minus(CTX, w), smt_int(s, 0)));
    }
    return sum(e, &terms);
}

/* Bits enough to hold every value of x: 0 <= x < 2^result, or -1 when
 * that is not evident from the launch limits and the -p values.  An & with
 * such an operand needs only that many bits, which keeps the queries of
 * `tid ^ mask`-style indexing small. */
static int bits_of_value(uint64_t v)
{
    int w = 0;
    while (w < 64 && (v >> w) != 0)
        w++;
    return w;
}

/* The number of threads per block (blocks per grid) on an axis, when it is
 * fixed: by -b / -g, or by a top-level precondition. */
static bool launch_size(const Enc *e, Builtin dim, int axis, uint64_t *v)
{
    const Launch *l = &e->cfg->launch;
    if (launch_knows(l, dim == BI_BLOCKDIM, axis)) {
        *v = (uint64_t)(dim == BI_BLOCKDIM ? l->block_dim : l->grid_dim)[axis];
        return true;
    }
    for (int i = 0; i < e->k->nsyms; i++) {
        const Sym *s = e->k->syms[i];
        if (s->builtin == dim && s->axis == axis)
            return kernel_pins(e->k, s, v);
    }
    return false;
}

static int expr_width_at(const Enc *e, const Expr *x, int depth);

static bool positive_constant(const Expr *x, uint64_t below)
{
    return x->kind == E_NUM && x->u.num > 0 && x->u.num < below;
}


/* A loop variable stays below its bound while it grows, and below its
 * start while it shrinks (values are naturals, and the membership of
 * every encoded iteration checks the condition).  A symbolic factor may
 * be 0 or 1, where a division tells nothing: no width then. */
static int loop_var_width(const Enc *e, const Stmt *loop, int depth)
{
    StepOp op = (StepOp)loop->u.loop.step;
    Op cmp = (Op)loop->u.loop.cmp;
    if (op == STEP_ADD || op == STEP_MUL || op == STEP_SHL)
        return cmp == OP_LT || cmp == OP_LE ? expr_width_at(e, loop->u.loop.bound, depth + 1) : -1;
    if (op == STEP_DIV && !positive_constant(loop->u.loop.amount, UINT64_MAX))
        return -1;
    return expr_width_at(e, loop->u.loop.init, depth + 1);
}

static int var_width(const Enc *e, const Sym *sym, int depth)
{
    const CheckConfig *c = e->cfg;
    uint64_t n;
    switch (sym->builtin) {
    case BI_THREADIDX:
        return bits_of_value(launch_size(e, BI_BLOCKDIM, sym->axis, &n) && n > 0 ? n - 1 : 1023);
    case BI_BLOCKDIM:
        return bits_of_value(launch_size(e, BI_BLOCKDIM, sym->axis, &n) ? n : 1024);
    case BI_BLOCKIDX:
        return bits_of_value(launch_size(e, BI_GRIDDIM, sym->axis, &n) && n > 0 ? n - 1 : INT32_MAX - 1);
    case BI_GRIDDIM:
        return bits_of_value(launch_size(e, BI_GRIDDIM, sym->axis, &n) ? n : INT32_MAX);
    case BI_WARPSIZE:
        return 6;
    case BI_NONE:
        break;
    }
    if (depth > 16) /* a chain of loops this deep is not worth the walk */
        return -1;
    if (sym->kind == SYM_LOOP && sym->def)
        return loop_var_width(e, sym->def, depth);
    if (sym->kind == SYM_LET && sym->def)
        return expr_width_at(e, sym->def->u.let.value, depth + 1);
    if (sym->kind == SYM_UNIFORM && kernel_pins(e->k, sym, &n))
        return bits_of_value(n);
    int64_t v;
    if (sym->kind == SYM_UNIFORM && launch_param_value(&c->launch, sym->name, &v) && v >= 0)
        return bits_of_value((uint64_t)v);
    return -1;
}

static int max_width(int a, int b)
{
    return a < 0 || b < 0 ? -1 : a > b ? a : b;
}

static int expr_width_at(const Enc *e, const Expr *x, int depth)
{
    if (x->kind == E_NUM)
        return bits_of_value(x->u.num);
    if (x->kind == E_VAR)
        return var_width(e, x->u.var.sym, depth);
    if (x->kind == E_COND)
        return max_width(expr_width_at(e, x->u.sub.b, depth), expr_width_at(e, x->u.sub.c, depth));
    if (x->kind != E_BINARY)
        return -1;
    int a = expr_width_at(e, x->u.sub.a, depth), b = expr_width_at(e, x->u.sub.b, depth);
    int w;
    switch ((Op)x->op) {
    case OP_ADD: w = max_width(a, b); return w < 0 ? -1 : w + 1;
    case OP_MUL: return a < 0 || b < 0 ? -1 : a + b;
    /* by a positive constant only: a zero divisor or a wild shift is an
     * unknown value, which may be anything */
    case OP_DIV: return positive_constant(x->u.sub.b, UINT64_MAX) ? a : -1;
    case OP_SHR:
        if (!positive_constant(x->u.sub.b, 62))
            return -1;
        return a < 0 ? -1 : a > (int)x->u.sub.b->u.num ? a - (int)x->u.sub.b->u.num : 0;
    case OP_SHL:
        if (a < 0 || !positive_constant(x->u.sub.b, 62) || a + (int)x->u.sub.b->u.num > 63)
            return -1;
        return a + (int)x->u.sub.b->u.num;
    case OP_MOD:
        if (a < 0 || !positive_constant(x->u.sub.b, UINT64_MAX))
            return -1;
        w = bits_of_value(x->u.sub.b->u.num - 1);
        return a < w ? a : w;
    case OP_BAND: return a < 0 ? b : b < 0 ? a : a < b ? a : b;
    case OP_BOR: case OP_BXOR: case OP_MIN: case OP_MAX: return max_width(a, b);
    default: return -1;
    }
}

static int expr_width(const Enc *e, const Expr *x)
{
    return expr_width_at(e, x, 0);
}

static int min_int(int a, int b)
{
    return a < b ? a : b;
}

/* How many low bits of x are known to be 0 (x is a multiple of 2^result;
 * 64 for 0).  With expr_width it tells when the operands of an & have no
 * bit in common: `(tid & 15) << 2 | tid >> 4`, the column swizzles of
 * real kernels, is then a sum. */
static int expr_low_zeros(const Enc *e, const Expr *x, int depth)
{
    if (x->kind == E_NUM)
        return x->u.num == 0 ? 64 : __builtin_ctzll(x->u.num);
    if (x->kind == E_VAR && x->u.var.sym->kind == SYM_LET && x->u.var.sym->def && depth < 16)
        return expr_low_zeros(e, x->u.var.sym->def->u.let.value, depth + 1);
    if (x->kind == E_COND)
        return min_int(expr_low_zeros(e, x->u.sub.b, depth), expr_low_zeros(e, x->u.sub.c, depth));
    if (x->kind != E_BINARY)
        return 0;
    int a = expr_low_zeros(e, x->u.sub.a, depth), b = expr_low_zeros(e, x->u.sub.b, depth);
    switch ((Op)x->op) {
    case OP_MUL: return min_int(a + b, 64);
    case OP_SHL: return positive_constant(x->u.sub.b, 62) ? min_int(a + (int)x->u.sub.b->u.num, 64) : 0;
    case OP_BAND: return a > b ? a : b;
    case OP_ADD: case OP_SUB: case OP_BOR: case OP_BXOR: return min_int(a, b);
    default: return 0;
    }
}

/* a & b is 0 when one operand lies below 2^w and the other is a multiple
 * of 2^w: which operand (0: a, 1: b, -1: neither) is the narrow one. */
static int bits_disjoint(const Enc *e, const Expr *a, const Expr *b, int *w)
{
    int wa = expr_width(e, a), wb = expr_width(e, b);
    *w = wb;
    if (wb >= 0 && wb <= expr_low_zeros(e, a, 0))
        return 1;
    *w = wa;
    return wa >= 0 && wa <= expr_low_zeros(e, b, 0) ? 0 : -1;
}

/* 0 <= a < 2^w: what a width promises (a loop variable's holds in the
 * iterations that run, so the rules that use it test it). */
static Z3_ast fits_width(Enc *e, Z3_ast a, int w)
{
    return smt_and2(e->smt, Z3_mk_ge(CTX, a, smt_int(e->smt, 0)), Z3_mk_lt(CTX, a, big_power_of_two(e, w)));
}

static Z3_ast enc_pow2(Enc *e, Z3_ast a);

/* a mod p for a power of two p.  With a narrow (0 <= a < 2^width) that is
 * the bits of a below p, a sum that stays linear: bit i of a counts when
 * p > 2^i.  Z3 decides the sum where the mod by a variable, which is
 * nonlinear, often takes it past the deadline (odd-even merge sort's
 * `tid & (stride - 1)`, corpus/cuda/slow_*). */
static Z3_ast low_bits(Enc *e, Z3_ast a, int width, Z3_ast p)
{
    if (width < 0 || width > MAX_NAMED_BITS)
        return Z3_mk_mod(CTX, a, p);
    Smt *s = e->smt;
    /* p >= 2^width: every bit of a is below p */
    Z3_ast r = smt_ite(s, fits_width(e, a, width), a, Z3_mk_mod(CTX, a, p));
    for (int i = width - 1; i >= 0; i--) {
        Z3_ast w = power_of_two(e, i);
        r = smt_ite(s, smt_eq(s, p, w), i == 0 ? smt_int(s, 0) : Z3_mk_mod(CTX, a, w), r);
    }
    return r;
}

/* The reduction idiom `tid & (2*s - 1)` with s a power of two: when the
 * mask is one below a power of two the & is a mod, which the solver
 * decides once it has split on the power; the bits are its fallback.
 * Only for operands written `X - 1`: the split costs much elsewhere. */
static Z3_ast band_symbolic_mask(Enc *e, Z3_ast a, Z3_ast b, BandShape shape)
{
    Smt *s = e->smt;
    if (a == b) /* x & x; Z3 terms are shared, so equal terms are one pointer */
        return a;
    Z3_ast r = band_symbolic(e, a, b, shape);
    Z3_ast ma = add(e, a, smt_int(s, 1)), mb = add(e, b, smt_int(s, 1));
    if (shape.mask_a)
        r = smt_ite(s, enc_pow2(e, ma), low_bits(e, b, shape.width_b, ma), r);
    if (shape.mask_b)
        r = smt_ite(s, enc_pow2(e, mb), low_bits(e, a, shape.width_a, mb), r);
    return r;
}

static Z3_ast enc_band(Enc *e, Z3_ast a, Z3_ast b, BandShape shape)
{
    int64_t m;
    if (numeral(e, a, &m)) {
        Z3_ast t = a;
        a = b;
        b = t;
    }
    if (!numeral(e, b, &m))
        return band_symbolic_mask(e, a, b, shape);
    /* a & (2^k - 1) is a mod 2^k (Z3's mod is never negative) */
    if (m >= 0 && m < INT64_MAX && ((m + 1) & m) == 0)
        return m == 0 ? smt_int(e->smt, 0) : mod_by_number(e, a, m + 1);
    return band_constant(e, a, m);
}

static Z3_ast enc_bor(Enc *e, Z3_ast a, Z3_ast b, BandShape shape)
{
    return sub(e, add(e, a, b), enc_band(e, a, b, shape));
}

static Z3_ast enc_bxor(Enc *e, Z3_ast a, Z3_ast b, BandShape shape)
{
    if (a == b)
        return smt_int(e->smt, 0);
    Z3_ast x = sub(e, add(e, a, b), mul(e, smt_int(e->smt, 2), enc_band(e, a, b, shape)));
    int64_t m;
    if (!numeral(e, a, &m) && !numeral(e, b, &m))
        lemmas_note_xor(e->noted, x, a, b);
    return x;
}

static bool minus_one(const Expr *x)
{
    return x->kind == E_BINARY && x->op == OP_SUB && x->u.sub.b->kind == E_NUM && x->u.sub.b->u.num == 1 &&
           x->u.sub.a->kind != E_NUM;
}

static BandShape band_shape(const Enc *e, const Expr *x)
{
    int a = expr_width(e, x->u.sub.a), b = expr_width(e, x->u.sub.b);
    int w = a < 0 ? b : b < 0 ? a : a < b ? a : b;
    return (BandShape){w < 0 || w > 63 ? 64 : w, a, b, minus_one(x->u.sub.a), minus_one(x->u.sub.b)};
}

/* pow2(a): a is one of 2^0 .. 2^62. */
static Z3_ast enc_pow2(Enc *e, Z3_ast a)
{
    SmtList any = {0};
    for (int i = 0; i < 63; i++)
        smt_list_add(&any, smt_eq(e->smt, a, power_of_two(e, i)));
    Z3_ast r = smt_or(e->smt, any.n, any.items);
    smt_list_free(&any);
    return r;
}

/* a & b, a | b, a ^ b.  The bit sums are exact for any integers when one
 * operand is known narrow or is a constant, but with two of unknown width
 * they read bit 63 as the sign: exact only in the 64-bit range, the one
 * `mapkit run` computes in (it reports values beyond it as overflow).
 * Outside it the value is unknown, never a wrong one (docs/checker.md). */
static Z3_ast enc_bitwise(Enc *e, const Expr *x, TEnv *env, Z3_ast a, Z3_ast b)
{
    Op op = (Op)x->op;
    int w, narrow = bits_disjoint(e, x->u.sub.a, x->u.sub.b, &w);
    BandShape shape = band_shape(e, x);
    Z3_ast r = op == OP_BAND ? enc_band(e, a, b, shape) : op == OP_BOR ? enc_bor(e, a, b, shape)
                                                                        : enc_bxor(e, a, b, shape);
    if (narrow >= 0) /* no bit in common: & is 0, | and ^ are + */
        r = smt_ite(e->smt, fits_width(e, narrow ? b : a, w), op == OP_BAND ? smt_int(e->smt, 0) : add(e, a, b), r);
    int64_t m;
    if (shape.width < 64 || a == b || numeral(e, a, &m) || numeral(e, b, &m))
        return r;
    Smt *s = e->smt;
    Z3_ast top = power_of_two_at(e, 63), bottom = Z3_mk_unary_minus(CTX, top);
    Z3_ast range[4] = {Z3_mk_ge(CTX, a, bottom), Z3_mk_lt(CTX, a, top), Z3_mk_ge(CTX, b, bottom),
                       Z3_mk_lt(CTX, b, top)};
    Z3_ast in_range = smt_and(s, 4, range);
    return smt_ite(s, in_range, r, unknown_when(e, x, env, smt_not(s, in_range)));
}

/* Places of a mixed-radix number put back together, followed this deep. */
enum { MAX_PLACES = 8 };

static bool is_op(const Expr *x, Op op)
{
    return x->kind == E_BINARY && x->op == op;
}

/* The value of x as the expression it recomposes, or NULL: `v % m + m * q`
 * (either order of the sum and of the product) with q `v / m` or itself
 * such a sum of value `v / m`, is v by C's identity (v / m) * m + v % m
 * == v, for m != 0, truncating or not.  darknet's `j + w * (i + h * (k +
 * c * b))` over the digits of one index is that index: to the solver, a
 * chain of nonlinear divisions whose product with its divisor it must
 * take apart again.  The divisors on the way go to m[*n]. */
static const Expr *recomposed(const Expr *x, const Expr **m, int *n)
{
    if (!is_op(x, OP_ADD) || *n == MAX_PLACES)
        return NULL;
    for (int side = 0; side < 2; side++) {
        const Expr *r = side ? x->u.sub.b : x->u.sub.a, *p = side ? x->u.sub.a : x->u.sub.b;
        if (!is_op(r, OP_MOD) || !is_op(p, OP_MUL))
            continue;
        const Expr *v = r->u.sub.a, *radix = r->u.sub.b;
        for (int f = 0; f < 2; f++) {
            const Expr *w = f ? p->u.sub.b : p->u.sub.a, *q = f ? p->u.sub.a : p->u.sub.b;
            if (!expr_equal(w, radix))
                continue;
            int at = *n;
            m[(*n)++] = radix;
            const Expr *inner = recomposed(q, m, n);
            const Expr *quotient = inner ? inner : q;
            if (is_op(quotient, OP_DIV) && expr_equal(quotient->u.sub.a, v) && expr_equal(quotient->u.sub.b, radix))
                return v;
            *n = at;
        }
    }
    return NULL;
}

/* x + y as recomposed's v where that applies: ite(some divisor is 0,
 * the sum, v). */
static Z3_ast enc_sum(Enc *e, const Expr *x, TEnv *env, Z3_ast a, Z3_ast b)
{
    const Expr *m[MAX_PLACES];
    int n = 0;
    const Expr *v = recomposed(x, m, &n);
    if (!v)
        return add(e, a, b);
    SmtList zero = {0};
    for (int i = 0; i < n; i++)
        smt_list_add(&zero, smt_eq(e->smt, enc_int(e, m[i], env), smt_int(e->smt, 0)));
    Z3_ast r = smt_ite(e->smt, smt_or(e->smt, zero.n, zero.items), add(e, a, b), enc_int(e, v, env));
    smt_list_free(&zero);
    return r;
}

static Z3_ast enc_binary_int(Enc *e, const Expr *x, TEnv *env)
{
    if (op_is_comparison((Op)x->op) || op_is_logical((Op)x->op))
        return from_bool(e, enc_bool(e, x, env));
    Z3_ast a = enc_int(e, x->u.sub.a, env), b = enc_int(e, x->u.sub.b, env);
    switch ((Op)x->op) {
    case OP_ADD: return enc_sum(e, x, env, a, b);
    case OP_SUB: return sub(e, a, b);
    case OP_MUL: return mul(e, a, b);
    case OP_DIV: return enc_divide(e, x, env, a, b, false);
    case OP_MOD: return enc_divide(e, x, env, a, b, true);
    case OP_SHL: return enc_shift(e, x, env, true, a, b);
    case OP_SHR: return enc_shift(e, x, env, false, a, b);
    case OP_BAND:
    case OP_BOR:
    case OP_BXOR: return enc_bitwise(e, x, env, a, b);
    case OP_MIN: return smt_ite(e->smt, Z3_mk_le(CTX, a, b), a, b);
    case OP_MAX: return smt_ite(e->smt, Z3_mk_ge(CTX, a, b), a, b);
    default: return unknown_value(e, x, env);
    }
}

Z3_ast enc_int(Enc *e, const Expr *x, TEnv *env)
{
    switch ((ExprKind)x->kind) {
    case E_NUM: {
        char buf[32];
        snprintf(buf, sizeof buf, "%llu", (unsigned long long)x->u.num);
        return Z3_mk_numeral(CTX, buf, e->smt->int_sort);
    }
    case E_VAR:
        return lookup(e, x, env);
    case E_UNARY: {
        if (x->op == OP_NOT)
            return from_bool(e, enc_bool(e, x, env));
        Z3_ast a = enc_int(e, x->u.sub.a, env);
        Z3_ast neg = Z3_mk_unary_minus(CTX, a);
        return x->op == OP_NEG ? neg : sub(e, neg, smt_int(e->smt, 1)); /* ~a = -a - 1 */
    }
    case E_BINARY:
        return enc_binary_int(e, x, env);
    case E_COND:
        return smt_ite(e->smt, enc_bool(e, x->u.sub.a, env), enc_int(e, x->u.sub.b, env),
                       enc_int(e, x->u.sub.c, env));
    case E_BOOL:
    case E_POW2:
    case E_DISTINCT:
        return from_bool(e, enc_bool(e, x, env));
    }
    return unknown_value(e, x, env);
}

static Z3_ast compare(Enc *e, Op op, Z3_ast a, Z3_ast b)
{
    switch (op) {
    case OP_LT: return Z3_mk_lt(CTX, a, b);
    case OP_LE: return Z3_mk_le(CTX, a, b);
    case OP_GT: return Z3_mk_gt(CTX, a, b);
    case OP_GE: return Z3_mk_ge(CTX, a, b);
    case OP_EQ: return smt_eq(e->smt, a, b);
    default: return smt_not(e->smt, smt_eq(e->smt, a, b));
    }
}

static Z3_ast enc_distinct_expr(Enc *e, const Expr *x)
{
    SmtList any = {0};
    for (int i = 0; i < x->u.distinct.n; i++) {
        int s = x->u.distinct.vars[i]->u.var.sym->index;
        /* in a precondition, each thread's names where it stands (an
         * unknown `local x;` is defined there, not at the kernel's entry) */
        const TEnv *t1 = e->pair[0] ? e->pair[0] : &e->base[0], *t2 = e->pair[1] ? e->pair[1] : &e->base[1];
        Z3_ast a = t1->val[s], b = t2->val[s];
        if (a && b)
            smt_list_add(&any, smt_not(e->smt, smt_eq(e->smt, a, b)));
    }
    Z3_ast r = smt_or(e->smt, any.n, any.items);
    smt_list_free(&any);
    return r;
}

Z3_ast enc_bool(Enc *e, const Expr *x, TEnv *env)
{
    Smt *s = e->smt;
    switch ((ExprKind)x->kind) {
    case E_BOOL:
        return smt_bool(s, x->u.boolean);
    case E_DISTINCT:
        return enc_distinct_expr(e, x);
    case E_POW2:
        return enc_pow2(e, enc_int(e, x->u.sub.a, env));
    case E_UNARY:
        if (x->op == OP_NOT)
            return smt_not(s, enc_bool(e, x->u.sub.a, env));
        break;
    case E_BINARY:
        if (x->op == OP_AND)
            return smt_and2(s, enc_bool(e, x->u.sub.a, env), enc_bool(e, x->u.sub.b, env));
        if (x->op == OP_OR)
            return smt_or2(s, enc_bool(e, x->u.sub.a, env), enc_bool(e, x->u.sub.b, env));
        if (op_is_comparison((Op)x->op))
            return compare(e, (Op)x->op, enc_int(e, x->u.sub.a, env), enc_int(e, x->u.sub.b, env));
        break;
    case E_COND:
        if (x->type == TY_BOOL)
            return smt_ite(s, enc_bool(e, x->u.sub.a, env), enc_bool(e, x->u.sub.b, env),
                           enc_bool(e, x->u.sub.c, env));
        break;
    default:
        break;
    }
    return smt_not(s, smt_eq(s, enc_int(e, x, env), smt_int(s, 0)));
}

/* ---- the launch ---- */

static Z3_ast sym_term(Enc *e, int thread, Builtin b, int axis)
{
    for (int i = 0; i < e->k->nsyms; i++)
        if (e->k->syms[i]->builtin == b && e->k->syms[i]->axis == axis)
            return e->base[thread].val[i];
    return NULL;
}

static void add_dims(Enc *e, SmtList *c, Builtin dim, int64_t max)
{
    Smt *s = e->smt;
    const Launch *l = &e->cfg->launch;
    bool block = dim == BI_BLOCKDIM;
    for (int a = 0; a < 3; a++) {
        Z3_ast d = sym_term(e, 0, dim, a);
        bool has = launch_knows(l, block, a);
        /* for vacuity.c, the sizes given are facts of their own */
        if (has || (!facts_axis_used(e->f, dim, a) && !e->cfg->for_vacuity))
            smt_list_add(c, smt_eq(s, d, smt_int(s, has ? (block ? l->block_dim : l->grid_dim)[a] : 1)));
        smt_list_add(c, Z3_mk_ge(CTX, d, smt_int(s, 1)));
        smt_list_add(c, Z3_mk_le(CTX, d, smt_int(s, a == 2 && dim == BI_BLOCKDIM ? 64 : max)));
    }
}

static Z3_ast threads_feasible(Enc *e, int thread);

static Z3_ast uniform_term(Enc *e, const char *name)
{
    for (int i = 0; i < e->k->nsyms; i++)
        if (e->k->syms[i]->kind == SYM_UNIFORM && e->k->syms[i]->builtin == BI_NONE &&
            strcmp(e->k->syms[i]->name, name) == 0)
            return e->base[0].val[i];
    return NULL;
}

/* blockDim.x * blockDim.y * blockDim.z, as one product of three: lemmas.c
 * pairs the products of two terms it finds, and `blockDim.x * blockDim.y`
 * paired with an index's `blockIdx.x * blockDim.x` is no index arithmetic,
 * only work (a 3-D stencil's race query took 20 times longer with it). */
static Z3_ast threads_per_block(Enc *e, const Z3_ast bd[3])
{
    return Z3_mk_mul(CTX, 3, bd);
}

Z3_ast enc_launch_fact(Enc *e, const LaunchFact *f)
{
    Smt *s = e->smt;
    Z3_ast p = NULL, bd[3];
    for (int a = 0; a < 3; a++)
        bd[a] = sym_term(e, 0, BI_BLOCKDIM, a);
    switch (f->kind) {
    case LF_EQUALS:
        p = uniform_term(e, f->param);
        return p ? smt_eq(s, p, smt_int(s, f->value)) : NULL;
    case LF_GRID_COVERS:
        p = uniform_term(e, f->param);
        return p ? Z3_mk_ge(CTX, mul(e, sym_term(e, 0, BI_GRIDDIM, f->axis), smt_int(s, f->value)), p) : NULL;
    case LF_GRID_WITHIN:
        p = uniform_term(e, f->param);
        return p ? Z3_mk_le(CTX, mul(e, sym_term(e, 0, BI_GRIDDIM, f->axis), smt_int(s, f->value)), p) : NULL;
    case LF_BLOCK_AT_MOST:
        return Z3_mk_le(CTX, threads_per_block(e, bd), smt_int(s, f->value));
    case LF_DIM_AT_MOST:
        return Z3_mk_le(CTX, bd[f->axis], smt_int(s, f->value));
    }
    return NULL;
}

Z3_ast enc_base(Enc *e)
{
    Smt *s = e->smt;
    SmtList c = {0};
    add_dims(e, &c, BI_BLOCKDIM, 1024);
    add_dims(e, &c, BI_GRIDDIM, 2147483647);
    Z3_ast bd[3], gd[3];
    for (int a = 0; a < 3; a++) {
        bd[a] = sym_term(e, 0, BI_BLOCKDIM, a);
        gd[a] = sym_term(e, 0, BI_GRIDDIM, a);
    }
    smt_list_add(&c, Z3_mk_le(CTX, threads_per_block(e, bd), smt_int(s, 1024)));
    for (int i = 0; i < e->k->nsyms; i++) {
        const Sym *sym = e->k->syms[i];
        for (int t = 0; t < 2; t++) {
            Z3_ast v = e->base[t].val[i];
            if (!v || (t == 1 && sym->kind == SYM_UNIFORM))
                continue;
            smt_list_add(&c, natural(e, v));
            Z3_ast size = sym->builtin == BI_THREADIDX ? bd[sym->axis] : sym->builtin == BI_BLOCKIDX ? gd[sym->axis] : NULL;
            if (size) {
                smt_list_add(&c, Z3_mk_lt(CTX, v, size));
                lemmas_note_below(s, e->noted, v, size);
            }
            else if (sym->builtin == BI_WARPSIZE)
                smt_list_add(&c, smt_eq(s, v, smt_int(s, 32)));
        }
    }
    for (int i = 0; i < e->cfg->launch.nfacts; i++) {
        Z3_ast t = enc_launch_fact(e, &e->cfg->launch.facts[i]);
        if (t)
            smt_list_add(&c, t);
    }
    smt_list_add(&c, threads_feasible(e, 1));
    smt_list_add(&c, threads_feasible(e, 2));
    Z3_ast r = smt_and(s, c.n, c.items);
    smt_list_free(&c);
    return r;
}

bool enc_across_blocks(const Enc *e, const Sym *array)
{
    return array->array->mem == MEM_GLOBAL && !e->cfg->only_intra_group;
}

Z3_ast enc_same_block(Enc *e)
{
    SmtList c = {0};
    for (int a = 0; a < 3; a++)
        smt_list_add(&c, smt_eq(e->smt, sym_term(e, 0, BI_BLOCKIDX, a), sym_term(e, 1, BI_BLOCKIDX, a)));
    Z3_ast r = smt_and(e->smt, c.n, c.items);
    smt_list_free(&c);
    return r;
}

Z3_ast enc_distinct(Enc *e)
{
    SmtList any = {0};
    for (int i = 0; i < e->k->nsyms; i++)
        if (e->f->identity[i] && e->base[0].val[i])
            smt_list_add(&any, smt_not(e->smt, smt_eq(e->smt, e->base[0].val[i], e->base[1].val[i])));
    Z3_ast r = smt_or(e->smt, any.n, any.items);
    smt_list_free(&any);
    return r;
}

/* ---- loops ---- */

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
    int w = up ? (loop->u.loop.cmp == OP_LT || loop->u.loop.cmp == OP_LE ? expr_width(e, loop->u.loop.bound) : -1)
               : expr_width(e, loop->u.loop.init);
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
        bool constant = numeral(e, h.s, &k);
        for (int64_t t = 0; t <= steps; t++) {
            if (constant && k > 0 && t % k)
                continue;
            Z3_ast pow = smt_int(s, (int64_t)1 << (t < 62 ? t : 62));
            Z3_ast val = up ? mul(e, h.a, pow) : (t < 62 ? Z3_mk_div(CTX, h.a, pow) : smt_int(s, 0));
            Z3_ast m = smt_eq(s, x, val);
            if (!constant && t > 0)
                m = smt_and2(s, m, smt_eq(s, Z3_mk_mod(CTX, smt_int(s, t), h.s), smt_int(s, 0)));
            smt_list_add(&any, m);
            if (up && t >= 62)
                break;
        }
        if (!up && constant && k > 0 && steps < MAX_GEOMETRIC) /* shifted out past the last multiple */
            smt_list_add(&any, smt_eq(s, x, smt_int(s, 0)));
    } else if (numeral(e, h.s, &k) && k >= 2) {
        int64_t p = 1;
        for (int j = 0; j <= steps; j++) {
            Z3_ast pk = smt_int(s, p);
            smt_list_add(&any, smt_eq(s, x, up ? mul(e, h.a, pk) : Z3_mk_div(CTX, h.a, pk)));
            if (__builtin_mul_overflow(p, k, &p))
                break;
        }
        if (!up)
            smt_list_add(&any, smt_eq(s, x, smt_int(s, 0)));
    } else {
        /* a symbolic factor: the first iterations only */
        Z3_ast p = smt_int(s, 1);
        for (int j = 0; j <= MAX_SYMBOLIC_POWER; j++) {
            smt_list_add(&any, smt_eq(s, x, up ? mul(e, h.a, p) : Z3_mk_div(CTX, h.a, p)));
            p = mul(e, p, h.s);
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
        Z3_ast dist = op == STEP_ADD ? sub(e, x, h.a) : sub(e, h.a, x);
        int64_t k;
        bool constant = numeral(e, h.s, &k);
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
    return compare(e, (Op)loop->u.loop.cmp, x, b);
}

Z3_ast enc_loop_member(Enc *e, const Stmt *loop, TEnv *env, Z3_ast x)
{
    Smt *s = e->smt;
    LoopHead h = loop_head(e, loop, env);
    Z3_ast parts[5];
    parts[0] = natural(e, x);
    parts[1] = natural(e, h.a); /* a negative start runs no iteration */
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
    return smt_and(s, 5, parts);
}

Z3_ast enc_loop_next(Enc *e, const Stmt *loop, TEnv *env, Z3_ast x)
{
    LoopHead h = loop_head(e, loop, env);
    switch ((StepOp)loop->u.loop.step) {
    case STEP_ADD: return add(e, x, h.s);
    case STEP_SUB: return sub(e, x, h.s);
    case STEP_MUL: return mul(e, x, h.s);
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
    return smt_not(e->smt, smt_and2(e->smt, natural(e, next), loop_cond(e, loop, next, b)));
}

/* Does this sync order the two threads now?  Grid syncs only while
 * grid_only; tile syncs of tiles at least tile_floor (the threads share
 * those tiles). */
uint8_t enc_ordering_for(const Enc *e, MemSpace m)
{
    return e->f->fenced ? (uint8_t)(1u << m) : 0;
}

bool enc_sync_counts(const Enc *e, const Stmt *sync)
{
    if (e->grid_only)
        return sync->u.sync.grid;
    if (sync->u.sync.unordered & e->ordering)
        return false; /* its fence flags leave out the array's space */
    return !sync->u.sync.tile || sync->u.sync.tile >= e->tile_floor;
}

/* s is or contains a sync of the block or grid that counts now (its fence
 * flags cover e->ordering). */
static bool has_wide_sync_now(const Enc *e, const Stmt *s)
{
    if (!e->ordering)
        return e->f->has_wide_sync[s->id];
    for (int m = 0; m < 2; m++)
        if ((e->ordering & (1u << m)) && !e->f->has_wide_sync_for[m][s->id])
            return false;
    return true;
}

bool enc_block_always_syncs(const Enc *e, const Block *b)
{
    for (int i = 0; i < b->n; i++)
        if (b->items[i]->kind == S_SYNC && enc_sync_counts(e, b->items[i]))
            return true;
    return false;
}

bool enc_has_sync(const Enc *e, const Stmt *s)
{
    if (e->grid_only)
        return e->f->has_grid_sync[s->id];
    if (e->tile_floor == 0 && !e->ordering)
        return e->f->has_sync[s->id];
    return has_wide_sync_now(e, s) || (e->f->max_tile[s->id] > 0 && e->f->max_tile[s->id] >= e->tile_floor);
}

Z3_ast enc_unknown_term(Enc *e, const Stmt *local, int thread)
{
    return thread_const(e, local->u.local.var->u.var.name, local->id, thread);
}

Z3_ast enc_thread_term(Enc *e, int thread, Builtin b, int axis)
{
    return sym_term(e, thread - 1, b, axis);
}

/* ---- synchronization ---- */

static Z3_ast block_syncs(Enc *e, const Block *b, const TEnv *env);

static Z3_ast bound_var(Enc *e, const Stmt *loop, int thread)
{
    char name[320];
    snprintf(name, sizeof name, "%s!%d", loop->u.loop.var->u.var.name, e->fresh++);
    return quantified(e, thread_const(e, name, loop->id, thread));
}

static Z3_ast sym_term(Enc *e, int thread, Builtin b, int axis);

/* An unknown that a group of threads shares (ShareGroup) is one unknown
 * function of what tells its runs apart: the block (for a block's group)
 * and the enclosing loop variables.  Two threads of one block at the same
 * iteration get the same value; nothing else is said.  NULL where a loop
 * variable has no term here: then it is the thread's own. */
static Z3_ast shared_unknown(Enc *e, const Stmt *s, const Expr *var, ShareGroup g, const TEnv *env)
{
    Z3_ast args[64];
    unsigned n = 0;
    if (g == GROUP_BLOCK)
        for (int a = 0; a < 3; a++)
            args[n++] = sym_term(e, env->thread - 1, BI_BLOCKIDX, a);
    for (int id = e->f->parent[s->id]; id >= 0; id = e->f->parent[id]) {
        const Stmt *loop = e->f->stmt[id];
        if (loop->kind != S_LOOP)
            continue;
        Z3_ast x = env->val[loop->u.loop.var->u.var.sym->index];
        if (!x || n == sizeof args / sizeof args[0])
            return NULL;
        args[n++] = x;
    }
    for (unsigned i = 0; i < n; i++)
        if (!args[i])
            return NULL;
    char name[320];
    snprintf(name, sizeof name, "%s@%d!%s", var->u.var.name, s->id, group_name(g));
    if (n == 0)
        return smt_const(e->smt, name, false);
    Z3_sort dom[64];
    for (unsigned i = 0; i < n; i++)
        dom[i] = Z3_mk_int_sort(CTX);
    Z3_func_decl fn = Z3_mk_func_decl(CTX, Z3_mk_string_symbol(CTX, name), n, dom, Z3_mk_int_sort(CTX));
    return Z3_mk_app(CTX, fn, n, args);
}

static Z3_ast unknown_term(Enc *e, const Stmt *s, const Expr *var, const TEnv *env)
{
    ShareGroup g = (ShareGroup)e->f->groups->of[var->u.var.sym->index];
    Z3_ast shared = g != GROUP_THREAD ? shared_unknown(e, s, var, g, env) : NULL;
    return shared ? shared : thread_const(e, var->u.var.name, s->id, env->thread);
}

Z3_ast enc_unknown(Enc *e, const Stmt *s, int thread)
{
    return thread_const(e, stmt_unknown_var(s)->u.var.name, s->id, thread);
}

/* Statements that define names as they run: lets and unknowns (`local x;`,
 * and the values of `local x = rd A[i];` and `local x = sync;`). */
static void define(Enc *e, const Stmt *s, TEnv *env)
{
    if (s->kind == S_LET) {
        env->val[s->u.let.var->u.var.sym->index] = enc_int(e, s->u.let.value, env);
        return;
    }
    const Expr *var = stmt_unknown_var(s);
    if (var)
        env->val[var->u.var.sym->index] = unknown_term(e, s, var, env);
}

Z3_ast enc_stmt_syncs(Enc *e, const Stmt *s, TEnv *env)
{
    Smt *smt = e->smt;
    if (!enc_has_sync(e, s))
        return smt->f;
    if (s->kind == S_SYNC)
        return smt->t;
    if (s->kind == S_IF) {
        Z3_ast c = enc_bool(e, s->u.if_.cond, env);
        return smt_or2(smt, smt_and2(smt, c, block_syncs(e, &s->u.if_.then, env)),
                       smt_and2(smt, smt_not(smt, c), block_syncs(e, &s->u.if_.els, env)));
    }
    /* a loop: it runs at least once, or some iteration synchronizes */
    if (enc_block_always_syncs(e, &s->u.loop.body)) {
        LoopHead h = loop_head(e, s, env);
        return smt_and2(smt, natural(e, h.a), loop_cond(e, s, h.a, h.b));
    }
    Z3_ast w = bound_var(e, s, env->thread);
    TEnv inner = tenv_copy(e, env);
    inner.val[s->u.loop.var->u.var.sym->index] = w;
    Z3_ast body = smt_and2(smt, enc_loop_member(e, s, env, w), block_syncs(e, &s->u.loop.body, &inner));
    tenv_free(&inner);
    if (smt_is_false(smt, body))
        return body;
    Z3_app bound = Z3_to_app(CTX, w);
    return Z3_mk_exists_const(CTX, 0, 1, &bound, 0, NULL, body);
}

static Z3_ast block_syncs(Enc *e, const Block *b, const TEnv *env)
{
    TEnv scan = tenv_copy(e, env);
    SmtList any = {0};
    /* the first certain sync settles it: blocks of thousands of intervals
     * would otherwise be scanned to the end for every pair of accesses */
    for (int i = 0; i < b->n && !any.settled; i++) {
        define(e, b->items[i], &scan);
        Z3_ast syncs = enc_stmt_syncs(e, b->items[i], &scan);
        any.settled = smt_is_true(e->smt, syncs);
        smt_list_add(&any, syncs);
    }
    Z3_ast r = smt_or(e->smt, any.n, any.items);
    smt_list_free(&any);
    tenv_free(&scan);
    return r;
}

Z3_ast enc_no_sync_between(Enc *e, const Block *b, int from, int to, const TEnv *env)
{
    TEnv scan = tenv_copy(e, env);
    SmtList none = {0};
    for (int i = from + 1; i < to && i < b->n && !none.settled; i++) {
        define(e, b->items[i], &scan);
        Z3_ast no_sync = smt_not(e->smt, enc_stmt_syncs(e, b->items[i], &scan));
        none.settled = smt_is_false(e->smt, no_sync); /* a certain sync in between */
        smt_list_add(&none, no_sync);
    }
    Z3_ast r = smt_and(e->smt, none.n, none.items);
    smt_list_free(&none);
    tenv_free(&scan);
    return r;
}

Z3_ast enc_no_sync_iterations(Enc *e, const Stmt *loop, TEnv *env, IterFilter pred, void *ctx)
{
    Smt *smt = e->smt;
    Z3_ast w = bound_var(e, loop, env->thread);
    TEnv inner = tenv_copy(e, env);
    inner.val[loop->u.loop.var->u.var.sym->index] = w;
    Z3_ast syncs = block_syncs(e, &loop->u.loop.body, &inner);
    tenv_free(&inner);
    if (smt_is_false(smt, syncs)) {
            return smt->t;
    }
    Z3_ast in = smt_and2(smt, enc_loop_member(e, loop, env, w), pred(e, loop, w, ctx));
    Z3_app bound = Z3_to_app(CTX, w);
    return Z3_mk_forall_const(CTX, 0, 1, &bound, 0, NULL, smt_implies(smt, in, smt_not(smt, syncs)));
}

/* ---- paths ---- */

/* Items of b other than b->items[skip]: their lets and unknowns, and the
 * preconditions among them (all of them, before and after: an execution
 * that fails a precondition anywhere does not exist). */
/* A precondition relating the threads (1@x, 2@x) at the kernel's top level
 * sees both threads at that same point: the other thread's names are
 * replayed up to it.  Deeper ones see the other thread's kernel-level
 * names only. */
static Z3_ast pairwise_assume(Enc *e, const Block *b, int at, TEnv *env)
{
    const Stmt *s = b->items[at];
    if (b != &e->k->body)
        return enc_bool(e, s->u.assume.cond, env);
    int other = env->thread == 1 ? 2 : 1;
    TEnv them = tenv_copy(e, &e->base[other - 1]);
    for (int i = 0; i < at; i++)
        define(e, b->items[i], &them);
    e->pair[env->thread - 1] = env;
    e->pair[other - 1] = &them;
    Z3_ast r = enc_bool(e, s->u.assume.cond, env);
    e->pair[0] = e->pair[1] = NULL;
    tenv_free(&them);
    return r;
}

static void block_context(Enc *e, const Block *b, int skip, TEnv *env, SmtList *assumes)
{
    TEnv after = {0};
    for (int i = 0; i < b->n; i++) {
        const Stmt *s = b->items[i];
        if (i == skip) {
            after = tenv_copy(e, env);
            continue;
        }
        TEnv *at = i < skip || skip < 0 ? env : &after;
        define(e, s, at);
        if (stmt_unknown_var(s))
            smt_list_add(assumes, natural(e, at->val[stmt_unknown_var(s)->u.var.sym->index]));
        if (s->kind == S_ASSUME)
            smt_list_add(assumes, expr_is_pairwise(s->u.assume.cond) ? pairwise_assume(e, b, i, at)
                                                                     : enc_bool(e, s->u.assume.cond, at));
    }
    tenv_free(&after);
}

Z3_ast enc_kernel_assumes(Enc *e, int thread)
{
    TEnv env = tenv_copy(e, &e->base[thread - 1]);
    SmtList assumes = {0};
    block_context(e, &e->k->body, -1, &env, &assumes);
    Z3_ast r = smt_and(e->smt, assumes.n, assumes.items);
    smt_list_free(&assumes);
    tenv_free(&env);
    return r;
}

int enc_kernel_assume_each(Enc *e, int thread, const Stmt **stmt, Z3_ast *term, SmtList *locals)
{
    const Block *b = &e->k->body;
    TEnv env = tenv_copy(e, &e->base[thread - 1]);
    int n = 0;
    for (int i = 0; i < b->n; i++) {
        const Stmt *s = b->items[i];
        define(e, s, &env); /* as block_context does, one assumption at a time */
        if (stmt_unknown_var(s))
            smt_list_add(locals, natural(e, env.val[stmt_unknown_var(s)->u.var.sym->index]));
        if (s->kind != S_ASSUME)
            continue;
        stmt[n] = s;
        term[n++] = expr_is_pairwise(s->u.assume.cond) ? pairwise_assume(e, b, i, &env)
                                                       : enc_bool(e, s->u.assume.cond, &env);
    }
    tenv_free(&env);
    return n;
}

Path enc_path(Enc *e, const Stmt *target, int thread, const Z3_ast *forced)
{
    Smt *s = e->smt;
    const Facts *f = e->f;
    Path p;
    memset(&p, 0, sizeof p);
    p.target = target;
    p.thread = thread;
    Stmt **chain = xmalloc((size_t)(f->nstmts + 1) * sizeof *chain);
    int depth = facts_ancestors(f, target, chain);
    chain[depth] = (Stmt *)target;
    p.n = depth + 1;
    p.lv = xcalloc((size_t)p.n, sizeof *p.lv);
    bool approx_before = e->approx;
    e->approx = false;
    TEnv env = tenv_copy(e, &e->base[thread - 1]);
    SmtList guards = {0}, assumes = {0};
    for (int L = 0; L < p.n; L++) {
        const Stmt *anc = chain[L];
        PathLevel *lv = &p.lv[L];
        lv->block = f->block[anc->id];
        lv->anc = anc;
        lv->index = f->index[anc->id];
        block_context(e, lv->block, lv->index, &env, &assumes);
        lv->env = tenv_copy(e, &env);
        if (L == p.n - 1)
            break;
        const Block *next = f->block[chain[L + 1]->id];
        if (anc->kind == S_IF) {
            Z3_ast c = enc_bool(e, anc->u.if_.cond, &env);
            smt_list_add(&guards, next == &anc->u.if_.then ? c : smt_not(s, c));
        } else if (anc->kind == S_LOOP) {
            Z3_ast x = forced && forced[anc->id] ? forced[anc->id]
                                                 : thread_const(e, anc->u.loop.var->u.var.name,
                                                                anc->id, thread);
            smt_list_add(&guards, enc_loop_member(e, anc, &env, x));
            env.val[anc->u.loop.var->u.var.sym->index] = x;
            lv->var = x;
        }
    }
    p.env = env;
    p.guards = smt_and(s, guards.n, guards.items);
    p.assumes = smt_and(s, assumes.n, assumes.items);
    p.approx = e->approx;
    e->approx = approx_before || e->approx;
    smt_list_free(&guards);
    smt_list_free(&assumes);
    free(chain);
    return p;
}

void path_free(Path *p)
{
    for (int i = 0; i < p->n; i++)
        tenv_free(&p->lv[i].env);
    free(p->lv);
    tenv_free(&p->env);
    memset(p, 0, sizeof *p);
}


/* How x depends on `local` unknowns, which are chosen afresh each time
 * they run: not at all, only directly, or through lets or loop bounds. */
typedef enum { UNK_NONE, UNK_DIRECT, UNK_INDIRECT } UnknownUse;

static UnknownUse worse(UnknownUse a, UnknownUse b)
{
    return a > b ? a : b;
}

static UnknownUse unknown_use(const Expr *x)
{
    switch ((ExprKind)x->kind) {
    case E_NUM: case E_BOOL: case E_DISTINCT:
        return UNK_NONE;
    case E_VAR: {
        const Sym *sym = x->u.var.sym;
        if (sym->kind == SYM_UNKNOWN)
            return UNK_DIRECT;
        if (sym->kind == SYM_LET)
            return unknown_use(sym->def->u.let.value) ? UNK_INDIRECT : UNK_NONE;
        if (sym->kind == SYM_LOOP) {
            const Stmt *l = sym->def;
            UnknownUse u = worse(unknown_use(l->u.loop.init),
                                 worse(unknown_use(l->u.loop.bound), unknown_use(l->u.loop.amount)));
            return u ? UNK_INDIRECT : UNK_NONE;
        }
        return UNK_NONE;
    }
    case E_UNARY: case E_POW2:
        return unknown_use(x->u.sub.a);
    case E_BINARY:
        return worse(unknown_use(x->u.sub.a), unknown_use(x->u.sub.b));
    case E_COND:
        return worse(unknown_use(x->u.sub.a), worse(unknown_use(x->u.sub.b), unknown_use(x->u.sub.c)));
    }
    return UNK_INDIRECT;
}

/* Does reaching a depend on an unknown? */
static bool reached_over_unknowns(const Facts *f, const Stmt *a)
{
    for (int id = f->parent[a->id]; id >= 0; id = f->parent[id]) {
        const Stmt *s = f->stmt[id];
        if (s->kind == S_IF && unknown_use(s->u.if_.cond))
            return true;
        if (s->kind == S_LOOP && (unknown_use(s->u.loop.init) || unknown_use(s->u.loop.bound) ||
                                  unknown_use(s->u.loop.amount)))
            return true;
    }
    return false;
}

static bool inside(const Facts *f, const Stmt *s, int ancestor)
{
    for (int id = f->parent[s->id]; id >= 0; id = f->parent[id])
        if (id == ancestor)
            return true;
    return false;
}

/* Is the unknown declared by def chosen afresh in each iteration of a loop
 * around a?  One declared outside them keeps its value in all of them. */
static bool chosen_per_iteration(const Facts *f, const Stmt *def, const Stmt *a)
{
    for (int id = f->parent[a->id]; id >= 0; id = f->parent[id])
        if (f->stmt[id]->kind == S_LOOP && inside(f, def, id))
            return true;
    return false;
}

/* cond over the unknowns of env chosen in the loops around a as
 * existentially bound naturals: some choice of them satisfies it. */
static Z3_ast some_choice_satisfies(Enc *e, const Stmt *a, const Expr *cond, const TEnv *at)
{
    TEnv env = tenv_copy(e, at);
    Z3_app *bound = xcalloc((size_t)e->k->nsyms + 1, sizeof *bound);
    SmtList naturals = {0};
    unsigned n = 0;
    for (int i = 0; i < e->k->nsyms; i++) {
        const Sym *sym = e->k->syms[i];
        if (sym->kind != SYM_UNKNOWN || !env.val[i] || !sym->def || !chosen_per_iteration(e->f, sym->def, a))
            continue;
        char name[32];
        snprintf(name, sizeof name, "some!%d", e->fresh++);
        env.val[i] = quantified(e, smt_const(e->smt, name, false));
        bound[n++] = Z3_to_app(CTX, env.val[i]);
        smt_list_add(&naturals, natural(e, env.val[i]));
    }
    smt_list_add(&naturals, enc_bool(e, cond, &env));
    Z3_ast body = smt_and(e->smt, naturals.n, naturals.items);
    Z3_ast r = n ? Z3_mk_exists_const(CTX, 0, n, bound, 0, NULL, body) : body;
    smt_list_free(&naturals);
    free(bound);
    tenv_free(&env);
    return r;
}

/* A thread that fails a precondition it reaches is discarded whole, as
 * `mapkit run` does: every `assume` below the top level holds in each of
 * its instances that the thread reaches (top-level ones are in every
 * path's assumes).  Over the enclosing loop variables this is a forall;
 * over unknowns in the condition, an exists (a necessary condition: the
 * thread's path to a race may need more of the same choice).  Where
 * reaching the assume depends on unknowns, or its condition does through
 * a let, it is left to the paths that pass it, as are pairwise ones:
 * leaving a precondition out only adds executions. */
static Z3_ast assume_holds_everywhere(Enc *e, const Stmt *a, int thread)
{
    Smt *s = e->smt;
    const Facts *f = e->f;
    Z3_ast *forced = xcalloc((size_t)f->nstmts + 1, sizeof *forced);
    Z3_app *bound = xcalloc((size_t)f->nstmts + 1, sizeof *bound);
    unsigned nbound = 0;
    for (int id = f->parent[a->id]; id >= 0; id = f->parent[id]) {
        if (f->stmt[id]->kind != S_LOOP)
            continue;
        char name[32];
        snprintf(name, sizeof name, "all!%d", e->fresh++);
        forced[id] = quantified(e, smt_const(e->smt, name, false));
        bound[nbound++] = Z3_to_app(CTX, forced[id]);
    }
    Path p = enc_path(e, a, thread, forced);
    const Expr *cond = a->u.assume.cond;
    Z3_ast holds = unknown_use(cond) ? some_choice_satisfies(e, a, cond, &p.env) : enc_bool(e, cond, &p.env);
    Z3_ast body = smt_implies(s, p.guards, holds);
    if (nbound && !smt_is_true(s, body))
        body = Z3_mk_forall_const(CTX, 0, nbound, bound, 0, NULL, body);
    path_free(&p);
    free(forced);
    free(bound);
    return body;
}

int enc_nested_assume_each(Enc *e, int thread, const Stmt **stmt, Z3_ast *term)
{
    const Facts *f = e->f;
    int n = 0;
    for (int i = 0; i < f->nstmts; i++) {
        const Stmt *a = f->stmt[i];
        if (a->kind == S_ASSUME && f->parent[a->id] >= 0 && !expr_is_pairwise(a->u.assume.cond) &&
            unknown_use(a->u.assume.cond) != UNK_INDIRECT && !reached_over_unknowns(f, a)) {
            stmt[n] = a;
            term[n++] = assume_holds_everywhere(e, a, thread);
        }
    }
    return n;
}

static Z3_ast threads_feasible(Enc *e, int thread)
{
    if (e->cfg->for_vacuity)
        return e->smt->t; /* vacuity.c takes them one at a time */
    const Stmt **stmt = xcalloc((size_t)e->f->nstmts + 1, sizeof *stmt);
    Z3_ast *term = xcalloc((size_t)e->f->nstmts + 1, sizeof *term);
    int n = enc_nested_assume_each(e, thread, stmt, term);
    Z3_ast r = smt_and(e->smt, n, term);
    free(stmt);
    free(term);
    return r;
}

/* ---- the race condition ---- */

void race_terms_init(Enc *e, RaceTerms *t, int ndims)
{
    char name[32];
    t->ndims = ndims;
    for (int th = 0; th < 2; th++) {
        snprintf(name, sizeof name, "site$%d", th + 1);
        t->sel[th] = smt_const(e->smt, name, false);
        t->idx[th] = xcalloc((size_t)ndims + 1, sizeof *t->idx[th]);
        for (int d = 0; d < ndims; d++) {
            snprintf(name, sizeof name, "idx%d$%d", d, th + 1);
            t->idx[th][d] = smt_const(e->smt, name, false);
        }
        snprintf(name, sizeof name, "val$%d", th + 1);
        t->val[th] = smt_const(e->smt, name, false);
        snprintf(name, sizeof name, "valued$%d", th + 1);
        t->valued[th] = smt_const(e->smt, name, true);
    }
}

/* The written value of the candidate, when it carries one: valued holds
 * exactly when no unknown (x / 0, ...) is involved. */
static void add_written_value(Enc *e, const RaceTerms *t, int thread, const Candidate *c, SiteChoice *out)
{
    Smt *s = e->smt;
    const Expr *v = c->site->stmt->u.access.value;
    if (!v) {
        out->rest[out->nrest++] = smt_not(s, t->valued[thread - 1]);
        return;
    }
    SmtList when = {0};
    e->unknown_when = &when;
    out->rest[out->nrest++] = smt_eq(s, t->val[thread - 1], enc_int(e, v, &c->path->env));
    e->unknown_when = NULL;
    Z3_ast known = when.n ? smt_not(s, smt_or(s, when.n, when.items)) : s->t;
    smt_list_free(&when);
    out->rest[out->nrest++] = smt_eq(s, t->valued[thread - 1], known);
}

void race_terms_free(RaceTerms *t)
{
    free(t->idx[0]);
    free(t->idx[1]);
}

static Z3_ast picks(Enc *e, const RaceTerms *t, int thread, const Candidate *c)
{
    return smt_eq(e->smt, t->sel[thread - 1], smt_int(e->smt, c->id));
}

Z3_ast enc_choice(Enc *e, const RaceTerms *t, int thread, const Candidate *c, int n, bool writers_only)
{
    Smt *s = e->smt;
    /* arrays without written values leave the value terms out: they cost
     * the solver time even when unconstrained */
    bool values = enc_array_has_values(c, n);
    SiteChoice *choice = xcalloc((size_t)n + 1, sizeof *choice);
    Z3_ast *idx = xcalloc((size_t)n * (size_t)t->ndims + 1, sizeof *idx);
    Z3_ast *eq = xcalloc((size_t)n * (size_t)t->ndims + 1, sizeof *eq);
    int k = 0;
    for (int i = 0; i < n; i++) {
        const Stmt *st = c[i].site->stmt;
        if (writers_only && st->u.access.mode == ACC_RD)
            continue;
        SiteChoice *one = &choice[k++];
        size_t at = (size_t)(k - 1) * (size_t)t->ndims;
        *one = (SiteChoice){picks(e, t, thread, &c[i]), c[i].path->guards, c[i].path->assumes,
                            idx + at, eq + at, {0}, 0};
        /* where the index needs an unknown value (x / 0, a shift beyond
         * the exact cases, bits beyond 64), the witness says potential */
        SmtList when = {0};
        e->unknown_when = &when;
        for (int d = 0; d < t->ndims; d++) {
            one->idx[d] = enc_int(e, st->u.access.index[d], &c[i].path->env);
            one->eq[d] = smt_eq(s, t->idx[thread - 1][d], one->idx[d]);
        }
        e->unknown_when = NULL;
        if (when.n) {
            Z3_ast any = smt_or(s, when.n, when.items);
            c[i].path->unknown_index = c[i].path->unknown_index ? smt_or2(s, c[i].path->unknown_index, any) : any;
        }
        smt_list_free(&when);
        if (values)
            add_written_value(e, t, thread, &c[i], one);
    }
    Z3_ast r = e->merge_sites ? groups_choice(s, choice, k, t->idx[thread - 1], t->ndims, thread, &e->merged)
                                : groups_each_site(s, choice, k, t->ndims);
    free(choice);
    free(idx);
    free(eq);
    return r;
}

static bool is_atomic(const Site *s, void *ctx)
{
    (void)ctx;
    return s->stmt->u.access.mode == ACC_ATOMIC;
}

Z3_ast enc_picked(Enc *e, const RaceTerms *t, int thread, const Candidate *c, int n,
                  bool (*keep)(const Site *, void *), void *ctx)
{
    SmtList any = {0};
    for (int i = 0; i < n; i++)
        if (!keep || keep(c[i].site, ctx))
            smt_list_add(&any, picks(e, t, thread, &c[i]));
    Z3_ast r = smt_or(e->smt, any.n, any.items);
    smt_list_free(&any);
    return r;
}

static bool is_block_scoped(const Site *s, void *ctx)
{
    (void)ctx;
    return s->stmt->u.access.mode == ACC_ATOMIC && s->stmt->u.access.scope == SCOPE_BLOCK;
}

static bool is_read(const Site *s, void *ctx)
{
    (void)ctx;
    return s->stmt->u.access.mode == ACC_RD;
}

Z3_ast enc_in_bounds(Enc *e, const RaceTerms *t, const Sym *array)
{
    Smt *s = e->smt;
    const ArrayDecl *a = array ? array->array : NULL;
    SmtList all = {0};
    int64_t size;
    for (int d = 0; a && d < t->ndims && d < a->ndims; d++)
        if (a->sizes && a->sizes[d] && expr_constant(a->sizes[d], &size) && size > 0)
            smt_list_add(&all, Z3_mk_lt(CTX, t->idx[0][d], smt_int(s, size)));
    Z3_ast r = smt_and(s, all.n, all.items);
    smt_list_free(&all);
    return r;
}

Z3_ast enc_conflict(Enc *e, const RaceTerms *t, const Candidate *c1, int n1, const Candidate *c2, int n2)
{
    Smt *s = e->smt;
    SmtList all = {0};
    Z3_ast both_read = smt_and2(s, enc_picked(e, t, 1, c1, n1, is_read, NULL),
                                enc_picked(e, t, 2, c2, n2, is_read, NULL));
    smt_list_add(&all, smt_not(s, both_read));
    for (int d = 0; d < t->ndims; d++)
        smt_list_add(&all, smt_eq(s, t->idx[0][d], t->idx[1][d]));
    smt_list_add(&all, enc_in_bounds(e, t, n1 ? c1[0].site->array : NULL));
    /* two atomics do not race unless one is block-scoped and the threads
     * are in different blocks (scoped races) */
    Z3_ast both_atomic = smt_and2(s, enc_picked(e, t, 1, c1, n1, is_atomic, NULL),
                                  enc_picked(e, t, 2, c2, n2, is_atomic, NULL));
    Z3_ast block_scoped = smt_or2(s, enc_picked(e, t, 1, c1, n1, is_block_scoped, NULL),
                                  enc_picked(e, t, 2, c2, n2, is_block_scoped, NULL));
    Z3_ast synchronize = smt_or2(s, smt_not(s, block_scoped), enc_same_block(e));
    smt_list_add(&all, smt_not(s, smt_and2(s, both_atomic, synchronize)));
    if (e->f->has_tickets)
        smt_list_add(&all, enc_tickets_disjoint(e));
    Z3_ast r = smt_and(s, all.n, all.items);
    smt_list_free(&all);
    return r;
}

bool enc_array_has_values(const Candidate *c, int n)
{
    for (int i = 0; i < n; i++)
        if (c[i].site->stmt->u.access.value)
            return true;
    return false;
}

Z3_ast enc_conflict_values(Enc *e, const RaceTerms *t, const Candidate *c1, int n1, const Candidate *c2,
                           int n2, bool benign)
{
    Smt *s = e->smt;
    Z3_ast conflict = enc_conflict(e, t, c1, n1, c2, n2);
    WriteValues w = benign ? WRITES_SAME : e->cfg->strict_writes ? WRITES_ANY : WRITES_DIFFER;
    if (w == WRITES_ANY || !enc_array_has_values(c1, n1) || !enc_array_has_values(c2, n2))
        return w == WRITES_SAME ? s->f : conflict; /* no benign pair without values */
    /* reads and atomics carry no value, so only write-write pairs can be same */
    Z3_ast parts[3] = {t->valued[0], t->valued[1], smt_eq(s, t->val[0], t->val[1])};
    Z3_ast same = smt_and(s, 3, parts);
    return smt_and2(s, conflict, w == WRITES_SAME ? same : smt_not(s, same));
}

void enc_witness_terms(const Enc *e, SmtList *out)
{
    for (int t = 0; t < 2; t++)
        for (int i = 0; i < e->k->nsyms; i++)
            if (e->base[t].val[i] && (e->f->used[i] || e->k->syms[i]->builtin) &&
                !Z3_is_numeral_ast(CTX, e->base[t].val[i]))
                smt_list_add(out, e->base[t].val[i]);
}
