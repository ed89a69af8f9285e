/* Well-formedness ([CAV21 Fig. 2], the rules for W; Sec. 5) and barrier
 * divergence decided by the solver ([SKBG]: a barrier's guard differs
 * between two threads of one block).  A sync diverges when T1 reaches one
 * of its instances (its enclosing loop variables at some values) and T2,
 * in the same block, does not reach that instance.  A loop is ill-formed
 * when its step cannot make progress: it would never end. */
#include "check.h"

#include "encode_int.h"
#include "tile.h"
#include "tiles.h"
#include "witness.h"

#include <stdlib.h>
#include <string.h>

/* ---- barrier divergence ---- */

/* Thread `runner` reaches an instance of `sync` that the other thread, in
 * the same block and at the same loop values, does not.  Fills both paths
 * (the caller frees them). */
static Z3_ast sync_diverges(Enc *e, const Stmt *sync, int runner, Path *p1, Path *p2)
{
    const Facts *f = e->f;
    *p1 = enc_path(e, sync, runner, NULL);
    Z3_ast *forced = xcalloc((size_t)f->nstmts + 1, sizeof *forced);
    for (int L = 0; L < p1->n; L++)
        if (p1->lv[L].var)
            forced[p1->lv[L].anc->id] = p1->lv[L].var;
    *p2 = enc_path(e, sync, 3 - runner, forced);
    free(forced);
    /* The other thread's own preconditions on its way may not be reached
     * by it: only the kernel's top-level ones bind it (divergence_context). */
    Z3_ast parts[3] = {p1->guards, p1->assumes, smt_not(e->smt, p2->guards)};
    return smt_and(e->smt, 3, parts);
}

/* Which two threads must reach a sync together: any two of the grid for
 * `sync grid;`, of one block for `sync;`, of one tile for `sync tile(N);`
 * (tiles.h); there the unknowns uniform over the group are one value in
 * both, at this instance. */
static Z3_ast sync_group(Enc *e, const Stmt *sync)
{
    if (sync->u.sync.grid)
        return e->smt->t;
    return smt_and2(e->smt, enc_same_tile(e, sync->u.sync.tile), enc_uniform_unknowns(e, sync->u.sync.tile));
}

static Z3_ast divergence_context(Enc *e, Z3_ast base)
{
    Z3_ast parts[4] = {base, enc_distinct(e), enc_kernel_assumes(e, 1), enc_kernel_assumes(e, 2)};
    return smt_and(e->smt, 4, parts);
}

/* By symmetry T1 can be the thread that runs the sync, unless a
 * precondition tells the threads apart (1@x < 2@x): then both ways. */
static int runners(const Enc *e)
{
    return e->f->asymmetric ? 2 : 1;
}

static bool check_sync(Enc *e, Z3_ast base, const Stmt *sync, KernelResult *r)
{
    Smt *s = e->smt;
    SmtAnswer a = SMT_UNSAT;
    for (int runner = 1; runner <= runners(e) && a == SMT_UNSAT; runner++) {
        Path p1, p2;
        Z3_ast diverges = sync_diverges(e, sync, runner, &p1, &p2);
        Z3_model m;
        Z3_ast parts[3] = {divergence_context(e, base), sync_group(e, sync), diverges};
        a = solve(e->solver, smt_and(s, 3, parts), &m);
        if (a == SMT_SAT) {
            r->verdict = V_DIVERGENT;
            Witness *w = &r->divergence;
            w->stmt1 = sync;
            w->definite = !p1.approx && !p2.approx && !e->f->sync_potential[sync->id];
            if (sync->u.sync.grid)
                witness_set_note(w, "T%d reaches this grid-wide sync and T%d does not: every thread of the "
                                    "grid must", runner, 3 - runner);
            else if (sync->u.sync.tile) {
                char buf[48];
                const char *group = tile_name(sync->u.sync.tile, buf, sizeof buf);
                witness_set_note(w, "T%d reaches this sync and T%d, in the same %s, does not: every thread of "
                                    "the %s must", runner, 3 - runner, group, group);
            }
            else if (runner == 2)
                witness_set_note(w, "T2 reaches this sync and T1, in the same block, does not");
            witness_threads(e, m, w);
            witness_path_loops(e, m, w, &p1);
            witness_path_loops(e, m, w, &p2);
            smt_model_free(s, m);
        }
        path_free(&p1);
        path_free(&p2);
    }
    if (a == SMT_UNKNOWN)
        result_set_undecided(r, sync->loc, "whether this sync diverges", smt_expired_while(s),
                             s->failed ? s->error : NULL);
    return a == SMT_UNSAT;
}

/* One query proves every sync uniform, so deep nests of synchronized loops
 * cost one solver call, not one per sync.  Only when it fails are the syncs
 * asked one by one, in order, for the first divergent one and its witness. */
static bool all_syncs_uniform(Enc *e, Z3_ast base)
{
    return solve(e->solver, divergence_formula(e, base), NULL) == SMT_UNSAT;
}

Z3_ast divergence_formula(Enc *e, Z3_ast base)
{
    const Facts *f = e->f;
    SmtList any = {0};
    Smt *s = e->smt;
    /* one path per sync, each as long as the kernel: the deadline matters */
    for (int i = 0; i < f->nstmts && !smt_out_of_time(e->smt); i++) {
        for (int runner = 1; f->stmt[i]->kind == S_SYNC && runner <= runners(e); runner++) {
            Path p1, p2;
            Z3_ast d = sync_diverges(e, f->stmt[i], runner, &p1, &p2);
            smt_list_add(&any, smt_and2(s, sync_group(e, f->stmt[i]), d));
            path_free(&p1);
            path_free(&p2);
        }
    }
    Z3_ast q = smt_and2(s, divergence_context(e, base), smt_or(s, any.n, any.items));
    smt_list_free(&any);
    return q;
}

/* ---- loops that never end ---- */

static int64_t least_step(StepOp op)
{
    return op == STEP_MUL || op == STEP_DIV ? 2 : 1;
}

/* The two ways a loop never ends, each under its path's conditions: it is
 * entered with a step too small to move on, or some iteration's next value
 * is itself (0 * k, 0 / k). */
typedef struct Stuck {
    Z3_ast small_step, fixed_point;
} Stuck;

/* A loop without a sync need not end (docs/language.md, 3.4): what counts
 * are the accesses of the iterations that run, and a step of 0 repeats
 * the first.  That holds for steps by addition; a negative one is still
 * refused, since their values are encoded going the way `+`/`-` go.  A
 * loop that multiplies or shifts must end, sync or not: its values are
 * only encoded for a factor of 2 or more from a start that moves. */
static bool needs_end(const Enc *e, const Stmt *loop)
{
    StepOp op = (StepOp)loop->u.loop.step;
    return e->f->has_sync[loop->id] || (op != STEP_ADD && op != STEP_SUB);
}

static int64_t least_amount(const Enc *e, const Stmt *loop)
{
    return needs_end(e, loop) ? least_step((StepOp)loop->u.loop.step) : 0;
}

static Stuck loop_stuck(Enc *e, const Stmt *loop, const Path *p)
{
    Smt *s = e->smt;
    TEnv env = p->env;
    Z3_ast a = enc_int(e, loop->u.loop.init, &env);
    Z3_ast amount = enc_int(e, loop->u.loop.amount, &env);
    Z3_ast first = enc_loop_member(e, loop, &env, a);
    Z3_ast small = Z3_mk_lt(s->ctx, amount, smt_int(s, least_amount(e, loop)));
    Z3_ast on_path = smt_and2(s, p->guards, p->assumes);
    if (!needs_end(e, loop))
        return (Stuck){smt_and2(s, on_path, smt_and2(s, first, small)), smt_bool(s, false)};
    Z3_ast x = smt_const(s, "stuck!", false);
    Z3_ast fixed = smt_and2(s, enc_loop_member(e, loop, &env, x),
                            smt_eq(s, enc_loop_next(e, loop, &env, x), x));
    return (Stuck){smt_and2(s, on_path, smt_and2(s, first, small)), smt_and2(s, on_path, fixed)};
}

static bool check_loop(Enc *e, Z3_ast base, const Stmt *loop, KernelResult *r)
{
    Smt *s = e->smt;
    Path p = enc_path(e, loop, 1, NULL);
    Stuck st = loop_stuck(e, loop, &p);
    StepOp op = (StepOp)loop->u.loop.step;
    SmtAnswer ans = solve(e->solver, smt_and2(s, base, st.small_step), NULL);
    const char *why = NULL;
    if (ans == SMT_SAT && !needs_end(e, loop))
        why = "the loop's step may be negative";
    else if (ans == SMT_SAT)
        why = op == STEP_MUL || op == STEP_DIV ? "the loop's factor may be less than 2: it may never end"
                                               : "the loop's step may be less than 1: it may never end";
    if (ans == SMT_UNSAT) {
        ans = solve(e->solver, smt_and2(s, base, st.fixed_point), NULL);
        if (ans == SMT_SAT)
            why = "the loop variable may stop changing while the condition holds: it may never end";
    }
    bool ok = ans == SMT_UNSAT;
    if (why)
        result_set_message(r, V_ILLFORMED, loop->loc, "%s", why);
    else if (ans == SMT_UNKNOWN)
        result_set_undecided(r, loop->loc, "whether this loop ends", smt_expired_while(s),
                             s->failed ? s->error : NULL);
    path_free(&p);
    return ok;
}

/* As for syncs: one query proves that every loop ends; only a failure asks
 * loop by loop, for the first one and its message. */
static bool all_loops_end(Enc *e, Z3_ast base)
{
    const Facts *f = e->f;
    Smt *s = e->smt;
    SmtList any = {0};
    for (int i = 0; i < f->nstmts && !smt_out_of_time(s); i++) {
        if (f->stmt[i]->kind != S_LOOP)
            continue;
        Path p = enc_path(e, f->stmt[i], 1, NULL);
        Stuck st = loop_stuck(e, f->stmt[i], &p);
        smt_list_add(&any, smt_or2(s, st.small_step, st.fixed_point));
        path_free(&p);
    }
    Z3_ast q = smt_and2(s, base, smt_or(s, any.n, any.items));
    smt_list_free(&any);
    return solve(e->solver, q, NULL) == SMT_UNSAT;
}

bool wellformed_check(Enc *e, Z3_ast base, KernelResult *r)
{
    const Facts *f = e->f;
    bool loops_end = all_loops_end(e, base);
    for (int i = 0; !loops_end && i < f->nstmts; i++) {
        const Stmt *s = f->stmt[i];
        if (s->kind == S_LOOP && !check_loop(e, base, s, r))
            return false;
    }
    bool uniform = all_syncs_uniform(e, base);
    for (int i = 0; !uniform && i < f->nstmts; i++) {
        const Stmt *s = f->stmt[i];
        if (s->kind == S_SYNC && !check_sync(e, base, s, r))
            return false;
    }
    return true;
}
