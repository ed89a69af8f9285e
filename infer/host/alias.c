/* One buffer passed as two pointer parameters (see alias.h).  A launch
 * `k<<<1, 64>>>(x, x + 1)` of `k(float *a, float *b)` makes b[i] the cell
 * a[i + 1]: the protocol's arrays a and b are one, b's accesses shifted.
 * The kernel is one protocol for all its launches, so a launch that
 * passes distinct buffers is checked with the arrays merged too: that can
 * only add conflicts, never hide one. */
#include "alias.h"

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

bool alias_merge(Program *p, Kernel *k, ArrayDecl *into, ArrayDecl *from, int64_t offset)
{
    if (into == from)
        return offset == 0;
    if (into->ndims != 1 || from->ndims != 1 || !same_text(into->elem_type, from->elem_type) || offset < 0)
        return false;
    const char *from_name = from->name->u.var.name;
    shift_block(p, &k->body, into->name->u.var.name, from_name, offset);
    int at = (int)(from - k->arrays);
    memmove(&k->arrays[at], &k->arrays[at + 1], (size_t)(k->narrays - at - 1) * sizeof *k->arrays);
    k->narrays--;
    return true;
}

void alias_opaque(Program *p, Kernel *k, Loc loc)
{
    block_push(p, &k->body, stmt_new(p, S_OPAQUE, loc));
}
