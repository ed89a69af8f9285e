/* What checking one kernel produces, whichever engine ran: a verdict and,
 * for alarms, witnesses (DESIGN.md "Text reports"; issue: witnesses).
 *
 * Ownership: a KernelResult and everything in it is malloc'd and released
 * by result_free; it borrows the Kernel's statements and symbols. */
#ifndef MAPKIT_RESULT_H
#define MAPKIT_RESULT_H

#include "ast.h"
#include "launch.h"

typedef enum {
    V_DRF,
    V_RACY,
    V_DIVERGENT,  /* barrier divergence */
    V_ILLFORMED,  /* another protocol the theory excludes, e.g. a loop that never ends */
    V_UNKNOWN,    /* solver gave up, time or step limit */
    V_ERROR,      /* the run could not start: a missing value, an unsupported construct */
} Verdict;

typedef struct Binding {
    const Sym *sym;
    int64_t value;
} Binding;

/* One row of the locals table: a name and its value in T1 and in T2 (absent
 * when the name is not in scope at that thread's access). */
typedef struct LocalRow {
    const Sym *sym;
    bool has1, has2;
    int64_t v1, v2;
} LocalRow;

typedef struct Witness {
    /* a race: T1 runs stmt1, T2 runs stmt2; a divergence: T1 runs the sync
     * stmt1 and T2 does not */
    const Stmt *stmt1, *stmt2;
    const Sym *array;
    int64_t *index; /* one per dimension */
    int ndims;
    /* the array has byte accesses: the two ranges first meet at byte
     * `byte_at` of the array, byte `byte` of the cell index[] */
    bool bytes;
    int64_t byte, byte_at;
    bool definite;    /* no unknown value and no approximation is involved */
    bool cross_block; /* the threads are in different blocks (global arrays) */
    Binding *globals;
    int nglobals;
    LocalRow *locals;
    int nlocals;
    char *note; /* a divergence: which instance of the sync and who runs it (NULL: the default text) */
    /* check --confirm: 0 not asked, 1 confirmed by execution, -1 not
     * reproduced on the witness's input (cli/confirm.c) */
    int confirmed;
} Witness;

/* A benign race (DESIGN.md, Writes): two threads write the same value to
 * one cell.  Not a race unless --strict-writes; reported as a note. */
typedef struct BenignNote {
    Loc loc;           /* the first thread's write */
    const char *array; /* interned name */
    char text[200]; /* "benign write-write race on A[0]: both threads write 0 ..." */
} BenignNote;

typedef struct KernelResult {
    const Kernel *kernel;
    Verdict verdict;
    char *message; /* why, for V_ILLFORMED / V_UNKNOWN / V_ERROR */
    Loc where;     /* where that is, when it has a place */
    Witness *races;
    int nraces;
    Witness divergence; /* stmt1 set: a sync may diverge (verdict divergent, or
                         * racy when races were found too) */
    int nsilenced;      /* syncs that may diverge, left out to look for races */
    /* those syncs, divergence.stmt1 first: each is an alarm of its own for
     * suppressions and baselines (cli/findings.c) */
    const Stmt **diverging;
    int ndiverging;
    const char *warning; /* static text: the verdict holds but may mislead (e.g. no thread ran) */
    const Stmt *opaque;  /* the protocol's first `opaque`: its alarms are potential */
    double time_ms;
    const char *engine;
    BenignNote *benign; /* at most one per array */
    int nbenign;
    /* The launch the verdict assumes (sizes and parameter facts, with
     * their origins): every report states it. */
    Launch launch;
    /* --conditions: what conditions_of found (conditions NULL: not asked) */
    int conditions_kind; /* ConditionsKind (check.h) */
    char *conditions;
    char *conditions_pinned; /* Conditions.pinned */
    /* A fact about an array's contents under which the racy kernel is DRF
     * (`nondecreasing(row)`, docs/language.md 3.10); NULL: none found */
    char *fact_hint;
    /* every racing pair of access sites was looked for (--all, or a
     * suppression or baseline in play), not one per array */
    bool every_pair;
} KernelResult;

KernelResult *result_new(const Kernel *k, const char *engine);
void result_free(KernelResult *r);
void result_set_message(KernelResult *r, Verdict v, Loc where, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
/* A question the checker left open makes the kernel unknown.  `what` is
 * the question ("races on array 's'"); expired_while is the phase in which
 * the deadline passed (Smt.expired_while; NULL: it did not), else
 * solver_error says why (NULL or "": a resource limit). */
void result_set_undecided(KernelResult *r, Loc where, const char *what, const char *expired_while,
                          const char *solver_error);
/* A kernel whose protocol has an `opaque` statement (the first is given;
 * NULL: none) leaves something out: DRF becomes unknown, and every alarm is
 * potential, since what is left out may hide a barrier.  The engines and
 * the interpreter apply it alike. */
void result_settle_opaque(KernelResult *r, const Stmt *opaque);
/* After the race check of a kernel that may diverge (divergence.stmt1 set),
 * done with `nsilenced` syncs left out (diverge.h): its races are
 * potential (an execution may hang at the divergent barrier before
 * reaching them), and they win the verdict (exit 1 before 3); without races it is divergent, even when a
 * race question was left undecided (3 before 4). */
void result_settle_divergence(KernelResult *r, int nsilenced);
/* Moves from's races to the end of r's (a run past a divergence); from
 * keeps none. */
void result_append_races(KernelResult *r, KernelResult *from);
Witness *result_add_race(KernelResult *r);
/* w's place as byte b of its array, whose element is `width` bytes and
 * whose dimensions past the first have the sizes sizes[1..ndims-1]: the
 * cell (row-major) and the byte within it. */
void witness_set_byte(Witness *w, int ndims, const int64_t *sizes, int width, int64_t b);
/* Notes a benign write-write race on `array` (once per array: later calls
 * for the same array are ignored). */
void result_add_benign(KernelResult *r, Loc loc, const char *array, const int64_t *index, int ndims,
                       int64_t value);
void witness_free(Witness *w);
void witness_add_global(Witness *w, const Sym *s, int64_t v);
/* Adds (or completes) the row of s: thread is 1 or 2. */
void witness_add_local(Witness *w, const Sym *s, int thread, int64_t v);
/* Sets the witness's note (replacing any earlier one). */
void witness_set_note(Witness *w, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

const char *verdict_name(Verdict v);
/* "write-read", "read-write", "write-write", "atomic-read", ... */
const char *race_kind(AccessMode m1, AccessMode m2);

#endif
