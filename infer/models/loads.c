/* CUDA's loads and stores with a cache hint (__ldg, __stcg, ...), and the
 * math functions whose results come back through pointers (sincos): one
 * element read or written through a pointer. */
#include "models.h"

#include "env.h"
#include "expr.h"

/* One element read or written through a pointer argument, as `*p` does:
 * its cell, or the cells a wider view covers (`__ldcs((const int4 *)q)`
 * of a float array), nothing for the thread's own memory, opaque when
 * untracked. */
static void write_through(Infer *in, const char *name, const Call *c, CXCursor arg, AccessMode mode)
{
    if (!pointer_access(in, tr_value(in, arg), mode, c->loc))
        opaque_at(in, c->cursor, "'%s' through a pointer the protocol does not track is not followed", name);
}

/* Math functions whose results come back through pointers:
 * sincosf(x, &s, &c) writes one element through each. */
const char *const out_param_names[] = {"sincosf", "sincos", "__sincosf", "sincospif", "sincospi", NULL};

bool out_param_call(Infer *in, const Call *c, Value *out)
{
    const char *name = c->name;
    if (c->nargs != 3)
        return false;
    *out = value_none();
    tr_effects(in, c->args[0]);
    write_through(in, name, c, c->args[1], ACC_WR);
    write_through(in, name, c, c->args[2], ACC_WR);
    return true;
}

/* The cache-hinted loads and stores: one element read or written. */
bool load_store_call(Infer *in, const Call *c, Value *out)
{
    static const char *const loads[] = {"__ldg", "__ldca", "__ldcg", "__ldcs", "__ldlu", "__ldcv", NULL};
    static const char *const stores[] = {"__stcg", "__stcs", "__stwb", "__stwt", NULL};
    const char *name = c->name;
    bool load = name_in(name, loads), store = name_in(name, stores);
    if (!load && !store)
        return false;
    *out = value_none();
    if (c->nargs < 1)
        return true;
    for (int i = 1; i < c->nargs; i++)
        tr_effects(in, c->args[i]);
    write_through(in, name, c, c->args[0], load ? ACC_RD : ACC_WR);
    return true;
}
