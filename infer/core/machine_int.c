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
#include "equal.h"

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
enum { RANGE_LETS = 64, RANGE_WORK = 200000 };

typedef struct RangeCtx {
    Infer *in;
    bool grid; /* the grid rule narrowed a range */
    bool host; /* a parameter, loop variable or value read, of no known bound, took part */
    bool by_zero; /* a division by a divisor that may be 0 took part: its value is any there */
    /* Lets' values share their operands (a hash's rounds: each round's
     * names are the last round's), so the expression is a DAG that a
     * plain walk visits exponentially often: a let's range is kept once
     * made, and the walk gives up (any value) past RANGE_WORK nodes. */
    const char *let_name[RANGE_LETS];
    Range let_range[RANGE_LETS];
    int nlets;
    int work;
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

/* The largest block: a constant stride up to it stands for the block's
 * size (`blockIdx.x * 256`); a larger one is no position in the grid. */
enum { MAX_BLOCK = 1024 };

/* blockIdx.a * S or gridDim.a * S, either order, for a stride S that is
 * the block's size or a constant no larger than a block: below 2^31 by the
 * rule that the grid's indices do not reach 2^31 in each dimension
 * (docs/inference.md, "Machine integers"), so that the global index fits
 * the `int` most kernels keep it in. */
static bool block_stride(const Expr *s)
{
    char axis;
    return is_builtin(s, "blockDim.", &axis) || (s->kind == E_NUM && s->u.num <= MAX_BLOCK);
}

static bool grid_product(const Expr *e, char *axis)
{
    if (e->kind != E_BINARY || e->op != OP_MUL)
        return false;
    for (int side = 0; side < 2; side++) {
        const Expr *a = side ? e->u.sub.b : e->u.sub.a, *s = side ? e->u.sub.a : e->u.sub.b;
        if ((is_builtin(a, "blockIdx.", axis) || is_builtin(a, "gridDim.", axis)) && block_stride(s))
            return true;
    }
    return false;
}

/* The global index blockIdx.a * S + threadIdx.a, by the same rule. */
static bool global_index(const Expr *e, char *axis)
{
    if (e->kind != E_BINARY || e->op != OP_ADD)
        return false;
    for (int side = 0; side < 2; side++) {
        const Expr *p = side ? e->u.sub.b : e->u.sub.a, *t = side ? e->u.sub.a : e->u.sub.b;
        char y;
        if (grid_product(p, axis) && is_builtin(t, "threadIdx.", &y) && *axis == y)
            return true;
    }
    return false;
}

/* Does product e (through lets) have the factors gridDim.a and
 * blockDim.a of one axis: the grid's whole extent along a, `blockDim.x *
 * gridDim.x`?  A multiple of it is no position in the grid. */
static bool extent_factors(Infer *in, const Expr *e, unsigned *grid_axes, unsigned *block_axes, int depth)
{
    char axis;
    if (depth > 16)
        return false;
    if (e->kind == E_BINARY && e->op == OP_MUL)
        return extent_factors(in, e->u.sub.a, grid_axes, block_axes, depth + 1) &&
               extent_factors(in, e->u.sub.b, grid_axes, block_axes, depth + 1);
    if (e->kind == E_VAR && is_builtin(e, "gridDim.", &axis))
        *grid_axes |= 1u << (axis - 'x');
    else if (e->kind == E_VAR && is_builtin(e, "blockDim.", &axis))
        *block_axes |= 1u << (axis - 'x');
    else if (e->kind == E_VAR && !e->thread) {
        const Expr *let = in ? name_let_value(in, e->u.var.name) : NULL;
        return let && extent_factors(in, let, grid_axes, block_axes, depth + 1);
    } else if (e->kind != E_NUM)
        return false;
    return true;
}

static bool grid_extent(Infer *in, const Expr *e)
{
    unsigned g = 0, b = 0;
    return extent_factors(in, e, &g, &b, 0) && (g & b) != 0;
}

/* k * E, E * k (k >= 2) or E << k, for E the grid's extent along an axis:
 * plane k of a kernel that keeps planes of one value per thread, beyond
 * every position in the grid (SHOC's `(q - 1) * (blockDim.x * gridDim.x)
 * + tid`, which wraps in 32 bits for large grids). */
static bool beyond_positions(Infer *in, const Expr *e)
{
    if (e->kind != E_BINARY || (e->op != OP_MUL && e->op != OP_SHL))
        return false;
    const Expr *a = e->u.sub.a, *b = e->u.sub.b;
    if (e->op == OP_SHL)
        return b->kind == E_NUM && b->u.num >= 1 && grid_extent(in, a);
    return (a->kind == E_NUM && a->u.num >= 2 && grid_extent(in, b)) ||
           (b->kind == E_NUM && b->u.num >= 2 && grid_extent(in, a)) || (grid_extent(in, a) && grid_extent(in, b));
}

/* e is computed from the thread and block ids, the launch's sizes and
 * constants (and lets of them) by + * << / % >> & | ^, min and max, and
 * names a block index or the grid's size: a
 * position in the grid (`(blockIdx.y * gridDim.x + blockIdx.x) *
 * blockDim.x + threadIdx.x`), below 2^31 by the grid rule.  A multiple of
 * the grid's extent (beyond_positions) is none. */
static bool grid_position(Infer *in, const Expr *e, bool *grid, int depth)
{
    char axis;
    const Expr *let;
    switch ((ExprKind)e->kind) {
    case E_NUM: return e->u.num <= MAX_BLOCK;
    case E_VAR:
        if (is_builtin(e, "blockIdx.", &axis) || is_builtin(e, "gridDim.", &axis))
            return *grid = true;
        if (is_builtin(e, "threadIdx.", &axis) || is_builtin(e, "blockDim.", &axis))
            return true;
        let = in && !e->thread ? name_let_value(in, e->u.var.name) : NULL;
        return let && depth < 16 && grid_position(in, let, grid, depth + 1);
    case E_BINARY: /* the operators that make a natural no smaller than its operands, or smaller */
        if (e->op == OP_SHL && (e->u.sub.b->kind != E_NUM || e->u.sub.b->u.num > 10)) /* 2^10: a block */
            return false;
        if (beyond_positions(in, e))
            return false;
        return (e->op == OP_ADD || e->op == OP_MUL || e->op == OP_SHL || e->op == OP_DIV || e->op == OP_MOD ||
                e->op == OP_SHR || e->op == OP_BAND || e->op == OP_BOR || e->op == OP_BXOR || e->op == OP_MIN ||
                e->op == OP_MAX) &&
               grid_position(in, e->u.sub.a, grid, depth) && grid_position(in, e->u.sub.b, grid, depth);
    default: return false;
    }
}

/* Does the launch fix every size (then every range is exact, and the
 * grid rule is not needed)? */
static bool launch_fixed(const Infer *in)
{
    return in && in->launch && launch_knows_all(in->launch, true) && launch_knows_all(in->launch, false);
}

static bool beyond_64_bits(Range r)
{
    return r.lo < -pow2w(64) || r.hi > pow2w(64);
}

/* x * y, or +-INF where it would leave INF (two 64-bit factors overflow
 * even 128 bits) */
static Wide saturated_product(Wide x, Wide y)
{
    Wide ax = x < 0 ? -x : x, ay = y < 0 ? -y : y;
    if (ax == 0 || ay == 0)
        return 0;
    if (ax > INF / ay)
        return (x < 0) != (y < 0) ? -INF : INF;
    return x * y;
}

static Range product(Range a, Range b)
{
    if (a.lo >= 0 && b.lo >= 0 && (beyond_64_bits(a) || beyond_64_bits(b))) /* (no 128-bit overflow) */
        return range(a.lo > 1 || b.lo > 1 ? 0 : a.lo * b.lo, a.hi == 0 || b.hi == 0 ? 0 : INF);
    if (beyond_64_bits(a) || beyond_64_bits(b))
        return ANY;
    Wide p[4] = {saturated_product(a.lo, b.lo), saturated_product(a.lo, b.hi), saturated_product(a.hi, b.lo),
                 saturated_product(a.hi, b.hi)};
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

/* Is b a factor of the product a, the other factors at least 1 (so that
 * a >= b when b is a natural): `blockDim.x * gridDim.x * 2 - blockDim.x`. */
static bool has_factor(RangeCtx *c, const Expr *a, const Expr *b, int depth)
{
    if (expr_equal(a, b))
        return true;
    if (a->kind != E_BINARY || a->op != OP_MUL || depth > 16)
        return false;
    for (int side = 0; side < 2; side++) {
        const Expr *f = side ? a->u.sub.b : a->u.sub.a, *other = side ? a->u.sub.a : a->u.sub.b;
        if (has_factor(c, f, b, depth + 1) && expr_range(c, other, depth + 1).lo >= 1)
            return true;
    }
    return false;
}

/* e's range from its operands' ranges a and b.  The grid rule narrows
 * the global index where the launch does not give its sizes (where it
 * does, the range is exact and needs no rule). */
static Range operator_range(RangeCtx *c, const Expr *e, Range a, Range b)
{
    Op op = (Op)e->op;
    if (op_is_comparison(op) || op_is_logical(op))
        return range(0, 1);
    /* by 0 the protocol's value is any (docs/language.md 3.2): the range
     * is that of the other divisors, and the conversion of a value that
     * may be any is left out (any value includes its conversion's) but
     * where the source writes it */
    if ((op == OP_DIV || op == OP_MOD) && b.lo <= 0 && b.hi >= 0 && e->u.sub.b->kind != E_NUM) {
        c->by_zero = true;
        b.lo = b.hi >= 1 ? 1 : b.lo;
    }
    Range r = plain_operator_range(e, a, b);
    if (op == OP_SUB && b.lo >= 0 && has_factor(c, e->u.sub.a, e->u.sub.b, 0))
        r = meet(r, range(0, INF));
    char axis;
    bool grid = false;
    bool ruled_form = ((grid_product(e, &axis) || global_index(e, &axis)) && !launch_knows_axis(c->in, axis)) ||
                      (grid_position(c->in, e, &grid, 0) && grid && !launch_fixed(c->in));
    Range ruled = meet(r, range(0, pow2w(31) - 1));
    if (ruled_form && ruled.hi < r.hi) {
        c->grid = true;
        return ruled;
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
        /* C truncates toward zero: by a positive divisor the quotient
         * lies between 0 and the dividend */
        return b.lo >= 1 ? range(a.lo < 0 ? a.lo : 0, a.hi > 0 ? a.hi : 0) : ANY;
    case OP_MOD:
        if (!positive_literal(y, INF)) {
            /* C's remainder takes the dividend's sign and is no larger than
             * it, whatever the (nonzero) divisor; a positive divisor also
             * bounds it */
            Range r = range(a.lo < 0 ? a.lo : 0, a.hi > 0 ? a.hi : 0);
            return b.lo >= 1 && b.hi < INF ? meet(r, range(1 - b.hi, b.hi - 1)) : r;
        }
        return a.lo >= 0 ? range(0, a.hi < (Wide)y->u.num - 1 ? a.hi : (Wide)y->u.num - 1)
                         : range(1 - (Wide)y->u.num, (Wide)y->u.num - 1);
    case OP_SHR:
        if (b.lo >= 0 && b.hi < 64 && a.lo >= 0)
            return range(a.lo >> b.hi, a.hi >> b.lo);
        return a.lo >= 0 && b.lo >= 0 ? range(0, a.hi) : ANY;
    case OP_SHL: /* by an amount of known range: a product by 2^b.lo .. 2^b.hi */
        return b.lo >= 0 && b.hi < 63 ? product(a, range(pow2w((int)b.lo), pow2w((int)b.hi))) : ANY;
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

/* The range of the let `name = value`, made once per walk. */
static Range let_range(RangeCtx *c, const char *name, const Expr *value, int depth)
{
    for (int i = 0; i < c->nlets; i++)
        if (strcmp(c->let_name[i], name) == 0)
            return c->let_range[i];
    Range r = expr_range(c, value, depth + 1);
    if (c->nlets < RANGE_LETS) {
        c->let_name[c->nlets] = name;
        c->let_range[c->nlets++] = r;
    }
    return r;
}

/* A name: a built-in's launch range, a let's value's range; any other
 * name (a parameter, a loop variable, a value read) is a natural
 * (docs/language.md 3.2) of no known bound, which marks the range as
 * resting on the rule for such values. */
static Range var_range(RangeCtx *c, const Expr *e, int depth)
{
    Range r;
    if (e->thread)
        return ANY;
    if (builtin_range(c->in, e->u.var.name, &r))
        return r;
    const Expr *let = c->in ? name_let_value(c->in, e->u.var.name) : NULL;
    if (let)
        return let_range(c, e->u.var.name, let, depth);
    c->host = true;
    return NATURALS;
}

static Range expr_range(RangeCtx *c, const Expr *e, int depth)
{
    if (depth > 64 || ++c->work > RANGE_WORK)
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
 * where it fits; where it may not only because a value of no known bound
 * takes part (`host_sizes`: a wrap of a 32- or 64-bit value the rule
 * covers), itself too, by that rule; else its conversion. */
static Value converted(RangeCtx *c, Expr *e, Range r, int bits, bool is_signed, bool host_sizes)
{
    Infer *in = c->in;
    Range t = type_values(bits, is_signed);
    bool fits = r.lo >= t.lo && r.hi <= t.hi;
    if (!fits && host_sizes && c->host && bits >= 32) {
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
    /* iN(iM(x)) is iN(x) for N <= M, whatever the signs: both reduce x
     * modulo 2^N (gen's `(int)(long long)x` is i32 of i64 of x) */
    while (e->kind == E_UNARY && op_is_conversion((Op)e->op) && conversion_bits((Op)e->op) >= bits)
        e = e->u.sub.a;
    if (expr_constant(e, &k) && conversion_apply(op, k, &w))
        return value_int(w >= 0 ? num_expr(in, w, e->loc) : expr_unary(in->prog, e->loc, OP_NEG, num_expr(in, -w, e->loc)));
    return value_int(expr_unary(in->prog, e->loc, op, e));
}

/* Does e (or a let it names) divide or shift by an amount that is no
 * number? */
static bool by_symbolic_amount(Infer *in, const Expr *e, int depth)
{
    if (e->kind == E_BINARY && (e->op == OP_DIV || e->op == OP_MOD || e->op == OP_SHL || e->op == OP_SHR) &&
        e->u.sub.b->kind != E_NUM)
        return true;
    const Expr *let = e->kind == E_VAR && !e->thread ? name_let_value(in, e->u.var.name) : NULL;
    if (let && depth < 16)
        return by_symbolic_amount(in, let, depth + 1);
    Expr **slot[3];
    int n = expr_operands((Expr *)e, slot);
    for (int i = 0; i < n; i++)
        if (by_symbolic_amount(in, *slot[i], depth))
            return true;
    return false;
}

Value machine_conversion(Infer *in, Value v, CXType to, CXType from, bool written)
{
    if (v.kind != V_INT || !type_is_integral(from)) /* (libclang's size of an error type crashes) */
        return v;
    RangeCtx c = {.in = in};
    if (clang_getCanonicalType(to).kind == CXType_Bool) { /* C's bool is 0 or 1: b = x is x != 0 */
        Range r = value_range(&c, v.e, from);
        if (is_boolean(v.e) || (r.lo >= 0 && r.hi <= 1))
            return v;
        return value_int(expr_binary(in->prog, OP_NE, v.e, num_expr(in, 0, v.e->loc)));
    }
    int bits;
    bool is_signed;
    if (!type_is_integral(to) || !int_type(to, &bits, &is_signed))
        return v;
    /* gen writes the protocol's iN(x) as `(int)(long long)x` (i64 as
     * `(long long)x`) of a natural x (its ints are naturals: docs/codegen.md):
     * such a cast it wrote reads back as the conversion, whatever x's C type
     * says */
    int from_bits;
    bool from_signed;
    bool from_int = int_type(from, &from_bits, &from_signed);
    bool as_written = written && in->generated && from_int &&
                      (bits < from_bits || (bits == 64 && is_signed && from_bits < 64));
    Range range = as_written ? expr_range(&c, v.e, 0) : value_range(&c, v.e, from);
    Value r = converted(&c, v.e, range, bits, is_signed, !as_written);
    /* A narrow cast the source writes on a value that may be unknown (a
     * division or shift by a symbolic amount, any value at 0 or beyond)
     * stays: the solver compares such values only as written. */
    bool conversion = v.e->kind == E_UNARY && op_is_conversion((Op)v.e->op);
    if (written && bits < 64 && r.e == v.e && !conversion && (c.by_zero || by_symbolic_amount(in, v.e, 0)))
        return value_int(expr_unary(in->prog, v.e->loc, conversion_op(bits, is_signed), v.e));
    return r;
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
    RangeCtx c = {.in = in};
    Range t = type_values(bits, is_signed), r = result_range(&c, v.e, t);
    if (is_signed) { /* stays mathematical: C leaves its overflow undefined */
        if (r.lo < t.lo || r.hi > t.hi)
            rely_on(in, CRULE_NO_SIGNED_OVERFLOW);
        return v;
    }
    /* -x and ~x wrap whatever x is (but 0): always exact */
    return converted(&c, v.e, r, bits, false, v.e->kind == E_BINARY);
}

Value machine_wrap(Infer *in, Value v, CXType t)
{
    int bits;
    bool is_signed;
    if (v.kind != V_INT || !int_type(t, &bits, &is_signed))
        return v;
    RangeCtx c = {.in = in};
    return converted(&c, v.e, expr_range(&c, v.e, 0), bits, is_signed, true);
}

/* A signed C value the protocol names by a natural (docs/inference.md,
 * "Signed values"): a parameter, an unknown, a value read.  Its C value
 * may be negative, so it enters the protocol as iN(x), which takes every
 * value of the type as x runs over the naturals: `if (shift < 0)` is
 * reachable.  A file mapkit gen wrote keeps its naturals (its ints stand
 * for them: docs/codegen.md). */
Value machine_signed_value(Infer *in, Value v, CXType t)
{
    int bits;
    bool is_signed;
    if (in->generated || v.kind != V_INT || !int_type(t, &bits, &is_signed) || !is_signed)
        return v;
    return value_int(expr_unary(in->prog, v.e->loc, conversion_op(bits, true), v.e));
}

bool machine_signed_type(CXType t)
{
    int bits;
    bool is_signed;
    return int_type(t, &bits, &is_signed) && is_signed;
}

/* The same for an expression of C type t that is a raw name (name_is_raw). */
Value machine_signed_name(Infer *in, Value v, CXType t)
{
    if (v.kind != V_INT || v.e->kind != E_VAR || v.e->thread || !name_is_raw(in, v.e->u.var.name))
        return v;
    return machine_signed_value(in, v, t);
}

Expr *machine_operand(Infer *in, Expr *e, int bits, bool is_signed)
{
    RangeCtx c = {.in = in};
    Range r = expr_range(&c, e, 0), t = type_values(bits, is_signed);
    if (r.lo >= t.lo && r.hi <= t.hi) {
        if (c.grid)
            rely_on(in, CRULE_GRID_BELOW_2_31);
        return e;
    }
    if (c.host) {
        rely_on(in, CRULE_HOST_SIZES);
        return e;
    }
    return NULL;
}

bool machine_may_be_negative(Infer *in, const Expr *e)
{
    RangeCtx c = {.in = in};
    return expr_range(&c, e, 0).lo < 0;
}

int machine_width(Infer *in, const Expr *e)
{
    RangeCtx c = {.in = in};
    Range r = expr_range(&c, e, 0);
    if (r.lo < 0 || r.hi >= pow2w(64))
        return -1;
    int w = 0;
    while (w < 64 && (r.hi >> w) != 0)
        w++;
    return w;
}
