/* Checking a kernel end to end ([CAV21 Fig. 1]: well-formedness, then
 * the DRF analysis), with the engine the user chose. */
#include "check.h"

#include "diverge.h"

#include <stdio.h>
#include <string.h>

static void find_races(Enc *e, KernelResult *r, bool align)
{
    if (align)
        align_races(e, r);
    else
        interval_races(e, r);
}

typedef struct Stretch {
    const CheckConfig *cfg;
    Solver *sv;
    KernelResult *r;
    bool align;
} Stretch;

static void check_stretch(const Facts *f, void *ctx)
{
    Stretch *st = ctx;
    Enc *e = check_enc_new(st->sv, f, st->cfg);
    find_races(e, st->r, st->align);
    enc_free(e);
}

/* r's kernel may diverge at r->divergence.stmt1: silence that sync and
 * every other one that may diverge (one at a time: the first witness is
 * the one reported), then look for races in each stretch between them
 * (diverge.h; DESIGN.md "Divergence and races").  The divergence stays in
 * r. */
typedef struct RecheckCtx {
    const CheckConfig *cfg;
    Solver *sv;
    const char *engine;
} RecheckCtx;

/* the well-formedness stage alone: the next divergent sync, if any */
static KernelResult *recheck_wellformed(const Facts *f, void *ctx)
{
    RecheckCtx *c = ctx;
    Enc *e = check_enc_new(c->sv, f, c->cfg);
    KernelResult *more = result_new(f->kernel, c->engine);
    wellformed_check(e, enc_base(e), more);
    enc_free(e);
    return more;
}

/* No barrier of a block orders two blocks: a global array's accesses in
 * two stretches race across blocks as they would in one (an atomic before
 * a divergent sync, a plain read after it, in another block).  The whole
 * kernel, its divergent syncs silenced, is asked for such races on each
 * global array no stretch found one on. */
static bool race_on(const KernelResult *r, const Sym *array)
{
    for (int i = 0; i < r->nraces; i++)
        if (r->races[i].array == array)
            return true;
    return false;
}

/* About 2 s of solving on the machine the budgets were calibrated on. */
#define ACROSS_STRETCHES_UNITS (2000ull * SMT_UNITS_PER_MS)

static void races_across_stretches(Kernel *k, const CheckConfig *cfg, KernelResult *r)
{
    /* a budget of its own, short and in units of work (the verdict must
     * not depend on the machine's load): the stretches' verdict is in,
     * and the loops whose accesses no stretch holds (a sync that may
     * diverge in them) can make this query slow; undecided, it says so */
    Solver *sv = check_solver_new(cfg);
    sv->units_cap = ACROSS_STRETCHES_UNITS;
    Facts *f = facts_new(k);
    Enc *e = check_enc_new(sv, f, cfg);
    Z3_ast base = enc_base(e);
    for (int i = 0; i < k->nsyms; i++) {
        const Sym *a = k->syms[i];
        if (a->kind != SYM_ARRAY || !facts_array_written(f, a) || !enc_across_blocks(e, a) || race_on(r, a) ||
            (cfg->array && strcmp(cfg->array, a->name) != 0))
            continue;
        if (!interval_races_across_blocks(e, a, base, r) && r->verdict != V_RACY) {
            char what[96];
            snprintf(what, sizeof what, "races across blocks past a sync that may diverge (%llu M units of work at most)",
                     (unsigned long long)(ACROSS_STRETCHES_UNITS / 1000000));
            result_set_undecided(r, a->loc, what, smt_expired_while(e->smt), e->smt->failed ? e->smt->error : NULL);
        }
    }
    enc_free(e);
    facts_free(f);
    solver_free(sv);
}

/* r's kernel may diverge at r->divergence.stmt1: silence that sync and
 * every other one that may diverge, then look for races in each stretch
 * between them (diverge.h; DESIGN.md "Divergence and races").  The
 * divergence stays in r. */
/* Every sync found to diverge, the reported one first. */
static void note_diverging(KernelResult *r, const Silenced *quiet)
{
    r->diverging = xcalloc((size_t)quiet->n + 1, sizeof *r->diverging);
    for (int i = 0; i < quiet->n; i++)
        r->diverging[r->ndiverging++] = quiet->stmts[i];
}

static void races_past_divergence(const Facts *f, const CheckConfig *cfg, Solver *sv, KernelResult *r,
                                  bool align)
{
    Silenced quiet = {0};
    RecheckCtx c = {cfg, sv, r->engine};
    bool decided = silence_divergent_syncs(f->kernel, r, &quiet, recheck_wellformed, &c);
    note_diverging(r, &quiet);
    if (decided) {
        r->verdict = V_DRF;
        Stretch st = {cfg, sv, r, align};
        check_stretches(f->kernel, &quiet, check_stretch, &st);
        if (!silenced_grid_sync(&quiet))
            races_across_stretches(f->kernel, cfg, r);
        result_settle_divergence(r, quiet.n);
    }
    restore_stmts(&quiet);
}

Solver *check_solver_new(const CheckConfig *cfg)
{
    unsigned ms = cfg->timeout_ms ? cfg->timeout_ms : CHECK_DEFAULT_TIMEOUT_MS;
    return solver_new(cfg->started_ms > 0 ? smt_new_since(ms, cfg->started_ms, cfg->started_while) : smt_new(ms));
}

Enc *check_enc_new(Solver *sv, const Facts *f, const CheckConfig *cfg)
{
    Enc *e = enc_new(sv->smt, &sv->noted, f, cfg);
    e->solver = sv;
    uniform_reads_decide(e);
    return e;
}

static const char *const engine_names[] = {[ENGINE_INTERVAL] = "interval", [ENGINE_ALIGN] = "align"};

bool check_engine_named(const char *name, CheckEngine *out)
{
    for (size_t i = 0; i < sizeof engine_names / sizeof engine_names[0]; i++)
        if (strcmp(name, engine_names[i]) == 0) {
            *out = (CheckEngine)i;
            return true;
        }
    return false;
}

const char *check_engine_name(CheckEngine e)
{
    return engine_names[e];
}

KernelResult *check_kernel(const Facts *f, const CheckConfig *cfg, CheckEngine engine)
{
    bool align = engine == ENGINE_ALIGN;
    KernelResult *r = result_new(f->kernel, check_engine_name(engine));
    Solver *sv = check_solver_new(cfg);
    Enc *e = check_enc_new(sv, f, cfg);
    Z3_ast base = enc_base(e);
    /* A loop that may never end has no intervals to speak of: it is
     * reported as such, not checked for races.  A divergence does not
     * stop the race check. */
    if (wellformed_check(e, base, r))
        find_races(e, r, align);
    else if (r->verdict == V_DIVERGENT)
        races_past_divergence(f, cfg, sv, r, align);
    result_settle_opaque(r, f->opaque);
    enc_free(e);
    solver_free(sv);
    return r;
}
