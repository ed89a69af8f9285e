/* Symbolic values of PTX registers (docs/ptx.md, "From PTX to a
 * protocol"): each register holds a protocol expression, an address
 * (a memory object and a byte offset) or an unknown.
 *
 * A register's integer value is kept *lazily*: an expression congruent
 * to its bits modulo 2^width.  Addition, subtraction, multiplication,
 * left shifts by constants and the bitwise operators keep congruence, so
 * they need no conversion; where the bits are read as a number
 * (comparisons, right shifts, division, widening, addresses) the
 * expression is reduced with the protocol's u32(...)/i32(...), which
 * ptx_unsigned and ptx_signed leave out only where a range proves the
 * value already in place (docs/language.md 3.2, "Machine integers"). */
#ifndef MAPKIT_PTX_VALUES_H
#define MAPKIT_PTX_VALUES_H

#include "ast.h"

#include <stdbool.h>

typedef enum { V_UNKNOWN, V_INT, V_BOOL, V_PTR } ValKind;

typedef struct Val {
    uint8_t kind;  /* ValKind */
    uint8_t bits;  /* the register's width */
    bool varying;  /* may differ between two threads of one block */
    int obj;       /* V_PTR: the memory object (an index of the kernel's objects) */
    int scope;     /* the nesting depth of the innermost name it uses (0: kernel level) */
    Expr *e;       /* V_INT: the value (lazy); V_BOOL: the condition; V_PTR: the byte offset (lazy) */
} Val;

/* Bounds of the launch (from -b/-g), for ranges; 0: not known. */
typedef struct PtxBounds {
    int64_t block[3], grid[3];
} PtxBounds;

/* e as the unsigned (signed) value of its low `bits` bits. */
Expr *ptxv_unsigned(Program *p, const PtxBounds *b, Expr *e, int bits);
Expr *ptxv_signed(Program *p, const PtxBounds *b, Expr *e, int bits);

/* Arithmetic with constant folding and the identities that keep
 * expressions small (x + 0, x * 1, x * 0). */
Expr *ptxv_num(Program *p, Loc loc, int64_t v);
Expr *ptxv_bin(Program *p, Op op, Expr *a, Expr *b);
Expr *ptxv_not(Program *p, Expr *c);

/* A deep copy: statements never share expression nodes. */
Expr *ptxv_copy(Program *p, const Expr *e);
/* The number of nodes of e as a tree, counted up to cap. */
int ptxv_size(const Expr *e, int cap);

/* Does e hold only values the threads of one block share (no threadIdx,
 * no name listed in `varying`)? */
bool ptxv_names_varying(const Expr *e, const char *const *varying, int n);

#endif
