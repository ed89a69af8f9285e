/* Barrier fence flags (fence.h): the one table of words and masks. */
#include "fence.h"

#include "parse_state.h"

#include <string.h>

static const struct {
    const char *word;
    unsigned unordered;
} fence_words[] = {
    {"local", UNORDERED_GLOBAL},  /* barrier(CLK_LOCAL_MEM_FENCE) */
    {"global", UNORDERED_SHARED}, /* barrier(CLK_GLOBAL_MEM_FENCE) */
    {"exec", UNORDERED_ALL},      /* barrier(0) */
};

bool fence_orders(unsigned unordered, MemSpace m)
{
    return !(unordered & (1u << m));
}

bool sync_orders(const Stmt *s, MemSpace m)
{
    return s->kind == S_SYNC && fence_orders(s->u.sync.unordered, m);
}

const char *fence_word(unsigned unordered)
{
    for (size_t i = 0; i < sizeof fence_words / sizeof fence_words[0]; i++)
        if (fence_words[i].unordered == unordered)
            return fence_words[i].word;
    return NULL;
}

bool fence_from_word(const char *word, unsigned *unordered)
{
    for (size_t i = 0; i < sizeof fence_words / sizeof fence_words[0]; i++)
        if (strcmp(fence_words[i].word, word) == 0) {
            *unordered = fence_words[i].unordered;
            return true;
        }
    return false;
}

void print_sync_fence(FILE *out, unsigned unordered)
{
    const char *w = fence_word(unordered);
    if (w)
        fprintf(out, "sync %s;", w);
    else
        fputs("sync;", out);
}

Stmt *parse_sync_shared(ParseState *ps, const Token *kw, const Token *word, const Token *end)
{
    diag_at(ps->diag, SEV_ERROR, word->loc, "a barrier that orders shared arrays only is 'sync local;' "
            "(OpenCL's __local memory)");
    return parse_sync_fence(ps, kw, UNORDERED_GLOBAL, end);
}

Stmt *parse_sync_fence(ParseState *ps, const Token *kw, unsigned unordered, const Token *end)
{
    Stmt *s = stmt_new(ps->prog, S_SYNC, loc_span(kw->loc, end->loc));
    s->u.sync.unordered = (uint8_t)unordered;
    return s;
}
