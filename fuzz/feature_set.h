/* What a protocol uses ([CAV21 Fig. 2] / docs/language.md), read off its tree (docs/fuzz.md: the manifest's
 * "features", and the evidence that a switched-off feature is absent).
 * Ownership: borrows the Program; names are static strings. */
#ifndef MAPKIT_FUZZ_FEATURE_SET_H
#define MAPKIT_FUZZ_FEATURE_SET_H

#include "ast.h"

typedef enum {
    FT_LOOP_ADD,    /* for/foreach with ++ or += */
    FT_LOOP_SUB,    /* -- or -= */
    FT_LOOP_MUL,    /* *= */
    FT_LOOP_DIV,    /* /= */
    FT_LOOP_SHL,    /* <<= */
    FT_LOOP_SHR,    /* >>= */
    FT_SYNC_LOOP,   /* a loop with a sync inside */
    FT_IF,
    FT_ELSE,
    FT_NESTED,      /* an if or loop inside an if or loop */
    FT_SYNC,
    FT_ARRAY_2D,    /* an array of two or more dimensions */
    FT_THREAD_2D,   /* threadIdx.y or .z */
    FT_ATOMIC,
    FT_GLOBAL,      /* a global array */
    FT_UNKNOWN,     /* local x; */
    FT_CONST_LOCAL, /* const local x; */
    FT_PRECONDITION,/* an assume, other than a uniform's pin `assume n == 3;` */
    FT_PAIRWISE,    /* 1@x, 2@x or distinct */
    FT_UNIFORM,
    FT_KERNELS,     /* two or more kernels */
    FT_TILE_SYNC,   /* a warp's or a tile's barrier: sync warp; / sync tile(N); */
    FT_SHARED_UNKNOWN, /* an unknown a group shares: local x uniform block|grid|warp|tile(N); local x = sync; */
    FT_COUNT
} Feature;

typedef struct FeatureSet {
    bool has[FT_COUNT];
} FeatureSet;

void features_of(const Program *p, FeatureSet *out);
const char *feature_name(Feature f);

#endif
