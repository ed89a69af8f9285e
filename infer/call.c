/* Calls in the CUDA front end ([CAV21 Sec. 5]: "auxiliary functions
 * that manipulate shared memory ... we can inline such calls easily";
 * calls that do not access memory are discarded).  Barriers, atomics,
 * cooperative groups and GPUVerify's annotations are recognised by name. */
#include "call.h"

#include "assigned.h"
#include "atomic.h"
#include "env.h"
#include "expr.h"
#include "kernel.h"
#include "models.h"
#include "stmt.h"
#include "structs.h"
#include "templates.h"
#include "warp.h"
#include "fence.h"

#include <stdlib.h>
#include <string.h>

enum { MAX_INLINE_DEPTH = 24 };

typedef struct Call {
    CXCursor cursor;
    CXCursor object; /* the object of a member call, or a null cursor */
    CXCursor *args;
    int nargs;
    Loc loc;
} Call;

static bool name_in(const char *name, const char *const *list)
{
    for (; *list; list++)
        if (strcmp(name, *list) == 0)
            return true;
    return false;
}

static bool starts_with(const char *s, const char *prefix)
{
    return strncmp(s, prefix, strlen(prefix)) == 0;
}

/* Argument i of a call.  A default argument is shown by libclang as an
 * empty expression without a place: it is the parameter's default
 * expression, evaluated at the call (`int y = g[0]` reads g[0] there). */
static CXCursor default_or_argument(Infer *in, CXCursor call, int i)
{
    CXCursor a = clang_Cursor_getArgument(call, (unsigned)i);
    CXFile f;
    clang_getExpansionLocation(clang_getCursorLocation(a), &f, NULL, NULL, NULL);
    if (clang_getCursorKind(a) != CXCursor_UnexposedExpr || f || !clang_Cursor_isNull(child_at(a, 0)))
        return a;
    CXCursor param = clang_Cursor_getArgument(callee_decl(call), (unsigned)i);
    Children ch = children_of(param);
    CXCursor dflt = clang_getNullCursor();
    for (int j = 0; j < ch.n; j++)
        if (is_expression_kind(clang_getCursorKind(ch.c[j])))
            dflt = ch.c[j];
    free(ch.c);
    if (clang_Cursor_isNull(dflt))
        not_followed(in, call, "a default argument");
    return clang_Cursor_isNull(dflt) ? a : dflt;
}

static bool names_callee(Children ch)
{
    if (ch.n == 0)
        return false;
    enum CXCursorKind k = clang_getCursorKind(strip_expr(ch.c[0]));
    return !is_expression_kind(k) || k == CXCursor_DeclRefExpr || k == CXCursor_MemberRefExpr;
}

/* The arguments (clang's, or the children after the callee of a call it
 * could not resolve) and, for obj.f(...), the object. */
static Call call_parts(Infer *in, CXCursor call)
{
    Call c = {0};
    c.cursor = call;
    c.object = clang_getNullCursor();
    c.loc = loc_of(in, call);
    Children ch = children_of(call);
    int n = clang_getCursorKind(call) == CXCursor_CallExpr ? clang_Cursor_getNumArguments(call) : -1;
    if (n >= 0) {
        c.args = xcalloc((size_t)(n ? n : 1), sizeof *c.args);
        for (int i = 0; i < n; i++)
            c.args[i] = default_or_argument(in, call, i);
        c.nargs = n;
    } else {
        /* an unexposed expression with operands (an unresolved call, a GCC
         * __atomic builtin, a ?: with its middle left out): every operand
         * but a leading callee name is an argument */
        c.args = xcalloc((size_t)(ch.n ? ch.n : 1), sizeof *c.args);
        for (int i = names_callee(ch) ? 1 : 0; i < ch.n; i++)
            c.args[c.nargs++] = ch.c[i];
    }
    if (ch.n > 0) {
        CXCursor callee = strip_expr(ch.c[0]);
        /* a member that is a field is no method's callee: it is the left
         * operand of an operator call (`p->v = w` for a class v: p is no
         * object of the call), or a function pointer's */
        if (clang_getCursorKind(callee) == CXCursor_MemberRefExpr &&
            clang_getCursorKind(clang_getCursorReferenced(callee)) != CXCursor_FieldDecl) {
            Children m = children_of(callee);
            if (m.n > 0 && clang_isExpression(clang_getCursorKind(m.c[0])))
                c.object = m.c[0];
            free(m.c);
        }
    }
    free(ch.c);
    return c;
}

static void args_effects(Infer *in, const Call *c)
{
    if (!clang_Cursor_isNull(c->object))
        tr_effects(in, c->object);
    for (int i = 0; i < c->nargs; i++)
        tr_effects(in, c->args[i]);
}

static Value group_value(bool block, bool grid)
{
    Value v = {0};
    v.kind = V_GROUP;
    v.block_group = block;
    v.grid_group = grid;
    return v;
}

/* blockIdx.x + gridDim.x * (blockIdx.y + gridDim.y * blockIdx.z) */
static Expr *linear_block(Infer *in, Loc loc)
{
    Expr *z = builtin_var(in, "blockIdx.z", loc);
    Expr *y = mk_binary(in, OP_ADD, builtin_var(in, "blockIdx.y", loc),
                        mk_binary(in, OP_MUL, builtin_var(in, "gridDim.y", loc), z));
    return mk_binary(in, OP_ADD, builtin_var(in, "blockIdx.x", loc),
                     mk_binary(in, OP_MUL, builtin_var(in, "gridDim.x", loc), y));
}

static Expr *grid_blocks(Infer *in, Loc loc)
{
    return mk_binary(in, OP_MUL,
                     mk_binary(in, OP_MUL, builtin_var(in, "gridDim.x", loc), builtin_var(in, "gridDim.y", loc)),
                     builtin_var(in, "gridDim.z", loc));
}

/* thread_rank() and size() of the block or of the grid */
static Expr *group_rank(Infer *in, const Value *g, Loc loc)
{
    Expr *tid = linear_tid(in, loc);
    return g->grid_group ? mk_binary(in, OP_ADD, mk_binary(in, OP_MUL, linear_block(in, loc), block_size(in, loc)), tid)
                         : tid;
}

static Expr *group_size(Infer *in, const Value *g, Loc loc)
{
    return g->grid_group ? mk_binary(in, OP_MUL, grid_blocks(in, loc), block_size(in, loc)) : block_size(in, loc);
}

/* ---- cooperative groups ---- */

static bool group_call(Infer *in, const char *name, const Call *c, Value *out)
{
    /* a multi-grid's sync also holds every thread of this grid */
    static const char *const block_groups[] = {"this_thread_block", "this_grid", "this_multi_grid", NULL};
    static const char *const grid_groups[] = {"this_grid", "this_multi_grid", NULL};
    static const char *const sub_groups[] = {"tiled_partition", "coalesced_threads", "this_thread",
                                             "labeled_partition", "binary_partition", NULL};
    if (name_in(name, block_groups) || name_in(name, sub_groups)) {
        args_effects(in, c);
        *out = group_value(name_in(name, block_groups), name_in(name, grid_groups));
        return true;
    }
    bool member = !clang_Cursor_isNull(c->object);
    if (strcmp(name, "sync") == 0 || strcmp(name, "synchronize") == 0 ||
        (member && strcmp(name, "barrier_wait") == 0)) {
        CXCursor group = member ? c->object : c->nargs ? c->args[0] : clang_getNullCursor();
        Value g = clang_Cursor_isNull(group) ? value_none() : tr_value(in, group);
        /* a tile's sync orders the threads of the tile (warp.c), whose type
         * says so even where its value is not followed (a parameter) */
        if (warp_tile_of(group))
            warp_group_sync(in, c->cursor, group, c->loc);
        else if (g.kind != V_GROUP || g.block_group)
            emit_sync(in, c->loc, g.kind == V_GROUP && g.grid_group);
        else
            warp_group_sync(in, c->cursor, group, c->loc);
        *out = value_none();
        return true;
    }
    if (member && (strcmp(name, "thread_rank") == 0 || strcmp(name, "size") == 0 ||
                   strcmp(name, "num_threads") == 0)) {
        Value g = tr_value(in, c->object);
        if (g.kind != V_GROUP)
            return false;
        *out = g.block_group ? value_int(strcmp(name, "thread_rank") == 0 ? group_rank(in, &g, c->loc)
                                                                         : group_size(in, &g, c->loc))
                             : value_none();
        return true;
    }
    return false;
}

/* ---- GPUVerify annotations ---- */

typedef struct Mentions {
    bool found;
} Mentions;

static enum CXChildVisitResult find_pairwise(CXCursor c, CXCursor parent, CXClientData data)
{
    (void)parent;
    if (clang_getCursorKind(c) == CXCursor_CallExpr) {
        char *name = callee_name(c);
        bool hit = starts_with(name, "__other_") || starts_with(name, "__distinct_") ||
                   starts_with(name, "__uniform_") || strcmp(name, "__same_group") == 0;
        free(name);
        if (hit) {
            ((Mentions *)data)->found = true;
            return CXChildVisit_Break;
        }
    }
    return CXChildVisit_Recurse;
}

static bool thread_dependent_name(Infer *in, const char *name)
{
    if (starts_with(name, "threadIdx.") || starts_with(name, "blockIdx."))
        return true;
    (void)in;
    return false;
}

/* A copy of e whose per-thread names are read in thread `thread` (1@x). */
Expr *with_thread(Infer *in, Expr *e, int thread)
{
    if (!e)
        return NULL;
    switch ((ExprKind)e->kind) {
    case E_NUM:
    case E_BOOL:
    case E_DISTINCT:
        return e;
    case E_VAR: {
        if (e->thread)
            return e;
        const char *name = e->u.var.name;
        bool per_thread = thread_dependent_name(in, name) || !name_is_uniform(in, name);
        if (!per_thread)
            return e;
        Expr *v = expr_var(in->prog, e->loc, name);
        v->thread = (uint8_t)thread;
        return v;
    }
    case E_UNARY:
        return expr_unary(in->prog, e->loc, (Op)e->op, with_thread(in, e->u.sub.a, thread));
    case E_POW2:
        return expr_pow2(in->prog, e->loc, with_thread(in, e->u.sub.a, thread));
    case E_BINARY:
        return expr_binary(in->prog, (Op)e->op, with_thread(in, e->u.sub.a, thread),
                           with_thread(in, e->u.sub.b, thread));
    case E_COND:
        return expr_cond(in->prog, with_thread(in, e->u.sub.a, thread),
                         with_thread(in, e->u.sub.b, thread), with_thread(in, e->u.sub.c, thread));
    }
    return e;
}

/* `v != __other_int(v) || ...` over plain names is how `distinct [..]`
 * is written in CUDA (docs/codegen.md): read it back as distinct. */
static bool distinct_leaves(const Expr *e, Expr **vars, int *n, int cap)
{
    if (e->kind == E_BINARY && e->op == OP_OR)
        return distinct_leaves(e->u.sub.a, vars, n, cap) && distinct_leaves(e->u.sub.b, vars, n, cap);
    if (e->kind != E_BINARY || e->op != OP_NE || *n >= cap)
        return false;
    const Expr *a = e->u.sub.a, *b = e->u.sub.b;
    if (a->kind != E_VAR || b->kind != E_VAR || a->u.var.name != b->u.var.name || a->thread != 1 ||
        b->thread != 2)
        return false;
    vars[(*n)++] = (Expr *)a;
    return true;
}

static Expr *as_distinct(Infer *in, Expr *e)
{
    Expr *leaves[16];
    int n = 0;
    if (!distinct_leaves(e, leaves, &n, 16))
        return e;
    Expr **vars = arena_alloc(&in->prog->arena, (size_t)n * sizeof *vars);
    for (int i = 0; i < n; i++)
        vars[i] = expr_var(in->prog, leaves[i]->loc, leaves[i]->u.var.name);
    return expr_distinct(in->prog, e->loc, vars, n);
}

static void tr_assume(Infer *in, const Call *c)
{
    if (c->nargs < 1)
        return;
    Mentions m = {false};
    clang_visitChildren(c->args[0], find_pairwise, &m);
    bool saved = in->pairwise;
    in->pairwise = m.found;
    Value v = tr_value(in, c->args[0]);
    in->pairwise = saved;
    for (int i = 1; i < c->nargs; i++)
        tr_effects(in, c->args[i]);
    if (v.kind != V_INT) {
        warn_at(in, c->cursor, "this assumption is about data the protocol does not track; it is ignored");
        return;
    }
    emit_assume(in, m.found ? as_distinct(in, with_thread(in, v.e, 1)) : v.e, c->loc);
}

/* Loop invariants, postconditions and the like: proof hints for
 * GPUVerify, which a protocol needs none of.  Their arguments are not
 * evaluated: they are specifications, not code that runs. */
static bool is_contract(const char *name)
{
    static const char *const others[] = {"__requires_fresh_array", "__return_val_ptr", "__return_val_int",
                                         "__return_val_bool", NULL};
    return name_in(name, others) ||
           (starts_with(name, "__") && (strstr(name, "invariant") || strstr(name, "ensures")));
}

/* GPUVerify's predicates about the accesses themselves (`__no_read(A)`,
 * `__write_implies(A, e)`, `__read_offset_bytes(A)`...): meaningful only in
 * invariants and postconditions; they touch no memory, and elsewhere their
 * value is unknown. */
static bool is_access_predicate(const char *name)
{
    static const char *const preds[] = {"__read", "__write", "__no_read", "__no_write", "__read_implies",
                                        "__write_implies", "__read_offset_bytes", "__write_offset_bytes",
                                        "__ptr_base", "__ptr_offset_bytes", NULL};
    return name_in(name, preds);
}

/* `__same_group()`: the two threads of the pair are in one block. */
static Expr *same_group(Infer *in, Loc loc)
{
    static const char *const ids[] = {"blockIdx.x", "blockIdx.y", "blockIdx.z"};
    Expr *all = NULL;
    for (int i = 0; i < 3; i++) {
        Expr *b = builtin_var(in, ids[i], loc);
        Expr *eq = expr_binary(in->prog, OP_EQ, with_thread(in, b, 1), with_thread(in, b, 2));
        all = all ? expr_binary(in->prog, OP_AND, all, eq) : eq;
    }
    return all;
}

bool call_is_contract(CXCursor call)
{
    if (clang_getCursorKind(call) != CXCursor_CallExpr)
        return false;
    char *name = callee_name(call);
    bool hit = is_contract(name);
    free(name);
    return hit;
}

static bool annotation_call(Infer *in, const char *name, const Call *c, Value *out)
{
    static const char *const assumes[] = {"__requires", "__global_requires", "__assume", "assert",
                                          "__mapkit_assert", "__assert", "__global_assert",
                                          "__builtin_assume", NULL};
    *out = value_none();
    if (name_in(name, assumes)) {
        tr_assume(in, c);
        return true;
    }
    if (is_contract(name) || is_access_predicate(name))
        return true; /* loop and function contracts: checked by GPUVerify, not needed here */
    if (strcmp(name, "__enabled") == 0) { /* the thread runs this statement: it does */
        *out = value_int(expr_bool(in->prog, c->loc, true));
        return true;
    }
    if (strcmp(name, "__same_group") == 0) {
        if (in->pairwise)
            *out = value_int(same_group(in, c->loc));
        return true;
    }
    if (starts_with(name, "__other_")) {
        Value v = c->nargs ? tr_value(in, c->args[0]) : value_none();
        if (in->pairwise && v.kind == V_INT)
            *out = value_int(with_thread(in, v.e, 2));
        return true;
    }
    if (starts_with(name, "__distinct_") || starts_with(name, "__uniform_")) {
        Value v = c->nargs ? tr_value(in, c->args[0]) : value_none();
        if (in->pairwise && v.kind == V_INT)
            *out = value_int(expr_binary(in->prog, starts_with(name, "__distinct_") ? OP_NE : OP_EQ,
                                         with_thread(in, v.e, 1), with_thread(in, v.e, 2)));
        return true;
    }
    if (strcmp(name, "__implies") == 0 && c->nargs == 2) {
        Expr *a = tr_int(in, c->args[0]);
        Expr *b = tr_int(in, c->args[1]);
        if (a && b)
            *out = value_int(expr_binary(in->prog, OP_OR, mk_not(in, a), b));
        return true;
    }
    if (strcmp(name, "__mapkit_opaque") == 0) { /* how the generator writes `opaque;` */
        emit_opaque(in, c->loc);
        return true;
    }
    unsigned unordered;
    if (starts_with(name, "__mapkit_sync_") && fence_from_word(name + strlen("__mapkit_sync_"), &unordered)) {
        emit_sync(in, c->loc, false); /* how the generator writes `sync local;` ... (dsl/fence.h) */
        in->out->items[in->out->n - 1]->u.sync.unordered = (uint8_t)unordered;
        return true;
    }
    if ((strcmp(name, "__is_pow2") == 0 || strcmp(name, "__mapkit_pow2") == 0) && c->nargs == 1) {
        Expr *a = tr_int(in, c->args[0]);
        if (a)
            *out = value_int(expr_pow2(in->prog, c->loc, a));
        return true;
    }
    return false;
}

/* ---- memory intrinsics ---- */

/* One element written through a pointer argument: an access to its
 * cell, nothing for the thread's own memory, opaque when untracked. */
static void write_through(Infer *in, const char *name, const Call *c, CXCursor arg, AccessMode mode)
{
    Array *arr;
    Expr **idx;
    int n;
    CellKind cell = pointer_cell(in, arg, &arr, &idx, &n);
    if (cell == CELL_UNTRACKED)
        opaque_at(in, c->cursor, "'%s' through a pointer the protocol does not track is not followed", name);
    if (cell == CELL_TRACKED)
        emit_access(in, mode, arr, idx, n, c->loc);
}

/* Math functions whose results come back through pointers:
 * sincosf(x, &s, &c) writes one element through each. */
static bool out_param_call(Infer *in, const char *name, const Call *c, Value *out)
{
    static const char *const sincos[] = {"sincosf", "sincos", "__sincosf", "sincospif", "sincospi", NULL};
    if (!name_in(name, sincos) || c->nargs != 3)
        return false;
    *out = value_none();
    tr_effects(in, c->args[0]);
    write_through(in, name, c, c->args[1], ACC_WR);
    write_through(in, name, c, c->args[2], ACC_WR);
    return true;
}

static bool memory_call(Infer *in, const char *name, const Call *c, Value *out)
{
    static const char *const loads[] = {"__ldg", "__ldca", "__ldcg", "__ldcs", "__ldlu", "__ldcv", NULL};
    static const char *const stores[] = {"__stcg", "__stcs", "__stwb", "__stwt", NULL};
    if (cuda_atomic_call(in, name, c->cursor, c->args, c->nargs, c->loc, out))
        return true;
    bool load = name_in(name, loads), store = name_in(name, stores);
    if (!load && !store)
        return false;
    *out = value_none();
    if (c->nargs < 1)
        return true;
    for (int i = 1; i < c->nargs; i++)
        tr_effects(in, c->args[i]);
    write_through(in, name, c, c->args[0], load ? ACC_RD : ACC_WR);
    return true;
}

/* ---- integer helpers ---- */

static const char *const mins[] = {"min", "umin", "llmin", "ullmin", "__mapkit_min", NULL};
static const char *const maxs[] = {"max", "umax", "llmax", "ullmax", "__mapkit_max", NULL};
static const char *const muls[] = {"__mul24", "__umul24", NULL};
/* the generator's protocol division, any value at 0 (docs/codegen.md):
 * unlike C's `/`, nothing is assumed of the divisor */
static const char *const divs[] = {"__mapkit_div", "__mapkit_mod", NULL};

static bool arith_call(Infer *in, const char *name, const Call *c, Value *out)
{
    bool is_min = name_in(name, mins), is_max = name_in(name, maxs), is_mul = name_in(name, muls);
    bool is_div = name_in(name, divs);
    if ((is_min || is_max || is_mul || is_div) && c->nargs == 2) {
        Value a = tr_value(in, c->args[0]);
        Value b = tr_value(in, c->args[1]);
        Value both[2] = {a, b};
        Op op = is_min ? OP_MIN : is_max ? OP_MAX : strcmp(name, "__mapkit_div") == 0 ? OP_DIV : OP_MOD;
        *out = a.kind == V_INT && b.kind == V_INT
                   ? value_int(is_mul ? mk_binary(in, OP_MUL, a.e, b.e) : expr_binary(in->prog, op, a.e, b.e))
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

/* ---- math functions ---- */

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
    "__fdividef", "__saturatef", "__popc", "__popcll", "__clz", "__clzll", "__ffs", "__ffsll", "__brev",
    "__brevll", "__byte_perm", "__mulhi", "__umulhi", "__mul64hi", "__umul64hi", "__sad", "__usad", "__hadd",
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

/* A call of one (with no body here, and no pointer or reference
 * argument: frexp and sincos write through theirs): data, shared when
 * every argument is. */
static bool math_call(Infer *in, const char *name, const Call *c, Value *out)
{
    if (!is_math_function(name) || c->nargs == 0 || c->nargs > 4)
        return false;
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

/* ---- inlining ---- */

static Children params_of(CXCursor def)
{
    Children ch = children_of(def);
    int n = 0;
    for (int i = 0; i < ch.n; i++)
        if (clang_getCursorKind(ch.c[i]) == CXCursor_ParmDecl)
            ch.c[n++] = ch.c[i];
    ch.n = n;
    return ch;
}

/* Could running the function touch memory the protocol tracks, or
 * synchronize?  Syntactically, through the functions it calls: a pointer or
 * reference parameter, a file-scope __shared__ or __device__ variable, a
 * barrier, inline assembly.  Calls without a body count only when they
 * are handed a pointer (math functions are not). */
static bool is_reference(CXType t);
static bool defined_with_body(CXCursor decl, CXCursor *def, CXCursor *body);

typedef struct Reach {
    CXCursor *seen;
    int n, cap;
    bool touches;
} Reach;

static void reach_function(Reach *r, CXCursor def);

static enum CXChildVisitResult reach_visit(CXCursor c, CXCursor parent, CXClientData data)
{
    (void)parent;
    Reach *r = data;
    enum CXCursorKind k = clang_getCursorKind(c);
    if (k == CXCursor_GCCAsmStmt || k == CXCursor_MSAsmStmt) {
        r->touches = true;
    } else if (k == CXCursor_DeclRefExpr) {
        CXCursor d = clang_getCursorReferenced(c);
        enum CXCursorKind dk = clang_getCursorKind(d);
        CXType t = clang_getCursorType(d);
        if (dk == CXCursor_ParmDecl && (type_is_pointer(t) || is_reference(t)))
            r->touches = true;
        if (dk == CXCursor_VarDecl && (cursor_has_attr(d, CXCursor_CUDASharedAttr) ||
                                       cursor_has_attr(d, CXCursor_CUDADeviceAttr)))
            r->touches = true;
    } else if (k == CXCursor_CallExpr) {
        char *name = callee_name(c);
        r->touches |= starts_with(name, "__syncthreads") || starts_with(name, "atomic");
        free(name);
        CXCursor def, body;
        if (defined_with_body(callee_decl(c), &def, &body))
            reach_function(r, def);
        else
            for (int i = 0; i < clang_Cursor_getNumArguments(c); i++)
                r->touches |= type_is_pointer(clang_getCursorType(clang_Cursor_getArgument(c, i)));
    }
    return r->touches ? CXChildVisit_Break : CXChildVisit_Recurse;
}

static void reach_function(Reach *r, CXCursor def)
{
    for (int i = 0; i < r->n; i++)
        if (clang_equalCursors(r->seen[i], def))
            return;
    VEC_PUSH(r->seen, r->n, r->cap, def);
    clang_visitChildren(def, reach_visit, r);
}

static bool may_touch_memory(CXCursor def)
{
    Reach r = {0};
    reach_function(&r, def);
    free(r.seen);
    return r.touches;
}

static bool on_call_stack(Infer *in, CXCursor def)
{
    for (int i = 0; i < in->ncalls; i++)
        if (clang_equalCursors(in->calls[i], def))
            return true;
    return false;
}

static bool is_reference(CXType t)
{
    return is_reference_type(t);
}

/* An overloaded operator that is a member (a lambda's `operator()`,
 * `operator+=`): clang lists the object among the arguments. */
static bool operator_on_object(const Call *c, CXCursor def, int nparams)
{
    if (!clang_Cursor_isNull(c->object) || c->nargs != nparams + 1 ||
        clang_getCursorKind(def) != CXCursor_CXXMethod || clang_CXXMethod_isStatic(def))
        return false;
    char *name = cursor_name(def);
    bool op = strncmp(name, "operator", 8) == 0;
    free(name);
    return op;
}

/* `this` in the callee: the object's address for `obj.f()`; the caller's
 * own for a method called without an object (`f()` in another method of
 * the class); none for a constructor (the object being built is not
 * followed) or a static or free function. */
static Value callee_this(Infer *in, const Call *c, CXCursor def)
{
    enum CXCursorKind k = clang_getCursorKind(def);
    bool method = (k == CXCursor_CXXMethod || k == CXCursor_FunctionTemplate || k == CXCursor_ConversionFunction) &&
                  !clang_CXXMethod_isStatic(def) &&
                  clang_isDeclaration(clang_getCursorKind(clang_getCursorSemanticParent(def))) &&
                  clang_getCursorKind(clang_getCursorSemanticParent(def)) != CXCursor_Namespace &&
                  clang_getCursorKind(clang_getCursorSemanticParent(def)) != CXCursor_TranslationUnit;
    if (!method)
        return value_none();
    if (clang_Cursor_isNull(c->object))
        return in->this_value;
    return object_address(in, c->object);
}

/* The env slot of the local object `this` is in the callee (-1: none):
 * the object a method is called on, the caller's own for a method called
 * without one; a constructor's is made by inline_call. */
static int callee_this_slot(Infer *in, const Call *c, const Value *this_value)
{
    int slot = this_value->kind != V_PRIVATE  ? -1
               : clang_Cursor_isNull(c->object) ? local_object_slot(in, clang_getNullCursor())
                                                : local_object_slot(in, c->object);
    /* a method on a member of a local object (`q.in.set(x)`): its writes
     * to `this` are not seen, so q's members are no longer followed */
    if (slot < 0 && !clang_Cursor_isNull(c->object))
        local_object_escapes(in, c->object);
    return slot;
}

/* A `T &x` parameter bound to a variable (caller_slot) or to a local
 * object's member (member) is an out-parameter: the variable leaves the
 * call with x's last value (assigned, or made an unknown by a call it
 * was handed on to); one whose address or reference escaped in the
 * callee escapes in the caller too. */
static void out_parameter_back(Infer *in, const Binding *param, int caller_slot, CXCursor member)
{
    Value last = param->v;
    if (caller_slot >= 0) {
        if (last.kind != V_UNDEF)
            in->env[caller_slot].v = last;
        in->env[caller_slot].escaped |= param->escaped;
    } else if (!clang_Cursor_isNull(member)) {
        local_member_assign(in, member, last.kind == V_UNDEF ? value_none() : last);
        if (param->escaped)
            local_object_escapes(in, member);
    }
}

/* The struct parameter `this` is in the callee, when it is one (or a
 * member of one): `p.view.row(i)`, or a method called from such a method
 * without an object. */
static MemberPath callee_this_path(Infer *in, const Call *c, Value this_value)
{
    MemberPath none = {clang_getNullCursor(), {{0}}, 0};
    if (this_value.kind != V_PRIVATE)
        return none;
    return clang_Cursor_isNull(c->object) ? in->this_path : param_struct_object(in, c->object);
}

static Value inline_call(Infer *in, const Call *c, CXCursor def, CXCursor body, const char *name)
{
    if (on_call_stack(in, def) || in->ncalls >= MAX_INLINE_DEPTH) {
        const char *why = on_call_stack(in, def) ? "recursive" : "deeply nested";
        if (may_touch_memory(def))
            opaque_at(in, c->cursor, "%s call to '%s': its result is unknown and the memory it touches "
                      "is not followed", why, name);
        else
            warn_at(in, c->cursor, "%s call to '%s': its result is unknown", why, name);
        args_effects(in, c);
        return value_none();
    }
    Children params = params_of(def);
    Call member_op;
    if (operator_on_object(c, def, params.n)) { /* `f(x)`, `a += b` with a member operator: the object comes first */
        member_op = *c;
        member_op.object = c->args[0];
        member_op.args = c->args + 1;
        member_op.nargs = c->nargs - 1;
        c = &member_op;
    }
    int n = params.n < c->nargs ? params.n : c->nargs;
    Value *vals = xcalloc((size_t)(n ? n : 1), sizeof *vals);
    int *caller_slot = xcalloc((size_t)(n ? n : 1), sizeof *caller_slot);
    CXCursor *caller_member = xcalloc((size_t)(n ? n : 1), sizeof *caller_member);
    Value saved_this = in->this_value;
    Value this_value = callee_this(in, c, def);
    int saved_this_slot = in->this_slot;
    int this_slot = callee_this_slot(in, c, &this_value);
    MemberPath saved_this_path = in->this_path;
    MemberPath this_path = callee_this_path(in, c, this_value);
    if (!clang_Cursor_isNull(c->object))
        tr_effects(in, c->object);
    for (int i = 0; i < c->nargs; i++) {
        caller_slot[i < n ? i : 0] = -1;
        caller_member[i < n ? i : 0] = clang_getNullCursor();
        if (i >= n) {
            tr_effects(in, c->args[i]);
            continue;
        }
        bool is_cell = false;
        if (is_reference(clang_getCursorType(params.c[i]))) {
            vals[i] = ref_to_cell(in, c->args[i], &is_cell);
            CXCursor a = strip_expr(c->args[i]);
            if (!is_cell && clang_getCursorKind(a) == CXCursor_DeclRefExpr)
                caller_slot[i] = env_find(in, clang_getCursorReferenced(a));
            else if (!is_cell && clang_getCursorKind(a) == CXCursor_MemberRefExpr && local_member_root(in, a) >= 0)
                caller_member[i] = a; /* `f(q.p)` taking `int *&`: q's member leaves with the parameter's value */
            if (!is_cell)
                vals[i] = tr_value(in, c->args[i]);
        } else {
            vals[i] = tr_value(in, c->args[i]);
        }
    }
    int mark = in->nenv;
    if (clang_getCursorKind(def) == CXCursor_Constructor) /* the object being built, the thread's own */
        this_slot = env_bind(in, clang_getNullCursor(), value_none());
    int *param_slot = xcalloc((size_t)(n ? n : 1), sizeof *param_slot);
    for (int i = 0; i < n; i++) {
        param_slot[i] = env_bind(in, params.c[i], vals[i]);
        if (!decl_assigned_in(body, params.c[i]))
            alias_param_fields(in, c->args[i], params.c[i]);
    }
    for (int i = n; i < params.n; i++)
        env_bind(in, params.c[i], value_none());
    int saved_ret = in->ret_slot;
    Value undef = {0};
    in->ret_slot = env_bind(in, clang_getNullCursor(), undef);
    VEC_PUSH(in->calls, in->ncalls, in->capcalls, def);
    Loc saved_anchor = in->anchor;
    if (c->loc.file)
        in->anchor = c->loc;
    in->this_slot = this_slot;
    if (clang_getCursorKind(def) == CXCursor_Constructor)
        constructor_initializers(in, def, this_slot);
    template_bind_args(in, c->cursor, def);
    in->this_value = this_value;
    in->this_path = this_path;
    tr_body(in, body);
    in->this_value = saved_this;
    in->this_path = saved_this_path;
    in->this_slot = saved_this_slot;
    in->anchor = saved_anchor;
    in->ncalls--;
    Value result = in->env[in->ret_slot].v;
    if (clang_getCursorKind(def) == CXCursor_Constructor) {
        result = in->env[this_slot].v; /* the object built, with the members it set */
        if (in->env[this_slot].escaped) /* `this` handed out while it was built */
            result.fields = NULL;
    }
    if (result.kind == V_UNDEF)
        result = value_none();
    for (int i = 0; i < n; i++)
        out_parameter_back(in, &in->env[param_slot[i]], caller_slot[i], caller_member[i]);
    in->nenv = mark;
    in->ret_slot = saved_ret;
    free(vals);
    free(param_slot);
    free(caller_slot);
    free(caller_member);
    free(params.c);
    return result;
}

/* ---- class operators ---- */

static bool operator_call(Infer *in, const char *name, const Call *c, Value *out)
{
    static const char *const assigns[] = {"operator=", "operator+=", "operator-=", "operator*=",
                                          "operator/=", "operator%=", "operator&=", "operator|=",
                                          "operator^=", "operator<<=", "operator>>=", NULL};
    static const char *const steps[] = {"operator++", "operator--", NULL};
    bool member = !clang_Cursor_isNull(c->object);
    CXCursor lhs = member ? c->object : c->nargs > 0 ? c->args[0] : clang_getNullCursor();
    CXCursor rhs = member ? (c->nargs > 0 ? c->args[0] : clang_getNullCursor())
                          : (c->nargs > 1 ? c->args[1] : clang_getNullCursor());
    if (clang_Cursor_isNull(lhs))
        return false;
    if (name_in(name, assigns)) {
        *out = class_assign(in, lhs, rhs, strcmp(name, "operator=") != 0, c->loc);
        return true;
    }
    if (name_in(name, steps)) {
        *out = class_assign(in, lhs, clang_getNullCursor(), true, c->loc);
        return true;
    }
    return false;
}

/* ---- the dispatcher ---- */

/* The dialect's own built-in functions: OpenCL's, or CUDA's surfaces and
 * curand. */
static bool dialect_builtin_call(Infer *in, const char *name, const Call *c, Value *out)
{
    if (in->dialect == &dialect_opencl)
        return cl_builtin_call(in, name, c->cursor, c->args, c->nargs, c->loc, out);
    return surface_call(in, name, c->cursor, c->args, c->nargs, c->loc, out) ||
           curand_call(in, name, c->cursor, c->args, c->nargs, c->loc, out);
}

static bool defined_with_body(CXCursor decl, CXCursor *def, CXCursor *body)
{
    if (clang_Cursor_isNull(decl))
        return false;
    *def = clang_getCursorDefinition(decl);
    if (clang_Cursor_isNull(*def)) {
        /* a call to a template specialization: its pattern has the body */
        CXCursor t = clang_getSpecializedCursorTemplate(decl);
        if (!clang_Cursor_isNull(t))
            *def = clang_getCursorDefinition(t);
    }
    if (clang_Cursor_isNull(*def))
        return false;
    *body = function_body(*def);
    return !clang_Cursor_isNull(*body);
}

/* Functions without a body that take a pointer yet write no memory
 * (printf only reads its arguments: a `%s` of shared memory is a read the
 * protocol does not see, docs/inference.md). */
static const char *const memory_free[] = {"printf", "__mapkit_assert", "__builtin_expect", "__builtin_assume",
                                          NULL};

static bool is_string_literal(CXCursor arg)
{
    return clang_getCursorKind(strip_expr(arg)) == CXCursor_StringLiteral;
}

/* Argument i of a call the pattern leaves dependent (`log(x)`, x of type
 * T): every candidate that takes the call's arguments is a function (not
 * a template, whose parameter may be `T *`) taking it by value of a type
 * that reaches no memory, so whichever of them the instantiation runs
 * (CUDA's `float log(float)` or `double log(double)`) gets a number, as a
 * resolved call's value parameter does.  The candidates here have no body
 * (template_dependent_targets inlines those that have one). */
static bool dependent_arg_is_value(CXCursor call, int nargs, int i)
{
    CXCursor *decls;
    int n = template_dependent_candidates(call, nargs, &decls);
    bool value = n > 0;
    for (int k = 0; k < n && value; k++) {
        CXType pt = param_type(decls[k], i);
        value = clang_getCursorKind(decls[k]) == CXCursor_FunctionDecl && pt.kind != CXType_Invalid &&
                !type_reaches_memory(pt);
    }
    free(decls);
    return value;
}

/* Does a call the pattern leaves dependent have a candidate with no body
 * (and no explicit specialization) that an argument could hand memory to?
 * The instantiation may run it, so inlining only the candidates that have
 * a body (template_dependent_targets) would drop what it does: such a
 * call is left to unknown_call instead.  A bodiless candidate taking only
 * values (CUDA's `float max(float, float)` beside a `max` template of the
 * file) computes a value and touches no memory: it does not count. */
static bool dependent_bodiless_candidate_takes_memory(CXCursor call, int nargs)
{
    CXCursor *decls;
    int n = template_dependent_candidates(call, nargs, &decls);
    bool takes = false;
    for (int k = 0; k < n && !takes; k++) {
        CXCursor def = clang_getCursorDefinition(decls[k]);
        if (!clang_Cursor_isNull(def) && function_has_body(def))
            continue;
        if (clang_getCursorKind(decls[k]) == CXCursor_FunctionTemplate)
            continue; /* its body, where one is defined, is its definition's; its specializations are found */
        for (int i = 0; i < nargs && !takes; i++)
            takes = type_reaches_memory(param_type(decls[k], i));
    }
    free(decls);
    return takes;
}

/* A function without a body: its arguments are evaluated.  What it may
 * do with memory it is handed (a pointer into an array, any pointer the
 * protocol does not track, a reference, a value of a type clang could not
 * resolve) is not followed: `opaque`, unless it is on the memory-free list
 * or the argument is the thread's own memory.  A variable it receives by
 * reference leaves the call an unknown. */
static void unknown_call(Infer *in, const Call *c, const char *name, CXCursor decl)
{
    if (!clang_Cursor_isNull(c->object))
        tr_effects(in, c->object);
    bool warned = false;
    bool harmless = name_in(name, memory_free);
    const char *who = *name ? name : "an unknown function or built-in";
    for (int i = 0; i < c->nargs; i++) {
        CXType pt = param_type(decl, i);
        bool ref = is_reference(pt);
        bool by_ref = ref && !clang_isConstQualifiedType(clang_getPointeeType(clang_getCanonicalType(pt)));
        bool is_cell = false;
        Value v = ref ? ref_to_cell(in, c->args[i], &is_cell) : value_none();
        CXCursor a = strip_expr(c->args[i]);
        int var = by_ref && !is_cell && clang_getCursorKind(a) == CXCursor_DeclRefExpr
                      ? env_find(in, clang_getCursorReferenced(a)) : -1;
        if (!is_cell)
            v = tr_value(in, c->args[i]);
        if (var >= 0) { /* written by the callee: an integer is an unknown, a pointer untracked */
            in->env[var].v = type_is_integral(clang_getCursorType(a)) ? value_int(emit_local(in, "out", c->loc))
                                                                       : value_none();
            if (!type_reaches_memory(clang_getCursorType(a)))
                continue; /* a plain value of the thread's own */
        }
        if (warned || harmless || v.kind == V_PRIVATE)
            continue;
        if (v.kind == V_PTR) {
            opaque_at(in, c->cursor, "call to '%s', which has no body here: what it does with '%s' is not followed",
                      who, v.arr->name);
            warned = true;
        } else if ((type_reaches_memory(clang_getCursorType(c->args[i])) ||
                    (pt.kind != CXType_Invalid && !ref && type_reaches_memory(pt))) &&
                   !is_string_literal(c->args[i]) &&
                   !(clang_Cursor_isNull(decl) && dependent_arg_is_value(c->cursor, c->nargs, i))) {
            /* a reference to a value: the argument's type decides */
            opaque_at(in, c->cursor, "call to '%s', which has no body here: it receives a pointer, a reference or "
                      "a value of unknown type, and what it does with it is not followed", who);
            warned = true;
        }
    }
}

/* A call that tr_call reads as pure integer arithmetic (min, max, pow2,
 * __mul24, abs): like an operator, it cannot make a loop bound move, so
 * `for (i = 0; i < min(n, 32); i++)` stays an exact loop.  The generator's
 * helpers go by name, the others only when the file gives no body. */
static bool in_namespace(CXCursor decl, const char *ns)
{
    for (CXCursor p = clang_getCursorSemanticParent(decl); !clang_Cursor_isNull(p) &&
                                                          clang_getCursorKind(p) != CXCursor_TranslationUnit;
         p = clang_getCursorSemanticParent(p)) {
        if (clang_getCursorKind(p) != CXCursor_Namespace)
            continue;
        CXString s = clang_getCursorSpelling(p);
        bool hit = strcmp(clang_getCString(s), ns) == 0;
        clang_disposeString(s);
        if (hit)
            return true;
    }
    return false;
}

/* group.size(), group.thread_rank(): our header's cooperative groups
 * give them no body; their value is arithmetic over the built-ins. */
static bool is_group_query(CXCursor call, const char *name)
{
    static const char *const queries[] = {"size", "num_threads", "thread_rank", NULL};
    CXCursor decl = callee_decl(call), def, body;
    return name_in(name, queries) && !clang_Cursor_isNull(decl) && in_namespace(decl, "cooperative_groups") &&
           !defined_with_body(decl, &def, &body);
}

bool call_is_arith(CXCursor call)
{
    char *name = callee_name(call);
    if (is_group_query(call, name)) {
        free(name);
        return true;
    }
    bool ours = strcmp(name, "__mapkit_min") == 0 || strcmp(name, "__mapkit_max") == 0 ||
                strcmp(name, "__mapkit_pow2") == 0 || name_in(name, divs);
    bool known = name_in(name, mins) || name_in(name, maxs) || name_in(name, muls) || strcmp(name, "abs") == 0 ||
                 opencl_work_item_function(name);
    free(name);
    CXCursor def, body;
    return ours || (known && !defined_with_body(callee_decl(call), &def, &body));
}

/* A call through a function pointer with target k inlined. */
static Value inline_target(Infer *in, const FnptrCall *fc, int k)
{
    CXCursor def, body;
    const Call *c = fc->data;
    char *name = cursor_name(fc->targets[k]);
    Value v = defined_with_body(fc->targets[k], &def, &body) ? inline_call(in, c, def, body, name) : value_none();
    free(name);
    return v;
}

/* `cuda::std::array<T, N>{}`, `Pair<T>(a, b)` in a template's pattern: a
 * construction left dependent, whose callee is a class template without
 * conversions.  A new object of the thread's own when its arguments are
 * plain values; one that may hold pointers (`span<char>{buffer}`) is
 * memory the protocol does not track. */
static enum CXChildVisitResult find_conversion(CXCursor c, CXCursor parent, CXClientData data)
{
    (void)parent;
    *(bool *)data |= clang_getCursorKind(c) == CXCursor_ConversionFunction;
    return CXChildVisit_Continue;
}

/* A class template without conversion functions: a value of it is only
 * ever used as the object it is (`SharedMemory<T>()` converts to a pointer). */
static bool plain_class_template(CXCursor ref)
{
    CXCursor tmpl = clang_getCursorDefinition(clang_getCursorReferenced(ref));
    if (clang_getCursorKind(ref) != CXCursor_TemplateRef || clang_getCursorKind(tmpl) != CXCursor_ClassTemplate)
        return false;
    bool converts = false;
    clang_visitChildren(tmpl, find_conversion, &converts);
    return !converts;
}

static bool dependent_construct(Infer *in, CXCursor call, Value *out)
{
    if (clang_getCursorKind(call) != CXCursor_CallExpr || !clang_Cursor_isNull(clang_getCursorReferenced(call)))
        return false;
    Children ch = children_of(call);
    int i = 0;
    while (i < ch.n && clang_getCursorKind(ch.c[i]) == CXCursor_NamespaceRef)
        i++;
    bool construct = i < ch.n && plain_class_template(ch.c[i]);
    bool holds_memory = false;
    for (; construct && i < ch.n; i++) {
        if (!is_expression_kind(clang_getCursorKind(ch.c[i])))
            continue; /* the type's own references and arguments */
        bool is_cell = false; /* a shared or global variable the object may bind a reference to */
        ref_to_cell(in, ch.c[i], &is_cell);
        Value v = is_cell ? value_none() : tr_value(in, ch.c[i]);
        holds_memory |= is_cell || v.kind == V_PTR ||
                        (v.kind == V_NONE && type_reaches_memory(clang_getCursorType(ch.c[i])));
    }
    free(ch.c);
    if (construct)
        *out = holds_memory ? value_none() : value_private();
    return construct;
}

bool template_operator_call(Infer *in, CXCursor e, CXCursor object, CXCursor *args, int nargs, const char *op,
                            Value *out)
{
    CXCursor *targets = NULL;
    int n = template_class_operators(in->tu, object, op, nargs, &targets);
    if (n == 0)
        return false;
    Call c = {0};
    c.cursor = e;
    c.object = strip_expr(object);
    c.args = args;
    c.nargs = nargs;
    c.loc = loc_of(in, e);
    FnptrCall fc = {e, targets, n, c.loc, inline_target, &c, true};
    *out = fnptr_call(in, &fc);
    free(targets);
    return true;
}

/* A copy or move constructor the compiler writes (implicit or defaulted):
 * the object is its argument's copy. */
static bool implicit_copy(CXCursor decl)
{
    if (clang_Cursor_isNull(decl) || clang_getCursorKind(decl) != CXCursor_Constructor ||
        (!clang_CXXConstructor_isCopyConstructor(decl) && !clang_CXXConstructor_isMoveConstructor(decl)))
        return false;
    CXCursor def = clang_getCursorDefinition(decl);
    if (clang_Cursor_isNull(def))
        return clang_Cursor_isNull(function_body(decl));
    return clang_CXXMethod_isDefaulted(def) != 0;
}

Value tr_call(Infer *in, CXCursor call)
{
    char *name = callee_name(call);
    CXCursor decl = clang_getCursorKind(call) == CXCursor_CallExpr ? callee_decl(call)
                                                                   : clang_getNullCursor();
    Call c = call_parts(in, call);
    Value out = value_none();
    if (clang_getCursorKind(call) != CXCursor_CallExpr) {
        Children ch = children_of(call);
        if (!names_callee(ch))
            name[0] = '\0'; /* an operand, not a callee's name */
        free(ch.c);
    }
    CXCursor def, body, functor;
    CXCursor *targets = NULL;
    int ntargets;
    static const char *const barriers[] = {"__syncthreads", "__syncthreads_count", "__syncthreads_and",
                                           "__syncthreads_or", "__barrier_sync", NULL};
    static const char *const no_ops[] = {"__threadfence", "__threadfence_block",
                                         "__threadfence_system", NULL};
    bool ours = starts_with(name, "__mapkit_"); /* the generator's helpers: by name, not body */
    if (ours && (annotation_call(in, name, &c, &out) || arith_call(in, name, &c, &out) ||
                 dialect_builtin_call(in, name, &c, &out))) {
        /* handled */
    } else if (libcuxx_atomic_call(in, name, decl, c.object, c.args, c.nargs, call, c.loc, &out) ||
               cub_call(in, decl, c.object, c.args, c.nargs, call, c.loc, &out) ||
               tr_unresolved_operator(in, call, &out)) {
        /* handled */
    } else if (starts_with(name, "operator") &&
               (!defined_with_body(decl, &def, &body) || clang_CXXMethod_isDefaulted(def) ||
                !cursor_in_main_file(in, def)) &&
               operator_call(in, name, &c, &out)) {
        /* handled */
    } else if (!clang_Cursor_isNull(decl) && cursor_has_attr(decl, CXCursor_CUDAGlobalAttr)) {
        /* a launch from device code: another grid's threads run the body */
        args_effects(in, &c);
        not_followed(in, call, "a kernel launch from device code (dynamic parallelism)");
    } else if (!clang_Cursor_isNull(decl) && clang_CXXMethod_isVirtual(decl)) {
        /* the body that runs is the dynamic type's, which the AST does not
         * fix: inlining the static type's method could miss every access */
        args_effects(in, &c);
        not_followed(in, call, "a virtual call (the method that runs is chosen at run time)");
    } else if (implicit_copy(decl) && c.nargs == 1) {
        out = tr_value(in, c.args[0]); /* `P r = q;`: the copy, with q's members */
    } else if (defined_with_body(decl, &def, &body)) {
        out = inline_call(in, &c, def, body, name);
    } else if (template_construct_conversion(call, &def) && !clang_Cursor_isNull(body = function_body(def))) {
        c.nargs = 0; /* the operands are the class's type arguments */
        out = inline_call(in, &c, def, body, name);
    } else if (!dependent_bodiless_candidate_takes_memory(call, c.nargs) &&
               (ntargets = template_dependent_targets(in->tu, call, c.nargs, &targets)) > 0) {
        /* the possible callees of a dependent call: one instantiation for all */
        FnptrCall fc = {call, targets, ntargets, c.loc, inline_target, &c, true};
        out = fnptr_call(in, &fc);
    } else if ((ntargets = fnptr_targets(in, call, &targets)) > 0) {
        /* the possible targets of a function pointer: each thread's own */
        FnptrCall fc = {call, targets, ntargets, c.loc, inline_target, &c, false};
        out = fnptr_call(in, &fc);
    } else if ((ntargets = template_dependent_methods(in->tu, call, c.nargs, &targets)) > 0) {
        FnptrCall fc = {call, targets, ntargets, c.loc, inline_target, &c, true};
        out = fnptr_call(in, &fc);
    } else if (template_operator_call(in, call, child_at(call, 0), c.args, c.nargs, "operator()", &out)) {
        /* `m(i, j)` on an object of a class template's type left dependent */
    } else if ((ntargets = template_functor_targets(in->tu, in->kernel_fn, call, c.nargs, &functor, &targets)) > 0) {
        Call on_functor = c; /* `action(x)`: action's operator(), with action as its object */
        on_functor.object = functor;
        for (int k = 0; k < ntargets; k++) /* a kernel parameter: each candidate class's fields */
            param_fields_of_class(in, clang_getCursorReferenced(on_functor.object),
                                  clang_getCursorSemanticParent(targets[k]));
        FnptrCall fc = {call, targets, ntargets, c.loc, inline_target, &on_functor, true};
        out = fnptr_call(in, &fc);
    } else if (memops_call(in, name, call, c.args, c.nargs, c.loc)) {
        /* handled */
    } else if (name_in(name, barriers)) {
        args_effects(in, &c);
        emit_sync(in, c.loc, false);
        if (strcmp(name, "__syncthreads") != 0 && strcmp(name, "__barrier_sync") != 0)
            out = value_int(collective_result(in, c.loc));
    } else if (name_in(name, no_ops)) {
        args_effects(in, &c);
    } else if (strcmp(name, "__syncwarp") == 0) {
        Value mask = c.nargs > 0 ? tr_value(in, c.args[0]) : value_none();
        for (int i = 1; i < c.nargs; i++)
            tr_effects(in, c.args[i]);
        warp_syncwarp(in, c.cursor, c.args, &mask, c.nargs, c.loc);
    } else if (warp_collective(in, name, c.object, c.args, c.nargs, c.loc, &out) ||
               warp_tile_query(in, name, c.object, c.loc, &out)) {
        /* handled */
    } else if (group_call(in, name, &c, &out) || annotation_call(in, name, &c, &out) ||
               memory_call(in, name, &c, &out) || out_param_call(in, name, &c, &out) ||
               dialect_builtin_call(in, name, &c, &out) ||
               arith_call(in, name, &c, &out) || math_call(in, name, &c, &out)) {
        /* handled */
    } else if (!dependent_construct(in, call, &out)) {
        unknown_call(in, &c, name, decl);
    }
    free(targets);
    free(c.args);
    free(name);
    return out;
}
