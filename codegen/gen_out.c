/* Output text and a small string map for the generator [VST Table 1]. */
#include "internal.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void out_init(Out *o)
{
    memset(o, 0, sizeof *o);
}

void out_free(Out *o)
{
    free(o->text);
    memset(o, 0, sizeof *o);
}

char *out_take(Out *o, size_t *len)
{
    out_putn(o, "", 0); /* so that an empty output is still a string */
    char *t = o->text;
    if (len)
        *len = o->len;
    memset(o, 0, sizeof *o);
    return t;
}

static void out_reserve(Out *o, size_t more)
{
    if (o->len + more + 1 <= o->cap)
        return;
    size_t cap = o->cap ? o->cap : 4096;
    while (cap < o->len + more + 1)
        cap *= 2;
    o->text = xrealloc(o->text, cap);
    o->cap = cap;
}

void out_putn(Out *o, const char *s, size_t n)
{
    out_reserve(o, n);
    memcpy(o->text + o->len, s, n);
    o->len += n;
    o->text[o->len] = '\0';
}

void out_put(Out *o, const char *s)
{
    out_putn(o, s, strlen(s));
}

void out_printf(Out *o, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(NULL, 0, fmt, ap);
    va_end(ap);
    if (n <= 0)
        return;
    out_reserve(o, (size_t)n);
    va_start(ap, fmt);
    vsnprintf(o->text + o->len, (size_t)n + 1, fmt, ap);
    va_end(ap);
    o->len += (size_t)n;
}

void out_indent(Out *o)
{
    for (int i = 0; i < o->indent; i++)
        out_put(o, "    ");
}

/* ---- StrMap: open addressing, FNV-1a ---- */

static uint64_t hash(const char *s)
{
    uint64_t h = 1469598103934665603ull;
    for (; *s; s++)
        h = (h ^ (unsigned char)*s) * 1099511628211ull;
    return h;
}

void strmap_init(StrMap *m)
{
    memset(m, 0, sizeof *m);
}

void strmap_free(StrMap *m)
{
    for (size_t i = 0; i < m->cap; i++) {
        free(m->keys[i]);
        free(m->values[i]);
    }
    free(m->keys);
    free(m->values);
    memset(m, 0, sizeof *m);
}

static size_t slot_of(const StrMap *m, const char *key)
{
    size_t i = (size_t)hash(key) & (m->cap - 1);
    while (m->keys[i] && strcmp(m->keys[i], key) != 0)
        i = (i + 1) & (m->cap - 1);
    return i;
}

const char *strmap_get(const StrMap *m, const char *key)
{
    if (!m->cap)
        return NULL;
    size_t i = slot_of(m, key);
    return m->keys[i] ? m->values[i] : NULL;
}

static char *xstrdup(const char *s)
{
    size_t n = strlen(s) + 1;
    return memcpy(xmalloc(n), s, n);
}

static void strmap_grow(StrMap *m)
{
    StrMap bigger = {0};
    bigger.cap = m->cap ? 2 * m->cap : 64;
    bigger.keys = xcalloc(bigger.cap, sizeof *bigger.keys);
    bigger.values = xcalloc(bigger.cap, sizeof *bigger.values);
    for (size_t i = 0; i < m->cap; i++) {
        if (!m->keys[i])
            continue;
        size_t j = slot_of(&bigger, m->keys[i]);
        bigger.keys[j] = m->keys[i];
        bigger.values[j] = m->values[i];
    }
    bigger.count = m->count;
    free(m->keys);
    free(m->values);
    *m = bigger;
}

const char *strmap_put(StrMap *m, const char *key, const char *value)
{
    if (2 * (m->count + 1) > m->cap)
        strmap_grow(m);
    size_t i = slot_of(m, key);
    if (!m->keys[i]) {
        m->keys[i] = xstrdup(key);
        m->count++;
    } else {
        free(m->values[i]);
    }
    m->values[i] = xstrdup(value);
    return m->values[i];
}
