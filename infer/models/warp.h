/* Warps and tiles (warp.c, dsl/tile.h): what other models of warp-wide
 * operations share.
 *
 * Ownership: as infer_ctx.h says. */
#ifndef MAPKIT_INFER_WARP_H
#define MAPKIT_INFER_WARP_H

#include "infer_ctx.h"

/* The N of a cooperative-groups thread_block_tile<N> type (0: not one);
 * __syncwarp(mask) and a group's sync as `sync warp;` / `sync tile(N);` or
 * opaque; a vote or reduce over a full warp or tile as an unknown
 * `uniform` over it (false: not one). */
int warp_tile_of_type(CXType t);
int warp_tile_of(CXCursor group);
/* mask_value: the mask's value, which may be a logical warp's (Value.member_lanes) */
void warp_syncwarp(Infer *in, CXCursor call, const CXCursor *args, const Value *mask_value, int nargs, Loc loc);
/* each(in, k, ctx) for the tile size n is: n itself when it is a number,
 * else under `if (n == 1) ... else if (n == 2) ... else` for every power of
 * two up to 32 (n a power of two the program requires, as CUB's logical
 * warps are). */
void per_tile_size(Infer *in, Expr *n, void (*each)(Infer *, int tile, void *ctx), void *ctx, Loc loc);
void emit_tile_sync(Infer *in, int tile, Loc loc); /* `sync tile(N);`, N a tile size (tile.h) */
void warp_group_sync(Infer *in, CXCursor call, CXCursor group, Loc loc);
/* A fresh unknown with one value in every thread of a tile: `local x uniform tile(N);`. */
Expr *emit_uniform_local(Infer *in, const char *base, int tile, Loc loc);

#endif
