/* Silencing divergent syncs, and checking the stretches between them
 * (diverge.h). */
#include "diverge.h"

#include <stdlib.h>

/* `true`: the condition of a silenced statement's `assume`. */
static Expr always = {.kind = E_BOOL, .type = TY_BOOL, .depth = 1, .u.boolean = true};

void silence_stmt(Silenced *s, const Stmt *stmt)
{
    /* The statement is the kernel's, borrowed as const by the result: it is
     * changed in place (so ids, tables and witnesses stay valid) and put
     * back by restore_stmts before anyone else sees the kernel. */
    Stmt *st = (Stmt *)stmt;
    VEC_GROW(s->stmts, s->n, s->n + 1);
    VEC_GROW(s->saved, s->n, s->n + 1);
    s->stmts[s->n] = st;
    s->saved[s->n++] = *st;
    st->kind = S_ASSUME;
    st->u.assume.cond = &always;
}

void restore_stmts(Silenced *s)
{
    for (int i = s->n - 1; i >= 0; i--)
        *s->stmts[i] = s->saved[i];
    free(s->stmts);
    free(s->saved);
    *s = (Silenced){0};
}

bool silenced_grid_sync(const Silenced *s)
{
    for (int i = 0; i < s->n; i++)
        if (s->saved[i].kind == S_SYNC && s->saved[i].u.sync.grid)
            return true;
    return false;
}

static bool is_ancestor(const Facts *f, int anc, int id)
{
    for (int p = f->parent[id]; p >= 0; p = f->parent[p])
        if (p == anc)
            return true;
    return false;
}

/* Which stretch the access is in: how many silenced syncs come before it
 * in program order (ids are in pre-order); -1 when a loop around one of
 * them also holds it: that sync may separate two of its iterations, so it
 * races in no stretch for sure. */
static int stretch_of(const Facts *f, const Silenced *syncs, const Stmt *access)
{
    int before = 0;
    for (int k = 0; k < syncs->n; k++) {
        const Stmt *sync = syncs->stmts[k];
        for (int p = f->parent[sync->id]; p >= 0; p = f->parent[p])
            if (f->stmt[p]->kind == S_LOOP && is_ancestor(f, p, access->id))
                return -1;
        before += sync->id < access->id;
    }
    return before;
}

void check_stretches(Kernel *k, const Silenced *syncs, StretchCheck check, void *ctx)
{
    Facts *all = facts_new(k);
    int *stretch = xmalloc((size_t)(all->nsites + 1) * sizeof *stretch);
    for (int i = 0; i < all->nsites; i++)
        stretch[i] = stretch_of(all, syncs, all->sites[i].stmt);
    for (int part = 0; part <= syncs->n; part++) {
        Silenced others = {0};
        int kept = 0;
        for (int i = 0; i < all->nsites; i++) {
            if (stretch[i] == part)
                kept++;
            else
                silence_stmt(&others, all->sites[i].stmt);
        }
        if (kept) {
            Facts *f = facts_new(k);
            check(f, ctx);
            facts_free(f);
        }
        restore_stmts(&others);
    }
    free(stretch);
    facts_free(all);
}

bool silence_divergent_syncs(Kernel *k, KernelResult *r, Silenced *quiet, Recheck recheck, void *ctx)
{
    const Stmt *next = r->divergence.stmt1;
    while (next) {
        silence_stmt(quiet, next);
        Facts *without = facts_new(k);
        KernelResult *more = recheck(without, ctx);
        facts_free(without);
        next = more->verdict == V_DIVERGENT ? more->divergence.stmt1 : NULL;
        bool decided = next || more->verdict == V_RACY || more->verdict == V_DRF;
        if (!decided) /* the divergence stands, listed; what was cut is unknown, never another verdict */
            result_set_message(r, V_UNKNOWN, more->where, "it diverges, and whether it races was not decided: %s",
                               more->message ? more->message : verdict_name(more->verdict));
        result_free(more);
        if (!decided)
            return false;
    }
    return true;
}
