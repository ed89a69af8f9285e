/* Launch chevrons written with spaces (`k << < g, b >> > (a)`), which nvcc
 * reads as a launch and clang does not (chevrons.c).
 *
 * Ownership: the text returned is malloc'd, the caller frees it. */
#ifndef MAPKIT_INFER_CHEVRONS_H
#define MAPKIT_INFER_CHEVRONS_H

#include <stdbool.h>
#include <stddef.h>

/* A copy of text whose spaced launch chevrons are closed up (`<<< ` and
 * `>>> `, the same length), or NULL when it has none. */
char *launch_chevrons_closed(const char *text, size_t len);

#endif
