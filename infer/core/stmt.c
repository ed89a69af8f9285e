/* Statements of the CUDA front end ([CAV21 Sec. 5] "Inference"):
 * control flow becomes protocol control flow.  Loops are made exact
 * protocol loops when C's loop has one induction variable with an
 * invariant bound and step ("loops are transformed to loops with a
 * stride"), else a loop with an unknown trip count ("we approximate
 * whiles as a structured loop with an unknown upper bound").  return,
 * break and continue guard the statements after them (docs/inference.md). */
#include "stmt.h"

#include "assigned.h"
#include "call.h"
#include "env.h"
#include "equal.h"
#include "expr.h"
#include "kernel.h"
#include "loop.h"
#include "model.h"
#include "structs.h"

#include <stdlib.h>
#include <string.h>

static Jumps no_jumps(void)
{
    Jumps j = {NULL, NULL, NULL, NULL};
    return j;
}

static Expr *any_jump(Infer *in, Jumps j)
{
    return mk_or(in, mk_or(in, mk_or(in, j.ret, j.brk), j.cont), j.go);
}

enum { JUMP_MAX_SIZE = 40 };

/* Jump conditions that name a closed block's names, or grew large,
 * become an unknown: "this thread may have left".  One over values the
 * block shares (`if (len == 0) return;` on a shared count read after a
 * barrier) is the block's unknown: the block leaves together, as the
 * rule for block-shared reads says (docs/inference.md). */
static Expr *fix_jump(Infer *in, Expr *k, Loc loc)
{
    if (!k || expr_is_true(k))
        return k;
    if (expr_in_scope(in, k) && expr_size(k, JUMP_MAX_SIZE + 1) <= JUMP_MAX_SIZE)
        return k;
    if (expr_block_shared(in, k))
        return emit_block_unknown(in, "jumped", loc);
    return emit_local(in, "jumped", loc);
}

static Jumps fix_jumps(Infer *in, Jumps j, Loc loc)
{
    j.ret = fix_jump(in, j.ret, loc);
    j.brk = fix_jump(in, j.brk, loc);
    j.cont = fix_jump(in, j.cont, loc);
    j.go = fix_jump(in, j.go, loc);
    return j;
}

typedef struct RefSearch {
    Infer *in;
    const Decls *decls;
    bool found;
} RefSearch;

static enum CXChildVisitResult find_ref(CXCursor c, CXCursor parent, CXClientData data)
{
    (void)parent;
    RefSearch *r = data;
    enum CXCursorKind k = clang_getCursorKind(c);
    if (k == CXCursor_DeclRefExpr && decls_has(r->decls, clang_getCursorReferenced(c))) {
        r->found = true;
        return CXChildVisit_Break;
    }
    /* memory, calls and side effects: not a loop-invariant bound */
    if (k == CXCursor_ArraySubscriptExpr || (k == CXCursor_CallExpr && !models_pure_call(r->in, c)) ||
        k == CXCursor_CompoundAssignOperator ||
        (k == CXCursor_UnaryOperator && clang_getCursorUnaryOperatorKind(c) != CXUnaryOperator_Minus &&
         clang_getCursorUnaryOperatorKind(c) != CXUnaryOperator_Not &&
         clang_getCursorUnaryOperatorKind(c) != CXUnaryOperator_LNot &&
         clang_getCursorUnaryOperatorKind(c) != CXUnaryOperator_Plus) ||
        (k == CXCursor_BinaryOperator && clang_getCursorBinaryOperatorKind(c) >= CXBinaryOperator_Assign)) {
        r->found = true;
        return CXChildVisit_Break;
    }
    return CXChildVisit_Recurse;
}

/* Does e read memory, have effects, or name one of `decls`? */
static bool varies_with(Infer *in, CXCursor e, const Decls *decls)
{
    RefSearch r = {in, decls, false};
    find_ref(e, clang_getNullCursor(), &r);
    if (!r.found)
        clang_visitChildren(e, find_ref, &r);
    return r.found;
}

static void tr_asm(Infer *in, CXCursor s);

/* ---- declarations ---- */

/* `const int x = __local_x();` at the top of a kernel is how the
 * generator writes `const local x;` (docs/codegen.md). */
static bool is_local_constant(Infer *in, CXCursor var, CXCursor init)
{
    if (clang_Cursor_isNull(init) || in->ncalls > 0 || in->out != &in->kernel->body ||
        !clang_isConstQualifiedType(clang_getCursorType(var)))
        return false;
    CXCursor c = strip_expr(init);
    if (clang_getCursorKind(c) != CXCursor_CallExpr)
        return false;
    char *name = callee_name(c);
    bool ok = strncmp(name, "__local_", 8) == 0;
    free(name);
    return ok;
}

/* Does a variable's initialiser call a function whose name starts with
 * prefix, in the kernel itself (not in a helper it inlines)? */
static bool init_calls(Infer *in, CXCursor init, const char *prefix)
{
    if (clang_Cursor_isNull(init) || in->ncalls > 0)
        return false;
    CXCursor c = strip_expr(init);
    if (clang_getCursorKind(c) != CXCursor_CallExpr)
        return false;
    char *name = callee_name(c);
    bool ok = strncmp(name, prefix, strlen(prefix)) == 0;
    free(name);
    return ok;
}

/* `int x = __unknown_x();` is how the generator writes `local x;`
 * (docs/codegen.md): a statement of the protocol, kept even when nothing
 * reads x, so that `gen` then `infer` gives the protocol back. */
static bool is_generated_unknown(Infer *in, CXCursor init)
{
    return init_calls(in, init, "__unknown_");
}

/* `int x = A[i];`, `int x = __syncthreads_or(c);` or `unsigned x =
 * atomicAdd(n, 1);`: the value just named by the last statement takes x's
 * name, as the generator writes `local x = rd A[i];`, `local x = sync;` and
 * `local x = ticket(n, 1);`. */
/* `addr` in `int cur = addr;`: a local of the kernel (not memory, as a
 * __shared__ or global variable is), whose value already has its name. */
static bool copies_local(CXCursor init)
{
    CXCursor e = strip_expr(init);
    if (clang_getCursorKind(e) != CXCursor_DeclRefExpr)
        return false;
    CXCursor d = clang_getCursorReferenced(e);
    enum CXCursorKind k = clang_getCursorKind(d);
    return k == CXCursor_ParmDecl ||
           (k == CXCursor_VarDecl && !is_file_scope(d) && !cursor_has_attr(d, CXCursor_CUDASharedAttr) &&
            clang_getCursorLinkage(d) == CXLinkage_NoLinkage);
}

static Value name_defined_value(Infer *in, CXCursor var, CXCursor init, Value v)
{
    /* `int cur = addr;` copies a local that already has the read's name:
     * renaming the read would leave addr undeclared */
    if (v.kind != V_INT || !v.e || in->out->n == 0 || copies_local(init))
        return v;
    /* a signed value read is iN(x) (machine_signed_value): x is renamed inside */
    Expr *named_var = v.e->kind == E_UNARY && op_is_conversion((Op)v.e->op) ? v.e->u.sub.a : v.e;
    if (named_var->kind != E_VAR)
        return v;
    Stmt *last = in->out->items[in->out->n - 1];
    /* the value of a read, a collective or a ticket (atomicAdd's old value) */
    Expr *into = last->kind == S_ACCESS || last->kind == S_SYNC ? stmt_unknown_var(last) : NULL;
    if (!into || strcmp(into->u.var.name, named_var->u.var.name) != 0)
        return v;
    char *name = cursor_name(var);
    bool named = strcmp(name, into->u.var.name) == 0; /* it already is x (a generated x_1) */
    const char *n = *name && !named ? fresh_name(in, name, true) : NULL;
    free(name);
    if (!n)
        return v;
    if (last->kind == S_ACCESS)
        name_mark_varying(in, n);
    name_mark_unknown(in, n);
    if (name_is_raw(in, into->u.var.name))
        name_mark_raw(in, n);
    if (name_is_read_value(in, into->u.var.name))
        name_mark_read_value(in, n);
    if (expr_block_shared(in, named_var))
        name_mark_block_shared(in, n);
    into->u.var.name = n;
    Expr *renamed = var_expr(in, n, v.e->loc);
    if (named_var == v.e)
        return value_int(renamed);
    return value_int(expr_unary(in->prog, v.e->loc, (Op)v.e->op, renamed));
}

/* `int x = __block_unknown_x();` is how the generator writes `local x
 * uniform block;` (and __grid_unknown_x `local x uniform grid;`). */
static ShareGroup generated_shared_unknown(Infer *in, CXCursor init)
{
    return init_calls(in, init, "__block_unknown_") ? GROUP_BLOCK
         : init_calls(in, init, "__grid_unknown_")  ? GROUP_GRID
                                                    : GROUP_THREAD;
}

/* A const integer gets a `let` named after it: the protocol reads like
 * the source, and the generator's `const int x = e;` reads back as it. */
static Value let_bound(Infer *in, CXCursor var, Value v, Loc loc)
{
    char *name = cursor_name(var);
    const char *n = fresh_name(in, *name ? name : "v", true);
    free(name);
    if (expr_varies(in, v.e))
        name_mark_varying(in, n);
    if (expr_has_unknown(in, v.e))
        name_mark_unknown(in, n);
    if (expr_varies(in, v.e) && expr_block_shared(in, v.e))
        name_mark_block_shared(in, n);
    name_mark_let(in, n, v.e);
    Stmt *s = stmt_new(in->prog, S_LET, loc);
    s->u.let.var = var_expr(in, n, loc);
    s->u.let.value = v.e;
    emit(in, s);
    return value_int(var_expr(in, n, loc));
}

/* Does the class of `t` have a destructor that does something?  It runs
 * where the variable's scope ends, which the AST does not show. */
static enum CXChildVisitResult find_destructor(CXCursor c, CXCursor parent, CXClientData data)
{
    (void)parent;
    if (clang_getCursorKind(c) != CXCursor_Destructor)
        return CXChildVisit_Continue;
    CXCursor def = clang_getCursorDefinition(c);
    Children ch = children_of(clang_Cursor_isNull(def) ? c : def);
    for (int i = 0; i < ch.n; i++)
        if (clang_getCursorKind(ch.c[i]) == CXCursor_CompoundStmt && !clang_Cursor_isNull(child_at(ch.c[i], 0)))
            *(bool *)data = true;
    bool declared_only = clang_Cursor_isNull(def) && !clang_CXXMethod_isDefaulted(c);
    *(bool *)data |= declared_only; /* defined elsewhere: it may do anything */
    free(ch.c);
    return CXChildVisit_Break;
}

static bool has_acting_destructor(CXType t)
{
    CXType c = clang_getCanonicalType(t);
    if (c.kind != CXType_Record)
        return false;
    bool acts = false;
    clang_visitChildren(clang_getTypeDeclaration(c), find_destructor, &acts);
    return acts;
}

void declare_local_var(Infer *in, CXCursor var)
{
    CXType t = clang_getCursorType(var);
    Loc loc = loc_of(in, var);
    if (has_acting_destructor(clang_getElementType(t).kind != CXType_Invalid ? clang_getElementType(t) : t))
        not_followed(in, var, "the destructor this variable runs at the end of its scope");
    if (memory_array(in, var) || cursor_has_attr(var, CXCursor_CUDASharedAttr)) {
        return; /* __shared__, or a `static` variable all threads share */
    }
    CXCursor init = clang_Cursor_getVarDeclInitializer(var);
    bool has_init = !clang_Cursor_isNull(init);
    Value object;
    if (models_declared_object(in, var, init, &object)) { /* an object a model builds (a type left dependent) */
        assign_var(in, env_bind(in, var, (Value){0}), object, loc);
        return;
    }
    if (is_local_constant(in, var, init)) {
        char *name = cursor_name(var);
        declare_kernel_var(in, var, *name ? name : "x", VAR_LOCAL, loc);
        free(name);
        return;
    }
    Value v = {0};
    bool alias = false;
    if (clang_Cursor_getStorageClass(var) == CX_SC_Static && has_init && clang_isConstQualifiedType(t) &&
        type_is_integral(t)) {
        v = tr_value(in, init); /* `static constexpr int TILE = B * IPT;`: the same in every thread */
    } else if (clang_Cursor_getStorageClass(var) == CX_SC_Static) {
        if (has_init)
            tr_effects(in, init);
        v = value_none();
    } else if (type_is_array(t)) {
        if (has_init)
            tr_effects(in, init);
        v = value_private();
    } else if (clang_getCanonicalType(t).kind == CXType_LValueReference ||
               clang_getCanonicalType(t).kind == CXType_RValueReference) {
        bool is_cell = false;
        v = has_init ? ref_to_cell(in, init, &is_cell) : value_none();
        if (has_init && !is_cell)
            v = tr_value(in, init);
        int aliased = has_init && !is_cell && clang_getCursorKind(strip_expr(init)) == CXCursor_DeclRefExpr
                          ? env_find(in, clang_getCursorReferenced(strip_expr(init)))
                      : has_init && !is_cell ? local_member_root(in, init) /* `int *&r = q.p;` */
                                             : -1;
        if (aliased >= 0) /* `int &r = x;`: writes through r change x, and x's change r */
            in->env[aliased].escaped = alias = true;
    } else if (has_init) {
        in->reads_atomic = models_atomic_read(in, init);
        Expr *copy = NULL;
        if (type_is_floating(t))
            copy = copied_value(in, init, t, &v); /* `float v = A[i];`: A[i]'s bits */
        else
            v = copied_cell(in, var, init);
        in->reads_atomic = false;
        if (type_is_floating(t)) {
            v = v.kind == V_INT || v.kind == V_NONE ? value_data_of(in, &v, 1) : value_none();
            v.copy = v.kind == V_NONE ? copy : NULL;
        }
    }
    int slot = env_bind(in, var, (Value){0});
    in->env[slot].escaped = alias;
    bool integral = type_is_integral(t) || clang_getCanonicalType(t).kind == CXType_Unexposed ||
                    clang_getCanonicalType(t).kind == CXType_Dependent;
    if (has_init && integral)
        v = name_defined_value(in, var, init, v);
    if (has_init && integral && v.kind == V_NONE) {
        bool v_shared_data = v.shared;
        char *name = cursor_name(var);
        v = value_int(emit_local(in, name, loc));
        free(name);
        Stmt *local = in->out->items[in->out->n - 1];
        local->u.local.group = (uint8_t)generated_shared_unknown(in, init);
        if (v_shared_data) { /* `int k = (int)log2f(n);` on a shared n: the block agrees on it */
            local->u.local.group = GROUP_BLOCK;
            name_mark_block_shared(in, v.e->u.var.name);
        }
        if (is_generated_unknown(in, init) || local->u.local.group != GROUP_THREAD)
            VEC_PUSH(in->kept, in->nkept, in->capkept, local);
    } else if (has_init && integral && v.kind == V_INT && clang_isConstQualifiedType(t)) {
        v = let_bound(in, var, v, loc);
    }
    if (has_init || v.kind != V_UNDEF)
        assign_var(in, slot, v, loc);
}

/* `auto [a, b] = e;` (clang's DecompositionDecl, an UnexposedDecl): e is
 * evaluated; a copy's bindings are the thread's own values, unknowns to
 * the protocol.  Bindings by reference may name shared cells: not followed. */
static void tr_structured_binding(Infer *in, CXCursor d)
{
    /* tr_structured_binding: auto [A, B, ...] = E */
    CXType t = clang_getCanonicalType(clang_getCursorType(d));
    if (t.kind == CXType_LValueReference || t.kind == CXType_RValueReference) {
        not_followed(in, d, "a structured binding by reference");
        return;
    }
    Children ch = children_of(d);
    for (int i = 0; i < ch.n; i++)
        if (is_expression_kind(clang_getCursorKind(ch.c[i])))
            tr_effects(in, ch.c[i]);
    free(ch.c);
}

/* Declarations with no run-time effect in a function body. */
static bool is_static_decl(enum CXCursorKind k)
{
    switch (k) {
    case CXCursor_TypedefDecl:
    case CXCursor_TypeAliasDecl:
    case CXCursor_TypeAliasTemplateDecl:
    case CXCursor_StructDecl:
    case CXCursor_UnionDecl:
    case CXCursor_ClassDecl:
    case CXCursor_EnumDecl:
    case CXCursor_UsingDeclaration:
    case CXCursor_UsingDirective:
    case CXCursor_NamespaceAlias:
    case CXCursor_StaticAssert:
    case CXCursor_FunctionDecl: /* a local declaration `int f(int);` */
        return true;
    default:
        return false;
    }
}

static void tr_decl_stmt(Infer *in, CXCursor s)
{
    /* tr_decl_stmt: T X [= E], Y [= E] ...; */
    Children ch = children_of(s);
    for (int i = 0; i < ch.n; i++) {
        enum CXCursorKind k = clang_getCursorKind(ch.c[i]);
        if (k == CXCursor_VarDecl)
            declare_local_var(in, ch.c[i]);
        else if (k == CXCursor_UnexposedDecl)
            tr_structured_binding(in, ch.c[i]);
        else if (!is_static_decl(k))
            not_followed_kind(in, ch.c[i]);
    }
    free(ch.c);
}

/* ---- sequences ---- */

static Jumps tr_seq(Infer *in, CXCursor *items, int n);
static bool constant_truth(const Expr *c, bool *truth);

/* The statements after a jump run only when it was not taken:
 * `if (!jumped) { rest }`. */
static Jumps guarded_rest(Infer *in, Expr *not_jumped, CXCursor *items, int n, Loc loc)
{
    Stmt *s = stmt_new(in->prog, S_IF, loc);
    s->u.if_.cond = not_jumped;
    emit(in, s);
    Value *snap = env_snapshot(in);
    int n0 = in->nenv;
    BlockMark m;
    block_enter(in, &s->u.if_.then, &m);
    Jumps r = tr_seq(in, items, n);
    block_leave(in, &m);
    in->nenv = n0;
    Value *then_v = env_snapshot(in);
    if (s->u.if_.then.n == 0 && in->out->n > 0 && in->out->items[in->out->n - 1] == s)
        in->out->n--;
    env_merge(in, not_jumped, then_v, snap, n0, loc);
    r.ret = r.ret ? mk_and(in, not_jumped, r.ret) : NULL;
    r.brk = r.brk ? mk_and(in, not_jumped, r.brk) : NULL;
    r.cont = r.cont ? mk_and(in, not_jumped, r.cont) : NULL;
    r.go = r.go ? mk_and(in, not_jumped, r.go) : NULL;
    return fix_jumps(in, r, loc);
}

static Jumps jumps_or(Infer *in, Jumps a, Jumps b)
{
    Jumps j;
    j.ret = mk_or(in, a.ret, b.ret);
    j.brk = mk_or(in, a.brk, b.brk);
    j.cont = mk_or(in, a.cont, b.cont);
    j.go = mk_or(in, a.go, b.go);
    return j;
}

/* items[0..k) hold forward gotos to the label items[k]: they leave that
 * region (Jumps.go, also out of loops and switches inside it), and the
 * statements from the label on run again. */
static Jumps tr_goto_region(Infer *in, CXCursor *items, int n, int k)
{
    /* tr_goto_region: STMT... goto L; ... L: STMT... */
    VEC_PUSH(in->goto_labels, in->ngoto_labels, in->capgoto_labels, items[k]);
    Jumps r = tr_seq(in, items, k);
    in->ngoto_labels--;
    r.go = NULL; /* the gotos end at the label: from there on everything runs */
    Expr *any = any_jump(in, r);
    if (!any)
        return tr_seq(in, items + k, n - k);
    if (expr_is_true(any))
        return r;
    Jumps rest = guarded_rest(in, mk_not(in, any), items + k, n - k, loc_of(in, items[k]));
    return jumps_or(in, r, rest);
}

enum { MAX_POINTER_CHOICES = 3 };

/* The pointer's slot: a new one for a declaration, else its own. */
static int choice_slot(Infer *in, const PointerChoice *pc)
{
    return pc->declares ? env_bind(in, pc->var, (Value){0}) : env_find(in, pc->var);
}

typedef struct ChoiceArms {
    const PointerChoice *pc;
    CXCursor *rest;
    int n;
} ChoiceArms;

static Jumps choice_arm(Infer *in, void *data, int arm)
{
    const ChoiceArms *ca = data;
    CXCursor value = arm == 0 ? ca->pc->a : ca->pc->b;
    int slot = choice_slot(in, ca->pc);
    assign_var(in, slot, tr_value(in, value), loc_of(in, value));
    Jumps j = tr_seq(in, ca->rest, ca->n);
    if (!ca->pc->declares) /* after the block the pointer may be either: untracked */
        in->env[slot].v = value_none();
    return j;
}

/* `T *p = c ? A : B;` then rest: `if (c) { p = A; rest } else { p = B;
 * rest }` (choice.c). */
static Jumps tr_choice(Infer *in, const PointerChoice *pc, CXCursor *rest, int n)
{
    /* tr_choice: T *P = C ? A : B; STMT... */
    Loc loc = loc_of(in, pc->var);
    Expr *c = tr_cond(in, pc->cond);
    if (expr_varies(in, c) && pointer_choice_may_sync(rest, n)) {
        /* each arm evaluated under its condition; the pointer untracked */
        Stmt *s = stmt_new(in->prog, S_IF, loc);
        s->u.if_.cond = c;
        emit(in, s);
        BlockMark m;
        block_enter(in, &s->u.if_.then, &m);
        tr_effects(in, pc->a);
        block_leave(in, &m);
        block_enter(in, &s->u.if_.els, &m);
        tr_effects(in, pc->b);
        block_leave(in, &m);
        char *name = cursor_name(pc->var);
        warn_at(in, pc->var, "pointer '%s' may point into different arrays, chosen differently by threads before a "
                             "barrier; accesses through it are not modelled", name);
        free(name);
        in->env[choice_slot(in, pc)].v = value_none();
        return tr_seq(in, rest, n);
    }
    ChoiceArms arms = {pc, rest, n};
    in->pointer_choices++;
    Jumps j = emit_two_way(in, c, c, choice_arm, &arms, loc);
    in->pointer_choices--;
    return j;
}

/* `if (c) { ...; p = B; }` where p points into an array: a pointer the
 * branches may leave in different arrays.  Only when neither the `if` nor
 * what follows it may reach a barrier: splitting the rest would make one
 * barrier two for threads that disagree on c. */
static bool if_retargets_pointer(Infer *in, CXCursor item, CXCursor *rest, int n)
{
    if (clang_getCursorKind(item) != CXCursor_IfStmt)
        return false;
    Children ch = children_of(item);
    bool plain = (ch.n == 2 || ch.n == 3) && clang_isExpression(clang_getCursorKind(ch.c[0])); /* no init, no `if (T x = e)` */
    free(ch.c);
    if (!plain)
        return false;
    Decls d = assigned_in(item);
    bool retargets = false;
    for (int i = 0; i < d.nretargeted && !retargets; i++) {
        int slot = env_find(in, d.retargeted[i]);
        retargets = slot >= 0 && in->env[slot].v.kind == V_PTR;
    }
    decls_free(&d);
    return retargets && !pointer_choice_may_sync(&item, 1) && !pointer_choice_may_sync(rest, n);
}

typedef struct IfSplitArms {
    CXCursor branch[2]; /* then, else (null: none) */
    CXCursor *rest;
    int n;
} IfSplitArms;

static Jumps if_split_arm(Infer *in, void *data, int arm)
{
    const IfSplitArms *a = data;
    CXCursor *items = xcalloc((size_t)a->n + 1, sizeof *items);
    int k = 0;
    if (!clang_Cursor_isNull(a->branch[arm]))
        items[k++] = a->branch[arm];
    for (int i = 0; i < a->n; i++)
        items[k++] = a->rest[i];
    Jumps j = tr_seq(in, items, k);
    free(items);
    /* after the block the pointer may be either: untracked (as for tr_choice) */
    Decls d = assigned_in(a->branch[0]);
    if (!clang_Cursor_isNull(a->branch[1])) {
        Decls e = assigned_in(a->branch[1]);
        decls_add_all(&d, &e);
        decls_free(&e);
    }
    for (int i = 0; i < d.nretargeted; i++) {
        int slot = env_find(in, d.retargeted[i]);
        if (slot >= 0 && in->env[slot].v.kind == V_PTR)
            in->env[slot].v = value_none();
    }
    decls_free(&d);
    return j;
}

/* Such an `if` then rest: `if (c) { then; rest } else { else; rest }`,
 * so that the rest sees one array through the pointer in each arm, as
 * for `p = c ? A : B` (tr_choice). */
static Jumps tr_if_split(Infer *in, CXCursor s, CXCursor *rest, int n)
{
    /* tr_if_split: if (C) STMT [else STMT] STMT... */
    Children ch = children_of(s);
    IfSplitArms arms = {{ch.c[1], ch.n == 3 ? ch.c[2] : clang_getNullCursor()}, rest, n};
    Expr *c = tr_cond(in, ch.c[0]);
    free(ch.c);
    bool truth;
    Expr *sel = constant_truth(c, &truth) ? expr_bool(in->prog, c->loc, truth) : c;
    in->pointer_choices++;
    Jumps j = emit_two_way(in, c, sel, if_split_arm, &arms, loc_of(in, s));
    in->pointer_choices--;
    return j;
}

static Jumps tr_seq(Infer *in, CXCursor *items, int n)
{
    /* tr_seq: STMT STMT ... */
    int region = goto_region_end(items, n);
    if (region > 0)
        return tr_goto_region(in, items, n, region);
    for (int i = 0; i < n; i++) {
        PointerChoice pc;
        if (in->pointer_choices < MAX_POINTER_CHOICES && pointer_choice(items[i], &pc) &&
            (pc.declares || env_find(in, pc.var) >= 0))
            return tr_choice(in, &pc, items + i + 1, n - i - 1);
        if (in->pointer_choices < MAX_POINTER_CHOICES && if_retargets_pointer(in, items[i], items + i + 1, n - i - 1))
            return tr_if_split(in, items[i], items + i + 1, n - i - 1);
        Jumps j = tr_stmt(in, items[i]);
        Expr *any = any_jump(in, j);
        if (!any)
            continue;
        if (expr_is_true(any) || i + 1 == n)
            return j; /* what follows an unconditional jump never runs */
        Loc loc = loc_of(in, items[i + 1]);
        Jumps rest = guarded_rest(in, mk_not(in, any), items + i + 1, n - i - 1, loc);
        return jumps_or(in, j, rest);
    }
    return no_jumps();
}

static Jumps tr_compound(Infer *in, CXCursor s)
{
    /* tr_compound: { STMT... } */
    Children ch = children_of(s);
    int mark = in->nenv;
    Jumps j = tr_seq(in, ch.c, ch.n);
    in->nenv = mark;
    free(ch.c);
    return j;
}

/* ---- if ---- */

static bool constant_truth(const Expr *c, bool *truth)
{
    if (c->kind == E_NUM) {
        *truth = c->u.num != 0;
        return true;
    }
    if (c->kind == E_BOOL) {
        *truth = c->u.boolean;
        return true;
    }
    return false;
}

static Jumps tr_scoped(Infer *in, CXCursor s)
{
    /* tr_scoped: STMT, in a scope of its own */
    int mark = in->nenv;
    Jumps j = tr_stmt(in, s);
    in->nenv = mark;
    return j;
}

Jumps emit_two_way(Infer *in, Expr *c, Expr *sel, TwoWayArm arm, void *data, Loc loc)
{
    Stmt *s = stmt_new(in->prog, S_IF, loc);
    s->u.if_.cond = c;
    emit(in, s);
    int n0 = in->nenv;
    Value *snap = env_snapshot(in);
    BlockMark m;
    block_enter(in, &s->u.if_.then, &m);
    Jumps jt = arm(in, data, 0);
    block_leave(in, &m);
    in->nenv = n0;
    Value *then_v = env_snapshot(in);
    env_restore(in, snap, n0);
    block_enter(in, &s->u.if_.els, &m);
    Jumps je = arm(in, data, 1);
    block_leave(in, &m);
    in->nenv = n0;
    Value *else_v = env_snapshot(in);
    if (s->u.if_.then.n == 0 && s->u.if_.els.n == 0 && in->out->n > 0 &&
        in->out->items[in->out->n - 1] == s)
        in->out->n--;
    env_merge(in, sel, then_v, else_v, n0, loc);
    Expr *nc = mk_not(in, sel);
    Jumps j;
    j.ret = mk_or(in, mk_and(in, sel, jt.ret), mk_and(in, nc, je.ret));
    j.brk = mk_or(in, mk_and(in, sel, jt.brk), mk_and(in, nc, je.brk));
    j.cont = mk_or(in, mk_and(in, sel, jt.cont), mk_and(in, nc, je.cont));
    j.go = mk_or(in, mk_and(in, sel, jt.go), mk_and(in, nc, je.go));
    return fix_jumps(in, j, loc);
}

typedef struct StmtArms {
    CXCursor then_s, else_s;
} StmtArms;

static Jumps stmt_arm(Infer *in, void *data, int arm)
{
    const StmtArms *a = data;
    CXCursor s = arm == 0 ? a->then_s : a->else_s;
    return clang_Cursor_isNull(s) ? no_jumps() : tr_scoped(in, s);
}

/* if (c) then else: both branches from the same environment, merged.
 * `if (0)` and `if (1)` stay in the protocol as written (a protocol's `if`
 * takes any condition, and `gen` then `infer` must give it back), but
 * only the branch that runs decides the values and jumps after it. */
static Jumps tr_branches(Infer *in, Expr *c, CXCursor then_s, CXCursor else_s, Loc loc)
{
    /* tr_branches: if (C) THEN [else ELSE], C translated */
    bool truth;
    Expr *sel = constant_truth(c, &truth) ? expr_bool(in->prog, c->loc, truth) : c;
    StmtArms arms = {then_s, else_s};
    return emit_two_way(in, c, sel, stmt_arm, &arms, loc);
}

static unsigned token_offset(Infer *in, CXToken t)
{
    unsigned off;
    clang_getExpansionLocation(clang_getTokenLocation(in->tu, t), NULL, NULL, NULL, &off);
    return off;
}

/* Is `part` of `whole` followed by a `;` (the init statement of
 * `if (init; cond)`, which libclang lists like any other child)? */
static bool ends_before_semicolon(Infer *in, CXCursor part, CXCursor whole)
{
    unsigned end;
    clang_getExpansionLocation(clang_getRangeEnd(clang_getCursorExtent(part)), NULL, NULL, NULL, &end);
    CXToken *t;
    unsigned n;
    clang_tokenize(in->tu, clang_getCursorExtent(whole), &t, &n);
    bool semi = false;
    for (unsigned i = 0; i < n; i++) { /* its own last token (a DeclStmt's) or the next one */
        unsigned off;
        clang_getExpansionLocation(clang_getTokenLocation(in->tu, t[i]), NULL, NULL, NULL, &off);
        bool last_inside = off < end && i + 1 < n && token_offset(in, t[i + 1]) >= end;
        if (off < end && !last_inside)
            continue;
        CXString sp = clang_getTokenSpelling(in->tu, t[i]);
        semi = strcmp(clang_getCString(sp), ";") == 0;
        clang_disposeString(sp);
        if (semi || off >= end)
            break;
    }
    clang_disposeTokens(in->tu, t, n);
    return semi;
}

/* Does the parenthesised head of `s` (after its keyword) hold a `;`? */
static bool head_has_semicolon(Infer *in, CXCursor s)
{
    CXToken *t;
    unsigned n;
    clang_tokenize(in->tu, clang_getCursorExtent(s), &t, &n);
    int depth = 0;
    bool semi = false;
    for (unsigned i = 0; i < n && !semi; i++) {
        CXString sp = clang_getTokenSpelling(in->tu, t[i]);
        const char *w = clang_getCString(sp);
        depth += strcmp(w, "(") == 0 ? 1 : strcmp(w, ")") == 0 ? -1 : 0;
        semi = depth == 1 && strcmp(w, ";") == 0;
        bool closed = depth == 0 && strcmp(w, ")") == 0;
        clang_disposeString(sp);
        if (closed)
            break;
    }
    clang_disposeTokens(in->tu, t, n);
    return semi;
}

/* Inside a macro the tokens can mislead ends_before_semicolon: the
 * expansion has the macro call's extent, and an argument's token lies in
 * the call, before its `;`.  There the first of three children is the
 * condition (of an if with an else) when it has C++'s condition type,
 * bool; an init statement that is a bool expression in a macro is taken
 * for a condition. */
static bool macro_if_condition(CXCursor first, int nchildren)
{
    CXSourceLocation at = clang_getRangeStart(clang_getCursorExtent(first));
    unsigned spelled, expanded;
    clang_getSpellingLocation(at, NULL, NULL, NULL, &spelled);
    clang_getExpansionLocation(at, NULL, NULL, NULL, &expanded);
    return spelled != expanded && nchildren == 3 && clang_getCursorKind(first) != CXCursor_DeclStmt &&
           clang_getCanonicalType(clang_getCursorType(first)).kind == CXType_Bool;
}

static Jumps tr_if(Infer *in, CXCursor s)
{
    /* tr_if: if ([INIT;] COND) STMT [else STMT] */
    Children ch = children_of(s);
    int first = 0;
    /* C++17 `if (init; cond)`: the init statement comes first */
    if (ch.n >= 3 && ends_before_semicolon(in, ch.c[0], s) && !macro_if_condition(ch.c[0], ch.n)) {
        if (clang_getCursorKind(ch.c[0]) == CXCursor_DeclStmt)
            tr_decl_stmt(in, ch.c[0]);
        else
            tr_stmt(in, ch.c[0]);
        first = 1;
    }
    if (ch.n - first < 2) {
        free(ch.c);
        return no_jumps();
    }
    CXCursor cond = ch.c[first];
    if (clang_getCursorKind(cond) == CXCursor_VarDecl) { /* if (int x = ...) */
        declare_local_var(in, cond);
    }
    Expr *c = clang_getCursorKind(cond) == CXCursor_VarDecl
                  ? value_as_int(in, in->env[in->nenv - 1].v, "cond", loc_of(in, cond))
                  : tr_cond(in, cond);
    CXCursor then_s = ch.c[first + 1];
    CXCursor else_s = ch.n - first > 2 ? ch.c[first + 2] : clang_getNullCursor();
    free(ch.c);
    if (first == 0 && clang_Cursor_isNull(else_s) && in->ncalls == 0 && in->out == &in->kernel->body)
        models_if_condition(in, s, &c);
    return tr_branches(in, c, then_s, else_s, loc_of(in, s));
}

/* ---- loops ---- */

/* A counter that steps by an invariant amount whatever its test reads
 * (`for (i = tid; i < q[0]; i += stride)`): at the top of iteration k it
 * is init + k * amount (slot < 0: none). */
typedef struct Stepped {
    int slot;
    Expr *init, *amount;
} Stepped;

typedef struct LoopParts {
    CXCursor init, cond, inc, body;
    bool is_do;
    Stepped counter;
} LoopParts;

static unsigned offset_of(CXSourceLocation l)
{
    unsigned off;
    CXFile f;
    clang_getExpansionLocation(l, &f, NULL, NULL, &off);
    return off;
}

/* A ForStmt omits the parts that are empty; which child is which is
 * decided by where the header's two semicolons are. */
static LoopParts for_parts(Infer *in, CXCursor s)
{
    LoopParts p;
    p.init = p.cond = p.inc = p.body = clang_getNullCursor();
    p.is_do = false;
    Children ch = children_of(s);
    if (ch.n == 0) {
        free(ch.c);
        return p;
    }
    p.body = ch.c[ch.n - 1];
    if (ch.n == 4) {
        p.init = ch.c[0];
        p.cond = ch.c[1];
        p.inc = ch.c[2];
        free(ch.c);
        return p;
    }
    CXToken *toks = NULL;
    unsigned nt = 0;
    clang_tokenize(in->tu, clang_getCursorExtent(s), &toks, &nt);
    unsigned semi[2] = {0, 0};
    int nsemi = 0, depth = 0;
    for (unsigned i = 0; i < nt && nsemi < 2; i++) {
        CXString t = clang_getTokenSpelling(in->tu, toks[i]);
        const char *sp = clang_getCString(t);
        if (strcmp(sp, "(") == 0)
            depth++;
        else if (strcmp(sp, ")") == 0)
            depth--;
        else if (strcmp(sp, ";") == 0 && depth == 1)
            semi[nsemi++] = offset_of(clang_getTokenLocation(in->tu, toks[i]));
        clang_disposeString(t);
    }
    if (toks)
        clang_disposeTokens(in->tu, toks, nt);
    for (int i = 0; i + 1 < ch.n; i++) {
        unsigned off = offset_of(clang_getRangeStart(clang_getCursorExtent(ch.c[i])));
        if (nsemi == 2 && off < semi[0])
            p.init = ch.c[i];
        else if (nsemi == 2 && off < semi[1])
            p.cond = ch.c[i];
        else if (nsemi == 2)
            p.inc = ch.c[i];
        else if (clang_Cursor_isNull(p.cond))
            p.cond = ch.c[i]; /* a header from a macro: guess */
        else
            p.inc = ch.c[i];
    }
    free(ch.c);
    return p;
}

static bool is_ref_to(CXCursor e, CXCursor *decl)
{
    e = strip_expr(e);
    if (clang_getCursorKind(e) != CXCursor_DeclRefExpr)
        return false;
    *decl = clang_getCursorReferenced(e);
    return !clang_Cursor_isNull(*decl);
}

static bool step_of(enum CXBinaryOperatorKind k, StepOp *step)
{
    switch (k) {
    case CXBinaryOperator_Add: case CXBinaryOperator_AddAssign: *step = STEP_ADD; return true;
    case CXBinaryOperator_Sub: case CXBinaryOperator_SubAssign: *step = STEP_SUB; return true;
    case CXBinaryOperator_Mul: case CXBinaryOperator_MulAssign: *step = STEP_MUL; return true;
    case CXBinaryOperator_Div: case CXBinaryOperator_DivAssign: *step = STEP_DIV; return true;
    case CXBinaryOperator_Shl: case CXBinaryOperator_ShlAssign: *step = STEP_SHL; return true;
    case CXBinaryOperator_Shr: case CXBinaryOperator_ShrAssign: *step = STEP_SHR; return true;
    default: return false;
    }
}

static bool call_induction(CXCursor call, Induction *ind);

/* x++, x--, x op= s, x = x op s, x = s + x, x = s * x; also a call whose
 * callee does one of these to x (call_induction) */
bool induction_of(CXCursor inc, Induction *ind)
{
    if (clang_Cursor_isNull(inc))
        return false;
    inc = strip_expr(inc);
    if (clang_getCursorKind(inc) == CXCursor_CallExpr)
        return call_induction(inc, ind);
    Children ch = children_of(inc);
    bool ok = false;
    enum CXCursorKind k = clang_getCursorKind(inc);
    ind->amount = clang_getNullCursor();
    if (k == CXCursor_UnaryOperator && ch.n == 1) {
        enum CXUnaryOperatorKind u = clang_getCursorUnaryOperatorKind(inc);
        bool up = u == CXUnaryOperator_PostInc || u == CXUnaryOperator_PreInc;
        bool down = u == CXUnaryOperator_PostDec || u == CXUnaryOperator_PreDec;
        ind->step = up ? STEP_ADD : STEP_SUB;
        ok = (up || down) && is_ref_to(ch.c[0], &ind->var);
    } else if (k == CXCursor_CompoundAssignOperator && ch.n == 2) {
        ok = step_of(clang_getCursorBinaryOperatorKind(inc), &ind->step) &&
             is_ref_to(ch.c[0], &ind->var);
        ind->amount = ch.c[1];
    } else if (k == CXCursor_BinaryOperator && ch.n == 2 &&
               clang_getCursorBinaryOperatorKind(inc) == CXBinaryOperator_Assign &&
               is_ref_to(ch.c[0], &ind->var)) {
        CXCursor rhs = strip_expr(ch.c[1]);
        Children r = children_of(rhs);
        CXCursor d;
        if (clang_getCursorKind(rhs) == CXCursor_BinaryOperator && r.n == 2 &&
            step_of(clang_getCursorBinaryOperatorKind(rhs), &ind->step)) {
            if (is_ref_to(r.c[0], &d) && clang_equalCursors(d, ind->var)) {
                ind->amount = r.c[1];
                ok = true;
            } else if ((ind->step == STEP_ADD || ind->step == STEP_MUL) && is_ref_to(r.c[1], &d) &&
                       clang_equalCursors(d, ind->var)) {
                ind->amount = r.c[0];
                ok = true;
            }
        }
        free(r.c);
    }
    free(ch.c);
    return ok;
}

/* Does e name anything declared inside fn (its parameters, its locals)? */
typedef struct InnerNames {
    CXCursor fn;
    bool found;
} InnerNames;

static enum CXChildVisitResult find_inner_name(CXCursor c, CXCursor parent, CXClientData data)
{
    (void)parent;
    InnerNames *n = data;
    if (clang_getCursorKind(c) == CXCursor_DeclRefExpr && declared_within(clang_getCursorReferenced(c), n->fn))
        n->found = true;
    return n->found ? CXChildVisit_Break : CXChildVisit_Recurse;
}

static bool names_inner(CXCursor e, CXCursor fn)
{
    InnerNames n = {fn, false};
    if (clang_getCursorKind(e) == CXCursor_DeclRefExpr)
        find_inner_name(e, clang_getNullCursor(), &n);
    clang_visitChildren(e, find_inner_name, &n);
    return n.found;
}

/* The caller's variable a callee's update target stands for: the
 * argument `k` of a `T &` parameter (`next(k)`), `&k` of a pointer
 * parameter updated through `*p` (`advance(&k)`), or a variable of the
 * caller a lambda captures by reference; a null cursor otherwise. */
static CXCursor caller_variable(CXTranslationUnit tu, CXCursor call, CXCursor def, CXCursor target, bool deref)
{
    CXCursor d = clang_getCursorReferenced(target);
    if (!declared_within(d, def))
        return !deref && captured_by_reference(tu, def, d) ? d : clang_getNullCursor();
    if (clang_getCursorKind(d) != CXCursor_ParmDecl)
        return clang_getNullCursor();
    int i = 0;
    while (!clang_Cursor_isNull(function_param(def, i)) && !clang_equalCursors(function_param(def, i), d))
        i++;
    if (clang_Cursor_isNull(function_param(def, i)) || i >= clang_Cursor_getNumArguments(call))
        return clang_getNullCursor();
    CXCursor arg = strip_expr(clang_Cursor_getArgument(call, (unsigned)i));
    bool by_ref = is_reference_type(clang_getCursorType(d));
    if (deref && clang_getCursorKind(arg) == CXCursor_UnaryOperator &&
        clang_getCursorUnaryOperatorKind(arg) == CXUnaryOperator_AddrOf)
        arg = strip_expr(child_at(arg, 0));
    else if (deref || !by_ref)
        return clang_getNullCursor();
    CXCursor var;
    return is_ref_to(arg, &var) ? var : clang_getNullCursor();
}

/* `blockDim.x` and the other CUDA built-ins, written as such: values
 * below 2^31, which every integer type of 32 bits or more holds. */
static bool is_cuda_builtin_member(CXCursor e)
{
    static const char *const names[] = {"threadIdx", "blockIdx", "blockDim", "gridDim"};
    CXTranslationUnit tu = clang_Cursor_getTranslationUnit(e);
    CXToken *toks = NULL;
    unsigned n = 0;
    clang_tokenize(tu, clang_getCursorExtent(e), &toks, &n);
    bool ok = false;
    if (n == 3) {
        CXString base = clang_getTokenSpelling(tu, toks[0]), dot = clang_getTokenSpelling(tu, toks[1]);
        for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
            ok |= strcmp(clang_getCString(base), names[i]) == 0;
        ok &= strcmp(clang_getCString(dot), ".") == 0;
        clang_disposeString(base);
        clang_disposeString(dot);
    }
    if (toks)
        clang_disposeTokens(tu, toks, n);
    return ok;
}

/* Does a parameter of type `to` hold every value of the argument `arg`
 * unchanged, so that the argument may stand for it?  An integer type at
 * least as wide and of the same signedness, or wider when only the
 * parameter is signed; a constant within its range; a CUDA built-in in
 * 32 bits or more.  Anything else is converted at the call (`char by`
 * given 300), which the argument's value does not say. */
static bool argument_fits(CXCursor arg, CXType to)
{
    CXType from = clang_getCanonicalType(clang_getCursorType(strip_expr(arg)));
    to = clang_getCanonicalType(to);
    long long wf = clang_Type_getSizeOf(from), wt = clang_Type_getSizeOf(to);
    if (wf <= 0 || wt <= 0 || type_is_floating(from) || type_is_floating(to) || to.kind == CXType_Bool)
        return false;
    bool uf = type_is_unsigned(from), ut = type_is_unsigned(to);
    if ((uf == ut && wt >= wf) || (!ut && uf && wt > wf))
        return true;
    if (wt >= 4 && is_cuda_builtin_member(strip_expr(arg)))
        return true;
    CXEvalResult r = clang_Cursor_Evaluate(arg);
    bool fits = false;
    if (r && clang_EvalResult_getKind(r) == CXEval_Int && wt <= 4) {
        long long v = clang_EvalResult_getAsLongLong(r);
        fits = ut ? v >= 0 && (wt == 4 ? v <= 4294967295LL : v < (1LL << (8 * wt)))
                  : (wt == 4 ? v >= -2147483648LL && v <= 2147483647LL
                             : v >= -(1LL << (8 * wt - 1)) && v < (1LL << (8 * wt - 1)));
    }
    if (r)
        clang_EvalResult_dispose(r);
    return fits;
}

/* The caller's expression for the amount of a callee's update: the
 * amount itself when it names nothing of the callee (`*k += blockDim.x`),
 * the argument of a by-value parameter that is the whole amount (`*k +=
 * by` in `bump(&k, 8)`: the body is that one update, so `by` still holds
 * the argument) when the parameter holds the argument's value unchanged;
 * a null cursor otherwise. */
static CXCursor caller_amount(CXCursor call, CXCursor def, CXCursor amount)
{
    if (!names_inner(amount, def))
        return amount;
    CXCursor p;
    if (!is_ref_to(amount, &p) || clang_getCursorKind(p) != CXCursor_ParmDecl ||
        is_reference_type(clang_getCursorType(p)))
        return clang_getNullCursor();
    for (int i = 0; !clang_Cursor_isNull(function_param(def, i)); i++)
        if (clang_equalCursors(function_param(def, i), p))
            return i < clang_Cursor_getNumArguments(call) &&
                           argument_fits(clang_Cursor_getArgument(call, (unsigned)i), clang_getCursorType(p))
                       ? clang_Cursor_getArgument(call, (unsigned)i)
                       : clang_getNullCursor();
    return clang_getNullCursor();
}

/* `next(k)` with `void next(int &k) { k += blockDim.x; }`, `advance(&k)`
 * with `*k += s`, `step()` with `auto step = [&] { k += s; }`: a callee
 * whose body is one update of the caller's variable by an amount that
 * names nothing of the callee is that update (the amount is the caller's
 * expression too).  Anything else is no induction: the variable is then
 * loop-carried, an unknown at each iteration. */
static bool call_induction(CXCursor call, Induction *ind)
{
    CXTranslationUnit tu = clang_Cursor_getTranslationUnit(call);
    CXCursor def, body;
    if (!defined_with_body(clang_getCursorReferenced(call), &def, &body))
        return false;
    Children items = children_of(body);
    CXCursor s = items.n == 1 ? strip_expr(items.c[0]) : clang_getNullCursor();
    free(items.c);
    enum CXCursorKind k = clang_isInvalid(clang_getCursorKind(s)) ? CXCursor_InvalidCode : clang_getCursorKind(s);
    if (k != CXCursor_UnaryOperator && k != CXCursor_CompoundAssignOperator)
        return false;
    Children ch = children_of(s);
    CXCursor target = ch.n > 0 ? strip_expr(ch.c[0]) : clang_getNullCursor();
    bool ok = false;
    ind->amount = clang_getNullCursor();
    if (k == CXCursor_UnaryOperator && ch.n == 1) {
        enum CXUnaryOperatorKind u = clang_getCursorUnaryOperatorKind(s);
        ok = u == CXUnaryOperator_PostInc || u == CXUnaryOperator_PreInc || u == CXUnaryOperator_PostDec ||
             u == CXUnaryOperator_PreDec;
        ind->step = u == CXUnaryOperator_PostInc || u == CXUnaryOperator_PreInc ? STEP_ADD : STEP_SUB;
    } else if (k == CXCursor_CompoundAssignOperator && ch.n == 2) {
        ind->amount = caller_amount(call, def, ch.c[1]);
        ok = step_of(clang_getCursorBinaryOperatorKind(s), &ind->step) && !clang_Cursor_isNull(ind->amount);
    }
    free(ch.c);
    bool deref = clang_getCursorKind(target) == CXCursor_UnaryOperator &&
                 clang_getCursorUnaryOperatorKind(target) == CXUnaryOperator_Deref;
    if (deref)
        target = strip_expr(child_at(target, 0));
    if (!ok || clang_getCursorKind(target) != CXCursor_DeclRefExpr)
        return false;
    ind->var = caller_variable(tu, call, def, target, deref);
    return !clang_Cursor_isNull(ind->var);
}

static Op flip_cmp(Op op)
{
    switch (op) {
    case OP_LT: return OP_GT;
    case OP_GT: return OP_LT;
    case OP_LE: return OP_GE;
    case OP_GE: return OP_LE;
    default: return op;
    }
}

static enum CXChildVisitResult find_continue(CXCursor c, CXCursor parent, CXClientData data)
{
    (void)parent;
    enum CXCursorKind k = clang_getCursorKind(c);
    if (k == CXCursor_ForStmt || k == CXCursor_WhileStmt || k == CXCursor_DoStmt ||
        k == CXCursor_CXXForRangeStmt)
        return CXChildVisit_Continue; /* their continues are their own */
    if (k == CXCursor_ContinueStmt) {
        *(bool *)data = true;
        return CXChildVisit_Break;
    }
    return CXChildVisit_Recurse;
}

static bool has_continue(CXCursor body)
{
    bool found = false;
    clang_visitChildren(body, find_continue, &found);
    return found;
}

static enum CXChildVisitResult find_goto(CXCursor c, CXCursor parent, CXClientData data)
{
    (void)parent;
    if (clang_getCursorKind(c) == CXCursor_GotoStmt || clang_getCursorKind(c) == CXCursor_IndirectGotoStmt) {
        *(bool *)data = true;
        return CXChildVisit_Break;
    }
    return CXChildVisit_Recurse;
}

/* Does an expression read only what the loop leaves alone and no memory:
 * literals, arithmetic, locals and parameters the loop never assigns,
 * threadIdx and the other built-ins?  Then its value, translated at the
 * loop's head, is its value at the end of every iteration. */
typedef struct PureScan {
    const Decls *assigned;
    bool pure;
} PureScan;

static enum CXChildVisitResult pure_operand(CXCursor c, CXCursor parent, CXClientData data)
{
    (void)parent;
    PureScan *ps = data;
    enum CXCursorKind k = clang_getCursorKind(c);
    if (k == CXCursor_DeclRefExpr) {
        CXCursor d = clang_getCursorReferenced(c);
        enum CXCursorKind dk = clang_getCursorKind(d);
        bool builtin = dk == CXCursor_VarDecl && is_file_scope(d) &&
                       (cursor_name_is(d, "threadIdx") || cursor_name_is(d, "blockIdx") ||
                        cursor_name_is(d, "blockDim") || cursor_name_is(d, "gridDim"));
        bool local = (dk == CXCursor_VarDecl || dk == CXCursor_ParmDecl) && !is_file_scope(d) &&
                     clang_Cursor_getStorageClass(d) != CX_SC_Static && !cursor_has_attr(d, CXCursor_CUDASharedAttr) &&
                     type_is_integral(clang_getCursorType(d)) && !decls_has(ps->assigned, d);
        ps->pure &= builtin || local || dk == CXCursor_EnumConstantDecl;
    } else if (k == CXCursor_UnaryOperator) {
        enum CXUnaryOperatorKind op = clang_getCursorUnaryOperatorKind(c);
        ps->pure &= op == CXUnaryOperator_Minus || op == CXUnaryOperator_Plus || op == CXUnaryOperator_Not ||
                    op == CXUnaryOperator_LNot;
    } else if (k == CXCursor_BinaryOperator) {
        ps->pure &= clang_getCursorBinaryOperatorKind(c) != CXBinaryOperator_Assign &&
                    clang_getCursorBinaryOperatorKind(c) != CXBinaryOperator_Comma;
    } else {
        ps->pure &= k == CXCursor_MemberRefExpr || k == CXCursor_IntegerLiteral || k == CXCursor_ParenExpr ||
                    k == CXCursor_UnexposedExpr || k == CXCursor_CStyleCastExpr ||
                    k == CXCursor_CXXStaticCastExpr || k == CXCursor_CXXFunctionalCastExpr;
    }
    return ps->pure ? CXChildVisit_Recurse : CXChildVisit_Break;
}

/* Is d given back its entry value at the end of every iteration, so that
 * each iteration starts with it (Rodinia lavaMD's work index: `wtx = tx;`
 * after each inner loop that moves it)?  The body's last top-level
 * statement that assigns d is `d = e;`, e reading no memory and nothing
 * the loop assigns (pure_operand) with d's entry value as its value; no
 * `continue` or `goto` can skip it, and the loop's test and step leave d
 * alone. */
static bool reset_each_iteration(Infer *in, const LoopParts *p, const Decls *assigned, CXCursor d, Value entry)
{
    if (entry.kind != V_INT || clang_getCursorKind(p->body) != CXCursor_CompoundStmt || has_continue(p->body) ||
        (!clang_Cursor_isNull(p->cond) && decl_assigned_in(p->cond, d)) ||
        (!clang_Cursor_isNull(p->inc) && decl_assigned_in(p->inc, d)))
        return false;
    bool jumps = false;
    clang_visitChildren(p->body, find_goto, &jumps);
    Children ch = children_of(p->body);
    CXCursor last = clang_getNullCursor();
    for (int i = 0; i < ch.n; i++) {
        Decls here = assigned_in(ch.c[i]); /* the statement itself too: `wtx = tx;` */
        if (decls_has(&here, d) || decls_called(&here, d))
            last = ch.c[i];
        decls_free(&here);
    }
    free(ch.c);
    last = strip_expr(last);
    if (jumps || clang_getCursorKind(last) != CXCursor_BinaryOperator ||
        clang_getCursorBinaryOperatorKind(last) != CXBinaryOperator_Assign)
        return false;
    CXCursor lhs = strip_expr(child_at(last, 0)), rhs = strip_expr(child_at(last, 1));
    if (clang_getCursorKind(lhs) != CXCursor_DeclRefExpr || !clang_equalCursors(clang_getCursorReferenced(lhs), d))
        return false;
    PureScan scan = {assigned, true};
    if (pure_operand(rhs, last, &scan) == CXChildVisit_Recurse)
        clang_visitChildren(rhs, pure_operand, &scan);
    if (!scan.pure)
        return false;
    Value v = tr_value(in, rhs); /* names and built-ins only: nothing is emitted */
    return v.kind == V_INT && expr_equal(v.e, entry.e);
}

/* After the top-of-iteration havoc: the variables every iteration gives
 * back their entry values (reset_each_iteration) start each one with it. */
static void keep_reset_values(Infer *in, const LoopParts *p, const Decls *assigned, int upto, const Value *entry)
{
    for (int i = 0; i < upto && i < in->nenv; i++) {
        CXCursor d = in->env[i].decl;
        if (!clang_Cursor_isNull(d) && decls_has(assigned, d) && entry[i].kind == V_INT &&
            reset_each_iteration(in, p, assigned, d, entry[i]))
            in->env[i].v = entry[i];
    }
}

/* Fresh unknowns for the variables the loop changes: at the top of each
 * iteration, and again after the loop. */
static void havoc_assigned_shared(Infer *in, const Decls *assigned, int upto, CXCursor except, Loc loc,
                                  const Decls *shared);
static void havoc_assigned_keeping(Infer *in, const Decls *assigned, int upto, CXCursor except, Loc loc,
                                   const Decls *shared, const CarriedSet *keep);

/* Is the variable in this env slot one of a ping-pong pair of pointers
 * the loop exchanges (carried_pointer_swap)?  Its value is bound by the
 * loop, not lost. */
static bool swapped_pointer_slot(const CarriedSet *keep, int slot)
{
    int i = keep ? carried_pointer_swap(keep) : -1;
    return i >= 0 && (keep->v[i].slot == slot || keep->v[i + 1].slot == slot);
}

/* The same; the variables in `shared` (a loop the block runs alike) get
 * unknowns the block shares. */
static void havoc_assigned_shared(Infer *in, const Decls *assigned, int upto, CXCursor except, Loc loc,
                                  const Decls *shared)
{
    havoc_assigned_keeping(in, assigned, upto, except, loc, shared, NULL);
}

/* The same, leaving alone the pointers of a ping-pong pair in keep. */
static void havoc_assigned_keeping(Infer *in, const Decls *assigned, int upto, CXCursor except, Loc loc,
                                   const Decls *shared, const CarriedSet *keep)
{
    for (int i = 0; i < upto && i < in->nenv; i++) {
        if (swapped_pointer_slot(keep, i))
            continue;
        CXCursor d = in->env[i].decl;
        if (!clang_Cursor_isNull(d) && decls_called(assigned, d))
            in->env[i].v.fields = NULL;
        if (clang_Cursor_isNull(d) || !decls_has(assigned, d))
            continue;
        if (!clang_Cursor_isNull(except) && clang_equalCursors(d, except))
            continue;
        if (in->env[i].v.block_group && (in->env[i].v.kind == V_PTR || in->env[i].v.kind == V_PRIVATE) &&
            is_reference_type(clang_getCursorType(d)))
            continue; /* `T &r = s[i]`: an assignment writes the cell, r stays bound to it */
        if (in->env[i].v.kind == V_PTR && decls_retargets(assigned, d)) {
            /* one iteration's array is not the next one's (p = q, a swap) */
            char *name = cursor_name(d);
            diag_at(in->diag, SEV_WARNING, loc,
                    "pointer '%s' is made to point elsewhere in this loop; accesses through it are "
                    "not modelled", name);
            free(name);
            in->env[i].v = value_none();
            continue;
        }
        if (shared && decls_has(shared, d))
            env_havoc_block_shared(in, i, loc);
        else
            env_havoc(in, i, loc, "loop");
    }
}

/* ---- exact loops: what C's loop does to its variable ---- */

typedef struct Cursors {
    CXCursor *c;
    int n, cap;
} Cursors;

/* The operands of `a, b, c`, left to right; e itself when it is no comma.
 * A comma nests to the left, so this walks down without recursion. */
static Cursors comma_parts(CXCursor e)
{
    Cursors rev = {0}, out = {0};
    for (;;) {
        CXCursor s = strip_expr(e);
        Children ch = {NULL, 0};
        bool comma = clang_getCursorKind(s) == CXCursor_BinaryOperator &&
                     clang_getCursorBinaryOperatorKind(s) == CXBinaryOperator_Comma &&
                     (ch = children_of(s)).n == 2;
        if (!comma) {
            free(ch.c);
            VEC_PUSH(rev.c, rev.n, rev.cap, e);
            break;
        }
        VEC_PUSH(rev.c, rev.n, rev.cap, ch.c[1]);
        e = ch.c[0];
        free(ch.c);
    }
    for (int i = rev.n - 1; i >= 0; i--)
        VEC_PUSH(out.c, out.n, out.cap, rev.c[i]);
    free(rev.c);
    return out;
}

/* What a loop's test compares: `x OP b`, `b OP x`, `x - b` and `b - x`
 * (x != b), `x` alone (x != 0); x may be updated by the test itself
 * (`++x < n`, `(s >>= 1) > 0`, `x--`). */
typedef struct LoopTest {
    CXCursor var;
    Op cmp;
    CXCursor bound;  /* null: 0 */
    CXCursor update; /* null, or the test's own update of var */
    bool post;       /* x++, x--: the comparison sees the value before it */
    CXCursor offset; /* `x + e < n`: e (then x < n - e); null when none */
    bool offset_sub; /* `x - e < n` (then x < n + e) */
} LoopTest;

/* One side of the test: a variable the loop changes, or an update of one. */
static bool tested_side(CXCursor c, const Decls *assigned, LoopTest *t)
{
    c = strip_expr(c);
    CXCursor d;
    Induction ind;
    t->update = t->offset = clang_getNullCursor();
    t->post = t->offset_sub = false;
    if (is_ref_to(c, &d)) {
        t->var = d;
        return decls_has(assigned, d);
    }
    enum CXCursorKind k = clang_getCursorKind(c);
    if (k == CXCursor_BinaryOperator) {
        enum CXBinaryOperatorKind op = clang_getCursorBinaryOperatorKind(c);
        Children ch = children_of(c);
        bool ok = false;
        if (ch.n == 2 && (op == CXBinaryOperator_Add || op == CXBinaryOperator_Sub) && is_ref_to(ch.c[0], &d) &&
            decls_has(assigned, d)) {
            t->offset = ch.c[1];
            t->offset_sub = op == CXBinaryOperator_Sub;
            ok = true;
        } else if (ch.n == 2 && op == CXBinaryOperator_Add && is_ref_to(ch.c[1], &d) && decls_has(assigned, d)) {
            t->offset = ch.c[0];
            ok = true;
        }
        free(ch.c);
        t->var = d;
        return ok;
    }
    if ((k != CXCursor_UnaryOperator && k != CXCursor_CompoundAssignOperator) || !induction_of(c, &ind))
        return false;
    if (k == CXCursor_UnaryOperator) {
        enum CXUnaryOperatorKind u = clang_getCursorUnaryOperatorKind(c);
        t->post = u == CXUnaryOperator_PostInc || u == CXUnaryOperator_PostDec;
    }
    t->var = ind.var;
    t->update = c;
    return true;
}

static bool test_of(CXCursor test, const Decls *assigned, LoopTest *t)
{
    test = strip_expr(test);
    memset(t, 0, sizeof *t);
    t->bound = clang_getNullCursor();
    if (clang_getCursorKind(test) != CXCursor_BinaryOperator) {
        t->cmp = OP_NE;
        return tested_side(test, assigned, t);
    }
    Op op;
    switch (clang_getCursorBinaryOperatorKind(test)) {
    case CXBinaryOperator_LT: op = OP_LT; break;
    case CXBinaryOperator_GT: op = OP_GT; break;
    case CXBinaryOperator_LE: op = OP_LE; break;
    case CXBinaryOperator_GE: op = OP_GE; break;
    case CXBinaryOperator_NE: case CXBinaryOperator_Sub: op = OP_NE; break;
    default: return false;
    }
    Children ch = children_of(test);
    bool ok = false;
    if (ch.n == 2 && tested_side(ch.c[0], assigned, t)) {
        t->cmp = op;
        t->bound = ch.c[1];
        ok = true;
    } else if (ch.n == 2 && tested_side(ch.c[1], assigned, t) && !t->post) {
        t->cmp = flip_cmp(op);
        t->bound = ch.c[0];
        ok = true;
    }
    free(ch.c);
    return ok;
}

/* `x < n && c` with c assigning nothing: the exact test, and c apart.  c
 * is tested before each iteration's body, and when it fails the loop ends
 * as at a `break` (emit_exact_loop): `for (i = 0; i < 4 && a < n; i++)
 * { ...; a += blockDim.x; }` keeps i exact and a its closed form. */
static bool split_conjunct(CXCursor test, const Decls *assigned, LoopTest *t, CXCursor *also)
{
    test = strip_expr(test);
    if (clang_getCursorKind(test) != CXCursor_BinaryOperator ||
        clang_getCursorBinaryOperatorKind(test) != CXBinaryOperator_LAnd)
        return false;
    Children ch = children_of(test);
    bool ok = false;
    if (ch.n == 2) {
        Decls d = assigned_in(ch.c[1]);
        ok = d.n == 0 && test_of(ch.c[0], assigned, t);
        decls_free(&d);
        if (ok)
            *also = ch.c[1];
    }
    free(ch.c);
    return ok;
}

/* An exact loop: the C variable runs init, next(init), ... while the test
 * holds, each iteration changing it by the same invariant step. */
typedef struct LoopPlan {
    CXCursor var;
    Op cmp;
    CXCursor bound;        /* null: 0 */
    CXCursor offset;       /* the test is `x + offset CMP bound` (or `x - offset`) */
    bool offset_sub;
    StepOp step;
    CXCursor amount;       /* the one update's amount; null: `sum`, `amounts` or 1 */
    int64_t sum;           /* several constant `+=`/`-=`: their total (> 0) */
    Cursors amounts;       /* several `+=` (or `-=`) by invariants: their sum (null: 1) */
    Cursors test_pre;      /* `e, x < n`: what each test evaluates first */
    CXCursor also;         /* `x < n && c`: c, which ends the loop like a break (null: none) */
    Cursors inc_parts;     /* the header's updates, in order (`a += aStep, b += bStep`) */
    bool update_first;     /* while (--x > 0): the update runs before each test */
    bool body_sees_next;   /* while (x-- > 0): the body sees the updated value */
    bool is_do;
} LoopPlan;

static void plan_free(LoopPlan *plan)
{
    free(plan->test_pre.c);
    free(plan->inc_parts.c);
    free(plan->amounts.c);
    memset(plan, 0, sizeof *plan);
}

static int count_decl(const Decls *d, CXCursor decl)
{
    int k = 0;
    for (int i = 0; i < d->n; i++)
        k += clang_equalCursors(d->c[i], decl) != 0;
    return k;
}

/* The updates of the loop variable, wherever C writes them: the test's
 * own, the header's, and unconditional top-level statements of the body
 * (`i += 2;` next to the header's `i++`).  One update of any kind, or
 * several `+=`/`-=` by constants, whose total is the step. */
typedef struct Updates {
    int n, in_body;
    Induction one;
    int64_t sum;
    bool all_constant, all_add, all_sub;
    Cursors amounts;
} Updates;

static void add_update(Updates *u, const Induction *ind)
{
    int64_t c = 1;
    bool constant = clang_Cursor_isNull(ind->amount) || eval_int(ind->amount, &c);
    if ((ind->step != STEP_ADD && ind->step != STEP_SUB) || !constant)
        u->all_constant = false;
    else
        u->sum += ind->step == STEP_ADD ? c : -c;
    u->all_add &= ind->step == STEP_ADD;
    u->all_sub &= ind->step == STEP_SUB;
    VEC_PUSH(u->amounts.c, u->amounts.n, u->amounts.cap, ind->amount);
    u->one = *ind;
    u->n++;
}

/* Every amount is invariant: no variable the loop changes, no memory. */
static bool amounts_invariant(Infer *in, const Updates *u, const Decls *assigned)
{
    for (int i = 0; i < u->amounts.n; i++)
        if (!clang_Cursor_isNull(u->amounts.c[i]) && varies_with(in, u->amounts.c[i], assigned))
            return false;
    return true;
}

/* The top-level statements of a loop body: its items, or itself when it
 * is a single statement (`while (p < n) p <<= 1;`). */
static Children body_items(CXCursor body)
{
    if (clang_getCursorKind(body) == CXCursor_CompoundStmt)
        return children_of(body);
    Children one = {NULL, 0};
    if (!clang_Cursor_isNull(body)) {
        one.c = xcalloc(1, sizeof *one.c);
        one.c[0] = body;
        one.n = 1;
    }
    return one;
}

static bool collect_updates(const LoopParts *p, const LoopTest *t, LoopPlan *plan, Updates *u)
{
    Induction ind;
    memset(u, 0, sizeof *u);
    u->all_constant = u->all_add = u->all_sub = true;
    if (!clang_Cursor_isNull(t->update) && induction_of(t->update, &ind))
        add_update(u, &ind);
    Cursors inc = clang_Cursor_isNull(p->inc) ? (Cursors){0} : comma_parts(p->inc);
    bool ok = true;
    for (int i = 0; i < inc.n && ok; i++) {
        /* all of them run after the body, the loop's own update too (the
         * others may read it: `i++, j = 2 * i`) */
        VEC_PUSH(plan->inc_parts.c, plan->inc_parts.n, plan->inc_parts.cap, inc.c[i]);
        Decls d = assigned_in(inc.c[i]);
        if (decls_has(&d, t->var)) {
            ok = induction_of(inc.c[i], &ind) && clang_equalCursors(ind.var, t->var);
            if (ok)
                add_update(u, &ind);
        }
        decls_free(&d);
    }
    free(inc.c);
    {
        Children items = body_items(p->body);
        for (int i = 0; i < items.n; i++) {
            if (induction_of(items.c[i], &ind) && clang_equalCursors(ind.var, t->var)) {
                add_update(u, &ind);
                u->in_body++;
            }
        }
        free(items.c);
    }
    return ok;
}

/* any_bound: the test's bound may vary (read memory, or change in the
 * loop); the plan then says only how the counter steps. */
static bool plan_loop(Infer *in, const LoopParts *p, const Decls *assigned, LoopPlan *plan, bool any_bound)
{
    memset(plan, 0, sizeof *plan);
    plan->is_do = p->is_do;
    if (clang_Cursor_isNull(p->cond))
        return false;
    /* `e, x < n`: e runs before every test, like a statement (what it
     * assigns is among the loop's assignments: x may not be) */
    Cursors test = comma_parts(p->cond);
    for (int i = 0; i + 1 < test.n; i++)
        VEC_PUSH(plan->test_pre.c, plan->test_pre.n, plan->test_pre.cap, test.c[i]);
    LoopTest t;
    CXCursor last = test.c[test.n - 1];
    plan->also = clang_getNullCursor();
    bool ok = test_of(last, assigned, &t) || (!p->is_do && split_conjunct(last, assigned, &t, &plan->also));
    free(test.c);
    Updates u;
    memset(&u, 0, sizeof u);
    ok = ok && collect_updates(p, &t, plan, &u);
    /* every assignment of x is one of the updates, and a continue skips none */
    ok = ok && u.n > 0 && count_decl(assigned, t.var) == u.n && !(u.in_body && has_continue(p->body));
    /* a second test only beside a counter the header steps (`for (i = 0; i < 4 && a < n; i++)`): a
     * `while (i < na && j < nb)` whose body moves i by a value it reads is left to the trials */
    ok = ok && !(!clang_Cursor_isNull(plan->also) && u.in_body);
    bool summed = u.all_constant ? u.sum != 0 : u.all_add || u.all_sub;
    ok = ok && (u.n == 1 || (clang_Cursor_isNull(t.update) && summed));
    ok = ok && !(t.post && p->is_do);
    /* `e, --x > 0`: e would see x before the update, the body after it */
    ok = ok && !(plan->test_pre.n > 0 && !clang_Cursor_isNull(t.update));
    int slot = ok ? env_find(in, t.var) : -1;
    if (slot < 0 || in->env[slot].v.kind != V_INT || type_is_floating(clang_getCursorType(t.var)) ||
        (!any_bound && !clang_Cursor_isNull(t.bound) && varies_with(in, t.bound, assigned)) ||
        !amounts_invariant(in, &u, assigned) ||
        (!clang_Cursor_isNull(t.offset) && varies_with(in, t.offset, assigned))) {
        free(u.amounts.c);
        plan_free(plan);
        return false;
    }
    plan->var = t.var;
    plan->cmp = t.cmp;
    plan->bound = t.bound;
    plan->offset = t.offset;
    plan->offset_sub = t.offset_sub;
    plan->update_first = !clang_Cursor_isNull(t.update) && !t.post && !p->is_do;
    plan->body_sees_next = t.post;
    if (u.n == 1) {
        plan->step = u.one.step;
        plan->amount = u.one.amount;
    } else if (u.all_constant) {
        plan->step = u.sum > 0 ? STEP_ADD : STEP_SUB;
        plan->amount = clang_getNullCursor();
        plan->sum = u.sum > 0 ? u.sum : -u.sum;
    } else {
        plan->step = u.all_add ? STEP_ADD : STEP_SUB;
        plan->amount = clang_getNullCursor();
        plan->amounts = u.amounts;
        return true;
    }
    free(u.amounts.c);
    return true;
}

static bool plan_exact(Infer *in, const LoopParts *p, const Decls *assigned, LoopPlan *plan)
{
    return plan_loop(in, p, assigned, plan, false);
}

/* A loop no exact loop gives whose counter still steps up by an invariant
 * amount, once per iteration, after the body (`for (i = tid; i <
 * q_size[0]; i += blockDim.x * gridDim.x)`, the bound read anew by each
 * test): its value in iteration k is init + k * amount; only the trip
 * count is unknown.  false: no such counter (the loop's variables are all
 * unknowns at the top of each iteration, as before). */
static bool stepped_counter(Infer *in, const LoopParts *p, const Decls *assigned, Stepped *c)
{
    LoopPlan plan;
    memset(&plan, 0, sizeof plan);
    c->slot = -1;
    bool ok = !p->is_do && plan_loop(in, p, assigned, &plan, true) && plan.test_pre.n == 0 &&
              clang_Cursor_isNull(plan.also) && !plan.update_first && !plan.body_sees_next &&
              plan.step == STEP_ADD && plan.amounts.n == 0;
    int slot = ok ? env_find(in, plan.var) : -1;
    if (slot >= 0) {
        Loc loc = loc_of(in, p->body);
        Value k = clang_Cursor_isNull(plan.amount) ? value_int(num_expr(in, plan.sum ? plan.sum : 1, loc))
                                                   : tr_value(in, plan.amount);
        /* a signed counter moves by an amount of either sign: C's overflow
         * aside, its value in iteration k is still init + k * amount */
        bool signed_counter = machine_signed_type(clang_getCursorType(plan.var));
        if (k.kind == V_INT && (expr_is_natural(k.e) || signed_counter) && !expr_has_unknown(in, k.e)) {
            if (!expr_is_natural(k.e) && in->kernel)
                in->kernel->c_rules |= (uint8_t)CRULE_NO_SIGNED_OVERFLOW;
            c->slot = slot;
            c->init = in->env[slot].v.e;
            c->amount = k.e;
        }
    }
    plan_free(&plan);
    return c->slot >= 0;
}

static Decls loop_assigned(const LoopParts *p)
{
    Decls all = {0};
    CXCursor parts[3] = {p->cond, p->inc, p->body};
    for (int i = 0; i < 3; i++) {
        Decls d = assigned_in(parts[i]);
        decls_add_all(&all, &d);
        decls_free(&d);
    }
    return all;
}

/* Its variable may take different values in two threads of a block. */
static bool loop_varies(Infer *in, const Stmt *l)
{
    return expr_varies(in, l->u.loop.init) || expr_varies(in, l->u.loop.bound) ||
           expr_varies(in, l->u.loop.amount);
}

/* `break` (and a goto out of the loop) ends only the iteration in the
 * protocol (docs/inference.md), and so does a failed second test
 * `i < n && c` (split_conjunct): when threads may disagree on it in a loop
 * with a barrier, one that broke out misses the later iterations'
 * barriers, which the protocol cannot say. */
static Jumps after_loop(Infer *in, Jumps body, int syncs_before, Loc loc, CXCursor s)
{
    Expr *out = mk_or(in, body.brk, body.go);
    if (out && in->sync_count > syncs_before && expr_varies(in, out) &&
        !expr_block_shared(in, out)) /* a shared flag: the block leaves together */
        opaque_at(in, s, "a way out of the loop (a break, or a test beside the counter's bound) under a "
                         "condition threads may disagree on, in a loop with a barrier: the barriers of the "
                         "later iterations are not followed");
    Jumps j = no_jumps();
    if (body.go) /* the thread may have left for the label in some iteration */
        j.go = emit_local(in, "jumped", loc);
    if (body.ret) {
        /* the thread may have returned in some iteration */
        j.ret = emit_local(in, "returned", loc);
        if (in->ret_slot >= 0)
            in->env[in->ret_slot].v = value_none();
    }
    return j;
}

/* -c, a negative constant: protocol loop variables are naturals. */
static bool negative_constant(const Expr *e, uint64_t *c)
{
    if (e->kind == E_UNARY && e->op == OP_NEG && e->u.sub.a->kind == E_NUM && e->u.sub.a->u.num < (1u << 30)) {
        *c = e->u.sub.a->u.num;
        return true;
    }
    return false;
}

static Jumps tr_unknown_loop(Infer *in, const LoopParts *p, const Decls *assigned, Loc loc, CXCursor s,
                             int outer);

/* The protocol loop's head: C's variable is x - shift (protocol loop
 * variables are naturals: `for (o = -3; o <= 3; o++)` runs o + 3). */
typedef struct ExactHead {
    Expr *init, *bound, *amount;
    Op cmp;
    StepOp step;
    uint64_t shift;
    Expr *c_init; /* the first value the C variable is tested with */
} ExactHead;

static Expr *stepped(Infer *in, StepOp step, Expr *x, Expr *amount)
{
    static const Op ops[] = {[STEP_ADD] = OP_ADD, [STEP_SUB] = OP_SUB, [STEP_MUL] = OP_MUL,
                             [STEP_DIV] = OP_DIV, [STEP_SHL] = OP_SHL, [STEP_SHR] = OP_SHR};
    return mk_binary(in, ops[step], x, amount);
}

static ExactHead exact_head(Infer *in, const LoopPlan *plan, Expr *start, Loc loc)
{
    ExactHead h;
    memset(&h, 0, sizeof h);
    h.cmp = plan->cmp;
    h.step = plan->step;
    /* C evaluates the step after an iteration (and a do-while's test after
     * its first), which may never come: nothing is assumed of them here */
    int step_later = !plan->update_first; /* `while (--x > 0)` steps before each test */
    in->unexecuted += step_later;
    h.amount = plan->sum ? num_expr(in, plan->sum, loc)
               : clang_Cursor_isNull(plan->amount) ? num_expr(in, 1, loc) : tr_index(in, plan->amount);
    for (int i = 0; i < plan->amounts.n; i++) {
        CXCursor a = plan->amounts.c[i];
        Expr *e = clang_Cursor_isNull(a) ? num_expr(in, 1, loc) : tr_index(in, a);
        h.amount = i == 0 ? e : mk_binary(in, OP_ADD, h.amount, e);
    }
    in->unexecuted += plan->is_do - step_later;
    h.init = plan->update_first ? stepped(in, h.step, start, h.amount) : start;
    h.bound = clang_Cursor_isNull(plan->bound) ? num_expr(in, 0, loc) : tr_index(in, plan->bound);
    if (!clang_Cursor_isNull(plan->offset)) /* x + e < n is x < n - e */
        h.bound = mk_binary(in, plan->offset_sub ? OP_ADD : OP_SUB, h.bound, tr_index(in, plan->offset));
    in->unexecuted -= plan->is_do;
    h.c_init = h.init;
    if (h.step == STEP_ADD && h.cmp != OP_GT && h.cmp != OP_GE && negative_constant(h.init, &h.shift)) {
        h.init = num_expr(in, 0, loc);
        h.bound = mk_binary(in, OP_ADD, h.bound, num_expr(in, (int64_t)h.shift, loc));
    }
    return h;
}

static bool increasing_step(StepOp s)
{
    return s == STEP_ADD || s == STEP_MUL || s == STEP_SHL;
}

/* A test that fails once fails for good along the variable's way: the
 * way goes up and the test is `<`/`<=`, or down and it is `>`/`>=`. */
static bool test_stays_failed(const ExactHead *h)
{
    bool up = increasing_step(h->step);
    return up ? h->cmp == OP_LT || h->cmp == OP_LE : h->cmp == OP_GT || h->cmp == OP_GE;
}

/* do { ... } while (x < n) runs its first iteration untested.  Where the
 * first test surely holds it is the `for`; for a step by addition the
 * bound moves so that it holds (x < max(n, x0 + 1): the next value is past
 * it); else the caller splits on the first test. */
typedef enum { DO_AS_FOR, DO_SPLIT, DO_NOT_EXACT } DoForm;

static DoForm do_form(Infer *in, ExactHead *h, Loc loc)
{
    int64_t a, b;
    if (expr_constant(h->init, &a) && expr_constant(h->bound, &b) && compare_ints(h->cmp, a, b))
        return DO_AS_FOR;
    if (!test_stays_failed(h))
        return DO_NOT_EXACT;
    if (h->step == STEP_ADD || h->step == STEP_SUB) {
        bool strict = h->cmp == OP_LT || h->cmp == OP_GT;
        Expr *first = !strict ? h->init
                      : mk_binary(in, h->step == STEP_ADD ? OP_ADD : OP_SUB, h->init, num_expr(in, 1, loc));
        h->bound = expr_binary(in->prog, h->step == STEP_ADD ? OP_MAX : OP_MIN, h->bound, first);
        return DO_AS_FOR;
    }
    return DO_SPLIT;
}

/* What C evaluates after the body, unless it broke out or returned (a
 * continue goes there too): the header's updates (the loop variable's
 * only changes the environment, which the next iteration resets), and
 * for a do-while its test. */
static void tr_iteration_tail(Infer *in, const LoopPlan *plan, Jumps jb, Loc loc)
{
    /* tr_iteration_tail: STEP (for), and TEST (do ... while (TEST)) */
    Cursors tail = {0};
    for (int i = 0; i < plan->inc_parts.n; i++)
        VEC_PUSH(tail.c, tail.n, tail.cap, plan->inc_parts.c[i]);
    for (int i = 0; plan->is_do && i < plan->test_pre.n; i++)
        VEC_PUSH(tail.c, tail.n, tail.cap, plan->test_pre.c[i]);
    Expr *left = mk_or(in, mk_or(in, jb.brk, jb.ret), jb.go);
    if (tail.n > 0 && !left)
        tr_seq(in, tail.c, tail.n);
    else if (tail.n > 0 && !expr_is_true(left))
        guarded_rest(in, mk_not(in, left), tail.c, tail.n, loc);
    free(tail.c);
}

static void tr_test_effects(Infer *in, const LoopPlan *plan)
{
    /* tr_test_effects: A, B, TEST (a loop test's effects) */
    for (int i = 0; i < plan->test_pre.n; i++)
        tr_effects(in, plan->test_pre.c[i]);
}

/* A ping-pong pointer the loop cannot bind (no parity to split the body
 * on; after the loop, no constant trip count) is untracked, with the
 * havoc's warning. */
static void untrack_unbound_swaps(Infer *in, const CarriedSet *carried, int outer, Loc loc)
{
    int i = carried_pointer_swap(carried);
    for (int k = 0; i >= 0 && k < 2; k++) {
        const Carried *cv = &carried->v[i + k];
        if (cv->exit_bound || cv->slot >= outer)
            continue;
        char *name = cursor_name(in->env[cv->slot].decl);
        diag_at(in->diag, SEV_WARNING, loc,
                "pointer '%s' is made to point elsewhere in this loop; accesses through it are not modelled", name);
        free(name);
        in->env[cv->slot].v = value_none();
    }
}

/* The body of a loop that exchanges two pointers each iteration (`swap(src,
 * dst)`, a ping-pong pair): `if (t % 2 == 0) { body, src = A, dst = B }
 * else { body, src = B, dst = A }`, each arm with the arrays the entry
 * values name. */
typedef struct PingPong {
    const Carried *pair; /* the pair's two entries */
    CXCursor body;
} PingPong;

static Jumps ping_pong_arm(Infer *in, void *data, int arm)
{
    const PingPong *pp = data;
    for (int k = 0; k < 2; k++)
        in->env[pp->pair[k].slot].v = arm == 0 ? pp->pair[k].ptr0 : pp->pair[k].other_ptr0;
    Jumps j = tr_scoped(in, pp->body);
    /* the next iteration binds them anew: both arms leave the same values,
     * so joining them loses nothing */
    for (int k = 0; k < 2; k++)
        in->env[pp->pair[k].slot].v = pp->pair[k].ptr0;
    return j;
}

typedef struct LoopFindings {
    bool barrier, shared_test;
    Decls unshared;
} LoopFindings;

enum {
    MAX_SHARED_TRIALS = 4, /* trials of one loop: the set of shared variables only shrinks */
    MAX_TRIAL_DEPTH = 2,   /* loops in trials of loops: each level translates its body again */
};

/* The variables of `shared` whose value at the end of an iteration is no
 * longer the same in every thread of the block. */
static void find_unshared(Infer *in, const Decls *shared, int n0, LoopFindings *found)
{
    for (int i = 0; shared && i < n0; i++)
        if (decls_has(shared, in->env[i].decl) && !value_block_shared(in, &in->env[i].v))
            VEC_PUSH(found->unshared.c, found->unshared.n, found->unshared.cap, in->env[i].decl);
}

/* One protocol loop from head h, with C's body in it.  The variables in
 * shared (NULL: none) are block-shared unknowns at the top of each
 * iteration; found: NULL, or those of them the iteration leaves unshared. */
static Jumps emit_exact_loop(Infer *in, const LoopParts *p, const LoopPlan *plan, const ExactHead *h,
                             const Decls *assigned, const CarriedSet *carried, const Decls *shared,
                             LoopFindings *found, Loc loc, Stmt **out)
{
    int slot = env_find(in, plan->var);
    Stmt *l = stmt_new(in->prog, S_LOOP, loc);
    l->u.loop.init = h->init;
    l->u.loop.bound = h->bound;
    l->u.loop.amount = h->amount;
    l->u.loop.cmp = (uint8_t)h->cmp;
    l->u.loop.step = (uint8_t)h->step;
    emit(in, l);
    *out = l;
    int n0 = in->nenv;
    Value *snap = env_snapshot(in);
    BlockMark m;
    block_enter(in, &l->u.loop.body, &m);
    char *name = cursor_name(plan->var);
    const char *lv = fresh_name(in, *name ? name : "i", true);
    free(name);
    l->u.loop.var = var_expr(in, lv, loc);
    if (loop_varies(in, l))
        name_mark_varying(in, lv);
    int swap = carried_pointer_swap(carried);
    havoc_assigned_keeping(in, assigned, n0, plan->var, loc, shared, carried);
    keep_reset_values(in, p, assigned, n0, snap);
    Expr *x = var_expr(in, lv, loc);
    if (h->shift)
        x = mk_binary(in, OP_SUB, x, num_expr(in, (int64_t)h->shift, loc));
    in->env[slot].v = value_int(x);
    LoopClock clock;
    Expr *even = NULL;
    if (carried->n > 0 && loop_clock(in, h->step, h->c_init, h->amount, x, &clock)) {
        carried_bind_iteration(in, carried, &clock, loc);
        even = swap >= 0 ? carried_even(in, &clock, loc) : NULL;
    }
    if (swap >= 0 && (!even || !clang_Cursor_isNull(plan->also)))
        untrack_unbound_swaps(in, carried, n0, loc);
    if (plan->body_sees_next)
        in->env[slot].v = value_int(stepped(in, h->step, x, h->amount));
    if (!plan->is_do)
        tr_test_effects(in, plan); /* the test before this iteration */
    in->loop_depth++;
    Jumps jb;
    if (swap >= 0 && even && clang_Cursor_isNull(plan->also)) {
        PingPong pp = {&carried->v[swap], p->body};
        jb = emit_two_way(in, even, even, ping_pong_arm, &pp, loc);
    } else if (clang_Cursor_isNull(plan->also)) {
        jb = tr_scoped(in, p->body);
    } else { /* the body runs while `also` holds; a failed test ends the loop as a break does */
        Expr *go = tr_cond(in, plan->also);
        CXCursor body = p->body;
        jb = guarded_rest(in, go, &body, 1, loc);
        jb.brk = mk_or(in, jb.brk, mk_not(in, go));
    }
    tr_iteration_tail(in, plan, jb, loc);
    if (found)
        find_unshared(in, shared, n0, found);
    in->loop_depth--;
    block_leave(in, &m);
    in->nenv = n0;
    env_restore(in, snap, n0);
    return jb;
}

/* `if (x0 < n) { the loop } else { its first iteration alone }` for a
 * do-while whose first test may fail: the one iteration is a loop over
 * x0 .. x0 + 1, so the body is translated the same way twice. */
static Jumps emit_split_do(Infer *in, const LoopParts *p, const LoopPlan *plan, const ExactHead *h,
                           const Decls *assigned, const CarriedSet *carried, Loc loc)
{
    Stmt *s = stmt_new(in->prog, S_IF, loc), *l;
    s->u.if_.cond = mk_binary(in, h->cmp, h->init, h->bound);
    emit(in, s);
    BlockMark m;
    block_enter(in, &s->u.if_.then, &m);
    Jumps j1 = emit_exact_loop(in, p, plan, h, assigned, carried, NULL, NULL, loc, &l);
    block_leave(in, &m);
    ExactHead once = *h;
    once.bound = mk_binary(in, OP_ADD, h->init, num_expr(in, 1, loc));
    once.amount = num_expr(in, 1, loc);
    once.cmp = OP_LT;
    once.step = STEP_ADD;
    block_enter(in, &s->u.if_.els, &m);
    Jumps j2 = emit_exact_loop(in, p, plan, &once, assigned, carried, NULL, NULL, loc, &l);
    block_leave(in, &m);
    return jumps_or(in, j1, j2);
}

/* Outside other loops, with a start, bound and step the same in every
 * thread of the grid and no way out but the test, every thread runs the
 * same iterations. */
static bool runs_alike_in_grid(Infer *in, const ExactHead *h, Jumps jb)
{
    return in->loop_depth == 0 && !jb.brk && !jb.ret && !jb.go && expr_grid_uniform(in, h->init, false) &&
           expr_grid_uniform(in, h->bound, false) && expr_grid_uniform(in, h->amount, false);
}

/* The exit value cannot be negative: an uniform can hold it. */
static bool exit_is_natural(Infer *in, const LoopPlan *plan, const ExactHead *h)
{
    if (type_is_unsigned(clang_getCursorType(plan->var)))
        return true;
    return h->step != STEP_SUB && !h->shift && expr_grid_uniform(in, h->init, true) &&
           expr_grid_uniform(in, h->amount, true);
}

/* Do the threads of a block that enter the loop run the same iterations?
 * A start, bound and step the block shares, and no way out but the test. */
static bool runs_alike_in_block(Infer *in, const ExactHead *h, Jumps jb)
{
    return !jb.brk && !jb.ret && !jb.go && expr_block_shared(in, h->init) && expr_block_shared(in, h->bound) &&
           expr_block_shared(in, h->amount);
}

static Decls shared_on_entry(Infer *in, const Decls *assigned);
static void decls_remove_all(Decls *d, const Decls *gone);

/* The variables an exact loop the block runs alike changes alike (`df = 1;
 * for (i = 1; i <= 1024; i *= 2) if (nf >= i) df = i;`): the greatest
 * fixpoint of block_shared_loop_vars, over trial translations of the
 * loop.  A variable assigned a thread's value, or under a test the threads
 * may disagree on, is dropped: it stays per-thread.  Empty unless the
 * block runs the loop alike, so that the values agree after it too. */
static Decls block_shared_exact_vars(Infer *in, const LoopParts *p, const LoopPlan *plan, const ExactHead *h,
                                     const Decls *assigned, const CarriedSet *carried, Loc loc)
{
    Decls shared = shared_on_entry(in, assigned);
    bool settled = false;
    for (int round = 0; round < MAX_SHARED_TRIALS && shared.n > 0 && !settled; round++) {
        Trial t;
        if (in->trial_depth >= MAX_TRIAL_DEPTH || !trial_begin(in, &t))
            break;
        LoopFindings f = {0};
        Stmt *l;
        Jumps jb = emit_exact_loop(in, p, plan, h, assigned, carried, &shared, &f, loc, &l);
        bool alike = runs_alike_in_block(in, h, jb);
        trial_undo(in, &t);
        if (!alike)
            shared.n = 0;
        settled = f.unshared.n == 0;
        decls_remove_all(&shared, &f.unshared);
        decls_free(&f.unshared);
    }
    if (!settled)
        shared.n = 0;
    return shared;
}

/* Can C leave this body other than by the loop's test: a return, a goto
 * or a throw anywhere in it, or a break of this loop (not of a loop or
 * switch inside it)?  A lambda's body is another function. */
static enum CXChildVisitResult find_leave(CXCursor c, CXCursor parent, CXClientData data)
{
    (void)parent;
    int *depth_and_found = data; /* [0]: loops and switches entered, [1]: found */
    switch (clang_getCursorKind(c)) {
    case CXCursor_ReturnStmt:
    case CXCursor_GotoStmt:
    case CXCursor_IndirectGotoStmt:
    case CXCursor_CXXThrowExpr:
        depth_and_found[1] = 1;
        return CXChildVisit_Break;
    case CXCursor_BreakStmt:
        depth_and_found[1] |= depth_and_found[0] == 0;
        return depth_and_found[1] ? CXChildVisit_Break : CXChildVisit_Continue;
    case CXCursor_ForStmt:
    case CXCursor_WhileStmt:
    case CXCursor_DoStmt:
    case CXCursor_SwitchStmt:
        depth_and_found[0]++;
        clang_visitChildren(c, find_leave, depth_and_found);
        depth_and_found[0]--;
        return depth_and_found[1] ? CXChildVisit_Break : CXChildVisit_Continue;
    case CXCursor_LambdaExpr:
        return CXChildVisit_Continue;
    default:
        return CXChildVisit_Recurse;
    }
}

static bool body_may_leave(CXCursor body)
{
    int scan[2] = {0, 0};
    clang_visitChildren(body, find_leave, scan);
    return scan[1] != 0;
}

/* A counter that moves against its test (`i += s` under `i < n` with s <
 * 0) never fails it: unless the body leaves the loop, C's signed counter
 * overflows, which C leaves undefined.  Under the rule that it does not
 * (printed with the verdict: docs/inference.md, "Machine integers") no
 * execution enters the loop with such a step, and one that does not enter
 * it never uses the step: so the step is `max(s, 0)`, a natural (a step 0
 * is C's loop that never ends, which the checker knows).  A body that may
 * leave keeps such a loop inexact (false). */
static bool step_follows_test(Infer *in, const LoopParts *p, const LoopPlan *plan, ExactHead *h, Loc loc)
{
    if ((h->step != STEP_ADD && h->step != STEP_SUB) || !test_stays_failed(h) ||
        !machine_may_be_negative(in, h->amount))
        return true;
    if (plan->is_do || body_may_leave(p->body))
        return false;
    h->amount = expr_binary(in->prog, OP_MAX, h->amount, num_expr(in, 0, loc));
    if (in->kernel)
        in->kernel->c_rules |= (uint8_t)CRULE_NO_SIGNED_OVERFLOW;
    return true;
}

/* The counter of an exact loop declared before it, stepped by an
 * invariant amount (`int c = tid * 8; for (; c < C; c += 256) ...; c -=
 * 256;`): after the loop it is entry + k * amount (or entry - k *
 * amount), k the unknown number of steps, so what follows keeps its
 * residue (llm.c's fused residual forward walks back over the columns it
 * wrote).  Each step came after an iteration, whose value passed the
 * test: k == 0 or the value before the last step passes it (an
 * assumption any entry value meets with k = 0, so it rules no execution
 * out; that the exit value fails the test is not said: where the loop
 * never ends, nothing could meet it).  C's counter does not wrap on the
 * way: the rule is printed. */
static void stepped_exit(Infer *in, int slot, const LoopPlan *plan, const ExactHead *h, Expr *entry, Loc loc)
{
    if ((h->step != STEP_ADD && h->step != STEP_SUB) || !entry || !h->amount || !expr_is_natural(h->amount) ||
        expr_has_unknown(in, h->amount) || !in->kernel)
        return;
    Expr *k = emit_local(in, "steps", loc);
    Expr *exit = stepped(in, h->step, entry, mk_binary(in, OP_MUL, k, h->amount));
    in->env[slot].v = value_int(exit);
    if (h->shift == 0 && !plan->update_first && !plan->is_do && op_is_comparison(h->cmp)) {
        Expr *before = stepped(in, h->step, entry, mk_binary(in, OP_MUL, mk_binary(in, OP_SUB, k, num_expr(in, 1, loc)),
                                                             h->amount));
        emit_assume(in, mk_or(in, mk_binary(in, OP_EQ, k, num_expr(in, 0, loc)), mk_binary(in, h->cmp, before, h->bound)),
                    loc);
    }
    in->kernel->c_rules |= (uint8_t)(machine_signed_type(clang_getCursorType(in->env[slot].decl))
                                         ? CRULE_NO_SIGNED_OVERFLOW
                                         : CRULE_HOST_SIZES);
}

/* `for (j = a; j != n; j++)` (also `j - n`) over a signed counter that
 * nothing else leaves: from a past n, j would overflow before the loop
 * ended, which C leaves undefined, so every execution the verdict speaks
 * of (it prints the rule) has a <= n, where the loop is j < n (j--: j >
 * n).  Where a > n the protocol runs no iteration: an execution C does
 * not define, which adds nothing the others lack. */
static void unit_step_reaches_bound(Infer *in, const LoopParts *p, const LoopPlan *plan, ExactHead *h)
{
    int64_t one;
    if (h->cmp != OP_NE || (h->step != STEP_ADD && h->step != STEP_SUB) || plan->is_do || h->shift ||
        !expr_constant(h->amount, &one) || one != 1 || !machine_signed_type(clang_getCursorType(plan->var)) ||
        body_may_leave(p->body) || !in->kernel)
        return;
    h->cmp = h->step == STEP_ADD ? OP_LT : OP_GT;
    in->kernel->c_rules |= (uint8_t)CRULE_NO_SIGNED_OVERFLOW;
}

static Jumps tr_exact_loop(Infer *in, const LoopParts *p, const LoopPlan *plan, const Decls *assigned, Loc loc,
                           CXCursor s, int outer)
{
    /* tr_exact_loop: for (I = E; I < N; I += S) BODY, as `foreach (I in E .. N; S)` */
    int slot = env_find(in, plan->var);
    Expr *entry = in->env[slot].v.e;
    ExactHead h = exact_head(in, plan, entry, loc);
    unit_step_reaches_bound(in, p, plan, &h);
    DoForm form = plan->is_do ? do_form(in, &h, loc) : DO_AS_FOR;
    if (form == DO_NOT_EXACT)
        return tr_unknown_loop(in, p, assigned, loc, s, outer);
    if (!step_follows_test(in, p, plan, &h, loc)) { /* its counter may still step: init + k * amount */
        LoopParts q = *p;
        stepped_counter(in, &q, assigned, &q.counter);
        return tr_unknown_loop(in, &q, assigned, loc, s, outer);
    }
    int syncs = in->sync_count;
    LoopCarry lc = {p->body,           plan->var,           assigned->c,
                    assigned->n,       in->nenv,            plan->inc_parts.c,
                    plan->inc_parts.n, !clang_Cursor_isNull(plan->also)};
    CarriedSet carried = carried_find(in, &lc);
    Stmt *l = NULL;
    Decls shared = form == DO_SPLIT ? (Decls){0} : block_shared_exact_vars(in, p, plan, &h, assigned, &carried, loc);
    Jumps jb = form == DO_SPLIT ? emit_split_do(in, p, plan, &h, assigned, &carried, loc)
                                : emit_exact_loop(in, p, plan, &h, assigned, &carried, shared.n ? &shared : NULL,
                                                  NULL, loc, &l);
    bool alike = shared.n > 0 && runs_alike_in_block(in, &h, jb);
    havoc_assigned_keeping(in, assigned, outer, clang_getNullCursor(), loc, alike ? &shared : NULL, &carried);
    decls_free(&shared);
    if (form == DO_AS_FOR)
        carried_bind_exit(in, &carried, l, l->u.loop.init, loc);
    untrack_unbound_swaps(in, &carried, outer, loc);
    if (runs_alike_in_grid(in, &h, jb)) {
        /* its exit values are the same in every thread: a bound computed
         * by this loop (`while (p < n) p <<= 1;`) is uniform after it */
        if (slot < outer && exit_is_natural(in, plan, &h)) {
            char *name = cursor_name(plan->var);
            in->env[slot].v = value_int(loop_exit_uniform(in, name, loc));
            free(name);
        }
        carried_bind_uniform_exit(in, &carried, loc);
    } else if (slot < outer && decl_named_after(clang_getCursorSemanticParent(plan->var), plan->var, s)) {
        stepped_exit(in, slot, plan, &h, entry, loc); /* only where it is read again: no unknown for nothing */
    }
    free(carried.v);
    if (!plan->is_do && plan->test_pre.n > 0) {
        /* the test that ends the loop, with x past its last value (a
         * variable of the loop's own scope was not in the havoc above) */
        if (slot >= outer)
            env_havoc(in, slot, loc, "loop");
        tr_test_effects(in, plan);
    }
    return after_loop(in, jb, syncs, loc, s);
}

/* while (__syncthreads_or(c)): the block agrees on every test, so the
 * trip count is the same in all threads.  Only outside other loops is one
 * launch-wide unknown enough for it. */
static bool uniform_condition(Infer *in, CXCursor cond)
{
    if (clang_Cursor_isNull(cond) || in->loop_depth > 0)
        return false;
    CXCursor c = strip_expr(cond);
    if (clang_getCursorKind(c) != CXCursor_CallExpr)
        return false;
    char *name = callee_name(c);
    bool ok = strcmp(name, "__syncthreads_or") == 0 || strcmp(name, "__syncthreads_and") == 0 ||
              strcmp(name, "__syncthreads_count") == 0;
    free(name);
    return ok;
}

/* A loop's test as an integer; data the block shares (`i <= log2f(n)`)
 * is an unknown it shares, other data none. */
static Expr *loop_test(Infer *in, CXCursor cond)
{
    Value v = tr_truth(in, cond);
    if (v.kind == V_INT)
        return v.e;
    return v.kind == V_NONE && v.shared ? emit_block_unknown(in, "cond", loc_of(in, cond)) : NULL;
}

/* What one translation of a loop with an unknown trip count found: was
 * there a barrier in it, did the block agree on every test, and which of
 * the variables taken as shared at the top of an iteration were not so at
 * its end. */
/* The variables in `shared` are block-shared unknowns at the top of each
 * iteration (and after the loop, when the block leaves it together); the
 * others per-thread ones.  found: NULL, or what the translation showed. */
/* A loop with the block's trip count that the block leaves together (a
 * break or return on values it shares): the iteration it leaves in is its
 * last, `assume !(left) || iter + 1 == iters;`.  Without it the later
 * iterations were assumed to run (docs/inference.md, early exits), with
 * the barriers the leaving iteration skipped missing: a false race between
 * that iteration's last accesses and the next one's first. */
static void last_when_left(Infer *in, const Stmt *l, Expr *left, Loc loc)
{
    if (!left || !expr_block_shared(in, left))
        return;
    Expr *next = mk_binary(in, OP_ADD, var_expr(in, l->u.loop.var->u.var.name, loc), num_expr(in, 1, loc));
    Expr *last = mk_binary(in, OP_EQ, next, l->u.loop.bound);
    emit_assume(in, mk_or(in, mk_not(in, left), last), loc);
}

static Jumps unknown_loop_pass(Infer *in, const LoopParts *p, const Decls *assigned, const Decls *shared, Loc loc,
                               CXCursor s, int outer, LoopFindings *found)
{
    Stmt *l = stmt_new(in->prog, S_LOOP, loc);
    l->u.loop.init = num_expr(in, 0, loc);
    bool launch_wide = uniform_condition(in, p->cond);
    l->u.loop.bound = launch_wide ? fresh_uniform(in, "iters", loc) : emit_local(in, "iters", loc);
    Stmt *iters = launch_wide ? NULL : in->out->items[in->out->n - 1];
    bool shared_test = false;
    l->u.loop.amount = num_expr(in, 1, loc);
    l->u.loop.cmp = OP_LT;
    l->u.loop.step = STEP_ADD;
    emit(in, l);
    int n0 = in->nenv, syncs = in->sync_count;
    Value *snap = env_snapshot(in);
    BlockMark m;
    block_enter(in, &l->u.loop.body, &m);
    l->u.loop.var = var_expr(in, fresh_name(in, "iter", true), loc);
    if (loop_varies(in, l))
        name_mark_varying(in, l->u.loop.var->u.var.name);
    MemberCounter mc;
    Value entry = value_none();
    bool counted = !p->is_do && member_counter_of(p->cond, p->inc, p->body, &mc) &&
                   local_member_value(in, mc.member, &entry);
    havoc_assigned_shared(in, assigned, n0, clang_getNullCursor(), loc, shared);
    keep_reset_values(in, p, assigned, n0, snap);
    if (counted) /* a member counter: its entry value plus the iterations run */
        member_counter_bind(in, &mc, &entry, l->u.loop.var, loc);
    if (p->counter.slot >= 0 && !(shared && decls_has(shared, in->env[p->counter.slot].decl)))
        /* a stepped counter: its entry value plus its steps (one the block
         * shares stays a shared unknown: the block agrees on the tests) */
        in->env[p->counter.slot].v = value_int(mk_binary(
            in, OP_ADD, p->counter.init,
            mk_binary(in, OP_MUL, var_expr(in, l->u.loop.var->u.var.name, loc), p->counter.amount)));
    if (!p->is_do && !clang_Cursor_isNull(p->cond)) {
        /* the body only runs when the condition holds */
        Expr *c = loop_test(in, p->cond);
        if (c && !expr_is_true(c))
            emit_assume(in, c, loc_of(in, p->cond));
        shared_test = c && expr_block_shared(in, c);
    }
    in->loop_depth++;
    Jumps jb = tr_scoped(in, p->body);
    in->loop_depth--;
    if (!clang_Cursor_isNull(p->inc))
        tr_effects(in, p->inc);
    if (p->is_do && !clang_Cursor_isNull(p->cond)) {
        /* the test at the end of an iteration decides the next one */
        Expr *c = loop_test(in, p->cond);
        shared_test = c && expr_block_shared(in, c);
    }
    if (iters && shared_test)
        last_when_left(in, l, mk_or(in, jb.brk, jb.ret), loc);
    if (found) {
        found->barrier = in->sync_count > syncs;
        found->shared_test = shared_test;
        find_unshared(in, shared, n0, found);
    }
    block_leave(in, &m);
    in->nenv = n0;
    env_restore(in, snap, n0);
    /* the block leaves together: on a test it agrees on, or a break it agrees on */
    Expr *out = mk_or(in, jb.brk, jb.go);
    bool leave_together = shared_test && (!out || expr_block_shared(in, out));
    havoc_assigned_shared(in, assigned, outer, clang_getNullCursor(), loc, leave_together ? shared : NULL);
    if (iters && shared_test) {
        /* the test reads only values the block may share: the block agrees
         * on every test, so on the trip count (docs/inference.md) */
        iters->u.local.group = GROUP_BLOCK;
        name_mark_block_shared(in, iters->u.local.var->u.var.name);
    } else if (in->sync_count > syncs) {
        warn_at(in, s, "barrier in a loop whose trip count the protocol cannot follow: threads may "
                       "disagree on it");
    }
    return after_loop(in, jb, syncs, loc, s);
}

/* The loop's variables (its own `for (int r = ...)` included) whose value
 * is the same in every thread of the block on entry. */
static Decls shared_on_entry(Infer *in, const Decls *assigned)
{
    Decls d = {0};
    for (int i = 0; i < in->nenv; i++) {
        CXCursor decl = in->env[i].decl;
        if (!clang_Cursor_isNull(decl) && decls_has(assigned, decl) && value_block_shared(in, &in->env[i].v) &&
            !decls_has(&d, decl))
            VEC_PUSH(d.c, d.n, d.cap, decl);
    }
    return d;
}

static void decls_remove_all(Decls *d, const Decls *gone)
{
    int k = 0;
    for (int i = 0; i < d->n; i++)
        if (!decls_has(gone, d->c[i]))
            d->c[k++] = d->c[i];
    d->n = k;
}

/* A loop with a barrier whose trip count no exact loop gives: which of
 * its variables does the block change alike?  The greatest fixpoint:
 * start from those shared on entry, take them as block-shared at the top
 * of each iteration, and drop any whose value at the end of an iteration
 * is not shared (a thread-dependent assignment, or one under a branch the
 * threads may disagree on, which makes the merged value depend on it);
 * again until none is dropped.  Each round is a trial translation, undone.
 * The set is empty unless the loop has a barrier and the block then agrees
 * on every test (otherwise the loop is translated as before). */
static Decls block_shared_loop_vars(Infer *in, const LoopParts *p, const Decls *assigned, Loc loc, CXCursor s,
                                    int outer)
{
    Decls shared = shared_on_entry(in, assigned);
    bool settled = false;
    for (int round = 0; round < MAX_SHARED_TRIALS && shared.n > 0 && !settled; round++) {
        Trial t;
        if (in->trial_depth >= MAX_TRIAL_DEPTH || !trial_begin(in, &t))
            break;
        LoopFindings f = {0};
        (void)unknown_loop_pass(in, p, assigned, &shared, loc, s, outer, &f);
        trial_undo(in, &t);
        if (!f.barrier || (f.unshared.n == 0 && !f.shared_test))
            shared.n = 0; /* nothing to gain: no barrier, or the threads disagree anyway */
        settled = f.unshared.n == 0;
        decls_remove_all(&shared, &f.unshared);
        decls_free(&f.unshared);
    }
    if (!settled)
        shared.n = 0;
    return shared;
}

static Jumps tr_unknown_loop(Infer *in, const LoopParts *p, const Decls *assigned, Loc loc, CXCursor s,
                             int outer)
{
    /* tr_unknown_loop: while (C) BODY, with no exact form: an unknown trip count */
    Decls shared = block_shared_loop_vars(in, p, assigned, loc, s, outer);
    Jumps j = unknown_loop_pass(in, p, assigned, &shared, loc, s, outer, NULL);
    decls_free(&shared);
    return j;
}

static bool is_comma(CXCursor e)
{
    return clang_getCursorKind(e) == CXCursor_BinaryOperator &&
           clang_getCursorBinaryOperatorKind(e) == CXBinaryOperator_Comma;
}

static bool only_hints(Infer *in, CXCursor e)
{
    e = strip_expr(e);
    if (models_hint_call(in, e))
        return true;
    if (!is_comma(e))
        return false;
    Children ch = children_of(e);
    bool all = ch.n == 2 && only_hints(in, ch.c[0]) && only_hints(in, ch.c[1]);
    free(ch.c);
    return all;
}

/* Proof hints in a loop's header, before the condition (GPUVerify's
 * `for (...; __invariant(a), __global_invariant(b), i < n; ...)`): they
 * are ignored as in the body, so the condition is what follows them and
 * the loop stays as exact as without them. */
static CXCursor without_hints(Infer *in, CXCursor cond)
{
    while (!clang_Cursor_isNull(cond) && is_comma(strip_expr(cond))) {
        Children ch = children_of(strip_expr(cond));
        bool peel = ch.n == 2 && only_hints(in, ch.c[0]);
        if (peel)
            cond = ch.c[1];
        free(ch.c);
        if (!peel)
            break;
    }
    return cond;
}

static Jumps tr_loop(Infer *in, LoopParts p, CXCursor s)
{
    /* tr_loop: for ([INIT]; [COND]; [STEP]) BODY | while (COND) BODY | do BODY while (COND); */
    Loc loc = loc_of(in, s);
    int mark = in->nenv; /* `for (int i = ...)`: i lives in the loop's scope */
    if (!clang_Cursor_isNull(p.init)) {
        if (clang_getCursorKind(p.init) == CXCursor_DeclStmt)
            tr_decl_stmt(in, p.init);
        else
            tr_effects(in, p.init);
    }
    if (clang_Cursor_isNull(p.body)) {
        in->nenv = mark;
        return no_jumps();
    }
    p.cond = without_hints(in, p.cond);
    Decls assigned = loop_assigned(&p);
    LoopPlan plan;
    p.counter.slot = -1;
    bool exact = plan_exact(in, &p, &assigned, &plan);
    if (!exact)
        stepped_counter(in, &p, &assigned, &p.counter);
    Jumps j = exact ? tr_exact_loop(in, &p, &plan, &assigned, loc, s, mark)
                    : tr_unknown_loop(in, &p, &assigned, loc, s, mark);
    plan_free(&plan);
    decls_free(&assigned);
    in->nenv = mark;
    return j;
}

static Jumps tr_while(Infer *in, CXCursor s, bool is_do)
{
    /* tr_while: while (COND) BODY | do BODY while (COND); */
    Children ch = children_of(s);
    LoopParts p;
    p.init = p.inc = clang_getNullCursor();
    p.cond = p.body = clang_getNullCursor();
    p.is_do = is_do;
    if (ch.n >= 2) {
        p.body = is_do ? ch.c[0] : ch.c[ch.n - 1];
        p.cond = is_do ? ch.c[1] : ch.c[0];
    }
    free(ch.c);
    if (!is_do && clang_getCursorKind(p.cond) == CXCursor_VarDecl) {
        p.cond = clang_getNullCursor(); /* while (T x = ...): an unknown condition */
    }
    return tr_loop(in, p, s);
}

/* ---- switch ---- */

typedef struct SwitchItem {
    CXCursor stmt;
    int64_t *labels;
    int nlabels;
    int64_t *ranges; /* GNU `case lo ... hi:`, as lo, hi pairs */
    int nranges;
    bool is_default;
    bool has_label;
} SwitchItem;

typedef struct SwitchItems {
    SwitchItem *v;
    int n, cap;
} SwitchItems;

static void flatten_case(Infer *in, CXCursor c, SwitchItem *pending, SwitchItems *out)
{
    enum CXCursorKind k = clang_getCursorKind(c);
    if (k == CXCursor_CaseStmt || k == CXCursor_DefaultStmt) {
        Children ch = children_of(c);
        pending->has_label = true;
        if (k == CXCursor_DefaultStmt) {
            pending->is_default = true;
        } else if (ch.n == 3) { /* case lo ... hi: */
            int64_t lo, hi;
            if (eval_int(ch.c[0], &lo) && eval_int(ch.c[1], &hi)) {
                pending->ranges = grow_pow2(pending->ranges, 2 * (size_t)pending->nranges, 2 * (size_t)(pending->nranges + 1), sizeof(int64_t));
                pending->ranges[2 * pending->nranges] = lo;
                pending->ranges[2 * pending->nranges + 1] = hi;
                pending->nranges++;
            } else {
                pending->is_default = true;
            }
        } else if (ch.n > 0) {
            int64_t v;
            if (eval_int(ch.c[0], &v)) {
                VEC_GROW(pending->labels, pending->nlabels, pending->nlabels + 1);
                pending->labels[pending->nlabels++] = v;
            } else {
                pending->is_default = true; /* a label we cannot read: as broad as default */
            }
        }
        if (ch.n > 0)
            flatten_case(in, ch.c[ch.n - 1], pending, out);
        free(ch.c);
        return;
    }
    pending->stmt = c;
    VEC_PUSH(out->v, out->n, out->cap, *pending);
    memset(pending, 0, sizeof *pending);
}

/* lo <= x <= hi */
static Expr *in_range(Infer *in, Expr *x, const int64_t *r, Loc loc)
{
    return mk_and(in, expr_binary(in->prog, OP_LE, num_expr(in, r[0], loc), x),
                  expr_binary(in->prog, OP_LE, x, num_expr(in, r[1], loc)));
}

static Expr *label_cond(Infer *in, Expr *x, const SwitchItems *items, int at, Loc loc)
{
    const SwitchItem *it = &items->v[at];
    Expr *c = NULL;
    if (it->is_default) {
        /* default: none of the other labels */
        Expr *none = in->always;
        for (int i = 0; i < items->n; i++) {
            for (int j = 0; j < items->v[i].nlabels; j++)
                none = mk_and(in, none, expr_binary(in->prog, OP_NE, x, num_expr(in, items->v[i].labels[j], loc)));
            for (int j = 0; j < items->v[i].nranges; j++)
                none = mk_and(in, none, mk_not(in, in_range(in, x, items->v[i].ranges + 2 * j, loc)));
        }
        return none;
    }
    for (int j = 0; j < it->nlabels; j++)
        c = mk_or(in, c, expr_binary(in->prog, OP_EQ, x, num_expr(in, it->labels[j], loc)));
    for (int j = 0; j < it->nranges; j++)
        c = mk_or(in, c, in_range(in, x, it->ranges + 2 * j, loc));
    return c ? c : expr_bool(in->prog, loc, false);
}

/* Each case label starts an `if` over the statements from the label to
 * the end (fall-through included); `break` ends it. */
static Jumps tr_switch(Infer *in, CXCursor s)
{
    /* tr_switch: switch (E) { case K: STMT... default: STMT... } */
    Loc loc = loc_of(in, s);
    Children ch = children_of(s);
    if (ch.n < 2) {
        free(ch.c);
        return no_jumps();
    }
    /* libclang does not show the init statement of `switch (init; x)` */
    if (head_has_semicolon(in, s))
        not_followed(in, s, "the init statement of a switch");
    int first = 0;
    Expr *x;
    if (clang_getCursorKind(ch.c[first]) == CXCursor_VarDecl) { /* switch (int v = e) */
        declare_local_var(in, ch.c[first]);
        x = value_as_int(in, in->env[in->nenv - 1].v, "x", loc);
    } else {
        x = tr_index(in, ch.c[first]);
    }
    CXCursor body = ch.c[ch.n - 1];
    free(ch.c);
    SwitchItems items = {0};
    SwitchItem pending = {0};
    Children stmts = clang_getCursorKind(body) == CXCursor_CompoundStmt ? children_of(body) : (Children){0};
    if (clang_getCursorKind(body) != CXCursor_CompoundStmt)
        flatten_case(in, body, &pending, &items);
    for (int i = 0; i < stmts.n; i++)
        flatten_case(in, stmts.c[i], &pending, &items);
    free(stmts.c);
    free(pending.labels);
    free(pending.ranges);
    CXCursor *seq = xcalloc((size_t)(items.n ? items.n : 1), sizeof *seq);
    for (int i = 0; i < items.n; i++)
        seq[i] = items.v[i].stmt;
    Jumps all = no_jumps();
    for (int i = 0; i < items.n; i++) {
        if (!items.v[i].has_label)
            continue;
        Expr *c = label_cond(in, x, &items, i, loc);
        if (!c)
            continue;
        Stmt *st = stmt_new(in->prog, S_IF, loc);
        st->u.if_.cond = c;
        emit(in, st);
        int n0 = in->nenv;
        Value *snap = env_snapshot(in);
        BlockMark m;
        block_enter(in, &st->u.if_.then, &m);
        Jumps j = tr_seq(in, seq + i, items.n - i);
        block_leave(in, &m);
        in->nenv = n0;
        Value *then_v = env_snapshot(in);
        if (st->u.if_.then.n == 0 && in->out->n > 0 && in->out->items[in->out->n - 1] == st)
            in->out->n--;
        env_merge(in, c, then_v, snap, n0, loc);
        j.brk = NULL; /* break leaves the switch only */
        j.ret = j.ret ? mk_and(in, c, j.ret) : NULL;
        j.cont = j.cont ? mk_and(in, c, j.cont) : NULL;
        j.go = j.go ? mk_and(in, c, j.go) : NULL;
        all = jumps_or(in, all, fix_jumps(in, j, loc));
    }
    for (int i = 0; i < items.n; i++) {
        free(items.v[i].labels);
        free(items.v[i].ranges);
    }
    free(items.v);
    free(seq);
    return fix_jumps(in, all, loc);
}

/* ---- the dispatcher ---- */

static Jumps tr_return(Infer *in, CXCursor s)
{
    /* tr_return: return [E]; */
    Children ch = children_of(s);
    if (ch.n > 0) {
        /* a function returning T & returns the cell itself (`at(i) = x`) */
        bool by_ref = in->ret_slot >= 0 && in->ncalls > 0 &&
                      is_reference_type(clang_getCursorResultType(in->calls[in->ncalls - 1]));
        if (by_ref) /* `return d;`, `return *this;`: the caller may write the object through it */
            local_object_escapes(in, ch.c[0]);
        Value v = by_ref ? returned_reference(in, ch.c[0]) : tr_value(in, ch.c[0]);
        if (in->ret_slot >= 0)
            assign_var(in, in->ret_slot, v, loc_of(in, s));
    }
    free(ch.c);
    Jumps j = no_jumps();
    j.ret = in->always;
    return j;
}

static CXCursor last_child(CXCursor s)
{
    Children ch = children_of(s);
    CXCursor c = ch.n ? ch.c[ch.n - 1] : clang_getNullCursor();
    free(ch.c);
    return c;
}

/* libclang shows an attributed statement (`[[likely]] { ... }`, `#pragma
 * unroll` before a loop: clang's AttributedStmt) as an UnexposedStmt whose
 * one child is the statement: the attribute is a hint, the statement keeps
 * its meaning.  Any other unexposed statement is not followed. */
static Jumps tr_unexposed_stmt(Infer *in, CXCursor s)
{
    /* tr_unexposed_stmt: [[ATTR]] STMT | #pragma ... STMT */
    Children ch = children_of(s);
    CXCursor only = ch.n == 1 ? ch.c[0] : clang_getNullCursor();
    free(ch.c);
    enum CXCursorKind k = clang_getCursorKind(only);
    if (!clang_Cursor_isNull(only) && (clang_isStatement(k) || is_expression_kind(k)))
        return tr_stmt(in, only);
    not_followed(in, s, "a statement clang does not expose");
    return no_jumps();
}

Jumps tr_stmt(Infer *in, CXCursor s)
{
    /* tr_stmt: STMT, by its cursor kind */
    if (clang_Cursor_isNull(s))
        return no_jumps();
    enum CXCursorKind k = clang_getCursorKind(s);
    Jumps j = no_jumps();
    switch (k) {
    case CXCursor_CompoundStmt:
        return tr_compound(in, s);
    case CXCursor_DeclStmt:
        tr_decl_stmt(in, s);
        return j;
    case CXCursor_IfStmt:
        return tr_if(in, s);
    case CXCursor_ForStmt:
        return tr_loop(in, for_parts(in, s), s);
    case CXCursor_WhileStmt:
        return tr_while(in, s, false);
    case CXCursor_DoStmt: {
        CXCursor rest;
        if (models_do_loop(in, s, &rest)) /* libcu++'s slot-taking CAS loop (libcuxx.c) */
            return tr_stmt(in, rest);
        return tr_while(in, s, true);
    }
    case CXCursor_SwitchStmt:
        return tr_switch(in, s);
    case CXCursor_ReturnStmt:
        return tr_return(in, s);
    case CXCursor_BreakStmt:
        j.brk = in->always;
        return j;
    case CXCursor_ContinueStmt:
        j.cont = in->always;
        return j;
    case CXCursor_NullStmt:
        return j;
    case CXCursor_LabelStmt:
    case CXCursor_CaseStmt:
    case CXCursor_DefaultStmt:
        return tr_stmt(in, last_child(s));
    case CXCursor_GotoStmt:
        if (goto_followed(in, s)) {
            j.go = in->always;
            return j;
        }
        /* fall through */
    case CXCursor_IndirectGotoStmt:
        not_followed(in, s, "goto (the statements it skips or repeats are taken in program order)");
        return j;
    case CXCursor_CXXForRangeStmt: {
        /* the elements it reads, or writes through `auto &v`, are not
         * followed; the body is, as a loop of unknown trip count */
        not_followed(in, s, "the elements of a range-based for loop");
        LoopParts p;
        p.init = p.cond = p.inc = clang_getNullCursor();
        p.body = last_child(s);
        p.is_do = false;
        return tr_loop(in, p, s);
    }
    case CXCursor_GCCAsmStmt:
        tr_asm(in, s);
        return j;
    case CXCursor_MSAsmStmt:
        not_followed(in, s, "Microsoft-style inline assembly");
        return j;
    case CXCursor_CXXTryStmt: {
        Children ch = children_of(s); /* the try block; handlers are not followed */
        CXCursor block = ch.n ? ch.c[0] : clang_getNullCursor();
        free(ch.c);
        return tr_stmt(in, block);
    }
    case CXCursor_UnexposedStmt:
        return tr_unexposed_stmt(in, s);
    default:
        if (is_expression_kind(k))
            tr_effects(in, s);
        else /* OpenMP, Objective-C, SEH, OpenACC: no CUDA device code has them */
            not_followed_kind(in, s);
        return j;
    }
}

/* ---- inline assembly ---- */

/* `asm(template : outputs : inputs : clobbers)`: the template's text and
 * how many output operands there are, from the tokens. */
static int asm_parts(Infer *in, CXCursor s, char *text, size_t ntext)
{
    CXToken *t;
    unsigned n;
    clang_tokenize(in->tu, clang_getCursorExtent(s), &t, &n);
    int depth = 0, section = 0, outputs = 0;
    size_t used = 0;
    text[0] = '\0';
    for (unsigned i = 0; i < n; i++) {
        CXString sp = clang_getTokenSpelling(in->tu, t[i]);
        const char *w = clang_getCString(sp);
        if (clang_getTokenKind(t[i]) == CXToken_Punctuation) {
            depth += strcmp(w, "(") == 0 ? 1 : strcmp(w, ")") == 0 ? -1 : 0;
            section += depth == 1 && strcmp(w, ":") == 0;
        } else if (clang_getTokenKind(t[i]) == CXToken_Literal && depth == 1 && w[0] == '"') {
            if (section == 0) { /* "a" "b" concatenate */
                size_t len = strlen(w) - 2;
                if (used + len < ntext) {
                    memcpy(text + used, w + 1, len);
                    used += len;
                    text[used] = '\0';
                }
            }
            outputs += section == 1;
        }
        clang_disposeString(sp);
    }
    clang_disposeTokens(in->tu, t, n);
    return outputs;
}

/* Does some instruction of the template access memory, synchronize or call?
 * Register arithmetic and special registers (%laneid) do not. */
static bool asm_leaves_registers(const char *text)
{
    static const char *const touching[] = {"ld", "st", "atom", "red", "bar", "barrier", "cp", "prefetch",
                                           "tex", "tld4", "suld", "sust", "sured", "call", "wmma",
                                           "ldmatrix", "stmatrix", "mbarrier", "multimem", "cvta", NULL};
    const char *p = text;
    while (*p) {
        while (*p && strchr(" \t{}", *p))
            p++;
        if (p[0] == '\\' && (p[1] == 'n' || p[1] == 't')) {
            p += 2;
            continue;
        }
        if (*p == '@') /* a predicate guard */
            while (*p && *p != ' ' && *p != '\t')
                p++;
        while (*p == ' ' || *p == '\t')
            p++;
        size_t len = strcspn(p, ". \t;\\{}");
        for (int i = 0; touching[i] && len; i++)
            if (strlen(touching[i]) == len && strncmp(p, touching[i], len) == 0)
                return false;
        p += strcspn(p, ";");
        if (*p == ';')
            p++;
    }
    return true;
}

/* `mov.u32 %0, %%laneid;`: the special registers that are CUDA built-ins,
 * as the protocol writes them; NULL for any other template. */
static Expr *special_register(Infer *in, const char *text, Loc loc)
{
    static const struct { const char *reg, *name; } regs[] = {
        {"tid.x", "threadIdx.x"}, {"tid.y", "threadIdx.y"}, {"tid.z", "threadIdx.z"},
        {"ntid.x", "blockDim.x"}, {"ntid.y", "blockDim.y"}, {"ntid.z", "blockDim.z"},
        {"ctaid.x", "blockIdx.x"}, {"ctaid.y", "blockIdx.y"}, {"ctaid.z", "blockIdx.z"},
        {"nctaid.x", "gridDim.x"}, {"nctaid.y", "gridDim.y"}, {"nctaid.z", "gridDim.z"},
    };
    char reg[16];
    int used = -1;
    if (sscanf(text, " mov.%*[usb]32 %%0 , %%%%%15[a-z.]%n", reg, &used) < 1 || used < 0)
        return NULL;
    const char *rest = text + used; /* nothing may follow but `;` */
    rest += strspn(rest, " \t");
    rest += *rest == ';';
    if (rest[strspn(rest, " \t")] != '\0')
        return NULL;
    if (strcmp(reg, "laneid") == 0) /* lanes count the block's threads in order, warpSize at a time */
        return mk_binary(in, OP_MOD, linear_tid(in, loc), var_expr(in, program_intern(in->prog, "warpSize", 8), loc));
    for (size_t i = 0; i < sizeof regs / sizeof regs[0]; i++)
        if (strcmp(reg, regs[i].reg) == 0)
            return var_expr(in, program_intern(in->prog, regs[i].name, strlen(regs[i].name)), loc);
    return NULL;
}

/* The output operands get values the protocol does not know, but for a
 * special register that is a built-in; an asm that touches memory or
 * synchronizes makes the protocol incomplete. */
static void tr_asm(Infer *in, CXCursor s)
{
    /* tr_asm: asm [volatile] ("..." : OUTPUTS : INPUTS : CLOBBERS); */
    char text[1024];
    int outputs = asm_parts(in, s, text, sizeof text);
    Expr *special = outputs == 1 ? special_register(in, text, loc_of(in, s)) : NULL;
    Children ch = children_of(s);
    for (int i = 0; i < ch.n && i < outputs; i++) {
        CXCursor e = strip_expr(ch.c[i]);
        int slot = clang_getCursorKind(e) == CXCursor_DeclRefExpr ? env_find(in, clang_getCursorReferenced(e)) : -1;
        if (slot < 0)
            continue;
        bool integral = type_is_integral(clang_getCursorType(e));
        in->env[slot].v = !integral  ? value_none()
                          : special ? value_int(special)
                                    : value_int(emit_local(in, "asm", loc_of(in, s)));
    }
    free(ch.c);
    if (!asm_leaves_registers(text))
        not_followed(in, s, "inline assembly that accesses memory or synchronizes");
}

/* A body clang reported an error in is translated from what parsed, and
 * its protocol says that something may be missing. */
static void opaque_if_errors(Infer *in, CXCursor body)
{
    if (!in->errors || clang_Cursor_isNull(body))
        return;
    CXSourceRange r = clang_getCursorExtent(body);
    CXFile f;
    unsigned from, to;
    clang_getExpansionLocation(clang_getRangeStart(r), &f, NULL, NULL, &from);
    clang_getExpansionLocation(clang_getRangeEnd(r), NULL, NULL, NULL, &to);
    for (int i = 0; f && i < in->errors->n; i++) {
        const ErrorSpot *e = &in->errors->at[i];
        if (!e->file || !clang_File_isEqual(e->file, f) || e->off < from || e->off > to)
            continue;
        if (clang_equalCursors(body, in->kernel_body)) { /* its error is shown where it is */
            emit_opaque(in, loc_at(in->src, e->off));
            return;
        }
        /* an inlined function: clang's error is shown where it is (or
         * counted); what the kernel loses is at the call */
        char where[64] = "in an included header";
        if (clang_File_isEqual(f, in->main_file) && e->off <= in->src->len)
            snprintf(where, sizeof where, "at line %u", loc_line(loc_at(in->src, e->off)));
        diag_at(in->diag, SEV_NOTE, in->anchor,
                "the function called here has an error (%s, %s): what it does is not followed fully",
                e->message, where);
        emit_opaque(in, in->anchor);
        return;
    }
}

Jumps tr_body(Infer *in, CXCursor body)
{
    /* tr_body: { STMT... }, a function's body */
    opaque_if_errors(in, body);
    Jumps j = tr_stmt(in, body);
    j.ret = j.brk = j.cont = j.go = NULL;
    return j;
}

