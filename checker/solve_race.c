/* Deciding a race query: whole, merged, then pair by pair (solve_race.h
 * says when and why). */
#include "solve_race.h"

#include <stdlib.h>

typedef enum {
    PAIR_SKIP,   /* no race possible (two reads, two atomics) or a mirror */
    PAIR_OPEN,   /* not decided yet */
    PAIR_CLOSED, /* unsatisfiable */
    PAIR_DONE,   /* satisfiable, reported */
} PairState;

/* The first round's budget of work per pair: the pairs of the slow
 * corpus kernels need a few hundred thousand units each, most far less. */
enum { PAIR_FIRST_UNITS = 100 * SMT_UNITS_PER_MS };

/* The whole query's budget before it is split into pairs: the corpus's
 * whole race queries that settle need up to 2 M units (a racy bitonic
 * sort's); the odd-even merge sort's never settles, and pays it. */
enum { WHOLE_QUERY_UNITS = 1000 * SMT_UNITS_PER_MS };

/* With this few pairs, the whole query is hardly bigger than one of them:
 * it gets the retries up to the deadline instead (a grid-stride loop's
 * `rd y[i]; wr y[i];` is sat in 3 M units whole, in twice that as pairs). */
enum { MIN_PAIRS_TO_SPLIT = 2 };

static AccessMode mode_of(const Candidate *c)
{
    return (AccessMode)c->site->stmt->u.access.mode;
}

static bool writes(const Candidate *c)
{
    return access_writes(c->site->stmt);
}

static bool may_race(const Candidate *a, const Candidate *b)
{
    return (writes(a) || writes(b)) && !(mode_of(a) == ACC_ATOMIC && mode_of(b) == ACC_ATOMIC);
}

/* The pairs worth a query: T2 sees every candidate, T1 the writers only
 * when the threads are symmetric (writers_only), then one of two mirrored
 * write pairs; never two reads or two atomics.  Returns how many. */
static int pairs_init(PairSearch *p, const Candidate *c, int n, bool writers_only)
{
    int open_pairs = 0;
    p->n = n;
    p->state = xcalloc((size_t)n * (size_t)n + 1, sizeof *p->state);
    p->next = 0;
    p->units = PAIR_FIRST_UNITS;
    p->round = 0;
    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++) {
            bool open = may_race(&c[i], &c[j]) && !(writers_only && !writes(&c[i]));
            /* symmetric threads: (j, i) asks what (i, j) asks */
            if (writers_only && writes(&c[j]) && j < i)
                open = false;
            p->state[i * n + j] = open ? PAIR_OPEN : PAIR_SKIP;
            open_pairs += open;
        }
    return open_pairs;
}

static void pairs_free(PairSearch *p)
{
    free(p->state);
    p->state = NULL;
}

static bool any_open(const PairSearch *p)
{
    for (int k = 0; k < p->n * p->n; k++)
        if (p->state[k] == PAIR_OPEN)
            return true;
    return false;
}

static bool given_up(Smt *s)
{
    return s->failed || smt_expired_while(s) != NULL;
}

/* f with both picks substituted: the other sites' conjunctions are then
 * `0 == 1 and ...`, which lemmas.c leaves out of its pairwise lemmas
 * (sixteen unrolled sites per thread gave hundreds of residue lemmas that
 * only one pair in 256 could use, and slowed every pair).  The selector
 * equalities stay, for the model. */
static Z3_ast restrict_to(Smt *s, Z3_ast f, const Z3_ast sel[2], const Candidate *c, int i, int j)
{
    Z3_ast pick[2] = {smt_int(s, c[i].id), smt_int(s, c[j].id)};
    Z3_ast parts[3] = {Z3_substitute(s->ctx, f, 2, sel, pick), smt_eq(s, sel[0], pick[0]),
                       smt_eq(s, sel[1], pick[1])};
    return smt_and(s, 3, parts);
}

/* The next satisfiable pair of f (the whole race formula, with the
 * selectors sel[0], sel[1]): SMT_SAT with *pick, f restricted to it, and
 * *model, a model of it that the caller frees (the pair is then done: the
 * caller asks again for --all); SMT_UNSAT when no pair is left open;
 * SMT_UNKNOWN at the deadline with pairs still open. */
static SmtAnswer pairs_next(PairSearch *p, Solver *sv, Z3_ast f, const Z3_ast sel[2], const Candidate *c,
                            Z3_ast *pick, Z3_model *model)
{
    Smt *s = sv->smt;
    int n = p->n;
    while (any_open(p)) {
        for (; p->next < n * n; p->next++) {
            int k = p->next, i = k / n, j = k % n;
            if (p->state[k] != PAIR_OPEN)
                continue;
            Z3_ast g = restrict_to(s, f, sel, c, i, j);
            /* a sorting network's pair goes case by case over a loop
             * variable's few values first (solve_by_cases): each case's
             * `&` and `<<` are over numbers */
            bool cases = p->round == 0 && lemmas_split_helps(s, &sv->noted, g);
            SmtAnswer a = cases ? solve_by_cases(sv, g, p->units, model) : SMT_UNKNOWN;
            if (a == SMT_UNKNOWN && !given_up(s))
                a = solve_seeded(sv, g, p->units, p->round, model);
            if (given_up(s)) {
                smt_model_free(s, *model);
                *model = NULL;
                return SMT_UNKNOWN;
            }
            if (a == SMT_UNSAT)
                p->state[k] = PAIR_CLOSED;
            if (a == SMT_SAT) {
                p->state[k] = PAIR_DONE;
                if (p->state[j * n + i] == PAIR_OPEN)
                    p->state[j * n + i] = PAIR_DONE;
                p->next++;
                *pick = g;
                return SMT_SAT;
            }
        }
        p->next = 0;
        p->round++;
        if (p->units <= UINT32_MAX / 2)
            p->units *= 2;
    }
    return SMT_UNSAT;
}

void race_search_start(RaceSearch *rs)
{
    rs->merged = NULL;
    rs->excluded = rs->sv->smt->t;
    rs->tried = false;
    rs->pairs = (PairSearch){0};
}

void race_search_exclude(RaceSearch *rs, Z3_ast exclude)
{
    Smt *s = rs->sv->smt;
    rs->f = smt_and2(s, rs->f, exclude);
    rs->excluded = smt_and2(s, rs->excluded, exclude);
    if (rs->merged)
        rs->merged = smt_and2(s, rs->merged, exclude);
}

void race_search_free(RaceSearch *rs)
{
    pairs_free(&rs->pairs);
}

/* The whole query, and where it does not settle within its budget, the
 * merged one. */
static SmtAnswer whole_race(RaceSearch *rs, Z3_model *m)
{
    Smt *s = rs->sv->smt;
    unsigned units = WHOLE_QUERY_UNITS;
    SmtAnswer a = solve_small_within(rs->sv, rs->f, rs->small, rs->nsmall, m, units);
    if (a != SMT_UNKNOWN || s->failed || smt_expired_while(s))
        return a;
    if (!rs->tried) {
        rs->merged = rs->merge(rs->merge_ctx, rs->excluded);
        rs->tried = true;
    }
    if (!rs->merged)
        return a; /* no sites to merge */
    return solve_small_within(rs->sv, rs->merged, rs->small, rs->nsmall, m, units);
}

/* First as a whole, and once that does not settle within its budget,
 * pair by pair of sites from then on (pairs.state set). */
SmtAnswer race_search_next(RaceSearch *rs, Z3_model *m)
{
    Smt *s = rs->sv->smt;
    Z3_ast f = rs->f;
    *m = NULL;
    if (!rs->pairs.state) {
        PairSearch probe = {0};
        bool split = rs->n > 1 && pairs_init(&probe, rs->c, rs->n, rs->writers_only) > MIN_PAIRS_TO_SPLIT;
        pairs_free(&probe);
        /* a sorting network's query goes to its pairs at once: they
         * settle case by case where the whole does not */
        bool cases = split && lemmas_split_helps(s, &rs->sv->noted, f);
        SmtAnswer a = cases   ? SMT_UNKNOWN
                      : split ? whole_race(rs, m)
                              : solve_small_within(rs->sv, f, rs->small, rs->nsmall, m, 0);
        if (a != SMT_UNKNOWN || !split || s->failed || smt_expired_while(s))
            return a;
        pairs_init(&rs->pairs, rs->c, rs->n, rs->writers_only);
    }
    Z3_ast pick;
    SmtAnswer a = pairs_next(&rs->pairs, rs->sv, f, rs->sel, rs->c, &pick, m);
    if (a == SMT_SAT && *m)
        solve_shrink_model(rs->sv, pick, rs->small, rs->nsmall, m);
    return a;
}
