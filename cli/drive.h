/* The loop `check` and `run` share: load each file, take each kernel (or
 * the one --kernel names), hand it to an engine, report, and fold the exit
 * codes (DESIGN.md, "Exit codes").  Borrows the options. */
#ifndef MAPKIT_DRIVE_H
#define MAPKIT_DRIVE_H

#include "facts.h"
#include "options.h"
#include "report.h"
#include "result.h"

/* A kernel's clock: when its time began (smt_now_ms's clock) and what ran
 * since then (loading the file: "parsing" or "inferring", its share of
 * it), so that --timeout covers a kernel's whole time. */
typedef struct KernelClock {
    double started_ms;
    const char *started_while;
} KernelClock;

typedef KernelResult *(*KernelEngine)(const Facts *f, const CliOptions *o, KernelClock clock);

int drive_kernels(const CliOptions *o, KernelEngine engine);

/* Issue 13: assumptions that contradict each other rule out every
 * execution, so any verdict would be vacuous.  That is an input error
 * (exit 2): an error at the kernel and a note at each assumption of the
 * conflict, to d, and a kernel with status "error" to rep when it writes
 * JSON or SARIF (rep may be NULL).  False when the kernel is not to be
 * checked; an undecided query warns and lets it be checked. */
bool assumptions_hold(const Facts *f, const CheckConfig *cfg, Reporter *rep, Diag *d);

#endif
