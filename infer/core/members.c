/* Members of structs as the byte model sees them (docs/inference.md,
 * "Structs as bytes"): the byte offset of a member chain in the object
 * at its root, and, for a variable whose type a class template leaves
 * dependent (`w.pixels` on a `Window<W>` in a template's pattern), whether
 * the member it names is an array of the object itself, and for such a
 * variable in shared or global memory, whose layout clang does not give
 * in the pattern, an array member as an array of its own (`stage_vals`).
 *
 * Ownership: the member arrays are the Infer's, in the program's arena. */
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

bool struct_member_array(Infer *in, CXCursor member, const Array *cell, Value *out)
{
    if (cell->mem != MEM_SHARED && cell->mem != MEM_GLOBAL)
        return false;
    CXCursor field = field_named(in, member, cell->decl);
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

bool member_is_array_field(Infer *in, CXCursor member, CXCursor holder)
{
    CXCursor field = field_named(in, member, holder);
    return !clang_Cursor_isNull(field) && own_array_field(field);
}

long long member_chain_offset(CXCursor e, bool implicit_root)
{
    long long off = 0;
    while (clang_getCursorKind(e) == CXCursor_MemberRefExpr) {
        long long bits = clang_Cursor_getOffsetOfField(clang_getCursorReferenced(e));
        if (bits < 0 || bits % 8)
            return -1;
        off += bits / 8;
        CXCursor base = child_at(e, 0);
        if (clang_Cursor_isNull(base) || !is_expression_kind(clang_getCursorKind(base)))
            return implicit_root ? off : -1;
        e = strip_expr(base);
        if (type_is_pointer(clang_getCursorType(e)))
            break; /* p->f: from the cell p points at */
    }
    return off;
}
