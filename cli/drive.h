/* The loop `check` and `run` share: load each file, take each kernel (or
 * the one --kernel names), hand it to an engine, report, and fold the exit
 * codes (DESIGN.md, "Exit codes").  Borrows the options. */
#ifndef MAPKIT_DRIVE_H
#define MAPKIT_DRIVE_H

#include "facts.h"
#include "options.h"
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

#endif
