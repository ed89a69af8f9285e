/* `check --explain`: under a race, each thread's path from the kernel's
 * start to its racing access, one source line per step: the barriers it
 * passed, the loops it is in (with the loop variable's value in the
 * witness), the branches it took.  Borrows everything. */
#ifndef MAPKIT_EXPLAIN_H
#define MAPKIT_EXPLAIN_H

#include "result.h"

#include <stdio.h>

void explain_race(FILE *out, const Kernel *k, const Witness *w);

#endif
