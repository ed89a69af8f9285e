/* The encoder and its names ([CAV21 Sec. 5]): one Enc per kernel's facts,
 * the Z3 constants of every name in each thread (`tid$1`, `i@12$1`), and
 * the environments that map names to terms.  The other parts build terms
 * over these (encode.h lists them). */
#include "encode.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

TEnv tenv_copy(const Enc *e, const TEnv *from)
{
    TEnv t;
    t.thread = from->thread;
    t.val = xmalloc((size_t)(e->k->nsyms + 1) * sizeof *t.val);
    memcpy(t.val, from->val, (size_t)e->k->nsyms * sizeof *t.val);
    return t;
}

void tenv_free(TEnv *t)
{
    free(t->val);
    t->val = NULL;
}

Z3_ast enc_thread_const(Enc *e, const char *name, int id, int thread)
{
    char buf[512];
    if (id >= 0)
        snprintf(buf, sizeof buf, "%s@%d$%d", name, id, thread);
    else
        snprintf(buf, sizeof buf, "%s$%d", name, thread);
    return smt_const(e->smt, buf, false);
}

/* The number of threads per block (blocks per grid) on an axis, when it is
 * fixed: by -b / -g, or by a top-level precondition. */
bool enc_launch_size(const Enc *e, Builtin dim, int axis, uint64_t *v)
{
    const Launch *l = &e->cfg->launch;
    if (launch_knows(l, dim == BI_BLOCKDIM, axis)) {
        *v = (uint64_t)(dim == BI_BLOCKDIM ? l->block_dim : l->grid_dim)[axis];
        return true;
    }
    for (int i = 0; i < e->k->nsyms; i++) {
        const Sym *s = e->k->syms[i];
        if (s->builtin == dim && s->axis == axis)
            return kernel_pins(e->k, s, v);
    }
    return false;
}

/* A built-in's term, or 0 when the kernel has no such name. */
static Z3_ast builtin_or_zero(Enc *e, int thread, Builtin b, int axis)
{
    Z3_ast t = enc_thread_term(e, thread, b, axis);
    return t ? t : smt_int(e->smt, 0);
}

/* blockDim on an axis: a number when it is known, which keeps the rank linear. */
static Z3_ast block_dim(Enc *e, int axis)
{
    if (launch_knows(&e->cfg->launch, true, axis))
        return smt_int(e->smt, e->cfg->launch.block_dim[axis]);
    Z3_ast t = enc_thread_term(e, 1, BI_BLOCKDIM, axis);
    return t ? t : smt_int(e->smt, 1);
}

/* Is blockDim on axis 1 for sure: so launched, or an axis the kernel
 * does not use and the launch does not give (encode_launch.c, add_dims)? */
static bool block_axis_is_one(const Enc *e, int axis)
{
    const Launch *l = &e->cfg->launch;
    return launch_knows(l, true, axis) ? l->block_dim[axis] == 1 : !facts_axis_used(e->f, BI_BLOCKDIM, axis);
}

Z3_ast enc_thread_rank(Enc *e, int thread)
{
    Z3_context c = e->smt->ctx;
    Z3_ast x = builtin_or_zero(e, thread, BI_THREADIDX, 0);
    if (block_axis_is_one(e, 1) && block_axis_is_one(e, 2))
        return x;
    Z3_ast zy[2] = {block_dim(e, 1), builtin_or_zero(e, thread, BI_THREADIDX, 2)};
    Z3_ast plane[2] = {builtin_or_zero(e, thread, BI_THREADIDX, 1), Z3_mk_mul(c, 2, zy)};
    Z3_ast rows[2] = {block_dim(e, 0), Z3_mk_add(c, 2, plane)};
    Z3_ast sum[2] = {x, Z3_mk_mul(c, 2, rows)};
    return Z3_mk_add(c, 2, sum);
}

bool enc_launch_at_most(const Enc *e, Builtin dim, int axis, uint64_t *v)
{
    if (enc_launch_size(e, dim, axis, v))
        return true;
    const Launch *l = &e->cfg->launch;
    bool any = false;
    LaunchFactKind kind = dim == BI_BLOCKDIM ? LF_DIM_AT_MOST : LF_GRID_AT_MOST;
    for (int i = 0; i < l->nfacts; i++)
        if (l->facts[i].kind == kind && l->facts[i].axis == axis && l->facts[i].value >= 1 &&
            (!any || (uint64_t)l->facts[i].value < *v)) {
            *v = (uint64_t)l->facts[i].value;
            any = true;
        }
    return any;
}

/* A launch size known in advance is its number in every formula: Z3 sees
 * `blockIdx.x * 256` as linear, where `blockIdx.x * blockDim.x` with
 * blockDim.x == 256 on the side would send it to nonlinear arithmetic. */
static Z3_ast fixed_builtin(const Enc *e, const Sym *s)
{
    uint64_t v;
    if (s->builtin == BI_WARPSIZE)
        return smt_int(e->smt, 32);
    if (e->cfg->for_vacuity)
        return NULL;
    /* the index on an axis of one thread (one block) is 0: `threadIdx.y` of
     * a 1-D launch leaves no product `blockDim.x * threadIdx.y` to solve */
    if (s->builtin == BI_THREADIDX || s->builtin == BI_BLOCKIDX)
        return enc_launch_size(e, s->builtin == BI_THREADIDX ? BI_BLOCKDIM : BI_GRIDDIM, s->axis, &v) && v == 1
                   ? smt_int(e->smt, 0)
                   : NULL;
    if (s->builtin != BI_BLOCKDIM && s->builtin != BI_GRIDDIM)
        return NULL;
    if (!facts_axis_used(e->f, s->builtin, s->axis) && !launch_knows(&e->cfg->launch, s->builtin == BI_BLOCKDIM, s->axis))
        return smt_int(e->smt, 1);
    if (enc_launch_size(e, s->builtin, s->axis, &v) && v <= INT64_MAX)
        return smt_int(e->smt, (int64_t)v);
    return NULL;
}

Enc *enc_new(Smt *smt, LemmaTerms *noted, const Facts *f, const CheckConfig *cfg)
{
    Enc *e = xcalloc(1, sizeof *e);
    e->smt = smt;
    e->noted = noted;
    e->f = f;
    e->k = f->kernel;
    e->cfg = cfg;
    for (int t = 0; t < 2; t++) {
        e->base[t].thread = t + 1;
        e->base[t].val = xcalloc((size_t)e->k->nsyms + 1, sizeof *e->base[t].val);
        for (int i = 0; i < e->k->nsyms; i++) {
            const Sym *s = e->k->syms[i];
            Z3_ast fixed = s->builtin != BI_NONE ? fixed_builtin(e, s) : NULL;
            if (fixed)
                e->base[t].val[i] = fixed;
            else if (s->kind == SYM_UNIFORM)
                e->base[t].val[i] = smt_const(smt, s->name, false);
            else if (s->kind == SYM_THREAD || s->kind == SYM_BLOCK || s->kind == SYM_LOCAL)
                e->base[t].val[i] = enc_thread_const(e, s->name, -1, t + 1);
        }
    }
    return e;
}

void enc_forget_widths(Enc *e)
{
    free(e->width_memo);
    free(e->zeros_memo);
    e->width_memo = e->zeros_memo = NULL;
}

void enc_free(Enc *e)
{
    if (!e)
        return;
    tenv_free(&e->base[0]);
    tenv_free(&e->base[1]);
    free(e->bound);
    enc_forget_widths(e);
    free(e);
}

/* A name the encoding quantifies over: its bits cannot be named outside. */
bool enc_is_bound(const Enc *e, Z3_ast a)
{
    for (int i = 0; i < e->nbound; i++)
        if (e->bound[i] == a)
            return true;
    return false;
}

/* c, noted as a name that a quantifier binds. */
Z3_ast enc_quantified(Enc *e, Z3_ast c)
{
    VEC_PUSH(e->bound, e->nbound, e->capbound, c);
    return c;
}

Z3_ast enc_unknown_term(Enc *e, const Stmt *local, int thread)
{
    return enc_thread_const(e, local->u.local.var->u.var.name, local->id, thread);
}

Z3_ast enc_thread_term(Enc *e, int thread, Builtin b, int axis)
{
    for (int i = 0; i < e->k->nsyms; i++)
        if (e->k->syms[i]->builtin == b && e->k->syms[i]->axis == axis)
            return e->base[thread - 1].val[i];
    return NULL;
}

Z3_ast enc_unknown(Enc *e, const Stmt *s, int thread)
{
    return enc_thread_const(e, stmt_unknown_var(s)->u.var.name, s->id, thread);
}
