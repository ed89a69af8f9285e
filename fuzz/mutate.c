/* Barrier-deletion twins ([SKBG Sec. 6], error types 1-3). */
#include "mutate.h"

#include "edit.h"
#include "text.h"

#include <stdlib.h>
#include <string.h>

int mutation_type(const char *race_kind)
{
    if (!race_kind)
        return 0;
    if (strcmp(race_kind, "write-read") == 0)
        return 1;
    if (strcmp(race_kind, "read-write") == 0)
        return 2;
    if (strcmp(race_kind, "write-write") == 0)
        return 3;
    return 0;
}

/* The parent without sync number n; NULL if it has no such sync. */
static char *without_sync(const char *parent, int n, int *line)
{
    Parsed scratch;
    if (!parsed_load(&scratch, "mutant.proto", parent, NULL))
        return NULL;
    Loc where;
    char *text = NULL;
    if (edit_apply(scratch.prog, EDIT_DROP_SYNC, n, &where)) {
        *line = (int)loc_line(where);
        text = canonical_text(scratch.prog);
    }
    parsed_free(&scratch);
    return text;
}

static int sync_count(const char *parent)
{
    Parsed p;
    if (!parsed_load(&p, "mutant.proto", parent, NULL))
        return 0;
    int n = edit_count(p.prog, EDIT_DROP_SYNC);
    parsed_free(&p);
    return n;
}

/* The race kind of the first racy kernel. */
static const char *first_race(const Label *l)
{
    for (int i = 0; i < l->nkernels; i++)
        if (l->k[i].race_kind)
            return l->k[i].race_kind;
    return NULL;
}

static bool label_mutant(Mutant *m, const RandLaunch *launch, const OracleConfig *c)
{
    Parsed p;
    if (!parsed_load(&p, "mutant.proto", m->text, NULL))
        return false;
    label_program(p.prog, launch, c, &m->label);
    parsed_free(&p);
    if (m->label.agreement == AGREE && m->label.verdict == V_RACY) {
        m->kind = first_race(&m->label);
        m->type = mutation_type(m->kind);
    }
    return true;
}

/* A permutation of 0..n-1 from a small xorshift stream. */
static void shuffle(int *order, int n, uint64_t pick)
{
    uint64_t x = pick * 0x9E3779B97F4A7C15ULL + 1;
    for (int i = 0; i < n; i++)
        order[i] = i;
    for (int i = n - 1; i > 0; i--) {
        x ^= x >> 12;
        x ^= x << 25;
        x ^= x >> 27;
        int j = (int)((x * 0x2545F4914F6CDD1DULL) % (uint64_t)(i + 1));
        int t = order[i];
        order[i] = order[j];
        order[j] = t;
    }
}

int mutate_barriers(const char *parent, const RandLaunch *launch, const OracleConfig *c, uint64_t pick,
                    int want, int max_tries, Mutant *out)
{
    int nsync = sync_count(parent);
    if (nsync == 0 || want <= 0)
        return 0;
    int *order = xmalloc((size_t)nsync * sizeof *order);
    shuffle(order, nsync, pick);
    int tried = 0, twins = 0;
    for (int i = 0; i < nsync && tried < max_tries && twins < want; i++) {
        Mutant *m = &out[tried];
        memset(m, 0, sizeof *m);
        m->text = without_sync(parent, order[i], &m->sync_line);
        if (!m->text || !label_mutant(m, launch, c)) {
            free(m->text);
            continue;
        }
        twins += m->type != 0;
        tried++;
    }
    free(order);
    return tried;
}

void mutant_free(Mutant *m)
{
    free(m->text);
    label_free(&m->label);
    memset(m, 0, sizeof *m);
}
