/* check --confirm (docs/emulate.md): each race and divergence of a CUDA
 * kernel replayed by running the kernel itself (fuzz/emulate.h) with the
 * witness's launch sizes and uniform values. */
#ifndef MAPKIT_CONFIRM_H
#define MAPKIT_CONFIRM_H

#include "options.h"
#include "result.h"

/* Marks each of r's alarms confirmed (1) or not reproduced (-1) and puts
 * the confirmed races first.  A kernel not read from a .cu file is left
 * as it is. */
void confirm_alarms(KernelResult *r, const CliOptions *o);

#endif
