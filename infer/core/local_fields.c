/* Members of the thread's own struct variables (docs/inference.md,
 * "Members of local structs"): `P q{out + 1, n}; q.p[i] = v;`, a view
 * `span<int, 3> s{end(items) - 3, 3}; s[i]` (its constructor and
 * operator[] inlined), `q.p = other;`.  The Value of such a variable
 * carries the values of its pointer, integer and struct members, by name
 * (a member left dependent in a template's pattern has no declaration,
 * only its name), so an access through a member is followed like one
 * through a local pointer.  A member whose value is not known is simply
 * absent: an access through it stays untracked (opaque), as before.
 *
 * The object of a member expression is a local variable (`q.f`) or, in a
 * method or constructor inlined on one, `this` (`f`, `this->f`): its env
 * slot is Infer.this_slot.  Escaped variables are not followed: every
 * way to write a member unseen makes the object escape ("escapes",
 * below), and a reference member is never listed (it is its referent).
 *
 * Ownership: field lists live in the Program's arena and are never
 * changed once made (an assignment makes a new list), so Values share
 * them freely. */
#include "structs.h"

#include "env.h"
#include "expr.h"
#include "templates.h"

#include <stdlib.h>
#include <string.h>

typedef struct FieldValue {
    const char *name; /* interned */
    Value v;
} FieldValue;

struct Fields {
    int n;
    FieldValue *f;
};

/* Values worth keeping for a member: a pointer the protocol follows, an
 * integer, a struct with members of its own. */
static bool informative(const Value *v)
{
    return v->kind == V_PTR || v->kind == V_PRIVATE || v->kind == V_INT || v->fields;
}

bool fields_get(const Value *obj, const char *name, Value *out)
{
    const Fields *fs = obj->fields;
    for (int i = 0; fs && i < fs->n; i++)
        if (fs->f[i].name == name) {
            *out = fs->f[i].v;
            return true;
        }
    return false;
}

/* obj's members with `name` set to v (or removed when v says nothing). */
static const Fields *fields_with(Infer *in, const Fields *fs, const char *name, const Value *v)
{
    int n = fs ? fs->n : 0;
    Fields *r = arena_alloc(&in->prog->arena, sizeof *r);
    r->f = arena_alloc(&in->prog->arena, (size_t)(n + 1) * sizeof *r->f);
    r->n = 0;
    for (int i = 0; i < n; i++)
        if (fs->f[i].name != name)
            r->f[r->n++] = fs->f[i];
    if (informative(v))
        r->f[r->n++] = (FieldValue){name, *v};
    return r->n ? r : NULL;
}

void fields_set(Infer *in, Value *obj, const char *name, Value v)
{
    if (obj->kind == V_UNDEF) /* `P q; q.p = out;`: the object is there, its other members unknown */
        obj->kind = V_NONE;
    obj->fields = fields_with(in, obj->fields, name, &v);
}

int fields_count(const Value *obj)
{
    return obj->fields ? obj->fields->n : 0;
}

const char *fields_name_at(const Value *obj, int i, Value *v)
{
    *v = obj->fields->f[i].v;
    return obj->fields->f[i].name;
}

/* The name a member expression names: its declaration's, or the token
 * of a member left dependent. */
static const char *member_name(Infer *in, CXCursor member)
{
    CXCursor field = clang_getCursorReferenced(member);
    char *name = clang_Cursor_isNull(field) ? template_member_name(in->tu, member) : cursor_name(field);
    const char *interned = *name ? program_intern(in->prog, name, strlen(name)) : NULL;
    free(name);
    return interned;
}

/* A member declared as a reference (`int &x;`): its value is its
 * referent's, which an assignment changes, so it is never listed. */
static bool is_reference_field(CXCursor field)
{
    CXType t = clang_getCanonicalType(clang_getCursorType(field));
    return t.kind == CXType_LValueReference || t.kind == CXType_RValueReference;
}

/* `R r{k};`, `: x(a)` binding a reference member to a variable (or a
 * member of a local object): writes through the member change it
 * unseen, as through `int &x = k;`. */
static void bind_reference_member(Infer *in, CXCursor init)
{
    CXCursor e = strip_expr(init);
    int slot = clang_getCursorKind(e) == CXCursor_DeclRefExpr ? env_find(in, clang_getCursorReferenced(e)) : -1;
    if (slot >= 0)
        in->env[slot].escaped = true;
    else
        local_object_escapes(in, init);
}

/* A union's members overlay each other: a write to one changes the
 * others, which a list of members by name cannot say. */
static bool is_union(CXType t)
{
    return clang_getCursorKind(clang_getTypeDeclaration(clang_getCanonicalType(t))) == CXCursor_UnionDecl;
}

/* Is the variable a struct or class object of the thread's own (not a
 * pointer, nor a reference bound to a cell, nor a union)? */
static bool own_object_slot(Infer *in, int slot)
{
    if (slot < 0 || in->env[slot].escaped)
        return false;
    const Value *v = &in->env[slot].v;
    if (v->kind == V_PTR || v->kind == V_GROUP || v->model_object)
        return false;
    CXCursor decl = in->env[slot].decl;
    if (clang_Cursor_isNull(decl))
        return true; /* an object under construction */
    CXType t = clang_getCanonicalType(clang_getCursorType(decl));
    if (t.kind == CXType_LValueReference || t.kind == CXType_RValueReference)
        t = clang_getCanonicalType(clang_getPointeeType(t));
    return (t.kind == CXType_Record && !is_union(t)) || t.kind == CXType_Unexposed || t.kind == CXType_Dependent;
}

/* `*this`, the object itself (`(*this).f`, `return *this;`). */
static bool is_deref_of_this(CXCursor e)
{
    return clang_getCursorKind(e) == CXCursor_UnaryOperator &&
           clang_getCursorUnaryOperatorKind(e) == CXUnaryOperator_Deref &&
           clang_getCursorKind(strip_expr(child_at(e, 0))) == CXCursor_CXXThisExpr;
}

/* The env slot of the local object e designates (a variable, or `this`
 * of the method being inlined), -1 for any other. */
int local_object_slot(Infer *in, CXCursor e)
{
    int slot = -1;
    if (clang_Cursor_isNull(e) || !is_expression_kind(clang_getCursorKind(e))) {
        slot = in->this_slot; /* a member named without its object */
    } else {
        e = strip_expr(e);
        if (clang_getCursorKind(e) == CXCursor_CXXThisExpr || is_deref_of_this(e))
            slot = in->this_slot;
        else if (clang_getCursorKind(e) == CXCursor_DeclRefExpr && !type_is_pointer(clang_getCursorType(e)))
            slot = env_find(in, clang_getCursorReferenced(e));
    }
    return own_object_slot(in, slot) ? slot : -1;
}

/* The object a member expression's base designates, as a Value, with
 * where to write it back: a local object's slot (*slot), or a member of
 * one (*outer, its member expression).  False when it is neither. */
static bool member_object(Infer *in, CXCursor member, Value *obj, int *slot, CXCursor *outer)
{
    CXCursor base = child_at(member, 0);
    CXCursor b = clang_Cursor_isNull(base) || !is_expression_kind(clang_getCursorKind(base)) ? base : strip_expr(base);
    *slot = -1;
    *outer = clang_getNullCursor();
    if (!clang_Cursor_isNull(b) && clang_getCursorKind(b) == CXCursor_MemberRefExpr &&
        !type_is_pointer(clang_getCursorType(b))) { /* q.a.b */
        *outer = b;
        if (!local_member_value(in, b, obj))
            *obj = value_none();
        return local_member_root(in, b) >= 0;
    }
    *slot = local_object_slot(in, base);
    if (*slot < 0)
        return false;
    *obj = in->env[*slot].v;
    return true;
}

/* Does a member's value fit its type (an integer member holds an
 * integer, a pointer one a pointer; an array member is never a value)? */
static bool fits(CXType t, const Value *v)
{
    CXType c = clang_getCanonicalType(t);
    if (type_is_array(t))
        return false;
    if (type_is_integral(t))
        return v->kind == V_INT;
    if (c.kind == CXType_Pointer)
        return v->kind == V_PTR || v->kind == V_PRIVATE;
    return true; /* a struct, or a type left dependent */
}

/* A bit-field holds the low bits of what was stored in it (`b.v = t` with
 * `unsigned v : 4` keeps t mod 16): the stored value, wrapped to the
 * field's type, masked to its width; a signed one's low bits are
 * sign-extended, (m ^ 2^(w-1)) - 2^(w-1) of the masked m. */
static Value bit_field_value(Infer *in, CXCursor field, Value v)
{
    int width = clang_getFieldDeclBitWidth(field);
    CXType t = clang_getCanonicalType(clang_getCursorType(field));
    long long bits = clang_Type_getSizeOf(t) * 8;
    if (v.kind != V_INT || width <= 0 || width >= bits || width >= 63)
        return v;
    bool is_unsigned = type_is_unsigned(t);
    int used = machine_width(in, v.e); /* a natural of so many bits; -1: maybe negative, or wider */
    if (used >= 0 && used <= width - (is_unsigned ? 0 : 1))
        return v; /* it fits: the common case stays as written */
    Loc loc = v.e->loc;
    Expr *low = expr_unary(in->prog, loc, conversion_op((int)bits, false), v.e); /* its bits, as a natural */
    Expr *m = expr_binary(in->prog, OP_BAND, low, num_expr(in, ((int64_t)1 << width) - 1, loc));
    if (is_unsigned)
        return value_int(m);
    Expr *sign = num_expr(in, (int64_t)1 << (width - 1), loc);
    return value_int(expr_binary(in->prog, OP_SUB, expr_binary(in->prog, OP_BXOR, m, sign), sign));
}

bool local_member_value(Infer *in, CXCursor member, Value *out)
{
    Value obj;
    int slot;
    CXCursor outer;
    CXCursor field = clang_getCursorReferenced(member);
    if (is_reference_field(field))
        return false;
    const char *name = member_object(in, member, &obj, &slot, &outer) ? member_name(in, member) : NULL;
    if (!name || !fields_get(&obj, name, out) || !fits(clang_getCursorType(member), out))
        return false;
    if (clang_Cursor_isBitField(field))
        *out = bit_field_value(in, field, *out);
    return true;
}

bool local_member_assign(Infer *in, CXCursor lhs, Value v)
{
    lhs = strip_expr(lhs);
    if (clang_getCursorKind(lhs) != CXCursor_MemberRefExpr || is_reference_field(clang_getCursorReferenced(lhs)))
        return false; /* `r.x = v` with `int &x`: a write to x's referent */
    Value obj;
    int slot;
    CXCursor outer;
    const char *name = member_object(in, lhs, &obj, &slot, &outer) ? member_name(in, lhs) : NULL;
    if (!name)
        return false;
    fields_set(in, &obj, name, v);
    if (slot >= 0)
        in->env[slot].v = obj;
    else
        local_member_assign(in, outer, obj);
    return true;
}

int local_member_root(Infer *in, CXCursor e)
{
    e = strip_expr(e);
    while (clang_getCursorKind(e) == CXCursor_MemberRefExpr) {
        CXCursor base = child_at(e, 0);
        if (clang_Cursor_isNull(base) || !is_expression_kind(clang_getCursorKind(base)))
            return local_object_slot(in, base);
        if (type_is_pointer(clang_getCursorType(strip_expr(base))))
            return -1;
        e = strip_expr(base);
    }
    return local_object_slot(in, e);
}

/* ---- construction ---- */

/* `S(int *q) : d(q), n(0), Base(q) { ... }`: the member initializers
 * set the object's members (a MemberRef child, then its expression),
 * in order; a base's initializer is evaluated for its effects. */
void constructor_initializers(Infer *in, CXCursor def, int object)
{
    Children ch = children_of(def);
    const char *pending = NULL;
    bool binds_reference = false;
    for (int i = 0; i < ch.n; i++) {
        enum CXCursorKind k = clang_getCursorKind(ch.c[i]);
        if (k == CXCursor_MemberRef) {
            char *name = cursor_name(ch.c[i]);
            pending = *name ? program_intern(in->prog, name, strlen(name)) : NULL;
            free(name);
            binds_reference = is_reference_field(clang_getCursorReferenced(ch.c[i]));
            continue;
        }
        if (!is_expression_kind(k))
            continue;
        if (binds_reference)
            bind_reference_member(in, ch.c[i]);
        Value v = tr_value(in, ch.c[i]);
        if (binds_reference)
            pending = NULL;
        binds_reference = false;
        if (pending && object >= 0)
            fields_set(in, &in->env[object].v, pending, v);
        pending = NULL;
    }
    free(ch.c);
}

typedef struct ListFields {
    Infer *in;
    Children items;
    int next;
    Value obj;
} ListFields;

/* Can items pair with fields one to one?  Not past an array or struct
 * member whose braces may be elided (`{1, 2, 3, 4}` for `int a[4]`). */
static enum CXVisitorResult elidable_field(CXCursor field, CXClientData data)
{
    CXType t = clang_getCanonicalType(clang_getCursorType(field));
    if (type_is_array(t) || t.kind == CXType_Record) {
        *(bool *)data = true;
        return CXVisit_Break;
    }
    return CXVisit_Continue;
}

static enum CXVisitorResult list_field(CXCursor field, CXClientData data)
{
    ListFields *lf = data;
    if (lf->next >= lf->items.n)
        return CXVisit_Break;
    CXCursor item = lf->items.c[lf->next++];
    if (is_reference_field(field)) {
        bind_reference_member(lf->in, item);
        tr_effects(lf->in, item);
        return CXVisit_Continue;
    }
    Value v = tr_value(lf->in, item);
    char *name = cursor_name(field);
    if (*name)
        fields_set(lf->in, &lf->obj, program_intern(lf->in->prog, name, strlen(name)), v);
    free(name);
    return CXVisit_Continue;
}

/* Does the class have a base (its items come first in a list)? */
static enum CXChildVisitResult find_base(CXCursor c, CXCursor parent, CXClientData data)
{
    (void)parent;
    if (clang_getCursorKind(c) != CXCursor_CXXBaseSpecifier)
        return CXChildVisit_Continue;
    *(bool *)data = true;
    return CXChildVisit_Break;
}

/* `P q{out + 1, n}`, `P q = {a, b}`: an aggregate's members from the
 * list, in declaration order (a type clang resolved only); false for a
 * list of another type, whose items the caller evaluates. */
bool init_list_object(Infer *in, CXCursor list, Value *out)
{
    CXType t = clang_getCanonicalType(clang_getCursorType(list));
    bool bases = false, elided = false; /* a base's items come first: not paired with the fields */
    if (t.kind == CXType_Record) {
        clang_visitChildren(clang_getTypeDeclaration(t), find_base, &bases);
        clang_Type_visitFields(t, elidable_field, &elided);
    }
    if (t.kind != CXType_Record || is_union(t) || bases || elided)
        return false;
    ListFields lf = {in, children_of(list), 0, value_none()};
    int n = 0;
    for (int i = 0; i < lf.items.n; i++)
        if (is_expression_kind(clang_getCursorKind(lf.items.c[i])))
            lf.items.c[n++] = lf.items.c[i];
    lf.items.n = n;
    clang_Type_visitFields(t, list_field, &lf);
    for (int i = lf.next; i < lf.items.n; i++) /* past the fields: none in valid C++ */
        tr_effects(in, lf.items.c[i]);
    free(lf.items.c);
    *out = lf.obj;
    return true;
}

typedef struct OwnView {
    Infer *in;
    const Value *obj;
    bool own;
} OwnView;

static enum CXVisitorResult own_view_field(CXCursor field, CXClientData data)
{
    OwnView *ov = data;
    CXType t = clang_getCanonicalType(clang_getCursorType(field));
    if (!type_reaches_memory(t) || type_is_array(t))
        return CXVisit_Continue;
    char *name = cursor_name(field);
    Value v;
    bool known = *name && fields_get(ov->obj, program_intern(ov->in->prog, name, strlen(name)), &v);
    free(name);
    ov->own = known && (t.kind == CXType_Pointer ? v.kind == V_PRIVATE
                        : t.kind == CXType_Record ? object_views_own_memory(ov->in, &v, t)
                                                  : false);
    return ov->own ? CXVisit_Continue : CXVisit_Break;
}

bool object_views_own_memory(Infer *in, const Value *obj, CXType t)
{
    CXType c = clang_getCanonicalType(t);
    if (c.kind == CXType_LValueReference || c.kind == CXType_RValueReference)
        c = clang_getCanonicalType(clang_getPointeeType(c));
    if (c.kind != CXType_Record || is_union(c))
        return false;
    OwnView ov = {in, obj, true};
    clang_Type_visitFields(c, own_view_field, &ov);
    return ov.own;
}

/* ---- escapes ----
 * Members are followed only while every write to them is one the front
 * end sees.  Each way the object could be written unseen stops that:
 * its slot becomes escaped (own_object_slot refuses it), so its members
 * are read as untracked pointers again (opaque). */

void local_object_escapes(Infer *in, CXCursor e)
{
    int root = local_member_root(in, e);
    if (root >= 0)
        in->env[root].escaped = true;
}

void this_escapes(Infer *in)
{
    if (in->this_slot >= 0)
        in->env[in->this_slot].escaped = true;
}
