/* The default engine: races in the same barrier interval without aligning
 * (../shared/notes/same-phase.md; docs/checker.md explains why it is
 * right).  Two access instances of one block's threads are in the same
 * interval iff no sync instance runs between them (enc_same_interval,
 * encode_sync.c), a formula polynomial in the nesting of synchronized
 * loops, where aligning (Fig. 3) doubles the body at each level.  Per
 * array, one race query (race_query.h) asks for two threads whose picked
 * accesses conflict in one pair of regions in the same interval. */
#include "check.h"

#include "race_query.h"
#include "solve_race.h"
#include "tile.h"
#include "tiles.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The shortcut query's budget of work (smt.h): over both corpora the
 * shortcuts that settle need at most 72k units; the ones that do not waste
 * all of it, at as little as 400 units a millisecond (a few xor queries). */
enum { SHORTCUT_UNITS = 100000 };

typedef struct ArrayQuery {
    Enc *e;
    RaceSites sites; /* every site of the array, the candidate's id its site's */
    uint8_t saved_ordering; /* the Enc's, given back by query_free */
} ArrayQuery;

/* ---- one array ---- */

static bool in_region(const Site *s, void *ctx)
{
    return s->region == *(int *)ctx;
}

/* The disjunction over pairs of regions of "T1 in R1, T2 in R2, and same
 * interval", with one representative site per region. */
static Z3_ast interval_constraint(ArrayQuery *q)
{
    Enc *e = q->e;
    Smt *s = e->smt;
    int *rep = xmalloc((size_t)(q->sites.n + 1) * sizeof *rep);
    int nrep = 0;
    for (int i = 0; i < q->sites.n; i++) {
        bool seen = false;
        for (int j = 0; j < nrep; j++)
            seen |= q->sites.c[0][rep[j]].site->region == q->sites.c[0][i].site->region;
        if (!seen)
            rep[nrep++] = i;
    }
    SmtList any = {0};
    /* quadratic in the regions: thousands of barrier intervals take long
     * enough to need the deadline (a cut formula is never solved: every
     * check after the deadline answers unknown) */
    for (int a = 0; a < nrep && !smt_out_of_time(s); a++) {
        for (int b = 0; b < nrep && !smt_out_of_time(s); b++) {
            Z3_ast ic = enc_same_interval(e, &q->sites.paths[0][rep[a]], &q->sites.paths[1][rep[b]]);
            if (smt_is_false(s, ic))
                continue;
            int ra = q->sites.c[0][rep[a]].site->region, rb = q->sites.c[1][rep[b]].site->region;
            Z3_ast parts[3] = {race_picked(e, &q->sites.terms, 1, q->sites.c[0], q->sites.n, in_region, &ra),
                               race_picked(e, &q->sites.terms, 2, q->sites.c[1], q->sites.n, in_region, &rb), ic};
            smt_list_add(&any, smt_and(s, 3, parts));
        }
    }
    Z3_ast r = smt_or(s, any.n, any.items);
    smt_list_free(&any);
    free(rep);
    return r;
}

/* Two threads of different blocks: ordered only by `sync grid;`.  Without
 * one, any two instances may meet; with some, they must be in the same
 * grid phase: the same formula as for a block, counting grid syncs only
 * (they are uniform across the grid: wellformed.c). */
static Z3_ast grid_phase_constraint(ArrayQuery *q)
{
    if (q->e->f->ngrid_syncs == 0)
        return q->e->smt->t;
    q->e->grid_only = true;
    Z3_ast r = interval_constraint(q);
    q->e->grid_only = false;
    return r;
}

/* Two threads of one block: every sync orders them when they share the
 * smallest tile of a `sync tile(N);`; otherwise only the syncs of the block
 * and of the tiles that hold both (tiles.h), which are uniform over the two
 * (wellformed.c).  One case per tile size from tiles[from] on, each the
 * block's formula over the syncs that count in it. */
static Z3_ast block_interval_constraint(ArrayQuery *q, int from)
{
    Enc *e = q->e;
    const Facts *f = e->f;
    if (f->ntiles == 0)
        return interval_constraint(q);
    Smt *s = e->smt;
    SmtList cases = {0};
    for (int i = from; i <= f->ntiles; i++) {
        Z3_ast in_tile = i < f->ntiles ? enc_same_tile(e, f->tiles[i]) : s->t;
        Z3_ast apart = i > 0 ? smt_not(s, enc_same_tile(e, f->tiles[i - 1])) : s->t;
        e->tile_floor = i < f->ntiles ? f->tiles[i] : TILE_MAX + 1;
        Z3_ast parts[3] = {in_tile, apart, interval_constraint(q)};
        smt_list_add(&cases, smt_and(s, 3, parts));
    }
    e->tile_floor = 0;
    Z3_ast r = smt_or(s, cases.n, cases.items);
    smt_list_free(&cases);
    return r;
}

/* Which pairs of threads a query is about. */
typedef enum {
    PAIRS_ALL,          /* one block's, and two blocks' for a global array */
    PAIRS_ACROSS_BLOCKS,/* only two blocks' (align.c asks, with grid syncs) */
    PAIRS_OTHER_TILES,  /* one block's in different smallest tiles (align.c asks) */
} Pairs;

/* Where the two threads' accesses may meet: in one barrier interval. */
static Z3_ast pairs_where(ArrayQuery *q, Pairs pairs, bool global)
{
    Smt *s = q->e->smt;
    Z3_ast same_block = enc_same_block(q->e);
    if (pairs == PAIRS_OTHER_TILES)
        return smt_and2(s, same_block, block_interval_constraint(q, 1));
    Z3_ast where = pairs == PAIRS_ACROSS_BLOCKS ? s->f : smt_and2(s, same_block, block_interval_constraint(q, 0));
    if (global)
        where = smt_or2(s, where, smt_and2(s, smt_not(s, same_block), grid_phase_constraint(q)));
    return where;
}

/* The pairs of threads, for the shortcut without intervals. */
static Z3_ast pairs_threads(Enc *e, Pairs pairs, bool global)
{
    Smt *s = e->smt;
    Z3_ast same_block = enc_same_block(e);
    switch (pairs) {
    case PAIRS_ACROSS_BLOCKS: return smt_not(s, same_block);
    case PAIRS_OTHER_TILES: return smt_and2(s, same_block, smt_not(s, enc_same_tile(e, e->f->tiles[0])));
    case PAIRS_ALL: break;
    }
    return global ? s->t : same_block;
}

static void query_init(ArrayQuery *q, Enc *e, const Sym *array)
{
    memset(q, 0, sizeof *q);
    q->e = e;
    q->saved_ordering = e->ordering;
    e->ordering = enc_ordering_for(e, array->array->mem); /* its syncs (dsl/fence.h) */
    const Facts *f = e->f;
    race_sites_init(&q->sites, array, f->nsites);
    for (int i = 0; i < f->nsites && !smt_out_of_time(e->smt); i++)
        if (f->sites[i].array == array)
            race_sites_add(e, &q->sites, &f->sites[i], NULL, f->sites[i].id);
    race_sites_terms(e, &q->sites);
}

static void query_free(ArrayQuery *q)
{
    race_sites_free(&q->sites);
    q->e->ordering = q->saved_ordering;
}

/* Reads the witness back; returns the formula that excludes this pair of
 * sites, for --all. */
static Z3_ast record_race(ArrayQuery *q, Z3_model m, KernelResult *r)
{
    Enc *e = q->e;
    int64_t s1 = -1, s2 = -1, same = 1;
    smt_eval(e->smt, m, q->sites.terms.sel[0], &s1);
    smt_eval(e->smt, m, q->sites.terms.sel[1], &s2);
    smt_eval(e->smt, m, enc_same_block(e), &same);
    int i = race_sites_find(&q->sites, s1), j = race_sites_find(&q->sites, s2);
    if (i < 0 || j < 0)
        return e->smt->f;
    race_record(e, &q->sites, m, i, j, !same, r);
    Z3_ast pair = smt_and2(e->smt, smt_eq(e->smt, q->sites.terms.sel[0], smt_int(e->smt, s1)),
                           smt_eq(e->smt, q->sites.terms.sel[1], smt_int(e->smt, s2)));
    Z3_ast swapped = smt_and2(e->smt, smt_eq(e->smt, q->sites.terms.sel[0], smt_int(e->smt, s2)),
                              smt_eq(e->smt, q->sites.terms.sel[1], smt_int(e->smt, s1)));
    return smt_not(e->smt, smt_or2(e->smt, pair, swapped));
}

/* The values a witness shows, to be kept small: with the loop
 * variables, the values read that threads share (functions of their
 * cells, which a model would otherwise fill with any numbers). */
static void witness_terms(const ArrayQuery *q, SmtList *out)
{
    enc_witness_terms(q->e, out);
    const Facts *f = q->e->f;
    for (int t = 0; t < 2; t++)
        for (int c = 0; c < q->sites.n; c++) {
            const Path *p = &q->sites.paths[t][c];
            for (int L = 0; L < p->n; L++)
                if (p->lv[L].var)
                    smt_list_add(out, p->lv[L].var);
            for (int i = 0; i < q->e->k->nsyms; i++)
                if (f->groups->of[i] != GROUP_THREAD && p->env.val[i] && !Z3_is_numeral_ast(q->e->smt->ctx, p->env.val[i]))
                    smt_list_add(out, p->env.val[i]);
        }
}

/* Is there a benign pair where a race would be (`where`)?  Only a note:
 * a solver that gives up leaves it out. */
static void find_benign(ArrayQuery *q, Z3_ast base, Z3_ast blocks_where, KernelResult *r)
{
    Enc *e = q->e;
    Smt *s = e->smt;
    Z3_ast parts[RACE_CONJUNCTS + 1];
    race_conjuncts(e, &q->sites, base, true, parts);
    parts[RACE_CONJUNCTS] = blocks_where;
    Z3_model m = NULL;
    if (solve(e->solver, smt_and(s, RACE_CONJUNCTS + 1, parts), &m) == SMT_SAT && m)
        race_record_benign(e, &q->sites, m, r);
    smt_model_free(s, m);
}

/* The two accesses picked conflict on a cell (race_conjuncts), wherever
 * they are. */
static Z3_ast race_cells(ArrayQuery *q, Z3_ast base)
{
    Z3_ast common[RACE_CONJUNCTS];
    race_conjuncts(q->e, &q->sites, base, false, common);
    return smt_and(q->e->smt, RACE_CONJUNCTS, common);
}

Z3_ast race_formula(Enc *e, Z3_ast base)
{
    const Kernel *k = e->k;
    SmtList any = {0};
    for (int i = 0; i < k->nsyms; i++) {
        const Sym *a = k->syms[i];
        if (a->kind != SYM_ARRAY || !facts_array_written(e->f, a) ||
            (e->cfg->array && strcmp(e->cfg->array, a->name) != 0))
            continue;
        ArrayQuery q;
        query_init(&q, e, a);
        Z3_ast where = pairs_where(&q, PAIRS_ALL, enc_across_blocks(e, a));
        smt_list_add(&any, smt_and2(e->smt, race_cells(&q, base), where));
        query_free(&q);
    }
    Z3_ast r = smt_or(e->smt, any.n, any.items);
    smt_list_free(&any);
    return r;
}

/* What the merged query is made of (solve_race.h's MergedQuery). */
typedef struct MergeCtx {
    ArrayQuery *q;
    Z3_ast base, where;
} MergeCtx;

/* The race query with the sites that differ only by numbers merged
 * (groups.h), or NULL when none were merged. */
static Z3_ast merged_query(void *ctx, Z3_ast excluded)
{
    MergeCtx *mc = ctx;
    ArrayQuery *q = mc->q;
    int before = q->e->merged;
    q->e->merge_sites = true;
    Z3_ast cells = race_cells(q, mc->base);
    q->e->merge_sites = false;
    if (q->e->merged == before)
        return NULL;
    Z3_ast parts[3] = {cells, mc->where, excluded};
    return smt_and(q->e->smt, 3, parts);
}

/* The races of the query `cells && where`: the first, or every pair of
 * sites with --all; false when the solver gave up or lost a model. */
static bool search_races(ArrayQuery *q, Z3_ast base, Z3_ast cells, Z3_ast where, KernelResult *r)
{
    Enc *e = q->e;
    Smt *s = e->smt;
    Z3_ast f = smt_and2(s, cells, where);
    SmtList small = {0};
    witness_terms(q, &small);
    MergeCtx merge = {q, base, where};
    RaceSearch search = {.sv = e->solver, .f = f, .sel = q->sites.terms.sel, .c = q->sites.c[0], .n = q->sites.n,
                         .writers_only = !e->f->asymmetric, /* T1 may be taken to be a writer */
                         .small = small.items, .nsmall = small.n, .merge = merged_query, .merge_ctx = &merge};
    race_search_start(&search);
    bool decided = true;
    for (;;) {
        Z3_model m;
        SmtAnswer a = race_search_next(&search, &m);
        if (a == SMT_UNKNOWN)
            decided = false;
        if (a != SMT_SAT)
            break;
        int before = r->nraces;
        Z3_ast exclude = m ? record_race(q, m, r) : s->f;
        smt_model_free(s, m);
        if (r->nraces == before) {
            decided = false; /* a race exists but its model was lost: never say DRF */
            break;
        }
        if (!e->cfg->all || smt_is_false(s, exclude))
            break;
        race_search_exclude(&search, exclude);
    }
    race_search_free(&search);
    smt_list_free(&small);
    return decided;
}

/* Looks for races on one array between the pairs of threads asked for;
 * false when the solver gave up. */
static bool array_races(Enc *e, const Sym *array, Z3_ast base, KernelResult *r, Pairs pairs)
{
    Smt *s = e->smt;
    ArrayQuery q;
    query_init(&q, e, array);
    Z3_ast cells = race_cells(&q, base);
    bool global = enc_across_blocks(e, array);
    /* First without intervals: most race-free arrays are so by their
     * indices.  Only a shortcut, so only a short try: when the cells can
     * meet but finding where is hard (bitonic sort's tid ^ j), the query
     * with intervals decides alone (the ones that do not settle waste all
     * of the budget). */
    Z3_ast blocks = pairs_threads(e, pairs, global);
    SmtAnswer first = solve_within(e->solver, smt_and2(s, cells, blocks), SHORTCUT_UNITS);
    bool decided = first == SMT_UNSAT || search_races(&q, base, cells, pairs_where(&q, pairs, global), r);
    if (!e->cfg->strict_writes && race_has_values(q.sites.c[0], q.sites.n))
        find_benign(&q, base, pairs_where(&q, pairs, global), r);
    query_free(&q);
    return decided;
}

void interval_races(Enc *e, KernelResult *r)
{
    const Kernel *k = e->k;
    Z3_ast base = enc_base(e);
    for (int i = 0; i < k->nsyms; i++) {
        const Sym *a = k->syms[i];
        if (a->kind != SYM_ARRAY || !facts_array_written(e->f, a))
            continue;
        if (e->cfg->array && strcmp(e->cfg->array, a->name) != 0)
            continue;
        if (!array_races(e, a, base, r, PAIRS_ALL) && r->verdict != V_RACY) {
            char what[300];
            snprintf(what, sizeof what, "races on array '%s'", a->name);
            result_set_undecided(r, a->loc, what, smt_expired_while(e->smt),
                                 e->smt->failed ? e->smt->error : NULL);
        }
    }
}

bool interval_races_across_blocks(Enc *e, const Sym *array, Z3_ast base, KernelResult *r)
{
    return array_races(e, array, base, r, PAIRS_ACROSS_BLOCKS);
}

bool interval_races_other_tiles(Enc *e, const Sym *array, Z3_ast base, KernelResult *r)
{
    return array_races(e, array, base, r, PAIRS_OTHER_TILES);
}
