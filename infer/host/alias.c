/* One buffer passed as two pointer parameters (see alias.h).  A launch
 * `k<<<1, 64>>>(x, x + 1)` of `k(float *a, float *b)` makes b[i] the cell
 * a[i + 1]: the protocol's arrays a and b are one, b's accesses shifted.
 * The kernel is one protocol for all its launches, so a launch that
 * passes distinct buffers is checked with the arrays merged too: that can
 * only add conflicts, never hide one. */
#include "alias.h"

#include <stdlib.h>
#include <string.h>

ArrayDecl *alias_param_array(Kernel *k, unsigned param_off)
{
    for (int i = 0; i < k->narrays; i++)
        if (k->arrays[i].mem == MEM_GLOBAL && k->arrays[i].loc.file == k->loc.file &&
            k->arrays[i].loc.off == param_off)
            return &k->arrays[i];
    return NULL;
}

static bool same_text(const char *a, const char *b)
{
    return (!a && !b) || (a && b && strcmp(a, b) == 0);
}

static void shift_block(Program *p, Block *b, const char *into, const char *from, int64_t offset);

static void shift_stmt(Program *p, Stmt *s, const char *into, const char *from, int64_t offset)
{
    switch ((StmtKind)s->kind) {
    case S_ACCESS:
        if (strcmp(s->u.access.array->u.var.name, from) != 0)
            return;
        s->u.access.array->u.var.name = into;
        if (offset && s->u.access.nindex > 0)
            s->u.access.index[0] = expr_binary(p, OP_ADD, s->u.access.index[0],
                                               expr_num(p, s->u.access.index[0]->loc, (uint64_t)offset));
        return;
    case S_IF:
        shift_block(p, &s->u.if_.then, into, from, offset);
        shift_block(p, &s->u.if_.els, into, from, offset);
        return;
    case S_LOOP:
        shift_block(p, &s->u.loop.body, into, from, offset);
        return;
    default:
        return;
    }
}

static void shift_block(Program *p, Block *b, const char *into, const char *from, int64_t offset)
{
    for (int i = 0; i < b->n; i++)
        shift_stmt(p, b->items[i], into, from, offset);
}

bool alias_merge(Program *p, Kernel *k, AliasLog *log, ArrayDecl *into, ArrayDecl *from, int64_t offset)
{
    if (into == from)
        return offset == 0;
    if (into->ndims != 1 || from->ndims != 1 || !same_text(into->elem_type, from->elem_type) || offset < 0)
        return false;
    const char *from_name = from->name->u.var.name;
    AliasMerge m = {k, from->loc.off, into->loc.off, from_name, into->name->u.var.name, offset};
    VEC_PUSH(log->m, log->n, log->cap, m);
    shift_block(p, &k->body, into->name->u.var.name, from_name, offset);
    int at = (int)(from - k->arrays);
    memmove(&k->arrays[at], &k->arrays[at + 1], (size_t)(k->narrays - at - 1) * sizeof *k->arrays);
    k->narrays--;
    return true;
}

void alias_log_free(AliasLog *log)
{
    free(log->m);
    log->m = NULL;
    log->n = log->cap = 0;
}

static ArrayDecl *declared_array(Kernel *k, unsigned off, const char *name)
{
    for (int i = 0; i < k->narrays; i++)
        if (k->arrays[i].mem == MEM_GLOBAL && k->arrays[i].loc.file == k->loc.file && k->arrays[i].loc.off == off &&
            (!name || strcmp(k->arrays[i].name->u.var.name, name) == 0))
            return &k->arrays[i];
    return NULL;
}

/* An array merged away is followed to the one that holds its cells; a
 * merged array is never declared again, so the chain is finite (and cut
 * at the log's length all the same). */
ArrayDecl *alias_current(Kernel *k, const AliasLog *log, unsigned decl_off, const char *name, int64_t *shift)
{
    *shift = 0;
    for (int step = 0; step <= log->n; step++) {
        ArrayDecl *a = declared_array(k, decl_off, name);
        if (a)
            return a;
        const AliasMerge *m = NULL;
        for (int i = 0; i < log->n && !m; i++)
            if (log->m[i].k == k && log->m[i].from_off == decl_off && (!name || strcmp(log->m[i].from_name, name) == 0))
                m = &log->m[i];
        if (!m)
            return NULL;
        *shift += m->offset;
        decl_off = m->into_off;
        name = m->into_name;
    }
    return NULL;
}

void alias_opaque(Program *p, Kernel *k, Loc loc)
{
    block_push(p, &k->body, stmt_new(p, S_OPAQUE, loc));
}
