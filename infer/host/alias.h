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

/* The merges made so far, across every launch read: a later launch that
 * names a parameter whose array was merged away finds where its cells
 * are now (alias_current), so that it is checked against the offset that
 * merge fixed instead of taken for an unused parameter. */
typedef struct AliasMerge {
    const Kernel *k;
    unsigned from_off, into_off; /* the arrays' declarations (their loc.off) */
    const char *from_name, *into_name;
    int64_t offset; /* from[i] became into[i + offset] */
} AliasMerge;

typedef struct AliasLog {
    AliasMerge *m;
    int n, cap;
} AliasLog;

void alias_log_free(AliasLog *log);

/* Makes `from` one with `into`: every access from[i] becomes
 * into[i + offset] (offset >= 0 elements), and `from` is no longer
 * declared; the merge is logged.  False when the two cannot be one by
 * cells (element types or dimensions differ): nothing is changed then. */
bool alias_merge(Program *p, Kernel *k, AliasLog *log, ArrayDecl *into, ArrayDecl *from, int64_t offset);

/* The array of k declared at decl_off (named name; any name when NULL)
 * as it is now: itself, or the array it was merged into, *shift the cell
 * of that array its cell 0 became.  NULL when k has no such array (an
 * unused parameter). */
ArrayDecl *alias_current(Kernel *k, const AliasLog *log, unsigned decl_off, const char *name, int64_t *shift);

/* An `opaque;` at the end of the kernel: something of it is not in the
 * protocol (the verdict is at best unknown). */
void alias_opaque(Program *p, Kernel *k, Loc loc);

#endif
