/* Host helpers run on constants (docs/inference.md, "Launches in the host
 * code"): a call of a helper the unit defines, every argument a constant,
 * is executed statement by statement when its body is more than `return
 * e;`.  SHOC's qtclustering launches `grid2D(1)` blocks:
 *
 *     int slices = 1;
 *     if (nblocks < 1) return dim3(1, 1);
 *     while (nblocks / slices > 65535) slices *= 2;
 *     return dim3(nblocks / slices, slices);
 *
 * Integer locals live in h->env above the parameters' bindings; `if`,
 * `while`, `do`, a `for` with its four parts, `return`, assignments and
 * increments of those locals are followed; anything else (a call, a
 * pointer, a `break`, a local of another type) gives up: the call's value
 * stays unknown.  A step limit, shared by a run and the helpers it calls,
 * bounds the loops.
 *
 * Ownership: nothing outlives a call; h->env is restored. */
#include "host_eval.h"

#include <stdlib.h>

enum { EXEC_MAX_STEPS = 4096 };

typedef struct Exec {
    Host *h;
    int frame; /* h->env's index where the helper's bindings start */
    bool failed, returned, dim3;
    HostVal ret[3];
} Exec;

static void exec_stmt(Exec *x, CXCursor s);

static bool kind_is(CXCursor c, enum CXCursorKind k)
{
    return clang_getCursorKind(c) == k;
}

/* The binding of a local or parameter of the helper being run, or -1. */
static int frame_slot(const Exec *x, CXCursor decl)
{
    for (int i = x->h->nenv - 1; i >= x->frame; i--)
        if (host_same_decl(x->h->env[i].decl, decl))
            return i;
    return -1;
}

/* e's value, a constant, or the run gives up. */
static bool constant_of(Exec *x, CXCursor e, int64_t *v)
{
    HostVal r = host_eval(x->h, e);
    if (r.kind != HV_CONST) {
        x->failed = true;
        return false;
    }
    *v = r.c;
    return true;
}

static void bind(Exec *x, CXCursor decl, int64_t v)
{
    HostBind b = {decl, host_constant(v)};
    VEC_PUSH(x->h->env, x->h->nenv, x->h->capenv, b);
}

/* `int slices = 1;`: integer locals with constant initializers. */
static void exec_decl(Exec *x, CXCursor s)
{
    Children ch = children_of(s);
    for (int i = 0; i < ch.n && !x->failed; i++) {
        int64_t v;
        CXCursor init = host_operand(ch.c[i]);
        if (!kind_is(ch.c[i], CXCursor_VarDecl) || !type_is_integral(clang_getCursorType(ch.c[i])) ||
            clang_Cursor_isNull(init))
            x->failed = true;
        else if (constant_of(x, init, &v))
            bind(x, ch.c[i], v);
    }
    free(ch.c);
}

/* The binary operator a compound assignment applies, or -1. */
static int compound_op(enum CXBinaryOperatorKind op)
{
    switch (op) {
    case CXBinaryOperator_MulAssign:
        return CXBinaryOperator_Mul;
    case CXBinaryOperator_DivAssign:
        return CXBinaryOperator_Div;
    case CXBinaryOperator_RemAssign:
        return CXBinaryOperator_Rem;
    case CXBinaryOperator_AddAssign:
        return CXBinaryOperator_Add;
    case CXBinaryOperator_SubAssign:
        return CXBinaryOperator_Sub;
    case CXBinaryOperator_ShlAssign:
        return CXBinaryOperator_Shl;
    case CXBinaryOperator_ShrAssign:
        return CXBinaryOperator_Shr;
    case CXBinaryOperator_AndAssign:
        return CXBinaryOperator_And;
    case CXBinaryOperator_XorAssign:
        return CXBinaryOperator_Xor;
    case CXBinaryOperator_OrAssign:
        return CXBinaryOperator_Or;
    default:
        return -1;
    }
}

/* The helper's own variable an assignment's left side names, or -1. */
static int assigned_slot(Exec *x, CXCursor lhs)
{
    lhs = host_strip(lhs);
    int slot = kind_is(lhs, CXCursor_DeclRefExpr) ? frame_slot(x, clang_getCursorReferenced(lhs)) : -1;
    if (slot < 0)
        x->failed = true;
    return slot;
}

/* `v = e`, `v op= e`, `v++`, `--v` of the helper's own variables. */
static void exec_expr(Exec *x, CXCursor e)
{
    e = host_strip(e);
    int64_t v;
    if (kind_is(e, CXCursor_BinaryOperator) && clang_getCursorBinaryOperatorKind(e) == CXBinaryOperator_Assign) {
        int slot = assigned_slot(x, child_at(e, 0));
        if (slot >= 0 && constant_of(x, child_at(e, 1), &v))
            x->h->env[slot].v = host_constant(v);
    } else if (kind_is(e, CXCursor_CompoundAssignOperator)) {
        int op = compound_op(clang_getCursorBinaryOperatorKind(e)), slot = assigned_slot(x, child_at(e, 0));
        HostVal r = host_unknown();
        if (slot >= 0 && op >= 0 && constant_of(x, child_at(e, 1), &v))
            r = host_combine_constants((enum CXBinaryOperatorKind)op, x->h->env[slot].v.c, v);
        x->failed |= r.kind != HV_CONST;
        if (!x->failed)
            x->h->env[slot].v = r;
    } else if (kind_is(e, CXCursor_UnaryOperator)) {
        enum CXUnaryOperatorKind op = clang_getCursorUnaryOperatorKind(e);
        bool up = op == CXUnaryOperator_PostInc || op == CXUnaryOperator_PreInc;
        bool down = op == CXUnaryOperator_PostDec || op == CXUnaryOperator_PreDec;
        int slot = up || down ? assigned_slot(x, host_operand(e)) : -1;
        HostVal r = slot >= 0 ? host_combine_constants(up ? CXBinaryOperator_Add : CXBinaryOperator_Sub,
                                                       x->h->env[slot].v.c, 1)
                              : host_unknown();
        x->failed |= r.kind != HV_CONST;
        if (!x->failed)
            x->h->env[slot].v = r;
    } else {
        x->failed = true; /* a call, a write through a pointer: not followed */
    }
}

/* `return e;`: an integer, or a dim3's axes. */
static void exec_return(Exec *x, CXCursor s)
{
    CXCursor e = child_at(s, 0);
    x->returned = true;
    if (clang_Cursor_isNull(e)) {
        x->failed = true;
    } else if (x->dim3) {
        host_eval_dim3(x->h, e, x->ret);
        for (int a = 0; a < 3; a++)
            x->failed |= x->ret[a].kind != HV_CONST;
    } else {
        int64_t v;
        if (constant_of(x, e, &v))
            x->ret[0] = host_constant(v);
    }
}

/* A loop's test, counted against the step limit. */
static bool loop_goes_on(Exec *x, CXCursor cond)
{
    int64_t v;
    if (++x->h->exec_steps > EXEC_MAX_STEPS) /* shared by the helpers a run calls: nested loops stay bounded */
        x->failed = true;
    return !x->failed && constant_of(x, cond, &v) && v != 0;
}

/* The statements of a block, in order, until one returns or gives up; its
 * declarations end with it. */
static void exec_block(Exec *x, CXCursor s)
{
    int mark = x->h->nenv;
    Children ch = children_of(s);
    for (int i = 0; i < ch.n && !x->failed && !x->returned; i++)
        exec_stmt(x, ch.c[i]);
    free(ch.c);
    x->h->nenv = mark;
}

static void exec_stmt(Exec *x, CXCursor s)
{
    Children ch = children_of(s);
    int64_t v;
    switch (clang_getCursorKind(s)) {
    case CXCursor_CompoundStmt:
        exec_block(x, s);
        break;
    case CXCursor_DeclStmt:
        exec_decl(x, s);
        break;
    case CXCursor_NullStmt:
        break;
    case CXCursor_ReturnStmt:
        exec_return(x, s);
        break;
    case CXCursor_IfStmt: /* if (c) A [else B]: a declaration in the condition gives up */
        if (ch.n < 2 || ch.n > 3 || !clang_isExpression(clang_getCursorKind(ch.c[0])))
            x->failed = true;
        else if (constant_of(x, ch.c[0], &v) && (v || ch.n == 3))
            exec_stmt(x, ch.c[v ? 1 : 2]);
        break;
    case CXCursor_WhileStmt:
        if (ch.n != 2 || !clang_isExpression(clang_getCursorKind(ch.c[0])))
            x->failed = true;
        while (!x->failed && !x->returned && loop_goes_on(x, ch.c[0]))
            exec_stmt(x, ch.c[1]);
        break;
    case CXCursor_DoStmt:
        if (ch.n != 2)
            x->failed = true;
        do
            exec_stmt(x, ch.c[0]);
        while (!x->failed && !x->returned && loop_goes_on(x, ch.c[1]));
        break;
    case CXCursor_ForStmt: { /* only with all four parts: which child is which is then sure */
        int mark = x->h->nenv;
        if (ch.n != 4 || !kind_is(ch.c[0], CXCursor_DeclStmt))
            x->failed = true;
        else
            exec_decl(x, ch.c[0]);
        while (!x->failed && !x->returned && loop_goes_on(x, ch.c[1])) {
            exec_stmt(x, ch.c[3]);
            if (!x->failed && !x->returned)
                exec_expr(x, ch.c[2]);
        }
        x->h->nenv = mark;
        break;
    }
    default:
        if (clang_isExpression(clang_getCursorKind(s)))
            exec_expr(x, s);
        else
            x->failed = true; /* break, continue, goto, switch, ... */
    }
    free(ch.c);
}

/* An integer, or a const reference to one (`const T &n`: no write
 * through it reaches the caller). */
static bool integer_parameter(CXType t)
{
    if (t.kind == CXType_LValueReference) {
        CXType to = clang_getPointeeType(t);
        return clang_isConstQualifiedType(to) && type_is_integral(to);
    }
    return type_is_integral(t);
}

/* The helper a call names, defined in the unit (not a kernel), with a
 * body; its parameters bound to the arguments' constant values from
 * h->env[x->frame] on.  Null when it is not one, or an argument is no
 * constant. */
static CXCursor enter(Exec *x, CXCursor call)
{
    CXCursor def = clang_getCursorDefinition(clang_getCursorReferenced(call));
    if (clang_Cursor_isNull(def) || cursor_has_attr(def, CXCursor_CUDAGlobalAttr))
        return clang_getNullCursor();
    Children ch = children_of(def);
    CXCursor body = ch.n ? ch.c[ch.n - 1] : clang_getNullCursor();
    int nargs = clang_Cursor_getNumArguments(call), param = 0;
    for (int i = 0; i < ch.n && !x->failed; i++) {
        int64_t v;
        if (!kind_is(ch.c[i], CXCursor_ParmDecl))
            continue;
        if (param >= nargs || !integer_parameter(clang_getCursorType(ch.c[i])))
            x->failed = true;
        else if (constant_of(x, clang_Cursor_getArgument(call, (unsigned)param), &v))
            bind(x, ch.c[i], v);
        param++;
    }
    free(ch.c);
    return !x->failed && kind_is(body, CXCursor_CompoundStmt) ? body : clang_getNullCursor();
}

bool host_exec_helper(Host *h, CXCursor call, bool dim3, HostVal out[3])
{
    Exec x = {h, h->nenv, false, false, dim3, {host_unknown(), host_unknown(), host_unknown()}};
    if (h->depth >= HOST_MAX_DEPTH)
        return false;
    if (h->exec_depth++ == 0)
        h->exec_steps = 0;
    h->depth++;
    CXCursor body = enter(&x, call);
    if (!clang_Cursor_isNull(body))
        exec_stmt(&x, body);
    h->depth--;
    h->exec_depth--;
    h->nenv = x.frame;
    bool ok = !clang_Cursor_isNull(body) && !x.failed && x.returned;
    for (int a = 0; a < 3; a++)
        out[a] = ok ? x.ret[a] : host_unknown();
    return ok;
}
