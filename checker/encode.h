/* The SMT encoding of protocols ([CAV21 Sec. 5]): values of expressions
 * for one thread, the conditions under which a thread reaches a statement,
 * loop iteration spaces, and whether statements synchronize.  The encoders
 * build terms and never ask the solver; the stages (wellformed.c, the
 * engines, ...) assemble queries from them and ask solve.h.  One file per
 * concern, each a section below:
 *   encode.c         the encoder, names and environments
 *   encode_int.c     integer and boolean expressions: its own header,
 *                    encode_int.h, for whoever encodes an expression
 *   encode_launch.c  the launch, the base, the two threads
 *   encode_loop.c    loop iteration spaces
 *   encode_path.c    the way a thread reaches a statement; preconditions
 *   encode_sync.c    synchronization: S(s), no sync between, same interval
 * The race condition built from them is race_query.h's.
 *
 * Names: a uniform variable is one Z3 constant; everything per thread has
 * a copy per thread (T1, T2): `tid$1`; a loop variable or unknown also
 * carries its statement: `i@12$1`.  Values are integers; every variable is
 * a natural (docs/language.md, Sec. 3.2).
 *
 * Ownership: an Enc borrows its Smt, LemmaTerms, Solver, Facts and config;
 * TEnv value arrays and Paths are malloc'd (tenv_free, path_free). */
#ifndef MAPKIT_ENCODE_H
#define MAPKIT_ENCODE_H

#include "facts.h"
#include "interp.h"
#include "lemmas.h"
#include "smt.h"

struct Solver;

typedef struct CheckConfig {
    Launch launch; /* sizes and parameter facts, with their origins */
    unsigned timeout_ms;
    /* When the kernel's time began (smt_now_ms's clock; 0: when checking
     * starts), and what ran since: the time spent parsing or inferring
     * counts against --timeout. */
    double started_ms;
    const char *started_while; /* "inferring", "parsing" */
    bool all;          /* every racing pair of sites */
    const char *array; /* only this array */
    bool only_intra_group; /* GPUVerify's --only-intra-group: global arrays within a block only */
    /* vacuity.c: launch sizes stay names, never folded into numbers nor
     * pinned to 1 on unused axes, and enc_base leaves out the nested
     * preconditions (vacuity.c tracks the sizes given and each of those) */
    bool for_vacuity;
    /* CUDA's limits bound no size: the launch gives one beyond them, which
     * is checked as given (vacuity.c's bare configuration forgets the
     * sizes, not that they were beyond the limits) */
    bool beyond_limits;
    bool strict_writes; /* two writes of one value to a cell race too (DESIGN.md, Writes) */
} CheckConfig;

/* A thread's view of names: Sym index -> term. */
typedef struct TEnv {
    Z3_ast *val;
    int thread; /* 1 or 2 */
} TEnv;

typedef struct Enc {
    Smt *smt;            /* where the terms are made */
    LemmaTerms *noted;   /* terms the lemmas look for, noted as they are made (lemmas.h) */
    /* The solver the stages ask (solve.h; check_enc_new sets it).  The
     * encoders build terms and never ask it. */
    struct Solver *solver;
    const Facts *f;
    const Kernel *k;
    const CheckConfig *cfg;
    TEnv base[2];  /* kernel-level names of T1 and T2 */
    TEnv *pair[2]; /* while encoding a precondition: where 1@x and 2@x look */
    bool approx;   /* set when an encoding could not be exact */
    bool grid_only; /* "a sync runs" means a `sync grid;` runs: the phases of the
                     * grid, which order two threads of different blocks */
    int tile_floor; /* tile syncs of smaller tiles do not count (the two threads
                     * are in different ones); 0: every sync counts (tile.h) */
    uint8_t ordering; /* only syncs whose fence flags cover these spaces count (bits
                       * 1 << MemSpace of the array in question, dsl/fence.h); 0: every sync */
    /* While encoding an access's index: where the conditions under which
     * it takes an unknown value are collected (NULL: not collecting). */
    struct SmtList *unknown_when;
    int fresh;     /* counter for bound variables */
    Z3_ast *bound; /* the names quantifiers bind */
    int nbound, capbound;
    /* encode_int.c's bit widths and low zero bits of lets and loop
     * variables, by (Sym index, depth of the walk), made once: lets share
     * their operands (a hash's rounds), and walking them afresh at every
     * use is exponential.  NULL until first asked. */
    int *width_memo, *zeros_memo;
    /* The race query's (race_query.c), kept with the encoder: */
    Z3_ast tickets; /* the disjointness of T1's and T2's draws (ticket.h); NULL: not built yet */
    bool merge_sites; /* race_choice merges the sites that differ only by numbers
                       * (groups.h); off: one disjunct per site */
    int merged;       /* groups of sites merged so far */
} Enc;

/* One level of the way from the kernel body down to a statement. */
typedef struct PathLevel {
    const Block *block;
    const Stmt *anc; /* the item of `block` on the way (the target at the last level) */
    int index;       /* its position in block */
    TEnv env;        /* names visible just before anc */
    Z3_ast var;      /* anc is a loop: its variable's term inside it */
} PathLevel;

typedef struct Path {
    const Stmt *target;
    int thread;
    PathLevel *lv;
    int n;
    TEnv env;       /* names visible at the target */
    Z3_ast guards;  /* conditions and loop ranges on the way */
    Z3_ast assumes; /* preconditions met on the way (in the same iterations) */
    bool approx;    /* something on the way could not be encoded exactly */
    /* the target's index takes an unknown value (x / 0, bits beyond 64)
     * when this holds: an alarm whose model makes it true is potential
     * (NULL: never) */
    Z3_ast unknown_index;
} Path;

/* ---- encode.c: the encoder, names and environments ---- */

/* An encoder over smt's context, noting into `noted`. */
Enc *enc_new(Smt *smt, LemmaTerms *noted, const Facts *f, const CheckConfig *cfg);
/* Drops the widths encode_int.c keeps (Enc.width_memo): before the
 * configuration they rest on changes. */
void enc_forget_widths(Enc *e);
void enc_free(Enc *e);

TEnv tenv_copy(const Enc *e, const TEnv *from);
void tenv_free(TEnv *t);

/* The constant of a per-thread name: `name$T`, or `name@id$T` for a name a
 * statement defines (id >= 0). */
Z3_ast enc_thread_const(Enc *e, const char *name, int id, int thread);
/* The term of the unknown s defines (stmt_unknown_var) for a thread. */
Z3_ast enc_unknown(Enc *e, const Stmt *s, int thread);
/* The term of an unknown (`local x;`) in thread 1 or 2, and of a built-in. */
Z3_ast enc_unknown_term(Enc *e, const Stmt *local, int thread);
Z3_ast enc_thread_term(Enc *e, int thread, Builtin b, int axis);
/* The number of threads per block (blocks per grid) on an axis, when it is
 * fixed: by -b / -g, or by a top-level precondition. */
bool enc_launch_size(const Enc *e, Builtin dim, int axis, uint64_t *v);
/* The largest a launch size may be: its value, else the least bound a
 * launch fact gives (LF_DIM_AT_MOST, LF_GRID_AT_MOST), which every query
 * of this configuration asserts. */
bool enc_launch_at_most(const Enc *e, Builtin dim, int axis, uint64_t *v);
/* The linear rank of the thread in its block (dsl/tile.h). */
Z3_ast enc_thread_rank(Enc *e, int thread);
/* c, noted as a name that a quantifier binds (its bits cannot be named
 * outside it, lemmas.h); is a such a name? */
Z3_ast enc_quantified(Enc *e, Z3_ast c);
bool enc_is_bound(const Enc *e, Z3_ast a);

/* ---- encode_launch.c: the launch, the base, the two threads ---- */

/* One fact of the launch for this kernel (NULL: about a parameter the
 * kernel does not have). */
Z3_ast enc_launch_fact(Enc *e, const LaunchFact *f);
/* Bounds of the built-ins, naturals, launch sizes and launch facts, and
 * the preconditions each thread meets wherever it reaches them. */
Z3_ast enc_base(Enc *e);
/* Does cfg's launch give a size beyond CUDA's limits (then checked as
 * given, and no limit bounds the sizes it leaves open)? */
bool enc_beyond_limits(const CheckConfig *cfg);
Z3_ast enc_same_block(Enc *e);
/* Are races on this array also sought between threads of different blocks?
 * Global arrays are, unless --only-intra-group. */
bool enc_across_blocks(const Enc *e, const Sym *array);
/* T1 and T2 are distinct threads: their id tuples differ. */
Z3_ast enc_distinct(Enc *e);
/* The kernel-level values a witness shows (ids, launch sizes, uniforms),
 * for solve_small to keep small. */
void enc_witness_terms(const Enc *e, SmtList *out);

/* ---- encode_loop.c: loop iteration spaces ---- */

/* Loops: is x one of the values the loop's variable takes (env is the
 * environment at the loop's entry)?  The next value after x; does v's
 * iteration come before w's; is v the first or the last one; does the
 * loop run at least once. */
Z3_ast enc_loop_member(Enc *e, const Stmt *loop, TEnv *env, Z3_ast x);
Z3_ast enc_loop_next(Enc *e, const Stmt *loop, TEnv *env, Z3_ast x);
Z3_ast enc_loop_before(Enc *e, const Stmt *loop, Z3_ast v, Z3_ast w);
Z3_ast enc_loop_first(Enc *e, const Stmt *loop, TEnv *env, Z3_ast v);
Z3_ast enc_loop_last(Enc *e, const Stmt *loop, TEnv *env, Z3_ast v);
Z3_ast enc_loop_runs(Enc *e, const Stmt *loop, TEnv *env);

/* ---- encode_path.c: the way to a statement, and preconditions ---- */

/* The way thread `thread` reaches `target`.  `forced` (may be NULL) gives,
 * by statement id, terms that enclosing loop variables must take instead of
 * fresh constants (divergence asks about T1's loop instance in T2). */
Path enc_path(Enc *e, const Stmt *target, int thread, const Z3_ast *forced);
void path_free(Path *p);
/* s, run in env: the names it defines (lets and unknowns) get their terms. */
void enc_define(Enc *e, const Stmt *s, TEnv *env);
/* The preconditions at the top level of the kernel, as thread `thread` sees them. */
Z3_ast enc_kernel_assumes(Enc *e, int thread);
/* The same one at a time, for vacuity.c: term[i] is what the i-th
 * top-level `assume` (stmt[i]) says for thread `thread`; the unknowns'
 * bounds go to locals.  stmt and term hold body.n entries; returns how many. */
int enc_kernel_assume_each(Enc *e, int thread, const Stmt **stmt, Z3_ast *term, SmtList *locals);
/* The preconditions below the top level that enc_base has every thread
 * meet wherever it reaches them (over all iterations of their loops), one
 * at a time; stmt and term hold Facts.nstmts entries; returns how many. */
int enc_nested_assume_each(Enc *e, int thread, const Stmt **stmt, Z3_ast *term);

/* ---- encode_sync.c: synchronization ---- */

/* The loop body runs a sync that counts now in every iteration (a sync at
 * its top level: every sync, or only grid syncs while e->grid_only). */
bool enc_block_always_syncs(const Enc *e, const Block *b);
/* e->ordering for the accesses to arrays of space m: the space's bit when
 * some sync of the kernel has fence flags, 0 (every sync) otherwise. */
uint8_t enc_ordering_for(const Enc *e, MemSpace m);
/* Does this sync order the two threads now (grid_only, tile_floor, ordering)? */
bool enc_sync_counts(const Enc *e, const Stmt *sync);
bool enc_has_sync(const Enc *e, const Stmt *s);
/* S(s) of ../shared/notes/same-phase.md: running s from env executes a sync. */
Z3_ast enc_stmt_syncs(Enc *e, const Stmt *s, TEnv *env);
/* No item of b in (from, to) synchronizes; lets and unknowns in between
 * update a copy of env. */
Z3_ast enc_no_sync_between(Enc *e, const Block *b, int from, int to, const TEnv *env);
/* No iteration w of `loop` with pred(w) synchronizes (pred over w). */
typedef Z3_ast (*IterFilter)(Enc *e, const Stmt *loop, Z3_ast w, void *ctx);
Z3_ast enc_no_sync_iterations(Enc *e, const Stmt *loop, TEnv *env, IterFilter pred, void *ctx);
/* T1 at p1 and T2 at p2, threads of one block, are in the same barrier
 * interval: no sync that counts now runs between the two instances. */
Z3_ast enc_same_interval(Enc *e, const Path *p1, const Path *p2);

#endif
