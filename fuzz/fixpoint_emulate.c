/* `mapkit fixpoint --emulate` (docs/fixpoint.md, "Emulation"): the original
 * kernel K0 run once on the CPU by `mapkit emulate` (docs/emulate.md), at
 * the launch `check` gives it, and what the execution shows held against
 * the verdicts of every round: a race or divergence shown is never
 * data-race free in check(K0), check(P1) or check(P2).  An execution that
 * shows nothing contradicts no verdict: one input proves no absence. */
#define _GNU_SOURCE
#include "fixpoint_emulate.h"
#include "external.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The "status" of kernel `name` in emulate's JSON lines, or NULL. */
static const char *status_in(const char *output, const char *name)
{
    static const char *const words[] = {"racy", "divergent", "none-seen", "unknown"};
    char key[512];
    snprintf(key, sizeof key, "{\"kernel\":\"%s\",", name);
    const char *line = strstr(output, key);
    const char *st = line ? strstr(line, "\"status\":\"") : NULL;
    if (!st)
        return NULL;
    st += 10;
    for (size_t i = 0; i < sizeof words / sizeof *words; i++)
        if (strncmp(st, words[i], strlen(words[i])) == 0 && st[strlen(words[i])] == '"')
            return words[i];
    return NULL;
}

static bool shows_something(const char *status)
{
    return status && (strcmp(status, "racy") == 0 || strcmp(status, "divergent") == 0);
}

void fp_emulate(const char *path, const char *command, FpFile *f)
{
    size_t n = strlen(path);
    if (!(n > 3 && strcmp(path + n - 3, ".cu") == 0) && !(n > 3 && strcmp(path + n - 3, ".cl") == 0))
        return; /* a protocol has no kernel to run */
    ExtResult r;
    external_run(command, path, 120000, 0, &r);
    for (int i = 0; i < f->nkernels; i++) {
        FpKernel *k = &f->kernels[i];
        const char *st = r.status == EXT_EXITED ? status_in(r.output, k->name) : NULL;
        k->emulated = st ? st : "error";
        k->emulation_consistent = true;
        for (int v = 0; v < 3 && shows_something(st); v++)
            if (k->verdict[v] && strcmp(k->verdict[v], "drf") == 0)
                k->emulation_consistent = false;
    }
    external_result_free(&r);
}
