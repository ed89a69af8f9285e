/* fixpoint --emulate (fixpoint_emulate.c): the original kernel's execution
 * against the verdicts of the rounds. */
#ifndef MAPKIT_FUZZ_FIXPOINT_EMULATE_H
#define MAPKIT_FUZZ_FIXPOINT_EMULATE_H

#include "fixpoint.h"

/* Runs command (a template: `mapkit emulate --format=json ... {}`) on the
 * .cu or .cl file at path and sets each kernel's emulated and
 * emulation_consistent; a .proto is left alone. */
void fp_emulate(const char *path, const char *command, FpFile *f);

#endif
