/* CUDA's barriers and fences (docs/inference.md, "How each construct is
 * abstracted"): __syncthreads() is `sync;`, and its _count, _and and _or
 * forms give every thread of the block one value (`local x = sync;`);
 * __threadfence() orders one thread's own accesses only, which the
 * protocol needs no statement for; __syncwarp(mask) is a warp's barrier
 * (warp.c). */
#include "models.h"

#include "call.h"
#include "env.h"
#include "expr.h"
#include "warp.h"

#include <string.h>

const char *const barrier_names[] = {"__syncthreads", "__syncthreads_count", "__syncthreads_and",
                                     "__syncthreads_or", "__barrier_sync", NULL};
const char *const fence_names[] = {"__threadfence", "__threadfence_block", "__threadfence_system", NULL};
const char *const syncwarp_names[] = {"__syncwarp", NULL};

bool barrier_call(Infer *in, const Call *c, Value *out)
{
    args_effects(in, c);
    emit_sync(in, c->loc, false);
    if (strcmp(c->name, "__syncthreads") != 0 && strcmp(c->name, "__barrier_sync") != 0)
        *out = value_int(collective_result(in, c->loc));
    return true;
}

bool fence_call(Infer *in, const Call *c, Value *out)
{
    (void)out;
    args_effects(in, c);
    return true;
}

bool syncwarp_call(Infer *in, const Call *c, Value *out)
{
    (void)out;
    Value mask = c->nargs > 0 ? tr_value(in, c->args[0]) : value_none();
    for (int i = 1; i < c->nargs; i++)
        tr_effects(in, c->args[i]);
    warp_syncwarp(in, c->cursor, c->args, &mask, c->nargs, c->loc);
    return true;
}
