/* The fixed-point harness [VST Sec. 3-6]: for a kernel K0,
 * P1 = infer(K0), K1 = gen(P1), P2 = infer(K1), ... and every place where
 * the toolkit disagrees with itself.  Differences are classified (Sec. 5,
 * Fig. 5 and 7) after unknowns get canonical names, so that renaming alone
 * is never one, and marked cosmetic only when the solver proves that both
 * protocols have the same accesses in the same barrier intervals.
 *
 * Ownership: a FpFile and everything in it is malloc'd by fixpoint_file
 * and released by fp_file_free.  Options are borrowed for the call. */
#ifndef MAPKIT_FIXPOINT_H
#define MAPKIT_FIXPOINT_H

#include "ast.h"

#include <stdio.h>

/* FP_DIFFERS_OWN: with --frontend, the tested front end's P1 differs
 * semantically, or in its verdict, from mapkit's own protocol of K0,
 * whatever its rounds gave: a loss before P1 that no round can see. */
typedef enum { FP_FIXED, FP_NONFIXED, FP_DIFFERS_OWN, FP_ERROR, FP_NCLASSES } FpClass;

typedef enum {
    DIFF_MISSING_ACCESS,  /* an access of one protocol has no counterpart */
    DIFF_MISSING_CONTROL, /* a loop or a branch has none */
    DIFF_MODE,            /* an access reads in one and writes in the other */
    DIFF_INDEX,           /* an index expression is written differently */
    DIFF_ARRAY,           /* an array's shape, element type or memory space */
    DIFF_PRECONDITION,    /* an assume is lost */
    DIFF_OTHER,
    DIFF_NCATEGORIES
} DiffCategory;

typedef struct FpDiff {
    DiffCategory category;
    bool semantic; /* not proved to leave the accesses and their intervals alone */
    char *detail;
} FpDiff;

/* One kernel's outcome. */
typedef struct FpKernel {
    char *name;
    FpClass cls;
    char *stage;   /* FP_ERROR: "infer K0" (or "parse P1"), "gen P1", "nvcc K1", "infer K1", ... */
    char *message; /* FP_ERROR: the failing stage's first diagnostic */
    int fixed_at;  /* FP_FIXED: the step from which the protocols repeat (1: P1 == P2) */
    FpDiff *diffs;
    int ndiffs;
    /* check(K0), check(P1) (printed and parsed again), check(P2): drf,
     * racy, divergent, unknown, error, or NULL when not reached */
    const char *verdict[3];
    bool consistent; /* the verdicts reached agree (unknown agrees with all) */
    /* --emulate: the execution of K0 (racy, divergent, none-seen, unknown,
     * error; NULL: not emulated), and whether no verdict calls data-race
     * free what it shows */
    const char *emulated;
    bool emulation_consistent;
    double time_ms;
    const char *failure; /* FP_ERROR at a load, when the loader tells (FpOptions.load_failure): "crashed", ... */
    /* --frontend: P1 against mapkit's own protocol of K0 (fixpoint_own.c):
     * "same", "cosmetic", "differs", "not compared"; NULL: not asked */
    const char *own;
    char *own_message;       /* "not compared": why */
    const char *own_verdict; /* check() of mapkit's protocol; NULL: not checked */
    FpDiff *own_diffs;       /* mapkit's protocol (a) against P1 (b) */
    int own_ndiffs;
} FpKernel;

typedef struct FpFile {
    char *path;
    FpKernel *kernels;
    int nkernels;
} FpFile;

/* How the driver loads a file: a .cu with the command line's -I/-D and
 * launch sizes, else the file's GPUVerify header; a .proto by parsing it
 * (cli/input.c). */
typedef Program *(*FpLoad)(const char *path, SrcFile **src, Diag *d, void *ctx);

typedef struct FpOptions {
    int steps;             /* rounds of infer(gen(.)) after P1 */
    const char *keep_dir;  /* keep every intermediate file here (NULL: none) */
    const char *nvcc;      /* compile each generated .cu with it (NULL: do not) */
    int nvcc_timeout_ms;   /* per compile; its process group is killed after it */
    const char *keep_as;   /* this file's folder in keep_dir (NULL: its base name) */
    unsigned timeout_ms;   /* per check of a kernel */
    /* --cross: the rounds alternate CUDA and OpenCL, starting with the
     * dialect the input is not in (a protocol: CUDA), and a kernel is fixed
     * only when every round gives the protocol back (docs/fixpoint.md) */
    bool cross;
    FpLoad load;
    void *load_ctx;
    /* After a failed load: its category, e.g. an external front end's
     * "crashed" or "timed out" (fuzz/frontend.h); NULL: nothing to tell.
     * May itself be NULL. */
    const char *(*load_failure)(void *ctx);
    /* --emulate: `mapkit emulate --format=json ... {}`, run on K0 (NULL: not) */
    const char *emulate;
    /* --frontend: mapkit's own front end, whose protocol of K0 the tested
     * front end's P1 is held against (NULL: no comparison: no --frontend,
     * or --no-compare-own); only where load_was_tested says that loading
     * K0 ran the tested front end (a .proto or a .cl is read by mapkit). */
    FpLoad own_load;
    void *own_ctx;
    bool (*load_was_tested)(void *load_ctx);
} FpOptions;

/* The dialect K<step> is written in: the input's (.cl OpenCL, else
 * CUDA), or with cross the other one on odd steps. */
bool fp_step_opencl(const FpOptions *o, const char *path, int step);

void fixpoint_file(const char *path, const FpOptions *o, FpFile *out);
void fp_file_free(FpFile *f);

/* One JSON object per kernel, one a line (DESIGN.md, fixed-point harness). */
void fp_write_json(FILE *out, const FpFile *f);

const char *fp_class_name(FpClass c);
const char *fp_category_name(DiffCategory c);

/* ---- shared by fixpoint.c and fixpoint_own.c ---- */

/* Diagnostics kept in memory: fp_capture_end returns (malloc'd) the first
 * line that reports an error, else the first line. */
typedef struct FpCapture {
    char *text;
    size_t len;
    FILE *stream;
    Diag d;
} FpCapture;
void fp_capture_begin(FpCapture *c);
char *fp_capture_end(FpCapture *c);
/* p printed as .proto text (malloc'd), without the layout of its source. */
char *fp_print_text(Program *p, size_t *len);
/* check() of one kernel by the interval engine: "drf", "racy", ... */
const char *fp_check_verdict(Kernel *k, unsigned timeout_ms);
/* The i-th kernel of `of` in p: by name, else by position (same count). */
Kernel *fp_counterpart(const FpFile *of, int i, const Program *p);
/* Do two verdicts agree?  An unknown (or a verdict not reached) agrees
 * with everything. */
bool fp_verdicts_agree(const char *a, const char *b);

/* --frontend (fixpoint_own.c): each kernel's P1 against mapkit's own
 * protocol of the file at path, loaded with o->own_load; sets own,
 * own_message, own_verdict and own_diffs.  P1 itself is left alone (it is
 * compared on a copy): gen reads it next.  keep(own, keep_ctx) sees
 * mapkit's protocol as inferred (--keep writes it). */
void fp_compare_own(FpFile *out, Program *p1, const FpOptions *o, void (*keep)(Program *own, void *ctx),
                    void *keep_ctx);

/* ---- comparing two protocols (compare.c) ---- */

/* Renames the unknowns (`local x;`) of k to u0, u1, ... in order of
 * definition, in place: the names inference picks are not part of the
 * protocol. */
void canonical_unknowns(Program *p, Kernel *k);
/* canonical_unknowns after the cosmetic normal form: lets inlined,
 * unread unknowns and empty branches and loops dropped (in place). */
void canonical_form(Program *p, Kernel *k);

/* The differences between a and b, appended to *diffs (malloc'd). */
void compare_kernels(Kernel *a, Kernel *b, unsigned timeout_ms, FpDiff **diffs, int *ndiffs);

#endif
