/* The variables a piece of code assigns, found from its syntax alone:
 * what a loop may change (stmt.c), and whether a parameter or a variable
 * keeps the value it starts with (kernel.c, the host code's constants in
 * host.c).
 *
 * Ownership: a Decls holds malloc'd lists, freed by decls_free; the
 * cursors belong to the translation unit. */
#include "assigned.h"

#include <stdlib.h>

/* `p = p + k`, `p = k + p`, `p = p - k`: p moves within its array. */
static bool moves_itself(CXCursor rhs, CXCursor decl)
{
    rhs = strip_expr(rhs);
    if (clang_getCursorKind(rhs) != CXCursor_BinaryOperator)
        return false;
    enum CXBinaryOperatorKind op = clang_getCursorBinaryOperatorKind(rhs);
    Children ch = children_of(rhs);
    bool moves = ch.n == 2 && ((op == CXBinaryOperator_Add && (cursor_refers_to(ch.c[0], decl) || cursor_refers_to(ch.c[1], decl))) ||
                               (op == CXBinaryOperator_Sub && cursor_refers_to(ch.c[0], decl)));
    free(ch.c);
    return moves;
}

static CXCursor assigned_decl(CXCursor lhs);

/* A plain assignment to a pointer that does not only move it, or its
 * address taken (it may be changed through it). */
static void note_retargeted(Decls *d, CXCursor lhs, CXCursor rhs, bool address_taken)
{
    CXCursor decl = assigned_decl(lhs);
    if (clang_Cursor_isNull(decl) || !type_is_pointer(clang_getCursorType(decl)))
        return;
    if (!address_taken && moves_itself(rhs, decl))
        return;
    VEC_PUSH(d->retargeted, d->nretargeted, d->capretargeted, decl);
}

/* The variable an assignment to lhs changes (s.x = ... changes s), or
 * null.  `p->x = ...` changes the memory p points to, not p. */
static CXCursor assigned_decl(CXCursor lhs)
{
    lhs = strip_expr(lhs);
    while (clang_getCursorKind(lhs) == CXCursor_MemberRefExpr) {
        Children ch = children_of(lhs);
        CXCursor base = ch.n ? strip_expr(ch.c[0]) : clang_getNullCursor();
        free(ch.c);
        if (clang_Cursor_isNull(base) || type_is_pointer(clang_getCursorType(base)))
            return clang_getNullCursor();
        lhs = base;
    }
    if (clang_getCursorKind(lhs) != CXCursor_DeclRefExpr)
        return clang_getNullCursor();
    return clang_getCursorReferenced(lhs);
}

static void note_assigned(Decls *d, CXCursor lhs)
{
    CXCursor decl = assigned_decl(lhs);
    if (clang_Cursor_isNull(decl))
        return;
    if (!clang_Cursor_isNull(d->target) && clang_equalCursors(decl, d->target))
        d->found = true;
    VEC_PUSH(d->c, d->n, d->cap, decl);
}

/* Does a parameter of type t let the callee change its argument (a
 * reference to a non-const object)? */
static bool writable_reference(CXType t)
{
    return t.kind == CXType_LValueReference && !clang_isConstQualifiedType(clang_getPointeeType(t));
}

static void note_called(Decls *d, CXCursor arg)
{
    CXCursor decl = assigned_decl(arg);
    if (!clang_Cursor_isNull(decl))
        VEC_PUSH(d->called, d->ncalled, d->capcalled, decl);
}

/* A call may change the objects it takes by non-const reference, and a
 * non-const method the object it is called on (`v.set(s)`, whose
 * members the method assigns through `this`): a loop that calls it may
 * change their members on any iteration. */
static void note_call_assigned(Decls *d, CXCursor call)
{
    CXCursor fn = clang_getCursorReferenced(call);
    Children ch = children_of(call);
    int nargs = clang_Cursor_getNumArguments(call);
    int nparams = clang_Cursor_isNull(fn) ? -1 : clang_Cursor_getNumArguments(fn);
    bool method = clang_getCursorKind(fn) == CXCursor_CXXMethod;
    bool mutating = method && !clang_CXXMethod_isConst(fn) && !clang_CXXMethod_isStatic(fn);
    int first = method && nargs == nparams + 1 ? 1 : 0; /* a member operator: the object comes first */
    if (mutating && ch.n > 0 && clang_getCursorKind(strip_expr(ch.c[0])) == CXCursor_MemberRefExpr)
        note_called(d, ch.c[0]); /* `v.set(s)`: v */
    if (mutating && first && nargs > 0)
        note_called(d, clang_Cursor_getArgument(call, 0)); /* `v += k` */
    for (int i = first; i < nargs; i++)
        if (nparams < 0 || (i - first < nparams &&
                            writable_reference(clang_getCursorType(clang_Cursor_getArgument(fn, (unsigned)(i - first))))))
            note_called(d, clang_Cursor_getArgument(call, (unsigned)i));
    free(ch.c);
}

static enum CXChildVisitResult find_assignments(CXCursor c, CXCursor parent, CXClientData data)
{
    (void)parent;
    Decls *d = data;
    enum CXCursorKind k = clang_getCursorKind(c);
    if (k == CXCursor_CallExpr)
        note_call_assigned(d, c);
    if (k == CXCursor_BinaryOperator || k == CXCursor_CompoundAssignOperator) {
        enum CXBinaryOperatorKind op = clang_getCursorBinaryOperatorKind(c);
        if (op >= CXBinaryOperator_Assign && op <= CXBinaryOperator_OrAssign) {
            Children ch = children_of(c);
            if (ch.n > 0)
                note_assigned(d, ch.c[0]);
            if (ch.n > 1 && op == CXBinaryOperator_Assign)
                note_retargeted(d, ch.c[0], ch.c[1], false);
            free(ch.c);
        }
    } else if (k == CXCursor_UnaryOperator) {
        enum CXUnaryOperatorKind op = clang_getCursorUnaryOperatorKind(c);
        if (op == CXUnaryOperator_PostInc || op == CXUnaryOperator_PostDec ||
            op == CXUnaryOperator_PreInc || op == CXUnaryOperator_PreDec ||
            op == CXUnaryOperator_AddrOf) {
            Children ch = children_of(c);
            if (ch.n > 0)
                note_assigned(d, ch.c[0]);
            if (ch.n > 0 && op == CXUnaryOperator_AddrOf)
                note_retargeted(d, ch.c[0], clang_getNullCursor(), true);
            free(ch.c);
        }
    }
    return CXChildVisit_Recurse;
}

void decls_free(Decls *d)
{
    free(d->c);
    free(d->retargeted);
    free(d->called);
}

Decls assigned_in(CXCursor tree)
{
    Decls d = {0};
    d.target = clang_getNullCursor();
    if (!clang_Cursor_isNull(tree)) {
        find_assignments(strip_expr(tree), clang_getNullCursor(), &d);
        clang_visitChildren(tree, find_assignments, &d);
    }
    return d;
}

bool decl_assigned_in(CXCursor tree, CXCursor decl)
{
    Decls d = {0};
    d.target = decl;
    clang_visitChildren(tree, find_assignments, &d);
    decls_free(&d);
    return d.found;
}

bool decls_has(const Decls *d, CXCursor decl)
{
    for (int i = 0; i < d->n; i++)
        if (clang_equalCursors(d->c[i], decl))
            return true;
    return false;
}

void decls_add_all(Decls *d, const Decls *other)
{
    for (int i = 0; i < other->n; i++)
        VEC_PUSH(d->c, d->n, d->cap, other->c[i]);
    for (int i = 0; i < other->nretargeted; i++)
        VEC_PUSH(d->retargeted, d->nretargeted, d->capretargeted, other->retargeted[i]);
    for (int i = 0; i < other->ncalled; i++)
        VEC_PUSH(d->called, d->ncalled, d->capcalled, other->called[i]);
}

bool decls_called(const Decls *d, CXCursor decl)
{
    for (int i = 0; i < d->ncalled; i++)
        if (clang_equalCursors(d->called[i], decl))
            return true;
    return false;
}

bool decls_retargets(const Decls *d, CXCursor decl)
{
    for (int i = 0; i < d->nretargeted; i++)
        if (clang_equalCursors(d->retargeted[i], decl))
            return true;
    return false;
}
