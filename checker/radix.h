/* Lemmas for two threads' indices read digit by digit: a mixed-radix index
 * `t + 128 * b + 2048 * r` names one cell for each (t, b, r) with t and b
 * within their places, so two threads on one cell have equal digits.
 * Z3's linear integer search rarely sees it when the top digit is bounded
 * only by a value read (up to 2^31): it branches on the digit's values.
 *
 * Part of the solve stage (lemmas.h calls it); the lemmas are valid facts
 * of integer arithmetic that state their hypotheses, so they change no
 * answer, only how fast one is found.
 *
 * Ownership: terms live in the Smt's context; nothing is kept. */
#ifndef MAPKIT_RADIX_H
#define MAPKIT_RADIX_H

#include "smt.h"

/* x1 and x2 name the cell each thread of a race query accesses (one
 * dimension); the query asks x1 == x2. */
typedef struct CellTerm {
    Z3_ast x1, x2;
} CellTerm;

/* To out, for each pair of equalities in eqs that define cells[i].x1 and
 * cells[i].x2 (each with coefficient 1 or -1): with x1 == x2 and the
 * bounds f's top-level conjuncts give the lower digits, the lower digits
 * are equal (or the hypotheses contradict).  eqs are f's integer
 * equalities. */
void radix_lemmas(Smt *s, const CellTerm *cells, int ncells, const Z3_app *eqs, int neqs, Z3_ast f, SmtList *out);

#endif
