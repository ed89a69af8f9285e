/* `mapkit fuzz --frontend 'CMD {}'` (docs/fuzz.md, "Another front end"):
 * every generated case's CUDA goes through someone else's front end
 * (frontend.h); the protocol it prints is checked by our interval engine
 * at the case's launch, and each kernel's verdict is compared with the
 * case's label.  The categories are those of `fuzz --against`: false
 * alarm, missed race, missed divergence, tool error or crash, timeout;
 * and unknown where our checker cannot decide the tool's protocol.
 *
 * Ownership: a FrontendCase owns its kernels' names, its message and
 * its reproducer's name (frontend_case_free); everything else is
 * borrowed for the call. */
#ifndef MAPKIT_FRONTEND_CASE_H
#define MAPKIT_FRONTEND_CASE_H

#include "emit.h"
#include "frontend.h"
#include "oracle.h"
#include "shrink.h"

#include <stdio.h>

typedef enum {
    FC_AGREE,
    FC_FALSE_ALARM,        /* labelled drf, the tool's protocol is racy or divergent */
    FC_MISSED_RACE,        /* labelled racy, the tool's protocol is not */
    FC_MISSED_DIVERGENCE,  /* labelled divergent, the tool's protocol is not */
    FC_UNKNOWN,            /* our checker gave up on the tool's protocol: no finding */
    FC_TOOL_ERROR,         /* crashed, failed, unparsable or ill-formed output, a kernel missing */
    FC_TIMEOUT,            /* the front end ran past its time limit */
    FC_NCATEGORIES
} FrontendCategory;

typedef struct FrontendKernel {
    char *name;
    Verdict label;   /* the oracles' verdict */
    Verdict verdict; /* ours on the tool's protocol (V_ERROR when it has none) */
    FrontendCategory category;
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

/* Some kernel is a finding: neither agree nor unknown. */
bool frontend_case_found(const FrontendCase *fc);

/* Delta debugging of the first finding (shrink.h): the smallest protocol
 * whose case, labelled alike by the oracles, gets the same category on
 * the same kernel from the front end, every candidate's CUDA regenerated
 * into DIR/frontend/ and the front end run on it (at most max_tries
 * times).  Writes DIR/frontend/NAME.min.proto (its `from:` line the
 * case's provenance) and .cu, and sets fc->shrunk; false when there is no
 * finding or nothing could be written. */
bool frontend_shrink(const Frontend *fe, const Emitter *em, const char *name, const char *canon,
                     const char *provenance, const RandLaunch *launch, const OracleConfig *c, int max_tries,
                     FrontendCase *fc);
/* `,"frontend":{"failure":...,"message":...,"kernels":[{"kernel","label","verdict","category"}],
 * "shrunk":{"file","stmts":[before,after],"tries"}}` for the case's manifest line. */
void frontend_case_json(FILE *f, const FrontendCase *fc);
/* "agree", "false alarm", "missed race", ... */
const char *frontend_category_name(FrontendCategory c);

#endif
