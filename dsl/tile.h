/* Tiles and warps: groups of N consecutive threads by linear rank in the
 * block (rank = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y *
 * threadIdx.z)), N a power of two; a warp is the tile of 32.  `sync
 * tile(N);` orders only the threads of one tile, and `local x uniform
 * tile(N);` is an unknown with one value in all the threads of a tile
 * (a __ballot_sync result).  docs/language.md, "Tiles and warps". */
#ifndef MAPKIT_TILE_H
#define MAPKIT_TILE_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

enum {
    WARP_SIZE = 32,     /* `sync warp;` is `sync tile(32);` */
    TILE_MAX = 32,      /* the largest tile: cooperative groups' thread_block_tile<N> */
};

/* A tile size the language accepts: a power of two in 1 .. TILE_MAX. */
bool tile_size_ok(int64_t n);
/* `sync tile(N);`, or `sync warp;` for 32. */
void print_sync_tile(FILE *out, int tile);
/* " uniform warp", " uniform tile(N)", or nothing for 0. */
void print_local_tile(FILE *out, int uniform);
/* "warp" for 32, else "tile of N threads": the group, in reports. */
const char *tile_name(int tile, char *buf, size_t size);
/* Do all threads of one tile of `tile` (0: the block) see one value of an
 * unknown declared `uniform` over tiles of `uniform` (0: per thread)?  Yes
 * when its tile holds theirs. */
bool uniform_covers(int uniform, int tile);

#endif
