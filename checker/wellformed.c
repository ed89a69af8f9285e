/* Well-formedness (seed 000, Fig. 2, the rules for W; Sec. 5) and barrier
 * divergence decided by the solver (seed 001: a barrier's guard differs
 * between two threads of one block).  A sync diverges when T1 reaches one
 * of its instances (its enclosing loop variables at some values) and T2,
 * in the same block, does not reach that instance.  A loop is ill-formed
 * when its step cannot make progress: it would never end. */
#include "check.h"

#include "witness.h"

#include <stdlib.h>
#include <string.h>

/* ---- barrier divergence ---- */

static bool check_sync(Enc *e, Z3_ast base, const Stmt *sync, KernelResult *r)
{
    Smt *s = e->smt;
    const Facts *f = e->f;
    Path p1 = enc_path(e, sync, 1, NULL);
    Z3_ast *forced = xcalloc((size_t)f->nstmts + 1, sizeof *forced);
    for (int L = 0; L < p1.n; L++)
        if (p1.lv[L].var)
            forced[p1.lv[L].anc->id] = p1.lv[L].var;
    Path p2 = enc_path(e, sync, 2, forced);
    free(forced);
    /* T2's own preconditions on its way may not be reached by T2: only the
     * kernel's top-level ones bind it. */
    Z3_ast parts[7] = {base, enc_same_block(e), enc_distinct(e), p1.guards, p1.assumes,
                       enc_kernel_assumes(e, 2), smt_not(s, p2.guards)};
    Z3_model m;
    SmtAnswer a = smt_check(s, smt_and(s, 7, parts), &m);
    bool ok = a == SMT_UNSAT;
    if (a == SMT_SAT) {
        r->verdict = V_DIVERGENT;
        Witness *w = &r->divergence;
        w->stmt1 = sync;
        w->definite = !p1.approx && !p2.approx;
        witness_threads(e, m, w);
        witness_path_loops(e, m, w, &p1);
        witness_path_loops(e, m, w, &p2);
        smt_model_free(s, m);
    } else if (a == SMT_UNKNOWN) {
        result_set_message(r, V_UNKNOWN, sync->loc, "the solver could not decide whether this sync diverges");
    }
    path_free(&p1);
    path_free(&p2);
    return ok;
}

/* ---- loops that never end ---- */

static int64_t least_step(StepOp op)
{
    return op == STEP_MUL || op == STEP_DIV ? 2 : 1;
}

static bool check_loop(Enc *e, Z3_ast base, const Stmt *loop, KernelResult *r)
{
    Smt *s = e->smt;
    Path p = enc_path(e, loop, 1, NULL);
    TEnv env = p.env;
    Z3_ast a = enc_int(e, loop->u.loop.init, &env);
    Z3_ast amount = enc_int(e, loop->u.loop.amount, &env);
    StepOp op = (StepOp)loop->u.loop.step;
    /* Entered (its start is a member) with a step too small to move on. */
    Z3_ast first = enc_loop_member(e, loop, &env, a);
    Z3_ast small = Z3_mk_lt(s->ctx, amount, smt_int(s, least_step(op)));
    Z3_ast parts[4] = {base, p.guards, p.assumes, smt_and2(s, first, small)};
    SmtAnswer ans = smt_check(s, smt_and(s, 4, parts), NULL);
    const char *why = NULL;
    if (ans == SMT_SAT)
        why = op == STEP_MUL || op == STEP_DIV ? "the loop's factor may be less than 2: it may never end"
                                               : "the loop's step may be less than 1: it may never end";
    if (ans == SMT_UNSAT) {
        /* Stuck: an iteration whose next value is itself (0 * k, 0 / k). */
        Z3_ast x = smt_const(s, "stuck!", false);
        Z3_ast stuck = smt_and2(s, enc_loop_member(e, loop, &env, x),
                                smt_eq(s, enc_loop_next(e, loop, &env, x), x));
        Z3_ast q[4] = {base, p.guards, p.assumes, stuck};
        ans = smt_check(s, smt_and(s, 4, q), NULL);
        if (ans == SMT_SAT)
            why = "the loop variable may stop changing while the condition holds: it may never end";
    }
    bool ok = ans == SMT_UNSAT;
    if (why)
        result_set_message(r, V_ILLFORMED, loop->loc, "%s", why);
    else if (ans == SMT_UNKNOWN)
        result_set_message(r, V_UNKNOWN, loop->loc, "the solver could not decide whether this loop ends");
    path_free(&p);
    return ok;
}

bool wellformed_check(Enc *e, Z3_ast base, KernelResult *r)
{
    const Facts *f = e->f;
    for (int i = 0; i < f->nstmts; i++) {
        const Stmt *s = f->stmt[i];
        if (s->kind == S_LOOP && !check_loop(e, base, s, r))
            return false;
    }
    for (int i = 0; i < f->nstmts; i++) {
        const Stmt *s = f->stmt[i];
        if (s->kind == S_SYNC && !check_sync(e, base, s, r))
            return false;
    }
    return true;
}
