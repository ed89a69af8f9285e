/* Unique slots from atomics: which tickets draw distinct values, and the
 * constraint that says so.  See ticket.h. */
#include "ticket.h"

#include <stdlib.h>

#define CTX (e->smt->ctx)

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

/* The counter values a draw covers: [lo, hi). */
static void draw_range(Enc *e, const Stmt *s, Z3_ast t, Z3_ast amount, Z3_ast *lo, Z3_ast *hi)
{
    Z3_ast one = smt_int(e->smt, 1);
    if (ticket_direction(s) > 0) {
        Z3_ast sum[2] = {t, amount};
        *lo = t;
        *hi = Z3_mk_add(CTX, 2, sum);
    } else { /* t, t - 1, ..., t + amount + 1 */
        Z3_ast low[3] = {t, amount, one}, high[2] = {t, one};
        *lo = Z3_mk_add(CTX, 3, low);
        *hi = Z3_mk_add(CTX, 2, high);
    }
}

/* Where the cells of s1 (in T1) and s2 (in T2) are one, the draws are apart. */
static Z3_ast draws_apart(Enc *e, const Stmt *s1, Path *p1, const Stmt *s2, Path *p2)
{
    Smt *s = e->smt;
    SmtList same = {0};
    for (int d = 0; d < s1->u.access.nindex; d++)
        smt_list_add(&same, smt_eq(s, enc_int(e, s1->u.access.index[d], &p1->env),
                                   enc_int(e, s2->u.access.index[d], &p2->env)));
    if (s1->u.access.scope == SCOPE_BLOCK || s2->u.access.scope == SCOPE_BLOCK)
        smt_list_add(&same, enc_same_block(e));
    Z3_ast k1 = enc_int(e, s1->u.access.amount, &p1->env), k2 = enc_int(e, s2->u.access.amount, &p2->env);
    Z3_ast lo1, hi1, lo2, hi2;
    draw_range(e, s1, enc_unknown(e, s1, 1), k1, &lo1, &hi1);
    draw_range(e, s2, enc_unknown(e, s2, 2), k2, &lo2, &hi2);
    Z3_ast zero = smt_int(s, 0);
    Z3_ast apart[4] = {smt_eq(s, k1, zero), smt_eq(s, k2, zero), Z3_mk_le(CTX, hi1, lo2), Z3_mk_le(CTX, hi2, lo1)};
    Z3_ast r = smt_implies(s, smt_and(s, same.n, same.items), smt_or(s, 4, apart));
    smt_list_free(&same);
    return r;
}

Z3_ast enc_tickets_disjoint(Enc *e)
{
    if (e->tickets)
        return e->tickets;
    const Facts *f = e->f;
    int n = 0;
    const Stmt **tk = xmalloc(((size_t)f->nsites + 1) * sizeof *tk);
    Path *p = xmalloc(2 * ((size_t)f->nsites + 1) * sizeof *p);
    for (int i = 0; i < f->nsites; i++) {
        const Stmt *s = f->sites[i].stmt;
        if (!f->ticket_distinct[s->id])
            continue;
        tk[n] = s;
        p[2 * n] = enc_path(e, s, 1, NULL);
        p[2 * n + 1] = enc_path(e, s, 2, NULL);
        n++;
    }
    SmtList all = {0};
    for (int a = 0; a < n; a++)
        for (int b = 0; b < n; b++)
            if (tk[a]->u.access.array->u.var.sym == tk[b]->u.access.array->u.var.sym)
                smt_list_add(&all, draws_apart(e, tk[a], &p[2 * a], tk[b], &p[2 * b + 1]));
    e->tickets = smt_and(e->smt, all.n, all.items);
    smt_list_free(&all);
    for (int i = 0; i < 2 * n; i++)
        path_free(&p[i]);
    free(p);
    free(tk);
    return e->tickets;
}
