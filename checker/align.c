/* Barrier aligning [CAV21 Fig. 3], generalised to every loop form,
 * to uniform conditionals around syncs (Faial inlines them, Sec. 5), and to
 * synchronized loops that may run zero times.
 *
 * Fig. 3 turns u1; for x in n..m {p; u2} into the first iteration's
 * synchronized part q[x := n], an aligned loop over the other iterations
 * whose body starts with the previous iteration's tail u[x := x - 1], and
 * the last tail u[x := m - 1].  Here the body is processed for those three
 * roles with x bound to a term: the start a, an iteration b whose
 * predecessor p satisfies next(p) = b, and a last iteration l.  Each
 * processing copies the body, so nesting d loops costs 4^d: this is the
 * reference engine, and the cost is why interval.c exists.
 *
 * State while walking: the set of open segments, the unsynchronized code
 * since the last sync along each alternative way (a sync closes them all
 * into phases).  A conditional around syncs forks the set, and an empty
 * loop keeps it. */
#include "align.h"

#include "encode_int.h"
#include "solve.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct Segment {
    Copy *copies;
    int n, cap;
    Z3_ast guard;
} Segment;

typedef struct Open {
    Segment *segs;
    int n, cap;
} Open;

typedef struct Aligner {
    Enc *e;
    Phases out;
    bool emit;           /* false while computing tails whose phases are counted elsewhere */
    Z3_ast **substs;     /* every substitution array made, freed at the end */
    int nsubsts, capsubsts;
    int *site_first, *site_last; /* by statement id: its sites are [first, last) */
    int fresh;
} Aligner;

/* ---- segments ---- */

static void seg_add(Segment *s, Copy c)
{
    VEC_PUSH(s->copies, s->n, s->cap, c);
}

static void open_add(Open *o, Segment s)
{
    VEC_PUSH(o->segs, o->n, o->cap, s);
}

static void open_free(Open *o)
{
    for (int i = 0; i < o->n; i++)
        free(o->segs[i].copies);
    free(o->segs);
    memset(o, 0, sizeof *o);
}

static Segment seg_copy(const Segment *s, Z3_ast guard)
{
    Segment c = {NULL, 0, 0, guard};
    for (int i = 0; i < s->n; i++)
        seg_add(&c, s->copies[i]);
    return c;
}

/* Every segment of o, each with its guard and `extra`. */
static Open open_fork(Aligner *A, const Open *o, Z3_ast extra)
{
    Open r = {0};
    for (int i = 0; i < o->n; i++)
        open_add(&r, seg_copy(&o->segs[i], smt_and2(A->e->smt, o->segs[i].guard, extra)));
    return r;
}

static void open_join(Open *into, Open *from)
{
    for (int i = 0; i < from->n; i++)
        open_add(into, from->segs[i]);
    free(from->segs);
    memset(from, 0, sizeof *from);
}

static Z3_ast open_any(Aligner *A, const Open *o)
{
    SmtList any = {0};
    for (int i = 0; i < o->n; i++)
        smt_list_add(&any, o->segs[i].guard);
    Z3_ast r = smt_or(A->e->smt, any.n, any.items);
    smt_list_free(&any);
    return r;
}

static Open open_fresh(Z3_ast guard)
{
    Open o = {0};
    open_add(&o, (Segment){NULL, 0, 0, guard});
    return o;
}

/* A sync: every way's segment becomes a phase; one way goes on. */
static void close_all(Aligner *A, Open *o)
{
    Z3_ast any = open_any(A, o);
    for (int i = 0; i < o->n; i++) {
        Segment *s = &o->segs[i];
        if (A->emit && s->n && !smt_is_false(A->e->smt, s->guard)) {
            Phase ph = {s->copies, s->n, s->cap, s->guard};
            VEC_PUSH(A->out.items, A->out.n, A->out.cap, ph);
        } else {
            free(s->copies);
        }
    }
    free(o->segs);
    *o = open_fresh(any);
}

/* ---- walking ---- */

static Z3_ast *new_subst(Aligner *A, const Z3_ast *from)
{
    size_t n = (size_t)A->e->f->nstmts + 1;
    Z3_ast *s = xcalloc(n, sizeof *s);
    if (from)
        memcpy(s, from, n * sizeof *s);
    VEC_PUSH(A->substs, A->nsubsts, A->capsubsts, s);
    return s;
}

static void add_copies(Aligner *A, Open *o, const Stmt *s, Z3_ast *subst)
{
    const Facts *f = A->e->f;
    for (int i = A->site_first[s->id]; i < A->site_last[s->id]; i++)
        for (int k = 0; k < o->n; k++)
            seg_add(&o->segs[k], (Copy){&f->sites[i], subst});
}

static void walk_block(Aligner *A, const Block *b, Open *o, Z3_ast *subst);

/* The environment of thread 1 just before s, with subst for the enclosing
 * synchronized loops: where uniform conditions are read. */
static Path uniform_view(Aligner *A, const Stmt *s, Z3_ast *subst)
{
    return enc_path(A->e, s, 1, subst);
}

static void walk_if(Aligner *A, const Stmt *s, Open *o, Z3_ast *subst)
{
    Smt *smt = A->e->smt;
    Path p = uniform_view(A, s, subst);
    Z3_ast c = enc_bool(A->e, s->u.if_.cond, &p.env);
    path_free(&p);
    Open then = open_fork(A, o, c), els = open_fork(A, o, smt_not(smt, c));
    walk_block(A, &s->u.if_.then, &then, subst);
    walk_block(A, &s->u.if_.els, &els, subst);
    open_free(o);
    *o = then;
    open_join(o, &els);
}

static Z3_ast loop_const(Aligner *A, const Stmt *loop, const char *role)
{
    char name[320];
    snprintf(name, sizeof name, "%s@%d#%s%d", loop->u.loop.var->u.var.name, loop->id, role, A->fresh++);
    return smt_const(A->e->smt, name, false);
}

/* The body with the loop variable bound to x, from the open set o; phases
 * are emitted only when emit says so. */
static void walk_body(Aligner *A, const Stmt *loop, Z3_ast x, Open *o, Z3_ast *subst, bool emit)
{
    Z3_ast *inner = new_subst(A, subst);
    inner[loop->id] = x;
    bool saved = A->emit;
    A->emit = saved && emit;
    walk_block(A, &loop->u.loop.body, o, inner);
    A->emit = saved;
}

/* Fig. 3 needs every iteration to synchronize (p; u2 with sync in p), so
 * that an iteration's tail never reaches past the next one.  A sync at the
 * body's top level says so at once; otherwise the solver must prove it. */
static bool every_iteration_syncs(Aligner *A, const Stmt *s, TEnv *env, Z3_ast *subst)
{
    Enc *e = A->e;
    if (enc_block_always_syncs(e, &s->u.loop.body))
        return true;
    Z3_ast w = loop_const(A, s, "w");
    TEnv inner = tenv_copy(e, env);
    inner.val[s->u.loop.var->u.var.sym->index] = w;
    Path p = enc_path(e, s, 1, subst);
    Z3_ast q[4] = {enc_base(e), p.assumes, enc_loop_member(e, s, env, w),
                   e->smt->t};
    SmtList none = {0};
    for (int i = 0; i < s->u.loop.body.n; i++)
        smt_list_add(&none, enc_stmt_syncs(e, s->u.loop.body.items[i], &inner));
    q[3] = smt_not(e->smt, smt_or(e->smt, none.n, none.items));
    smt_list_free(&none);
    tenv_free(&inner);
    path_free(&p);
    return solve(e->solver, smt_and(e->smt, 4, q), NULL) == SMT_UNSAT;
}

/* Aligning copies bodies 4 times per level, and long kernels have many
 * intervals: it gives up at the deadline (the kernel is then unknown). */
static bool out_of_time(Aligner *A, const Stmt *s)
{
    if (!smt_out_of_time(A->e->smt))
        return false;
    A->out.unsupported = true;
    A->out.where = s->loc;
    A->out.why = "time limit reached while aligning (see --timeout)";
    return true;
}

static void walk_loop(Aligner *A, const Stmt *s, Open *o, Z3_ast *subst)
{
    Enc *e = A->e;
    Smt *smt = e->smt;
    if (out_of_time(A, s))
        return;
    Path view = uniform_view(A, s, subst);
    bool syncs = every_iteration_syncs(A, s, &view.env, subst);
    path_free(&view);
    if (!syncs) {
        if (!A->out.unsupported) {
            A->out.unsupported = true;
            A->out.where = s->loc;
            A->out.why = "--engine=align needs every iteration of a loop that synchronizes to run a "
                         "sync (seed 000, Fig. 2); use the default engine";
        }
        return;
    }
    Path p = uniform_view(A, s, subst);
    TEnv env = p.env;
    Z3_ast a = enc_int(e, s->u.loop.init, &env);
    Z3_ast runs = enc_loop_member(e, s, &env, a);
    Z3_ast before = open_any(A, o);

    /* The loop runs zero times: the open segments go on past it. */
    Open empty = open_fork(A, o, smt_not(smt, runs));

    /* The first iteration, x := start, continues the open segments. */
    Open first = open_fork(A, o, runs);
    walk_body(A, s, a, &first, subst, true);
    open_free(&first);

    /* Every later iteration b: the tail of its predecessor pr, then b. */
    Z3_ast b = loop_const(A, s, "b"), pr = loop_const(A, s, "p");
    Z3_ast later[4] = {runs, enc_loop_member(e, s, &env, b), enc_loop_member(e, s, &env, pr),
                       smt_eq(smt, enc_loop_next(e, s, &env, pr), b)};
    Open tail = open_fresh(smt_and2(smt, before, smt_and(smt, 4, later)));
    walk_body(A, s, pr, &tail, subst, false);
    walk_body(A, s, b, &tail, subst, true);
    open_free(&tail);

    /* The last iteration's tail goes on past the loop. */
    Z3_ast l = loop_const(A, s, "l");
    Z3_ast last[3] = {runs, enc_loop_member(e, s, &env, l), enc_loop_last(e, s, &env, l)};
    Open after = open_fresh(smt_and2(smt, before, smt_and(smt, 3, last)));
    walk_body(A, s, l, &after, subst, false);
    path_free(&p);

    open_free(o);
    *o = empty;
    open_join(o, &after);
}

static void walk_block(Aligner *A, const Block *b, Open *o, Z3_ast *subst)
{
    for (int i = 0; i < b->n && !A->out.unsupported; i++) {
        const Stmt *s = b->items[i];
        if (out_of_time(A, s))
            break;
        if (!enc_has_sync(A->e, s)) /* with fence flags: the syncs that order e->ordering */
            add_copies(A, o, s, subst);
        else if (s->kind == S_SYNC)
            close_all(A, o);
        else if (s->kind == S_IF)
            walk_if(A, s, o, subst);
        else
            walk_loop(A, s, o, subst);
    }
}

/* Sites are numbered in program order, so a statement's sites are a range. */
static void site_ranges(Aligner *A)
{
    const Facts *f = A->e->f;
    int n = f->nstmts + 1;
    A->site_first = xmalloc((size_t)n * sizeof *A->site_first);
    A->site_last = xmalloc((size_t)n * sizeof *A->site_last);
    for (int i = 0; i < n; i++) {
        A->site_first[i] = f->nsites;
        A->site_last[i] = 0;
    }
    for (int i = 0; i < f->nsites; i++) {
        for (int s = f->sites[i].stmt->id; s >= 0; s = f->parent[s]) {
            if (i < A->site_first[s])
                A->site_first[s] = i;
            if (i + 1 > A->site_last[s])
                A->site_last[s] = i + 1;
        }
    }
}

Phases align_kernel(Enc *e)
{
    Aligner A;
    memset(&A, 0, sizeof A);
    A.e = e;
    A.emit = true;
    site_ranges(&A);
    Open o = open_fresh(e->smt->t);
    walk_block(&A, &e->k->body, &o, new_subst(&A, NULL));
    close_all(&A, &o); /* the end of the kernel closes the last phase */
    open_free(&o);
    free(A.site_first);
    free(A.site_last);
    /* substitution arrays live as long as the phases: hand them over */
    A.out.substs = A.substs;
    A.out.nsubsts = A.nsubsts;
    return A.out;
}

void phases_free(Phases *p)
{
    for (int i = 0; i < p->n; i++)
        free(p->items[i].copies);
    free(p->items);
    for (int i = 0; i < p->nsubsts; i++)
        free(p->substs[i]);
    free(p->substs);
    memset(p, 0, sizeof *p);
}
