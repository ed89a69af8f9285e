/* Arrays of structs split into their fields (docs/inference.md, "Arrays
 * of structs, field by field").  A member access `A[i].count` is an access
 * to the array of that field, `A_count[i]`, not to the whole cell, so two
 * threads that touch different fields of one element do not race; a
 * whole-cell access (a struct copy, a call handed `&A[i]`) touches every
 * field's array at that index, and a struct member of the element
 * (`A[i].pos` of an int2) the arrays of the fields inside it.  Fields do
 * not overlap, so this is exact.
 *
 * Only structs whose fields are all scalars (integers, floats, pointers,
 * enums) or structs of such, at known offsets, are split: a union, a
 * bit-field, an array member (a view of the cell: expr.c) or a type whose
 * layout is not known keeps the array whole, as before.
 *
 * Ownership: the field arrays are the Infer's (declared in the protocol),
 * groups (a struct member's fields) live in the program's arena only:
 * nothing is accessed under their name. */
#include "structs.h"

#include "env.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { MAX_FIELDS = 64, MAX_FIELD_DEPTH = 4 };

typedef struct Leaf {
    CXCursor field;
    CXType type;
    long long off, size;
    char name[160];
} Leaf;

typedef struct LeafWalk {
    Leaf *leaves;
    int n;
    bool ok;
    long long base; /* the byte offset of the record being visited */
    int depth;
    const char *prefix;
} LeafWalk;

static bool is_union(CXType t)
{
    CXCursor d = clang_getTypeDeclaration(clang_getCanonicalType(t));
    return clang_getCursorKind(d) == CXCursor_UnionDecl;
}

static bool scalar_type(CXType t)
{
    enum CXTypeKind k = clang_getCanonicalType(t).kind;
    return type_is_integral(t) || type_is_floating(t) || k == CXType_Pointer || k == CXType_Enum;
}

static enum CXVisitorResult visit_field(CXCursor field, CXClientData data)
{
    LeafWalk *w = data;
    CXType t = clang_getCursorType(field);
    long long bits = clang_Cursor_getOffsetOfField(field), size = clang_Type_getSizeOf(t);
    char *fname = cursor_name(field);
    char name[160];
    snprintf(name, sizeof name, "%s%s%s", w->prefix, *w->prefix ? "_" : "", fname);
    free(fname);
    if (bits < 0 || bits % 8 || size <= 0 || clang_Cursor_isBitField(field) || is_union(t)) {
        w->ok = false;
        return CXVisit_Break;
    }
    long long off = w->base + bits / 8;
    if (scalar_type(t)) {
        if (w->n == MAX_FIELDS) {
            w->ok = false;
            return CXVisit_Break;
        }
        Leaf *l = &w->leaves[w->n++];
        l->field = field;
        l->type = t;
        l->off = off;
        l->size = size;
        snprintf(l->name, sizeof l->name, "%s", name);
        return CXVisit_Continue;
    }
    if (clang_getCanonicalType(t).kind != CXType_Record || w->depth == MAX_FIELD_DEPTH) {
        w->ok = false; /* an array member, or a type the split does not follow */
        return CXVisit_Break;
    }
    LeafWalk inner = *w;
    inner.base = off;
    inner.depth++;
    inner.prefix = name;
    clang_Type_visitFields(clang_getCanonicalType(t), visit_field, &inner);
    w->n = inner.n;
    w->ok = inner.ok;
    return w->ok ? CXVisit_Continue : CXVisit_Break;
}

/* The struct type of a's cells, when its declaration says it. */
static bool cell_record(const Array *a, CXType *out)
{
    if (clang_Cursor_isNull(a->decl))
        return false;
    CXType t = clang_getCanonicalType(clang_getCursorType(a->decl));
    for (int guard = 0; guard < 16 && (t.kind == CXType_Pointer || type_is_array(t)); guard++)
        t = clang_getCanonicalType(t.kind == CXType_Pointer ? clang_getPointeeType(t) : clang_getArrayElementType(t));
    *out = t;
    return t.kind == CXType_Record && !is_union(t) && clang_Type_getSizeOf(t) > 0;
}

static Array *field_array(Infer *in, Array *whole, const Leaf *l)
{
    Array *f = arena_alloc(&in->prog->arena, sizeof *f);
    *f = *whole;
    char name[256];
    snprintf(name, sizeof name, "%s_%s", whole->name, l->name);
    f->decl = l->field;
    f->name = fresh_name(in, name, false);
    f->elem_type = elem_type_name(in->prog, l->type);
    f->owner = NULL;
    f->pointed_from = NULL;
    f->cell_bytes = 0;
    f->split = -1;
    f->parts = NULL;
    f->nparts = 0;
    f->groups = NULL;
    f->ngroups = 0;
    f->whole = whole;
    f->part_off = l->off;
    f->part_size = l->size;
    VEC_PUSH(in->arrays, in->narrays, in->caparrays, f);
    return f;
}

typedef struct AddressSearch {
    Infer *in;
    CXType rec;
    bool found;
} AddressSearch;

/* Is e (`A[i].f`, `p->a.f`) a member of an object of type rec? */
static bool member_of_record(CXCursor e, CXType rec)
{
    for (int guard = 0; guard < 16 && clang_getCursorKind(e) == CXCursor_MemberRefExpr; guard++) {
        CXCursor base = child_at(e, 0);
        if (clang_Cursor_isNull(base) || !is_expression_kind(clang_getCursorKind(base)))
            return false;
        base = strip_expr(base);
        CXType t = clang_getCanonicalType(clang_getCursorType(base));
        if (t.kind == CXType_Pointer)
            t = clang_getCanonicalType(clang_getPointeeType(t));
        if (clang_equalTypes(t, rec))
            return true;
        e = base;
    }
    return false;
}

static enum CXChildVisitResult find_field_address(CXCursor c, CXCursor parent, CXClientData data)
{
    (void)parent;
    AddressSearch *s = data;
    if (clang_getCursorKind(c) == CXCursor_UnaryOperator && clang_getCursorUnaryOperatorKind(c) == CXUnaryOperator_AddrOf)
        s->found = member_of_record(strip_expr(child_at(c, 0)), s->rec);
    return s->found ? CXChildVisit_Break : CXChildVisit_Recurse;
}

static bool search_in_main_file(CXCursor c, void *data)
{
    AddressSearch *s = data;
    if (clang_Location_isFromMainFile(clang_getCursorLocation(c)))
        clang_visitChildren(c, find_field_address, s);
    return !s->found;
}

/* Does the program take the address of a field of a rec (`&A[i].key`)?
 * A pointer to a field may be moved past it, into the next field or the
 * next element, which fields' arrays of their own cannot say. */
static bool field_address_taken(Infer *in, CXType rec)
{
    AddressSearch s = {in, rec, false};
    visit_top_level(in->tu, search_in_main_file, &s);
    return s.found;
}

bool array_split(Infer *in, Array *a)
{
    if (a->split)
        return a->split > 0;
    a->split = -1;
    CXType rec;
    if (a->whole || a->pointed_from || a->owner || !cell_record(a, &rec) || field_address_taken(in, rec))
        return false;
    Leaf leaves[MAX_FIELDS];
    LeafWalk w = {leaves, 0, true, 0, 0, ""};
    clang_Type_visitFields(rec, visit_field, &w);
    if (!w.ok || w.n == 0)
        return false;
    a->parts = arena_alloc(&in->prog->arena, (size_t)w.n * sizeof *a->parts);
    for (int i = 0; i < w.n; i++)
        a->parts[i] = field_array(in, a, &leaves[i]);
    a->nparts = w.n;
    a->split = 1;
    return true;
}

/* The fields of whole within [off, off + size): one field's array, or a
 * group of them (found again, so that two accesses to one member name one
 * array); NULL when none lies there. */
static Array *part_at(Infer *in, Array *whole, long long off, long long size)
{
    Array *only = NULL;
    int n = 0;
    for (int i = 0; i < whole->nparts; i++) {
        Array *p = whole->parts[i];
        if (p->part_off >= off && p->part_off + p->part_size <= off + size) {
            only = p;
            n++;
        }
    }
    if (n <= 1)
        return only;
    for (int i = 0; i < whole->ngroups; i++)
        if (whole->groups[i]->part_off == off && whole->groups[i]->part_size == size)
            return whole->groups[i];
    Array *g = arena_alloc(&in->prog->arena, sizeof *g);
    *g = *whole;
    g->split = 1;
    g->whole = whole;
    g->part_off = off;
    g->part_size = size;
    g->groups = NULL;
    g->ngroups = 0;
    g->parts = arena_alloc(&in->prog->arena, (size_t)n * sizeof *g->parts);
    g->nparts = 0;
    for (int i = 0; i < whole->nparts; i++) {
        Array *p = whole->parts[i];
        if (p->part_off >= off && p->part_off + p->part_size <= off + size)
            g->parts[g->nparts++] = p;
    }
    whole->groups = arena_grow(&in->prog->arena, whole->groups, (size_t)whole->ngroups,
                               (size_t)whole->ngroups + 1, sizeof *whole->groups);
    whole->groups[whole->ngroups++] = g;
    return g;
}

Array *member_part(Infer *in, Array *a, CXCursor field)
{
    Array *whole = a->whole ? a->whole : a;
    long long bits = clang_Cursor_getOffsetOfField(field), size = clang_Type_getSizeOf(clang_getCursorType(field));
    if (!array_split(in, whole) || bits < 0 || bits % 8 || size <= 0)
        return a;
    long long off = (a->whole ? a->part_off : 0) + bits / 8;
    Array *p = part_at(in, whole, off, size);
    return p ? p : a;
}
