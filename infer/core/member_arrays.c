/* Array members of struct cells (docs/inference.md, "Structs in shared
 * memory"): `__shared__ Window w; w.pixels[t] = ...` is an access to
 * `w_pixels[t]`, an array of its own, not to the whole cell `w`, so that
 * threads writing different pixels do not race.  The same holds through
 * `this` in a method called on such a struct (`buffer[i]` returning
 * `data[i]`), and for nested members (`w.buffer.data`): the member array
 * is keyed by the cell and the field declaration, so two members of one
 * struct type nested at different places share it (more conflicts,
 * never fewer).  Scalar members stay accesses to the whole cell.  In a
 * template's pattern a member left dependent (`w.pixels` on a
 * `Window<W>`) is found by name in the variable's class template.
 *
 * Ownership: the arrays are the Infer's, in the program's arena. */
#include "structs.h"

#include "env.h"
#include "expr.h"
#include "templates.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static bool array_typed(CXType t)
{
    enum CXTypeKind k = clang_getCanonicalType(t).kind;
    return k == CXType_ConstantArray || k == CXType_DependentSizedArray || k == CXType_IncompleteArray;
}

/* Does the class declare a constructor (which may bind a reference member
 * to something else than its default initializer)? */
static bool has_constructor(CXCursor cls)
{
    Children ch = children_of(cls);
    bool found = false;
    for (int i = 0; i < ch.n && !found; i++)
        found = clang_getCursorKind(ch.c[i]) == CXCursor_Constructor ||
                (clang_getCursorKind(ch.c[i]) == CXCursor_FunctionTemplate &&
                 clang_getTemplateCursorKind(ch.c[i]) == CXCursor_Constructor);
    free(ch.c);
    return found;
}

/* An array of the object itself: an array field, or a reference to an
 * array that its default initializer binds to an array field of the same
 * object (`T (&out)[N] = in;`) in a class whose constructors cannot bind
 * it elsewhere. */
static bool own_array_field(CXCursor field)
{
    CXType t = clang_getCursorType(field);
    if (array_typed(t))
        return true;
    if (clang_getCanonicalType(t).kind != CXType_LValueReference || !array_typed(clang_getPointeeType(t)))
        return false;
    CXCursor cls = clang_getCursorSemanticParent(field);
    if (clang_Cursor_isNull(cls) || has_constructor(cls))
        return false;
    Children ch = children_of(field); /* the type's expressions (`N`), then the initializer */
    CXCursor init = ch.n > 0 ? strip_expr(ch.c[ch.n - 1]) : clang_getNullCursor();
    free(ch.c);
    if (clang_Cursor_isNull(init) || clang_getCursorKind(init) != CXCursor_MemberRefExpr)
        return false;
    CXCursor base = child_at(init, 0), target = clang_getCursorReferenced(init);
    bool of_this = clang_Cursor_isNull(base) || clang_getCursorKind(strip_expr(base)) == CXCursor_CXXThisExpr;
    return of_this && clang_getCursorKind(target) == CXCursor_FieldDecl &&
           clang_equalCursors(clang_getCursorSemanticParent(target), cls) && array_typed(clang_getCursorType(target));
}

typedef struct SpecField {
    CXCursor tmpl, field;
    const char *name;
    bool mixed; /* the specializations' fields of that name differ in kind */
} SpecField;

static bool find_spec_field(CXCursor c, void *data)
{
    SpecField *sf = data;
    if (clang_getCursorKind(c) != CXCursor_ClassTemplatePartialSpecialization || !clang_isCursorDefinition(c) ||
        !clang_equalCursors(clang_getCanonicalCursor(clang_getSpecializedCursorTemplate(c)), sf->tmpl))
        return true;
    Children ch = children_of(c);
    for (int i = 0; i < ch.n; i++) {
        if (clang_getCursorKind(ch.c[i]) != CXCursor_FieldDecl || !cursor_name_is(ch.c[i], sf->name))
            continue;
        if (clang_Cursor_isNull(sf->field))
            sf->field = ch.c[i];
        else if (own_array_field(ch.c[i]) != own_array_field(sf->field))
            sf->mixed = true;
    }
    free(ch.c);
    return true;
}

/* A field of a class template only its partial specializations define:
 * the specializations' field of that name, when they agree on whether it
 * is an array. */
static CXCursor specialization_field(Infer *in, CXCursor member, CXCursor cls)
{
    char *name = template_member_name(in->tu, member);
    SpecField sf = {clang_getCanonicalCursor(cls), clang_getNullCursor(), name, false};
    if (*name)
        visit_top_level(in->tu, find_spec_field, &sf);
    free(name);
    return sf.mixed ? clang_getNullCursor() : sf.field;
}

/* The field member names: clang's, or for a dependent member of the
 * variable `holder` (a declaration written with a class template's type),
 * the class template's field of that name. */
static CXCursor field_named(Infer *in, CXCursor member, CXCursor holder)
{
    CXCursor field = clang_getCursorReferenced(member);
    if (!clang_Cursor_isNull(field))
        return clang_getCursorKind(field) == CXCursor_FieldDecl ? field : clang_getNullCursor();
    CXCursor cls = template_written_class(holder);
    if (!clang_Cursor_isNull(cls) && clang_Cursor_isNull(clang_getCursorDefinition(cls)))
        return specialization_field(in, member, cls);
    if (clang_Cursor_isNull(cls) || clang_Cursor_isNull(cls = clang_getCursorDefinition(cls)))
        return clang_getNullCursor();
    char *name = template_member_name(in->tu, member);
    Children ch = children_of(cls);
    for (int i = 0; i < ch.n && clang_Cursor_isNull(field); i++)
        if (clang_getCursorKind(ch.c[i]) == CXCursor_FieldDecl && *name && cursor_name_is(ch.c[i], name))
            field = ch.c[i];
    free(ch.c);
    free(name);
    return field;
}

static CXCursor field_of(Infer *in, CXCursor member, const Array *cell)
{
    return field_named(in, member, cell->decl);
}

bool member_is_array_field(Infer *in, CXCursor member, CXCursor holder)
{
    CXCursor field = field_named(in, member, holder);
    return !clang_Cursor_isNull(field) && own_array_field(field);
}

bool struct_member_array(Infer *in, CXCursor member, const Array *cell, Value *out)
{
    if (cell->mem != MEM_SHARED && cell->mem != MEM_GLOBAL)
        return false;
    CXCursor field = field_of(in, member, cell);
    if (clang_Cursor_isNull(field) || !array_typed(clang_getCursorType(field)))
        return false;
    Array *a = NULL;
    for (int i = 0; i < in->narrays && !a; i++)
        if (in->arrays[i]->owner == cell && clang_equalCursors(in->arrays[i]->decl, field))
            a = in->arrays[i];
    if (!a) {
        char *fname = cursor_name(field);
        char name[256];
        snprintf(name, sizeof name, "%s_%s", cell->name, fname);
        free(fname);
        a = array_add(in, field, name, (MemSpace)cell->mem, clang_getCursorType(field), cell->loc);
        a->owner = cell;
    }
    *out = array_decay(in, a, loc_of(in, member));
    return true;
}
