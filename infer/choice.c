/* Pointers chosen by a condition (docs/inference.md, "Pointers chosen
 * by a condition"): `T *p = c ? A : B;` with A and B in different arrays.
 * A protocol pointer names one array, so the rest of the block runs once
 * for each choice, `if (c) { rest, p = A } else { rest, p = B }`
 * (stmt.c, tr_choice).  Nested choices split at most MAX_POINTER_CHOICES
 * times; beyond, the pointer is untracked as before. */
#include "internal.h"

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

bool pointer_choice_decl(CXCursor item, CXCursor *var, CXCursor *cond, CXCursor *a, CXCursor *b)
{
    if (clang_getCursorKind(item) != CXCursor_DeclStmt)
        return false;
    Children ch = children_of(item);
    bool one = ch.n == 1 && clang_getCursorKind(ch.c[0]) == CXCursor_VarDecl;
    *var = one ? ch.c[0] : clang_getNullCursor();
    free(ch.c);
    CXType t = clang_getCanonicalType(clang_getCursorType(*var));
    if (!one || t.kind != CXType_Pointer)
        return false;
    enum CXTypeKind pointee = clang_getCanonicalType(clang_getPointeeType(t)).kind;
    if (pointee == CXType_FunctionProto || pointee == CXType_FunctionNoProto)
        return false; /* a call through it models every target (fnptr.c) */
    CXCursor init = strip_expr(clang_Cursor_getVarDeclInitializer(*var));
    if (clang_getCursorKind(init) != CXCursor_ConditionalOperator)
        return false;
    Children ops = children_of(init);
    bool three = ops.n == 3;
    if (three) {
        *cond = ops.c[0];
        *a = ops.c[1];
        *b = ops.c[2];
    }
    free(ops.c);
    if (!three)
        return false;
    CXCursor ra = pointer_root(*a), rb = pointer_root(*b);
    return clang_Cursor_isNull(ra) || clang_Cursor_isNull(rb) || !clang_equalCursors(ra, rb);
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
