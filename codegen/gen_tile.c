/* Tiles and warps in the generated CUDA (dsl/tile.h; docs/codegen.md):
 * `sync warp;` is __syncwarp(), `sync tile(N);` a cooperative-groups tile's
 * sync, and an unknown uniform over a warp or tile is a vote over it, which
 * the front end reads back as the same protocol. */
#include "gen_kernel.h"

#include "tile.h"

static void put_tile(Out *o, int tile)
{
    out_printf(o, "cooperative_groups::tiled_partition<%d>(cooperative_groups::this_thread_block())", tile);
}

void gen_tile_sync(Out *o, int tile)
{
    if (tile == WARP_SIZE) {
        out_put(o, "__syncwarp();\n");
        return;
    }
    put_tile(o, tile);
    out_put(o, ".sync();\n");
}

void gen_uniform_local(Out *o, const KernelGen *kg, const char *var, const char *fn, int tile)
{
    out_printf(o, "int %s __attribute__((unused)) = (int)", var);
    if (tile == WARP_SIZE) {
        out_put(o, "__ballot_sync(0xffffffffu, ");
    } else {
        put_tile(o, tile);
        out_put(o, ".ballot(");
    }
    gen_style_unknown(o, kg, fn);
    out_put(o, ");\n");
}

/* A tile other than the warp is written with cooperative groups. */
static bool needs_groups(const Stmt *s)
{
    return (s->kind == S_SYNC && s->u.sync.tile && s->u.sync.tile != WARP_SIZE) ||
           (s->kind == S_LOCAL && s->u.local.tile && s->u.local.tile != WARP_SIZE);
}

bool gen_kernel_uses_tiles(const Kernel *k)
{
    return gen_block_any(&k->body, needs_groups);
}
