/* The race condition of Example 2 ([CAV21 Sec. 5]; docs/checker.md, "The
 * race condition"), one query per array: each thread picks one access
 * among candidates through a selector constant `site$T` (the candidate's
 * id), `idx<d>$T` its cell; the picks conflict when the cells are one and
 * in bounds, not both read, not both atomic (unless block-scoped across
 * blocks), the tickets' draws apart, and, but under --strict-writes, the
 * written values differ.  Both engines build their queries from these
 * terms; what "same barrier interval" means is each engine's.
 *
 * Ownership: RaceTerms owns its index arrays (race_terms_free), RaceSites
 * its candidates, paths and terms (race_sites_free); terms live in the
 * Enc's Z3 context. */
#ifndef MAPKIT_RACE_QUERY_H
#define MAPKIT_RACE_QUERY_H

#include "encode.h"
#include "result.h"

typedef struct Candidate {
    const Site *site;
    Path *path; /* of this thread to the site */
    int id;     /* the selector's value for it */
} Candidate;

typedef struct RaceTerms {
    Z3_ast sel[2];
    Z3_ast *idx[2]; /* ndims terms each; for an array with byte accesses,
                     * the picked byte range [idx[0], idx[1]) */
    int ndims;
    bool bytes;     /* the array has byte accesses: overlap is decided on bytes */
    /* The value the picked access writes (`wr A[i] = e;`), and whether it
     * carries one that is known (`valued`: false for reads, atomics, plain
     * writes, and a value needing an unknown such as x / 0). */
    Z3_ast val[2], valued[2];
} RaceTerms;

/* Which write-write pairs race_conflict_values keeps. */
typedef enum {
    WRITES_DIFFER, /* the default: two writes of one known value are benign, not a race */
    WRITES_ANY,    /* --strict-writes: every conflicting pair */
    WRITES_SAME,   /* only the benign pairs: both write one known value (for the note) */
} WriteValues;

void race_terms_init(Enc *e, RaceTerms *t, int ndims);
void race_terms_free(RaceTerms *t);
/* The thread picks one of the candidates (writers only: skip reads). */
Z3_ast race_choice(Enc *e, const RaceTerms *t, int thread, const Candidate *c, int n, bool writers_only);
/* The cell T1 picked (t->idx[0]) lies inside the array's declared sizes,
 * where they are constants: a witness is an execution without
 * out-of-bounds accesses (docs/inference.md). */
Z3_ast race_in_bounds(Enc *e, const RaceTerms *t, const Sym *array);
/* The picks conflict (same cell, in bounds, not two reads, not two
 * atomics, tickets apart; T1's pick is a writer by race_choice),
 * restricted by the written values: WRITES_DIFFER or WRITES_ANY (per
 * --strict-writes) when `benign` is false, WRITES_SAME when true. */
Z3_ast race_conflict_values(Enc *e, const RaceTerms *t, const Candidate *c1, int n1, const Candidate *c2, int n2,
                            bool benign);
/* Does some write of the array carry a value (a benign pair is possible)? */
bool race_has_values(const Candidate *c, int n);
/* T picked one of these candidates (those `keep` accepts; all if NULL). */
Z3_ast race_picked(Enc *e, const RaceTerms *t, int thread, const Candidate *c, int n,
                   bool (*keep)(const Site *, void *), void *ctx);

/* ---- one race query: its candidates, its conjuncts, what a model says ---- */

/* The candidates of one array's race query: per thread, each access site
 * (or each copy of one, align.h) with the thread's path to it. */
typedef struct RaceSites {
    const Sym *array;
    Candidate *c[2];
    Path *paths[2];
    int n;
    RaceTerms terms; /* race_sites_terms makes them, once every candidate is in */
} RaceSites;

/* Room for `max` candidates of the array. */
void race_sites_init(RaceSites *q, const Sym *array, int max);
/* A candidate: site, reached with the loop terms `forced` gives (may be
 * NULL; enc_path), picked by the selector value `id`.  T1's path first,
 * then T2's. */
void race_sites_add(Enc *e, RaceSites *q, const Site *site, const Z3_ast *forced, int id);
void race_sites_terms(Enc *e, RaceSites *q);
void race_sites_free(RaceSites *q);
/* The candidate a selector's value names, or -1. */
int race_sites_find(const RaceSites *q, int64_t id);

/* The conjuncts every race query of both engines has, in this order (the
 * order the terms are made in is the order of their ids, which Z3's
 * search follows: keep it).  The engines add where the two accesses may
 * meet (one barrier interval, one phase, two blocks). */
enum { RACE_BASE, RACE_DISTINCT, RACE_PICK1, RACE_PICK2, RACE_CONFLICT, RACE_CONJUNCTS };
/* base; T1 and T2 distinct; each picks a candidate (T1 a writer, by
 * symmetry, unless a precondition tells the threads apart); the picks
 * conflict on a cell (race_conflict_values, `benign` as there). */
void race_conjuncts(Enc *e, const RaceSites *q, Z3_ast base, bool benign, Z3_ast out[RACE_CONJUNCTS]);

/* The race a model of the query shows, T1 at candidate i and T2 at j,
 * added to r with its witness. */
void race_record(Enc *e, const RaceSites *q, Z3_model m, int i, int j, bool cross_block, KernelResult *r);
/* The benign pair a model of the benign query shows (both threads write
 * one value to one cell), added to r as the kernel's note. */
void race_record_benign(Enc *e, const RaceSites *q, Z3_model m, KernelResult *r);

#endif
