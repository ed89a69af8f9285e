/* Which [CAV21 Fig. 2] / docs/language.md constructs a protocol uses (docs/fuzz.md). */
#include "feature_set.h"

#include <string.h>

const char *feature_name(Feature f)
{
    static const char *const names[] = {
        [FT_LOOP_ADD] = "loop-add",       [FT_LOOP_SUB] = "loop-sub",     [FT_LOOP_MUL] = "loop-mul",
        [FT_LOOP_DIV] = "loop-div",       [FT_LOOP_SHL] = "loop-shl",     [FT_LOOP_SHR] = "loop-shr",
        [FT_SYNC_LOOP] = "sync-loop",     [FT_IF] = "if",                 [FT_ELSE] = "else",
        [FT_NESTED] = "nested",           [FT_SYNC] = "sync",             [FT_ARRAY_2D] = "array-2d",
        [FT_THREAD_2D] = "thread-2d",     [FT_ATOMIC] = "atomic",         [FT_GLOBAL] = "global",
        [FT_UNKNOWN] = "unknown",         [FT_CONST_LOCAL] = "const-local",
        [FT_PRECONDITION] = "precondition", [FT_PAIRWISE] = "pairwise",   [FT_UNIFORM] = "uniform",
        [FT_KERNELS] = "kernels",         [FT_TILE_SYNC] = "tile-sync",   [FT_SHARED_UNKNOWN] = "shared-unknown",
    };
    return names[f];
}

static void expr_features(const Expr *e, FeatureSet *fs)
{
    if (!e)
        return;
    switch ((ExprKind)e->kind) {
    case E_VAR: {
        const Sym *s = e->u.var.sym;
        if (e->thread)
            fs->has[FT_PAIRWISE] = true;
        if (s && s->builtin == BI_THREADIDX && s->axis > 0)
            fs->has[FT_THREAD_2D] = true;
        break;
    }
    case E_DISTINCT:
        fs->has[FT_PAIRWISE] = true;
        break;
    case E_UNARY:
    case E_BINARY:
    case E_COND:
    case E_POW2:
        expr_features(e->u.sub.a, fs);
        expr_features(e->u.sub.b, fs);
        expr_features(e->u.sub.c, fs);
        break;
    case E_NUM:
    case E_BOOL:
        break;
    }
}

static bool block_has_sync(const Block *b);

static bool stmt_has_sync(const Stmt *s)
{
    if (s->kind == S_SYNC)
        return true;
    if (s->kind == S_IF)
        return block_has_sync(&s->u.if_.then) || block_has_sync(&s->u.if_.els);
    return s->kind == S_LOOP && block_has_sync(&s->u.loop.body);
}

static bool block_has_sync(const Block *b)
{
    for (int i = 0; i < b->n; i++)
        if (stmt_has_sync(b->items[i]))
            return true;
    return false;
}

/* `assume n == 3;` with n a uniform: how `mapkit fuzz` pins a parameter. */
static bool is_pin(const Expr *c)
{
    return c->kind == E_BINARY && c->op == OP_EQ && c->u.sub.a->kind == E_VAR && c->u.sub.b->kind == E_NUM &&
           c->u.sub.a->u.var.sym && c->u.sub.a->u.var.sym->kind == SYM_UNIFORM &&
           c->u.sub.a->u.var.sym->builtin == BI_NONE;
}

static void loop_features(const Stmt *s, FeatureSet *fs)
{
    static const Feature by_step[] = {[STEP_ADD] = FT_LOOP_ADD, [STEP_SUB] = FT_LOOP_SUB, [STEP_MUL] = FT_LOOP_MUL,
                                      [STEP_DIV] = FT_LOOP_DIV, [STEP_SHL] = FT_LOOP_SHL, [STEP_SHR] = FT_LOOP_SHR};
    fs->has[by_step[s->u.loop.step]] = true;
    if (block_has_sync(&s->u.loop.body))
        fs->has[FT_SYNC_LOOP] = true;
    expr_features(s->u.loop.init, fs);
    expr_features(s->u.loop.bound, fs);
    expr_features(s->u.loop.amount, fs);
}

static void block_features(const Block *b, int depth, FeatureSet *fs);

static void stmt_features(const Stmt *s, int depth, FeatureSet *fs)
{
    switch ((StmtKind)s->kind) {
    case S_ACCESS:
        if (s->u.access.mode == ACC_ATOMIC)
            fs->has[FT_ATOMIC] = true;
        for (int i = 0; i < s->u.access.nindex; i++)
            expr_features(s->u.access.index[i], fs);
        if (s->u.access.byte_off) {
            expr_features(s->u.access.byte_off, fs);
            expr_features(s->u.access.byte_width, fs);
        }
        break;
    case S_SYNC:
        fs->has[FT_SYNC] = true;
        fs->has[FT_TILE_SYNC] |= s->u.sync.tile != 0;
        fs->has[FT_SHARED_UNKNOWN] |= s->u.sync.into != NULL;
        break;
    case S_IF:
        fs->has[FT_IF] = true;
        fs->has[FT_ELSE] |= s->u.if_.els.n > 0;
        fs->has[FT_NESTED] |= depth > 0;
        expr_features(s->u.if_.cond, fs);
        block_features(&s->u.if_.then, depth + 1, fs);
        block_features(&s->u.if_.els, depth + 1, fs);
        break;
    case S_LOOP:
        fs->has[FT_NESTED] |= depth > 0;
        loop_features(s, fs);
        block_features(&s->u.loop.body, depth + 1, fs);
        break;
    case S_LET:
        expr_features(s->u.let.value, fs);
        break;
    case S_LOCAL:
        fs->has[FT_SHARED_UNKNOWN] |= s->u.local.group != GROUP_THREAD || s->u.local.tile != 0;
        fs->has[FT_UNKNOWN] = true;
        break;
    case S_OPAQUE:
        fs->has[FT_UNKNOWN] = true;
        break;
    case S_ASSUME:
        fs->has[FT_PRECONDITION] |= !is_pin(s->u.assume.cond);
        expr_features(s->u.assume.cond, fs);
        break;
    }
}

static void block_features(const Block *b, int depth, FeatureSet *fs)
{
    for (int i = 0; i < b->n; i++)
        stmt_features(b->items[i], depth, fs);
}

static void kernel_features(const Kernel *k, FeatureSet *fs)
{
    for (int i = 0; i < k->narrays; i++) {
        fs->has[FT_ARRAY_2D] |= k->arrays[i].ndims >= 2;
        fs->has[FT_GLOBAL] |= k->arrays[i].mem == MEM_GLOBAL;
    }
    for (int i = 0; i < k->nvars; i++) {
        fs->has[FT_CONST_LOCAL] |= k->vars[i].scope == VAR_LOCAL;
        fs->has[FT_UNIFORM] |= k->vars[i].scope == VAR_UNIFORM;
    }
    block_features(&k->body, 0, fs);
}

void features_of(const Program *p, FeatureSet *out)
{
    memset(out, 0, sizeof *out);
    for (int i = 0; i < p->nkernels; i++)
        kernel_features(p->kernels[i], out);
    out->has[FT_KERNELS] = p->nkernels >= 2;
}
