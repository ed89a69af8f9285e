/* What the calls of a translation unit pass to the project's functions
 * (docs/projects.md, "Values from callers"): the host reading of one
 * unit (host_range.c) writes them, the project driver gathers
 * every unit's, and the reading of a launch in another unit uses them.
 * No libclang here: the driver stores them in its index.
 *
 * Ownership: a HostCalls owns its strings (host_calls_free); one the
 * driver merges from several borrows them (free its arrays only). */
#ifndef MAPKIT_INFER_CALLS_H
#define MAPKIT_INFER_CALLS_H

#include <stdbool.h>
#include <stdint.h>

/* A call's argument arg to the function whose USR is callee: a range
 * (as host_eval.h's HostRange: [lo, hi] where known, congruent to rem
 * modulo mod; mod 1 any integer, mod 0 exactly rem), or (from not NULL)
 * the caller's own parameter from_arg passed on, from the caller's USR. */
typedef struct HostCallFact {
    char *callee;
    int arg;
    bool lo_known, hi_known;
    int64_t lo, hi, mod, rem;
    char *from;
    int from_arg;
    int same_as; /* the first argument of the same call whose value this one is (`f(m, n)` after `m = n = s`), or -1 */
    const char *unit; /* in a project's gathered list, the real path of the unit the call is in (borrowed) */
} HostCallFact;

/* The facts, and the functions the units name other than in calls
 * (their address taken: they may be called unseen). */
typedef struct HostCalls {
    HostCallFact *facts;
    int n, cap;
    char **escaped;
    int nescaped, capescaped;
    /* the names a call may be of that clang dropped with an error in a
     * host function: calls of such a function may be missing */
    char **dropped;
    int ndropped, capdropped;
} HostCalls;

void host_calls_free(HostCalls *c);

#endif
