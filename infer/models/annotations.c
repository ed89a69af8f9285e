/* GPUVerify's annotations and the generator's helpers for what C cannot
 * say (docs/inference.md, docs/codegen.md): `__requires(e)`, `__assert`,
 * `__assume` and the like are preconditions (`assume e;`), with
 * `__other_int(x)`, `__distinct_int(x)` and `__same_group()` naming the
 * other thread of the pair; loop invariants, postconditions and the
 * predicates about accesses are proof hints, left out; `__mapkit_opaque`,
 * `__mapkit_sync_*` and `__mapkit_pow2` are how the generator writes
 * `opaque;`, `sync local;` and `pow2(e)`. */
#include "models.h"

#include "env.h"
#include "expr.h"
#include "fence.h"

#include <stdlib.h>
#include <string.h>

/* The model's state for a kernel (its slot). */
typedef struct Annotations {
    bool pairwise; /* translating a __requires that uses __other_int */
} Annotations;

static Annotations *state(Infer *in)
{
    return model_slot(in, &model_annotations);
}

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
static Expr *with_thread(Infer *in, Expr *e, int thread)
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

/* `assert(e)` is a check the program makes where it stands, not a promise:
 * a thread that fails it stops there, after the accesses and barriers it
 * already made, which an assumption would take back (an assumption holds
 * for the whole run).  Before any of them it is a precondition. */
static bool checks_after_effects(const Infer *in, const Call *c)
{
    static const char *const checks[] = {"assert", "__mapkit_assert", "__assert", "__global_assert", NULL};
    return name_in(c->name, checks) && (in->access_count > 0 || in->sync_count > 0);
}

static void tr_assume(Infer *in, const Call *c)
{
    /* tr_assume: __requires(E) | __assume(E) | assert(E) | __builtin_assume(E) | ... */
    if (c->nargs < 1)
        return;
    Mentions m = {false};
    /* the argument itself may be the call (`__requires(__uniform_int(n))`) */
    if (find_pairwise(c->args[0], c->cursor, &m) == CXChildVisit_Recurse)
        clang_visitChildren(c->args[0], find_pairwise, &m);
    bool saved = state(in)->pairwise;
    state(in)->pairwise = m.found;
    Value v = tr_truth(in, c->args[0]);
    state(in)->pairwise = saved;
    for (int i = 1; i < c->nargs; i++)
        tr_effects(in, c->args[i]);
    if (v.kind != V_INT) {
        warn_at(in, c->cursor, "this assumption is about data the protocol does not track; it is ignored");
        return;
    }
    if (checks_after_effects(in, c)) {
        warn_at(in, c->cursor, "this assertion follows accesses or a barrier, which a thread that fails it has "
                               "already done; it is not assumed");
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
                                         "__return_val_bool", "__array_snapshot", NULL};
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

static bool call_is_contract(CXCursor call)
{
    if (clang_getCursorKind(call) != CXCursor_CallExpr)
        return false;
    char *name = callee_name(call);
    bool hit = is_contract(name);
    free(name);
    return hit;
}

/* GPUVerify's annotations and the generator's helpers; false when the
 * name is none of them. */
/* Does e use only numbers, the kernel's uniform parameters and the
 * launch's sizes: the same in every thread of the grid? */
static bool grid_uniform(Infer *in, const Expr *e)
{
    if (!e)
        return true;
    if (e->kind == E_VAR) {
        if (starts_with(e->u.var.name, "blockDim.") || starts_with(e->u.var.name, "gridDim."))
            return true;
        for (int i = 0; i < in->kernel->nvars; i++)
            if (in->kernel->vars[i].scope == VAR_UNIFORM &&
                strcmp(in->kernel->vars[i].name->u.var.name, e->u.var.name) == 0)
                return true;
        return false;
    }
    if (e->kind == E_DISTINCT)
        return false;
    Expr **slot[3];
    int n = expr_operands((Expr *)e, slot);
    for (int i = 0; i < n; i++)
        if (!grid_uniform(in, *slot[i]))
            return false;
    return true;
}

/* `__mapkit_nondecreasing(row, n + 1);` (docs/language.md 3.10): the fact
 * goes to the declaration of the array row points to the start of, over
 * a length the grid agrees on (a negative number: all cells).  Anything
 * else is said and left out: no fact is assumed that was not stated. */
static void state_fact(Infer *in, const Call *c, ArrayFact kind)
{
    /* state_fact: __mapkit_nondecreasing(P, LEN) | __mapkit_injective(P, LEN) */
    Value p = tr_value(in, c->args[0]);
    Expr *len = tr_int(in, c->args[1]);
    int64_t k = 0;
    bool at_start = p.kind == V_PTR && p.arr && p.arr->mem == MEM_GLOBAL && p.arr->ndims == 1 &&
                    elem_is_integer(p.arr->elem_type) && p.nidx == 1 && !p.unit && !p.span &&
                    expr_constant(p.idx[0], &k) && k == 0;
    if (!at_start || !len || !grid_uniform(in, len)) {
        diag_at(in->diag, SEV_WARNING, c->loc,
                "%s: not assumed: it needs the start of a one-dimensional global array of integers and a length the "
                "grid agrees on",
                array_fact_name(kind));
        return;
    }
    Array *a = p.arr;
    int64_t n;
    a->fact = (uint8_t)kind;
    a->fact_len = expr_constant(len, &n) && n < 0 ? NULL : len;
    a->fact_loc = c->loc;
}

bool annotation_call(Infer *in, const Call *c, Value *out)
{
    const char *name = c->name;
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
        if (state(in)->pairwise)
            *out = value_int(same_group(in, c->loc));
        return true;
    }
    if (starts_with(name, "__other_")) {
        Value v = c->nargs ? tr_value(in, c->args[0]) : value_none();
        if (state(in)->pairwise && v.kind == V_INT)
            *out = value_int(with_thread(in, v.e, 2));
        return true;
    }
    if (starts_with(name, "__distinct_") || starts_with(name, "__uniform_")) {
        Value v = c->nargs ? tr_value(in, c->args[0]) : value_none();
        if (state(in)->pairwise && v.kind == V_INT)
            *out = value_int(expr_binary(in->prog, starts_with(name, "__distinct_") ? OP_NE : OP_EQ,
                                         with_thread(in, v.e, 1), with_thread(in, v.e, 2)));
        return true;
    }
    if ((strcmp(name, "__add_noovfl") == 0 || strcmp(name, "__add_noovfl_unsigned") == 0) && c->nargs == 2) {
        /* an addition the author states does not overflow: the sum */
        Expr *a = tr_int(in, c->args[0]);
        Expr *b = tr_int(in, c->args[1]);
        if (a && b)
            *out = value_int(expr_binary(in->prog, OP_ADD, a, b));
        return true;
    }
    if (strcmp(name, "__implies") == 0 && c->nargs == 2) {
        Expr *a = tr_int(in, c->args[0]);
        Expr *b = tr_int(in, c->args[1]);
        if (a && b)
            *out = value_int(expr_binary(in->prog, OP_OR, mk_not(in, a), b));
        return true;
    }
    if ((strcmp(name, "__mapkit_nondecreasing") == 0 || strcmp(name, "__mapkit_injective") == 0) && c->nargs == 2) {
        state_fact(in, c, strcmp(name, "__mapkit_injective") == 0 ? FACT_INJECTIVE : FACT_NONDECREASING);
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

const Model model_annotations = {
    .name = "annotations",
    .slot_size = sizeof(Annotations),
    .hint_call = call_is_contract,
};
