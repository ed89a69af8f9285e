/* The launch bound that in-bounds accesses imply (docs/inference.md): a
 * kernel that every thread enters with `tile[threadIdx.x]` on a 16-cell
 * tile is only an execution without out-of-bounds accesses when
 * blockDim.x <= 16.  The bound is stated among the verdict's assumptions
 * (FROM_ARRAY_BOUNDS), never taken silently. */
#include "check.h"

/* x is threadIdx.<axis> + c (through lets), c >= 0 a constant. */
static bool thread_offset(const Expr *x, int *axis, int64_t *c, int depth)
{
    if (depth > 16)
        return false;
    int64_t k;
    if (x->kind == E_VAR && x->u.var.sym) {
        const Sym *s = x->u.var.sym;
        if (s->builtin == BI_THREADIDX) {
            *axis = s->axis;
            *c = 0;
            return true;
        }
        return s->kind == SYM_LET && s->def && thread_offset(s->def->u.let.value, axis, c, depth + 1);
    }
    if (x->kind == E_BINARY && x->op == OP_ADD) {
        if (expr_constant(x->u.sub.b, &k) && k >= 0 && thread_offset(x->u.sub.a, axis, c, depth + 1)) {
            *c += k;
            return true;
        }
        if (expr_constant(x->u.sub.a, &k) && k >= 0 && thread_offset(x->u.sub.b, axis, c, depth + 1)) {
            *c += k;
            return true;
        }
    }
    return false;
}

/* The tightest bound per axis, from the accesses every thread makes (the
 * kernel body's own statements, not those under a branch or a loop). */
void launch_array_bounds(const Kernel *k, Launch *l)
{
    int64_t best[3] = {0, 0, 0};
    Loc where[3] = {{0}, {0}, {0}};
    for (int i = 0; i < k->body.n; i++) {
        const Stmt *st = k->body.items[i];
        if (st->kind != S_ACCESS || !st->u.access.array->u.var.sym)
            continue;
        const ArrayDecl *a = st->u.access.array->u.var.sym->array;
        for (int d = 0; a && a->sizes && d < st->u.access.nindex && d < a->ndims; d++) {
            int64_t size, c;
            int axis;
            if (!a->sizes[d] || !expr_constant(a->sizes[d], &size) || size <= 0 ||
                !thread_offset(st->u.access.index[d], &axis, &c, 0) || axis < 0 || axis > 2)
                continue;
            int64_t bound = size - c; /* threadIdx + c < size for every thread */
            if (bound >= 1 && (!best[axis] || bound < best[axis])) {
                best[axis] = bound;
                where[axis] = st->loc;
            }
        }
    }
    for (int axis = 0; axis < 3; axis++)
        if (best[axis] && !launch_knows(l, true, axis)) { /* a size given says more */
            LaunchFact f = {.kind = LF_DIM_AT_MOST, .value = best[axis], .axis = axis,
                            .from = {FROM_ARRAY_BOUNDS, where[axis]}};
            launch_add_fact(l, f);
        }
}
