/* Are two protocols' expressions equal for every value of their names?
 * The fixed-point harness [VST Sec. 4-5] asks this to tell a
 * cosmetic rewrite (`2*i` for `i+i`) from a semantic one.  Names are
 * matched by spelling, so the two kernels must use the same names (after
 * the harness renames unknowns canonically).
 *
 * Ownership: borrows the kernels and expressions for the call only. */
#ifndef MAPKIT_EQUIV_H
#define MAPKIT_EQUIV_H

#include "ast.h"

typedef enum { EQUIV_PROVED, EQUIV_DIFFERENT, EQUIV_UNKNOWN } EquivAnswer;

typedef struct ExprPair {
    const Expr *a; /* of the first kernel */
    const Expr *b; /* of the second */
} ExprPair;

/* Every pair is equal for all natural values of the names.  An expression
 * the encoding cannot follow exactly (division by zero...) is never
 * proved equal. */
EquivAnswer exprs_equivalent(Kernel *k1, Kernel *k2, const ExprPair *pairs, int n, unsigned timeout_ms);

#endif
