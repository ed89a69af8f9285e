/* Races past a divergent barrier (DESIGN.md "Divergence and races";
 * docs/checker.md "divergence and races").  The races reported for a
 * kernel with a sync that may diverge are those no such sync could
 * prevent: between two accesses of one stretch of the kernel between
 * divergent syncs, outside any loop around one.  Each stage (the engines,
 * `mapkit run`) checks each stretch as a protocol of its own: the
 * divergent syncs and the accesses of the other stretches are silenced
 * (they read `assume true`), so every stage checks the same protocols.
 *
 * Ownership: the silenced statements are the kernel's own, changed in
 * place; restore_stmts puts them back and frees the list.  Facts built
 * while a statement is silenced must not outlive the restore. */
#ifndef MAPKIT_DIVERGE_H
#define MAPKIT_DIVERGE_H

#include "facts.h"
#include "result.h"

typedef struct Silenced {
    Stmt **stmts;
    Stmt *saved;
    int n;
} Silenced;

/* Is one of the silenced statements a `sync grid;`?  Then the races
 * between blocks that it could prevent are among those not looked for. */
bool silenced_grid_sync(const Silenced *s);

/* s (a sync or an access of the kernel) reads `assume true` until
 * restore_stmts. */
void silence_stmt(Silenced *s, const Stmt *stmt);
void restore_stmts(Silenced *s);

/* Silences the sync r diverges at, then each further one that recheck
 * (the caller's stage, run on the kernel as silenced so far) finds, one
 * at a time: the first divergence is the one r reports.  True when every
 * divergent sync was found; false when a recheck could not decide, and
 * then r's message says why races were not checked. */
typedef KernelResult *(*Recheck)(const Facts *f, void *ctx);
bool silence_divergent_syncs(Kernel *k, KernelResult *r, Silenced *quiet, Recheck recheck, void *ctx);

/* Calls check once for each stretch of k between the silenced syncs that
 * has accesses, with the facts of k where only that stretch's accesses
 * remain (syncs stays silenced throughout). */
typedef void (*StretchCheck)(const Facts *f, void *ctx);
void check_stretches(Kernel *k, const Silenced *syncs, StretchCheck check, void *ctx);

#endif
