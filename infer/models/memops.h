/* memcpy and memset in device code (memops.c): the ranges of cells other
 * models' copies cover too.
 *
 * Ownership: as infer_ctx.h says. */
#ifndef MAPKIT_INFER_MEMOPS_H
#define MAPKIT_INFER_MEMOPS_H

#include "env.h"

/* Emits `foreach (k in 0 .. count) { }` and enters its body (block_leave
 * with m closes it); returns k. */
Expr *emit_count_loop(Infer *in, Expr *count, BlockMark *m, Loc loc);
/* The cells `bytes` bytes from pointer p cover (NULL: an unknown count),
 * accessed with mode; `name` is the call's, for messages. */
void memops_range(Infer *in, const char *name, CXCursor call, Value p, Expr *bytes, AccessMode mode, Loc loc);

#endif
