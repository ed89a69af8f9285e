/* Which statements depend on values the protocol does not know (see
 * facts.h, Facts.site_potential): the one rule by which the engines and
 * the interpreter call an alarm definite or potential. */
#include "facts.h"

#include <stdlib.h>

typedef struct DepWalk {
    Facts *f;
    bool *dep; /* by Sym index: the name's value depends on an unknown */
    int *site_of; /* statement id -> site index */
    bool syncs_potential; /* some sync runs or not by an unknown */
} DepWalk;

static bool expr_depends(const DepWalk *w, const Expr *e)
{
    if (!e)
        return false;
    switch ((ExprKind)e->kind) {
    case E_VAR:
        return e->u.var.sym && w->dep[e->u.var.sym->index];
    case E_NUM:
    case E_BOOL:
    case E_DISTINCT:
        return false;
    case E_UNARY:
    case E_POW2:
        return expr_depends(w, e->u.sub.a);
    case E_BINARY:
        return expr_depends(w, e->u.sub.a) || expr_depends(w, e->u.sub.b);
    case E_COND:
        return expr_depends(w, e->u.sub.a) || expr_depends(w, e->u.sub.b) || expr_depends(w, e->u.sub.c);
    }
    return true; /* a kind this walk does not know: not definite */
}

/* rd|wr|atomic A[i] (into x, ticket t): its cell, whether it runs, and
 * (a write's) the value that decides whether a write-write pair is benign. */
static void access_depends(DepWalk *w, const Stmt *s, bool cond)
{
    bool pot = cond || expr_depends(w, s->u.access.value);
    for (int d = 0; d < s->u.access.nindex; d++)
        pot |= expr_depends(w, s->u.access.index[d]);
    if (access_is_bytes(s))
        pot |= expr_depends(w, s->u.access.byte_off) || expr_depends(w, s->u.access.byte_width);
    w->f->site_potential[w->site_of[s->id]] = pot;
    if (s->u.access.into) /* a value read from memory is not known */
        w->dep[s->u.access.into->u.var.sym->index] = true;
    if (s->u.access.ticket)
        w->dep[s->u.access.ticket->u.var.sym->index] = true;
}

/* cond: an enclosing condition, loop range or earlier precondition
 * depends on an unknown. */
static void block_depends(DepWalk *w, const Block *b, bool cond)
{
    for (int i = 0; i < b->n; i++) {
        const Stmt *s = b->items[i];
        switch ((StmtKind)s->kind) {
        case S_ACCESS:
            access_depends(w, s, cond);
            break;
        case S_SYNC:
            if (s->u.sync.into)
                w->dep[s->u.sync.into->u.var.sym->index] = true;
            w->f->sync_potential[s->id] = cond;
            w->syncs_potential |= cond;
            break;
        case S_IF: {
            bool c = cond || expr_depends(w, s->u.if_.cond);
            block_depends(w, &s->u.if_.then, c);
            block_depends(w, &s->u.if_.els, c);
            break;
        }
        case S_LOOP: {
            bool d = expr_depends(w, s->u.loop.init) || expr_depends(w, s->u.loop.bound) ||
                     expr_depends(w, s->u.loop.amount);
            w->dep[s->u.loop.var->u.var.sym->index] = d;
            block_depends(w, &s->u.loop.body, cond || d);
            break;
        }
        case S_LET:
            w->dep[s->u.let.var->u.var.sym->index] = expr_depends(w, s->u.let.value);
            break;
        case S_LOCAL:
            w->dep[s->u.local.var->u.var.sym->index] = true;
            break;
        case S_ASSUME: /* the threads or paths it admits hinge on the unknown */
            cond |= expr_depends(w, s->u.assume.cond);
            break;
        case S_OPAQUE:
            break;
        }
    }
}

/* Does s hold a sync that runs or not by an unknown? */
static bool holds_potential_sync(const DepWalk *w, const Stmt *s);

static bool block_holds_potential_sync(const DepWalk *w, const Block *b)
{
    for (int i = 0; i < b->n; i++)
        if (holds_potential_sync(w, b->items[i]))
            return true;
    return false;
}

static bool holds_potential_sync(const DepWalk *w, const Stmt *s)
{
    switch ((StmtKind)s->kind) {
    case S_SYNC: return w->f->sync_potential[s->id];
    case S_IF: return block_holds_potential_sync(w, &s->u.if_.then) || block_holds_potential_sync(w, &s->u.if_.els);
    case S_LOOP: return block_holds_potential_sync(w, &s->u.loop.body);
    default: return false;
    }
}

static void sites_potential(DepWalk *w, const Stmt *s);

static void block_sites_potential(DepWalk *w, const Block *b)
{
    for (int i = 0; i < b->n; i++)
        sites_potential(w, b->items[i]);
}

/* Every access in s is potential. */
static void sites_potential(DepWalk *w, const Stmt *s)
{
    if (s->kind == S_ACCESS) {
        w->f->site_potential[w->site_of[s->id]] = true;
    } else if (s->kind == S_IF) {
        block_sites_potential(w, &s->u.if_.then);
        block_sites_potential(w, &s->u.if_.els);
    } else if (s->kind == S_LOOP) {
        block_sites_potential(w, &s->u.loop.body);
    }
}

/* A barrier an unknown decides on moves the edges of the intervals after
 * it: an access from such a barrier on (a statement holding one counts
 * whole: a loop's next iteration, the other branch) is potential; those
 * before it are not. */
static void after_potential_syncs(DepWalk *w, const Block *b)
{
    bool met = false;
    for (int i = 0; i < b->n; i++) {
        met = met || holds_potential_sync(w, b->items[i]);
        if (met)
            sites_potential(w, b->items[i]);
    }
}

void facts_note_dependence(Facts *f)
{
    Kernel *k = f->kernel;
    DepWalk w = {f, xcalloc((size_t)k->nsyms + 1, sizeof(bool)), xcalloc((size_t)f->nstmts + 1, sizeof(int)),
                 false};
    f->site_potential = xcalloc((size_t)f->nsites + 1, sizeof *f->site_potential);
    f->sync_potential = xcalloc((size_t)f->nstmts + 1, sizeof *f->sync_potential);
    for (int i = 0; i < f->nsites; i++)
        w.site_of[f->sites[i].stmt->id] = i;
    /* per-thread constants outside the thread's id are unknowns too */
    for (int i = 0; i < k->nsyms; i++)
        w.dep[i] = k->syms[i]->kind == SYM_UNKNOWN || (k->syms[i]->kind == SYM_LOCAL && !f->identity[i]);
    block_depends(&w, &k->body, false);
    if (w.syncs_potential)
        after_potential_syncs(&w, &k->body);
    free(w.dep);
    free(w.site_of);
}
