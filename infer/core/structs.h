/* The memory of structs (members.c, local_fields.c): where a member lies
 * in its struct (a struct in shared or global memory is bytes: expr.c),
 * and the members of the thread's own struct objects.
 *
 * Ownership: as infer_ctx.h says. */
#ifndef MAPKIT_INFER_STRUCTS_H
#define MAPKIT_INFER_STRUCTS_H

#include "infer_ctx.h"

/* ---- members of a struct (members.c) ---- */
/* The byte offset of the member chain e (`A[i].a.v`, `s.a.v`, `p->a.v`)
 * within the object at its root (the cell A[i], the variable s, the cell
 * p points at: a pointer ends the chain), or -1 where clang gives no
 * offset.  A chain without a root expression (a member of an implicit
 * `this`) counts from `*this` when implicit_root, else is -1. */
long long member_chain_offset(CXCursor e, bool implicit_root);
/* `s.vals` for an array member of a struct variable in shared or global
 * memory whose type's layout clang does not give (a class template's,
 * left dependent in a template's pattern): a pointer to an array of its
 * own, keyed by the variable and the field. */
bool struct_member_array(Infer *in, CXCursor member, const Array *cell, Value *out);
/* `obj.input` on a variable whose type is a class template's left
 * dependent: is the class template's field of that name an array? */
bool member_is_array_field(Infer *in, CXCursor member, CXCursor holder);

/* ---- members of the thread's own structs (local_fields.c) ----
 * A local struct variable's Value lists its followed members by name
 * (Value.fields): `q.p = out; q.p[i]`, a span's constructor and operator[]. */
typedef struct Fields Fields;
bool fields_get(const Value *obj, const char *name, Value *out); /* name interned */
void fields_set(Infer *in, Value *obj, const char *name, Value v); /* a member's new value */
int fields_count(const Value *obj);
const char *fields_name_at(const Value *obj, int i, Value *v);
/* The env slot of the local object e designates (a variable, `this` of
 * the method inlined; a null cursor: `this`), or -1. */
int local_object_slot(Infer *in, CXCursor e);
/* The slot of the local object at the root of a member chain (q of
 * q.a.b), or -1. */
int local_member_root(Infer *in, CXCursor e);
/* `q.f` (also `q.a.f`, `this->f`, `f` in a method) of a local object
 * whose member f is followed: its value. */
bool local_member_value(Infer *in, CXCursor member, Value *out);
/* `q.f = v` on a local object: the member's new value (false: lhs is no
 * member of one). */
bool local_member_assign(Infer *in, CXCursor lhs, Value v);
/* A constructor's member initializers, into the object at env slot
 * `object` (-1: evaluated only). */
void constructor_initializers(Infer *in, CXCursor def, int object);
/* An aggregate initializer list of a struct type: the object's members. */
bool init_list_object(Infer *in, CXCursor list, Value *out);
/* Does every pointer member of the object (of type t) point into the
 * thread's own memory (a view of a local array)? */
bool object_views_own_memory(Infer *in, const Value *obj, CXType t);
/* The local object at the root of e (q of `q.a.b`, `*this`) may be
 * written in ways not seen (a reference to it or its member handed out):
 * its members are no longer followed. */
void local_object_escapes(Infer *in, CXCursor e);
/* `this` used as a pointer in a method inlined on a local object. */
void this_escapes(Infer *in);

#endif
