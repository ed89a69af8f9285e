/* `mapkit fuzz --frontend 'CMD {}'` (docs/fuzz.md, "Another front end"):
 * every generated case's CUDA goes through someone else's front end
 * (frontend.h); the protocol it prints is checked by our interval engine
 * at the case's launch, and each kernel's verdict is compared with the
 * case's label.  The categories are those of `fuzz --against`
 * (against.h): agree, false-alarm, missed-race, missed-divergence,
 * tool-error (a failure, an ill-formed protocol, a kernel missing from
 * it), timeout; and unknown where our checker cannot decide the tool's
 * protocol (no finding).
 *
 * Ownership: a FrontendCase owns its kernels' names, its message and
 * its reproducer's name (frontend_case_free); everything else is
 * borrowed for the call. */
#ifndef MAPKIT_FRONTEND_CASE_H
#define MAPKIT_FRONTEND_CASE_H

#include "against.h"
#include "emit.h"
#include "frontend.h"
#include "oracle.h"
#include "shrink.h"

#include <stdio.h>

typedef struct FrontendKernel {
    char *name;
    Verdict label;   /* the oracles' verdict */
    Verdict verdict; /* ours on the tool's protocol (V_ERROR when it has none) */
    AgainstCategory category; /* as against_categorize: CAT_UNKNOWN when our checker gave up on its protocol */
} FrontendKernel;

typedef struct FrontendCase {
    FrontendKernel *k; /* one per kernel of the label */
    int nkernels;
    FrontendFailure failure; /* FE_OK when the front end gave a protocol */
    char *message;           /* its first error, or NULL */
    char *shrunk;            /* frontend_shrink's reproducer, relative to the output folder, or NULL */
    ShrinkStats shrink;
} FrontendCase;

/* Runs the front end on the case's CUDA file cu and judges each kernel. */
void frontend_case(const Frontend *fe, const char *cu, const Label *label, const RandLaunch *launch,
                   const OracleConfig *c, FrontendCase *out);
void frontend_case_free(FrontendCase *fc);

/* Some kernel is a finding: a disagreement (against_is_disagreement). */
bool frontend_case_found(const FrontendCase *fc);

/* Each try runs the front end once: fewer than the oracles get. */
enum { FRONTEND_SHRINK_TRIES = 300 };

/* Delta debugging of the first finding (shrink.h): the smallest protocol
 * whose case, labelled alike by the oracles, gets the same category on
 * the same kernel from the front end, every candidate's CUDA regenerated
 * into DIR/frontend/ and the front end run on it (at most max_tries
 * times, and at most FRONTEND_SHRINK_TRIES).  Writes DIR/frontend/NAME.min.proto (its `from:` line the
 * case's provenance) and .cu, and sets fc->shrunk; false when there is no
 * finding or nothing could be written. */
bool frontend_shrink(const Frontend *fe, const Emitter *em, const char *name, const char *canon,
                     const char *provenance, const RandLaunch *launch, const OracleConfig *c, int max_tries,
                     FrontendCase *fc);
/* The findings on stderr, one line per kernel ("mapkit fuzz: NAME: front
 * end: kernel K: missed-race (label racy, its protocol drf)"), and where
 * the reproducer is (dir: the output folder). */
void frontend_case_report(const char *name, const FrontendCase *fc, const char *dir);

/* `,"frontend":{"failure":...,"message":...,"kernels":[{"kernel","label","verdict","category"}],
 * "shrunk":{"file","stmts":[before,after],"tries"}}` for the case's manifest line. */
void frontend_case_json(FILE *f, const FrontendCase *fc);
#endif
