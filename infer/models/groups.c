/* Cooperative groups (docs/inference.md, "How each construct is
 * abstracted"): this_thread_block(), this_grid() and the tiles are group
 * values; a group's sync() is a barrier of the block (`sync;`), of the
 * grid (`sync grid;`) or of a tile (warp.c); thread_rank() and size() are
 * arithmetic over the built-in variables. */
#include "models.h"

#include "call.h"
#include "env.h"
#include "expr.h"
#include "warp.h"

#include <stdlib.h>
#include <string.h>

static Value group_value(bool block, bool grid)
{
    Value v = {0};
    v.kind = V_GROUP;
    v.block_group = block;
    v.grid_group = grid;
    return v;
}

/* blockIdx.x + gridDim.x * (blockIdx.y + gridDim.y * blockIdx.z) */
static Expr *linear_block(Infer *in, Loc loc)
{
    Expr *z = builtin_var(in, "blockIdx.z", loc);
    Expr *y = mk_binary(in, OP_ADD, builtin_var(in, "blockIdx.y", loc),
                        mk_binary(in, OP_MUL, builtin_var(in, "gridDim.y", loc), z));
    return mk_binary(in, OP_ADD, builtin_var(in, "blockIdx.x", loc),
                     mk_binary(in, OP_MUL, builtin_var(in, "gridDim.x", loc), y));
}

static Expr *grid_blocks(Infer *in, Loc loc)
{
    return mk_binary(in, OP_MUL,
                     mk_binary(in, OP_MUL, builtin_var(in, "gridDim.x", loc), builtin_var(in, "gridDim.y", loc)),
                     builtin_var(in, "gridDim.z", loc));
}

/* thread_rank() and size() of the block or of the grid */
static Expr *group_rank(Infer *in, const Value *g, Loc loc)
{
    Expr *tid = linear_tid(in, loc);
    return g->grid_group ? mk_binary(in, OP_ADD, mk_binary(in, OP_MUL, linear_block(in, loc), block_size(in, loc)), tid)
                         : tid;
}

static Expr *group_size(Infer *in, const Value *g, Loc loc)
{
    return g->grid_group ? mk_binary(in, OP_MUL, grid_blocks(in, loc), block_size(in, loc)) : block_size(in, loc);
}

/* this_thread_block(), this_grid() and the tiles; a group's sync(); a
 * group's thread_rank() and size(). */
bool group_call(Infer *in, const Call *c, Value *out)
{
    const char *name = c->name;
    /* a multi-grid's sync also holds every thread of this grid */
    static const char *const block_groups[] = {"this_thread_block", "this_grid", "this_multi_grid", NULL};
    static const char *const grid_groups[] = {"this_grid", "this_multi_grid", NULL};
    static const char *const sub_groups[] = {"tiled_partition", "coalesced_threads", "this_thread",
                                             "labeled_partition", "binary_partition", NULL};
    if (name_in(name, block_groups) || name_in(name, sub_groups)) {
        args_effects(in, c);
        *out = group_value(name_in(name, block_groups), name_in(name, grid_groups));
        return true;
    }
    bool member = !clang_Cursor_isNull(c->object);
    if (strcmp(name, "sync") == 0 || strcmp(name, "synchronize") == 0 ||
        (member && strcmp(name, "barrier_wait") == 0)) {
        CXCursor group = member ? c->object : c->nargs ? c->args[0] : clang_getNullCursor();
        Value g = clang_Cursor_isNull(group) ? value_none() : tr_value(in, group);
        /* a tile's sync orders the threads of the tile (warp.c), whose type
         * says so even where its value is not followed (a parameter) */
        if (warp_tile_of(group))
            warp_group_sync(in, c->cursor, group, c->loc);
        else if (g.kind != V_GROUP || g.block_group)
            emit_sync(in, c->loc, g.kind == V_GROUP && g.grid_group);
        else
            warp_group_sync(in, c->cursor, group, c->loc);
        *out = value_none();
        return true;
    }
    if (member && (strcmp(name, "thread_rank") == 0 || strcmp(name, "size") == 0 ||
                   strcmp(name, "num_threads") == 0)) {
        Value g = tr_value(in, c->object);
        if (g.kind != V_GROUP)
            return false;
        *out = g.block_group ? value_int(strcmp(name, "thread_rank") == 0 ? group_rank(in, &g, c->loc)
                                                                         : group_size(in, &g, c->loc))
                             : value_none();
        return true;
    }
    if (member && (strcmp(name, "block_rank") == 0 || strcmp(name, "num_blocks") == 0)) {
        Value g = tr_value(in, c->object);
        if (g.kind != V_GROUP)
            return false;
        *out = g.grid_group ? value_int(strcmp(name, "block_rank") == 0 ? linear_block(in, c->loc)
                                                                       : grid_blocks(in, c->loc))
                            : value_none();
        return true;
    }
    return false;
}

static bool in_namespace(CXCursor decl, const char *ns);

/* Which built-in a group's dim3 query stands for: the block's
 * group_index() is blockIdx, thread_index() threadIdx, group_dim() and
 * dim_threads() blockDim; the grid's block_index() is blockIdx,
 * dim_blocks() and group_dim() gridDim.  NULL: no such query. */
static const char *group_dim3_builtin(const char *method, bool grid)
{
    static const char *const block_queries[][2] = {{"group_index", "blockIdx"},
                                                   {"thread_index", "threadIdx"},
                                                   {"group_dim", "blockDim"},
                                                   {"dim_threads", "blockDim"}};
    static const char *const grid_queries[][2] = {{"block_index", "blockIdx"},
                                                  {"dim_blocks", "gridDim"},
                                                  {"group_dim", "gridDim"}};
    size_t n = grid ? sizeof grid_queries / sizeof grid_queries[0] : sizeof block_queries / sizeof block_queries[0];
    for (size_t i = 0; i < n; i++) {
        const char *const *q = grid ? grid_queries[i] : block_queries[i];
        if (strcmp(method, q[0]) == 0)
            return q[1];
    }
    return NULL;
}

/* `block.group_index().x` and the like: a component of a group's dim3
 * query is that component of the built-in it reads. */
static bool group_component(Infer *in, CXCursor e, Value *out)
{
    if (clang_getCursorKind(e) != CXCursor_MemberRefExpr)
        return false;
    CXCursor call = strip_expr(child_at(e, 0));
    CXCursor callee = clang_getCursorKind(call) == CXCursor_CallExpr ? child_at(call, 0) : clang_getNullCursor();
    if (clang_Cursor_isNull(callee) || clang_getCursorKind(callee) != CXCursor_MemberRefExpr ||
        clang_Cursor_isNull(child_at(callee, 0)) || !in_namespace(clang_getCursorReferenced(call), "cooperative_groups"))
        return false;
    CXCursor object = child_at(callee, 0);
    Value g = tr_value(in, object);
    char *method = cursor_name(call), *field = cursor_name(e);
    const char *builtin = g.kind == V_GROUP && g.block_group ? group_dim3_builtin(method, g.grid_group) : NULL;
    bool ok = builtin && strlen(field) == 1 && strchr("xyz", field[0]);
    if (ok) {
        char name[32];
        snprintf(name, sizeof name, "%s.%s", builtin, field);
        *out = value_int(var_expr(in, program_intern(in->prog, name, strlen(name)), loc_of(in, e)));
    }
    free(method);
    free(field);
    return ok;
}

/* Is decl declared in namespace ns (at any depth)? */
static bool in_namespace(CXCursor decl, const char *ns)
{
    for (CXCursor p = clang_getCursorSemanticParent(decl); !clang_Cursor_isNull(p) &&
                                                          clang_getCursorKind(p) != CXCursor_TranslationUnit;
         p = clang_getCursorSemanticParent(p)) {
        if (clang_getCursorKind(p) != CXCursor_Namespace)
            continue;
        CXString s = clang_getCursorSpelling(p);
        bool hit = strcmp(clang_getCString(s), ns) == 0;
        clang_disposeString(s);
        if (hit)
            return true;
    }
    return false;
}

/* group.size(), group.thread_rank(): our header's cooperative groups
 * give them no body; their value is arithmetic over the built-ins. */
static bool is_group_query(CXCursor call, const char *name)
{
    static const char *const queries[] = {"size",       "num_threads",     "thread_rank",     "block_rank",
                                          "num_blocks", "meta_group_rank", "meta_group_size", NULL};
    CXCursor decl = callee_decl(call), def, body;
    return name_in(name, queries) && !clang_Cursor_isNull(decl) && in_namespace(decl, "cooperative_groups") &&
           !defined_with_body(decl, &def, &body);
}

/* group.size() and the like: arithmetic, with no effect. */
static bool group_pure_call(CXCursor call)
{
    char *name = callee_name(call);
    bool query = is_group_query(call, name);
    free(name);
    return query;
}

const Model model_groups = {
    .name = "cooperative groups",
    .pure_call = group_pure_call,
    .vector_component = group_component,
};
