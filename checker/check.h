/* Checking one kernel [CAV21 Fig. 1]: well-formedness and barrier
 * divergence first, then races with the chosen engine:
 *   "interval" (default) - interval.c, polynomial in synchronized-loop nesting;
 *   "align"              - align.c + split.c, the paper's reference pipeline.
 * Ownership: the result is the caller's (result_free). */
#ifndef MAPKIT_CHECK_H
#define MAPKIT_CHECK_H

#include "encode.h"
#include "result.h"
#include "solve.h"

/* --timeout's default for a kernel (check, gen --gv-header, the vacuity
 * check before them): the one place it is written. */
enum { CHECK_DEFAULT_TIMEOUT_MS = 20000 };

/* The race engine (the header's comment above says what each does). */
typedef enum { ENGINE_INTERVAL, ENGINE_ALIGN } CheckEngine;
/* "interval", "align"; false for another name. */
bool check_engine_named(const char *name, CheckEngine *out);
const char *check_engine_name(CheckEngine e);

KernelResult *check_kernel(const Facts *f, const CheckConfig *cfg, CheckEngine engine);
/* The solver for one kernel's checks: its deadline is cfg's timeout (or
 * the default) after the kernel began loading (cfg->started_ms), so every
 * stage, the vacuity check included, spends one budget. */
Solver *check_solver_new(const CheckConfig *cfg);
/* An encoder of f over sv's context, for the stages that ask sv, with
 * the values read through memory that the threads share decided
 * (uniform_reads_decide). */
Enc *check_enc_new(Solver *sv, const Facts *f, const CheckConfig *cfg);

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

/* The formulas of the stages, for --conditions (conditions.c): some two
 * threads diverge at a sync (wellformed.c); some two threads race, in the
 * interval engine's encoding (interval.c).  Both include base. */
Z3_ast divergence_formula(Enc *e, Z3_ast base);
Z3_ast race_formula(Enc *e, Z3_ast base);

/* --conditions (conditions.c): the weakest condition on the uniform
 * names (launch sizes, uniform parameters) under which the kernel is DRF
 * and its barriers aligned, by quantifier elimination, among the launches
 * whose unused axes are 1 (pinned).  text is malloc'd
 * (the caller frees it): a C-like condition (COND_SOME; "true" or "false"
 * for COND_ALWAYS and COND_NEVER), or why there is none (COND_UNKNOWN). */
typedef enum { COND_SOME, COND_ALWAYS, COND_NEVER, COND_UNKNOWN } ConditionsKind;
typedef struct Conditions {
    ConditionsKind kind;
    char *text;
    /* The axes the kernel does not use are sizes of 1 in the encoding, so
     * the condition is among such launches: "blockDim.y == 1 && ...",
     * malloc'd (the caller frees it), NULL when there are none.
     * (A[threadIdx.x] in a 2-D block races: the condition says nothing of it.) */
    char *pinned;
} Conditions;
Conditions conditions_of(const Facts *f, const CheckConfig *cfg);
const char *conditions_kind_name(ConditionsKind k);

/* bounds.c: adds to l, on each block axis the launch does not give, the bounds
 * blockDim.<axis> <= N - c that the accesses every thread makes to a
 * sized array, tile[threadIdx.<axis> + c] on N cells, imply (FROM_ARRAY_BOUNDS). */
void launch_array_bounds(const Kernel *k, Launch *l);

/* The stages, each in its own file. */
bool wellformed_check(Enc *e, Z3_ast base, KernelResult *r); /* wellformed.c */
void interval_races(Enc *e, KernelResult *r);                 /* interval.c */
/* Raises the ShareGroup of each `local x = rd A[i];` whose value the
 * solver proves shared (docs/language.md 3.4; uniform.c), once per Facts
 * (check_enc_new calls it), and not for the vacuity check's encoding. */
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
