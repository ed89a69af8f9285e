/* The launch and the two threads ([CAV21 Sec. 5]): the bounds of the
 * built-ins, the launch's sizes and facts, the preconditions every thread
 * meets (the base every query starts from), and the relations between
 * T1 and T2 (same block, distinct). */
#include "encode_int.h"

#include <stdlib.h>
#include <string.h>

#define CTX (e->smt->ctx)

static void add_dims(Enc *e, SmtList *c, Builtin dim, int64_t max)
{
    Smt *s = e->smt;
    const Launch *l = &e->cfg->launch;
    bool block = dim == BI_BLOCKDIM;
    for (int a = 0; a < 3; a++) {
        Z3_ast d = enc_thread_term(e, 1, dim, a);
        bool has = launch_knows(l, block, a);
        /* for vacuity.c, the sizes given are facts of their own */
        if (has || (!facts_axis_used(e->f, dim, a) && !e->cfg->for_vacuity))
            smt_list_add(c, smt_eq(s, d, smt_int(s, has ? (block ? l->block_dim : l->grid_dim)[a] : 1)));
        smt_list_add(c, Z3_mk_ge(CTX, d, smt_int(s, 1)));
        /* CUDA's limits bound the sizes the launch leaves open; a size
         * given beyond them (a verifier corpus's [128,128], an OpenCL
         * device's) is checked as given, the front end having said so */
        if (!enc_beyond_limits(e->cfg))
            smt_list_add(c, Z3_mk_le(CTX, d, smt_int(s, a == 2 && dim == BI_BLOCKDIM ? 64 : max)));
    }
}

/* Uniform `name`'s term: a signed parameter's is the value the kernel
 * sees, in its type's range (enc_base), so a fact such as `-p shift=-1`
 * holds of it directly. */
static Z3_ast uniform_term(Enc *e, const char *name)
{
    for (int i = 0; i < e->k->nsyms; i++)
        if (e->k->syms[i]->kind == SYM_UNIFORM && e->k->syms[i]->builtin == BI_NONE &&
            strcmp(e->k->syms[i]->name, name) == 0)
            return e->base[0].val[i];
    return NULL;
}

/* What enc_base asserts of a uniform: a natural, or a signed parameter's
 * range [-2^(N-1), 2^(N-1)) (the protocol's iN of it is the value itself:
 * encode_int.c). */
static Z3_ast uniform_domain(Enc *e, const Sym *sym, Z3_ast v)
{
    int bits = sym->builtin == BI_NONE ? kernel_signed_bits(e->k, sym->name) : 0;
    if (!bits)
        return enc_natural(e, v);
    Z3_ast half = Z3_mk_power(CTX, smt_int(e->smt, 2), smt_int(e->smt, bits - 1));
    return smt_and2(e->smt, Z3_mk_ge(CTX, v, Z3_mk_unary_minus(CTX, half)), Z3_mk_lt(CTX, v, half));
}

/* blockDim.x * blockDim.y * blockDim.z, as one product of three: lemmas.c
 * pairs the products of two terms it finds, and `blockDim.x * blockDim.y`
 * paired with an index's `blockIdx.x * blockDim.x` is no index arithmetic,
 * only work (a 3-D stencil's race query took 20 times longer with it). */
bool enc_beyond_limits(const CheckConfig *cfg)
{
    const Launch *l = &cfg->launch;
    return cfg->beyond_limits || !axes_within_limits(l->block_dim, l->block_known, true) ||
           !axes_within_limits(l->grid_dim, l->grid_known, false);
}

static Z3_ast threads_per_block(Enc *e, const Z3_ast bd[3])
{
    return Z3_mk_mul(CTX, 3, bd);
}

Z3_ast enc_launch_fact(Enc *e, const LaunchFact *f)
{
    Smt *s = e->smt;
    Z3_ast p = NULL, bd[3];
    for (int a = 0; a < 3; a++)
        bd[a] = enc_thread_term(e, 1, BI_BLOCKDIM, a);
    switch (f->kind) {
    case LF_EQUALS:
        p = uniform_term(e, f->param);
        return p ? smt_eq(s, p, smt_int(s, kernel_param_value(e->k, f->param, f->value))) : NULL;
    case LF_AT_LEAST:
        p = uniform_term(e, f->param);
        return p ? Z3_mk_ge(CTX, p, smt_int(s, f->value)) : NULL;
    case LF_AT_MOST:
        p = uniform_term(e, f->param);
        return p ? Z3_mk_le(CTX, p, smt_int(s, f->value)) : NULL;
    case LF_MULTIPLE_OF: /* Z3's mod rounds down, as the fact says: -3 mod 4 is 1 */
        p = uniform_term(e, f->param);
        return p && f->value >= 2 ? smt_eq(s, Z3_mk_mod(CTX, p, smt_int(s, f->value)), smt_int(s, f->offset)) : NULL;
    case LF_GRID_COVERS:
        p = uniform_term(e, f->param);
        return p ? Z3_mk_ge(CTX, enc_mul(e, enc_thread_term(e, 1, BI_GRIDDIM, f->axis), smt_int(s, f->value)), p) : NULL;
    case LF_GRID_WITHIN: {
        p = uniform_term(e, f->param);
        if (!p)
            return NULL;
        Z3_ast side[2] = {p, smt_int(s, f->offset)};
        return Z3_mk_le(CTX, enc_mul(e, enc_thread_term(e, 1, BI_GRIDDIM, f->axis), smt_int(s, f->value)),
                        Z3_mk_add(CTX, 2, side));
    }
    case LF_BLOCK_AT_MOST:
        return Z3_mk_le(CTX, threads_per_block(e, bd), smt_int(s, f->value));
    case LF_DIM_AT_MOST:
        return Z3_mk_le(CTX, bd[f->axis], smt_int(s, f->value));
    case LF_GRID_AT_MOST:
        return Z3_mk_le(CTX, enc_thread_term(e, 1, BI_GRIDDIM, f->axis), smt_int(s, f->value));
    case LF_DIM_AT_LEAST:
        return Z3_mk_ge(CTX, bd[f->axis], smt_int(s, f->value));
    case LF_DIM_POW2: { /* one of 1, 2, ..., 1024: a block's largest axis */
        Z3_ast any[11];
        for (int i = 0; i <= 10; i++)
            any[i] = smt_eq(s, bd[f->axis], smt_int(s, (int64_t)1 << i));
        return smt_or(s, 11, any);
    }
    case LF_PARAM_COVERS:
    case LF_PARAM_WITHIN: {
        Z3_ast q = uniform_term(e, f->param), other = uniform_term(e, f->other);
        if (!q || !other)
            return NULL;
        Z3_ast side[2] = {other, smt_int(s, f->offset)};
        Z3_ast lhs = enc_mul(e, q, smt_int(s, f->value)), rhs = Z3_mk_add(CTX, 2, side);
        return f->kind == LF_PARAM_COVERS ? Z3_mk_ge(CTX, lhs, rhs) : Z3_mk_le(CTX, lhs, rhs);
    }
    case LF_BLOCK_COVERS:
    case LF_BLOCK_WITHIN: {
        p = uniform_term(e, f->param);
        if (!p)
            return NULL;
        Z3_ast side[2] = {p, smt_int(s, f->offset)};
        Z3_ast lhs = enc_mul(e, bd[f->axis], smt_int(s, f->value)), rhs = Z3_mk_add(CTX, 2, side);
        return f->kind == LF_BLOCK_COVERS ? Z3_mk_ge(CTX, lhs, rhs) : Z3_mk_le(CTX, lhs, rhs);
    }
    }
    return NULL;
}

static Z3_ast threads_feasible(Enc *e, int thread)
{
    if (e->cfg->for_vacuity)
        return e->smt->t; /* vacuity.c takes them one at a time */
    const Stmt **stmt = xcalloc((size_t)e->f->nstmts + 1, sizeof *stmt);
    Z3_ast *term = xcalloc((size_t)e->f->nstmts + 1, sizeof *term);
    int n = enc_nested_assume_each(e, thread, stmt, term);
    Z3_ast r = smt_and(e->smt, n, term);
    free(stmt);
    free(term);
    return r;
}

Z3_ast enc_base(Enc *e)
{
    Smt *s = e->smt;
    SmtList c = {0};
    add_dims(e, &c, BI_BLOCKDIM, 1024);
    add_dims(e, &c, BI_GRIDDIM, 2147483647);
    Z3_ast bd[3], gd[3];
    for (int a = 0; a < 3; a++) {
        bd[a] = enc_thread_term(e, 1, BI_BLOCKDIM, a);
        gd[a] = enc_thread_term(e, 1, BI_GRIDDIM, a);
    }
    if (!enc_beyond_limits(e->cfg))
        smt_list_add(&c, Z3_mk_le(CTX, threads_per_block(e, bd), smt_int(s, 1024)));
    for (int i = 0; i < e->k->nsyms; i++) {
        const Sym *sym = e->k->syms[i];
        for (int t = 0; t < 2; t++) {
            Z3_ast v = e->base[t].val[i];
            if (!v || (t == 1 && sym->kind == SYM_UNIFORM))
                continue;
            smt_list_add(&c, sym->kind == SYM_UNIFORM ? uniform_domain(e, sym, v) : enc_natural(e, v));
            Z3_ast size = sym->builtin == BI_THREADIDX ? bd[sym->axis] : sym->builtin == BI_BLOCKIDX ? gd[sym->axis] : NULL;
            if (size) {
                smt_list_add(&c, Z3_mk_lt(CTX, v, size));
                lemmas_note_below(s, e->noted, v, size);
            }
            else if (sym->builtin == BI_WARPSIZE)
                smt_list_add(&c, smt_eq(s, v, smt_int(s, 32)));
        }
    }
    for (int i = 0; i < e->cfg->launch.nfacts; i++) {
        Z3_ast t = enc_launch_fact(e, &e->cfg->launch.facts[i]);
        if (t)
            smt_list_add(&c, t);
    }
    smt_list_add(&c, threads_feasible(e, 1));
    smt_list_add(&c, threads_feasible(e, 2));
    Z3_ast r = smt_and(s, c.n, c.items);
    smt_list_free(&c);
    return r;
}

bool enc_across_blocks(const Enc *e, const Sym *array)
{
    return array->array->mem == MEM_GLOBAL && !e->cfg->only_intra_group;
}

Z3_ast enc_same_block(Enc *e)
{
    SmtList c = {0};
    for (int a = 0; a < 3; a++)
        smt_list_add(&c, smt_eq(e->smt, enc_thread_term(e, 1, BI_BLOCKIDX, a), enc_thread_term(e, 2, BI_BLOCKIDX, a)));
    Z3_ast r = smt_and(e->smt, c.n, c.items);
    smt_list_free(&c);
    return r;
}

Z3_ast enc_distinct(Enc *e)
{
    SmtList any = {0};
    for (int i = 0; i < e->k->nsyms; i++)
        if (e->f->identity[i] && e->base[0].val[i])
            smt_list_add(&any, smt_not(e->smt, smt_eq(e->smt, e->base[0].val[i], e->base[1].val[i])));
    Z3_ast r = smt_or(e->smt, any.n, any.items);
    smt_list_free(&any);
    return r;
}

void enc_witness_terms(const Enc *e, SmtList *out)
{
    for (int t = 0; t < 2; t++)
        for (int i = 0; i < e->k->nsyms; i++)
            if (e->base[t].val[i] && (e->f->used[i] || e->k->syms[i]->builtin) &&
                !Z3_is_numeral_ast(CTX, e->base[t].val[i]))
                smt_list_add(out, e->base[t].val[i]);
}
