/* Structural equality of protocol ASTs (Fig. 2 syntax), up to locations. */
#include "equal.h"

#include <string.h>

/* Names from different programs are interned in different tables. */
static bool same_name(const char *a, const char *b)
{
    return a == b || (a && b && strcmp(a, b) == 0);
}

static bool optional_expr_equal(const Expr *a, const Expr *b)
{
    return (!a && !b) || (a && b && expr_equal(a, b));
}

static bool exprs_equal(Expr *const *a, Expr *const *b, int n)
{
    for (int i = 0; i < n; i++)
        if (!optional_expr_equal(a[i], b[i]))
            return false;
    return true;
}

bool expr_equal(const Expr *a, const Expr *b)
{
    if (a->kind != b->kind)
        return false;
    switch (a->kind) {
    case E_NUM:
        return a->u.num == b->u.num;
    case E_BOOL:
        return a->u.boolean == b->u.boolean;
    case E_VAR:
        return a->thread == b->thread && same_name(a->u.var.name, b->u.var.name);
    case E_DISTINCT:
        return a->u.distinct.n == b->u.distinct.n &&
               exprs_equal(a->u.distinct.vars, b->u.distinct.vars, a->u.distinct.n);
    case E_POW2:
        return expr_equal(a->u.sub.a, b->u.sub.a);
    case E_UNARY:
        return a->op == b->op && expr_equal(a->u.sub.a, b->u.sub.a);
    case E_BINARY:
        return a->op == b->op && expr_equal(a->u.sub.a, b->u.sub.a) &&
               expr_equal(a->u.sub.b, b->u.sub.b);
    case E_COND:
        return expr_equal(a->u.sub.a, b->u.sub.a) && expr_equal(a->u.sub.b, b->u.sub.b) &&
               expr_equal(a->u.sub.c, b->u.sub.c);
    }
    return false;
}

static bool stmt_equal(const Stmt *a, const Stmt *b)
{
    if (a->kind != b->kind)
        return false;
    switch (a->kind) {
    case S_ACCESS:
        return a->u.access.mode == b->u.access.mode &&
               expr_equal(a->u.access.array, b->u.access.array) &&
               a->u.access.nindex == b->u.access.nindex &&
               exprs_equal(a->u.access.index, b->u.access.index, a->u.access.nindex) &&
               optional_expr_equal(a->u.access.value, b->u.access.value) &&
               optional_expr_equal(a->u.access.into, b->u.access.into) &&
               a->u.access.scope == b->u.access.scope && a->u.access.order == b->u.access.order && a->u.access.load == b->u.access.load &&
               optional_expr_equal(a->u.access.ticket, b->u.access.ticket) &&
               optional_expr_equal(a->u.access.amount, b->u.access.amount) &&
               optional_expr_equal(a->u.access.byte_off, b->u.access.byte_off) &&
               optional_expr_equal(a->u.access.byte_width, b->u.access.byte_width);
    case S_SYNC:
        return a->u.sync.grid == b->u.sync.grid && a->u.sync.tile == b->u.sync.tile &&
               a->u.sync.unordered == b->u.sync.unordered &&
               optional_expr_equal(a->u.sync.into, b->u.sync.into);
    case S_OPAQUE:
        return true;
    case S_IF:
        return expr_equal(a->u.if_.cond, b->u.if_.cond) &&
               block_equal(&a->u.if_.then, &b->u.if_.then) &&
               block_equal(&a->u.if_.els, &b->u.if_.els);
    case S_LOOP:
        return expr_equal(a->u.loop.var, b->u.loop.var) &&
               expr_equal(a->u.loop.init, b->u.loop.init) && a->u.loop.cmp == b->u.loop.cmp &&
               expr_equal(a->u.loop.bound, b->u.loop.bound) &&
               a->u.loop.step == b->u.loop.step &&
               expr_equal(a->u.loop.amount, b->u.loop.amount) &&
               block_equal(&a->u.loop.body, &b->u.loop.body);
    case S_LET:
        return expr_equal(a->u.let.var, b->u.let.var) &&
               expr_equal(a->u.let.value, b->u.let.value);
    case S_LOCAL:
        return expr_equal(a->u.local.var, b->u.local.var) && a->u.local.group == b->u.local.group &&
               a->u.local.tile == b->u.local.tile;
    case S_ASSUME:
        return expr_equal(a->u.assume.cond, b->u.assume.cond);
    }
    return false;
}

bool block_equal(const Block *a, const Block *b)
{
    if (a->n != b->n)
        return false;
    for (int i = 0; i < a->n; i++)
        if (!stmt_equal(a->items[i], b->items[i]))
            return false;
    return true;
}

static bool array_equal(const ArrayDecl *a, const ArrayDecl *b)
{
    return expr_equal(a->name, b->name) && a->mem == b->mem &&
           same_name(a->elem_type, b->elem_type) && a->ndims == b->ndims &&
           a->dims_from_use == b->dims_from_use &&
           (a->dims_from_use || exprs_equal(a->sizes, b->sizes, a->ndims)) &&
           optional_expr_equal(a->width, b->width) && a->fact == b->fact &&
           optional_expr_equal(a->fact_len, b->fact_len);
}

bool kernel_equal(const Kernel *a, const Kernel *b)
{
    if (a->implicit != b->implicit || (!a->implicit && !same_name(a->name, b->name)))
        return false;
    if (a->narrays != b->narrays || a->nvars != b->nvars)
        return false;
    for (int i = 0; i < a->narrays; i++)
        if (!array_equal(&a->arrays[i], &b->arrays[i]))
            return false;
    for (int i = 0; i < a->nvars; i++)
        if (a->vars[i].scope != b->vars[i].scope ||
            !expr_equal(a->vars[i].name, b->vars[i].name))
            return false;
    return block_equal(&a->body, &b->body);
}

bool program_equal(const Program *a, const Program *b)
{
    if (a->nkernels != b->nkernels)
        return false;
    for (int i = 0; i < a->nkernels; i++)
        if (!kernel_equal(a->kernels[i], b->kernels[i]))
            return false;
    return true;
}
