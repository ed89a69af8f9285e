/* Calls into templates (docs/inference.md, "Templates instantiated"): the
 * template arguments of an inlined call.
 *
 * libclang shows a function template once, as its pattern; an inlined
 * call translates that pattern.  Its non-type template parameters are
 * bound for the call like its parameters: from the specialization clang
 * chose (`store<2>(...)`, deduced or explicit), or, for a call the pattern
 * leaves dependent (`merge<dir>(...)` inside another template), from the
 * explicit arguments as written (templates.c reads them), evaluated at
 * the call.  A parameter no argument gives stays unbound: an unknown, as
 * before.
 *
 * Ownership: nothing here outlives the call; cursors belong to the
 * translation unit. */
#include "models.h"

#include "env.h"
#include "expr.h"
#include "kernel.h"
#include "templates.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void bind_param(Infer *in, CXCursor def, int pos, Value v)
{
    CXCursor p = template_param_at(def, pos);
    if (!clang_Cursor_isNull(p) && clang_getCursorKind(p) == CXCursor_NonTypeTemplateParameter &&
        v.kind == V_INT)
        env_bind(in, p, v);
}

/* Binds tmpl's non-type parameters to the expressions among holder's
 * children (from child `from` on) that are template arguments of the first
 * `<...>` in holder's tokens, by their position there. */
static void bind_written_args(Infer *in, CXCursor holder, int from, CXCursor tmpl)
{
    unsigned starts[MAX_TEMPLATE_PARAMS];
    int nargs = template_arg_starts(in->tu, holder, starts, MAX_TEMPLATE_PARAMS);
    Children ch = children_of(holder);
    for (int i = from; i < ch.n; i++) {
        if (!is_expression_kind(clang_getCursorKind(ch.c[i])))
            continue; /* a type argument */
        unsigned off;
        clang_getExpansionLocation(clang_getCursorLocation(ch.c[i]), NULL, NULL, NULL, &off);
        int pos = template_arg_at(starts, nargs, off);
        if (pos >= 0)
            bind_param(in, tmpl, pos, tr_value(in, ch.c[i]));
    }
    free(ch.c);
}

static void bind_explicit_args(Infer *in, CXCursor call, CXCursor def)
{
    CXCursor callee = template_dependent_callee(call);
    if (!clang_Cursor_isNull(callee) && clang_getCursorKind(callee) == CXCursor_DeclRefExpr)
        bind_written_args(in, callee, 1, def);
    else if (!clang_Cursor_isNull(template_dependent_member(call))) /* the object's tokens come before the `<` */
        bind_written_args(in, strip_expr(child_at(call, 0)), 1, def);
}

/* A partial specialization's parameters (`template <int N> struct S<N,
 * STRIPED>`): each one written alone at a position of its arguments takes
 * the call's argument there. */
static void bind_partial_args(Infer *in, CXCursor holder, CXCursor spec)
{
    CXCursor written[MAX_TEMPLATE_PARAMS], pattern[MAX_TEMPLATE_PARAMS];
    int n = template_written_args(in->tu, holder, written, MAX_TEMPLATE_PARAMS);
    int m = template_partial_args(in->tu, spec, pattern, MAX_TEMPLATE_PARAMS);
    for (int i = 0; i < n && i < m; i++) {
        CXCursor p = clang_Cursor_isNull(pattern[i]) ? pattern[i] : clang_getCursorReferenced(strip_expr(pattern[i]));
        if (clang_Cursor_isNull(written[i]) || clang_Cursor_isNull(p) ||
            clang_getCursorKind(p) != CXCursor_NonTypeTemplateParameter ||
            !clang_equalCursors(clang_getCursorSemanticParent(p), spec))
            continue;
        Value v = tr_value(in, written[i]);
        if (v.kind == V_INT)
            env_bind(in, p, v);
    }
}

static void bind_class_args(Infer *in, CXCursor call, CXCursor def)
{
    CXCursor parent = clang_getCursorSemanticParent(def);
    enum CXCursorKind k = clang_getCursorKind(parent);
    if ((k != CXCursor_ClassTemplate && k != CXCursor_ClassTemplatePartialSpecialization) ||
        clang_getCursorKind(call) != CXCursor_CallExpr)
        return;
    CXCursor holder = template_call_holder(call);
    CXCursor cls = template_direct_class(holder);
    if (clang_Cursor_isNull(cls))
        return;
    if (k == CXCursor_ClassTemplate && clang_equalCursors(clang_getCursorDefinition(cls), parent))
        bind_written_args(in, holder, 1, parent);
    if (k == CXCursor_ClassTemplatePartialSpecialization &&
        clang_equalCursors(clang_getCursorDefinition(cls), clang_getSpecializedCursorTemplate(parent)))
        bind_partial_args(in, holder, parent);
}

/* `LoadDirectStriped<B>(t, in, items)` left dependent: a non-type
 * parameter no argument gave that sizes an array parameter
 * (`T (&items)[IPT]`) is deduced from the array passed, a variable whose
 * size is a number or the kernel's template parameter. */
static void bind_array_size(Infer *in, CXCursor tmpl, CXCursor parm, CXCursor a, void *data)
{
    (void)data;
    CXCursor var = clang_getCursorKind(a) == CXCursor_DeclRefExpr ? clang_getCursorReferenced(a) : clang_getNullCursor();
    char name[128];
    template_array_size_name(in->tu, parm, name, sizeof name);
    if (!name[0] || clang_getCursorKind(var) != CXCursor_VarDecl)
        return;
    Children ch = children_of(tmpl);
    CXCursor p = clang_getNullCursor();
    for (int k = 0; k < ch.n && clang_Cursor_isNull(p); k++)
        if (clang_getCursorKind(ch.c[k]) == CXCursor_NonTypeTemplateParameter && cursor_name_is(ch.c[k], name))
            p = ch.c[k];
    free(ch.c);
    if (clang_Cursor_isNull(p) || env_find(in, p) >= 0)
        return;
    CXType t = clang_getCanonicalType(clang_getCursorType(var));
    Loc loc = loc_of(in, a);
    Expr *size = t.kind == CXType_ConstantArray        ? num_expr(in, clang_getArraySize(t), loc)
                 : t.kind == CXType_DependentSizedArray ? template_size(in, var, 0, loc)
                                                        : NULL;
    if (size)
        env_bind(in, p, value_int(size));
}

void template_each_param_arg(Infer *in, CXCursor call, CXCursor tmpl, ParamArgFn each, void *data)
{
    Children ch = children_of(tmpl);
    int arg = 0, nargs = clang_Cursor_getNumArguments(call);
    for (int i = 0; i < ch.n && arg < nargs; i++)
        if (clang_getCursorKind(ch.c[i]) == CXCursor_ParmDecl)
            each(in, tmpl, ch.c[i], strip_expr(clang_Cursor_getArgument(call, (unsigned)arg++)), data);
    free(ch.c);
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
    enum CXCursorKind sk = clang_getCursorKind(spec);
    if (clang_Cursor_isNull(spec) || (sk != CXCursor_FunctionDecl && sk != CXCursor_CXXMethod)) {
        /* left dependent: a name (OverloadedDeclRef) or an object (`action(...)`) */
        bind_explicit_args(in, call, tmpl);
        if (clang_getCursorKind(call) == CXCursor_CallExpr) {
            template_each_param_arg(in, call, tmpl, bind_array_size, NULL);
            template_each_param_arg(in, call, tmpl, cub_deduce_arg, NULL);
        }
        return;
    }
    int n = clang_Cursor_getNumTemplateArguments(spec);
    Loc loc = loc_of(in, call);
    for (int i = 0; i < n && i < MAX_TEMPLATE_PARAMS; i++)
        if (clang_Cursor_getTemplateArgumentKind(spec, (unsigned)i) == CXTemplateArgumentKind_Integral)
            bind_param(in, tmpl, i, value_int(num_expr(in, template_arg_value(spec, i), loc)));
}
