/* `mapkit fuzz` ([VST Sec. 3], [SKBG Sec. 6]; docs/fuzz.md): random protocols labelled by three
 * oracles, with their CUDA and [SKBG]'s racy twins; or, with --check, a
 * differential loop that shrinks every disagreement to a minimal
 * reproducer.  docs/fuzz.md describes the output.
 *
 * Ownership: the options are borrowed; fuzz_run owns nothing after it
 * returns (files it wrote stay on disk). */
#ifndef MAPKIT_FUZZ_H
#define MAPKIT_FUZZ_H

#include "gen.h"
#include "frontend.h"
#include "oracle.h"
#include "randproto.h"

typedef struct FuzzOptions {
    uint64_t seed;
    long count;             /* protocols to generate (0: no limit, then --time must stop it) */
    double seconds;         /* stop after this long (0: no limit) */
    const char *out_dir;
    bool force;             /* --force: write into a folder that is not empty (fuzz/outdir.h) */
    bool check;             /* --check: differential testing, no corpus */
    RandConfig gen;
    OracleConfig oracle;
    int twins;              /* racy twins wanted per DRF protocol */
    bool shrink;            /* shrink disagreements */
    int shrink_tries;       /* predicate calls per shrink */
    bool quiet;             /* no per-disagreement report on stderr */
    int jobs;               /* worker processes (protocol i goes to worker i mod jobs) */
    const char *knobs;      /* the generator options as given, for the files' provenance line */
    /* Shares of the cases written (docs/fuzz.md, "Aiming the fuzzer"):
     * racy and divergent files, each in 0..1, or < 0 when not asked for. */
    double racy_share, divergent_share;
    GenStyle style;         /* --style: how the .cu files are written (gen --style) */
    bool templates, helpers; /* gen --templates, --helpers */
    bool opencl;            /* --lang=opencl: NAME.cl too, and --check reads it back */
    Frontend frontend;      /* --frontend: each case's CUDA through this front end (command NULL: none) */
    /* --against (fuzz/against.h): another tool's verdicts against the labels */
    const char *against;     /* the tool's command template, `{}` the file (NULL: no tool) */
    const char *verdict_map; /* its answers as verdicts (NULL: VERDICT_MAP_DEFAULT) */
    int against_timeout_ms;  /* per tool run */
    int against_on;          /* AgainstOn: the file the tool gets */
    bool resume;             /* skip the protocols OUT/results.jsonl has */
    /* --emulate: the tool is `mapkit emulate` at each case's own launch, on
     * gen --main's program (docs/fuzz.md, "Emulation") */
    bool emulate;
} FuzzOptions;

/* Is a case with this file verdict kept, given the verdicts of the cases
 * kept so far (by Verdict), under the shares asked for (fuzz/shares.c)? */
bool share_keeps(const FuzzOptions *o, const long *kept, Verdict v);
/* Switches off what o->style cannot write (fuzz/shares.c). */
void style_restricts_generator(FuzzOptions *o);

void fuzz_options_default(FuzzOptions *o);

/* Exit status: 0 when the oracles never disagreed, 1 when they did (every
 * disagreement is in OUT/disagreements.jsonl) or the --frontend's
 * protocol of a case has another verdict than its label (in the case's
 * manifest line), 2 when OUT cannot be written. */
int fuzz_run(const FuzzOptions *o);

#endif
