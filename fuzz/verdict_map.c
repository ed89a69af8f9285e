/* Another tool's answer as a verdict (see verdict_map.h). */
#include "verdict_map.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static bool verdict_word(const char *w, size_t n, Verdict *v)
{
    static const struct {
        const char *word;
        Verdict v;
    } words[] = {{"drf", V_DRF}, {"racy", V_RACY}, {"divergent", V_DIVERGENT}, {"unknown", V_UNKNOWN}};
    for (size_t i = 0; i < sizeof words / sizeof *words; i++)
        if (strlen(words[i].word) == n && strncmp(words[i].word, w, n) == 0) {
            *v = words[i].v;
            return true;
        }
    return false;
}

/* One rule "LEFT=VERDICT" of [from, to): the last '=' splits it. */
static bool add_rule(VerdictMap *m, const char *from, const char *to, char *err, size_t errsize)
{
    const char *eq = NULL;
    for (const char *c = from; c < to; c++)
        if (*c == '=')
            eq = c;
    if (!eq || eq == from) {
        snprintf(err, errsize, "'%.*s' is not WHAT=VERDICT", (int)(to - from), from);
        return false;
    }
    if (m->n >= VERDICT_MAP_RULES) {
        snprintf(err, errsize, "more than %d rules", VERDICT_MAP_RULES);
        return false;
    }
    VerdictRule *r = &m->rules[m->n];
    if (!verdict_word(eq + 1, (size_t)(to - eq - 1), &r->v)) {
        snprintf(err, errsize, "'%.*s' is no verdict (drf, racy, divergent or unknown)", (int)(to - eq - 1), eq + 1);
        return false;
    }
    char left[512];
    snprintf(left, sizeof left, "%.*s", (int)(eq - from), from);
    if (!m->by_regex) {
        char *end;
        errno = 0;
        long code = strtol(left, &end, 10);
        if (errno || *end || end == left || code < 0 || code > 255) {
            snprintf(err, errsize, "'%s' is no exit status (0-255)", left);
            return false;
        }
        r->code = (int)code;
    } else {
        int rc = regcomp(&r->re, left, REG_EXTENDED | REG_NOSUB | REG_NEWLINE);
        if (rc != 0) {
            char why[128];
            regerror(rc, &r->re, why, sizeof why);
            snprintf(err, errsize, "bad regular expression '%s': %s", left, why);
            return false;
        }
    }
    m->n++;
    return true;
}

bool verdict_map_parse(const char *spec, VerdictMap *m, char *err, size_t errsize)
{
    memset(m, 0, sizeof *m);
    char sep;
    if (strncmp(spec, "exit:", 5) == 0) {
        sep = ',';
    } else if (strncmp(spec, "re:", 3) == 0) {
        m->by_regex = true;
        sep = ';';
    } else {
        snprintf(err, errsize, "'%s' starts with neither exit: nor re:", spec);
        return false;
    }
    const char *c = strchr(spec, ':') + 1;
    while (*c) {
        const char *end = strchr(c, sep);
        if (!end)
            end = c + strlen(c);
        if (end > c && !add_rule(m, c, end, err, errsize)) {
            verdict_map_free(m);
            return false;
        }
        c = *end ? end + 1 : end;
    }
    if (m->n == 0) {
        snprintf(err, errsize, "'%s' has no rule", spec);
        return false;
    }
    return true;
}

bool verdict_map_apply(const VerdictMap *m, const ExtResult *r, Verdict *out)
{
    if (r->status != EXT_EXITED)
        return false;
    for (int i = 0; i < m->n; i++) {
        const VerdictRule *rule = &m->rules[i];
        bool hit = m->by_regex ? regexec(&rule->re, r->output, 0, NULL, 0) == 0 : rule->code == r->code;
        if (hit) {
            *out = rule->v;
            return true;
        }
    }
    return false;
}

void verdict_map_free(VerdictMap *m)
{
    if (m->by_regex)
        for (int i = 0; i < m->n; i++)
            regfree(&m->rules[i].re);
    m->n = 0;
}
