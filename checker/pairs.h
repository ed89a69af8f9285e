/* One race query per pair of access sites (docs/checker.md).
 *
 * A race query lets each thread pick any access of the array (a selector
 * `site$T`).  Z3 decides most such queries at once, but for some real
 * kernels (sorting networks: odd-even merge sort's `2*tid - (tid &
 * (stride - 1))`, histograms with permuted columns) the whole query runs
 * past the deadline while every query with both picks fixed takes
 * milliseconds.  The interval engine tries the whole query with a budget
 * first, and when that does not settle it, asks the pairs: round-robin,
 * with a budget that doubles and a new seed each round, so that one hard
 * pair does not starve the others.  Any satisfiable pair is a race; all
 * pairs unsatisfiable is data-race freedom; otherwise unknown.
 *
 * Ownership: PairSearch owns its state array (pairs_free). */
#ifndef MAPKIT_PAIRS_H
#define MAPKIT_PAIRS_H

#include "race_query.h"
#include "solve.h"

typedef struct PairSearch {
    int n;               /* candidates per thread */
    signed char *state;  /* n * n: PairState, T1's candidate major */
    int next;            /* where the round-robin goes on */
    unsigned units;      /* this round's budget per pair */
    unsigned round;      /* also Z3's seed */
} PairSearch;

/* The pairs worth a query: T2 sees every candidate, T1 the writers only
 * when the threads are symmetric (writers_only), then one of two mirrored
 * write pairs; never two reads or two atomics. */
int pairs_init(PairSearch *p, const Candidate *c, int n, bool writers_only); /* how many */
void pairs_free(PairSearch *p);

/* The next satisfiable pair of f (the whole race formula, with the
 * selectors sel[0], sel[1]): SMT_SAT with *pick, f restricted to it, and
 * *model, a model of it that the caller frees (the pair is then done: the
 * caller asks again for --all); SMT_UNSAT when no pair is left open;
 * SMT_UNKNOWN at the deadline with pairs still open. */
SmtAnswer pairs_next(PairSearch *p, Solver *sv, Z3_ast f, const Z3_ast sel[2], const Candidate *c, Z3_ast *pick,
                     Z3_model *model);

#endif
