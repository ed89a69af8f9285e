/* Minimal reproducers of [VST Sec. 3-style] inconsistencies the differential loop finds (docs/fuzz.md):
 * oracles that disagree on a kernel, a canonical text that does not parse
 * back to the same tree, CUDA generation that is not deterministic.  The
 * launch is made smaller first (fewer blocks and threads), then the text is
 * shrunk (shrink.h) while the very same bug stays: the same kernel with
 * the same three verdicts, or the same broken contract.
 *
 * Ownership: a Repro owns its text (repro_free); the rest is borrowed. */
#ifndef MAPKIT_FUZZ_REPRO_H
#define MAPKIT_FUZZ_REPRO_H

#include "gen.h"
#include "oracle.h"
#include "shrink.h"

typedef enum { BUG_VERDICT, BUG_ROUNDTRIP, BUG_CODEGEN, BUG_FRONTEND, BUG_FRONTEND_OPENCL } BugKind;

typedef struct Bug {
    BugKind kind;
    const char *kernel;  /* BUG_VERDICT: the kernel whose oracles disagree */
    Verdict v[OR_COUNT]; /* BUG_VERDICT: what each oracle said */
    GenOptions shape;    /* BUG_FRONTEND: gen's --style, --templates, --helpers */
} Bug;

typedef struct Repro {
    char *text; /* canonical */
    RandLaunch launch;
    ShrinkStats stats;
} Repro;

const char *bug_kind_name(BugKind k);
/* CUDA generation of p succeeds and gives the same bytes twice. */
bool codegen_ok(Program *p);
/* The proto-first round trip ([VST]; fuzz/fixpoint.h): infer(gen(P))
 * has the same accesses in the same intervals as P, i.e. no semantic
 * difference.  Cosmetic ones (an element type the generator fills in)
 * are not bugs.  gen runs with shape's --lang, --style, --templates and
 * --helpers (docs/codegen.md, "Styles").  The code goes to *cuda and the
 * first semantic difference to *why (both malloc'd) when those are not NULL. */
bool frontend_agrees(Program *p, const GenOptions *shape, char **cuda, char **why);
/* The same through the generated OpenCL and the OpenCL front end
 * (fuzz --lang=opencl). */
bool frontend_opencl_ok(Program *p);
/* Is the bug in this protocol text at this launch? */
bool bug_present(const Bug *b, const char *text, const RandLaunch *l, const OracleConfig *c);
void repro_minimize(const Bug *b, const char *text, const RandLaunch *l, const OracleConfig *c, int max_tries,
                    Repro *out);
void repro_free(Repro *r);
/* Smaller launches to try, in order (one block, fewer threads): how many
 * were written to out (at most 8). */
int smaller_launches(const RandLaunch *l, RandLaunch *out);
/* Drops from l the -p values of uniforms the text no longer declares
 * (`mapkit run -p n=1` rejects a name no kernel declares). */
void drop_unused_params(const char *text, RandLaunch *l);

#endif
