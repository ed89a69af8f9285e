/* Valid facts of integer arithmetic about a query's products, residues
 * and xors, which Z3's search rarely finds on its own: the `row * n + col`
 * indexing, grid-stride loops and bitonic pairings of real kernels.  Adding them changes no answer, only how
 * fast one is found.
 *
 * Ownership: terms live in the Smt's context; the walk's memory is freed
 * before returning. */
#ifndef MAPKIT_LEMMAS_H
#define MAPKIT_LEMMAS_H

#include "smt.h"

/* x is the encoding of a ^ b with neither operand a number: the bits
 * behind it are exact but opaque to the solver, which rarely sees that
 * (a ^ b) ^ b == a (bitonic sort's `tid ^ j` pairs). */
typedef struct XorTerm {
    Z3_ast x, a, b;
} XorTerm;
void lemmas_note_xor(Smt *s, Z3_ast x, Z3_ast a, Z3_ast b);

/* f, conjoined with the lemmas about the products that occur in it (f
 * itself when there are none). */
Z3_ast lemmas_for(Smt *s, Z3_ast f);

#endif
