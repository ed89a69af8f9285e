/* Delta debugging over the [CAV21 Fig. 2] protocol tree (docs/fuzz.md): given a
 * protocol on which a predicate holds (two oracles disagree, say), find a
 * smaller one on which it still holds.  Greedy and deterministic: it tries
 * the edits of edit.h, coarse ones first (whole kernels, half blocks), then
 * single statements, unwrapping, simpler expressions, unused declarations,
 * keeps every candidate whose canonical text is shorter and still
 * satisfies the predicate, and repeats until a whole pass changes nothing.
 *
 * Ownership: shrink_protocol returns a malloc'd text; it borrows the input
 * and the predicate's context. */
#ifndef MAPKIT_FUZZ_SHRINK_H
#define MAPKIT_FUZZ_SHRINK_H

#include <stdbool.h>

/* Does the property still hold on this (parsed and resolved) text? */
typedef bool (*ShrinkPredicate)(const char *text, void *ctx);

typedef struct ShrinkStats {
    int tries;    /* predicate calls */
    int accepted; /* edits kept */
    int stmts_before, stmts_after;
    int chars_before, chars_after;
} ShrinkStats;

/* `text` must parse; the result is canonical and satisfies `keep` if the
 * input's canonical form does (else it is that canonical form).  At most
 * max_tries predicate calls (<= 0: no limit). */
char *shrink_protocol(const char *text, ShrinkPredicate keep, void *ctx, int max_tries, ShrinkStats *st);

#endif
