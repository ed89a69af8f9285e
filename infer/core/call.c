/* Calls in the CUDA front end ([CAV21 Sec. 5]: "auxiliary functions
 * that manipulate shared memory ... we can inline such calls easily";
 * calls that do not access memory are discarded).  A call is resolved
 * once, then the tiers of model.h are tried in order: core's rows here
 * (operators, refusals, implicit copies, bodies inlined, the fallback for
 * a function with no body), the models' from the set the entry gave.
 * Barriers, atomics, cooperative groups, GPUVerify's annotations and the
 * rest of what is recognised by name are models. */
#include "call.h"

#include "assigned.h"
#include "env.h"
#include "expr.h"
#include "kernel.h"
#include "stmt.h"
#include "structs.h"
#include "templates.h"

#include "equal.h"

#include <stdlib.h>
#include <string.h>

enum { MAX_INLINE_DEPTH = 24 };

/* Argument i of a call.  A default argument is shown by libclang as an
 * empty expression without a place: it is the parameter's default
 * expression, evaluated at the call (`int y = g[0]` reads g[0] there). */
static CXCursor default_or_argument(Infer *in, CXCursor call, int i)
{
    CXCursor a = clang_Cursor_getArgument(call, (unsigned)i);
    CXFile f;
    clang_getExpansionLocation(clang_getCursorLocation(a), &f, NULL, NULL, NULL);
    if (clang_getCursorKind(a) != CXCursor_UnexposedExpr || f || !clang_Cursor_isNull(child_at(a, 0)))
        return a;
    CXCursor param = clang_Cursor_getArgument(callee_decl(call), (unsigned)i);
    Children ch = children_of(param);
    CXCursor dflt = clang_getNullCursor();
    for (int j = 0; j < ch.n; j++)
        if (is_expression_kind(clang_getCursorKind(ch.c[j])))
            dflt = ch.c[j];
    free(ch.c);
    if (clang_Cursor_isNull(dflt))
        not_followed(in, call, "a default argument");
    return clang_Cursor_isNull(dflt) ? a : dflt;
}

static bool names_callee(Children ch)
{
    if (ch.n == 0)
        return false;
    enum CXCursorKind k = clang_getCursorKind(strip_expr(ch.c[0]));
    return !is_expression_kind(k) || k == CXCursor_DeclRefExpr || k == CXCursor_MemberRefExpr;
}

/* The arguments (clang's, or the children after the callee of a call it
 * could not resolve) and, for obj.f(...), the object. */
static Call call_parts(Infer *in, CXCursor call)
{
    Call c = {0};
    c.cursor = call;
    c.object = clang_getNullCursor();
    c.loc = loc_of(in, call);
    Children ch = children_of(call);
    int n = clang_getCursorKind(call) == CXCursor_CallExpr ? clang_Cursor_getNumArguments(call) : -1;
    if (n >= 0) {
        c.args = xcalloc((size_t)(n ? n : 1), sizeof *c.args);
        for (int i = 0; i < n; i++)
            c.args[i] = default_or_argument(in, call, i);
        c.nargs = n;
    } else {
        /* an unexposed expression with operands (an unresolved call, a GCC
         * __atomic builtin, a ?: with its middle left out): every operand
         * but a leading callee name is an argument */
        c.args = xcalloc((size_t)(ch.n ? ch.n : 1), sizeof *c.args);
        for (int i = names_callee(ch) ? 1 : 0; i < ch.n; i++)
            c.args[c.nargs++] = ch.c[i];
    }
    if (ch.n > 0) {
        CXCursor callee = strip_expr(ch.c[0]);
        /* a member that is a field is no method's callee: it is the left
         * operand of an operator call (`p->v = w` for a class v: p is no
         * object of the call), or a function pointer's */
        if (clang_getCursorKind(callee) == CXCursor_MemberRefExpr &&
            clang_getCursorKind(clang_getCursorReferenced(callee)) != CXCursor_FieldDecl) {
            Children m = children_of(callee);
            if (m.n > 0 && clang_isExpression(clang_getCursorKind(m.c[0])))
                c.object = m.c[0];
            free(m.c);
        }
    }
    free(ch.c);
    return c;
}

void args_effects(Infer *in, const Call *c)
{
    if (!clang_Cursor_isNull(c->object))
        tr_effects(in, c->object);
    for (int i = 0; i < c->nargs; i++)
        tr_effects(in, c->args[i]);
}

/* ---- inlining ---- */

static Children params_of(CXCursor def)
{
    Children ch = children_of(def);
    int n = 0;
    for (int i = 0; i < ch.n; i++)
        if (clang_getCursorKind(ch.c[i]) == CXCursor_ParmDecl)
            ch.c[n++] = ch.c[i];
    ch.n = n;
    return ch;
}

/* Could running the function touch memory the protocol tracks, or
 * synchronize?  Syntactically, through the functions it calls: a pointer or
 * reference parameter, a file-scope __shared__ or __device__ variable, a
 * barrier, inline assembly.  Calls without a body count only when they
 * are handed a pointer (math functions are not). */

typedef struct Reach {
    CXCursor *seen;
    int n, cap;
    bool touches;
} Reach;

static void reach_function(Reach *r, CXCursor def);

static enum CXChildVisitResult reach_visit(CXCursor c, CXCursor parent, CXClientData data)
{
    (void)parent;
    Reach *r = data;
    enum CXCursorKind k = clang_getCursorKind(c);
    if (k == CXCursor_GCCAsmStmt || k == CXCursor_MSAsmStmt) {
        r->touches = true;
    } else if (k == CXCursor_DeclRefExpr) {
        CXCursor d = clang_getCursorReferenced(c);
        enum CXCursorKind dk = clang_getCursorKind(d);
        CXType t = clang_getCursorType(d);
        if (dk == CXCursor_ParmDecl && (type_is_pointer(t) || is_reference_type(t)))
            r->touches = true;
        if (dk == CXCursor_VarDecl && (cursor_has_attr(d, CXCursor_CUDASharedAttr) ||
                                       cursor_has_attr(d, CXCursor_CUDADeviceAttr)))
            r->touches = true;
    } else if (k == CXCursor_CallExpr) {
        char *name = callee_name(c);
        r->touches |= starts_with(name, "__syncthreads") || starts_with(name, "atomic");
        free(name);
        CXCursor def, body;
        if (defined_with_body(callee_decl(c), &def, &body))
            reach_function(r, def);
        else
            for (int i = 0; i < clang_Cursor_getNumArguments(c); i++)
                r->touches |= type_is_pointer(clang_getCursorType(clang_Cursor_getArgument(c, i)));
    }
    return r->touches ? CXChildVisit_Break : CXChildVisit_Recurse;
}

static void reach_function(Reach *r, CXCursor def)
{
    for (int i = 0; i < r->n; i++)
        if (clang_equalCursors(r->seen[i], def))
            return;
    VEC_PUSH(r->seen, r->n, r->cap, def);
    clang_visitChildren(def, reach_visit, r);
}

static bool may_touch_memory(CXCursor def)
{
    Reach r = {0};
    reach_function(&r, def);
    free(r.seen);
    return r.touches;
}

static bool on_call_stack(Infer *in, CXCursor def)
{
    for (int i = 0; i < in->ncalls; i++)
        if (clang_equalCursors(in->calls[i], def))
            return true;
    return false;
}

/* An overloaded operator that is a member (a lambda's `operator()`,
 * `operator+=`): clang lists the object among the arguments. */
static bool operator_on_object(const Call *c, CXCursor def, int nparams)
{
    if (!clang_Cursor_isNull(c->object) || c->nargs != nparams + 1 ||
        clang_getCursorKind(def) != CXCursor_CXXMethod || clang_CXXMethod_isStatic(def))
        return false;
    char *name = cursor_name(def);
    bool op = strncmp(name, "operator", 8) == 0;
    free(name);
    return op;
}

/* `this` in the callee: the object's address for `obj.f()`; the caller's
 * own for a method called without an object (`f()` in another method of
 * the class); none for a static or free function, and for a constructor
 * (inline_call makes it the thread's own: the object being built is a
 * local or a temporary). */
static Value callee_this(Infer *in, const Call *c, CXCursor def)
{
    enum CXCursorKind k = clang_getCursorKind(def);
    bool method = (k == CXCursor_CXXMethod || k == CXCursor_FunctionTemplate || k == CXCursor_ConversionFunction) &&
                  !clang_CXXMethod_isStatic(def) &&
                  clang_isDeclaration(clang_getCursorKind(clang_getCursorSemanticParent(def))) &&
                  clang_getCursorKind(clang_getCursorSemanticParent(def)) != CXCursor_Namespace &&
                  clang_getCursorKind(clang_getCursorSemanticParent(def)) != CXCursor_TranslationUnit;
    if (!method)
        return value_none();
    if (clang_Cursor_isNull(c->object))
        return in->this_value;
    return object_address(in, c->object);
}

/* The env slot of the local object `this` is in the callee (-1: none):
 * the object a method is called on, the caller's own for a method called
 * without one; a constructor's is made by inline_call. */
static int callee_this_slot(Infer *in, const Call *c, const Value *this_value)
{
    int slot = this_value->kind != V_PRIVATE  ? -1
               : clang_Cursor_isNull(c->object) ? local_object_slot(in, clang_getNullCursor())
                                                : local_object_slot(in, c->object);
    /* a method on a member of a local object (`q.in.set(x)`): its writes
     * to `this` are not seen, so q's members are no longer followed */
    if (slot < 0 && !clang_Cursor_isNull(c->object))
        local_object_escapes(in, c->object);
    return slot;
}

/* A `T &x` parameter bound to a variable (caller_slot) or to a local
 * object's member (member) is an out-parameter: the variable leaves the
 * call with x's last value (assigned, or made an unknown by a call it
 * was handed on to); one whose address or reference escaped in the
 * callee escapes in the caller too. */
static void out_parameter_back(Infer *in, const Binding *param, int caller_slot, CXCursor member)
{
    Value last = param->v;
    if (caller_slot >= 0) {
        if (last.kind != V_UNDEF)
            in->env[caller_slot].v = last;
        in->env[caller_slot].escaped |= param->escaped;
    } else if (!clang_Cursor_isNull(member)) {
        local_member_assign(in, member, last.kind == V_UNDEF ? value_none() : last);
        if (param->escaped)
            local_object_escapes(in, member);
    }
}

/* The struct parameter `this` is in the callee, when it is one (or a
 * member of one): `p.view.row(i)`, or a method called from such a method
 * without an object. */
static MemberPath callee_this_path(Infer *in, const Call *c, Value this_value)
{
    MemberPath none = {clang_getNullCursor(), {{0}}, 0};
    if (this_value.kind != V_PRIVATE)
        return none;
    return clang_Cursor_isNull(c->object) ? in->this_path : param_struct_object(in, c->object);
}

static Value inline_call(Infer *in, const Call *c, CXCursor def, CXCursor body, const char *name)
{
    if (on_call_stack(in, def) || in->ncalls >= MAX_INLINE_DEPTH) {
        const char *why = on_call_stack(in, def) ? "recursive" : "deeply nested";
        if (may_touch_memory(def))
            opaque_at(in, c->cursor, "%s call to '%s': its result is unknown and the memory it touches "
                      "is not followed", why, name);
        else
            warn_at(in, c->cursor, "%s call to '%s': its result is unknown", why, name);
        args_effects(in, c);
        return value_none();
    }
    Children params = params_of(def);
    Call member_op;
    if (operator_on_object(c, def, params.n)) { /* `f(x)`, `a += b` with a member operator: the object comes first */
        member_op = *c;
        member_op.object = c->args[0];
        member_op.args = c->args + 1;
        member_op.nargs = c->nargs - 1;
        c = &member_op;
    }
    int n = params.n < c->nargs ? params.n : c->nargs;
    Value *vals = xcalloc((size_t)(n ? n : 1), sizeof *vals);
    int *caller_slot = xcalloc((size_t)(n ? n : 1), sizeof *caller_slot);
    CXCursor *caller_member = xcalloc((size_t)(n ? n : 1), sizeof *caller_member);
    Value saved_this = in->this_value;
    Value this_value = callee_this(in, c, def);
    int saved_this_slot = in->this_slot;
    int this_slot = callee_this_slot(in, c, &this_value);
    MemberPath saved_this_path = in->this_path;
    MemberPath this_path = callee_this_path(in, c, this_value);
    if (!clang_Cursor_isNull(c->object))
        tr_effects(in, c->object);
    for (int i = 0; i < c->nargs; i++) {
        caller_slot[i < n ? i : 0] = -1;
        caller_member[i < n ? i : 0] = clang_getNullCursor();
        if (i >= n) {
            tr_effects(in, c->args[i]);
            continue;
        }
        bool is_cell = false;
        if (is_reference_type(clang_getCursorType(params.c[i]))) {
            vals[i] = ref_to_cell(in, c->args[i], &is_cell);
            CXCursor a = strip_expr(c->args[i]);
            if (!is_cell && clang_getCursorKind(a) == CXCursor_DeclRefExpr)
                caller_slot[i] = env_find(in, clang_getCursorReferenced(a));
            else if (!is_cell && clang_getCursorKind(a) == CXCursor_MemberRefExpr && local_member_root(in, a) >= 0)
                caller_member[i] = a; /* `f(q.p)` taking `int *&`: q's member leaves with the parameter's value */
            if (!is_cell)
                vals[i] = tr_value(in, c->args[i]);
        } else {
            vals[i] = tr_value(in, c->args[i]);
        }
    }
    int mark = in->nenv;
    if (clang_getCursorKind(def) == CXCursor_Constructor) /* the object being built, the thread's own */
        this_slot = env_bind(in, clang_getNullCursor(), value_none());
    int *param_slot = xcalloc((size_t)(n ? n : 1), sizeof *param_slot);
    for (int i = 0; i < n; i++) {
        param_slot[i] = env_bind(in, params.c[i], vals[i]);
        if (!decl_assigned_in(body, params.c[i]))
            alias_param_fields(in, c->args[i], params.c[i]);
    }
    for (int i = n; i < params.n; i++)
        env_bind(in, params.c[i], value_none());
    int saved_ret = in->ret_slot;
    Value undef = {0};
    in->ret_slot = env_bind(in, clang_getNullCursor(), undef);
    VEC_PUSH(in->calls, in->ncalls, in->capcalls, def);
    Loc saved_anchor = in->anchor;
    if (c->loc.file)
        in->anchor = c->loc;
    in->this_slot = this_slot;
    if (clang_getCursorKind(def) == CXCursor_Constructor)
        constructor_initializers(in, def, this_slot);
    models_inline_begin(in, c->cursor, def);
    if (clang_getCursorKind(def) == CXCursor_Constructor)
        this_value = value_private(); /* a local or a temporary: `new` builds nothing here (tr_value) */
    in->this_value = this_value;
    in->this_path = this_path;
    tr_body(in, body);
    in->this_value = saved_this;
    in->this_path = saved_this_path;
    in->this_slot = saved_this_slot;
    in->anchor = saved_anchor;
    in->ncalls--;
    Value result = in->env[in->ret_slot].v;
    if (clang_getCursorKind(def) == CXCursor_Constructor) {
        result = in->env[this_slot].v; /* the object built, with the members it set */
        if (in->env[this_slot].escaped) /* `this` handed out while it was built */
            result.fields = NULL;
    }
    if (result.kind == V_UNDEF)
        result = value_none();
    for (int i = 0; i < n; i++)
        out_parameter_back(in, &in->env[param_slot[i]], caller_slot[i], caller_member[i]);
    in->nenv = mark;
    in->ret_slot = saved_ret;
    free(vals);
    free(param_slot);
    free(caller_slot);
    free(caller_member);
    free(params.c);
    return result;
}

/* ---- class operators ---- */

static bool operator_call(Infer *in, const char *name, const Call *c, Value *out)
{
    static const char *const assigns[] = {"operator=", "operator+=", "operator-=", "operator*=",
                                          "operator/=", "operator%=", "operator&=", "operator|=",
                                          "operator^=", "operator<<=", "operator>>=", NULL};
    static const char *const steps[] = {"operator++", "operator--", NULL};
    bool member = !clang_Cursor_isNull(c->object);
    CXCursor lhs = member ? c->object : c->nargs > 0 ? c->args[0] : clang_getNullCursor();
    CXCursor rhs = member ? (c->nargs > 0 ? c->args[0] : clang_getNullCursor())
                          : (c->nargs > 1 ? c->args[1] : clang_getNullCursor());
    if (clang_Cursor_isNull(lhs))
        return false;
    if (name_in(name, assigns)) {
        *out = class_assign(in, lhs, rhs, strcmp(name, "operator=") != 0, c->loc);
        return true;
    }
    if (name_in(name, steps)) {
        *out = class_assign(in, lhs, clang_getNullCursor(), true, c->loc);
        return true;
    }
    return false;
}

/* ---- a call to one of several callees ---- */

/* The callees a call may run: a template's candidates, a function
 * pointer's targets.  Which one runs is an unknown: a per-thread one for a
 * pointer, one for the whole block for a template's instantiation. */
typedef struct Choice {
    const Call *c;
    const CXCursor *targets;
    int n;
} Choice;

/* The call with target k inlined. */
static Value inline_target(Infer *in, const Choice *ch, int k)
{
    CXCursor def, body;
    char *name = cursor_name(ch->targets[k]);
    Value v = defined_with_body(ch->targets[k], &def, &body) ? inline_call(in, ch->c, def, body, name) : value_none();
    free(name);
    return v;
}

/* Two targets returning the same pointer (`getPointer()` of each
 * specialization returning the dynamic shared buffer). */
static bool same_pointer(const Value *a, const Value *b)
{
    if (a->kind != V_PTR || b->kind != V_PTR || a->arr != b->arr || a->nidx != b->nidx || !same_view(a, b))
        return false;
    for (int i = 0; i < a->nidx; i++)
        if (!expr_equal(a->idx[i], b->idx[i]))
            return false;
    return true;
}

typedef struct TargetArms {
    const Choice *ch;
    Expr *which;
    int k;
    Value v[2];
} TargetArms;

static Value call_from(Infer *in, const Choice *ch, Expr *which, int k);

static Jumps target_arm(Infer *in, void *data, int arm)
{
    TargetArms *ta = data;
    ta->v[arm] = arm == 0 ? inline_target(in, ta->ch, ta->k) : call_from(in, ta->ch, ta->which, ta->k + 1);
    Jumps none = {NULL, NULL, NULL, NULL};
    return none;
}

/* Target k, or the choice among targets k.. of the rest. */
static Value call_from(Infer *in, const Choice *ch, Expr *which, int k)
{
    if (k == ch->n - 1)
        return inline_target(in, ch, k);
    Expr *cond = mk_binary(in, OP_EQ, which, num_expr(in, k, ch->c->loc));
    TargetArms ta = {ch, which, k, {{0}, {0}}};
    emit_two_way(in, cond, cond, target_arm, &ta, ch->c->loc);
    if (ta.v[0].kind == V_INT && ta.v[1].kind == V_INT)
        return value_int(mk_cond(in, cond, ta.v[0].e, ta.v[1].e));
    return same_pointer(&ta.v[0], &ta.v[1]) ? ta.v[0] : value_none();
}

Value call_one_of(Infer *in, const Call *c, const CXCursor *targets, int n, bool compile_time)
{
    Choice ch = {c, targets, n};
    CXCursor callee = child_at(c->cursor, 0);
    if (clang_getCursorKind(strip_expr(callee)) != CXCursor_MemberRefExpr) /* obj.f<..>(): obj goes with the call */
        tr_effects(in, callee); /* the pointer's own reads */
    Expr *which = n < 2         ? NULL
                  : compile_time ? emit_block_unknown(in, "target", c->loc)
                                 : emit_local(in, "target", c->loc);
    return call_from(in, &ch, which, 0);
}

Value call_inline(Infer *in, const Call *c, CXCursor def, CXCursor body)
{
    return inline_call(in, c, def, body, c->name);
}

/* ---- functions without a body ---- */

/* Functions without a body that take a pointer yet write no memory
 * (printf only reads its arguments: a `%s` of shared memory is a read the
 * protocol does not see, docs/inference.md). */
static const char *const memory_free[] = {"printf", "__mapkit_assert", "__builtin_expect", "__builtin_assume",
                                          NULL};

static bool is_string_literal(CXCursor arg)
{
    return clang_getCursorKind(strip_expr(arg)) == CXCursor_StringLiteral;
}

/* Argument i of a call the pattern leaves dependent (`log(x)`, x of type
 * T): every candidate that takes the call's arguments is a function (not
 * a template, whose parameter may be `T *`) taking it by value of a type
 * that reaches no memory, so whichever of them the instantiation runs
 * (CUDA's `float log(float)` or `double log(double)`) gets a number, as a
 * resolved call's value parameter does.  The candidates here have no body
 * (template_dependent_targets inlines those that have one). */
static bool dependent_arg_is_value(CXCursor call, int nargs, int i)
{
    CXCursor *decls;
    int n = template_dependent_candidates(call, nargs, &decls);
    bool value = n > 0;
    for (int k = 0; k < n && value; k++) {
        CXType pt = param_type(decls[k], i);
        value = clang_getCursorKind(decls[k]) == CXCursor_FunctionDecl && pt.kind != CXType_Invalid &&
                !type_reaches_memory(pt);
    }
    free(decls);
    return value;
}

/* A function without a body: its arguments are evaluated.  What it may
 * do with memory it is handed (a pointer into an array, any pointer the
 * protocol does not track, a reference, a value of a type clang could not
 * resolve) is not followed: `opaque`, unless it is on the memory-free list
 * or the argument is the thread's own memory.  A variable it receives by
 * reference leaves the call an unknown. */
static void unknown_call(Infer *in, const Call *c, const char *name, CXCursor decl)
{
    if (!clang_Cursor_isNull(c->object))
        tr_effects(in, c->object);
    bool warned = false;
    bool harmless = name_in(name, memory_free);
    const char *who = *name ? name : "an unknown function or built-in";
    for (int i = 0; i < c->nargs; i++) {
        CXType pt = param_type(decl, i);
        bool ref = is_reference_type(pt);
        bool by_ref = ref && !clang_isConstQualifiedType(clang_getPointeeType(clang_getCanonicalType(pt)));
        bool is_cell = false;
        Value v = ref ? ref_to_cell(in, c->args[i], &is_cell) : value_none();
        CXCursor a = strip_expr(c->args[i]);
        int var = by_ref && !is_cell && clang_getCursorKind(a) == CXCursor_DeclRefExpr
                      ? env_find(in, clang_getCursorReferenced(a)) : -1;
        if (!is_cell)
            v = tr_value(in, c->args[i]);
        if (var >= 0) { /* written by the callee: an integer is an unknown, a pointer untracked */
            in->env[var].v = type_is_integral(clang_getCursorType(a)) ? value_int(emit_local(in, "out", c->loc))
                                                                       : value_none();
            if (!type_reaches_memory(clang_getCursorType(a)))
                continue; /* a plain value of the thread's own */
        }
        if (warned || harmless || v.kind == V_PRIVATE)
            continue;
        if (v.kind == V_PTR) {
            opaque_at(in, c->cursor, "call to '%s', which has no body here: what it does with '%s' is not followed",
                      who, v.arr->name);
            warned = true;
        } else if ((type_reaches_memory(clang_getCursorType(c->args[i])) ||
                    (pt.kind != CXType_Invalid && !ref && type_reaches_memory(pt))) &&
                   !is_string_literal(c->args[i]) &&
                   !(clang_Cursor_isNull(decl) && dependent_arg_is_value(c->cursor, c->nargs, i))) {
            /* a reference to a value: the argument's type decides */
            opaque_at(in, c->cursor, "call to '%s', which has no body here: it receives a pointer, a reference or "
                      "a value of unknown type, and what it does with it is not followed", who);
            warned = true;
        }
    }
}

/* ---- core's rows ---- */

/* `cuda::std::array<T, N>{}`, `Pair<T>(a, b)` in a template's pattern: a
 * construction left dependent, whose callee is a class template without
 * conversions.  A new object of the thread's own when its arguments are
 * plain values; one that may hold pointers (`span<char>{buffer}`) is
 * memory the protocol does not track. */
static enum CXChildVisitResult find_conversion(CXCursor c, CXCursor parent, CXClientData data)
{
    (void)parent;
    *(bool *)data |= clang_getCursorKind(c) == CXCursor_ConversionFunction;
    return CXChildVisit_Continue;
}

/* A class template without conversion functions: a value of it is only
 * ever used as the object it is (`SharedMemory<T>()` converts to a pointer). */
static bool plain_class_template(CXCursor ref)
{
    CXCursor tmpl = clang_getCursorDefinition(clang_getCursorReferenced(ref));
    if (clang_getCursorKind(ref) != CXCursor_TemplateRef || clang_getCursorKind(tmpl) != CXCursor_ClassTemplate)
        return false;
    bool converts = false;
    clang_visitChildren(tmpl, find_conversion, &converts);
    return !converts;
}

static bool dependent_construct(Infer *in, CXCursor call, Value *out)
{
    if (clang_getCursorKind(call) != CXCursor_CallExpr || !clang_Cursor_isNull(clang_getCursorReferenced(call)))
        return false;
    Children ch = children_of(call);
    int i = 0;
    while (i < ch.n && clang_getCursorKind(ch.c[i]) == CXCursor_NamespaceRef)
        i++;
    bool construct = i < ch.n && plain_class_template(ch.c[i]);
    bool holds_memory = false;
    for (; construct && i < ch.n; i++) {
        if (!is_expression_kind(clang_getCursorKind(ch.c[i])))
            continue; /* the type's own references and arguments */
        bool is_cell = false; /* a shared or global variable the object may bind a reference to */
        ref_to_cell(in, ch.c[i], &is_cell);
        Value v = is_cell ? value_none() : tr_value(in, ch.c[i]);
        holds_memory |= is_cell || v.kind == V_PTR ||
                        (v.kind == V_NONE && type_reaches_memory(clang_getCursorType(ch.c[i])));
    }
    free(ch.c);
    if (construct)
        *out = holds_memory ? value_none() : value_private();
    return construct;
}

/* A copy or move constructor the compiler writes (implicit or defaulted):
 * the object is its argument's copy. */
static bool implicit_copy(CXCursor decl)
{
    if (clang_Cursor_isNull(decl) || clang_getCursorKind(decl) != CXCursor_Constructor ||
        (!clang_CXXConstructor_isCopyConstructor(decl) && !clang_CXXConstructor_isMoveConstructor(decl)))
        return false;
    CXCursor def = clang_getCursorDefinition(decl);
    if (clang_Cursor_isNull(def))
        return clang_Cursor_isNull(function_body(decl));
    return clang_CXXMethod_isDefaulted(def) != 0;
}

static bool unresolved_operator(Infer *in, const Call *c, Value *out)
{
    return tr_unresolved_operator(in, c->cursor, out);
}

/* An operator of a class (`a += b`, `++it`) with no body of the user's:
 * the compiler's, or a library's declared without one. */
static bool class_operator(Infer *in, const Call *c, Value *out)
{
    if (c->has_body && !clang_CXXMethod_isDefaulted(c->def) && cursor_in_main_file(in, c->def))
        return false; /* the user's own: inlined */
    return operator_call(in, c->name, c, out);
}

/* A launch from device code: another grid's threads run the body. */
static bool device_launch(Infer *in, const Call *c, Value *out)
{
    (void)out;
    if (clang_Cursor_isNull(c->decl) || !cursor_has_attr(c->decl, CXCursor_CUDAGlobalAttr))
        return false;
    args_effects(in, c);
    not_followed(in, c->cursor, "a kernel launch from device code (dynamic parallelism)");
    return true;
}

/* The body that runs is the dynamic type's, which the AST does not fix:
 * inlining the static type's method could miss every access. */
static bool virtual_call(Infer *in, const Call *c, Value *out)
{
    (void)out;
    if (clang_Cursor_isNull(c->decl) || !clang_CXXMethod_isVirtual(c->decl))
        return false;
    args_effects(in, c);
    not_followed(in, c->cursor, "a virtual call (the method that runs is chosen at run time)");
    return true;
}

/* `P r = q;`: the copy, with q's members. */
static bool copy_construct(Infer *in, const Call *c, Value *out)
{
    if (!implicit_copy(c->decl) || c->nargs != 1)
        return false;
    *out = tr_value(in, c->args[0]);
    return true;
}

static bool inline_body(Infer *in, const Call *c, Value *out)
{
    if (!c->has_body)
        return false;
    *out = inline_call(in, c, c->def, c->body, c->name);
    return true;
}

static bool construct_dependent(Infer *in, const Call *c, Value *out)
{
    return dependent_construct(in, c->cursor, out);
}

static bool unknown_function(Infer *in, const Call *c, Value *out)
{
    (void)out;
    unknown_call(in, c, c->name, c->decl);
    return true;
}

/* Core's tiers (model.h), in order. */
static const CallRow core_rows[] = {
    {TIER_OPERATOR, NULL, NULL, NULL, unresolved_operator},
    {TIER_OPERATOR, "operator", NULL, NULL, class_operator},
    {TIER_REFUSAL, NULL, NULL, NULL, device_launch},
    {TIER_REFUSAL, NULL, NULL, NULL, virtual_call},
    {TIER_COPY, NULL, NULL, NULL, copy_construct},
    {TIER_BODY, NULL, NULL, NULL, inline_body},
    {TIER_FALLBACK, NULL, NULL, NULL, construct_dependent},
    {TIER_FALLBACK, NULL, NULL, NULL, unknown_function},
};

/* ---- the call ---- */

/* The call resolved once: its callee's name, declaration and body, its
 * object and arguments. */
static Call call_resolve(Infer *in, CXCursor call)
{
    char *name = callee_name(call);
    CXCursor decl = clang_getCursorKind(call) == CXCursor_CallExpr ? callee_decl(call) : clang_getNullCursor();
    Call c = call_parts(in, call);
    if (clang_getCursorKind(call) != CXCursor_CallExpr) {
        Children ch = children_of(call);
        if (!names_callee(ch))
            name[0] = '\0'; /* an operand, not a callee's name */
        free(ch.c);
    }
    c.name = name;
    c.decl = decl;
    c.def = c.body = clang_getNullCursor();
    c.has_body = defined_with_body(decl, &c.def, &c.body);
    return c;
}

/* Core's rows of tier t, or else the models' (a tier is one side's). */
static bool call_tier(Infer *in, const Call *c, Tier t, Value *out)
{
    for (size_t i = 0; i < sizeof core_rows / sizeof core_rows[0]; i++) {
        const CallRow *r = &core_rows[i];
        if (r->tier == t && row_matches(in, r, c->name) && r->handle(in, c, out))
            return true;
    }
    return models_call(in, c, t, out);
}

Value tr_call(Infer *in, CXCursor call)
{
    /* tr_call: F(ARGS) | OBJ.F(ARGS) | P->F(ARGS) | (*FP)(ARGS) | OBJ op ARG | T(ARGS) */
    Call c = call_resolve(in, call);
    Value out = value_none();
    for (int t = 0; t < NTIERS && !call_tier(in, &c, (Tier)t, &out); t++)
        continue;
    free(c.args);
    free((char *)c.name);
    return out;
}
