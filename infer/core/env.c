/* Names, scopes, emission and the SSA environment of the CUDA front end
 * ([CAV21 Sec. 5]: "a standard single static assignment (SSA)
 * transformation to simplify the analysis of indices and arrays"). */
#include "env.h"

#include "kernel.h"
#include "loop.h"
#include "structs.h"
#include "lexer.h"
#include "equal.h"
#include "expr.h"
#include "assigned.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- names ---- */

static bool is_keyword(const char *s)
{
    return lexer_keyword(s, strlen(s)) != 0;
}

static size_t ptr_hash(const void *p)
{
    uintptr_t x = (uintptr_t)p;
    x ^= x >> 17;
    x *= 0x9E3779B97F4A7C15ull;
    return (size_t)(x ^ (x >> 29));
}

static NameInfo *name_slot(Infer *in, const char *name)
{
    size_t mask = in->names_cap - 1, j = ptr_hash(name) & mask;
    while (in->names[j].name && in->names[j].name != name)
        j = (j + 1) & mask;
    return &in->names[j];
}

static void names_grow(Infer *in)
{
    NameInfo *old = in->names;
    size_t oldcap = in->names_cap;
    in->names_cap = oldcap ? oldcap * 2 : 64;
    in->names = xcalloc(in->names_cap, sizeof *in->names);
    for (size_t i = 0; i < oldcap; i++)
        if (old[i].name)
            *name_slot(in, old[i].name) = old[i];
    free(old);
}

static NameInfo *name_lookup(Infer *in, const char *name)
{
    if (!in->names_cap)
        return NULL;
    NameInfo *s = name_slot(in, name);
    return s->name ? s : NULL;
}

/* Kernel-level names (uniform parameters, arrays) and the uniform
 * built-ins are the same in both threads of a pairwise precondition. */
bool name_is_uniform(Infer *in, const char *name)
{
    NameInfo *s = name_lookup(in, name);
    if (s)
        return !s->block_local && !s->per_thread;
    return strncmp(name, "blockDim.", 9) == 0 || strncmp(name, "gridDim.", 8) == 0 ||
           strcmp(name, "warpSize") == 0;
}

void name_mark_per_thread(Infer *in, const char *name)
{
    NameInfo *s = name_lookup(in, name);
    if (s)
        s->per_thread = true;
}

void name_mark_varying(Infer *in, const char *name)
{
    NameInfo *s = name_lookup(in, name);
    if (s)
        s->varies = true;
}

void name_mark_block_shared(Infer *in, const char *name)
{
    NameInfo *s = name_lookup(in, name);
    if (s)
        s->block_shared = true;
}

void name_retire(Infer *in, const char *name)
{
    NameInfo *s = name_lookup(in, name);
    if (s) {
        s->visible = false;
        s->retired = true;
    }
}

void name_mark_unknown(Infer *in, const char *name)
{
    NameInfo *s = name_lookup(in, name);
    if (s)
        s->unknown = true;
}

void name_mark_tile_value(Infer *in, const char *name)
{
    NameInfo *s = name_lookup(in, name);
    if (s)
        s->tile_value = true;
}

bool expr_is_tile_value(Infer *in, const Expr *e)
{
    while (e && e->kind == E_UNARY && op_is_conversion((Op)e->op)) /* iN(x): equal values convert alike */
        e = e->u.sub.a;
    NameInfo *s = e && e->kind == E_VAR ? name_lookup(in, e->u.var.name) : NULL;
    return s && s->tile_value;
}

void name_mark_let(Infer *in, const char *name, const Expr *value)
{
    NameInfo *s = name_lookup(in, name);
    if (s)
        s->let_value = value;
}

const Expr *name_let_value(Infer *in, const char *name)
{
    NameInfo *s = name_lookup(in, name);
    return s ? s->let_value : NULL;
}

void name_mark_raw(Infer *in, const char *name)
{
    NameInfo *s = name_lookup(in, name);
    if (s)
        s->raw = true;
}

void name_mark_read_value(Infer *in, const char *name)
{
    NameInfo *s = name_lookup(in, name);
    if (s)
        s->read_value = true;
}

bool name_is_read_value(Infer *in, const char *name)
{
    NameInfo *s = name_lookup(in, name);
    return s && s->read_value;
}

void name_unmark_raw(Infer *in, const char *name)
{
    NameInfo *s = name_lookup(in, name);
    if (s)
        s->raw = false;
}

bool name_is_raw(Infer *in, const char *name)
{
    NameInfo *s = name_lookup(in, name);
    return s && s->raw;
}

bool name_is_unknown(Infer *in, const char *name)
{
    NameInfo *s = name_lookup(in, name);
    return s && s->unknown;
}

bool expr_has_unknown(Infer *in, const Expr *e)
{
    if (!e)
        return false;
    if (e->kind == E_VAR) {
        NameInfo *s = name_lookup(in, e->u.var.name);
        return s && (s->unknown || s->per_thread);
    }
    Expr **slot[3];
    int n = expr_operands((Expr *)e, slot);
    for (int i = 0; i < n; i++)
        if (expr_has_unknown(in, *slot[i]))
            return true;
    return false;
}

bool expr_is_read_copy(Infer *in, const Expr *e)
{
    if (e && e->kind == E_UNARY && op_is_conversion((Op)e->op))
        e = e->u.sub.a; /* `i32(x)`: a signed view of the same bits */
    if (!e || e->kind != E_VAR)
        return false;
    NameInfo *s = name_lookup(in, e->u.var.name);
    return s && s->read_value;
}

/* Can e differ between two threads of a block?  With shared_ok, names
 * marked block_shared count as the same in all of them. */
static bool varies_in_block(Infer *in, const Expr *e, bool shared_ok)
{
    if (!e)
        return false;
    switch ((ExprKind)e->kind) {
    case E_NUM:
    case E_BOOL:
        return false;
    case E_DISTINCT:
        return true;
    case E_VAR: {
        if (strncmp(e->u.var.name, "threadIdx.", 10) == 0)
            return true;
        NameInfo *s = name_lookup(in, e->u.var.name);
        return s && (s->varies || s->per_thread) && !(shared_ok && s->block_shared);
    }
    case E_UNARY:
    case E_POW2:
    case E_BINARY:
    case E_COND: {
        Expr **slot[3];
        int n = expr_operands((Expr *)e, slot);
        for (int i = 0; i < n; i++)
            if (varies_in_block(in, *slot[i], shared_ok))
                return true;
        return false;
    }
    }
    return true;
}

bool expr_varies(Infer *in, const Expr *e)
{
    return varies_in_block(in, e, false);
}

bool expr_block_shared(Infer *in, const Expr *e)
{
    return !varies_in_block(in, e, true);
}

/* A name no other declaration of the kernel has and the .proto lexer
 * reads as one identifier.  Block-local names (let, local, loop
 * variables) are visible until their block closes. */
const char *fresh_name(Infer *in, const char *base, bool block_local)
{
    char buf[96];
    size_t n = 0;
    for (const char *p = base; *p && n < 48; p++) {
        char c = *p;
        bool ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_' ||
                  (n > 0 && c >= '0' && c <= '9');
        buf[n++] = ok ? c : '_';
    }
    if (n == 0)
        buf[n++] = 'v';
    buf[n] = '\0';
    if (is_keyword(buf))
        buf[n++] = '_', buf[n] = '\0';
    for (int k = 1;; k++) {
        const char *name = program_intern(in->prog, buf, strlen(buf));
        NameInfo *old = name_lookup(in, name);
        if (old && !old->visible && (old->retired || (block_local && old->block_local))) {
            /* sibling blocks may reuse a name: two loops over i stay i; a
             * name a trial made (trial.c) is free again.  What the name was
             * in the other block says nothing here. */
            *old = (NameInfo){name, block_local, true, false, false, false, false, false, false, NULL, false, false};
            if (block_local)
                VEC_PUSH(in->visible, in->nvisible, in->capvisible, name);
            trial_log_name(in, name);
            return name;
        }
        if (!old) {
            if (2 * (in->names_used + 1) > in->names_cap)
                names_grow(in);
            NameInfo *s = name_slot(in, name);
            *s = (NameInfo){name, block_local, true, false, false, false, false, false, false, NULL, false, false};
            in->names_used++;
            if (block_local)
                VEC_PUSH(in->visible, in->nvisible, in->capvisible, name);
            trial_log_name(in, name);
            return name;
        }
        snprintf(buf + n, sizeof buf - n, "_%d", k);
    }
}

/* ---- expressions ---- */

Expr *var_expr(Infer *in, const char *name, Loc loc)
{
    return expr_var(in->prog, loc, name);
}

Expr *num_expr(Infer *in, int64_t v, Loc loc)
{
    if (v < 0)
        return expr_unary(in->prog, loc, OP_NEG, expr_num(in->prog, loc, (uint64_t)(-(v + 1)) + 1));
    return expr_num(in->prog, loc, (uint64_t)v);
}

static bool is_num(const Expr *e, uint64_t v)
{
    return e->kind == E_NUM && e->u.num == v;
}

/* Folds the identities that pointer arithmetic and loop normalisation
 * produce (x + 0, x * 1), so inferred indices read like the source. */
Expr *mk_binary(Infer *in, Op op, Expr *a, Expr *b)
{
    if ((op == OP_ADD || op == OP_SUB || op == OP_BOR || op == OP_SHL || op == OP_SHR) && is_num(b, 0))
        return a;
    if ((op == OP_ADD || op == OP_BOR) && is_num(a, 0))
        return b;
    if ((op == OP_MUL || op == OP_DIV) && is_num(b, 1))
        return a;
    if (op == OP_MUL && is_num(a, 1))
        return b;
    if (a->kind == E_NUM && b->kind == E_NUM && a->u.num < (1u << 30) && b->u.num < (1u << 30)) {
        if (op == OP_ADD)
            return expr_num(in->prog, loc_span(a->loc, b->loc), a->u.num + b->u.num);
        if (op == OP_MUL)
            return expr_num(in->prog, loc_span(a->loc, b->loc), a->u.num * b->u.num);
        if (op == OP_SUB && a->u.num >= b->u.num)
            return expr_num(in->prog, loc_span(a->loc, b->loc), a->u.num - b->u.num);
    }
    return expr_binary(in->prog, op, a, b);
}

bool expr_is_true(const Expr *e)
{
    return e && e->kind == E_BOOL && e->u.boolean;
}

static bool expr_is_false(const Expr *e)
{
    return e && e->kind == E_BOOL && !e->u.boolean;
}

Expr *mk_not(Infer *in, Expr *a)
{
    if (a->kind == E_BOOL)
        return expr_bool(in->prog, a->loc, !a->u.boolean);
    if (a->kind == E_UNARY && a->op == OP_NOT && a->u.sub.a->type != TY_INT)
        return a->u.sub.a;
    if (a->kind == E_BINARY) {
        static const Op flip[][2] = {{OP_LT, OP_GE}, {OP_GE, OP_LT}, {OP_GT, OP_LE},
                                     {OP_LE, OP_GT}, {OP_EQ, OP_NE}, {OP_NE, OP_EQ}};
        for (size_t i = 0; i < sizeof flip / sizeof flip[0]; i++)
            if (a->op == flip[i][0])
                return expr_binary(in->prog, flip[i][1], a->u.sub.a, a->u.sub.b);
    }
    return expr_unary(in->prog, a->loc, OP_NOT, a);
}

/* NULL stands for false in jump conditions; in->always for true. */
Expr *mk_and(Infer *in, Expr *a, Expr *b)
{
    if (!a || !b || expr_is_false(a) || expr_is_false(b))
        return NULL;
    if (expr_is_true(a))
        return b;
    if (expr_is_true(b))
        return a;
    return expr_binary(in->prog, OP_AND, a, b);
}

Expr *mk_or(Infer *in, Expr *a, Expr *b)
{
    if (!a || expr_is_false(a))
        return b;
    if (!b || expr_is_false(b))
        return a;
    if (expr_is_true(a) || expr_is_true(b))
        return in->always;
    return expr_binary(in->prog, OP_OR, a, b);
}

Expr *mk_cond(Infer *in, Expr *c, Expr *a, Expr *b)
{
    if (expr_is_true(c))
        return a;
    if (expr_is_false(c))
        return b;
    return expr_cond(in->prog, c, a, b);
}

bool expr_in_scope(Infer *in, const Expr *e)
{
    if (!e)
        return true;
    switch ((ExprKind)e->kind) {
    case E_NUM:
    case E_BOOL:
        return true;
    case E_VAR: {
        NameInfo *s = name_lookup(in, e->u.var.name);
        return !s || !s->block_local || s->visible;
    }
    case E_DISTINCT:
        for (int i = 0; i < e->u.distinct.n; i++)
            if (!expr_in_scope(in, e->u.distinct.vars[i]))
                return false;
        return true;
    case E_UNARY:
    case E_POW2:
        return expr_in_scope(in, e->u.sub.a);
    case E_BINARY:
        return expr_in_scope(in, e->u.sub.a) && expr_in_scope(in, e->u.sub.b);
    case E_COND:
        return expr_in_scope(in, e->u.sub.a) && expr_in_scope(in, e->u.sub.b) &&
               expr_in_scope(in, e->u.sub.c);
    }
    return false;
}

/* Tree size, counted up to cap: SSA inlining shares subtrees, and the
 * printer would unfold them. */
int expr_size(const Expr *e, int cap)
{
    if (!e || cap <= 0)
        return 0;
    int n = 1;
    switch ((ExprKind)e->kind) {
    case E_UNARY:
    case E_POW2:
        n += expr_size(e->u.sub.a, cap - n);
        break;
    case E_BINARY:
        n += expr_size(e->u.sub.a, cap - n);
        n += expr_size(e->u.sub.b, cap - n);
        break;
    case E_COND:
        n += expr_size(e->u.sub.a, cap - n);
        n += expr_size(e->u.sub.b, cap - n);
        n += expr_size(e->u.sub.c, cap - n);
        break;
    default:
        break;
    }
    return n;
}

/* ---- emission ---- */

void emit(Infer *in, Stmt *s)
{
    block_push(in->prog, in->out, s);
}

Expr *emit_local(Infer *in, const char *base, Loc loc)
{
    const char *name = fresh_name(in, base, true);
    name_mark_varying(in, name);
    name_mark_unknown(in, name);
    name_mark_raw(in, name);
    Stmt *s = stmt_new(in->prog, S_LOCAL, loc);
    s->u.local.var = var_expr(in, name, loc);
    emit(in, s);
    return var_expr(in, name, loc);
}

Stmt *emit_access(Infer *in, AccessMode mode, Array *arr, Expr **idx, int n, Loc loc)
{
    Stmt *s = stmt_new(in->prog, S_ACCESS, loc);
    in->access_count++;
    s->u.access.array = var_expr(in, arr->name, loc);
    /* a CAS loop's seed read (casloop.c) reads the cell the CAS updates:
     * an atomic load, which races with plain writes only, and states no
     * more order than a relaxed one */
    bool seed = mode == ACC_RD && in->reads_atomic;
    s->u.access.mode = (uint8_t)(seed ? ACC_ATOMIC : mode);
    s->u.access.load = seed;
    s->u.access.order = (uint8_t)(seed ? ORDER_RELAXED : ORDER_UNSAID);
    s->u.access.nindex = n;
    s->u.access.index = n ? arena_alloc(&in->prog->arena, (size_t)n * sizeof(Expr *)) : NULL;
    for (int i = 0; i < n; i++)
        s->u.access.index[i] = idx[i];
    emit(in, s);
    return s;
}

Expr *emit_read_into(Infer *in, Array *arr, Expr **idx, int n, Loc loc)
{
    return name_read(in, emit_access(in, ACC_RD, arr, idx, n, loc), arr, idx, n, loc);
}

Expr *name_read(Infer *in, Stmt *s, const Array *arr, Expr **idx, int n, Loc loc)
{
    const char *name = fresh_name(in, arr->name, true);
    name_mark_varying(in, name); /* the checker, not the front end, proves it shared */
    name_mark_unknown(in, name);
    name_mark_raw(in, name);
    name_mark_read_value(in, name);
    bool uniform_index = true;
    for (int i = 0; i < n; i++)
        uniform_index &= expr_block_shared(in, idx[i]);
    if (uniform_index)
        name_mark_block_shared(in, name);
    s->u.access.into = var_expr(in, name, loc);
    return var_expr(in, name, loc);
}

void emit_assume(Infer *in, Expr *cond, Loc loc)
{
    Stmt *s = stmt_new(in->prog, S_ASSUME, loc);
    s->u.assume.cond = cond;
    emit(in, s);
}

void block_enter(Infer *in, Block *b, BlockMark *m)
{
    m->saved_out = in->out;
    m->vis_mark = in->nvisible;
    in->out = b;
}

Stmt *emit_if_enter(Infer *in, Expr *cond, BlockMark *m, Loc loc)
{
    Stmt *s = stmt_new(in->prog, S_IF, loc);
    s->u.if_.cond = cond;
    emit(in, s);
    block_enter(in, &s->u.if_.then, m);
    return s;
}

void block_leave(Infer *in, BlockMark *m)
{
    while (in->nvisible > m->vis_mark) {
        NameInfo *s = name_lookup(in, in->visible[--in->nvisible]);
        if (s)
            s->visible = false;
    }
    in->out = m->saved_out;
}

static Loc warn_loc(Infer *in, CXCursor c)
{
    return clang_Cursor_isNull(c) ? in->anchor : loc_of(in, c);
}

/* A warning already given at the same place with the same text (the
 * helper is inlined again, the loop body translated again) is counted,
 * not repeated: warnings_close gives the count once. */
static Warned *warned_before(Infer *in, Loc loc, const char *msg)
{
    for (int i = 0; i < in->nwarned; i++) {
        Warned *w = &in->warned[i];
        if (w->loc.file == loc.file && w->loc.off == loc.off && strcmp(w->msg, msg) == 0)
            return w;
    }
    return NULL;
}

static void vwarn(Infer *in, Loc loc, const char *fmt, va_list ap)
{
    char msg[512];
    vsnprintf(msg, sizeof msg, fmt, ap);
    Warned *w = warned_before(in, loc, msg);
    if (w) {
        w->count++;
        return;
    }
    diag_at(in->diag, SEV_WARNING, loc, "%s", msg);
    size_t len = strlen(msg) + 1;
    Warned fresh = {loc, memcpy(xcalloc(len, 1), msg, len), 1};
    VEC_PUSH(in->warned, in->nwarned, in->capwarned, fresh);
}

void warnings_close(Infer *in)
{
    for (int i = 0; i < in->nwarned; i++) {
        Warned *w = &in->warned[i];
        if (w->count > 1)
            diag_at(in->diag, SEV_NOTE, w->loc, "the warning above applies here %d times (inlined or repeated)",
                    w->count);
        free(w->msg);
    }
    free(in->warned);
    in->warned = NULL;
    in->nwarned = in->capwarned = 0;
}

void warn_at(Infer *in, CXCursor c, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vwarn(in, warn_loc(in, c), fmt, ap);
    va_end(ap);
}

void emit_opaque(Infer *in, Loc loc)
{
    emit(in, stmt_new(in->prog, S_OPAQUE, loc));
}

void opaque_at(Infer *in, CXCursor c, const char *fmt, ...)
{
    Loc loc = warn_loc(in, c);
    va_list ap;
    va_start(ap, fmt);
    vwarn(in, loc, fmt, ap);
    va_end(ap);
    emit_opaque(in, loc);
}

/* ---- values and the environment ---- */

Value value_int(Expr *e)
{
    Value v = {0};
    v.kind = e ? V_INT : V_NONE;
    v.e = e;
    return v;
}

Value value_private(void)
{
    Value v = {0};
    v.kind = V_PRIVATE;
    return v;
}

Value value_none(void)
{
    Value v = {0};
    v.kind = V_NONE;
    return v;
}

static const char *binding_base(Infer *in, int slot, char *buf, size_t n);

Value env_value(Infer *in, int slot, Loc loc)
{
    Binding *b = &in->env[slot];
    if (!b->escaped || b->v.kind == V_UNDEF)
        return b->v;
    if (b->v.kind != V_INT)
        return value_none();
    char buf[64];
    const char *name = binding_base(in, slot, buf, sizeof buf);
    /* never silent: the user reads why the value became an unknown (once
     * per variable: the warning is at its declaration) */
    warn_at(in, b->decl, "'%s' has its address taken or a reference bound to it, and writes through those are "
                         "not followed: each read of it after that is an unknown value", name);
    return value_int(emit_local(in, name, loc));
}

Value value_data(bool shared)
{
    Value v = value_none();
    v.shared = shared;
    return v;
}

bool value_is_shared(Infer *in, const Value *v)
{
    if (v->kind == V_INT)
        return v->e && expr_block_shared(in, v->e);
    return v->kind == V_NONE && v->shared;
}

Value value_data_of(Infer *in, const Value *v, int n)
{
    if (n == 1 && v[0].kind == V_INT && expr_is_tile_value(in, v[0].e))
        return v[0]; /* `float s = cg::reduce(...)`: the tile's one value, as its lanes store it */
    bool shared = true;
    for (int i = 0; i < n && shared; i++)
        shared = value_is_shared(in, &v[i]);
    return value_data(shared);
}

/* An integer for a value; what is not one becomes a fresh unknown, one
 * the block shares when the value is shared data. */
Expr *value_as_int(Infer *in, Value v, const char *base, Loc loc)
{
    if (v.kind == V_INT && v.e)
        return v.e;
    return v.kind == V_NONE && v.shared ? emit_block_unknown(in, base, loc) : emit_local(in, base, loc);
}

int env_find(Infer *in, CXCursor decl)
{
    for (int i = in->nenv - 1; i >= 0; i--)
        if (!clang_Cursor_isNull(in->env[i].decl) && clang_equalCursors(in->env[i].decl, decl))
            return i;
    return -1;
}

int env_bind(Infer *in, CXCursor decl, Value v)
{
    Binding b = {decl, v, false};
    VEC_PUSH(in->env, in->nenv, in->capenv, b);
    return in->nenv - 1;
}

Value *env_snapshot(Infer *in)
{
    Value *snap = arena_alloc(&in->prog->arena, (size_t)(in->nenv ? in->nenv : 1) * sizeof *snap);
    for (int i = 0; i < in->nenv; i++)
        snap[i] = in->env[i].v;
    return snap;
}

void env_restore(Infer *in, const Value *snap, int n)
{
    for (int i = 0; i < n && i < in->nenv; i++)
        in->env[i].v = snap[i];
}

static bool idx_equal(const Value *a, const Value *b)
{
    if (a->nidx != b->nidx)
        return false;
    for (int i = 0; i < a->nidx; i++)
        if (a->idx[i] != b->idx[i] && !expr_equal(a->idx[i], b->idx[i]))
            return false;
    return true;
}

static bool value_equal(const Value *a, const Value *b)
{
    if (a->kind != b->kind)
        return false;
    switch ((ValueKind)a->kind) {
    case V_INT:
        return a->e == b->e || expr_equal(a->e, b->e);
    case V_PTR:
        return a->arr == b->arr && same_view(a, b) && idx_equal(a, b);
    case V_GROUP:
        return a->block_group == b->block_group && a->grid_group == b->grid_group;
    default:
        return true;
    }
}

enum { MERGE_MAX_SIZE = 48 };

static Expr *merge_int(Infer *in, Expr *cond, Expr *a, Expr *b, const char *base, Loc loc)
{
    if (cond && expr_in_scope(in, cond) && expr_in_scope(in, a) && expr_in_scope(in, b) &&
        expr_size(a, MERGE_MAX_SIZE) + expr_size(b, MERGE_MAX_SIZE) +
                expr_size(cond, MERGE_MAX_SIZE) < MERGE_MAX_SIZE)
        return mk_cond(in, cond, a, b);
    return emit_local(in, base, loc);
}

static const char *binding_base(Infer *in, int slot, char *buf, size_t n)
{
    if (slot == in->ret_slot || clang_Cursor_isNull(in->env[slot].decl))
        return "ret";
    char *name = cursor_name(in->env[slot].decl);
    snprintf(buf, n, "%s", *name ? name : "v");
    free(name);
    return buf;
}

static bool value_in_scope(Infer *in, const Value *v)
{
    for (int i = 0; i < fields_count(v); i++) {
        Value member;
        fields_name_at(v, i, &member);
        if (!value_in_scope(in, &member))
            return false;
    }
    if (v->kind == V_INT)
        return expr_in_scope(in, v->e);
    if (v->copy && !expr_in_scope(in, v->copy))
        return false;
    for (int j = 0; v->kind == V_PTR && j < v->nidx; j++)
        if (!expr_in_scope(in, v->idx[j]))
            return false;
    return true;
}

/* The value itself, or, where it names locals of a block that has closed,
 * a fresh unknown of the same shape declared here. */
static Value value_or_unknown(Infer *in, const Value *v, const char *base, Loc loc)
{
    if (value_in_scope(in, v))
        return *v;
    Value u = *v;
    u.fields = NULL; /* a struct's members are no longer followed */
    u.copy = NULL;
    if (v->kind == V_INT)
        u.e = emit_local(in, base, loc);
    else if (v->kind == V_PTR) {
        u.idx = arena_alloc(&in->prog->arena, (size_t)(v->nidx ? v->nidx : 1) * sizeof(Expr *));
        for (int i = 0; i < v->nidx; i++)
            u.idx[i] = emit_local(in, base, loc);
    }
    return u;
}

static Value merge_value(Infer *in, int slot, Expr *cond, const Value *a, const Value *b, Loc loc);

/* A struct's members after an if: each member both sides follow, merged;
 * one side's alone is no longer followed. */
static Value merge_fields(Infer *in, int slot, Expr *cond, const Value *a, const Value *b, Loc loc)
{
    Value plain_a = *a, plain_b = *b;
    plain_a.fields = plain_b.fields = NULL;
    Value v = merge_value(in, slot, cond, &plain_a, &plain_b, loc);
    for (int i = 0; i < fields_count(a); i++) {
        Value from_a, from_b;
        const char *name = fields_name_at(a, i, &from_a);
        if (fields_get(b, name, &from_b))
            fields_set(in, &v, name, merge_value(in, slot, cond, &from_a, &from_b, loc));
    }
    return v;
}

/* The value after an if: equal values stay, integers become `c ? a : b`
 * while that stays small and in scope, everything else a fresh unknown
 * (emitted after the if, in the current block). */
static Value merge_value(Infer *in, int slot, Expr *cond, const Value *a, const Value *b, Loc loc)
{
    char buf[64];
    const char *base = binding_base(in, slot, buf, sizeof buf);
    /* a variable set on one path only keeps that value, while its names
     * are still declared after the if (docs/inference.md) */
    if (a->kind == V_UNDEF)
        return value_or_unknown(in, b, base, loc);
    if (b->kind != V_UNDEF && (a->fields || b->fields))
        return merge_fields(in, slot, cond, a, b, loc);
    if (a->kind == V_NONE && b->kind == V_NONE) /* data: shared after a branch the block takes alike */
        return value_data(a->shared && b->shared && cond && expr_block_shared(in, cond));
    if (b->kind == V_UNDEF || value_equal(a, b))
        return value_or_unknown(in, a, base, loc);
    if (a->kind == V_INT && b->kind == V_INT)
        return value_int(merge_int(in, cond, a->e, b->e, base, loc));
    if (a->kind == V_PTR && b->kind == V_PTR && a->arr == b->arr && a->nidx == b->nidx && same_view(a, b)) {
        Value v = *a;
        v.idx = arena_alloc(&in->prog->arena, (size_t)(a->nidx ? a->nidx : 1) * sizeof(Expr *));
        for (int i = 0; i < a->nidx; i++)
            v.idx[i] = a->idx[i] == b->idx[i] || expr_equal(a->idx[i], b->idx[i])
                           ? a->idx[i]
                           : merge_int(in, cond, a->idx[i], b->idx[i], base, loc);
        return v;
    }
    if (a->kind == V_PTR || b->kind == V_PTR)
        diag_at(in->diag, SEV_WARNING, loc,
                "pointer '%s' may point into different arrays here; accesses through it are not "
                "modelled",
                base);
    return value_none();
}

void env_merge(Infer *in, Expr *cond, const Value *then_v, const Value *else_v, int n, Loc loc)
{
    for (int i = 0; i < n && i < in->nenv; i++)
        in->env[i].v = merge_value(in, i, cond, &then_v[i], &else_v[i], loc);
}

/* The variable changes in a way the protocol does not follow (a loop, an
 * unmodelled call): a fresh unknown of the same shape. */
/* A counter that starts at a value >= 0 and only grows (`int r = 0;`,
 * then only `r++`, `r += 2`) is >= 0 wherever a loop leaves its value
 * unknown, unless it overflows, which C leaves undefined (the rule printed
 * with the verdict: docs/inference.md, "Signed values"). */
static bool grows_from_natural(Infer *in, int slot)
{
    const Value *v = &in->env[slot].v;
    CXCursor decl = in->env[slot].decl, fn = clang_getCursorSemanticParent(decl);
    if (v->kind != V_INT || clang_getCursorKind(decl) != CXCursor_VarDecl || machine_may_be_negative(in, v->e) ||
        (clang_getCursorKind(fn) != CXCursor_FunctionDecl && clang_getCursorKind(fn) != CXCursor_FunctionTemplate &&
         clang_getCursorKind(fn) != CXCursor_CXXMethod) ||
        !decl_only_grows(fn, decl))
        return false;
    if (in->kernel)
        in->kernel->c_rules |= (uint8_t)CRULE_NO_SIGNED_OVERFLOW;
    return true;
}

static void havoc_with(Infer *in, int slot, Loc loc, Expr *(*fresh)(Infer *, const char *, Loc))
{
    char buf[64];
    Value *v = &in->env[slot].v;
    const char *base = binding_base(in, slot, buf, sizeof buf);
    v->fields = NULL; /* a struct changed in a loop: its members are no longer followed */
    if (v->kind == V_INT) {
        bool growing = grows_from_natural(in, slot);
        v->e = fresh(in, base, loc);
        if (growing) /* still a natural in C: no iN() around it (machine_signed_name) */
            name_unmark_raw(in, v->e->u.var.name);
    } else if (v->kind == V_PTR && v->nidx > 0) {
        Expr **idx = arena_alloc(&in->prog->arena, (size_t)v->nidx * sizeof(Expr *));
        for (int i = 0; i < v->nidx; i++)
            idx[i] = fresh(in, base, loc);
        v->idx = idx;
    } else if (v->kind == V_NONE) {
        v->shared = fresh == emit_block_unknown;
        v->copy = NULL; /* set anew in the loop: no longer the cell read before it */
    }
}

void env_havoc(Infer *in, int slot, Loc loc, const char *why)
{
    (void)why;
    havoc_with(in, slot, loc, emit_local);
}

/* `local x uniform block;`: an unknown every thread of the block shares. */
Expr *emit_block_unknown(Infer *in, const char *base, Loc loc)
{
    Expr *x = emit_local(in, base, loc);
    in->out->items[in->out->n - 1]->u.local.group = GROUP_BLOCK;
    name_mark_block_shared(in, x->u.var.name);
    return x;
}

void env_havoc_block_shared(Infer *in, int slot, Loc loc)
{
    havoc_with(in, slot, loc, emit_block_unknown);
}

/* The value of a slot is the same in every thread of the block, given the
 * values the block may share (expr_block_shared). */
bool value_block_shared(Infer *in, const Value *v)
{
    if (v->kind == V_INT || v->kind == V_NONE)
        return value_is_shared(in, v);
    if (v->kind != V_PTR)
        return false;
    for (int i = 0; i < v->nidx; i++)
        if (!expr_block_shared(in, v->idx[i]))
            return false;
    return true;
}

/* ---- arrays ---- */

Array *array_find(Infer *in, CXCursor decl)
{
    for (int i = 0; i < in->narrays; i++)
        if (clang_equalCursors(in->arrays[i]->decl, decl))
            return in->arrays[i];
    return NULL;
}

static Expr *array_size_expr(Infer *in, CXType t, Loc loc)
{
    long long n = clang_getArraySize(t);
    if (t.kind == CXType_ConstantArray && n >= 0)
        return num_expr(in, n, loc);
    return NULL;
}

/* An array's name.  Arrays found in a trial translation stay (trial.c),
 * so their names must stay taken too: retired with the trial's other
 * names, they were handed out again, and a spin-wait's `local g_mutex =
 * rd g_mutex;` in a loop translated in trials redeclared the array. */
static const char *array_name(Infer *in, const char *base)
{
    int depth = in->trial_depth;
    in->trial_depth = 0; /* trial_log_name logs nothing */
    const char *name = fresh_name(in, base, false);
    in->trial_depth = depth;
    return name;
}

/* Dimensions and sizes from a declared type: `float s[16][17]` has two,
 * `extern float s[]` one of unknown size, a pointer one, a scalar none. */
Array *array_add(Infer *in, CXCursor decl, const char *name, MemSpace mem, CXType type, Loc loc)
{
    Array *a = arena_alloc(&in->prog->arena, sizeof *a);
    a->decl = decl;
    a->name = array_name(in, name);
    a->mem = mem;
    a->loc = loc;
    a->owner = NULL;
    a->pointed_from = NULL;
    a->cell_bytes = 0;
    a->element = 0;
    a->has_bytes = false;
    Expr *sizes[8];
    int nd = 0;
    CXType t = clang_getCanonicalType(type);
    if (t.kind == CXType_Pointer) {
        sizes[nd++] = NULL;
        t = clang_getCanonicalType(clang_getPointeeType(t));
    }
    int first_bracket = nd; /* a pointer's dimension has no [ ] in the source */
    while (nd < 8 && (t.kind == CXType_ConstantArray || t.kind == CXType_IncompleteArray ||
                      t.kind == CXType_VariableArray || t.kind == CXType_DependentSizedArray)) {
        sizes[nd] = array_size_expr(in, t, loc);
        if (!sizes[nd] && t.kind == CXType_DependentSizedArray)
            sizes[nd] = template_size(in, decl, nd - first_bracket, loc);
        nd++;
        t = clang_getCanonicalType(clang_getArrayElementType(t));
    }
    a->ndims = nd;
    /* the canonical spelling compiles without the file's typedefs */
    a->elem_type = elem_type_name(in->prog, t);
    const TemplateType *tt = template_elem_type(in, type);
    if (tt) { /* `T *A` in a template's pattern: the type its instantiations give T */
        a->elem_type = program_intern(in->prog, tt->spelling, strlen(tt->spelling));
        a->cell_bytes = tt->bytes;
    }
    a->sizes = nd ? arena_alloc(&in->prog->arena, (size_t)nd * sizeof(Expr *)) : NULL;
    for (int i = 0; i < nd; i++)
        a->sizes[i] = sizes[i];
    VEC_PUSH(in->arrays, in->narrays, in->caparrays, a);
    return a;
}

void not_followed(Infer *in, CXCursor c, const char *construct)
{
    opaque_at(in, c, "not followed: %s", construct);
}

void not_followed_kind(Infer *in, CXCursor c)
{
    CXString k = clang_getCursorKindSpelling(clang_getCursorKind(c));
    not_followed(in, c, clang_getCString(k));
    clang_disposeString(k);
}

Expr *builtin_var(Infer *in, const char *name, Loc loc)
{
    return var_expr(in, program_intern(in->prog, name, strlen(name)), loc);
}

/* threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z) */
Expr *linear_tid(Infer *in, Loc loc)
{
    Expr *z = builtin_var(in, "threadIdx.z", loc);
    Expr *y = mk_binary(in, OP_ADD, builtin_var(in, "threadIdx.y", loc),
                        mk_binary(in, OP_MUL, builtin_var(in, "blockDim.y", loc), z));
    return mk_binary(in, OP_ADD, builtin_var(in, "threadIdx.x", loc),
                     mk_binary(in, OP_MUL, builtin_var(in, "blockDim.x", loc), y));
}

Expr *block_size(Infer *in, Loc loc)
{
    return mk_binary(in, OP_MUL,
                     mk_binary(in, OP_MUL, builtin_var(in, "blockDim.x", loc),
                               builtin_var(in, "blockDim.y", loc)),
                     builtin_var(in, "blockDim.z", loc));
}

void emit_sync(Infer *in, Loc loc, bool grid)
{
    Stmt *s = stmt_new(in->prog, S_SYNC, loc);
    s->u.sync.grid = grid;
    emit(in, s);
    in->sync_count++;
}

/* __syncthreads_count/_and/_or: the sync just emitted gives every thread
 * of the block one value (`local x = sync;`), whatever each passed in. */
Expr *collective_result(Infer *in, Loc loc)
{
    Stmt *s = in->out->items[in->out->n - 1];
    const char *name = fresh_name(in, "collective", true);
    name_mark_unknown(in, name);
    name_mark_block_shared(in, name);
    s->u.sync.into = var_expr(in, name, loc);
    return var_expr(in, name, loc);
}
