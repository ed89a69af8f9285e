/* Tiles and warps in the SMT encoding (tiles.h). */
#include "tiles.h"

#include "tile.h"

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

/* The linear rank of the thread in its block (dsl/tile.h). */
static Z3_ast thread_rank(Enc *e, int thread)
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

Z3_ast enc_same_tile(Enc *e, int tile)
{
    Z3_ast block = enc_same_block(e);
    if (tile <= 0)
        return block;
    Z3_context c = e->smt->ctx;
    Z3_ast n = smt_int(e->smt, tile);
    Z3_ast same = smt_eq(e->smt, Z3_mk_div(c, thread_rank(e, 1), n), Z3_mk_div(c, thread_rank(e, 2), n));
    return smt_and2(e->smt, block, same);
}

Z3_ast enc_uniform_unknowns(Enc *e, int tile)
{
    SmtList eq = {0};
    for (int i = 0; i < e->f->nstmts && e->f->tile_unknowns; i++) {
        const Stmt *s = e->f->stmt[i];
        if (s->kind == S_LOCAL && uniform_covers(s->u.local.tile, tile))
            smt_list_add(&eq, smt_eq(e->smt, enc_unknown_term(e, s, 1), enc_unknown_term(e, s, 2)));
    }
    Z3_ast r = smt_and(e->smt, eq.n, eq.items);
    smt_list_free(&eq);
    return r;
}
