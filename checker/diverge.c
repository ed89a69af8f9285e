/* Silencing divergent syncs for the race check (diverge.h). */
#include "diverge.h"

#include <stdlib.h>

/* `true`: the condition of a silenced sync's `assume`. */
static Expr always = {.kind = E_BOOL, .type = TY_BOOL, .depth = 1, .u.boolean = true};

void silence_sync(Silenced *s, const Stmt *sync)
{
    /* The statement is the kernel's, borrowed as const by the result: it is
     * changed in place (so ids, tables and witnesses stay valid) and put
     * back by restore_syncs before anyone else sees the kernel. */
    Stmt *st = (Stmt *)sync;
    s->stmts = xrealloc(s->stmts, (size_t)(s->n + 1) * sizeof *s->stmts);
    s->saved = xrealloc(s->saved, (size_t)(s->n + 1) * sizeof *s->saved);
    s->stmts[s->n] = st;
    s->saved[s->n++] = *st;
    st->kind = S_ASSUME;
    st->u.assume.cond = &always;
}

void restore_syncs(Silenced *s)
{
    for (int i = s->n - 1; i >= 0; i--)
        *s->stmts[i] = s->saved[i];
    free(s->stmts);
    free(s->saved);
    *s = (Silenced){0};
}

static bool is_ancestor(const Facts *f, int anc, int id)
{
    for (int p = f->parent[id]; p >= 0; p = f->parent[p])
        if (p == anc)
            return true;
    return false;
}

/* Could the sync separate an instance of a from one of b, in some reading
 * of it?  Yes when it lies between them in program order (ids are in
 * pre-order), or when a loop around it also holds a or b (it may separate
 * two iterations).  Otherwise it runs wholly before or after both. */
static bool may_separate(const Facts *f, const Stmt *sync, const Stmt *a, const Stmt *b)
{
    int lo = a->id < b->id ? a->id : b->id, hi = a->id < b->id ? b->id : a->id;
    if (lo < sync->id && sync->id < hi)
        return true;
    for (int p = f->parent[sync->id]; p >= 0; p = f->parent[p])
        if (f->stmt[p]->kind == S_LOOP && (is_ancestor(f, p, a->id) || is_ancestor(f, p, b->id)))
            return true;
    return false;
}

void keep_independent_races(const Facts *f, const Silenced *s, KernelResult *r)
{
    int kept = 0;
    for (int i = 0; i < r->nraces; i++) {
        Witness *w = &r->races[i];
        bool dependent = false;
        for (int k = 0; k < s->n && !dependent; k++)
            dependent = may_separate(f, s->stmts[k], w->stmt1, w->stmt2);
        if (dependent) {
            witness_free(w);
            r->ndependent++;
        } else {
            r->races[kept++] = *w;
        }
    }
    r->nraces = kept;
    result_settle_divergence(r, s->n);
}
