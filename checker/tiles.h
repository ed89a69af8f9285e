/* Tiles and warps in the SMT encoding (dsl/tile.h): which pairs of threads
 * share a tile, and the unknowns that are one value in a tile.  Both engines
 * and the divergence check use them; see docs/checker.md, "Tile syncs". */
#ifndef MAPKIT_TILES_H
#define MAPKIT_TILES_H

#include "encode.h"

/* T1 and T2 are in one block and in one tile of `tile` threads (0: one block). */
Z3_ast enc_same_tile(Enc *e, int tile);
/* The unknowns declared `uniform` over a group that holds a whole tile of
 * `tile` (0: the block) have one value in T1 and T2.  Only true of one
 * instance: the divergence check compares the two threads at one instance
 * of the sync, so it may assume this; the race queries may not (two
 * accesses can be in different iterations) and leave the unknowns free. */
Z3_ast enc_uniform_unknowns(Enc *e, int tile);

#endif
