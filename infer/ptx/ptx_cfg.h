/* The control flow of one PTX function body (docs/ptx.md, "From PTX to a
 * protocol"): basic blocks, dominators, natural loops, and the acyclic
 * regions (a loop's body, or the function outside its loops) whose
 * immediate post-dominators give the joins of if/else.
 *
 * Ownership: a PtxCfg is malloc'd by ptx_cfg_build and released by
 * ptx_cfg_free; it borrows the instructions of the PtxFunc it was built
 * from. */
#ifndef MAPKIT_PTX_CFG_H
#define MAPKIT_PTX_CFG_H

#include "ptx.h"

#include <stdbool.h>

/* One basic block: instructions [first, last) of PtxCfg.instrs. */
typedef struct PtxBB {
    int first, last;
    int succ[2];  /* succ[0]: the branch's target (or the only successor), succ[1]: the fall-through */
    int nsucc;
    bool cond;    /* ends in a predicated bra/ret/exit: succ[0] taken when the guard holds */
    const PtxInstr *term; /* the bra/ret/exit that ends it; NULL: it falls through */
    int loop;     /* the innermost loop holding it, -1: none */
} PtxBB;

typedef struct PtxLoop {
    int header;
    bool *body;   /* nblocks entries */
    int *latches; /* blocks with a back edge to the header */
    int nlatches;
    int parent;   /* the innermost loop around it, -1: none */
    int size;
} PtxLoop;

typedef struct PtxCfg {
    const PtxInstr **instrs; /* every instruction of the body, nested blocks flattened */
    int ninstrs;
    PtxBB *blocks;
    int nblocks; /* the virtual exit is nblocks; a region's sink is nblocks + 1 */
    int *idom;   /* immediate dominators, -1 for the entry and unreachable blocks */
    PtxLoop *loops;
    int nloops;
    const PtxVar **vars; /* .shared/.local variables declared in the body */
    int nvars;
} PtxCfg;

/* Builds the graph of f's body.  NULL, with *why set to a sentence, when
 * it cannot: an indirect branch (brx.idx), a label that is not defined, a
 * loop that is not natural (irreducible flow). */
PtxCfg *ptx_cfg_build(const PtxFunc *f, const char **why);
void ptx_cfg_free(PtxCfg *g);

bool ptx_cfg_dominates(const PtxCfg *g, int a, int b);
/* Is block b inside loop l (or inside a loop nested in it)? */
bool ptx_cfg_in_loop(const PtxCfg *g, int l, int b);

/* An acyclic region: the blocks whose innermost loop is `loop` (-1: the
 * function outside loops), with each loop nested directly in it collapsed
 * into its header.  An edge that leaves the region, returns to its
 * header or reaches the exit goes to the sink (PtxCfg.nblocks + 1). */
typedef struct PtxRegion {
    int loop;
    int entry;
    int sink;
    int *ipdom; /* nblocks + 2 entries: the immediate post-dominator in the region */
} PtxRegion;

/* The successors of node n in region r (at most 2 for a block; a
 * collapsed loop has as many as its exit targets); how many. */
int ptx_region_succs(const PtxCfg *g, const PtxRegion *r, int n, int out[], int cap);
/* Where an edge to block t from inside the region goes in it. */
int ptx_region_map(const PtxCfg *g, int loop, int t);
void ptx_region_build(const PtxCfg *g, int loop, PtxRegion *r);
void ptx_region_free(PtxRegion *r);

#endif
