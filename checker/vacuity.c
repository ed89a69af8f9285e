/* Vacuity, the step before [CAV21]'s Fig. 1 pipeline (docs/checker.md): can the
 * kernel's assumptions hold together?  When they cannot, they rule out
 * every execution, any verdict would be vacuous ("data-race free" for
 * every kernel), and so nothing is checked: an input error.
 *
 * What is tested: the launch facts (the block and grid sizes given, each
 * -p value, and the built-ins' own bounds), every `assume` at the kernel's
 * top level, in any position (unconditional: every thread meets them),
 * and every `assume` below it as enc_base has it, for the threads that
 * reach it (a thread that reaches one meets it, in every iteration; one
 * that need not reach it is not bound by it).  All must hold together for
 * some two threads T1 and T2, possibly one and the same: a one-thread
 * launch is not vacuous, only race free.  In words: some thread runs
 * through the kernel without failing a precondition.
 *
 * The conflicting ones are found by deletion: starting from all of them,
 * each is dropped when the rest still contradict each other, so every one
 * reported is needed (a minimal set; sizes, -p, top-level, nested). */
#include "check.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The assumptions are tiny formulas: a second's work settles them or
 * nothing will.  The budget is in Z3's units, so the answer does not
 * depend on the machine's load; wall time bounds it only through the
 * kernel's own deadline (docs/checker.md, "Deadlines and budgets"). */
#define VACUITY_UNITS (1000u * SMT_UNITS_PER_MS)

typedef struct Fact {
    Z3_ast term;
    VacuityNote note;
} Fact;

typedef struct FactList {
    Fact *at;
    int n, cap;
} FactList;

static void add_fact(FactList *l, Z3_ast term, Loc loc, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));

static void add_fact(FactList *l, Z3_ast term, Loc loc, const char *fmt, ...)
{
    Fact f = {term, {loc, {0}}};
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(f.note.text, sizeof f.note.text, fmt, ap);
    va_end(ap);
    VEC_PUSH(l->at, l->n, l->cap, f);
}

static void dims_text(char *buf, size_t n, const int64_t d[3])
{
    if (d[1] == 1 && d[2] == 1)
        snprintf(buf, n, "%lld", (long long)d[0]);
    else if (d[2] == 1)
        snprintf(buf, n, "[%lld,%lld]", (long long)d[0], (long long)d[1]);
    else
        snprintf(buf, n, "[%lld,%lld,%lld]", (long long)d[0], (long long)d[1], (long long)d[2]);
}

/* enc_base under another configuration: the launch facts one at a time. */
static Z3_ast base_with(Enc *e, const CheckConfig *cfg)
{
    const CheckConfig *saved = e->cfg;
    enc_forget_widths(e); /* they rest on the launch */
    e->cfg = cfg;
    Z3_ast r = enc_base(e);
    enc_forget_widths(e);
    e->cfg = saved;
    return r;
}

/* The configuration with no sizes and no -p: the built-ins' bounds alone. */
static CheckConfig bare_config(const CheckConfig *cfg)
{
    CheckConfig bare = *cfg;
    bare.launch.block_known = bare.launch.grid_known = 0;
    bare.launch.nfacts = 0;
    bare.for_vacuity = true; /* not even the kernel's own `assume blockDim.x == 64` */
    bare.beyond_limits = enc_beyond_limits(cfg);
    return bare;
}

/* The block (or grid) size alone, as a fact, said as its origin gives it. */
static void size_fact(Enc *e, CheckConfig *one, const Launch *lc, bool block, FactList *l)
{
    unsigned *known = block ? &one->launch.block_known : &one->launch.grid_known;
    LaunchOrigin o = block ? lc->block_from : lc->grid_from;
    char dims[96], from[200], what[160];
    if (launch_knows_all(lc, block)) {
        dims_text(dims, sizeof dims, block ? lc->block_dim : lc->grid_dim);
        snprintf(what, sizeof what, "--%s=%s", block ? "blockDim" : "gridDim", dims);
    } else { /* some axes only: no option says that */
        launch_fact_text(lc, block ? -2 : -1, what, sizeof what);
    }
    if (o.source == FROM_GV_HEADER)
        snprintf(from, sizeof from, "the %s size given here", block ? "block" : "grid");
    else
        snprintf(from, sizeof from, "from %s", o.source == FROM_CLI ? "the command line" : "");
    if (o.source != FROM_GV_HEADER && o.source != FROM_CLI)
        launch_origin_text(o, from + 5, sizeof from - 5);
    *known = block ? lc->block_known : lc->grid_known;
    add_fact(l, base_with(e, one), o.loc, "%s: %s", from, what);
    *known = 0;
}

static void launch_facts(Enc *e, const CheckConfig *cfg, FactList *l)
{
    CheckConfig one = bare_config(cfg);
    const Launch *lc = &cfg->launch;
    char from[160];
    if (launch_knows_some(lc, true))
        size_fact(e, &one, lc, true, l);
    if (launch_knows_some(lc, false))
        size_fact(e, &one, lc, false, l);
    for (int i = 0; i < lc->nfacts; i++) {
        one.launch.facts[0] = lc->facts[i];
        one.launch.nfacts = 1;
        char text[160];
        launch_fact_text(lc, i, text, sizeof text);
        launch_origin_text(lc->facts[i].from, from, sizeof from);
        if (lc->facts[i].from.source == FROM_CLI && lc->facts[i].kind == LF_EQUALS)
            add_fact(l, base_with(e, &one), lc->facts[i].from.loc, "from the command line: -p %s=%lld",
                     lc->facts[i].param, (long long)lc->facts[i].value);
        else
            add_fact(l, base_with(e, &one), lc->facts[i].from.loc, "from %s: %s", from, text);
    }
}

/* `assume blockDim.x == 64` that the front end wrote for sizes the
 * configuration also gives: the same fact, left to the configuration's
 * (which knows where it came from), so it is reported once. */
static bool restates_launch(const Expr *c, const CheckConfig *cfg)
{
    if (c->kind != E_BINARY || c->op != OP_EQ || c->u.sub.a->kind != E_VAR || c->u.sub.b->kind != E_NUM)
        return false;
    const Sym *s = c->u.sub.a->u.var.sym;
    if (!s || (s->builtin != BI_BLOCKDIM && s->builtin != BI_GRIDDIM))
        return false;
    bool block = s->builtin == BI_BLOCKDIM;
    if (!launch_knows(&cfg->launch, block, s->axis))
        return false;
    const int64_t *d = block ? cfg->launch.block_dim : cfg->launch.grid_dim;
    return (uint64_t)d[s->axis] == c->u.sub.b->u.num;
}

/* Each top-level `assume`, for both threads under one name. */
static void assume_facts(Enc *e, const CheckConfig *cfg, FactList *l, SmtList *background)
{
    int n = e->k->body.n;
    const Stmt **stmt = xcalloc((size_t)n + 1, sizeof *stmt);
    Z3_ast *t1 = xcalloc((size_t)n + 1, sizeof *t1), *t2 = xcalloc((size_t)n + 1, sizeof *t2);
    int m = enc_kernel_assume_each(e, 1, stmt, t1, background);
    enc_kernel_assume_each(e, 2, stmt, t2, background);
    for (int i = 0; i < m; i++) {
        if (!restates_launch(stmt[i]->u.assume.cond, cfg))
            add_fact(l, smt_and2(e->smt, t1[i], t2[i]), stmt[i]->loc, "%s", "assumed here");
    }
    free(stmt);
    free(t1);
    free(t2);
}

/* Each precondition below the top level: a thread that reaches it must
 * meet it (every time), as enc_base has it for the checker. */
static void nested_facts(Enc *e, FactList *l)
{
    int n = e->f->nstmts;
    const Stmt **stmt = xcalloc((size_t)n + 1, sizeof *stmt);
    Z3_ast *t1 = xcalloc((size_t)n + 1, sizeof *t1), *t2 = xcalloc((size_t)n + 1, sizeof *t2);
    int m = enc_nested_assume_each(e, 1, stmt, t1);
    enc_nested_assume_each(e, 2, stmt, t2);
    for (int i = 0; i < m; i++)
        add_fact(l, smt_and2(e->smt, t1[i], t2[i]), stmt[i]->loc, "%s",
                 "assumed here, wherever a thread reaches it");
    free(stmt);
    free(t1);
    free(t2);
}

/* Do the background and the facts `keep` selects contradict each other? */
static SmtAnswer holds_with(Solver *sv, Z3_ast background, const FactList *l, const bool *keep)
{
    Smt *smt = sv->smt;
    SmtList all = {0};
    smt_list_add(&all, background);
    for (int i = 0; i < l->n; i++)
        if (keep[i])
            smt_list_add(&all, l->at[i].term);
    SmtAnswer a = solve_within(sv, smt_and(smt, all.n, all.items), VACUITY_UNITS);
    smt_list_free(&all);
    return a;
}

static void conflicting(Solver *sv, Z3_ast background, const FactList *l, Vacuity *v)
{
    bool *keep = xcalloc((size_t)l->n + 1, sizeof *keep);
    for (int i = 0; i < l->n; i++)
        keep[i] = true;
    for (int i = 0; i < l->n; i++) {
        keep[i] = false;
        keep[i] = holds_with(sv, background, l, keep) != SMT_UNSAT; /* needed, or not known to be spare */
    }
    for (int i = 0; i < l->n; i++)
        if (keep[i])
            VEC_PUSH(v->notes, v->nnotes, v->capnotes, l->at[i].note);
    free(keep);
}

Vacuity vacuity_check(const Facts *f, const CheckConfig *cfg)
{
    Vacuity v;
    memset(&v, 0, sizeof v);
    Solver *sv = check_solver_new(cfg);
    Smt *smt = sv->smt;
    /* the encoder folds the sizes and -p values it is given into every
     * term: here they must stay names, constrained by tracked facts */
    CheckConfig bare = bare_config(cfg);
    Enc *e = check_enc_new(sv, f, &bare);
    SmtList background = {0};
    smt_list_add(&background, base_with(e, &bare));
    FactList l = {0};
    launch_facts(e, cfg, &l);
    assume_facts(e, cfg, &l, &background);
    nested_facts(e, &l);
    Z3_ast bg = smt_and(smt, background.n, background.items);
    bool *all = xcalloc((size_t)l.n + 1, sizeof *all);
    for (int i = 0; i < l.n; i++)
        all[i] = true;
    v.answer = holds_with(sv, bg, &l, all);
    if (v.answer == SMT_UNSAT)
        conflicting(sv, bg, &l, &v);
    free(all);
    free(l.at);
    smt_list_free(&background);
    enc_free(e);
    solver_free(sv);
    return v;
}

void vacuity_free(Vacuity *v)
{
    free(v->notes);
    memset(v, 0, sizeof *v);
}
