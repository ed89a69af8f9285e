/* Races past a divergent barrier (DESIGN.md "Divergence and races";
 * docs/checker.md "Divergence and races").  A sync that may diverge is
 * left out of the race check: while it is silenced it reads `assume
 * true`, so every stage (the engines and `mapkit run`) sees one and the
 * same protocol, without that barrier.
 *
 * Ownership: the silenced statements are the kernel's own; restore_syncs
 * puts them back and frees the list.  Facts built while a sync is silenced
 * must not outlive the restore. */
#ifndef MAPKIT_DIVERGE_H
#define MAPKIT_DIVERGE_H

#include "facts.h"
#include "result.h"

typedef struct Silenced {
    Stmt **stmts;
    Stmt *saved;
    int n;
} Silenced;

/* sync (an S_SYNC of the kernel) reads `assume true` until restore_syncs. */
void silence_sync(Silenced *s, const Stmt *sync);
void restore_syncs(Silenced *s);

/* After the race check of r's kernel with the syncs of s silenced: keeps
 * the races that no silenced sync could separate (they are races in every
 * reading of those barriers) and drops the others, counting them in
 * r->ndependent; then settles the verdict (result_settle_divergence). */
void keep_independent_races(const Facts *f, const Silenced *s, KernelResult *r);

#endif
