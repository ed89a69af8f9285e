/* memcpy, memmove and memset in device code (docs/inference.md,
 * "memcpy and memset"): ranges of accesses.  `memcpy(d, s, bytes)` reads
 * the cells of s and then writes those of d that the bytes cover,
 * `memset(d, v, bytes)` writes them:
 *
 *     foreach (k in 0 .. (bytes + 3) / 4) { rd s[i + k]; }
 *
 * for cells of 4 bytes.  Through a narrower view (a `char *` into an int
 * array) the loop runs over its elements, each in cell (i + k) / 4.  A
 * byte count the protocol cannot follow is an unknown
 * (any number of cells); a pointer it does not track is `opaque`; the
 * thread's own memory is left out.
 *
 * Ownership: expressions live in the Program's arena. */
#include "memops.h"

#include "expr.h"
#include "models.h"

#include <string.h>

static bool is_one_of(const char *name, const char *const *list)
{
    for (int i = 0; list[i]; i++)
        if (strcmp(name, list[i]) == 0)
            return true;
    return false;
}

Expr *emit_count_loop(Infer *in, Expr *count, BlockMark *m, Loc loc)
{
    Stmt *l = stmt_new(in->prog, S_LOOP, loc);
    l->u.loop.init = num_expr(in, 0, loc);
    l->u.loop.bound = count;
    l->u.loop.amount = num_expr(in, 1, loc);
    l->u.loop.cmp = OP_LT;
    l->u.loop.step = STEP_ADD;
    emit(in, l);
    block_enter(in, &l->u.loop.body, m);
    const char *name = fresh_name(in, "k", true);
    l->u.loop.var = var_expr(in, name, loc);
    if (expr_varies(in, count))
        name_mark_varying(in, name);
    return var_expr(in, name, loc);
}

/* The cells that `bytes` bytes from the pointer cover, as the range
 * first .. first + count - 1 of the pointer's last index, which counts
 * elements of `unit` bytes in cells of `cell` bytes: for a narrower view
 * (unit < cell) each element is in cell index / (cell / unit). */
static void emit_range(Infer *in, AccessMode mode, const Value *p, Expr *bytes, long long unit, long long cell, Loc loc)
{
    int n = p->nidx;
    Expr *count = !bytes ? emit_local(in, "count", loc)
                  : bytes->kind == E_NUM ? num_expr(in, ((int64_t)bytes->u.num + unit - 1) / unit, loc)
                  : unit == 1 ? bytes
                  : mk_binary(in, OP_DIV, mk_binary(in, OP_ADD, bytes, num_expr(in, unit - 1, loc)), num_expr(in, unit, loc));
    Expr **at = arena_alloc(&in->prog->arena, (size_t)n * sizeof *at);
    memcpy(at, p->idx, (size_t)n * sizeof *at);
    BlockMark m;
    Expr *k = count->kind == E_NUM && count->u.num == 1 ? NULL : emit_count_loop(in, count, &m, loc);
    Expr *e = k ? mk_binary(in, OP_ADD, p->idx[n - 1], k) : p->idx[n - 1];
    at[n - 1] = unit < cell ? mk_binary(in, OP_DIV, e, num_expr(in, cell / unit, loc)) : e;
    emit_access(in, mode, p->arr, at, n, loc);
    if (k)
        block_leave(in, &m);
}

void memops_range(Infer *in, const char *name, CXCursor call, Value p, Expr *bytes, AccessMode mode, Loc loc)
{
    if (p.kind == V_PRIVATE)
        return;
    if (p.kind != V_PTR || (p.nidx > 0 && p.nidx < p.arr->ndims)) {
        opaque_at(in, call, "'%s' through a pointer the protocol does not track is not followed", name);
        return;
    }
    if (p.nidx == 0) { /* a shared scalar: its one cell */
        emit_access(in, mode, p.arr, NULL, 0, loc);
        return;
    }
    long long cell = p.cell ? p.cell : array_cell_bytes(p.arr);
    long long unit = p.unit ? p.unit : cell;
    if (cell <= 0 || unit <= 0) {
        opaque_at(in, call, "'%s' on '%s', whose element size is unknown, is not followed", name, p.arr->name);
        return;
    }
    /* in a multi-dimensional array the bytes may run past the row into the
     * next ones (`memset(M[r], 0, (W + 1) * sizeof(int))`): a byte access of
     * the whole array (docs/inference.md, "Byte views"); so may a flat view
     * of a struct's member into the members after it */
    if ((p.arr->ndims >= 2 || p.flat) && emit_byte_access(in, mode, p.arr, p.idx, p.nidx, p.unit, cell, bytes, loc))
        return;
    if (unit > cell) { /* a wider view: its elements cover unit / cell cells each */
        Expr **idx = arena_alloc(&in->prog->arena, (size_t)p.nidx * sizeof *idx);
        memcpy(idx, p.idx, (size_t)p.nidx * sizeof *idx);
        idx[p.nidx - 1] = mk_binary(in, OP_MUL, idx[p.nidx - 1], num_expr(in, unit / cell, loc));
        p.idx = idx;
        unit = cell;
    }
    emit_range(in, mode, &p, bytes, unit, cell, loc);
}

/* memcpy, memmove, memset: the ranges of cells they read and write;
 * false when the name is none of them. */
bool memops_call(Infer *in, const Call *c, Value *out)
{
    (void)out;
    const char *name = c->name;
    CXCursor call = c->cursor;
    const CXCursor *args = c->args;
    int nargs = c->nargs;
    Loc loc = c->loc;
    static const char *const copies[] = {"memcpy", "memmove", "__builtin_memcpy", "__builtin_memmove", NULL};
    static const char *const sets[] = {"memset", "__builtin_memset", NULL};
    bool copy = is_one_of(name, copies), set = is_one_of(name, sets);
    if ((!copy && !set) || nargs != 3)
        return false;
    if (set)
        tr_effects(in, args[1]);
    int64_t size;
    Expr *bytes = eval_int(args[2], &size) ? num_expr(in, size, loc) : tr_int(in, args[2]);
    if (copy)
        memops_range(in, name, call, tr_value(in, args[1]), bytes, ACC_RD, loc);
    memops_range(in, name, call, tr_value(in, args[0]), bytes, ACC_WR, loc);
    return true;
}
