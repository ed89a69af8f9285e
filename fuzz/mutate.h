/* Racy twins of DRF protocols by [SKBG]'s error injection (Sec. 6,
 * "Type 1-3"): delete the barrier that separates a write-read (type 1),
 * read-write (type 2) or write-write (type 3) pair.  A mutant is labelled
 * by the same three oracles as any protocol (oracle.h); it is a twin only
 * when they agree it is racy and the interpreter's race is of one of the
 * three types.
 *
 * Ownership: a Mutant owns its text and label (mutant_free); the parent
 * text and launch are borrowed. */
#ifndef MAPKIT_FUZZ_MUTATE_H
#define MAPKIT_FUZZ_MUTATE_H

#include "oracle.h"

typedef struct Mutant {
    char *text;       /* canonical text of the mutant */
    int sync_line;    /* line of the deleted sync in the parent's canonical text */
    Label label;
    int type;         /* 1, 2 or 3 when it is a twin, else 0 */
    const char *kind; /* the race, first access first: "write-read", ...; NULL */
} Mutant;

/* [SKBG]'s type of a race kind: 1 write-read, 2 read-write, 3
 * write-write, 0 anything else (atomics). */
int mutation_type(const char *race_kind);

/* Tries deleting up to max_tries of the parent's syncs, in an order drawn
 * from `pick` (so the same parent and pick give the same mutants), and
 * stops after `want` twins.  Every mutant tried is returned, twins or not,
 * so disagreements among the oracles on mutants are not lost.  Returns how
 * many were stored in out (at most max_tries). */
int mutate_barriers(const char *parent, const RandLaunch *launch, const OracleConfig *c, uint64_t pick,
                    int want, int max_tries, Mutant *out);
void mutant_free(Mutant *m);

#endif
