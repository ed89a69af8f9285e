/* Expression equivalence for the fixed-point harness ([VST Sec. 5]:
 * cosmetic or semantic difference), with the encoding of encode_int.c. */
#include "equiv.h"

#include "check.h"
#include "encode_int.h"

#include <stdio.h>
#include <stdlib.h>

/* The bounds every launch gives a built-in (docs/language.md 3.1):
 * threadIdx below blockDim, blockIdx below gridDim, the sizes within
 * CUDA's limits, warpSize 32.  Without them `i16(threadIdx.x)` and
 * `threadIdx.x` would differ for a thread index no launch has. */
static void builtin_bounds(Smt *s, const Sym *sym, Z3_ast v, SmtList *facts)
{
    static const int64_t block_max[3] = {1024, 1024, 64}, grid_max[3] = {2147483647, 65535, 65535};
    int a = sym->axis >= 0 && sym->axis < 3 ? sym->axis : 0;
    static const char *const axes[3] = {"x", "y", "z"};
    char size[32];
    switch (sym->builtin) {
    case BI_THREADIDX:
    case BI_BLOCKIDX:
        snprintf(size, sizeof size, "%s.%s", sym->builtin == BI_THREADIDX ? "blockDim" : "gridDim", axes[a]);
        smt_list_add(facts, Z3_mk_lt(s->ctx, v, smt_const(s, size, false)));
        break;
    case BI_BLOCKDIM:
    case BI_GRIDDIM:
        smt_list_add(facts, Z3_mk_ge(s->ctx, v, smt_int(s, 1)));
        smt_list_add(facts, Z3_mk_le(s->ctx, v, smt_int(s, sym->builtin == BI_BLOCKDIM ? block_max[a] : grid_max[a])));
        break;
    case BI_WARPSIZE:
        smt_list_add(facts, smt_eq(s, v, smt_int(s, 32)));
        break;
    default:
        break;
    }
}

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
        builtin_bounds(s, k->syms[i], env.val[i], naturals);
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
