/* `--assume FACT`: a fact about an array's contents that the user states
 * for the kernels checked (docs/language.md 3.10): FACT is
 * `nondecreasing(A)`, `nondecreasing(A, LEN)`, `sorted(...)` (the same)
 * or `injective(A[, LEN])`, LEN a sum of numbers and parameters (`n + 1`).
 * Applied, it is the declaration's own fact, printed with the verdict.
 *
 * Ownership: an AssumedFact points into argv; expressions it builds live
 * in the kernel's Program. */
#ifndef MAPKIT_ASSUME_H
#define MAPKIT_ASSUME_H

#include "ast.h"
#include "diag.h"

#include <stdbool.h>

/* Is text a fact --assume accepts?  On false, *why says what is wrong. */
bool assume_fact_valid(const char *text, const char **why);

/* Gives the array of each kernel of p that the fact names (by its name in
 * the protocol, or the C name the front end renamed: `in` is `in_`) the
 * fact; a kernel whose array states another fact keeps its own.  False
 * (with an error) when the array is no row of integers, the length names
 * a parameter the kernel lacks, or, with must_find, no kernel of p has
 * such an array (a unit of a project need not). */
bool assume_fact_apply(const char *text, Program *p, const char *path, bool must_find, Diag *d);

#endif
