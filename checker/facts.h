/* Facts about one resolved kernel that every checker stage needs: the
 * statement tree as tables (parent, enclosing block, does it synchronize),
 * the access sites in program order, which names are thread identity, and
 * which CUDA axes the kernel uses (docs/language.md, Sec. 3.1).
 *
 * Ownership: Facts are malloc'd by facts_new and freed by facts_free; they
 * borrow the Kernel, which must outlive them. */
#ifndef MAPKIT_FACTS_H
#define MAPKIT_FACTS_H

#include "ast.h"

typedef struct Site {
    Stmt *stmt;   /* S_ACCESS */
    Sym *array;
    int id;       /* index in Facts.sites, program order */
    int region;   /* sites of one region have no sync between them (same loops, same stretch) */
    Sym **scope;  /* thread-local names visible at the access (loops, lets, unknowns), outermost first */
    int nscope;
} Site;

/* Which threads share each unknown's value (ShareGroup, by Sym index).
 * `local x uniform block;` and `local x = sync;` say it; a read `local x = rd
 * A[i];` starts as GROUP_THREAD and is raised by uniform_reads_decide
 * (uniform.c) when the solver proves the rule of docs/language.md 3.4.
 * Kept behind a pointer so the checker can settle it on const Facts. */
typedef struct ShareGroups {
    uint8_t *of;
    uint8_t *key; /* ShareKey of a read's value, by Sym index */
    int *region;  /* a read's Site.region, by Sym index */
    bool decided; /* the reads were looked at */
} ShareGroups;

/* What tells apart the values a read shares (docs/language.md 3.6): the
 * group's threads that read one cell in one instance of what the key
 * names get one value.
 * - KEY_INSTANCE: the statement and its enclosing loops' values (the
 *   index is the same in all the group's threads);
 * - KEY_INSTANCE_CELL: the same and the cell;
 * - KEY_REGION: the stretch between syncs the read is in (Site.region),
 *   the values of the loops around it that synchronize, and the cell:
 *   every read of the cell in that stretch, whatever its statement or
 *   the iteration of a loop without a sync around it;
 * - KEY_CELL: the cell alone (no thread ever writes it). */
typedef enum { KEY_INSTANCE, KEY_INSTANCE_CELL, KEY_REGION, KEY_CELL } ShareKey;

typedef struct Facts {
    Kernel *kernel;
    int nstmts;
    Stmt **stmt;       /* by id */
    int *parent;       /* enclosing if/loop statement's id, or -1 at kernel level */
    Block **block;     /* the block a statement is an item of */
    int *index;        /* its position in that block */
    bool *has_sync;    /* the statement is or contains a sync */
    bool *always_syncs;/* a sync runs whenever the statement runs (not inside a branch or loop) */
    bool *has_grid_sync; /* the statement is or contains a `sync grid;` */
    int ngrid_syncs;   /* how many `sync grid;` the kernel has */
    /* Tile syncs (`sync tile(N);`, dsl/tile.h) order only the threads of one tile */
    bool *has_wide_sync; /* the statement is or contains a sync of the block or grid */
    int *max_tile;     /* the largest N of a `sync tile(N);` in it (0: none) */
    /* Fence flags (`sync local;`, dsl/fence.h): by MemSpace, the statement is or
     * contains a sync of the block or grid that orders arrays of that space */
    bool *has_wide_sync_for[2];
    bool fenced;       /* some sync orders only some spaces: phases differ by space */
    int tiles[12];     /* the kernel's tile sizes, ascending, each once */
    int ntiles;
    bool tile_unknowns; /* some `local x uniform warp;` or `uniform tile(N);` */
    bool *unknown_in_scope; /* an unknown (`local x;`) is visible at the statement */
    /* By site: an unknown (a `local x;`, a value read, a per-thread constant
     * outside the thread's id) decides the access's cell, whether it runs
     * (its guards, loop ranges, the preconditions before it), the value a
     * write stores, or where the barriers are (some sync runs or not by an
     * unknown): an alarm at it is potential (depends.c).  By statement id,
     * for syncs: an unknown decides whether it runs. */
    bool *site_potential;
    bool *sync_potential;
    Site *sites;
    int nsites;
    int nregions;
    bool *identity;    /* by Sym index: the name is part of the thread-id tuple */
    /* [0] the block's axes (threadIdx, blockDim), [1] the grid's (blockIdx,
     * gridDim): y and z count only if the kernel mentions them through
     * their own family, so a kernel indexing `blockIdx.y` is not taken to
     * run 2-D blocks too; x always counts.  facts_axis_used reads it. */
    bool axis_used[2][3];
    bool *used;        /* by Sym index: mentioned somewhere in the kernel */
    /* by Sym index: N > 0 when every mention of the name is iN(x) (a signed
     * C value the front end names by a natural: docs/inference.md, "Signed
     * values"), -1 when some is not, 0 when none is */
    int8_t *signed_view;
    bool asymmetric;   /* a precondition tells T1 from T2 (1@x, 2@x): the roles matter */
    const Stmt *opaque;/* the first `opaque` statement, or NULL: the protocol is incomplete */
    ShareGroups *groups;
    bool has_tickets;  /* some ticket's draws are distinct (ticket.c) */
    bool *ticket_distinct; /* by statement id: a ticket whose draws on its counter are
                            * disjoint between threads (ticket_facts) */
    int64_t *ticket_cap;   /* by statement id: for a distinct ticket on a shared counter
                            * that starts each block at 0, the most one thread moves it
                            * by (the sum of its tickets' amounts): every draw lies in
                            * [0, cap * threads per block); 0: no such bound (ticket.c) */
} Facts;

Facts *facts_new(Kernel *k);
void facts_free(Facts *f);
/* Does the kernel use axis `axis` of dim's family (BI_BLOCKDIM: the
 * block's, BI_GRIDDIM: the grid's)? */
bool facts_axis_used(const Facts *f, Builtin dim, int axis);

/* The enclosing statements of s, outermost first, into out (at most
 * f->nstmts); returns how many. */
int facts_ancestors(const Facts *f, const Stmt *s, Stmt **out);
bool sym_is_identity(const Facts *f, const Sym *s);
/* Fills site_potential and sync_potential (depends.c; facts_new calls it). */
void facts_note_dependence(Facts *f);
/* Some access writes the array (plain or atomic): it can take part in a race. */
bool facts_array_written(const Facts *f, const Sym *array);

#endif
