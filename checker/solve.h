/* The solve stage: how a query is decided.  The stages build a query
 * (the encoders, encode.h) and ask solve to decide it; solve owns the
 * strategy and its state:
 *   - lemmas: valid facts about the query's products, residues and the
 *     terms the encoders noted (lemmas.h), conjoined to every query;
 *   - the linear relaxation (relax.h), one short try before a query that
 *     is hoped unsatisfiable, in a second Z3 context of its own;
 *   - budgeted, reseeded attempts: a budget of work that doubles with a
 *     new seed each time, up to the deadline;
 *   - the witness ladder: a second search for a model whose values are
 *     small.
 * Each attempt is one call of smt.h.  The sequence of calls depends on
 * the units of work alone, never on the clock (only the deadline does),
 * so a verdict does not depend on the machine's load.
 *
 * Ownership: a Solver owns its Smt (given to solver_new), its tables and
 * the relaxation's context (solver_free). */
#ifndef MAPKIT_SOLVE_H
#define MAPKIT_SOLVE_H

#include "lemmas.h"
#include "smt.h"

typedef struct Solver {
    Smt *smt; /* the kernel's context: every query's terms */
    /* The terms the encoders noted for the lemmas (lemmas.h), in smt. */
    LemmaTerms noted;
    /* A second context for the linear relaxation (relax.h), created on
     * first use: the terms it builds never enter smt, so the real attempts
     * see the same AST ids, hence the same search, as without it. */
    Smt *relaxed;
    LemmaTerms relaxed_noted; /* noted, translated into relaxed */
    /* At most this many units of work over all attempts (0: no cap, the
     * deadline alone): a query worth a bounded try whose answer must not
     * depend on the machine's load. */
    uint64_t units_cap, units_spent;
} Solver;

Solver *solver_new(Smt *smt);
void solver_free(Solver *sv);

/* Is f satisfiable?  Retries up to the deadline.  On SMT_SAT and when model
 * is not NULL, *model is a reference the caller releases with
 * smt_model_free. */
SmtAnswer solve(Solver *sv, Z3_ast f, Z3_model *model);
/* solve given at most `units` of work (a check worth only a try). */
SmtAnswer solve_within(Solver *sv, Z3_ast f, unsigned units);
/* One try with `units` of work and Z3's random seed `seed`: for a caller
 * that shares the time among several queries, reseeding as it retries. */
SmtAnswer solve_seeded(Solver *sv, Z3_ast f, unsigned units, unsigned seed, Z3_model *model);
/* f decided case by case over the values of a noted term of f with a few
 * known values (lemmas.h, DomainTerm): one attempt of `units` per value
 * and one for all other values.  SMT_SAT (with *model, as solve_seeded)
 * as soon as a case is, SMT_UNSAT when every case is, SMT_UNKNOWN
 * otherwise, also when f has no such term. */
SmtAnswer solve_by_cases(Solver *sv, Z3_ast f, unsigned units, Z3_model *model);
/* Like solve, but when f is satisfiable the model keeps the given integer
 * terms small (within 0..K for the smallest K of a short ladder), so
 * witnesses read like the paper's: tid = 1 and 0, not 1073741823. */
SmtAnswer solve_small(Solver *sv, Z3_ast f, const Z3_ast *terms, int n, Z3_model *model);
/* The same with one try of `units` of work to find the first model (0:
 * solve's retries up to the deadline). */
SmtAnswer solve_small_within(Solver *sv, Z3_ast f, const Z3_ast *terms, int n, Z3_model *model, unsigned units);
/* *model (of f), replaced by one whose terms are small when the ladder
 * finds one within its budget. */
void solve_shrink_model(Solver *sv, Z3_ast f, const Z3_ast *terms, int n, Z3_model *model);

#endif
