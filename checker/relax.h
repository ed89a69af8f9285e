/* A linear relaxation of a query, for proving it unsatisfiable cheaply.
 *
 * Every product of two non-numbers becomes an application of an
 * uninterpreted function `mul!` (nested products flattened, their factors
 * in an order that the two threads' copies of a term share), and every
 * division and remainder by a non-number `div!` and `mod!`, each with the
 * facts of integer arithmetic that hold of it whatever the values: the
 * signs of a product, products by 0 and 1, `u = d * (u div d) + u mod d`
 * with `0 <= u mod d < |d|` for d != 0.  Real multiplication and Z3's
 * division satisfy all of them, so every model of the query is one of the
 * relaxation: when the relaxation is unsatisfiable, so is the query.  The
 * converse does not hold (a model of the relaxation is not a race), and
 * the caller then asks the query itself.
 *
 * Why: the lemmas (lemmas.h) make many index questions linear once
 * products are atoms (darknet's mixed-radix transposes), yet Z3's
 * nonlinear core searches for seconds before it uses them; over the
 * atoms, the simplex and congruence closure answer in milliseconds.
 *
 * Terms under a quantifier are left as they are (exact, so still sound).
 * Ownership: terms live in the Smt's context; the walk's memory is freed
 * before returning. */
#ifndef MAPKIT_RELAX_H
#define MAPKIT_RELAX_H

#include "smt.h"

/* Has f a product or division of non-numbers over a thread's own terms
 * (an index, not only the launch's `blockDim.x * blockDim.y *
 * blockDim.z <= 1024`)?  Else the relaxation is not worth a try. */
bool relax_needed(Smt *s, Z3_ast f);

/* The relaxation of f with its facts, or NULL when f has no product or
 * division of non-numbers (the relaxation would be f itself). */
Z3_ast relax_nonlinear(Smt *s, Z3_ast f);

#endif
