/* One thread's choice of an access site, with the sites whose indices
 * differ only by numbers merged into one symbolic site.
 *
 * SHOC's S3D kernels write `RF[(q - 1) * B * G + gid]` for a few hundred
 * numbers q, one site each: the race query is a choice among them per
 * thread, and the solver closes each pair of choices separately (some
 * 20,000 cases; pair by pair, minutes).  Merged, a thread's choice is
 * `idx = (k - 1) * B * G + gid` with `k` one of the numbers: the product
 * lemma (k1 != k2 puts k1 * B * G and k2 * B * G at least B * G apart)
 * and gid < B * G settle every pair at once.
 *
 * Exact: for a site m of a group, the template with m's numbers put back
 * is m's index, and k takes m's numbers exactly when the thread picks m
 * (the selector still names each site, for the witness and solve_race.c).
 * Sites are merged only when their conditions (guards and preconditions)
 * are the same term.  Ownership: terms live in the Smt's context. */
#ifndef MAPKIT_GROUPS_H
#define MAPKIT_GROUPS_H

#include "smt.h"

/* One site as a thread would pick it: `pick` (the selector's value), its guards and preconditions, its index terms, and `rest` (what
 * else holds with it: the value it writes). */
typedef struct SiteChoice {
    Z3_ast pick, guards, assumes;
    Z3_ast *idx; /* ndims terms */
    Z3_ast *eq;  /* idx_vars[d] == idx[d], built as the terms were (the
                  * order in which terms are made is the order of their ids,
                  * which Z3's search follows: unmerged sites keep theirs) */
    Z3_ast rest[2];
    int nrest;
} SiteChoice;

/* The disjunction over the sites of `pick && guards && assumes &&
 * idx_vars == idx && rest`, one disjunct per site. */
Z3_ast groups_each_site(Smt *s, const SiteChoice *c, int n, int ndims);

/* The same, with the sites that differ only by numbers in their indices
 * merged (at least a few of them; *groups counts the groups made): the numbers that vary
 * become constants `k!<shape>!<position>$<thread>`, named after the
 * indices' shape without the threads, so that the two threads' copies
 * are twins (lemmas.h) even where their groups differ (T1 picks only
 * writers).  Without such a group, the disjunction is the plain one. */
Z3_ast groups_choice(Smt *s, const SiteChoice *c, int n, const Z3_ast *idx_vars, int ndims, int thread,
                     int *groups);

#endif
