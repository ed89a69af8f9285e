/* The integer encoder (encode_int.c): a protocol's expressions as Z3
 * terms for one thread, and the arithmetic the other encoders build with
 * (loop steps, bounds, launch facts).  Every integer term of a query is
 * made through this interface, so what an integer is (today a
 * mathematical integer, docs/language.md 3.2) is decided in encode_int.c
 * alone.
 *
 * Ownership: terms live in the Enc's Z3 context. */
#ifndef MAPKIT_ENCODE_INT_H
#define MAPKIT_ENCODE_INT_H

#include "encode.h"

/* The value of x (an integer term; a boolean x is 1 or 0) and the truth
 * of x (a boolean term; an integer x is true when it is not 0), with the
 * names of env.  A value the encoding cannot know (x / 0, a negative
 * shift) is an unknown constant, and sets e->approx. */
Z3_ast enc_int(Enc *e, const Expr *x, TEnv *env);
Z3_ast enc_bool(Enc *e, const Expr *x, TEnv *env);
/* N when sym's term holds a signed N-bit C value (encode_int.c), else 0;
 * what the encoding asserts of an unknown's term: a natural, or that range. */
int enc_signed_width(const Enc *e, const Sym *sym);
Z3_ast enc_unknown_domain(Enc *e, const Sym *sym, Z3_ast x);

/* x >= 0: every variable is a natural. */
Z3_ast enc_natural(Enc *e, Z3_ast x);
Z3_ast enc_add(Enc *e, Z3_ast a, Z3_ast b);
Z3_ast enc_sub(Enc *e, Z3_ast a, Z3_ast b);
Z3_ast enc_mul(Enc *e, Z3_ast a, Z3_ast b);
/* a OP b for a comparison operator. */
Z3_ast enc_compare(Enc *e, Op op, Z3_ast a, Z3_ast b);
/* a << b (left) or a >> b of the expression x (whose unknown value stands
 * for a shift the encoding cannot know). */
Z3_ast enc_shift(Enc *e, const Expr *x, TEnv *env, bool left, Z3_ast a, Z3_ast b);
/* Is a a numeral that fits in 64 bits (its value in *v)? */
bool enc_numeral(Enc *e, Z3_ast a, int64_t *v);
/* Bits enough to hold every value of x: 0 <= x < 2^result, or -1 when
 * that is not evident from the launch limits and the -p values. */
int enc_expr_width(const Enc *e, const Expr *x);

/* The bytes [lo, hi) the access s (of an array with a known element
 * width) covers with env's names: `A bytes(o, w)` covers [o, o + w), a
 * cell A[i][j] its element's bytes at its row-major position. */
void enc_byte_range(Enc *e, const Stmt *s, TEnv *env, Z3_ast *lo, Z3_ast *hi);
/* The C value of an integer of `bits` bits (signed or not) whose bits x
 * holds: x mod 2^bits, less 2^bits from 2^(bits-1) on when signed. */
Z3_ast enc_c_value(Enc *e, Z3_ast x, int bits, bool is_signed);
/* The ranges [lo1, hi1) and [lo2, hi2) share a byte. */
Z3_ast enc_bytes_overlap(Enc *e, Z3_ast lo1, Z3_ast hi1, Z3_ast lo2, Z3_ast hi2);

#endif
