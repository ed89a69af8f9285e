/* The kernel's template parameters (docs/inference.md, "Templates
 * instantiated"): a non-type parameter that every instantiation in the
 * file gives the same value (or the one explicit instantiation analysed)
 * is pinned, `assume P == v;` (kernel.c); the rest stay uniforms.  Array
 * sizes written with one (`__shared__ T s[BLOCK]`) take its value.  A
 * type parameter they agree on gives the cells of arrays of it (`T *A`)
 * their type and width, which byte accesses need.
 *
 * Ownership: the pins live in the Infer context; names are malloc'd for
 * the caller. */
#include "kernel.h"

#include "env.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void template_pins(Infer *in, CXCursor fn, int instance)
{
    in->instance = instance;
    in->ntparams = template_kernel_pins(in->tu, in->main_file, fn, instance, in->tparams, MAX_TEMPLATE_PARAMS);
    in->nttypes = template_kernel_types(in->tu, in->main_file, fn, instance, in->ttypes, MAX_TEMPLATE_PARAMS);
}

/* The pinned type parameter that t (as written, not canonical: `T *`,
 * `T (*)[16]`, `T[8]`) has as its innermost element, or NULL. */
const TemplateType *template_elem_type(Infer *in, CXType t)
{
    if (in->nttypes == 0 || t.kind == CXType_Invalid) /* a model's array has no C type */
        return NULL;
    for (int guard = 0; guard < 16; guard++) {
        CXType el = t.kind == CXType_Pointer ? clang_getPointeeType(t) : clang_getArrayElementType(t);
        if (el.kind == CXType_Invalid)
            break;
        t = el;
    }
    if (t.kind != CXType_Unexposed) /* a type parameter's type is unexposed */
        return NULL;
    /* libclang gives a parameter's type no declaration: it is known by
     * its name, which no other type of the pattern can have */
    CXString sp = clang_getTypeSpelling(clang_getUnqualifiedType(t));
    const TemplateType *found = NULL;
    for (int i = 0; i < in->nttypes && !found; i++)
        if (cursor_name_is(in->ttypes[i].decl, clang_getCString(sp)))
            found = &in->ttypes[i];
    clang_disposeString(sp);
    return found;
}

const TemplateParam *template_param(Infer *in, CXCursor decl)
{
    for (int i = 0; i < in->ntparams; i++)
        if (clang_equalCursors(in->tparams[i].decl, decl))
            return &in->tparams[i];
    return NULL;
}

/* A size written as one template parameter (`__shared__ T s[BLOCK]`):
 * its value when pinned, else the uniform it is. */
Expr *template_size(Infer *in, CXCursor decl, int dim, Loc loc)
{
    char *name = written_size_name(in->tu, in->main_file, decl, dim);
    Expr *size = NULL;
    for (int k = 0; name && k < in->ntparams && !size; k++) {
        if (!cursor_name_is(in->tparams[k].decl, name))
            continue;
        int slot = env_find(in, in->tparams[k].decl);
        if (in->tparams[k].pinned)
            size = num_expr(in, in->tparams[k].value, loc);
        else if (slot >= 0 && in->env[slot].v.kind == V_INT)
            size = in->env[slot].v.e;
    }
    free(name);
    return size;
}

char *template_pinned_name(Infer *in, CXCursor fn)
{
    char *base = cursor_name(fn);
    size_t cap = strlen(base) + 24 * (size_t)(in->ntparams + 1);
    char *out = xmalloc(cap);
    size_t len = (size_t)snprintf(out, cap, "%s", base);
    free(base);
    for (int i = 0; i < in->ntparams; i++) {
        long long v = in->tparams[i].value;
        len += (size_t)snprintf(out + len, cap - len, "_%s%lld", v < 0 ? "m" : "", v < 0 ? -v : v);
    }
    return out;
}

/* One template argument of fn's pattern as C++ spells it: the type or
 * value every instance agrees on (or the one analysed).  A pattern no
 * instance fixes is still run (mapkit emulate): an unfixed type is `int`,
 * an unfixed bool `true`, an unfixed integer `@NAME`, a placeholder whose
 * value the run chooses (docs/emulate.md, "Templates"); false for anything
 * else (an enum, a template template parameter). */
static bool spell_argument(Infer *in, CXCursor fn, int pos, CXCursor param, char *buf, size_t n)
{
    enum CXCursorKind k = clang_getCursorKind(param);
    for (int i = 0; k == CXCursor_TemplateTypeParameter && i < in->nttypes; i++)
        if (clang_equalCursors(in->ttypes[i].decl, param))
            return snprintf(buf, n, "%s", in->ttypes[i].spelling) < (int)n;
    for (int i = 0; k == CXCursor_NonTypeTemplateParameter && i < in->ntparams; i++)
        if (clang_equalCursors(in->tparams[i].decl, param) && in->tparams[i].pinned)
            return snprintf(buf, n, "%lld", (long long)in->tparams[i].value) < (int)n;
    if (k == CXCursor_TemplateTypeParameter && template_agreed_cxx_type(in->tu, in->main_file, fn, in->instance, pos, buf, n))
        return true; /* a type no protocol declares, as every instance gives it: `neighbour_t<true>` */
    if (k == CXCursor_TemplateTypeParameter)
        return snprintf(buf, n, "int") < (int)n;
    if (k != CXCursor_NonTypeTemplateParameter)
        return false;
    CXType t = clang_getCanonicalType(clang_getCursorType(param));
    if (t.kind == CXType_Bool)
        return snprintf(buf, n, "true") < (int)n;
    if (t.kind < CXType_Char_U || t.kind > CXType_Int128)
        return false;
    char *name = cursor_name(param);
    bool ok = name[0] && snprintf(buf, n, "@%s", name) < (int)n;
    free(name);
    return ok;
}

/* An instance's arguments (fn a function that specializes a template, as
 * a launch `k<256><<<...>>>` or an explicit instantiation gives it), as
 * clang resolved them: `k<neighbour_t<true>>`. */
static char *instance_cxx_name(CXCursor fn)
{
    int nargs = clang_Cursor_getNumTemplateArguments(fn);
    if (nargs <= 0 || clang_Cursor_isNull(clang_getSpecializedCursorTemplate(fn)))
        return NULL;
    char *base = cursor_name(fn), out[512];
    size_t len = (size_t)snprintf(out, sizeof out, "%s<", base);
    free(base);
    for (int i = 0; i < nargs && len < sizeof out; i++) {
        const char *sep = i ? ", " : "";
        enum CXTemplateArgumentKind kind = clang_Cursor_getTemplateArgumentKind(fn, (unsigned)i);
        if (kind == CXTemplateArgumentKind_Integral) {
            len += (size_t)snprintf(out + len, sizeof out - len, "%s%lld", sep, (long long)template_arg_value(fn, i));
        } else if (kind == CXTemplateArgumentKind_Type) {
            CXString t = clang_getTypeSpelling(clang_Cursor_getTemplateArgumentType(fn, (unsigned)i));
            len += (size_t)snprintf(out + len, sizeof out - len, "%s%s", sep, clang_getCString(t));
            clang_disposeString(t);
        } else {
            return NULL;
        }
    }
    if (len + 2 > sizeof out)
        return NULL;
    snprintf(out + len, sizeof out - len, ">");
    return strdup(out);
}

char *template_cxx_name(Infer *in, CXCursor fn)
{
    if (clang_getCursorKind(fn) == CXCursor_FunctionDecl)
        return instance_cxx_name(fn);
    if (clang_getCursorKind(fn) != CXCursor_FunctionTemplate)
        return NULL;
    char *base = cursor_name(fn), out[512];
    size_t len = (size_t)snprintf(out, sizeof out, "%s<", base);
    free(base);
    bool ok = true;
    int pos = 0;
    for (CXCursor param; ok && !clang_Cursor_isNull(param = template_param_at(fn, pos)); pos++) {
        char arg[MAX_CXX_SPELLING];
        ok = spell_argument(in, fn, pos, param, arg, sizeof arg) &&
             len + strlen(arg) + 3 < sizeof out;
        if (ok)
            len += (size_t)snprintf(out + len, sizeof out - len, "%s%s", pos ? ", " : "", arg);
    }
    if (!ok || pos == 0)
        return NULL;
    snprintf(out + len, sizeof out - len, ">");
    return strdup(out);
}
