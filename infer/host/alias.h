/* One buffer passed as two pointer parameters (alias.c; docs/inference.md,
 * "Launches in the host code"): the kernel's two global arrays become one.
 *
 * Ownership: everything lives in the Program's arena. */
#ifndef MAPKIT_INFER_ALIAS_H
#define MAPKIT_INFER_ALIAS_H

#include "ast.h"

/* The global array a kernel parameter declared at `param_off` (the start
 * of its declaration in the kernel's file) became, or NULL (unused, or no
 * array). */
ArrayDecl *alias_param_array(Kernel *k, unsigned param_off);

/* Makes `from` one with `into`: every access from[i] becomes
 * into[i + offset] (offset >= 0 elements), and `from` is no longer
 * declared.  False when the two cannot be one by cells (element types or
 * dimensions differ): nothing is changed then. */
bool alias_merge(Program *p, Kernel *k, ArrayDecl *into, ArrayDecl *from, int64_t offset);

/* An `opaque;` at the end of the kernel: something of it is not in the
 * protocol (the verdict is at best unknown). */
void alias_opaque(Program *p, Kernel *k, Loc loc);

#endif
