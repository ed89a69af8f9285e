/* Splitting aligned protocols into symbolic traces and encoding them
 * ([CAV21 Fig. 4] and Example 2): each phase from align.c is a trace
 * "var t1; var t2; h1; h2" whose binders are the phase's loop terms, and
 * one query per array asks for two distinct threads that access one cell in
 * one phase, at least one writing, not both atomically.  Threads of two
 * blocks (global arrays) are never ordered by sync: that part needs no
 * phases and is asked separately. */
#include "check.h"

#include "align.h"
#include "race_query.h"
#include "tiles.h"
#include "witness.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct Traces {
    Enc *e;
    const Sym *array;
    Candidate *c[2];
    Path *paths[2];
    int *phase_of; /* candidate -> phase */
    int n;
    RaceTerms terms;
} Traces;

static void traces_init(Traces *t, Enc *e, const Sym *array, const Phases *ph, bool by_phase)
{
    memset(t, 0, sizeof *t);
    t->e = e;
    t->array = array;
    int max = 0;
    for (int i = 0; i < ph->n; i++)
        max += ph->items[i].n;
    max = max > e->f->nsites ? max : e->f->nsites;
    for (int th = 0; th < 2; th++) {
        t->c[th] = xcalloc((size_t)max + 1, sizeof *t->c[th]);
        t->paths[th] = xcalloc((size_t)max + 1, sizeof *t->paths[th]);
    }
    t->phase_of = xcalloc((size_t)max + 1, sizeof *t->phase_of);
    if (by_phase) {
        for (int i = 0; i < ph->n; i++) {
            for (int k = 0; k < ph->items[i].n; k++) {
                const Copy *cp = &ph->items[i].copies[k];
                if (cp->site->array != array)
                    continue;
                for (int th = 0; th < 2; th++) {
                    t->paths[th][t->n] = enc_path(e, cp->site->stmt, th + 1, cp->subst);
                    t->c[th][t->n] = (Candidate){cp->site, &t->paths[th][t->n], t->n};
                }
                t->phase_of[t->n++] = i;
            }
        }
    } else {
        for (int i = 0; i < e->f->nsites; i++) {
            if (e->f->sites[i].array != array)
                continue;
            for (int th = 0; th < 2; th++) {
                t->paths[th][t->n] = enc_path(e, e->f->sites[i].stmt, th + 1, NULL);
                t->c[th][t->n] = (Candidate){&e->f->sites[i], &t->paths[th][t->n], t->n};
            }
            t->n++;
        }
    }
    race_terms_init(e, &t->terms, array->array->ndims > 0 ? array->array->ndims : 0);
}

static void traces_free(Traces *t)
{
    for (int th = 0; th < 2; th++) {
        for (int i = 0; i < t->n; i++)
            path_free(&t->paths[th][i]);
        free(t->paths[th]);
        free(t->c[th]);
    }
    free(t->phase_of);
    race_terms_free(&t->terms);
}

/* Both threads in one phase, under the phase's conditions. */
static Z3_ast same_phase(Traces *t, const Phases *ph)
{
    Enc *e = t->e;
    Smt *s = e->smt;
    SmtList any = {0};
    for (int p = 0; p < ph->n; p++) {
        SmtList in1 = {0}, in2 = {0};
        for (int i = 0; i < t->n; i++) {
            if (t->phase_of[i] != p)
                continue;
            smt_list_add(&in1, smt_eq(s, t->terms.sel[0], smt_int(s, i)));
            smt_list_add(&in2, smt_eq(s, t->terms.sel[1], smt_int(s, i)));
        }
        if (in1.n) {
            Z3_ast parts[3] = {ph->items[p].guard, smt_or(s, in1.n, in1.items), smt_or(s, in2.n, in2.items)};
            smt_list_add(&any, smt_and(s, 3, parts));
        }
        smt_list_free(&in1);
        smt_list_free(&in2);
    }
    Z3_ast r = smt_or(s, any.n, any.items);
    smt_list_free(&any);
    return r;
}

static void record(Traces *t, Z3_model m, KernelResult *r, bool cross_block)
{
    Enc *e = t->e;
    int64_t i = -1, j = -1;
    smt_eval(e->smt, m, t->terms.sel[0], &i);
    smt_eval(e->smt, m, t->terms.sel[1], &j);
    if (i < 0 || j < 0 || i >= t->n || j >= t->n)
        return;
    Witness *w = result_add_race(r);
    witness_race(e, m, w, t->c[0][i].site, &t->paths[0][i], t->c[1][j].site, &t->paths[1][j],
                 t->terms.idx[0], t->terms.ndims, cross_block);
}

/* A benign pair (both threads write one value to one cell) where a race
 * would be, as the kernel's note.  Only a note: a solver that gives up
 * leaves it out. */
static void note_benign(Traces *t, Z3_ast f, KernelResult *r)
{
    Enc *e = t->e;
    Z3_model m = NULL;
    if (solve(e->solver, f, &m) == SMT_SAT && m) {
        int64_t i = -1, value = 0;
        smt_eval(e->smt, m, t->terms.sel[0], &i);
        smt_eval(e->smt, m, t->terms.val[0], &value);
        int64_t index[t->terms.ndims + 1];
        for (int d = 0; d < t->terms.ndims; d++) {
            index[d] = 0;
            smt_eval(e->smt, m, t->terms.idx[0][d], &index[d]);
        }
        const Sym *array = t->array;
        Loc loc = i >= 0 && i < t->n ? t->c[0][i].site->stmt->loc : array->loc;
        result_add_benign(r, loc, array->name, index, t->terms.ndims, value);
    }
    smt_model_free(e->smt, m);
}

/* One query: races of this array within a phase (or across blocks). */
static bool query(Enc *e, const Sym *array, const Phases *ph, Z3_ast base, bool cross_block,
                  KernelResult *r)
{
    Smt *s = e->smt;
    Traces t;
    traces_init(&t, e, array, ph, !cross_block);
    bool sym = !e->f->asymmetric;
    /* aligned phases cut at every sync: right for two threads of one
     * smallest tile (align_races asks about the others apart) */
    Z3_ast same_block = e->f->ntiles ? enc_same_tile(e, e->f->tiles[0]) : enc_same_block(e);
    Z3_ast parts[7] = {base,
                       enc_distinct(e),
                       race_choice(e, &t.terms, 1, t.c[0], t.n, sym),
                       race_choice(e, &t.terms, 2, t.c[1], t.n, false),
                       race_conflict_values(e, &t.terms, t.c[0], t.n, t.c[1], t.n, false),
                       cross_block ? smt_not(s, enc_same_block(e)) : same_block,
                       cross_block ? s->t : same_phase(&t, ph)};
    Z3_ast f = smt_and(s, 7, parts);
    SmtList small = {0};
    enc_witness_terms(e, &small);
    bool decided = true;
    for (int rounds = 0;; rounds++) {
        Z3_model m;
        SmtAnswer a = solve_small(e->solver, f, small.items, small.n, &m);
        decided = a != SMT_UNKNOWN;
        if (a != SMT_SAT)
            break;
        int64_t i = -1, j = -1;
        int before = r->nraces;
        if (m) {
            smt_eval(s, m, t.terms.sel[0], &i);
            smt_eval(s, m, t.terms.sel[1], &j);
            record(&t, m, r, cross_block);
        }
        smt_model_free(s, m);
        if (r->nraces == before) {
            decided = false; /* a race exists but its model was lost: never say DRF */
            break;
        }
        if (!e->cfg->all || i < 0 || j < 0)
            break;
        /* --all: no other copy of the same pair of sites */
        SmtList same = {0};
        for (int a1 = 0; a1 < t.n; a1++)
            for (int b1 = 0; b1 < t.n; b1++)
                if ((t.c[0][a1].site == t.c[0][i].site && t.c[1][b1].site == t.c[1][j].site) ||
                    (t.c[0][a1].site == t.c[1][j].site && t.c[1][b1].site == t.c[0][i].site))
                    smt_list_add(&same, smt_and2(s, smt_eq(s, t.terms.sel[0], smt_int(s, a1)),
                                                 smt_eq(s, t.terms.sel[1], smt_int(s, b1))));
        f = smt_and2(s, f, smt_not(s, smt_or(s, same.n, same.items)));
        smt_list_free(&same);
    }
    smt_list_free(&small);
    if (!e->cfg->strict_writes && race_has_values(t.c[0], t.n)) {
        parts[4] = race_conflict_values(e, &t.terms, t.c[0], t.n, t.c[1], t.n, true);
        note_benign(&t, smt_and(s, 7, parts), r);
    }
    traces_free(&t);
    return decided;
}

/* The kernel cut into phases by the syncs whose fence flags cover space m
 * (dsl/fence.h): one aligning per space, only when some sync has flags. */
static Phases align_space(Enc *e, int m)
{
    e->ordering = enc_ordering_for(e, (MemSpace)m);
    Phases ph = align_kernel(e);
    e->ordering = 0;
    return ph;
}

void align_races(Enc *e, KernelResult *r)
{
    int nspaces = e->f->fenced ? 2 : 1;
    Phases phs[2];
    e->smt->phase = "aligning";
    for (int m = 0; m < nspaces; m++)
        phs[m] = align_space(e, m);
    e->smt->phase = "encoding";
    for (int m = 0; m < nspaces; m++)
        if (phs[m].unsupported) {
            result_set_message(r, V_UNKNOWN, phs[m].where, "%s", phs[m].why);
            for (int k = 0; k < nspaces; k++)
                phases_free(&phs[k]);
            return;
        }
    Z3_ast base = enc_base(e);
    for (int i = 0; i < e->k->nsyms; i++) {
        const Sym *a = e->k->syms[i];
        if (a->kind != SYM_ARRAY || !facts_array_written(e->f, a))
            continue;
        if (e->cfg->array && strcmp(e->cfg->array, a->name) != 0)
            continue;
        int m = e->f->fenced ? (int)a->array->mem : 0;
        Phases *ph = &phs[m];
        e->ordering = enc_ordering_for(e, (MemSpace)m);
        int before = r->nraces;
        bool decided = query(e, a, ph, base, false, r);
        if (e->f->ntiles && (r->nraces == before || e->cfg->all))
            decided = interval_races_other_tiles(e, a, base, r) && decided;
        /* between blocks only grid syncs order accesses: their phases are
         * the interval engine's formula over grid syncs (aligning is about
         * the block's syncs) */
        if (enc_across_blocks(e, a) && (r->nraces == before || e->cfg->all))
            decided = (e->f->ngrid_syncs ? interval_races_across_blocks(e, a, base, r)
                                         : query(e, a, ph, base, true, r)) && decided;
        if (!decided && r->verdict != V_RACY) {
            char what[300];
            snprintf(what, sizeof what, "races on array '%s'", a->name);
            result_set_undecided(r, a->loc, what, smt_expired_while(e->smt),
                                 e->smt->failed ? e->smt->error : NULL);
        }
        e->ordering = 0;
    }
    for (int m = 0; m < nspaces; m++)
        phases_free(&phs[m]);
}
