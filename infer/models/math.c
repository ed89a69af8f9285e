/* CUDA's integer helpers and math functions (docs/inference.md, "Vector
 * math, textures, surfaces, curand and the math API"): min, max, abs,
 * __mul24 and the generator's __mapkit_min, __mapkit_max, __mapkit_div and
 * __mapkit_mod are arithmetic the protocol writes; the math API's
 * functions give data computed from their arguments. */
#include "models.h"

#include "env.h"
#include "expr.h"

#include <stdlib.h>
#include <string.h>

static const char *const mins[] = {"min", "umin", "llmin", "ullmin", "__mapkit_min", NULL};
static const char *const maxs[] = {"max", "umax", "llmax", "ullmax", "__mapkit_max", NULL};
static const char *const muls[] = {"__mul24", "__umul24", NULL};
/* the generator's protocol division, any value at 0 (docs/codegen.md):
 * unlike C's `/`, nothing is assumed of the divisor */
static const char *const divs[] = {"__mapkit_div", "__mapkit_mod", NULL};

/* __umul24(a, b): the product of the low 24 bits of each operand, taken
 * modulo 2^32; __mul24 reads those bits as signed (i32(a * 256) >> 8
 * sign-extends bit 23) and gives a signed 32-bit product.  An operand
 * that already lies within 24 bits is itself. */
static Expr *mul24(Infer *in, Expr *a, Expr *b, bool is_signed, CXType type, Loc loc)
{
    Expr *low[2] = {a, b};
    for (int i = 0; i < 2; i++) {
        if (machine_operand(in, low[i], 24, is_signed))
            continue;
        low[i] = is_signed ? mk_binary(in, OP_SHR, machine_wrap(in, value_int(mk_binary(in, OP_MUL, low[i], num_expr(in, 256, loc))), type).e,
                                       num_expr(in, 8, loc))
                           : mk_binary(in, OP_BAND, low[i], num_expr(in, 16777215, loc));
    }
    Value v = value_int(mk_binary(in, OP_MUL, low[0], low[1]));
    return machine_wrap(in, v, type).e; /* the 48-bit product, reduced to the result's 32 bits */
}

/* The bit-counting intrinsics: exact where an expression can say it
 * (exact_bits), otherwise a fresh unknown held to what is known of it,
 * never a constant.  __popc, __clz and __ffs count at most `bits`;
 * __popc(x) and __ffs(x) are 0 exactly when x is, __clz(x) is `bits`
 * exactly then; __brev, __byte_perm and the funnel shifts give some value
 * of their width. */
static const char *const bit_counts[] = {"__popc", "__popcll", "__clz", "__clzll", "__ffs", "__ffsll", NULL};
static const char *const bit_values[] = {"__brev", "__brevll", "__byte_perm", "__funnelshift_l", "__funnelshift_lc",
                                         "__funnelshift_r", "__funnelshift_rc", NULL};

/* x as `1 << k` (through conversions), k in [0, bits): the single bit k. */
static bool single_bit(Infer *in, const Expr *x, int bits, Expr **k)
{
    while (x->kind == E_UNARY && op_is_conversion((Op)x->op))
        x = x->u.sub.a;
    if (x->kind != E_BINARY || x->op != OP_SHL || x->u.sub.a->kind != E_NUM || x->u.sub.a->u.num != 1)
        return false;
    int w = machine_width(in, x->u.sub.b);
    *k = x->u.sub.b;
    return w >= 0 && w < 64 && ((int64_t)1 << w) <= bits;
}

/* What an expression can say exactly: __popc, __ffs and __clz of a single
 * bit 1 << k (1, k + 1, bits - 1 - k).  NULL otherwise (__brev of a
 * narrow value is its spelled bits moved, reversed_bits). */
static Expr *exact_bits(Infer *in, const char *name, Expr *x, int bits, Loc loc)
{
    Expr *k;
    if (single_bit(in, x, bits, &k)) {
        if (strstr(name, "popc"))
            return num_expr(in, 1, loc);
        if (strstr(name, "ffs"))
            return mk_binary(in, OP_ADD, k, num_expr(in, 1, loc));
        if (strstr(name, "clz"))
            return mk_binary(in, OP_SUB, num_expr(in, bits - 1, loc), k);
    }
    return NULL;
}

/* Narrow values (docs/inference.md, "Machine integers"): a value known to
 * lie below 2^MAX_SPELLED_BITS is written as its bits, one unknown 0 or 1
 * each, tied to it by `x == b0 + 2*b1 + ...`.  Everything below is then
 * linear, which the solver decides at once, where the same sum written
 * with `(x >> i) & 1` is beyond it. */
enum { MAX_SPELLED_BITS = 16 };

/* x's w bits b[0..w) (b[0] the lowest), or 0 when x is not known to be
 * that narrow. */
static int spelled_bits(Infer *in, Expr *x, Expr **b, Loc loc)
{
    int w = machine_width(in, x);
    if (w < 1 || w > MAX_SPELLED_BITS || !machine_operand(in, x, w, false))
        return 0;
    Expr *sum = NULL;
    for (int i = 0; i < w; i++) {
        b[i] = emit_local(in, "bit", loc);
        emit_assume(in, expr_binary(in->prog, OP_LT, b[i], num_expr(in, 2, loc)), loc);
        Expr *term = mk_binary(in, OP_MUL, b[i], num_expr(in, (int64_t)1 << i, loc));
        sum = sum ? mk_binary(in, OP_ADD, sum, term) : term;
    }
    emit_assume(in, expr_binary(in->prog, OP_EQ, x, sum), loc);
    return w;
}

/* __brev(x) of a narrow x: bit i of x moved to bit bits - 1 - i. */
static Expr *reversed_bits(Infer *in, Expr *x, int bits, Loc loc)
{
    Expr *b[MAX_SPELLED_BITS];
    int w = spelled_bits(in, x, b, loc);
    Expr *sum = NULL;
    for (int i = 0; i < w; i++) {
        int to = bits - 1 - i; /* 2^63 is no int64_t: 2^62 * 2 */
        Expr *place = to < 63 ? num_expr(in, (int64_t)1 << to, loc)
                              : mk_binary(in, OP_MUL, num_expr(in, (int64_t)1 << 62, loc), num_expr(in, 2, loc));
        Expr *moved = mk_binary(in, OP_MUL, b[i], place);
        sum = sum ? mk_binary(in, OP_ADD, sum, moved) : moved;
    }
    return sum;
}

/* The facts of a count r of the bits of x (of width w, -1: unknown):
 * at most `bits`, or w where x is narrower (__clz at least bits - w);
 * 0 (__clz: bits) exactly when x is 0; __popc(x) at most x. */
static void count_facts(Infer *in, const char *name, Expr *r, Expr *x, int bits, Loc loc)
{
    int w = x ? machine_width(in, x) : -1;
    bool clz = strstr(name, "clz") != NULL;
    Expr *limit = num_expr(in, bits, loc);
    emit_assume(in, expr_binary(in->prog, OP_LE, r, w >= 0 && w < bits && !clz ? num_expr(in, w, loc) : limit), loc);
    if (!x)
        return;
    if (clz && w >= 0 && w < bits)
        emit_assume(in, expr_binary(in->prog, OP_GE, r, num_expr(in, bits - w, loc)), loc);
    Expr *zero = num_expr(in, 0, loc);
    emit_assume(in, expr_binary(in->prog, OP_EQ, expr_binary(in->prog, OP_EQ, r, clz ? limit : zero),
                                expr_binary(in->prog, OP_EQ, x, zero)), loc);
    if (strstr(name, "popc") && w >= 0)
        emit_assume(in, expr_binary(in->prog, OP_LE, r, x), loc);
}

static bool bit_call(Infer *in, const Call *c, Value *out)
{
    const char *name = c->name;
    bool count = name_in(name, bit_counts);
    if ((!count && !name_in(name, bit_values)) || c->nargs < 1)
        return false;
    Value args[3];
    int n = c->nargs < 3 ? c->nargs : 3;
    for (int i = 0; i < n; i++)
        args[i] = tr_value(in, c->args[i]);
    int bits = strstr(name, "ll") ? 64 : 32;
    Expr *x = args[0].kind == V_INT ? args[0].e : NULL;
    Expr *exact = x ? exact_bits(in, name, x, bits, c->loc) : NULL;
    if (!exact && x && strncmp(name, "__brev", 6) == 0)
        exact = reversed_bits(in, x, bits, c->loc);
    if (exact) {
        *out = value_int(exact);
        return true;
    }
    Expr *r = emit_local(in, "bits", c->loc);
    if (count)
        count_facts(in, name, r, x, bits, c->loc);
    else if (bits == 32)
        emit_assume(in, expr_binary(in->prog, OP_LT, r, num_expr(in, (int64_t)1 << 32, c->loc)), c->loc);
    *out = value_int(r);
    return true;
}

/* min, max, __mul24, the generator's division and abs: integer
 * arithmetic when the operands are integers, else data. */
bool arith_call(Infer *in, const Call *c, Value *out)
{
    const char *name = c->name;
    if (bit_call(in, c, out))
        return true;
    bool is_min = name_in(name, mins), is_max = name_in(name, maxs), is_mul = name_in(name, muls);
    bool is_div = name_in(name, divs);
    if ((is_min || is_max || is_mul || is_div) && c->nargs == 2) {
        Value a = tr_value(in, c->args[0]);
        Value b = tr_value(in, c->args[1]);
        Value both[2] = {a, b};
        Op op = is_min ? OP_MIN : is_max ? OP_MAX : strcmp(name, "__mapkit_div") == 0 ? OP_DIV : OP_MOD;
        *out = a.kind == V_INT && b.kind == V_INT
                   ? value_int(is_mul ? mul24(in, a.e, b.e, strcmp(name, "__mul24") == 0, clang_getCursorType(c->cursor), c->loc)
                                      : expr_binary(in->prog, op, a.e, b.e))
                   : value_data_of(in, both, 2);
        return true;
    }
    if (strcmp(name, "abs") == 0 && c->nargs == 1) {
        Value a = tr_value(in, c->args[0]);
        *out = a.kind == V_INT ? value_int(mk_cond(in, expr_binary(in->prog, OP_LT, a.e, num_expr(in, 0, c->loc)),
                                                   expr_unary(in->prog, c->loc, OP_NEG, a.e), a.e))
                               : value_data_of(in, &a, 1);
        return true;
    }
    return false;
}

/* CUDA's math API (C's functions, their `f` forms and the `__expf`
 * intrinsics) and its arithmetic intrinsics: each result depends on the
 * arguments alone, so it is the same in every thread of the block when
 * they are (`i <= __log2f(HEIGHT)`, `__powf(2, i)`). */
static const char *const math_bases[] = {
    "sqrt", "rsqrt", "cbrt", "rcbrt", "exp", "exp2", "exp10", "expm1", "log", "log2", "log10", "log1p", "logb",
    "ilogb", "pow", "sin", "cos", "tan", "sinpi", "cospi", "asin", "acos", "atan", "atan2", "sinh", "cosh",
    "tanh", "asinh", "acosh", "atanh", "floor", "ceil", "round", "trunc", "rint", "nearbyint", "lround",
    "llround", "lrint", "llrint", "fabs", "fmin", "fmax", "fmod", "remainder", "fdim", "fma", "hypot",
    "copysign", "erf", "erfc", "erfinv", "erfcinv", "lgamma", "tgamma", "ldexp", "scalbn", "scalbln",
    "nextafter", "norm3d", "rnorm3d", "rhypot", "normcdf", "normcdfinv", NULL};
static const char *const math_intrinsics[] = {
    "__fdividef", "__saturatef", "__mulhi", "__umulhi", "__mul64hi", "__umul64hi", "__sad", "__usad", "__hadd",
    "__rhadd", "__uhadd", "__urhadd", "labs", "llabs", "isnan", "isinf", "isfinite", "signbit", NULL};
/* conversions and rounded arithmetic: __float2int_rn, __fadd_rz, ... */
static const char *const math_prefixes[] = {
    "__float2", "__double2", "__int2", "__uint2", "__ll2", "__ull2", "__float_as_", "__int_as_", "__uint_as_",
    "__double_as_", "__longlong_as_", "__fadd_", "__fsub_", "__fmul_", "__fdiv_", "__fmaf_", "__frcp_",
    "__fsqrt_", "__dadd_", "__dsub_", "__dmul_", "__ddiv_", "__fma_", "__drcp_", "__dsqrt_", NULL};

static bool is_math_function(const char *name)
{
    if (name_in(name, math_intrinsics))
        return true;
    for (int i = 0; math_prefixes[i]; i++)
        if (starts_with(name, math_prefixes[i]))
            return true;
    const char *base = starts_with(name, "__") ? name + 2 : name; /* __expf is expf */
    size_t n = strlen(base);
    for (int i = 0; math_bases[i]; i++) {
        size_t b = strlen(math_bases[i]);
        if (strncmp(base, math_bases[i], b) == 0 &&
            (base == name ? n == b || (n == b + 1 && (base[b] == 'f' || base[b] == 'l')) : n == b + 1 && base[b] == 'f'))
            return true;
    }
    return false;
}

/* `__float_as_int(s[0])`, `__float_as_uint(v)`, `__double_as_longlong(x)`
 * of a whole cell read of that type, or of a name holding one: the cell's
 * bits, which are the value of the read (`local x = rd s[0];`,
 * docs/language.md 3.6); the generator writes such a read so when its
 * value is used as an integer (a float's comparison, docs/inference.md).
 * False for anything else, which stays data. */
static bool bits_of_cell(Infer *in, const Call *c, Value *out)
{
    static const char *const casts[] = {"__float_as_int", "__float_as_uint", "__double_as_longlong", NULL};
    if (!name_in(c->name, casts) || c->nargs != 1)
        return false;
    Value v;
    CXCursor arg = c->args[0];
    Expr *x = copied_value(in, arg, clang_getCursorType(arg), &v);
    if (!x && v.kind == V_NONE && v.copy && expr_in_scope(in, v.copy))
        x = v.copy;
    *out = x ? value_int(x) : value_data_of(in, &v, 1);
    return true;
}

/* `__int_as_float(x)`, `__longlong_as_double(x)` of a name holding a
 * cell's bits (bits_of_cell): a float that is that cell's copy (Value.copy,
 * docs/inference.md, "Values copied from memory"), which a store writes
 * with its value; data for anything else. */
static bool float_of_bits(Infer *in, const Call *c, Value *out)
{
    static const char *const casts[] = {"__int_as_float", "__uint_as_float", "__longlong_as_double", NULL};
    if (!name_in(c->name, casts) || c->nargs != 1)
        return false;
    Value v = tr_value(in, c->args[0]);
    if (v.kind != V_INT || !expr_is_read_copy(in, v.e)) {
        *out = value_data_of(in, &v, 1);
        return true;
    }
    *out = value_none();
    out->copy = v.e;
    return true;
}

/* A call of one (with no body here, and no pointer or reference
 * argument: frexp and sincos write through theirs): data, shared when
 * every argument is. */
bool math_call(Infer *in, const Call *c, Value *out)
{
    const char *name = c->name;
    if (!is_math_function(name) || c->nargs == 0 || c->nargs > 4)
        return false;
    if (bits_of_cell(in, c, out) || float_of_bits(in, c, out))
        return true;
    for (int i = 0; i < c->nargs; i++) {
        CXType t = clang_getCanonicalType(clang_getCursorType(c->args[i]));
        if (t.kind == CXType_Pointer || is_reference_type(t))
            return false;
    }
    Value args[4];
    for (int i = 0; i < c->nargs; i++)
        args[i] = tr_value(in, c->args[i]);
    *out = value_data_of(in, args, c->nargs);
    return true;
}

/* A call that tr_call reads as pure integer arithmetic (min, max, pow2,
 * __mul24, abs): like an operator, it cannot make a loop bound move, so
 * `for (i = 0; i < min(n, 32); i++)` stays an exact loop.  The generator's
 * helpers go by name, the others only when the file gives no body. */
static bool arith_pure_call(CXCursor call)
{
    char *name = callee_name(call);
    bool ours = strcmp(name, "__mapkit_min") == 0 || strcmp(name, "__mapkit_max") == 0 ||
                strcmp(name, "__mapkit_pow2") == 0 || name_in(name, divs);
    bool known = name_in(name, mins) || name_in(name, maxs) || name_in(name, muls) || strcmp(name, "abs") == 0;
    free(name);
    CXCursor def, body;
    return ours || (known && !defined_with_body(callee_decl(call), &def, &body));
}

const Model model_math = {
    .name = "math",
    .pure_call = arith_pure_call,
};
