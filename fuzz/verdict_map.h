/* How another tool's answer becomes a verdict (docs/fuzz.md, "Against
 * another tool"): by its exit status or by regular expressions on its
 * output.
 *
 *   exit:0=drf,1=racy,3=divergent,4=unknown
 *   re:race detected=racy;no races=drf
 *
 * An `exit:` map looks up the exit status of a tool that exited.  An `re:`
 * map tries its POSIX extended regular expressions, in the order given,
 * on the captured output of a tool that exited; the first that matches
 * gives the verdict (the last `=` of a rule separates the expression from
 * the verdict, so an expression may contain `=`, but not `;`).  Verdicts
 * are drf, racy, divergent and unknown (the tool says it cannot tell).
 * Nothing maps the answer of a tool that crashed, timed out or did not
 * start.
 *
 * Ownership: a VerdictMap owns its compiled expressions (verdict_map_free). */
#ifndef MAPKIT_FUZZ_VERDICT_MAP_H
#define MAPKIT_FUZZ_VERDICT_MAP_H

#include "external.h"
#include "result.h"

#include <regex.h>

enum { VERDICT_MAP_RULES = 16 };

/* What `mapkit check` answers: the map used when none is given. */
#define VERDICT_MAP_DEFAULT "exit:0=drf,1=racy,3=divergent,4=unknown"

typedef struct VerdictRule {
    int code;   /* exit: the status */
    regex_t re; /* re: the expression */
    Verdict v;
} VerdictRule;

typedef struct VerdictMap {
    bool by_regex;
    int n;
    VerdictRule rules[VERDICT_MAP_RULES];
} VerdictMap;

/* False, with a reason in err, when spec is malformed. */
bool verdict_map_parse(const char *spec, VerdictMap *m, char *err, size_t errsize);
/* The verdict of a run; false when the map says nothing about it. */
bool verdict_map_apply(const VerdictMap *m, const ExtResult *r, Verdict *out);
void verdict_map_free(VerdictMap *m);

#endif
