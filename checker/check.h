/* Checking one kernel (seed 000, Fig. 1): well-formedness and barrier
 * divergence first, then races with the chosen engine:
 *   "interval" (default) - interval.c, polynomial in synchronized-loop nesting;
 *   "align"              - align.c + split.c, the paper's reference pipeline.
 * Ownership: the result is the caller's (result_free). */
#ifndef MAPKIT_CHECK_H
#define MAPKIT_CHECK_H

#include "encode.h"
#include "result.h"

KernelResult *check_kernel(const Facts *f, const CheckConfig *cfg, const char *engine);

/* The stages, each in its own file. */
bool wellformed_check(Enc *e, Z3_ast base, KernelResult *r); /* wellformed.c */
void interval_races(Enc *e, KernelResult *r);                 /* interval.c */
/* Races of a global array between two blocks, which only `sync grid;`
 * orders (the grid phases, interval.c); false when the solver gave up. */
bool interval_races_across_blocks(Enc *e, const Sym *array, Z3_ast base, KernelResult *r);
void align_races(Enc *e, KernelResult *r);                    /* align.c, split.c */

#endif
