/* The weakest launch and parameter condition for DRF (docs/inference.md;
 * docs/checker.md, "--conditions").
 *
 * Bad(U, X) is "some two threads race or diverge at a sync" (the
 * interval engine's race formula and the divergence formula, both with
 * the launch's bounds), over the uniform names U (launch sizes and
 * uniform parameters) and everything else X (thread ids, loop variables,
 * unknowns, the access picked).  The kernel is DRF and barrier-aligned
 * under U exactly when not (exists X. Bad): Z3's quantifier elimination
 * (the qe tactic, then qe2 when qe leaves a quantifier) gives
 * exists X. Bad as a formula over U; its negation, simplified and with
 * the conjuncts the launch limits imply dropped, is printed as a C-like
 * expression. */
#include "check.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define CTX (s->ctx)

/* ---- the free constants of a formula ---- */

typedef struct Consts {
    Z3_app *app;
    int n, cap;
    unsigned *seen; /* ast ids visited (open addressing, 0 empty: ids + 1) */
    size_t nseen, capseen;
} Consts;

static bool first_visit(Consts *c, unsigned id)
{
    if (2 * (c->nseen + 1) > c->capseen) {
        size_t cap = c->capseen ? 2 * c->capseen : 1024;
        unsigned *old = c->seen;
        size_t oldcap = c->capseen;
        c->seen = xcalloc(cap, sizeof *c->seen);
        c->capseen = cap;
        c->nseen = 0;
        for (size_t i = 0; i < oldcap; i++)
            if (old[i])
                first_visit(c, old[i] - 1);
        free(old);
    }
    size_t h = (id * 2654435761u) & (c->capseen - 1);
    while (c->seen[h]) {
        if (c->seen[h] == id + 1)
            return false;
        h = (h + 1) & (c->capseen - 1);
    }
    c->seen[h] = id + 1;
    c->nseen++;
    return true;
}

static void collect(Smt *s, Z3_ast a, Consts *c, int depth)
{
    if (depth > 100000 || !first_visit(c, Z3_get_ast_id(CTX, a)))
        return;
    Z3_ast_kind k = Z3_get_ast_kind(CTX, a);
    if (k == Z3_QUANTIFIER_AST) {
        collect(s, Z3_get_quantifier_body(CTX, a), c, depth + 1);
        return;
    }
    if (k != Z3_APP_AST)
        return;
    Z3_app app = Z3_to_app(CTX, a);
    unsigned n = Z3_get_app_num_args(CTX, app);
    if (n == 0 && Z3_get_decl_kind(CTX, Z3_get_app_decl(CTX, app)) == Z3_OP_UNINTERPRETED) {
        VEC_PUSH(c->app, c->n, c->cap, app);
        return;
    }
    for (unsigned i = 0; i < n; i++)
        collect(s, Z3_get_app_arg(CTX, app, i), c, depth + 1);
}

static bool is_uniform_term(const Enc *e, Z3_ast a)
{
    for (int i = 0; i < e->k->nsyms; i++)
        if (e->k->syms[i]->kind == SYM_UNIFORM && e->base[0].val[i] &&
            Z3_is_eq_ast(e->smt->ctx, e->base[0].val[i], a))
            return true;
    return false;
}

/* exists (every constant of bad but the uniforms). bad */
static Z3_ast close_over_threads(Enc *e, Z3_ast bad)
{
    Smt *s = e->smt;
    Consts c = {0};
    collect(s, bad, &c, 0);
    int n = 0;
    for (int i = 0; i < c.n; i++)
        if (!is_uniform_term(e, Z3_app_to_ast(CTX, c.app[i])))
            c.app[n++] = c.app[i];
    Z3_ast q = n ? Z3_mk_exists_const(CTX, 0, (unsigned)n, c.app, 0, NULL, bad) : bad;
    free(c.app);
    free(c.seen);
    return q;
}

/* ---- quantifier elimination ---- */

static Z3_ast goal_formula(Smt *s, Z3_apply_result ar)
{
    SmtList any = {0};
    for (unsigned i = 0; i < Z3_apply_result_get_num_subgoals(CTX, ar); i++) {
        Z3_goal g = Z3_apply_result_get_subgoal(CTX, ar, i);
        SmtList all = {0};
        for (unsigned j = 0; j < Z3_goal_size(CTX, g); j++)
            smt_list_add(&all, Z3_goal_formula(CTX, g, j));
        smt_list_add(&any, smt_and(s, all.n, all.items));
        smt_list_free(&all);
    }
    Z3_ast r = smt_or(s, any.n, any.items);
    smt_list_free(&any);
    return r;
}

/* The formula `tactic` turns f into (NULL when it failed or ran into the
 * deadline).  One tactic at a time: Z3 4.8.12 crashes applying and_then
 * of two in a context the encoder has used. */
static Z3_ast apply(Smt *s, const char *tactic, Z3_ast f)
{
    Z3_tactic t = Z3_mk_tactic(CTX, tactic);
    if (!t)
        return NULL;
    Z3_tactic_inc_ref(CTX, t);
    Z3_goal g = Z3_mk_goal(CTX, false, false, false);
    Z3_goal_inc_ref(CTX, g);
    Z3_goal_assert(CTX, g, f);
    Z3_apply_result ar = smt_tactic_apply(s, t, g);
    Z3_ast r = NULL;
    if (ar) {
        Z3_apply_result_inc_ref(CTX, ar);
        r = goal_formula(s, ar);
        Z3_apply_result_dec_ref(CTX, ar);
    }
    Z3_goal_dec_ref(CTX, g);
    Z3_tactic_dec_ref(CTX, t);
    return r;
}

static bool has_quantifier(Smt *s, Z3_ast a, int depth)
{
    Z3_ast_kind k = Z3_get_ast_kind(CTX, a);
    if (k == Z3_QUANTIFIER_AST)
        return true;
    if (k != Z3_APP_AST || depth > 200)
        return k != Z3_APP_AST && k != Z3_NUMERAL_AST;
    Z3_app app = Z3_to_app(CTX, a);
    for (unsigned i = 0; i < Z3_get_app_num_args(CTX, app); i++)
        if (has_quantifier(s, Z3_get_app_arg(CTX, app, i), depth + 1))
            return true;
    return false;
}

/* ---- simplification ---- */

/* Is f true (or false) wherever the launch limits hold? */
static bool valid_under(Solver *sv, Z3_ast limits, Z3_ast f)
{
    Smt *s = sv->smt;
    SmtAnswer a = solve_within(sv, smt_and2(s, limits, smt_not(s, f)), 200 * SMT_UNITS_PER_MS);
    return a == SMT_UNSAT;
}

static bool equivalent_under(Solver *sv, Z3_ast limits, Z3_ast a, Z3_ast b)
{
    Smt *s = sv->smt;
    return valid_under(sv, limits, Z3_mk_iff(CTX, a, b));
}

/* A bound `l <= r`, `l > r`, `!(l >= r)`...: `l == v` with v its closed
 * end (r, or r -+ 1 past a strict end); NULL for anything else. */
static Z3_ast closed_end(Smt *s, Z3_ast f)
{
    if (Z3_get_ast_kind(CTX, f) != Z3_APP_AST)
        return NULL;
    Z3_app app = Z3_to_app(CTX, f);
    Z3_decl_kind k = Z3_get_decl_kind(CTX, Z3_get_app_decl(CTX, app));
    bool negated = k == Z3_OP_NOT;
    if (negated) {
        Z3_ast in = Z3_get_app_arg(CTX, app, 0);
        if (Z3_get_ast_kind(CTX, in) != Z3_APP_AST)
            return NULL;
        app = Z3_to_app(CTX, in);
        k = Z3_get_decl_kind(CTX, Z3_get_app_decl(CTX, app));
    }
    if ((k != Z3_OP_LE && k != Z3_OP_GE && k != Z3_OP_LT && k != Z3_OP_GT) || Z3_get_app_num_args(CTX, app) != 2)
        return NULL;
    Z3_ast l = Z3_get_app_arg(CTX, app, 0), r = Z3_get_app_arg(CTX, app, 1);
    if (Z3_get_sort_kind(CTX, Z3_get_sort(CTX, l)) != Z3_INT_SORT)
        return NULL;
    bool below = (k == Z3_OP_LE || k == Z3_OP_LT) != negated; /* l is at most something */
    bool strict = (k == Z3_OP_LT || k == Z3_OP_GT) != negated;
    Z3_ast r1 = Z3_mk_add(CTX, 2, (Z3_ast[]){r, smt_int(s, strict ? (below ? -1 : 1) : 0)});
    return smt_eq(s, l, Z3_simplify(CTX, r1));
}

/* A bound the limits make an equality: `k <= 0` for a natural k is
 * `k == 0`, and so is `!(k >= 1)`. */
static Z3_ast as_equality(Solver *sv, Z3_ast limits, Z3_ast f)
{
    Smt *s = sv->smt;
    Z3_ast eq = closed_end(s, f);
    return eq && equivalent_under(sv, limits, f, eq) ? eq : f;
}

/* x <= y and x >= y (as the limits read them) become x == y. */
static void merge_bounds(Solver *sv, Z3_ast limits, Z3_ast *part, bool *gone, int n)
{
    Smt *s = sv->smt;
    for (int i = 0; i < n; i++) {
        Z3_ast eq = gone[i] ? NULL : closed_end(s, part[i]);
        for (int j = 0; eq && j < n; j++)
            if (j != i && !gone[j] && equivalent_under(sv, limits, smt_and2(s, part[i], part[j]), eq)) {
                part[i] = eq;
                gone[j] = true;
                break;
            }
    }
}

/* The operands of nested ands (ors) of kind k, in order. */
static void flatten(Smt *s, Z3_ast f, Z3_decl_kind k, SmtList *out)
{
    if (Z3_get_ast_kind(CTX, f) == Z3_APP_AST && Z3_get_decl_kind(CTX, Z3_get_app_decl(CTX, Z3_to_app(CTX, f))) == k) {
        Z3_app app = Z3_to_app(CTX, f);
        for (unsigned i = 0; i < Z3_get_app_num_args(CTX, app); i++)
            flatten(s, Z3_get_app_arg(CTX, app, i), k, out);
        return;
    }
    smt_list_add(out, f);
}

/* A conjunction without the conjuncts the limits and the other conjuncts
 * imply; a disjunction without the disjuncts that imply the others (or
 * that the limits rule out); at every level. */
static Z3_ast drop_implied(Solver *sv, Z3_ast limits, Z3_ast f, int depth)
{
    Smt *s = sv->smt;
    if (Z3_get_ast_kind(CTX, f) != Z3_APP_AST || depth > 12)
        return f;
    Z3_app app = Z3_to_app(CTX, f);
    Z3_decl_kind k = Z3_get_decl_kind(CTX, Z3_get_app_decl(CTX, app));
    if (k != Z3_OP_AND && k != Z3_OP_OR)
        return as_equality(sv, limits, f);
    bool is_and = k == Z3_OP_AND;
    SmtList flat = {0};
    flatten(s, f, k, &flat);
    int n = flat.n;
    Z3_ast *part = xcalloc((size_t)n + 1, sizeof *part);
    for (int i = 0; i < n; i++)
        part[i] = drop_implied(sv, limits, flat.items[i], depth + 1);
    smt_list_free(&flat);
    bool *gone = xcalloc((size_t)n + 1, sizeof *gone);
    for (int i = 0; i < n; i++) {
        /* the others still kept, as context */
        SmtList rest = {0};
        for (int j = 0; j < n; j++)
            if (j != i && !gone[j])
                smt_list_add(&rest, part[j]);
        Z3_ast others = is_and ? smt_and(s, rest.n, rest.items) : smt_or(s, rest.n, rest.items);
        smt_list_free(&rest);
        /* and: limits && others imply part; or: part implies others */
        gone[i] = is_and ? valid_under(sv, smt_and2(s, limits, others), part[i])
                         : valid_under(sv, smt_and2(s, limits, part[i]), others) ||
                               valid_under(sv, limits, smt_not(s, part[i]));
    }
    if (is_and)
        merge_bounds(sv, limits, part, gone, n);
    SmtList keep = {0};
    for (int i = 0; i < n; i++)
        if (!gone[i])
            smt_list_add(&keep, part[i]);
    Z3_ast r = is_and ? smt_and(s, keep.n, keep.items) : smt_or(s, keep.n, keep.items);
    smt_list_free(&keep);
    free(part);
    free(gone);
    return r;
}

/* ---- printing as C ---- */

typedef struct Buf {
    char *s;
    size_t n, cap;
} Buf;

static void put(Buf *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void put(Buf *b, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int need = vsnprintf(NULL, 0, fmt, ap);
    va_end(ap);
    if (need < 0)
        return;
    if (b->n + (size_t)need + 1 > b->cap) {
        b->cap = 2 * (b->n + (size_t)need + 1);
        b->s = xrealloc(b->s, b->cap);
    }
    va_start(ap, fmt);
    vsnprintf(b->s + b->n, b->cap - b->n, fmt, ap);
    va_end(ap);
    b->n += (size_t)need;
}

/* One term of a sum: coef * atom (atom NULL: a constant). */
typedef struct Term {
    int64_t coef;
    Z3_ast atom;
} Term;

static void print_term(Smt *s, Z3_ast a, Buf *b, int prec);

/* a as a sum of terms with integer coefficients (false when too big). */
static bool linear_terms(Smt *s, Z3_ast a, int64_t scale, Term *t, int *n, int max)
{
    int64_t v;
    if (Z3_get_ast_kind(CTX, a) == Z3_NUMERAL_AST && Z3_get_numeral_int64(CTX, a, &v)) {
        if (*n >= max)
            return false;
        t[(*n)++] = (Term){v * scale, NULL};
        return true;
    }
    if (Z3_get_ast_kind(CTX, a) == Z3_APP_AST) {
        Z3_app app = Z3_to_app(CTX, a);
        Z3_decl_kind k = Z3_get_decl_kind(CTX, Z3_get_app_decl(CTX, app));
        unsigned na = Z3_get_app_num_args(CTX, app);
        if (k == Z3_OP_ADD) {
            for (unsigned i = 0; i < na; i++)
                if (!linear_terms(s, Z3_get_app_arg(CTX, app, i), scale, t, n, max))
                    return false;
            return true;
        }
        if (k == Z3_OP_SUB && na == 2)
            return linear_terms(s, Z3_get_app_arg(CTX, app, 0), scale, t, n, max) &&
                   linear_terms(s, Z3_get_app_arg(CTX, app, 1), -scale, t, n, max);
        if (k == Z3_OP_UMINUS && na == 1)
            return linear_terms(s, Z3_get_app_arg(CTX, app, 0), -scale, t, n, max);
        if (k == Z3_OP_MUL && na == 2 && Z3_get_ast_kind(CTX, Z3_get_app_arg(CTX, app, 0)) == Z3_NUMERAL_AST &&
            Z3_get_numeral_int64(CTX, Z3_get_app_arg(CTX, app, 0), &v) && v > -1000000 && v < 1000000)
            return linear_terms(s, Z3_get_app_arg(CTX, app, 1), scale * v, t, n, max);
    }
    if (*n >= max)
        return false;
    t[(*n)++] = (Term){scale, a};
    return true;
}

/* The atoms of one sign (positive, or negated), then the constant c when
 * it is not 0 (or nothing else is there). */
static void print_side(Smt *s, const Term *t, int n, int sign, int64_t c, Buf *b)
{
    bool any = false;
    for (int i = 0; i < n; i++) {
        int64_t k = t[i].coef * sign;
        if (k <= 0 || !t[i].atom)
            continue;
        put(b, "%s", any ? " + " : "");
        if (k != 1)
            put(b, "%lld * ", (long long)k);
        print_term(s, t[i].atom, b, k != 1 ? 3 : 2);
        any = true;
    }
    if (!any)
        put(b, "%lld", (long long)c);
    else if (c)
        put(b, " %c %lld", c > 0 ? '+' : '-', (long long)(c > 0 ? c : -c));
}

static int64_t constant_part(const Term *t, int n)
{
    int64_t c = 0;
    for (int i = 0; i < n; i++)
        if (!t[i].atom)
            c += t[i].coef;
    return c;
}

static const char *cmp_spelling(Z3_decl_kind k, bool negated)
{
    switch (k) {
    case Z3_OP_EQ: return negated ? "!=" : "==";
    case Z3_OP_LE: return negated ? ">" : "<=";
    case Z3_OP_GE: return negated ? "<" : ">=";
    case Z3_OP_LT: return negated ? ">=" : "<";
    case Z3_OP_GT: return negated ? "<=" : ">";
    default: return NULL;
    }
}

enum { MAX_TERMS = 32 };

/* lhs OP rhs with the negative terms moved across: `x + -1*y <= 0` is
 * printed `x <= y`. */
static bool print_comparison(Smt *s, Z3_app app, bool negated, Buf *b)
{
    Z3_decl_kind k = Z3_get_decl_kind(CTX, Z3_get_app_decl(CTX, app));
    const char *op = cmp_spelling(k, negated);
    if (!op || Z3_get_app_num_args(CTX, app) != 2)
        return false;
    Z3_ast l = Z3_get_app_arg(CTX, app, 0), r = Z3_get_app_arg(CTX, app, 1);
    if (Z3_get_sort_kind(CTX, Z3_get_sort(CTX, l)) != Z3_INT_SORT)
        return false;
    Term t[MAX_TERMS];
    int n = 0;
    if (!linear_terms(s, l, 1, t, &n, MAX_TERMS - 1) || !linear_terms(s, r, -1, t, &n, MAX_TERMS - 1))
        return false;
    /* integers: x - y > 0 is x - y - 1 >= 0, and x - y < 0 is x - y + 1 <= 0 */
    if (strcmp(op, ">") == 0 || strcmp(op, "<") == 0) {
        t[n++] = (Term){op[0] == '>' ? -1 : 1, NULL};
        op = op[0] == '>' ? ">=" : "<=";
    }
    /* sum(t) OP 0: the positive atoms OP the negative ones minus the constant */
    print_side(s, t, n, 1, 0, b);
    put(b, " %s ", op);
    print_side(s, t, n, -1, -constant_part(t, n), b);
    return true;
}

static void print_args(Smt *s, Z3_app app, const char *sep, Buf *b, int prec)
{
    for (unsigned i = 0; i < Z3_get_app_num_args(CTX, app); i++) {
        put(b, "%s", i ? sep : "");
        print_term(s, Z3_get_app_arg(CTX, app, i), b, prec);
    }
}

/* prec: 0 top, 1 inside && / ||, 2 inside + -, 3 inside * / % */
static void print_term(Smt *s, Z3_ast a, Buf *b, int prec)
{
    int64_t v;
    Z3_ast_kind ak = Z3_get_ast_kind(CTX, a);
    if (ak == Z3_NUMERAL_AST && Z3_get_numeral_int64(CTX, a, &v)) {
        put(b, "%lld", (long long)v);
        return;
    }
    if (ak != Z3_APP_AST) {
        put(b, "%s", Z3_ast_to_string(CTX, a));
        return;
    }
    Z3_app app = Z3_to_app(CTX, a);
    Z3_decl_kind k = Z3_get_decl_kind(CTX, Z3_get_app_decl(CTX, app));
    unsigned na = Z3_get_app_num_args(CTX, app);
    bool paren;
    switch (k) {
    case Z3_OP_TRUE: put(b, "true"); return;
    case Z3_OP_FALSE: put(b, "false"); return;
    case Z3_OP_UNINTERPRETED:
        if (na == 0) {
            put(b, "%s", Z3_get_symbol_string(CTX, Z3_get_decl_name(CTX, Z3_get_app_decl(CTX, app))));
            return;
        }
        break;
    case Z3_OP_AND:
    case Z3_OP_OR:
        paren = prec >= 1;
        put(b, "%s", paren ? "(" : "");
        print_args(s, app, k == Z3_OP_AND ? " && " : " || ", b, 1);
        put(b, "%s", paren ? ")" : "");
        return;
    case Z3_OP_NOT: {
        Z3_ast in = Z3_get_app_arg(CTX, app, 0);
        if (Z3_get_ast_kind(CTX, in) == Z3_APP_AST) {
            Buf tmp = {0};
            if (print_comparison(s, Z3_to_app(CTX, in), true, &tmp)) {
                put(b, "%s%s%s", prec >= 2 ? "(" : "", tmp.s, prec >= 2 ? ")" : "");
                free(tmp.s);
                return;
            }
            free(tmp.s);
        }
        put(b, "!(");
        print_term(s, in, b, 0);
        put(b, ")");
        return;
    }
    case Z3_OP_EQ:
    case Z3_OP_LE:
    case Z3_OP_GE:
    case Z3_OP_LT:
    case Z3_OP_GT: {
        Buf tmp = {0};
        if (print_comparison(s, app, false, &tmp)) {
            put(b, "%s%s%s", prec >= 2 ? "(" : "", tmp.s, prec >= 2 ? ")" : "");
            free(tmp.s);
            return;
        }
        free(tmp.s);
        break;
    }
    case Z3_OP_ADD:
    case Z3_OP_SUB: {
        Term t[MAX_TERMS];
        int n = 0;
        if (linear_terms(s, a, 1, t, &n, MAX_TERMS)) {
            put(b, "%s", prec >= 3 ? "(" : "");
            print_side(s, t, n, 1, constant_part(t, n), b);
            for (int i = 0; i < n; i++)
                if (t[i].coef < 0 && t[i].atom) {
                    put(b, " - ");
                    if (t[i].coef != -1)
                        put(b, "%lld * ", (long long)-t[i].coef);
                    print_term(s, t[i].atom, b, 3);
                }
            put(b, "%s", prec >= 3 ? ")" : "");
            return;
        }
        break;
    }
    case Z3_OP_MUL:
    case Z3_OP_IDIV:
    case Z3_OP_DIV:
    case Z3_OP_MOD:
    case Z3_OP_REM:
        put(b, "%s", prec >= 3 ? "(" : "");
        print_args(s, app, k == Z3_OP_MUL ? " * " : k == Z3_OP_MOD || k == Z3_OP_REM ? " % " : " / ", b, 3);
        put(b, "%s", prec >= 3 ? ")" : "");
        return;
    default:
        break;
    }
    put(b, "%s", Z3_ast_to_string(CTX, a)); /* no C spelling: Z3's own */
}

/* ---- the whole ---- */

enum { MAX_CASES = 32 };

/* f as a disjunction of conjunctions, when that takes at most MAX_CASES
 * conjunctions (NULL otherwise). */
static Z3_ast dnf(Smt *s, Z3_ast f)
{
    if (Z3_get_ast_kind(CTX, f) != Z3_APP_AST)
        return f;
    Z3_app app = Z3_to_app(CTX, f);
    Z3_decl_kind k = Z3_get_decl_kind(CTX, Z3_get_app_decl(CTX, app));
    unsigned n = Z3_get_app_num_args(CTX, app);
    if (k != Z3_OP_AND && k != Z3_OP_OR)
        return f;
    SmtList cases = {0}; /* the disjuncts so far */
    if (k == Z3_OP_AND)
        smt_list_add(&cases, s->t);
    for (unsigned i = 0; i < n; i++) {
        Z3_ast d = dnf(s, Z3_get_app_arg(CTX, app, i));
        if (!d) {
            smt_list_free(&cases);
            return NULL;
        }
        /* d's disjuncts */
        Z3_ast one[1] = {d};
        const Z3_ast *ds = one;
        unsigned nd = 1;
        if (Z3_get_ast_kind(CTX, d) == Z3_APP_AST &&
            Z3_get_decl_kind(CTX, Z3_get_app_decl(CTX, Z3_to_app(CTX, d))) == Z3_OP_OR) {
            Z3_app da = Z3_to_app(CTX, d);
            nd = Z3_get_app_num_args(CTX, da);
            Z3_ast *all = xcalloc(nd + 1, sizeof *all);
            for (unsigned j = 0; j < nd; j++)
                all[j] = Z3_get_app_arg(CTX, da, j);
            ds = all;
        }
        SmtList next = {0};
        if (k == Z3_OP_OR) {
            next = cases;
            for (unsigned j = 0; j < nd; j++)
                smt_list_add(&next, ds[j]);
        } else {
            for (int c = 0; c < cases.n; c++)
                for (unsigned j = 0; j < nd; j++)
                    smt_list_add(&next, smt_and2(s, cases.items[c], ds[j]));
            smt_list_free(&cases);
        }
        if (ds != one)
            free((void *)ds);
        cases = next;
        if (cases.n > MAX_CASES) {
            smt_list_free(&cases);
            return NULL;
        }
    }
    Z3_ast r = smt_or(s, cases.n, cases.items);
    smt_list_free(&cases);
    return r;
}

static size_t printed_length(Smt *s, Z3_ast f)
{
    Buf b = {0};
    print_term(s, f, &b, 0);
    free(b.s);
    return b.n;
}

/* not (exists X. bad) over the uniforms, simplified; NULL (reason set)
 * when quantifier elimination gave no closed form.  limits: what the
 * launch limits and the naturals say about the uniforms. */
static Z3_ast drf_condition(Solver *sv, Z3_ast exists, Z3_ast limits, const char **reason)
{
    Smt *s = sv->smt;
    Z3_ast some = apply(s, "qe", exists);
    if (some && has_quantifier(s, some, 0))
        some = apply(s, "qe2", exists);
    if (!some || has_quantifier(s, some, 0)) {
        *reason = some ? "quantifier elimination left a quantifier (a non-linear term?)"
                : smt_expired_while(s) ? "the time limit was reached"
                                       : "quantifier elimination failed";
        return NULL;
    }
    /* negation pushed to the atoms, then each part simplified in the
     * context of the others and of the limits */
    Z3_ast drf = apply(s, "nnf", smt_not(s, some));
    Z3_ast simpler = drf ? apply(s, "ctx-solver-simplify", smt_and2(s, limits, drf)) : NULL;
    Z3_ast best = drop_implied(sv, limits, Z3_simplify(CTX, simpler ? simpler : drf ? drf : smt_not(s, some)), 0);
    /* a disjunction of cases often reads shorter: `a == b || a >= b + blockDim.x || ...` */
    Z3_ast cases = dnf(s, best);
    if (cases) {
        cases = drop_implied(sv, limits, cases, 0);
        if (printed_length(s, cases) < printed_length(s, best))
            best = cases;
    }
    return best;
}

/* The sizes the encoding pins to 1 (the axes the kernel does not use,
 * when the launch does not give the sizes): "blockDim.y == 1 && ...",
 * malloc'd, NULL when none. */
static char *pinned_axes(const Facts *f, const CheckConfig *cfg)
{
    Buf b = {0};
    static const char axis[] = "xyz";
    for (int dim = 0; dim < 2; dim++)
        for (int a = 0; a < 3; a++)
            if (!facts_axis_used(f, dim == 0 ? BI_BLOCKDIM : BI_GRIDDIM, a) && !launch_knows(&cfg->launch, dim == 0, a))
                put(&b, "%s%s.%c == 1", b.n ? " && " : "", dim == 0 ? "blockDim" : "gridDim", axis[a]);
    return b.s;
}

Conditions conditions_of(const Facts *f, const CheckConfig *cfg)
{
    Conditions c = {COND_UNKNOWN, NULL, pinned_axes(f, cfg)};
    Solver *sv = check_solver_new(cfg);
    Smt *s = sv->smt;
    Enc *e = check_enc_new(sv, f, cfg);
    Z3_ast base = enc_base(e);
    Z3_ast bad = smt_or2(s, race_formula(e, base), divergence_formula(e, base));
    Z3_ast limits = apply(s, "qe", close_over_threads(e, base));
    if (!limits || has_quantifier(s, limits, 0))
        limits = s->t;
    Buf b = {0};
    const char *reason = NULL;
    /* a formula cut short by the deadline says nothing */
    Z3_ast drf = s->failed || smt_expired_while(s) ? NULL : drf_condition(sv, close_over_threads(e, bad), limits, &reason);
    if (drf && (smt_expired_while(s) || s->failed)) {
        drf = NULL;
        reason = NULL;
    }
    if (!drf) {
        if (!reason && smt_expired_while(s))
            put(&b, "the time limit was reached while %s (see --timeout)", smt_expired_while(s));
        else
            put(&b, "%s", reason ? reason : "the formula could not be built");
    } else {
        if (valid_under(sv, limits, drf))
            c.kind = COND_ALWAYS;
        else if (valid_under(sv, limits, smt_not(s, drf)))
            c.kind = COND_NEVER;
        else
            c.kind = COND_SOME;
        print_term(s, drf, &b, 0);
    }
    c.text = b.s ? b.s : strdup("");
    enc_free(e);
    solver_free(sv);
    return c;
}

const char *conditions_kind_name(ConditionsKind k)
{
    static const char *const names[] = {[COND_SOME] = "some", [COND_ALWAYS] = "always", [COND_NEVER] = "never",
                                        [COND_UNKNOWN] = "unknown"};
    return names[k];
}
