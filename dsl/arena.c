/* Bump allocator behind every Program (see arena.h for the ownership rule). */
#include "arena.h"

#include <stdalign.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct ArenaBlock {
    ArenaBlock *next;
    size_t used, cap;
    alignas(max_align_t) unsigned char data[];
};

enum { ARENA_BLOCK = 64 * 1024 };

static void out_of_memory(void)
{
    fputs("mapkit: fatal: out of memory\n", stderr);
    exit(2);
}

void *xmalloc(size_t n)
{
    void *p = malloc(n ? n : 1);
    if (!p)
        out_of_memory();
    return p;
}

void *xcalloc(size_t n, size_t size)
{
    void *p = calloc(n ? n : 1, size ? size : 1);
    if (!p)
        out_of_memory();
    return p;
}

bool str_ends_with(const char *s, const char *suffix)
{
    size_t n = strlen(s), m = strlen(suffix);
    return n >= m && strcmp(s + n - m, suffix) == 0;
}

void *xrealloc(void *p, size_t n)
{
    p = realloc(p, n ? n : 1);
    if (!p)
        out_of_memory();
    return p;
}

void arena_init(Arena *a)
{
    a->head = NULL;
    a->total = 0;
}

void arena_free(Arena *a)
{
    ArenaBlock *b = a->head;
    while (b) {
        ArenaBlock *next = b->next;
        free(b);
        b = next;
    }
    a->head = NULL;
    a->total = 0;
}

static ArenaBlock *new_block(Arena *a, size_t need)
{
    size_t cap = need > ARENA_BLOCK ? need : ARENA_BLOCK;
    ArenaBlock *b = xmalloc(sizeof *b + cap);
    b->used = 0;
    b->cap = cap;
    a->total += sizeof *b + cap;
    return b;
}

void *arena_alloc(Arena *a, size_t size)
{
    /* Nodes hold pointers and 64-bit integers at most: 8 is enough, and a
     * 40-byte node does not round up to 48. */
    size_t align = 8;
    size = (size + align - 1) & ~(align - 1);
    ArenaBlock *b = a->head;
    if (!b || b->cap - b->used < size) {
        ArenaBlock *fresh = new_block(a, size);
        if (b && size > ARENA_BLOCK) {
            /* A big request gets its own block behind the current one, so the
             * current block's free tail is not wasted. */
            fresh->next = b->next;
            b->next = fresh;
            fresh->used = size;
            memset(fresh->data, 0, size);
            return fresh->data;
        }
        fresh->next = b;
        a->head = b = fresh;
    }
    void *p = b->data + b->used;
    b->used += size;
    memset(p, 0, size);
    return p;
}

char *arena_strndup(Arena *a, const char *s, size_t n)
{
    char *p = arena_alloc(a, n + 1);
    memcpy(p, s, n);
    p[n] = '\0';
    return p;
}

void *arena_grow(Arena *a, void *old, size_t old_count, size_t new_count, size_t elem)
{
    if (new_count && elem > SIZE_MAX / new_count)
        out_of_memory();
    void *p = arena_alloc(a, new_count * elem);
    if (old && old_count)
        memcpy(p, old, old_count * elem);
    return p;
}

static size_t pow2_at_least(size_t n)
{
    size_t c = 1;
    while (c < n)
        c <<= 1;
    return c;
}

void *grow_pow2(void *items, size_t n, size_t need, size_t size)
{
    size_t have = n ? pow2_at_least(n) : 0; /* what the array holds room for, by the rule above */
    if (items && need <= have)
        return items;
    return xrealloc(items, pow2_at_least(need ? need : 1) * size);
}

static uint64_t hash_bytes(const char *s, size_t n)
{
    uint64_t h = 1469598103934665603ull; /* FNV-1a */
    for (size_t i = 0; i < n; i++) {
        h ^= (unsigned char)s[i];
        h *= 1099511628211ull;
    }
    return h;
}

/* Open addressing, grown at half full. */
static void name_table_rehash(NameTable *t)
{
    size_t cap = t->cap ? t->cap * 2 : 256;
    const char **fresh = xcalloc(cap, sizeof *fresh);
    for (size_t i = 0; i < t->cap; i++) {
        const char *s = t->slots[i];
        if (!s)
            continue;
        size_t j = hash_bytes(s, strlen(s)) & (cap - 1);
        while (fresh[j])
            j = (j + 1) & (cap - 1);
        fresh[j] = s;
    }
    free(t->slots);
    t->slots = fresh;
    t->cap = cap;
}

const char *name_table_intern(NameTable *t, Arena *a, const char *s, size_t n)
{
    if (2 * (t->used + 1) > t->cap)
        name_table_rehash(t);
    size_t j = hash_bytes(s, n) & (t->cap - 1);
    for (;;) {
        const char *old = t->slots[j];
        if (!old)
            break;
        if (strncmp(old, s, n) == 0 && old[n] == '\0')
            return old;
        j = (j + 1) & (t->cap - 1);
    }
    t->used++;
    return t->slots[j] = arena_strndup(a, s, n);
}

void name_table_free(NameTable *t)
{
    free(t->slots);
    memset(t, 0, sizeof *t);
}
