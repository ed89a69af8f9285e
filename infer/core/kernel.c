/* One __global__ function to one protocol kernel ([CAV21 Sec. 5]:
 * "This step transforms a CUDA kernel into access memory protocols"):
 * pointer parameters become global arrays, integer parameters and
 * template parameters uniform variables, the body its statements. */
#include "kernel.h"

#include "assigned.h"
#include "env.h"
#include "expr.h"
#include "model.h"
#include "stmt.h"
#include "templates.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void infer_ctx_free(Infer *in)
{
    free(in->env);
    free(in->arrays);
    free(in->fields);
    free(in->names);
    free(in->visible);
    free(in->calls);
    free(in->kept);
    free(in->sliceable);
    free(in->goto_labels);
    free(in->trial_names);
    free(in->division_facts);
}

void declare_kernel_var(Infer *in, CXCursor decl, const char *cname, VarScope scope, Loc loc)
{
    const char *name = fresh_name(in, cname, false);
    if (scope == VAR_LOCAL)
        name_mark_per_thread(in, name);
    Kernel *k = in->kernel;
    k->vars = arena_grow(&in->prog->arena, k->vars, (size_t)k->nvars, (size_t)k->nvars + 1, sizeof *k->vars);
    k->vars[k->nvars].name = var_expr(in, name, loc);
    k->vars[k->nvars].scope = scope;
    k->nvars++;
    env_bind(in, decl, value_int(var_expr(in, name, loc)));
}

/* A uniform unknown: one value for the whole grid, chosen at launch. */
Expr *fresh_uniform(Infer *in, const char *base, Loc loc)
{
    const char *name = fresh_name(in, base, false);
    Kernel *k = in->kernel;
    k->vars = arena_grow(&in->prog->arena, k->vars, (size_t)k->nvars, (size_t)k->nvars + 1, sizeof *k->vars);
    k->vars[k->nvars].name = var_expr(in, name, loc);
    k->vars[k->nvars].scope = VAR_UNIFORM;
    k->nvars++;
    return var_expr(in, name, loc);
}

static void add_uniform(Infer *in, CXCursor decl, const char *cname, Loc loc)
{
    declare_kernel_var(in, decl, cname, VAR_UNIFORM, loc);
}

/* ---- enum parameters ---- */

enum { MAX_ENUMERATORS = 64 };

typedef struct Enumerators {
    int64_t v[MAX_ENUMERATORS];
    int n;
    int64_t lo, hi; /* over all of them, kept past MAX_ENUMERATORS */
    int total;
} Enumerators;

static enum CXChildVisitResult collect_enumerator(CXCursor c, CXCursor parent, CXClientData data)
{
    (void)parent;
    Enumerators *en = data;
    if (clang_getCursorKind(c) != CXCursor_EnumConstantDecl)
        return CXChildVisit_Continue;
    int64_t v = (int64_t)clang_getEnumConstantDeclValue(c);
    if (v < 0)
        return CXChildVisit_Continue; /* uniforms are naturals: never equal to it */
    if (en->total == 0 || v < en->lo)
        en->lo = v;
    if (en->total == 0 || v > en->hi)
        en->hi = v;
    en->total++;
    bool seen = false;
    for (int i = 0; i < en->n && !seen; i++)
        seen = en->v[i] == v;
    if (!seen && en->n < MAX_ENUMERATORS)
        en->v[en->n++] = v;
    return CXChildVisit_Continue;
}

/* A parameter of enum type holds one of its enumerators (docs/checker.md, item
 * 8): `lo <= m && m <= hi` when they are contiguous (or too many to list),
 * else `m == a || m == b || ...`.  The host may pass any value of the
 * underlying type (an OR of flags), so this is an assumption of the
 * kernel, printed with its verdict; a launch in the host code that shows
 * the value takes it out (docs/inference.md, "Launches in the host code").
 * `name`: the parameter's, for the printed assumption; NULL for a template
 * parameter, whose value the compiler fixes. */
static void assume_enumerators(Infer *in, CXType t, Expr *var, Loc loc, const char *name)
{
    CXType canon = clang_getCanonicalType(t);
    if (canon.kind != CXType_Enum)
        return;
    if (in_template_pattern(clang_getTypeDeclaration(canon)))
        return; /* its enumerators' values may depend on the template's parameters: not known */
    Enumerators en;
    memset(&en, 0, sizeof en);
    clang_visitChildren(clang_getTypeDeclaration(canon), collect_enumerator, &en);
    if (en.total == 0)
        return; /* no enumerator: any value of the underlying type */
    Expr *c = NULL;
    if (en.hi - en.lo + 1 == en.n || en.total > en.n) {
        c = mk_binary(in, OP_LE, var, num_expr(in, en.hi, loc));
        if (en.lo > 0)
            c = mk_and(in, mk_binary(in, OP_GE, var, num_expr(in, en.lo, loc)), c);
    } else {
        for (int i = 0; i < en.n; i++)
            c = mk_or(in, c, mk_binary(in, OP_EQ, var, num_expr(in, en.v[i], loc)));
    }
    emit_assume(in, c, loc);
    if (!name)
        return;
    CXString type = clang_getTypeSpelling(canon);
    char text[256];
    snprintf(text, sizeof text, "enum range: '%s' is one of %s's enumerators, never an OR of them nor another "
                                "value of its type (no launch shows what the host passes)", name,
             clang_getCString(type));
    clang_disposeString(type);
    KernelAssumption a = {arena_strndup(&in->prog->arena, text, strlen(text)), loc, c};
    ARENA_PUSH(&in->prog->arena, in->kernel->assumes, in->kernel->nassumes, a);
}

void note_kernel_assumption(Infer *in, const char *text, Loc loc)
{
    if (!in->kernel)
        return;
    for (int i = 0; i < in->kernel->nassumes; i++)
        if (strcmp(in->kernel->assumes[i].text, text) == 0)
            return; /* found again (a trial translation, a second load) */
    KernelAssumption a = {arena_strndup(&in->prog->arena, text, strlen(text)), loc, NULL};
    ARENA_PUSH(&in->prog->arena, in->kernel->assumes, in->kernel->nassumes, a);
}

void assume_loaded_pointers(Infer *in, const char *from, const char *target, Loc loc)
{
    char text[320];
    snprintf(text, sizeof text, "pointers read from memory: the pointers loaded from '%s' point into global memory "
                                "of their own ('%s'), none of the kernel's other arrays and no shared memory",
             from, target);
    note_kernel_assumption(in, text, loc);
}

typedef struct FieldVisit {
    Infer *in;
    MemberPath path; /* the struct whose fields are visited */
    const char *name; /* its protocol name: `args`, `args_view` */
} FieldVisit;

static bool type_is_record(CXType t)
{
    return clang_getCanonicalType(t).kind == CXType_Record;
}

static enum CXVisitorResult add_param_field(CXCursor field, CXClientData data)
{
    FieldVisit *fv = data;
    CXType t = clang_getCursorType(field);
    bool pointer = clang_getCanonicalType(t).kind == CXType_Pointer;
    bool nested = type_is_record(t) && fv->path.depth + 1 < MAX_FIELD_NEST;
    if (!pointer && !nested && !type_is_integral(t) && !type_is_floating(t))
        return CXVisit_Continue;
    char *fname = cursor_name(field);
    char name[256];
    snprintf(name, sizeof name, "%s_%s", fv->name, fname);
    free(fname);
    FieldVisit inner = *fv;
    inner.path.field[inner.path.depth++] = field;
    if (nested) { /* a struct member taken with its parent: its own members are the parameter's */
        inner.name = name;
        clang_Type_visitFields(clang_getCanonicalType(t), add_param_field, &inner);
        return CXVisit_Continue;
    }
    Loc loc = loc_of(fv->in, fv->path.root);
    ParamField pf = {inner.path, NULL, NULL};
    if (pointer)
        pf.arr = array_add(fv->in, field, name, MEM_GLOBAL, t, loc);
    else if (type_is_integral(t))
        pf.uniform = fresh_uniform(fv->in, name, loc); /* a float field has neither: shared data */
    if (pf.uniform)
        assume_enumerators(fv->in, t, pf.uniform, loc, name);
    VEC_PUSH(fv->in->fields, fv->in->nfields, fv->in->capfields, pf);
    return CXVisit_Continue;
}

/* The path of e, a member chain `p.a.b` over a variable p, or over `this`
 * (a member named without its object, or `this->a`) in a method called on
 * a struct parameter; false for anything else. */
static bool member_path_of(Infer *in, CXCursor e, MemberPath *out)
{
    CXCursor fields[MAX_FIELD_NEST];
    int n = 0;
    e = strip_expr(e);
    while (clang_getCursorKind(e) == CXCursor_MemberRefExpr) {
        if (n == MAX_FIELD_NEST)
            return false;
        fields[n++] = clang_getCursorReferenced(e);
        CXCursor base = child_at(e, 0);
        bool implicit_this = clang_Cursor_isNull(base) || !is_expression_kind(clang_getCursorKind(base));
        if (!implicit_this && clang_getCursorKind(strip_expr(base)) != CXCursor_CXXThisExpr) {
            if (type_is_pointer(clang_getCursorType(strip_expr(base))))
                return false; /* q->a: a member of memory, not of the parameter */
            e = strip_expr(base);
            continue;
        }
        if (clang_Cursor_isNull(in->this_path.root) || in->this_path.depth + n > MAX_FIELD_NEST)
            return false;
        *out = in->this_path;
        for (int i = n - 1; i >= 0; i--)
            out->field[out->depth++] = fields[i];
        return true;
    }
    if (clang_getCursorKind(e) != CXCursor_DeclRefExpr)
        return false;
    out->root = clang_getCursorReferenced(e);
    out->depth = 0;
    for (int i = n - 1; i >= 0; i--)
        out->field[out->depth++] = fields[i];
    return !clang_Cursor_isNull(out->root);
}

/* Does path start with prefix (the same root, then the same members)? */
static bool path_extends(const MemberPath *path, const MemberPath *prefix)
{
    if (!clang_equalCursors(path->root, prefix->root) || path->depth < prefix->depth)
        return false;
    for (int i = 0; i < prefix->depth; i++)
        if (!clang_equalCursors(path->field[i], prefix->field[i]))
            return false;
    return true;
}

MemberPath param_struct_object(Infer *in, CXCursor object)
{
    MemberPath none = {clang_getNullCursor(), {{0}}, 0}, path;
    if (type_is_pointer(clang_getCursorType(strip_expr(object))) || !member_path_of(in, object, &path))
        return none;
    for (int i = 0; i < in->nfields; i++)
        if (path_extends(&in->fields[i].path, &path))
            return path;
    return none;
}

void alias_param_fields(Infer *in, CXCursor arg, CXCursor callee_param)
{
    arg = strip_expr(arg);
    /* a struct passed by value is copied by its (implicit) copy constructor */
    if (clang_getCursorKind(arg) == CXCursor_CallExpr && clang_Cursor_getNumArguments(arg) == 1 &&
        clang_getCursorKind(clang_getCursorReferenced(arg)) == CXCursor_Constructor)
        arg = strip_expr(clang_Cursor_getArgument(arg, 0));
    MemberPath prefix;
    if (!member_path_of(in, arg, &prefix))
        return;
    int n = in->nfields;
    for (int i = 0; i < n; i++) {
        if (!path_extends(&in->fields[i].path, &prefix))
            continue;
        ParamField pf = in->fields[i];
        pf.path.root = callee_param;
        pf.path.depth = 0;
        for (int j = prefix.depth; j < in->fields[i].path.depth; j++)
            pf.path.field[pf.path.depth++] = in->fields[i].path.field[j];
        VEC_PUSH(in->fields, in->nfields, in->capfields, pf);
    }
}

void param_fields_of_class(Infer *in, CXCursor param, CXCursor cls)
{
    if (clang_getCursorKind(param) != CXCursor_ParmDecl ||
        !clang_equalCursors(clang_getCursorSemanticParent(param), in->kernel_fn) ||
        decl_assigned_in(in->kernel_body, param))
        return;
    char *name = cursor_name(param);
    FieldVisit fv = {in, {param, {{0}}, 0}, name};
    Children ch = children_of(cls);
    for (int i = 0; i < ch.n; i++) {
        bool known = false;
        for (int j = 0; j < in->nfields && !known; j++)
            known = in->fields[j].path.depth >= 1 && clang_equalCursors(in->fields[j].path.root, param) &&
                    clang_equalCursors(in->fields[j].path.field[0], ch.c[i]);
        if (!known && clang_getCursorKind(ch.c[i]) == CXCursor_FieldDecl)
            add_param_field(ch.c[i], &fv);
    }
    free(ch.c);
    free(name);
}

/* A signed integer parameter (or member of one, or __constant__): the
 * kernel reads its uniform as iN(n), so that a negative argument is one of
 * its values (machine_signed_value); the uniform records N. */
static Value signed_uniform(Infer *in, Expr *var, CXType t)
{
    Value s = machine_signed_value(in, value_int(var), t);
    Kernel *k = in->kernel;
    for (int i = 0; s.e != var && i < k->nvars; i++)
        if (k->vars[i].name->u.var.name == var->u.var.name)
            k->vars[i].signed_bits = (uint8_t)conversion_bits((Op)s.e->op);
    return s;
}

/* Does C divide by decl (`x / w`, `x % w`, `x /= w`) somewhere in tree? */
static enum CXChildVisitResult find_division_by(CXCursor c, CXCursor parent, CXClientData data)
{
    (void)parent;
    CXCursor *decl = data;
    enum CXCursorKind k = clang_getCursorKind(c);
    if (k != CXCursor_BinaryOperator && k != CXCursor_CompoundAssignOperator)
        return CXChildVisit_Recurse;
    enum CXBinaryOperatorKind op = clang_getCursorBinaryOperatorKind(c);
    if (op != CXBinaryOperator_Div && op != CXBinaryOperator_Rem && op != CXBinaryOperator_DivAssign &&
        op != CXBinaryOperator_RemAssign)
        return CXChildVisit_Recurse;
    Children ch = children_of(c);
    CXCursor by = ch.n == 2 ? strip_expr(ch.c[1]) : clang_getNullCursor();
    bool found = clang_getCursorKind(by) == CXCursor_DeclRefExpr &&
                 clang_equalCursors(clang_getCursorReferenced(by), decl[0]);
    free(ch.c);
    if (found)
        decl[1] = c;
    return found ? CXChildVisit_Break : CXChildVisit_Recurse;
}

/* A signed parameter the kernel divides by stays a natural: the solver's
 * sign cases of a division by a value of either sign (and the remainder
 * behind iN) make index arithmetic such as `id / w % h` intractable, and a
 * negative size is rarely meant.  So it is taken positive (with C's rule
 * that it is not 0), an assumption printed with the verdict. */
static bool divisor_taken_positive(Infer *in, CXCursor decl)
{
    CXCursor found[2] = {decl, clang_getNullCursor()};
    if (clang_Cursor_isNull(in->kernel_body))
        return false;
    clang_visitChildren(in->kernel_body, find_division_by, found);
    if (clang_Cursor_isNull(found[1]))
        return false;
    char *name = cursor_name(decl), text[256];
    snprintf(text, sizeof text, "positive divisor: the signed '%s' divides, so it is taken to be positive "
                                "(a negative '%s' is not checked)", name, name);
    free(name);
    KernelAssumption a = {arena_strndup(&in->prog->arena, text, strlen(text)), loc_of(in, found[1]), NULL};
    ARENA_PUSH(&in->prog->arena, in->kernel->assumes, in->kernel->nassumes, a);
    return true;
}

static void read_as_signed(Infer *in, CXCursor decl, CXType t)
{
    if (!in->generated && machine_signed_type(t) && divisor_taken_positive(in, decl))
        return;
    int slot = env_find(in, decl);
    if (slot >= 0 && in->env[slot].v.kind == V_INT && in->env[slot].v.e->kind == E_VAR)
        in->env[slot].v = signed_uniform(in, in->env[slot].v.e, t);
}

static Value param_field_as_value(Infer *in, const ParamField *pf, Loc loc)
{
    return pf->arr       ? array_decay(in, pf->arr, loc)
           : pf->uniform ? signed_uniform(in, var_expr(in, pf->uniform->u.var.name, loc),
                                          clang_getCursorType(pf->path.field[pf->path.depth - 1]))
                         : value_data(true); /* a float field */
}

/* `data.row_ids` on a dependent struct (a kernel template's pattern), or
 * `p` in a method of a class template called on a struct parameter
 * (this->p): the field by its name, one level below its struct. */
static bool dependent_param_field(Infer *in, CXCursor member, Value *out)
{
    CXCursor base = strip_expr(child_at(member, 0));
    MemberPath of = {clang_getNullCursor(), {{0}}, 0};
    if (clang_Cursor_isNull(base) || !is_expression_kind(clang_getCursorKind(base)) ||
        clang_getCursorKind(base) == CXCursor_CXXThisExpr)
        of = in->this_path;
    else if (clang_getCursorKind(base) == CXCursor_DeclRefExpr)
        of.root = clang_getCursorReferenced(base);
    if (clang_Cursor_isNull(of.root))
        return false;
    char *name = template_member_name(in->tu, member);
    bool found = false;
    for (int i = 0; i < in->nfields && !found && *name; i++) {
        const ParamField *pf = &in->fields[i];
        if (pf->path.depth == of.depth + 1 && path_extends(&pf->path, &of) &&
            cursor_name_is(pf->path.field[of.depth], name)) {
            *out = param_field_as_value(in, pf, loc_of(in, member));
            found = true;
        }
    }
    free(name);
    return found;
}

bool param_field_value(Infer *in, CXCursor member, Value *out)
{
    if (clang_Cursor_isNull(clang_getCursorReferenced(member)))
        return dependent_param_field(in, member, out);
    MemberPath path;
    if (!member_path_of(in, member, &path))
        return false;
    for (int i = 0; i < in->nfields; i++) {
        const ParamField *pf = &in->fields[i];
        if (pf->path.depth == path.depth && path_extends(&pf->path, &path)) {
            *out = param_field_as_value(in, pf, loc_of(in, member));
            return true;
        }
    }
    return false;
}

bool param_pointer_element(Infer *in, CXCursor member, int64_t k, Value *out)
{
    /* param_pointer_element: P.F[K] for `T *f[N]` in a struct parameter P */
    MemberPath path;
    CXType t = clang_getCanonicalType(clang_getCursorType(member));
    if (t.kind != CXType_ConstantArray || clang_getCanonicalType(clang_getArrayElementType(t)).kind != CXType_Pointer ||
        k < 0 || k >= clang_getArraySize(t) || !member_path_of(in, member, &path) || path.depth == 0 ||
        clang_getCursorKind(path.root) != CXCursor_ParmDecl ||
        !clang_equalCursors(clang_getCursorSemanticParent(path.root), in->kernel_fn) ||
        decl_assigned_in(in->kernel_body, path.root))
        return false;
    char name[256];
    size_t used = 0;
    char *root = cursor_name(path.root);
    used += (size_t)snprintf(name, sizeof name, "%s", root);
    free(root);
    for (int i = 0; i < path.depth && used < sizeof name; i++) {
        char *f = cursor_name(path.field[i]);
        used += (size_t)snprintf(name + used, sizeof name - used, "_%s", f);
        free(f);
    }
    if (used >= sizeof name - 24)
        return false;
    snprintf(name + used, sizeof name - used, "_%lld", (long long)k);
    CXCursor field = path.field[path.depth - 1];
    Array *a = NULL;
    for (int i = 0; i < in->narrays && !a; i++)
        if (clang_equalCursors(in->arrays[i]->decl, field) && in->arrays[i]->element == k + 1)
            a = in->arrays[i];
    if (!a) {
        a = array_add(in, field, name, MEM_GLOBAL, clang_getArrayElementType(t), loc_of(in, path.root));
        a->element = k + 1; /* which element: found again by it */
    }
    *out = array_decay(in, a, loc_of(in, member));
    return true;
}

/* `Dataset<T, I> data` in a kernel template's pattern: its type is
 * dependent, so clang lists no fields for it; they are read from the class
 * template's own declarations (pointers are arrays, integers uniforms),
 * unless the kernel changes its copy.  A struct of a type written
 * otherwise is not one. */
static bool dependent_struct_param(Infer *in, CXCursor param, const char *name)
{
    CXType canon = clang_getCanonicalType(clang_getCursorType(param));
    if (canon.kind != CXType_Unexposed && canon.kind != CXType_Dependent)
        return false;
    CXCursor cls = template_written_class(param);
    if (clang_Cursor_isNull(cls) || clang_Cursor_isNull(cls = clang_getCursorDefinition(cls)))
        return false;
    if (!decl_assigned_in(in->kernel_body, param)) {
        FieldVisit fv = {in, {param, {{0}}, 0}, name};
        Children ch = children_of(cls);
        for (int i = 0; i < ch.n; i++)
            if (clang_getCursorKind(ch.c[i]) == CXCursor_FieldDecl)
                add_param_field(ch.c[i], &fv);
        free(ch.c);
    }
    return true;
}

/* Does the kernel index or dereference the parameter (`input[i]`,
 * `*out`), or hand it to a load or store as its iterator, or to a
 * functor that does (depth: functors followed so far)? */
typedef struct Indexed {
    Infer *in;
    CXCursor param;
    bool found;
    int depth;
} Indexed;

enum { MAX_HANDOFF_DEPTH = 3 };

static bool indexes_param(Infer *in, CXCursor body, CXCursor param, int depth);

/* Is e the parameter, or the parameter moved by an offset (`input + k`,
 * an `operator+` clang left overloaded in a pattern)? */
static bool param_or_moved(CXCursor e, CXCursor param)
{
    e = strip_expr(e);
    if (cursor_refers_to(e, param))
        return true;
    enum CXCursorKind k = clang_getCursorKind(e);
    if (k == CXCursor_BinaryOperator && (clang_getCursorBinaryOperatorKind(e) == CXBinaryOperator_Add ||
                                         clang_getCursorBinaryOperatorKind(e) == CXBinaryOperator_Sub))
        return cursor_refers_to(child_at(e, 0), param);
    if (k != CXCursor_CallExpr || clang_Cursor_getNumArguments(e) != 2)
        return false;
    char *name = callee_name(e);
    bool moved = (strcmp(name, "operator+") == 0 || strcmp(name, "operator-") == 0) &&
                 cursor_refers_to(clang_Cursor_getArgument(e, 0), param);
    free(name);
    return moved;
}

/* `action(load, input + offset, items)`, `action.load(...)` on a functor
 * of a template parameter's type: does a candidate the call may run use
 * the parameter it receives there as an iterator? */
static bool handed_to_functor(Indexed *ix, CXCursor call)
{
    int n = clang_Cursor_getNumArguments(call);
    if (ix->depth >= MAX_HANDOFF_DEPTH || n <= 0)
        return false;
    int at = -1;
    for (int i = 0; i < n && at < 0; i++)
        if (param_or_moved(clang_Cursor_getArgument(call, (unsigned)i), ix->param))
            at = i;
    CXCursor functor, *targets = NULL;
    int ntargets = at < 0 ? 0 : template_functor_targets(ix->in->tu, ix->in->kernel_fn, call, n, &functor, &targets);
    bool found = false;
    for (int k = 0; k < ntargets && !found; k++) {
        CXCursor p = function_param(targets[k], at);
        found = !clang_Cursor_isNull(p) && indexes_param(ix->in, function_body(targets[k]), p, ix->depth + 1);
    }
    free(targets);
    return found;
}

static enum CXChildVisitResult find_indexing(CXCursor c, CXCursor parent, CXClientData data)
{
    (void)parent;
    Indexed *ix = data;
    enum CXCursorKind k = clang_getCursorKind(c);
    bool deref = k == CXCursor_UnaryOperator && clang_getCursorUnaryOperatorKind(c) == CXUnaryOperator_Deref;
    if ((k == CXCursor_ArraySubscriptExpr || deref) && cursor_refers_to(child_at(c, 0), ix->param))
        ix->found = true;
    if (k == CXCursor_CallExpr && (models_iterator_call(ix->in, c, ix->param) || handed_to_functor(ix, c)))
        ix->found = true;
    return ix->found ? CXChildVisit_Break : CXChildVisit_Recurse;
}

static bool indexes_param(Infer *in, CXCursor body, CXCursor param, int depth)
{
    Indexed ix = {in, param, false, depth};
    if (!clang_Cursor_isNull(body))
        clang_visitChildren(body, find_indexing, &ix);
    return ix.found;
}

/* `InputIteratorT input` in a kernel template's pattern: a parameter whose
 * type is a template parameter and that the kernel indexes,
 * dereferences or loads and stores through (CUB), itself or through a
 * functor it hands it to, is an iterator, taken as a pointer into a
 * global array (a pointer is what most callers pass; a fancy iterator
 * then reads or writes cells of an array that stands for it). */
static bool iterator_param(Infer *in, CXCursor param)
{
    CXCursor type_ref = child_at(param, 0);
    if (clang_getCursorKind(type_ref) != CXCursor_TypeRef ||
        clang_getCursorKind(clang_getCursorReferenced(type_ref)) != CXCursor_TemplateTypeParameter)
        return false;
    return indexes_param(in, in->kernel_body, param, 0);
}

static void bind_param(Infer *in, CXCursor param)
{
    CXType t = clang_getCursorType(param);
    CXType canon = clang_getCanonicalType(t);
    char *name = cursor_name(param);
    Loc loc = loc_of(in, param);
    if (!*name) {
        free(name);
        return; /* unnamed: unused */
    }
    Space space = SPACE_GLOBAL;
    bool array = canon.kind == CXType_Pointer || canon.kind == CXType_IncompleteArray ||
                 canon.kind == CXType_ConstantArray;
    bool iterator = !array && iterator_param(in, param);
    if (array)
        space = in->dialect->param_space(param);
    if (array && space == SPACE_CONSTANT) {
        env_bind(in, param, value_private()); /* OpenCL's __constant: no kernel writes it */
    } else if (array || iterator) {
        Array *a = array_add(in, param, name, space == SPACE_SHARED ? MEM_SHARED : MEM_GLOBAL, t, loc);
        if (iterator) { /* one dimension, of unknown size and element type */
            a->ndims = 1;
            a->sizes = arena_alloc(&in->prog->arena, sizeof *a->sizes);
            a->sizes[0] = NULL;
        }
        Value v = {0};
        v.kind = V_PTR;
        v.arr = a;
        v.nidx = 1;
        v.idx = arena_alloc(&in->prog->arena, sizeof(Expr *));
        v.idx[0] = num_expr(in, 0, loc);
        env_bind(in, param, v);
    } else if (dependent_struct_param(in, param, name)) {
        env_bind(in, param, value_none()); /* a struct: data, its fields below */
    } else if (type_is_integral(t) || canon.kind == CXType_Unexposed || canon.kind == CXType_Dependent) {
        add_uniform(in, param, name, loc);
        int slot = env_find(in, param);
        if (slot >= 0 && in->env[slot].v.kind == V_INT)
            assume_enumerators(in, t, in->env[slot].v.e, loc, name);
        read_as_signed(in, param, t);
    } else {
        /* its pointer members are arrays, unless the kernel changes its copy */
        bool kept = !decl_assigned_in(in->kernel_body, param);
        if (canon.kind == CXType_Record && kept) {
            FieldVisit fv = {in, {param, {{0}}, 0}, name};
            clang_Type_visitFields(canon, add_param_field, &fv);
        }
        /* a float: data, the same in every thread while the kernel keeps it */
        env_bind(in, param, value_data(type_is_floating(t) && kept));
    }
    free(name);
}

/* The value all instantiations give a template parameter is assumed, so
 * the protocol still says which parameter it is. */
static void add_template_param(Infer *in, CXCursor decl)
{
    char *name = cursor_name(decl);
    Loc loc = loc_of(in, decl);
    if (*name)
        add_uniform(in, decl, name, loc);
    free(name);
    const TemplateParam *tp = template_param(in, decl);
    int slot = env_find(in, decl);
    if (tp && tp->pinned && slot >= 0 && in->env[slot].v.kind == V_INT)
        emit_assume(in, mk_binary(in, OP_EQ, in->env[slot].v.e, num_expr(in, tp->value, loc)), loc);
    else if (slot >= 0 && in->env[slot].v.kind == V_INT) /* `Mode M`: one of Mode's enumerators */
        assume_enumerators(in, clang_getCursorType(decl), in->env[slot].v.e, loc, NULL);
    if (!(tp && tp->pinned)) /* `template <int D>` of no known instance: any int, negative too */
        read_as_signed(in, decl, clang_getCursorType(decl));
}

static void bind_signature(Infer *in, CXCursor fn, int instance)
{
    template_pins(in, fn, instance);
    Children ch = children_of(fn);
    for (int i = 0; i < ch.n; i++) {
        enum CXCursorKind k = clang_getCursorKind(ch.c[i]);
        if (k == CXCursor_NonTypeTemplateParameter) {
            add_template_param(in, ch.c[i]);
        } else if (k == CXCursor_ParmDecl) {
            bind_param(in, ch.c[i]);
        }
    }
    free(ch.c);
}

/* ---- CUDA's __constant__ variables ---- */

/* A `__constant__` integer or struct at file scope (CUDA's: the host may
 * set it between launches, so its initializer says nothing; OpenCL's
 * keep theirs, expr.c). */
static bool constant_var(Infer *in, CXCursor decl)
{
    if (in->dialect->constants_fixed || clang_getCursorKind(decl) != CXCursor_VarDecl || !is_file_scope(decl) ||
        in->dialect->var_space(decl) != SPACE_CONSTANT)
        return false;
    CXType t = clang_getCanonicalType(clang_getCursorType(decl));
    return type_is_integral(t) || type_is_floating(t) || t.kind == CXType_Record;
}

/* The __constant__ variables the kernel names, itself or through the
 * functions it calls. */
typedef struct ConstantUses {
    Infer *in;
    CXCursor *fns, *vars;
    int nfns, capfns, nvars, capvars;
} ConstantUses;

static bool cursor_in(const CXCursor *c, int n, CXCursor x)
{
    for (int i = 0; i < n; i++)
        if (clang_equalCursors(c[i], x))
            return true;
    return false;
}

static enum CXChildVisitResult find_constant_uses(CXCursor c, CXCursor parent, CXClientData data)
{
    (void)parent;
    ConstantUses *u = data;
    enum CXCursorKind k = clang_getCursorKind(c);
    if (k == CXCursor_DeclRefExpr || k == CXCursor_MemberRefExpr) {
        CXCursor d = clang_getCursorReferenced(c);
        if (constant_var(u->in, d) && !cursor_in(u->vars, u->nvars, d))
            VEC_PUSH(u->vars, u->nvars, u->capvars, d);
    } else if (k == CXCursor_CallExpr) {
        CXCursor def = clang_getCursorDefinition(callee_decl(c));
        if (!clang_Cursor_isNull(def) && !cursor_has_attr(def, CXCursor_CUDAGlobalAttr) &&
            !cursor_in(u->fns, u->nfns, def)) {
            VEC_PUSH(u->fns, u->nfns, u->capfns, def);
            clang_visitChildren(def, find_constant_uses, u);
        }
    }
    return CXChildVisit_Recurse;
}

/* Device code cannot write a __constant__ variable, so during a launch it
 * holds one value for the whole grid: an integer is a uniform named after
 * it, a float shared data, a struct's integer fields uniforms, its float
 * fields shared data and its pointer fields arrays (as a struct
 * parameter's, `c_params.n` is `c_params_n`). */
static void bind_constant_vars(Infer *in, CXCursor fn)
{
    ConstantUses u = {in, NULL, NULL, 0, 0, 0, 0};
    clang_visitChildren(fn, find_constant_uses, &u);
    for (int i = 0; i < u.nvars; i++) {
        CXCursor d = u.vars[i];
        CXType t = clang_getCanonicalType(clang_getCursorType(d));
        char *name = cursor_name(d);
        Loc loc = loc_of(in, d);
        if (type_is_integral(t)) {
            add_uniform(in, d, name, loc);
            int slot = env_find(in, d);
            if (slot >= 0 && in->env[slot].v.kind == V_INT)
                assume_enumerators(in, t, in->env[slot].v.e, loc, name);
            read_as_signed(in, d, t);
        } else if (type_is_floating(t)) {
            env_bind(in, d, value_data(true));
        } else {
            FieldVisit fv = {in, {d, {{0}}, 0}, name};
            clang_Type_visitFields(t, add_param_field, &fv);
            env_bind(in, d, value_none()); /* the struct itself: data, its fields above */
        }
        free(name);
    }
    free(u.fns);
    free(u.vars);
}

static bool mentions_axis(const Expr *e, char axis)
{
    if (!e)
        return false;
    switch ((ExprKind)e->kind) {
    case E_VAR: {
        const char *dot = strchr(e->u.var.name, '.');
        return dot && dot[1] == axis && !dot[2] &&
               (strncmp(e->u.var.name, "threadIdx", 9) == 0 || strncmp(e->u.var.name, "blockIdx", 8) == 0 ||
                strncmp(e->u.var.name, "blockDim", 8) == 0 || strncmp(e->u.var.name, "gridDim", 7) == 0);
    }
    case E_UNARY:
    case E_POW2:
        return mentions_axis(e->u.sub.a, axis);
    case E_BINARY:
        return mentions_axis(e->u.sub.a, axis) || mentions_axis(e->u.sub.b, axis);
    case E_COND:
        return mentions_axis(e->u.sub.a, axis) || mentions_axis(e->u.sub.b, axis) ||
               mentions_axis(e->u.sub.c, axis);
    default:
        return false;
    }
}

static bool block_mentions_axis(const Block *b, char axis)
{
    for (int i = 0; i < b->n; i++) {
        const Stmt *s = b->items[i];
        switch ((StmtKind)s->kind) {
        case S_ACCESS:
            for (int j = 0; j < s->u.access.nindex; j++)
                if (mentions_axis(s->u.access.index[j], axis))
                    return true;
            if (s->u.access.value && mentions_axis(s->u.access.value, axis))
                return true;
            if (access_is_bytes(s) &&
                (mentions_axis(s->u.access.byte_off, axis) || mentions_axis(s->u.access.byte_width, axis)))
                return true;
            break;
        case S_IF:
            if (mentions_axis(s->u.if_.cond, axis) || block_mentions_axis(&s->u.if_.then, axis) ||
                block_mentions_axis(&s->u.if_.els, axis))
                return true;
            break;
        case S_LOOP:
            if (mentions_axis(s->u.loop.init, axis) || mentions_axis(s->u.loop.bound, axis) ||
                mentions_axis(s->u.loop.amount, axis) || block_mentions_axis(&s->u.loop.body, axis))
                return true;
            break;
        case S_LET:
            if (mentions_axis(s->u.let.value, axis))
                return true;
            break;
        case S_ASSUME:
            if (mentions_axis(s->u.assume.cond, axis))
                return true;
            break;
        default:
            break;
        }
    }
    return false;
}

/* Launch sizes from the command line or a GPUVerify header, as
 * preconditions first in the body, so the protocol means the same
 * wherever it is checked.  An axis of size 1 that the kernel never
 * mentions is left out: the checker already takes it to be 1. */
static void assume_dims(Infer *in, const Launch *l, bool block, Block *pre)
{
    static const char axes[] = "xyz";
    const char *base = block ? "blockDim" : "gridDim";
    const int64_t *d = block ? l->block_dim : l->grid_dim;
    LaunchOrigin from = block ? l->block_from : l->grid_from;
    Loc loc = from.loc.file ? from.loc : in->kernel->loc;
    for (int a = 0; a < 3; a++) {
        if (!launch_knows(l, block, a) || (a > 0 && d[a] == 1 && !block_mentions_axis(&in->kernel->body, axes[a])))
            continue;
        char name[32];
        snprintf(name, sizeof name, "%s.%c", base, axes[a]);
        Expr *v = var_expr(in, program_intern(in->prog, name, strlen(name)), loc);
        Stmt *s = stmt_new(in->prog, S_ASSUME, loc);
        s->u.assume.cond = expr_binary(in->prog, OP_EQ, v, num_expr(in, d[a], loc));
        block_push(in->prog, pre, s);
    }
}

/* OpenCL's reqd_work_group_size(X, Y, Z): the only block size the kernel
 * runs with, over the command line's or the header's (which it warns
 * about when they differ: such a launch fails). */
static Launch required_launch(Infer *in, CXCursor fn, const InferOptions *o)
{
    Launch l;
    if (o)
        l = o->launch;
    else
        launch_init(&l);
    int64_t req[3];
    if (!in->dialect->required_block(fn, req))
        return l;
    if (launch_knows_all(&l, true) && (l.block_dim[0] != req[0] || l.block_dim[1] != req[1] || l.block_dim[2] != req[2]))
        diag_at(in->diag, SEV_WARNING, in->kernel->loc,
                "kernel '%s' requires work-groups of (%lld,%lld,%lld), not the (%lld,%lld,%lld) given: such a "
                "launch fails; it is checked with the size it requires", in->kernel->name, (long long)req[0],
                (long long)req[1], (long long)req[2], (long long)l.block_dim[0], (long long)l.block_dim[1],
                (long long)l.block_dim[2]);
    launch_set_dims(&l, true, req, LAUNCH_ALL_AXES, (LaunchOrigin){FROM_REQD_WORK_GROUP_SIZE, in->kernel->loc});
    return l;
}

static void prepend_dims(Infer *in, const Launch *l)
{
    Block pre = {0};
    /* the header's line 2 when the sizes came from there, so that a note
     * about this assumption points where the user can change it */
    if (l) {
        assume_dims(in, l, true, &pre);
        assume_dims(in, l, false, &pre);
    }
    Block *body = &in->kernel->body;
    for (int i = 0; i < body->n; i++)
        block_push(in->prog, &pre, body->items[i]);
    pre.close = body->close;
    *body = pre;
}

/* A name for the cells of a whose type has none (`__shared__ union {...} u`):
 * the protocol states their width after it (docs/language.md 3.3). */
static const char *unnamed_record_name(Infer *in, const Array *a)
{
    char name[200];
    snprintf(name, sizeof name, "%s_cell", a->name);
    return program_intern(in->prog, name, strlen(name));
}

static void finish_arrays(Infer *in)
{
    Kernel *k = in->kernel;
    k->narrays = 0;
    k->arrays = in->narrays ? arena_alloc(&in->prog->arena, (size_t)in->narrays * sizeof *k->arrays) : NULL;
    for (int i = 0; i < in->narrays; i++) {
        Array *a = in->arrays[i];
        ArrayDecl *d = &k->arrays[k->narrays++];
        d->name = var_expr(in, a->name, a->loc);
        d->mem = a->mem;
        d->elem_type = a->elem_type;
        /* `shared x;` without a type means Faial's "dimensions fixed by
         * use", not a scalar: a scalar needs its type written, and `int`
         * is what the generator writes for none (found by fuzz_infer) */
        if (!d->elem_type && a->has_bytes && array_cell_bytes(a) > 0)
            d->elem_type = unnamed_record_name(in, a); /* an anonymous union's bytes need its width */
        if (a->ndims == 0 && !d->elem_type)
            d->elem_type = program_intern(in->prog, "int", 3);
        d->ndims = a->ndims;
        d->sizes = a->sizes;
        d->loc = a->loc;
        d->fact = a->fact;
        d->fact_len = a->fact_len;
        d->fact_loc = a->fact_loc;
        /* a byte access needs the width of a cell whose type the table
         * does not know (a struct), or knows otherwise than clang (CUDA's
         * 12-byte float3, which the table pads to 16 as OpenCL does): clang's
         * size of it (docs/language.md 3.3), which the front end's byte
         * offsets count */
        long long cell = a->has_bytes ? array_cell_bytes(a) : 0;
        if (cell > 0 && cell != elem_width(d->elem_type))
            d->width = num_expr(in, cell, a->loc);
    }
}

static const char *kernel_name(Program *p, CXCursor fn)
{
    bool instance = clang_getCursorKind(fn) == CXCursor_FunctionDecl &&
                    !clang_Cursor_isNull(clang_getSpecializedCursorTemplate(fn));
    char *name = instance ? template_instance_name(fn) : cursor_name(fn);
    char buf[160];
    snprintf(buf, sizeof buf, "%s", *name ? name : "kernel");
    free(name);
    size_t n = strlen(buf);
    for (int k = 1;; k++) {
        const char *interned = program_intern(p, buf, strlen(buf));
        bool taken = false;
        for (int i = 0; i < p->nkernels && !taken; i++)
            taken = p->kernels[i]->name == interned;
        if (!taken)
            return interned;
        snprintf(buf + n, sizeof buf - n, "_%d", k);
    }
}

typedef struct ParamNames {
    Program *p;
    Kernel *k; /* NULL: only count them */
    int n;
} ParamNames;

static enum CXChildVisitResult add_param_name(CXCursor c, CXCursor parent, CXClientData data)
{
    (void)parent;
    ParamNames *pn = data;
    if (clang_getCursorKind(c) != CXCursor_ParmDecl)
        return CXChildVisit_Continue;
    if (pn->k) {
        char *name = cursor_name(c);
        pn->k->param_names[pn->k->nparam_names++] = program_intern(pn->p, name, strlen(name));
        free(name);
    }
    pn->n++;
    return CXChildVisit_Continue;
}

/* __global__ void k(int (*A)[16], float x): "A", "x", the names of the
 * parameters in order, as the C source spells them (emulate names the
 * buffers and the -p values by them); a template's are its ParmDecl
 * children. */
static void kernel_param_names(Program *p, Kernel *k, CXCursor fn)
{
    ParamNames count = {p, NULL, 0};
    clang_visitChildren(fn, add_param_name, &count);
    k->param_names = arena_alloc(&p->arena, (size_t)(count.n ? count.n : 1) * sizeof *k->param_names);
    k->nparam_names = 0;
    ParamNames fill = {p, k, 0};
    clang_visitChildren(fn, add_param_name, &fill);
}

/* Did mapkit gen write the file?  Its prelude defines __mapkit_max in it
 * (docs/codegen.md), a name C++ reserves to the implementation, which no
 * kernel of a user defines. */
static enum CXChildVisitResult find_prelude(CXCursor c, CXCursor parent, CXClientData data)
{
    (void)parent;
    bool *found = data;
    if (clang_getCursorKind(c) == CXCursor_FunctionDecl && cursor_name_is(c, "__mapkit_max") &&
        clang_isCursorDefinition(c))
        *found = true;
    return *found ? CXChildVisit_Break : CXChildVisit_Continue;
}

static bool generated_file(CXTranslationUnit tu, CXFile main_file)
{
    bool found = false;
    (void)main_file;
    clang_visitChildren(clang_getTranslationUnitCursor(tu), find_prelude, &found);
    return found;
}

Kernel *infer_kernel(Program *p, CXTranslationUnit tu, CXCursor fn, int instance, const SrcFile *src,
                     const InferOptions *o, const ModelSet *models, const ErrorSpots *errors, Diag *d)
{
    Kernel *k = arena_alloc(&p->arena, sizeof *k);
    Infer in;
    memset(&in, 0, sizeof in);
    in.prog = p;
    in.kernel = k;
    in.src = src;
    in.tu = tu;
    in.main_file = clang_getFile(tu, src->path);
    in.diag = d;
    in.ret_slot = -1;
    in.this_slot = -1;
    in.this_path.root = clang_getNullCursor();
    in.errors = errors;
    in.kernel_body = function_body(fn);
    in.dialect = dialect_of(o);
    in.models = models;
    in.kernel_fn = fn;
    in.out = &k->body;
    in.generated = generated_file(tu, in.main_file);
    k->name = kernel_name(p, fn);
    kernel_param_names(p, k, fn);
    k->loc = loc_of(&in, fn);
    in.anchor = k->loc;
    in.always = expr_bool(p, k->loc, true);
    fresh_name(&in, "warpSize", false); /* reserve the built-in's name */
    models_begin(&in);
    bind_signature(&in, fn, instance);
    bind_constant_vars(&in, fn);
    if (instance >= 0) { /* one explicit instantiation of several: `k_128` */
        char *name = template_pinned_name(&in, fn);
        k->name = program_intern(p, name, strlen(name));
        free(name);
    }
    char *cxx = template_cxx_name(&in, fn);
    k->cxx_name = cxx ? program_intern(p, cxx, strlen(cxx)) : NULL;
    free(cxx);
    Launch launch = required_launch(&in, fn, o);
    in.launch = &launch; /* the ranges of the built-ins (machine_int.c) */
    tr_body(&in, function_body(fn));
    models_end(&in);
    finish_arrays(&in);
    nonzero_prune(k, in.division_facts, in.ndivision_facts);
    tidy_kernel(p, k, in.kept, in.nkept);
    tidy_uniforms(k, in.sliceable, in.nsliceable);
    prepend_dims(&in, &launch);
    warnings_close(&in);
    infer_ctx_free(&in);
    return k;
}
