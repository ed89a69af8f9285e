/* Unique slots from atomics: which tickets draw distinct values (see
 * ticket.h; the constraint that says so is race_query.c's). */
#include "ticket.h"

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
        if (f->sites[i].array != array || (s->u.access.mode == ACC_RD && !s->u.access.ticket))
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

void ticket_facts(Facts *f)
{
    f->ticket_distinct = xcalloc((size_t)f->nstmts + 1, sizeof *f->ticket_distinct);
    for (int i = 0; i < f->nsites; i++) {
        const Stmt *s = f->sites[i].stmt;
        if (s->u.access.ticket && !counter_breaker(f, f->sites[i].array))
            f->ticket_distinct[s->id] = f->has_tickets = true;
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
