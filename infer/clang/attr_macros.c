/* Attribute macros of missing headers, read as empty (attr_macros.h). */
#include "attr_macros.h"

#include "arena.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

static bool ident_char(char c)
{
    return isalnum((unsigned char)c) || c == '_';
}

static size_t skip_blanks(const char *t, size_t i, size_t len)
{
    while (i < len && isspace((unsigned char)t[i]))
        i++;
    return i;
}

/* The identifier at t[i..), its length (0 when none). */
static size_t ident_at(const char *t, size_t i, size_t len)
{
    size_t j = i;
    if (j < len && (isalpha((unsigned char)t[j]) || t[j] == '_'))
        while (j < len && ident_char(t[j]))
            j++;
    return j - i;
}

/* A macro by its spelling: upper case, digits and underscores, one
 * letter at least (`CUGRAPH_EXPORT`, `RAFT_EXPORT`). */
static bool macro_like(const char *s, size_t n)
{
    bool letter = false;
    for (size_t i = 0; i < n; i++) {
        if (islower((unsigned char)s[i]))
            return false;
        letter |= isupper((unsigned char)s[i]) != 0;
    }
    return letter;
}

/* Does the file define NAME itself (`#define NAME`)? */
static bool defines(const SrcFile *src, const char *name, size_t n)
{
    for (const char *p = strstr(src->text, "define"); p; p = strstr(p + 6, "define")) {
        size_t i = skip_blanks(src->text, (size_t)(p - src->text) + 6, src->len);
        if (ident_at(src->text, i, src->len) == n && strncmp(src->text + i, name, n) == 0)
            return true;
    }
    return false;
}

static bool listed(const AttrMacros *m, const char *name, size_t n)
{
    for (int i = 0; i < m->n; i++)
        if (strncmp(m->names[i], name, n) == 0 && m->names[i][n] == '=')
            return true;
    return false;
}

/* `KEYWORD MACRO name {` at t[i..) (KEYWORD already matched, ending at i):
 * the macro's offset and length, or 0. */
static size_t macro_before_name(const char *t, size_t i, size_t len, size_t *at)
{
    if (i >= len || ident_char(t[i]))
        return 0; /* `namespaces`: another word */
    size_t a = skip_blanks(t, i, len), na = ident_at(t, a, len);
    size_t b = skip_blanks(t, a + na, len), nb = ident_at(t, b, len);
    size_t c = skip_blanks(t, b + nb, len);
    if (!na || !nb || c >= len || t[c] != '{' || !macro_like(t + a, na))
        return 0;
    *at = a;
    return na;
}

void attr_macros_scan(const SrcFile *src, AttrMacros *m, Diag *d)
{
    static const char *const keywords[] = {"namespace", "struct", "class"};
    const char *t = src->text;
    for (size_t i = 0; i < src->len; i++) {
        if (i > 0 && ident_char(t[i - 1]))
            continue;
        for (size_t k = 0; k < sizeof keywords / sizeof keywords[0]; k++) {
            size_t kn = strlen(keywords[k]), at = 0, n;
            if (src->len - i < kn || strncmp(t + i, keywords[k], kn) != 0 ||
                !(n = macro_before_name(t, i + kn, src->len, &at)) || listed(m, t + at, n) ||
                defines(src, t + at, n))
                continue;
            char *def = xmalloc(n + 2);
            memcpy(def, t + at, n);
            strcpy(def + n, "=");
            VEC_PUSH(m->names, m->n, m->cap, def);
            diag_at(d, SEV_WARNING, loc_at(src, at),
                    "'%.*s' before the name of a %s can only be a macro (an attribute): it is read as "
                    "empty unless a header defines it",
                    (int)n, t + at, keywords[k]);
        }
    }
}

void attr_macros_free(AttrMacros *m)
{
    for (int i = 0; i < m->n; i++)
        free(m->names[i]);
    free(m->names);
}
