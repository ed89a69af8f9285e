/* Witnesses from solver models ([CAV21 Appendix A]'s race report): the
 * array cell, both accesses, the uniform values, and each thread's locals.
 * Borrows the Enc and paths; writes into the Witness (result.h). */
#ifndef MAPKIT_WITNESS_H
#define MAPKIT_WITNESS_H

#include "encode.h"
#include "result.h"

/* T1 at p1 and T2 at p2 (their paths, with the sites' scopes), idx1 the
 * terms of the cell. */
void witness_race(Enc *e, Z3_model m, Witness *w, const Site *s1, const Path *p1,
                  const Site *s2, const Path *p2, Z3_ast *idx, int ndims, bool cross_block);
/* The race of an array with byte accesses first meets at byte b (the
 * array's inner sizes evaluated with p's names): w's cell and byte. */
void witness_first_byte(Enc *e, Z3_model m, Witness *w, Path *p, int64_t b);
/* The thread-level rows and globals, for divergence witnesses. */
void witness_threads(Enc *e, Z3_model m, Witness *w);
/* Loop variables along a path as rows of one thread. */
void witness_path_loops(Enc *e, Z3_model m, Witness *w, const Path *p);

#endif
