/* [CAV21 Fig. 2] semantics against the Sec. 5 SMT engines, per kernel (docs/fuzz.md). */
#include "oracle.h"

#include "check.h"
#include "facts.h"
#include "interp.h"
#include "progress.h"

#include <stdlib.h>
#include <string.h>

enum { MAX_PARAMS = 2 };

void oracle_config_default(OracleConfig *c)
{
    memset(c, 0, sizeof *c);
    c->timeout_ms = 5000;
    c->max_steps = 2000000;
}

const char *oracle_name(OracleId o)
{
    static const char *const names[] = {[OR_RUN] = "run", [OR_INTERVAL] = "interval", [OR_ALIGN] = "align"};
    return names[o];
}

const char *agreement_name(Agreement a)
{
    static const char *const names[] = {[AGREE] = "agree", [UNDECIDED] = "undecided", [DISAGREE] = "disagree"};
    return names[a];
}

/* The generated instance as the checker's Launch value. */
static Launch rand_launch_value(const RandLaunch *l)
{
    Launch v;
    launch_init(&v);
    launch_set_dims(&v, true, l->block_dim, LAUNCH_ALL_AXES, (LaunchOrigin){FROM_CLI, {0}});
    launch_set_dims(&v, false, l->grid_dim, LAUNCH_ALL_AXES, v.block_from);
    for (int i = 0; i < l->nparams && i < MAX_PARAMS; i++)
        launch_add_param(&v, l->param_name[i], l->param_value[i], v.block_from);
    return v;
}

static KernelResult *run_oracle(const Facts *f, const RandLaunch *l, const OracleConfig *c)
{
    RunOptions o;
    run_options_default(&o);
    o.launch = rand_launch_value(l);
    o.values = l->values;
    o.max_steps = c->max_steps;
    return interp_run(f, &o);
}

static Verdict engine_oracle(const Facts *f, const RandLaunch *l, const OracleConfig *c,
                             CheckEngine engine)
{
    CheckConfig cfg = {0};
    cfg.launch = rand_launch_value(l);
    cfg.timeout_ms = c->timeout_ms;
    if (c->deadline_s > 0) { /* --time is honoured inside a protocol too */
        double left_ms = (c->deadline_s - progress_now_s()) * 1000;
        if (left_ms < 1)
            return V_UNKNOWN;
        if (left_ms < cfg.timeout_ms)
            cfg.timeout_ms = (unsigned)left_ms;
    }
    KernelResult *r = check_kernel(f, &cfg, engine);
    Verdict v = r->verdict;
    result_free(r);
    return v;
}

static char *copy_string(const char *s)
{
    size_t n = strlen(s) + 1;
    return memcpy(xmalloc(n), s, n);
}

/* Does the block write (plainly) an array of this name, at any depth? */
static bool block_writes(const Block *b, const char *array)
{
    for (int i = 0; i < b->n; i++) {
        const Stmt *s = b->items[i];
        if (s->kind == S_ACCESS && s->u.access.mode == ACC_WR &&
            strcmp(s->u.access.array->u.var.name, array) == 0)
            return true;
        if (s->kind == S_IF && (block_writes(&s->u.if_.then, array) || block_writes(&s->u.if_.els, array)))
            return true;
        if (s->kind == S_LOOP && block_writes(&s->u.loop.body, array))
            return true;
    }
    return false;
}

static Verdict planted_fault(const Kernel *k, const OracleConfig *c, Verdict v)
{
    if (!c->plant_array || !block_writes(&k->body, c->plant_array))
        return v;
    return v == V_DRF ? V_RACY : v == V_RACY ? V_DRF : v;
}

/* The kind of the interpreter's first race, first access in program order. */
static const char *race_kind_of(const KernelResult *r)
{
    if (r->verdict != V_RACY || r->nraces == 0)
        return NULL;
    const Witness *w = &r->races[0];
    const Stmt *a = w->stmt1, *b = w->stmt2;
    if (a->id > b->id) {
        const Stmt *t = a;
        a = b;
        b = t;
    }
    return race_kind(a->u.access.mode, b->u.access.mode);
}

static bool definite(Verdict v)
{
    return v == V_DRF || v == V_RACY || v == V_DIVERGENT;
}

static Agreement compare(const Verdict *v)
{
    bool same = v[OR_RUN] == v[OR_INTERVAL] && v[OR_RUN] == v[OR_ALIGN];
    if (same)
        return definite(v[OR_RUN]) ? AGREE : UNDECIDED;
    /* Only definite answers can contradict each other. */
    for (int a = 0; a < OR_COUNT; a++)
        for (int b = a + 1; b < OR_COUNT; b++)
            if (v[a] != v[b] && definite(v[a]) && definite(v[b]))
                return DISAGREE;
    return UNDECIDED;
}

static void label_kernel(Kernel *k, const RandLaunch *l, const OracleConfig *c, KernelLabel *out)
{
    Facts *f = facts_new(k);
    KernelResult *r = run_oracle(f, l, c);
    out->kernel = copy_string(k->name);
    out->v[OR_RUN] = r->verdict;
    out->race_kind = race_kind_of(r);
    result_free(r);
    out->v[OR_INTERVAL] = planted_fault(k, c, engine_oracle(f, l, c, ENGINE_INTERVAL));
    out->v[OR_ALIGN] = engine_oracle(f, l, c, ENGINE_ALIGN);
    out->agreement = compare(out->v);
    facts_free(f);
}

/* racy > divergent > drf, as the exit codes rank them. */
static Verdict file_verdict(const Label *l)
{
    Verdict v = V_DRF;
    for (int i = 0; i < l->nkernels; i++) {
        Verdict k = l->k[i].v[OR_RUN];
        if (k == V_RACY || (k == V_DIVERGENT && v == V_DRF))
            v = k;
    }
    return v;
}

void label_program(Program *p, const RandLaunch *launch, const OracleConfig *c, Label *out)
{
    memset(out, 0, sizeof *out);
    out->nkernels = p->nkernels;
    out->k = xcalloc((size_t)p->nkernels + 1, sizeof *out->k);
    out->culprit = -1;
    out->agreement = AGREE;
    for (int i = 0; i < p->nkernels; i++) {
        label_kernel(p->kernels[i], launch, c, &out->k[i]);
        if (out->k[i].agreement > out->agreement) {
            out->agreement = out->k[i].agreement;
            out->culprit = i;
        }
    }
    out->verdict = file_verdict(out);
}

void label_free(Label *l)
{
    for (int i = 0; i < l->nkernels; i++)
        free(l->k[i].kernel);
    free(l->k);
    l->k = NULL;
    l->nkernels = 0;
}

char *label_verdict_text(const Label *l)
{
    bool uniform = true;
    for (int i = 1; i < l->nkernels; i++)
        uniform &= l->k[i].v[OR_RUN] == l->k[0].v[OR_RUN];
    size_t cap = 16;
    for (int i = 0; i < l->nkernels; i++)
        cap += strlen(l->k[i].kernel) + 16;
    char *s = xcalloc(cap, 1);
    if (uniform && l->nkernels > 0) {
        strcpy(s, verdict_name(l->k[0].v[OR_RUN]));
        return s;
    }
    for (int i = 0; i < l->nkernels; i++) {
        if (i)
            strcat(s, " ");
        strcat(s, l->k[i].kernel);
        strcat(s, "=");
        strcat(s, verdict_name(l->k[i].v[OR_RUN]));
    }
    return s;
}

Verdict oracle_check_kernel(Kernel *k, const RandLaunch *launch, const OracleConfig *c)
{
    Facts *f = facts_new(k);
    Verdict v = engine_oracle(f, launch, c, ENGINE_INTERVAL);
    facts_free(f);
    return v;
}

bool assumptions_contradict(Program *p, const RandLaunch *l, const OracleConfig *c)
{
    bool vacuous = false;
    for (int i = 0; i < p->nkernels && !vacuous; i++) {
        Facts *f = facts_new(p->kernels[i]);
        CheckConfig cfg = {0};
        cfg.launch = rand_launch_value(l);
        cfg.timeout_ms = c->timeout_ms;
        Vacuity v = vacuity_check(f, &cfg);
        vacuous = v.answer == SMT_UNSAT;
        vacuity_free(&v);
        facts_free(f);
    }
    return vacuous;
}
