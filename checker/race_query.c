/* The race condition of Example 2 ([CAV21 Sec. 5]): each thread picks one
 * access among candidates, and the two picks conflict on one cell (see
 * race_query.h). */
#include "race_query.h"

#include "encode_int.h"
#include "groups.h"
#include "ticket.h"
#include "witness.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define CTX (e->smt->ctx)

void race_terms_init(Enc *e, RaceTerms *t, int ndims)
{
    char name[32];
    t->ndims = ndims;
    t->bytes = false;
    for (int th = 0; th < 2; th++) {
        snprintf(name, sizeof name, "site$%d", th + 1);
        t->sel[th] = smt_const(e->smt, name, false);
        t->idx[th] = xcalloc((size_t)ndims + 1, sizeof *t->idx[th]);
        for (int d = 0; d < ndims; d++) {
            snprintf(name, sizeof name, "idx%d$%d", d, th + 1);
            t->idx[th][d] = smt_const(e->smt, name, false);
        }
        snprintf(name, sizeof name, "val$%d", th + 1);
        t->val[th] = smt_const(e->smt, name, false);
        snprintf(name, sizeof name, "valued$%d", th + 1);
        t->valued[th] = smt_const(e->smt, name, true);
    }
    for (int d = 0; d < ndims; d++)
        lemmas_note_cell(e->noted, t->idx[0][d], t->idx[1][d]);
}

/* The terms of a byte-range query: the range [lo, hi) each thread picks. */
static void race_terms_bytes(Enc *e, RaceTerms *t)
{
    race_terms_init(e, t, 2);
    t->bytes = true;
    for (int th = 0; th < 2; th++)
        for (int d = 0; d < 2; d++) {
            char name[32];
            snprintf(name, sizeof name, "%s$%d", d ? "hi" : "lo", th + 1);
            t->idx[th][d] = smt_const(e->smt, name, false);
        }
}

/* The written value of the candidate, when it carries one: valued holds
 * exactly when no unknown (x / 0, ...) is involved. */
static void add_written_value(Enc *e, const RaceTerms *t, int thread, const Candidate *c, SiteChoice *out)
{
    Smt *s = e->smt;
    const Expr *v = c->site->stmt->u.access.value;
    if (!v) {
        out->rest[out->nrest++] = smt_not(s, t->valued[thread - 1]);
        return;
    }
    SmtList when = {0};
    e->unknown_when = &when;
    out->rest[out->nrest++] = smt_eq(s, t->val[thread - 1], enc_int(e, v, &c->path->env));
    e->unknown_when = NULL;
    Z3_ast known = when.n ? smt_not(s, smt_or(s, when.n, when.items)) : s->t;
    smt_list_free(&when);
    out->rest[out->nrest++] = smt_eq(s, t->valued[thread - 1], known);
}

void race_terms_free(RaceTerms *t)
{
    free(t->idx[0]);
    free(t->idx[1]);
}

static Z3_ast picks(Enc *e, const RaceTerms *t, int thread, const Candidate *c)
{
    return smt_eq(e->smt, t->sel[thread - 1], smt_int(e->smt, c->id));
}

Z3_ast race_choice(Enc *e, const RaceTerms *t, int thread, const Candidate *c, int n, bool writers_only)
{
    Smt *s = e->smt;
    /* arrays without written values leave the value terms out: they cost
     * the solver time even when unconstrained */
    bool values = race_has_values(c, n);
    SiteChoice *choice = xcalloc((size_t)n + 1, sizeof *choice);
    Z3_ast *idx = xcalloc((size_t)n * (size_t)t->ndims + 1, sizeof *idx);
    Z3_ast *eq = xcalloc((size_t)n * (size_t)t->ndims + 1, sizeof *eq);
    int k = 0;
    for (int i = 0; i < n; i++) {
        const Stmt *st = c[i].site->stmt;
        if (writers_only && !access_writes(st))
            continue;
        SiteChoice *one = &choice[k++];
        size_t at = (size_t)(k - 1) * (size_t)t->ndims;
        *one = (SiteChoice){picks(e, t, thread, &c[i]), c[i].path->guards, c[i].path->assumes,
                            idx + at, eq + at, {0}, 0};
        /* where the index needs an unknown value (x / 0, a shift beyond
         * the exact cases, bits beyond 64), the witness says potential */
        SmtList when = {0};
        e->unknown_when = &when;
        if (t->bytes)
            enc_byte_range(e, st, &c[i].path->env, &one->idx[0], &one->idx[1]);
        for (int d = 0; d < t->ndims; d++) {
            if (!t->bytes)
                one->idx[d] = enc_int(e, st->u.access.index[d], &c[i].path->env);
            one->eq[d] = smt_eq(s, t->idx[thread - 1][d], one->idx[d]);
        }
        e->unknown_when = NULL;
        if (when.n) {
            Z3_ast any = smt_or(s, when.n, when.items);
            c[i].path->unknown_index = c[i].path->unknown_index ? smt_or2(s, c[i].path->unknown_index, any) : any;
        }
        smt_list_free(&when);
        if (values)
            add_written_value(e, t, thread, &c[i], one);
    }
    Z3_ast r = e->merge_sites ? groups_choice(s, choice, k, t->idx[thread - 1], t->ndims, thread, &e->merged)
                                : groups_each_site(s, choice, k, t->ndims);
    free(choice);
    free(idx);
    free(eq);
    return r;
}

static bool is_atomic(const Site *s, void *ctx)
{
    (void)ctx;
    return s->stmt->u.access.mode == ACC_ATOMIC;
}

Z3_ast race_picked(Enc *e, const RaceTerms *t, int thread, const Candidate *c, int n,
                  bool (*keep)(const Site *, void *), void *ctx)
{
    SmtList any = {0};
    for (int i = 0; i < n; i++)
        if (!keep || keep(c[i].site, ctx))
            smt_list_add(&any, picks(e, t, thread, &c[i]));
    Z3_ast r = smt_or(e->smt, any.n, any.items);
    smt_list_free(&any);
    return r;
}

static bool is_block_scoped(const Site *s, void *ctx)
{
    (void)ctx;
    return s->stmt->u.access.mode == ACC_ATOMIC && s->stmt->u.access.scope == SCOPE_BLOCK;
}

static bool is_read(const Site *s, void *ctx)
{
    (void)ctx;
    return !access_writes(s->stmt);
}

/* The first byte both ranges cover lies inside the array, where its
 * size is a constant. */
static Z3_ast bytes_in_bounds(Enc *e, const RaceTerms *t, const ArrayDecl *a)
{
    int64_t total = a->elem_bytes, size;
    for (int d = 0; d < a->ndims; d++) {
        if (!a->sizes[d] || !expr_constant(a->sizes[d], &size) || size <= 0 || total > INT64_MAX / size)
            return e->smt->t;
        total *= size;
    }
    Z3_ast first = smt_ite(e->smt, Z3_mk_ge(CTX, t->idx[0][0], t->idx[1][0]), t->idx[0][0], t->idx[1][0]);
    return Z3_mk_lt(CTX, first, smt_int(e->smt, total));
}

Z3_ast race_in_bounds(Enc *e, const RaceTerms *t, const Sym *array)
{
    Smt *s = e->smt;
    const ArrayDecl *a = array ? array->array : NULL;
    if (t->bytes && a)
        return bytes_in_bounds(e, t, a);
    SmtList all = {0};
    int64_t size;
    for (int d = 0; a && d < t->ndims && d < a->ndims; d++)
        if (a->sizes && a->sizes[d] && expr_constant(a->sizes[d], &size) && size > 0)
            smt_list_add(&all, Z3_mk_lt(CTX, t->idx[0][d], smt_int(s, size)));
    Z3_ast r = smt_and(s, all.n, all.items);
    smt_list_free(&all);
    return r;
}

/* ---- unique slots from atomics (ticket.h) ---- */

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

/* Are a ticket's draws distinct only among the threads of one block?  A
 * block-scoped atomic is atomic only there, and a counter in shared memory
 * is a cell of each block: two blocks draw from two counters, whatever the
 * scope the atomic names (docs/language.md 3.7; `run` keeps one counter
 * per block for both). */
static bool draws_per_block(const Stmt *s)
{
    return s->u.access.scope == SCOPE_BLOCK || s->u.access.array->u.var.sym->array->mem == MEM_SHARED;
}

/* Where the cells of s1 (in T1) and s2 (in T2) are one, the draws are apart. */
static Z3_ast draws_apart(Enc *e, const Stmt *s1, Path *p1, const Stmt *s2, Path *p2)
{
    Smt *s = e->smt;
    SmtList same = {0};
    for (int d = 0; d < s1->u.access.nindex; d++)
        smt_list_add(&same, smt_eq(s, enc_int(e, s1->u.access.index[d], &p1->env),
                                   enc_int(e, s2->u.access.index[d], &p2->env)));
    if (draws_per_block(s1) || draws_per_block(s2))
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

/* The threads of one block, as a term: the product of the block's sizes. */
static Z3_ast threads_per_block(Enc *e, int thread)
{
    Z3_ast dims[3];
    for (int axis = 0; axis < 3; axis++)
        dims[axis] = enc_thread_term(e, thread, BI_BLOCKDIM, axis);
    return Z3_mk_mul(CTX, 3, dims);
}

/* A draw of a counter whose block starts it at 0 lies in [0, cap * threads
 * per block) (ticket.c's bound). */
static Z3_ast draw_bounded(Enc *e, const Stmt *s, Path *p, int thread)
{
    Z3_ast lo, hi;
    draw_range(e, s, enc_unknown(e, s, thread), enc_int(e, s->u.access.amount, &p->env), &lo, &hi);
    Z3_ast most[2] = {smt_int(e->smt, e->f->ticket_cap[s->id]), threads_per_block(e, thread)};
    return smt_and2(e->smt, Z3_mk_ge(CTX, lo, smt_int(e->smt, 0)), Z3_mk_le(CTX, hi, Z3_mk_mul(CTX, 2, most)));
}

/* T1's and T2's draws (the ticket unknowns of each pair of distinct
 * tickets on one counter array) are disjoint where their cells are the
 * same: a constraint of every race query, since T1 and T2 are distinct;
 * built once per Enc. */
static Z3_ast tickets_disjoint(Enc *e)
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
        for (int thread = 1; thread <= 2 && f->ticket_cap[tk[a]->id]; thread++)
            smt_list_add(&all, draw_bounded(e, tk[a], &p[2 * a + thread - 1], thread));
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

/* ---- the conflict ---- */

/* Same cell, in bounds, not two reads, not two atomics (but block-scoped
 * ones across blocks), the tickets' draws apart. */
static Z3_ast race_conflict(Enc *e, const RaceTerms *t, const Candidate *c1, int n1, const Candidate *c2, int n2)
{
    Smt *s = e->smt;
    SmtList all = {0};
    Z3_ast both_read = smt_and2(s, race_picked(e, t, 1, c1, n1, is_read, NULL),
                                race_picked(e, t, 2, c2, n2, is_read, NULL));
    smt_list_add(&all, smt_not(s, both_read));
    if (t->bytes)
        smt_list_add(&all, enc_bytes_overlap(e, t->idx[0][0], t->idx[0][1], t->idx[1][0], t->idx[1][1]));
    else
        for (int d = 0; d < t->ndims; d++)
            smt_list_add(&all, smt_eq(s, t->idx[0][d], t->idx[1][d]));
    smt_list_add(&all, race_in_bounds(e, t, n1 ? c1[0].site->array : NULL));
    /* two atomics do not race unless one is block-scoped and the threads
     * are in different blocks (scoped races) */
    Z3_ast both_atomic = smt_and2(s, race_picked(e, t, 1, c1, n1, is_atomic, NULL),
                                  race_picked(e, t, 2, c2, n2, is_atomic, NULL));
    Z3_ast block_scoped = smt_or2(s, race_picked(e, t, 1, c1, n1, is_block_scoped, NULL),
                                  race_picked(e, t, 2, c2, n2, is_block_scoped, NULL));
    Z3_ast synchronize = smt_or2(s, smt_not(s, block_scoped), enc_same_block(e));
    smt_list_add(&all, smt_not(s, smt_and2(s, both_atomic, synchronize)));
    if (e->f->has_tickets)
        smt_list_add(&all, tickets_disjoint(e));
    Z3_ast r = smt_and(s, all.n, all.items);
    smt_list_free(&all);
    return r;
}

bool race_has_values(const Candidate *c, int n)
{
    for (int i = 0; i < n; i++)
        if (c[i].site->stmt->u.access.value)
            return true;
    return false;
}

Z3_ast race_conflict_values(Enc *e, const RaceTerms *t, const Candidate *c1, int n1, const Candidate *c2,
                           int n2, bool benign)
{
    Smt *s = e->smt;
    Z3_ast conflict = race_conflict(e, t, c1, n1, c2, n2);
    WriteValues w = benign ? WRITES_SAME : e->cfg->strict_writes ? WRITES_ANY : WRITES_DIFFER;
    if (w == WRITES_ANY || !race_has_values(c1, n1) || !race_has_values(c2, n2))
        return w == WRITES_SAME ? s->f : conflict; /* no benign pair without values */
    /* reads and atomics carry no value, so only write-write pairs can be same */
    /* a value is comparable only with a write of the same bytes */
    Z3_ast parts[5] = {t->valued[0], t->valued[1], smt_eq(s, t->val[0], t->val[1])};
    int n = 3;
    if (t->bytes) {
        parts[n++] = smt_eq(s, t->idx[0][0], t->idx[1][0]);
        parts[n++] = smt_eq(s, t->idx[0][1], t->idx[1][1]);
    }
    Z3_ast same = smt_and(s, n, parts);
    return smt_and2(s, conflict, w == WRITES_SAME ? same : smt_not(s, same));
}

/* ---- one race query ---- */

void race_sites_init(RaceSites *q, const Sym *array, int max)
{
    memset(q, 0, sizeof *q);
    q->array = array;
    for (int t = 0; t < 2; t++) {
        q->c[t] = xcalloc((size_t)max + 1, sizeof *q->c[t]);
        q->paths[t] = xcalloc((size_t)max + 1, sizeof *q->paths[t]);
    }
}

void race_sites_add(Enc *e, RaceSites *q, const Site *site, const Z3_ast *forced, int id)
{
    for (int t = 0; t < 2; t++) {
        q->paths[t][q->n] = enc_path(e, site->stmt, t + 1, forced);
        q->c[t][q->n] = (Candidate){site, &q->paths[t][q->n], id};
    }
    q->n++;
}

void race_sites_terms(Enc *e, RaceSites *q)
{
    if (q->array->array->has_bytes) {
        race_terms_bytes(e, &q->terms);
        return;
    }
    race_terms_init(e, &q->terms, q->array->array->ndims > 0 ? q->array->array->ndims : 0);
}

void race_sites_free(RaceSites *q)
{
    for (int t = 0; t < 2; t++) {
        for (int i = 0; i < q->n; i++)
            path_free(&q->paths[t][i]);
        free(q->paths[t]);
        free(q->c[t]);
    }
    race_terms_free(&q->terms);
}

int race_sites_find(const RaceSites *q, int64_t id)
{
    for (int i = 0; i < q->n; i++)
        if (q->c[0][i].id == id)
            return i;
    return -1;
}

void race_conjuncts(Enc *e, const RaceSites *q, Z3_ast base, bool benign, Z3_ast out[RACE_CONJUNCTS])
{
    bool sym = !e->f->asymmetric;
    out[RACE_BASE] = base;
    out[RACE_DISTINCT] = enc_distinct(e);
    out[RACE_PICK1] = race_choice(e, &q->terms, 1, q->c[0], q->n, sym);
    out[RACE_PICK2] = race_choice(e, &q->terms, 2, q->c[1], q->n, false);
    out[RACE_CONFLICT] = race_conflict_values(e, &q->terms, q->c[0], q->n, q->c[1], q->n, benign);
}

void race_record(Enc *e, const RaceSites *q, Z3_model m, int i, int j, bool cross_block, KernelResult *r)
{
    Witness *w = result_add_race(r);
    witness_race(e, m, w, q->c[0][i].site, &q->paths[0][i], q->c[1][j].site, &q->paths[1][j], q->terms.idx[0],
                 q->terms.ndims, cross_block);
    if (q->terms.bytes) {
        int64_t lo1 = 0, lo2 = 0;
        smt_eval(e->smt, m, q->terms.idx[0][0], &lo1);
        smt_eval(e->smt, m, q->terms.idx[1][0], &lo2);
        witness_first_byte(e, m, w, &q->paths[0][i], lo1 > lo2 ? lo1 : lo2);
    }
}

void race_record_benign(Enc *e, const RaceSites *q, Z3_model m, KernelResult *r)
{
    int64_t s1 = -1, value = 0;
    smt_eval(e->smt, m, q->terms.sel[0], &s1);
    smt_eval(e->smt, m, q->terms.val[0], &value);
    int i = race_sites_find(q, s1);
    int64_t index[q->terms.ndims + 1];
    for (int d = 0; d < q->terms.ndims; d++) {
        index[d] = 0;
        smt_eval(e->smt, m, q->terms.idx[0][d], &index[d]);
    }
    Loc loc = i >= 0 ? q->c[0][i].site->stmt->loc : q->array->loc;
    if (q->terms.bytes && i >= 0) { /* the cell of the range's first byte */
        Witness cell = {.array = q->array};
        witness_first_byte(e, m, &cell, &q->paths[0][i], index[0]);
        result_add_benign(r, loc, q->array->name, cell.index, cell.ndims, value);
        witness_free(&cell);
        return;
    }
    result_add_benign(r, loc, q->array->name, index, q->terms.ndims, value);
}
