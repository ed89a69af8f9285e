/* curand's device API (docs/inference.md): a generator call reads and
 * writes the state it is handed, curand_init writes it.  The state is one
 * cell of the array the pointer points into, so threads that share a state
 * race and threads with a state each (`&states[i]`, or a local copy) do
 * not.  The numbers drawn are values of the thread's own. */
#include "models.h"

#include "env.h"
#include "expr.h"

#include <string.h>

/* A pointer to one of curand's state types (curandStateXORWOW,
 * curandStatePhilox4_32_10, curandStateMtgp32, ...); *mtgp: the last. */
static bool is_state_pointer(CXCursor arg, bool *mtgp)
{
    CXType t = clang_getCanonicalType(clang_getCursorType(arg));
    if (t.kind != CXType_Pointer)
        return false;
    CXString s = clang_getTypeSpelling(clang_getCanonicalType(clang_getPointeeType(t)));
    const char *name = clang_getCString(s);
    if (starts_with(name, "const "))
        name += 6;
    if (starts_with(name, "struct "))
        name += 7;
    bool hit = starts_with(name, "curandState");
    *mtgp = hit && starts_with(name, "curandStateMtgp32");
    clang_disposeString(s);
    return hit;
}

/* MTGP32's generator is the block's, not a thread's: its state is shared
 * by the threads of a block, which all draw from it together, and its
 * draws (curand, curand_uniform, ..., curand_mtgp32_single) synchronise
 * the block with __syncthreads to hand each thread its number and move the
 * state on (cuRAND's device API, "MTGP32").  So such a draw is a barrier of
 * the block, every thread must reach it, and the state's updates are its
 * own business.  The `_specific` draws leave that to the caller: they read
 * and write the state as other generators do. */
static bool block_collective_draw(const char *name)
{
    return strcmp(name, "curand_init") != 0 && !strstr(name, "_specific") && !starts_with(name, "skipahead");
}

/* curand_init writes the state it is handed, curand, curand_uniform, ...
 * read and write it; false when NAME is not a device call on a state. */
static bool curand_state_call(Infer *in, const char *name, CXCursor call, CXCursor *args, int nargs, Loc loc,
                              Value *out)
{
    if (!starts_with(name, "curand") && !starts_with(name, "skipahead"))
        return false;
    int state = -1;
    bool mtgp = false;
    for (int i = 0; i < nargs && state < 0; i++)
        if (is_state_pointer(args[i], &mtgp))
            state = i;
    if (state < 0)
        return false; /* not a device call on a state: the general rules */
    for (int i = 0; i < nargs; i++)
        if (i != state)
            tr_effects(in, args[i]);
    *out = value_none();
    if (mtgp && block_collective_draw(name)) {
        tr_effects(in, args[state]);
        emit_sync(in, loc, false);
        return true;
    }
    Array *arr;
    Expr **idx;
    int n;
    CellKind cell = pointer_cell(in, args[state], &arr, &idx, &n);
    if (cell == CELL_UNTRACKED) {
        opaque_at(in, call, "'%s' on a curand state the protocol does not track is not followed", name);
        return true;
    }
    if (cell == CELL_PRIVATE)
        return true; /* the thread's own copy */
    if (strcmp(name, "curand_init") != 0)
        emit_access(in, ACC_RD, arr, idx, n, loc);
    emit_access(in, ACC_WR, arr, idx, n, loc);
    return true;
}

bool curand_call(Infer *in, const Call *c, Value *out)
{
    return curand_state_call(in, c->name, c->cursor, c->args, c->nargs, c->loc, out);
}
