/* The executable semantics of protocols (seed 000, Fig. 2): every thread
 * runs, phases are cut by sync, a race is two conflicting accesses of
 * distinct threads in one phase (one block), or in any phases of two
 * blocks for a global array (seed 002, p1-p6).  See interp.h. */
#include "interp.h"

#include <stdlib.h>
#include <string.h>

typedef struct Access {
    int exec;
    int phase;
    const Site *site;
    size_t index_at; /* into Interp.pool: one value per dimension */
    size_t scope_at; /* into Interp.pool: the site's scope values */
} Access;

typedef struct SyncInst {
    const Stmt *stmt;
    uint64_t hash; /* the sync and the values of its enclosing loop variables */
} SyncInst;

typedef struct PairAssume {
    const Stmt *stmt;
    size_t env_at; /* the thread's whole environment when it ran the assume */
} PairAssume;

typedef struct Exec {
    int identity; /* executions of one thread share it */
    int block;
    size_t env_at;  /* environment at the start: ids, per-thread constants, uniforms */
    int sync_first, nsyncs;
    uint64_t sync_hash;
    int pa_first, npa;
} Exec;

typedef struct Interp {
    const Facts *f;
    const Kernel *k;
    const RunOptions *o;
    KernelResult *r;
    int nsyms;
    int64_t *env;
    int *site_of; /* statement id -> site index */
    /* the choices of the current execution, replayed like an odometer */
    int64_t *choices;
    int nchoices, capchoices, pos;
    /* the current execution */
    int phase;
    uint64_t hash;
    bool discarded; /* an assume failed: this execution does not exist */
    bool stop;      /* a runtime error or the step limit: r says which */
    bool quiet;     /* evaluating a pairwise precondition: errors only fail it */
    bool failed;    /* the last evaluation hit a runtime error */
    int64_t steps;
    const Sym **loops;
    int nloops, caploops;
    /* everything executed */
    Access *acc;
    int nacc, capacc;
    Exec *ex;
    int nex, capex;
    SyncInst *syncs;
    int nsyncs, capsyncs;
    PairAssume *pas;
    int npas, cappas;
    int64_t *pool;
    size_t npool, cappool;
} Interp;

void run_options_default(RunOptions *o)
{
    memset(o, 0, sizeof *o);
    o->values = 4;
    o->max_steps = 2000000;
}

/* ---- small helpers ---- */

static size_t pool_put(Interp *in, const int64_t *v, size_t n)
{
    while (in->npool + n > in->cappool) {
        in->cappool = in->cappool ? 2 * in->cappool : 1024;
        in->pool = xrealloc(in->pool, in->cappool * sizeof *in->pool);
    }
    size_t at = in->npool;
    memcpy(in->pool + at, v, n * sizeof *v);
    in->npool += n;
    return at;
}

/* Stops the run with a verdict, unless the error arose evaluating a
 * pairwise precondition (quiet): that only rules the pair out. */
static void runtime_error(Interp *in, Verdict v, Loc where, const char *what)
{
    in->failed = true;
    if (in->stop || in->quiet)
        return;
    in->stop = true;
    result_set_message(in->r, v, where, "%s", what);
}

static uint64_t mix(uint64_t h, uint64_t v)
{
    h ^= v + 0x9E3779B97F4A7C15ull + (h << 6) + (h >> 2);
    return h * 0xFF51AFD7ED558CCDull;
}

/* ---- expressions ---- */

typedef struct EvalCtx {
    const int64_t *self, *t1, *t2; /* t1/t2 only for pairwise preconditions */
} EvalCtx;

static bool eval(Interp *in, const Expr *e, const EvalCtx *c, int64_t *out);

static bool eval_truth(Interp *in, const Expr *e, const EvalCtx *c, bool *out)
{
    int64_t v;
    if (!eval(in, e, c, &v))
        return false;
    *out = v != 0;
    return true;
}

static bool arith(Interp *in, Op op, Loc loc, int64_t a, int64_t b, int64_t *out)
{
    bool overflow = false;
    switch (op) {
    case OP_ADD: overflow = __builtin_add_overflow(a, b, out); break;
    case OP_SUB: overflow = __builtin_sub_overflow(a, b, out); break;
    case OP_MUL: overflow = __builtin_mul_overflow(a, b, out); break;
    case OP_DIV:
    case OP_MOD:
        if (b == 0) {
            runtime_error(in, V_UNKNOWN, loc, "division by zero");
            return false;
        }
        overflow = a == INT64_MIN && b == -1;
        if (!overflow)
            *out = op == OP_DIV ? a / b : a % b; /* C: truncation toward zero */
        break;
    case OP_SHL:
        if (b < 0) {
            runtime_error(in, V_UNKNOWN, loc, "negative shift amount");
            return false;
        }
        overflow = b >= 63 ? a != 0 : __builtin_mul_overflow(a, (int64_t)1 << b, out);
        if (b >= 63 && a == 0)
            *out = 0;
        break;
    case OP_SHR:
        if (b < 0) {
            runtime_error(in, V_UNKNOWN, loc, "negative shift amount");
            return false;
        }
        *out = b >= 63 ? (a < 0 ? -1 : 0) : a >> b; /* floor, as the language says */
        break;
    case OP_BAND: *out = a & b; break;
    case OP_BOR: *out = a | b; break;
    case OP_BXOR: *out = a ^ b; break;
    case OP_LT: *out = a < b; break;
    case OP_LE: *out = a <= b; break;
    case OP_GT: *out = a > b; break;
    case OP_GE: *out = a >= b; break;
    case OP_EQ: *out = a == b; break;
    case OP_NE: *out = a != b; break;
    case OP_MIN: *out = a < b ? a : b; break;
    case OP_MAX: *out = a > b ? a : b; break;
    default: break;
    }
    if (overflow)
        runtime_error(in, V_UNKNOWN, loc, "arithmetic overflow (values beyond 64 bits)");
    return !overflow;
}

static bool eval_binary(Interp *in, const Expr *e, const EvalCtx *c, int64_t *out)
{
    if (e->op == OP_AND || e->op == OP_OR) {
        bool a, b;
        if (!eval_truth(in, e->u.sub.a, c, &a))
            return false;
        if (a == (e->op == OP_OR)) {
            *out = a;
            return true;
        }
        if (!eval_truth(in, e->u.sub.b, c, &b))
            return false;
        *out = b;
        return true;
    }
    int64_t a, b;
    return eval(in, e->u.sub.a, c, &a) && eval(in, e->u.sub.b, c, &b) &&
           arith(in, (Op)e->op, e->loc, a, b, out);
}

static bool eval(Interp *in, const Expr *e, const EvalCtx *c, int64_t *out)
{
    switch ((ExprKind)e->kind) {
    case E_NUM:
        if (e->u.num > INT64_MAX) {
            runtime_error(in, V_UNKNOWN, e->loc, "literal beyond 63 bits");
            return false;
        }
        *out = (int64_t)e->u.num;
        return true;
    case E_BOOL:
        *out = e->u.boolean;
        return true;
    case E_VAR: {
        const int64_t *env = e->thread == 1 ? c->t1 : e->thread == 2 ? c->t2 : c->self;
        *out = env[e->u.var.sym->index];
        return true;
    }
    case E_DISTINCT:
        *out = 0;
        for (int i = 0; i < e->u.distinct.n; i++) {
            int s = e->u.distinct.vars[i]->u.var.sym->index;
            if (c->t1[s] != c->t2[s])
                *out = 1;
        }
        return true;
    case E_POW2: {
        int64_t a;
        if (!eval(in, e->u.sub.a, c, &a))
            return false;
        *out = a > 0 && (a & (a - 1)) == 0;
        return true;
    }
    case E_UNARY: {
        int64_t a;
        if (!eval(in, e->u.sub.a, c, &a))
            return false;
        if (e->op == OP_NEG && a == INT64_MIN) {
            runtime_error(in, V_UNKNOWN, e->loc, "arithmetic overflow");
            return false;
        }
        *out = e->op == OP_NEG ? -a : e->op == OP_NOT ? !a : ~a;
        return true;
    }
    case E_BINARY:
        return eval_binary(in, e, c, out);
    case E_COND: {
        bool cond;
        if (!eval_truth(in, e->u.sub.a, c, &cond))
            return false;
        return eval(in, cond ? e->u.sub.b : e->u.sub.c, c, out);
    }
    }
    return false;
}

static bool eval_self(Interp *in, const Expr *e, int64_t *out)
{
    EvalCtx c = {in->env, NULL, NULL};
    return eval(in, e, &c, out);
}

/* Preconditions that relate the two threads (distinct, 1@x, 2@x) are kept
 * and checked for each pair; the others are checked at once. */
static bool is_pairwise(const Expr *e)
{
    switch ((ExprKind)e->kind) {
    case E_DISTINCT:
        return true;
    case E_VAR:
        return e->thread != 0;
    case E_NUM:
    case E_BOOL:
        return false;
    case E_UNARY:
    case E_POW2:
        return is_pairwise(e->u.sub.a);
    case E_BINARY:
        return is_pairwise(e->u.sub.a) || is_pairwise(e->u.sub.b);
    case E_COND:
        return is_pairwise(e->u.sub.a) || is_pairwise(e->u.sub.b) || is_pairwise(e->u.sub.c);
    }
    return false;
}

/* ---- statements ---- */

static void exec_block(Interp *in, const Block *b);

static int64_t choose(Interp *in)
{
    if (in->pos == in->nchoices)
        VEC_PUSH(in->choices, in->nchoices, in->capchoices, 0);
    return in->choices[in->pos++];
}

/* Moves to the next combination of choices; false when all were tried. */
static bool next_choices(Interp *in)
{
    in->nchoices = in->pos; /* choices past the last one used were not reached */
    while (in->nchoices > 0) {
        if (++in->choices[in->nchoices - 1] < in->o->values)
            return true;
        in->nchoices--;
    }
    return false;
}

static void exec_access(Interp *in, const Stmt *s)
{
    const Site *site = &in->f->sites[in->site_of[s->id]];
    int64_t idx[s->u.access.nindex + 1];
    for (int i = 0; i < s->u.access.nindex; i++)
        if (!eval_self(in, s->u.access.index[i], &idx[i]))
            return;
    int64_t scope[site->nscope + 1];
    for (int i = 0; i < site->nscope; i++)
        scope[i] = in->env[site->scope[i]->index];
    Access a = {in->nex, in->phase, site, pool_put(in, idx, (size_t)s->u.access.nindex),
                pool_put(in, scope, (size_t)site->nscope)};
    VEC_PUSH(in->acc, in->nacc, in->capacc, a);
}

static void exec_sync(Interp *in, const Stmt *s)
{
    uint64_t h = mix(0, (uint64_t)s->id);
    for (int i = 0; i < in->nloops; i++)
        h = mix(h, (uint64_t)in->env[in->loops[i]->index]);
    SyncInst si = {s, h};
    VEC_PUSH(in->syncs, in->nsyncs, in->capsyncs, si);
    in->hash = mix(in->hash, h);
    in->phase++;
}

static bool loop_test(Op cmp, int64_t x, int64_t bound)
{
    switch (cmp) {
    case OP_LT: return x < bound;
    case OP_LE: return x <= bound;
    case OP_GT: return x > bound;
    case OP_GE: return x >= bound;
    default: return x != bound;
    }
}

/* The loop variable's next value; false on a runtime error. */
static bool loop_step(Interp *in, const Stmt *s, int64_t x, int64_t amount, int64_t *next)
{
    static const Op ops[] = {[STEP_ADD] = OP_ADD, [STEP_SUB] = OP_SUB, [STEP_MUL] = OP_MUL,
                             [STEP_DIV] = OP_DIV, [STEP_SHL] = OP_SHL, [STEP_SHR] = OP_SHR};
    return arith(in, ops[s->u.loop.step], s->loc, x, amount, next);
}

static void exec_loop(Interp *in, const Stmt *s)
{
    int64_t x, bound, amount;
    if (!eval_self(in, s->u.loop.init, &x) || !eval_self(in, s->u.loop.bound, &bound) ||
        !eval_self(in, s->u.loop.amount, &amount))
        return;
    const Sym *var = s->u.loop.var->u.var.sym;
    VEC_PUSH(in->loops, in->nloops, in->caploops, var);
    /* Loop variables are naturals: a negative value ends the loop. */
    while (x >= 0 && loop_test((Op)s->u.loop.cmp, x, bound) && !in->stop && !in->discarded) {
        in->env[var->index] = x;
        exec_block(in, &s->u.loop.body);
        int64_t next;
        if (!loop_step(in, s, x, amount, &next))
            break;
        if (next == x) {
            char what[160];
            snprintf(what, sizeof what,
                     "loop never ends: '%s' stays %lld while its condition holds",
                     var->name, (long long)x);
            runtime_error(in, V_ILLFORMED, s->loc, what);
            break;
        }
        if (++in->steps > in->o->max_steps) {
            runtime_error(in, V_UNKNOWN, s->loc, "step limit reached (--max-steps)");
            break;
        }
        x = next;
    }
    in->nloops--;
}

static void exec_stmt(Interp *in, const Stmt *s)
{
    if (++in->steps > in->o->max_steps) {
        runtime_error(in, V_UNKNOWN, s->loc, "step limit reached (--max-steps)");
        return;
    }
    switch ((StmtKind)s->kind) {
    case S_ACCESS:
        exec_access(in, s);
        return;
    case S_SYNC:
        exec_sync(in, s);
        return;
    case S_IF: {
        int64_t c;
        if (eval_self(in, s->u.if_.cond, &c))
            exec_block(in, c ? &s->u.if_.then : &s->u.if_.els);
        return;
    }
    case S_LOOP:
        exec_loop(in, s);
        return;
    case S_LET:
        eval_self(in, s->u.let.value, &in->env[s->u.let.var->u.var.sym->index]);
        return;
    case S_LOCAL:
        in->env[s->u.local.var->u.var.sym->index] = choose(in);
        return;
    case S_ASSUME: {
        if (is_pairwise(s->u.assume.cond)) {
            PairAssume pa = {s, pool_put(in, in->env, (size_t)in->nsyms)};
            VEC_PUSH(in->pas, in->npas, in->cappas, pa);
            return;
        }
        int64_t c;
        if (eval_self(in, s->u.assume.cond, &c) && !c)
            in->discarded = true;
        return;
    }
    }
}

static void exec_block(Interp *in, const Block *b)
{
    for (int i = 0; i < b->n && !in->stop && !in->discarded; i++)
        exec_stmt(in, b->items[i]);
}

/* ---- threads and executions ---- */

/* Runs every execution of one thread, whose ids and identity constants are
 * already in `base`. */
static void run_thread(Interp *in, const int64_t *base, int identity, int block)
{
    in->nchoices = 0;
    do {
        memcpy(in->env, base, (size_t)in->nsyms * sizeof *in->env);
        in->pos = 0;
        in->phase = 0;
        in->hash = 0;
        in->discarded = false;
        int acc0 = in->nacc, sync0 = in->nsyncs, pa0 = in->npas;
        size_t pool0 = in->npool;
        for (int i = 0; i < in->k->nsyms; i++) {
            const Sym *s = in->k->syms[i];
            if (s->kind == SYM_LOCAL && !in->f->identity[i])
                in->env[i] = choose(in);
        }
        Exec e = {identity, block, pool_put(in, in->env, (size_t)in->nsyms), sync0, 0, 0, pa0, 0};
        exec_block(in, &in->k->body);
        if (in->stop)
            return;
        if (in->discarded) {
            in->nacc = acc0;
            in->nsyncs = sync0;
            in->npas = pa0;
            in->npool = pool0;
        } else {
            e.nsyncs = in->nsyncs - sync0;
            e.sync_hash = in->hash;
            e.npa = in->npas - pa0;
            VEC_PUSH(in->ex, in->nex, in->capex, e);
        }
    } while (next_choices(in));
}

static int64_t param_value(const RunOptions *o, const char *name, bool *found)
{
    for (int i = 0; i < o->nparams; i++)
        if (strcmp(o->params[i].name, name) == 0) {
            *found = true;
            return o->params[i].value;
        }
    *found = false;
    return 0;
}

/* Uniform values into base; false (with the result saying why) when one
 * that the kernel uses has none. */
static bool bind_uniforms(Interp *in, int64_t *base, const int64_t bd[3], const int64_t gd[3])
{
    for (int i = 0; i < in->k->nsyms; i++) {
        const Sym *s = in->k->syms[i];
        switch (s->builtin) {
        case BI_BLOCKDIM: base[i] = bd[s->axis]; continue;
        case BI_GRIDDIM: base[i] = gd[s->axis]; continue;
        case BI_WARPSIZE: base[i] = 32; continue;
        default: break;
        }
        if (s->kind != SYM_UNIFORM)
            continue;
        bool found;
        base[i] = param_value(in->o, s->name, &found);
        if (!found && in->f->used[i]) {
            result_set_message(in->r, V_ERROR, s->loc,
                               "uniform '%s' has no value: give -p %s=VALUE", s->name, s->name);
            return false;
        }
    }
    return true;
}

/* Launch sizes: given ones, else 1 where the kernel does not need them. */
static bool launch_sizes(Interp *in, int64_t bd[3], int64_t gd[3])
{
    bool need_block = false, need_grid = false;
    for (int i = 0; i < in->k->nsyms; i++) {
        const Sym *s = in->k->syms[i];
        need_block |= in->f->used[i] && (s->builtin == BI_BLOCKDIM || s->builtin == BI_THREADIDX);
        need_grid |= in->f->used[i] && (s->builtin == BI_GRIDDIM || s->builtin == BI_BLOCKIDX);
    }
    for (int a = 0; a < 3; a++) {
        bd[a] = in->o->has_block_dim ? in->o->block_dim[a] : 1;
        gd[a] = in->o->has_grid_dim ? in->o->grid_dim[a] : 1;
    }
    const char *missing = need_block && !in->o->has_block_dim ? "--blockDim"
                        : need_grid && !in->o->has_grid_dim   ? "--gridDim"
                                                              : NULL;
    if (missing) {
        result_set_message(in->r, V_ERROR, in->k->loc,
                           "kernel '%s' uses the %s built-ins: give %s", in->k->name,
                           missing[2] == 'b' ? "thread/block" : "block/grid", missing);
        return false;
    }
    return true;
}

static void run_all_threads(Interp *in)
{
    int64_t bd[3], gd[3];
    int64_t *base = xcalloc((size_t)in->nsyms + 1, sizeof *base);
    if (!launch_sizes(in, bd, gd) || !bind_uniforms(in, base, bd, gd)) {
        free(base);
        in->stop = true;
        return;
    }
    /* Per-thread constants that some `distinct` names are part of a thread's
     * identity: each of their values makes another thread. */
    int nid = 0;
    int *idsyms = xmalloc((size_t)in->nsyms * sizeof *idsyms + 1);
    for (int i = 0; i < in->k->nsyms; i++)
        if (in->k->syms[i]->kind == SYM_LOCAL && in->f->identity[i])
            idsyms[nid++] = i;
    int64_t *idval = xcalloc((size_t)nid + 1, sizeof *idval);
    int identity = 0;
    int64_t nblocks = gd[0] * gd[1] * gd[2], nthreads = bd[0] * bd[1] * bd[2];
    for (int64_t b = 0; b < nblocks && !in->stop; b++) {
        for (int64_t t = 0; t < nthreads && !in->stop; t++) {
            for (int i = 0; i < in->k->nsyms; i++) {
                const Sym *s = in->k->syms[i];
                if (s->builtin == BI_THREADIDX)
                    base[i] = s->axis == 0 ? t % bd[0] : s->axis == 1 ? t / bd[0] % bd[1] : t / (bd[0] * bd[1]);
                else if (s->builtin == BI_BLOCKIDX)
                    base[i] = s->axis == 0 ? b % gd[0] : s->axis == 1 ? b / gd[0] % gd[1] : b / (gd[0] * gd[1]);
            }
            memset(idval, 0, (size_t)nid * sizeof *idval);
            for (;;) {
                for (int j = 0; j < nid; j++)
                    base[idsyms[j]] = idval[j];
                run_thread(in, base, identity++, (int)b);
                int j = nid - 1;
                while (j >= 0 && ++idval[j] == in->o->values)
                    idval[j--] = 0;
                if (j < 0 || in->stop)
                    break;
            }
        }
    }
    free(idval);
    free(idsyms);
    free(base);
}

/* ---- pairs ---- */

static bool pair_assumes_hold(Interp *in, const Exec *self, const Exec *a, const Exec *b)
{
    EvalCtx c = {NULL, in->pool + a->env_at, in->pool + b->env_at};
    for (int i = 0; i < self->npa; i++) {
        const PairAssume *pa = &in->pas[self->pa_first + i];
        c.self = in->pool + pa->env_at;
        int64_t v;
        in->quiet = true;
        bool ok = eval(in, pa->stmt->u.assume.cond, &c, &v);
        in->quiet = false;
        if (!ok || !v)
            return false; /* an error evaluating a precondition rules the pair out */
    }
    return true;
}

/* Can executions a and b be the two threads T1 and T2 (in either role)? */
static bool admissible(Interp *in, const Exec *a, const Exec *b)
{
    if (a->identity == b->identity)
        return false;
    if (pair_assumes_hold(in, a, a, b) && pair_assumes_hold(in, b, a, b))
        return true;
    return pair_assumes_hold(in, a, b, a) && pair_assumes_hold(in, b, b, a);
}

static void add_thread_rows(Interp *in, Witness *w, const Exec *e, int thread)
{
    const int64_t *env = in->pool + e->env_at;
    for (int i = 0; i < in->k->nsyms; i++) {
        const Sym *s = in->k->syms[i];
        /* ids the kernel never looks at say nothing about the race */
        bool id = s->builtin == BI_THREADIDX || s->builtin == BI_BLOCKIDX;
        if ((id || s->kind == SYM_LOCAL) && in->f->used[i])
            witness_add_local(w, s, thread, env[i]);
    }
}

static void add_globals(Interp *in, Witness *w)
{
    const int64_t *env = in->pool + in->ex[0].env_at;
    for (int i = 0; i < in->k->nsyms; i++) {
        const Sym *s = in->k->syms[i];
        if (s->kind == SYM_UNIFORM && s->builtin != BI_WARPSIZE && in->f->used[i])
            witness_add_global(w, s, env[i]);
    }
}

static void report_race(Interp *in, const Access *w1, const Access *a2)
{
    Witness *w = result_add_race(in->r);
    const Exec *e1 = &in->ex[w1->exec], *e2 = &in->ex[a2->exec];
    w->stmt1 = w1->site->stmt;
    w->stmt2 = a2->site->stmt;
    w->array = w1->site->array;
    w->ndims = w1->site->stmt->u.access.nindex;
    w->index = xmalloc((size_t)(w->ndims + 1) * sizeof *w->index);
    memcpy(w->index, in->pool + w1->index_at, (size_t)w->ndims * sizeof *w->index);
    w->cross_block = e1->block != e2->block;
    w->definite = !site_has_unknowns(in->f, w1->site) && !site_has_unknowns(in->f, a2->site);
    add_globals(in, w);
    add_thread_rows(in, w, e1, 1);
    add_thread_rows(in, w, e2, 2);
    for (int i = 0; i < w1->site->nscope; i++)
        witness_add_local(w, w1->site->scope[i], 1, in->pool[w1->scope_at + i]);
    for (int i = 0; i < a2->site->nscope; i++)
        witness_add_local(w, a2->site->scope[i], 2, in->pool[a2->scope_at + i]);
}

static bool conflict(Interp *in, const Access *a, const Access *b)
{
    AccessMode ma = (AccessMode)a->site->stmt->u.access.mode;
    AccessMode mb = (AccessMode)b->site->stmt->u.access.mode;
    if (ma == ACC_RD && mb == ACC_RD)
        return false;
    if (ma == ACC_ATOMIC && mb == ACC_ATOMIC)
        return false;
    const Exec *ea = &in->ex[a->exec], *eb = &in->ex[b->exec];
    bool same_block = ea->block == eb->block;
    bool global = a->site->array->array->mem == MEM_GLOBAL;
    if (same_block ? a->phase != b->phase : !global)
        return false;
    return admissible(in, ea, eb);
}

static const Interp *sort_ctx; /* qsort has no context argument */

static int by_cell(const void *x, const void *y)
{
    const Access *a = x, *b = y;
    if (a->site->array->index != b->site->array->index)
        return a->site->array->index < b->site->array->index ? -1 : 1;
    int n = a->site->stmt->u.access.nindex;
    for (int i = 0; i < n; i++) {
        int64_t va = sort_ctx->pool[a->index_at + i], vb = sort_ctx->pool[b->index_at + i];
        if (va != vb)
            return va < vb ? -1 : 1;
    }
    /* program order among equals keeps reports deterministic */
    return a->exec != b->exec ? (a->exec < b->exec ? -1 : 1)
                              : (a->site->id != b->site->id ? (a->site->id < b->site->id ? -1 : 1) : 0);
}

static bool same_cell(Interp *in, const Access *a, const Access *b)
{
    return a->site->array == b->site->array &&
           memcmp(in->pool + a->index_at, in->pool + b->index_at,
                  (size_t)a->site->stmt->u.access.nindex * sizeof(int64_t)) == 0;
}

static bool already_reported(Interp *in, const Access *a, const Access *b)
{
    for (int i = 0; i < in->r->nraces; i++) {
        const Witness *w = &in->r->races[i];
        if (!in->o->all && w->array == a->site->array)
            return true;
        if ((w->stmt1 == a->site->stmt && w->stmt2 == b->site->stmt) ||
            (w->stmt1 == b->site->stmt && w->stmt2 == a->site->stmt))
            return true;
    }
    return false;
}

/* Within a group of accesses to one cell, writers against everyone. */
static void races_in_cell(Interp *in, Access *g, int n)
{
    for (int i = 0; i < n; i++) {
        if (g[i].site->stmt->u.access.mode == ACC_RD)
            continue;
        for (int j = 0; j < n; j++) {
            if (i == j || !conflict(in, &g[i], &g[j]) || already_reported(in, &g[i], &g[j]))
                continue;
            /* T1 is the writer: "write-read race" reads in that order */
            report_race(in, &g[i], &g[j]);
        }
    }
}

static void find_races(Interp *in)
{
    sort_ctx = in;
    qsort(in->acc, (size_t)in->nacc, sizeof *in->acc, by_cell);
    for (int i = 0; i < in->nacc;) {
        int j = i + 1;
        while (j < in->nacc && same_cell(in, &in->acc[i], &in->acc[j]))
            j++;
        if (j - i > 1)
            races_in_cell(in, in->acc + i, j - i);
        i = j;
    }
}

/* The first sync that a runs and b does not (at the first difference). */
static const Stmt *first_difference(Interp *in, const Exec *a, const Exec *b)
{
    int n = a->nsyncs < b->nsyncs ? a->nsyncs : b->nsyncs;
    for (int i = 0; i < n; i++)
        if (in->syncs[a->sync_first + i].hash != in->syncs[b->sync_first + i].hash)
            return in->syncs[a->sync_first + i].stmt;
    return a->nsyncs > n ? in->syncs[a->sync_first + n].stmt : NULL;
}

static bool find_divergence(Interp *in)
{
    for (int i = 0; i < in->nex; i++) {
        for (int j = i + 1; j < in->nex; j++) {
            const Exec *a = &in->ex[i], *b = &in->ex[j];
            if (a->block != b->block ||
                (a->nsyncs == b->nsyncs && a->sync_hash == b->sync_hash) || !admissible(in, a, b))
                continue;
            /* T1 is the thread that runs the sync the other one skips */
            const Stmt *sync = first_difference(in, a, b);
            if (!sync) {
                const Exec *t = a;
                a = b;
                b = t;
                sync = first_difference(in, a, b);
            }
            in->r->verdict = V_DIVERGENT;
            Witness *w = &in->r->divergence;
            w->stmt1 = sync;
            w->definite = true;
            add_globals(in, w);
            add_thread_rows(in, w, a, 1);
            add_thread_rows(in, w, b, 2);
            return true;
        }
    }
    return false;
}

KernelResult *interp_run(const Facts *f, const RunOptions *o)
{
    Interp in;
    memset(&in, 0, sizeof in);
    in.f = f;
    in.k = f->kernel;
    in.o = o;
    in.r = result_new(f->kernel, "run");
    in.nsyms = f->kernel->nsyms;
    in.env = xcalloc((size_t)in.nsyms + 1, sizeof *in.env);
    in.site_of = xcalloc((size_t)f->nstmts + 1, sizeof *in.site_of);
    for (int i = 0; i < f->nsites; i++)
        in.site_of[f->sites[i].stmt->id] = i;
    run_all_threads(&in);
    if (!in.stop && !find_divergence(&in))
        find_races(&in);
    free(in.env);
    free(in.site_of);
    free(in.choices);
    free(in.loops);
    free(in.acc);
    free(in.ex);
    free(in.syncs);
    free(in.pas);
    free(in.pool);
    return in.r;
}
