/* Delta debugging over the [CAV21 Fig. 2] protocol tree (docs/fuzz.md). */
#include "shrink.h"

#include "edit.h"
#include "text.h"

#include <stdlib.h>
#include <string.h>

typedef struct Shrinker {
    char *best; /* canonical text of the smallest protocol kept so far */
    ShrinkPredicate keep;
    void *ctx;
    int max_tries;
    ShrinkStats *st;
} Shrinker;

static bool out_of_tries(const Shrinker *s)
{
    return s->max_tries > 0 && s->st->tries >= s->max_tries;
}

/* Edit n of `kind` applied to a fresh copy of the best text; NULL when
 * there is no such edit. */
static char *candidate(const Shrinker *s, EditKind kind, int n)
{
    Parsed scratch;
    if (!parsed_load(&scratch, "shrink.proto", s->best, NULL))
        return NULL;
    char *text = edit_apply(scratch.prog, kind, n, NULL) ? canonical_text(scratch.prog) : NULL;
    parsed_free(&scratch);
    return text;
}

/* Smaller, still a valid protocol, and the property holds. */
static bool worth_keeping(Shrinker *s, const char *text)
{
    if (strlen(text) >= strlen(s->best))
        return false;
    Parsed check;
    if (!parsed_load(&check, "shrink.proto", text, NULL))
        return false;
    parsed_free(&check);
    s->st->tries++;
    return s->keep(text, s->ctx);
}

/* One pass over the edits of one kind; true when something was kept.
 * After a success the same number names the next edit in line. */
static bool pass(Shrinker *s, EditKind kind)
{
    bool progress = false;
    for (int n = 0; !out_of_tries(s);) {
        char *text = candidate(s, kind, n);
        if (!text)
            break;
        if (worth_keeping(s, text)) {
            free(s->best);
            s->best = text;
            s->st->accepted++;
            progress = true;
        } else {
            free(text);
            n++;
        }
    }
    return progress;
}

static int stmt_count(const char *text)
{
    Parsed p;
    if (!parsed_load(&p, "shrink.proto", text, NULL))
        return -1;
    int n = program_stmt_count(p.prog);
    parsed_free(&p);
    return n;
}

char *shrink_protocol(const char *text, ShrinkPredicate keep, void *ctx, int max_tries, ShrinkStats *st)
{
    static const EditKind order[] = {EDIT_DROP_KERNEL, EDIT_DROP_HALF,   EDIT_DROP_STMT,
                                     EDIT_UNWRAP_IF,   EDIT_DROP_ELSE,   EDIT_UNWRAP_LOOP,
                                     EDIT_SIMPLIFY_EXPR, EDIT_DROP_DECL};
    ShrinkStats local;
    if (!st)
        st = &local;
    memset(st, 0, sizeof *st);
    Parsed start;
    if (!parsed_load(&start, "shrink.proto", text, NULL)) {
        size_t n = strlen(text) + 1;
        return memcpy(xmalloc(n), text, n);
    }
    Shrinker s = {canonical_text(start.prog), keep, ctx, max_tries, st};
    parsed_free(&start);
    st->stmts_before = stmt_count(s.best);
    st->chars_before = (int)strlen(s.best);
    bool progress = true;
    while (progress && !out_of_tries(&s)) {
        progress = false;
        for (size_t i = 0; i < sizeof order / sizeof *order; i++)
            progress |= pass(&s, order[i]);
    }
    st->stmts_after = stmt_count(s.best);
    st->chars_after = (int)strlen(s.best);
    return s.best;
}
