/* One race query per pair of access sites: pairs.h says when and why. */
#include "pairs.h"

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

static AccessMode mode_of(const Candidate *c)
{
    return (AccessMode)c->site->stmt->u.access.mode;
}

static bool may_race(AccessMode a, AccessMode b)
{
    return !(a == ACC_RD && b == ACC_RD) && !(a == ACC_ATOMIC && b == ACC_ATOMIC);
}

int pairs_init(PairSearch *p, const Candidate *c, int n, bool writers_only)
{
    int open_pairs = 0;
    p->n = n;
    p->state = xcalloc((size_t)n * (size_t)n + 1, sizeof *p->state);
    p->next = 0;
    p->units = PAIR_FIRST_UNITS;
    p->round = 0;
    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++) {
            AccessMode a = mode_of(&c[i]), b = mode_of(&c[j]);
            bool open = may_race(a, b) && !(writers_only && a == ACC_RD);
            /* symmetric threads: (j, i) asks what (i, j) asks */
            if (writers_only && b != ACC_RD && j < i)
                open = false;
            p->state[i * n + j] = open ? PAIR_OPEN : PAIR_SKIP;
            open_pairs += open;
        }
    return open_pairs;
}

void pairs_free(PairSearch *p)
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

SmtAnswer pairs_next(PairSearch *p, Solver *sv, Z3_ast f, const Z3_ast sel[2], const Candidate *c, Z3_ast *pick,
                     Z3_model *model)
{
    Smt *s = sv->smt;
    int n = p->n;
    while (any_open(p)) {
        for (; p->next < n * n; p->next++) {
            int k = p->next, i = k / n, j = k % n;
            if (p->state[k] != PAIR_OPEN)
                continue;
            Z3_ast g = restrict_to(s, f, sel, c, i, j);
            SmtAnswer a = solve_seeded(sv, g, p->units, p->round, model);
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
