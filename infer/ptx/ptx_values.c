/* Expressions for PTX registers' values (ptx_values.h): construction,
 * reduction to machine integers, and the ranges that leave a reduction
 * out where it cannot change the value. */
#include "ptx_values.h"

#include <string.h>

typedef __int128 Wide;
#define WIDE_INF ((Wide)1 << 100)

static Wide clamp(Wide v)
{
    return v > WIDE_INF ? WIDE_INF : v < -WIDE_INF ? -WIDE_INF : v;
}

/* a * b, saturated at the infinities (never overflowing __int128). */
static Wide mul_sat(Wide a, Wide b)
{
    const Wide big = (Wide)1 << 62;
    if (a == 0 || b == 0)
        return 0;
    if (a >= big || a <= -big || b >= big || b <= -big)
        return (a < 0) != (b < 0) ? -WIDE_INF : WIDE_INF;
    return clamp(a * b);
}

/* The range of a built-in: the launch's value when given, else its
 * natural bounds (docs/language.md 3.1). */
static bool builtin_range(const PtxBounds *b, const char *name, Wide *lo, Wide *hi)
{
    static const char *const names[] = {"threadIdx.", "blockDim.", "blockIdx.", "gridDim."};
    for (int k = 0; k < 4; k++) {
        size_t n = strlen(names[k]);
        if (strncmp(name, names[k], n) != 0 || !name[n] || name[n + 1])
            continue;
        int a = name[n] - 'x';
        if (a < 0 || a > 2)
            return false;
        int64_t known = b ? (k < 2 ? b->block[a] : b->grid[a]) : 0;
        Wide top = k < 2 ? (a == 2 ? 64 : 1024) : (a == 0 ? ((Wide)1 << 31) - 1 : 65535);
        if (known > 0)
            top = known;
        *lo = k == 1 || k == 3 ? 1 : 0;
        *hi = k == 1 || k == 3 ? top : top - 1;
        return true;
    }
    if (strcmp(name, "warpSize") == 0) {
        *lo = *hi = 32;
        return true;
    }
    return false;
}

/* Bounds of e over the integers; every other name is a natural. */
static void range(const PtxBounds *b, const Expr *e, Wide *lo, Wide *hi)
{
    Wide al, ah, bl, bh;
    switch ((ExprKind)e->kind) {
    case E_NUM:
        *lo = *hi = (Wide)e->u.num;
        return;
    case E_BOOL:
        *lo = *hi = e->u.boolean;
        return;
    case E_VAR:
        if (!builtin_range(b, e->u.var.name, lo, hi)) {
            *lo = 0;
            *hi = WIDE_INF;
        }
        return;
    case E_UNARY:
        range(b, e->u.sub.a, &al, &ah);
        if (op_is_conversion((Op)e->op)) {
            int bits = conversion_bits((Op)e->op);
            Wide top = conversion_signed((Op)e->op) ? ((Wide)1 << (bits - 1)) : ((Wide)1 << bits);
            Wide bottom = conversion_signed((Op)e->op) ? -top : 0;
            if (al >= bottom && ah < top) {
                *lo = al;
                *hi = ah;
            } else {
                *lo = bottom;
                *hi = top - 1;
            }
            return;
        }
        if (e->op == OP_NEG) {
            *lo = -ah;
            *hi = -al;
            return;
        }
        if (e->op == OP_BNOT) {
            *lo = -ah - 1;
            *hi = -al - 1;
            return;
        }
        *lo = 0;
        *hi = 1;
        return;
    case E_COND:
        range(b, e->u.sub.b, &al, &ah);
        range(b, e->u.sub.c, &bl, &bh);
        *lo = al < bl ? al : bl;
        *hi = ah > bh ? ah : bh;
        return;
    case E_BINARY:
        break;
    default:
        *lo = 0;
        *hi = 1;
        return;
    }
    range(b, e->u.sub.a, &al, &ah);
    range(b, e->u.sub.b, &bl, &bh);
    switch ((Op)e->op) {
    case OP_ADD:
        *lo = clamp(al + bl);
        *hi = clamp(ah + bh);
        return;
    case OP_SUB:
        *lo = clamp(al - bh);
        *hi = clamp(ah - bl);
        return;
    case OP_MUL: {
        Wide c[4] = {mul_sat(al, bl), mul_sat(al, bh), mul_sat(ah, bl), mul_sat(ah, bh)};
        if (al <= -WIDE_INF || ah >= WIDE_INF || bl <= -WIDE_INF || bh >= WIDE_INF) {
            /* an unbounded factor: only the sign is known */
            bool nonneg = al >= 0 && bl >= 0;
            *lo = nonneg ? 0 : -WIDE_INF;
            *hi = WIDE_INF;
            return;
        }
        *lo = *hi = c[0];
        for (int i = 1; i < 4; i++) {
            *lo = c[i] < *lo ? c[i] : *lo;
            *hi = c[i] > *hi ? c[i] : *hi;
        }
        return;
    }
    case OP_SHL:
        if (bl == bh && bl >= 0 && bl < 64 && al >= 0) {
            *lo = mul_sat(al, (Wide)1 << (int)bl);
            *hi = mul_sat(ah, (Wide)1 << (int)bl);
            return;
        }
        break;
    case OP_SHR:
    case OP_DIV:
        if (al >= 0 && bl >= 0) {
            *lo = 0;
            *hi = ah;
            return;
        }
        break;
    case OP_MOD:
        if (al >= 0 && bl > 0) {
            *lo = 0;
            *hi = bh - 1 < ah ? bh - 1 : ah;
            return;
        }
        break;
    case OP_BAND:
        if (al >= 0 || bl >= 0) {
            *lo = 0;
            *hi = al >= 0 && bl >= 0 ? (ah < bh ? ah : bh) : al >= 0 ? ah : bh;
            return;
        }
        break;
    case OP_MIN:
        *lo = al < bl ? al : bl;
        *hi = ah < bh ? ah : bh;
        return;
    case OP_MAX:
        *lo = al > bl ? al : bl;
        *hi = ah > bh ? ah : bh;
        return;
    default:
        if (op_is_comparison((Op)e->op) || op_is_logical((Op)e->op)) {
            *lo = 0;
            *hi = 1;
            return;
        }
        break;
    }
    *lo = -WIDE_INF;
    *hi = WIDE_INF;
}

static Expr *convert(Program *p, const PtxBounds *b, Expr *e, int bits, bool is_signed)
{
    Wide lo, hi, top = is_signed ? ((Wide)1 << (bits - 1)) : ((Wide)1 << bits);
    range(b, e, &lo, &hi);
    if (lo >= (is_signed ? -top : 0) && hi < top)
        return e;
    return expr_unary(p, e->loc, conversion_op(bits, is_signed), e);
}

Expr *ptxv_unsigned(Program *p, const PtxBounds *b, Expr *e, int bits)
{
    return convert(p, b, e, bits, false);
}

Expr *ptxv_signed(Program *p, const PtxBounds *b, Expr *e, int bits)
{
    return convert(p, b, e, bits, true);
}

Expr *ptxv_num(Program *p, Loc loc, int64_t v)
{
    if (v >= 0)
        return expr_num(p, loc, (uint64_t)v);
    return expr_unary(p, loc, OP_NEG, expr_num(p, loc, (uint64_t)0 - (uint64_t)v));
}

static bool is_num(const Expr *e, uint64_t v)
{
    return e->kind == E_NUM && e->u.num == v;
}

Expr *ptxv_bin(Program *p, Op op, Expr *a, Expr *b)
{
    int64_t x, y;
    if (op == OP_ADD || op == OP_SUB || op == OP_MUL || op == OP_SHL) {
        if (expr_constant(a, &x) && expr_constant(b, &y) && x > -(1LL << 40) && x < (1LL << 40) &&
            y > -(1LL << 20) && y < (1LL << 20) && (op != OP_SHL || (y >= 0 && y < 20)))
            return ptxv_num(p, a->loc, op == OP_ADD ? x + y : op == OP_SUB ? x - y : op == OP_MUL ? x * y : x << y);
        if ((op == OP_ADD || op == OP_SUB || op == OP_SHL) && is_num(b, 0))
            return a;
        if (op == OP_ADD && is_num(a, 0))
            return b;
        if (op == OP_MUL && (is_num(a, 0) || is_num(b, 0)))
            return expr_num(p, a->loc, 0);
        if (op == OP_MUL && is_num(b, 1))
            return a;
        if (op == OP_MUL && is_num(a, 1))
            return b;
        /* a + -c is a - c */
        if ((op == OP_ADD || op == OP_SUB) && b->kind == E_UNARY && b->op == OP_NEG && b->u.sub.a->kind == E_NUM)
            return expr_binary(p, op == OP_ADD ? OP_SUB : OP_ADD, a, b->u.sub.a);
    }
    return expr_binary(p, op, a, b);
}

Expr *ptxv_not(Program *p, Expr *c)
{
    if (c->kind == E_UNARY && c->op == OP_NOT)
        return c->u.sub.a;
    if (c->kind == E_BOOL)
        return expr_bool(p, c->loc, !c->u.boolean);
    static const Op flip[][2] = {{OP_EQ, OP_NE}, {OP_NE, OP_EQ}, {OP_LT, OP_GE},
                                 {OP_GE, OP_LT}, {OP_LE, OP_GT}, {OP_GT, OP_LE}};
    for (size_t i = 0; c->kind == E_BINARY && i < sizeof flip / sizeof flip[0]; i++)
        if (c->op == flip[i][0]) /* integers: the negated comparison is exact */
            return expr_binary(p, flip[i][1], c->u.sub.a, c->u.sub.b);
    return expr_unary(p, c->loc, OP_NOT, c);
}

Expr *ptxv_copy(Program *p, const Expr *e)
{
    switch ((ExprKind)e->kind) {
    case E_NUM:
        return expr_num(p, e->loc, e->u.num);
    case E_BOOL:
        return expr_bool(p, e->loc, e->u.boolean);
    case E_VAR:
        return expr_var(p, e->loc, e->u.var.name);
    case E_UNARY:
        return expr_unary(p, e->loc, (Op)e->op, ptxv_copy(p, e->u.sub.a));
    case E_BINARY:
        return expr_binary(p, (Op)e->op, ptxv_copy(p, e->u.sub.a), ptxv_copy(p, e->u.sub.b));
    case E_COND:
        return expr_cond(p, ptxv_copy(p, e->u.sub.a), ptxv_copy(p, e->u.sub.b), ptxv_copy(p, e->u.sub.c));
    case E_POW2:
        return expr_pow2(p, e->loc, ptxv_copy(p, e->u.sub.a));
    case E_DISTINCT:
        break;
    }
    return expr_bool(p, e->loc, true); /* never built here */
}

int ptxv_size(const Expr *e, int cap)
{
    Expr **slot[3];
    int n = 1, k = expr_operands((Expr *)e, slot);
    for (int i = 0; i < k && n < cap; i++)
        n += ptxv_size(*slot[i], cap - n);
    return n;
}

bool ptxv_names_varying(const Expr *e, const char *const *varying, int n)
{
    if (e->kind == E_VAR) {
        if (strncmp(e->u.var.name, "threadIdx.", 10) == 0)
            return true;
        for (int i = 0; i < n; i++)
            if (varying[i] == e->u.var.name)
                return true;
        return false;
    }
    Expr **slot[3];
    int k = expr_operands((Expr *)e, slot);
    for (int i = 0; i < k; i++)
        if (ptxv_names_varying(*slot[i], varying, n))
            return true;
    return false;
}
