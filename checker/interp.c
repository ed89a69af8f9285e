/* The executable semantics of protocols [CAV21 Fig. 2]: every thread
 * runs, phases are cut by sync, a race is two conflicting accesses of
 * distinct threads in one phase (one block), or in any phases of two
 * blocks for a global array ([ICCAD18], p1-p6).  See interp.h. */
#include "interp.h"
#include "smt.h"

#include "diverge.h"
#include "fence.h"
#include "ticket.h"
#include "tile.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct Access {
    int exec;
    int phase;
    int grid_phase; /* `sync grid;` run before it: threads of two blocks meet only in one */
    uint64_t history; /* the syncs run before it (Interp.hash): threads of a block in one
                       * interval have run the same ones */
    int wide_phase; /* syncs of the block or grid run before it (phase counts tile syncs too) */
    size_t tphase_at; /* into Interp.pool: per tile size (Facts.tiles), the syncs that
                       * order two threads of such a tile run before it */
    const Site *site;
    size_t index_at; /* into Interp.pool: one value per dimension; for an array with
                      * byte accesses, the byte, then the access's range [lo, hi) */
    size_t scope_at; /* into Interp.pool: the site's scope values */
    bool valued;     /* `wr A[i] = e;`: the value written is known */
    int64_t value;
} Access;

/* The syncs run so far that order one memory space (dsl/fence.h): `sync
 * local;` advances shared's clock only.  Without fence flags both clocks
 * equal Interp's phase, wide_phase and hash. */
typedef struct SpaceClock {
    int phase, wide_phase;
    uint64_t hash;
} SpaceClock;

typedef struct SyncInst {
    const Stmt *stmt;
    uint64_t hash;  /* the sync and the values of its enclosing loop variables */
    size_t vals_at; /* into Interp.pool: the values of the sync's scope (Interp.sync_scope) */
} SyncInst;

typedef struct PairAssume {
    const Stmt *stmt;
    int occ;       /* the execution ran stmt occ times before this one */
    size_t env_at; /* the thread's whole environment when it ran the assume */
} PairAssume;

/* A value some threads share (docs/language.md 3.4): `local x uniform block;`,
 * `local x = sync;`, or `local x = rd A[i];` when no thread writes the
 * cell in that interval.  Threads are run one at a time, each over all
 * its choices, so sharing is a filter on pairs: two executions whose
 * runs of one such statement at one instance (and cell) disagree are not
 * threads of one launch (shares_agree). */
typedef struct SharedRun {
    const Stmt *stmt;
    uint64_t instance; /* the values of the enclosing loop variables */
    uint64_t cell;     /* a read's cell (array and index), else 0 */
    int phase;
    uint64_t history;  /* the syncs run before it */
    int64_t value;
    uint8_t group;     /* ShareGroup; a read's is settled after the run (settle_shared_reads) */
    int64_t lo, hi;    /* a byte read's range (an array with byte accesses); lo == hi otherwise */
    /* a read of a cell of an array whose contents the protocol states a
     * fact about (docs/language.md 3.10), with fact set: its index, and the
     * cells the fact covers, [0, fact_len) (a length <= 0 covers none; no
     * length, all: INT64_MAX); unwritten when no run writes the cell */
    bool fact;
    int64_t at, fact_len;
    bool unwritten;
} SharedRun;
/* A value drawn for `local x uniform ...;`: threads of one group must
 * agree on it at each occurrence (divergence only, tiles.h). */
typedef struct UniformDraw {
    const Stmt *stmt;
    int64_t value;
} UniformDraw;

typedef struct Exec {
    int identity; /* executions of one thread share it */
    int block;
    size_t env_at; /* environment at the start: ids, per-thread constants, uniforms */
    size_t end_at; /* environment at the end, then a bitmap of the names that have a value */
    int sync_first, nsyncs;
    uint64_t sync_hash;
    int ngrid_syncs;
    uint64_t grid_hash; /* the grid syncs' instances, which the whole grid must agree on */
    int64_t rank;       /* linear rank in the block: tiles (dsl/tile.h) */
    /* by level (Interp.level): the syncs that order two threads of one tile
     * of Facts.tiles[level] (level ntiles: of the block) */
    int lsyncs[13];
    uint64_t lhash[13];
    int ud_first, nud; /* uniform unknowns drawn (Interp.uds) */
    int pa_first, npa; /* sorted by (statement id, occurrence) */
    int sh_first, nsh; /* its SharedRuns */
    bool consistent;   /* its own shared reads agree (settle_shared_reads) */
} Exec;

/* The thread-local names visible at a sync (loops, lets, unknowns),
 * outermost first: Interp.scope_syms[first .. first + n). */
typedef struct Scope {
    int first, n;
} Scope;

/* A ticket's counter cell (ticket.h): `run` draws from it as the threads
 * of a launch do, one after another.  block: the block whose copy it is (a
 * shared array, or a block-scoped ticket, which is atomic only within its
 * block), -1 for the grid's one cell. */
typedef struct Counter {
    const Sym *array;
    int block;
    int64_t *index; /* nindex values */
    int nindex;
    int64_t next;
} Counter;

/* A set of unordered pairs of access sites (the races reported). */
typedef struct PairSet {
    uint64_t *keys; /* 0: empty */
    size_t cap, n;
} PairSet;

typedef struct Interp {
    const Facts *f;
    const Kernel *k;
    const RunOptions *o;
    KernelResult *r;
    int nsyms;
    int nwords; /* of a bitmap over the names */
    int64_t *env;
    int *site_of; /* statement id -> site index */
    /* static tables */
    Scope *sync_scope;  /* by statement id (syncs only) */
    const Sym **scope_syms;
    int nscope_syms, capscope_syms;
    /* the choices of the current execution, replayed like an odometer */
    int64_t *choices;
    int nchoices, capchoices, pos;
    /* the current execution */
    int phase, grid_phase, wide_phase;
    uint64_t hash, grid_hash;
    SpaceClock space[2]; /* by MemSpace: what an access to an array of that space sees */
    int tphase[12];   /* per tile size: Access.tphase_at */
    int lsyncs[13];   /* per level: Exec.lsyncs */
    uint64_t lhash[13];
    int level;        /* the divergence check at work: Exec.lsyncs */
    UniformDraw *uds;
    int nuds, capuds;
    uint32_t gen;     /* counts executions: set_gen[s] == gen when s got a value in this one */
    uint32_t *set_gen;
    bool discarded; /* an assume failed: this execution does not exist */
    bool stop;      /* a runtime error or the step limit: r says which */
    bool quiet;     /* evaluating a pairwise precondition: errors only fail it */
    bool failed;    /* the last evaluation hit a runtime error */
    int64_t steps;
    /* everything executed */
    Access *acc;
    int nacc, capacc;
    Exec *ex;
    int nex, capex;
    SyncInst *syncs;
    int nsyncs, capsyncs;
    PairAssume *pas;
    int npas, cappas;
    SharedRun *shared;
    int nshared, capshared;
    int64_t *pool;
    size_t npool, cappool;
    /* races */
    PairSet reported;
    bool *array_done; /* by Sym index: a race on it is reported (without --all) */
    int block;        /* the block of the thread running */
    Counter *counters;
    int ncounters, capcounters;
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
    if (n == 0)
        return in->npool;
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
        if ((e->op == OP_NEG && a == INT64_MIN) ||
            (op_is_conversion((Op)e->op) && !conversion_apply((Op)e->op, a, out))) {
            runtime_error(in, V_UNKNOWN, e->loc, "arithmetic overflow (values beyond 64 bits)");
            return false;
        }
        if (op_is_conversion((Op)e->op))
            return true;
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

/* ---- static tables: what a sync sees ---- */
/* (What an unknown decides is facts.h's site_potential, shared with the
 * engines so that both call an alarm definite by one rule.) */

typedef struct Walk {
    const Sym **stack; /* the thread-local names visible here */
    int n, cap;
} Walk;

static void walk_push(Walk *w, const Sym *s)
{
    VEC_PUSH(w->stack, w->n, w->cap, s);
}

static void walk_block(Interp *in, Walk *w, const Block *b)
{
    int mark = w->n;
    for (int i = 0; i < b->n; i++) {
        const Stmt *s = b->items[i];
        switch ((StmtKind)s->kind) {
        case S_ACCESS:
            if (s->u.access.into)
                walk_push(w, s->u.access.into->u.var.sym);
            if (s->u.access.ticket) /* an unknown, as `local t;` */
                walk_push(w, s->u.access.ticket->u.var.sym);
            break;
        case S_SYNC:
            if (s->u.sync.into)
                walk_push(w, s->u.sync.into->u.var.sym);
            in->sync_scope[s->id] = (Scope){in->nscope_syms, w->n};
            for (int j = 0; j < w->n; j++)
                VEC_PUSH(in->scope_syms, in->nscope_syms, in->capscope_syms, w->stack[j]);
            break;
        case S_IF:
            walk_block(in, w, &s->u.if_.then);
            walk_block(in, w, &s->u.if_.els);
            break;
        case S_LOOP: {
            int m = w->n;
            walk_push(w, s->u.loop.var->u.var.sym);
            walk_block(in, w, &s->u.loop.body);
            w->n = m;
            break;
        }
        case S_LET:
            walk_push(w, s->u.let.var->u.var.sym);
            break;
        case S_LOCAL:
            walk_push(w, s->u.local.var->u.var.sym);
            break;
        case S_ASSUME:
        case S_OPAQUE:
            break;
        }
    }
    w->n = mark;
}

static void build_tables(Interp *in)
{
    in->sync_scope = xcalloc((size_t)in->f->nstmts + 1, sizeof *in->sync_scope);
    Walk w = {NULL, 0, 0};
    walk_block(in, &w, &in->k->body);
    free(w.stack);
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

static void set_var(Interp *in, const Sym *s, int64_t v)
{
    in->env[s->index] = v;
    in->set_gen[s->index] = in->gen;
}

/* The enclosing loop variables' values: which instance of s runs. */
static uint64_t instance_of(const Interp *in, const Stmt *s)
{
    uint64_t h = 0;
    for (int id = in->f->parent[s->id]; id >= 0; id = in->f->parent[id])
        if (in->f->stmt[id]->kind == S_LOOP)
            h = mix(h, (uint64_t)in->env[in->f->stmt[id]->u.loop.var->u.var.sym->index]);
    return h;
}

static uint64_t cell_key(const Sym *array, const int64_t *idx, int n)
{
    uint64_t h = mix(1, (uint64_t)array->index);
    for (int i = 0; i < n; i++)
        h = mix(h, (uint64_t)idx[i]);
    return h ? h : 1;
}

/* The read just defined reads a cell of an array the protocol states a
 * fact about: its index and the fact's length, to check the fact against
 * the values drawn (facts_hold). */
static void note_fact_read(Interp *in, const ArrayDecl *d, const int64_t *idx, int n)
{
    SharedRun *r = &in->shared[in->nshared - 1];
    int64_t len = INT64_MAX;
    if (!d->fact || n != 1 || (d->fact_len && !eval_self(in, d->fact_len, &len)))
        return;
    r->fact = true;
    r->at = idx[0];
    r->fact_len = len;
}

/* var gets a fresh unknown value; one a group may share is remembered. */
static void define_shared(Interp *in, const Stmt *s, const Expr *var, ShareGroup g, uint64_t cell)
{
    int64_t v = choose(in);
    set_var(in, var->u.var.sym, v);
    if (g == GROUP_THREAD && !cell)
        return;
    SharedRun run = {s, instance_of(in, s), cell, in->phase, in->hash, v, (uint8_t)g, 0, 0, false, 0, 0, false};
    if (cell) { /* a read: its interval is its array's (Access.phase) */
        const SpaceClock *c = &in->space[s->u.access.array->u.var.sym->array->mem];
        run.phase = c->phase;
        run.history = c->hash;
    }
    VEC_PUSH(in->shared, in->nshared, in->capshared, run);
}
static void exec_ticket(Interp *in, const Stmt *s, const int64_t *idx);
static void restart_counter(Interp *in, const Stmt *s, const int64_t *idx, int64_t value);

/* Bytes of one access `run` follows one by one; a larger range (a big
 * memset) is cut to its first bytes, so `run` may miss a race there. */
enum { MAX_RUN_BYTES = 1 << 16 };

/* The bytes [lo, hi) the access s covers in this thread (docs/language.md
 * 3.3); false when a value is unknown. */
static bool byte_range_of(Interp *in, const Stmt *s, const int64_t *idx, int64_t *lo, int64_t *hi)
{
    if (access_is_bytes(s)) {
        int64_t w;
        if (!eval_self(in, s->u.access.byte_off, lo) || !eval_self(in, s->u.access.byte_width, &w))
            return false;
        *hi = w > 0 ? *lo + (w < MAX_RUN_BYTES ? w : MAX_RUN_BYTES) : *lo;
        return true;
    }
    const ArrayDecl *a = s->u.access.array->u.var.sym->array;
    int64_t flat = s->u.access.nindex ? idx[0] : 0, size;
    for (int d = 1; d < s->u.access.nindex && d < a->ndims; d++) {
        if (!eval_self(in, a->sizes[d], &size))
            return false;
        flat = flat * size + idx[d];
    }
    *lo = flat * a->elem_bytes;
    *hi = *lo + a->elem_bytes;
    return true;
}

/* Is the site's access keyed by byte (its array has byte accesses)? */
static int key_len(const Site *site)
{
    return site->array->array->has_bytes ? 1 : site->stmt->u.access.nindex;
}

static void push_access(Interp *in, const Stmt *s, const Site *site, const int64_t *idx, int n, int64_t value);

static void exec_access(Interp *in, const Stmt *s)
{
    const Site *site = &in->f->sites[in->site_of[s->id]];
    int64_t idx[s->u.access.nindex + 3];
    for (int i = 0; i < s->u.access.nindex; i++)
        if (!eval_self(in, s->u.access.index[i], &idx[i]))
            return;
    int64_t value = 0;
    if (s->u.access.value && !eval_self(in, s->u.access.value, &value))
        return;
    if (!site->array->array->has_bytes) {
        push_access(in, s, site, idx, s->u.access.nindex, value);
        if (s->u.access.into) {
            define_shared(in, s, s->u.access.into, GROUP_THREAD, cell_key(site->array, idx, s->u.access.nindex));
            note_fact_read(in, site->array->array, idx, s->u.access.nindex);
        }
        if (s->u.access.ticket)
            exec_ticket(in, s, idx);
        else if (s->u.access.mode == ACC_WR)
            restart_counter(in, s, idx, s->u.access.value ? value : 0);
        return;
    }
    int64_t range[3];
    if (!byte_range_of(in, s, idx, &range[1], &range[2]))
        return;
    for (range[0] = range[1]; range[0] < range[2]; range[0]++)
        push_access(in, s, site, range, 3, value);
    if (s->u.access.into) {
        define_shared(in, s, s->u.access.into, GROUP_THREAD, cell_key(site->array, range + 1, 2));
        in->shared[in->nshared - 1].lo = range[1];
        in->shared[in->nshared - 1].hi = range[2];
    }
    if (s->u.access.ticket)
        exec_ticket(in, s, idx);
    else if (s->u.access.mode == ACC_WR && !access_is_bytes(s))
        restart_counter(in, s, idx, s->u.access.value ? value : 0);
}

static void push_access(Interp *in, const Stmt *s, const Site *site, const int64_t *idx, int n, int64_t value)
{
    int64_t scope[site->nscope + 1];
    for (int i = 0; i < site->nscope; i++)
        scope[i] = in->env[site->scope[i]->index];
    size_t tphase_at = in->npool;
    for (int i = 0; i < in->f->ntiles; i++) {
        int64_t v = in->tphase[i];
        pool_put(in, &v, 1);
    }
    const SpaceClock *c = &in->space[site->array->array->mem];
    Access a = {in->nex, c->phase, in->grid_phase, c->hash, c->wide_phase, tphase_at, site,
                pool_put(in, idx, (size_t)n),
                pool_put(in, scope, (size_t)site->nscope), s->u.access.value != NULL, value};
    VEC_PUSH(in->acc, in->nacc, in->capacc, a);
}

/* Decrementing counters start this high, so that their draws stay naturals. */
enum { DECREMENT_START = 1 << 20 };

/* The block whose copy of the counter s draws from: its own for a shared
 * array or a block-scoped ticket, -1 (the grid's one) otherwise. */
static int counter_block(const Interp *in, const Stmt *s)
{
    const Sym *array = s->u.access.array->u.var.sym;
    return array->array->mem == MEM_SHARED || s->u.access.scope == SCOPE_BLOCK ? in->block : -1;
}

static Counter *find_counter(Interp *in, const Stmt *s, const int64_t *idx)
{
    const Sym *array = s->u.access.array->u.var.sym;
    int n = s->u.access.nindex;
    int block = counter_block(in, s);
    for (int i = 0; i < in->ncounters; i++) {
        Counter *c = &in->counters[i];
        if (c->array == array && c->block == block && !memcmp(c->index, idx, (size_t)n * sizeof *idx))
            return c;
    }
    return NULL;
}

/* A plain write of a counter (`if (tid == 0) n = 0;`) sets it: the draws
 * that follow count from the value written (0 when it is unknown). */
static void restart_counter(Interp *in, const Stmt *s, const int64_t *idx, int64_t value)
{
    Counter *c = find_counter(in, s, idx);
    if (c)
        c->next = value;
}

static Counter *counter_at(Interp *in, const Stmt *s, const int64_t *idx)
{
    const Sym *array = s->u.access.array->u.var.sym;
    int n = s->u.access.nindex;
    Counter *found = find_counter(in, s, idx);
    if (found)
        return found;
    Counter c = {array, counter_block(in, s), xmalloc((size_t)(n + 1) * sizeof *idx), n,
                 ticket_direction(s) < 0 ? DECREMENT_START : 0};
    memcpy(c.index, idx, (size_t)n * sizeof *idx);
    VEC_PUSH(in->counters, in->ncounters, in->capcounters, c);
    return &in->counters[in->ncounters - 1];
}

/* t = atomicAdd(&c[idx], k): the counter's value, which moves on by k; a
 * ticket whose draws are not known to be distinct is a plain unknown. */
static void exec_ticket(Interp *in, const Stmt *s, const int64_t *idx)
{
    const Sym *t = s->u.access.ticket->u.var.sym;
    if (!in->f->ticket_distinct[s->id]) {
        set_var(in, t, choose(in));
        return;
    }
    int64_t k;
    if (!eval_self(in, s->u.access.amount, &k))
        return;
    Counter *c = counter_at(in, s, idx);
    int64_t next;
    if (!arith(in, OP_ADD, s->loc, c->next, k, &next))
        return;
    set_var(in, t, c->next);
    c->next = next;
}

static void exec_sync(Interp *in, const Stmt *s)
{
    const Scope *sc = &in->sync_scope[s->id];
    int64_t vals[sc->n + 1];
    uint64_t h = mix(0, (uint64_t)s->id);
    for (int i = 0; i < sc->n; i++) {
        const Sym *v = in->scope_syms[sc->first + i];
        vals[i] = in->env[v->index];
        if (v->kind == SYM_LOOP)
            h = mix(h, (uint64_t)vals[i]);
    }
    SyncInst si = {s, h, pool_put(in, vals, (size_t)sc->n)};
    VEC_PUSH(in->syncs, in->nsyncs, in->capsyncs, si);
    in->hash = mix(in->hash, h);
    in->phase++;
    int tile = s->u.sync.tile, n = in->f->ntiles;
    for (int i = 0; i <= n; i++) /* the levels where it orders two threads */
        if (!tile || (i < n && tile >= in->f->tiles[i])) {
            in->lsyncs[i]++;
            in->lhash[i] = mix(in->lhash[i], h);
            if (i < n)
                in->tphase[i]++;
        }
    in->wide_phase += !tile;
    for (int m = 0; m < 2; m++)
        if (fence_orders(s->u.sync.unordered, (MemSpace)m)) {
            in->space[m].phase++;
            in->space[m].wide_phase += !tile;
            in->space[m].hash = mix(in->space[m].hash, h);
        }
    if (s->u.sync.grid) {
        in->grid_hash = mix(in->grid_hash, h);
        in->grid_phase++;
    }
    if (s->u.sync.into)
        define_shared(in, s, s->u.sync.into, s->u.sync.grid ? GROUP_GRID : GROUP_BLOCK, 0);
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

/* What the run keeps of everything executed (it compares the threads'
 * records pair by pair, so it grows with the steps). */
static size_t record_bytes(const Interp *in)
{
    return in->cappool * sizeof *in->pool + (size_t)in->capacc * sizeof *in->acc +
           (size_t)in->capex * sizeof *in->ex + (size_t)in->capsyncs * sizeof *in->syncs +
           (size_t)in->capshared * sizeof *in->shared + (size_t)in->cappas * sizeof *in->pas;
}

/* One more statement or loop iteration: false, and the run unknown, past
 * --max-steps, the time limit, or RUN_MAX_RECORD_BYTES of record. */
static bool take_step(Interp *in, const Stmt *s)
{
    if (++in->steps > in->o->max_steps) {
        runtime_error(in, V_UNKNOWN, s->loc, "step limit reached (--max-steps)");
        return false;
    }
    if (in->steps % 4096 != 0)
        return true;
    if (in->o->deadline_ms > 0 && smt_now_ms() > in->o->deadline_ms) {
        runtime_error(in, V_UNKNOWN, s->loc, "time limit reached (--timeout)");
        return false;
    }
    if (record_bytes(in) > RUN_MAX_RECORD_BYTES) {
        runtime_error(in, V_UNKNOWN, s->loc,
                      "the run's record of what the threads did reached 2 GiB (a smaller --max-steps or "
                      "launch bounds it)");
        return false;
    }
    return true;
}

static void exec_loop(Interp *in, const Stmt *s)
{
    int64_t x, bound, amount;
    if (!eval_self(in, s->u.loop.init, &x) || !eval_self(in, s->u.loop.bound, &bound) ||
        !eval_self(in, s->u.loop.amount, &amount))
        return;
    const Sym *var = s->u.loop.var->u.var.sym;
    /* Loop variables are naturals: a negative value ends the loop. */
    while (x >= 0 && loop_test((Op)s->u.loop.cmp, x, bound) && !in->stop && !in->discarded) {
        set_var(in, var, x);
        exec_block(in, &s->u.loop.body);
        int64_t next;
        if (!loop_step(in, s, x, amount, &next))
            break;
        bool additive = s->u.loop.step == STEP_ADD || s->u.loop.step == STEP_SUB;
        if (next == x && additive && !in->f->has_sync[s->id])
            break; /* a step of 0 without a sync: the same iteration again adds nothing (wellformed.c) */
        if (next == x) {
            char what[160];
            snprintf(what, sizeof what,
                     "loop never ends: '%s' stays %lld while its condition holds",
                     var->name, (long long)x);
            runtime_error(in, V_ILLFORMED, s->loc, what);
            break;
        }
        if (!take_step(in, s))
            break;
        x = next;
    }
}

static void exec_stmt(Interp *in, const Stmt *s)
{
    if (!take_step(in, s))
        return;
    switch ((StmtKind)s->kind) {
    case S_ACCESS:
        exec_access(in, s);
        return;
    case S_SYNC:
        exec_sync(in, s);
        return;
    case S_OPAQUE: /* what it stands for is unknown: the verdict says so (result_settle_opaque) */
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
    case S_LET: {
        int64_t v;
        if (eval_self(in, s->u.let.value, &v))
            set_var(in, s->u.let.var->u.var.sym, v);
        return;
    }
    case S_LOCAL:
        define_shared(in, s, s->u.local.var, (ShareGroup)s->u.local.group, 0);
        if (s->u.local.tile) {
            UniformDraw d = {s, in->env[s->u.local.var->u.var.sym->index]};
            VEC_PUSH(in->uds, in->nuds, in->capuds, d);
        }
        return;
    case S_ASSUME: {
        /* preconditions relating the threads are checked for each pair */
        if (expr_is_pairwise(s->u.assume.cond)) {
            /* kept with the whole environment: the pair is checked later,
             * each thread's values as they are here */
            PairAssume pa = {s, 0, pool_put(in, in->env, (size_t)in->nsyms)};
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

/* By statement, then in the order they ran (env_at grows with time). */
static int by_stmt_then_time(const void *x, const void *y)
{
    const PairAssume *a = x, *b = y;
    if (a->stmt->id != b->stmt->id)
        return a->stmt->id < b->stmt->id ? -1 : 1;
    return a->env_at < b->env_at ? -1 : a->env_at > b->env_at;
}

/* Sorts an execution's pairwise preconditions and numbers the runs of each. */
static void index_pair_assumes(Interp *in, int first, int n)
{
    if (n > 1)
        qsort(in->pas + first, (size_t)n, sizeof *in->pas, by_stmt_then_time);
    for (int i = 0; i < n; i++) {
        PairAssume *pa = &in->pas[first + i];
        pa->occ = i > 0 && pa[-1].stmt == pa->stmt ? pa[-1].occ + 1 : 0;
    }
}

/* The environment at the end, then which names have a value. */
static size_t put_end(Interp *in)
{
    size_t at = pool_put(in, in->env, (size_t)in->nsyms);
    int64_t words[in->nwords + 1];
    memset(words, 0, sizeof words);
    for (int i = 0; i < in->nsyms; i++) {
        SymKind kind = in->k->syms[i]->kind;
        bool set = (kind != SYM_LOOP && kind != SYM_LET && kind != SYM_UNKNOWN) ||
                   in->set_gen[i] == in->gen;
        if (set)
            words[i / 64] |= (int64_t)((uint64_t)1 << (i % 64));
    }
    pool_put(in, words, (size_t)in->nwords);
    return at;
}

static bool end_has(const Interp *in, const Exec *e, int sym)
{
    uint64_t w = (uint64_t)in->pool[e->end_at + (size_t)in->nsyms + (size_t)(sym / 64)];
    return (w >> (sym % 64)) & 1;
}

/* Runs every execution of one thread, whose ids and identity constants are
 * already in `base`. */
static void run_thread(Interp *in, const int64_t *base, int identity, int block, int64_t rank)
{
    in->nchoices = 0;
    in->block = block;
    do {
        memcpy(in->env, base, (size_t)in->nsyms * sizeof *in->env);
        in->pos = 0;
        in->phase = in->grid_phase = in->wide_phase = 0;
        in->hash = in->grid_hash = 0;
        memset(in->space, 0, sizeof in->space);
        memset(in->tphase, 0, sizeof in->tphase);
        memset(in->lsyncs, 0, sizeof in->lsyncs);
        memset(in->lhash, 0, sizeof in->lhash);
        in->discarded = false;
        in->gen++;
        int acc0 = in->nacc, sync0 = in->nsyncs, pa0 = in->npas, sh0 = in->nshared, ud0 = in->nuds;
        size_t pool0 = in->npool;
        for (int i = 0; i < in->k->nsyms; i++) {
            const Sym *s = in->k->syms[i];
            if (s->kind == SYM_LOCAL && !in->f->identity[i])
                in->env[i] = choose(in);
        }
        Exec e = {.identity = identity, .block = block, .env_at = pool_put(in, in->env, (size_t)in->nsyms),
                  .sync_first = sync0, .pa_first = pa0, .sh_first = sh0, .rank = rank, .ud_first = ud0,
                  .consistent = true};
        exec_block(in, &in->k->body);
        if (in->stop)
            return;
        if (in->discarded) {
            in->nacc = acc0;
            in->nsyncs = sync0;
            in->npas = pa0;
            in->nshared = sh0;
            in->nuds = ud0;
            in->npool = pool0;
        } else {
            e.end_at = put_end(in);
            e.nsyncs = in->nsyncs - sync0;
            e.sync_hash = in->hash;
            e.ngrid_syncs = in->grid_phase;
            e.grid_hash = in->grid_hash;
            memcpy(e.lsyncs, in->lsyncs, sizeof e.lsyncs);
            memcpy(e.lhash, in->lhash, sizeof e.lhash);
            e.nud = in->nuds - ud0;
            e.npa = in->npas - pa0;
            e.nsh = in->nshared - sh0;
            index_pair_assumes(in, pa0, e.npa);
            VEC_PUSH(in->ex, in->nex, in->capex, e);
        }
    } while (next_choices(in));
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
        base[i] = 0;
        bool found = launch_param_value(&in->o->launch, s->name, &base[i]);
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
    const Launch *l = &in->o->launch;
    for (int a = 0; a < 3; a++) {
        bd[a] = launch_knows(l, true, a) ? l->block_dim[a] : 1;
        gd[a] = launch_knows(l, false, a) ? l->grid_dim[a] : 1;
    }
    const char *missing = need_block && !launch_knows_all(l, true)   ? "--blockDim"
                        : need_grid && !launch_knows_all(l, false) ? "--gridDim"
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
                run_thread(in, base, identity++, (int)b, t);
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

/* e's run of statement id `stmt` that came after `occ` others, if any. */
static const PairAssume *pa_find(const Interp *in, const Exec *e, int stmt, int occ)
{
    int lo = e->pa_first, hi = e->pa_first + e->npa;
    while (lo < hi) {
        int mid = lo + (hi - lo) / 2;
        if (in->pas[mid].stmt->id < stmt)
            lo = mid + 1;
        else
            hi = mid;
    }
    int at = lo + occ;
    return at < e->pa_first + e->npa && in->pas[at].stmt->id == stmt ? &in->pas[at] : NULL;
}

/* Do self's pairwise preconditions hold with `other` as the other thread?
 * Each thread's values are taken where it ran the precondition: the other
 * thread's from its own run of the same statement (the same occurrence),
 * or from its start when it never got there. */
static bool assumes_hold(Interp *in, const Exec *self, const Exec *other, bool self_is_t1)
{
    for (int i = 0; i < self->npa; i++) {
        const PairAssume *pa = &in->pas[self->pa_first + i];
        const PairAssume *op = pa_find(in, other, pa->stmt->id, pa->occ);
        const int64_t *se = in->pool + pa->env_at;
        const int64_t *oe = in->pool + (op ? op->env_at : other->env_at);
        EvalCtx c = {se, self_is_t1 ? se : oe, self_is_t1 ? oe : se};
        int64_t v;
        in->quiet = true;
        bool ok = eval(in, pa->stmt->u.assume.cond, &c, &v);
        in->quiet = false;
        if (!ok || !v)
            return false; /* an error evaluating a precondition rules the pair out */
    }
    return true;
}

/* Must run x of execution a and run y of execution b give one value?  A
 * read: the same cell, read in one interval of one block (the same phase
 * after the same syncs), or anywhere when nobody writes the cell (both
 * GROUP_GRID), whatever statements read it (docs/language.md 3.6).
 * Another shared unknown: the same statement at the same instance, in one
 * block for a block's group. */
static bool runs_share(const Exec *a, const SharedRun *x, const Exec *b, const SharedRun *y)
{
    if (x->group == GROUP_THREAD || y->group == GROUP_THREAD)
        return false;
    if (x->cell || y->cell) {
        if (x->cell != y->cell)
            return false;
        if (x->group == GROUP_GRID && y->group == GROUP_GRID)
            return true;
        return a->block == b->block && x->phase == y->phase && x->history == y->history;
    }
    if (x->group == GROUP_BLOCK && a->block != b->block)
        return false;
    return y->stmt == x->stmt && y->instance == x->instance;
}

/* Do the values x and y read of one array meet the fact its declaration
 * states (both cells unwritten, in the fact's range)? */
static bool fact_holds(const SharedRun *x, const SharedRun *y)
{
    const ArrayDecl *d = x->stmt->u.access.array->u.var.sym->array;
    if (!x->fact || !y->fact || !x->unwritten || !y->unwritten || y->stmt->u.access.array->u.var.sym->array != d ||
        x->at < 0 || y->at < 0 || x->at >= x->fact_len || y->at >= x->fact_len)
        return true;
    if (d->fact == FACT_INJECTIVE)
        return x->at == y->at || x->value != y->value;
    return x->at < y->at ? x->value <= y->value : x->at > y->at ? x->value >= y->value : true;
}

/* Do a and b agree on every value they share, and on the facts the
 * protocol states about what they read? */
static bool shares_agree(const Interp *in, const Exec *a, const Exec *b)
{
    for (int i = 0; i < a->nsh; i++) {
        const SharedRun *x = &in->shared[a->sh_first + i];
        for (int j = 0; x->fact && j < b->nsh; j++)
            if (!fact_holds(x, &in->shared[b->sh_first + j]))
                return false;
        if (x->group == GROUP_THREAD)
            continue;
        for (int j = 0; j < b->nsh; j++) {
            const SharedRun *y = &in->shared[b->sh_first + j];
            if (y->value != x->value && runs_share(a, x, b, y))
                return false;
        }
    }
    return true;
}

/* Can executions t1 and t2 be the threads T1 and T2, in this order?  Each
 * must agree with itself too: two reads of one cell in one interval. */
static bool roles_hold(Interp *in, const Exec *t1, const Exec *t2)
{
    return t1->identity != t2->identity && t1->consistent && t2->consistent && shares_agree(in, t1, t2) &&
           assumes_hold(in, t1, t2, true) && assumes_hold(in, t2, t1, false);
}

static bool is_id(const Sym *s)
{
    return s->builtin == BI_THREADIDX || s->builtin == BI_BLOCKIDX;
}

/* Globals, ids and per-thread constants of T1 (e1) and T2 (e2): the ids
 * that the kernel uses or that tell the two threads apart, and the launch
 * sizes when ids are shown or the threads are in different blocks. */
static void add_thread_rows(Interp *in, Witness *w, const Exec *e1, const Exec *e2, bool cross)
{
    const int64_t *v1 = in->pool + e1->env_at, *v2 = in->pool + e2->env_at;
    bool ids = cross, block_ids = cross;
    for (int i = 0; i < in->k->nsyms; i++) {
        const Sym *s = in->k->syms[i];
        bool show = is_id(s) ? in->f->used[i] || v1[i] != v2[i]
                             : s->kind == SYM_LOCAL && in->f->used[i];
        ids |= show && is_id(s);
        block_ids |= show && s->builtin == BI_BLOCKIDX;
        if (show) {
            witness_add_local(w, s, 1, v1[i]);
            witness_add_local(w, s, 2, v2[i]);
        }
    }
    for (int i = 0; i < in->k->nsyms; i++) {
        const Sym *s = in->k->syms[i];
        if (s->kind != SYM_UNIFORM || s->builtin == BI_WARPSIZE)
            continue;
        bool dim = s->builtin == BI_BLOCKDIM ? ids : s->builtin == BI_GRIDDIM ? block_ids : false;
        if (in->f->used[i] || (dim && (s->axis == 0 || facts_axis_used(in->f, s->builtin, s->axis) || v1[i] > 1)))
            witness_add_global(w, s, v1[i]);
    }
}

/* w names byte b of its array: the cell that holds it, and the byte within. */
static void set_byte_cell(Interp *in, Witness *w, int64_t b)
{
    const ArrayDecl *a = w->array->array;
    int64_t sizes[a->ndims + 1];
    for (int d = 0; d < a->ndims; d++)
        if (d == 0 || !a->sizes[d] || !eval_self(in, a->sizes[d], &sizes[d]))
            sizes[d] = 1;
    witness_set_byte(w, a->ndims, sizes, a->elem_bytes, b);
}

static void report_race(Interp *in, const Access *a1, const Access *a2)
{
    Witness *w = result_add_race(in->r);
    const Exec *e1 = &in->ex[a1->exec], *e2 = &in->ex[a2->exec];
    w->stmt1 = a1->site->stmt;
    w->stmt2 = a2->site->stmt;
    w->array = a1->site->array;
    w->ndims = a1->site->stmt->u.access.nindex;
    w->index = xmalloc((size_t)(w->ndims + 1) * sizeof *w->index);
    memcpy(w->index, in->pool + a1->index_at, (size_t)w->ndims * sizeof *w->index);
    if (a1->site->array->array->has_bytes)
        set_byte_cell(in, w, in->pool[a1->index_at]);
    w->cross_block = e1->block != e2->block;
    w->definite = !in->f->site_potential[a1->site->id] && !in->f->site_potential[a2->site->id];
    add_thread_rows(in, w, e1, e2, w->cross_block);
    for (int i = 0; i < a1->site->nscope; i++)
        witness_add_local(w, a1->site->scope[i], 1, in->pool[a1->scope_at + i]);
    for (int i = 0; i < a2->site->nscope; i++)
        witness_add_local(w, a2->site->scope[i], 2, in->pool[a2->scope_at + i]);
}

/* ---- races ---- */

static uint64_t pair_key(const Site *a, const Site *b)
{
    uint64_t x = (uint64_t)a->id + 1, y = (uint64_t)b->id + 1;
    return x < y ? x << 32 | y : y << 32 | x;
}

static bool pairset_has(const PairSet *p, uint64_t key)
{
    if (!p->cap)
        return false;
    for (size_t i = mix(0, key) & (p->cap - 1);; i = (i + 1) & (p->cap - 1)) {
        if (p->keys[i] == key)
            return true;
        if (!p->keys[i])
            return false;
    }
}

static void pairset_add(PairSet *p, uint64_t key)
{
    if (2 * (p->n + 1) > p->cap) {
        PairSet bigger = {xcalloc(p->cap ? 2 * p->cap : 64, sizeof *p->keys),
                          p->cap ? 2 * p->cap : 64, 0};
        for (size_t i = 0; i < p->cap; i++)
            if (p->keys[i])
                pairset_add(&bigger, p->keys[i]);
        free(p->keys);
        *p = bigger;
    }
    size_t i = mix(0, key) & (p->cap - 1);
    while (p->keys[i] && p->keys[i] != key)
        i = (i + 1) & (p->cap - 1);
    if (!p->keys[i]) {
        p->keys[i] = key;
        p->n++;
    }
}

static bool block_scoped(const Site *s)
{
    return s->stmt->u.access.mode == ACC_ATOMIC && s->stmt->u.access.scope == SCOPE_BLOCK;
}

/* Can accesses of these two sites race at all (modes only)? */
static bool modes_conflict(const Site *a, const Site *b)
{
    AccessMode ma = (AccessMode)a->stmt->u.access.mode, mb = (AccessMode)b->stmt->u.access.mode;
    return (access_writes(a->stmt) || access_writes(b->stmt)) &&
           !(ma == ACC_ATOMIC && mb == ACC_ATOMIC && !block_scoped(a) && !block_scoped(b));
}

/* Two atomics of different blocks race when one is block-scoped. */
static bool atomics_synchronize(const Interp *in, const Access *a, const Access *b)
{
    return a->site->stmt->u.access.mode == ACC_ATOMIC && b->site->stmt->u.access.mode == ACC_ATOMIC &&
           (in->ex[a->exec].block == in->ex[b->exec].block || (!block_scoped(a->site) && !block_scoped(b->site)));
}

static bool site_pair_done(const Interp *in, const Site *a, const Site *b)
{
    return in->array_done[a->array->index] || pairset_has(&in->reported, pair_key(a, b));
}

/* Reports a race of a and b if some order of the two threads is allowed:
 * T1 is a (the writer, when there is one) when both orders are. */
/* The smallest level (Facts.tiles index) whose tile holds both threads of
 * one block; ntiles when none does. */
static int shared_level(const Interp *in, const Exec *a, const Exec *b)
{
    int i = 0;
    while (i < in->f->ntiles && a->rank / in->f->tiles[i] != b->rank / in->f->tiles[i])
        i++;
    return i;
}

/* Two accesses of one block in one interval of the block's syncs: does a
 * tile sync that orders the two threads lie between them? */
static bool tile_sync_between(const Interp *in, const Access *a, const Access *b)
{
    const Exec *ea = &in->ex[a->exec], *eb = &in->ex[b->exec];
    if (!in->f->ntiles || ea->block != eb->block)
        return false;
    int level = shared_level(in, ea, eb);
    return level < in->f->ntiles && in->pool[a->tphase_at + (size_t)level] != in->pool[b->tphase_at + (size_t)level];
}

/* Two writes' values are comparable only when they cover the same bytes. */
static bool same_range(const Interp *in, const Access *a, const Access *b)
{
    return !a->site->array->array->has_bytes || (in->pool[a->index_at + 1] == in->pool[b->index_at + 1] &&
                                                 in->pool[a->index_at + 2] == in->pool[b->index_at + 2]);
}

static bool try_race(Interp *in, const Access *a, const Access *b)
{
    const Exec *ea = &in->ex[a->exec], *eb = &in->ex[b->exec];
    if (ea->identity == eb->identity || atomics_synchronize(in, a, b) || tile_sync_between(in, a, b))
        return false;
    const Access *t1 = a, *t2 = b;
    if (!roles_hold(in, ea, eb)) {
        if (!roles_hold(in, eb, ea))
            return false;
        t1 = b;
        t2 = a;
    }
    if (!in->o->strict_writes && a->valued && b->valued && a->value == b->value && same_range(in, a, b)) {
        /* both write one value: benign (DESIGN.md, Writes), a note */
        if (t1->site->array->array->has_bytes) {
            Witness cell = {.array = t1->site->array};
            set_byte_cell(in, &cell, in->pool[t1->index_at + 1]);
            result_add_benign(in->r, t1->site->stmt->loc, t1->site->array->name, cell.index, cell.ndims, t1->value);
            witness_free(&cell);
        } else
            result_add_benign(in->r, t1->site->stmt->loc, t1->site->array->name, in->pool + t1->index_at,
                              t1->site->stmt->u.access.nindex, t1->value);
        return false;
    }
    report_race(in, t1, t2);
    pairset_add(&in->reported, pair_key(a->site, b->site));
    if (!in->o->all)
        in->array_done[a->site->array->index] = true;
    return true;
}

/* The accesses x[0..nx) of one site against y[0..ny) of another (or the
 * same list: then each pair once).  cross: only pairs of different blocks,
 * and y is sorted by block.  Stops at the first race. */
static void race_sites(Interp *in, const Access *x, int nx, const Access *y, int ny, bool cross)
{
    const Site *sx = x[0].site, *sy = y[0].site;
    if (!modes_conflict(sx, sy) || site_pair_done(in, sx, sy))
        return;
    bool same = x == y;
    /* T1 is the writer: "write-read race" reads in that order */
    bool x_first = sx->stmt->u.access.mode != ACC_RD;
    for (int i = 0; i < nx; i++) {
        int block = in->ex[x[i].exec].block, lo = ny, hi = ny;
        if (cross) { /* y[lo..hi) is x[i]'s block: skipped */
            int l = 0, h = ny;
            while (l < h) {
                int m = l + (h - l) / 2;
                if (in->ex[y[m].exec].block < block)
                    l = m + 1;
                else
                    h = m;
            }
            lo = hi = l;
            while (hi < ny && in->ex[y[hi].exec].block == block)
                hi++;
        }
        for (int j = same ? i + 1 : 0; j < ny; j++) {
            if (j >= lo && j < hi) {
                j = hi - 1;
                continue;
            }
            if (cross && x[i].grid_phase != y[j].grid_phase)
                continue; /* a `sync grid;` lies between them */
            bool hit = x_first ? try_race(in, &x[i], &y[j]) : try_race(in, &y[j], &x[i]);
            if (hit)
                return;
        }
    }
}

/* Runs of equal keys in g[0..n): for each run, calls back with it. */
typedef bool (*SameKey)(const Interp *in, const Access *a, const Access *b);

static bool same_site(const Interp *in, const Access *a, const Access *b)
{
    (void)in;
    return a->site == b->site;
}

static bool same_bucket(const Interp *in, const Access *a, const Access *b)
{
    /* the block's syncs: tile syncs are for try_race (tile_sync_between) */
    return in->ex[a->exec].block == in->ex[b->exec].block && a->wide_phase == b->wide_phase;
}

static int run_end(const Interp *in, const Access *g, int n, int i, SameKey same)
{
    int j = i + 1;
    while (j < n && same(in, &g[i], &g[j]))
        j++;
    return j;
}

/* g[0..n) is sorted by site: every pair of sites, each pair once. */
static void race_site_pairs(Interp *in, const Access *g, int n, bool cross)
{
    for (int i = 0; i < n && !in->array_done[g[0].site->array->index];) {
        int ie = run_end(in, g, n, i, same_site);
        for (int j = i; j < n;) {
            int je = run_end(in, g, n, j, same_site);
            race_sites(in, g + i, ie - i, g + j, je - j, cross);
            j = je;
        }
        i = ie;
    }
}

static const Interp *sort_ctx; /* qsort has no context argument */

static int cmp_int(int64_t a, int64_t b)
{
    return a < b ? -1 : a > b;
}

/* By cell, then block and phase, then site and execution. */
static int by_cell(const void *x, const void *y)
{
    const Access *a = x, *b = y;
    int c = cmp_int(a->site->array->index, b->site->array->index);
    for (int i = 0; !c && i < key_len(a->site); i++)
        c = cmp_int(sort_ctx->pool[a->index_at + i], sort_ctx->pool[b->index_at + i]);
    if (!c)
        c = cmp_int(sort_ctx->ex[a->exec].block, sort_ctx->ex[b->exec].block);
    if (!c)
        c = cmp_int(a->wide_phase, b->wide_phase);
    if (!c)
        c = cmp_int(a->site->id, b->site->id);
    if (!c)
        c = cmp_int(a->phase, b->phase);
    return c ? c : cmp_int(a->exec, b->exec);
}

/* Within one cell: by site, then block and execution (phases do not
 * matter between blocks). */
static int by_site_block(const void *x, const void *y)
{
    const Access *a = x, *b = y;
    int c = cmp_int(a->site->id, b->site->id);
    if (!c)
        c = cmp_int(sort_ctx->ex[a->exec].block, sort_ctx->ex[b->exec].block);
    if (!c)
        c = cmp_int(a->exec, b->exec);
    return c ? c : cmp_int(a->grid_phase, b->grid_phase);
}

static bool same_cell(Interp *in, const Access *a, const Access *b)
{
    return a->site->array == b->site->array &&
           memcmp(in->pool + a->index_at, in->pool + b->index_at,
                  (size_t)key_len(a->site) * sizeof(int64_t)) == 0;
}

/* Keeps one of each run of accesses by the same execution at the same site
 * (and in the same phase, when by_phase); g is sorted so that those are
 * adjacent.  Repeating an access adds nothing.  Returns the new length. */
static int dedupe(Access *g, int n, bool by_phase)
{
    int m = 0;
    for (int i = 0; i < n; i++) {
        if (m > 0 && g[m - 1].exec == g[i].exec && g[m - 1].site == g[i].site &&
            g[m - 1].grid_phase == g[i].grid_phase && (!by_phase || g[m - 1].phase == g[i].phase))
            continue;
        g[m++] = g[i];
    }
    return m;
}

/* All accesses g[0..n) are to one cell, sorted by block, phase, site, execution. */
static void races_in_cell(Interp *in, Access *g, int n, Access **scratch, int *capscratch)
{
    n = dedupe(g, n, true);
    /* threads of one block, in one barrier interval */
    for (int i = 0; i < n && !in->o->only_across_blocks;) {
        int e = run_end(in, g, n, i, same_bucket);
        if (e - i > 1)
            race_site_pairs(in, g + i, e - i, false);
        i = e;
    }
    /* threads of different blocks, for a global array (g is sorted by block) */
    if (g[0].site->array->array->mem != MEM_GLOBAL || in->o->only_intra_group ||
        in->array_done[g[0].site->array->index] ||
        in->ex[g[0].exec].block == in->ex[g[n - 1].exec].block)
        return;
    if (n > *capscratch) {
        *capscratch = n > 2 * *capscratch ? n : 2 * *capscratch; /* groups growing by one stay linear */
        *scratch = xrealloc(*scratch, (size_t)*capscratch * sizeof **scratch);
    }
    memcpy(*scratch, g, (size_t)n * sizeof *g);
    qsort(*scratch, (size_t)n, sizeof **scratch, by_site_block);
    race_site_pairs(in, *scratch, dedupe(*scratch, n, false), true);
}

/* The cell lies inside the array's constant sizes: a race only an
 * out-of-bounds access makes is none (the same as race_in_bounds). */
static bool in_bounds(const Interp *in, const Access *a)
{
    const ArrayDecl *decl = a->site->array->array;
    const int64_t *idx = in->pool + a->index_at;
    int64_t size;
    if (decl && decl->has_bytes) { /* the byte lies inside the array's constant size */
        int64_t total = decl->elem_bytes;
        for (int d = 0; d < decl->ndims; d++) {
            if (!decl->sizes[d] || !expr_constant(decl->sizes[d], &size) || size <= 0 || total > INT64_MAX / size)
                return true;
            total *= size;
        }
        return idx[0] < total;
    }
    for (int d = 0; decl && decl->sizes && d < a->site->stmt->u.access.nindex && d < decl->ndims; d++)
        if (decl->sizes[d] && expr_constant(decl->sizes[d], &size) && size > 0 && idx[d] >= size)
            return false;
    return true;
}

static void find_races(Interp *in)
{
    sort_ctx = in;
    if (in->nacc > 1)
        qsort(in->acc, (size_t)in->nacc, sizeof *in->acc, by_cell);
    in->array_done = xcalloc((size_t)in->nsyms + 1, sizeof *in->array_done);
    Access *scratch = NULL;
    int capscratch = 0;
    for (int i = 0; i < in->nacc;) {
        int j = i + 1;
        while (j < in->nacc && same_cell(in, &in->acc[i], &in->acc[j]))
            j++;
        if (j - i > 1 && !in->array_done[in->acc[i].site->array->index] && in_bounds(in, &in->acc[i]))
            races_in_cell(in, in->acc + i, j - i, &scratch, &capscratch);
        i = j;
    }
    free(scratch);
}

/* ---- barrier divergence ---- */

static const Scope *scope_of(const Interp *in, const SyncInst *s)
{
    return &in->sync_scope[s->stmt->id];
}

/* The same sync with the same values of its enclosing loop variables. */
static bool same_instance(const Interp *in, const SyncInst *a, const SyncInst *b)
{
    if (a->stmt != b->stmt || a->hash != b->hash)
        return false;
    const Scope *sc = scope_of(in, a);
    for (int i = 0; i < sc->n; i++)
        if (in->scope_syms[sc->first + i]->kind == SYM_LOOP &&
            in->pool[a->vals_at + (size_t)i] != in->pool[b->vals_at + (size_t)i])
            return false;
    return true;
}

/* Does the sync order two threads of one group of the level at work
 * (a tile of Facts.tiles[level], or the block)? */
static bool sync_at_level(const Interp *in, const Stmt *sync)
{
    int tile = sync->u.sync.tile;
    return !tile || (in->level < in->f->ntiles && tile >= in->f->tiles[in->level]);
}

/* The i-th of e's syncs at the level at work. */
static const SyncInst *sync_at(const Interp *in, const Exec *e, int i)
{
    for (int j = 0; j < e->nsyncs; j++) {
        const SyncInst *s = &in->syncs[e->sync_first + j];
        if (sync_at_level(in, s->stmt) && i-- == 0)
            return s;
    }
    return NULL;
}

static int level_syncs(const Interp *in, const Exec *e)
{
    return e->lsyncs[in->level];
}

static bool runs_instance(const Interp *in, const Exec *e, const SyncInst *s)
{
    for (int i = 0; i < e->nsyncs; i++)
        if (same_instance(in, &in->syncs[e->sync_first + i], s))
            return true;
    return false;
}

static int count_runs(const Interp *in, const Exec *e, const Stmt *sync)
{
    int n = 0;
    for (int i = 0; i < e->nsyncs; i++)
        n += in->syncs[e->sync_first + i].stmt == sync;
    return n;
}

static const char *times(int n)
{
    static char buf[2][32];
    static int turn;
    char *b = buf[turn++ & 1];
    if (n == 1)
        return "once";
    if (n == 2)
        return "twice";
    snprintf(b, sizeof buf[0], "%d times", n);
    return b;
}

/* " with i = 3, j = 0": the instance's loop variables, or "". */
static void instance_text(const Interp *in, const SyncInst *s, char *buf, size_t size)
{
    const Scope *sc = scope_of(in, s);
    size_t n = 0;
    buf[0] = '\0';
    bool first = true;
    for (int i = 0; i < sc->n && n < size; i++) {
        const Sym *v = in->scope_syms[sc->first + i];
        if (v->kind != SYM_LOOP)
            continue;
        n += (size_t)snprintf(buf + n, size - n, "%s %s = %" PRId64, first ? " with" : ",", v->name,
                              in->pool[s->vals_at + (size_t)i]);
        first = false;
    }
}

/* The values a thread has where the two threads part: at its sync there,
 * or, when it has none (it ended), the unknowns and lets of the divergent
 * sync's scope that it gave a value. */
static void add_divergence_rows(Interp *in, Witness *w, const Exec *e, int thread, int at,
                                const SyncInst *divergent)
{
    const SyncInst *mine = sync_at(in, e, at);
    if (mine) {
        const Scope *sc = scope_of(in, mine);
        for (int i = 0; i < sc->n; i++)
            witness_add_local(w, in->scope_syms[sc->first + i], thread,
                              in->pool[mine->vals_at + (size_t)i]);
        return;
    }
    const Scope *sc = scope_of(in, divergent);
    for (int i = 0; i < sc->n; i++) {
        const Sym *v = in->scope_syms[sc->first + i];
        if (v->kind != SYM_LOOP && end_has(in, e, v->index))
            witness_add_local(w, v, thread, in->pool[e->end_at + (size_t)v->index]);
    }
}

/* "block", "warp", "tile of 16 threads": the group at the level at work */
static const char *divergence_group_name(const Interp *in)
{
    static char buf[48];
    return in->level >= in->f->ntiles ? "block" : tile_name(in->f->tiles[in->level], buf, sizeof buf);
}

/* The run's verdict becomes divergent at inst, whose witness is returned;
 * `with` gets the instance's loop values, for its note. */
static Witness *divergence_at(Interp *in, const SyncInst *inst, char *with, size_t size)
{
    in->r->verdict = V_DIVERGENT;
    Witness *w = &in->r->divergence;
    w->stmt1 = inst->stmt;
    w->definite = !in->f->sync_potential[inst->stmt->id];
    instance_text(in, inst, with, size);
    return w;
}

/* a and b are threads of one block whose syncs differ; ab / ba: whether
 * (a, b) / (b, a) may be (T1, T2), -1 when not known yet. */
static void report_divergence(Interp *in, const Exec *a, const Exec *b, int ab, int ba)
{
    int n = 0;
    while (n < level_syncs(in, a) && n < level_syncs(in, b) &&
           same_instance(in, sync_at(in, a, n), sync_at(in, b, n)))
        n++;
    const SyncInst *ia = sync_at(in, a, n), *ib = sync_at(in, b, n);
    bool a_only = ia && !runs_instance(in, b, ia), b_only = ib && !runs_instance(in, a, ib);
    if (ab < 0)
        ab = roles_hold(in, a, b);
    /* T1 runs a sync that T2 does not, when the preconditions allow it */
    bool swap;
    if (!(ab && a_only) && b_only) {
        if (ba < 0)
            ba = roles_hold(in, b, a);
        swap = ba || !ab;
    } else {
        swap = !ab;
    }
    if (swap) {
        const Exec *t = a;
        a = b;
        b = t;
        const SyncInst *ti = ia;
        ia = ib;
        ib = ti;
        bool tb = a_only;
        a_only = b_only;
        b_only = tb;
    }
    /* now a is T1, b is T2 */
    int runner = a_only ? 1 : b_only ? 2 : 1;
    const SyncInst *inst = runner == 1 ? ia : ib;
    char with[512];
    Witness *w = divergence_at(in, inst, with, sizeof with);
    if (a_only || b_only) {
        int other = 3 - runner;
        const SyncInst *there = runner == 1 ? ib : ia; /* what the other one runs instead */
        int c1 = count_runs(in, a, inst->stmt), c2 = count_runs(in, b, inst->stmt);
        int cr = runner == 1 ? c1 : c2, co = runner == 1 ? c2 : c1;
        char more[256] = "";
        if (there && there->stmt != inst->stmt)
            snprintf(more, sizeof more, ": T%d runs the sync at line %u instead", other,
                     loc_line(there->stmt->loc));
        else if (co > 0 && cr != co)
            snprintf(more, sizeof more, " (T%d runs it %s, T%d %s)", runner, times(cr), other,
                     times(co));
        else if (co > 0)
            snprintf(more, sizeof more, " (both run it %s, with other values)", times(cr));
        witness_set_note(w, "T%d runs this sync%s and T%d, in the same %s, does not%s", runner,
                         with, other, divergence_group_name(in), more);
    } else {
        char with2[512];
        instance_text(in, ib, with2, sizeof with2);
        witness_set_note(w,
                         "T1 runs this sync%s where T2, in the same %s, runs the one at line %u%s "
                         "(they meet their syncs in different orders)",
                         with, divergence_group_name(in), loc_line(ib->stmt->loc), with2);
    }
    add_thread_rows(in, w, a, b, false);
    add_divergence_rows(in, w, a, 1, n, inst);
    add_divergence_rows(in, w, b, 2, n, inst);
}

/* Which tile of the level at work the thread is in (0: the block's level). */
static int64_t tile_of(const Interp *in, const Exec *e)
{
    return in->level < in->f->ntiles ? e->rank / in->f->tiles[in->level] : 0;
}

/* Executions by block and tile, then by their sequence of syncs. */
static int by_sync_group(const void *x, const void *y)
{
    const Exec *a = &sort_ctx->ex[*(const int *)x], *b = &sort_ctx->ex[*(const int *)y];
    int L = sort_ctx->level;
    int c = cmp_int(a->block, b->block);
    if (!c)
        c = cmp_int(tile_of(sort_ctx, a), tile_of(sort_ctx, b));
    if (!c)
        c = cmp_int(a->lsyncs[L], b->lsyncs[L]);
    if (!c)
        c = a->lhash[L] < b->lhash[L] ? -1 : a->lhash[L] > b->lhash[L];
    return c ? c : cmp_int(*(const int *)x, *(const int *)y);
}

typedef struct Group {
    int first, n; /* order[first .. first + n) */
    int key;      /* its first (smallest) execution */
} Group;

static int by_key(const void *x, const void *y)
{
    return cmp_int(((const Group *)x)->key, ((const Group *)y)->key);
}

static bool same_group(const Interp *in, const Exec *a, const Exec *b)
{
    return a->block == b->block && tile_of(in, a) == tile_of(in, b);
}

static bool same_syncs(const Interp *in, const Exec *a, const Exec *b)
{
    int L = in->level;
    return same_group(in, a, b) && a->lsyncs[L] == b->lsyncs[L] && a->lhash[L] == b->lhash[L];
}

/* The unknowns uniform over the group at work (`local x uniform warp;`)
 * have one value in both at each occurrence: else the two executions are
 * not of one launch. */
static bool uniform_draws_agree(const Interp *in, const Exec *a, const Exec *b)
{
    int tile = in->level < in->f->ntiles ? in->f->tiles[in->level] : 0;
    for (int i = 0; i < a->nud; i++) {
        const UniformDraw *x = &in->uds[a->ud_first + i];
        if (!uniform_covers(x->stmt->u.local.tile, tile))
            continue;
        int occ = 0; /* x is the occ-th draw of its statement in a */
        for (int j = 0; j < i; j++)
            occ += in->uds[a->ud_first + j].stmt == x->stmt;
        for (int j = 0; j < b->nud; j++) {
            const UniformDraw *y = &in->uds[b->ud_first + j];
            if (y->stmt == x->stmt && occ-- == 0) {
                if (y->value != x->value)
                    return false;
                break;
            }
        }
    }
    return true;
}

/* Two threads of one block (of one tile, at a tile's level) that run
 * different syncs: only executions of different groups (block and tile,
 * sequence of syncs) are compared, and the first pair that the
 * preconditions allow is reported. */
static bool find_divergence_at(Interp *in)
{
    if (in->nex < 2)
        return false;
    sort_ctx = in;
    int *order = xmalloc((size_t)in->nex * sizeof *order);
    for (int i = 0; i < in->nex; i++)
        order[i] = i;
    qsort(order, (size_t)in->nex, sizeof *order, by_sync_group);
    Group *groups = xmalloc((size_t)in->nex * sizeof *groups);
    bool found = false;
    for (int i = 0; i < in->nex && !found;) {
        int ng = 0, j = i;
        while (j < in->nex && same_group(in, &in->ex[order[i]], &in->ex[order[j]])) {
            int k = j + 1;
            while (k < in->nex && same_syncs(in, &in->ex[order[j]], &in->ex[order[k]]))
                k++;
            groups[ng++] = (Group){j, k - j, order[j]};
            j = k;
        }
        /* groups in the order of their first execution: deterministic, natural witnesses */
        qsort(groups, (size_t)ng, sizeof *groups, by_key);
        for (int g1 = 0; g1 < ng && !found; g1++)
            for (int g2 = g1 + 1; g2 < ng && !found; g2++) {
                const Group *x = &groups[g1], *y = &groups[g2];
                for (int p = 0; p < x->n && !found; p++)
                    for (int q = 0; q < y->n && !found; q++) {
                        const Exec *a = &in->ex[order[x->first + p]], *b = &in->ex[order[y->first + q]];
                        if (a->identity == b->identity || !uniform_draws_agree(in, a, b))
                            continue;
                        int ab = roles_hold(in, a, b), ba = ab ? -1 : roles_hold(in, b, a);
                        if (!ab && !ba)
                            continue;
                        report_divergence(in, a, b, ab, ba);
                        found = true;
                    }
            }
        i = j;
    }
    free(groups);
    free(order);
    return found;
}

/* The block's syncs, then each tile size's, from the largest: every
 * thread of a group must run the syncs that order it with the others. */
static bool find_divergence(Interp *in)
{
    bool found = false;
    for (in->level = in->f->ntiles; in->level >= 0 && !found; in->level--)
        found = find_divergence_at(in);
    in->level = 0;
    return found;
}

/* ---- divergence across the grid (`sync grid;`) ---- */

static const SyncInst *grid_sync_at(const Interp *in, const Exec *e, int n)
{
    for (int i = 0; i < e->nsyncs; i++) {
        const SyncInst *s = &in->syncs[e->sync_first + i];
        if (s->stmt->u.sync.grid && n-- == 0)
            return s;
    }
    return NULL;
}

static bool same_grid_syncs(const Exec *a, const Exec *b)
{
    return a->ngrid_syncs == b->ngrid_syncs && a->grid_hash == b->grid_hash;
}

static int by_grid_syncs(const void *x, const void *y)
{
    const Exec *a = &sort_ctx->ex[*(const int *)x], *b = &sort_ctx->ex[*(const int *)y];
    int c = cmp_int(a->ngrid_syncs, b->ngrid_syncs);
    if (!c)
        c = a->grid_hash < b->grid_hash ? -1 : a->grid_hash > b->grid_hash;
    return c ? c : cmp_int(*(const int *)x, *(const int *)y);
}

/* a runs a grid sync instance that b does not run there; reported with
 * a as T1 when the preconditions allow it, else as T2.  False when they
 * allow neither. */
static bool report_grid_divergence(Interp *in, const Exec *a, const Exec *b)
{
    int n = 0;
    while (n < a->ngrid_syncs && n < b->ngrid_syncs &&
           same_instance(in, grid_sync_at(in, a, n), grid_sync_at(in, b, n)))
        n++;
    if (!grid_sync_at(in, a, n)) {
        const Exec *t = a;
        a = b;
        b = t;
    }
    const SyncInst *inst = grid_sync_at(in, a, n);
    int runner = roles_hold(in, a, b) ? 1 : roles_hold(in, b, a) ? 2 : 0;
    if (!inst || !runner)
        return false;
    char with[512];
    Witness *w = divergence_at(in, inst, with, sizeof with);
    witness_set_note(w, "T%d runs this grid-wide sync%s and T%d, %s, does not: every thread of the grid must",
                     runner, with, 3 - runner, a->block == b->block ? "in the same block" : "in another block");
    if (runner == 1)
        add_thread_rows(in, w, a, b, false);
    else
        add_thread_rows(in, w, b, a, false);
    return true;
}

/* Two threads of the grid that run different `sync grid;` instances:
 * executions are grouped by their sequence of grid syncs, and only
 * executions of different groups are compared. */
static bool find_grid_divergence(Interp *in)
{
    if (in->f->ngrid_syncs == 0 || in->nex < 2)
        return false;
    sort_ctx = in;
    int *order = xmalloc((size_t)in->nex * sizeof *order);
    for (int i = 0; i < in->nex; i++)
        order[i] = i;
    qsort(order, (size_t)in->nex, sizeof *order, by_grid_syncs);
    bool found = false;
    /* each group against the executions of the groups after it */
    for (int g = 0; g < in->nex && !found;) {
        int ge = g + 1;
        while (ge < in->nex && same_grid_syncs(&in->ex[order[g]], &in->ex[order[ge]]))
            ge++;
        for (int i = g; i < ge && !found; i++)
            for (int j = ge; j < in->nex && !found; j++) {
                const Exec *a = &in->ex[order[i]], *b = &in->ex[order[j]];
                if (a->identity != b->identity)
                    found = report_grid_divergence(in, a, b);
            }
        g = ge;
    }
    free(order);
    return found;
}

/* ---- values read from memory ---- */

typedef struct WriteKey {
    uint64_t cell;
    int block, phase;
    uint64_t history;
} WriteKey;

static int by_write_key(const void *x, const void *y)
{
    const WriteKey *a = x, *b = y;
    if (a->cell != b->cell)
        return a->cell < b->cell ? -1 : 1;
    return a->block != b->block ? cmp_int(a->block, b->block) : cmp_int(a->phase, b->phase);
}

/* The group a read r shares its value with, given the writes w[lo..hi)
 * of its cell (any execution of any thread): the grid when no one writes
 * it (a global array), the block when no thread of the block writes it in
 * the read's interval (the same phase after the same syncs) and, for a
 * global array, no thread of another block at all; else the thread alone. */
static ShareGroup read_group_at(const WriteKey *w, int lo, int hi, int block, const SharedRun *r, bool global)
{
    if (lo == hi)
        return global ? GROUP_GRID : GROUP_BLOCK;
    for (int i = lo; i < hi; i++)
        if ((w[i].block == block && w[i].phase == r->phase && w[i].history == r->history) ||
            (global && w[i].block != block))
            return GROUP_THREAD;
    return GROUP_BLOCK;
}

/* The writes w[lo..hi) of one key (w is sorted by key). */
static void writes_of(const WriteKey *w, int nw, uint64_t key, int *lo, int *hi)
{
    int l = 0, h = nw;
    while (l < h) {
        int mid = l + (h - l) / 2;
        if (w[mid].cell < key)
            l = mid + 1;
        else
            h = mid;
    }
    *lo = h = l;
    while (h < nw && w[h].cell == key)
        h++;
    *hi = h;
}

/* A byte read is shared as far as every byte it reads is. */
static ShareGroup byte_read_group(const WriteKey *w, int nw, int block, const SharedRun *r)
{
    const Sym *array = r->stmt->u.access.array->u.var.sym;
    bool global = array->array->mem == MEM_GLOBAL;
    ShareGroup g = global ? GROUP_GRID : GROUP_BLOCK;
    for (int64_t b = r->lo; b < r->hi && g != GROUP_THREAD; b++) {
        int lo, hi;
        writes_of(w, nw, cell_key(array, &b, 1), &lo, &hi);
        ShareGroup one = read_group_at(w, lo, hi, block, r, global);
        if (one < g)
            g = one;
    }
    return g;
}

static void settle_shared_reads(Interp *in)
{
    WriteKey *w = xmalloc((size_t)(in->nacc + 1) * sizeof *w);
    int nw = 0;
    for (int i = 0; i < in->nacc; i++) {
        const Access *a = &in->acc[i];
        if (access_writes(a->site->stmt))
            w[nw++] = (WriteKey){cell_key(a->site->array, in->pool + a->index_at, key_len(a->site)),
                                 in->ex[a->exec].block, a->phase, a->history};
    }
    if (nw > 1)
        qsort(w, (size_t)nw, sizeof *w, by_write_key);
    for (int e = 0; e < in->nex; e++) {
        const Exec *x = &in->ex[e];
        for (int i = 0; i < x->nsh; i++) {
            SharedRun *r = &in->shared[x->sh_first + i];
            if (!r->cell)
                continue;
            if (r->hi > r->lo) {
                r->group = (uint8_t)byte_read_group(w, nw, x->block, r);
                continue;
            }
            int lo = 0, hi = nw;
            while (lo < hi) {
                int mid = lo + (hi - lo) / 2;
                if (w[mid].cell < r->cell)
                    lo = mid + 1;
                else
                    hi = mid;
            }
            hi = lo;
            while (hi < nw && w[hi].cell == r->cell)
                hi++;
            r->unwritten = lo == hi;
            bool global = r->stmt->u.access.array->u.var.sym->array->mem == MEM_GLOBAL;
            r->group = (uint8_t)read_group_at(w, lo, hi, x->block, r, global);
        }
    }
    free(w);
    for (int e = 0; e < in->nex; e++)
        in->ex[e].consistent = shares_agree(in, &in->ex[e], &in->ex[e]);
}

static KernelResult *run_once(const Facts *f, const RunOptions *o)
{
    Interp in;
    memset(&in, 0, sizeof in);
    in.f = f;
    in.k = f->kernel;
    in.o = o;
    in.r = result_new(f->kernel, "run");
    in.nsyms = f->kernel->nsyms;
    in.nwords = (in.nsyms + 63) / 64;
    in.env = xcalloc((size_t)in.nsyms + 1, sizeof *in.env);
    in.set_gen = xcalloc((size_t)in.nsyms + 1, sizeof *in.set_gen);
    in.site_of = xcalloc((size_t)f->nstmts + 1, sizeof *in.site_of);
    for (int i = 0; i < f->nsites; i++)
        in.site_of[f->sites[i].stmt->id] = i;
    build_tables(&in);
    run_all_threads(&in);
    if (!in.stop) /* a stopped run keeps the accesses of an execution it never finished */
        settle_shared_reads(&in);
    if (!in.stop && in.nex == 0)
        in.r->warning = "no thread satisfies the preconditions for these sizes";
    if (!in.stop && !find_divergence(&in) && !find_grid_divergence(&in))
        find_races(&in);
    result_settle_opaque(in.r, f->opaque);
    free(in.env);
    free(in.set_gen);
    free(in.site_of);
    free(in.sync_scope);
    free(in.scope_syms);
    free(in.choices);
    free(in.acc);
    free(in.ex);
    free(in.syncs);
    free(in.pas);
    free(in.shared);
    free(in.uds);
    free(in.pool);
    free(in.reported.keys);
    free(in.array_done);
    for (int i = 0; i < in.ncounters; i++)
        free(in.counters[i].index);
    free(in.counters);
    return in.r;
}

typedef struct Stretch {
    const RunOptions *o;
    KernelResult *r;
    KernelResult *failed; /* the first stretch that could not be run */
} Stretch;

static void run_stretch(const Facts *f, void *ctx)
{
    Stretch *st = ctx;
    KernelResult *x = run_once(f, st->o);
    if (x->verdict == V_RACY || x->verdict == V_DRF) {
        result_append_races(st->r, x);
        result_free(x);
    } else if (!st->failed) {
        st->failed = x;
    } else {
        result_free(x);
    }
}

/* No barrier of a block orders two blocks: the whole kernel's races
 * across blocks on each array no stretch found one on, as check looks for
 * them (check.c). */
static void run_across_blocks(const Facts *f, const RunOptions *o, Stretch *st)
{
    RunOptions across = *o;
    across.only_across_blocks = true;
    KernelResult *x = run_once(f, &across);
    if (x->verdict != V_RACY && x->verdict != V_DRF) {
        if (!st->failed)
            st->failed = x;
        else
            result_free(x);
        return;
    }
    int kept = 0;
    for (int i = 0; i < x->nraces; i++) {
        bool known = false;
        for (int j = 0; j < st->r->nraces && !known; j++)
            known = st->r->races[j].array == x->races[i].array;
        if (known)
            witness_free(&x->races[i]);
        else
            x->races[kept++] = x->races[i];
    }
    x->nraces = kept;
    result_append_races(st->r, x);
    result_free(x);
}

/* A divergence does not stop the race check (DESIGN.md "Divergence and
 * races"): as check does (check.c), the sync that diverges is silenced,
 * then each further one the run finds, and the races of each stretch
 * between them are the kernel's (diverge.h); the first divergence is the
 * one reported. */
static KernelResult *recheck_run(const Facts *f, void *ctx)
{
    return run_once(f, ctx);
}

KernelResult *interp_run(const Facts *f, const RunOptions *o)
{
    KernelResult *r = run_once(f, o);
    if (r->verdict != V_DIVERGENT)
        return r;
    Silenced quiet = {0};
    if (silence_divergent_syncs(f->kernel, r, &quiet, recheck_run, (void *)o)) {
        Stretch st = {o, r, NULL};
        check_stretches(f->kernel, &quiet, run_stretch, &st);
        if (!silenced_grid_sync(&quiet))
            run_across_blocks(f, o, &st);
        if (st.failed) {
            result_set_message(r, V_DIVERGENT, st.failed->where, "races were not all checked: %s",
                               st.failed->message ? st.failed->message : verdict_name(st.failed->verdict));
            result_free(st.failed);
        }
        result_settle_divergence(r, quiet.n);
        result_settle_opaque(r, f->opaque);
    }
    restore_stmts(&quiet);
    return r;
}
