/* `mapkit fuzz --emulate`'s part of --against (against_emulate.c): the
 * program emulated, the command, and what counts as a disagreement. */
#ifndef MAPKIT_FUZZ_AGAINST_EMULATE_H
#define MAPKIT_FUZZ_AGAINST_EMULATE_H

#include "against.h"
#include "randproto.h"

/* gen --main's code of the case at l, its __requires made to end the
 * emulated run when it fails (malloc'd; NULL when generation fails). */
char *emulate_case_code(Program *p, const RandLaunch *l, const char *source_name, bool opencl);
/* "TOOL --no-host --timeout=MS -b X,Y,Z -g X,Y,Z -p n=V --array A=8 {}"
 * (malloc'd): tool is `PATH emulate`; its limit fits within wall_ms, the
 * harness's; each global array of prog of a declared first size gets that
 * many elements. */
char *emulate_command(const char *tool, const Program *prog, const RandLaunch *l, int wall_ms);
/* Does the protocol (its canonical text) leave no value to the execution
 * (no unknown)? */
bool emulate_values_fixed(const char *canon);
/* The category of an emulation's answer, from against_categorize's c and
 * emulate's output: a label that one execution does not show is not
 * reproduced, unless every value is fixed and no access left the buffers;
 * a divergent label agrees with a run that shows the divergence. */
AgainstCategory emulate_category(Verdict label, AgainstCategory c, Verdict said, bool fixed, const char *output);

#endif
