/* Protocol expressions as C expressions ([VST Table 1]; the operator
 * table is C's, docs/language.md Sec. 2.1, so only the parentheses C needs
 * are printed). */
#include "internal.h"

#include <inttypes.h>

enum { LV_COND = 1, LV_OR, LV_AND, LV_BOR, LV_BXOR, LV_BAND, LV_EQ, LV_REL, LV_SHIFT,
       LV_ADD, LV_MUL, LV_UNARY, LV_PRIMARY };

static int binary_level(Op op)
{
    switch (op) {
    case OP_OR: return LV_OR;
    case OP_AND: return LV_AND;
    case OP_BOR: return LV_BOR;
    case OP_BXOR: return LV_BXOR;
    case OP_BAND: return LV_BAND;
    case OP_EQ: case OP_NE: return LV_EQ;
    case OP_LT: case OP_LE: case OP_GT: case OP_GE: return LV_REL;
    case OP_SHL: case OP_SHR: return LV_SHIFT;
    case OP_ADD: case OP_SUB: return LV_ADD;
    case OP_MUL: case OP_DIV: case OP_MOD: return LV_MUL;
    default: return LV_PRIMARY; /* min, max: calls */
    }
}

static int level(const Expr *e)
{
    switch ((ExprKind)e->kind) {
    case E_COND: return LV_COND;
    case E_BINARY: return binary_level((Op)e->op);
    case E_UNARY: return LV_UNARY;
    case E_DISTINCT: return e->u.distinct.n == 1 ? LV_EQ : LV_OR;
    case E_NUM: case E_BOOL: case E_VAR: case E_POW2: return LV_PRIMARY;
    }
    return LV_PRIMARY;
}

static void gen_at(Out *o, const ExprCtx *c, const Expr *e, int min_level);

static void gen_var_name(Out *o, const ExprCtx *c, const Expr *v)
{
    const Sym *s = v->u.var.sym;
    if (s && s->builtin != BI_NONE && s->builtin != BI_WARPSIZE && c->signed_builtins)
        out_put(o, !c->wide_builtins ? "(int)" : c->names && c->names->opencl ? "(long)" : "(long long)");
    if (s && s->builtin != BI_NONE && c->builtin) {
        c->builtin(o, s);
        return;
    }
    out_put(o, s ? c->sym_name[s->index] : names_c(c->names, v->u.var.name));
}

static void gen_var(Out *o, const ExprCtx *c, const Expr *e)
{
    if (e->thread == 2) { /* 2@x: GPUVerify's other thread */
        out_put(o, "__other_int(");
        gen_var_name(o, c, e);
        out_put(o, ")");
        return;
    }
    gen_var_name(o, c, e);
}

static const char *num_suffix(const ExprCtx *c, uint64_t v)
{
    const char *wide = c->names && c->names->opencl ? "L" : "LL";
    return v > (uint64_t)INT64_MAX ? "u" : c->wide_builtins ? wide : "";
}

static void gen_num(Out *o, const ExprCtx *c, uint64_t v)
{
    out_printf(o, "%" PRIu64 "%s", v, num_suffix(c, v));
}

/* `2 ^ 4` and `10 ^ x`: clang asks whether a power was meant
 * (-Wxor-used-as-pow) unless the 2 or the 10 is written in hex, as its
 * note suggests.  The front end reads 0x2 as 2. */
static bool xor_of_pow_base(const Expr *e)
{
    const Expr *a = e->u.sub.a;
    return e->op == OP_BXOR && a->kind == E_NUM && (a->u.num == 2 || a->u.num == 10);
}

static void gen_distinct(Out *o, const ExprCtx *c, const Expr *e)
{
    for (int i = 0; i < e->u.distinct.n; i++) {
        if (i)
            out_put(o, " || ");
        gen_var_name(o, c, e->u.distinct.vars[i]);
        out_put(o, " != __other_int(");
        gen_var_name(o, c, e->u.distinct.vars[i]);
        out_put(o, ")");
    }
}

static void gen_call2(Out *o, const ExprCtx *c, const char *fn, const Expr *a, const Expr *b)
{
    out_printf(o, "%s(", fn);
    gen_at(o, c, a, LV_COND);
    if (b) {
        out_put(o, ", ");
        gen_at(o, c, b, LV_COND);
    }
    out_put(o, ")");
}

/* uN(e) and iN(e) as C casts, which the front end reads back as the same
 * conversions.  A 32- or 64-bit unsigned value would turn the arithmetic
 * around it unsigned (and wrap where the protocol does not): u32 goes on
 * through long long, whose every value it fits.  i32 converts from long
 * long, so that the front end sees a conversion that may narrow even
 * where e's C type (int) would say it fits.  OpenCL's i8 is `signed char`
 * too, though its `char` is signed: clang warns of a `char` subscript
 * (-Wchar-subscripts), as it does in C where char's sign varies. */
static void gen_conversion(Out *o, const ExprCtx *c, const Expr *e)
{
    static const char *const cuda[] = {
        [OP_U8 - OP_U8] = "unsigned char", [OP_U16 - OP_U8] = "unsigned short",
        [OP_U32 - OP_U8] = "unsigned int", [OP_U64 - OP_U8] = "unsigned long long",
        [OP_I8 - OP_U8] = "signed char",   [OP_I16 - OP_U8] = "short",
        [OP_I32 - OP_U8] = "int",          [OP_I64 - OP_U8] = "long long",
    };
    static const char *const opencl[] = {
        [OP_U8 - OP_U8] = "uchar", [OP_U16 - OP_U8] = "ushort", [OP_U32 - OP_U8] = "uint",
        [OP_U64 - OP_U8] = "ulong", [OP_I8 - OP_U8] = "signed char", [OP_I16 - OP_U8] = "short",
        [OP_I32 - OP_U8] = "int",   [OP_I64 - OP_U8] = "long",
    };
    bool cl = c->names && c->names->opencl;
    int at = e->op - OP_U8;
    if (e->op == OP_U32)
        out_put(o, cl ? "(long)" : "(long long)");
    out_printf(o, "(%s)", cl ? opencl[at] : cuda[at]);
    if (e->op == OP_I32)
        out_put(o, cl ? "(long)" : "(long long)");
    gen_at(o, c, e->u.sub.a, LV_PRIMARY);
}

static void gen_unary(Out *o, const ExprCtx *c, const Expr *e)
{
    if (op_is_conversion((Op)e->op)) {
        gen_conversion(o, c, e);
        return;
    }
    out_put(o, op_spelling((Op)e->op));
    /* `- -a` would be `--a`: a nested prefix operator keeps parentheses */
    const Expr *a = e->u.sub.a;
    gen_at(o, c, a, a->kind == E_UNARY ? LV_PRIMARY : LV_UNARY);
}

/* Parentheses C does not need but compilers ask for (-Wparentheses: `&&`
 * in `||`, anything tighter in `|`, `^`, `&`, `+` and `-` in a shift), so
 * that generated code compiles without warnings. */
static int operand_level(int parent, const Expr *operand, int needed)
{
    int lv = level(operand);
    if (operand->kind != E_BINARY || lv == LV_PRIMARY || lv == parent)
        return needed;
    bool asked = (parent == LV_OR && lv == LV_AND) ||
                 ((parent == LV_BOR || parent == LV_BXOR || parent == LV_BAND) && lv > parent) ||
                 (parent == LV_SHIFT && lv == LV_ADD);
    return asked ? LV_PRIMARY : needed;
}

static bool is_zero(const Expr *e)
{
    int64_t v;
    return expr_constant(e, &v) && v == 0;
}

/* Does e ask whether `a` is negative (`a < 0`, `a >= 0`, `0 > a`, `0 <=
 * a`)?  Of an unsigned `a` nvcc calls that pointless (warning 186),
 * though the protocol's integers may well be negative there. */
static bool compared_with_zero(const Expr *e, const Expr *a)
{
    if (e->kind != E_BINARY)
        return false;
    bool left = a == e->u.sub.a;
    bool asks = left ? e->op == OP_LT || e->op == OP_GE : e->op == OP_GT || e->op == OP_LE;
    return asks && is_zero(left ? e->u.sub.b : e->u.sub.a) && !is_zero(a);
}

/* An operand of e.  One compared with a zero is written signed, so that
 * no compiler calls the comparison pointless: its built-ins as
 * `(int)threadIdx.x`, and an 8- or 16-bit unsigned conversion as
 * `(int)(unsigned short)...` (nvcc goes by the type before C promotes
 * it to int).  The front end reads both casts back as nothing: they
 * change no value. */
static void gen_operand(Out *o, const ExprCtx *c, const Expr *e, const Expr *a, int min_level)
{
    if (!compared_with_zero(e, a)) {
        gen_at(o, c, a, min_level);
        return;
    }
    ExprCtx signed_ctx = *c;
    signed_ctx.signed_builtins = true;
    if (a->kind == E_UNARY && (a->op == OP_U8 || a->op == OP_U16)) {
        out_put(o, "(int)");
        min_level = LV_UNARY;
    }
    gen_at(o, &signed_ctx, a, min_level);
}

static void gen_binary(Out *o, const ExprCtx *c, const Expr *e)
{
    Op op = (Op)e->op;
    if (op == OP_MIN || op == OP_MAX) {
        gen_call2(o, c, op == OP_MIN ? "__mapkit_min" : "__mapkit_max", e->u.sub.a, e->u.sub.b);
        return;
    }
    if ((op == OP_DIV || op == OP_MOD) && c->division_helpers && e->u.sub.b->kind != E_NUM) {
        gen_call2(o, c, op == OP_DIV ? "__mapkit_div" : "__mapkit_mod", e->u.sub.a, e->u.sub.b);
        return;
    }
    int lv = binary_level(op);
    /* comparisons do not chain in the protocol: keep both sides apart */
    bool chainless = lv == LV_EQ || lv == LV_REL;
    if (xor_of_pow_base(e))
        out_printf(o, "0x%" PRIx64 "%s", e->u.sub.a->u.num, num_suffix(c, e->u.sub.a->u.num));
    else
        gen_operand(o, c, e, e->u.sub.a, operand_level(lv, e->u.sub.a, chainless ? lv + 1 : lv));
    out_printf(o, " %s ", op_spelling(op));
    gen_operand(o, c, e, e->u.sub.b, operand_level(lv, e->u.sub.b, lv + 1));
}

static void gen_cond(Out *o, const ExprCtx *c, const Expr *e)
{
    gen_at(o, c, e->u.sub.a, LV_OR);
    out_put(o, " ? ");
    gen_at(o, c, e->u.sub.b, LV_COND);
    out_put(o, " : ");
    gen_at(o, c, e->u.sub.c, LV_COND);
}

static void gen_bare(Out *o, const ExprCtx *c, const Expr *e)
{
    switch ((ExprKind)e->kind) {
    case E_NUM: gen_num(o, c, e->u.num); return;
    case E_BOOL: out_put(o, e->u.boolean ? "true" : "false"); return;
    case E_VAR: gen_var(o, c, e); return;
    case E_UNARY: gen_unary(o, c, e); return;
    case E_BINARY: gen_binary(o, c, e); return;
    case E_COND: gen_cond(o, c, e); return;
    case E_POW2: gen_call2(o, c, "__mapkit_pow2", e->u.sub.a, NULL); return;
    case E_DISTINCT: gen_distinct(o, c, e); return;
    }
}

static void gen_at(Out *o, const ExprCtx *c, const Expr *e, int min_level)
{
    bool parens = level(e) < min_level;
    if (parens)
        out_put(o, "(");
    gen_bare(o, c, e);
    if (parens)
        out_put(o, ")");
}

static int builtin_bits(const Expr *e);
static bool may_go_negative(const Expr *e);
static bool grid_position(const Expr *e, bool *grid);

/* The least value of an expression over the built-ins and numbers (the
 * sizes are at least 1, the ids 0), for the differences that cannot go
 * negative (`blockDim.x - 1`). */
static uint64_t builtin_least(const Expr *e)
{
    if (e->kind == E_NUM)
        return e->u.num;
    if (e->kind == E_VAR && e->u.var.sym)
        return e->u.var.sym->builtin == BI_BLOCKDIM || e->u.var.sym->builtin == BI_GRIDDIM ||
               e->u.var.sym->builtin == BI_WARPSIZE;
    if (e->kind == E_BINARY && (e->op == OP_ADD || e->op == OP_MUL)) {
        uint64_t a = builtin_least(e->u.sub.a), b = builtin_least(e->u.sub.b);
        return e->op == OP_ADD ? a + b : a * b;
    }
    return 0;
}

static bool goes_negative_here(const Expr *e)
{
    if (e->kind == E_VAR)
        return e->u.var.sym && e->u.var.sym->kind == SYM_LET && e->u.var.sym->def &&
               may_go_negative(e->u.var.sym->def->u.let.value);
    if (e->kind == E_UNARY)
        return e->op == OP_NEG || e->op == OP_BNOT || (op_is_conversion((Op)e->op) && conversion_signed((Op)e->op));
    if (e->kind != E_BINARY)
        return false;
    const Expr *b = e->u.sub.b;
    /* a divisor that may be 0 gives any value, negative ones too */
    if (e->op == OP_DIV || e->op == OP_MOD)
        return b->kind != E_NUM && builtin_least(b) == 0;
    return e->op == OP_SUB && !(b->kind == E_NUM && builtin_least(e->u.sub.a) >= b->u.num);
}

/* Does some part of e over the built-ins and numbers go negative (a
 * difference, a negation, a signed conversion, a let of one)?  Then C's
 * unsigned built-ins would turn the arithmetic around it unsigned, and
 * wrap where the protocol's integers do not.  With another name in it,
 * the front end takes the arithmetic not to wrap (docs/inference.md). */
/* Does `here` hold of e or of a part of it? */
static bool some_part(const Expr *e, bool (*here)(const Expr *))
{
    if (here(e))
        return true;
    Expr **slot[3];
    int n = expr_operands((Expr *)e, slot);
    for (int i = 0; i < n; i++)
        if (some_part(*slot[i], here))
            return true;
    return false;
}

/* The front end takes `-x` and `~x` of an unsigned x to wrap whatever x
 * holds; a difference or conversion only over the built-ins and numbers. */
static bool negative_over_builtins(const Expr *e)
{
    bool negation = e->kind == E_UNARY && (e->op == OP_NEG || e->op == OP_BNOT);
    return goes_negative_here(e) && (negation || builtin_bits(e) >= 0);
}

static bool may_go_negative(const Expr *e)
{
    return some_part(e, negative_over_builtins);
}

static int bits_of(uint64_t v)
{
    int w = 0;
    while (w < 64 && (v >> w) != 0)
        w++;
    return w;
}

static int max_bits(int a, int b)
{
    return a < 0 || b < 0 ? -1 : a > b ? a : b;
}

/* The bits the value of an expression over the built-ins and numbers may
 * need, as C's built-ins (unsigned, below CUDA's limits) give them; 64:
 * any; -1: another name takes part (the front end takes arithmetic over
 * those not to wrap, docs/inference.md "Machine integers"). */
static int builtin_bits(const Expr *e)
{
    static const int builtin[] = {[BI_THREADIDX] = 10, [BI_BLOCKIDX] = 31, [BI_BLOCKDIM] = 11,
                                  [BI_GRIDDIM] = 31, [BI_WARPSIZE] = 6};
    int a, b, w;
    switch ((ExprKind)e->kind) {
    case E_NUM: return bits_of(e->u.num);
    case E_BOOL: case E_POW2: case E_DISTINCT: return 1;
    case E_VAR:
        if (e->u.var.sym && e->u.var.sym->kind == SYM_LET && e->u.var.sym->def)
            return builtin_bits(e->u.var.sym->def->u.let.value);
        return e->u.var.sym && e->u.var.sym->builtin != BI_NONE ? builtin[e->u.var.sym->builtin] : -1;
    case E_COND: return max_bits(builtin_bits(e->u.sub.b), builtin_bits(e->u.sub.c));
    case E_UNARY:
        a = builtin_bits(e->u.sub.a);
        if (op_is_conversion((Op)e->op))
            return conversion_bits((Op)e->op);
        return e->op == OP_NOT ? 1 : a < 0 ? -1 : a + 1;
    case E_BINARY:
        break;
    }
    if (op_is_comparison((Op)e->op) || op_is_logical((Op)e->op))
        return 1;
    a = builtin_bits(e->u.sub.a), b = builtin_bits(e->u.sub.b);
    if (a < 0 || b < 0)
        return -1;
    bool grid = false;
    switch ((Op)e->op) {
    case OP_ADD: w = (a > b ? a : b) + 1; break;
    case OP_SUB: w = a > b ? a : b; break; /* its size; going negative is may_go_negative's */
    case OP_MUL: w = a + b; break;
    case OP_SHL: w = e->u.sub.b->kind == E_NUM && e->u.sub.b->u.num < 64 ? a + (int)e->u.sub.b->u.num : 64; break;
    case OP_MOD: w = e->u.sub.b->kind == E_NUM && b < a ? b : a; break;
    case OP_SHR: case OP_DIV: case OP_BAND: w = a; break;
    default: w = a > b ? a : b; break;
    }
    if (w > 31 && grid_position(e, &grid) && grid) /* the front end's rule */
        w = 31;
    return w > 64 ? 64 : w;
}

/* A position in the grid (the ids, the sizes and numbers by + * << / % >>
 * & | ^, min, max, naming a block index or the grid's size): the front end
 * takes it to stay below 2^31 (docs/inference.md, "Machine integers"). */
static bool grid_position(const Expr *e, bool *grid)
{
    switch ((ExprKind)e->kind) {
    case E_NUM: return e->u.num <= 1024; /* a stride no larger than a block */
    case E_VAR:
        if (e->u.var.sym && e->u.var.sym->kind == SYM_LET && e->u.var.sym->def)
            return grid_position(e->u.var.sym->def->u.let.value, grid);
        if (!e->u.var.sym || e->u.var.sym->builtin == BI_NONE || e->u.var.sym->builtin == BI_WARPSIZE)
            return false;
        *grid |= e->u.var.sym->builtin == BI_BLOCKIDX || e->u.var.sym->builtin == BI_GRIDDIM;
        return true;
    case E_BINARY:
        if (e->op == OP_SHL && (e->u.sub.b->kind != E_NUM || e->u.sub.b->u.num > 10)) /* 2^10: a block */
            return false;
        return (e->op == OP_ADD || e->op == OP_MUL || e->op == OP_SHL || e->op == OP_DIV || e->op == OP_MOD ||
                e->op == OP_SHR || e->op == OP_BAND || e->op == OP_BOR || e->op == OP_BXOR || e->op == OP_MIN ||
                e->op == OP_MAX) &&
               grid_position(e->u.sub.a, grid) && grid_position(e->u.sub.b, grid);
    default: return false;
    }
}

static bool wide_here(const Expr *e)
{
    bool grid = false;
    return (e->kind == E_BINARY || e->kind == E_UNARY) && builtin_bits(e) > 31 && !(grid_position(e, &grid) && grid);
}

/* Does a part of e, over the built-ins and numbers alone, pass 2^31 (C's
 * int and unsigned would wrap it)? */
static bool needs_wide(const Expr *e)
{
    return some_part(e, wide_here);
}

/* An expression with a part that may go negative computes in int (its
 * built-ins are written `(int)threadIdx.x`); one that passes 2^31, in 64
 * bits. */
static void gen_top(Out *o, const ExprCtx *c, const Expr *e, int level)
{
    ExprCtx signed_ctx = *c;
    signed_ctx.wide_builtins = c->wide_builtins || needs_wide(e);
    signed_ctx.signed_builtins = c->signed_builtins || signed_ctx.wide_builtins || may_go_negative(e);
    gen_at(o, &signed_ctx, e, level);
}

void gen_expr(Out *o, const ExprCtx *c, const Expr *e)
{
    gen_top(o, c, e, LV_COND);
}

void gen_compared(Out *o, const ExprCtx *c, const Expr *e)
{
    gen_top(o, c, e, LV_SHIFT);
}

static bool wide_conversion(const Expr *e)
{
    return e->kind == E_UNARY && (e->op == OP_U32 || e->op == OP_U64 || e->op == OP_I64);
}

const char *gen_value_type(const ExprCtx *c, const Expr *e)
{
    if (!some_part(e, wide_conversion) && !needs_wide(e))
        return "int";
    return c->names && c->names->opencl ? "long" : "long long";
}

bool expr_is_literal(const Expr *e)
{
    return e && e->kind == E_NUM;
}

void gen_size(Out *o, const ExprCtx *c, const Expr *size)
{
    if (expr_is_literal(size)) {
        gen_num(o, c, size->u.num);
        return;
    }
    out_put(o, "__mapkit_dim(");
    if (size)
        gen_expr(o, c, size);
    out_put(o, ")");
}
