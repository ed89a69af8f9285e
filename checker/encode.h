/* The SMT encoding of protocols ([CAV21 Sec. 5] and Example 2): values of
 * expressions for one thread, the conditions under which a thread reaches a
 * statement, loop iteration spaces, and the two-thread race condition.
 * Both engines (interval.c, and align.c/split.c) build on it.
 *
 * Names: a uniform variable is one Z3 constant; everything per thread has
 * a copy per thread (T1, T2): `tid$1`; a loop variable or unknown also
 * carries its statement: `i@12$1`.  Values are integers; every variable is
 * a natural (docs/language.md, Sec. 3.2).
 *
 * Ownership: an Enc borrows its Smt, Facts and config; TEnv value arrays
 * and Paths are malloc'd (tenv_free, path_free). */
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
    Z3_ast tickets; /* ticket.c's disjointness of T1's and T2's draws; NULL: not built yet */
    bool merge_sites; /* enc_choice merges the sites that differ only by numbers
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

/* An encoder over smt's context, noting into `noted`. */
Enc *enc_new(Smt *smt, LemmaTerms *noted, const Facts *f, const CheckConfig *cfg);
void enc_free(Enc *e);

TEnv tenv_copy(const Enc *e, const TEnv *from);
void tenv_free(TEnv *t);

Z3_ast enc_int(Enc *e, const Expr *x, TEnv *env);
Z3_ast enc_bool(Enc *e, const Expr *x, TEnv *env);
/* The term of the unknown s defines (stmt_unknown_var) for a thread. */
Z3_ast enc_unknown(Enc *e, const Stmt *s, int thread);

/* One fact of the launch for this kernel (NULL: about a parameter the
 * kernel does not have). */
Z3_ast enc_launch_fact(Enc *e, const LaunchFact *f);
/* Bounds of the built-ins, naturals, launch sizes and launch facts. */
Z3_ast enc_base(Enc *e);
Z3_ast enc_same_block(Enc *e);
/* Are races on this array also sought between threads of different blocks?
 * Global arrays are, unless --only-intra-group. */
bool enc_across_blocks(const Enc *e, const Sym *array);
/* T1 and T2 are distinct threads: their id tuples differ. */
Z3_ast enc_distinct(Enc *e);

/* The way thread `thread` reaches `target`.  `forced` (may be NULL) gives,
 * by statement id, terms that enclosing loop variables must take instead of
 * fresh constants (divergence asks about T1's loop instance in T2). */
Path enc_path(Enc *e, const Stmt *target, int thread, const Z3_ast *forced);
void path_free(Path *p);
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

/* Loops: is x one of the values the loop's variable takes (env is the
 * environment at the loop's entry)?  The next value after x; does v's
 * iteration come before w's; is v the first or the last one. */
Z3_ast enc_loop_member(Enc *e, const Stmt *loop, TEnv *env, Z3_ast x);
Z3_ast enc_loop_next(Enc *e, const Stmt *loop, TEnv *env, Z3_ast x);
Z3_ast enc_loop_before(Enc *e, const Stmt *loop, Z3_ast v, Z3_ast w);
Z3_ast enc_loop_first(Enc *e, const Stmt *loop, TEnv *env, Z3_ast v);
Z3_ast enc_loop_last(Enc *e, const Stmt *loop, TEnv *env, Z3_ast v);
/* The loop body runs a sync that counts now in every iteration (a sync at
 * its top level: every sync, or only grid syncs while e->grid_only). */
bool enc_block_always_syncs(const Enc *e, const Block *b);
/* e->ordering for the accesses to arrays of space m: the space's bit when
 * some sync of the kernel has fence flags, 0 (every sync) otherwise. */
uint8_t enc_ordering_for(const Enc *e, MemSpace m);
/* Does this sync order the two threads now (grid_only, tile_floor, ordering)? */
bool enc_sync_counts(const Enc *e, const Stmt *sync);
bool enc_has_sync(const Enc *e, const Stmt *s);
/* The term of an unknown (`local x;`) in thread 1 or 2, and of a built-in. */
Z3_ast enc_unknown_term(Enc *e, const Stmt *local, int thread);
Z3_ast enc_thread_term(Enc *e, int thread, Builtin b, int axis);

/* S(s) of ../shared/notes/same-phase.md: running s from env executes a sync. */
Z3_ast enc_stmt_syncs(Enc *e, const Stmt *s, TEnv *env);
/* No item of b in (from, to) synchronizes; lets and unknowns in between
 * update a copy of env. */
Z3_ast enc_no_sync_between(Enc *e, const Block *b, int from, int to, const TEnv *env);
/* No iteration w of `loop` with pred(w) synchronizes (pred over w). */
typedef Z3_ast (*IterFilter)(Enc *e, const Stmt *loop, Z3_ast w, void *ctx);
Z3_ast enc_no_sync_iterations(Enc *e, const Stmt *loop, TEnv *env, IterFilter pred, void *ctx);

/* The kernel-level values a witness shows (ids, launch sizes, uniforms),
 * for solve_small to keep small. */
void enc_witness_terms(const Enc *e, SmtList *out);

/* ---- the race condition of Example 2 ----
 * Each thread picks one access among candidates: a selector constant
 * `site$T` equals the chosen candidate's id, `idx<d>$T` its cell. */
typedef struct Candidate {
    const Site *site;
    Path *path; /* of this thread to the site */
    int id;     /* the selector's value for it */
} Candidate;

typedef struct RaceTerms {
    Z3_ast sel[2];
    Z3_ast *idx[2]; /* ndims terms each */
    int ndims;
    /* The value the picked access writes (`wr A[i] = e;`), and whether it
     * carries one that is known (`valued`: false for reads, atomics, plain
     * writes, and a value needing an unknown such as x / 0). */
    Z3_ast val[2], valued[2];
} RaceTerms;

/* Which write-write pairs enc_conflict keeps. */
typedef enum {
    WRITES_DIFFER, /* the default: two writes of one known value are benign, not a race */
    WRITES_ANY,    /* --strict-writes: every conflicting pair */
    WRITES_SAME,   /* only the benign pairs: both write one known value (for the note) */
} WriteValues;

void race_terms_init(Enc *e, RaceTerms *t, int ndims);
void race_terms_free(RaceTerms *t);
/* The thread picks one of the candidates (writers only: skip reads). */
Z3_ast enc_choice(Enc *e, const RaceTerms *t, int thread, const Candidate *c, int n, bool writers_only);
/* The cell T1 picked (t->idx[0]) lies inside the array's declared sizes,
 * where they are constants: a witness is an execution without
 * out-of-bounds accesses (docs/inference.md). */
Z3_ast enc_in_bounds(Enc *e, const RaceTerms *t, const Sym *array);
/* Same cell, in bounds, and not two atomics (one of them writes: enc_choice of T1). */
Z3_ast enc_conflict(Enc *e, const RaceTerms *t, const Candidate *c1, int n1, const Candidate *c2, int n2);
/* enc_conflict restricted by the written values (WRITES_DIFFER / WRITES_ANY
 * per --strict-writes when `benign` is false; WRITES_SAME when true). */
Z3_ast enc_conflict_values(Enc *e, const RaceTerms *t, const Candidate *c1, int n1, const Candidate *c2,
                           int n2, bool benign);
/* Does some write of the array carry a value (a benign pair is possible)? */
bool enc_array_has_values(const Candidate *c, int n);
/* T picked one of these candidates (those `keep` accepts; all if NULL). */
Z3_ast enc_picked(Enc *e, const RaceTerms *t, int thread, const Candidate *c, int n, bool (*keep)(const Site *, void *), void *ctx);

#endif
