/* Witnesses: reading a race or a divergence back from a model ([CAV21],
 * Appendix A: "Array: tile[15, 14] ... Globals ... Locals T1 T2"). */
#include "witness.h"

#include "encode_int.h"

#include <stdlib.h>

void witness_first_byte(Enc *e, Z3_model m, Witness *w, Path *p, int64_t b)
{
    const ArrayDecl *a = w->array->array;
    int64_t sizes[a->ndims + 1];
    for (int d = 0; d < a->ndims; d++) {
        sizes[d] = 1;
        if (d > 0 && a->sizes[d])
            smt_eval(e->smt, m, enc_int(e, a->sizes[d], &p->env), &sizes[d]);
    }
    witness_set_byte(w, a->ndims, sizes, a->elem_bytes, b);
}

static void add_value(Enc *e, Z3_model m, Witness *w, const Sym *s, int thread, Z3_ast t)
{
    int64_t v;
    if (t && smt_eval(e->smt, m, t, &v))
        witness_add_local(w, s, thread, v);
}

/* Ids, `distinct` locals and 1@x/2@x preconditions all tell T1 from T2. */
static bool tells_threads_apart(const Enc *e)
{
    if (e->f->asymmetric)
        return true;
    for (int i = 0; i < e->k->nsyms; i++)
        if (e->f->identity[i] && e->f->used[i])
            return true;
    return false;
}

/* A launch size is shown when the kernel uses it or the ids it bounds, so
 * that `mapkit run` can replay the witness.  A kernel with nothing that
 * tells its threads apart still has two: threadIdx.x and blockDim.x show
 * which is which. */
static bool shown(const Enc *e, const Sym *s)
{
    if (e->f->used[s->index])
        return true;
    if ((s->builtin == BI_THREADIDX || s->builtin == BI_BLOCKDIM) && s->axis == 0 && !tells_threads_apart(e))
        return true;
    Builtin id = s->builtin == BI_BLOCKDIM ? BI_THREADIDX : s->builtin == BI_GRIDDIM ? BI_BLOCKIDX : BI_NONE;
    for (int i = 0; id && i < e->k->nsyms; i++)
        if (e->k->syms[i]->builtin == id && e->k->syms[i]->axis == s->axis && e->f->used[i])
            return true;
    return false;
}

static bool is_id(const Sym *s)
{
    return s->builtin == BI_THREADIDX || s->builtin == BI_BLOCKIDX;
}

static bool has_global(const Witness *w, const Sym *s)
{
    for (int i = 0; i < w->nglobals; i++)
        if (w->globals[i].sym == s)
            return true;
    return false;
}

/* The size that bounds id s (blockDim.y for threadIdx.y), or NULL. */
static const Sym *bounding_size(const Kernel *k, const Sym *id)
{
    Builtin b = id->builtin == BI_THREADIDX ? BI_BLOCKDIM : BI_GRIDDIM;
    for (int i = 0; i < k->nsyms; i++)
        if (k->syms[i]->builtin == b && k->syms[i]->axis == id->axis)
            return k->syms[i];
    return NULL;
}

/* Two threads are two: when no id shown tells them apart (the kernel
 * uses threadIdx.x, and the threads differ in threadIdx.y), the ids in
 * which they differ are shown too, with their sizes, so the reader sees
 * two threads and `mapkit run` can replay them. */
static void show_difference(Enc *e, Z3_model m, Witness *w)
{
    for (int i = 0; i < w->nlocals; i++) { /* an id, or a `distinct` local, already does */
        const LocalRow *r = &w->locals[i];
        if ((is_id(r->sym) || e->f->identity[r->sym->index]) && r->has1 && r->has2 && r->v1 != r->v2)
            return;
    }
    const Kernel *k = e->k;
    for (int i = 0; i < k->nsyms; i++) {
        const Sym *s = k->syms[i];
        int64_t v1, v2;
        if (!is_id(s) || !e->base[0].val[i] || !e->base[1].val[i] ||
            !smt_eval(e->smt, m, e->base[0].val[i], &v1) || !smt_eval(e->smt, m, e->base[1].val[i], &v2) ||
            v1 == v2)
            continue;
        witness_add_local(w, s, 1, v1);
        witness_add_local(w, s, 2, v2);
        const Sym *size = bounding_size(k, s);
        int64_t n;
        if (size && !has_global(w, size) && smt_eval(e->smt, m, e->base[0].val[size->index], &n))
            witness_add_global(w, size, n);
    }
}

void witness_threads(Enc *e, Z3_model m, Witness *w)
{
    const Kernel *k = e->k;
    for (int i = 0; i < k->nsyms; i++) {
        const Sym *s = k->syms[i];
        if (!shown(e, s))
            continue;
        int64_t v;
        if (s->kind == SYM_UNIFORM && s->builtin != BI_WARPSIZE) {
            if (smt_eval(e->smt, m, e->base[0].val[i], &v))
                witness_add_global(w, s, kernel_param_value(k, s->name, v)); /* -1, not 4294967295 */
        } else if (s->kind == SYM_THREAD || s->kind == SYM_BLOCK || s->kind == SYM_LOCAL) {
            add_value(e, m, w, s, 1, e->base[0].val[i]);
            add_value(e, m, w, s, 2, e->base[1].val[i]);
        }
    }
    show_difference(e, m, w);
}

void witness_path_loops(Enc *e, Z3_model m, Witness *w, const Path *p)
{
    for (int L = 0; L < p->n; L++)
        if (p->lv[L].var)
            add_value(e, m, w, p->lv[L].anc->u.loop.var->u.var.sym, p->thread, p->lv[L].var);
}

static void add_scope(Enc *e, Z3_model m, Witness *w, const Site *s, const Path *p)
{
    for (int i = 0; i < s->nscope; i++)
        add_value(e, m, w, s->scope[i], p->thread, p->env.val[s->scope[i]->index]);
}

/* In this model, the access's index takes an unknown value. */
static bool index_unknown(Enc *e, Z3_model m, const Path *p)
{
    int64_t taken = 1; /* what cannot be evaluated counts as taken */
    if (p->unknown_index)
        smt_eval(e->smt, m, p->unknown_index, &taken);
    return p->unknown_index && taken;
}

void witness_race(Enc *e, Z3_model m, Witness *w, const Site *s1, const Path *p1,
                  const Site *s2, const Path *p2, Z3_ast *idx, int ndims, bool cross_block)
{
    w->stmt1 = s1->stmt;
    w->stmt2 = s2->stmt;
    w->array = s1->array;
    w->ndims = ndims;
    w->index = xcalloc((size_t)ndims + 1, sizeof *w->index);
    for (int d = 0; d < ndims; d++)
        smt_eval(e->smt, m, idx[d], &w->index[d]);
    w->cross_block = cross_block;
    if (cross_block) /* the blocks tell the threads apart: show them */
        for (int i = 0; i < e->k->nsyms; i++) {
            const Sym *s = e->k->syms[i];
            int64_t v;
            if (s->builtin == BI_GRIDDIM && facts_axis_used(e->f, BI_GRIDDIM, s->axis) &&
                smt_eval(e->smt, m, e->base[0].val[i], &v) && !e->f->used[i] && !shown(e, s))
                witness_add_global(w, s, v);
            if (s->builtin == BI_BLOCKIDX && facts_axis_used(e->f, BI_GRIDDIM, s->axis) && !shown(e, s)) {
                add_value(e, m, w, s, 1, e->base[0].val[i]);
                add_value(e, m, w, s, 2, e->base[1].val[i]);
            }
        }
    w->definite = !e->f->site_potential[s1->id] && !e->f->site_potential[s2->id] && !p1->approx &&
                  !p2->approx && !index_unknown(e, m, p1) && !index_unknown(e, m, p2);
    witness_threads(e, m, w);
    add_scope(e, m, w, s1, p1);
    add_scope(e, m, w, s2, p2);
}
