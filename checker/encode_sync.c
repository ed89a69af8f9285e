/* Synchronization in the encoding: which syncs order two threads now,
 * S(s) of ../shared/notes/same-phase.md (running s executes a sync), "no
 * sync between" two points or over loop iterations, and from these, two
 * access instances of one block's threads in the same barrier interval.
 *
 * Same interval, without aligning: no sync instance runs between them.
 * With L the outermost common synchronized loop in which the two instances
 * differ, that is: every loop outside L agrees; the first instance is
 * followed by no sync up to the end of L's body, the second preceded by
 * none from its start, and no iteration in between synchronizes.  When all
 * common loops agree, no sync lies between them in their innermost common
 * block.  The formula has O(depth) cases of size O(depth + statements):
 * it grows polynomially with the nesting of synchronized loops, where
 * aligning (Fig. 3) doubles the body at each level.  docs/checker.md
 * explains why it is right. */
#include "encode_int.h"

#include <stdio.h>
#include <stdlib.h>

#define CTX (e->smt->ctx)

/* Does this sync order the two threads now?  Grid syncs only while
 * grid_only; tile syncs of tiles at least tile_floor (the threads share
 * those tiles). */
uint8_t enc_ordering_for(const Enc *e, MemSpace m)
{
    return e->f->fenced ? (uint8_t)(1u << m) : 0;
}

bool enc_sync_counts(const Enc *e, const Stmt *sync)
{
    if (e->grid_only)
        return sync->u.sync.grid;
    if (sync->u.sync.unordered & e->ordering)
        return false; /* its fence flags leave out the array's space */
    return !sync->u.sync.tile || sync->u.sync.tile >= e->tile_floor;
}

/* s is or contains a sync of the block or grid that counts now (its fence
 * flags cover e->ordering). */
static bool has_wide_sync_now(const Enc *e, const Stmt *s)
{
    if (!e->ordering)
        return e->f->has_wide_sync[s->id];
    for (int m = 0; m < 2; m++)
        if ((e->ordering & (1u << m)) && !e->f->has_wide_sync_for[m][s->id])
            return false;
    return true;
}

bool enc_block_always_syncs(const Enc *e, const Block *b)
{
    for (int i = 0; i < b->n; i++)
        if (b->items[i]->kind == S_SYNC && enc_sync_counts(e, b->items[i]))
            return true;
    return false;
}

bool enc_has_sync(const Enc *e, const Stmt *s)
{
    if (e->grid_only)
        return e->f->has_grid_sync[s->id];
    if (e->tile_floor == 0 && !e->ordering)
        return e->f->has_sync[s->id];
    return has_wide_sync_now(e, s) || (e->f->max_tile[s->id] > 0 && e->f->max_tile[s->id] >= e->tile_floor);
}

static Z3_ast block_syncs(Enc *e, const Block *b, const TEnv *env);

static Z3_ast bound_var(Enc *e, const Stmt *loop, int thread)
{
    char name[320];
    snprintf(name, sizeof name, "%s!%d", loop->u.loop.var->u.var.name, e->fresh++);
    return enc_quantified(e, enc_thread_const(e, name, loop->id, thread));
}

Z3_ast enc_stmt_syncs(Enc *e, const Stmt *s, TEnv *env)
{
    Smt *smt = e->smt;
    if (!enc_has_sync(e, s))
        return smt->f;
    if (s->kind == S_SYNC)
        return smt->t;
    if (s->kind == S_IF) {
        Z3_ast c = enc_bool(e, s->u.if_.cond, env);
        return smt_or2(smt, smt_and2(smt, c, block_syncs(e, &s->u.if_.then, env)),
                       smt_and2(smt, smt_not(smt, c), block_syncs(e, &s->u.if_.els, env)));
    }
    /* a loop: it runs at least once, or some iteration synchronizes */
    if (enc_block_always_syncs(e, &s->u.loop.body))
        return enc_loop_runs(e, s, env);
    Z3_ast w = bound_var(e, s, env->thread);
    TEnv inner = tenv_copy(e, env);
    inner.val[s->u.loop.var->u.var.sym->index] = w;
    Z3_ast body = smt_and2(smt, enc_loop_member(e, s, env, w), block_syncs(e, &s->u.loop.body, &inner));
    tenv_free(&inner);
    if (smt_is_false(smt, body))
        return body;
    Z3_app bound = Z3_to_app(CTX, w);
    return Z3_mk_exists_const(CTX, 0, 1, &bound, 0, NULL, body);
}

static Z3_ast block_syncs(Enc *e, const Block *b, const TEnv *env)
{
    TEnv scan = tenv_copy(e, env);
    SmtList any = {0};
    /* the first certain sync settles it: blocks of thousands of intervals
     * would otherwise be scanned to the end for every pair of accesses */
    for (int i = 0; i < b->n && !any.settled; i++) {
        enc_define(e, b->items[i], &scan);
        Z3_ast syncs = enc_stmt_syncs(e, b->items[i], &scan);
        any.settled = smt_is_true(e->smt, syncs);
        smt_list_add(&any, syncs);
    }
    Z3_ast r = smt_or(e->smt, any.n, any.items);
    smt_list_free(&any);
    tenv_free(&scan);
    return r;
}

Z3_ast enc_no_sync_between(Enc *e, const Block *b, int from, int to, const TEnv *env)
{
    TEnv scan = tenv_copy(e, env);
    SmtList none = {0};
    for (int i = from + 1; i < to && i < b->n && !none.settled; i++) {
        enc_define(e, b->items[i], &scan);
        Z3_ast no_sync = smt_not(e->smt, enc_stmt_syncs(e, b->items[i], &scan));
        none.settled = smt_is_false(e->smt, no_sync); /* a certain sync in between */
        smt_list_add(&none, no_sync);
    }
    Z3_ast r = smt_and(e->smt, none.n, none.items);
    smt_list_free(&none);
    tenv_free(&scan);
    return r;
}

Z3_ast enc_no_sync_iterations(Enc *e, const Stmt *loop, TEnv *env, IterFilter pred, void *ctx)
{
    Smt *smt = e->smt;
    Z3_ast w = bound_var(e, loop, env->thread);
    TEnv inner = tenv_copy(e, env);
    inner.val[loop->u.loop.var->u.var.sym->index] = w;
    Z3_ast syncs = block_syncs(e, &loop->u.loop.body, &inner);
    tenv_free(&inner);
    if (smt_is_false(smt, syncs)) {
            return smt->t;
    }
    Z3_ast in = smt_and2(smt, enc_loop_member(e, loop, env, w), pred(e, loop, w, ctx));
    Z3_app bound = Z3_to_app(CTX, w);
    return Z3_mk_forall_const(CTX, 0, 1, &bound, 0, NULL, smt_implies(smt, in, smt_not(smt, syncs)));
}

/* ---- two instances in one barrier interval ---- */

/* Which iterations w of a loop a NoSync condition is about. */
static Z3_ast after_iterations(Enc *e, const Stmt *loop, Z3_ast w, void *v)
{
    return enc_loop_before(e, loop, (Z3_ast)v, w);
}

static Z3_ast before_iterations(Enc *e, const Stmt *loop, Z3_ast w, void *v)
{
    return enc_loop_before(e, loop, w, (Z3_ast)v);
}

typedef struct Between {
    Z3_ast from, to;
} Between;

static Z3_ast between_iterations(Enc *e, const Stmt *loop, Z3_ast w, void *ctx)
{
    Between *b = ctx;
    return smt_and2(e->smt, enc_loop_before(e, loop, b->from, w), enc_loop_before(e, loop, w, b->to));
}

/* No sync between the instance at path p and level U, going one way:
 * after it (to `bound` at level U, crossing enclosing synchronized loops
 * only in their last iteration, or one after which none synchronizes), or
 * before it (from `bound` at U, crossing loops in their first iteration). */
static Z3_ast no_sync_along(Enc *e, const Path *p, int U, int bound, bool after)
{
    SmtList all = {0};
    for (int L = p->n - 1; L >= U; L--) {
        const PathLevel *lv = &p->lv[L];
        int from = after ? lv->index : L == U ? bound : -1;
        int to = after ? (L == U ? bound : lv->block->n) : lv->index;
        smt_list_add(&all, enc_no_sync_between(e, lv->block, from, to, &lv->env));
        if (L == U)
            break;
        const PathLevel *up = &p->lv[L - 1];
        if (up->anc->kind != S_LOOP || !enc_has_sync(e, up->anc))
            continue;
        TEnv env = up->env;
        if (enc_block_always_syncs(e, &up->anc->u.loop.body))
            smt_list_add(&all, after ? enc_loop_last(e, up->anc, &env, up->var)
                                     : enc_loop_first(e, up->anc, &env, up->var));
        else
            smt_list_add(&all, enc_no_sync_iterations(e, up->anc, &env,
                                                      after ? after_iterations : before_iterations,
                                                      up->var));
    }
    Z3_ast r = smt_and(e->smt, all.n, all.items);
    smt_list_free(&all);
    return r;
}

static Z3_ast no_sync_after(Enc *e, const Path *p, int U, int limit)
{
    return no_sync_along(e, p, U, limit, true);
}

static Z3_ast no_sync_before(Enc *e, const Path *p, int U, int from)
{
    return no_sync_along(e, p, U, from, false);
}

static bool is_sync_loop(const Enc *e, const Stmt *s)
{
    return s->kind == S_LOOP && enc_has_sync(e, s);
}

/* Instance at pa in iteration va of loop level Lm, then pb in a later one vb. */
static Z3_ast ordered_iterations(Enc *e, const Path *pa, const Path *pb, int Lm)
{
    Smt *s = e->smt;
    const Stmt *loop = pa->lv[Lm].anc;
    Z3_ast va = pa->lv[Lm].var, vb = pb->lv[Lm].var;
    TEnv env = pa->lv[Lm].env;
    Z3_ast between;
    if (enc_block_always_syncs(e, &loop->u.loop.body)) {
        between = smt_eq(s, vb, enc_loop_next(e, loop, &env, va));
    } else {
        Between b = {va, vb};
        between = enc_no_sync_iterations(e, loop, &env, between_iterations, &b);
    }
    Z3_ast parts[4] = {enc_loop_before(e, loop, va, vb),
                       no_sync_after(e, pa, Lm + 1, pa->lv[Lm + 1].block->n),
                       no_sync_before(e, pb, Lm + 1, -1), between};
    return smt_and(s, 4, parts);
}

/* All common synchronized loops agree: no sync between them where they part. */
static Z3_ast same_iterations(Enc *e, const Path *p1, const Path *p2, int C)
{
    if (C == p1->n && C == p2->n)
        return e->smt->t; /* the same site */
    const PathLevel *a = &p1->lv[C], *b = &p2->lv[C];
    if (a->block != b->block || a->index == b->index)
        return e->smt->t; /* two branches of one conditional: no sync in between */
    if (a->index < b->index)
        return smt_and2(e->smt, no_sync_after(e, p1, C, b->index), no_sync_before(e, p2, C, b->index));
    return smt_and2(e->smt, no_sync_after(e, p2, C, a->index), no_sync_before(e, p1, C, a->index));
}

/* The two instances are in the same barrier interval. */
Z3_ast enc_same_interval(Enc *e, const Path *p1, const Path *p2)
{
    Smt *s = e->smt;
    int C = 0;
    while (C < p1->n && C < p2->n && p1->lv[C].anc == p2->lv[C].anc)
        C++;
    SmtList cases = {0};
    Z3_ast outer_equal = s->t;
    for (int L = 0; L < C && L < p1->n - 1; L++) {
        const Stmt *anc = p1->lv[L].anc;
        if (!is_sync_loop(e, anc))
            continue;
        Z3_ast differ = smt_or2(s, ordered_iterations(e, p1, p2, L), ordered_iterations(e, p2, p1, L));
        smt_list_add(&cases, smt_and2(s, outer_equal, differ));
        outer_equal = smt_and2(s, outer_equal, smt_eq(s, p1->lv[L].var, p2->lv[L].var));
    }
    smt_list_add(&cases, smt_and2(s, outer_equal, same_iterations(e, p1, p2, C)));
    Z3_ast r = smt_or(s, cases.n, cases.items);
    smt_list_free(&cases);
    return r;
}
