/* Expression equivalence for the fixed-point harness ([VST Sec. 5]:
 * cosmetic or semantic difference), with the encoding of encode_int.c. */
#include "equiv.h"

#include "check.h"
#include "encode_int.h"

#include <stdlib.h>

/* Every name of k as the constant of its spelling, so that equal names of
 * the two kernels meet in one constant. */
static TEnv env_by_name(Smt *s, const Kernel *k, SmtList *naturals)
{
    TEnv env = {xcalloc((size_t)k->nsyms + 1, sizeof(Z3_ast)), 1};
    for (int i = 0; i < k->nsyms; i++) {
        if (k->syms[i]->kind == SYM_ARRAY)
            continue;
        env.val[i] = smt_const(s, k->syms[i]->name, false);
        smt_list_add(naturals, Z3_mk_ge(s->ctx, env.val[i], smt_int(s, 0)));
    }
    return env;
}

static Z3_ast encode(Enc *e, const Expr *x, TEnv *env)
{
    return x->type == TY_BOOL ? enc_bool(e, x, env) : enc_int(e, x, env);
}

EquivAnswer exprs_equivalent(Kernel *k1, Kernel *k2, const ExprPair *pairs, int n, unsigned timeout_ms)
{
    Solver *sv = solver_new(smt_new(timeout_ms));
    Smt *s = sv->smt;
    Facts *f1 = facts_new(k1), *f2 = facts_new(k2);
    CheckConfig cfg = {.timeout_ms = timeout_ms};
    Enc *e1 = check_enc_new(sv, f1, &cfg), *e2 = check_enc_new(sv, f2, &cfg);
    SmtList facts = {0}, differ = {0};
    TEnv env1 = env_by_name(s, k1, &facts), env2 = env_by_name(s, k2, &facts);
    for (int i = 0; i < n; i++) {
        Z3_ast a = encode(e1, pairs[i].a, &env1), b = encode(e2, pairs[i].b, &env2);
        bool same_sort = Z3_get_sort_kind(s->ctx, Z3_get_sort(s->ctx, a)) ==
                         Z3_get_sort_kind(s->ctx, Z3_get_sort(s->ctx, b));
        if (!same_sort) { /* a truth and a number (`u8(c)` and `c`): both as numbers, as C's */
            a = enc_int(e1, pairs[i].a, &env1);
            b = enc_int(e2, pairs[i].b, &env2);
            same_sort = true;
        }
        smt_list_add(&differ, same_sort ? smt_not(s, smt_eq(s, a, b)) : s->t);
    }
    smt_list_add(&facts, smt_or(s, differ.n, differ.items));
    EquivAnswer r = EQUIV_UNKNOWN;
    if (!e1->approx && !e2->approx) {
        SmtAnswer a = solve(sv, smt_and(s, facts.n, facts.items), NULL);
        r = a == SMT_UNSAT ? EQUIV_PROVED : a == SMT_SAT ? EQUIV_DIFFERENT : EQUIV_UNKNOWN;
    }
    smt_list_free(&facts);
    smt_list_free(&differ);
    tenv_free(&env1);
    tenv_free(&env2);
    enc_free(e1);
    enc_free(e2);
    facts_free(f1);
    facts_free(f2);
    solver_free(sv);
    return r;
}
