/* `mapkit fuzz --against 'CMD {}'` ([VST Sec. 8]: the generated code
 * tests other tools; docs/fuzz.md, "Against another tool";
 * docs/stress-testing.md): every labelled case (and racy twin) is given to
 * another tool, its answer mapped to a verdict (verdict_map.h) and
 * compared with the label.  Each disagreement is shrunk by delta debugging
 * on the protocol (the code regenerated and the tool re-run on every
 * candidate, which must keep its label and the category) and written as a
 * reproducer folder.  OUT/results.jsonl has one line per case, stdout a
 * summary table, OUT/TOOL.svg a bar chart of the categories.
 *
 * Ownership: the options are borrowed; nothing is kept after the call. */
#ifndef MAPKIT_FUZZ_AGAINST_H
#define MAPKIT_FUZZ_AGAINST_H

#include "fuzz.h"
#include "external.h"

/* The file the tool gets: the case's CUDA, its protocol, or its OpenCL.
 * Ordering rule: against_on_ext (against.c) is indexed by these. */
typedef enum { AGAINST_ON_CU, AGAINST_ON_PROTO, AGAINST_ON_CL } AgainstOn;
/* The file name extension of o's files ("cu", "proto", "cl"). */
const char *against_on_ext(AgainstOn on);

/* How the tool's answer relates to the label.  The first is agreement,
 * the last two are not disagreements (the tool said it cannot tell; the
 * oracles could not label the protocol), the others are, and are shrunk.
 * Output that no rule of the verdict map matches is a tool error. */
typedef enum {
    CAT_AGREE,
    CAT_FALSE_ALARM,       /* the tool reports racy (or divergent) where the label has no such thing */
    CAT_MISSED_RACE,       /* the label is racy, the tool says drf or divergent */
    CAT_MISSED_DIVERGENCE, /* the label is divergent, the tool says drf */
    CAT_TOOL_ERROR,        /* crash, could not start, unmapped output */
    CAT_TIMEOUT,
    CAT_NOT_REPRODUCED,    /* --emulate: one execution did not show the label's race or divergence */
    CAT_UNKNOWN,           /* the tool answered unknown */
    CAT_UNLABELLED,        /* the oracles did not agree: no case */
    CAT_COUNT
} AgainstCategory;

/* "agree", "false-alarm", "missed-race", "missed-divergence", "tool-error",
 * "timeout", "not-reproduced", "unknown", "unlabelled" */
const char *against_category_name(AgainstCategory c);
bool against_is_disagreement(AgainstCategory c);
/* The category of a tool's run on a case labelled `label`; `said` is read
 * only when `mapped`. */
AgainstCategory against_categorize(Verdict label, ExtStatus status, bool mapped, Verdict said);

/* Exit status: 0 no disagreement, 1 some, 2 usage or output error. */
int against_run(const FuzzOptions *o);

#endif
