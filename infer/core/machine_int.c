/* C's machine integers in the protocol (docs/inference.md, "Machine
 * integers"): protocol arithmetic is mathematical, so the front end writes
 * a conversion uN() / iN() wherever C's value can differ from the
 * mathematical one: unsigned arithmetic that may wrap, and conversions
 * (explicit or implicit) to a type that may not hold the value.  Signed
 * arithmetic stays mathematical: its overflow is undefined, so the protocol
 * assumes there is none.  A small range analysis over the C types and
 * CUDA's launch limits leaves a conversion out where the value provably
 * fits, so the common index stays as it was written. */
#include "expr.h"

#include "cursor.h"
#include "env.h"

#include <string.h>

/* Values are compared as 128-bit integers; INF stands beyond every value
 * a 64-bit type holds. */
typedef __int128 Wide;
#define INF (((Wide)1) << 100)

typedef struct Range {
    Wide lo, hi;
} Range;

static const Range ANY = {-INF, INF};
static const Range NATURALS = {0, INF};

/* One range question: the kernel's names and launch, and which of the
 * rules the answer leaned on (docs/inference.md, "Machine integers"). */
typedef struct RangeCtx {
    Infer *in;
    bool grid; /* the grid rule narrowed a range */
    bool host; /* a parameter or loop variable, of no known bound, took part */
} RangeCtx;

static Range range(Wide lo, Wide hi)
{
    return (Range){lo < -INF ? -INF : lo, hi > INF ? INF : hi};
}

static Range meet(Range a, Range b)
{
    return (Range){a.lo > b.lo ? a.lo : b.lo, a.hi < b.hi ? a.hi : b.hi};
}

static Wide pow2w(int k)
{
    return (Wide)1 << k;
}

/* The values of an integer type of `bits` bits. */
static Range type_values(int bits, bool is_signed)
{
    return is_signed ? range(-pow2w(bits - 1), pow2w(bits - 1) - 1) : range(0, pow2w(bits) - 1);
}

/* CUDA's launch limits (docs/inference.md, "Machine integers"):
 * threadIdx.x, .y < 1024, threadIdx.z < 64, blockIdx.x < 2^31 - 1,
 * blockIdx.y and .z < 65535, warpSize 32; the launch's sizes where the
 * protocol assumes them. */
static bool builtin_range(const Infer *in, const char *name, Range *r)
{
    static const struct {
        const char *base;
        bool block;     /* bounded by the block's size (else the grid's) */
        bool index;     /* an index (below the size), not the size */
        long long max[3];
    } limits[] = {
        {"threadIdx.", true, true, {1024, 1024, 64}},
        {"blockDim.", true, false, {1024, 1024, 64}},
        {"blockIdx.", false, true, {2147483647, 65535, 65535}},
        {"gridDim.", false, false, {2147483647, 65535, 65535}},
    };
    if (strcmp(name, "warpSize") == 0)
        return *r = range(32, 32), true;
    for (size_t i = 0; i < sizeof limits / sizeof limits[0]; i++) {
        size_t n = strlen(limits[i].base);
        if (strncmp(name, limits[i].base, n) != 0 || !name[n] || name[n + 1] || name[n] < 'x' || name[n] > 'z')
            continue;
        int axis = name[n] - 'x';
        Wide size = limits[i].max[axis];
        const Launch *l = in ? in->launch : NULL;
        if (l && launch_knows(l, limits[i].block, axis))
            size = (limits[i].block ? l->block_dim : l->grid_dim)[axis];
        *r = limits[i].index ? range(0, size - 1) : range(l && launch_knows(l, limits[i].block, axis) ? size : 1, size);
        return true;
    }
    return false;
}

static bool is_builtin(const Expr *e, const char *prefix, char *axis)
{
    size_t n = strlen(prefix);
    if (e->kind != E_VAR || e->thread || strncmp(e->u.var.name, prefix, n) != 0 || !e->u.var.name[n] ||
        e->u.var.name[n + 1])
        return false;
    *axis = e->u.var.name[n];
    return true;
}

/* blockIdx.a * blockDim.a or gridDim.a * blockDim.a, either order: below
 * 2^31 by the rule that the grid has fewer than 2^31 threads in each
 * dimension (docs/inference.md, "Machine integers"), so that the global
 * index fits the `int` most kernels keep it in. */
static bool grid_product(const Expr *e, char *axis)
{
    if (e->kind != E_BINARY || e->op != OP_MUL)
        return false;
    for (int side = 0; side < 2; side++) {
        const Expr *a = side ? e->u.sub.b : e->u.sub.a, *b = side ? e->u.sub.a : e->u.sub.b;
        char x, y;
        if ((is_builtin(a, "blockIdx.", &x) || is_builtin(a, "gridDim.", &x)) && is_builtin(b, "blockDim.", &y) &&
            x == y)
            return *axis = x, true;
    }
    return false;
}

/* The global index blockIdx.a * blockDim.a + threadIdx.a, by the same rule. */
static bool global_index(const Expr *e)
{
    if (e->kind != E_BINARY || e->op != OP_ADD)
        return false;
    for (int side = 0; side < 2; side++) {
        const Expr *p = side ? e->u.sub.b : e->u.sub.a, *t = side ? e->u.sub.a : e->u.sub.b;
        char x, y;
        if (grid_product(p, &x) && p->u.sub.a->u.var.name[0] == 'b' && p->u.sub.b->u.var.name[0] == 'b' &&
            is_builtin(t, "threadIdx.", &y) && x == y)
            return true;
    }
    return false;
}

static Range product(Range a, Range b)
{
    if (a.lo <= -INF || b.lo <= -INF || a.hi >= INF || b.hi >= INF)
        return ANY;
    Wide p[4] = {a.lo * b.lo, a.lo * b.hi, a.hi * b.lo, a.hi * b.hi};
    Wide lo = p[0], hi = p[0];
    for (int i = 1; i < 4; i++) {
        lo = p[i] < lo ? p[i] : lo;
        hi = p[i] > hi ? p[i] : hi;
    }
    return range(lo, hi);
}

static bool positive_literal(const Expr *e, Wide below)
{
    return e->kind == E_NUM && e->u.num > 0 && (Wide)e->u.num < below;
}

static Range expr_range(RangeCtx *c, const Expr *e, int depth);

static Range plain_operator_range(const Expr *e, Range a, Range b);

static bool launch_knows_axis(const Infer *in, char axis)
{
    int a = axis - 'x';
    return in->launch && launch_knows(in->launch, true, a) && launch_knows(in->launch, false, a);
}

/* e's range from its operands' ranges a and b.  The grid rule narrows
 * the global index where the launch does not give its sizes (where it
 * does, the range is exact and needs no rule). */
static Range operator_range(RangeCtx *c, const Expr *e, Range a, Range b)
{
    Op op = (Op)e->op;
    if (op_is_comparison(op) || op_is_logical(op))
        return range(0, 1);
    Range r = plain_operator_range(e, a, b);
    char axis;
    if (grid_product(e, &axis) || (global_index(e) && grid_product(e->u.sub.a->kind == E_BINARY && e->u.sub.a->op == OP_MUL ? e->u.sub.a : e->u.sub.b, &axis))) {
        Range ruled = meet(r, range(0, pow2w(31) - 1));
        if (!launch_knows_axis(c->in, axis) && ruled.hi < r.hi) {
            c->grid = true;
            return ruled;
        }
    }
    return r;
}

static Range plain_operator_range(const Expr *e, Range a, Range b)
{
    Op op = (Op)e->op;
    const Expr *y = e->u.sub.b;
    switch (op) {
    case OP_ADD: return range(a.lo + b.lo, a.hi + b.hi);
    case OP_SUB: return range(a.lo - b.hi, a.hi - b.lo);
    case OP_MUL: return product(a, b);
    case OP_DIV:
        if (positive_literal(y, INF) && a.lo > -INF)
            return range(a.lo / (Wide)y->u.num, a.hi / (Wide)y->u.num);
        return a.lo >= 0 && b.lo >= 0 ? range(0, a.hi) : ANY; /* naturals (by 0: unknown, and assumed not) */
    case OP_MOD:
        if (!positive_literal(y, INF))
            return a.lo >= 0 && b.lo >= 0 ? range(0, b.lo >= 1 && b.hi - 1 < a.hi ? b.hi - 1 : a.hi) : ANY;
        return a.lo >= 0 ? range(0, a.hi < (Wide)y->u.num - 1 ? a.hi : (Wide)y->u.num - 1)
                         : range(1 - (Wide)y->u.num, (Wide)y->u.num - 1);
    case OP_SHR:
        if (positive_literal(y, 64) && a.lo >= 0)
            return range(a.lo >> y->u.num, a.hi >> y->u.num);
        return a.lo >= 0 && b.lo >= 0 ? range(0, a.hi) : ANY;
    case OP_SHL: return positive_literal(y, 63) ? product(a, range(pow2w((int)y->u.num), pow2w((int)y->u.num))) : ANY;
    case OP_BAND:
        if (a.lo >= 0 || b.lo >= 0)
            return range(0, a.lo >= 0 && b.lo >= 0 ? (a.hi < b.hi ? a.hi : b.hi) : a.lo >= 0 ? a.hi : b.hi);
        return ANY;
    case OP_BOR:
    case OP_BXOR: {
        if (a.lo < 0 || b.lo < 0 || a.hi >= INF || b.hi >= INF)
            return ANY;
        Wide m = a.hi > b.hi ? a.hi : b.hi, p = 1;
        while (p <= m)
            p <<= 1;
        return range(0, p - 1);
    }
    case OP_MIN: return range(a.lo < b.lo ? a.lo : b.lo, a.hi < b.hi ? a.hi : b.hi);
    case OP_MAX: return range(a.lo > b.lo ? a.lo : b.lo, a.hi > b.hi ? a.hi : b.hi);
    default: return ANY;
    }
}

static Range binary_range(RangeCtx *c, const Expr *e, int depth)
{
    return operator_range(c, e, expr_range(c, e->u.sub.a, depth + 1), expr_range(c, e->u.sub.b, depth + 1));
}

/* A name: a built-in's launch range, a let's value's range; any other
 * name is a natural (docs/language.md 3.2), and a parameter or loop
 * variable among them marks the range as resting on the host's sizes. */
static Range var_range(RangeCtx *c, const Expr *e, int depth)
{
    Range r;
    if (e->thread)
        return ANY;
    if (builtin_range(c->in, e->u.var.name, &r))
        return r;
    const Expr *let = c->in ? name_let_value(c->in, e->u.var.name) : NULL;
    if (let)
        return expr_range(c, let, depth + 1);
    if (c->in && !name_is_unknown(c->in, e->u.var.name))
        c->host = true;
    return NATURALS;
}

static Range expr_range(RangeCtx *c, const Expr *e, int depth)
{
    if (depth > 64)
        return ANY;
    switch ((ExprKind)e->kind) {
    case E_NUM: return range((Wide)e->u.num, (Wide)e->u.num);
    case E_BOOL: case E_POW2: case E_DISTINCT: return range(0, 1);
    case E_VAR: return var_range(c, e, depth);
    case E_COND: {
        Range then = expr_range(c, e->u.sub.b, depth + 1), els = expr_range(c, e->u.sub.c, depth + 1);
        return range(then.lo < els.lo ? then.lo : els.lo, then.hi > els.hi ? then.hi : els.hi);
    }
    case E_UNARY: {
        Range a = expr_range(c, e->u.sub.a, depth + 1);
        if (op_is_conversion((Op)e->op)) {
            Range t = type_values(conversion_bits((Op)e->op), conversion_signed((Op)e->op));
            return a.lo >= t.lo && a.hi <= t.hi ? a : t;
        }
        return e->op == OP_NOT ? range(0, 1) : e->op == OP_NEG ? range(-a.hi, -a.lo) : range(-a.hi - 1, -a.lo - 1);
    }
    case E_BINARY: return binary_range(c, e, depth);
    }
    return ANY;
}

/* An integer type's width and signedness; false for a type that is no
 * plain integer (bool, an enumeration, a dependent or invalid one). */
static bool int_type(CXType t, int *bits, bool *is_signed)
{
    CXType c = clang_getCanonicalType(t);
    if (c.kind == CXType_Bool || c.kind == CXType_Enum || !type_is_integral(c))
        return false;
    long long size = clang_Type_getSizeOf(c);
    if (size != 1 && size != 2 && size != 4 && size != 8)
        return false;
    *bits = (int)size * 8;
    *is_signed = !type_is_unsigned(c);
    return true;
}

/* What the value of an expression of C type t can be: its type's values
 * (a signed one's by the assumption of no signed overflow, an unsigned
 * one's because every wrap is written), met with what the protocol
 * expression shows. */
static Range value_range(RangeCtx *c, const Expr *e, CXType t)
{
    Range r = expr_range(c, e, 0);
    int bits;
    bool is_signed;
    if (int_type(t, &bits, &is_signed))
        r = meet(r, type_values(bits, is_signed));
    if (clang_getCanonicalType(t).kind == CXType_Bool)
        r = meet(r, range(0, 1));
    return r;
}

static bool is_boolean(const Expr *e)
{
    return e->kind == E_BOOL || e->kind == E_POW2 || e->kind == E_DISTINCT ||
           (e->kind == E_UNARY && e->op == OP_NOT) ||
           (e->kind == E_BINARY && (op_is_comparison((Op)e->op) || op_is_logical((Op)e->op)));
}

static void rely_on(Infer *in, CRule rule)
{
    if (in->kernel)
        in->kernel->c_rules |= (uint8_t)rule;
}

/* e, of range r, as a value of the integer type (bits, is_signed): itself
 * where it fits; where it exceeds only upwards, because of the host's
 * sizes (`host_sizes`: a wrap of a 32- or 64-bit value the rule covers),
 * itself too, by that rule; else its conversion. */
static Value converted(RangeCtx *c, Expr *e, Range r, int bits, bool is_signed, bool host_sizes)
{
    Infer *in = c->in;
    Range t = type_values(bits, is_signed);
    bool fits = r.lo >= t.lo && r.hi <= t.hi;
    if (!fits && host_sizes && c->host && bits >= 32 && r.lo >= t.lo) {
        rely_on(in, CRULE_HOST_SIZES);
        fits = true;
    }
    if (fits) {
        if (c->grid)
            rely_on(in, CRULE_GRID_BELOW_2_31);
        return value_int(e);
    }
    int64_t k, w;
    Op op = conversion_op(bits, is_signed);
    if (expr_constant(e, &k) && conversion_apply(op, k, &w))
        return value_int(w >= 0 ? num_expr(in, w, e->loc) : expr_unary(in->prog, e->loc, OP_NEG, num_expr(in, -w, e->loc)));
    return value_int(expr_unary(in->prog, e->loc, op, e));
}

Value machine_conversion(Infer *in, Value v, CXType to, CXType from)
{
    if (v.kind != V_INT || !type_is_integral(from)) /* (libclang's size of an error type crashes) */
        return v;
    RangeCtx c = {in, false, false};
    if (clang_getCanonicalType(to).kind == CXType_Bool) { /* C's bool is 0 or 1: b = x is x != 0 */
        Range r = value_range(&c, v.e, from);
        if (is_boolean(v.e) || (r.lo >= 0 && r.hi <= 1))
            return v;
        return value_int(expr_binary(in->prog, OP_NE, v.e, num_expr(in, 0, v.e->loc)));
    }
    int bits, from_bits;
    bool is_signed, from_signed;
    if (!type_is_integral(to) || !int_type(to, &bits, &is_signed))
        return v;
    /* the host's sizes cover a change of sign, never a narrowing: an int
     * from a 64-bit value is exact */
    bool same_width = int_type(from, &from_bits, &from_signed) && from_bits <= bits;
    return converted(&c, v.e, value_range(&c, v.e, from), bits, is_signed, same_width);
}

/* The range of an operator's result whose operands hold values of the
 * type t. */
static Range result_range(RangeCtx *c, const Expr *e, Range t)
{
    if (e->kind == E_BINARY)
        return operator_range(c, e, meet(expr_range(c, e->u.sub.a, 0), t), meet(expr_range(c, e->u.sub.b, 0), t));
    if (e->kind == E_UNARY && !op_is_conversion((Op)e->op))
        return expr_range(c, e, 0); /* -x, ~x */
    return t;
}

Value machine_arithmetic(Infer *in, Value v, CXType type)
{
    int bits;
    bool is_signed;
    if (v.kind != V_INT || !int_type(type, &bits, &is_signed))
        return v;
    RangeCtx c = {in, false, false};
    Range t = type_values(bits, is_signed), r = result_range(&c, v.e, t);
    if (is_signed) { /* stays mathematical: C leaves its overflow undefined */
        if (r.lo < t.lo || r.hi > t.hi)
            rely_on(in, CRULE_NO_SIGNED_OVERFLOW);
        return v;
    }
    bool upward = v.e->kind == E_BINARY && (v.e->op == OP_ADD || v.e->op == OP_MUL || v.e->op == OP_SHL);
    return converted(&c, v.e, r, bits, false, upward);
}

Value machine_wrap(Infer *in, Value v, CXType t)
{
    int bits;
    bool is_signed;
    if (v.kind != V_INT || !int_type(t, &bits, &is_signed))
        return v;
    RangeCtx c = {in, false, false};
    return converted(&c, v.e, expr_range(&c, v.e, 0), bits, is_signed, false);
}
