/* The way a thread reaches a statement ([CAV21 Sec. 5]; docs/checker.md,
 * "Paths"): the branch conditions and loop ranges on the way (guards),
 * the preconditions met on the way, the names the lets and unknowns on
 * the way define, and the preconditions a thread meets wherever it
 * reaches them (discarded threads). */
#include "encode_int.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define CTX (e->smt->ctx)

/* `x@7!group(args)`: the unknown of statement s that the threads with
 * equal args share (a constant when there are none); with no statement,
 * `@group(args)`, the group naming what the function stands for. */
static Z3_ast shared_function(Enc *e, const Stmt *s, const Expr *var, const char *group, Z3_ast *args, unsigned n)
{
    char name[320];
    if (s)
        snprintf(name, sizeof name, "%s@%d!%s", var->u.var.name, s->id, group);
    else
        snprintf(name, sizeof name, "@%s", group); /* one array's cells, whichever statement reads them */
    if (n == 0)
        return smt_const(e->smt, name, false);
    Z3_sort dom[64];
    for (unsigned i = 0; i < n; i++)
        dom[i] = Z3_mk_int_sort(CTX);
    Z3_func_decl fn = Z3_mk_func_decl(CTX, Z3_mk_string_symbol(CTX, name), n, dom, Z3_mk_int_sort(CTX));
    return Z3_mk_app(CTX, fn, n, args);
}

enum { MAX_SHARE_ARGS = 64 };

/* What tells a shared unknown's runs apart, into args: the block (for a
 * block's group) and the variables of the loops around s (all of them,
 * those that synchronize with sync_only, none with no_loops).  False
 * where a loop variable has no term here: then it is the thread's own. */
static bool instance_args(Enc *e, const Stmt *s, ShareGroup g, const TEnv *env, bool sync_only, bool no_loops,
                          Z3_ast *args, unsigned *n)
{
    if (g == GROUP_BLOCK)
        for (int a = 0; a < 3; a++)
            if (!(args[(*n)++] = enc_thread_term(e, env->thread, BI_BLOCKIDX, a)))
                return false;
    for (int id = e->f->parent[s->id]; id >= 0 && !no_loops; id = e->f->parent[id]) {
        const Stmt *loop = e->f->stmt[id];
        if (loop->kind != S_LOOP || (sync_only && !e->f->has_sync[id]))
            continue;
        Z3_ast x = env->val[loop->u.loop.var->u.var.sym->index];
        if (!x || *n == MAX_SHARE_ARGS)
            return false;
        args[(*n)++] = x;
    }
    return true;
}

/* An unknown that a group of threads shares (ShareGroup) is one unknown
 * function of what tells its runs apart: the block (for a block's group)
 * and the enclosing loop variables.  Two threads of one block at the same
 * iteration get the same value; nothing else is said.  NULL where a loop
 * variable has no term here: then it is the thread's own. */
static Z3_ast shared_unknown(Enc *e, const Stmt *s, const Expr *var, ShareGroup g, const TEnv *env)
{
    Z3_ast args[MAX_SHARE_ARGS];
    unsigned n = 0;
    if (!instance_args(e, s, g, env, false, false, args, &n))
        return NULL;
    return shared_function(e, s, var, group_name(g), args, n);
}

/* `local x uniform tile(N);` outside every loop: each thread runs it at
 * most once, so the lanes of one tile that run it get one value (the
 * collective they run together): one unknown function of the block and
 * the tile, `x@7!tile(blockIdx.x, .., rank / N)`.  Inside a loop the
 * lanes' iterations need not pair up by the loop variables' values (a
 * lane may start later), so it stays the thread's own there. */
static Z3_ast tile_unknown(Enc *e, const Stmt *s, const Expr *var, const TEnv *env)
{
    if (s->kind != S_LOCAL || s->u.local.tile <= 0)
        return NULL;
    for (int id = e->f->parent[s->id]; id >= 0; id = e->f->parent[id])
        if (e->f->stmt[id]->kind == S_LOOP)
            return NULL;
    Z3_ast args[4];
    for (int a = 0; a < 3; a++)
        args[a] = enc_thread_term(e, env->thread, BI_BLOCKIDX, a);
    args[3] = Z3_mk_div(CTX, enc_thread_rank(e, env->thread), smt_int(e->smt, s->u.local.tile));
    for (int i = 0; i < 4; i++)
        if (!args[i])
            args[i] = smt_int(e->smt, 0);
    return shared_function(e, s, var, "tile", args, 4);
}

/* The cell a read touches, as the arguments of its shared value: its
 * indices, or for an array with byte accesses its first and last byte
 * (the bytes decide the value, whatever view reads them). */
static bool cell_args(Enc *e, const Stmt *s, TEnv *env, Z3_ast *args, unsigned *n, unsigned cap)
{
    if (s->u.access.array->u.var.sym->array->has_bytes) {
        if (*n + 2 > cap)
            return false;
        enc_byte_range(e, s, env, &args[*n], &args[*n + 1]);
        *n += 2;
        return true;
    }
    for (int d = 0; d < s->u.access.nindex; d++) {
        if (*n == cap)
            return false;
        args[(*n)++] = enc_int(e, s->u.access.index[d], env);
    }
    return true;
}

/* A read's value keyed by its cell (facts.h, ShareKey): one unknown
 * function per array (KEY_CELL) or per array and stretch (KEY_REGION) of
 * the block (but for a global cell nobody writes), the loops around it
 * that synchronize, and the cell; KEY_INSTANCE_CELL adds the cell to the
 * statement's own function.  NULL where a loop variable has no term. */
static Z3_ast cell_unknown(Enc *e, const Stmt *s, const Expr *var, ShareGroup g, ShareKey key, TEnv *env)
{
    Z3_ast args[MAX_SHARE_ARGS];
    unsigned n = 0;
    const Sym *array = s->u.access.array->u.var.sym;
    if (!instance_args(e, s, g, env, key == KEY_REGION, key == KEY_CELL, args, &n) ||
        !cell_args(e, s, env, args, &n, MAX_SHARE_ARGS))
        return NULL;
    char group[96];
    if (key == KEY_INSTANCE_CELL)
        snprintf(group, sizeof group, "%s!cell", group_name(g));
    else if (key == KEY_REGION)
        snprintf(group, sizeof group, "%s!%s!region%d", group_name(g), array->name, e->f->groups->region[var->u.var.sym->index]);
    else
        snprintf(group, sizeof group, "%s!%s!cells", group_name(g), array->name);
    /* the name of a function not tied to the statement: the array's */
    return shared_function(e, key == KEY_INSTANCE_CELL ? s : NULL, key == KEY_INSTANCE_CELL ? var : NULL, group, args, n);
}

/* A value read from a cell nobody writes, of an array the protocol states
 * a fact about (docs/language.md 3.10): noted, with the C value it stands
 * for, for the fact's instances (lemmas.h).  A read whose name stands for
 * a signed view of another width is left out (no fact then: sound). */
static void note_fact(Enc *e, const Stmt *s, const Expr *var, Z3_ast x, Z3_ast idx, TEnv *env)
{
    const ArrayDecl *d = s->u.access.array->u.var.sym->array;
    int bits = d->elem_bytes * 8, view = enc_signed_width(e, var->u.var.sym);
    bool is_signed = !elem_is_unsigned(d->elem_type);
    if (!d->fact || d->has_bytes || d->ndims != 1 || bits <= 0 || bits > 64 || (view && (view != bits || !is_signed)))
        return;
    FactTerm f = {x, view ? x : enc_c_value(e, x, bits, is_signed), idx,
                  d->fact_len ? enc_int(e, d->fact_len, env) : NULL, s->u.access.array->u.var.sym->index, d->fact};
    lemmas_note_fact(e->noted, f);
}

static Z3_ast unknown_term(Enc *e, const Stmt *s, const Expr *var, TEnv *env)
{
    int sym = var->u.var.sym->index;
    ShareGroup g = (ShareGroup)e->f->groups->of[sym];
    ShareKey key = (ShareKey)e->f->groups->key[sym];
    Z3_ast shared = g == GROUP_THREAD        ? tile_unknown(e, s, var, env)
                    : key != KEY_INSTANCE ? cell_unknown(e, s, var, g, key, env)
                                           : shared_unknown(e, s, var, g, env);
    if (shared && key == KEY_CELL && s->kind == S_ACCESS && s->u.access.nindex == 1)
        note_fact(e, s, var, shared, enc_int(e, s->u.access.index[0], env), env);
    return shared ? shared : enc_thread_const(e, var->u.var.name, s->id, env->thread);
}

/* Statements that define names as they run: lets and unknowns (`local x;`,
 * and the values of `local x = rd A[i];` and `local x = sync;`). */
void enc_define(Enc *e, const Stmt *s, TEnv *env)
{
    if (s->kind == S_LET) {
        env->val[s->u.let.var->u.var.sym->index] = enc_int(e, s->u.let.value, env);
        return;
    }
    const Expr *var = stmt_unknown_var(s);
    if (var)
        env->val[var->u.var.sym->index] = unknown_term(e, s, var, env);
}

/* A precondition relating the threads (1@x, 2@x) at the kernel's top level
 * sees both threads at that same point: the other thread's names are
 * replayed up to it.  Deeper ones see the other thread's kernel-level
 * names only. */
static Z3_ast pairwise_assume(Enc *e, const Block *b, int at, TEnv *env)
{
    const Stmt *s = b->items[at];
    if (b != &e->k->body)
        return enc_bool(e, s->u.assume.cond, env);
    int other = env->thread == 1 ? 2 : 1;
    TEnv them = tenv_copy(e, &e->base[other - 1]);
    for (int i = 0; i < at; i++)
        enc_define(e, b->items[i], &them);
    e->pair[env->thread - 1] = env;
    e->pair[other - 1] = &them;
    Z3_ast r = enc_bool(e, s->u.assume.cond, env);
    e->pair[0] = e->pair[1] = NULL;
    tenv_free(&them);
    return r;
}

/* Items of b other than b->items[skip]: their lets and unknowns, and the
 * preconditions among them (all of them, before and after: an execution
 * that fails a precondition anywhere does not exist). */
static void block_context(Enc *e, const Block *b, int skip, TEnv *env, SmtList *assumes)
{
    TEnv after = {0};
    for (int i = 0; i < b->n; i++) {
        const Stmt *s = b->items[i];
        if (i == skip) {
            after = tenv_copy(e, env);
            continue;
        }
        TEnv *at = i < skip || skip < 0 ? env : &after;
        enc_define(e, s, at);
        if (stmt_unknown_var(s))
            smt_list_add(assumes, enc_unknown_domain(e, stmt_unknown_var(s)->u.var.sym,
                                                     at->val[stmt_unknown_var(s)->u.var.sym->index]));
        if (s->kind == S_ASSUME)
            smt_list_add(assumes, expr_is_pairwise(s->u.assume.cond) ? pairwise_assume(e, b, i, at)
                                                                     : enc_bool(e, s->u.assume.cond, at));
    }
    tenv_free(&after);
}

Z3_ast enc_kernel_assumes(Enc *e, int thread)
{
    TEnv env = tenv_copy(e, &e->base[thread - 1]);
    SmtList assumes = {0};
    block_context(e, &e->k->body, -1, &env, &assumes);
    Z3_ast r = smt_and(e->smt, assumes.n, assumes.items);
    smt_list_free(&assumes);
    tenv_free(&env);
    return r;
}

int enc_kernel_assume_each(Enc *e, int thread, const Stmt **stmt, Z3_ast *term, SmtList *locals)
{
    const Block *b = &e->k->body;
    TEnv env = tenv_copy(e, &e->base[thread - 1]);
    int n = 0;
    for (int i = 0; i < b->n; i++) {
        const Stmt *s = b->items[i];
        enc_define(e, s, &env); /* as block_context does, one assumption at a time */
        if (stmt_unknown_var(s))
            smt_list_add(locals, enc_unknown_domain(e, stmt_unknown_var(s)->u.var.sym,
                                                    env.val[stmt_unknown_var(s)->u.var.sym->index]));
        if (s->kind != S_ASSUME)
            continue;
        stmt[n] = s;
        term[n++] = expr_is_pairwise(s->u.assume.cond) ? pairwise_assume(e, b, i, &env)
                                                       : enc_bool(e, s->u.assume.cond, &env);
    }
    tenv_free(&env);
    return n;
}

Path enc_path(Enc *e, const Stmt *target, int thread, const Z3_ast *forced)
{
    Smt *s = e->smt;
    const Facts *f = e->f;
    Path p;
    memset(&p, 0, sizeof p);
    p.target = target;
    p.thread = thread;
    Stmt **chain = xmalloc((size_t)(f->nstmts + 1) * sizeof *chain);
    int depth = facts_ancestors(f, target, chain);
    chain[depth] = (Stmt *)target;
    p.n = depth + 1;
    p.lv = xcalloc((size_t)p.n, sizeof *p.lv);
    bool approx_before = e->approx;
    e->approx = false;
    TEnv env = tenv_copy(e, &e->base[thread - 1]);
    SmtList guards = {0}, assumes = {0};
    for (int L = 0; L < p.n; L++) {
        const Stmt *anc = chain[L];
        PathLevel *lv = &p.lv[L];
        lv->block = f->block[anc->id];
        lv->anc = anc;
        lv->index = f->index[anc->id];
        block_context(e, lv->block, lv->index, &env, &assumes);
        lv->env = tenv_copy(e, &env);
        if (L == p.n - 1)
            break;
        const Block *next = f->block[chain[L + 1]->id];
        if (anc->kind == S_IF) {
            Z3_ast c = enc_bool(e, anc->u.if_.cond, &env);
            smt_list_add(&guards, next == &anc->u.if_.then ? c : smt_not(s, c));
        } else if (anc->kind == S_LOOP) {
            Z3_ast x = forced && forced[anc->id] ? forced[anc->id]
                                                 : enc_thread_const(e, anc->u.loop.var->u.var.name,
                                                                anc->id, thread);
            smt_list_add(&guards, enc_loop_member(e, anc, &env, x));
            env.val[anc->u.loop.var->u.var.sym->index] = x;
            lv->var = x;
        }
    }
    p.env = env;
    p.guards = smt_and(s, guards.n, guards.items);
    p.assumes = smt_and(s, assumes.n, assumes.items);
    p.approx = e->approx;
    e->approx = approx_before || e->approx;
    smt_list_free(&guards);
    smt_list_free(&assumes);
    free(chain);
    return p;
}

void path_free(Path *p)
{
    for (int i = 0; i < p->n; i++)
        tenv_free(&p->lv[i].env);
    free(p->lv);
    tenv_free(&p->env);
    memset(p, 0, sizeof *p);
}

/* How x depends on `local` unknowns, which are chosen afresh each time
 * they run: not at all, only directly, or through lets or loop bounds. */
typedef enum { UNK_NONE, UNK_DIRECT, UNK_INDIRECT } UnknownUse;

static UnknownUse worse(UnknownUse a, UnknownUse b)
{
    return a > b ? a : b;
}

static UnknownUse unknown_use(const Expr *x)
{
    switch ((ExprKind)x->kind) {
    case E_NUM: case E_BOOL: case E_DISTINCT:
        return UNK_NONE;
    case E_VAR: {
        const Sym *sym = x->u.var.sym;
        if (sym->kind == SYM_UNKNOWN)
            return UNK_DIRECT;
        if (sym->kind == SYM_LET)
            return unknown_use(sym->def->u.let.value) ? UNK_INDIRECT : UNK_NONE;
        if (sym->kind == SYM_LOOP) {
            const Stmt *l = sym->def;
            UnknownUse u = worse(unknown_use(l->u.loop.init),
                                 worse(unknown_use(l->u.loop.bound), unknown_use(l->u.loop.amount)));
            return u ? UNK_INDIRECT : UNK_NONE;
        }
        return UNK_NONE;
    }
    case E_UNARY: case E_POW2:
        return unknown_use(x->u.sub.a);
    case E_BINARY:
        return worse(unknown_use(x->u.sub.a), unknown_use(x->u.sub.b));
    case E_COND:
        return worse(unknown_use(x->u.sub.a), worse(unknown_use(x->u.sub.b), unknown_use(x->u.sub.c)));
    }
    return UNK_INDIRECT;
}

/* Does reaching a depend on an unknown? */
static bool reached_over_unknowns(const Facts *f, const Stmt *a)
{
    for (int id = f->parent[a->id]; id >= 0; id = f->parent[id]) {
        const Stmt *s = f->stmt[id];
        if (s->kind == S_IF && unknown_use(s->u.if_.cond))
            return true;
        if (s->kind == S_LOOP && (unknown_use(s->u.loop.init) || unknown_use(s->u.loop.bound) ||
                                  unknown_use(s->u.loop.amount)))
            return true;
    }
    return false;
}

static bool inside(const Facts *f, const Stmt *s, int ancestor)
{
    for (int id = f->parent[s->id]; id >= 0; id = f->parent[id])
        if (id == ancestor)
            return true;
    return false;
}

/* Is the unknown declared by def chosen afresh in each iteration of a loop
 * around a?  One declared outside them keeps its value in all of them. */
static bool chosen_per_iteration(const Facts *f, const Stmt *def, const Stmt *a)
{
    for (int id = f->parent[a->id]; id >= 0; id = f->parent[id])
        if (f->stmt[id]->kind == S_LOOP && inside(f, def, id))
            return true;
    return false;
}

/* cond over the unknowns of env chosen in the loops around a as
 * existentially bound naturals: some choice of them satisfies it. */
static Z3_ast some_choice_satisfies(Enc *e, const Stmt *a, const Expr *cond, const TEnv *at)
{
    TEnv env = tenv_copy(e, at);
    Z3_app *bound = xcalloc((size_t)e->k->nsyms + 1, sizeof *bound);
    SmtList naturals = {0};
    unsigned n = 0;
    for (int i = 0; i < e->k->nsyms; i++) {
        const Sym *sym = e->k->syms[i];
        if (sym->kind != SYM_UNKNOWN || !env.val[i] || !sym->def || !chosen_per_iteration(e->f, sym->def, a))
            continue;
        char name[32];
        snprintf(name, sizeof name, "some!%d", e->fresh++);
        env.val[i] = enc_quantified(e, smt_const(e->smt, name, false));
        bound[n++] = Z3_to_app(CTX, env.val[i]);
        smt_list_add(&naturals, enc_unknown_domain(e, sym, env.val[i]));
    }
    smt_list_add(&naturals, enc_bool(e, cond, &env));
    Z3_ast body = smt_and(e->smt, naturals.n, naturals.items);
    Z3_ast r = n ? Z3_mk_exists_const(CTX, 0, n, bound, 0, NULL, body) : body;
    smt_list_free(&naturals);
    free(bound);
    tenv_free(&env);
    return r;
}

/* A thread that fails a precondition it reaches is discarded whole, as
 * `mapkit run` does: every `assume` below the top level holds in each of
 * its instances that the thread reaches (top-level ones are in every
 * path's assumes).  Over the enclosing loop variables this is a forall;
 * over unknowns in the condition, an exists (a necessary condition: the
 * thread's path to a race may need more of the same choice).  Where
 * reaching the assume depends on unknowns, or its condition does through
 * a let, it is left to the paths that pass it, as are pairwise ones:
 * leaving a precondition out only adds executions. */
static Z3_ast assume_holds_everywhere(Enc *e, const Stmt *a, int thread)
{
    Smt *s = e->smt;
    const Facts *f = e->f;
    Z3_ast *forced = xcalloc((size_t)f->nstmts + 1, sizeof *forced);
    Z3_app *bound = xcalloc((size_t)f->nstmts + 1, sizeof *bound);
    unsigned nbound = 0;
    for (int id = f->parent[a->id]; id >= 0; id = f->parent[id]) {
        if (f->stmt[id]->kind != S_LOOP)
            continue;
        char name[32];
        snprintf(name, sizeof name, "all!%d", e->fresh++);
        forced[id] = enc_quantified(e, smt_const(e->smt, name, false));
        bound[nbound++] = Z3_to_app(CTX, forced[id]);
    }
    Path p = enc_path(e, a, thread, forced);
    const Expr *cond = a->u.assume.cond;
    Z3_ast holds = unknown_use(cond) ? some_choice_satisfies(e, a, cond, &p.env) : enc_bool(e, cond, &p.env);
    Z3_ast body = smt_implies(s, p.guards, holds);
    if (nbound && !smt_is_true(s, body))
        body = Z3_mk_forall_const(CTX, 0, nbound, bound, 0, NULL, body);
    path_free(&p);
    free(forced);
    free(bound);
    return body;
}

int enc_nested_assume_each(Enc *e, int thread, const Stmt **stmt, Z3_ast *term)
{
    const Facts *f = e->f;
    int n = 0;
    for (int i = 0; i < f->nstmts; i++) {
        const Stmt *a = f->stmt[i];
        if (a->kind == S_ASSUME && f->parent[a->id] >= 0 && !expr_is_pairwise(a->u.assume.cond) &&
            unknown_use(a->u.assume.cond) != UNK_INDIRECT && !reached_over_unknowns(f, a)) {
            stmt[n] = a;
            term[n++] = assume_holds_everywhere(e, a, thread);
        }
    }
    return n;
}
