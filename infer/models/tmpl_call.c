/* Calls into templates (docs/inference.md, "Templates instantiated"): the
 * template arguments of an inlined call, and the calls a template's
 * pattern leaves dependent.
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
 * A call the pattern leaves dependent may run any of its candidates
 * (templates.c finds them): it is each of them in turn, chosen by one
 * unknown for the whole block (the instantiation is the same in every
 * thread), as a call through a function pointer is (fnptr.c).  The
 * `SharedMemory<T>()` idiom (a class template whose conversion to `T *`
 * returns an `extern __shared__` buffer) is a construct expression whose
 * conversion the pattern does not show: it is the conversion's value.
 *
 * Ownership: nothing here outlives the call; cursors belong to the
 * translation unit. */
#include "models.h"

#include "call.h"
#include "env.h"
#include "expr.h"
#include "kernel.h"
#include "templates.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* What is done with each parameter of a called function template and the
 * call's argument for it. */
typedef void (*ParamArgFn)(Infer *in, CXCursor tmpl, CXCursor parm, CXCursor arg, void *data);

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

/* Each parameter of a called function template with the call's argument
 * for it (stripped). */
static void template_each_param_arg(Infer *in, CXCursor call, CXCursor tmpl, ParamArgFn each, void *data)
{
    Children ch = children_of(tmpl);
    int arg = 0, nargs = clang_Cursor_getNumArguments(call);
    for (int i = 0; i < ch.n && arg < nargs; i++)
        if (clang_getCursorKind(ch.c[i]) == CXCursor_ParmDecl)
            each(in, tmpl, ch.c[i], strip_expr(clang_Cursor_getArgument(call, (unsigned)arg++)), data);
    free(ch.c);
}

/* Binds def's non-type template parameters for an inlined call: from the
 * specialization clang chose, or the explicit arguments of a dependent call;
 * and those of its class template as the call writes them (`Tile<T, N>::f`). */
static void template_bind_args(Infer *in, CXCursor call, CXCursor def)
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

/* ---- calls a pattern leaves dependent ---- */

/* Does a call the pattern leaves dependent have a candidate with no body
 * (and no explicit specialization) that an argument could hand memory to?
 * The instantiation may run it, so inlining only the candidates that have
 * a body (template_dependent_targets) would drop what it does: such a
 * call is left to unknown_call instead.  A bodiless candidate taking only
 * values (CUDA's `float max(float, float)` beside a `max` template of the
 * file) computes a value and touches no memory: it does not count. */
static bool dependent_bodiless_candidate_takes_memory(CXCursor call, int nargs)
{
    CXCursor *decls;
    int n = template_dependent_candidates(call, nargs, &decls);
    bool takes = false;
    for (int k = 0; k < n && !takes; k++) {
        CXCursor def = clang_getCursorDefinition(decls[k]);
        if (!clang_Cursor_isNull(def) && function_has_body(def))
            continue;
        if (clang_getCursorKind(decls[k]) == CXCursor_FunctionTemplate)
            continue; /* its body, where one is defined, is its definition's; its specializations are found */
        for (int i = 0; i < nargs && !takes; i++)
            takes = type_reaches_memory(param_type(decls[k], i));
    }
    free(decls);
    return takes;
}

/* `v[i]`, `m(i, j)` on an object of a class template's type left
 * dependent: the operator inlined with the variable as its object (one
 * instantiation for all threads); false when there is none. */
static bool template_operator_call(Infer *in, CXCursor e, CXCursor object, CXCursor *args, int nargs, const char *op,
                            Value *out)
{
    CXCursor *targets = NULL;
    int n = template_class_operators(in->tu, object, op, nargs, &targets);
    if (n == 0)
        return false;
    Call c = {0};
    c.cursor = e;
    c.name = "";
    c.decl = c.def = c.body = clang_getNullCursor();
    c.object = strip_expr(object);
    c.args = args;
    c.nargs = nargs;
    c.loc = loc_of(in, e);
    *out = call_one_of(in, &c, targets, n, true);
    free(targets);
    return true;
}

/* `SharedMemory<T>()`: the conversion's body. */
bool construct_conversion_call(Infer *in, const Call *c, Value *out)
{
    CXCursor def, body;
    if (!template_construct_conversion(c->cursor, &def) || clang_Cursor_isNull(body = function_body(def)))
        return false;
    Call conversion = *c;
    conversion.nargs = 0; /* the operands are the class's type arguments */
    *out = call_inline(in, &conversion, def, body);
    return true;
}

/* The call running one of its n candidates, one instantiation for all;
 * false when there is none.  targets is freed. */
static bool call_candidates(Infer *in, const Call *c, CXCursor *targets, int n, Value *out)
{
    if (n > 0)
        *out = call_one_of(in, c, targets, n, true);
    free(targets);
    return n > 0;
}

/* The possible callees of a dependent call. */
bool dependent_call(Infer *in, const Call *c, Value *out)
{
    if (dependent_bodiless_candidate_takes_memory(c->cursor, c->nargs))
        return false;
    CXCursor *targets = NULL;
    int n = template_dependent_targets(in->tu, c->cursor, c->nargs, &targets);
    return call_candidates(in, c, targets, n, out);
}

/* `obj.f()` on an object of a class template's type, `Tile<T, N>::f()`. */
bool dependent_method_call(Infer *in, const Call *c, Value *out)
{
    CXCursor *targets = NULL;
    int n = template_dependent_methods(in->tu, c->cursor, c->nargs, &targets);
    return call_candidates(in, c, targets, n, out);
}

/* `m(i, j)` on an object of a class template's type left dependent. */
bool dependent_object_call(Infer *in, const Call *c, Value *out)
{
    return template_operator_call(in, c->cursor, child_at(c->cursor, 0), c->args, c->nargs, "operator()", out);
}

/* `action(x)` on an object whose type is a template parameter: action's
 * operator() (or the member named), with action as its object. */
bool functor_call(Infer *in, const Call *c, Value *out)
{
    CXCursor functor, *targets = NULL;
    int n = template_functor_targets(in->tu, in->kernel_fn, c->cursor, c->nargs, &functor, &targets);
    Call on_functor = *c;
    on_functor.object = functor;
    for (int k = 0; k < n; k++) /* a kernel parameter: each candidate class's fields */
        param_fields_of_class(in, clang_getCursorReferenced(on_functor.object),
                              clang_getCursorSemanticParent(targets[k]));
    return call_candidates(in, &on_functor, targets, n, out);
}

const Model model_templates = {
    .name = "templates",
    .dependent_operator = template_operator_call,
    .inline_begin = template_bind_args,
};
