/* Warps and tiles (dsl/tile.h): `__syncwarp(mask)`, a cooperative-groups
 * tile's sync, and the collectives whose result is one value in every
 * thread of the warp or tile (docs/inference.md, "How each construct is
 * abstracted"). */
#include "warp.h"

#include "assigned.h"
#include "env.h"
#include "models.h"
#include "expr.h"
#include "tile.h"

#include <stdlib.h>
#include <string.h>

enum { FULL_MASK = 0xffffffffu };

/* The tile size of a group expression: its own type, under the implicit
 * conversion to the base class that a member call adds, or its variable's. */
int warp_tile_of(CXCursor group)
{
    if (clang_Cursor_isNull(group))
        return 0;
    CXCursor e = strip_expr(group);
    int n = warp_tile_of_type(clang_getCursorType(e));
    CXCursor decl = clang_getCursorReferenced(e);
    if (!n && !clang_Cursor_isNull(decl))
        n = warp_tile_of_type(clang_getCursorType(decl));
    return n;
}

int warp_tile_of_type(CXType t)
{
    CXString s = clang_getTypeSpelling(clang_getCanonicalType(t));
    const char *at = strstr(clang_getCString(s), "thread_block_tile<");
    long n = at ? strtol(at + strlen("thread_block_tile<"), NULL, 10) : 0;
    clang_disposeString(s);
    return n > 0 && tile_size_ok(n) && n <= WARP_SIZE ? (int)n : 0;
}

void emit_tile_sync(Infer *in, int tile, Loc loc)
{
    Stmt *s = stmt_new(in->prog, S_SYNC, loc);
    s->u.sync.tile = tile;
    emit(in, s);
    in->sync_count++;
}

/* The mask's value when clang can fold it to a constant. */
static bool constant_mask(CXCursor e, unsigned long long *mask)
{
    CXEvalResult r = clang_Cursor_Evaluate(e);
    if (!r)
        return false;
    bool ok = clang_EvalResult_getKind(r) == CXEval_Int;
    if (ok)
        *mask = clang_EvalResult_getAsUnsigned(r) & FULL_MASK;
    clang_EvalResult_dispose(r);
    return ok;
}

void per_tile_size(Infer *in, Expr *n, void (*each)(Infer *, int tile, void *ctx), void *ctx, Loc loc)
{
    if (n->kind == E_NUM) {
        each(in, (int)n->u.num, ctx);
        return;
    }
    BlockMark m[5];
    int open = 0;
    for (int k = 1; k < WARP_SIZE; k *= 2) {
        Stmt *s = emit_if_enter(in, mk_binary(in, OP_EQ, n, num_expr(in, k, loc)), &m[open], loc);
        each(in, k, ctx);
        block_leave(in, &m[open]);
        block_enter(in, &s->u.if_.els, &m[open++]);
    }
    each(in, WARP_SIZE, ctx);
    while (open > 0)
        block_leave(in, &m[--open]);
}

static void tile_sync_of_size(Infer *in, int tile, void *ctx)
{
    emit_tile_sync(in, tile, *(const Loc *)ctx);
}

void warp_syncwarp(Infer *in, CXCursor call, const CXCursor *args, const Value *mask_value, int nargs, Loc loc)
{
    unsigned long long mask = FULL_MASK;
    if (nargs > 0 && !constant_mask(args[0], &mask)) {
        /* the mask of the thread's own logical warp (CUB's get_member_mask()) */
        Expr *lanes = mask_value->member_lanes;
        if (lanes && (lanes->kind != E_NUM || (tile_size_ok((int64_t)lanes->u.num) && lanes->u.num <= WARP_SIZE))) {
            per_tile_size(in, lanes, tile_sync_of_size, &loc, loc);
            return;
        }
        opaque_at(in, call, "__syncwarp with a mask known only at run time: which lanes it orders, and which "
                            "must reach it, is not followed");
        return;
    }
    if (mask != FULL_MASK) {
        opaque_at(in, call, "__syncwarp with the partial mask 0x%08llx: only a full warp (0xffffffff) is "
                            "followed", mask);
        return;
    }
    emit_tile_sync(in, WARP_SIZE, loc);
}

void warp_group_sync(Infer *in, CXCursor call, CXCursor group, Loc loc)
{
    int tile = warp_tile_of(group);
    if (tile)
        emit_tile_sync(in, tile, loc);
    else
        opaque_at(in, call, "sync of a group whose threads are known only at run time (a coalesced or labeled "
                            "group, or a tile of a run-time size): not followed");
}

/* A fresh unknown with one value in every thread of a tile. */
Expr *emit_uniform_local(Infer *in, const char *base, int tile, Loc loc)
{
    const char *name = fresh_name(in, base, true);
    name_mark_varying(in, name);
    name_mark_unknown(in, name);
    name_mark_raw(in, name);
    Stmt *s = stmt_new(in->prog, S_LOCAL, loc);
    s->u.local.var = var_expr(in, name, loc);
    s->u.local.tile = tile;
    emit(in, s);
    if (in->loop_depth == 0)
        name_mark_tile_value(in, name);
    return var_expr(in, name, loc);
}

static bool name_is(const char *name, const char *const *list)
{
    for (int i = 0; list[i]; i++)
        if (strcmp(name, list[i]) == 0)
            return true;
    return false;
}

static bool full_mask(CXCursor e)
{
    unsigned long long mask;
    return constant_mask(e, &mask) && mask == FULL_MASK;
}

/* __shfl_sync(full, v, lane[, width]) and tile.shfl(v, lane) with a constant
 * lane hand every thread of a tile of `width` (of the tile) one value: a
 * broadcast.  0 when it is not one. */
static int broadcast_tile(const char *name, CXCursor object, const CXCursor *args, int nargs)
{
    unsigned long long lane, width = WARP_SIZE;
    if (strcmp(name, "__shfl_sync") == 0 && (nargs == 3 || nargs == 4) && full_mask(args[0]) &&
        constant_mask(args[2], &lane) && (nargs == 3 || constant_mask(args[3], &width)))
        return tile_size_ok((int64_t)width) ? (int)width : 0;
    if (strcmp(name, "shfl") == 0 && nargs == 2 && constant_mask(args[1], &lane))
        return warp_tile_of(object);
    return 0;
}

/* A vote, shuffle or reduction over a full warp or tile: an unknown
 * `uniform` over it; false when the call is none. */
bool warp_collective(Infer *in, const Call *c, Value *out)
{
    const char *name = c->name;
    CXCursor object = c->object;
    const CXCursor *args = c->args;
    int nargs = c->nargs;
    Loc loc = c->loc;
    static const char *const warp_votes[] = {"__ballot_sync", "__all_sync", "__any_sync", "__reduce_add_sync",
                                             "__reduce_min_sync", "__reduce_max_sync", "__reduce_and_sync",
                                             "__reduce_or_sync", "__reduce_xor_sync", NULL};
    static const char *const tile_votes[] = {"ballot", "any", "all", NULL};
    int tile = broadcast_tile(name, object, args, nargs);
    if (name_is(name, warp_votes) && nargs == 2)
        tile = full_mask(args[0]) ? WARP_SIZE : 0;
    else if (name_is(name, tile_votes) && !clang_Cursor_isNull(object))
        tile = warp_tile_of(object);
    else if (strcmp(name, "reduce") == 0 && nargs == 3)
        tile = warp_tile_of(args[0]);
    if (!tile)
        return false; /* a partial warp or another group: a per-thread value, as any call's */
    if (!clang_Cursor_isNull(object))
        tr_effects(in, object);
    for (int i = 0; i < nargs; i++)
        tr_effects(in, args[i]);
    /* one base name: gen writes every one as a vote, which reads back so */
    *out = value_int(emit_uniform_local(in, "vote", tile, loc));
    return true;
}

/* Does the type name the thread block group (not a tile of it)? */
static bool is_block_group_type(CXType t)
{
    CXString s = clang_getTypeSpelling(clang_getCanonicalType(t));
    const char *n = clang_getCString(s);
    const char *at = strstr(n, "thread_block");
    bool block = at && strncmp(at, "thread_block_tile", strlen("thread_block_tile")) != 0 &&
                 (at == n || at[-1] == ':' || at[-1] == ' ');
    clang_disposeString(s);
    return block;
}

enum { PARENT_UNKNOWN = 0, PARENT_BLOCK = -1 };

static enum CXChildVisitResult find_partition(CXCursor c, CXCursor parent, CXClientData data)
{
    (void)parent;
    if (clang_getCursorKind(c) != CXCursor_CallExpr)
        return CXChildVisit_Recurse;
    CXString s = clang_getCursorSpelling(c);
    bool hit = strcmp(clang_getCString(s), "tiled_partition") == 0;
    clang_disposeString(s);
    if (!hit)
        return CXChildVisit_Recurse;
    *(CXCursor *)data = c;
    return CXChildVisit_Break;
}

/* The group a tile was partitioned from, by the call that made it:
 * `tiled_partition<N>(block)` (PARENT_BLOCK) or `tiled_partition<N>(t32)`
 * (32), through a variable its function never assigns again. */
static int tile_parent_of(CXCursor group)
{
    CXCursor e = strip_expr(group), call = clang_getNullCursor();
    if (clang_Cursor_isNull(e))
        return PARENT_UNKNOWN;
    CXCursor decl = clang_getCursorKind(e) == CXCursor_DeclRefExpr ? clang_getCursorReferenced(e) : e;
    if (clang_getCursorKind(decl) == CXCursor_VarDecl) {
        CXCursor init = clang_Cursor_getVarDeclInitializer(decl);
        if (clang_Cursor_isNull(init) || decl_assigned_in(clang_getCursorSemanticParent(decl), decl))
            return PARENT_UNKNOWN;
        e = strip_expr(init);
    }
    if (clang_getCursorKind(e) == CXCursor_CallExpr)
        find_partition(e, clang_getNullCursor(), &call);
    if (clang_Cursor_isNull(call))
        clang_visitChildren(e, find_partition, &call);
    if (clang_Cursor_isNull(call) || clang_Cursor_getNumArguments(call) < 1)
        return PARENT_UNKNOWN;
    CXCursor from = clang_Cursor_getArgument(call, 0);
    int m = warp_tile_of(from);
    if (m)
        return m;
    return is_block_group_type(clang_getCursorType(strip_expr(from))) ? PARENT_BLOCK : PARENT_UNKNOWN;
}

/* meta_group_rank() and meta_group_size() of a tile of n threads: the
 * tile's index among its parent's tiles and their count; NULL where the
 * parent is unknown (a tile of a tile passed as a parameter ranks within
 * that tile, not the block). */
static Expr *tile_meta(Infer *in, CXCursor object, int n, bool rank, Loc loc)
{
    int parent = tile_parent_of(object);
    Expr *nn = num_expr(in, n, loc);
    if (parent == PARENT_BLOCK)
        return rank ? mk_binary(in, OP_DIV, linear_tid(in, loc), nn)
                    : mk_binary(in, OP_DIV, mk_binary(in, OP_ADD, block_size(in, loc), num_expr(in, n - 1, loc)), nn);
    if (parent > 0 && parent >= n)
        return rank ? mk_binary(in, OP_DIV, mk_binary(in, OP_MOD, linear_tid(in, loc), num_expr(in, parent, loc)), nn)
                    : num_expr(in, parent / n, loc);
    return NULL;
}

/* tile.thread_rank(), tile.size(), tile.num_threads(), tile.meta_group_rank(),
 * tile.meta_group_size() of a thread_block_tile<N>: arithmetic over the
 * thread's linear rank (an unknown where the tile's parent is). */
bool warp_tile_query(Infer *in, const Call *c, Value *out)
{
    const char *name = c->name;
    CXCursor object = c->object;
    Loc loc = c->loc;
    int tile = clang_Cursor_isNull(object) ? 0 : warp_tile_of(object);
    if (!tile)
        return false;
    Expr *n = num_expr(in, tile, loc);
    if (strcmp(name, "thread_rank") == 0)
        *out = value_int(mk_binary(in, OP_MOD, linear_tid(in, loc), n));
    else if (strcmp(name, "size") == 0 || strcmp(name, "num_threads") == 0)
        *out = value_int(n);
    else if (strcmp(name, "meta_group_rank") == 0 || strcmp(name, "meta_group_size") == 0) {
        Expr *m = tile_meta(in, object, tile, strcmp(name, "meta_group_rank") == 0, loc);
        *out = m ? value_int(m) : value_none();
    } else
        return false;
    tr_effects(in, object);
    return true;
}
