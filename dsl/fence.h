/* Barrier fence flags: which memory spaces a block barrier orders.
 * `sync;` orders shared and global arrays, `sync local;` only shared ones
 * (OpenCL barrier(CLK_LOCAL_MEM_FENCE)), `sync global;` only global ones
 * (barrier(CLK_GLOBAL_MEM_FENCE)), `sync exec;` none (barrier(0)).  Every
 * flavour is an execution barrier of the block.  Stmt.u.sync.unordered
 * holds the spaces a barrier does NOT order, so that 0 is `sync;`.
 * docs/language.md, "Fence flags" (OpenCL 1.2 §6.12.8). */
#ifndef MAPKIT_FENCE_H
#define MAPKIT_FENCE_H

#include "ast.h"

#include <stdbool.h>
#include <stdio.h>

enum {
    UNORDERED_SHARED = 1u << MEM_SHARED,
    UNORDERED_GLOBAL = 1u << MEM_GLOBAL,
    UNORDERED_ALL = UNORDERED_SHARED | UNORDERED_GLOBAL,
};

/* Is s a barrier that orders the accesses to arrays in space m?  False
 * for every statement other than a sync. */
bool sync_orders(const Stmt *s, MemSpace m);
/* Does a sync of this `unordered` mask order arrays in space m? */
bool fence_orders(unsigned unordered, MemSpace m);
/* "local", "global", "exec" for a barrier that leaves out some space;
 * NULL for `sync;` (orders both). */
const char *fence_word(unsigned unordered);
/* The mask a fence word names; false for a word that is none. */
bool fence_from_word(const char *word, unsigned *unordered);
/* `sync;`, `sync local;`, `sync global;` or `sync exec;`. */
void print_sync_fence(FILE *out, unsigned unordered);

#endif
