/* C++ templates as libclang shows them (docs/inference.md, "Templates
 * instantiated"): the template arguments as written in the tokens, the
 * class template a declaration's type is written with, and the candidates
 * of a call a template's pattern leaves dependent (the functions it may
 * name, the methods of a class template and of its specializations, the
 * operator() of the functors the file defines).
 *
 * libclang shows a function template once, as its pattern, and leaves the
 * calls inside it that depend on its parameters unresolved: these
 * functions read what the pattern writes, for the translation to bind
 * (tmpl_call.c) or to choose among.
 *
 * Ownership: lists returned through `out` are malloc'd for the caller;
 * cursors belong to the translation unit. */
#include "templates.h"

#include "instances.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- explicit arguments of a dependent call, from the tokens ---- */

/* The offsets at which the top-level arguments of the first `<...>` in
 * the callee's tokens from offset `from` on start; returns their number.
 * *end (when not NULL) is the offset of the closing `>`. */
static int argument_list(CXTranslationUnit tu, CXCursor callee, unsigned from, unsigned *starts, int cap, unsigned *end)
{
    CXToken *t = NULL;
    unsigned n = 0;
    clang_tokenize(tu, clang_getCursorExtent(callee), &t, &n);
    int nargs = 0, depth = 0;
    for (unsigned i = 0; i < n; i++) {
        CXString s = clang_getTokenSpelling(tu, t[i]);
        const char *sp = clang_getCString(s);
        bool open = strcmp(sp, "<") == 0 || strcmp(sp, "(") == 0 || strcmp(sp, "[") == 0;
        int close = strcmp(sp, ">") == 0 || strcmp(sp, ")") == 0 || strcmp(sp, "]") == 0 ? 1
                    : strcmp(sp, ">>") == 0 ? 2 : 0;
        bool comma = strcmp(sp, ",") == 0 && depth == 1;
        clang_disposeString(s);
        unsigned off;
        clang_getExpansionLocation(clang_getTokenLocation(tu, t[i]), NULL, NULL, NULL, &off);
        if (off < from)
            continue;
        if ((open && depth == 0) || comma) {
            if (nargs < cap)
                starts[nargs] = off + 1;
            nargs++;
        }
        depth += open;
        depth -= close;
        if (depth <= 0 && nargs > 0 && close) {
            if (end)
                *end = off;
            break;
        }
    }
    if (t)
        clang_disposeTokens(tu, t, n);
    return nargs < cap ? nargs : cap;
}

int template_arg_starts(CXTranslationUnit tu, CXCursor callee, unsigned *starts, int cap)
{
    return argument_list(tu, callee, 0, starts, cap, NULL);
}

int template_arg_at(const unsigned *starts, int n, unsigned off)
{
    int pos = -1;
    for (int i = 0; i < n; i++)
        if (off >= starts[i])
            pos = i;
    return pos;
}

/* The OverloadedDeclRef among a dependent name's children, after the
 * namespaces that qualify it (`cub::LoadDirectStriped<B>`). */
static CXCursor overloaded_child(CXCursor callee)
{
    CXCursor c = child_at(callee, 0);
    for (int i = 1; clang_getCursorKind(c) == CXCursor_NamespaceRef; i++)
        c = child_at(callee, i);
    return clang_getCursorKind(c) == CXCursor_OverloadedDeclRef ? c : clang_getNullCursor();
}

/* `f<a, b>(...)` left dependent: the callee is a DeclRefExpr holding the
 * candidates (an OverloadedDeclRef) and the argument expressions. */
CXCursor template_dependent_callee(CXCursor call)
{
    CXCursor callee = strip_expr(child_at(call, 0));
    if (clang_getCursorKind(callee) == CXCursor_OverloadedDeclRef)
        return callee;
    if (clang_getCursorKind(callee) != CXCursor_DeclRefExpr || clang_Cursor_isNull(overloaded_child(callee)))
        return clang_getNullCursor();
    return callee;
}

static unsigned offset_of(CXCursor c)
{
    unsigned off;
    clang_getExpansionLocation(clang_getCursorLocation(c), NULL, NULL, NULL, &off);
    return off;
}

/* The expressions written at each position of the `<...>` that follows
 * offset `from` in holder's tokens. */
static int written_args_from(CXTranslationUnit tu, CXCursor holder, unsigned from, CXCursor *args, int cap)
{
    unsigned starts[MAX_TEMPLATE_PARAMS], end = UINT32_MAX;
    int nargs = argument_list(tu, holder, from, starts, MAX_TEMPLATE_PARAMS, &end);
    for (int i = 0; i < cap; i++)
        args[i] = clang_getNullCursor();
    Children ch = children_of(holder);
    for (int i = 0; i < ch.n; i++) {
        if (!is_expression_kind(clang_getCursorKind(ch.c[i])))
            continue; /* a type argument */
        unsigned off = offset_of(ch.c[i]);
        int pos = off >= from && off < end ? template_arg_at(starts, nargs, off) : -1;
        if (pos >= 0 && pos < cap)
            args[pos] = ch.c[i];
    }
    free(ch.c);
    return nargs < cap ? nargs : cap;
}

int template_written_args(CXTranslationUnit tu, CXCursor holder, CXCursor *args, int cap)
{
    return written_args_from(tu, holder, 0, args, cap);
}

/* `template <int N> struct S<N, STRIPED>`: its arguments, written after
 * its name, which follows its own template parameters. */
int template_partial_args(CXTranslationUnit tu, CXCursor spec, CXCursor *args, int cap)
{
    Children ch = children_of(spec);
    unsigned head = 0;
    for (int i = 0; i < ch.n; i++) {
        enum CXCursorKind k = clang_getCursorKind(ch.c[i]);
        if (k == CXCursor_TemplateTypeParameter || k == CXCursor_NonTypeTemplateParameter ||
            k == CXCursor_TemplateTemplateParameter)
            head = offset_of(ch.c[i]);
    }
    free(ch.c);
    CXString name = clang_getCursorSpelling(spec);
    CXToken *t = NULL;
    unsigned n = 0, from = UINT32_MAX;
    clang_tokenize(tu, clang_getCursorExtent(spec), &t, &n);
    for (unsigned i = 0; i < n && from == UINT32_MAX; i++) {
        CXString sp = clang_getTokenSpelling(tu, t[i]);
        unsigned off;
        clang_getExpansionLocation(clang_getTokenLocation(tu, t[i]), NULL, NULL, NULL, &off);
        if (off > head && strcmp(clang_getCString(sp), clang_getCString(name)) == 0)
            from = off;
        clang_disposeString(sp);
    }
    if (t)
        clang_disposeTokens(tu, t, n);
    clang_disposeString(name);
    return from == UINT32_MAX ? 0 : written_args_from(tu, spec, from, args, cap);
}

/* `obj.f<true>(...)` left dependent: the member is an OverloadedDeclRef
 * among the MemberRefExpr's children (after the object). */
CXCursor template_dependent_member(CXCursor call)
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

/* `Tile<T, N>::load(...)`, `SharedMem<T> m; m.get()`: the class template
 * of a method's object or qualifier is written with its arguments; they
 * are bound for the method's body like the method's own. */
enum { MAX_ALIAS_CHAIN = 6 };

static CXCursor written_class_at(CXCursor holder, int depth)
{
    CXCursor first = child_at(holder, 0);
    for (int i = 1; clang_isAttribute(clang_getCursorKind(first)) || /* `__shared__ F<W> f;` */
                    clang_getCursorKind(first) == CXCursor_NamespaceRef; /* `ns::F<W> f` */
         i++)
        first = child_at(holder, i);
    CXCursor ref = clang_getCursorReferenced(first);
    enum CXCursorKind k = clang_getCursorKind(ref);
    if (clang_getCursorKind(first) == CXCursor_TemplateRef && k == CXCursor_ClassTemplate)
        return ref;
    if (depth >= MAX_ALIAS_CHAIN)
        return clang_getNullCursor();
    /* an alias template `view_t<T>` of one: the alias's own written type */
    if (clang_getCursorKind(first) == CXCursor_TemplateRef && k == CXCursor_TypeAliasTemplateDecl) {
        Children ch = children_of(ref);
        CXCursor cls = clang_getNullCursor();
        for (int i = 0; i < ch.n && clang_Cursor_isNull(cls); i++)
            if (clang_getCursorKind(ch.c[i]) == CXCursor_TypeAliasDecl)
                cls = written_class_at(ch.c[i], depth + 1);
        free(ch.c);
        return cls;
    }
    return clang_getNullCursor();
}

CXCursor template_written_class(CXCursor holder)
{
    return written_class_at(holder, 0);
}

/* The class template written itself (not through an alias template,
 * whose arguments are not the class's). */
CXCursor template_direct_class(CXCursor holder)
{
    return written_class_at(holder, MAX_ALIAS_CHAIN);
}

bool template_written_class_is(CXCursor holder, CXCursor cls)
{
    CXCursor c = template_direct_class(holder);
    return !clang_Cursor_isNull(c) && clang_equalCursors(clang_getCanonicalCursor(c), clang_getCanonicalCursor(cls));
}

/* The holder whose written type names the class of a method's call:
 * `Tile<T, N>::f()` itself, or obj's declaration for `obj.f()`. */
CXCursor template_call_holder(CXCursor call)
{
    CXCursor callee = strip_expr(child_at(call, 0));
    if (clang_getCursorKind(callee) == CXCursor_MemberRefExpr)
        return clang_getCursorReferenced(strip_expr(child_at(callee, 0)));
    return callee;
}

/* Can a specialization of the class be the one the call names?  Not when
 * a position both give a constant holds two different ones (`S<N,
 * DIRECT>::f()` never runs `S<N, STRIPED>`'s f). */
static bool specialization_fits(CXTranslationUnit tu, CXCursor holder, CXCursor spec)
{
    if (clang_Cursor_isNull(template_direct_class(holder)))
        return true; /* written through an alias template: its arguments are not the class's */
    CXCursor written[MAX_TEMPLATE_PARAMS], pattern[MAX_TEMPLATE_PARAMS];
    int n = template_written_args(tu, holder, written, MAX_TEMPLATE_PARAMS);
    bool partial = clang_getCursorKind(spec) == CXCursor_ClassTemplatePartialSpecialization;
    int m = partial ? template_partial_args(tu, spec, pattern, MAX_TEMPLATE_PARAMS)
                    : clang_Cursor_getNumTemplateArguments(spec);
    for (int i = 0; i < n && i < m; i++) {
        int64_t a, b;
        if (clang_Cursor_isNull(written[i]) || !eval_int(written[i], &a))
            continue;
        bool known = partial ? !clang_Cursor_isNull(pattern[i]) && eval_int(pattern[i], &b)
                             : clang_Cursor_getTemplateArgumentKind(spec, (unsigned)i) == CXTemplateArgumentKind_Integral;
        if (!partial && known)
            b = clang_Cursor_getTemplateArgumentValue(spec, (unsigned)i);
        if (known && a != b)
            return false;
    }
    return true;
}

/* The name written as the size of a parameter `T (&items)[IPT]`, or "". */
void template_array_size_name(CXTranslationUnit tu, CXCursor parm, char *out, size_t cap)
{
    CXToken *t = NULL;
    unsigned n = 0;
    out[0] = '\0';
    clang_tokenize(tu, clang_getCursorExtent(parm), &t, &n);
    for (unsigned i = 0; i + 2 < n && !out[0]; i++) {
        CXString a = clang_getTokenSpelling(tu, t[i]), c = clang_getTokenSpelling(tu, t[i + 2]);
        if (strcmp(clang_getCString(a), "[") == 0 && strcmp(clang_getCString(c), "]") == 0 &&
            clang_getTokenKind(t[i + 1]) == CXToken_Identifier) {
            CXString b = clang_getTokenSpelling(tu, t[i + 1]);
            snprintf(out, cap, "%s", clang_getCString(b));
            clang_disposeString(b);
        }
        clang_disposeString(a);
        clang_disposeString(c);
    }
    if (t)
        clang_disposeTokens(tu, t, n);
}

/* ---- dependent calls ---- */

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
    CXCursor ref = template_dependent_callee(call);
    *member = clang_Cursor_isNull(ref);
    if (*member) /* obj.f<true>(...): the member templates and methods named f */
        ref = template_dependent_member(call);
    if (!clang_Cursor_isNull(ref) && clang_getCursorKind(ref) == CXCursor_DeclRefExpr)
        ref = overloaded_child(ref);
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

int template_dependent_targets(CXTranslationUnit tu, CXCursor call, int nargs, CXCursor **out)
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
            visit_top_level(tu, find_function_specializations, &cs);
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

/* ---- a functor of a template parameter's type: `action(scan, x)` ---- */

typedef struct Functors {
    Candidates cs;
    int nargs;
    const char *method; /* "operator()", or the member `action.load(...)` names */
    CXFile files[2];    /* the file checked (the translation unit's), and the kernel's own */
} Functors;

static bool in_files(const Functors *f, CXCursor c)
{
    CXFile file;
    clang_getExpansionLocation(clang_getCursorLocation(c), &file, NULL, NULL, NULL);
    for (int i = 0; i < 2; i++)
        if (file && f->files[i] && clang_File_isEqual(file, f->files[i]))
            return true;
    return false;
}

/* The operator() members with a body that take nargs arguments, of a
 * class (template) the files define. */
static bool find_functor(CXCursor c, void *data)
{
    Functors *f = data;
    enum CXCursorKind k = clang_getCursorKind(c);
    if ((k != CXCursor_StructDecl && k != CXCursor_ClassDecl && k != CXCursor_ClassTemplate) ||
        !clang_isCursorDefinition(c) || !in_files(f, c))
        return true;
    Children ch = children_of(c);
    for (int i = 0; i < ch.n; i++) {
        enum CXCursorKind m = clang_getCursorKind(ch.c[i]);
        int required, total;
        if ((m == CXCursor_CXXMethod || m == CXCursor_FunctionTemplate) && cursor_name_is(ch.c[i], f->method) &&
            function_has_body(ch.c[i]) && (total = count_params(ch.c[i], &required)) >= f->nargs &&
            required <= f->nargs)
            add_candidate(&f->cs, ch.c[i]);
    }
    free(ch.c);
    return true;
}

int template_functor_targets(CXTranslationUnit tu, CXCursor kernel_fn, CXCursor call, int nargs, CXCursor *object,
                             CXCursor **out)
{
    *out = NULL;
    CXCursor callee = strip_expr(child_at(call, 0));
    bool member = clang_getCursorKind(callee) == CXCursor_MemberRefExpr &&
                  clang_Cursor_isNull(clang_getCursorReferenced(callee));
    *object = member ? strip_expr(child_at(callee, 0)) : callee; /* `action.load(...)` or `action(...)` */
    CXCursor decl = clang_getCursorKind(*object) == CXCursor_DeclRefExpr ? clang_getCursorReferenced(*object)
                                                                          : clang_getNullCursor();
    enum CXCursorKind k = clang_getCursorKind(decl);
    if (clang_getCursorKind(call) != CXCursor_CallExpr || (k != CXCursor_ParmDecl && k != CXCursor_VarDecl))
        return 0;
    CXCursor type_ref = child_at(decl, 0);
    if (clang_getCursorKind(type_ref) != CXCursor_TypeRef ||
        clang_getCursorKind(clang_getCursorReferenced(type_ref)) != CXCursor_TemplateTypeParameter)
        return 0; /* only an object whose type a template parameter decides */
    char *name = member ? template_member_name(tu, callee) : strdup("operator()");
    Functors f = {.nargs = nargs, .method = name};
    CXString tu_name = clang_getTranslationUnitSpelling(tu); /* the .cu, also for a kernel of a header */
    f.files[0] = clang_getFile(tu, clang_getCString(tu_name));
    clang_disposeString(tu_name);
    clang_getExpansionLocation(clang_getCursorLocation(kernel_fn), &f.files[1], NULL, NULL, NULL);
    if (*name)
        visit_top_level(tu, find_functor, &f);
    free(name);
    *out = f.cs.c;
    return f.cs.n;
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
char *template_member_name(CXTranslationUnit tu, CXCursor member)
{
    CXToken *t = NULL;
    unsigned n = 0;
    clang_tokenize(tu, clang_getCursorExtent(member), &t, &n);
    char *name = NULL;
    int depth = 0; /* inside `<...>`: the explicit template arguments (`.template f<N>`) */
    for (unsigned i = n; i-- > 0 && !name;) {
        CXString s = clang_getTokenSpelling(tu, t[i]);
        const char *sp = clang_getCString(s);
        if (clang_getTokenKind(t[i]) == CXToken_Punctuation)
            depth += strcmp(sp, ">") == 0 ? 1 : strcmp(sp, ">>") == 0 ? 2 : strcmp(sp, "<") == 0 ? -1 : 0;
        else if (clang_getTokenKind(t[i]) == CXToken_Identifier && depth <= 0)
            name = strdup(sp);
        clang_disposeString(s);
    }
    if (t)
        clang_disposeTokens(tu, t, n);
    return name ? name : strdup("");
}

typedef struct Methods {
    CXCursor tmpl;
    const char *name;
    int nargs;
    CXCursor *c;
    int n, cap;
    CXTranslationUnit tu;
    CXCursor holder; /* where the call writes the class's arguments */
} Methods;

/* A class template's definition, or its declaration when only its
 * specializations are defined (`template <class T, class = void> struct S;`). */
static CXCursor template_definition(CXCursor tmpl)
{
    CXCursor def = clang_getCursorDefinition(tmpl);
    return clang_Cursor_isNull(def) ? clang_getCanonicalCursor(tmpl) : def;
}

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
        clang_isCursorDefinition(c) &&
        clang_equalCursors(clang_getCanonicalCursor(clang_getSpecializedCursorTemplate(c)),
                           clang_getCanonicalCursor(m->tmpl)) &&
        specialization_fits(m->tu, m->holder, c))
        add_methods_of(m, c);
    return true;
}

enum { MAX_MEMBER_CHAIN = 8 };

/* The declaration whose written type names obj's class template: the
 * variable or parameter obj names, or, for `column.loader` left dependent
 * (column's type is a template's), the field `loader` of column's class
 * template, found by name. */
static CXCursor object_holder(CXTranslationUnit tu, CXCursor obj, int depth)
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
    CXCursor cls = template_written_class(object_holder(tu, base, depth + 1));
    if (clang_Cursor_isNull(cls))
        return clang_getNullCursor();
    char *name = template_member_name(tu, obj);
    Children ch = children_of(clang_getCursorDefinition(cls));
    CXCursor field = clang_getNullCursor();
    for (int i = 0; i < ch.n && clang_Cursor_isNull(field); i++)
        if (clang_getCursorKind(ch.c[i]) == CXCursor_FieldDecl && cursor_name_is(ch.c[i], name))
            field = ch.c[i];
    free(ch.c);
    free(name);
    return field;
}

int template_class_operators(CXTranslationUnit tu, CXCursor object, const char *op, int nargs, CXCursor **out)
{
    *out = NULL;
    CXCursor o = strip_expr(object);
    CXCursor decl = clang_getCursorKind(o) == CXCursor_DeclRefExpr ? clang_getCursorReferenced(o)
                                                                   : clang_getNullCursor();
    enum CXCursorKind k = clang_getCursorKind(decl);
    if (k != CXCursor_VarDecl && k != CXCursor_ParmDecl)
        return 0;
    CXType t = clang_getCanonicalType(clang_getCursorType(decl));
    if (t.kind == CXType_LValueReference || t.kind == CXType_RValueReference)
        t = clang_getCanonicalType(clang_getPointeeType(t));
    if (t.kind != CXType_Unexposed && t.kind != CXType_Dependent)
        return 0; /* clang resolved the operator: an ordinary call */
    CXCursor tmpl = template_written_class(decl);
    if (clang_Cursor_isNull(tmpl))
        return 0;
    Methods m = {template_definition(tmpl), op, nargs, NULL, 0, 0, tu, decl};
    add_methods_of(&m, m.tmpl);
    visit_top_level(tu, find_specializations, &m);
    *out = m.c;
    return m.n;
}

int template_dependent_methods(CXTranslationUnit tu, CXCursor call, int nargs, CXCursor **out)
{
    *out = NULL;
    CXCursor callee = strip_expr(child_at(call, 0));
    enum CXCursorKind k = clang_getCursorKind(callee);
    if (clang_getCursorKind(call) != CXCursor_CallExpr || (k != CXCursor_MemberRefExpr && k != CXCursor_DeclRefExpr) ||
        !clang_Cursor_isNull(clang_getCursorReferenced(callee)))
        return 0;
    /* obj.f() on a SharedMem<T> object, or Tile<T, N>::f() */
    CXCursor tmpl = template_written_class(k == CXCursor_MemberRefExpr ? object_holder(tu, child_at(callee, 0), 0) : callee);
    if (clang_Cursor_isNull(tmpl))
        return 0;
    char *name = template_member_name(tu, callee);
    Methods m = {template_definition(tmpl), name, nargs, NULL, 0, 0, tu,
                 k == CXCursor_MemberRefExpr ? object_holder(tu, child_at(callee, 0), 0) : callee};
    if (*name) {
        add_methods_of(&m, m.tmpl);
        visit_top_level(tu, find_specializations, &m);
    }
    free(name);
    *out = m.c;
    return m.n;
}
