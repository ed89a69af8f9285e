/* Deciding queries: lemmas, the linear relaxation, budgeted reseeded
 * attempts and the witness ladder (see solve.h). */
#include "solve.h"

#include "relax.h"

#include "arena.h"

#include <stdlib.h>
#include <string.h>

/* Budgets: the first attempt of a check, and the witness ladder's. */
enum {
    FIRST_ATTEMPT_UNITS = 500 * SMT_UNITS_PER_MS,
    LADDER_UNITS = 250 * SMT_UNITS_PER_MS,
    /* the relaxation's one try, a third of the check's first attempt
     * within these bounds: relaxed queries count about 10,000 units a
     * millisecond, and those that settle need up to 300 k (darknet's
     * levels_image_kernel, cells meeting at all) */
    RELAXED_MIN_UNITS = 100 * SMT_UNITS_PER_MS,
    RELAXED_MAX_UNITS = 330 * SMT_UNITS_PER_MS,
};

Solver *solver_new(Smt *smt)
{
    Solver *sv = xcalloc(1, sizeof *sv);
    sv->smt = smt;
    return sv;
}

void solver_free(Solver *sv)
{
    if (!sv)
        return;
    lemma_terms_free(&sv->relaxed_noted);
    smt_free(sv->relaxed);
    lemma_terms_free(&sv->noted);
    smt_free(sv->smt);
    free(sv);
}

/* Reads the clock: the deadline has passed (and is remembered to have). */
static bool deadline_passed(Smt *s)
{
    return smt_expired_while(s) != NULL;
}

/* f with products multiplied out over sums (Z3's `som`): `w * (e + h *
 * k)` as `w * e + w * h * k`, so that each place of a mixed-radix index
 * is a product of its own, which the lemmas can bound. */
static Z3_ast sum_of_monomials(Smt *s, Z3_ast f)
{
    Z3_params p = Z3_mk_params(s->ctx);
    Z3_params_inc_ref(s->ctx, p);
    Z3_params_set_bool(s->ctx, p, Z3_mk_string_symbol(s->ctx, "som"), true);
    Z3_ast r = Z3_simplify_ex(s->ctx, f, p);
    Z3_params_dec_ref(s->ctx, p);
    return r;
}

/* The relaxation's context (Solver.relaxed), with the same deadline and
 * the noted terms the lemmas look for copied over. */
static Smt *relaxed_context(Solver *sv)
{
    Smt *s = sv->smt;
    if (!sv->relaxed) {
        sv->relaxed = smt_new_since(s->timeout_ms, smt_now_ms(), NULL);
        sv->relaxed->deadline_ms = s->deadline_ms;
    }
    lemma_terms_translate(s, &sv->noted, sv->relaxed, &sv->relaxed_noted);
    return sv->relaxed;
}

/* Is f unsatisfiable by its linear relaxation (relax.h)?  One short try,
 * before the query itself, in the relaxation's context: darknet's
 * mixed-radix transposes are unsat in a few thousand units relaxed, and
 * take seconds to minutes as they are.  A third of the check's first
 * budget, within bounds. */
static bool relaxation_unsat(Solver *sv, Z3_ast f, unsigned units)
{
    Smt *s = sv->smt;
    if (s->failed || !relax_needed(s, f))
        return false;
    Smt *t = relaxed_context(sv);
    if (t->failed)
        return false; /* interrupted once: its context is not trusted */
    Z3_ast g = Z3_translate(s->ctx, f, t->ctx);
    g = relax_nonlinear(t, lemmas_for_relaxed(t, &sv->relaxed_noted, sum_of_monomials(t, g)));
    unsigned budget = units && units / 3 < RELAXED_MAX_UNITS ? units / 3 : RELAXED_MAX_UNITS;
    budget = budget < RELAXED_MIN_UNITS ? RELAXED_MIN_UNITS : budget;
    /* never more than the query itself gets: a short query's relaxation
     * (uniform.c's, 50 k) cost six times its budget */
    budget = units && budget > units ? units : budget;
    uint64_t used = 0;
    t->phase = s->phase;
    bool unsat = g && smt_attempt(t, g, NULL, budget, 0, &used) == SMT_UNSAT && !t->failed;
    deadline_passed(s);
    return unsat;
}

/* Nonlinear queries (index * n + col) are decided in milliseconds or not
 * at all depending on the search's luck: rather than one long attempt, a
 * few reseeded ones with growing budgets (doubling from `units`), up to the
 * deadline; with `retry` false, one attempt.  The sequence of attempts
 * depends on the units alone, never on the clock: only the deadline does. */
static SmtAnswer check_budgeted(Solver *sv, Z3_ast f, Z3_model *model, unsigned units, bool retry,
                                uint64_t *spent, const char *phase, unsigned first_seed)
{
    Smt *s = sv->smt;
    if (model)
        *model = NULL;
    if (s->failed || deadline_passed(s))
        return SMT_UNKNOWN;
    if (f == s->f)
        return SMT_UNSAT;
    const char *outer = s->phase;
    s->phase = phase;
    /* where an unsat answer is hoped for (not the witness ladder), once
     * (not again as a pair's later rounds reseed) */
    bool relax = strcmp(phase, "solving") == 0 && first_seed == 0;
    SmtAnswer r = relax && relaxation_unsat(sv, f, units) ? SMT_UNSAT : SMT_UNKNOWN;
    Z3_ast plain = f;
    f = lemmas_for(s, &sv->noted, f);
    Z3_ast with_digits = NULL;
    for (unsigned seed = first_seed; r == SMT_UNKNOWN && !s->failed && !deadline_passed(s); seed++) {
        uint64_t used = 0;
        /* a retry of a linear query (a nonlinear one has them in its
         * relaxation, and with products among the digits they sent a
         * grid-stride query into a search of seconds): lemmas_digits */
        if (seed > 0 && !with_digits)
            with_digits = relax_needed(s, plain) ? f : lemmas_digits(s, &sv->noted, f);
        if (sv->units_cap) {
            uint64_t left = sv->units_cap > sv->units_spent ? sv->units_cap - sv->units_spent : 0;
            if (left == 0)
                break;
            units = units == 0 || units > left ? (unsigned)(left < UINT32_MAX ? left : UINT32_MAX) : units;
        }
        r = smt_attempt(s, with_digits ? with_digits : f, model, units, seed, &used);
        sv->units_spent += used;
        if (spent)
            *spent += used;
        if (!retry)
            break;
        if (units)
            units = units > UINT32_MAX / 2 ? 0 : units * 2; /* 0: up to the deadline */
    }
    /* A check cut by the deadline expired while solving, not in the phase
     * that asked for it (which read "encoding" for a solver's timeout). */
    deadline_passed(s);
    s->phase = outer;
    return s->failed ? SMT_UNKNOWN : r;
}

SmtAnswer solve(Solver *sv, Z3_ast f, Z3_model *model)
{
    return check_budgeted(sv, f, model, FIRST_ATTEMPT_UNITS, true, NULL, "solving", 0);
}

SmtAnswer solve_within(Solver *sv, Z3_ast f, unsigned units)
{
    return check_budgeted(sv, f, NULL, units, false, NULL, "solving", 0);
}

SmtAnswer solve_seeded(Solver *sv, Z3_ast f, unsigned units, unsigned seed, Z3_model *model)
{
    return check_budgeted(sv, f, model, units, false, NULL, "solving", seed);
}

/* Case splits nest: a race query has each thread's copy of a loop
 * variable (`stride$1`, `stride$2`), and only with both substituted do the
 * encodings of a sorting network's index simplify to numbers; two nested
 * loops (`p`, `k`) make four. */
enum { MAX_CASE_DEPTH = 4, SHORT_TRY = 32 };

/* A top-level conjunct of g that fixes a term with known values, `x = 4`
 * or `x$2 = x$1` (a race query's two copies of a synchronizing loop's
 * variable are equal): *from := *to.  False when there is none. */
static bool fixing_conjunct(Solver *sv, Z3_ast g, Z3_ast *from, Z3_ast *to)
{
    Z3_context c = sv->smt->ctx;
    if (Z3_get_ast_kind(c, g) != Z3_APP_AST)
        return false;
    Z3_app app = Z3_to_app(c, g);
    bool and = Z3_get_decl_kind(c, Z3_get_app_decl(c, app)) == Z3_OP_AND;
    unsigned n = and ? Z3_get_app_num_args(c, app) : 1;
    for (unsigned i = 0; i < n; i++) {
        Z3_ast e = and ? Z3_get_app_arg(c, app, i) : g;
        if (Z3_get_ast_kind(c, e) != Z3_APP_AST)
            continue;
        Z3_app eq = Z3_to_app(c, e);
        if (Z3_get_decl_kind(c, Z3_get_app_decl(c, eq)) != Z3_OP_EQ || Z3_get_app_num_args(c, eq) != 2)
            continue;
        Z3_ast a = Z3_get_app_arg(c, eq, 0), b = Z3_get_app_arg(c, eq, 1);
        for (int side = 0; side < 2; side++) {
            Z3_ast x = side ? b : a, y = side ? a : b;
            if (lemmas_domain_of(&sv->noted, x) && (Z3_is_numeral_ast(c, y) || lemmas_domain_of(&sv->noted, y))) {
                *from = x;
                *to = y;
                return true;
            }
        }
    }
    return false;
}

/* The equalities g states of terms with known values, substituted (and
 * kept in *fixed, for the model): the cases of a term g fixes would all
 * but one be unsatisfiable, each a query. */
static Z3_ast propagate_fixed(Solver *sv, Z3_ast g, Z3_ast *fixed)
{
    Smt *s = sv->smt;
    Z3_ast from, to;
    for (int round = 0; round < 2 * MAX_CASE_DEPTH && fixing_conjunct(sv, g, &from, &to); round++) {
        *fixed = smt_and2(s, *fixed, smt_eq(s, from, to));
        g = Z3_simplify(s->ctx, Z3_substitute(s->ctx, g, 1, &from, &to));
    }
    return g;
}

/* f (with the values of the outer cases substituted), and `fixed`, the
 * equalities that state them: case by case over
 * the first noted term of f with known values, to depth `depth`. */
static SmtAnswer by_cases(Solver *sv, Z3_ast f, Z3_ast fixed, unsigned units, Z3_model *model, int depth)
{
    Smt *s = sv->smt;
    const DomainTerm *d = s->failed || depth >= MAX_CASE_DEPTH ? NULL : lemmas_domain_in(s, &sv->noted, f);
    if (!d)
        return SMT_UNKNOWN;
    SmtList others = {0};
    smt_list_add(&others, f);
    smt_list_add(&others, fixed);
    SmtAnswer r = SMT_UNSAT;
    /* the values, then the rest: the last case is n */
    for (int i = 0; i <= d->n && r != SMT_SAT && !s->failed; i++) {
        if (model)
            *model = NULL;
        if (i == d->n) { /* every other value: as it is, no substitution */
            SmtAnswer a = check_budgeted(sv, smt_and(s, others.n, others.items), model, units, false, NULL,
                                         "solving by cases", 0);
            r = a == SMT_UNSAT ? r : a;
            break;
        }
        Z3_ast v = smt_int(s, d->values[i]), value = smt_eq(s, d->x, v);
        /* the value substituted, not only stated: the encodings of `&`,
         * `<<` and `pow2` over the term then simplify to those of numbers */
        Z3_ast g = Z3_simplify(s->ctx, Z3_substitute(s->ctx, f, 1, &d->x, &v));
        Z3_ast g_fixed = smt_and2(s, fixed, value);
        g = propagate_fixed(sv, g, &g_fixed);
        bool deeper = depth + 1 < MAX_CASE_DEPTH && lemmas_domain_in(s, &sv->noted, g);
        /* with a term left to split on, a short try (a case often
         * settles at once, its subtree a query each), then the split */
        SmtAnswer a = check_budgeted(sv, smt_and2(s, g, g_fixed), model, deeper ? units / SHORT_TRY : units, false,
                                     NULL, "solving by cases", 0);
        if (a == SMT_UNKNOWN && deeper && !s->failed)
            a = by_cases(sv, g, g_fixed, units, model, depth + 1);
        if (a != SMT_UNSAT)
            r = a;
        smt_list_add(&others, smt_not(s, value));
    }
    smt_list_free(&others);
    return s->failed ? SMT_UNKNOWN : r;
}

SmtAnswer solve_by_cases(Solver *sv, Z3_ast f, unsigned units, Z3_model *model)
{
    if (model)
        *model = NULL;
    return by_cases(sv, f, sv->smt->t, units, model, 0);
}

/* The largest value the model gives the integer terms. */
static int64_t largest_value(Smt *s, Z3_model m, const Z3_ast *terms, int n)
{
    int64_t max = INT64_MIN, v;
    for (int i = 0; i < n; i++)
        if (terms[i] && smt_eval(s, m, terms[i], &v) && v > max)
            max = v;
    return max;
}

SmtAnswer solve_small(Solver *sv, Z3_ast f, const Z3_ast *terms, int n, Z3_model *model)
{
    return solve_small_within(sv, f, terms, n, model, 0);
}

SmtAnswer solve_small_within(Solver *sv, Z3_ast f, const Z3_ast *terms, int n, Z3_model *model, unsigned units)
{
    SmtAnswer a = units ? check_budgeted(sv, f, model, units, false, NULL, "solving", 0) : solve(sv, f, model);
    if (a == SMT_SAT)
        solve_shrink_model(sv, f, terms, n, model);
    return a;
}

void solve_shrink_model(Solver *sv, Z3_ast f, const Z3_ast *terms, int n, Z3_model *model)
{
    static const int64_t ladder[] = {2, 4, 8, 16, 64, 256, 4096, 65536};
    Smt *s = sv->smt;
    /* A smaller witness is a nicety: a fixed budget of work for the whole
     * ladder, and only the steps below what the model already has. */
    uint64_t spent = 0;
    int64_t have = *model ? largest_value(s, *model, terms, n) : INT64_MAX;
    for (size_t k = 0; k < sizeof ladder / sizeof ladder[0] && ladder[k] < have && spent < LADDER_UNITS; k++) {
        SmtList bounds = {0};
        smt_list_add(&bounds, f);
        for (int i = 0; i < n; i++)
            if (terms[i] && Z3_get_sort_kind(s->ctx, Z3_get_sort(s->ctx, terms[i])) == Z3_INT_SORT)
                smt_list_add(&bounds, Z3_mk_le(s->ctx, terms[i], smt_int(s, ladder[k])));
        Z3_model small;
        SmtAnswer b = check_budgeted(sv, smt_and(s, bounds.n, bounds.items), &small,
                                     (unsigned)(LADDER_UNITS - spent), false, &spent, "shrinking a witness", 0);
        smt_list_free(&bounds);
        if (b == SMT_SAT && small) {
            smt_model_free(s, *model);
            *model = small;
            break;
        }
        smt_model_free(s, small);
        if (s->failed || s->expired_while)
            break; /* out of time: keep the model we have */
    }
}
