/* The models core was handed (model.h): their rows and hooks walked in
 * the set's order, and their slots.
 *
 * Ownership: the slots and their array are the context's, allocated by
 * models_begin and freed by models_end. */
#include "model.h"

#include <stdlib.h>
#include <string.h>

static int nmodels(const Infer *in)
{
    return in->models ? in->models->nmodels : 0;
}

static const Model *model_at(const Infer *in, int i)
{
    return in->models->models[i];
}

void models_begin(Infer *in)
{
    in->slots = nmodels(in) ? xcalloc((size_t)nmodels(in), sizeof *in->slots) : NULL;
    for (int i = 0; i < nmodels(in); i++)
        in->slots[i] = model_at(in, i)->slot_size ? xcalloc(1, model_at(in, i)->slot_size) : NULL;
}

void models_end(Infer *in)
{
    for (int i = 0; i < nmodels(in); i++)
        if (model_at(in, i)->end)
            model_at(in, i)->end(in);
    for (int i = 0; i < nmodels(in); i++)
        free(in->slots[i]);
    free(in->slots);
    in->slots = NULL;
}

void **models_save_slots(Infer *in)
{
    if (!nmodels(in) || !in->slots)
        return NULL;
    void **saved = xcalloc((size_t)nmodels(in), sizeof *saved);
    for (int i = 0; i < nmodels(in); i++)
        if (in->slots[i]) {
            saved[i] = xcalloc(1, model_at(in, i)->slot_size);
            memcpy(saved[i], in->slots[i], model_at(in, i)->slot_size);
        }
    return saved;
}

void models_restore_slots(Infer *in, void **saved)
{
    if (!saved)
        return;
    for (int i = 0; i < nmodels(in); i++)
        if (saved[i]) {
            memcpy(in->slots[i], saved[i], model_at(in, i)->slot_size);
            free(saved[i]);
        }
    free(saved);
}

void *model_slot(Infer *in, const Model *m)
{
    for (int i = 0; i < nmodels(in) && in->slots; i++)
        if (model_at(in, i) == m)
            return in->slots[i];
    return NULL;
}

bool row_matches(const Infer *in, const CallRow *r, const char *name)
{
    return (!r->prefix || starts_with(name, r->prefix)) && (!r->names || name_in(name, r->names)) &&
           (!r->dialect || r->dialect == in->dialect);
}

bool models_call(Infer *in, const Call *c, Tier t, Value *out)
{
    for (int i = 0; in->models && i < in->models->nrows; i++) {
        const CallRow *r = &in->models->rows[i];
        if (r->tier == t && row_matches(in, r, c->name) && r->handle(in, c, out))
            return true;
    }
    return false;
}

bool models_pure_call(Infer *in, CXCursor call)
{
    for (int i = 0; i < nmodels(in); i++)
        if (model_at(in, i)->pure_call && model_at(in, i)->pure_call(call))
            return true;
    return false;
}

bool models_hint_call(Infer *in, CXCursor call)
{
    for (int i = 0; i < nmodels(in); i++)
        if (model_at(in, i)->hint_call && model_at(in, i)->hint_call(call))
            return true;
    return false;
}

bool models_declared_object(Infer *in, CXCursor var, CXCursor init, Value *out)
{
    for (int i = 0; i < nmodels(in); i++)
        if (model_at(in, i)->declared_object && model_at(in, i)->declared_object(in, var, init, out))
            return true;
    return false;
}

bool models_atomic_read(Infer *in, CXCursor init)
{
    for (int i = 0; i < nmodels(in); i++)
        if (model_at(in, i)->atomic_read && model_at(in, i)->atomic_read(in, init))
            return true;
    return false;
}

bool models_do_loop(Infer *in, CXCursor loop, CXCursor *rest)
{
    for (int i = 0; i < nmodels(in); i++)
        if (model_at(in, i)->do_loop && model_at(in, i)->do_loop(in, loop, rest))
            return true;
    return false;
}

bool models_vector_component(Infer *in, CXCursor e, Value *out)
{
    for (int i = 0; i < nmodels(in); i++)
        if (model_at(in, i)->vector_component && model_at(in, i)->vector_component(in, e, out))
            return true;
    return false;
}

bool models_iterator_call(Infer *in, CXCursor call, CXCursor param)
{
    for (int i = 0; i < nmodels(in); i++)
        if (model_at(in, i)->iterator_call && model_at(in, i)->iterator_call(in, call, param))
            return true;
    return false;
}

bool models_dependent_operator(Infer *in, CXCursor e, CXCursor object, CXCursor *args, int nargs, const char *op,
                               Value *out)
{
    for (int i = 0; i < nmodels(in); i++)
        if (model_at(in, i)->dependent_operator &&
            model_at(in, i)->dependent_operator(in, e, object, args, nargs, op, out))
            return true;
    return false;
}

bool models_if_condition(Infer *in, CXCursor if_stmt, Expr **cond)
{
    for (int i = 0; i < nmodels(in); i++)
        if (model_at(in, i)->if_condition && model_at(in, i)->if_condition(in, if_stmt, cond))
            return true;
    return false;
}

void models_inline_begin(Infer *in, CXCursor call, CXCursor def)
{
    for (int i = 0; i < nmodels(in); i++)
        if (model_at(in, i)->inline_begin)
            model_at(in, i)->inline_begin(in, call, def);
}
