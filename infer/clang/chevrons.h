/* What nvcc reads and clang does not, rewritten in place of the same
 * length before parsing (chevrons.c): launch chevrons written with spaces
 * (`k << < g, b >> > (a)`), and `__device__ __shared__` on a local.
 *
 * Ownership: the text returned is malloc'd, the caller frees it. */
#ifndef MAPKIT_INFER_CHEVRONS_H
#define MAPKIT_INFER_CHEVRONS_H

#include <stdbool.h>
#include <stddef.h>

/* A copy of text whose spaced launch chevrons are closed up (`<<< ` and
 * `>>> `, the same length), or NULL when it has none. */
char *launch_chevrons_closed(const char *text, size_t len);
/* A copy of text with `__device__` blanked where `__shared__` comes right
 * before or after it, or NULL when there is none: nvcc accepts `__device__
 * __shared__ float t[64];` in a function, clang refuses `__device__` on a
 * local, and on a shared variable it says nothing `__shared__` does not. */
char *device_shared_blanked(const char *text, size_t len);

#endif
