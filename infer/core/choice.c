/* Pointers chosen by a condition (docs/inference.md, "Pointers chosen
 * by a condition"): `T *p = c ? A : B;` or `p = c ? A : B;` with A and B
 * in different arrays.
 * A protocol pointer names one array, so the rest of the block runs once
 * for each choice, `if (c) { rest, p = A } else { rest, p = B }`
 * (stmt.c, tr_choice).  Nested choices split at most MAX_POINTER_CHOICES
 * times; beyond, the pointer is untracked as before. */
#include "stmt.h"

#include <stdlib.h>
#include <string.h>

/* The declaration, array or parameter a pointer expression starts from:
 * `A`, `A + k`, `&A[i]`, `(T *)A`; a null cursor for anything else. */
static CXCursor pointer_root(CXCursor e)
{
    for (int guard = 0; guard < 32; guard++) {
        e = strip_expr(e);
        switch (clang_getCursorKind(e)) {
        case CXCursor_DeclRefExpr:
            return clang_getCursorReferenced(e);
        case CXCursor_BinaryOperator: /* p + k, k + p */
            e = type_is_pointer(clang_getCursorType(strip_expr(child_at(e, 0)))) ? child_at(e, 0) : child_at(e, 1);
            break;
        case CXCursor_UnaryOperator: /* &A[i] */
        case CXCursor_ParenExpr:
        case CXCursor_ArraySubscriptExpr:
            e = child_at(e, 0);
            break;
        case CXCursor_CStyleCastExpr:
        case CXCursor_CXXStaticCastExpr:
        case CXCursor_CXXReinterpretCastExpr:
            e = last_expr_child(e);
            break;
        default:
            return clang_getNullCursor();
        }
    }
    return clang_getNullCursor();
}

/* `c ? A : B` with arms of different bases. */
static bool split_conditional(CXCursor e, PointerChoice *pc)
{
    e = strip_expr(e);
    if (clang_getCursorKind(e) != CXCursor_ConditionalOperator)
        return false;
    Children ops = children_of(e);
    bool three = ops.n == 3;
    if (three) {
        pc->cond = ops.c[0];
        pc->a = ops.c[1];
        pc->b = ops.c[2];
    }
    free(ops.c);
    if (!three)
        return false;
    CXCursor ra = pointer_root(pc->a), rb = pointer_root(pc->b);
    return clang_Cursor_isNull(ra) || clang_Cursor_isNull(rb) || !clang_equalCursors(ra, rb);
}

/* A pointer to data: a function pointer's call models every target
 * instead (fnptr.c). */
static bool data_pointer(CXCursor var)
{
    CXType t = clang_getCanonicalType(clang_getCursorType(var));
    if (t.kind != CXType_Pointer)
        return false;
    enum CXTypeKind pointee = clang_getCanonicalType(clang_getPointeeType(t)).kind;
    return pointee != CXType_FunctionProto && pointee != CXType_FunctionNoProto;
}

bool pointer_choice(CXCursor item, PointerChoice *pc)
{
    enum CXCursorKind k = clang_getCursorKind(item);
    if (k == CXCursor_DeclStmt) { /* T *p = c ? A : B; */
        Children ch = children_of(item);
        bool one = ch.n == 1 && clang_getCursorKind(ch.c[0]) == CXCursor_VarDecl;
        pc->var = one ? ch.c[0] : clang_getNullCursor();
        free(ch.c);
        pc->declares = true;
        return one && data_pointer(pc->var) && split_conditional(clang_Cursor_getVarDeclInitializer(pc->var), pc);
    }
    if (k != CXCursor_BinaryOperator || clang_getCursorBinaryOperatorKind(item) != CXBinaryOperator_Assign)
        return false;
    CXCursor lhs = strip_expr(child_at(item, 0)); /* p = c ? A : B; */
    pc->var = clang_getCursorReferenced(lhs);
    pc->declares = false;
    enum CXCursorKind vk = clang_getCursorKind(pc->var);
    return clang_getCursorKind(lhs) == CXCursor_DeclRefExpr && (vk == CXCursor_VarDecl || vk == CXCursor_ParmDecl) &&
           data_pointer(pc->var) && split_conditional(child_at(item, 1), pc);
}

/* a call naming `sync`, or one with a body (which may hold a barrier) */
static bool may_sync(CXCursor call, void *data)
{
    (void)data;
    char *name = callee_name(call);
    CXCursor decl = callee_decl(call);
    bool hit = strstr(name, "sync") != NULL ||
               (!clang_Cursor_isNull(decl) && function_has_body(clang_getCursorDefinition(decl)));
    free(name);
    return hit;
}

bool pointer_choice_may_sync(const CXCursor *items, int n)
{
    for (int i = 0; i < n; i++)
        if (any_call(items[i], may_sync, NULL))
            return true;
    return false;
}
