/* OpenCL C's built-in functions as a model (docs/inference.md, "OpenCL
 * C"): what they read, write and synchronise.  The facts of OpenCL's
 * declarations (kernels, address spaces) are its dialect's
 * (dialect_opencl.c); the rest of the translation is CUDA's.
 *
 * - work-item functions: get_local_id is threadIdx, get_group_id blockIdx,
 *   get_local_size blockDim, get_num_groups gridDim; get_global_id(d) is
 *   get_group_id(d) * get_local_size(d) + get_local_id(d) +
 *   get_global_offset(d), the offset a uniform of its own (the host may pass
 *   any offset; it is the same for every work-item).  Work-groups are
 *   uniform (OpenCL 1.2: the global size is a multiple of the local size).
 * - barriers: barrier(flags) and work_group_barrier(flags[, scope]) order
 *   the spaces their fence flags name (OpenCL 1.2 s6.12.8), and none when
 *   the scope is narrower than the work-group's; mem_fence and
 *   its read/write forms order one work-item's own accesses only: no
 *   barrier, with a warning; sub_group_barrier is opaque (the sub-group
 *   size is the device's) unless the kernel states the size
 *   (intel_reqd_sub_group_size(N): `sync tile(N);`).
 * - atomics: atomic_* and atom_* (1.1, 1.2), and the 2.0 functions on
 *   atomic types (atomic_fetch_add_explicit, ...), at work-group scope on
 *   __local memory; an add's, inc's, sub's or dec's old value is a ticket.
 * - copies: vloadN/vstoreN (and the _half forms) are ranges of N cells;
 *   async_work_group_copy and the strided form are performed by the whole
 *   work-group, which hands each element to one work-item of its choosing:
 *   the protocol gives the copy to one work-item `copier`, a uniform
 *   unknown, so that every other work-item races with it; every work-item
 *   must reach the copy (`sync exec;` before it).  wait_group_events is a
 *   barrier of the group over the spaces the copies reached, with a
 *   warning: OpenCL orders only the copies, the protocol every access.
 * - images: read_image* on a read_only image never races (no kernel writes
 *   it); on a read_write one (2.0) it reads the image's cell, as
 *   write_image* writes it at its coordinates.  Only CLK_IMAGE_MEM_FENCE
 *   orders a read_write image's accesses (2.0 s6.13.8), so where the kernel
 *   has one a barrier without it leaves global memory unordered.
 *
 * Ownership: expressions live in the Program's arena. */
#include "models.h"

#include "atomic.h"
#include "call.h"
#include "env.h"
#include "expr.h"
#include "kernel.h"
#include "memops.h"
#include "warp.h"
#include "assigned.h"
#include "fence.h"
#include "tile.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The fence flags of <opencl-c-base.h>. */
enum { CLK_LOCAL = 1, CLK_GLOBAL = 2, CLK_IMAGE = 4 };

static CXCursor vector_operands(Infer *in, CXCursor e, int n);

/* The model's state for a kernel (its slot). */
/* An event variable, or a cell of an array of them with a constant index
 * (`e`, `ev[1]`), and the group of copies its event stands for. */
typedef struct EventVar {
    CXCursor var;
    long idx; /* -1: the variable itself */
    int group;
} EventVar;

/* An async copy no wait has completed yet: what it reads and writes, kept
 * to be performed again in each barrier interval until the wait for its
 * event (it may run at any time until then). */
typedef struct InFlight {
    int group; /* its event's; -1: not followed, any wait completes it */
    const char *name;
    CXCursor call, ptrs[2];
    Value dst, src;
    Expr *count, *stride;
    bool strided_src;
    Block *scope; /* where it was started: its names are in scope there */
} InFlight;

enum { MAX_EVENTS = 32 };

typedef struct OpenCL {
    Expr *offset[3]; /* get_global_offset(d), made at first use */
    Expr *work_dim;  /* get_work_dim() */
    unsigned copied; /* 1 << MemSpace of the arrays async copies reached since the last wait */
    EventVar vars[MAX_EVENTS];
    int nvars, ngroups;
    InFlight flying[MAX_EVENTS];
    int nflying;
} OpenCL;

static OpenCL *state(Infer *in)
{
    return model_slot(in, &model_opencl);
}

/* ---- work-item functions ---- */

static Expr *builtin(Infer *in, const char *group, int axis, Loc loc)
{
    char name[32];
    snprintf(name, sizeof name, "%s.%c", group, "xyz"[axis]);
    return var_expr(in, program_intern(in->prog, name, strlen(name)), loc);
}

/* get_global_offset(axis): one uniform per axis, made at first use. */
static Expr *global_offset(Infer *in, int axis, Loc loc)
{
    if (!state(in)->offset[axis]) {
        char name[32];
        snprintf(name, sizeof name, "global_offset_%c", "xyz"[axis]);
        state(in)->offset[axis] = fresh_uniform(in, name, loc);
    }
    return var_expr(in, state(in)->offset[axis]->u.var.name, loc);
}

typedef enum { WI_LOCAL_ID, WI_GROUP_ID, WI_LOCAL_SIZE, WI_NUM_GROUPS, WI_GLOBAL_ID, WI_GLOBAL_SIZE, WI_OFFSET } WorkItem;

/* The value of a work-item function on a known axis. */
static Expr *work_item_axis(Infer *in, WorkItem w, int axis, Loc loc)
{
    switch (w) {
    case WI_LOCAL_ID:
        return builtin(in, "threadIdx", axis, loc);
    case WI_GROUP_ID:
        return builtin(in, "blockIdx", axis, loc);
    case WI_LOCAL_SIZE:
        return builtin(in, "blockDim", axis, loc);
    case WI_NUM_GROUPS:
        return builtin(in, "gridDim", axis, loc);
    case WI_GLOBAL_ID:
        return mk_binary(in, OP_ADD,
                         mk_binary(in, OP_ADD,
                                   mk_binary(in, OP_MUL, builtin(in, "blockIdx", axis, loc),
                                             builtin(in, "blockDim", axis, loc)),
                                   builtin(in, "threadIdx", axis, loc)),
                         global_offset(in, axis, loc));
    case WI_GLOBAL_SIZE:
        return mk_binary(in, OP_MUL, builtin(in, "gridDim", axis, loc), builtin(in, "blockDim", axis, loc));
    case WI_OFFSET:
        return global_offset(in, axis, loc);
    }
    return NULL;
}

static const struct {
    const char *name;
    WorkItem what;
} work_items[] = {
    {"get_local_id", WI_LOCAL_ID},       {"get_group_id", WI_GROUP_ID},
    {"get_local_size", WI_LOCAL_SIZE},   {"get_enqueued_local_size", WI_LOCAL_SIZE},
    {"get_num_groups", WI_NUM_GROUPS},   {"get_global_id", WI_GLOBAL_ID},
    {"get_global_size", WI_GLOBAL_SIZE}, {"get_global_offset", WI_OFFSET},
};

/* Outside dimensions 0..2 the ids are 0 and the sizes 1 (OpenCL 1.2
 * s6.12.1); an axis the protocol cannot fix is chosen by conditions. */
static bool work_item_call(Infer *in, const char *name, CXCursor *args, int nargs, Loc loc, Value *out)
{
    size_t i = 0, n = sizeof work_items / sizeof work_items[0];
    while (i < n && strcmp(name, work_items[i].name) != 0)
        i++;
    if (i == n || nargs != 1)
        return false;
    WorkItem w = work_items[i].what;
    int64_t outside = w == WI_LOCAL_SIZE || w == WI_NUM_GROUPS || w == WI_GLOBAL_SIZE ? 1 : 0;
    int64_t axis;
    if (eval_int(args[0], &axis)) {
        *out = value_int(axis >= 0 && axis < 3 ? work_item_axis(in, w, (int)axis, loc) : num_expr(in, outside, loc));
        return true;
    }
    Expr *d = tr_int(in, args[0]);
    if (!d) {
        *out = value_int(emit_local(in, name, loc));
        return true;
    }
    Expr *e = num_expr(in, outside, loc);
    for (int a = 2; a >= 0; a--)
        e = mk_cond(in, mk_binary(in, OP_EQ, d, num_expr(in, a, loc)), work_item_axis(in, w, a, loc), e);
    *out = value_int(e);
    return true;
}

/* get_work_dim(): a uniform between 1 and 3, made at first use. */
static Expr *work_dim(Infer *in, Loc loc)
{
    if (!state(in)->work_dim) {
        state(in)->work_dim = fresh_uniform(in, "work_dim", loc);
        Expr *w = var_expr(in, state(in)->work_dim->u.var.name, loc);
        emit_assume(in, mk_and(in, mk_binary(in, OP_GE, w, num_expr(in, 1, loc)),
                                mk_binary(in, OP_LE, w, num_expr(in, 3, loc))), loc);
    }
    return var_expr(in, state(in)->work_dim->u.var.name, loc);
}

/* get_global_linear_id(): the global id without the offset, counted
 * x fastest (OpenCL 2.0 s6.13.1). */
static Expr *global_linear_id(Infer *in, Loc loc)
{
    Expr *e = NULL;
    for (int a = 2; a >= 0; a--) {
        Expr *id = mk_binary(in, OP_ADD, mk_binary(in, OP_MUL, builtin(in, "blockIdx", a, loc), builtin(in, "blockDim", a, loc)),
                             builtin(in, "threadIdx", a, loc));
        e = e ? mk_binary(in, OP_ADD, id, mk_binary(in, OP_MUL, work_item_axis(in, WI_GLOBAL_SIZE, a, loc), e)) : id;
    }
    return e;
}

/* ---- barriers and fences ---- */

/* The memory_scope argument of an _explicit function, if it has one: the
 * last, of enum type memory_scope. */
static bool explicit_scope(CXCursor *args, int nargs, int64_t *scope)
{
    if (nargs < 2)
        return false;
    CXString t = clang_getTypeSpelling(clang_getCursorType(args[nargs - 1]));
    bool is_scope = strstr(clang_getCString(t), "memory_scope") != NULL;
    clang_disposeString(t);
    return is_scope && eval_int(args[nargs - 1], scope);
}

/* OpenCL 2.0's memory_scope_work_item (0) and memory_scope_sub_group (4)
 * are narrower than any scope the protocol has. */
enum { MEMORY_SCOPE_WORK_ITEM = 0, MEMORY_SCOPE_WORK_GROUP = 1, MEMORY_SCOPE_DEVICE = 2, MEMORY_SCOPE_ALL = 3,
       MEMORY_SCOPE_SUB_GROUP = 4 };

/* work_group_barrier(flags, scope) (2.0 s6.13.8): the fence makes the
 * accesses visible within the scope only, so memory_scope_work_item or
 * memory_scope_sub_group order nothing between the work-group's sub-groups;
 * a scope the protocol cannot read may be one of them.  No scope is the
 * work-group's. */
static bool fence_spans_group(CXCursor *args, int nargs)
{
    if (nargs < 2)
        return true;
    int64_t scope;
    return explicit_scope(args, nargs, &scope) && scope != MEMORY_SCOPE_WORK_ITEM &&
           scope != MEMORY_SCOPE_SUB_GROUP;
}

/* `read_write image2d_t img` (2.0): an image the kernel may both read and
 * write; the qualifier is part of the parameter's type. */
static bool is_read_write_image(CXType t)
{
    CXString s = clang_getTypeSpelling(t);
    bool rw = strstr(clang_getCString(s), "read_write") != NULL && strstr(clang_getCString(s), "image") != NULL;
    clang_disposeString(s);
    return rw;
}

static bool has_read_write_image(Infer *in)
{
    int n = clang_Cursor_getNumArguments(in->kernel_fn);
    for (int i = 0; i < n; i++)
        if (is_read_write_image(clang_getCursorType(clang_Cursor_getArgument(in->kernel_fn, i))))
            return true;
    return false;
}

/* The spaces a barrier orders, from its fence flags (OpenCL 1.2 s6.12.8:
 * the barrier "queues a memory fence" for the named spaces only); flags the
 * protocol cannot read order nothing (`sync exec;`, a barrier still), with a
 * warning, so that no race hides behind them.  CLK_IMAGE_MEM_FENCE orders
 * the images, which are global arrays here: a barrier naming only it is
 * read as ordering no memory, which can only add alarms. */
static void cl_barrier(Infer *in, const char *name, CXCursor call, CXCursor *args, int nargs, Loc loc)
{
    int64_t flags = CLK_LOCAL | CLK_GLOBAL;
    if (nargs >= 1 && !eval_int(args[0], &flags)) {
        tr_effects(in, args[0]);
        warn_at(in, call, "the fence flags of '%s' are not a constant: the barrier is read as ordering no "
                          "memory (sync exec)", name);
        flags = 0;
    }
    for (int i = 1; i < nargs; i++)
        tr_effects(in, args[i]);
    if ((flags & CLK_GLOBAL) && !(flags & CLK_IMAGE) && has_read_write_image(in)) {
        warn_at(in, call, "'%s' names no CLK_IMAGE_MEM_FENCE: the kernel's read_write images, global arrays "
                          "here, are read as not ordered, and so is global memory", name);
        flags &= ~(int64_t)CLK_GLOBAL;
    }
    if (!fence_spans_group(args, nargs)) {
        warn_at(in, call, "the memory scope of '%s' is not the work-group's or wider: the barrier is read as "
                          "ordering no memory (sync exec)", name);
        flags = 0;
    }
    emit_sync(in, loc, false);
    unsigned unordered = ((flags & CLK_LOCAL) ? 0u : UNORDERED_SHARED) | ((flags & CLK_GLOBAL) ? 0u : UNORDERED_GLOBAL);
    in->out->items[in->out->n - 1]->u.sync.unordered = (uint8_t)unordered;
}

/* sub_group_barrier(flags[, scope]) orders the work-items of one sub-group,
 * whose size is the device's: `opaque;` with a warning, unless the kernel
 * states the size (intel_reqd_sub_group_size(N), N a tile size) and the
 * flags name both spaces, where it is `sync tile(N);` under the stated
 * assumption that sub-groups are runs of N work-items in linear local id
 * order.  A tile's sync orders both spaces, so narrower flags stay
 * opaque. */
static void cl_sub_group_barrier(Infer *in, CXCursor call, CXCursor *args, int nargs, Loc loc)
{
    int64_t flags = -1;
    if (nargs >= 1 && !eval_int(args[0], &flags))
        flags = -1;
    for (int i = 0; i < nargs; i++)
        tr_effects(in, args[i]);
    int n = opencl_required_sub_group(in->kernel_fn);
    bool both = flags >= 0 && (flags & (CLK_LOCAL | CLK_GLOBAL)) == (CLK_LOCAL | CLK_GLOBAL);
    if (!n || !tile_size_ok(n) || !both) {
        not_followed(in, call, !n ? "sub_group_barrier (the sub-group size is the device's: the kernel states "
                                    "none with intel_reqd_sub_group_size)"
                               : !tile_size_ok(n) ? "sub_group_barrier (the stated sub-group size is no tile size: "
                                                    "a power of two up to 32)"
                                                  : "sub_group_barrier whose fence flags do not name both "
                                                    "__local and __global memory (a tile's sync orders both)");
        return;
    }
    warn_at(in, call, "sub_group_barrier is read as `sync tile(%d);`: sub-groups are assumed to be runs of %d "
                      "work-items in linear local id order", n, n);
    emit_sync(in, loc, false);
    in->out->items[in->out->n - 1]->u.sync.tile = n;
}

static bool is_fence(const char *name)
{
    return strcmp(name, "mem_fence") == 0 || strcmp(name, "read_mem_fence") == 0 ||
           strcmp(name, "write_mem_fence") == 0 || strcmp(name, "atomic_work_item_fence") == 0;
}

/* OpenCL 2.0's work-group functions (work_group_reduce_add, _broadcast,
 * _scan_*, _all, _any) must be reached by every work-item of the group,
 * and order no memory: `sync exec;`.  A reduction's, a broadcast's, all's
 * and any's value is the same in every work-item of the group (`local x
 * uniform block;`: a barrier under `if (work_group_any(c))` is reached by
 * all or none); a scan's is each work-item's own.  The sub-group forms are
 * the device's sub-groups: their value is an unknown, and a warning says
 * that who must reach them is not checked. */
static void cl_collective(Infer *in, const char *name, CXCursor call, CXCursor *args, int nargs, Loc loc,
                          Value *out)
{
    for (int i = 0; i < nargs; i++)
        tr_effects(in, args[i]);
    if (strncmp(name, "work_group_", 11) == 0) {
        emit_sync(in, loc, false);
        in->out->items[in->out->n - 1]->u.sync.unordered = UNORDERED_ALL;
        if (strncmp(name + 11, "scan_", 5) != 0) {
            *out = value_int(emit_block_unknown(in, name + 11, loc));
            return;
        }
    } else {
        warn_at(in, call, "'%s' must be reached by every work-item of a sub-group, whose size is the device's: "
                          "that is not checked", name);
    }
    *out = value_int(emit_local(in, name, loc));
}

static bool is_collective(const char *name)
{
    static const char *const kinds[] = {"reduce_", "scan_", "broadcast", "all", "any", NULL};
    const char *rest = strncmp(name, "work_group_", 11) == 0 ? name + 11
                       : strncmp(name, "sub_group_", 10) == 0 ? name + 10
                                                              : NULL;
    for (int i = 0; rest && kinds[i]; i++)
        if (strncmp(rest, kinds[i], strlen(kinds[i])) == 0 &&
            (kinds[i][strlen(kinds[i]) - 1] == '_' || rest[strlen(kinds[i])] == '\0'))
            return true;
    return false;
}

/* ---- atomics ---- */

/* The operation of atomic_add, atom_add, atomic_fetch_add_explicit:
 * "add"; NULL when name is not an atomic function. */
static const char *atomic_operation(const char *name, char *buf, size_t n)
{
    const char *op = starts_with(name, "atomic_fetch_") ? name + 13
                     : starts_with(name, "atomic_") ? name + 7
                     : starts_with(name, "atom_") ? name + 5
                                                  : NULL;
    if (!op)
        return NULL;
    snprintf(buf, n, "%s", op);
    size_t len = strlen(buf);
    if (len > 9 && strcmp(buf + len - 9, "_explicit") == 0)
        buf[len - 9] = '\0';
    static const char *const ops[] = {"add", "sub", "xchg", "inc", "dec", "cmpxchg", "min", "max", "and", "or", "xor",
                                      "init", "store", "load", "exchange", "compare_exchange_strong",
                                      "compare_exchange_weak", "flag_test_and_set", "flag_clear", NULL};
    for (int i = 0; ops[i]; i++)
        if (strcmp(buf, ops[i]) == 0)
            return buf;
    return NULL;
}

/* The integer an atomic object holds (`atomic_int` is _Atomic(int)). */
static bool counts_integers(CXType pointer)
{
    CXType t = clang_getCanonicalType(clang_getPointeeType(clang_getCanonicalType(pointer)));
    if (t.kind == CXType_Atomic)
        t = clang_getCanonicalType(clang_Type_getValueType(t));
    return type_is_integral(t);
}

static bool cl_atomic(Infer *in, const char *name, CXCursor call, CXCursor *args, int nargs, Loc loc, Value *out)
{
    char buf[64];
    const char *op = atomic_operation(name, buf, sizeof buf);
    if (!op)
        return false;
    *out = value_none();
    if (nargs < 1)
        return true;
    Array *arr;
    Expr **idx;
    int n;
    CellKind cell = pointer_cell(in, args[0], &arr, &idx, &n);
    bool up = strcmp(op, "add") == 0 || strcmp(op, "inc") == 0;
    bool down = strcmp(op, "sub") == 0 || strcmp(op, "dec") == 0;
    bool unit = strcmp(op, "inc") == 0 || strcmp(op, "dec") == 0;
    bool counter = (up || down) && counts_integers(clang_getCursorType(args[0]));
    AtomicOp a = {name, call, loc, SCOPE_DEVICE, up ? 1 : down ? -1 : 0, NULL, ORDER_UNSAID, !strcmp(op, "load")};
    int64_t scope = MEMORY_SCOPE_DEVICE;
    bool scoped = str_ends_with(name, "_explicit") && explicit_scope(args, nargs, &scope);
    if (cell == CELL_TRACKED && arr->mem == MEM_SHARED)
        a.scope = SCOPE_BLOCK; /* __local memory is the work-group's */
    else if (scoped && scope == MEMORY_SCOPE_WORK_GROUP)
        a.scope = SCOPE_BLOCK;
    else if (scoped && scope == MEMORY_SCOPE_ALL)
        a.scope = SCOPE_SYSTEM;
    for (int i = 1; i < nargs; i++)
        if (i > 1 || unit || !counter)
            tr_effects(in, args[i]);
    if (counter)
        a.amount = atomic_amount(in, nargs > 1 && !unit ? args[1] : clang_getNullCursor(), true, loc);
    if (strcmp(op, "init") == 0 || (scoped && (scope == MEMORY_SCOPE_WORK_ITEM || scope == MEMORY_SCOPE_SUB_GROUP))) {
        /* atomic_init is a plain store; a narrower scope is atomic only
         * between work-items the protocol cannot single out */
        if (strcmp(op, "init") != 0)
            warn_at(in, call, "'%s' at a work-item or sub-group scope is read as a plain read and write", name);
        if (cell == CELL_UNTRACKED)
            opaque_at(in, call, "'%s' through a pointer the protocol does not track is not followed", name);
        if (cell == CELL_TRACKED) {
            if (strcmp(op, "init") != 0)
                emit_access(in, ACC_RD, arr, idx, n, loc);
            emit_access(in, ACC_WR, arr, idx, n, loc);
        }
        return true;
    }
    *out = emit_atomic_at(in, &a, cell, arr, idx, n);
    if (starts_with(op, "compare_exchange") && nargs > 1) { /* a failure writes *expected */
        Array *earr;
        Expr **eidx;
        int en;
        if (pointer_cell(in, args[1], &earr, &eidx, &en) == CELL_TRACKED)
            emit_access(in, ACC_WR, earr, eidx, en, loc);
    }
    return true;
}

/* ---- vector loads and stores ---- */

/* vload4 -> 4 elements, the pointer argument 1; vstore_half2 -> 2, 2;
 * vload_half -> 1.  vloada_half3 and vstorea_half3 step by 4 (OpenCL 1.2
 * s6.12.7). */
static bool vector_copy(const char *name, int *count, int *step, int *ptr, bool *store)
{
    bool load = starts_with(name, "vload"), st = starts_with(name, "vstore");
    if (!load && !st)
        return false;
    const char *rest = name + (load ? 5 : 6);
    bool aligned = *rest == 'a';
    if (aligned)
        rest++;
    if (starts_with(rest, "_half"))
        rest += 5;
    else if (aligned)
        return false;
    int n = 0;
    while (*rest >= '0' && *rest <= '9')
        n = n * 10 + (*rest++ - '0');
    if (n == 0)
        n = 1;
    if (n != 1 && n != 2 && n != 3 && n != 4 && n != 8 && n != 16)
        return false;
    if (*rest && !starts_with(rest, "_rt")) /* vstore_half_rte: a rounding mode */
        return false;
    *count = n;
    *step = aligned && n == 3 ? 4 : n;
    *ptr = load ? 1 : 2;
    *store = st;
    return true;
}

/* Moves pointer p by k of its elements. */
static Value moved(Infer *in, Value p, Expr *k)
{
    if (p.kind != V_PTR || p.nidx == 0)
        return p;
    Expr **idx = arena_alloc(&in->prog->arena, (size_t)p.nidx * sizeof *idx);
    memcpy(idx, p.idx, (size_t)p.nidx * sizeof *idx);
    idx[p.nidx - 1] = mk_binary(in, OP_ADD, idx[p.nidx - 1], k);
    p.idx = idx;
    return p;
}

/* The bytes of count elements of what pointer argument ptr points to;
 * NULL when its size is unknown. */
static Expr *elements_bytes(Infer *in, CXCursor ptr, Expr *count, Loc loc)
{
    CXType t = clang_getCanonicalType(clang_getCursorType(ptr));
    long long size = t.kind == CXType_Pointer ? clang_Type_getSizeOf(clang_getPointeeType(t)) : -1;
    if (size <= 0 || !count)
        return NULL;
    return mk_binary(in, OP_MUL, count, num_expr(in, size, loc));
}

static bool cl_vector_copy(Infer *in, const char *name, CXCursor call, CXCursor *args, int nargs, Loc loc)
{
    int count, step, ptr;
    bool store;
    if (!vector_copy(name, &count, &step, &ptr, &store) || nargs != ptr + 1)
        return false;
    if (store)
        tr_effects(in, args[0]);
    Expr *offset = tr_index(in, args[ptr - 1]);
    Value p = moved(in, tr_value(in, args[ptr]), mk_binary(in, OP_MUL, offset, num_expr(in, step, loc)));
    Expr *bytes = elements_bytes(in, args[ptr], num_expr(in, count, loc), loc);
    memops_range(in, name, call, p, bytes, store ? ACC_WR : ACC_RD, loc);
    return true;
}

/* ---- asynchronous copies between __global and __local ---- */

/* The strided side of a copy: `foreach (k in 0 .. count) { rd p[i + k *
 * stride]; }`.  Through a view of another element size, the range of
 * count * stride elements (more cells than it touches). */
static void strided_access(Infer *in, const char *name, CXCursor call, CXCursor ptr, Value p, Expr *count,
                           Expr *stride, AccessMode mode, Loc loc)
{
    if (p.kind != V_PTR || p.nidx == 0 || p.unit || p.cell) {
        memops_range(in, name, call, p, elements_bytes(in, ptr, mk_binary(in, OP_MUL, count, stride), loc), mode, loc);
        return;
    }
    BlockMark m;
    Expr *k = emit_count_loop(in, count, &m, loc);
    if (expr_varies(in, stride))
        name_mark_varying(in, k->u.var.name);
    emit_access(in, mode, p.arr, moved(in, p, mk_binary(in, OP_MUL, k, stride)).idx, p.nidx, loc);
    block_leave(in, &m);
}

/* The copy's reads and writes, by the work-item `copier`. */
static void copier_accesses(Infer *in, const InFlight *f, Expr *copier, Loc loc)
{
    BlockMark m;
    emit_if_enter(in, mk_binary(in, OP_EQ, linear_tid(in, loc), copier), &m, loc);
    if (f->stride && f->strided_src)
        strided_access(in, f->name, f->call, f->ptrs[1], f->src, f->count, f->stride, ACC_RD, loc);
    else
        memops_range(in, f->name, f->call, f->src, elements_bytes(in, f->ptrs[1], f->count, loc), ACC_RD, loc);
    if (f->stride && !f->strided_src)
        strided_access(in, f->name, f->call, f->ptrs[0], f->dst, f->count, f->stride, ACC_WR, loc);
    else
        memops_range(in, f->name, f->call, f->dst, elements_bytes(in, f->ptrs[0], f->count, loc), ACC_WR, loc);
    block_leave(in, &m);
}

/* Every work-item of the group must reach the copy (OpenCL 1.2 s6.12.10):
 * a `sync exec;` (orders no memory) says so, so that a copy under a
 * condition the group disagrees on is barrier divergence.  Then one
 * work-item of the group, unknown, performs it: a uniform `copier` below
 * the group's size. */
static void copy_by_one(Infer *in, const char *name, CXCursor call, CXCursor *args, Expr *count, Expr *stride,
                        bool strided_src, Loc loc)
{
    emit_sync(in, loc, false);
    in->out->items[in->out->n - 1]->u.sync.unordered = UNORDERED_ALL;
    Expr *copier = fresh_uniform(in, "copier", loc);
    Expr *size = mk_binary(in, OP_MUL,
                           mk_binary(in, OP_MUL, builtin(in, "blockDim", 0, loc), builtin(in, "blockDim", 1, loc)),
                           builtin(in, "blockDim", 2, loc));
    emit_assume(in, mk_binary(in, OP_LT, copier, size), loc);
    Value dst = tr_value(in, args[0]), src = tr_value(in, args[1]);
    unsigned all = (1u << MEM_SHARED) | (1u << MEM_GLOBAL);
    state(in)->copied |= dst.kind == V_PTR ? 1u << dst.arr->mem : all;
    state(in)->copied |= src.kind == V_PTR ? 1u << src.arr->mem : src.kind == V_PRIVATE ? 0 : all;
    InFlight f = {-1, name, call, {args[0], args[1]}, dst, src, count, stride, strided_src, in->out};
    copier_accesses(in, &f, copier, loc);
    OpenCL *st = state(in);
    for (int i = 0; i < st->nflying; i++)
        if (same_node(st->flying[i].call, call)) { /* the same copy, translated again (a loop's trials) */
            st->flying[i] = f;
            return;
        }
    if (st->nflying < MAX_EVENTS) /* beyond: completed by any wait, as one whose event is not followed */
        st->flying[st->nflying++] = f;
}

/* ---- events: which copies a wait completes ---- */

/* e (`e`, `ev[2]`, through `&` and parentheses) as an event variable. */
static bool event_var_of(CXCursor e, CXCursor *var, long *idx)
{
    CXCursor c = strip_expr(e);
    if (clang_getCursorKind(c) == CXCursor_UnaryOperator && clang_getCursorUnaryOperatorKind(c) == CXUnaryOperator_AddrOf)
        c = strip_expr(child_at(c, 0));
    int64_t k = 0;
    if (clang_getCursorKind(c) == CXCursor_ArraySubscriptExpr) {
        if (!eval_int(child_at(c, 1), &k) || k < 0)
            return false;
        c = strip_expr(child_at(c, 0));
    } else if (clang_getCursorKind(c) == CXCursor_BinaryOperator &&
               clang_getCursorBinaryOperatorKind(c) == CXBinaryOperator_Add) {
        if (!eval_int(child_at(c, 1), &k) || k < 0)
            return false;
        c = strip_expr(child_at(c, 0));
    } else if (clang_getCursorKind(c) == CXCursor_DeclRefExpr && type_is_array(clang_getCursorType(c))) {
        k = 0; /* an array of events: from its first */
    } else {
        k = -1;
    }
    if (clang_getCursorKind(c) != CXCursor_DeclRefExpr)
        return false;
    *var = clang_getCursorReferenced(c);
    *idx = (long)k;
    return !clang_Cursor_isNull(*var);
}

static EventVar *event_var(OpenCL *st, CXCursor var, long idx)
{
    for (int i = 0; i < st->nvars; i++)
        if (clang_equalCursors(st->vars[i].var, var) && st->vars[i].idx == idx)
            return &st->vars[i];
    return NULL;
}

/* What the call's event goes to: `x = CALL` or `event_t x = CALL`. */
typedef struct EventTarget {
    CXCursor call, target;
    bool found;
} EventTarget;

static enum CXChildVisitResult find_event_target(CXCursor c, CXCursor parent, CXClientData data)
{
    (void)parent;
    EventTarget *t = data;
    enum CXCursorKind k = clang_getCursorKind(c);
    if (k == CXCursor_BinaryOperator && clang_getCursorBinaryOperatorKind(c) == CXBinaryOperator_Assign &&
        same_node(strip_expr(child_at(c, 1)), t->call)) {
        t->target = child_at(c, 0);
        t->found = true;
    } else if (k == CXCursor_VarDecl && same_node(strip_expr(last_expr_child(c)), t->call)) {
        t->target = c;
        t->found = true;
    }
    return t->found ? CXChildVisit_Break : CXChildVisit_Recurse;
}

/* The copy just started (the last in flight) joins the group of the
 * event it is handed (`async_work_group_copy(..., e)`: the same event
 * again), or starts one; the variable its event is stored in names that
 * group.  Where that variable is not found in the kernel's body, the copy
 * is completed by any wait, as the wait's warning says. */
static void join_event_group(Infer *in, CXCursor call, CXCursor handed)
{
    OpenCL *st = state(in);
    if (st->nflying == 0 || clang_Cursor_isNull(in->kernel_body))
        return;
    EventTarget t = {call, clang_getNullCursor(), false};
    clang_visitChildren(in->kernel_body, find_event_target, &t);
    CXCursor var;
    long idx;
    bool named = t.found && (clang_getCursorKind(t.target) == CXCursor_VarDecl ? (var = t.target, idx = -1, true)
                                                                                : event_var_of(t.target, &var, &idx));
    CXCursor hv;
    long hidx;
    EventVar *joined = named && event_var_of(handed, &hv, &hidx) ? event_var(st, hv, hidx) : NULL;
    /* past MAX_EVENTS events or variables, the copy is completed by any
     * wait, as one whose event is not followed */
    if (!named || st->nvars == MAX_EVENTS || (!joined && st->ngroups == MAX_EVENTS))
        return;
    int group = joined ? joined->group : st->ngroups++;
    st->flying[st->nflying - 1].group = group;
    EventVar *v = event_var(st, var, idx);
    if (!v) {
        v = &st->vars[st->nvars++];
        v->var = var;
        v->idx = idx;
    }
    v->group = group;
}

/* The event a declaration copies into var's cell idx: `event_t x = e;`,
 * `event_t both[2] = {e1, e2};` (an event the variable gets later by
 * assignment is not followed: its copies stay in flight). */
static EventVar *event_copied_into(OpenCL *st, CXCursor var, long idx)
{
    if (clang_getCursorKind(var) != CXCursor_VarDecl)
        return NULL;
    CXCursor init = strip_expr(last_expr_child(var));
    if (clang_getCursorKind(init) == CXCursor_InitListExpr)
        init = idx >= 0 && idx < nchildren(init) ? child_at(init, (int)idx) : clang_getNullCursor();
    else if (idx > 0)
        return NULL;
    CXCursor from;
    long fidx;
    return !clang_Cursor_isNull(init) && event_var_of(init, &from, &fidx) ? event_var(st, from, fidx) : NULL;
}

/* `&ev[i]` or `ev + i` with i unknown: the groups every cell of ev
 * stands for (the second copy chained on the first's event: both cells
 * name one group), which the wait completes whichever cell i picks. */
static bool any_cell_groups(OpenCL *st, CXCursor list, bool covered[MAX_EVENTS])
{
    CXCursor c = strip_expr(list);
    if (clang_getCursorKind(c) == CXCursor_UnaryOperator && clang_getCursorUnaryOperatorKind(c) == CXUnaryOperator_AddrOf)
        c = strip_expr(child_at(c, 0));
    enum CXCursorKind k = clang_getCursorKind(c);
    bool sum = k == CXCursor_BinaryOperator && clang_getCursorBinaryOperatorKind(c) == CXBinaryOperator_Add;
    if (k != CXCursor_ArraySubscriptExpr && !sum)
        return false;
    CXCursor base = strip_expr(child_at(c, 0));
    if (clang_getCursorKind(base) != CXCursor_DeclRefExpr)
        return false;
    CXCursor var = clang_getCursorReferenced(base);
    long long len = clang_getArraySize(clang_getCanonicalType(clang_getCursorType(var)));
    if (len < 1 || len > MAX_EVENTS)
        return false;
    int group = -1;
    for (long i = 0; i < len; i++) {
        EventVar *v = event_var(st, var, i);
        if (!v)
            v = event_copied_into(st, var, i);
        if (!v || (group >= 0 && v->group != group))
            return false;
        group = v->group;
    }
    covered[group] = true;
    return true;
}

/* Marks in covered[] the groups a wait on (n, list) completes; false when
 * which ones is not followed (then none is marked). */
static bool waited_groups(Infer *in, CXCursor n_arg, CXCursor list, bool covered[MAX_EVENTS])
{
    OpenCL *st = state(in);
    int64_t n;
    CXCursor var;
    long idx;
    if (!eval_int(n_arg, &n) || n < 1 || n > MAX_EVENTS)
        return false;
    if (!event_var_of(list, &var, &idx))
        return n == 1 && any_cell_groups(st, list, covered);
    if (idx < 0 && n != 1)
        return false;
    for (long i = 0; i < n; i++) {
        EventVar *v = event_var(st, var, idx < 0 ? -1 : idx + i);
        if (!v)
            v = event_copied_into(st, var, idx < 0 ? -1 : idx + i);
        if (v)
            covered[v->group] = true;
    }
    return true;
}

/* After a wait: the copies it completed leave the flight; the others may
 * still run in the next barrier interval, so they are performed there
 * again, by a work-item of their own choosing. */
static void land_copies(Infer *in, const bool covered[MAX_EVENTS], bool followed, CXCursor call, Loc loc)
{
    OpenCL *st = state(in);
    int kept = 0;
    bool lost = false;
    for (int i = 0; i < st->nflying; i++) {
        InFlight f = st->flying[i];
        if (f.group < 0 || (followed && covered[f.group]))
            continue;
        if (f.scope != in->out) {
            lost = true;
            continue;
        }
        Expr *copier = fresh_uniform(in, "copier", loc);
        Expr *size = mk_binary(in, OP_MUL,
                               mk_binary(in, OP_MUL, builtin(in, "blockDim", 0, loc), builtin(in, "blockDim", 1, loc)),
                               builtin(in, "blockDim", 2, loc));
        emit_assume(in, mk_binary(in, OP_LT, copier, size), loc);
        copier_accesses(in, &f, copier, loc);
        unsigned all = (1u << MEM_SHARED) | (1u << MEM_GLOBAL);
        st->copied |= f.dst.kind == V_PTR ? 1u << f.dst.arr->mem : all;
        st->copied |= f.src.kind == V_PTR ? 1u << f.src.arr->mem : f.src.kind == V_PRIVATE ? 0 : all;
        st->flying[kept++] = f;
    }
    st->nflying = kept;
    if (lost)
        opaque_at(in, call, "an async copy started in another block of code and not completed by this wait may "
                            "still be running after it: not followed");
}

static bool cl_async_copy(Infer *in, const char *name, CXCursor call, CXCursor *args, int nargs, Loc loc, Value *out)
{
    bool strided = strcmp(name, "async_work_group_strided_copy") == 0;
    if (!strided && strcmp(name, "async_work_group_copy") != 0)
        return false;
    *out = value_none();
    if (nargs != (strided ? 5 : 4)) {
        not_followed(in, call, name);
        return true;
    }
    Expr *count = tr_index(in, args[2]);
    Expr *stride = strided ? tr_index(in, args[3]) : NULL;
    tr_effects(in, args[nargs - 1]); /* the event */
    /* the strided side is the global one (OpenCL 1.2 s6.12.10) */
    CXType src = clang_getCanonicalType(clang_getCursorType(args[1]));
    bool strided_src = src.kind == CXType_Pointer && opencl_type_space(clang_getPointeeType(src)) == SPACE_GLOBAL;
    copy_by_one(in, name, call, args, count, stride, strided_src, loc);
    join_event_group(in, call, args[nargs - 1]);
    return true;
}

/* The copies are complete for the whole group after it, which every
 * work-item reaches: a barrier over the spaces the copies reached since the
 * last wait.  It orders every access to those spaces, where OpenCL orders
 * only the copies: a warning says so. */
static void emit_wait_sync(Infer *in, unsigned ordered, Loc loc)
{
    emit_sync(in, loc, false);
    in->out->items[in->out->n - 1]->u.sync.unordered = (uint8_t)(UNORDERED_ALL & ~ordered);
}

/* `key == u` for a block-uniform unknown u, conjoined to *cond; nothing
 * for a number (the same in every work-item). */
static void same_in_group(Infer *in, Expr *key, Expr **cond, Loc loc)
{
    int64_t k;
    if (!key || expr_constant(key, &k))
        return;
    Expr *same = mk_binary(in, OP_EQ, key, emit_block_unknown(in, "event", loc));
    *cond = *cond ? mk_binary(in, OP_AND, *cond, same) : same;
}

/* The place of LIST in its array of events: i of `&e[i]`, `e + i` or
 * `i + e`; a null cursor for the array itself (`e`, `&e[0]` is a number). */
static CXCursor event_place(CXCursor list)
{
    CXCursor c = strip_expr(list);
    enum CXCursorKind k = clang_getCursorKind(c);
    if (k == CXCursor_UnaryOperator && clang_getCursorUnaryOperatorKind(c) == CXUnaryOperator_AddrOf) {
        CXCursor sub = strip_expr(child_at(c, 0));
        return clang_getCursorKind(sub) == CXCursor_ArraySubscriptExpr ? child_at(sub, 1) : clang_getNullCursor();
    }
    if (k == CXCursor_BinaryOperator && clang_getCursorBinaryOperatorKind(c) == CXBinaryOperator_Add) {
        CXCursor a = child_at(c, 0), b = child_at(c, 1);
        return type_is_integral(clang_getCursorType(a)) ? a : type_is_integral(clang_getCursorType(b)) ? b
                                                                                                   : clang_getNullCursor();
    }
    return clang_getNullCursor();
}

/* wait_group_events(N, LIST): every work-item of the group must reach it
 * with the same N and events (OpenCL 1.2 s6.12.10).  Where N or LIST's
 * place in its array may differ between work-items (`&e[lid % 2]`), the
 * wait is two barriers, `if (key == u) sync; else sync;` with u the value
 * some work-item has: work-items that disagree reach different ones, the
 * divergence the checker reports; where the group agrees it is one. */
static void cl_wait_group_events(Infer *in, CXCursor call, CXCursor *args, int nargs, Loc loc)
{
    Expr *cond = NULL;
    if (nargs == 2) {
        same_in_group(in, tr_index(in, args[0]), &cond, loc);
        CXCursor place = event_place(args[1]);
        if (!clang_Cursor_isNull(place))
            same_in_group(in, tr_index(in, place), &cond, loc);
    } else {
        for (int i = 0; i < nargs; i++)
            tr_effects(in, args[i]);
    }
    unsigned ordered = state(in)->copied & ((1u << MEM_SHARED) | (1u << MEM_GLOBAL));
    warn_at(in, call, "wait_group_events is read as a barrier of the work-group over %s memory: it orders every "
                      "access there, where OpenCL orders only the copies it waits for",
            ordered == (1u << MEM_SHARED) ? "__local" : ordered == (1u << MEM_GLOBAL) ? "__global"
            : ordered ? "__local and __global" : "no");
    if (!cond) {
        emit_wait_sync(in, ordered, loc);
    } else {
        BlockMark m;
        Stmt *branch = emit_if_enter(in, cond, &m, loc);
        emit_wait_sync(in, ordered, loc);
        block_leave(in, &m);
        block_enter(in, &branch->u.if_.els, &m);
        emit_wait_sync(in, ordered, loc);
        block_leave(in, &m);
    }
    bool covered[MAX_EVENTS] = {false};
    bool followed = nargs == 2 && waited_groups(in, args[0], args[1], covered);
    state(in)->copied = 0;
    land_copies(in, covered, followed, call, loc);
}

/* ---- images ---- */

/* The image's array: the kernel parameter's, made at first use with one
 * dimension per coordinate. */
static Array *image_array(Infer *in, CXCursor handle, int dims, const char *elem, Loc loc)
{
    CXCursor h = strip_expr(handle);
    if (clang_getCursorKind(h) != CXCursor_DeclRefExpr)
        return NULL;
    CXCursor decl = clang_getCursorReferenced(h);
    if (clang_getCursorKind(decl) != CXCursor_ParmDecl ||
        !clang_equalCursors(clang_getCursorSemanticParent(decl), in->kernel_fn))
        return NULL;
    Array *a = array_find(in, decl);
    if (a)
        return a->ndims == dims ? a : NULL;
    char *name = cursor_name(decl);
    CXType none = {.kind = CXType_Invalid};
    a = array_add(in, decl, name, MEM_GLOBAL, none, loc);
    free(name);
    a->ndims = dims;
    a->elem_type = program_intern(in->prog, elem, strlen(elem));
    a->sizes = arena_alloc(&in->prog->arena, (size_t)dims * sizeof(Expr *));
    for (int i = 0; i < dims; i++)
        a->sizes[i] = NULL;
    return a;
}

/* The coordinates of `(int2)(x, y)`, or of an int: in idx, [z][y][x]
 * order; a vector the protocol cannot open gives unknowns. */
static int image_coords(Infer *in, CXCursor coord, Expr **idx, Loc loc)
{
    CXType t = clang_getCanonicalType(clang_getCursorType(coord));
    int dims = t.kind == CXType_ExtVector || t.kind == CXType_Vector ? (int)clang_getNumElements(t) : 1;
    if (dims > 3)
        dims = 3; /* int4: the fourth is unused */
    if (dims == 1) {
        idx[0] = tr_index(in, coord);
        return 1;
    }
    int n = (int)clang_getNumElements(t);
    CXCursor ops = vector_operands(in, coord, n);
    bool list = !clang_Cursor_isNull(ops);
    if (!list)
        tr_effects(in, coord);
    for (int k = 0; k < dims; k++)
        idx[dims - 1 - k] = list ? tr_index(in, child_at(ops, k)) : emit_local(in, "coord", loc);
    return dims;
}

static bool cl_image(Infer *in, const char *name, CXCursor call, CXCursor *args, int nargs, Loc loc, Value *out)
{
    bool read = starts_with(name, "read_image"), write = starts_with(name, "write_image");
    if (!read && !write)
        return false;
    *out = value_none();
    bool rw_read = read && nargs >= 2 && is_read_write_image(clang_getCursorType(args[0]));
    if ((read && !rw_read) || nargs < 2 || (write && nargs < 3)) { /* a read_only image: no kernel writes it */
        for (int i = 0; i < nargs; i++)
            tr_effects(in, args[i]);
        return true;
    }
    if (rw_read && nargs == 3) /* read_imagef(img, sampler, coord) */
        tr_effects(in, args[1]);
    CXCursor coord = args[rw_read && nargs == 3 ? 2 : 1];
    Expr *idx[3];
    int dims = image_coords(in, coord, idx, loc);
    for (int i = rw_read ? nargs : 2; i < nargs; i++)
        tr_effects(in, args[i]);
    const char *elem = str_ends_with(name, "ui") ? "uint4" : str_ends_with(name, "i") ? "int4"
                       : str_ends_with(name, "h") ? "half4" : "float4";
    Array *a = image_array(in, args[0], dims, elem, loc);
    if (!a) {
        opaque_at(in, call, "'%s' on an image that is not a parameter of the kernel is not followed", name);
        return true;
    }
    emit_access(in, rw_read ? ACC_RD : ACC_WR, a, idx, dims, loc);
    return true;
}

/* ---- integer built-ins ---- */

/* mul24(a, b) = a * b and mad24(a, b, c) = a * b + c (the kernel promises
 * 24-bit operands), clamp(x, lo, hi) = min(max(x, lo), hi), on integers;
 * false for a float (a value the protocol does not track). */
static bool cl_int_call(Infer *in, const char *name, CXCursor call, CXCursor *args, int nargs, Value *out)
{
    bool mul = strcmp(name, "mul24") == 0 && nargs == 2, mad = strcmp(name, "mad24") == 0 && nargs == 3;
    bool clamp = strcmp(name, "clamp") == 0 && nargs == 3;
    if (!mul && !mad && !clamp)
        return false;
    if (!type_is_integral(clang_getCursorType(call))) {
        for (int i = 0; i < nargs; i++)
            tr_effects(in, args[i]);
        *out = value_none();
        return true;
    }
    Expr *v[3] = {NULL, NULL, NULL};
    bool known = true;
    for (int i = 0; i < nargs; i++)
        known &= (v[i] = tr_int(in, args[i])) != NULL;
    if (!known)
        *out = value_none();
    else if (clamp)
        *out = value_int(mk_binary(in, OP_MIN, mk_binary(in, OP_MAX, v[0], v[1]), v[2]));
    else
        *out = value_int(mad ? mk_binary(in, OP_ADD, mk_binary(in, OP_MUL, v[0], v[1]), v[2])
                             : mk_binary(in, OP_MUL, v[0], v[1]));
    return true;
}

/* ---- vector values ---- */

static bool opencl_work_item_function(const char *name)
{
    for (size_t i = 0; i < sizeof work_items / sizeof work_items[0]; i++)
        if (strcmp(name, work_items[i].name) == 0)
            return true;
    return strcmp(name, "get_work_dim") == 0 || strcmp(name, "get_local_linear_id") == 0 ||
           strcmp(name, "get_global_linear_id") == 0;
}

/* Does an initializer have the same value wherever it is translated again?
 * Only literals, operators, casts, work-item functions, side-effect-free
 * arithmetic, and variables that nothing assigns after their declaration:
 * no access to memory. */
typedef struct Stable {
    Infer *in;
    bool ok;
} Stable;

static enum CXChildVisitResult stable_part(CXCursor c, CXCursor parent, CXClientData data)
{
    (void)parent;
    Stable *st = data;
    bool *ok = &st->ok;
    switch (clang_getCursorKind(c)) {
    case CXCursor_IntegerLiteral:
    case CXCursor_FloatingLiteral:
    case CXCursor_ParenExpr:
    case CXCursor_UnexposedExpr:
    case CXCursor_CStyleCastExpr:
    case CXCursor_BinaryOperator:
    case CXCursor_ConditionalOperator:
    case CXCursor_TypeRef:
        return CXChildVisit_Recurse;
    case CXCursor_UnaryOperator:
        if (type_is_pointer(clang_getCursorType(child_at(c, 0))))
            *ok = false; /* *p reads memory */
        return *ok ? CXChildVisit_Recurse : CXChildVisit_Break;
    case CXCursor_CallExpr: {
        char *name = callee_name(c);
        *ok = opencl_work_item_function(name) || models_pure_call(st->in, c);
        free(name);
        return *ok ? CXChildVisit_Recurse : CXChildVisit_Break;
    }
    case CXCursor_DeclRefExpr: {
        CXCursor d = clang_getCursorReferenced(c);
        enum CXCursorKind k = clang_getCursorKind(d);
        if (k == CXCursor_EnumConstantDecl || k == CXCursor_FunctionDecl)
            return CXChildVisit_Continue;
        *ok = (k == CXCursor_VarDecl || k == CXCursor_ParmDecl) && !is_file_scope(d) &&
              !type_is_pointer(clang_getCursorType(d)) && !decl_assigned_in(clang_getCursorSemanticParent(d), d);
        return *ok ? CXChildVisit_Continue : CXChildVisit_Break;
    }
    default:
        *ok = false;
        return CXChildVisit_Break;
    }
}

/* The n scalar operands of a vector literal `(int2)(x, y)` under casts and
 * parentheses, or a null cursor. */
static CXCursor literal_list(CXCursor e, int n)
{
    CXCursor c = strip_expr(e);
    while (clang_getCursorKind(c) == CXCursor_CStyleCastExpr || clang_getCursorKind(c) == CXCursor_ParenExpr ||
           clang_getCursorKind(c) == CXCursor_CompoundLiteralExpr)
        c = strip_expr(last_expr_child(c));
    if (clang_getCursorKind(c) != CXCursor_InitListExpr)
        return clang_getNullCursor();
    Children ch = children_of(c);
    bool ok = ch.n == n;
    for (int i = 0; i < ch.n && ok; i++) {
        CXType t = clang_getCanonicalType(clang_getCursorType(ch.c[i]));
        ok = t.kind != CXType_ExtVector && t.kind != CXType_Vector;
    }
    free(ch.c);
    return ok ? c : clang_getNullCursor();
}

/* The operands of the vector e has: a literal's, or those of the literal
 * that initializes a local vector variable nothing assigns, when that
 * initializer is stable (above), so that translating it again where e is
 * used gives the value it had.  A null cursor otherwise. */
static CXCursor vector_operands(Infer *in, CXCursor e, int n)
{
    CXCursor lit = literal_list(e, n);
    if (!clang_Cursor_isNull(lit))
        return lit;
    CXCursor ref = strip_expr(e);
    if (clang_getCursorKind(ref) != CXCursor_DeclRefExpr)
        return clang_getNullCursor();
    CXCursor var = clang_getCursorReferenced(ref);
    if (clang_getCursorKind(var) != CXCursor_VarDecl || is_file_scope(var) ||
        decl_assigned_in(clang_getCursorSemanticParent(var), var))
        return clang_getNullCursor();
    CXCursor init = last_expr_child(var);
    if (clang_Cursor_isNull(init))
        return clang_getNullCursor();
    lit = literal_list(init, n);
    Stable st = {in, !clang_Cursor_isNull(lit)};
    if (st.ok)
        clang_visitChildren(lit, stable_part, &st);
    return st.ok ? lit : clang_getNullCursor();
}

/* Which element a one-component accessor names: x y z w, s0 .. sF. */
static int component_index(const char *acc)
{
    static const char xyzw[] = "xyzw", hex[] = "0123456789abcdef";
    if (acc[0] && !acc[1] && strchr(xyzw, acc[0]))
        return (int)(strchr(xyzw, acc[0]) - xyzw);
    if ((acc[0] == 's' || acc[0] == 'S') && acc[1] && !acc[2]) {
        char h = acc[1] >= 'A' && acc[1] <= 'F' ? (char)(acc[1] - 'A' + 'a') : acc[1];
        const char *p = strchr(hex, h);
        return p && h ? (int)(p - hex) : -1;
    }
    return -1;
}

/* `p.x` of an integer vector whose operands the protocol can follow
 * (vector_operands): that operand's value. */
static bool cl_vector_component(Infer *in, CXCursor e, Value *out)
{
    if (in->dialect != &dialect_opencl)
        return false; /* CUDA's int2, float4 are structs: their members are fields */
    if (clang_getCursorKind(e) != CXCursor_UnexposedExpr || !type_is_integral(clang_getCursorType(e)))
        return false;
    Children ch = children_of(e);
    CXCursor base = ch.n == 1 ? ch.c[0] : clang_getNullCursor();
    free(ch.c);
    CXType vt = clang_Cursor_isNull(base) ? (CXType){0} : clang_getCanonicalType(clang_getCursorType(base));
    if (vt.kind != CXType_ExtVector)
        return false;
    CXToken *toks;
    unsigned ntoks;
    clang_tokenize(in->tu, clang_getCursorExtent(e), &toks, &ntoks);
    int k = -1;
    if (ntoks >= 3) {
        CXString dot = clang_getTokenSpelling(in->tu, toks[ntoks - 2]);
        CXString acc = clang_getTokenSpelling(in->tu, toks[ntoks - 1]);
        if (strcmp(clang_getCString(dot), ".") == 0)
            k = component_index(clang_getCString(acc));
        clang_disposeString(dot);
        clang_disposeString(acc);
    }
    clang_disposeTokens(in->tu, toks, ntoks);
    int n = (int)clang_getNumElements(vt);
    CXCursor ops = k >= 0 && k < n ? vector_operands(in, base, n) : clang_getNullCursor();
    if (clang_Cursor_isNull(ops))
        return false;
    *out = tr_value(in, child_at(ops, k));
    return true;
}

/* ---- the generator's names (docs/codegen.md) ---- */

/* What the OpenCL generator writes for the protocol's statements OpenCL
 * has no construct for, read back by name: `__mapkit_sync_grid()` is
 * `sync grid;`, `__mapkit_sync_tile(N)` `sync tile(N);`,
 * `__mapkit_tile_uniform(N, v)` `local x uniform tile(N);`,
 * `__mapkit_sync_value()` `local x = sync;` and `__mapkit_warp_size()` the
 * built-in `warpSize`. */
static bool cl_generated_call(Infer *in, const char *name, CXCursor call, CXCursor *args, int nargs, Loc loc,
                              Value *out)
{
    bool grid = strcmp(name, "__mapkit_sync_grid") == 0, tile = strcmp(name, "__mapkit_sync_tile") == 0;
    bool uniform = strcmp(name, "__mapkit_tile_uniform") == 0, value = strcmp(name, "__mapkit_sync_value") == 0;
    if (strcmp(name, "__mapkit_warp_size") == 0) {
        *out = value_int(var_expr(in, program_intern(in->prog, "warpSize", 8), loc));
        return true;
    }
    if (!grid && !tile && !uniform && !value)
        return false;
    int64_t n = 0;
    if ((tile || uniform) && (nargs < 1 || !eval_int(args[0], &n) || !tile_size_ok(n))) {
        not_followed(in, call, "a tile of a size that is not a constant power of two up to 32");
        return true;
    }
    *out = value_none();
    if (uniform) {
        for (int i = 1; i < nargs; i++)
            tr_effects(in, args[i]);
        *out = value_int(emit_uniform_local(in, "vote", (int)n, loc));
        return true;
    }
    emit_sync(in, loc, grid);
    if (tile)
        in->out->items[in->out->n - 1]->u.sync.tile = (int)n;
    if (value)
        *out = value_int(collective_result(in, loc));
    return true;
}

/* ---- the dispatch ---- */

/* OpenCL's built-in functions: work-item functions, barriers, atomics,
 * copies, images; false when NAME is none. */
static bool cl_builtin(Infer *in, const char *name, CXCursor call, CXCursor *args, int nargs, Loc loc, Value *out)
{
    if (work_item_call(in, name, args, nargs, loc, out) || cl_generated_call(in, name, call, args, nargs, loc, out))
        return true;
    if (strcmp(name, "get_work_dim") == 0) {
        *out = value_int(work_dim(in, loc));
    } else if (strcmp(name, "get_local_linear_id") == 0) {
        *out = value_int(linear_tid(in, loc));
    } else if (strcmp(name, "get_global_linear_id") == 0) {
        *out = value_int(global_linear_id(in, loc));
    } else if (strcmp(name, "barrier") == 0 || strcmp(name, "work_group_barrier") == 0) {
        cl_barrier(in, name, call, args, nargs, loc);
    } else if (is_fence(name)) {
        for (int i = 0; i < nargs; i++)
            tr_effects(in, args[i]);
        warn_at(in, call, "'%s' orders this work-item's own accesses only: it is no barrier between "
                          "work-items, and the protocol has no statement for it", name);
    } else if (strcmp(name, "sub_group_barrier") == 0) {
        cl_sub_group_barrier(in, call, args, nargs, loc);
    } else if (starts_with(name, "get_sub_group") || strcmp(name, "get_num_sub_groups") == 0 ||
               strcmp(name, "get_max_sub_group_size") == 0 || strcmp(name, "get_enqueued_num_sub_groups") == 0) {
        *out = value_int(emit_local(in, name, loc)); /* the device's sub-groups: unknown */
    } else if (strcmp(name, "wait_group_events") == 0) {
        cl_wait_group_events(in, call, args, nargs, loc);
    } else if (is_collective(name)) {
        cl_collective(in, name, call, args, nargs, loc, out);
    } else if (starts_with(name, "enqueue_")) { /* its block runs in another launch: nothing of it is here */
        not_followed(in, call, "a kernel enqueued from device code (OpenCL 2.0 enqueue_kernel)");
    } else if (strcmp(name, "prefetch") == 0) { /* a hint: no access of its own */
        for (int i = 0; i < nargs; i++)
            tr_effects(in, args[i]);
    } else {
        return cl_atomic(in, name, call, args, nargs, loc, out) || cl_vector_copy(in, name, call, args, nargs, loc) ||
               cl_int_call(in, name, call, args, nargs, out) ||
               cl_async_copy(in, name, call, args, nargs, loc, out) || cl_image(in, name, call, args, nargs, loc, out);
    }
    return true;
}

bool opencl_call(Infer *in, const Call *c, Value *out)
{
    return cl_builtin(in, c->name, c->cursor, c->args, c->nargs, c->loc, out);
}

/* A work-item function with no body in the file: arithmetic over the
 * built-in variables, with no effect (in every dialect, as any bodiless
 * function of that name is). */
static bool work_item_pure_call(CXCursor call)
{
    char *name = callee_name(call);
    bool work_item = opencl_work_item_function(name);
    free(name);
    CXCursor def, body;
    return work_item && !defined_with_body(callee_decl(call), &def, &body);
}

const Model model_opencl = {
    .name = "OpenCL",
    .slot_size = sizeof(OpenCL),
    .pure_call = work_item_pure_call,
    .vector_component = cl_vector_component,
};
