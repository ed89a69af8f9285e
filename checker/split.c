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
    RaceSites sites; /* the candidate's id is its index */
    int *phase_of;   /* candidate -> phase */
} Traces;

static void traces_init(Traces *t, Enc *e, const Sym *array, const Phases *ph, bool by_phase)
{
    memset(t, 0, sizeof *t);
    t->e = e;
    int max = 0;
    for (int i = 0; i < ph->n; i++)
        max += ph->items[i].n;
    max = max > e->f->nsites ? max : e->f->nsites;
    race_sites_init(&t->sites, array, max);
    t->phase_of = xcalloc((size_t)max + 1, sizeof *t->phase_of);
    if (by_phase) {
        for (int i = 0; i < ph->n; i++) {
            for (int k = 0; k < ph->items[i].n; k++) {
                const Copy *cp = &ph->items[i].copies[k];
                if (cp->site->array != array)
                    continue;
                t->phase_of[t->sites.n] = i;
                race_sites_add(e, &t->sites, cp->site, cp->subst, t->sites.n);
            }
        }
    } else {
        for (int i = 0; i < e->f->nsites; i++)
            if (e->f->sites[i].array == array)
                race_sites_add(e, &t->sites, &e->f->sites[i], NULL, t->sites.n);
    }
    race_sites_terms(e, &t->sites);
}

static void traces_free(Traces *t)
{
    free(t->phase_of);
    race_sites_free(&t->sites);
}

/* Both threads in one phase, under the phase's conditions. */
static Z3_ast same_phase(Traces *t, const Phases *ph)
{
    Enc *e = t->e;
    Smt *s = e->smt;
    SmtList any = {0};
    for (int p = 0; p < ph->n; p++) {
        SmtList in1 = {0}, in2 = {0};
        for (int i = 0; i < t->sites.n; i++) {
            if (t->phase_of[i] != p)
                continue;
            smt_list_add(&in1, smt_eq(s, t->sites.terms.sel[0], smt_int(s, i)));
            smt_list_add(&in2, smt_eq(s, t->sites.terms.sel[1], smt_int(s, i)));
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
    smt_eval(e->smt, m, t->sites.terms.sel[0], &i);
    smt_eval(e->smt, m, t->sites.terms.sel[1], &j);
    int a = race_sites_find(&t->sites, i), b = race_sites_find(&t->sites, j);
    if (a >= 0 && b >= 0)
        race_record(e, &t->sites, m, a, b, cross_block, r);
}

/* A benign pair (both threads write one value to one cell) where a race
 * would be, as the kernel's note.  Only a note: a solver that gives up
 * leaves it out. */
static void note_benign(Traces *t, Z3_ast f, KernelResult *r)
{
    Enc *e = t->e;
    Z3_model m = NULL;
    if (solve(e->solver, f, &m) == SMT_SAT && m)
        race_record_benign(e, &t->sites, m, r);
    smt_model_free(e->smt, m);
}

/* --all: no other copy of the pair of sites that T1 picked at candidate i
 * and T2 at j. */
static Z3_ast other_copies(const Traces *t, int64_t i, int64_t j)
{
    Smt *s = t->e->smt;
    const Candidate *c1 = t->sites.c[0], *c2 = t->sites.c[1];
    const Z3_ast *sel = t->sites.terms.sel;
    SmtList same = {0};
    for (int a = 0; a < t->sites.n; a++)
        for (int b = 0; b < t->sites.n; b++)
            if ((c1[a].site == c1[i].site && c2[b].site == c2[j].site) ||
                (c1[a].site == c2[j].site && c2[b].site == c1[i].site))
                smt_list_add(&same, smt_and2(s, smt_eq(s, sel[0], smt_int(s, a)), smt_eq(s, sel[1], smt_int(s, b))));
    Z3_ast r = smt_not(s, smt_or(s, same.n, same.items));
    smt_list_free(&same);
    return r;
}

/* One query: races of this array within a phase (or across blocks). */
static bool query(Enc *e, const Sym *array, const Phases *ph, Z3_ast base, bool cross_block,
                  KernelResult *r)
{
    Smt *s = e->smt;
    Traces t;
    traces_init(&t, e, array, ph, !cross_block);
    /* aligned phases cut at every sync: right for two threads of one
     * smallest tile (align_races asks about the others apart) */
    Z3_ast same_block = e->f->ntiles ? enc_same_tile(e, e->f->tiles[0]) : enc_same_block(e);
    enum { NPARTS = RACE_CONJUNCTS + 2 };
    Z3_ast parts[NPARTS];
    race_conjuncts(e, &t.sites, base, false, parts);
    parts[RACE_CONJUNCTS] = cross_block ? smt_not(s, enc_same_block(e)) : same_block;
    parts[RACE_CONJUNCTS + 1] = cross_block ? s->t : same_phase(&t, ph);
    Z3_ast f = smt_and(s, NPARTS, parts);
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
            smt_eval(s, m, t.sites.terms.sel[0], &i);
            smt_eval(s, m, t.sites.terms.sel[1], &j);
            record(&t, m, r, cross_block);
        }
        smt_model_free(s, m);
        if (r->nraces == before) {
            decided = false; /* a race exists but its model was lost: never say DRF */
            break;
        }
        if (!e->cfg->all || i < 0 || j < 0)
            break;
        f = smt_and2(s, f, other_copies(&t, i, j));
    }
    smt_list_free(&small);
    if (!e->cfg->strict_writes && race_has_values(t.sites.c[0], t.sites.n)) {
        parts[RACE_CONFLICT] = race_conflict_values(e, &t.sites.terms, t.sites.c[0], t.sites.n, t.sites.c[1],
                                                    t.sites.n, true);
        note_benign(&t, smt_and(s, NPARTS, parts), r);
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
