/* Three oracles per kernel, [CAV21 Fig. 2] against Sec. 5 (docs/fuzz.md): the executable semantics
 * (checker/interp.h, `mapkit run`) at the protocol's concrete launch, and
 * both SMT engines (`mapkit check --engine=interval|align`) given the same
 * launch sizes and uniform values.  A generated protocol is labelled only
 * when all three agree.
 *
 * Ownership: a Label owns its arrays and kernel names (label_free); the
 * Program and launch are borrowed for the call. */
#ifndef MAPKIT_FUZZ_ORACLE_H
#define MAPKIT_FUZZ_ORACLE_H

#include "randproto.h"
#include "result.h"

typedef enum { OR_RUN, OR_INTERVAL, OR_ALIGN, OR_COUNT } OracleId;

typedef struct OracleConfig {
    unsigned timeout_ms; /* per kernel and engine */
    int64_t max_steps;   /* the interpreter's budget, over all executions */
    /* Testing the harness only: when set, the interval engine's verdict is
     * flipped (drf <-> racy) on every kernel that writes an array of this
     * name, a planted bug for the shrinker to reduce (tests/scripts/fuzz-manifest.sh). */
    const char *plant_array;
    /* fuzz --time: when the run ends (progress_now_s's clock; 0: never).
     * An engine gets at most the time left, and none once it is past. */
    double deadline_s;
} OracleConfig;

/* How the oracles relate on a kernel, from best to worst. */
typedef enum {
    AGREE,     /* the same verdict, and it is drf, racy or divergent */
    UNDECIDED, /* some oracle gave up (unknown), or all say error: no label, no bug */
    DISAGREE,  /* two oracles gave different definite answers */
} Agreement;

typedef struct KernelLabel {
    char *kernel;
    Verdict v[OR_COUNT];
    Agreement agreement;
    /* The interpreter's race in program order ("write-read", ...), NULL if none. */
    const char *race_kind;
} KernelLabel;

typedef struct Label {
    KernelLabel *k;
    int nkernels;
    Agreement agreement; /* the worst over the kernels */
    int culprit;         /* first kernel with that agreement, -1 if all agree */
    Verdict verdict;     /* when AGREE: racy if some kernel is, else divergent if some is, else drf */
} Label;

void oracle_config_default(OracleConfig *c);
void label_program(Program *p, const RandLaunch *launch, const OracleConfig *c, Label *out);
void label_free(Label *l);

const char *oracle_name(OracleId o);
const char *agreement_name(Agreement a);
/* The label's per-kernel verdicts, "racy" or "k0=drf k1=racy" (corpus/proto's
 * `// verdict:` form): one word when every kernel has the same.  Malloc'd. */
char *label_verdict_text(const Label *l);

/* The interval engine's verdict on k at the protocol's launch, as its
 * oracle gives it (without a planted fault): for the protocol another
 * front end inferred from the generated code (fuzz --frontend). */
Verdict oracle_check_kernel(Kernel *k, const RandLaunch *launch, const OracleConfig *c);

/* Do a kernel's assumptions contradict each other at this launch?  Its
 * drf is then vacuous, and `mapkit check` refuses it (exit 2): no case
 * for another tool (fuzz/against.h). */
bool assumptions_contradict(Program *p, const RandLaunch *l, const OracleConfig *c);

#endif
