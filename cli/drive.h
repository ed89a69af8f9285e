/* The loop `check` and `run` share: load each file, take each kernel (or
 * the one --kernel names), hand it to an engine, report, and fold the exit
 * codes (DESIGN.md, "Exit codes").  Borrows the options. */
#ifndef MAPKIT_DRIVE_H
#define MAPKIT_DRIVE_H

#include "facts.h"
#include "options.h"
#include "result.h"

typedef KernelResult *(*KernelEngine)(const Facts *f, const CliOptions *o);

int drive_kernels(const CliOptions *o, KernelEngine engine);

#endif
