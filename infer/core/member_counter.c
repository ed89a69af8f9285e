/* Loop counters that are members of the thread's own objects (docs/
 * inference.md, "Loop-carried values"): `for (Cursor c{t}; c.i < n;
 * c.advance())` with `void advance() { i += 64; }`, or `c.i += 64` in the
 * header.  The loop has no exact form (its counter is no variable), so
 * its trip count is unknown, and the object, changed by the loop, would
 * lose its members: c.i an unknown in every iteration, and the strided
 * accesses through it two threads' alike.  When the header's update is
 * the only write to the member, by a constant step, and nothing else in
 * the loop touches the object but reads of its members, the member at
 * the top of iteration `iter` of the unknown loop is its entry value plus
 * iter steps: each finished iteration ran the update once (a `continue`
 * too; a `break` runs no later iteration).
 *
 * Ownership: nothing is kept; cursors belong to the translation unit. */
#include "stmt.h"

#include "assigned.h"
#include "env.h"
#include "structs.h"

#include <stdlib.h>
#include <string.h>

/* `c.x` for a local variable c: c's declaration and x's (a field, a
 * method). */
static bool variable_member_of(CXCursor e, CXCursor *var, CXCursor *member)
{
    e = strip_expr(e);
    if (clang_getCursorKind(e) != CXCursor_MemberRefExpr)
        return false;
    CXCursor base = child_at(e, 0);
    if (clang_Cursor_isNull(base) || clang_getCursorKind(strip_expr(base)) != CXCursor_DeclRefExpr)
        return false;
    *var = clang_getCursorReferenced(strip_expr(base));
    *member = clang_getCursorReferenced(e);
    return clang_getCursorKind(*var) == CXCursor_VarDecl;
}

/* `c.f` for a local variable c and a field f. */
static bool variable_member(CXCursor e, CXCursor *var, CXCursor *field)
{
    return variable_member_of(e, var, field) && clang_getCursorKind(*field) == CXCursor_FieldDecl;
}

/* `f` or `this->f` inside a method: f's declaration. */
static bool own_member(CXCursor e, CXCursor *field)
{
    e = strip_expr(e);
    if (clang_getCursorKind(e) != CXCursor_MemberRefExpr)
        return false;
    CXCursor base = child_at(e, 0);
    if (!clang_Cursor_isNull(base) && is_expression_kind(clang_getCursorKind(base)) &&
        clang_getCursorKind(strip_expr(base)) != CXCursor_CXXThisExpr)
        return false;
    *field = clang_getCursorReferenced(e);
    return clang_getCursorKind(*field) == CXCursor_FieldDecl;
}

/* `x++`, `x--`, `x += k`, `x -= k` with a constant k: the target and the
 * signed step. */
static bool constant_update(CXCursor s, CXCursor *target, int64_t *step)
{
    s = strip_expr(s);
    enum CXCursorKind k = clang_getCursorKind(s);
    Children ch = children_of(s);
    bool ok = false;
    if (k == CXCursor_UnaryOperator && ch.n == 1) {
        enum CXUnaryOperatorKind u = clang_getCursorUnaryOperatorKind(s);
        ok = u == CXUnaryOperator_PostInc || u == CXUnaryOperator_PreInc || u == CXUnaryOperator_PostDec ||
             u == CXUnaryOperator_PreDec;
        *step = u == CXUnaryOperator_PostInc || u == CXUnaryOperator_PreInc ? 1 : -1;
    } else if (k == CXCursor_CompoundAssignOperator && ch.n == 2) {
        enum CXBinaryOperatorKind op = clang_getCursorBinaryOperatorKind(s);
        ok = (op == CXBinaryOperator_AddAssign || op == CXBinaryOperator_SubAssign) && eval_int(ch.c[1], step) &&
             *step > -(1 << 30) && *step < (1 << 30);
        if (op == CXBinaryOperator_SubAssign)
            *step = -*step;
    }
    if (ok)
        *target = ch.c[0];
    free(ch.c);
    return ok;
}

/* The header's update `c.f += k` or `c.m()` whose method's body is the
 * one statement `f += k` (also ++, --, -=). */
static bool header_update(CXCursor inc, CXCursor *var, CXCursor *field, int64_t *step)
{
    CXCursor target;
    inc = strip_expr(inc);
    if (constant_update(inc, &target, step))
        return variable_member(target, var, field);
    if (clang_getCursorKind(inc) != CXCursor_CallExpr || clang_Cursor_getNumArguments(inc) != 0)
        return false;
    Children callee = children_of(inc);
    CXCursor method = clang_getNullCursor();
    bool ok = callee.n == 1 && variable_member_of(callee.c[0], var, &method) &&
              clang_getCursorKind(method) == CXCursor_CXXMethod;
    free(callee.c);
    CXCursor def, body;
    if (!ok || !defined_with_body(method, &def, &body))
        return false;
    Children items = children_of(body);
    ok = items.n == 1 && constant_update(items.c[0], &target, step) && own_member(target, field);
    free(items.c);
    return ok;
}

/* Is every use of var in the tree a read of one of its members (`c.f` as
 * a value), never a write, a method call, an address or the whole object,
 * nor a call of a lambda that captures it by reference?  (Any other way
 * to change it unseen, a pointer or a reference to it, makes the object
 * escape, and its members are then not followed at all.) */
typedef struct MemberReads {
    CXCursor var;
    bool other;
} MemberReads;

static bool writes_operand(CXCursor parent, CXCursor child)
{
    enum CXCursorKind k = clang_getCursorKind(parent);
    if (k == CXCursor_UnaryOperator) {
        enum CXUnaryOperatorKind u = clang_getCursorUnaryOperatorKind(parent);
        return u != CXUnaryOperator_Plus && u != CXUnaryOperator_Minus && u != CXUnaryOperator_Not &&
               u != CXUnaryOperator_LNot && u != CXUnaryOperator_Deref;
    }
    if (k == CXCursor_CompoundAssignOperator ||
        (k == CXCursor_BinaryOperator && clang_getCursorBinaryOperatorKind(parent) == CXBinaryOperator_Assign))
        return clang_equalRanges(clang_getCursorExtent(child_at(parent, 0)), clang_getCursorExtent(child));
    return k == CXCursor_CallExpr; /* a method called on it, or the member handed on by reference */
}

static enum CXChildVisitResult find_member_write(CXCursor c, CXCursor parent, CXClientData data)
{
    MemberReads *r = data;
    CXCursor def, body;
    if (clang_getCursorKind(c) == CXCursor_CallExpr && defined_with_body(clang_getCursorReferenced(c), &def, &body) &&
        captured_by_reference(clang_Cursor_getTranslationUnit(c), def, r->var)) {
        r->other = true; /* a lambda defined before the loop that may change the object */
        return CXChildVisit_Break;
    }
    if (clang_getCursorKind(c) == CXCursor_MemberRefExpr) {
        CXCursor var, field;
        if (variable_member(c, &var, &field) && clang_equalCursors(var, r->var)) {
            r->other |= writes_operand(parent, c) || type_is_array(clang_getCursorType(c)) ||
                        clang_getCanonicalType(clang_getCursorType(c)).kind == CXType_Record;
            return r->other ? CXChildVisit_Break : CXChildVisit_Continue;
        }
    }
    if (clang_getCursorKind(c) == CXCursor_DeclRefExpr && clang_equalCursors(clang_getCursorReferenced(c), r->var)) {
        r->other = true; /* the object itself: copied, handed on, its address taken */
        return CXChildVisit_Break;
    }
    return CXChildVisit_Recurse;
}

static bool only_member_reads(CXCursor tree, CXCursor var)
{
    MemberReads r = {var, false};
    if (!clang_Cursor_isNull(tree))
        clang_visitChildren(tree, find_member_write, &r);
    return !r.other;
}

/* The member expression `c.f` the test reads, for the counter's field. */
typedef struct MemberFind {
    CXCursor var, field, found;
} MemberFind;

static enum CXChildVisitResult find_member(CXCursor c, CXCursor parent, CXClientData data)
{
    (void)parent;
    MemberFind *m = data;
    CXCursor var, field;
    if (variable_member(c, &var, &field) && clang_equalCursors(var, m->var) && clang_equalCursors(field, m->field)) {
        m->found = strip_expr(c);
        return CXChildVisit_Break;
    }
    return CXChildVisit_Recurse;
}

bool member_counter_of(CXCursor cond, CXCursor inc, CXCursor body, MemberCounter *mc)
{
    if (clang_Cursor_isNull(cond) || clang_Cursor_isNull(inc) || clang_Cursor_isNull(body) ||
        !header_update(inc, &mc->var, &mc->field, &mc->step) || mc->step == 0 ||
        !only_member_reads(body, mc->var) || !only_member_reads(cond, mc->var) ||
        !type_is_integral(clang_getCursorType(mc->field)) ||
        clang_getCanonicalType(clang_getCursorType(mc->var)).kind != CXType_Record) /* not a reference: no other name changes it */
        return false;
    MemberFind m = {mc->var, mc->field, clang_getNullCursor()};
    clang_visitChildren(cond, find_member, &m);
    mc->member = m.found;
    return !clang_Cursor_isNull(m.found);
}

void member_counter_bind(Infer *in, const MemberCounter *mc, const Value *entry, Expr *iter, Loc loc)
{
    if (entry->kind != V_INT)
        return;
    Expr *moved = mk_binary(in, OP_MUL, iter, num_expr(in, mc->step < 0 ? -mc->step : mc->step, loc));
    local_member_assign(in, mc->member,
                        value_int(mk_binary(in, mc->step < 0 ? OP_SUB : OP_ADD, entry->e, moved)));
}
