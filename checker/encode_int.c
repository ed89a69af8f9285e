/* The integer encoder ([CAV21 Sec. 5]; docs/checker.md, "Expressions"):
 * a protocol's expressions as Z3 integer terms, booleans as Z3 booleans,
 * for one thread's environment.  Division and remainder truncate as C's
 * do, shifts and bitwise operators stay in linear integer arithmetic, and
 * the widths of values (what bits an operand can have) keep those small.
 * Values are mathematical integers (docs/language.md 3.2); this file and
 * encode_int.h are where that is decided. */
#include "encode_int.h"

#include "equal.h"
#include "print.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define CTX (e->smt->ctx)

static Z3_ast from_bool(Enc *e, Z3_ast b)
{
    return smt_ite(e->smt, b, smt_int(e->smt, 1), smt_int(e->smt, 0));
}

bool enc_numeral(Enc *e, Z3_ast a, int64_t *v)
{
    return Z3_is_numeral_ast(CTX, a) && Z3_get_numeral_int64(CTX, a, v);
}

Z3_ast enc_add(Enc *e, Z3_ast a, Z3_ast b)
{
    Z3_ast args[2] = {a, b};
    return Z3_mk_add(CTX, 2, args);
}

Z3_ast enc_sub(Enc *e, Z3_ast a, Z3_ast b)
{
    Z3_ast args[2] = {a, b};
    return Z3_mk_sub(CTX, 2, args);
}

Z3_ast enc_mul(Enc *e, Z3_ast a, Z3_ast b)
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
    return enc_thread_const(e, name, -1, env->thread);
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
    return rem ? enc_sub(e, a, enc_mul(e, b, quot)) : quot;
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
    return left ? enc_mul(e, a, p) : Z3_mk_div(CTX, a, p);
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

Z3_ast enc_shift(Enc *e, const Expr *x, TEnv *env, bool left, Z3_ast a, Z3_ast b)
{
    int64_t k;
    /* 0 shifted by a natural stays 0 (a negative amount is unknown) */
    if (enc_numeral(e, a, &k) && k == 0 && x->kind == E_BINARY && expr_is_natural(x->u.sub.b))
        return a;
    if (enc_numeral(e, b, &k) && k >= 0 && k <= MAX_EXACT_SHIFT)
        return shift_by(e, a, (int)k, left);
    if (enc_numeral(e, b, &k)) /* negative: unknown, like division by zero */
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
    if (kind == Z3_OP_SUB && n == 2 && enc_numeral(e, Z3_get_app_arg(CTX, app, 1), &k) && k > INT32_MIN &&
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
        if (enc_numeral(e, t, &k) && k > INT32_MIN && k < INT32_MAX && *c > INT32_MIN && *c < INT32_MAX)
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
    Z3_ast sum = enc_add(e, Z3_mk_mod(CTX, x, mm), smt_int(s, folded));
    return smt_ite(s, Z3_mk_lt(CTX, sum, mm), sum, enc_sub(e, sum, mm));
}

static Z3_ast enc_divide(Enc *e, const Expr *x, TEnv *env, Z3_ast a, Z3_ast b, bool rem)
{
    int64_t k;
    if (!enc_numeral(e, b, &k) && expr_constant(x->u.sub.b, &k)) /* `3 / (0 + 1)`: by a number */
        b = smt_int(e->smt, k);
    if (enc_numeral(e, b, &k) && k == 0)
        return unknown_value(e, x, env);
    /* a natural by a positive constant: C's truncation is Z3's floor, and
     * the solver is spared the sign cases (`size / 2` of a sorting network) */
    if (enc_numeral(e, b, &k) && k > 0 && enc_expr_width(e, x->u.sub.a) >= 0)
        return rem ? mod_by_number(e, a, k) : Z3_mk_div(CTX, a, b);
    /* naturals by a natural (`i / width`): likewise, but for 0 */
    bool naturals = expr_is_natural(x->u.sub.a) && expr_is_natural(x->u.sub.b);
    Z3_ast q = naturals ? (rem ? Z3_mk_mod(CTX, a, b) : Z3_mk_div(CTX, a, b)) : trunc_div(e, a, b, rem);
    if (enc_numeral(e, b, &k))
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
    bool mask_a, mask_b;         /* written `X - 1` */
    bool notmask_a, notmask_b;   /* written `~(X - 1)` */
} BandShape;

/* A thread's id or loop variable, free in every query. */
static bool free_name(const Enc *e, Z3_ast a)
{
    if (Z3_get_ast_kind(CTX, a) != Z3_APP_AST)
        return false;
    Z3_app app = Z3_to_app(CTX, a);
    return Z3_get_app_num_args(CTX, app) == 0 &&
           Z3_get_decl_kind(CTX, Z3_get_app_decl(CTX, app)) == Z3_OP_UNINTERPRETED && !enc_is_bound(e, a);
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
            smt_list_add(&terms, enc_mul(e, bit_of(e, a, -1, i), power_of_two(e, i)));
    Z3_ast bits = sum(e, &terms);
    return keep ? bits : enc_sub(e, a, bits);
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
        Z3_ast both = smt_eq(s, enc_add(e, bit_of(e, a, wa, i), bit_of(e, b, wb, i)), smt_int(s, 2));
        Z3_ast w = power_of_two_at(e, i);
        smt_list_add(&terms, smt_ite(s, both, i < 63 ? w : Z3_mk_unary_minus(CTX, w), smt_int(s, 0)));
    }
    return sum(e, &terms);
}

/* How many bits v needs. */
static int bits_of_value(uint64_t v)
{
    int w = 0;
    while (w < 64 && (v >> w) != 0)
        w++;
    return w;
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

enum { MEMO_DEPTHS = 18, MEMO_UNSET = INT32_MIN };

/* The slot of (sym, depth) in *memo, which is made on first use. */
static int *memo_slot(const Enc *e, int **memo, const Sym *sym, int depth)
{
    if (depth < 0 || depth >= MEMO_DEPTHS)
        return NULL;
    if (!*memo) {
        size_t n = (size_t)(e->k->nsyms + 1) * MEMO_DEPTHS;
        *memo = xmalloc(n * sizeof **memo);
        for (size_t i = 0; i < n; i++)
            (*memo)[i] = MEMO_UNSET;
    }
    return &(*memo)[(size_t)sym->index * MEMO_DEPTHS + (size_t)depth];
}

static int var_width_walk(const Enc *e, const Sym *sym, int depth);

/* var_width_walk, once per (sym, depth): the answer is a function of them */
static int var_width(const Enc *e, const Sym *sym, int depth)
{
    if (sym->builtin != BI_NONE || (sym->kind != SYM_LET && sym->kind != SYM_LOOP))
        return var_width_walk(e, sym, depth);
    int *slot = memo_slot(e, &((Enc *)e)->width_memo, sym, depth);
    if (!slot)
        return var_width_walk(e, sym, depth);
    if (*slot == MEMO_UNSET)
        *slot = var_width_walk(e, sym, depth);
    return *slot;
}

static int var_width_walk(const Enc *e, const Sym *sym, int depth)
{
    const CheckConfig *c = e->cfg;
    uint64_t n;
    switch (sym->builtin) {
    case BI_THREADIDX:
        return bits_of_value(enc_launch_at_most(e, BI_BLOCKDIM, sym->axis, &n) && n > 0 ? n - 1 : 1023);
    case BI_BLOCKDIM:
        return bits_of_value(enc_launch_at_most(e, BI_BLOCKDIM, sym->axis, &n) ? n : 1024);
    case BI_BLOCKIDX:
        return bits_of_value(enc_launch_at_most(e, BI_GRIDDIM, sym->axis, &n) && n > 0 ? n - 1 : INT32_MAX - 1);
    case BI_GRIDDIM:
        return bits_of_value(enc_launch_at_most(e, BI_GRIDDIM, sym->axis, &n) ? n : INT32_MAX);
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

/* uN(a) is below 2^N whatever a is, and below a's own bound when that
 * is smaller; iN(a) is a natural only when a already fits. */
static int conversion_width(const Enc *e, const Expr *x, int depth)
{
    int n = conversion_bits((Op)x->op), a = expr_width_at(e, x->u.sub.a, depth);
    if (conversion_signed((Op)x->op))
        return a >= 0 && a < n ? a : -1;
    return a >= 0 && a < n ? a : n;
}

static int expr_width_at(const Enc *e, const Expr *x, int depth)
{
    if (x->kind == E_NUM)
        return bits_of_value(x->u.num);
    if (x->kind == E_VAR)
        return var_width(e, x->u.var.sym, depth);
    if (x->kind == E_COND)
        return max_width(expr_width_at(e, x->u.sub.b, depth), expr_width_at(e, x->u.sub.c, depth));
    if (x->kind == E_UNARY && op_is_conversion((Op)x->op))
        return conversion_width(e, x, depth);
    if (x->kind == E_BOOL || x->kind == E_POW2 || x->kind == E_DISTINCT || (x->kind == E_UNARY && x->op == OP_NOT) ||
        (x->kind == E_BINARY && (op_is_comparison((Op)x->op) || op_is_logical((Op)x->op))))
        return 1; /* 0 or 1 */
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
    case OP_MIN: return a < 0 || b < 0 ? -1 : a < b ? a : b;
    case OP_BOR: case OP_BXOR: case OP_MAX: return max_width(a, b);
    default: return -1;
    }
}

/* An & with an operand of known width needs only that many bits, which
 * keeps the queries of `tid ^ mask`-style indexing small. */
int enc_expr_width(const Enc *e, const Expr *x)
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
static int expr_low_zeros(const Enc *e, const Expr *x, int depth);

/* The let's value's low zeros, once per (let, depth) (Enc.zeros_memo). */
static int let_low_zeros(const Enc *e, const Sym *let, int depth)
{
    int *slot = memo_slot(e, &((Enc *)e)->zeros_memo, let, depth);
    if (!slot)
        return expr_low_zeros(e, let->def->u.let.value, depth + 1);
    if (*slot == MEMO_UNSET)
        *slot = expr_low_zeros(e, let->def->u.let.value, depth + 1);
    return *slot;
}

static int expr_low_zeros(const Enc *e, const Expr *x, int depth)
{
    if (x->kind == E_NUM)
        return x->u.num == 0 ? 64 : __builtin_ctzll(x->u.num);
    if (x->kind == E_VAR && x->u.var.sym->kind == SYM_LET && x->u.var.sym->def && depth < 16)
        return let_low_zeros(e, x->u.var.sym, depth);
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
    int wa = enc_expr_width(e, a), wb = enc_expr_width(e, b);
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
    Z3_ast ma = enc_add(e, a, smt_int(s, 1)), mb = enc_add(e, b, smt_int(s, 1));
    if (shape.mask_a)
        r = smt_ite(s, enc_pow2(e, ma), low_bits(e, b, shape.width_b, ma), r);
    if (shape.mask_b)
        r = smt_ite(s, enc_pow2(e, mb), low_bits(e, a, shape.width_a, mb), r);
    /* `x & ~(p - 1)` clears the bits below p: x - x mod p (~(p - 1) is -p
     * in two's complement; Z3's mod by p > 0 is never negative, so this
     * holds for a negative x too) */
    Z3_ast pa = Z3_mk_unary_minus(CTX, a), pb = Z3_mk_unary_minus(CTX, b);
    if (shape.notmask_a)
        r = smt_ite(s, enc_pow2(e, pa), enc_sub(e, b, low_bits(e, b, shape.width_b, pa)), r);
    if (shape.notmask_b)
        r = smt_ite(s, enc_pow2(e, pb), enc_sub(e, a, low_bits(e, a, shape.width_a, pb)), r);
    return r;
}

static Z3_ast enc_band(Enc *e, Z3_ast a, Z3_ast b, BandShape shape)
{
    int64_t m;
    if (enc_numeral(e, a, &m)) {
        Z3_ast t = a;
        a = b;
        b = t;
    }
    if (!enc_numeral(e, b, &m))
        return band_symbolic_mask(e, a, b, shape);
    /* a & (2^k - 1) is a mod 2^k (Z3's mod is never negative) */
    if (m >= 0 && m < INT64_MAX && ((m + 1) & m) == 0)
        return m == 0 ? smt_int(e->smt, 0) : mod_by_number(e, a, m + 1);
    return band_constant(e, a, m);
}

static Z3_ast enc_bor(Enc *e, Z3_ast a, Z3_ast b, BandShape shape)
{
    return enc_sub(e, enc_add(e, a, b), enc_band(e, a, b, shape));
}

static Z3_ast enc_bxor(Enc *e, Z3_ast a, Z3_ast b, BandShape shape)
{
    if (a == b)
        return smt_int(e->smt, 0);
    Z3_ast x = enc_sub(e, enc_add(e, a, b), enc_mul(e, smt_int(e->smt, 2), enc_band(e, a, b, shape)));
    int64_t m;
    if (!enc_numeral(e, a, &m) && !enc_numeral(e, b, &m))
        lemmas_note_xor(e->noted, x, a, b);
    return x;
}

static bool minus_one(const Expr *x)
{
    return x->kind == E_BINARY && x->op == OP_SUB && x->u.sub.b->kind == E_NUM && x->u.sub.b->u.num == 1 &&
           x->u.sub.a->kind != E_NUM;
}

/* `~(X - 1)` */
static bool not_minus_one(const Expr *x)
{
    return x->kind == E_UNARY && x->op == OP_BNOT && minus_one(x->u.sub.a);
}

static BandShape band_shape(const Enc *e, const Expr *x)
{
    int a = enc_expr_width(e, x->u.sub.a), b = enc_expr_width(e, x->u.sub.b);
    int w = a < 0 ? b : b < 0 ? a : a < b ? a : b;
    return (BandShape){w < 0 || w > 63 ? 64 : w,      a,
                       b,
                       minus_one(x->u.sub.a),        minus_one(x->u.sub.b),
                       not_minus_one(x->u.sub.a),    not_minus_one(x->u.sub.b)};
}

/* ---- operands with no bit in common, for symbolic powers of two ---- */

enum { MAX_SYMBOLIC_DEPTH = 8 };

static Z3_ast symbolic_power(Enc *e, const Expr *x, TEnv *env, SmtList *conds)
{
    Z3_ast p = enc_int(e, x, env);
    smt_list_add(conds, enc_pow2(e, p));
    return p;
}

/* A power of two m that x is a multiple of, given `conds` (a mask's base
 * is a power of two): `y & ~(p - 1)` is one of p, `y << k` and `y * 2^k`
 * of 2^k times y's.  NULL when no such term is known. */
static Z3_ast symbolic_align(Enc *e, const Expr *x, TEnv *env, SmtList *conds, int depth)
{
    if (depth > MAX_SYMBOLIC_DEPTH)
        return NULL;
    if (x->kind == E_VAR && x->u.var.sym->kind == SYM_LET && x->u.var.sym->def)
        return symbolic_align(e, x->u.var.sym->def->u.let.value, env, conds, depth + 1);
    if (x->kind != E_BINARY)
        return NULL;
    const Expr *a = x->u.sub.a, *b = x->u.sub.b;
    switch ((Op)x->op) {
    case OP_BAND:
        if (not_minus_one(b))
            return symbolic_power(e, b->u.sub.a->u.sub.a, env, conds);
        if (not_minus_one(a))
            return symbolic_power(e, a->u.sub.a->u.sub.a, env, conds);
        return NULL;
    case OP_SHL: case OP_MUL: {
        const Expr *k = x->op == OP_MUL && a->kind == E_NUM ? a : b, *y = k == a ? b : a;
        if (k->kind != E_NUM || k->u.num == 0 || (x->op == OP_SHL && k->u.num > 62))
            return NULL;
        Z3_ast m = symbolic_align(e, y, env, conds, depth + 1);
        uint64_t f = x->op == OP_SHL ? (uint64_t)1 << k->u.num : (uint64_t)1 << __builtin_ctzll(k->u.num);
        return m ? enc_mul(e, m, smt_int(e->smt, (int64_t)f)) : NULL;
    }
    default: return NULL;
    }
}

/* A power of two u with 0 <= x < u, given `conds`: `y & (p - 1)` is below
 * p.  NULL when none is known. */
static Z3_ast symbolic_below(Enc *e, const Expr *x, TEnv *env, SmtList *conds, int depth)
{
    if (depth > MAX_SYMBOLIC_DEPTH)
        return NULL;
    if (x->kind == E_VAR && x->u.var.sym->kind == SYM_LET && x->u.var.sym->def)
        return symbolic_below(e, x->u.var.sym->def->u.let.value, env, conds, depth + 1);
    if (x->kind != E_BINARY || x->op != OP_BAND)
        return NULL;
    if (minus_one(x->u.sub.b))
        return symbolic_power(e, x->u.sub.b->u.sub.a, env, conds);
    if (minus_one(x->u.sub.a))
        return symbolic_power(e, x->u.sub.a->u.sub.a, env, conds);
    return NULL;
}

/* a multiple of m and b below u <= m (or the other way round): they
 * share no bit (Walsh transforms' `(i & ~(s - 1)) << 1 | (i & (s - 1))`).
 * NULL when that is not known of them. */
static Z3_ast symbolic_disjoint(Enc *e, const Expr *x, TEnv *env)
{
    Smt *s = e->smt;
    for (int side = 0; side < 2; side++) {
        SmtList conds = {0};
        const Expr *hi = side ? x->u.sub.b : x->u.sub.a, *lo = side ? x->u.sub.a : x->u.sub.b;
        Z3_ast m = symbolic_align(e, hi, env, &conds, 0);
        Z3_ast u = m ? symbolic_below(e, lo, env, &conds, 0) : NULL;
        Z3_ast r = NULL;
        if (u) {
            smt_list_add(&conds, Z3_mk_le(CTX, u, m));
            r = smt_and(s, conds.n, conds.items);
        }
        smt_list_free(&conds);
        if (r)
            return r;
    }
    return NULL;
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
        r = smt_ite(e->smt, fits_width(e, narrow ? b : a, w), op == OP_BAND ? smt_int(e->smt, 0) : enc_add(e, a, b), r);
    Z3_ast apart = narrow < 0 ? symbolic_disjoint(e, x, env) : NULL;
    if (apart)
        r = smt_ite(e->smt, apart, op == OP_BAND ? smt_int(e->smt, 0) : enc_add(e, a, b), r);
    int64_t m;
    if (shape.width < 64 || a == b || enc_numeral(e, a, &m) || enc_numeral(e, b, &m))
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
        return enc_add(e, a, b);
    SmtList zero = {0};
    for (int i = 0; i < n; i++)
        smt_list_add(&zero, smt_eq(e->smt, enc_int(e, m[i], env), smt_int(e->smt, 0)));
    Z3_ast r = smt_ite(e->smt, smt_or(e->smt, zero.n, zero.items), enc_add(e, a, b), enc_int(e, v, env));
    smt_list_free(&zero);
    return r;
}

/* uN(a) and iN(a) (docs/language.md 3.2), exactly: the remainder r of
 * a = r + 2^N q with 0 <= r < 2^N, which is Z3's mod by the constant 2^N
 * (linear: Z3 introduces q itself); a signed iN is that of a + 2^(N-1),
 * less 2^(N-1).  When a's width shows it already fits, the conversion is a
 * itself, so the common case (an index that never wraps) costs nothing. */
/* A signed N-bit parameter of a kernel read from C (VarDecl.signed_bits),
 * or an unknown the protocol mentions only as iN(x) (Facts.signed_view):
 * its term ranges over the type's values, not the naturals, so iN of it
 * is itself.  The executions are the same (iN maps the naturals onto that
 * range, and nothing sees x but through it), with no remainder: a product
 * or quotient over it stays as simple for the solver as over a natural. */
static bool signed_parameter(const Enc *e, const Expr *a, int n)
{
    return a->kind == E_VAR && !a->thread && a->u.var.sym && enc_signed_width(e, a->u.var.sym) == n;
}

int enc_signed_width(const Enc *e, const Sym *sym)
{
    if (sym->kind == SYM_UNIFORM && sym->builtin == BI_NONE)
        return kernel_signed_bits(e->k, sym->name);
    return sym->kind == SYM_UNKNOWN && e->f->signed_view[sym->index] > 0
               ? e->f->signed_view[sym->index] : 0;
}

Z3_ast enc_unknown_domain(Enc *e, const Sym *sym, Z3_ast x)
{
    int n = enc_signed_width(e, sym);
    if (!n)
        return enc_natural(e, x);
    Z3_ast half = big_power_of_two(e, n - 1);
    return smt_and2(e->smt, Z3_mk_ge(CTX, x, Z3_mk_unary_minus(CTX, half)), Z3_mk_lt(CTX, x, half));
}

static Z3_ast enc_conversion(Enc *e, const Expr *x, TEnv *env)
{
    Op op = (Op)x->op;
    int n = conversion_bits(op);
    bool is_signed = conversion_signed(op);
    Z3_ast a = enc_int(e, x->u.sub.a, env);
    int w = enc_expr_width(e, x->u.sub.a);
    int64_t v, r;
    if (w >= 0 && w <= n - (int)is_signed)
        return a;
    if (is_signed && signed_parameter(e, x->u.sub.a, n))
        return a; /* already its type's value (encode_launch.c) */
    if (enc_numeral(e, a, &v) && conversion_apply(op, v, &r))
        return smt_int(e->smt, r);
    if (n < 64 && !is_signed)
        return mod_by_number(e, a, (int64_t)1 << n);
    if (!is_signed)
        return Z3_mk_mod(CTX, a, big_power_of_two(e, n));
    Z3_ast half = big_power_of_two(e, n - 1), whole = big_power_of_two(e, n);
    return enc_sub(e, Z3_mk_mod(CTX, enc_add(e, a, half), whole), half);
}

static Z3_ast enc_binary_int(Enc *e, const Expr *x, TEnv *env)
{
    if (op_is_comparison((Op)x->op) || op_is_logical((Op)x->op))
        return from_bool(e, enc_bool(e, x, env));
    Z3_ast a = enc_int(e, x->u.sub.a, env), b = enc_int(e, x->u.sub.b, env);
    switch ((Op)x->op) {
    case OP_ADD: return enc_sum(e, x, env, a, b);
    case OP_SUB: return enc_sub(e, a, b);
    case OP_MUL: return enc_mul(e, a, b);
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
        if (op_is_conversion((Op)x->op))
            return enc_conversion(e, x, env);
        Z3_ast a = enc_int(e, x->u.sub.a, env);
        Z3_ast neg = Z3_mk_unary_minus(CTX, a);
        return x->op == OP_NEG ? neg : enc_sub(e, neg, smt_int(e->smt, 1)); /* ~a = -a - 1 */
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

Z3_ast enc_compare(Enc *e, Op op, Z3_ast a, Z3_ast b)
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
            return enc_compare(e, (Op)x->op, enc_int(e, x->u.sub.a, env), enc_int(e, x->u.sub.b, env));
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

Z3_ast enc_natural(Enc *e, Z3_ast x)
{
    return Z3_mk_ge(CTX, x, smt_int(e->smt, 0));
}

/* ---- byte ranges (docs/language.md 3.3) ---- */

/* The row-major position of the cell s names, in cells. */
static Z3_ast flat_cell(Enc *e, const Stmt *s, TEnv *env)
{
    const ArrayDecl *a = s->u.access.array->u.var.sym->array;
    Z3_ast flat = s->u.access.nindex ? enc_int(e, s->u.access.index[0], env) : smt_int(e->smt, 0);
    for (int d = 1; d < s->u.access.nindex && d < a->ndims; d++)
        flat = enc_add(e, enc_mul(e, flat, enc_int(e, a->sizes[d], env)), enc_int(e, s->u.access.index[d], env));
    return flat;
}

void enc_byte_range(Enc *e, const Stmt *s, TEnv *env, Z3_ast *lo, Z3_ast *hi)
{
    if (access_is_bytes(s)) {
        *lo = enc_int(e, s->u.access.byte_off, env);
        *hi = enc_add(e, *lo, enc_int(e, s->u.access.byte_width, env));
        return;
    }
    int width = s->u.access.array->u.var.sym->array->elem_bytes;
    *lo = enc_mul(e, flat_cell(e, s, env), smt_int(e->smt, width));
    *hi = enc_add(e, *lo, smt_int(e->smt, width));
}

Z3_ast enc_bytes_overlap(Enc *e, Z3_ast lo1, Z3_ast hi1, Z3_ast lo2, Z3_ast hi2)
{
    Z3_ast parts[4] = {Z3_mk_lt(CTX, lo1, hi1), Z3_mk_lt(CTX, lo2, hi2), Z3_mk_lt(CTX, lo1, hi2),
                       Z3_mk_lt(CTX, lo2, hi1)};
    return smt_and(e->smt, 4, parts);
}

Z3_ast enc_c_value(Enc *e, Z3_ast x, int bits, bool is_signed)
{
    Z3_ast m = big_power_of_two(e, bits);
    if (!is_signed)
        return Z3_mk_mod(CTX, x, m);
    Z3_ast h = big_power_of_two(e, bits - 1);
    return enc_sub(e, Z3_mk_mod(CTX, enc_add(e, x, h), m), h);
}
