/* Calls through a function pointer (docs/inference.md, "Function
 * pointers"): the pointer may hold any function of the file with a body
 * and the pointer's type, so the call is each of them in turn, chosen by
 * an unknown: `local target; if (target == 0) { f1 } else { f2 }`.  A
 * local initialised with `f` or `c ? f : g` and never assigned again holds
 * only those.  A pointer whose type no function of the file has stays
 * `opaque`.  A captureless lambda of the file that takes the pointer's
 * parameters may have been converted to it (`op_t f = [](float *p, int i)
 * {...};`): its call operator is a candidate too.
 *
 * Ownership: the candidate list is malloc'd and freed here. */
#include "models.h"

#include "assigned.h"
#include "call.h"

#include <stdlib.h>
#include <string.h>

enum { MAX_TARGETS = 16 };

typedef struct Targets {
    CXType fn_type;
    CXFile file;
    CXCursor c[MAX_TARGETS];
    int n;
    bool too_many;
} Targets;

static bool find_targets(CXCursor c, void *data)
{
    Targets *t = data;
    CXFile f;
    clang_getExpansionLocation(clang_getCursorLocation(c), &f, NULL, NULL, NULL);
    if (clang_getCursorKind(c) != CXCursor_FunctionDecl || !f || !clang_File_isEqual(f, t->file) ||
        !clang_isCursorDefinition(c) || !function_has_body(c) || cursor_has_attr(c, CXCursor_CUDAGlobalAttr) ||
        !clang_equalTypes(clang_getCanonicalType(clang_getCursorType(c)), t->fn_type))
        return true;
    t->too_many = t->n == MAX_TARGETS;
    if (!t->too_many)
        t->c[t->n++] = c;
    return !t->too_many;
}

/* A captureless lambda (`[]` first: only those convert to a function
 * pointer) whose parameters are the function type's. */
static bool lambda_takes(Infer *in, CXCursor lambda, CXType fn_type)
{
    CXToken *tok = NULL;
    unsigned ntok = 0;
    clang_tokenize(in->tu, clang_getCursorExtent(lambda), &tok, &ntok);
    bool captureless = false;
    if (ntok >= 2) {
        CXString a = clang_getTokenSpelling(in->tu, tok[0]), b = clang_getTokenSpelling(in->tu, tok[1]);
        captureless = !strcmp(clang_getCString(a), "[") && !strcmp(clang_getCString(b), "]");
        clang_disposeString(a);
        clang_disposeString(b);
    }
    if (tok)
        clang_disposeTokens(in->tu, tok, ntok);
    int nargs = clang_getNumArgTypes(fn_type), n = 0;
    Children ch = children_of(lambda);
    bool same = captureless;
    for (int i = 0; i < ch.n && same; i++) {
        if (clang_getCursorKind(ch.c[i]) != CXCursor_ParmDecl)
            continue;
        same = n < nargs && clang_equalTypes(clang_getCanonicalType(clang_getCursorType(ch.c[i])),
                                             clang_getCanonicalType(clang_getArgType(fn_type, (unsigned)n)));
        n++;
    }
    free(ch.c);
    return same && n == nargs;
}

/* The call operator of a lambda: a method of its closure class. */
static CXCursor call_operator(CXCursor lambda)
{
    CXCursor cls = clang_getTypeDeclaration(clang_getCursorType(lambda));
    Children ch = children_of(cls);
    CXCursor op = clang_getNullCursor();
    for (int i = 0; i < ch.n && clang_Cursor_isNull(op); i++)
        if (clang_getCursorKind(ch.c[i]) == CXCursor_CXXMethod && cursor_name_is(ch.c[i], "operator()") &&
            function_has_body(ch.c[i]))
            op = ch.c[i];
    free(ch.c);
    return op;
}

typedef struct LambdaSearch {
    Infer *in;
    Targets *t;
} LambdaSearch;

/* Declarations of the file are searched whole (an implicit conversion's
 * call inside them may have no place of its own). */
static enum CXChildVisitResult find_lambdas(CXCursor c, CXCursor parent, CXClientData data)
{
    LambdaSearch *ls = data;
    if (clang_getCursorKind(parent) == CXCursor_TranslationUnit) {
        CXFile f;
        clang_getExpansionLocation(clang_getCursorLocation(c), &f, NULL, NULL, NULL);
        if (!f || !clang_File_isEqual(f, ls->t->file))
            return CXChildVisit_Continue;
    }
    if (clang_getCursorKind(c) != CXCursor_LambdaExpr || !lambda_takes(ls->in, c, ls->t->fn_type))
        return CXChildVisit_Recurse;
    CXCursor op = call_operator(c);
    ls->t->too_many = ls->t->n == MAX_TARGETS || clang_Cursor_isNull(op);
    if (!ls->t->too_many)
        ls->t->c[ls->t->n++] = op;
    return ls->t->too_many ? CXChildVisit_Break : CXChildVisit_Recurse;
}

/* The callee of a call through a pointer, through parentheses, casts and
 * dereferences: `f` of `(*f)(x)` and of `f(x)`. */
static CXCursor callee_of(CXCursor call)
{
    CXCursor c = strip_expr(child_at(call, 0));
    while (clang_getCursorKind(c) == CXCursor_UnaryOperator &&
           clang_getCursorUnaryOperatorKind(c) == CXUnaryOperator_Deref)
        c = strip_expr(child_at(c, 0));
    return c;
}

/* The function type a call's callee points at, when it is a pointer
 * (a variable, a parameter, an array element), not a function's name. */
static bool pointee_function_type(CXCursor call, CXType *fn_type)
{
    CXCursor callee = callee_of(call);
    if (clang_Cursor_isNull(callee) || !is_expression_kind(clang_getCursorKind(callee)))
        return false;
    CXCursor ref = clang_getCursorReferenced(callee);
    enum CXCursorKind rk = clang_getCursorKind(ref);
    if (rk == CXCursor_FunctionDecl || rk == CXCursor_CXXMethod || rk == CXCursor_FunctionTemplate)
        return false; /* a direct call */
    CXType t = clang_getCanonicalType(clang_getCursorType(callee));
    if (t.kind == CXType_Pointer)
        t = clang_getCanonicalType(clang_getPointeeType(t));
    if (t.kind != CXType_FunctionProto && t.kind != CXType_FunctionNoProto)
        return false;
    *fn_type = t;
    return true;
}

/* The functions an initializer names, `f` or `c ? f : g` (through
 * parentheses and casts); false when it is anything else. */
static bool named_functions(CXCursor e, Targets *t)
{
    e = strip_expr(e);
    enum CXCursorKind k = clang_getCursorKind(e);
    if (k == CXCursor_UnaryOperator && clang_getCursorUnaryOperatorKind(e) == CXUnaryOperator_AddrOf)
        return named_functions(child_at(e, 0), t);
    if (k == CXCursor_ConditionalOperator) {
        Children ch = children_of(e);
        bool ok = ch.n == 3 && named_functions(ch.c[1], t) && named_functions(ch.c[2], t);
        free(ch.c);
        return ok;
    }
    CXCursor fn = clang_getCursorDefinition(clang_getCursorReferenced(e));
    if (k != CXCursor_DeclRefExpr || clang_getCursorKind(fn) != CXCursor_FunctionDecl || !function_has_body(fn) ||
        t->n == MAX_TARGETS)
        return false;
    for (int i = 0; i < t->n; i++)
        if (clang_equalCursors(t->c[i], fn))
            return true;
    t->c[t->n++] = fn;
    return true;
}

/* `op(...)` through a local `op` initialised with the functions it may
 * hold and never assigned again: those functions only. */
static bool initialised_targets(Infer *in, CXCursor call, Targets *t)
{
    CXCursor callee = callee_of(call);
    CXCursor var = clang_getCursorReferenced(callee);
    if (clang_getCursorKind(callee) != CXCursor_DeclRefExpr || clang_getCursorKind(var) != CXCursor_VarDecl ||
        clang_Cursor_getStorageClass(var) == CX_SC_Static || decl_assigned_in(in->kernel_body, var))
        return false;
    for (int i = 0; i < in->ncalls; i++)
        if (decl_assigned_in(in->calls[i], var))
            return false;
    CXCursor init = clang_Cursor_getVarDeclInitializer(var);
    Targets named = {0};
    if (clang_Cursor_isNull(init) || !named_functions(init, &named))
        return false;
    *t = named;
    return true;
}

/* The functions of the file a call through a pointer may reach: those
 * with a body and the pointer's type (at most MAX_TARGETS); 0 if none or
 * not such a call.  *out is malloc'd. */
static int fnptr_targets(Infer *in, CXCursor call, CXCursor **out)
{
    Targets t = {0};
    if (clang_getCursorKind(call) != CXCursor_CallExpr || !in->main_file ||
        !pointee_function_type(call, &t.fn_type))
        return 0;
    t.file = in->main_file;
    if (!initialised_targets(in, call, &t)) {
        visit_top_level(in->tu, find_targets, &t);
        LambdaSearch ls = {in, &t};
        if (!t.too_many)
            clang_visitChildren(clang_getTranslationUnitCursor(in->tu), find_lambdas, &ls);
    }
    if (t.too_many || t.n == 0)
        return 0;
    *out = xcalloc((size_t)t.n, sizeof **out);
    for (int i = 0; i < t.n; i++)
        (*out)[i] = t.c[i];
    return t.n;
}

/* The possible targets of a function pointer: each thread's own. */
bool fnptr_call(Infer *in, const Call *c, Value *out)
{
    CXCursor *targets = NULL;
    int n = fnptr_targets(in, c->cursor, &targets);
    if (n > 0)
        *out = call_one_of(in, c, targets, n, false);
    free(targets);
    return n > 0;
}
