/* Bump allocator: the memory owner for everything a parsed program holds.
 *
 * Ownership rule: every AST node, interned string and symbol of a Program
 * lives in that program's arena and is freed in one call, arena_free().
 * Nothing inside an arena is ever freed on its own, so nodes may share
 * sub-trees freely.  Allocation failure aborts with a message (the only
 * sane reaction for a command-line tool; there is nothing to roll back). */
#ifndef MAPKIT_ARENA_H
#define MAPKIT_ARENA_H

#include <stdbool.h>
#include <stddef.h>

typedef struct ArenaBlock ArenaBlock;

typedef struct Arena {
    ArenaBlock *head;
    size_t total; /* bytes obtained from malloc, for the memory benchmark */
} Arena;

void arena_init(Arena *a);
void arena_free(Arena *a);
/* Zero-filled, aligned to 8 bytes (enough for pointers and 64-bit integers). */
void *arena_alloc(Arena *a, size_t size);
char *arena_strndup(Arena *a, const char *s, size_t n);
/* Growable arrays inside an arena: the old storage is simply abandoned. */
void *arena_grow(Arena *a, void *old, size_t old_count, size_t new_count, size_t elem);

/* Appends to an arena array whose capacity is derived from its length n:
 * the next power of two.  Most lists (block items, indices) hold one or two
 * entries, so starting at 1 wastes least. */
#define ARENA_PUSH(arena, items, n, item)                                             \
    do {                                                                               \
        if (((n) & ((n) - 1)) == 0)                                                    \
            (items) = arena_grow((arena), (items), (size_t)(n),                        \
                                 (n) ? 2 * (size_t)(n) : 1, sizeof *(items));          \
        (items)[(n)++] = (item);                                                       \
    } while (0)

/* Appends to a malloc'd array with an explicit capacity. */
#define VEC_PUSH(items, n, cap, item)                                                  \
    do {                                                                               \
        if ((n) == (cap)) {                                                            \
            (cap) = (cap) ? 2 * (cap) : 16;                                            \
            (items) = xrealloc((items), (size_t)(cap) * sizeof *(items));              \
        }                                                                              \
        (items)[(n)++] = (item);                                                       \
    } while (0)

/* Room for `need` items in a malloc'd array that holds n, without a
 * capacity field: its allocation is the power of two at least n, so it
 * must start NULL with n = 0, grow only through here and shrink only by
 * lowering n.  Doubling keeps a million appends linear; a realloc per
 * item is quadratic where realloc always copies (ASan's). */
void *grow_pow2(void *items, size_t n, size_t need, size_t size);
#define VEC_GROW(items, n, need) ((items) = grow_pow2((items), (size_t)(n), (size_t)(need), sizeof *(items)))

/* Interned strings: equal names are one pointer, so passes compare names
 * with ==.  The strings live in an arena; the table is malloc'd and freed
 * by name_table_free (a table starts zeroed). */
typedef struct NameTable {
    const char **slots;
    size_t cap, used;
} NameTable;
const char *name_table_intern(NameTable *t, Arena *a, const char *s, size_t n);
void name_table_free(NameTable *t);

/* Malloc that never returns NULL. */
void *xmalloc(size_t n);
void *xcalloc(size_t n, size_t size);
void *xrealloc(void *p, size_t n);

/* Does s end with suffix?  (File extensions, built-in name families.) */
bool str_ends_with(const char *s, const char *suffix);

#endif
