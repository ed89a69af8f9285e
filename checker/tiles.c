/* Tiles and warps in the SMT encoding (tiles.h). */
#include "tiles.h"

#include "tile.h"

Z3_ast enc_same_tile(Enc *e, int tile)
{
    Z3_ast block = enc_same_block(e);
    if (tile <= 0)
        return block;
    Z3_context c = e->smt->ctx;
    Z3_ast n = smt_int(e->smt, tile);
    Z3_ast same = smt_eq(e->smt, Z3_mk_div(c, enc_thread_rank(e, 1), n), Z3_mk_div(c, enc_thread_rank(e, 2), n));
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
