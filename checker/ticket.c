/* Unique slots from atomics: which tickets draw distinct values (see
 * ticket.h; the constraint that says so is race_query.c's). */
#include "ticket.h"

#include <stdint.h>
#include <stdlib.h>

int ticket_direction(const Stmt *s)
{
    const Expr *k = s->u.access.amount;
    if (expr_is_natural(k))
        return 1;
    if (ticket_counts_down(k) && expr_is_natural(k->u.sub.a))
        return -1;
    return 0;
}

/* Is a ticket on this array in scope at the site? */
static bool ticket_in_scope(const Site *site, const Sym *array)
{
    for (int i = 0; i < site->nscope; i++) {
        const Stmt *def = site->scope[i]->kind == SYM_UNKNOWN ? site->scope[i]->def : NULL;
        if (def && def->kind == S_ACCESS && def->u.access.ticket && def->u.access.array->u.var.sym == array)
            return true;
    }
    return false;
}

/* A write that sets a shared counter anew (`if (tid == 0) n = 0;` before a
 * barrier) where none of its tickets is in scope starts a new run of
 * draws: the slots of the earlier run are out of scope, so no access can
 * use one of each.  Such a write races with the draws themselves unless a
 * barrier separates them, and that race is reported on the counter.  A
 * global counter has no such barrier across blocks. */
static bool restarts_counter(const Site *site)
{
    return site->array->array->mem == MEM_SHARED && !ticket_in_scope(site, site->array);
}

/* The first statement that keeps the array's counter from moving one way
 * only: a write that is no ticket (but a restart), or a ticket whose
 * amount has no known sign or the other sign.  NULL when there is none. */
static const Stmt *counter_breaker(const Facts *f, const Sym *array)
{
    int dir = 0;
    for (int i = 0; i < f->nsites; i++) {
        const Stmt *s = f->sites[i].stmt;
        if (f->sites[i].array != array || (!access_writes(s) && !s->u.access.ticket))
            continue;
        if (!s->u.access.ticket && s->u.access.mode == ACC_WR && restarts_counter(&f->sites[i]))
            continue;
        int d = s->u.access.ticket ? ticket_direction(s) : 0;
        if (d == 0 || (dir && d != dir))
            return s;
        dir = d;
    }
    return NULL;
}

/* ---- the bound of a block's counter ---- */

/* `threadIdx.x == 0` (any axis, either side), `true`, or a conjunction of
 * them: a condition that some thread of every block meets. */
static bool met_in_every_block(const Expr *e)
{
    if (e->kind == E_BOOL)
        return e->u.boolean;
    if (e->kind != E_BINARY)
        return false;
    if (e->op == OP_AND)
        return met_in_every_block(e->u.sub.a) && met_in_every_block(e->u.sub.b);
    if (e->op != OP_EQ)
        return false;
    const Expr *v = e->u.sub.a->kind == E_VAR ? e->u.sub.a : e->u.sub.b;
    const Expr *n = v == e->u.sub.a ? e->u.sub.b : e->u.sub.a;
    int64_t zero;
    return v->kind == E_VAR && !v->thread && v->u.var.sym && v->u.var.sym->builtin == BI_THREADIDX &&
           expr_constant(n, &zero) && zero == 0;
}

/* Does every block run s (some thread of it), once per run of the kernel:
 * under no loop, and only in the `then` arms of ifs that some thread of
 * every block enters? */
static bool once_in_every_block(const Facts *f, const Stmt *s)
{
    /* from s outward: each enclosing statement is an if whose `then` arm
     * holds the one inside it (the parent table, as facts_ancestors reads
     * it: facts.c calls into this file, so not the other way round) */
    const Stmt *inner = s;
    for (int p = f->parent[s->id]; p >= 0; p = f->parent[p]) {
        const Stmt *anc = f->stmt[p];
        if (anc->kind != S_IF || f->block[inner->id] != &anc->u.if_.then || !met_in_every_block(anc->u.if_.cond))
            return false;
        inner = anc;
    }
    return true;
}

/* Does a thread run s at most once per run of the kernel (no loop around it)? */
static bool at_most_once(const Facts *f, const Stmt *s)
{
    for (int p = f->parent[s->id]; p >= 0; p = f->parent[p])
        if (f->stmt[p]->kind == S_LOOP)
            return false;
    return true;
}

/* The most a thread of a block can move a shared scalar counter by in one
 * run, when the block's draws provably start at 0: its first access (in
 * program order, which is the order a thread runs them, since none is in a
 * loop) is `wr c = 0;` that every block runs, every other write sets it to
 * 0 again, and each ticket is an increment by a constant outside loops.
 * Each thread then draws at most once per ticket, so the counter never
 * exceeds (blockDim.x * blockDim.y * blockDim.z) times the sum of the
 * amounts, and every draw lies below that (docs/language.md 3.7).  0: no
 * bound (a counter in global memory, an index, a loop, an amount not
 * known). */
static int64_t block_draws_per_thread(const Facts *f, const Sym *array)
{
    if (array->array->mem != MEM_SHARED || array->array->has_bytes)
        return 0;
    int64_t total = 0;
    bool first = true;
    for (int i = 0; i < f->nsites; i++) {
        const Stmt *s = f->sites[i].stmt;
        if (f->sites[i].array != array || (!access_writes(s) && !s->u.access.ticket))
            continue;
        int64_t v;
        if (s->u.access.nindex != 0)
            return 0;
        if (s->u.access.ticket) {
            if (first || !at_most_once(f, s) || ticket_direction(s) <= 0 ||
                !expr_constant(s->u.access.amount, &v) || v < 0 || v > (INT64_C(1) << 31))
                return 0;
            total += v;
        } else if (!s->u.access.value || !expr_constant(s->u.access.value, &v) || v != 0 ||
                   (first && !once_in_every_block(f, s)))
            return 0;
        first = false;
    }
    return total;
}

void ticket_facts(Facts *f)
{
    f->ticket_distinct = xcalloc((size_t)f->nstmts + 1, sizeof *f->ticket_distinct);
    f->ticket_cap = xcalloc((size_t)f->nstmts + 1, sizeof *f->ticket_cap);
    for (int i = 0; i < f->nsites; i++) {
        const Stmt *s = f->sites[i].stmt;
        if (s->u.access.ticket && !counter_breaker(f, f->sites[i].array)) {
            f->ticket_distinct[s->id] = f->has_tickets = true;
            f->ticket_cap[s->id] = block_draws_per_thread(f, f->sites[i].array);
        }
    }
}

void ticket_warnings(const Facts *f, Diag *d)
{
    for (int i = 0; i < f->nsites; i++) {
        const Stmt *s = f->sites[i].stmt;
        if (!s->u.access.ticket || f->ticket_distinct[s->id])
            continue;
        bool first = true; /* one warning per counter: at its first ticket */
        for (int j = 0; j < i && first; j++)
            first = !(f->sites[j].array == f->sites[i].array && f->sites[j].stmt->u.access.ticket);
        if (!first)
            continue;
        const Stmt *why = counter_breaker(f, f->sites[i].array);
        const char *name = f->sites[i].array->name;
        diag_at(d, SEV_WARNING, s->loc, "the slots drawn from '%s' are not taken as distinct: its counter does not "
                                        "move one way only", name);
        if (why->u.access.ticket)
            diag_at(d, SEV_NOTE, why->loc, "this ticket's amount has %s sign", ticket_direction(why) ? "the other"
                                                                                                     : "no known");
        else
            diag_at(d, SEV_NOTE, why->loc, "'%s' is also %s here", name,
                    why->u.access.mode == ACC_ATOMIC ? "updated by an atomic that is no ticket" : "written");
    }
}
