/* Random well-formed protocols ([CAV21 Fig. 2] language) with known launch sizes (docs/fuzz.md; the
 * generator behind the suite's random agreement and `mapkit fuzz`).
 *
 * The generator writes .proto text directly.  It knows every launch size
 * and uniform value, so it keeps an interval of possible values for every
 * name and expression: loop trip counts stay small and every loop provably
 * ends, no division or remainder is by zero, no shift amount is negative.
 * Unknowns (`local x;`) are followed at once by `assume x < 4;` (4 is
 * RAND_VALUES), so the interpreter, which tries 0..3, and the solver, which
 * is unbounded otherwise, see the same instance.  The text starts with
 *
 *   // args: -b BX[,BY] -g GX -p NAME=V ... --values 4
 *
 * With rand_config_legacy() the bytes are those tests/gen_random always
 * wrote, so the agreement test's seeds keep their meaning.
 *
 * Standalone C11: includes no other part of mapkit, so tests/gen_random
 * links it alone.
 * Ownership: rand_protocol returns malloc'd text the caller frees; the
 * config is borrowed for the call. */
#ifndef MAPKIT_RANDPROTO_H
#define MAPKIT_RANDPROTO_H

#include <stdbool.h>
#include <stdint.h>

enum { RAND_VALUES = 4 };

/* What the generator may write.  Each switch off removes the construct
 * entirely (tests/cases/fuzz/switches.test checks this on the output). */
typedef struct RandFeatures {
    bool loops;      /* foreach and C loops: ++ -- += -= *= /= <<= >>=, every comparison */
    bool conds;      /* if / else, and so nesting under conditions */
    bool multidim;   /* two-dimensional arrays and blocks (threadIdx.y) */
    bool atomics;    /* `atomic` accesses */
    bool globals;    /* global arrays, raced on across blocks */
    bool unknowns;   /* `local x;`, `const local`, and the generator's own preconditions */
    bool uniforms;   /* uniform parameters n, m */
    bool divergence; /* about one kernel in seven gets a deliberately divergent sync */
    bool phases;     /* barrier-separated exchanges on an array X (own cell, sync,
                      * a neighbour's): the syncs whose deletion makes racy twins */
    bool extended;   /* gen_random's "extended": assume below the top level, 1@/2@,
                      * distinct per-thread constants, pow2, where, negative loop starts,
                      * written values (`wr A[i] = e;`, benign same-value writes) */
    bool shared;     /* unknowns a block shares: `local x uniform block;`, `local x = sync;`
                      * (off in the legacy configuration, whose bytes stay the same) */
    bool tiles;      /* tile and warp syncs (`sync tile(N);`) where a sync stands, and
                      * unknowns uniform over a tile (`local x uniform tile(N);`) */
    bool no_const_local; /* no `const local` (gen --style=plain cannot write one) */
    bool fences;     /* barriers with fence flags (`sync local;`, `sync global;`, `sync exec;`)
                      * where a block sync stands (dsl/fence.h) */
    bool bytes;      /* byte accesses `rd A bytes(o, w);` at or near an access's cell, of
                      * 1 to 8 bytes, some misaligned (docs/language.md 3.3) */
    bool loads;      /* atomic loads (`atomic load A[i];`, docs/language.md 3.7) among the
                      * atomics, some block-scoped */
} RandFeatures;

typedef struct RandConfig {
    RandFeatures on;
    int stmts;   /* statement budget of a kernel, drawn from stmts/2..stmts; 0: 5..16 */
    int kernels; /* kernels per protocol, drawn from 1..kernels; 0: one, 8% two */
    int depth;   /* deepest nesting of if/loop statements; < 0: no limit */
    /* Write `assume n == V;` for every uniform after the declarations, so
     * the protocol's verdict does not hang on -p (a generated .cu has no
     * -p to carry). */
    bool pin_uniforms;
    /* Percent of kernels that get a deliberately divergent sync (with
     * on.divergence); 0: the default, 14 (one in seven). */
    int divergent_pct;
} RandConfig;

/* The concrete instance a protocol was written for. */
typedef struct RandLaunch {
    int64_t block_dim[3], grid_dim[3];
    int nparams;
    char param_name[2][4];
    int64_t param_value[2];
    int64_t values; /* range of unknowns: 0..values-1 (mapkit run --values) */
} RandLaunch;

/* Every feature but `extended` and `phases`, no limits, no pins:
 * tests/gen_random's output. */
void rand_config_legacy(RandConfig *c);

/* Protocol number `index` of `seed`: the same text for the same three
 * arguments, whatever else was generated before. */
char *rand_protocol(uint64_t seed, uint64_t index, const RandConfig *c, RandLaunch *launch);

#endif
