/* Deciding a race query: the solve stage's strategy for one array's race
 * query (docs/checker.md, "Pairs of sites").
 *
 * A race query lets each thread pick any access of the array (a selector
 * `site$T`).  Z3 decides most such queries at once, but for some real
 * kernels (sorting networks: odd-even merge sort's `2*tid - (tid &
 * (stride - 1))`, histograms with permuted columns) the whole query runs
 * past the deadline while every query with both picks fixed takes
 * milliseconds; and SHOC's S3D kernels' hundreds of sites
 * `RF[(q - 1) * B * G + gid]` settle at once with the sites that differ
 * only by numbers merged (groups.h), and in some 20,000 pairs as they are.
 * So, in this order:
 *   1. the query as it is, with a budget (with two pairs or fewer, the
 *      whole query is hardly bigger than one of them: it gets the retries
 *      up to the deadline instead, and is the only try);
 *   2. the query with the sites merged, with the same budget (merged, an
 *      index that was linear can become a product, `k * 64 * G`, which
 *      can be harder: hence second);
 *   3. pair by pair of sites: round-robin, with a budget that doubles and
 *      a new seed each round, so that one hard pair does not starve the
 *      others.  Any satisfiable pair is a race; all pairs unsatisfiable is
 *      data-race freedom; otherwise unknown.
 * A model's witness values are kept small (solve.h's ladder).
 *
 * Ownership: a RaceSearch owns its pairs' state (race_search_free); it
 * borrows the solver, the candidates and the terms. */
#ifndef MAPKIT_SOLVE_RACE_H
#define MAPKIT_SOLVE_RACE_H

#include "race_query.h"
#include "solve.h"

/* The query with the sites that differ only by numbers merged, and with
 * `excluded` (the races found so far) conjoined; NULL when no sites merge.
 * Asked at most once, when the whole query does not settle. */
typedef Z3_ast (*MergedQuery)(void *ctx, Z3_ast excluded);

/* The pairs of sites, asked round-robin. */
typedef struct PairSearch {
    int n;              /* candidates per thread */
    signed char *state; /* n * n: PairState (solve_race.c), T1's candidate major */
    int next;           /* where the round-robin goes on */
    unsigned units;     /* this round's budget per pair */
    unsigned round;     /* also Z3's seed */
} PairSearch;

typedef struct RaceSearch {
    Solver *sv;
    Z3_ast f;           /* the query, the races found so far excluded */
    const Z3_ast *sel;  /* the selectors site$1 and site$2 */
    const Candidate *c; /* T1's candidates: their selector values and modes */
    int n;
    bool writers_only;  /* T1 picks writers only (symmetric threads) */
    const Z3_ast *small; /* the values a witness shows, to be kept small */
    int nsmall;
    MergedQuery merge;
    void *merge_ctx;
    /* the state */
    Z3_ast merged;    /* NULL until asked or when no sites merge */
    Z3_ast excluded;  /* the races found so far, excluded */
    bool tried;       /* merged was asked for */
    PairSearch pairs; /* state set once the pairs are asked */
} RaceSearch;

/* A search over the query f (sv, f, sel, c, n, writers_only, small,
 * nsmall, merge and merge_ctx set by the caller; the state zero). */
void race_search_start(RaceSearch *rs);
/* The next race: SMT_SAT with *model (the caller frees it); SMT_UNSAT when
 * no race is left; SMT_UNKNOWN when the solver gave up.  The caller
 * excludes the race it read before asking again (--all). */
SmtAnswer race_search_next(RaceSearch *rs, Z3_model *model);
void race_search_exclude(RaceSearch *rs, Z3_ast exclude);
void race_search_free(RaceSearch *rs);

#endif
