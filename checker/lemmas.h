/* Valid facts of integer arithmetic about a query's products, residues
 * and xors, which Z3's search rarely finds on its own: the `row * n + col`
 * indexing, grid-stride loops and bitonic pairings of real kernels.  Adding them changes no answer, only how
 * fast one is found.
 *
 * Some lemmas are about terms the encoders know the meaning of (an xor, a
 * narrow name's bits, a value below a bound): the encoders note them in a
 * LemmaTerms table as they build them, and the lemmas look the table up.
 * The solve stage (solve.h) owns one table per Z3 context.
 *
 * Ownership: terms live in the Smt's context; a LemmaTerms owns its arrays
 * (lemma_terms_free); the walk's memory is freed before returning. */
#ifndef MAPKIT_LEMMAS_H
#define MAPKIT_LEMMAS_H

#include "radix.h"
#include "smt.h"

/* x is the encoding of a ^ b with neither operand a number: the bits
 * behind it are exact but opaque to the solver, which rarely sees that
 * (a ^ b) ^ b == a (bitonic sort's `tid ^ j` pairs). */
typedef struct XorTerm {
    Z3_ast x, a, b;
} XorTerm;

/* Bit i of a, given exact (the (a div 2^i) mod 2 it stands for), when a
 * lies in 0..2^width-1: a named 0/1 term, and the lemma that a is the
 * sum of its named bits times their powers of two.  Z3 settles such sums
 * at once where it spends seconds on the div and mod (bitonic sort's
 * `tid ^ j` with j over the powers of two).  Outside the range, exact is
 * used: the result is exact whatever the names' values. */
#define MAX_NAMED_BITS 16
typedef struct NamedBits {
    Z3_ast a;
    int width;
    Z3_ast bits[MAX_NAMED_BITS];
} NamedBits;

/* x < u wherever x is defined (a remainder `v mod u` for u > 0, a
 * thread's index in the block below its size): a product x * y then gets
 * the lemma x < u and y >= 0 imply x * y + y <= u * y, what bounds a digit
 * of a mixed-radix index below its place's weight (`r * layers + c <
 * spatial * layers` with r < spatial, c < layers).  The lemma states its
 * hypothesis, so noting a pair that does not hold costs only work. */
typedef struct BelowTerm {
    Z3_ast x, u;
} BelowTerm;

/* A value read from a cell of an array whose contents the protocol states
 * a fact about (docs/language.md 3.10): `value` (the C value, signed as the
 * element type is) of cell `idx`, the fact covering cells [0, len) (len
 * NULL: all).  Not a valid fact but an assumption the protocol makes, so
 * it holds in every query, as a precondition does; two such values of one
 * array (`array`, an id) in a query get the fact's instance. */
typedef struct FactTerm {
    Z3_ast raw; /* the value's term as the query has it */
    Z3_ast value, idx, len;
    int array;
    uint8_t kind; /* ArrayFact */
} FactTerm;

/* The few values a term takes wherever it is defined: a loop variable
 * whose start, bound and step are numbers (`for (size = 2; size <= 512;
 * size <<= 1)`).  Not a lemma: a query that the search does not settle
 * is split on them (solve.c, solve_by_cases), one query per value and one
 * for every other value, so the split is exact even where the term is not
 * defined.  A sorting network's `tid & (size - 1)` is then a mod by a
 * number in each case, which Z3 decides at once. */
#define MAX_DOMAIN 16
typedef struct DomainTerm {
    Z3_ast x;
    int n;
    int64_t values[MAX_DOMAIN];
} DomainTerm;
/* The terms noted so far in one context, in the order they were noted. */
typedef struct LemmaTerms {
    XorTerm *xors; /* symbolic a ^ b terms */
    int nxors, capxors;
    NamedBits *named; /* narrow terms whose bits have names */
    int nnamed, capnamed;
    BelowTerm *below; /* terms with a known strict upper bound */
    int nbelow, capbelow;
    FactTerm *facts; /* values read under a stated fact */
    int nfacts, capfacts;
    DomainTerm *domains; /* terms with a few known values */
    int ndomains, capdomains;
    CellTerm *cells; /* the cells two threads of a race query access (radix.h) */
    int ncells, capcells;
} LemmaTerms;
void lemma_terms_free(LemmaTerms *t);
/* to := from's terms, translated from context `s` into `into`'s (the
 * linear relaxation's own context, solve.c). */
void lemma_terms_translate(Smt *s, const LemmaTerms *from, Smt *into, LemmaTerms *to);

void lemmas_note_xor(LemmaTerms *t, Z3_ast x, Z3_ast a, Z3_ast b);
Z3_ast lemmas_narrow_bit(Smt *s, LemmaTerms *t, Z3_ast a, int width, int i, Z3_ast exact);
void lemmas_note_below(Smt *s, LemmaTerms *t, Z3_ast x, Z3_ast u);
void lemmas_note_fact(LemmaTerms *t, FactTerm f);
void lemmas_note_domain(LemmaTerms *t, const DomainTerm *d);
void lemmas_note_cell(LemmaTerms *t, Z3_ast x1, Z3_ast x2);
/* The noted values of the term x, or NULL. */
const DomainTerm *lemmas_domain_of(const LemmaTerms *t, Z3_ast x);
/* A noted term with known values that occurs in f, one a divisor holds
 * first (the order noted otherwise), or NULL. */
const DomainTerm *lemmas_domain_in(Smt *s, const LemmaTerms *t, Z3_ast f);
/* Is f worth splitting case by case: a noted term with known values
 * occurs in it, and so does a mod or a div by a term that is not a number
 * (`tid & (stride - 1)`'s encoding), which its cases make numbers? */
bool lemmas_split_helps(Smt *s, const LemmaTerms *t, Z3_ast f);

/* f, conjoined with the lemmas about the products that occur in it and
 * about the noted terms (f itself when there are none). */
Z3_ast lemmas_for(Smt *s, const LemmaTerms *t, Z3_ast f);

/* The same, and the lemmas over products as multisets of factors (the
 * places of a mixed-radix index: `b * layers * spatial` against `r *
 * layers + c`), for the linear relaxation (relax.h): they are many, and
 * cheap only once products are atoms. */
Z3_ast lemmas_for_relaxed(Smt *s, const LemmaTerms *t, Z3_ast f);

/* f, conjoined with the digit lemmas about the cells noted (radix.h).
 * Not part of lemmas_for: terms made in a context change the order of
 * Z3's search in every later query of it (a scan's query that took 1.4 M
 * units needed over 3 M once an earlier query had them), so solve.c adds
 * them only to a retry of a linear query, where the first attempt has
 * already failed.  A nonlinear query has them in its relaxation, a
 * context of its own, from the start. */
Z3_ast lemmas_digits(Smt *s, const LemmaTerms *t, Z3_ast f);

#endif
