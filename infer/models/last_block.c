/* The last block (docs/inference.md, "The last block"): a kernel whose
 * blocks each draw once from a global counter after a fence, and whose
 * block that draws gridDim.x - 1 then reads what every block wrote
 * (CUDA's threadfence reduction, llm.c's layernorm backward):
 *
 *     __threadfence();                      // or in the branch, before the draw
 *     __syncthreads();
 *     if (threadIdx.x == 0)
 *         flag = atomicAdd(&count, 1);      // or atomicInc(&count, gridDim.x)
 *     __syncthreads();
 *     if (flag == gridDim.x - 1) { BODY }   // and nothing after it
 *
 * (or `unsigned t = atomicInc(...); flag = (t == gridDim.x - 1);` and
 * `if (flag)`), flag in shared memory.  When the counter is 0 at the
 * launch, the block that draws gridDim.x - 1 of a one-row grid draws last:
 * every other block wrote, fenced and drew before, and runs nothing
 * after.  So BODY runs in one block, after everything the other blocks
 * do: the protocol says it as
 *
 *     if (gridDim.y == 1 && gridDim.z == 1) { sync grid; }
 *     local last uniform grid;
 *     if (gridDim.y == 1 && gridDim.z == 1 ? blockIdx.x == last : COND) { BODY }
 *
 * and the kernel assumes the counter starts at 0 (printed with its
 * verdict).  With no fence, CUDA's memory model orders nothing: the
 * branch still runs in one block (distinct draws give gridDim.x - 1 once
 * at most, whatever the counter's start), but with no grid barrier before
 * it, so its reads of the other blocks' writes are races, and no
 * assumption is made.  Anything else (work after the branch or after the
 * draw, a block-scoped atomic, another atomic on the counter's array, a
 * grid of several rows) keeps the branch's own condition. */
#include "models.h"

#include "env.h"
#include "equal.h"
#include "kernel.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- the C shape ---- */

/* The tokens of c, joined with no space: `threadIdx.x==0`. */
static char *joined_tokens(CXCursor c)
{
    CXTranslationUnit tu = clang_Cursor_getTranslationUnit(c);
    CXToken *toks;
    unsigned n;
    clang_tokenize(tu, clang_getCursorExtent(c), &toks, &n);
    size_t len = 0, cap = 64;
    char *s = malloc(cap);
    s[0] = 0;
    for (unsigned i = 0; i < n && len < 200; i++) {
        CXString t = clang_getTokenSpelling(tu, toks[i]);
        size_t k = strlen(clang_getCString(t));
        if (len + k + 1 > cap) {
            cap = 2 * (len + k + 1);
            s = realloc(s, cap);
        }
        memcpy(s + len, clang_getCString(t), k + 1);
        len += k;
        clang_disposeString(t);
    }
    clang_disposeTokens(tu, toks, n);
    return s;
}

static bool tokens_are(CXCursor c, const char *const *forms)
{
    char *s = joined_tokens(c);
    bool yes = name_in(s, forms);
    free(s);
    return yes;
}

static bool is_call_of(CXCursor c, const char *const *names)
{
    c = strip_expr(c);
    if (clang_getCursorKind(c) != CXCursor_CallExpr)
        return false;
    char *name = callee_name(c);
    bool yes = name_in(name, names);
    free(name);
    return yes;
}

static const char *const syncthreads[] = {"__syncthreads", NULL};
static const char *const fences[] = {"__threadfence", "__threadfence_system", NULL};

/* Nothing a thread does: `;`, `return;`. */
static bool is_nothing(CXCursor c)
{
    enum CXCursorKind k = clang_getCursorKind(c);
    return k == CXCursor_NullStmt || (k == CXCursor_ReturnStmt && clang_Cursor_isNull(child_at(c, 0)));
}

/* `if (threadIdx.x == 0) THEN` with no else: THEN's statements. */
static bool thread_zero_branch(CXCursor c, Children *then)
{
    static const char *const zero[] = {"threadIdx.x==0", "0==threadIdx.x", "(threadIdx.x==0)", NULL};
    if (clang_getCursorKind(c) != CXCursor_IfStmt)
        return false;
    Children ch = children_of(c);
    bool ok = ch.n == 2 && tokens_are(ch.c[0], zero);
    CXCursor body = ok ? ch.c[1] : clang_getNullCursor();
    free(ch.c);
    if (!ok)
        return false;
    if (clang_getCursorKind(body) == CXCursor_CompoundStmt) {
        *then = children_of(body);
    } else {
        then->c = malloc(sizeof *then->c);
        then->c[0] = body;
        then->n = 1;
    }
    return true;
}

/* The draw `X = atomicAdd(P, 1)` / `X = atomicInc(P, gridDim.x)` (device
 * or system scope), or `T t = ...;` of one: X's (or t's) spelling. */
static char *draw_target(CXCursor s)
{
    static const char *const adds[] = {"atomicAdd", "atomicAdd_system", NULL};
    static const char *const incs[] = {"atomicInc", "atomicInc_system", NULL};
    static const char *const one[] = {"1", "1u", "1U", NULL};
    static const char *const grid[] = {"gridDim.x", NULL};
    CXCursor call, target = clang_getNullCursor();
    char *name = NULL;
    if (clang_getCursorKind(s) == CXCursor_BinaryOperator &&
        clang_getCursorBinaryOperatorKind(s) == CXBinaryOperator_Assign) {
        target = child_at(s, 0);
        call = strip_expr(child_at(s, 1));
    } else if (clang_getCursorKind(s) == CXCursor_DeclStmt && clang_getCursorKind(child_at(s, 0)) == CXCursor_VarDecl &&
               clang_getCursorKind(child_at(s, 1)) != CXCursor_VarDecl) {
        CXCursor init = clang_Cursor_getVarDeclInitializer(child_at(s, 0));
        if (clang_Cursor_isNull(init))
            return NULL;
        call = strip_expr(init);
        name = cursor_name(child_at(s, 0));
    } else {
        return NULL;
    }
    bool add = is_call_of(call, adds), inc = is_call_of(call, incs);
    bool ok = (add || inc) && clang_Cursor_getNumArguments(call) == 2 &&
              tokens_are(clang_Cursor_getArgument(call, 1), add ? one : grid);
    if (!ok) {
        free(name);
        return NULL;
    }
    return name ? name : joined_tokens(target);
}

/* `flag = (t == gridDim.x - 1)`: flag's spelling. */
static char *flag_of(CXCursor s, const char *t)
{
    if (clang_getCursorKind(s) != CXCursor_BinaryOperator ||
        clang_getCursorBinaryOperatorKind(s) != CXBinaryOperator_Assign)
        return NULL;
    char *rhs = joined_tokens(child_at(s, 1)), want[240], paren[244];
    snprintf(want, sizeof want, "%s==gridDim.x-1", t);
    snprintf(paren, sizeof paren, "(%s)", want);
    bool ok = strcmp(rhs, want) == 0 || strcmp(rhs, paren) == 0;
    free(rhs);
    return ok ? joined_tokens(child_at(s, 0)) : NULL;
}

/* Is the last-block test `cond` of the flag: `X == gridDim.x - 1` for a
 * counter's value X, or `X` for a flag of form B? */
static bool tests_flag(CXCursor cond, const char *x, bool form_b)
{
    char *c = joined_tokens(cond), a[240], b[240], pa[244];
    if (form_b)
        snprintf(a, sizeof a, "%s", x);
    else
        snprintf(a, sizeof a, "%s==gridDim.x-1", x);
    snprintf(b, sizeof b, "gridDim.x-1==%s", x);
    snprintf(pa, sizeof pa, "(%s)", a);
    bool ok = strcmp(c, a) == 0 || strcmp(c, pa) == 0 || (!form_b && strcmp(c, b) == 0);
    free(c);
    return ok;
}

/* The draw's branch, items[at]: the flag's spelling (malloc'd) when it
 * draws once and does nothing after but set the flag; *fenced: a fence
 * comes before the draw. */
static char *drawing_branch(CXCursor *items, int at, bool *form_b, bool *fenced_out)
{
    Children then;
    if (at < 0 || !thread_zero_branch(items[at], &then))
        return NULL;
    char *flag = NULL;
    bool fenced = false;
    for (int i = 0; i < then.n && !flag; i++) {
        char *t = draw_target(then.c[i]);
        if (!t) {
            fenced |= is_call_of(then.c[i], fences);
            continue;
        }
        bool decl = clang_getCursorKind(then.c[i]) == CXCursor_DeclStmt;
        *form_b = decl;
        if (!decl && i + 1 == then.n)
            flag = t;
        else if (decl && i + 2 == then.n)
            flag = flag_of(then.c[i + 1], t);
        if (flag != t)
            free(t);
        break;
    }
    free(then.c);
    for (int j = at - 1; j >= 0 && flag && !fenced; j--) { /* `__threadfence(); __syncthreads();` before it */
        if (is_call_of(items[j], fences))
            fenced = true;
        else if (!is_call_of(items[j], syncthreads) && !is_nothing(items[j]))
            break;
    }
    *fenced_out = fenced;
    return flag;
}

/* if_stmt, in the kernel's own body, is the last-block test (fenced or
 * not: *fenced). */
static bool last_block_test(Infer *in, CXCursor if_stmt, bool *form_b, bool *fenced)
{
    if (clang_Cursor_isNull(in->kernel_body))
        return false;
    Children body = children_of(in->kernel_body);
    int at = -1;
    for (int i = 0; i < body.n && at < 0; i++)
        if (same_node(body.c[i], if_stmt))
            at = i;
    bool ok = at >= 2 && is_call_of(body.c[at - 1], syncthreads);
    for (int i = at + 1; i < body.n && ok; i++)
        ok = is_nothing(body.c[i]);
    Children parts = ok ? children_of(if_stmt) : (Children){0};
    ok = ok && parts.n == 2;
    char *flag = ok ? drawing_branch(body.c, at - 2, form_b, fenced) : NULL;
    ok = flag && tests_flag(parts.c[0], flag, *form_b);
    free(flag);
    free(parts.c);
    free(body.c);
    return ok;
}

/* ---- the protocol ---- */

static const Array *array_named(Infer *in, const Expr *var)
{
    for (int i = 0; var && i < in->narrays; i++)
        if (strcmp(in->arrays[i]->name, var->u.var.name) == 0)
            return in->arrays[i];
    return NULL;
}

static bool same_cell(const Stmt *a, const Stmt *b)
{
    if (strcmp(a->u.access.array->u.var.name, b->u.access.array->u.var.name) != 0 ||
        a->u.access.nindex != b->u.access.nindex || a->u.access.byte_off || b->u.access.byte_off)
        return false;
    for (int i = 0; i < a->u.access.nindex; i++)
        if (!expr_equal(a->u.access.index[i], b->u.access.index[i]))
            return false;
    return true;
}

/* The end of b's first n items without the names defined last (`local
 * old;` of an atomicInc's value, lets). */
static int skip_names(const Block *b, int n)
{
    while (n > 0 && (b->items[n - 1]->kind == S_LOCAL || b->items[n - 1]->kind == S_LET))
        n--;
    return n;
}

/* The branch's protocol: what the block does before its draw, then the
 * draw (an atomic on global memory, not block-scoped) and the write of
 * the flag's cell, and nothing after them: the draw. */
static const Stmt *drawn_in(Infer *in, const Stmt *branch, const Stmt *flag_read)
{
    if (branch->kind != S_IF || branch->u.if_.els.n)
        return NULL;
    const Block *then = &branch->u.if_.then;
    int n = skip_names(then, then->n);
    const Stmt *flag = n > 0 ? then->items[n - 1] : NULL;
    n = skip_names(then, n - 1);
    const Stmt *draw = n > 0 ? then->items[n - 1] : NULL;
    if (!draw)
        return NULL;
    if (draw->kind != S_ACCESS || draw->u.access.mode != ACC_ATOMIC || draw->u.access.scope == SCOPE_BLOCK ||
        flag->kind != S_ACCESS || flag->u.access.mode != ACC_WR || !same_cell(flag, flag_read))
        return NULL;
    const Array *a = array_named(in, draw->u.access.array);
    return a && a->mem == MEM_GLOBAL ? draw : NULL;
}

/* Another atomic on the counter's array, anywhere in b. */
static bool other_atomic(const Block *b, const Stmt *draw)
{
    for (int i = 0; i < b->n; i++) {
        const Stmt *s = b->items[i];
        if (s->kind == S_ACCESS && s != draw && s->u.access.mode == ACC_ATOMIC &&
            strcmp(s->u.access.array->u.var.name, draw->u.access.array->u.var.name) == 0)
            return true;
        if (s->kind == S_IF && (other_atomic(&s->u.if_.then, draw) || other_atomic(&s->u.if_.els, draw)))
            return true;
        if (s->kind == S_LOOP && other_atomic(&s->u.loop.body, draw))
            return true;
    }
    return false;
}

/* The statements the condition's translation just emitted end with the
 * read of the flag, a cell of shared memory; before them, `sync;` and
 * the drawing branch.  The draw, or NULL. */
static const Stmt *protocol_shape(Infer *in)
{
    const Block *out = in->out;
    int n = out->n;
    if (n < 3)
        return NULL;
    const Stmt *read = out->items[n - 1], *sync = out->items[n - 2], *branch = out->items[n - 3];
    if (read->kind != S_ACCESS || read->u.access.mode != ACC_RD || !read->u.access.into || sync->kind != S_SYNC ||
        sync->u.sync.grid || sync->u.sync.into)
        return NULL;
    const Array *flag = array_named(in, read->u.access.array);
    if (!flag || flag->mem != MEM_SHARED)
        return NULL;
    const Stmt *draw = drawn_in(in, branch, read);
    return draw && !other_atomic(out, draw) ? draw : NULL;
}

static bool last_block_condition(Infer *in, CXCursor if_stmt, Expr **cond)
{
    bool form_b = false, fenced = false;
    if (in->out != &in->kernel->body || !last_block_test(in, if_stmt, &form_b, &fenced))
        return false;
    const Stmt *draw = protocol_shape(in);
    if (!draw)
        return false;
    if (!fenced)
        warn_at(in, if_stmt,
                "the last block: no __threadfence() comes before the draw at line %u, so CUDA's memory model does not "
                "order the other blocks' writes before what this branch reads; it is checked as run by one block "
                "(the draws are distinct), in no order with the others",
                loc_line(draw->loc));
    Loc loc = (*cond)->loc;
    Expr *one_row = mk_and(in, mk_binary(in, OP_EQ, builtin_var(in, "gridDim.y", loc), num_expr(in, 1, loc)),
                           mk_binary(in, OP_EQ, builtin_var(in, "gridDim.z", loc), num_expr(in, 1, loc)));
    if (fenced) { /* the order: every other block's fenced writes and draw come first */
        Stmt *s = stmt_new(in->prog, S_IF, loc);
        s->u.if_.cond = one_row;
        emit(in, s);
        BlockMark m;
        block_enter(in, &s->u.if_.then, &m);
        emit_sync(in, loc, true);
        block_leave(in, &m);
    }
    /* Distinct draws: whatever the counter held at the launch, its draws
     * (atomicAdd by 1, or atomicInc's cycle of gridDim.x + 1 values, of
     * which gridDim.x draws meet each at most once) give gridDim.x - 1 to
     * one block at most, so one block of a one-row grid, `last`, runs the
     * branch; that needs no assumption. */
    Expr *last = emit_local(in, "last", loc);
    in->out->items[in->out->n - 1]->u.local.group = GROUP_GRID;
    name_mark_block_shared(in, last->u.var.name);
    *cond = mk_cond(in, one_row, mk_binary(in, OP_EQ, builtin_var(in, "blockIdx.x", loc), last), *cond);
    if (!fenced)
        return true;
    char text[400];
    snprintf(text, sizeof text, "the last block: the counter of the draw at line %u is 0 at the launch and only its "
                                "draws move it, so the block that draws gridDim.x - 1 of a grid of one row draws "
                                "last, after every other block's writes and fence, and alone runs the branch at "
                                "line %u",
             loc_line(draw->loc), loc_line(loc));
    note_kernel_assumption(in, text, loc);
    return true;
}

const Model model_last_block = {
    .name = "last block",
    .if_condition = last_block_condition,
};
