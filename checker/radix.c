/* Digit lemmas for equal mixed-radix indices (radix.h). */
#include "radix.h"

#include "arena.h"
#include "ast.h"

#include <stdlib.h>
#include <string.h>

/* A linear form over opaque terms: sum of coef[i] * var[i], plus k.
 * Forms with more terms, or numbers beyond 2^62, are not read. */
enum { MAX_LINEAR = 16, MAX_PAIRS = 64, MAX_RADIX_LEMMAS = 64, MAX_LINEAR_DEPTH = 32 };

typedef struct Linear {
    Z3_ast var[MAX_LINEAR];
    int64_t coef[MAX_LINEAR];
    int n;
    int64_t k;
    bool ok;
} Linear;

typedef struct Bound {
    Z3_ast x;
    int64_t lo, hi;
    bool has_lo, has_hi;
} Bound;

typedef struct Bounds {
    Bound *b;
    int n, cap;
} Bounds;

static const int64_t LIMIT = (int64_t)1 << 62;

static bool small(__int128 v)
{
    return v > -LIMIT && v < LIMIT;
}

static void add_term(Linear *l, Z3_ast x, __int128 c)
{
    for (int i = 0; i < l->n; i++)
        if (l->var[i] == x) {
            __int128 sum = (__int128)l->coef[i] + c;
            l->ok = l->ok && small(sum);
            l->coef[i] = (int64_t)sum;
            return;
        }
    if (l->n == MAX_LINEAR || !small(c)) {
        l->ok = false;
        return;
    }
    l->var[l->n] = x;
    l->coef[l->n++] = (int64_t)c;
}

static void drop_zeros(Linear *l)
{
    int j = 0;
    for (int i = 0; i < l->n; i++)
        if (l->coef[i] != 0) {
            l->var[j] = l->var[i];
            l->coef[j++] = l->coef[i];
        }
    l->n = j;
}

static bool numeral_value(Z3_context c, Z3_ast a, int64_t *v)
{
    return Z3_is_numeral_ast(c, a) && Z3_get_numeral_int64(c, a, v) && small(*v);
}

/* `a` times scale, added to l: sums, differences, negations and products
 * by numbers are read; any other term is one opaque variable. */
static void linearize(Z3_context c, Z3_ast a, __int128 scale, Linear *l, int depth)
{
    int64_t v;
    if (!l->ok)
        return;
    if (depth > MAX_LINEAR_DEPTH || !small(scale)) {
        l->ok = false;
        return;
    }
    if (numeral_value(c, a, &v)) {
        __int128 sum = (__int128)l->k + scale * v;
        l->ok = small(sum);
        l->k = (int64_t)sum;
        return;
    }
    Z3_decl_kind kind = smt_kind(c, a);
    Z3_app app = Z3_get_ast_kind(c, a) == Z3_APP_AST ? Z3_to_app(c, a) : NULL;
    unsigned n = app ? Z3_get_app_num_args(c, app) : 0;
    if (kind == Z3_OP_ADD) {
        for (unsigned i = 0; i < n; i++)
            linearize(c, Z3_get_app_arg(c, app, i), scale, l, depth + 1);
        return;
    }
    if (kind == Z3_OP_SUB && n >= 1) {
        for (unsigned i = 0; i < n; i++)
            linearize(c, Z3_get_app_arg(c, app, i), i ? -scale : scale, l, depth + 1);
        return;
    }
    if (kind == Z3_OP_UMINUS && n == 1) {
        linearize(c, Z3_get_app_arg(c, app, 0), -scale, l, depth + 1);
        return;
    }
    if (kind == Z3_OP_MUL) {
        __int128 p = 1;
        Z3_ast other = NULL;
        int others = 0;
        for (unsigned i = 0; i < n; i++) {
            Z3_ast x = Z3_get_app_arg(c, app, i);
            if (numeral_value(c, x, &v) && small(p * v))
                p *= v;
            else {
                other = x;
                others++;
            }
        }
        if (others == 1) {
            linearize(c, other, scale * p, l, depth + 1);
            return;
        }
        if (others == 0) {
            __int128 sum = (__int128)l->k + scale * p;
            l->ok = small(sum);
            l->k = (int64_t)sum;
            return;
        }
    }
    add_term(l, a, scale);
}

/* lhs - rhs of an integer comparison or equality. */
static Linear difference(Z3_context c, Z3_app app)
{
    Linear l = {.ok = true};
    linearize(c, Z3_get_app_arg(c, app, 0), 1, &l, 0);
    linearize(c, Z3_get_app_arg(c, app, 1), -1, &l, 0);
    drop_zeros(&l);
    return l;
}

static Bound *bound_of(Bounds *bs, Z3_ast x, bool make)
{
    for (int i = 0; i < bs->n; i++)
        if (bs->b[i].x == x)
            return &bs->b[i];
    if (!make)
        return NULL;
    VEC_PUSH(bs->b, bs->n, bs->cap, ((Bound){x, 0, 0, false, false}));
    return &bs->b[bs->n - 1];
}

/* d >= 0 (strict: d > 0) where d is c * x + k with c = +-1: a bound on x. */
static void note_bound(Bounds *bs, const Linear *d, bool strict)
{
    if (!d->ok || d->n != 1 || (d->coef[0] != 1 && d->coef[0] != -1))
        return;
    Bound *b = bound_of(bs, d->var[0], true);
    int64_t edge = d->coef[0] == 1 ? -d->k : d->k; /* x >= edge, or x <= edge */
    if (d->coef[0] == 1) {
        edge += strict;
        if (!b->has_lo || edge > b->lo)
            b->lo = edge, b->has_lo = true;
    } else {
        edge -= strict;
        if (!b->has_hi || edge < b->hi)
            b->hi = edge, b->has_hi = true;
    }
}

/* a (or not a, when negated) as a bound, if it is one. */
static void read_bound(Z3_context c, Z3_ast a, bool negated, Bounds *bs)
{
    Z3_decl_kind k = smt_kind(c, a);
    if (k == Z3_OP_NOT) {
        read_bound(c, Z3_get_app_arg(c, Z3_to_app(c, a), 0), !negated, bs);
        return;
    }
    if (k != Z3_OP_GE && k != Z3_OP_GT && k != Z3_OP_LE && k != Z3_OP_LT)
        return;
    Linear d = difference(c, Z3_to_app(c, a));
    /* as lhs - rhs >= 0 or > 0 */
    bool greater = k == Z3_OP_GE || k == Z3_OP_GT, strict = k == Z3_OP_GT || k == Z3_OP_LT;
    if (negated) /* not (x >= y) is x < y */
        greater = !greater, strict = !strict;
    if (!greater) {
        for (int i = 0; i < d.n; i++)
            d.coef[i] = -d.coef[i];
        d.k = -d.k;
    }
    note_bound(bs, &d, strict);
}

/* The bounds f's top-level conjuncts state (nested conjunctions too). */
static void read_bounds(Z3_context c, Z3_ast f, Bounds *bs)
{
    Z3_ast *stack = NULL;
    int n = 0, cap = 0;
    VEC_PUSH(stack, n, cap, f);
    while (n > 0) {
        Z3_ast a = stack[--n];
        if (smt_kind(c, a) == Z3_OP_AND) {
            Z3_app app = Z3_to_app(c, a);
            for (unsigned i = 0; i < Z3_get_app_num_args(c, app); i++)
                VEC_PUSH(stack, n, cap, Z3_get_app_arg(c, app, i));
        } else
            read_bound(c, a, false, bs);
    }
    free(stack);
}

static int64_t coef_of(const Linear *l, Z3_ast x)
{
    for (int i = 0; i < l->n; i++)
        if (l->var[i] == x)
            return l->coef[i];
    return 0;
}

/* The cell x's value by an equality l = 0 where x has coefficient u
 * (+-1): x = -u * (l - u x).  Added to d times sign. */
static void add_solved(Linear *d, const Linear *l, Z3_ast x, int sign)
{
    int64_t u = coef_of(l, x);
    for (int i = 0; i < l->n; i++)
        if (l->var[i] != x)
            add_term(d, l->var[i], (__int128)-u * l->coef[i] * sign);
    __int128 k = (__int128)d->k + (__int128)-u * l->k * sign;
    d->ok = d->ok && small(k);
    d->k = (int64_t)k;
}

static int by_magnitude(const void *x, const void *y)
{
    int64_t a = llabs(*(const int64_t *)x), b = llabs(*(const int64_t *)y);
    return (a > b) - (a < b);
}

/* sum of d's terms with |coef| <= level, plus d's number */
static Z3_ast low_digits(Smt *s, const Linear *d, int64_t level)
{
    Z3_context c = s->ctx;
    Z3_ast parts[MAX_LINEAR + 1];
    int n = 0;
    for (int i = 0; i < d->n; i++)
        if (llabs(d->coef[i]) <= level) {
            Z3_ast f[2] = {smt_int(s, d->coef[i]), d->var[i]};
            parts[n++] = Z3_mk_mul(c, 2, f);
        }
    parts[n++] = smt_int(s, d->k);
    return Z3_mk_add(c, n, parts);
}

/* The hypotheses of one lemma: the two equalities, the cells equal, and
 * the bounds of the digits below level. */
static Z3_ast hypotheses(Smt *s, Z3_ast e1, Z3_ast e2, const CellTerm *cell, const Linear *d, int64_t level,
                         Bounds *bs)
{
    Z3_context c = s->ctx;
    SmtList h = {0};
    smt_list_add(&h, e1);
    smt_list_add(&h, e2);
    smt_list_add(&h, smt_eq(s, cell->x1, cell->x2));
    for (int i = 0; i < d->n; i++)
        if (llabs(d->coef[i]) <= level) {
            const Bound *b = bound_of(bs, d->var[i], false);
            smt_list_add(&h, Z3_mk_ge(c, d->var[i], smt_int(s, b->lo)));
            smt_list_add(&h, Z3_mk_le(c, d->var[i], smt_int(s, b->hi)));
        }
    Z3_ast r = smt_and(s, h.n, h.items);
    smt_list_free(&h);
    return r;
}

/* d = 0 with the digits below each level bounded: their sum lies in
 * [lo, hi] and is a multiple of the gcd g of the coefficients above it,
 * so it is the one multiple of g there, or there is none. */
static void digit_lemmas(Smt *s, Z3_ast e1, Z3_ast e2, const CellTerm *cell, const Linear *d, Bounds *bs,
                         SmtList *out)
{
    int64_t mags[MAX_LINEAR];
    for (int i = 0; i < d->n; i++)
        mags[i] = llabs(d->coef[i]);
    qsort(mags, (size_t)d->n, sizeof *mags, by_magnitude);
    __int128 lo = d->k, hi = d->k;
    for (int at = 0; at < d->n;) {
        int64_t level = mags[at];
        for (int i = 0; i < d->n; i++) {
            if (llabs(d->coef[i]) != level)
                continue;
            const Bound *b = bound_of(bs, d->var[i], false);
            if (!b || !b->has_lo || !b->has_hi || b->lo > b->hi)
                return; /* this digit and every higher one unbounded */
            __int128 x = (__int128)d->coef[i] * b->lo, y = (__int128)d->coef[i] * b->hi;
            lo += x < y ? x : y;
            hi += x < y ? y : x;
        }
        while (at < d->n && mags[at] == level)
            at++;
        if (at == d->n || !small(lo) || !small(hi))
            return;
        int64_t g = 0;
        for (int i = at; i < d->n; i++)
            g = int_gcd(g, mags[i]);
        __int128 first = lo >= 0 ? (lo + g - 1) / g * g : -((-lo) / g * g);
        if (first > hi)
            smt_list_add(out, smt_not(s, hypotheses(s, e1, e2, cell, d, level, bs)));
        else if (first + g > hi)
            smt_list_add(out, smt_implies(s, hypotheses(s, e1, e2, cell, d, level, bs),
                                          smt_eq(s, low_digits(s, d, level), smt_int(s, (int64_t)first))));
        if (out->n >= MAX_RADIX_LEMMAS)
            return;
    }
}

/* Does l define x: coefficient +-1, and the other cell not in it? */
static bool defines(const Linear *l, Z3_ast x, Z3_ast other)
{
    int64_t u = coef_of(l, x);
    return l->ok && (u == 1 || u == -1) && coef_of(l, other) == 0;
}

static void cell_lemmas(Smt *s, const CellTerm *cell, const Z3_app *eqs, const Linear *lin, int neqs, Bounds *bs,
                        SmtList *out)
{
    int pairs = 0;
    for (int i = 0; i < neqs; i++) {
        if (!defines(&lin[i], cell->x1, cell->x2))
            continue;
        for (int j = 0; j < neqs && pairs < MAX_PAIRS; j++) {
            if (!defines(&lin[j], cell->x2, cell->x1))
                continue;
            pairs++;
            Linear d = {.ok = true};
            add_solved(&d, &lin[i], cell->x1, 1);
            add_solved(&d, &lin[j], cell->x2, -1);
            drop_zeros(&d);
            if (d.ok && d.n >= 2)
                digit_lemmas(s, Z3_app_to_ast(s->ctx, eqs[i]), Z3_app_to_ast(s->ctx, eqs[j]), cell, &d, bs, out);
            if (out->n >= MAX_RADIX_LEMMAS)
                return;
        }
    }
}

void radix_lemmas(Smt *s, const CellTerm *cells, int ncells, const Z3_app *eqs, int neqs, Z3_ast f, SmtList *out)
{
    if (ncells == 0 || neqs == 0)
        return;
    Z3_context c = s->ctx;
    Bounds bs = {0};
    read_bounds(c, f, &bs);
    Linear *lin = xcalloc((size_t)neqs, sizeof *lin);
    for (int i = 0; i < neqs; i++)
        lin[i] = difference(c, eqs[i]);
    SmtList found = {0};
    for (int i = 0; i < ncells && found.n < MAX_RADIX_LEMMAS; i++)
        cell_lemmas(s, &cells[i], eqs, lin, neqs, &bs, &found);
    for (int i = 0; i < found.n; i++)
        smt_list_add(out, found.items[i]);
    smt_list_free(&found);
    free(lin);
    free(bs.b);
}
