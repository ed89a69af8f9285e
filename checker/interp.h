/* `mapkit run`: the executable semantics of protocols [CAV21 Fig. 2],
 * for concrete launch sizes and parameter values.  It is the oracle the SMT
 * engines are tested against.
 *
 * Every thread of the grid runs the protocol; unknowns (`local x;`) and
 * per-thread constants (`const local`) take every value in 0..values-1, so
 * each thread has a set of executions.  Races are looked for between the
 * executions of two distinct threads, barrier divergence between two
 * threads of one block whose sequences of sync instances differ.
 *
 * Ownership: the result is the caller's (result_free). */
#ifndef MAPKIT_INTERP_H
#define MAPKIT_INTERP_H

#include "facts.h"
#include "launch.h"
#include "result.h"

typedef struct RunOptions {
    Launch launch; /* sizes and parameter values (LF_EQUALS facts) */
    int64_t values;    /* unknowns and thread-local constants range over 0..values-1 */
    int64_t max_steps; /* statements executed, over all executions */
    bool all;          /* every racing pair of sites, not only the first per array */
    bool only_intra_group; /* global arrays too are checked within a block only */
    bool only_across_blocks; /* only races between threads of two blocks (past a divergence) */
    bool strict_writes;    /* two writes of one value to a cell race too (DESIGN.md, Writes) */
    double deadline_ms;    /* on smt_now_ms's clock; 0: none (--timeout given to run) */
} RunOptions;

/* The most the run may keep of what the threads executed: past it, the
 * kernel is unknown rather than the machine out of memory. */
#define RUN_MAX_RECORD_BYTES ((size_t)2 << 30)

void run_options_default(RunOptions *o);
KernelResult *interp_run(const Facts *f, const RunOptions *o);

#endif
