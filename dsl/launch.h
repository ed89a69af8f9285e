/* The launch a kernel is checked under (DESIGN.md, "Launch"; docs/inference.md):
 * block and grid sizes, the dynamic shared-memory size, and facts about
 * the kernel's uniform parameters, each with where it came from.
 *
 * The command line, a GPUVerify header and host inference build it;
 * check, run, gen and fixpoint read it.  Precedence (launch_override):
 * the command line over the header, the header over the host code.
 *
 * Ownership: a Launch is a plain value (fixed-size arrays, names copied
 * in), copied freely; its Locs borrow their SrcFile. */
#ifndef MAPKIT_LAUNCH_H
#define MAPKIT_LAUNCH_H

#include "diag.h"

#include <stdbool.h>
#include <stdint.h>
#include <stddef.h>

/* Where a fact came from.  New sources go at the end. */
typedef enum {
    FROM_NONE,
    FROM_CLI,           /* -b, -g, -p */
    FROM_GV_HEADER,     /* GPUVerify's line 2 */
    FROM_HOST,          /* a launch in the host code, at loc */
    FROM_LAUNCH_BOUNDS, /* __launch_bounds__(N) */
    FROM_ARRAY_BOUNDS,  /* in-bounds accesses to a sized array */
    FROM_COMPDB,        /* compile_commands.json */
    FROM_REQD_WORK_GROUP_SIZE, /* OpenCL's __attribute__((reqd_work_group_size(X, Y, Z))) */
} LaunchSource;

typedef struct LaunchOrigin {
    LaunchSource source;
    Loc loc; /* file NULL: no place in a file (the command line) */
} LaunchOrigin;

typedef enum {
    LF_EQUALS,       /* param == value */
    LF_GRID_COVERS,  /* gridDim[axis] * value >= param: `(n + 255) / 256` blocks */
    LF_BLOCK_AT_MOST, /* blockDim.x * blockDim.y * blockDim.z <= value */
    LF_DIM_AT_MOST,   /* blockDim[axis] <= value (an array's size) */
    LF_GRID_WITHIN,   /* gridDim[axis] * value <= param + offset: `n / 256` blocks, `(n + 255) / 256` (+ 255) */
    LF_PARAM_COVERS,  /* param * value >= other + offset: `Tc = ceil((float)N / Bc)` passed with N */
    LF_PARAM_WITHIN,  /* param * value <= other + offset */
    LF_BLOCK_COVERS,  /* blockDim[axis] * value >= param + offset: `grad_m - 44` threads passed with grad_m */
    LF_BLOCK_WITHIN,  /* blockDim[axis] * value <= param + offset */
    LF_AT_LEAST,      /* param >= value: `mul = 1;` then only `mul *= 512;` */
    LF_AT_MOST,       /* param <= value: the largest value the host's callers pass */
    LF_MULTIPLE_OF,   /* param mod value == offset (value >= 2, 0 <= offset < value; mod rounds down) */
    LF_GRID_AT_MOST,  /* gridDim[axis] <= value: every size the host may launch with */
    LF_DIM_AT_LEAST,  /* blockDim[axis] >= value: the least block size the host launches */
    LF_DIM_POW2,      /* blockDim[axis] is a power of two: every block size the host launches is */
} LaunchFactKind;

enum { LAUNCH_NAME_MAX = 64, LAUNCH_MAX_FACTS = 48 };

typedef struct LaunchFact {
    LaunchFactKind kind;
    char param[LAUNCH_NAME_MAX]; /* every kind but LF_BLOCK_AT_MOST and the LF_DIM_* and LF_GRID_AT_MOST */
    char other[LAUNCH_NAME_MAX]; /* LF_PARAM_COVERS, LF_PARAM_WITHIN: the second parameter */
    int64_t offset;              /* LF_PARAM_*, LF_BLOCK_COVERS, LF_BLOCK_WITHIN, LF_GRID_WITHIN, LF_MULTIPLE_OF */
    int64_t value;
    int axis; /* LF_GRID_*, LF_DIM_*, LF_BLOCK_COVERS, LF_BLOCK_WITHIN */
    LaunchOrigin from;
} LaunchFact;

enum { LAUNCH_ALL_AXES = 7 };

/* The block and grid sizes are known per axis: `k<<<g, threads>>>` with
 * threads unknown still fixes blockDim.y == blockDim.z == 1, and
 * dim3(a, b) fixes z == 1.  block_known bit a says block_dim[a] is given
 * (LAUNCH_ALL_AXES: all three); an axis not known holds 1 and means
 * nothing.  block_from is where the known axes came from. */
typedef struct Launch {
    int64_t block_dim[3], grid_dim[3];
    unsigned block_known, grid_known;
    LaunchOrigin block_from, grid_from;
    int64_t smem; /* dynamic shared memory in bytes */
    bool has_smem;
    LaunchFact facts[LAUNCH_MAX_FACTS];
    int nfacts;
} Launch;

void launch_init(Launch *l);
/* Is the block's (block) or the grid's size on axis known? */
bool launch_knows(const Launch *l, bool block, int axis);
/* Are all three axes known? */
bool launch_knows_all(const Launch *l, bool block);
/* Is some axis known? */
bool launch_knows_some(const Launch *l, bool block);
/* The sizes d on the axes of mask `known` (others 1), from `from`. */
void launch_set_dims(Launch *l, bool block, const int64_t d[3], unsigned known, LaunchOrigin from);
/* Adds a fact; false when the Launch is full or the name too long. */
bool launch_add_fact(Launch *l, LaunchFact f);
bool launch_add_param(Launch *l, const char *name, int64_t value, LaunchOrigin from);
/* The value an LF_EQUALS fact gives param. */
bool launch_param_value(const Launch *l, const char *param, int64_t *v);
/* top over base: top's sizes where it has them, and its facts; base's
 * facts on parameters top does not fix. */
Launch launch_override(const Launch *top, const Launch *base);
/* Do two launches give the same sizes and facts (origins aside)? */
bool launch_same(const Launch *a, const Launch *b);
/* "the command line", "the GPUVerify header", "the launch at f.cu:88"... */
void launch_origin_text(LaunchOrigin o, char *buf, size_t n);
/* One fact in C-like text: "blockDim = (256,1,1)", "n = 1024",
 * "gridDim.x * 256 >= n"; a size known on some axes only lists them:
 * "blockDim.y = 1, blockDim.z = 1".  i: -2 the block size, -1 the grid
 * size, else facts[i]. */
void launch_fact_text(const Launch *l, int i, char *buf, size_t n);
/* CUDA's limits on launch sizes (programming guide, "Technical
 * Specifications per Compute Capability"), checked in this one place for
 * every source of sizes (command line, GPUVerify header, host code): block
 * x, y <= 1024, z <= 64, x*y*z <= 1024; grid x <= 2^31-1, y, z <= 65535;
 * every size >= 1. */
bool dims_within_limits(const int64_t d[3], bool block);
/* The axes of mask `known` alone within those limits (the product of the
 * known block axes <= 1024). */
bool axes_within_limits(const int64_t d[3], unsigned known, bool block);
/* The one wording of those limits, for every message about sizes beyond them. */
extern const char cuda_launch_limits[];
/* Can the protocol's 32-bit positions hold a launch of these sizes: each
 * size from 1 to 2^31 - 1, and a block's threads too?  Sizes beyond CUDA's
 * limits but within these are checked as given, with a warning (verifier
 * corpora use them on purpose; an OpenCL device has limits of its own). */
bool dims_representable(const int64_t d[3], bool block);

#endif
