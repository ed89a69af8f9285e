/* Lemmas for nonlinear queries (helps the encoding of [CAV21 Sec. 5],
 * decide the 2-D indexing, grid-stride loops and xor pairings of real
 * kernels). */
#include "lemmas.h"

#include "ast.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "arena.h"

/* Products with more occurrences than this get no lemmas: their number
 * grows with the square, and such queries are rare.  Likewise xors. */
enum { MAX_PRODUCTS = 48, MAX_XORS = 4096, MAX_EQUALITIES = 256 };

typedef struct Walk {
    Smt *s;
    unsigned *seen; /* AST ids + 1, open addressing */
    size_t cap, nseen;
    Z3_app products[MAX_PRODUCTS]; /* x * y, neither a number */
    int nproducts;
    bool products_overflow;
    Z3_app mods[MAX_PRODUCTS]; /* u mod m, but not the bits' mod 2 */
    int nmods;
    bool mods_overflow;
    /* products of two or more non-numbers, of any arity (the relaxation's
     * sums of monomials have `b * layers * spatial` as one) */
    bool want_monomials;
    Z3_app monomials[MAX_PRODUCTS];
    int nmonomials;
    bool monomials_overflow;
    Z3_app equalities[MAX_EQUALITIES]; /* of integers, for the digit lemmas (radix.h) */
    int nequalities;
} Walk;

static void grow(Walk *w)
{
    size_t cap = w->cap ? 2 * w->cap : 256;
    unsigned *seen = xcalloc(cap, sizeof *seen);
    for (size_t i = 0; i < w->cap; i++)
        if (w->seen[i])
            for (size_t j = w->seen[i] % cap;; j = (j + 1) % cap)
                if (!seen[j]) {
                    seen[j] = w->seen[i];
                    break;
                }
    free(w->seen);
    w->seen = seen;
    w->cap = cap;
}

/* The slot of id in the seen set: where it is, or the free one it goes to. */
static size_t slot(const Walk *w, unsigned id)
{
    size_t j = (id + 1) % w->cap;
    while (w->seen[j] && w->seen[j] != id + 1)
        j = (j + 1) % w->cap;
    return j;
}

static bool first_visit(Walk *w, unsigned id)
{
    if (2 * (w->nseen + 1) > w->cap)
        grow(w);
    size_t j = slot(w, id);
    if (w->seen[j])
        return false;
    w->seen[j] = id + 1;
    w->nseen++;
    return true;
}

static bool occurs(const Walk *w, Z3_ast a)
{
    return w->cap && w->seen[slot(w, Z3_get_ast_id(w->s->ctx, a))];
}

static bool is_numeral(Smt *s, Z3_ast a)
{
    return Z3_is_numeral_ast(s->ctx, a);
}

/* A product of two terms neither of which is a number: x * n, not 2 * x. */
static bool is_product(Smt *s, Z3_app app)
{
    Z3_context c = s->ctx;
    return Z3_get_decl_kind(c, Z3_get_app_decl(c, app)) == Z3_OP_MUL && Z3_get_app_num_args(c, app) == 2 &&
           !is_numeral(s, Z3_get_app_arg(c, app, 0)) && !is_numeral(s, Z3_get_app_arg(c, app, 1));
}

/* A product with two or more factors that are not numbers. */
static bool is_monomial(Smt *s, Z3_app app)
{
    Z3_context c = s->ctx;
    if (Z3_get_decl_kind(c, Z3_get_app_decl(c, app)) != Z3_OP_MUL)
        return false;
    int symbolic = 0;
    for (unsigned i = 0; i < Z3_get_app_num_args(c, app); i++)
        symbolic += !is_numeral(s, Z3_get_app_arg(c, app, i));
    return symbolic >= 2;
}

/* u mod m with m not 2: the bits of the bitwise operators are many
 * mod 2 terms, and pairs of them are not what queries need. */
static bool is_modulo(Smt *s, Z3_app app)
{
    Z3_context c = s->ctx;
    int64_t m;
    if (Z3_get_decl_kind(c, Z3_get_app_decl(c, app)) != Z3_OP_MOD || Z3_get_app_num_args(c, app) != 2)
        return false;
    Z3_ast d = Z3_get_app_arg(c, app, 1);
    return !(Z3_is_numeral_ast(c, d) && Z3_get_numeral_int64(c, d, &m) && m == 2);
}

static bool is_integer_equality(Smt *s, Z3_app app)
{
    Z3_context c = s->ctx;
    return Z3_get_decl_kind(c, Z3_get_app_decl(c, app)) == Z3_OP_EQ && Z3_get_app_num_args(c, app) == 2 &&
           Z3_get_sort_kind(c, Z3_get_sort(c, Z3_get_app_arg(c, app, 0))) == Z3_INT_SORT;
}

/* `n == m` of two different numbers: a conjunction holding it is dead,
 * and its terms need no lemmas (a pair query's other sites, solve_race.c). */
static bool false_literal(Smt *s, Z3_ast a)
{
    Z3_context c = s->ctx;
    if (Z3_get_ast_kind(c, a) != Z3_APP_AST)
        return false;
    Z3_app app = Z3_to_app(c, a);
    Z3_decl_kind k = Z3_get_decl_kind(c, Z3_get_app_decl(c, app));
    if (k == Z3_OP_FALSE)
        return true;
    if (k != Z3_OP_EQ || Z3_get_app_num_args(c, app) != 2)
        return false;
    Z3_ast x = Z3_get_app_arg(c, app, 0), y = Z3_get_app_arg(c, app, 1);
    int64_t u, v;
    return is_numeral(s, x) && is_numeral(s, y) && Z3_get_numeral_int64(c, x, &u) &&
           Z3_get_numeral_int64(c, y, &v) && u != v;
}

static bool dead_conjunction(Smt *s, Z3_app app)
{
    Z3_context c = s->ctx;
    if (Z3_get_decl_kind(c, Z3_get_app_decl(c, app)) != Z3_OP_AND)
        return false;
    for (unsigned i = 0; i < Z3_get_app_num_args(c, app); i++)
        if (false_literal(s, Z3_get_app_arg(c, app, i)))
            return true;
    return false;
}

/* An explicit stack, since formulas nest deeper than C's stack should.
 * Products under a quantifier mention its bound variables: not collected. */
static void collect(Walk *w, Z3_ast f)
{
    Z3_context c = w->s->ctx;
    Z3_ast *stack = NULL;
    int n = 0, cap = 0;
    VEC_PUSH(stack, n, cap, f);
    while (n > 0) {
        Z3_ast a = stack[--n];
        if (Z3_get_ast_kind(c, a) != Z3_APP_AST || !first_visit(w, Z3_get_ast_id(c, a)))
            continue;
        Z3_app app = Z3_to_app(c, a);
        if (dead_conjunction(w->s, app))
            continue;
        if (w->want_monomials && is_monomial(w->s, app)) {
            if (w->nmonomials < MAX_PRODUCTS)
                w->monomials[w->nmonomials++] = app;
            else
                w->monomials_overflow = true;
        }
        if (is_integer_equality(w->s, app) && w->nequalities < MAX_EQUALITIES)
            w->equalities[w->nequalities++] = app;
        if (is_product(w->s, app)) {
            if (w->nproducts < MAX_PRODUCTS)
                w->products[w->nproducts++] = app;
            else
                w->products_overflow = true;
        } else if (is_modulo(w->s, app)) {
            if (w->nmods < MAX_PRODUCTS)
                w->mods[w->nmods++] = app;
            else
                w->mods_overflow = true;
        }
        unsigned args = Z3_get_app_num_args(c, app);
        for (unsigned i = 0; i < args; i++)
            VEC_PUSH(stack, n, cap, Z3_get_app_arg(c, app, i));
    }
    free(stack);
}

/* x and y differ by d or more. */
static Z3_ast at_least_apart(Smt *s, Z3_ast x, Z3_ast y, Z3_ast d)
{
    Z3_context c = s->ctx;
    Z3_ast xy[2] = {x, y}, yx[2] = {y, x};
    return smt_or2(s, Z3_mk_ge(c, Z3_mk_sub(c, 2, xy), d), Z3_mk_ge(c, Z3_mk_sub(c, 2, yx), d));
}

/* p = a * k and q = b * k with a != b differ by at least |k|: what turns
 * `r1 * n + c1 == r2 * n + c2` with 0 <= c < n into r1 == r2. */
static Z3_ast apart_by_factor(Smt *s, Z3_ast p, Z3_ast q, Z3_ast a, Z3_ast b, Z3_ast k)
{
    Z3_context c = s->ctx;
    Z3_ast abs_k = smt_ite(s, Z3_mk_ge(c, k, smt_int(s, 0)), k, Z3_mk_unary_minus(c, k));
    return smt_implies(s, smt_not(s, smt_eq(s, a, b)), at_least_apart(s, p, q, abs_k));
}

/* Terms larger than this (counted as trees) are not compared: the
 * product lemmas then leave them to the solver. */
enum { MAX_TWIN_NODES = 4096 };

static bool twin_names(Smt *s, Z3_func_decl a, Z3_func_decl b)
{
    Z3_context c = s->ctx;
    char *ta = strdup(Z3_get_symbol_string(c, Z3_get_decl_name(c, a))); /* Z3 reuses the buffer */
    const char *tb = Z3_get_symbol_string(c, Z3_get_decl_name(c, b));
    size_t na = smt_threadless_length(ta), nb = smt_threadless_length(tb);
    bool same = na == nb && strncmp(ta, tb, na) == 0;
    free(ta);
    return same;
}

/* a and b are one term up to the threads' copies of its names, within a
 * budget of nodes visited (a walk of the trees, which may share
 * subterms): comparing structures, not printed texts, whose length grows
 * with every level of nested divisions even where the DAG stays small. */
static bool twins_within(Smt *s, Z3_ast a, Z3_ast b, int *budget)
{
    Z3_context c = s->ctx;
    if (a == b)
        return true;
    if (--*budget < 0 || Z3_get_ast_kind(c, a) != Z3_APP_AST || Z3_get_ast_kind(c, b) != Z3_APP_AST)
        return false; /* different numerals, quantifiers or bound variables */
    Z3_app p = Z3_to_app(c, a), q = Z3_to_app(c, b);
    Z3_func_decl dp = Z3_get_app_decl(c, p), dq = Z3_get_app_decl(c, q);
    unsigned n = Z3_get_app_num_args(c, p);
    if (n != Z3_get_app_num_args(c, q) || Z3_get_decl_kind(c, dp) != Z3_get_decl_kind(c, dq))
        return false;
    if (Z3_get_decl_kind(c, dp) == Z3_OP_UNINTERPRETED) {
        if (n > 0 || !twin_names(s, dp, dq))
            return false;
        return Z3_get_sort(c, a) == Z3_get_sort(c, b);
    }
    if (!Z3_is_eq_func_decl(c, dp, dq))
        return false; /* the same kind with other parameters: two numerals, two extracts */
    for (unsigned i = 0; i < n; i++)
        if (!twins_within(s, Z3_get_app_arg(c, p, i), Z3_get_app_arg(c, q, i), budget))
            return false;
    return true;
}

/* a and b are one expression, each thread's copy: `128 / d$1` and
 * `128 / d$2`, equal when both threads are in the same iteration. */
static bool thread_twins(Smt *s, Z3_ast a, Z3_ast b)
{
    if (Z3_is_numeral_ast(s->ctx, a) || Z3_is_numeral_ast(s->ctx, b))
        return false;
    int budget = MAX_TWIN_NODES;
    return twins_within(s, a, b, &budget);
}

/* The lemma for two products with a common factor, or NULL.  A factor of
 * each thread's own copy (Blelloch's `offset * (2 * tid + 1)`, with
 * offset from the loop) gives the lemma under the condition that the
 * copies are equal. */
static Z3_ast product_lemma(Smt *s, Z3_app p, Z3_app q)
{
    Z3_context c = s->ctx;
    Z3_ast pa = Z3_app_to_ast(c, p), qa = Z3_app_to_ast(c, q);
    /* a factor both have first: r1 * n and r2 * n are also twins in r */
    for (int twins = 0; twins < 2; twins++)
        for (unsigned i = 0; i < 2; i++)
            for (unsigned j = 0; j < 2; j++) {
                Z3_ast k = Z3_get_app_arg(c, p, i), l = Z3_get_app_arg(c, q, j);
                Z3_ast a = Z3_get_app_arg(c, p, 1 - i), b = Z3_get_app_arg(c, q, 1 - j);
                if (!twins && k == l)
                    return apart_by_factor(s, pa, qa, a, b, k);
                if (twins && thread_twins(s, k, l))
                    return smt_implies(s, smt_eq(s, k, l), apart_by_factor(s, pa, qa, a, b, k));
            }
    return NULL;
}

/* ---- products as multisets of factors ---- */

/* Nested products are flattened up to this many factors; larger ones get
 * no lemma of this kind. */
enum { MAX_FACTORS = 8 };

/* A product of the query and its factors, nested products flattened,
 * sorted by AST id (so a multiset compares as an array). */
typedef struct Monomial {
    Z3_ast p;
    Z3_ast f[MAX_FACTORS];
    int n; /* 0: too many factors */
} Monomial;

static int by_id(const void *x, const void *y, void *ctx)
{
    Z3_context c = ctx;
    unsigned a = Z3_get_ast_id(c, *(const Z3_ast *)x), b = Z3_get_ast_id(c, *(const Z3_ast *)y);
    return a < b ? -1 : a > b;
}

static void sort_by_id(Smt *s, Z3_ast *f, int n)
{
    /* insertion sort: a handful of factors */
    for (int i = 1; i < n; i++)
        for (int j = i; j > 0 && by_id(&f[j - 1], &f[j], s->ctx) > 0; j--) {
            Z3_ast t = f[j];
            f[j] = f[j - 1];
            f[j - 1] = t;
        }
}

static Monomial monomial_of(Smt *s, Z3_app app)
{
    Z3_context c = s->ctx;
    Monomial m = {.p = Z3_app_to_ast(c, app)};
    Z3_ast stack[MAX_FACTORS];
    int n = 0;
    stack[n++] = m.p;
    while (n > 0) {
        Z3_ast t = stack[--n];
        bool product = smt_kind(c, t) == Z3_OP_MUL;
        unsigned k = product ? Z3_get_app_num_args(c, Z3_to_app(c, t)) : 0;
        if (!product) {
            if (m.n == MAX_FACTORS)
                return (Monomial){.p = m.p};
            m.f[m.n++] = t;
        } else if (n + (int)k > MAX_FACTORS) {
            return (Monomial){.p = m.p};
        } else {
            for (unsigned i = 0; i < k; i++)
                stack[n++] = Z3_get_app_arg(c, Z3_to_app(c, t), i);
        }
    }
    sort_by_id(s, m.f, m.n);
    return m;
}

/* The product of the factors (sorted by id): the query's own term when
 * it has one with these factors, so that lemmas speak of its atoms. */
static Z3_ast product_of(Smt *s, const Monomial *known, int nknown, const Z3_ast *f, int n)
{
    if (n == 0)
        return smt_int(s, 1);
    if (n == 1)
        return f[0];
    for (int i = 0; i < nknown; i++)
        if (known[i].n == n && memcmp(known[i].f, f, (size_t)n * sizeof *f) == 0)
            return known[i].p;
    Z3_ast p = f[0];
    for (int i = 1; i < n; i++) {
        Z3_ast args[2] = {p, f[i]};
        p = Z3_mk_mul(s->ctx, 2, args);
    }
    return p;
}

/* The factors a and b share (k), and what is left of each. */
typedef struct Split {
    Z3_ast k[MAX_FACTORS], ra[MAX_FACTORS], rb[MAX_FACTORS];
    int nk, na, nb;
} Split;

static Split split_common(Smt *s, const Monomial *a, const Monomial *b)
{
    Split r = {0};
    int i = 0, j = 0;
    while (i < a->n || j < b->n) {
        int order = i == a->n ? 1 : j == b->n ? -1 : by_id(&a->f[i], &b->f[j], s->ctx);
        if (order == 0) {
            r.k[r.nk++] = a->f[i++];
            j++;
        } else if (order < 0) {
            r.ra[r.na++] = a->f[i++];
        } else {
            r.rb[r.nb++] = b->f[j++];
        }
    }
    return r;
}

static bool any_symbolic(Smt *s, const Z3_ast *f, int n)
{
    for (int i = 0; i < n; i++)
        if (!is_numeral(s, f[i]))
            return true;
    return false;
}

/* Is x a direct factor of the binary product p?  (product_lemma's case.) */
static bool direct_factor(Smt *s, Z3_ast p, Z3_ast x)
{
    Z3_app app = Z3_to_app(s->ctx, p);
    return Z3_get_app_arg(s->ctx, app, 0) == x || Z3_get_app_arg(s->ctx, app, 1) == x;
}

static Z3_ast abs_of(Smt *s, Z3_ast k)
{
    return smt_ite(s, Z3_mk_ge(s->ctx, k, smt_int(s, 0)), k, Z3_mk_unary_minus(s->ctx, k));
}

/* p = a * k and q = b * k over every factor they share, not only a direct
 * one: `b1 * layers * spatial` and `b2 * layers * spatial` are at least
 * layers * spatial apart when b1 != b2 (product_lemma sees only the
 * common `spatial`, so a whole place of a mixed-radix index stays out). */
static Z3_ast shared_product_lemma(Smt *s, const Monomial *known, int nknown, const Monomial *p,
                                   const Monomial *q)
{
    if (!p->n || !q->n)
        return NULL;
    Split sp = split_common(s, p, q);
    if (!any_symbolic(s, sp.k, sp.nk) || (sp.na == 0 && sp.nb == 0))
        return NULL;
    if (sp.nk == 1 && direct_factor(s, p->p, sp.k[0]) && direct_factor(s, q->p, sp.k[0]))
        return NULL; /* product_lemma's */
    Z3_ast a = product_of(s, known, nknown, sp.ra, sp.na), b = product_of(s, known, nknown, sp.rb, sp.nb);
    if (a == b)
        return NULL;
    Z3_ast k = product_of(s, known, nknown, sp.k, sp.nk);
    return smt_implies(s, smt_not(s, smt_eq(s, a, b)), at_least_apart(s, p->p, q->p, abs_of(s, k)));
}

void lemmas_note_below(Smt *s, LemmaTerms *t, Z3_ast x, Z3_ast u)
{
    if (Z3_is_numeral_ast(s->ctx, x))
        return;
    for (int i = 0; i < t->nbelow; i++)
        if (t->below[i].x == x && t->below[i].u == u)
            return;
    VEC_PUSH(t->below, t->nbelow, t->capbelow, ((BelowTerm){x, u}));
}

/* u when a is `v mod u` with u not a number, also under the `u == 0`
 * case of a division by a variable (`ite(u == 0, unknown, v mod u)`). */
static Z3_ast modulus_of(Smt *s, Z3_ast a)
{
    Z3_context c = s->ctx;
    Z3_decl_kind k = smt_kind(c, a);
    if (k == Z3_OP_MOD && !is_numeral(s, Z3_get_app_arg(c, Z3_to_app(c, a), 1)))
        return Z3_get_app_arg(c, Z3_to_app(c, a), 1);
    if (k != Z3_OP_ITE)
        return NULL;
    for (unsigned i = 1; i < 3; i++) {
        Z3_ast u = modulus_of(s, Z3_get_app_arg(c, Z3_to_app(c, a), i));
        if (u)
            return u;
    }
    return NULL;
}

/* x * y with x < u and y >= 0 is at most u * y - y: the digit times its
 * place's weight stays below the next place (lemmas.h). */
static void below_lemmas(Smt *s, const LemmaTerms *t, const Monomial *known, int nknown, const Monomial *m,
                         SmtList *out)
{
    Z3_context c = s->ctx;
    for (int i = 0; i < m->n; i++)
        for (int b = -1; b < t->nbelow; b++) {
            Z3_ast u = b < 0 ? modulus_of(s, m->f[i]) : t->below[b].x == m->f[i] ? t->below[b].u : NULL;
            if (!u)
                continue;
            Z3_ast rest[MAX_FACTORS], with_u[MAX_FACTORS];
            int nr = 0;
            for (int j = 0; j < m->n; j++)
                if (j != i)
                    rest[nr++] = m->f[j];
            memcpy(with_u, rest, (size_t)nr * sizeof *rest);
            with_u[nr] = u;
            sort_by_id(s, with_u, nr + 1);
            Z3_ast y = product_of(s, known, nknown, rest, nr);
            Z3_ast uy = product_of(s, known, nknown, with_u, nr + 1);
            Z3_ast sum[2] = {m->p, y};
            Z3_ast when = smt_and2(s, Z3_mk_lt(c, m->f[i], u), Z3_mk_ge(c, y, smt_int(s, 0)));
            smt_list_add(out, smt_implies(s, when, Z3_mk_le(c, Z3_mk_add(c, 2, sum), uy)));
        }
}

/* The lemmas over products as multisets of factors. */
static void multiset_lemmas(Smt *s, const LemmaTerms *t, const Walk *w, SmtList *out)
{
    if (w->monomials_overflow)
        return;
    int n = w->nmonomials;
    Monomial m[MAX_PRODUCTS];
    for (int i = 0; i < n; i++)
        m[i] = monomial_of(s, w->monomials[i]);
    for (int i = 0; i < n; i++) {
        for (int j = i + 1; j < n; j++) {
            Z3_ast l = shared_product_lemma(s, m, n, &m[i], &m[j]);
            if (l)
                smt_list_add(out, l);
        }
        below_lemmas(s, t, m, n, &m[i], out);
    }
}

void lemmas_note_xor(LemmaTerms *t, Z3_ast x, Z3_ast a, Z3_ast b)
{
    for (int i = 0; i < t->nxors; i++)
        if (t->xors[i].x == x)
            return;
    if (t->nxors == MAX_XORS) /* beyond any query's use, and the search above is linear */
        return;
    VEC_PUSH(t->xors, t->nxors, t->capxors, ((XorTerm){x, a, b}));
}

static Z3_ast iff(Smt *s, Z3_ast p, Z3_ast q)
{
    return Z3_mk_iff(s->ctx, p, q);
}

/* a ^ b == a exactly when b == 0, and the other way round. */
static void xor_identity(Smt *s, const XorTerm *t, SmtList *out)
{
    Z3_ast zero = smt_int(s, 0);
    smt_list_add(out, iff(s, smt_eq(s, t->x, t->a), smt_eq(s, t->b, zero)));
    smt_list_add(out, iff(s, smt_eq(s, t->x, t->b), smt_eq(s, t->a, zero)));
}

/* p = u ^ k and q = v ^ l with k == l: p == v exactly when q == u, and
 * p == q exactly when u == v (xor with k is its own inverse).  The two
 * threads' `tid ^ j` have their own copies of a loop's j, equal in the
 * same iteration: hence the condition rather than the same term. */
static void xor_pair(Smt *s, const XorTerm *p, const XorTerm *q, SmtList *out)
{
    Z3_ast pk[2] = {p->a, p->b}, qk[2] = {q->a, q->b};
    for (int i = 0; i < 2; i++)
        for (int j = 0; j < 2; j++) {
            Z3_ast u = pk[1 - i], v = qk[1 - j], same = smt_eq(s, pk[i], qk[j]);
            smt_list_add(out, smt_implies(s, same, iff(s, smt_eq(s, p->x, v), smt_eq(s, q->x, u))));
            smt_list_add(out, smt_implies(s, same, iff(s, smt_eq(s, p->x, q->x), smt_eq(s, u, v))));
        }
}

static void xor_lemmas(Smt *s, const LemmaTerms *t, const Walk *w, SmtList *out)
{
    const XorTerm **in = xmalloc((size_t)t->nxors * sizeof *in + 1);
    int n = 0;
    for (int i = 0; i < t->nxors; i++)
        if (occurs(w, t->xors[i].x))
            in[n++] = &t->xors[i];
    if (n <= MAX_PRODUCTS)
        for (int i = 0; i < n; i++) {
            xor_identity(s, in[i], out);
            for (int j = i + 1; j < n; j++)
                xor_pair(s, in[i], in[j], out);
        }
    free(in);
}

/* u mod m == v mod m with u != v puts u and v at least m apart: what
 * tells a grid-stride loop's threads apart (i = g1 + T q1 = g2 + T q2
 * with g1, g2 < T gives g1 == g2).  Z3's own reasoning about a mod by a
 * large constant (T = 16384) can run for seconds. */
static Z3_ast residue_lemma(Smt *s, Z3_app p, Z3_app q)
{
    Z3_context c = s->ctx;
    Z3_ast m = Z3_get_app_arg(c, p, 1);
    if (m != Z3_get_app_arg(c, q, 1))
        return NULL;
    Z3_ast u = Z3_get_app_arg(c, p, 0), v = Z3_get_app_arg(c, q, 0);
    Z3_ast apart = at_least_apart(s, u, v, m);
    Z3_ast same = smt_and2(s, Z3_mk_gt(c, m, smt_int(s, 0)),
                           smt_eq(s, Z3_app_to_ast(c, p), Z3_app_to_ast(c, q)));
    return smt_implies(s, same, smt_or2(s, smt_eq(s, u, v), apart));
}

static Z3_ast in_range(Smt *s, Z3_ast a, int width)
{
    return smt_and2(s, Z3_mk_ge(s->ctx, a, smt_int(s, 0)), Z3_mk_lt(s->ctx, a, smt_int(s, (int64_t)1 << width)));
}

static NamedBits *named_bits(Smt *s, LemmaTerms *t, Z3_ast a, int width)
{
    for (int i = 0; i < t->nnamed; i++)
        if (t->named[i].a == a && t->named[i].width == width)
            return &t->named[i];
    NamedBits n = {a, width, {0}};
    for (int i = 0; i < width; i++) {
        char name[64];
        snprintf(name, sizeof name, "bit!%u!%d!%d", Z3_get_ast_id(s->ctx, a), width, i);
        n.bits[i] = smt_const(s, name, false);
    }
    VEC_PUSH(t->named, t->nnamed, t->capnamed, n);
    return &t->named[t->nnamed - 1];
}

Z3_ast lemmas_narrow_bit(Smt *s, LemmaTerms *t, Z3_ast a, int width, int i, Z3_ast exact)
{
    return smt_ite(s, in_range(s, a, width), named_bits(s, t, a, width)->bits[i], exact);
}

static bool any_occurs(const Walk *w, const Z3_ast *terms, int n)
{
    for (int i = 0; i < n; i++)
        if (occurs(w, terms[i]))
            return true;
    return false;
}

/* Each named bit is 0 or 1, and a in range is their weighted sum. */
static void named_bits_lemmas(Smt *s, const LemmaTerms *t, const Walk *w, SmtList *out)
{
    for (int k = 0; k < t->nnamed; k++) {
        const NamedBits *n = &t->named[k];
        if (!any_occurs(w, n->bits, n->width))
            continue;
        SmtList sum = {0};
        for (int i = 0; i < n->width; i++) {
            Z3_ast b = n->bits[i];
            smt_list_add(out, smt_or2(s, smt_eq(s, b, smt_int(s, 0)), smt_eq(s, b, smt_int(s, 1))));
            Z3_ast args[2] = {smt_int(s, (int64_t)1 << i), b};
            smt_list_add(&sum, Z3_mk_mul(s->ctx, 2, args));
        }
        Z3_ast total = Z3_mk_add(s->ctx, (unsigned)sum.n, sum.items);
        smt_list_add(out, smt_implies(s, in_range(s, n->a, n->width), smt_eq(s, n->a, total)));
        smt_list_free(&sum);
    }
}

/* p = x * (x + k) (or (x + k) * x) with k a number >= 0: the product
 * packed triangular indexing is made of (`i * (i + 1) / 2 + j`). */
static bool square_like(Smt *s, Z3_app p, Z3_ast *x, int64_t *k)
{
    Z3_context c = s->ctx;
    for (unsigned i = 0; i < 2; i++) {
        Z3_ast a = Z3_get_app_arg(c, p, i), b = Z3_get_app_arg(c, p, 1 - i);
        Z3_ast ba[2] = {b, a};
        Z3_ast d = Z3_simplify(c, Z3_mk_sub(c, 2, ba));
        if (Z3_is_numeral_ast(c, d) && Z3_get_numeral_int64(c, d, k) && *k >= 0) {
            *x = a;
            return true;
        }
    }
    return false;
}

typedef struct Square {
    Z3_ast p, x;
    int64_t k;
} Square;

/* 0 <= a < b gives b (b + k) >= (a + 1) (a + 1 + k) = a (a + k) + 2a + 1 + k:
 * what tells the cells of two rows of a packed triangle apart, which Z3's
 * nonlinear search does not find (it timed out on `y[i * (i + 1) / 2 + j]`,
 * j <= i). */
static Z3_ast square_lemma(Smt *s, const Square *sp, const Square *sq)
{
    Z3_context c = s->ctx;
    Z3_ast a = sp->x, b = sq->x;
    int64_t k = sp->k;
    Z3_ast pa = sp->p, qa = sq->p, zero = smt_int(s, 0);
    Z3_ast lemma[2];
    for (int dir = 0; dir < 2; dir++) {
        Z3_ast lo = dir ? b : a, hi = dir ? a : b, plo = dir ? qa : pa, phi = dir ? pa : qa;
        Z3_ast two_lo[2] = {smt_int(s, 2), lo};
        Z3_ast sum[3] = {plo, Z3_mk_mul(c, 2, two_lo), smt_int(s, 1 + k)};
        lemma[dir] = smt_implies(s, smt_and2(s, Z3_mk_ge(c, lo, zero), Z3_mk_lt(c, lo, hi)),
                                 Z3_mk_le(c, Z3_mk_add(c, 3, sum), phi));
    }
    return smt_and2(s, lemma[0], lemma[1]);
}

/* The square lemmas of the products that are squares (each product is
 * looked at once: the test simplifies terms). */
static void square_lemmas(Smt *s, const Walk *w, SmtList *out)
{
    if (w->products_overflow)
        return;
    Square sq[MAX_PRODUCTS];
    int n = 0;
    for (int i = 0; i < w->nproducts; i++)
        if (square_like(s, w->products[i], &sq[n].x, &sq[n].k))
            sq[n++].p = Z3_app_to_ast(s->ctx, w->products[i]);
    for (int i = 0; i < n; i++)
        for (int j = i + 1; j < n; j++)
            if (sq[i].k == sq[j].k)
                smt_list_add(out, square_lemma(s, &sq[i], &sq[j]));
}

typedef Z3_ast (*PairLemma)(Smt *s, Z3_app p, Z3_app q);

static void pairwise(Smt *s, const Z3_app *terms, int n, bool overflow, PairLemma lemma, SmtList *out)
{
    if (overflow)
        return;
    for (int i = 0; i < n; i++)
        for (int j = i + 1; j < n; j++) {
            Z3_ast l = lemma(s, terms[i], terms[j]);
            if (l)
                smt_list_add(out, l);
        }
}

void lemmas_note_fact(LemmaTerms *t, FactTerm f)
{
    for (int i = 0; i < t->nfacts; i++)
        if (t->facts[i].raw == f.raw)
            return;
    VEC_PUSH(t->facts, t->nfacts, t->capfacts, f);
}

const DomainTerm *lemmas_domain_of(const LemmaTerms *t, Z3_ast x)
{
    for (int i = 0; i < t->ndomains; i++)
        if (t->domains[i].x == x)
            return &t->domains[i];
    return NULL;
}

void lemmas_note_domain(LemmaTerms *t, const DomainTerm *d)
{
    if (!lemmas_domain_of(t, d->x))
        VEC_PUSH(t->domains, t->ndomains, t->capdomains, *d);
}

/* The first noted term with known values, in the order noted (outer
 * loops first), that the walk visited; NULL when none. */
static const DomainTerm *domain_walked(const LemmaTerms *t, const Walk *w)
{
    for (int i = 0; i < t->ndomains; i++)
        if (occurs(w, t->domains[i].x))
            return &t->domains[i];
    return NULL;
}

/* A mod or a div whose divisor is not a number (`tid mod stride`). */
static bool symbolic_division(Smt *s, const Walk *w)
{
    Z3_context c = s->ctx;
    for (int i = 0; i < w->nmods; i++)
        if (!is_numeral(s, Z3_get_app_arg(c, w->mods[i], 1)))
            return true;
    return w->mods_overflow;
}

bool lemmas_split_helps(Smt *s, const LemmaTerms *t, Z3_ast f)
{
    if (!t->ndomains)
        return false;
    Walk w = {.s = s};
    collect(&w, f);
    bool helps = domain_walked(t, &w) && symbolic_division(s, &w);
    free(w.seen);
    return helps;
}

const DomainTerm *lemmas_domain_in(Smt *s, const LemmaTerms *t, Z3_ast f)
{
    if (!t->ndomains)
        return NULL;
    /* first a term that a divisor holds (`tid mod stride`): its cases
     * make the division one by a number */
    Walk w = {.s = s}, in_divisors = {.s = s};
    collect(&w, f);
    for (int i = 0; i < w.nmods; i++) {
        Z3_ast d = Z3_get_app_arg(s->ctx, w.mods[i], 1);
        if (!is_numeral(s, d))
            collect(&in_divisors, d);
    }
    const DomainTerm *found = domain_walked(t, &in_divisors);
    if (!found)
        found = domain_walked(t, &w);
    free(w.seen);
    free(in_divisors.seen);
    return found;
}

/* Cell i of the fact's range: 0 <= i (< len). */
static Z3_ast in_fact_range(Smt *s, const FactTerm *a)
{
    Z3_ast lo = Z3_mk_ge(s->ctx, a->idx, smt_int(s, 0));
    return a->len ? smt_and2(s, lo, Z3_mk_lt(s->ctx, a->idx, a->len)) : lo;
}

/* The fact's instance for two values read of one array: nondecreasing,
 * i <= j implies a[i] <= a[j]; injective, i != j implies a[i] != a[j]
 * (both cells in range). */
static Z3_ast fact_instance(Smt *s, const FactTerm *a, const FactTerm *b)
{
    Z3_ast in = smt_and2(s, in_fact_range(s, a), in_fact_range(s, b));
    if (a->kind == FACT_INJECTIVE)
        return smt_implies(s, smt_and2(s, in, smt_not(s, smt_eq(s, a->idx, b->idx))),
                           smt_not(s, smt_eq(s, a->value, b->value)));
    Z3_ast ab = smt_implies(s, smt_and2(s, in, Z3_mk_le(s->ctx, a->idx, b->idx)), Z3_mk_le(s->ctx, a->value, b->value));
    Z3_ast ba = smt_implies(s, smt_and2(s, in, Z3_mk_le(s->ctx, b->idx, a->idx)), Z3_mk_le(s->ctx, b->value, a->value));
    return smt_and2(s, ab, ba);
}

/* The stated facts about arrays, instantiated over the pairs of values
 * read that occur in the query (a fact over all cells, as a quantifier,
 * would leave Z3 to find the instances itself). */
enum { MAX_FACT_TERMS = 64 };
static void fact_lemmas(Smt *s, const LemmaTerms *t, const Walk *w, SmtList *out)
{
    const FactTerm *in[MAX_FACT_TERMS];
    int n = 0;
    for (int i = 0; i < t->nfacts && n < MAX_FACT_TERMS; i++)
        if (occurs(w, t->facts[i].raw))
            in[n++] = &t->facts[i];
    for (int i = 0; i < n; i++)
        for (int j = i + 1; j < n; j++)
            if (in[i]->array == in[j]->array)
                smt_list_add(out, fact_instance(s, in[i], in[j]));
}

static Z3_ast with_lemmas(Smt *s, const LemmaTerms *t, Z3_ast f, bool relaxed)
{
    Walk w = {.s = s, .want_monomials = relaxed};
    collect(&w, f);
    SmtList all = {0};
    smt_list_add(&all, f);
    pairwise(s, w.products, w.nproducts, w.products_overflow, product_lemma, &all);
    if (relaxed)
        multiset_lemmas(s, t, &w, &all);
    square_lemmas(s, &w, &all);
    pairwise(s, w.mods, w.nmods, w.mods_overflow, residue_lemma, &all);
    xor_lemmas(s, t, &w, &all);
    named_bits_lemmas(s, t, &w, &all);
    fact_lemmas(s, t, &w, &all);
    if (relaxed)
        radix_lemmas(s, t->cells, t->ncells, w.equalities, w.nequalities, f, &all);
    free(w.seen);
    Z3_ast r = all.n > 1 ? smt_and(s, all.n, all.items) : f;
    smt_list_free(&all);
    return r;
}

Z3_ast lemmas_for(Smt *s, const LemmaTerms *t, Z3_ast f)
{
    return with_lemmas(s, t, f, false);
}

Z3_ast lemmas_for_relaxed(Smt *s, const LemmaTerms *t, Z3_ast f)
{
    return with_lemmas(s, t, f, true);
}

Z3_ast lemmas_digits(Smt *s, const LemmaTerms *t, Z3_ast f)
{
    if (!t->ncells)
        return f;
    Walk w = {.s = s};
    collect(&w, f);
    SmtList all = {0};
    smt_list_add(&all, f);
    radix_lemmas(s, t->cells, t->ncells, w.equalities, w.nequalities, f, &all);
    free(w.seen);
    Z3_ast r = all.n > 1 ? smt_and(s, all.n, all.items) : f;
    smt_list_free(&all);
    return r;
}

void lemmas_note_cell(LemmaTerms *t, Z3_ast x1, Z3_ast x2)
{
    for (int i = 0; i < t->ncells; i++)
        if (t->cells[i].x1 == x1 && t->cells[i].x2 == x2)
            return;
    VEC_PUSH(t->cells, t->ncells, t->capcells, ((CellTerm){x1, x2}));
}

void lemma_terms_free(LemmaTerms *t)
{
    free(t->cells);
    free(t->facts);
    free(t->domains);
    free(t->xors);
    free(t->named);
    free(t->below);
    memset(t, 0, sizeof *t);
}

/* Below, xors, named bits, each in the order noted: Z3_translate makes
 * terms in `into`, and the search there follows their ids.  Only those
 * noted since the last call: `from` only grows, and translating a term
 * again gives the one made before (a hash's thousands of xors over
 * shared operands cost seconds, re-translated at every query). */
void lemma_terms_translate(Smt *s, const LemmaTerms *from, Smt *into, LemmaTerms *to)
{
    Z3_context c = into->ctx;
    for (int i = to->nbelow; i < from->nbelow; i++) {
        BelowTerm b = {Z3_translate(s->ctx, from->below[i].x, c), Z3_translate(s->ctx, from->below[i].u, c)};
        VEC_PUSH(to->below, to->nbelow, to->capbelow, b);
    }
    for (int i = to->nxors; i < from->nxors; i++) {
        const XorTerm *x = &from->xors[i];
        XorTerm y = {Z3_translate(s->ctx, x->x, c), Z3_translate(s->ctx, x->a, c), Z3_translate(s->ctx, x->b, c)};
        VEC_PUSH(to->xors, to->nxors, to->capxors, y);
    }
    for (int i = to->nnamed; i < from->nnamed; i++) {
        NamedBits n = {Z3_translate(s->ctx, from->named[i].a, c), from->named[i].width, {0}};
        for (int b = 0; b < n.width; b++)
            n.bits[b] = Z3_translate(s->ctx, from->named[i].bits[b], c);
        VEC_PUSH(to->named, to->nnamed, to->capnamed, n);
    }
    for (int i = to->ncells; i < from->ncells; i++) {
        CellTerm x = {Z3_translate(s->ctx, from->cells[i].x1, c), Z3_translate(s->ctx, from->cells[i].x2, c)};
        VEC_PUSH(to->cells, to->ncells, to->capcells, x);
    }
    for (int i = to->nfacts; i < from->nfacts; i++) {
        const FactTerm *x = &from->facts[i];
        FactTerm y = {Z3_translate(s->ctx, x->raw, c), Z3_translate(s->ctx, x->value, c), Z3_translate(s->ctx, x->idx, c),
                      x->len ? Z3_translate(s->ctx, x->len, c) : NULL, x->array, x->kind};
        VEC_PUSH(to->facts, to->nfacts, to->capfacts, y);
    }
}
