/* The variables a piece of code assigns, found from its syntax alone:
 * what a loop may change (stmt.c), and whether a parameter or a variable
 * keeps the value it starts with (kernel.c, the host code's constants in
 * host.c).
 *
 * Ownership: a Decls holds malloc'd lists, freed by decls_free; the
 * cursors belong to the translation unit. */
#include "assigned.h"

#include <stdlib.h>
#include <string.h>

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

/* `next(k)` with `void next(int &k)`, `swap_ptr(a, b)` with `float *&`:
 * the callee may give a scalar or a pointer any value, so it is assigned
 * (a pointer retargeted) as by `k = ...`.  A whole object (`T &` to a
 * struct) is only `called`: its members are dropped instead. */
static void note_reference_argument(Decls *d, CXCursor arg)
{
    note_called(d, arg);
    CXType t = clang_getCanonicalType(clang_getCursorType(strip_expr(arg)));
    if (t.kind == CXType_Record || t.kind == CXType_Elaborated)
        return;
    note_assigned(d, arg);
    note_retargeted(d, arg, clang_getNullCursor(), true);
}

static enum CXChildVisitResult find_assignments(CXCursor c, CXCursor parent, CXClientData data);

/* Calls inside a callee are followed this deep (recursion ends here). */
enum { MAX_CALLEE_DEPTH = 4 };

bool declared_within(CXCursor decl, CXCursor scope)
{
    CXSourceRange r = clang_getCursorExtent(scope);
    unsigned at, lo, hi;
    CXFile f, flo, fhi;
    clang_getFileLocation(clang_getCursorLocation(decl), &f, NULL, NULL, &at);
    clang_getFileLocation(clang_getRangeStart(r), &flo, NULL, NULL, &lo);
    clang_getFileLocation(clang_getRangeEnd(r), &fhi, NULL, NULL, &hi);
    return f && flo && clang_File_isEqual(f, flo) && lo <= at && at <= hi;
}

/* Is def a lambda's call operator that captures var by reference
 * (`[&]`, `[&var]`, `[=, &var]`)?  A copy (`[var] () mutable`, `[=]`) is
 * the lambda's own: updating it leaves the caller's variable alone.  The
 * capture list is read item by item; an init capture of that name is no
 * reference to the caller's variable. */
/* From a lambda's `[` to its body: the closure class starts at the `[`
 * (its extent is that token alone), the call operator's body ends it. */
static CXSourceRange lambda_head(CXCursor def)
{
    CXSourceRange cls = clang_getCursorExtent(clang_getCursorSemanticParent(def));
    CXCursor body = function_body(def);
    CXSourceRange b = clang_getCursorExtent(clang_Cursor_isNull(body) ? def : body);
    return clang_getRange(clang_getRangeStart(cls), clang_getRangeStart(b));
}

/* Is def a lambda's call operator (its class spelled from a `[`)? */
static bool is_lambda_operator(CXTranslationUnit tu, CXCursor def)
{
    CXToken *tok = NULL;
    unsigned n = 0;
    clang_tokenize(tu, lambda_head(def), &tok, &n);
    bool lambda = false;
    if (n > 0) {
        CXString sp = clang_getTokenSpelling(tu, tok[0]);
        lambda = strcmp(clang_getCString(sp), "[") == 0;
        clang_disposeString(sp);
    }
    if (tok)
        clang_disposeTokens(tu, tok, n);
    return lambda && clang_getCursorKind(def) == CXCursor_CXXMethod;
}

bool captured_by_reference(CXTranslationUnit tu, CXCursor def, CXCursor var)
{
    CXToken *tok = NULL;
    unsigned n = 0;
    clang_tokenize(tu, lambda_head(def), &tok, &n);
    char *name = cursor_name(var);
    const char *item[3];
    CXString held[3];
    int len = 0;
    bool lambda = false, default_ref = false, explicit_ref = false, explicit_other = false;
    for (unsigned i = 0; i < n; i++) {
        CXString sp = clang_getTokenSpelling(tu, tok[i]);
        const char *t = clang_getCString(sp);
        bool end = lambda && (strcmp(t, "]") == 0 || strcmp(t, ",") == 0);
        if (i == 0) {
            lambda = strcmp(t, "[") == 0;
            clang_disposeString(sp);
            if (!lambda)
                break;
            continue;
        }
        if (!end && len < 3) {
            held[len] = sp;
            item[len++] = t;
            continue;
        }
        if (end) { /* one item of the list: `&`, `=`, `&x`, `x`, or more */
            bool ref = len == 2 && strcmp(item[0], "&") == 0;
            default_ref |= len == 1 && strcmp(item[0], "&") == 0;
            explicit_ref |= ref && strcmp(item[1], name) == 0;
            explicit_other |= (len == 1 && strcmp(item[0], name) == 0) ||
                              (len > 2 && (strcmp(item[0], name) == 0 || strcmp(item[1], name) == 0));
            for (int j = 0; j < len; j++)
                clang_disposeString(held[j]);
            len = 0;
        }
        bool last = strcmp(t, "]") == 0;
        clang_disposeString(sp);
        if (last)
            break;
    }
    for (int j = 0; j < len; j++)
        clang_disposeString(held[j]);
    free(name);
    if (tok)
        clang_disposeTokens(tu, tok, n);
    return lambda && !explicit_other && (explicit_ref || default_ref);
}

/* A lambda's own copy of var: assigning it changes no variable of the
 * caller.  Any other callee's outer names are the caller's. */
static bool captured_by_copy(CXTranslationUnit tu, CXCursor def, CXCursor var)
{
    return is_lambda_operator(tu, def) && !captured_by_reference(tu, def, var);
}

/* A callee with a body (a `[&]` lambda's call operator, a helper) may
 * assign variables that are not its own: the caller's locals it captures
 * by reference.  They are assigned by the call (`step()` with
 * `auto step = [&] { k += 1; };`).  Its own locals and parameters are
 * not the caller's. */
static void note_callee_assigned(Decls *d, CXCursor fn)
{
    CXCursor def, body;
    if (d->depth >= MAX_CALLEE_DEPTH || clang_Cursor_isNull(fn) || !defined_with_body(fn, &def, &body))
        return;
    Decls inner = {0};
    inner.target = clang_getNullCursor();
    inner.depth = d->depth + 1;
    clang_visitChildren(body, find_assignments, &inner);
    CXTranslationUnit tu = clang_Cursor_getTranslationUnit(fn);
    for (int i = 0; i < inner.n; i++)
        if (!declared_within(inner.c[i], def) && !captured_by_copy(tu, def, inner.c[i])) {
            if (!clang_Cursor_isNull(d->target) && clang_equalCursors(inner.c[i], d->target))
                d->found = true;
            VEC_PUSH(d->c, d->n, d->cap, inner.c[i]);
        }
    for (int i = 0; i < inner.nretargeted; i++)
        if (!declared_within(inner.retargeted[i], def))
            VEC_PUSH(d->retargeted, d->nretargeted, d->capretargeted, inner.retargeted[i]);
    for (int i = 0; i < inner.ncalled; i++)
        if (!declared_within(inner.called[i], def))
            VEC_PUSH(d->called, d->ncalled, d->capcalled, inner.called[i]);
    decls_free(&inner);
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
        if (nparams < 0)
            note_called(d, clang_Cursor_getArgument(call, (unsigned)i));
        else if (i - first < nparams &&
                 writable_reference(clang_getCursorType(clang_Cursor_getArgument(fn, (unsigned)(i - first)))))
            note_reference_argument(d, clang_Cursor_getArgument(call, (unsigned)i));
    note_callee_assigned(d, fn);
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

typedef struct ChangedAfter {
    unsigned offset; /* in the file of the tree */
    CXCursor decl;
    bool found;
} ChangedAfter;

static unsigned start_offset(CXCursor c)
{
    unsigned at = 0;
    clang_getFileLocation(clang_getRangeStart(clang_getCursorExtent(c)), NULL, NULL, NULL, &at);
    return at;
}

static unsigned end_offset(CXCursor c)
{
    unsigned at = 0;
    clang_getFileLocation(clang_getRangeEnd(clang_getCursorExtent(c)), NULL, NULL, NULL, &at);
    return at;
}

/* Each subtree wholly after the offset is searched as assigned_in does;
 * one that straddles it is entered; one before it is skipped. */
static enum CXChildVisitResult find_changed_after(CXCursor c, CXCursor parent, CXClientData data)
{
    (void)parent;
    ChangedAfter *ca = data;
    if (ca->found || end_offset(c) <= ca->offset)
        return CXChildVisit_Continue;
    if (start_offset(c) < ca->offset)
        return CXChildVisit_Recurse;
    Decls d = assigned_in(c);
    ca->found = decls_has(&d, ca->decl) || decls_called(&d, ca->decl);
    decls_free(&d);
    return ca->found ? CXChildVisit_Break : CXChildVisit_Continue;
}

bool decl_changed_after(CXCursor tree, CXCursor decl, CXCursor point)
{
    ChangedAfter ca = {end_offset(point), decl, false};
    clang_visitChildren(tree, find_changed_after, &ca);
    return ca.found;
}

static enum CXChildVisitResult find_named_after(CXCursor c, CXCursor parent, CXClientData data)
{
    (void)parent;
    ChangedAfter *ca = data;
    if (ca->found || end_offset(c) <= ca->offset)
        return CXChildVisit_Continue;
    if (start_offset(c) > ca->offset && clang_getCursorKind(c) == CXCursor_DeclRefExpr &&
        clang_equalCursors(clang_getCursorReferenced(c), ca->decl))
        ca->found = true;
    return ca->found ? CXChildVisit_Break : CXChildVisit_Recurse;
}

bool decl_named_after(CXCursor tree, CXCursor decl, CXCursor point)
{
    ChangedAfter ca = {end_offset(point), decl, false};
    clang_visitChildren(tree, find_named_after, &ca);
    return ca.found;
}

/* ---- counters that only grow ---- */

typedef struct GrowScan {
    CXCursor decl;
    bool other; /* a use that may lower it, or let it be changed unseen */
} GrowScan;

static bool refers_to(CXCursor e, CXCursor decl)
{
    e = strip_expr(e);
    return clang_getCursorKind(e) == CXCursor_DeclRefExpr &&
           clang_equalCursors(clang_getCursorReferenced(e), decl);
}

/* `x += k` or `x = x + k` with k a constant >= 0 (x the left side). */
static bool growth_assignment(CXCursor op, CXCursor decl)
{
    Children ch = children_of(op);
    int64_t k = -1;
    bool ok = false;
    if (ch.n == 2 && refers_to(ch.c[0], decl)) {
        enum CXBinaryOperatorKind kind = clang_getCursorBinaryOperatorKind(op);
        if (kind == CXBinaryOperator_AddAssign) {
            ok = eval_int(ch.c[1], &k) && k >= 0;
        } else if (kind == CXBinaryOperator_Assign) {
            CXCursor rhs = strip_expr(ch.c[1]);
            Children sum = children_of(rhs);
            ok = clang_getCursorKind(rhs) == CXCursor_BinaryOperator &&
                 clang_getCursorBinaryOperatorKind(rhs) == CXBinaryOperator_Add && sum.n == 2 &&
                 ((refers_to(sum.c[0], decl) && eval_int(sum.c[1], &k)) ||
                  (refers_to(sum.c[1], decl) && eval_int(sum.c[0], &k))) && k >= 0;
            free(sum.c);
        }
    }
    free(ch.c);
    return ok;
}

static enum CXChildVisitResult scan_growth(CXCursor c, CXCursor parent, CXClientData data)
{
    GrowScan *s = data;
    if (clang_getCursorKind(c) != CXCursor_DeclRefExpr || !clang_equalCursors(clang_getCursorReferenced(c), s->decl))
        return CXChildVisit_Recurse;
    enum CXCursorKind pk = clang_getCursorKind(parent);
    if (pk == CXCursor_UnexposedExpr) /* an implicit conversion: read for its value */
        return CXChildVisit_Continue;
    if (pk == CXCursor_UnaryOperator) {
        enum CXUnaryOperatorKind op = clang_getCursorUnaryOperatorKind(parent);
        if (op == CXUnaryOperator_PostInc || op == CXUnaryOperator_PreInc)
            return CXChildVisit_Continue;
    }
    if ((pk == CXCursor_CompoundAssignOperator || pk == CXCursor_BinaryOperator) && growth_assignment(parent, s->decl))
        return CXChildVisit_Continue;
    if (pk == CXCursor_BinaryOperator) { /* the right side of a plain assignment or an operand */
        Children ch = children_of(parent);
        bool lhs = ch.n == 2 && clang_equalCursors(ch.c[0], c);
        enum CXBinaryOperatorKind kind = clang_getCursorBinaryOperatorKind(parent);
        free(ch.c);
        if (!lhs || (kind != CXBinaryOperator_Assign && kind != CXBinaryOperator_Comma))
            return CXChildVisit_Continue;
    }
    s->other = true;
    return CXChildVisit_Break;
}

bool decl_only_grows(CXCursor tree, CXCursor decl)
{
    GrowScan s = {decl, false};
    clang_visitChildren(tree, scan_growth, &s);
    return !s.other;
}

