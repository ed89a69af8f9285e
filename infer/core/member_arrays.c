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

/* ---- a struct cell as bytes ----
 * Member arrays of their own are exact only while nothing overlaps them:
 * a union's members share their bytes, and a whole-struct access (an
 * assignment, a copy, a memset of `&s`, `s` handed to a call) covers
 * every member.  Such a cell is one memory: each member access is a byte
 * access of the cell at the member's offset (docs/inference.md, "Structs
 * in shared memory"). */

enum { MAX_RECORD_DEPTH = 8 };

typedef struct UnionWalk {
    bool found;
    int depth;
} UnionWalk;

static bool has_union(CXType t, int depth);

static enum CXVisitorResult field_has_union(CXCursor field, CXClientData data)
{
    UnionWalk *w = data;
    w->found = has_union(clang_getCursorType(field), w->depth + 1);
    return w->found ? CXVisit_Break : CXVisit_Continue;
}

/* Is t a union, or a struct (an array of them) with a union inside? */
static bool has_union(CXType t, int depth)
{
    t = clang_getCanonicalType(t);
    while (type_is_array(t))
        t = clang_getCanonicalType(clang_getArrayElementType(t));
    if (t.kind != CXType_Record)
        return false;
    if (clang_getCursorKind(clang_getTypeDeclaration(t)) == CXCursor_UnionDecl || depth == MAX_RECORD_DEPTH)
        return true; /* too deep to look: as if it were one */
    UnionWalk w = {false, depth};
    clang_Type_visitFields(t, field_has_union, &w);
    return w.found;
}

/* The object at the root of the member chain e (`s` of `s.a.b`); a null
 * cursor for `this` (written or implied); the pointer variable p of
 * `p->a.b`, with *via_pointer set.  False when the chain goes through
 * another pointer or names no field. */
static bool member_chain_root(CXCursor e, CXCursor *root, bool *via_pointer)
{
    *via_pointer = false;
    while (clang_getCursorKind(e) == CXCursor_MemberRefExpr) {
        if (clang_getCursorKind(clang_getCursorReferenced(e)) != CXCursor_FieldDecl)
            return false;
        CXCursor base = child_at(e, 0);
        if (clang_Cursor_isNull(base) || !is_expression_kind(clang_getCursorKind(base)) ||
            clang_getCursorKind(strip_expr(base)) == CXCursor_CXXThisExpr) {
            *root = clang_getNullCursor();
            return true;
        }
        e = strip_expr(base);
        if (type_is_pointer(clang_getCursorType(e))) {
            *via_pointer = true;
            break;
        }
    }
    *root = e;
    return clang_getCursorKind(e) == CXCursor_DeclRefExpr;
}

typedef struct Uses {
    CXCursor decl;
    int refs, parts;      /* names of the variable; member accesses below a record */
    int arrays, indexed; /* its array members named; those indexed at once (`s.a[k]`) */
} Uses;

static bool refers_to(CXCursor e, CXCursor decl)
{
    return clang_getCursorKind(e) == CXCursor_DeclRefExpr &&
           clang_equalCursors(clang_getCanonicalCursor(clang_getCursorReferenced(e)), decl);
}

/* Is e a member (`s.a.f`) of the variable decl? */
static bool member_of(CXCursor e, CXCursor decl)
{
    CXCursor root;
    bool via_pointer;
    return clang_getCursorKind(e) == CXCursor_MemberRefExpr && member_chain_root(e, &root, &via_pointer) &&
           !via_pointer && !clang_Cursor_isNull(root) && refers_to(root, decl);
}

static enum CXChildVisitResult count_uses(CXCursor c, CXCursor parent, CXClientData data)
{
    (void)parent;
    Uses *u = data;
    CXType t = clang_getCanonicalType(clang_getCursorType(c));
    if (refers_to(c, u->decl))
        u->refs++;
    else if (member_of(c, u->decl) && t.kind != CXType_Record) {
        u->parts++;
        u->arrays += type_is_array(t);
    } else if (clang_getCursorKind(c) == CXCursor_ArraySubscriptExpr) {
        CXCursor base = strip_expr(child_at(c, 0));
        u->indexed += member_of(base, u->decl) && type_is_array(clang_getCursorType(base));
    }
    return CXChildVisit_Recurse;
}

/* Is the variable decl used other than through members that are no
 * structs (`s.count`, `s.a.pixels[k]`): `s = x`, `T b = s`, `&s`, `f(s)`,
 * or an array member as a pointer (`memcpy(s.a, ...)`, `s.a + k`), which
 * may run on into the next member? */
static bool used_whole(Infer *in, CXCursor decl)
{
    CXCursor scope = clang_getCursorSemanticParent(decl);
    if (clang_Cursor_isNull(scope) || clang_getCursorKind(scope) == CXCursor_TranslationUnit)
        scope = clang_getTranslationUnitCursor(in->tu);
    Uses u = {clang_getCanonicalCursor(decl), 0, 0, 0, 0};
    clang_visitChildren(scope, count_uses, &u);
    return u.refs != u.parts || u.arrays != u.indexed;
}

static bool cell_as_bytes(Infer *in, Array *cell)
{
    if (!cell->member_bytes) {
        CXType t = clang_getCanonicalType(clang_getCursorType(cell->decl));
        bool bytes = t.kind == CXType_Record && clang_Type_getSizeOf(t) > 0 &&
                     (has_union(t, 0) || used_whole(in, cell->decl));
        cell->member_bytes = bytes ? 1 : -1;
    }
    return cell->member_bytes > 0;
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

/* The struct variable a pointer value points at as a whole (`&s`, `this`
 * of a method called on s), or NULL. */
static Array *whole_cell_pointee(const Value *p)
{
    return p->kind == V_PTR && p->nidx == 0 && !p->unit && !p->cell && !p->span ? p->arr : NULL;
}

bool cell_member_offset(Infer *in, CXCursor member, Array **cell, long long *off)
{
    CXCursor root;
    bool via_pointer;
    if (!member_chain_root(member, &root, &via_pointer))
        return false;
    Array *a = NULL;
    if (clang_Cursor_isNull(root)) { /* `this` of a method called on a whole cell */
        a = whole_cell_pointee(&in->this_value);
    } else if (via_pointer) { /* `p->h` with `p = &s` */
        int slot = env_find(in, clang_getCursorReferenced(root));
        if (slot >= 0) {
            Value v = env_value(in, slot, loc_of(in, root));
            a = whole_cell_pointee(&v);
        }
    } else {
        CXCursor decl = clang_getCursorReferenced(root);
        if (!clang_Cursor_isNull(decl) && env_find(in, decl) < 0)
            a = memory_array(in, decl);
    }
    if (!a || a->ndims != 0 || a->whole || a->owner || a->pointed_from || (a->mem != MEM_SHARED && a->mem != MEM_GLOBAL) ||
        !cell_as_bytes(in, a))
        return false;
    *off = member_chain_offset(member, true);
    *cell = a;
    return *off >= 0;
}
