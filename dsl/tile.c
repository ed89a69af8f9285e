/* Tiles and warps in the language (tile.h): parsing and printing. */
#include "tile.h"

#include "parse_state.h"

#include <string.h>

bool tile_size_ok(int64_t n)
{
    return n >= 1 && n <= TILE_MAX && (n & (n - 1)) == 0;
}

void print_sync_tile(FILE *out, int tile)
{
    if (tile == WARP_SIZE)
        fputs("sync warp;", out);
    else
        fprintf(out, "sync tile(%d);", tile);
}

void print_local_tile(FILE *out, int uniform)
{
    if (uniform == WARP_SIZE)
        fputs(" uniform warp", out);
    else if (uniform > 0)
        fprintf(out, " uniform tile(%d)", uniform);
}

const char *tile_name(int tile, char *buf, size_t size)
{
    if (tile == WARP_SIZE)
        return "warp";
    snprintf(buf, size, "tile of %d threads", tile);
    return buf;
}

bool uniform_covers(int uniform, int tile)
{
    return uniform > 0 && tile > 0 && tile <= uniform;
}

/* The N of `tile(N)`: a literal power of two; 0 (reported) otherwise. */
static int tile_size(ParseState *ps, Expr *size)
{
    if (size->kind != E_NUM || !tile_size_ok((int64_t)(size->u.num > TILE_MAX ? 0 : size->u.num))) {
        diag_at(ps->diag, SEV_ERROR, size->loc, "a tile's size is a literal power of two from 1 to %d",
                TILE_MAX);
        return 0;
    }
    return (int)size->u.num;
}

Stmt *parse_sync_tile(ParseState *ps, const Token *kw, const Token *scope, Expr *size, const Token *end)
{
    Stmt *s = stmt_new(ps->prog, S_SYNC, loc_span(kw->loc, end->loc));
    if (strcmp(scope->name, "tile") != 0)
        diag_at(ps->diag, SEV_ERROR, scope->loc, "expected 'tile(N)' after 'sync', not '%s(...)'", scope->name);
    else
        s->u.sync.tile = tile_size(ps, size);
    return s;
}

/* The group word of `local x uniform warp;` / `... uniform tile(N);` into s;
 * false when it names no tile (the caller reports it, or tries its own). */
bool parse_tile_group(ParseState *ps, Stmt *s, const Token *scope, Expr *size)
{
    if (strcmp(scope->name, "tile") == 0 && size)
        s->u.local.tile = tile_size(ps, size);
    else if (strcmp(scope->name, "warp") == 0 && !size)
        s->u.local.tile = WARP_SIZE;
    else
        return false;
    return true;
}

Stmt *parse_local_uniform(ParseState *ps, const Token *kw, const Token *var, const Token *scope, Expr *size,
                          const Token *end)
{
    Stmt *s = stmt_new(ps->prog, S_LOCAL, loc_span(kw->loc, end->loc));
    s->u.local.var = expr_var(ps->prog, var->loc, var->name);
    if (!parse_tile_group(ps, s, scope, size))
        diag_at(ps->diag, SEV_ERROR, scope->loc,
                "expected 'block', 'grid', 'warp' or 'tile(N)' after 'local %s uniform', not '%s(...)'", var->name,
                scope->name);
    return s;
}
