/* The reference engine's intermediate form: a protocol cut into phases
 * (barrier intervals) by aligning [CAV21 Fig. 3], ready to be split
 * into symbolic traces and encoded (Fig. 4, Example 2: split.c).
 *
 * A phase is a set of access copies that run between the same two syncs.
 * A copy is an access site together with the terms its enclosing
 * synchronized loops' variables take in that phase (Fig. 3's x := n,
 * x := x - 1 and x := m - 1, for every loop form), and the phase carries the
 * uniform conditions under which it exists (loop bounds, emptiness).
 *
 * Ownership: a Phases value owns its arrays (phases_free); terms belong to
 * the Enc's Z3 context. */
#ifndef MAPKIT_ALIGN_H
#define MAPKIT_ALIGN_H

#include "encode.h"

typedef struct Copy {
    const Site *site;
    Z3_ast *subst; /* by statement id: terms of enclosing synchronized loop variables */
} Copy;

typedef struct Phase {
    Copy *copies;
    int n, cap;
    Z3_ast guard; /* uniform: the phase happens */
} Phase;

typedef struct Phases {
    Phase *items;
    int n, cap;
    Z3_ast **substs; /* the copies' substitution arrays, owned here */
    int nsubsts;
    bool unsupported; /* a construct the aligning pipeline does not handle */
    Loc where;
    const char *why;
} Phases;

Phases align_kernel(Enc *e);
void phases_free(Phases *p);

#endif
