/* Expressions of the CUDA front end ([CAV21 Sec. 5] "Inference"):
 * integer values become protocol expressions, array reads and writes
 * become accesses in evaluation order, everything else is data the
 * protocol abstracts away. */
#include "expr.h"

#include "assigned.h"
#include "call.h"
#include "env.h"
#include "kernel.h"
#include "model.h"
#include "structs.h"

#include <stdlib.h>
#include <string.h>

/* `i[A]`: the array is the second operand.  A base of a type still
 * dependent (`data.values[i]` on a template's struct) is the array when
 * the index is not a pointer. */
static bool subscript_swapped(CXCursor a, CXCursor b)
{
    CXType ta = clang_getCanonicalType(clang_getCursorType(strip_expr(a)));
    if (type_is_pointer(ta))
        return false;
    if (ta.kind == CXType_Unexposed || ta.kind == CXType_Dependent || ta.kind == CXType_Auto)
        return type_is_pointer(clang_getCursorType(strip_expr(b)));
    return type_is_integral(ta); /* i[A]; an object's `v[i]` is its operator[] */
}

/* ---- lvalues ---- */

typedef enum { LV_NONE, LV_VAR, LV_CELL, LV_PRIVATE } LvKind;

typedef struct LValue {
    LvKind kind;
    int slot;  /* LV_VAR */
    Array *arr; /* LV_CELL */
    Expr **idx;
    int n;
    int unit, cell; /* through a view (Value): idx's last counts unit-byte elements */
    int span;       /* Value's span: the bytes an access covers, when not one element */
    bool flat;      /* Value's flat: the index runs over the whole object */
} LValue;

static CXCursor truth_operand(CXCursor e);
static Value tr_value_raw(Infer *in, CXCursor e);
static LValue tr_lvalue(Infer *in, CXCursor e);
static LValue lvalue_of(Infer *in, CXCursor e);
static Expr *rescale(Infer *in, Expr *k, Op op, long long r, Loc loc);
static bool lv_bytes(const LValue *lv);
static LValue call_lvalue(Infer *in, CXCursor call);
static LValue lvalue_of_reference(const Value *v);
static Value read_through_reference(Infer *in, Value v, Loc loc);
static Value pointer_view(Infer *in, CXCursor cast, Value v, CXType from, CXType to);
static long long pointee_size(CXType t);
static Expr *byte_view_read(Infer *in, const LValue *lv, Loc loc);
static bool cell_part(Infer *in, const LValue *lv, long long off, long long size, long long unit, long long span, Loc loc,
                      LValue *out);

static Expr **copy_idx(Infer *in, Expr **idx, int n, int extra)
{
    Expr **c = arena_alloc(&in->prog->arena, (size_t)(n + extra > 0 ? n + extra : 1) * sizeof(Expr *));
    for (int i = 0; i < n; i++)
        c[i] = idx[i];
    return c;
}

static Value ptr_value(Array *arr, Expr **idx, int n)
{
    Value v = {0};
    v.kind = V_PTR;
    v.arr = arr;
    v.idx = idx;
    v.nidx = n;
    return v;
}

static Value lvalue_pointer(const LValue *lv)
{
    Value v = ptr_value(lv->arr, lv->idx, lv->n);
    v.unit = lv->unit;
    v.cell = lv->cell;
    v.span = lv->span;
    v.flat = lv->flat;
    return v;
}

Value array_decay(Infer *in, Array *a, Loc loc)
{
    if (a->ndims == 0)
        return ptr_value(a, NULL, 0);
    Expr **idx = copy_idx(in, NULL, 0, 1);
    idx[0] = num_expr(in, 0, loc);
    return ptr_value(a, idx, 1);
}

/* p + k: moves the last index. */
static Value ptr_add(Infer *in, Value p, Expr *k, Op op)
{
    if (p.kind != V_PTR || p.nidx == 0)
        return p;
    long long elem = p.unit ? p.unit : array_cell_bytes(p.arr);
    if (k && p.span && elem > 0) /* the pointer's elements are span bytes; idx counts elem-byte ones */
        k = rescale(in, k, OP_MUL, p.span / elem, k->loc);
    if (p.nidx == p.arr->ndims && p.arr->ndims >= 2 && !p.row && !(k && k->kind == E_NUM && k->u.num == 0))
        p.flat = true; /* a cell's address moved: past its row, into the whole object */
    Expr **idx = copy_idx(in, p.idx, p.nidx, 0);
    idx[p.nidx - 1] = k ? mk_binary(in, op, idx[p.nidx - 1], k) : emit_local(in, "offset", k ? k->loc : in->anchor);
    p.idx = idx;
    return p;
}

/* p[i]: the cell when p points at cells, else the sub-array's decayed
 * pointer (`tile[ty]` of a 2-D tile points at tile[ty][0]). */
static LValue subscript(Infer *in, Value p, Expr *i, Value *subarray)
{
    LValue lv = {0};
    *subarray = value_none(); /* data the protocol does not follow, which no thread shares */
    if (p.kind == V_PRIVATE) {
        lv.kind = LV_PRIVATE;
        *subarray = value_private();
        return lv;
    }
    if (p.kind != V_PTR)
        return lv;
    if (p.nidx == 0) { /* a shared scalar through its address: p[0] */
        lv.kind = LV_CELL;
        lv.arr = p.arr;
        return lv;
    }
    Value q = ptr_add(in, p, i, OP_ADD);
    if (q.nidx < p.arr->ndims) {
        Expr **idx = copy_idx(in, q.idx, q.nidx, 1);
        idx[q.nidx] = num_expr(in, 0, i->loc);
        *subarray = ptr_value(p.arr, idx, q.nidx + 1);
        subarray->row = true; /* `M[i]`: its arithmetic stays in the row */
        subarray->flat = q.flat;
        return lv;
    }
    lv.kind = LV_CELL;
    lv.arr = q.arr;
    lv.idx = q.idx;
    lv.n = q.nidx;
    lv.unit = q.unit;
    lv.cell = q.cell;
    lv.span = q.span;
    lv.flat = q.flat;
    return lv;
}

/* An access at p[i] (also *p and p->f): through a pointer into an array
 * the protocol tracks, or into the thread's own memory, it is followed;
 * through any other pointer (loaded from memory, cast from an integer, one
 * of two arrays) it is lost, and the protocol says so. */
static LValue access_at(Infer *in, CXCursor e, Value p, Expr *i, Value *subarray)
{
    LValue lv = subscript(in, p, i, subarray);
    CXType t = clang_getCanonicalType(clang_getCursorType(e));
    bool function = t.kind == CXType_FunctionProto || t.kind == CXType_FunctionNoProto;
    if (p.kind != V_PTR && p.kind != V_PRIVATE && !function) /* `*f` of a function pointer reads no memory */
        opaque_at(in, e, "access through a pointer the protocol does not track; it is ignored");
    return lv;
}

/* `extern __shared__ T s[]`: the block's one dynamic buffer, whatever
 * each declaration calls it. */
static bool is_dynamic_shared_decl(CXCursor decl)
{
    return cursor_has_attr(decl, CXCursor_CUDASharedAttr) && clang_Cursor_getStorageClass(decl) == CX_SC_Extern;
}

static bool is_dynamic_shared(const Array *a)
{
    return a->mem == MEM_SHARED && is_dynamic_shared_decl(a->decl);
}

/* Arrays that live outside the kernel's own variables: __shared__
 * declarations, __device__ variables and a device function's `static`
 * variables (one copy for all threads), found or declared on first use. */
Array *memory_array(Infer *in, CXCursor decl)
{
    if (clang_getCursorKind(decl) != CXCursor_VarDecl)
        return NULL;
    Array *a = array_find(in, decl);
    if (a)
        return a;
    if (is_dynamic_shared_decl(decl))
        for (int i = 0; i < in->narrays; i++)
            if (is_dynamic_shared(in->arrays[i]))
                return in->arrays[i];
    CXType t = clang_getCursorType(decl);
    MemSpace mem;
    Space space = in->dialect->var_space(decl);
    if (space == SPACE_SHARED)
        mem = MEM_SHARED;
    else if (space == SPACE_GLOBAL)
        mem = MEM_GLOBAL;
    else
        return NULL;
    char *name = decl_protocol_name(decl);
    Loc loc = loc_of(in, decl);
    if (!cursor_in_main_file(in, decl))
        loc = in->anchor;
    a = array_add(in, decl, name, mem, t, loc);
    if (clang_getCanonicalType(t).kind == CXType_Pointer && mem == MEM_GLOBAL) {
        /* `__device__ float *y;`: what the host (or a kernel) stores in it
         * is not followed, so it is a buffer of its own, as a parameter */
        char text[320];
        snprintf(text, sizeof text, "the __device__ pointer '%s' points to a buffer of its own, none of the kernel's "
                                    "other arrays (what is stored in it is not followed)", name);
        note_kernel_assumption(in, text, loc);
    }
    free(name);
    return a;
}

static Value builtin_member(Infer *in, CXCursor base, const char *field, Loc loc)
{
    static const char *const groups[] = {"threadIdx", "blockIdx", "blockDim", "gridDim"};
    CXCursor b = strip_expr(base);
    if (clang_getCursorKind(b) != CXCursor_DeclRefExpr)
        return value_none();
    CXCursor decl = clang_getCursorReferenced(b);
    if (clang_Cursor_isNull(decl) || !is_file_scope(decl))
        return value_none();
    for (size_t g = 0; g < sizeof groups / sizeof groups[0]; g++) {
        if (!cursor_name_is(decl, groups[g]) || strlen(field) != 1 || !strchr("xyz", field[0]))
            continue;
        char name[32];
        snprintf(name, sizeof name, "%s.%s", groups[g], field);
        return value_int(var_expr(in, program_intern(in->prog, name, strlen(name)), loc));
    }
    return value_none();
}

/* ---- lvalues ---- */

/* `__device__ float *y;` at file scope: a pointer held in global memory. */
static bool device_pointer_var(Infer *in, CXCursor decl)
{
    return clang_getCursorKind(decl) == CXCursor_VarDecl && is_file_scope(decl) &&
           clang_getCanonicalType(clang_getCursorType(decl)).kind == CXType_Pointer &&
           in->dialect->var_space(decl) == SPACE_GLOBAL;
}

/* `int g;` at file scope or `static int g;` in a function, of a type or
 * a space the dialect places in no memory: one object for every thread,
 * which the thread's own variables cannot stand for. */
static bool untracked_static_var(CXCursor decl)
{
    if (clang_getCursorKind(decl) != CXCursor_VarDecl || clang_isConstQualifiedType(clang_getCursorType(decl)))
        return false;
    return is_file_scope(decl) || clang_Cursor_getStorageClass(decl) == CX_SC_Static;
}

static LValue decl_lvalue(Infer *in, CXCursor decl)
{
    LValue lv = {0};
    int slot = env_find(in, decl);
    if (slot >= 0) {
        Value *v = &in->env[slot].v;
        if (v->kind == V_PTR && v->block_group) /* a reference parameter bound to a cell */
            return lvalue_of_reference(v);
        lv.kind = LV_VAR;
        lv.slot = slot;
        return lv;
    }
    Array *a = memory_array(in, decl);
    if (a && a->ndims == 0) {
        lv.kind = LV_CELL;
        lv.arr = a;
    }
    return lv;
}

/* What a call returning a reference designates, as an lvalue: the cell,
 * the thread's own, or (the operator returned no reference the protocol
 * follows) nothing, made opaque. */
static LValue reference_lvalue(Infer *in, CXCursor e, const Value *ref)
{
    LValue none = {0};
    if (ref->kind == V_PTR && ref->block_group)
        return lvalue_of_reference(ref);
    if (ref->kind == V_PRIVATE) {
        none.kind = LV_PRIVATE;
        return none;
    }
    not_followed(in, e, "the reference this operator returns");
    return none;
}

/* A member named without its object in a method (implicit `this`): a
 * member of the object's cell, the thread's own, or untracked. */
static LValue this_member(Infer *in, CXCursor e, Loc loc)
{
    LValue none = {0};
    Value sub;
    if (in->this_value.kind == V_PTR)
        return access_at(in, e, in->this_value, num_expr(in, 0, loc), &sub);
    if (in->this_value.kind == V_PRIVATE)
        none.kind = LV_PRIVATE;
    return none;
}

/* The largest power of two up to 16 that divides both a and b: the unit
 * of a byte view at offset a of width b. */
static int common_unit(long long a, long long b)
{
    int u = 16;
    while (u > 1 && (a % u || b % u))
        u /= 2;
    return u;
}

/* The bytes [off, off + size) of the struct cell lv designates (an
 * element of an array of structs, or a struct variable in shared or
 * global memory), as a view of its array (docs/inference.md, "Structs as
 * bytes"): its last index counts unit-byte elements from the array's
 * first byte, and an access through it covers span bytes (0: one unit).
 * A unit of 0 is the largest power of two dividing off, size and the
 * cell.  False when lv is no whole cell or the part is none of it. */
static bool cell_part(Infer *in, const LValue *lv, long long off, long long size, long long unit, long long span, Loc loc,
                      LValue *out)
{
    if (lv->kind != LV_CELL || lv->unit || lv->cell || lv->span || lv->flat || lv->n != lv->arr->ndims)
        return false;
    long long cell = array_cell_bytes(lv->arr);
    if (cell <= 0 || off < 0 || size <= 0 || off + size > cell || (!unit && size == cell))
        return false;
    if (!unit) {
        unit = common_unit(common_unit(off, size), cell);
        span = size;
    }
    if (unit <= 0 || off % unit || cell % unit || span % unit)
        return false;
    LValue v = *lv;
    v.idx = copy_idx(in, lv->idx, lv->n, lv->n ? 0 : 1);
    Expr *first = lv->n ? rescale(in, v.idx[lv->n - 1], OP_MUL, cell / unit, loc) : NULL;
    Expr *at = num_expr(in, off / unit, loc);
    v.idx[lv->n ? lv->n - 1 : 0] = !first ? at : off ? mk_binary(in, OP_ADD, first, at) : first;
    v.n = lv->n ? lv->n : 1;
    v.unit = (int)unit;
    v.cell = (int)cell;
    v.span = span != unit ? (int)span : 0;
    v.flat = true;
    *out = v;
    return true;
}

/* `A[i].f`, `s.f`, `p->a.f`, `f` in a method called on a cell: f's bytes
 * of the struct cell (an element of an array of structs, or a struct
 * variable in shared or global memory), not the whole cell, so that
 * threads touching different members do not conflict and a member is one
 * memory with whatever else covers its bytes (a union's other members, a
 * copy of the cell, a pointer moved past the member).  An array member is
 * a view in its innermost elements whose own elements (rows) are span
 * bytes, so `s.a[k]` steps them and `s.a[k]` past the end runs on into
 * the next member.  A struct member inside a chain (`A[i].pos` of
 * `A[i].pos.x`, whose offset counts from the cell) stays the cell unless
 * it is used whole (record).  True when lv became the member's bytes. */
static bool member_of_whole_cell(Infer *in, CXCursor e, LValue *lv, bool record)
{
    CXType t = clang_getCanonicalType(clang_getCursorType(e));
    if (clang_getCursorKind(e) != CXCursor_MemberRefExpr || (t.kind == CXType_Record && !record))
        return false;
    long long unit = 0, span = 0;
    if (type_is_array(t)) {
        CXType el = clang_getCanonicalType(clang_getArrayElementType(t));
        span = clang_Type_getSizeOf(el);
        while (type_is_array(el))
            el = clang_getCanonicalType(clang_getArrayElementType(el));
        unit = clang_Type_getSizeOf(el);
        if (unit <= 0 || span <= 0)
            return false;
    }
    return cell_part(in, lv, member_chain_offset(e, true), clang_Type_getSizeOf(t), unit, span, loc_of(in, e), lv);
}

/* e as an lvalue used whole: a struct member (`A[i].pos`) is its bytes. */
static LValue tr_lvalue(Infer *in, CXCursor e)
{
    /* tr_lvalue: VAR | E[I] | *P | OBJ.FIELD | P->FIELD | CALL (returning T &), written to */
    LValue lv = lvalue_of(in, e);
    member_of_whole_cell(in, strip_expr(e), &lv, true);
    return lv;
}

/* e as an lvalue, a struct member left a cell (the object of a chain). */
static LValue lvalue_of(Infer *in, CXCursor e)
{
    LValue none = {0};
    e = strip_expr(e);
    Loc loc = loc_of(in, e);
    switch (clang_getCursorKind(e)) {
    case CXCursor_DeclRefExpr: {
        CXCursor decl = clang_getCursorReferenced(e);
        if (clang_Cursor_isNull(decl))
            return none;
        LValue lv = decl_lvalue(in, decl);
        if (lv.kind == LV_NONE && device_pointer_var(in, decl)) {
            /* `y = x;`: which buffer later reads of y reach is not followed */
            char *name = cursor_name(decl);
            opaque_at(in, e, "a store to the __device__ pointer '%s' is not followed", name);
            free(name);
        } else if (lv.kind == LV_NONE && untracked_static_var(decl)) {
            /* a variable all threads share that no memory models: a write
             * to it is not the thread's own */
            char *name = cursor_name(decl);
            opaque_at(in, e, "the variable '%s' lives outside the thread, in memory the protocol does not model",
                      name);
            free(name);
        }
        return lv;
    }
    case CXCursor_ArraySubscriptExpr: {
        CXCursor a = child_at(e, 0), b = child_at(e, 1);
        Value ref;
        if (models_dependent_operator(in, e, a, &b, 1, "operator[]", &ref)) /* v[i] on a span<T> */
            return reference_lvalue(in, e, &ref);
        if (subscript_swapped(a, b)) { /* i[A] */
            CXCursor t = a;
            a = b;
            b = t;
        }
        Value p = tr_value_raw(in, a);
        Expr *i = tr_index(in, b);
        Value sub;
        return access_at(in, e, p, i, &sub);
    }
    case CXCursor_UnaryOperator:
        if (clang_getCursorUnaryOperatorKind(e) == CXUnaryOperator_Deref) {
            Value p = tr_value_raw(in, child_at(e, 0));
            Value sub;
            return access_at(in, e, p, num_expr(in, 0, loc), &sub);
        }
        if (clang_getCursorUnaryOperatorKind(e) == CXUnaryOperator_Extension)
            return tr_lvalue(in, child_at(e, 0));
        tr_effects(in, e);
        if (clang_getCursorUnaryOperatorKind(e) == CXUnaryOperator_PreInc ||
            clang_getCursorUnaryOperatorKind(e) == CXUnaryOperator_PreDec)
            not_followed(in, e, "an increment used as an lvalue");
        return none;
    case CXCursor_MemberRefExpr: {
        CXCursor base = child_at(e, 0);
        LValue lv;
        if (clang_Cursor_isNull(base) || !is_expression_kind(clang_getCursorKind(base))) {
            lv = this_member(in, e, loc); /* `vals[i]` in a method: this->vals */
        } else if (type_is_pointer(clang_getCursorType(strip_expr(base)))) { /* p->f */
            Value p = tr_value_raw(in, base);
            Value sub;
            lv = access_at(in, e, p, num_expr(in, 0, loc), &sub);
        } else {
            lv = lvalue_of(in, base);
            if (lv.kind == LV_VAR) /* a member of a struct or vector variable: the thread's own */
                lv.kind = LV_PRIVATE;
        }
        if (!member_of_whole_cell(in, e, &lv, false) && lv.kind == LV_CELL && type_is_array(clang_getCursorType(e)) &&
            !(lv.n == 0 && array_cell_bytes(lv.arr) <= 0)) { /* a layout unknown: tr_member's struct_member_array */
            opaque_at(in, e, "a member array whose offset or elements clang does not give, or whose elements do not "
                             "divide the cell, is not followed");
            return none;
        }
        return lv;
    }
    case CXCursor_CallExpr:
        return call_lvalue(in, e);
    case CXCursor_ConditionalOperator: /* (c ? a : b) = x */
        tr_effects(in, e);
        not_followed(in, e, "a conditional expression used as an lvalue");
        return none;
    case CXCursor_BinaryOperator: /* (a = b) = c, (x, s[i]) = c */
    case CXCursor_CompoundAssignOperator:
        tr_effects(in, e);
        not_followed(in, e, "an assignment or comma expression used as an lvalue");
        return none;
    default: /* rvalues (a temporary's member, a literal): nothing to write */
        tr_effects(in, e);
        return none;
    }
}

/* ---- reading and writing ---- */

enum { MAX_VIEW_SPAN = 16 };

static bool pointee_is_void(CXType t)
{
    CXType c = clang_getCanonicalType(t);
    return c.kind == CXType_Pointer && clang_getCanonicalType(clang_getPointeeType(c)).kind == CXType_Void;
}

/* The type of an array's cells: its declaration's innermost element. */
static CXType array_cell_type(const Array *a)
{
    CXType t = clang_getCanonicalType(clang_getCursorType(a->decl));
    for (int guard = 0; guard < 16; guard++) {
        CXType el = t.kind == CXType_Pointer ? clang_getPointeeType(t) : clang_getArrayElementType(t);
        if (el.kind == CXType_Invalid)
            break;
        t = clang_getCanonicalType(el);
    }
    return t;
}

/* The size of an array's cells: its declaration's innermost element (or
 * the size a template's instantiations give it, cell_bytes). */
static long long array_cell_size(const Array *a)
{
    if (a->pointed_from || a->cell_bytes > 0)
        return a->cell_bytes > 0 ? a->cell_bytes : -1;
    CXType t = array_cell_type(a);
    long long n = clang_Type_getSizeOf(t);
    return n > 0 && t.kind != CXType_Void ? n : -1;
}

long long array_cell_bytes(const Array *a)
{
    return array_cell_size(a);
}

/* k * r or k / r, folded when k is a number. */
static Expr *rescale(Infer *in, Expr *k, Op op, long long r, Loc loc)
{
    if (k->kind == E_NUM)
        return num_expr(in, op == OP_MUL ? k->u.num * r : k->u.num / r, loc);
    const Expr *c = k->kind == E_BINARY && k->op == OP_MUL ? k->u.sub.b : NULL;
    if (op == OP_DIV && c && c->kind == E_NUM && c->u.num % r == 0) /* (a * 4) / 4 is a */
        return c->u.num == (uint64_t)r ? k->u.sub.a : mk_binary(in, OP_MUL, k->u.sub.a, num_expr(in, c->u.num / r, loc));
    return mk_binary(in, op, k, num_expr(in, r, loc));
}

/* Does an access at lv leave its array's cells, so that it must be a
 * byte access (docs/inference.md, "Byte views")?  A pointer wider than the
 * cells at an offset that need not be a multiple (span); a view of a
 * multi-dimensional array, whose index runs over the whole object
 * (`(char *)&L[0][0][0][0] + k`), not one row; a constant last index past
 * its row (`int *q = &M[0][0]; q[118]`). */
static bool lv_bytes(const LValue *lv)
{
    if (lv->kind != LV_CELL || lv->n == 0)
        return false;
    if (lv->span || lv->flat)
        return true;
    if (lv->arr->ndims < 2 || lv->n != lv->arr->ndims)
        return false;
    if (lv->unit != lv->cell)
        return true;
    const Expr *last = lv->idx[lv->n - 1], *size = lv->arr->sizes ? lv->arr->sizes[lv->n - 1] : NULL;
    return last->kind == E_NUM && size && size->kind == E_NUM && (int64_t)last->u.num >= (int64_t)size->u.num;
}

/* The access at lv as a byte access of its whole array: one element of
 * the view (or its span).  False where emit_byte_access cannot write it:
 * the caller's cells then. */
static Stmt *byte_view_stmt(Infer *in, AccessMode mode, const LValue *lv, Loc loc)
{
    long long cell = lv->cell ? lv->cell : array_cell_size(lv->arr);
    if (cell <= 0)
        return NULL;
    Expr *width = num_expr(in, lv->span ? lv->span : lv->unit ? lv->unit : cell, loc);
    return emit_byte_access(in, mode, lv->arr, lv->idx, lv->n, lv->unit, cell, width, loc);
}

static bool emit_byte_view(Infer *in, AccessMode mode, const LValue *lv, Loc loc)
{
    return byte_view_stmt(in, mode, lv, loc) != NULL;
}

Stmt *pointer_byte_access(Infer *in, AccessMode mode, Value p, Loc loc)
{
    Value sub;
    if (p.kind != V_PTR)
        return NULL;
    LValue lv = subscript(in, p, num_expr(in, 0, loc), &sub);
    return lv.kind == LV_CELL && lv_bytes(&lv) ? byte_view_stmt(in, mode, &lv, loc) : NULL;
}

Stmt *emit_byte_access(Infer *in, AccessMode mode, Array *a, Expr *const *idx, int n, int unit, long long cell,
                       Expr *width, Loc loc)
{
    if (cell <= 0)
        return NULL;
    Expr *off = byte_offset(in, a, idx, n, unit && unit != cell ? unit : 0, cell, loc);
    if (!off)
        return NULL;
    if (!width)
        width = emit_local(in, "count", loc);
    Stmt *s = emit_access(in, mode, a, NULL, 0, loc);
    s->u.access.byte_off = off;
    s->u.access.byte_width = width;
    a->has_bytes = true;
    return s;
}

Expr *byte_offset(Infer *in, const Array *a, Expr *const *idx, int n, int unit, long long cell, Loc loc)
{
    Expr *flat = num_expr(in, 0, loc);
    for (int d = 0; d < a->ndims; d++) {
        if (d > 0) {
            if (!a->sizes || !a->sizes[d])
                return NULL;
            flat = mk_binary(in, OP_MUL, flat, a->sizes[d]);
        }
        if (d < n && !(d == n - 1 && unit))
            flat = mk_binary(in, OP_ADD, flat, idx[d]);
    }
    Expr *byte = mk_binary(in, OP_MUL, flat, num_expr(in, cell, loc));
    if (n > 0 && unit) /* a view: the last index counts its elements */
        byte = mk_binary(in, OP_ADD, byte, mk_binary(in, OP_MUL, idx[n - 1], num_expr(in, unit, loc)));
    return byte;
}

/* An access through a view, in the array's cells: a narrower element
 * (a byte of an int array) is in cell k / (cell / unit); a wider one (a
 * float4 of a float array) covers cells k * r .. k * r + r - 1, r = unit
 * / cell, and touches every one of them. */
static void emit_cell_access(Infer *in, AccessMode mode, const LValue *lv, Loc loc)
{
    if (lv->kind != LV_CELL)
        return;
    if (lv_bytes(lv) && emit_byte_view(in, mode, lv, loc))
        return;
    if (lv->unit == lv->cell || lv->n == 0) {
        emit_access(in, mode, lv->arr, lv->idx, lv->n, loc);
        return;
    }
    Expr **idx = copy_idx(in, lv->idx, lv->n, 0);
    Expr *k = lv->idx[lv->n - 1];
    if (lv->unit < lv->cell) {
        /* a narrower view: its element's bytes, not the whole cell (two
         * threads writing the two ints of one double do not race) */
        if (emit_byte_view(in, mode, lv, loc))
            return;
        idx[lv->n - 1] = rescale(in, k, OP_DIV, lv->cell / lv->unit, loc);
        emit_access(in, mode, lv->arr, idx, lv->n, loc);
        return;
    }
    int r = lv->unit / lv->cell;
    for (int j = 0; j < r; j++) {
        Expr **one = copy_idx(in, idx, lv->n, 0);
        one[lv->n - 1] = mk_binary(in, OP_ADD, rescale(in, k, OP_MUL, r, loc), num_expr(in, j, loc));
        emit_access(in, mode, lv->arr, one, lv->n, loc);
    }
}

static void read_cell(Infer *in, const LValue *lv, Loc loc)
{
    emit_cell_access(in, ACC_RD, lv, loc);
}

/* ---- pointers read from memory ---- */

/* The memory the pointers in from's cells point into (in their member
 * field, or the cells themselves for a null field): one global array for
 * each, found again on every load.  Like distinct pointer parameters, it
 * is taken to be none of the kernel's other arrays. */
static Array *pointee_array(Infer *in, const Array *from, CXCursor field, CXType pointer, Loc loc)
{
    for (int i = 0; i < in->narrays; i++)
        if (in->arrays[i]->pointed_from == from && clang_equalCursors(in->arrays[i]->decl, field))
            return in->arrays[i];
    char name[256];
    char *fname = clang_Cursor_isNull(field) ? NULL : cursor_name(field);
    snprintf(name, sizeof name, "%s%s%s_target", from->name, fname ? "_" : "", fname ? fname : "");
    free(fname);
    Array *a = array_add(in, field, name, MEM_GLOBAL, pointer, loc);
    assume_loaded_pointers(in, from->name, a->name, loc);
    a->pointed_from = from;
    a->cell_bytes = pointee_size(pointer) > 0 ? pointee_size(pointer) : 0;
    if (!a->cell_bytes)
        a->elem_type = NULL;
    return a;
}

/* A pointer read from a cell of a global array (`rows[j]`, `A[i].data`,
 * `p->data`): it points into that cell's pointee array (the field's,
 * for a member's bytes), at an offset that is the value read (`local x =
 * rd rows[j];`), so two threads reading one cell the checker proves
 * shared hold one pointer, and any others may point anywhere in it.
 * Global memory holds global pointers: not into a block's shared memory. */
static bool loaded_pointer(Infer *in, const LValue *lv, CXCursor field, CXType type, Loc loc, Value *out)
{
    if (lv->kind != LV_CELL || lv->arr->mem != MEM_GLOBAL || clang_getCanonicalType(type).kind != CXType_Pointer)
        return false;
    bool member = lv->flat && lv->unit && lv->cell && clang_getCursorKind(field) == CXCursor_FieldDecl;
    if (!member && (lv->unit || lv->cell || lv->span))
        return false;
    Expr *read = member ? byte_view_read(in, lv, loc) : emit_read_into(in, lv->arr, lv->idx, lv->n, loc);
    if (!read)
        return false;
    Expr **idx = arena_alloc(&in->prog->arena, sizeof *idx);
    idx[0] = read;
    *out = ptr_value(pointee_array(in, lv->arr, field, type, loc), idx, 1);
    return true;
}

/* Is var (a struct variable) used only as `var.f` by the function that
 * declares it, never assigned, handed on or its address taken?  Then its
 * members keep the values its initializer gave them. */
typedef struct MemberUses {
    CXCursor var;
    bool other;
} MemberUses;

static enum CXChildVisitResult find_other_use(CXCursor c, CXCursor parent, CXClientData data)
{
    MemberUses *u = data;
    if (clang_getCursorKind(c) == CXCursor_DeclRefExpr && clang_equalCursors(clang_getCursorReferenced(c), u->var) &&
        clang_getCursorKind(parent) != CXCursor_MemberRefExpr) {
        u->other = true;
        return CXChildVisit_Break;
    }
    return CXChildVisit_Recurse;
}

static bool only_member_reads(CXCursor var)
{
    CXCursor fn = clang_getCursorSemanticParent(var);
    MemberUses u = {var, false};
    clang_visitChildren(fn, find_other_use, &u);
    return !u.other && !decl_assigned_in(fn, var);
}

enum { MAX_COPY_DEPTH = 8 };

typedef struct CopyWalk {
    Infer *in;
    const LValue *cell; /* the cell copied */
    long long base;     /* the byte offset in it of the record being visited */
    Value *obj;         /* its copy */
    int depth;
    Loc loc;
} CopyWalk;

/* One member of a copied cell: an integer member is its bytes' value, a
 * pointer member points into its pointee array at it, a struct member an
 * object of such members. */
static enum CXVisitorResult copy_member(CXCursor field, CXClientData data)
{
    CopyWalk *w = data;
    CXType t = clang_getCanonicalType(clang_getCursorType(field));
    long long bits = clang_Cursor_getOffsetOfField(field), size = clang_Type_getSizeOf(t);
    if (bits < 0 || bits % 8 || size <= 0 || clang_Cursor_isBitField(field))
        return CXVisit_Continue;
    long long off = w->base + bits / 8;
    Value v = value_none();
    LValue part;
    Expr *read;
    if (t.kind == CXType_Record && w->depth < MAX_COPY_DEPTH) {
        v = value_private();
        CopyWalk inner = {w->in, w->cell, off, &v, w->depth + 1, w->loc};
        clang_Type_visitFields(t, copy_member, &inner);
    } else if ((type_is_integral(t) || (t.kind == CXType_Pointer && w->cell->arr->mem == MEM_GLOBAL)) &&
               cell_part(w->in, w->cell, off, size, 0, 0, w->loc, &part) && (read = byte_view_read(w->in, &part, w->loc))) {
        v = value_int(read);
        if (t.kind == CXType_Pointer) {
            Expr **idx = arena_alloc(&w->in->prog->arena, sizeof *idx);
            idx[0] = read;
            v = ptr_value(pointee_array(w->in, w->cell->arr, field, t, w->loc), idx, 1);
        }
    }
    char *name = cursor_name(field);
    if (*name)
        fields_set(w->in, w->obj, program_intern(w->in->prog, name, strlen(name)), v);
    free(name);
    return CXVisit_Continue;
}

/* `S s = A[i];` (or `= p->member`, `= *p`) for a struct that is then
 * only read member by member: the thread's own copy of the cell, which
 * remembers what was read.  The copy reads the bytes copied, and each
 * integer or pointer member's bytes by name (`local n = rd A bytes(o,
 * 4);`), so `s.n` is that value, which the checker may prove the block's,
 * and a pointer member points into its pointee array at it: the members
 * of a local object (local_fields.c).  Any other initializer is evaluated
 * as usual. */
Value copied_cell(Infer *in, CXCursor var, CXCursor init)
{
    CXCursor src = strip_expr(init);
    if (clang_getCursorKind(src) == CXCursor_CallExpr && clang_Cursor_getNumArguments(src) == 1 &&
        clang_getCursorKind(clang_getCursorReferenced(src)) == CXCursor_Constructor)
        src = strip_expr(clang_Cursor_getArgument(src, 0)); /* the copy constructor */
    enum CXCursorKind k = clang_getCursorKind(src);
    bool from_memory = k == CXCursor_ArraySubscriptExpr || k == CXCursor_MemberRefExpr ||
                       (k == CXCursor_UnaryOperator && clang_getCursorUnaryOperatorKind(src) == CXUnaryOperator_Deref);
    CXType t = clang_getCanonicalType(clang_getCursorType(var));
    if (t.kind != CXType_Record || !from_memory || !only_member_reads(var))
        return tr_value(in, init);
    LValue cell = lvalue_of(in, src), copied;
    Loc loc = loc_of(in, src);
    long long base = k == CXCursor_MemberRefExpr ? member_chain_offset(src, false) : 0;
    bool part = base >= 0 && cell_part(in, &cell, base, clang_Type_getSizeOf(t), 0, 0, loc, &copied);
    read_cell(in, part ? &copied : &cell, loc);
    Value v = value_private();
    if (!part && (base != 0 || cell.kind != LV_CELL || cell.unit || cell.cell || cell.span || cell.flat))
        return v; /* not a cell's bytes at a known offset: its members are not followed */
    CopyWalk w = {in, &cell, base, &v, 0, loc};
    clang_Type_visitFields(t, copy_member, &w);
    return v;
}

/* A read used for its value.  A whole cell of an integer type gives a
 * named value (`local x = rd A[i];`), which the checker may prove the
 * same in every thread of the block; anything else (a float, a byte
 * view, a float4) is data the protocol does not follow. */
bool pointer_access(Infer *in, Value p, AccessMode mode, Loc loc)
{
    Value sub;
    LValue lv = subscript(in, p, num_expr(in, 0, loc), &sub);
    if (lv.kind == LV_PRIVATE)
        return true;
    if (lv.kind != LV_CELL)
        return false;
    emit_cell_access(in, mode, &lv, loc);
    return true;
}

static Value load_cell(Infer *in, const LValue *lv, CXType type, Loc loc)
{
    Value target;
    if (loaded_pointer(in, lv, clang_getNullCursor(), type, loc, &target))
        return target;
    if (lv->kind != LV_CELL || (lv->unit != lv->cell && lv->n != 0) || !type_is_integral(type) || lv_bytes(lv)) {
        read_cell(in, lv, loc);
        return value_none();
    }
    return value_int(emit_read_into(in, lv->arr, lv->idx, lv->n, loc));
}

/* Types whose values are the same bits: `const float` and `float`. */
static bool same_value_type(CXType a, CXType b)
{
    return clang_equalTypes(clang_getUnqualifiedType(clang_getCanonicalType(a)),
                            clang_getUnqualifiedType(clang_getCanonicalType(b)));
}

/* The load `e` whose value a store or a declaration copies (copied_load):
 * a whole cell of a floating type, read plainly, is `local x = rd A[i];`,
 * x left in in->copy_value.  Anything else is load_cell's. */
static Value load_cell_at(Infer *in, CXCursor e, const LValue *lv, CXType type, Loc loc)
{
    if (clang_Cursor_isNull(in->copy_site) || !clang_equalCursors(e, in->copy_site))
        return load_cell(in, lv, type, loc);
    in->copy_site = clang_getNullCursor();
    bool whole = lv->kind == LV_CELL && (lv->unit == lv->cell || lv->n == 0) && !lv_bytes(lv);
    CXType cell = whole && !lv->arr->pointed_from && !clang_Cursor_isNull(lv->arr->decl) ? array_cell_type(lv->arr)
                                                                                         : type;
    if (!whole || in->reads_atomic || !type_is_floating(type) || !same_value_type(cell, type))
        return load_cell(in, lv, type, loc);
    in->copy_value = emit_read_into(in, lv->arr, lv->idx, lv->n, loc);
    return value_none();
}

/* e without the parentheses and the conversions that change nothing
 * (`const float` to `float`) around it: what gives its value as it is. */
static CXCursor through_noops(CXCursor e)
{
    for (int guard = 0; guard < 16; guard++) {
        enum CXCursorKind k = clang_getCursorKind(e);
        if (k != CXCursor_ParenExpr && k != CXCursor_UnexposedExpr)
            return e;
        Children ch = children_of(e);
        CXCursor next = ch.n == 1 ? ch.c[0] : clang_getNullCursor();
        free(ch.c);
        if (clang_Cursor_isNull(next) || !same_value_type(clang_getCursorType(e), clang_getCursorType(next)))
            return e;
        e = next;
    }
    return e;
}

/* The load a floating value of `type` copies as it is: e, or what it
 * holds through no-ops (`A[i]`, `*p`, a `__shared__` scalar's name); a
 * null cursor for anything else. */
static CXCursor copied_load(Infer *in, CXCursor e, CXType type)
{
    if (!type_is_floating(clang_getCursorType(e)) || !same_value_type(clang_getCursorType(e), type))
        return clang_getNullCursor();
    CXCursor load = through_noops(e);
    enum CXCursorKind k = clang_getCursorKind(load);
    bool is_load = k == CXCursor_ArraySubscriptExpr ||
                   (k == CXCursor_UnaryOperator && clang_getCursorUnaryOperatorKind(load) == CXUnaryOperator_Deref) ||
                   (k == CXCursor_DeclRefExpr && memory_array(in, clang_getCursorReferenced(load)));
    return is_load ? load : clang_getNullCursor();
}

/* `T v = A[i];` or `x = A[i];` of a floating T: rhs translated, and the
 * name its load was read into when it copies one cell whole (NULL
 * otherwise). */
Expr *copied_value(Infer *in, CXCursor rhs, CXType type, Value *v)
{
    CXCursor saved = in->copy_site;
    in->copy_site = copied_load(in, rhs, type);
    in->copy_value = NULL;
    *v = tr_value(in, rhs);
    in->copy_site = saved;
    Expr *x = in->copy_value;
    in->copy_value = NULL;
    return x;
}

static void write_cell(Infer *in, const LValue *lv, Loc loc)
{
    emit_cell_access(in, ACC_WR, lv, loc);
}

/* Is e a condition (a truth value), not an integer? */
static bool expr_is_condition(const Expr *e)
{
    switch ((ExprKind)e->kind) {
    case E_BOOL:
    case E_DISTINCT:
    case E_POW2:
        return true;
    case E_UNARY:
        return e->op == OP_NOT;
    case E_BINARY:
        return op_is_comparison((Op)e->op) || op_is_logical((Op)e->op);
    case E_COND:
        return expr_is_condition(e->u.sub.b);
    default:
        return false;
    }
}

/* The value `A[i] = rhs;` writes, for the protocol's `wr A[i] = e;`:
 * known when rhs is an integer expression the front end follows (what
 * depends on a thread is evaluated per thread, so carrying it is sound:
 * two writes are benign only where their values are equal), or a value
 * read at a block-uniform index and stored as it is (the threads read one
 * cell: one value, docs/language.md 3.6).  NULL: other data (an unknown:
 * two threads' unknowns may always differ, so the value would only cost
 * the solver time; a cell read at a per-thread index: two threads storing
 * what they read of one cell by chance, `s[i] = in[i]` with overlapping
 * i, are a user's race, reported strictly), a float, or a condition (the
 * protocol's values are integers). */
static Expr *float_literal_value(Infer *in, CXCursor rhs);

static Expr *float_bits_value(Infer *in, CXCursor rhs, CXType dest);

static bool is_bool_type(CXType t)
{
    return clang_getCanonicalType(t).kind == CXType_Bool;
}

static Expr *written_value(Infer *in, Value v, CXCursor rhs, CXType dest)
{
    if (v.kind == V_NONE && v.copy && type_is_floating(dest) && expr_in_scope(in, v.copy) &&
        expr_block_shared(in, v.copy))
        return v.copy; /* the bits of the cell read: tr_value let no conversion through */
    Expr *f = float_literal_value(in, rhs);
    if (!f)
        f = float_bits_value(in, rhs, dest);
    if (f && f->kind == E_NUM && is_bool_type(dest)) /* a bool stores 2 as 1: `= 2` and `= true` agree */
        f = num_expr(in, f->u.num != 0, f->loc);
    if (f)
        return f;
    CXType from = clang_getCursorType(strip_expr(rhs));
    if (v.kind == V_INT && expr_is_tile_value(in, v.e))
        return v.e; /* the lanes of a tile write one value: a benign pair, whatever its type */
    if (v.kind != V_INT || !v.e || !type_is_integral(from))
        return NULL;
    if (type_is_floating(dest) && clang_Type_getSizeOf(from) > 4) /* float_bits_value's numbers lie below */
        return NULL;
    if (expr_is_condition(v.e) || !expr_in_scope(in, v.e))
        return NULL;
    return !expr_has_unknown(in, v.e) || (expr_is_read_copy(in, v.e) && expr_block_shared(in, v.e)) ? v.e : NULL;
}

/* A floating constant that is no small whole number (`1.5f`, `-1.0`,
 * `0.25`) stored into a cell of a floating type: the bits of the float it
 * stores, as the number -(2^32 + bits), so that two threads storing the
 * same constant make a benign pair.  Equal bits are equal bytes (a double
 * cell takes only a constant a float holds exactly, which then decides the
 * double), and the numbers lie below any value of a 32-bit integer, the
 * widest whose values written_value carries into a floating cell, and
 * below the small whole numbers of float_literal_value.  NULL for what
 * clang cannot fold, a pointer, or another destination type. */
static Expr *float_bits_value(Infer *in, CXCursor rhs, CXType dest)
{
    CXCursor lit = strip_expr(rhs);
    CXType d = clang_getCanonicalType(dest);
    if ((d.kind != CXType_Float && d.kind != CXType_Double) || !is_expression_kind(clang_getCursorKind(lit)) ||
        type_is_pointer(clang_getCursorType(lit)))
        return NULL;
    CXEvalResult r = clang_Cursor_Evaluate(lit);
    if (!r)
        return NULL;
    bool known = clang_EvalResult_getKind(r) == CXEval_Float || clang_EvalResult_getKind(r) == CXEval_Int;
    double x = clang_EvalResult_getKind(r) == CXEval_Float ? clang_EvalResult_getAsDouble(r)
                                                           : (double)clang_EvalResult_getAsLongLong(r);
    clang_EvalResult_dispose(r);
    float f = (float)x;
    if (!known || x != x || (d.kind == CXType_Double && (double)f != x))
        return NULL;
    uint32_t bits;
    memcpy(&bits, &f, sizeof bits);
    return num_expr(in, -((int64_t)1 << 32) - (int64_t)bits, loc_of(in, lit));
}

/* A constant with an integer value stored into a floating cell (`0.0f`,
 * `1.0`, `1` converted, `Real(0)`, `(float)1`): the number it stores, which
 * decides the cell's bits whatever the constant's own type, so `= 0.0f` in
 * two threads is a benign pair like `= 0` (cudasift clears scores with
 * `.score = 0.0f`, Kaldi sets a float flag with `*flag = 1`).  NULL for any
 * other value: a fraction is no protocol integer, and what clang cannot
 * fold is no constant. */
static Expr *float_literal_value(Infer *in, CXCursor rhs)
{
    CXCursor lit = strip_expr(rhs);
    if (!is_expression_kind(clang_getCursorKind(lit)) || type_is_pointer(clang_getCursorType(lit)))
        return NULL;
    CXEvalResult r = clang_Cursor_Evaluate(lit);
    if (!r)
        return NULL;
    double d = clang_EvalResult_getKind(r) == CXEval_Float ? clang_EvalResult_getAsDouble(r)
               : clang_EvalResult_getKind(r) == CXEval_Int ? (double)clang_EvalResult_getAsLongLong(r)
                                                           : 0.5;
    clang_EvalResult_dispose(r);
    if (!(d >= 0 && d < 16777216.0) || d != (double)(int64_t)d) /* exact in a float (a literal has no sign) */
        return NULL;
    return num_expr(in, (int64_t)d, loc_of(in, lit));
}

/* A plain store of a known value: the write carries it.  A view (a byte
 * of an int, a float4 over floats) writes part or several cells: the value
 * is not the cell's, so it is left out.  A store to a struct member's
 * bytes (member) carries it where equal values in one range are equal
 * bytes whatever type writes them (a union's members share the range):
 * an integer type but bool (which stores 2 as 1), or zero (`.score =
 * 0.0f` in two threads is benign, as it was for a field's array). */
static bool plain_integer(CXType t)
{
    return type_is_integral(t) && clang_getCanonicalType(t).kind != CXType_Bool;
}

/* Do equal values stored through an lvalue of type dest into a's cells
 * make equal bytes, whatever type another thread stores through?  Zero
 * (but into a struct or union cell, whose value the generated code could
 * not store); integers into integer cells; a floating type into cells of
 * that type.  Not a member of a union or struct cell over all its bytes
 * (`w.i = 1` and `w.f = 1.0f` of a union store different bits), nor a
 * view of another type (`*(int *)&F[0] = 1` over floats).  Types the
 * front end does not know keep their value, as before. */
static bool value_decides_bytes(const Array *a, CXType dest, const Expr *value)
{
    CXType cell = a->pointed_from || clang_Cursor_isNull(a->decl) ? dest : array_cell_type(a);
    CXType d = clang_getCanonicalType(dest);
    if ((value->kind == E_NUM && value->u.num == 0) || d.kind == CXType_Invalid || d.kind == CXType_Dependent ||
        d.kind == CXType_Unexposed || cell.kind == CXType_Dependent || cell.kind == CXType_Unexposed ||
        cell.kind == CXType_Invalid || cell.kind == CXType_Void)
        return true;
    if (cell.kind == CXType_Record) /* a member over the whole cell: gen has no value of the struct to store */
        return false;
    if (d.kind == CXType_Bool) /* a bool cell through a bool: the value is normalised to 0 or 1 */
        return is_bool_type(cell);
    return (plain_integer(d) && plain_integer(cell)) || (type_is_floating(d) && clang_equalTypes(d, cell));
}

static void write_cell_value(Infer *in, const LValue *lv, Expr *value, CXType dest, bool member, Loc loc)
{
    if (lv->kind == LV_CELL && value && (lv->unit == lv->cell || lv->n == 0) && !lv_bytes(lv) &&
        value_decides_bytes(lv->arr, dest, value)) {
        Stmt *s = emit_access(in, ACC_WR, lv->arr, lv->idx, lv->n, loc);
        s->u.access.value = value;
        return;
    }
    /* a member's bytes: another member's type may share the range */
    bool same_bytes = plain_integer(dest) || (value && value->kind == E_NUM && value->u.num == 0);
    Stmt *s = lv->kind == LV_CELL && value && member && same_bytes && lv_bytes(lv) ? byte_view_stmt(in, ACC_WR, lv, loc)
                                                                                  : NULL;
    if (s)
        s->u.access.value = value;
    else
        write_cell(in, lv, loc);
}

enum { LET_MIN_SIZE = 40 };

/* A variable's new value.  Large integer expressions get a `let`, so
 * repeated updates do not grow one expression without bound. */
void assign_var(Infer *in, int slot, Value v, Loc loc)
{
    /* a row's pointer kept in a variable (`float *r = M[1];`) is a plain
     * pointer: `r[k]` runs over the whole object, past the row */
    v.row = false;
    if (v.kind == V_INT && expr_size(v.e, LET_MIN_SIZE + 1) > LET_MIN_SIZE) {
        char *name = cursor_name(in->env[slot].decl);
        const char *n = fresh_name(in, *name ? name : "v", true);
        free(name);
        if (expr_has_unknown(in, v.e))
            name_mark_unknown(in, n);
        /* the let stands for its value: a thread's own where that is (a
         * read at `bi` is at a per-thread index, not a uniform one) */
        if (expr_varies(in, v.e))
            name_mark_varying(in, n);
        if (expr_varies(in, v.e) && expr_block_shared(in, v.e))
            name_mark_block_shared(in, n);
        name_mark_let(in, n, v.e);
        Stmt *s = stmt_new(in->prog, S_LET, loc);
        s->u.let.var = var_expr(in, n, loc);
        s->u.let.value = v.e;
        emit(in, s);
        v.e = var_expr(in, n, loc);
    }
    if (v.kind == V_UNDEF)
        v.kind = V_NONE;
    in->env[slot].v = v;
}

static Op binop_of(enum CXBinaryOperatorKind k, bool *ok)
{
    *ok = true;
    switch (k) {
    case CXBinaryOperator_Mul: case CXBinaryOperator_MulAssign: return OP_MUL;
    case CXBinaryOperator_Div: case CXBinaryOperator_DivAssign: return OP_DIV;
    case CXBinaryOperator_Rem: case CXBinaryOperator_RemAssign: return OP_MOD;
    case CXBinaryOperator_Add: case CXBinaryOperator_AddAssign: return OP_ADD;
    case CXBinaryOperator_Sub: case CXBinaryOperator_SubAssign: return OP_SUB;
    case CXBinaryOperator_Shl: case CXBinaryOperator_ShlAssign: return OP_SHL;
    case CXBinaryOperator_Shr: case CXBinaryOperator_ShrAssign: return OP_SHR;
    case CXBinaryOperator_And: case CXBinaryOperator_AndAssign: return OP_BAND;
    case CXBinaryOperator_Xor: case CXBinaryOperator_XorAssign: return OP_BXOR;
    case CXBinaryOperator_Or: case CXBinaryOperator_OrAssign: return OP_BOR;
    case CXBinaryOperator_LT: return OP_LT;
    case CXBinaryOperator_GT: return OP_GT;
    case CXBinaryOperator_LE: return OP_LE;
    case CXBinaryOperator_GE: return OP_GE;
    case CXBinaryOperator_EQ: return OP_EQ;
    case CXBinaryOperator_NE: return OP_NE;
    case CXBinaryOperator_LAnd: return OP_AND;
    case CXBinaryOperator_LOr: return OP_OR;
    default:
        *ok = false;
        return OP_ADD;
    }
}

/* a OP b on values: integers combine, pointers move, the rest is data.
 * An operator whose operands are written in place stays as written
 * (`1 * 2 >> n` is not `2 >> n`): `gen` then `infer` must give back the
 * protocol's own expression, which the solver cannot always prove equal
 * to a folded one (a symbolic shift, a division by zero).  What inlining
 * produced is folded (`hi - 1` with hi = 64 is 63), and so are the values
 * the front end builds itself, like `x += 1` on a variable. */
static Value combine(Infer *in, Op op, Value a, Value b, bool as_written)
{
    if (a.kind == V_PTR && b.kind == V_INT && (op == OP_ADD || op == OP_SUB))
        return ptr_add(in, a, b.e, op);
    if (b.kind == V_PTR && a.kind == V_INT && op == OP_ADD)
        return ptr_add(in, b, a.e, op);
    /* p + k for an integer the protocol does not follow (read from memory):
     * C keeps the result within p's array, at an unknown index */
    if (a.kind == V_PTR && b.kind == V_NONE && (op == OP_ADD || op == OP_SUB))
        return ptr_add(in, a, NULL, op);
    if (b.kind == V_PTR && a.kind == V_NONE && op == OP_ADD)
        return ptr_add(in, b, NULL, op);
    if ((a.kind == V_PTR || b.kind == V_PTR) && (a.kind == V_PRIVATE || b.kind == V_PRIVATE))
        return value_none();
    if (a.kind == V_PRIVATE && b.kind == V_INT)
        return a;
    if (a.kind != V_INT || b.kind != V_INT) {
        Value both[2] = {a, b};
        return a.kind == V_PTR || b.kind == V_PTR ? value_none() : value_data_of(in, both, 2);
    }
    return value_int(as_written ? expr_binary(in->prog, op, a.e, b.e) : mk_binary(in, op, a.e, b.e));
}

static Value tr_assign(Infer *in, CXCursor e, enum CXBinaryOperatorKind k)
{
    /* tr_assign: LHS = RHS | LHS op= RHS */
    CXCursor lhs = child_at(e, 0), rhs = child_at(e, 1);
    Loc loc = loc_of(in, e);
    if (k == CXBinaryOperator_Assign) {
        Value v;
        Expr *copy = copied_value(in, rhs, clang_getCursorType(lhs), &v);
        if (copy)
            v.copy = copy;
        if (local_member_assign(in, lhs, v)) /* `q.p = out;` on the thread's own object */
            return v;
        LValue lv = tr_lvalue(in, lhs);
        if (lv.kind == LV_VAR && v.kind == V_NONE && type_is_integral(clang_getCursorType(lhs))) {
            char *name = cursor_name(in->env[lv.slot].decl); /* data: an unknown named after x */
            v = value_int(value_as_int(in, v, *name ? name : "v", loc));
            free(name);
        }
        if (lv.kind == LV_VAR)
            assign_var(in, lv.slot, v, loc);
        write_cell_value(in, &lv, written_value(in, v, rhs, clang_getCursorType(lhs)), clang_getCursorType(lhs),
                         clang_getCursorKind(strip_expr(lhs)) == CXCursor_MemberRefExpr, loc);
        return v;
    }
    Value old_member;
    if (local_member_value(in, lhs, &old_member)) { /* `q.p += k` */
        bool ok;
        Op op = binop_of(k, &ok);
        Value r = tr_value(in, rhs);
        Value v = ok && !type_is_floating(clang_getCursorType(strip_expr(lhs))) ? combine(in, op, old_member, r, false)
                                                                              : value_none();
        local_member_assign(in, lhs, v);
        return v;
    }
    LValue lv = tr_lvalue(in, lhs);
    Value r = tr_value(in, rhs);
    bool ok;
    Op op = binop_of(k, &ok);
    if (ok && type_is_integral(clang_getCursorType(rhs))) /* `x /= 2.5f` divides floats */
        assume_divisor_nonzero(in, lhs, op, r);
    if (lv.kind == LV_VAR) {
        Value old = env_value(in, lv.slot, loc);
        Value v = ok ? combine(in, op, old, r, false) : value_none();
        if (type_is_floating(clang_getCursorType(strip_expr(lhs))))
            v = value_none();
        else if (ok && (op == OP_ADD || op == OP_SUB || op == OP_MUL || op == OP_SHL)) /* `x -= 1u` wraps as x's type */
            v = machine_wrap(in, v, clang_getCursorType(lhs));
        assign_var(in, lv.slot, v, loc);
        return v;
    }
    read_cell(in, &lv, loc);
    write_cell(in, &lv, loc);
    return value_none();
}

static Value tr_incdec(Infer *in, CXCursor e, enum CXUnaryOperatorKind k)
{
    /* tr_incdec: ++LHS | --LHS | LHS++ | LHS-- */
    Loc loc = loc_of(in, e);
    bool inc = k == CXUnaryOperator_PreInc || k == CXUnaryOperator_PostInc;
    bool post = k == CXUnaryOperator_PostInc || k == CXUnaryOperator_PostDec;
    Value old_member;
    if (local_member_value(in, child_at(e, 0), &old_member)) { /* `q.i++` */
        Value v = combine(in, inc ? OP_ADD : OP_SUB, old_member, value_int(num_expr(in, 1, loc)), false);
        local_member_assign(in, child_at(e, 0), v);
        return post ? old_member : v;
    }
    LValue lv = tr_lvalue(in, child_at(e, 0));
    if (lv.kind == LV_VAR) {
        Value old = env_value(in, lv.slot, loc);
        Value v = combine(in, inc ? OP_ADD : OP_SUB, old, value_int(num_expr(in, 1, loc)), false);
        assign_var(in, lv.slot, v, loc);
        return post ? old : v;
    }
    read_cell(in, &lv, loc);
    write_cell(in, &lv, loc);
    return value_none();
}

/* ---- short circuits and ?: ---- */

/* Translates `e` for its effects inside `if (guard)`, emitting the if only
 * when it holds statements; returns e's value when it is still in scope,
 * else data, shared when the value lost to the scope was one the block
 * shares (`s_len[0] > m`, read inside the if). */
static Value guarded_value(Infer *in, Expr *guard, CXCursor e, Loc loc)
{
    Stmt *s = stmt_new(in->prog, S_IF, loc);
    s->u.if_.cond = guard;
    emit(in, s);
    Value *snap = env_snapshot(in);
    int n = in->nenv;
    BlockMark m;
    block_enter(in, &s->u.if_.then, &m);
    Value v = tr_value(in, e);
    block_leave(in, &m);
    in->nenv = n;
    Value *then_v = env_snapshot(in);
    if (s->u.if_.then.n == 0)
        in->out->n--;
    env_merge(in, guard, then_v, snap, n, loc);
    if (v.kind == V_INT && !expr_in_scope(in, v.e))
        v = value_data(expr_block_shared(in, v.e));
    return v;
}

/* ---- whether a pointer is null ---- */

/* A pointer the launch gives: a pointer parameter of the kernel, or a
 * pointer member of a struct parameter taken by value. */
static bool launch_pointer(Infer *in, const Array *a)
{
    if (clang_getCursorKind(a->decl) == CXCursor_ParmDecl &&
        clang_equalCursors(clang_getCursorSemanticParent(a->decl), in->kernel_fn))
        return true;
    for (int i = 0; i < in->nfields; i++)
        if (in->fields[i].arr == a)
            return true;
    return false;
}

/* `if (p)`, `p != NULL` for p into the array of such a pointer, moved by
 * any amount: whether it is null is the launch's, the same in every
 * thread, a fresh uniform (`deriv_set`, true when not null); NULL for any
 * other pointer (one read from memory may be null in one thread only). */
static Expr *pointer_is_set(Infer *in, Value p, Loc loc)
{
    if (p.kind != V_PTR || p.block_group)
        return NULL;
    Array *a = p.arr;
    if (a->mem != MEM_GLOBAL || a->pointed_from || !launch_pointer(in, a))
        return NULL;
    char name[160];
    snprintf(name, sizeof name, "%s_set", a->name);
    return fresh_uniform(in, name, loc);
}

/* A null pointer constant: nullptr, NULL, 0. */
static bool is_null_constant(CXCursor e)
{
    e = strip_expr(e);
    enum CXCursorKind k = clang_getCursorKind(e);
    if (k == CXCursor_CXXNullPtrLiteralExpr || k == CXCursor_GNUNullExpr)
        return true;
    int64_t v;
    return type_is_integral(clang_getCursorType(e)) && eval_int(e, &v) && v == 0;
}

static Value tr_logical(Infer *in, CXCursor e, bool is_and)
{
    /* tr_logical: A && B | A || B */
    Loc loc = loc_of(in, e);
    Expr *a = tr_cond(in, child_at(e, 0));
    Value b = guarded_value(in, is_and ? a : mk_not(in, a), truth_operand(child_at(e, 1)), loc);
    Expr *set = pointer_is_set(in, b, loc);
    if (set)
        b = value_int(set);
    /* a value the block shares stays one: only the threads that evaluate it
     * use it, and they agree on it */
    if (b.kind != V_INT)
        b = value_int(value_as_int(in, b, "cond", loc));
    return value_int(expr_binary(in->prog, is_and ? OP_AND : OP_OR, a, b.e));
}

static Value tr_conditional(Infer *in, CXCursor e)
{
    /* tr_conditional: C ? A : B | C ?: B */
    Loc loc = loc_of(in, e);
    Children ch = children_of(e);
    if (ch.n != 3) {
        free(ch.c);
        tr_effects(in, e);
        return value_none();
    }
    CXCursor c = ch.c[0], x = ch.c[1], y = ch.c[2];
    free(ch.c);
    Expr *cond = tr_cond(in, c);
    Value a = guarded_value(in, cond, x, loc);
    Value b = guarded_value(in, mk_not(in, cond), y, loc);
    if (a.kind == V_INT && b.kind == V_INT) /* as written, even `true ? a : b` */
        return value_int(expr_cond(in->prog, cond, a.e, b.e));
    if (a.kind == V_PTR && b.kind == V_PTR && a.arr == b.arr && a.nidx == b.nidx && same_view(&a, &b)) {
        Expr **idx = copy_idx(in, a.idx, a.nidx, 0);
        for (int i = 0; i < a.nidx; i++)
            idx[i] = mk_cond(in, cond, a.idx[i], b.idx[i]);
        a.idx = idx;
        return a;
    }
    if (a.kind == V_PRIVATE && b.kind == V_PRIVATE)
        return a;
    if (a.kind == V_PTR || b.kind == V_PTR || a.kind == V_PRIVATE || b.kind == V_PRIVATE)
        return value_none();
    Value parts[3] = {value_int(cond), a, b}; /* data picked on a condition the block shares */
    return value_data_of(in, parts, 3);
}

/* ---- names ---- */

enum { MAX_ENUMERATOR_CHAIN = 64 };

/* `enum { TILE = BLOCK * ITEMS };` in a template's pattern: clang leaves a
 * value that depends on the template's parameters uncomputed (0), so the
 * enumerator is its initializer, translated; one without an initializer is
 * the previous one's plus 1 (the first, 0).  A chain too long is unknown. */
static Value enumerator_in_template(Infer *in, CXCursor decl, Loc loc, int depth)
{
    CXCursor init = last_expr_child(decl);
    if (!clang_Cursor_isNull(init))
        return tr_value(in, init);
    Children sib = children_of(clang_getCursorSemanticParent(decl));
    CXCursor prev = clang_getNullCursor();
    for (int i = 0; i < sib.n && !clang_equalCursors(sib.c[i], decl); i++)
        if (clang_getCursorKind(sib.c[i]) == CXCursor_EnumConstantDecl)
            prev = sib.c[i];
    free(sib.c);
    if (clang_Cursor_isNull(prev))
        return value_int(num_expr(in, 0, loc));
    if (depth >= MAX_ENUMERATOR_CHAIN)
        return value_none();
    Value v = enumerator_in_template(in, prev, loc, depth + 1);
    return v.kind == V_INT ? value_int(mk_binary(in, OP_ADD, v.e, num_expr(in, 1, loc))) : value_none();
}

static Value decl_value(Infer *in, CXCursor ref, CXCursor decl)
{
    Loc loc = loc_of(in, ref);
    int slot = env_find(in, decl);
    if (slot >= 0) {
        Value v = env_value(in, slot, loc);
        if (v.kind == V_PTR && v.block_group) { /* reference parameter bound to a cell */
            LValue lv = decl_lvalue(in, decl);
            if (type_is_pointer(clang_getCursorType(decl)))
                return value_none();
            read_cell(in, &lv, loc);
            return value_none();
        }
        return v.kind == V_UNDEF ? value_none() : v;
    }
    enum CXCursorKind k = clang_getCursorKind(decl);
    if (k == CXCursor_EnumConstantDecl && in_template_pattern(decl))
        return enumerator_in_template(in, decl, loc, 0);
    if (k == CXCursor_EnumConstantDecl)
        return value_int(num_expr(in, clang_getEnumConstantDeclValue(decl), loc));
    if (k == CXCursor_NonTypeTemplateParameter && type_is_integral(clang_getCursorType(decl))) {
        /* a parameter of a template inlined whose arguments are not known
         * (`ReadLeft` in a functor class template): one instantiation runs
         * in every thread, so one unknown they all share */
        char *name = cursor_name(decl);
        Value v = value_int(emit_block_unknown(in, *name ? name : "param", loc));
        free(name);
        env_bind(in, decl, v);
        return v;
    }
    if (k != CXCursor_VarDecl)
        return value_none();
    if (cursor_name_is(decl, "warpSize") && is_file_scope(decl))
        return value_int(var_expr(in, program_intern(in->prog, "warpSize", 8), loc));
    Array *a = memory_array(in, decl);
    if (a) {
        if (a->ndims > 0 && !clang_equalCursors(a->decl, decl)) /* another name of the dynamic buffer */
            return pointer_view(in, ref, array_decay(in, a, loc), clang_getCursorType(a->decl),
                                clang_getCursorType(decl));
        if (a->ndims > 0)
            return array_decay(in, a, loc);
        if (type_is_integral(clang_getCursorType(decl)))
            return value_int(emit_read_into(in, a, NULL, 0, loc));
        /* a `__device__ float *y;`: a pointer read from its global cell,
         * into memory of its own (as a pointer loaded from an array) */
        LValue cell = {.kind = LV_CELL, .arr = a};
        Value loaded;
        if (loaded_pointer(in, &cell, clang_getNullCursor(), clang_getCursorType(decl), loc, &loaded))
            return loaded;
        if (!clang_Cursor_isNull(in->copy_site) && clang_equalCursors(ref, in->copy_site) && !in->reads_atomic) {
            in->copy_site = clang_getNullCursor(); /* a `__shared__ float` copied whole (load_cell_at) */
            in->copy_value = emit_read_into(in, a, NULL, 0, loc);
            return value_none();
        }
        emit_access(in, ACC_RD, a, NULL, 0, loc);
        return value_none();
    }
    /* an array no kernel writes: __constant__ or const at file scope */
    if (is_file_scope(decl) && type_is_array(clang_getCursorType(decl)) &&
        (in->dialect->var_space(decl) == SPACE_CONSTANT || clang_isConstQualifiedType(clang_getCursorType(decl))))
        return value_private();
    int64_t c;
    bool fixed = clang_isConstQualifiedType(clang_getCursorType(decl)) ||
                 (in->dialect->constants_fixed && in->dialect->var_space(decl) == SPACE_CONSTANT);
    if (fixed && eval_int(decl, &c))
        return value_int(num_expr(in, c, loc));
    return value_none(); /* a __constant__ integer is bound at the kernel's start (kernel.c) */
}

/* A read of the bytes of a view lv (a member of a cell seen as bytes),
 * its value named like a cell's; NULL when lv is no such view. */
static Expr *byte_view_read(Infer *in, const LValue *lv, Loc loc)
{
    if (lv->kind != LV_CELL || !lv->flat || !lv->unit || !lv->cell)
        return NULL;
    Expr *width = num_expr(in, lv->span ? lv->span : lv->unit, loc);
    Stmt *s = emit_byte_access(in, ACC_RD, lv->arr, lv->idx, lv->n, lv->unit, lv->cell, width, loc);
    if (!s)
        return NULL;
    Expr *shared[2] = {s->u.access.byte_off, width};
    return name_read(in, s, lv->arr, shared, 2, loc);
}

static Value tr_member(Infer *in, CXCursor e)
{
    /* tr_member: OBJ.FIELD | P->FIELD | FIELD (of this) */
    Loc loc = loc_of(in, e);
    CXCursor base = child_at(e, 0);
    Value own;
    if (local_member_value(in, e, &own)) /* a member of a local object the protocol follows */
        return own;
    if ((clang_Cursor_isNull(base) || !is_expression_kind(clang_getCursorKind(base))) &&
        in->this_value.kind != V_PTR && in->this_value.kind != V_PRIVATE)
        return value_none();
    char *field = cursor_name(e);
    Value v = builtin_member(in, base, field, loc);
    free(field);
    if (v.kind == V_INT)
        return v;
    if (models_vector_component(in, e, &v)) /* `block.group_index().x` */
        return v;
    if (param_field_value(in, e, &v))
        return v;
    LValue lv = tr_lvalue(in, e);
    if (lv.kind == LV_CELL && lv.flat && type_is_array(clang_getCursorType(e)))
        return lvalue_pointer(&lv); /* an array member of a cell: a view of its bytes */
    /* an array member of the thread's own struct (a local, a by-value parameter) */
    if (lv.kind == LV_PRIVATE && type_is_array(clang_getCursorType(e)))
        return value_private();
    CXCursor holder = strip_expr(base);
    if (lv.kind == LV_PRIVATE && clang_getCursorKind(holder) == CXCursor_DeclRefExpr &&
        member_is_array_field(in, e, clang_getCursorReferenced(holder)))
        return value_private(); /* the same, its class template's type left dependent */
    Value inner;
    if (lv.kind == LV_CELL && lv.n == 0 && lv.arr->ndims == 0 && !lv.unit && array_cell_bytes(lv.arr) <= 0 &&
        struct_member_array(in, e, lv.arr, &inner))
        return inner; /* s.vals of a __shared__ struct whose layout the pattern leaves dependent */
    if (loaded_pointer(in, &lv, clang_getCursorReferenced(e), clang_getCursorType(e), loc, &inner))
        return inner;
    /* an integer member of a cell (`s.y`, `p->n`): the value read, which the
     * checker may prove the block's like a whole cell's (equal cells, equal
     * members) */
    if (lv.kind == LV_CELL && !lv.unit && !lv.cell && !lv_bytes(&lv) && type_is_integral(clang_getCursorType(e)))
        return value_int(emit_read_into(in, lv.arr, lv.idx, lv.n, loc));
    Expr *named;
    if (type_is_integral(clang_getCursorType(e)) && (named = byte_view_read(in, &lv, loc)))
        return value_int(named); /* the same for a member's bytes */
    read_cell(in, &lv, loc);
    return value_none();
}

Value object_address(Infer *in, CXCursor object)
{
    CXCursor o = strip_expr(object);
    if (type_is_pointer(clang_getCursorType(o))) /* p->f(): this is p */
        return tr_value_raw(in, o);
    LValue lv = tr_lvalue(in, o);
    if (lv.kind == LV_CELL && !lv.unit && !lv.cell)
        return ptr_value(lv.arr, copy_idx(in, lv.idx, lv.n, 0), lv.n);
    return lv.kind == LV_PRIVATE || lv.kind == LV_VAR ? value_private() : value_none();
}

/* A row of a view (`s.a[i]` of a member `float a[R][C]`): the pointer to
 * its first element, whose own elements are the row's (C floats, or rows
 * of a third dimension). */
static Value view_row(const LValue *lv, CXType row)
{
    Value v = lvalue_pointer(lv);
    long long el = clang_Type_getSizeOf(clang_getArrayElementType(clang_getCanonicalType(row)));
    v.span = el > 0 && el != lv->unit ? (int)el : 0;
    return v;
}

/* ---- the dispatcher ---- */

static Value literal(Infer *in, CXCursor e)
{
    CXEvalResult r = clang_Cursor_Evaluate(e);
    if (!r)
        return value_none();
    Value v = value_none();
    if (clang_EvalResult_getKind(r) == CXEval_Int) {
        Loc loc = loc_of(in, e);
        v = value_int(clang_EvalResult_isUnsignedInt(r)
                          ? expr_num(in->prog, loc, clang_EvalResult_getAsUnsigned(r))
                          : num_expr(in, clang_EvalResult_getAsLongLong(r), loc));
    }
    clang_EvalResult_dispose(r);
    return v;
}

static Value bool_literal(Infer *in, CXCursor e)
{
    Value v = literal(in, e);
    if (v.kind == V_INT && v.e->kind == E_NUM)
        v.e = expr_bool(in->prog, v.e->loc, v.e->u.num != 0);
    return v;
}

static Value tr_unary(Infer *in, CXCursor e)
{
    /* tr_unary: &E | *E | -E | +E | !E | ~E | ++E | --E | E++ | E-- | __extension__ E */
    enum CXUnaryOperatorKind k = clang_getCursorUnaryOperatorKind(e);
    CXCursor sub = child_at(e, 0);
    Loc loc = loc_of(in, e);
    switch (k) {
    case CXUnaryOperator_PostInc:
    case CXUnaryOperator_PostDec:
    case CXUnaryOperator_PreInc:
    case CXUnaryOperator_PreDec:
        return tr_incdec(in, e, k);
    case CXUnaryOperator_AddrOf: {
        LValue lv = tr_lvalue(in, sub);
        if (lv.kind == LV_CELL)
            return lvalue_pointer(&lv);
        if (lv.kind == LV_VAR)
            in->env[lv.slot].escaped = true; /* `*p = v` through it is not followed */
        local_object_escapes(in, sub); /* `&q.p`: the same for q's members */
        if (lv.kind == LV_PRIVATE || lv.kind == LV_VAR)
            return value_private();
        return value_none();
    }
    case CXUnaryOperator_Deref: {
        LValue lv = tr_lvalue(in, e);
        return load_cell_at(in, e, &lv, clang_getCursorType(e), loc);
    }
    case CXUnaryOperator_Plus:
    case CXUnaryOperator_Extension:
        return tr_value(in, sub);
    case CXUnaryOperator_Minus:
    case CXUnaryOperator_Not:
    case CXUnaryOperator_LNot: {
        Value v = tr_value(in, k == CXUnaryOperator_LNot ? truth_operand(sub) : sub);
        Expr *set = k == CXUnaryOperator_LNot ? pointer_is_set(in, v, loc) : NULL;
        if (set)
            v = value_int(set);
        if (v.kind != V_INT)
            return v.kind == V_NONE ? value_data(v.shared) : value_none();
        if (k == CXUnaryOperator_LNot) /* as written: `!(a < b)` stays */
            return value_int(expr_unary(in->prog, loc, OP_NOT, v.e));
        return machine_arithmetic(in, value_int(expr_unary(in->prog, loc, k == CXUnaryOperator_Minus ? OP_NEG : OP_BNOT, v.e)),
                                  clang_getCursorType(e));
    }
    case CXUnaryOperator_Real: /* __real__, __imag__ of a complex: data */
    case CXUnaryOperator_Imag:
        tr_effects(in, sub);
        return value_none();
    default: /* co_await */
        tr_effects(in, sub);
        not_followed(in, e, "this unary operator");
        return value_none();
    }
}

/* A variable replaced by a value other than its own name (SSA inlining,
 * a bound parameter): the operator around it was not written with it. */
static bool inlined_operand(CXCursor operand, Value v)
{
    return v.kind == V_INT && v.e->kind != E_VAR &&
           clang_getCursorKind(strip_expr(operand)) == CXCursor_DeclRefExpr;
}

/* ---- comparisons of floating values ---- */

/* A float or a double as the comparison sees it: its key (the magnitude,
 * negated for a negative sign, so that the keys are ordered as the values
 * and +0, -0 share one) and whether it is a NaN, which compares false. */
typedef struct FloatKey {
    Expr *key;
    Expr *nan; /* a condition */
} FloatKey;

/* The key of a float cell read into the name x, as its bits: a value
 * read is a natural (docs/language.md 3.2), whose bits modulo 2^32 are
 * the float's (the mod by a number keeps the protocol linear, and gen
 * writes it back as it is). */
static FloatKey read_float_key(Infer *in, Expr *x, Loc loc)
{
    Program *p = in->prog;
    Expr *mag = expr_binary(p, OP_MOD, x, expr_num(p, loc, (uint64_t)1 << 31));
    Expr *negative = expr_binary(p, OP_GE, expr_binary(p, OP_MOD, x, expr_num(p, loc, (uint64_t)1 << 32)),
                                 expr_num(p, loc, (uint64_t)1 << 31));
    Expr *key = expr_cond(p, negative, expr_unary(p, loc, OP_NEG, mag), mag);
    return (FloatKey){key, expr_binary(p, OP_GT, mag, expr_num(p, loc, 0x7f800000u))};
}

/* The key of a constant that a float holds exactly; false for any other
 * value or expression. */
static bool constant_float_key(Infer *in, CXCursor e, FloatKey *k)
{
    if (!is_expression_kind(clang_getCursorKind(e)) || type_is_pointer(clang_getCursorType(e)))
        return false;
    CXEvalResult r = clang_Cursor_Evaluate(e);
    if (!r)
        return false;
    CXEvalResultKind kind = clang_EvalResult_getKind(r);
    double x = kind == CXEval_Float ? clang_EvalResult_getAsDouble(r) : (double)clang_EvalResult_getAsLongLong(r);
    clang_EvalResult_dispose(r);
    float f = (float)x;
    if ((kind != CXEval_Float && kind != CXEval_Int) || (x == x && (double)f != x))
        return false; /* not a float: the comparison is in double */
    uint32_t bits;
    memcpy(&bits, &f, sizeof bits);
    uint32_t mag = bits & 0x7fffffffu;
    Loc loc = loc_of(in, e);
    k->key = num_expr(in, bits >> 31 ? -(int64_t)mag : (int64_t)mag, loc);
    k->nan = expr_bool(in->prog, loc, mag > 0x7f800000u);
    return true;
}

/* Is the operand a float (through conversions that keep its value: a
 * float compared with a double)? */
static bool is_float_operand(CXCursor e)
{
    return clang_getCanonicalType(clang_getCursorType(through_noops(e))).kind == CXType_Float;
}

/* An operand the comparison can be exact about: a constant, a name, or a
 * load of a whole cell (`s[0]`, `*p`). */
static bool float_operand_shape(CXCursor e)
{
    CXCursor in = through_noops(e);
    enum CXCursorKind k = clang_getCursorKind(in);
    if (k == CXCursor_DeclRefExpr || k == CXCursor_ArraySubscriptExpr ||
        (k == CXCursor_UnaryOperator && clang_getCursorUnaryOperatorKind(in) == CXUnaryOperator_Deref))
        return true;
    CXEvalResult r = clang_Cursor_Evaluate(in);
    bool constant = r && (clang_EvalResult_getKind(r) == CXEval_Float || clang_EvalResult_getKind(r) == CXEval_Int);
    if (r)
        clang_EvalResult_dispose(r);
    return constant;
}

/* The operand translated (its accesses emitted) and, where it is a
 * constant or a whole cell read, its key. */
static bool float_operand(Infer *in, CXCursor e, Value *v, FloatKey *k)
{
    CXCursor inner = through_noops(e);
    if (constant_float_key(in, inner, k)) {
        *v = value_none();
        return true;
    }
    Expr *x = copied_value(in, inner, clang_getCursorType(inner), v);
    if (!x && v->kind == V_NONE && v->copy && expr_in_scope(in, v->copy))
        x = v->copy; /* a name holding a copy */
    /* a cell read at a block-uniform index: the tests that make a guard
     * uniform; one per thread keeps its unknown test, as cheap to solve */
    if (!x || !is_float_operand(e) || !expr_block_shared(in, x))
        return false;
    *k = read_float_key(in, x, loc_of(in, e));
    return true;
}

/* `a < b` (and <=, >, >=, ==, !=) of floats, exact where both operands
 * are constants or whole cells read at block-uniform indices (a double's
 * 2^64 bits are beyond the protocol's numbers): keys compared, false when
 * either is a NaN (!= true).  Threads that read one cell then agree on the
 * test (docs/inference.md, "Comparisons of floats").  False, translating
 * nothing, when the operands are not of those shapes; with *out the
 * operands' data when one turned out to be another value. */
static bool float_comparison(Infer *in, Op op, CXCursor x, CXCursor y, Value *out)
{
    if (!op_is_comparison(op) || !type_is_floating(clang_getCursorType(x)) ||
        !type_is_floating(clang_getCursorType(y)) || !float_operand_shape(x) || !float_operand_shape(y) ||
        (!is_float_operand(x) && !is_float_operand(y)))
        return false;
    Value a, b;
    FloatKey ka, kb;
    bool exact = float_operand(in, x, &a, &ka);
    exact = float_operand(in, y, &b, &kb) && exact;
    if (!exact) {
        Value both[2] = {a, b};
        *out = value_data_of(in, both, 2);
        return true;
    }
    Op key_op = op == OP_NE ? OP_EQ : op;
    Expr *r = mk_binary(in, key_op, ka.key, kb.key);
    const FloatKey *keys[2] = {&kb, &ka};
    for (int i = 0; i < 2; i++)
        if (keys[i]->nan->kind != E_BOOL || keys[i]->nan->u.boolean) /* a constant that is no NaN: nothing to test */
            r = mk_binary(in, OP_AND, mk_not(in, keys[i]->nan), r);
    *out = value_int(op == OP_NE ? mk_not(in, r) : r);
    return true;
}

static Value tr_binary(Infer *in, CXCursor e)
{
    /* tr_binary: A op B (arithmetic, comparison, shift, bits) | A = B | A, B */
    enum CXBinaryOperatorKind k = clang_getCursorBinaryOperatorKind(e);
    if (k == CXBinaryOperator_Assign)
        return tr_assign(in, e, k);
    if (k == CXBinaryOperator_LAnd || k == CXBinaryOperator_LOr)
        return tr_logical(in, e, k == CXBinaryOperator_LAnd);
    if (k == CXBinaryOperator_Comma) {
        tr_effects(in, child_at(e, 0));
        return tr_value(in, child_at(e, 1));
    }
    bool ok;
    Op op = binop_of(k, &ok);
    CXCursor x = child_at(e, 0), y = child_at(e, 1);
    Value compared;
    if (ok && float_comparison(in, op, x, y, &compared))
        return compared;
    Value a = tr_value(in, x);
    Value b = tr_value(in, y);
    if (!ok)
        return value_none();
    if ((op == OP_EQ || op == OP_NE) && (a.kind == V_PTR || b.kind == V_PTR) &&
        is_null_constant(a.kind == V_PTR ? y : x)) { /* p != NULL */
        Expr *set = pointer_is_set(in, a.kind == V_PTR ? a : b, loc_of(in, e));
        if (set)
            return value_int(op == OP_NE ? set : mk_not(in, set));
    }
    if (a.kind == V_PTR && b.kind == V_PTR) /* pointer difference or comparison */
        return value_none();
    assume_divisor_nonzero(in, e, op, b);
    Value r = combine(in, op, a, b, !inlined_operand(x, a) && !inlined_operand(y, b));
    bool may_wrap = op == OP_ADD || op == OP_SUB || op == OP_MUL || op == OP_SHL;
    return may_wrap ? machine_arithmetic(in, r, clang_getCursorType(e)) : r;
}

/* An operand a user-defined operator cannot take: a pointer, an array, an
 * integer or floating-point number (no class, enumeration or type a
 * template parameter decides). */
static bool builtin_operand(CXCursor e)
{
    CXType t = clang_getCanonicalType(clang_getCursorType(strip_expr(e)));
    return t.kind == CXType_Pointer || type_is_array(t) || type_is_floating(t) ||
           (type_is_integral(t) && t.kind != CXType_Enum);
}

bool tr_unresolved_operator(Infer *in, CXCursor call, Value *out)
{
    /* tr_unresolved_operator: A op B, an operator clang left unresolved in a pattern */
    static const struct {
        const char *name;
        Op op;
    } ops[] = {{"operator+", OP_ADD}, {"operator-", OP_SUB}, {"operator*", OP_MUL}, {"operator/", OP_DIV},
               {"operator%", OP_MOD}, {"operator<<", OP_SHL}, {"operator>>", OP_SHR}, {"operator&", OP_BAND},
               {"operator|", OP_BOR}, {"operator^", OP_BXOR}, {"operator<", OP_LT}, {"operator<=", OP_LE},
               {"operator>", OP_GT}, {"operator>=", OP_GE}, {"operator==", OP_EQ}, {"operator!=", OP_NE}};
    if (clang_getCursorKind(call) != CXCursor_CallExpr || nchildren(call) != 3)
        return false;
    CXCursor x = child_at(call, 0), callee = child_at(call, 1), y = child_at(call, 2);
    CXCursor ov = child_at(callee, 0);
    if (clang_getCursorKind(callee) != CXCursor_DeclRefExpr || clang_getCursorKind(ov) != CXCursor_OverloadedDeclRef ||
        !builtin_operand(x) || !builtin_operand(y))
        return false;
    for (size_t i = 0; i < sizeof ops / sizeof ops[0]; i++) {
        if (!cursor_name_is(ov, ops[i].name))
            continue;
        Value a = tr_value(in, x), b = tr_value(in, y);
        *out = a.kind == V_PTR && b.kind == V_PTR ? value_none() : combine(in, ops[i].op, a, b, true);
        return true;
    }
    return false;
}

/* The size in bytes of what a pointer or array type points at, or -1
 * (void, an incomplete or dependent type). */
static long long pointee_size(CXType t)
{
    CXType c = clang_getCanonicalType(t);
    CXType el = c.kind == CXType_Pointer ? clang_getPointeeType(c) : clang_getArrayElementType(c);
    if (el.kind == CXType_Invalid || el.kind == CXType_Void) /* clang gives void a size of 1 */
        return -1;
    long long n = clang_Type_getSizeOf(el);
    return n > 0 ? n : -1;
}

/* A pointer to (an array of) a template's type parameter (`T *`): its
 * size is the instantiation's. */
static bool pointee_is_dependent(CXType t)
{
    CXType c = clang_getCanonicalType(t);
    CXType el = c.kind == CXType_Pointer ? clang_getPointeeType(c) : clang_getArrayElementType(c);
    return el.kind != CXType_Invalid && clang_Type_getSizeOf(el) == CXTypeLayoutError_Dependent;
}

/* `(T *)p` for p into an array: the same array, seen in elements of
 * sizeof(T) bytes, the last index rescaled to count them (docs/inference.md,
 * "Pointer casts").  A size that cannot be computed, or one that does not
 * divide the other, leaves the pointer untracked: accesses through it are
 * `opaque`. */
/* Is e a multiple of r for every value of its names (a number, a
 * product with one, sums of them)? */
static bool multiple_of(const Expr *e, long long r)
{
    switch ((ExprKind)e->kind) {
    case E_NUM: return (int64_t)e->u.num % r == 0;
    case E_BINARY:
        if (e->op == OP_MUL)
            return (e->u.sub.a->kind == E_NUM && multiple_of(e->u.sub.a, r)) ||
                   (e->u.sub.b->kind == E_NUM && multiple_of(e->u.sub.b, r));
        if (e->op == OP_ADD || e->op == OP_SUB)
            return multiple_of(e->u.sub.a, r) && multiple_of(e->u.sub.b, r);
        return false;
    default: return false;
    }
}

static Value pointer_view(Infer *in, CXCursor cast, Value v, CXType from, CXType to)
{
    long long to_size = pointee_size(to);
    long long natural = array_cell_size(v.arr);
    if (natural < 0)
        natural = pointee_size(from);
    long long from_size = v.unit ? v.unit : natural;
    long long cell = v.cell ? v.cell : natural;
    if (v.nidx == 0) /* a shared scalar: any view of it is the scalar */
        return v;
    if (pointee_is_void(to)) /* nothing is accessed through a void *: the cast back decides */
        return v;
    if (v.arr->pointed_from && !v.arr->cell_bytes && to_size > 0 && !v.unit) {
        /* a `void *` read from memory: its cells are what it is first cast to */
        v.arr->cell_bytes = to_size;
        v.arr->elem_type = elem_type_name(in->prog, clang_getPointeeType(clang_getCanonicalType(to)));
        return v;
    }
    v.span = 0; /* a cast gives the pointer its new element */
    if (to_size == from_size)
        return v;
    if (is_dynamic_shared(v.arr) && ((to_size < 0 && pointee_is_dependent(to)) || (from_size < 0 && pointee_is_dependent(from))))
        return v; /* SharedMemory<T>(): the buffer's cells are the T it is used as */
    if (v.nidx < v.arr->ndims) {
        /* a row's pointer as elements of another size (`(char *)M`): a
         * view of the whole object from the row's first cell */
        int n = v.nidx;
        Expr **padded = copy_idx(in, v.idx, n, v.arr->ndims - n);
        for (int d = n; d < v.arr->ndims; d++)
            padded[d] = num_expr(in, 0, loc_of(in, cast));
        v.idx = padded;
        v.nidx = v.arr->ndims;
        v.flat = true;
    }
    if (to_size < 0 || from_size < 0 || cell < 0 || (to_size % cell && cell % to_size) ||
        (to_size % from_size && from_size % to_size) || to_size / cell > MAX_VIEW_SPAN) {
        warn_at(in, cast, "pointer into '%s' cast to elements of unknown or unrelated size; accesses through it "
                          "are not followed", v.arr->name);
        return value_none();
    }
    Expr *k = v.idx[v.nidx - 1];
    if (to_size > from_size && !multiple_of(k, to_size / from_size)) {
        v.span = (int)to_size; /* maybe misaligned: the offset stays in from_size elements */
        return v;
    }
    Expr **idx = copy_idx(in, v.idx, v.nidx, 0);
    Loc loc = loc_of(in, cast);
    idx[v.nidx - 1] = from_size > to_size ? rescale(in, k, OP_MUL, from_size / to_size, loc)
                                          : rescale(in, k, OP_DIV, to_size / from_size, loc);
    v.idx = idx;
    v.unit = to_size == cell ? 0 : (int)to_size;
    v.cell = to_size == cell ? 0 : (int)cell;
    return v;
}

/* `reinterpret_cast<TempStorage &>(smem)`: a cast of a pointer or an array
 * to a reference (the `&` written in its `<...>`; the expression's type is
 * the referenced one) names the memory the operand designates. */
static bool reference_cast(Infer *in, CXCursor e, Value v)
{
    if (v.kind != V_PTR || clang_getCursorKind(e) != CXCursor_CXXReinterpretCastExpr)
        return false;
    CXToken *t = NULL;
    unsigned n = 0;
    clang_tokenize(in->tu, clang_getCursorExtent(e), &t, &n);
    bool amp = false;
    int depth = 0;
    for (unsigned i = 0; i < n && !(depth == 0 && amp); i++) {
        CXString sp = clang_getTokenSpelling(in->tu, t[i]);
        const char *c = clang_getCString(sp);
        if (strcmp(c, "<") == 0)
            depth++;
        else if (strcmp(c, ">") == 0 && --depth == 0)
            i = n; /* the end of the written type */
        else if (depth == 1 && (strcmp(c, "&") == 0 || strcmp(c, "&&") == 0))
            amp = true;
        clang_disposeString(sp);
    }
    if (t)
        clang_disposeTokens(in->tu, t, n);
    return amp;
}

/* A cast written on a constant stays as written (`(unsigned char)0` is
 * `u8(0)`, `(signed char)(2 | 3)` is `i8(2 | 3)`): gen writes the
 * protocol's conversions so, and the round trip gives them back. */
static Value written_constant_cast(Infer *in, Value v, CXType to, Loc loc)
{
    int64_t c;
    int bits = (int)clang_Type_getSizeOf(clang_getCanonicalType(to)) * 8;
    enum CXTypeKind k = clang_getCanonicalType(to).kind;
    if (v.kind != V_INT || (v.e->kind == E_UNARY && op_is_conversion((Op)v.e->op)) || !expr_constant(v.e, &c) ||
        k == CXType_Bool ||
        !type_is_integral(to) || k == CXType_Enum || (bits != 8 && bits != 16 && bits != 32 && bits != 64))
        return v;
    return value_int(expr_unary(in->prog, loc, conversion_op(bits, !type_is_unsigned(to)), v.e));
}

static Value tr_cast(Infer *in, CXCursor e)
{
    /* tr_cast: (T)E | static_cast<T>(E) | T(E) | reinterpret_cast<T>(E) | ... */
    CXCursor sub = last_expr_child(e);
    if (clang_Cursor_isNull(sub))
        return value_none();
    Value v = tr_value(in, sub);
    CXType to = clang_getCursorType(e);
    if (reference_cast(in, e, v))
        return v;
    if (type_is_pointer(to))
        return v.kind == V_PTR ? pointer_view(in, e, v, clang_getCursorType(sub), to)
               : v.kind == V_PRIVATE ? v : value_none();
    if (type_is_floating(to) || (v.kind != V_INT))
        return v.kind == V_INT || v.kind == V_NONE ? v : value_none();
    if (type_is_floating(clang_getCursorType(strip_expr(sub))))
        return value_data_of(in, &v, 1); /* (int)x of a float: data, shared if x is */
    /* clang puts the narrowing of `(int)(long long)x` in an implicit cast
     * under the written one; gen's file means the written one (machine_int.c) */
    CXType from = clang_getCursorType(in->generated ? strip_expr(sub) : sub);
    v = machine_conversion(in, v, to, from, true);
    return written_constant_cast(in, v, to, loc_of(in, e));
}

static void effects_of_children(Infer *in, CXCursor e)
{
    Children ch = children_of(e);
    for (int i = 0; i < ch.n; i++)
        if (clang_isExpression(clang_getCursorKind(ch.c[i])))
            tr_effects(in, ch.c[i]);
    free(ch.c);
}

/* `delete p`: the memory is the thread's own allocation; a class's
 * destructor would run, which is not followed. */
static void tr_delete(Infer *in, CXCursor e)
{
    /* tr_delete: delete P | delete[] P */
    effects_of_children(in, e);
    CXCursor p = last_expr_child(e);
    CXType pointee = clang_getCanonicalType(clang_getPointeeType(clang_getCursorType(p)));
    if (clang_Cursor_isNull(p) || pointee.kind == CXType_Record || pointee.kind == CXType_Invalid ||
        pointee.kind == CXType_Unexposed)
        not_followed(in, e, "delete of a class object (its destructor)");
}

static Value tr_value_raw(Infer *in, CXCursor e)
{
    /* tr_value_raw: E, any expression, by its cursor kind */
    if (clang_Cursor_isNull(e))
        return value_none();
    switch (clang_getCursorKind(e)) {
    case CXCursor_CXXBoolLiteralExpr: /* `true` stays `true`: a protocol condition may be one */
        return bool_literal(in, e);
    case CXCursor_IntegerLiteral:
    case CXCursor_CharacterLiteral:
    case CXCursor_UnaryExpr: /* sizeof, alignof */
    case CXCursor_SizeOfPackExpr:
        return literal(in, e);
    case CXCursor_FloatingLiteral:
        return value_data(true);
    case CXCursor_StringLiteral: /* read-only storage of its own: it never races */
        return value_private();
    case CXCursor_CXXNullPtrLiteralExpr:
    case CXCursor_GNUNullExpr:
        return value_none(); /* no object: nothing to access through it */
    case CXCursor_CXXThisExpr:
        this_escapes(in); /* `this` as a pointer (`self = this`): writes through it are not seen */
        return in->this_value.kind == V_PTR || in->this_value.kind == V_PRIVATE ? in->this_value : value_none();
    case CXCursor_ParenExpr:
    case CXCursor_UnexposedExpr: {
        Value component;
        if (models_vector_component(in, e, &component))
            return component;
        if (nchildren(e) == 1) {
            CXCursor c = child_at(e, 0);
            if (clang_isExpression(clang_getCursorKind(c))) /* an implicit conversion among them */
                return machine_conversion(in, tr_value(in, c), clang_getCursorType(e), clang_getCursorType(c), false);
        }
        /* a call clang could not resolve, or an unexposed construct */
        if (nchildren(e) > 1)
            return tr_call(in, e);
        return literal(in, e);
    }
    case CXCursor_DeclRefExpr: {
        CXCursor decl = clang_getCursorReferenced(e);
        if (clang_Cursor_isNull(decl) && nchildren(e) == 1 && clang_isExpression(clang_getCursorKind(child_at(e, 0))))
            return tr_value(in, child_at(e, 0)); /* a template argument substituted in an instantiation */
        return clang_Cursor_isNull(decl) ? value_none() : decl_value(in, e, decl);
    }
    case CXCursor_MemberRefExpr:
        return tr_member(in, e);
    case CXCursor_ArraySubscriptExpr: {
        CXCursor a = child_at(e, 0), b = child_at(e, 1);
        Value ref;
        if (models_dependent_operator(in, e, a, &b, 1, "operator[]", &ref)) /* v[i] on a span<T> */
            return read_through_reference(in, ref, loc_of(in, e));
        if (subscript_swapped(a, b)) {
            CXCursor t = a;
            a = b;
            b = t;
        }
        int64_t k;
        Value element;
        if (eval_int(b, &k) && param_pointer_element(in, strip_expr(a), k, &element))
            return element; /* q.p[4] of a struct parameter */
        Value p = tr_value_raw(in, a);
        Expr *i = tr_index(in, b);
        Value sub;
        LValue lv = access_at(in, e, p, i, &sub);
        if (lv.kind == LV_CELL && lv.flat && lv.unit && type_is_array(clang_getCursorType(e)))
            return view_row(&lv, clang_getCursorType(e)); /* `s.a[i]` of a 2-D member array */
        if (lv.kind == LV_CELL)
            return load_cell_at(in, e, &lv, clang_getCursorType(e), loc_of(in, e));
        if (lv.kind == LV_PRIVATE && clang_getCanonicalType(clang_getCursorType(e)).kind == CXType_Pointer)
            return value_none(); /* a pointer kept in the thread's own array (`q.p[4]`) may point anywhere */
        return sub;
    }
    case CXCursor_UnaryOperator:
        return tr_unary(in, e);
    case CXCursor_BinaryOperator:
        return tr_binary(in, e);
    case CXCursor_CompoundAssignOperator:
        return tr_assign(in, e, clang_getCursorBinaryOperatorKind(e));
    case CXCursor_ConditionalOperator:
        return tr_conditional(in, e);
    case CXCursor_CallExpr:
        return read_through_reference(in, tr_call(in, e), loc_of(in, e));
    case CXCursor_CStyleCastExpr:
    case CXCursor_CXXStaticCastExpr:
    case CXCursor_CXXFunctionalCastExpr:
    case CXCursor_CXXReinterpretCastExpr:
    case CXCursor_CXXConstCastExpr:
    case CXCursor_CXXDynamicCastExpr:
        return tr_cast(in, e);
    case CXCursor_CXXAddrspaceCastExpr:
        return tr_cast(in, e);
    case CXCursor_ConceptSpecializationExpr: /* constants of the compiler */
    case CXCursor_RequiresExpr:
        return literal(in, e);
    /* Wrappers whose value the protocol does not track and whose effects
     * are those of their operands, evaluated in order: the only kinds
     * whose children are merely walked. */
    case CXCursor_InitListExpr: {
        Value obj;
        if (init_list_object(in, e, &obj)) /* `P q{out + 1, n}`: its members */
            return obj;
        effects_of_children(in, e);
        return value_none();
    }
    case CXCursor_CompoundLiteralExpr:
    case CXCursor_CXXParenListInitExpr:
    case CXCursor_BuiltinBitCastExpr:
    case CXCursor_ImaginaryLiteral:
    case CXCursor_FixedPointLiteral:
    case CXCursor_AddrLabelExpr:
    case CXCursor_CXXNewExpr: /* fresh memory: accesses through it are not tracked (opaque) */
        effects_of_children(in, e);
        return value_none();
    case CXCursor_CXXDeleteExpr:
        tr_delete(in, e);
        return value_none();
    case CXCursor_LambdaExpr: /* a closure: its init captures run here, its body at each call */
        effects_of_children(in, e);
        return value_none();
    case CXCursor_PackExpansionExpr: /* `args...`: each element's value is data; the pattern's effects, once */
        effects_of_children(in, e);
        return value_none();
    case CXCursor_StmtExpr:
        not_followed(in, e, "a statement expression");
        return value_none();
    case CXCursor_CXXThrowExpr:
        not_followed(in, e, "throw");
        return value_none();
    case CXCursor_CXXTypeidExpr:
        not_followed(in, e, "typeid");
        return value_none();
    default: /* _Generic, blocks, pack indexing, Objective-C, OpenMP */
        not_followed_kind(in, e);
        return value_none();
    }
}

/* By the expression's type: a floating-point value is data, whatever
 * integer computation produced it. */
enum { MAX_C_EXPR_DEPTH = 256 };

/* Does e give a variable's value unchanged: its name, in parentheses or
 * behind conversions that change nothing, or a call whose translation
 * kept the copy?  Only then is a copy of a cell (Value.copy) still its
 * bits. */
static bool passes_copy(CXCursor e)
{
    /* a call keeps what its translation gave: a copy only where the call
     * passes one on (math.c's `__int_as_float(x)`, an inlined `return x;`) */
    enum CXCursorKind k = clang_getCursorKind(through_noops(e));
    return k == CXCursor_DeclRefExpr || k == CXCursor_CallExpr;
}

Value tr_value(Infer *in, CXCursor e)
{
    /* tr_value: E, by its type */
    if (in->expr_depth >= MAX_C_EXPR_DEPTH) {
        if (!in->warned_depth)
            opaque_at(in, e, "expression nested too deeply: from here on it is an unknown, and "
                           "accesses inside it are not followed");
        in->warned_depth = true;
        return value_none();
    }
    in->expr_depth++;
    Value v = tr_value_raw(in, e);
    in->expr_depth--;
    if (v.copy && !passes_copy(e))
        v.copy = NULL;
    if (v.kind == V_INT && type_is_floating(clang_getCursorType(e)))
        return value_data_of(in, &v, 1);
    /* a vector (OpenCL's int2) is data: an assignment to one component
     * (`q.y = 4`) binds the variable, and its value is no integer */
    if (v.kind == V_INT && clang_getCanonicalType(clang_getCursorType(e)).kind == CXType_ExtVector)
        return value_none();
    return machine_signed_name(in, v, clang_getCursorType(e));
}

Expr *tr_int(Infer *in, CXCursor e)
{
    /* tr_int: E, an integer (NULL: not one the protocol follows) */
    Value v = tr_value(in, e);
    return v.kind == V_INT ? v.e : NULL;
}

Expr *tr_index(Infer *in, CXCursor e)
{
    /* tr_index: E, an index (an unknown when not followed) */
    Value v = tr_value(in, e);
    return value_as_int(in, v, "idx", loc_of(in, e));
}

/* Is e computed from the kernel's own parameters alone (never assigned in
 * its body), numbers and operators: `preemph_coeff != 0.0f` of a float
 * parameter?  Then every thread of the launch computes the same value. */
typedef struct LaunchScan {
    Infer *in;
    bool other;
} LaunchScan;

static enum CXChildVisitResult find_non_launch(CXCursor c, CXCursor parent, CXClientData data)
{
    (void)parent;
    LaunchScan *s = data;
    switch (clang_getCursorKind(c)) {
    case CXCursor_DeclRefExpr: {
        CXCursor d = clang_getCursorReferenced(c);
        if (clang_getCursorKind(d) == CXCursor_ParmDecl &&
            clang_equalCursors(clang_getCursorSemanticParent(d), s->in->kernel_fn) &&
            !type_is_pointer(clang_getCursorType(d)) && !decl_assigned_in(s->in->kernel_body, d))
            return CXChildVisit_Continue;
        if (clang_getCursorKind(d) == CXCursor_EnumConstantDecl)
            return CXChildVisit_Continue;
        break;
    }
    case CXCursor_IntegerLiteral:
    case CXCursor_FloatingLiteral:
    case CXCursor_CXXBoolLiteralExpr:
    case CXCursor_ParenExpr:
    case CXCursor_UnexposedExpr: /* implicit casts */
    case CXCursor_CStyleCastExpr:
    case CXCursor_CXXStaticCastExpr:
    case CXCursor_CXXFunctionalCastExpr:
    case CXCursor_BinaryOperator:
    case CXCursor_UnaryOperator:
        return CXChildVisit_Recurse;
    case CXCursor_MemberRefExpr: /* a by-value struct parameter's member, not `this`'s */
        if (!clang_Cursor_isNull(child_at(c, 0)) && is_expression_kind(clang_getCursorKind(child_at(c, 0))))
            return CXChildVisit_Recurse;
        break;
    default:
        break;
    }
    s->other = true;
    return CXChildVisit_Break;
}

static bool launch_value(Infer *in, CXCursor e)
{
    LaunchScan s = {in, false};
    if (find_non_launch(e, clang_getNullCursor(), &s) == CXChildVisit_Recurse)
        clang_visitChildren(e, find_non_launch, &s);
    return !s.other;
}

/* Where C tests an integer (`if (x)`, `!x`, `x && y`), its implicit
 * conversion to bool is the test itself: the operand, not `x != 0`. */
static CXCursor truth_operand(CXCursor e)
{
    if (clang_getCursorKind(e) != CXCursor_UnexposedExpr || nchildren(e) != 1 ||
        clang_getCanonicalType(clang_getCursorType(e)).kind != CXType_Bool)
        return e;
    CXCursor c = child_at(e, 0);
    CXType t = clang_getCanonicalType(clang_getCursorType(c));
    return clang_isExpression(clang_getCursorKind(c)) && type_is_integral(t) && t.kind != CXType_Bool ? c : e;
}

Value tr_truth(Infer *in, CXCursor e)
{
    /* tr_truth: E, tested for being non-zero (its conversion to bool left out) */
    return tr_value(in, truth_operand(e));
}

Expr *tr_cond(Infer *in, CXCursor e)
{
    /* tr_cond: E, a condition */
    Value v = tr_value(in, truth_operand(e));
    Loc loc = loc_of(in, e);
    Expr *set = pointer_is_set(in, v, loc);
    if (set)
        return set;
    if (v.kind != V_INT && launch_value(in, e)) /* a float parameter's test: the launch's */
        return fresh_uniform(in, "cond", loc);
    return value_as_int(in, v, "cond", loc);
}

void tr_effects(Infer *in, CXCursor e)
{
    /* tr_effects: E, for its accesses only */
    (void)tr_value(in, e);
}

/* An overloaded or implicit class `operator=` (float4 a = b is one):
 * a write of the left side, and for `operator+=` etc. also a read. */
Value class_assign(Infer *in, CXCursor lhs, CXCursor rhs, bool compound, Loc loc)
{
    Value v = clang_Cursor_isNull(rhs) ? value_none() : tr_value(in, rhs);
    if (compound)
        v = value_none();
    if (local_member_assign(in, lhs, v)) /* `q.view = other;`: the member's members are the copy's */
        return v;
    LValue lv = tr_lvalue(in, lhs);
    if (compound)
        read_cell(in, &lv, loc);
    write_cell(in, &lv, loc);
    if (lv.kind == LV_VAR) /* `r = q;` of a local object: r's members are q's */
        assign_var(in, lv.slot, v, loc);
    return v;
}

/* ---- references returned by calls ---- */

static LValue lvalue_of_reference(const Value *v)
{
    LValue lv = {0};
    if (!v->block_group)
        return lv;
    if (v->kind == V_PRIVATE) {
        lv.kind = LV_PRIVATE;
    } else if (v->kind == V_PTR) {
        lv.kind = LV_CELL;
        lv.arr = v->arr;
        lv.idx = v->idx;
        lv.n = v->nidx;
        lv.unit = v->unit;
        lv.cell = v->cell;
        lv.span = v->span;
        lv.flat = v->flat;
    }
    return lv;
}

/* A call's result used as a value: through a returned reference, a read. */
static Value read_through_reference(Infer *in, Value v, Loc loc)
{
    if (!v.block_group || (v.kind != V_PTR && v.kind != V_PRIVATE))
        return v;
    LValue lv = lvalue_of_reference(&v);
    read_cell(in, &lv, loc);
    return value_none();
}

Value returned_reference(Infer *in, CXCursor e)
{
    LValue lv = tr_lvalue(in, e);
    Value v = value_none();
    if (lv.kind == LV_CELL) {
        v = lvalue_pointer(&lv);
        v.block_group = true;
    } else if (lv.kind == LV_PRIVATE) {
        v = value_private();
        v.block_group = true;
    } else if (lv.kind == LV_VAR) {
        v = env_value(in, lv.slot, loc_of(in, e)); /* a copy: a write through it is not followed */
        v.block_group = false;
        if (v.kind == V_UNDEF)
            v = value_none();
    }
    return v;
}

/* `f(...) = x` for f returning T &: the cell or the thread's own memory it
 * returned; any other reference (to a variable, an untracked pointer's
 * target, an unknown function's) is not followed. */
static LValue call_lvalue(Infer *in, CXCursor call)
{
    Value v = tr_call(in, call);
    LValue lv = lvalue_of_reference(&v);
    if (lv.kind != LV_NONE)
        return lv;
    CXCursor callee = callee_decl(call);
    CXType rt = clang_Cursor_isNull(callee) ? (CXType){.kind = CXType_Invalid} : clang_getCursorResultType(callee);
    bool writable = is_reference_type(rt) && !clang_isConstQualifiedType(clang_getPointeeType(clang_getCanonicalType(rt)));
    if (writable || clang_Cursor_isNull(callee))
        not_followed(in, call, "the reference this call returns");
    return lv;
}

/* ---- reference parameters ---- */

/* A `T &x` parameter bound to an array cell: reads and writes of x are
 * accesses to that cell.  Marked with block_group on a V_PTR (unused for
 * pointers otherwise). */
Value ref_to_cell(Infer *in, CXCursor arg, bool *is_cell)
{
    LValue lv = tr_lvalue(in, arg);
    *is_cell = lv.kind == LV_CELL;
    if (lv.kind != LV_CELL)
        return value_none();
    Value v = lvalue_pointer(&lv);
    v.block_group = true;
    return v;
}

/* The cell a pointer argument designates (atomics, __ldg). */
CellKind pointer_cell(Infer *in, CXCursor arg, Array **arr, Expr ***idx, int *n)
{
    return value_cell(in, tr_value(in, arg), loc_of(in, arg), arr, idx, n);
}

CellKind value_cell(Infer *in, Value p, Loc loc, Array **arr, Expr ***idx, int *n)
{
    Value sub;
    LValue lv = subscript(in, p, num_expr(in, 0, loc), &sub);
    if (lv.kind == LV_PRIVATE)
        return CELL_PRIVATE;
    if (lv.kind != LV_CELL || lv.unit > lv.cell || lv_bytes(&lv)) /* a wider view: several cells at once */
        return CELL_UNTRACKED;
    *arr = lv.arr;
    *idx = lv.idx;
    *n = lv.n;
    if (lv.unit < lv.cell && lv.n > 0) {
        *idx = copy_idx(in, lv.idx, lv.n, 0);
        (*idx)[lv.n - 1] = rescale(in, lv.idx[lv.n - 1], OP_DIV, lv.cell / lv.unit, loc);
    }
    return CELL_TRACKED;
}

/* `T(x).f()`: the constructor call under the casts around a temporary
 * object, or a null cursor. */
static CXCursor constructor_call(CXCursor e)
{
    for (int depth = 0; depth < 8 && !clang_Cursor_isNull(e); depth++) {
        enum CXCursorKind k = clang_getCursorKind(e);
        if (k == CXCursor_CallExpr)
            return clang_getCursorKind(clang_getCursorReferenced(e)) == CXCursor_Constructor ? e
                                                                                             : clang_getNullCursor();
        if (k != CXCursor_UnexposedExpr && k != CXCursor_CXXFunctionalCastExpr && k != CXCursor_ParenExpr)
            break;
        Children ch = children_of(e);
        CXCursor next = clang_getNullCursor();
        for (int i = ch.n - 1; i >= 0; i--) /* the operand, after a TypeRef */
            if (clang_isExpression(clang_getCursorKind(ch.c[i]))) {
                next = ch.c[i];
                break;
            }
        free(ch.c);
        e = next;
    }
    return clang_getNullCursor();
}

Value object_value(Infer *in, CXCursor object)
{
    CXCursor ctor = constructor_call(object);
    return tr_value(in, clang_Cursor_isNull(ctor) ? object : ctor);
}
