/* Launch chevrons written with spaces: `k << < g, b >> > (args)`.  nvcc
 * reads them as a launch; clang lexes `<<<` and `>>>` only as one token
 * each, so the host function fails to parse and its launches are lost
 * (docs/inference.md, "Launches in the host code").  The text clang
 * parses gets `<<< ` and `>>> ` in their place, each the same length, so
 * every offset, line and column stays that of the file. */
#include "chevrons.h"

#include "arena.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

static bool is_blank(char c)
{
    return c == ' ' || c == '\t';
}

static bool is_ident(char c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
}

/* Past a comment or a string or character literal starting at i, else i. */
static size_t skip_literal(const char *t, size_t len, size_t i)
{
    if (i + 1 < len && t[i] == '/' && t[i + 1] == '/') {
        while (i < len && t[i] != '\n')
            i++;
        return i;
    }
    if (i + 1 < len && t[i] == '/' && t[i + 1] == '*') {
        for (i += 2; i + 1 < len && !(t[i] == '*' && t[i + 1] == '/'); i++)
            ;
        return i + 2 < len ? i + 2 : len;
    }
    if (t[i] == '"' || t[i] == '\'') {
        char q = t[i];
        for (i++; i < len && t[i] != q && t[i] != '\n'; i++)
            if (t[i] == '\\')
                i++;
        return i < len ? i + 1 : len;
    }
    return i;
}

/* Three `c` from i, blanks between them allowed: the end, else 0; *spaced:
 * some blank was there. */
static size_t three_of(const char *t, size_t len, size_t i, char c, bool *spaced)
{
    *spaced = false;
    for (int k = 0; k < 3; k++) {
        size_t from = i;
        while (k > 0 && i < len && is_blank(t[i]))
            i++;
        *spaced |= i > from;
        if (i >= len || t[i] != c)
            return 0;
        i++;
    }
    return i;
}

/* Rewrites t[from, to) as the three chevrons then blanks. */
static void close_up(char *t, size_t from, size_t to, char c)
{
    memset(t + from, ' ', to - from);
    memset(t + from, c, 3);
}

/* The closing `> > >` of the launch whose config starts at i (outside any
 * parentheses, before the statement's end): its start, else 0. */
static size_t closing(const char *t, size_t len, size_t i, size_t *end, bool *spaced)
{
    int depth = 0;
    while (i < len) {
        size_t j = skip_literal(t, len, i);
        if (j != i) {
            i = j;
            continue;
        }
        char c = t[i];
        if (c == '(' || c == '[' || c == '{')
            depth++;
        else if (c == ')' || c == ']' || c == '}')
            depth--;
        else if (c == ';' || depth < 0)
            return 0;
        else if (c == '>' && depth == 0 && (*end = three_of(t, len, i, '>', spaced)) != 0)
            return i;
        i++;
    }
    return 0;
}

char *launch_chevrons_closed(const char *text, size_t len)
{
    char *out = NULL;
    for (size_t i = 0; i < len; i++) {
        size_t j = skip_literal(text, len, i);
        if (j != i) {
            i = j - 1;
            continue;
        }
        bool open_spaced, close_spaced;
        size_t open_end = text[i] == '<' ? three_of(text, len, i, '<', &open_spaced) : 0;
        if (!open_end)
            continue;
        size_t before = i; /* the kernel's name or template arguments before it */
        while (before > 0 && is_blank(text[before - 1]))
            before--;
        size_t close_end, close = closing(text, len, open_end, &close_end, &close_spaced);
        if (!close || !(open_spaced || close_spaced) || before == 0 ||
            !(is_ident(text[before - 1]) || text[before - 1] == '>')) {
            i = open_end - 1;
            continue;
        }
        if (!out) {
            out = malloc(len + 1);
            if (!out)
                return NULL;
            memcpy(out, text, len);
            out[len] = '\0';
        }
        close_up(out, i, open_end, '<');
        close_up(out, close, close_end, '>');
        i = close_end - 1;
    }
    return out;
}

static bool word_at(const char *text, size_t len, size_t at, const char *word)
{
    size_t n = strlen(word);
    return at + n <= len && memcmp(text + at, word, n) == 0 &&
           (at + n == len || !(isalnum((unsigned char)text[at + n]) || text[at + n] == '_')) &&
           (at == 0 || !(isalnum((unsigned char)text[at - 1]) || text[at - 1] == '_'));
}

static size_t skip_blanks(const char *text, size_t len, size_t at)
{
    while (at < len && (text[at] == ' ' || text[at] == '\t'))
        at++;
    return at;
}

char *device_shared_blanked(const char *text, size_t len)
{
    static const char device[] = "__device__", shared[] = "__shared__";
    char *out = NULL;
    for (size_t i = 0; i + sizeof device - 1 <= len; i++) {
        if (!word_at(text, len, i, device))
            continue;
        size_t after = skip_blanks(text, len, i + sizeof device - 1);
        size_t before = i;
        while (before > 0 && (text[before - 1] == ' ' || text[before - 1] == '\t'))
            before--;
        bool next = word_at(text, len, after, shared);
        bool prev = before >= sizeof shared - 1 && word_at(text, len, before - (sizeof shared - 1), shared);
        if (!next && !prev)
            continue;
        if (!out) {
            out = xmalloc(len + 1);
            memcpy(out, text, len);
            out[len] = '\0';
        }
        memset(out + i, ' ', sizeof device - 1);
    }
    return out;
}
