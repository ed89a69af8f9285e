/* A hash set of (device, inode) pairs (file_ids.h): a walk of a tree of a
 * hundred thousand files asks it once per file. */
#include "file_ids.h"

#include "arena.h"

#include <stdint.h>
#include <stdlib.h>

static size_t slot_of(const FileIds *s, FileId id)
{
    uint64_t h = (uint64_t)id.ino * 0x9E3779B97F4A7C15ull ^ (uint64_t)id.dev * 0xC2B2AE3D27D4EB4Full;
    size_t i = (size_t)(h >> 17) & (s->cap - 1);
    while (s->slots[i].ino && (s->slots[i].ino != id.ino || s->slots[i].dev != id.dev))
        i = (i + 1) & (s->cap - 1);
    return i;
}

/* Twice the room when half full: probes stay short. */
static void rehash(FileIds *s)
{
    FileIds bigger = {xcalloc(s->cap ? 2 * s->cap : 64, sizeof *s->slots), s->n, s->cap ? 2 * s->cap : 64};
    for (size_t i = 0; i < s->cap; i++)
        if (s->slots[i].ino)
            bigger.slots[slot_of(&bigger, s->slots[i])] = s->slots[i];
    free(s->slots);
    *s = bigger;
}

bool file_ids_add(FileIds *s, const struct stat *st)
{
    FileId id = {st->st_dev, st->st_ino ? st->st_ino : (ino_t)-1};
    if (2 * (s->n + 1) > s->cap)
        rehash(s);
    size_t i = slot_of(s, id);
    if (s->slots[i].ino)
        return false;
    s->slots[i] = id;
    s->n++;
    return true;
}

void file_ids_free(FileIds *s)
{
    free(s->slots);
    s->slots = NULL;
    s->n = s->cap = 0;
}
