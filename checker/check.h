/* Checking one kernel (seed 000, Fig. 1): well-formedness and barrier
 * divergence first, then races with the chosen engine:
 *   "interval" (default) - interval.c, polynomial in synchronized-loop nesting;
 *   "align"              - align.c + split.c, the paper's reference pipeline.
 * Ownership: the result is the caller's (result_free). */
#ifndef MAPKIT_CHECK_H
#define MAPKIT_CHECK_H

#include "encode.h"
#include "result.h"

/* --timeout's default for a kernel (check, gen --gv-header, the vacuity
 * check before them): the one place it is written. */
enum { CHECK_DEFAULT_TIMEOUT_MS = 20000 };

KernelResult *check_kernel(const Facts *f, const CheckConfig *cfg, const char *engine);
/* The solver for one kernel's checks: its deadline is cfg's timeout (or
 * the default) after the kernel began loading (cfg->started_ms), so every
 * stage, the vacuity check included, spends one budget. */
Smt *check_smt_new(const CheckConfig *cfg);

/* Vacuity (vacuity.c): can the launch facts and the kernel's top-level
 * assumptions hold together?  answer is SMT_SAT when they can, SMT_UNSAT
 * when they contradict each other (then notes say which, in order; a
 * note's loc.file is NULL for a fact from the command line), and
 * SMT_UNKNOWN when the solver could not tell (checking goes on). */
typedef struct VacuityNote {
    Loc loc;
    char text[160];
} VacuityNote;

typedef struct Vacuity {
    SmtAnswer answer;
    VacuityNote *notes;
    int nnotes, capnotes;
} Vacuity;

Vacuity vacuity_check(const Facts *f, const CheckConfig *cfg);
void vacuity_free(Vacuity *v);

/* The stages, each in its own file. */
bool wellformed_check(Enc *e, Z3_ast base, KernelResult *r); /* wellformed.c */
void interval_races(Enc *e, KernelResult *r);                 /* interval.c */
/* T1 at p1 and T2 at p2, threads of one block, are in the same barrier
 * interval (interval.c). */
Z3_ast interval_same(Enc *e, const Path *p1, const Path *p2);
/* Raises the ShareGroup of each `local x = rd A[i];` whose value the
 * solver proves shared (docs/language.md 3.4; uniform.c).  enc_new calls
 * it once per Facts. */
void uniform_reads_decide(Enc *e);
/* Races of a global array between two blocks, which only `sync grid;`
 * orders (the grid phases, interval.c); false when the solver gave up. */
bool interval_races_across_blocks(Enc *e, const Sym *array, Z3_ast base, KernelResult *r);
/* Races of one block's threads in different tiles of the smallest `sync
 * tile(N);` (interval.c): aligning cuts at every sync, right only for two
 * threads of one tile; false when the solver gave up. */
bool interval_races_other_tiles(Enc *e, const Sym *array, Z3_ast base, KernelResult *r);
void align_races(Enc *e, KernelResult *r);                    /* align.c, split.c */

#endif
