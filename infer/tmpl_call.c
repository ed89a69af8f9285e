/* Calls into templates (docs/inference.md, "Templates"): the template
 * arguments of an inlined call, and the calls a template's pattern
 * leaves dependent.
 *
 * libclang shows a function template once, as its pattern; an inlined
 * call translates that pattern.  Its non-type template parameters are
 * bound for the call like its parameters: from the specialization clang
 * chose (`store<2>(...)`, deduced or explicit), or, for a call the pattern
 * leaves dependent (`merge<dir>(...)` inside another template), from the
 * explicit arguments as written, evaluated at the call.  A parameter no
 * argument gives stays unbound: an unknown, as before.
 *
 * The `SharedMemory<T>()` idiom (a class template whose conversion to
 * `T *` returns an `extern __shared__` buffer) is a construct expression
 * whose conversion the pattern does not show: it is the conversion's
 * value.
 *
 * Ownership: nothing here outlives the call; cursors belong to the
 * translation unit. */
#include "internal.h"

#include <stdlib.h>
#include <string.h>

static void bind_param(Infer *in, CXCursor def, int pos, Value v)
{
    CXCursor p = template_param_at(def, pos);
    if (!clang_Cursor_isNull(p) && clang_getCursorKind(p) == CXCursor_NonTypeTemplateParameter &&
        v.kind == V_INT)
        env_bind(in, p, v);
}

/* ---- explicit arguments of a dependent call, from the tokens ---- */

/* The offsets at which the top-level arguments of the first `<...>` in
 * the callee's tokens start; returns their number. */
static int argument_starts(Infer *in, CXCursor callee, unsigned *starts, int cap)
{
    CXToken *t = NULL;
    unsigned n = 0;
    clang_tokenize(in->tu, clang_getCursorExtent(callee), &t, &n);
    int nargs = 0, depth = 0;
    for (unsigned i = 0; i < n; i++) {
        CXString s = clang_getTokenSpelling(in->tu, t[i]);
        const char *sp = clang_getCString(s);
        bool open = strcmp(sp, "<") == 0 || strcmp(sp, "(") == 0 || strcmp(sp, "[") == 0;
        int close = strcmp(sp, ">") == 0 || strcmp(sp, ")") == 0 || strcmp(sp, "]") == 0 ? 1
                    : strcmp(sp, ">>") == 0 ? 2 : 0;
        bool comma = strcmp(sp, ",") == 0 && depth == 1;
        clang_disposeString(s);
        unsigned off;
        clang_getExpansionLocation(clang_getTokenLocation(in->tu, t[i]), NULL, NULL, NULL, &off);
        if ((open && depth == 0) || comma) {
            if (nargs < cap)
                starts[nargs] = off + 1;
            nargs++;
        }
        depth += open;
        depth -= close;
        if (depth <= 0 && nargs > 0 && close)
            break;
    }
    if (t)
        clang_disposeTokens(in->tu, t, n);
    return nargs < cap ? nargs : cap;
}

static int argument_at(const unsigned *starts, int n, unsigned off)
{
    int pos = -1;
    for (int i = 0; i < n; i++)
        if (off >= starts[i])
            pos = i;
    return pos;
}

/* `f<a, b>(...)` left dependent: the callee is a DeclRefExpr holding the
 * candidates (an OverloadedDeclRef) and the argument expressions. */
static CXCursor dependent_callee_ref(CXCursor call)
{
    CXCursor callee = strip_expr(child_at(call, 0));
    if (clang_getCursorKind(callee) == CXCursor_OverloadedDeclRef)
        return callee;
    if (clang_getCursorKind(callee) != CXCursor_DeclRefExpr ||
        clang_getCursorKind(child_at(callee, 0)) != CXCursor_OverloadedDeclRef)
        return clang_getNullCursor();
    return callee;
}

/* Binds tmpl's non-type parameters to the expressions among holder's
 * children (from child `from` on) that are template arguments of the first
 * `<...>` in holder's tokens, by their position there. */
static void bind_written_args(Infer *in, CXCursor holder, int from, CXCursor tmpl)
{
    unsigned starts[MAX_TEMPLATE_PARAMS];
    int nargs = argument_starts(in, holder, starts, MAX_TEMPLATE_PARAMS);
    Children ch = children_of(holder);
    for (int i = from; i < ch.n; i++) {
        if (!is_expression_kind(clang_getCursorKind(ch.c[i])))
            continue; /* a type argument */
        unsigned off;
        clang_getExpansionLocation(clang_getCursorLocation(ch.c[i]), NULL, NULL, NULL, &off);
        int pos = argument_at(starts, nargs, off);
        if (pos >= 0)
            bind_param(in, tmpl, pos, tr_value(in, ch.c[i]));
    }
    free(ch.c);
}

/* `obj.f<true>(...)` left dependent: the member is an OverloadedDeclRef
 * among the MemberRefExpr's children (after the object). */
static CXCursor dependent_member_ref(CXCursor call)
{
    CXCursor callee = strip_expr(child_at(call, 0));
    if (clang_getCursorKind(callee) != CXCursor_MemberRefExpr)
        return clang_getNullCursor();
    Children ch = children_of(callee);
    CXCursor ov = clang_getNullCursor();
    for (int i = 0; i < ch.n && clang_Cursor_isNull(ov); i++)
        if (clang_getCursorKind(ch.c[i]) == CXCursor_OverloadedDeclRef)
            ov = ch.c[i];
    free(ch.c);
    return ov;
}

static void bind_explicit_args(Infer *in, CXCursor call, CXCursor def)
{
    CXCursor callee = dependent_callee_ref(call);
    if (!clang_Cursor_isNull(callee) && clang_getCursorKind(callee) == CXCursor_DeclRefExpr)
        bind_written_args(in, callee, 1, def);
    else if (!clang_Cursor_isNull(dependent_member_ref(call))) /* the object's tokens come before the `<` */
        bind_written_args(in, strip_expr(child_at(call, 0)), 1, def);
}

/* `Tile<T, N>::load(...)`, `SharedMem<T> m; m.get()`: the class template
 * of a method's object or qualifier is written with its arguments; they
 * are bound for the method's body like the method's own. */
CXCursor template_written_class(CXCursor holder)
{
    CXCursor first = child_at(holder, 0);
    for (int i = 1; clang_isAttribute(clang_getCursorKind(first)); i++) /* `__shared__ F<W> f;` */
        first = child_at(holder, i);
    if (clang_getCursorKind(first) != CXCursor_TemplateRef)
        return clang_getNullCursor();
    CXCursor cls = clang_getCursorReferenced(first);
    return clang_getCursorKind(cls) == CXCursor_ClassTemplate ? cls : clang_getNullCursor();
}

static void bind_class_args(Infer *in, CXCursor call, CXCursor def)
{
    CXCursor parent = clang_getCursorSemanticParent(def);
    if (clang_getCursorKind(parent) != CXCursor_ClassTemplate || clang_getCursorKind(call) != CXCursor_CallExpr)
        return;
    CXCursor callee = strip_expr(child_at(call, 0));
    CXCursor holder = callee;
    if (clang_getCursorKind(callee) == CXCursor_MemberRefExpr) /* obj.f(): obj's declaration */
        holder = clang_getCursorReferenced(strip_expr(child_at(callee, 0)));
    CXCursor cls = template_written_class(holder);
    if (!clang_Cursor_isNull(cls) && clang_equalCursors(clang_getCursorDefinition(cls), parent))
        bind_written_args(in, holder, 1, parent);
}

void template_bind_args(Infer *in, CXCursor call, CXCursor def)
{
    bind_class_args(in, call, def);
    /* def is the pattern, or the specialization clang instantiated, whose
     * body still names the pattern's parameters */
    CXCursor tmpl = clang_getCursorKind(def) == CXCursor_FunctionTemplate ? def : clang_getSpecializedCursorTemplate(def);
    if (clang_Cursor_isNull(tmpl) || clang_getCursorKind(tmpl) != CXCursor_FunctionTemplate)
        return;
    CXCursor spec = clang_getCursorKind(call) == CXCursor_CallExpr ? callee_decl(call) : clang_getNullCursor();
    if (clang_Cursor_isNull(spec) || clang_getCursorKind(spec) == CXCursor_OverloadedDeclRef) {
        bind_explicit_args(in, call, tmpl);
        return;
    }
    int n = clang_Cursor_getNumTemplateArguments(spec);
    Loc loc = loc_of(in, call);
    for (int i = 0; i < n && i < MAX_TEMPLATE_PARAMS; i++)
        if (clang_Cursor_getTemplateArgumentKind(spec, (unsigned)i) == CXTemplateArgumentKind_Integral)
            bind_param(in, tmpl, i, value_int(num_expr(in, template_arg_value(spec, i), loc)));
}

/* ---- dependent calls ---- */

static int count_params(CXCursor fn, int *required)
{
    Children ch = children_of(fn);
    int n = 0;
    *required = 0;
    for (int i = 0; i < ch.n; i++) {
        if (clang_getCursorKind(ch.c[i]) != CXCursor_ParmDecl)
            continue;
        n++;
        bool has_default = false;
        Children p = children_of(ch.c[i]);
        for (int j = 0; j < p.n; j++)
            has_default |= is_expression_kind(clang_getCursorKind(p.c[j]));
        free(p.c);
        if (!has_default)
            *required = n;
    }
    free(ch.c);
    return n;
}

bool function_has_body(CXCursor fn)
{
    Children ch = children_of(fn);
    bool body = false;
    for (int i = 0; i < ch.n; i++)
        body |= clang_getCursorKind(ch.c[i]) == CXCursor_CompoundStmt;
    free(ch.c);
    return body;
}

typedef struct Candidates {
    CXCursor *c;
    int n, cap;
    CXString usr; /* of the function template whose specializations are sought */
} Candidates;

static void add_candidate(Candidates *cs, CXCursor fn)
{
    for (int i = 0; i < cs->n; i++)
        if (clang_equalCursors(cs->c[i], fn))
            return; /* the same definition reached twice */
    VEC_PUSH(cs->c, cs->n, cs->cap, fn);
}

/* `template <> float MAX<float>(float, float) { ... }`: the explicit
 * specializations of a function template, with their bodies. */
static bool find_function_specializations(CXCursor c, void *data)
{
    Candidates *cs = data;
    CXCursor tmpl = clang_getSpecializedCursorTemplate(c);
    if (clang_getCursorKind(c) != CXCursor_FunctionDecl || !function_has_body(c) || clang_Cursor_isNull(tmpl))
        return true;
    CXString u = clang_getCursorUSR(tmpl);
    if (strcmp(clang_getCString(u), clang_getCString(cs->usr)) == 0)
        add_candidate(cs, c);
    clang_disposeString(u);
    return true;
}

/* The OverloadedDeclRef holding the candidates of a call the pattern
 * leaves dependent, or a null cursor; *member for `obj.f<true>(...)`. */
static CXCursor dependent_overloads(CXCursor call, bool *member)
{
    CXCursor ref = dependent_callee_ref(call);
    *member = clang_Cursor_isNull(ref);
    if (*member) /* obj.f<true>(...): the member templates and methods named f */
        ref = dependent_member_ref(call);
    if (!clang_Cursor_isNull(ref) && clang_getCursorKind(ref) == CXCursor_DeclRefExpr)
        ref = child_at(ref, 0);
    return ref;
}

/* Is the candidate decl a function (or a method, for obj.f) that can take nargs arguments? */
static bool candidate_fits(CXCursor decl, bool member, int nargs)
{
    enum CXCursorKind k = clang_getCursorKind(decl);
    if (k != CXCursor_FunctionTemplate && k != CXCursor_FunctionDecl && !(member && k == CXCursor_CXXMethod))
        return false;
    int required, total = count_params(decl, &required);
    return nargs >= required && nargs <= total;
}

int template_dependent_targets(Infer *in, CXCursor call, int nargs, CXCursor **out)
{
    CXCursor *decls;
    int n = template_dependent_candidates(call, nargs, &decls);
    Candidates cs = {0};
    for (int i = 0; i < n; i++) {
        CXCursor def = clang_getCursorDefinition(decls[i]);
        if (!clang_Cursor_isNull(def) && function_has_body(def))
            add_candidate(&cs, def);
        if (clang_getCursorKind(decls[i]) == CXCursor_FunctionTemplate) { /* and each explicit specialization */
            cs.usr = clang_getCursorUSR(decls[i]);
            visit_top_level(in->tu, find_function_specializations, &cs);
            clang_disposeString(cs.usr);
        }
    }
    free(decls);
    *out = cs.c;
    return cs.n;
}

int template_dependent_candidates(CXCursor call, int nargs, CXCursor **out)
{
    *out = NULL;
    bool member;
    CXCursor ref = dependent_overloads(call, &member);
    if (clang_Cursor_isNull(ref))
        return 0;
    Candidates cs = {0};
    unsigned n = clang_getNumOverloadedDecls(ref);
    for (unsigned i = 0; i < n; i++) {
        CXCursor decl = clang_getOverloadedDecl(ref, i);
        if (candidate_fits(decl, member, nargs))
            add_candidate(&cs, decl);
    }
    *out = cs.c;
    return cs.n;
}

/* ---- SharedMemory<T>() ---- */

static enum CXChildVisitResult find_pointer_conversion(CXCursor c, CXCursor parent, CXClientData data)
{
    (void)parent;
    CXCursor *out = data;
    if (clang_getCursorKind(c) == CXCursor_ConversionFunction && function_has_body(c) &&
        clang_getCanonicalType(clang_getCursorResultType(c)).kind == CXType_Pointer) {
        *out = c;
        return CXChildVisit_Break;
    }
    /* a dependent result type (`operator T *`) */
    if (clang_getCursorKind(c) == CXCursor_ConversionFunction && function_has_body(c) &&
        clang_getCursorResultType(c).kind != CXType_Invalid && clang_Cursor_isNull(*out)) {
        CXType r = clang_getCursorResultType(c);
        if (r.kind == CXType_Pointer || r.kind == CXType_Unexposed)
            *out = c;
    }
    return CXChildVisit_Continue;
}

bool template_construct_conversion(CXCursor call, CXCursor *conv)
{
    if (clang_getCursorKind(call) != CXCursor_CallExpr || clang_Cursor_getNumArguments(call) > 0)
        return false;
    Children ch = children_of(call);
    bool operands = false; /* SharedMemory<T>(x): a constructor's arguments */
    for (int i = 0; i < ch.n; i++)
        operands |= is_expression_kind(clang_getCursorKind(ch.c[i]));
    free(ch.c);
    if (operands)
        return false;
    CXCursor first = child_at(call, 0);
    enum CXCursorKind k = clang_getCursorKind(first);
    if (k != CXCursor_TemplateRef && k != CXCursor_TypeRef)
        return false;
    CXCursor cls = clang_getCursorReferenced(first);
    enum CXCursorKind ck = clang_getCursorKind(cls);
    if (ck != CXCursor_ClassTemplate && ck != CXCursor_StructDecl && ck != CXCursor_ClassDecl)
        return false;
    *conv = clang_getNullCursor();
    clang_visitChildren(clang_getCursorDefinition(cls), find_pointer_conversion, conv);
    return !clang_Cursor_isNull(*conv);
}

/* ---- dependent member calls: `shared.getPointer()` on a SharedMem<T> ---- */

/* The member name of a dependent `obj.name` (libclang gives it no
 * spelling): its last identifier token.  Malloc'd, "" when none. */
char *template_member_name(Infer *in, CXCursor member)
{
    CXToken *t = NULL;
    unsigned n = 0;
    clang_tokenize(in->tu, clang_getCursorExtent(member), &t, &n);
    char *name = NULL;
    for (unsigned i = n; i-- > 0 && !name;) {
        if (clang_getTokenKind(t[i]) != CXToken_Identifier)
            continue;
        CXString s = clang_getTokenSpelling(in->tu, t[i]);
        name = strdup(clang_getCString(s));
        clang_disposeString(s);
    }
    if (t)
        clang_disposeTokens(in->tu, t, n);
    return name ? name : strdup("");
}

typedef struct Methods {
    CXCursor tmpl;
    const char *name;
    int nargs;
    CXCursor *c;
    int n, cap;
} Methods;

static void add_methods_of(Methods *m, CXCursor cls)
{
    Children ch = children_of(cls);
    for (int i = 0; i < ch.n; i++) {
        int required, total;
        enum CXCursorKind k = clang_getCursorKind(ch.c[i]); /* a method, or a member template */
        if ((k != CXCursor_CXXMethod && k != CXCursor_FunctionTemplate) || !cursor_name_is(ch.c[i], m->name) ||
            !function_has_body(ch.c[i]))
            continue;
        total = count_params(ch.c[i], &required);
        if (m->nargs >= required && m->nargs <= total)
            VEC_PUSH(m->c, m->n, m->cap, ch.c[i]);
    }
    free(ch.c);
}

/* The class template's specializations (explicit and partial). */
static bool find_specializations(CXCursor c, void *data)
{
    Methods *m = data;
    enum CXCursorKind k = clang_getCursorKind(c);
    if ((k == CXCursor_ClassDecl || k == CXCursor_StructDecl || k == CXCursor_ClassTemplatePartialSpecialization) &&
        clang_isCursorDefinition(c) && clang_equalCursors(clang_getSpecializedCursorTemplate(c), m->tmpl))
        add_methods_of(m, c);
    return true;
}

enum { MAX_MEMBER_CHAIN = 8 };

/* The declaration whose written type names obj's class template: the
 * variable or parameter obj names, or, for `column.loader` left dependent
 * (column's type is a template's), the field `loader` of column's class
 * template, found by name. */
static CXCursor object_holder(Infer *in, CXCursor obj, int depth)
{
    obj = strip_expr(obj);
    CXCursor ref = clang_getCursorReferenced(obj);
    if (!clang_Cursor_isNull(ref) && clang_getCursorKind(ref) != CXCursor_OverloadedDeclRef)
        return ref;
    if (clang_getCursorKind(obj) != CXCursor_MemberRefExpr || depth >= MAX_MEMBER_CHAIN)
        return clang_getNullCursor();
    CXCursor base = child_at(obj, 0);
    if (clang_Cursor_isNull(base) || !is_expression_kind(clang_getCursorKind(base)))
        return clang_getNullCursor();
    CXCursor cls = template_written_class(object_holder(in, base, depth + 1));
    if (clang_Cursor_isNull(cls))
        return clang_getNullCursor();
    char *name = template_member_name(in, obj);
    Children ch = children_of(clang_getCursorDefinition(cls));
    CXCursor field = clang_getNullCursor();
    for (int i = 0; i < ch.n && clang_Cursor_isNull(field); i++)
        if (clang_getCursorKind(ch.c[i]) == CXCursor_FieldDecl && cursor_name_is(ch.c[i], name))
            field = ch.c[i];
    free(ch.c);
    free(name);
    return field;
}

int template_dependent_methods(Infer *in, CXCursor call, int nargs, CXCursor **out)
{
    *out = NULL;
    CXCursor callee = strip_expr(child_at(call, 0));
    enum CXCursorKind k = clang_getCursorKind(callee);
    if (clang_getCursorKind(call) != CXCursor_CallExpr || (k != CXCursor_MemberRefExpr && k != CXCursor_DeclRefExpr) ||
        !clang_Cursor_isNull(clang_getCursorReferenced(callee)))
        return 0;
    /* obj.f() on a SharedMem<T> object, or Tile<T, N>::f() */
    CXCursor tmpl = template_written_class(k == CXCursor_MemberRefExpr ? object_holder(in, child_at(callee, 0), 0) : callee);
    if (clang_Cursor_isNull(tmpl))
        return 0;
    char *name = template_member_name(in, callee);
    Methods m = {clang_getCursorDefinition(tmpl), name, nargs, NULL, 0, 0};
    if (*name) {
        add_methods_of(&m, m.tmpl);
        visit_top_level(in->tu, find_specializations, &m);
    }
    free(name);
    *out = m.c;
    return m.n;
}
