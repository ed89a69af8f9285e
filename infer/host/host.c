/* Launches in the host code (see host.h; docs/inference.md, "Launches in
 * the host code"). */
#define _XOPEN_SOURCE 700 /* realpath */
#include "host.h"

#include "alias.h"
#include "assigned.h"
#include "host_eval.h"
#include "instances.h"
#include "templates.h"

#include <limits.h>
#include <stdarg.h>
#include <stdio.h>

#include <stdlib.h>
#include <string.h>

static const HostVal unknown = {.kind = HV_UNKNOWN};

static HostVal constant(int64_t c)
{
    HostVal v = unknown;
    v.kind = HV_CONST;
    v.c = c;
    return v;
}

static HostVal variable(CXCursor var)
{
    HostVal v = unknown;
    v.kind = HV_VAR;
    v.var = var;
    return v;
}

static HostVal eval(Host *h, CXCursor e);

/* ---- arithmetic ---- */

static HostVal both_constant(enum CXBinaryOperatorKind op, int64_t a, int64_t b)
{
    int64_t r;
    switch (op) {
    case CXBinaryOperator_Add:
        return __builtin_add_overflow(a, b, &r) ? unknown : constant(r);
    case CXBinaryOperator_Sub:
        return __builtin_sub_overflow(a, b, &r) ? unknown : constant(r);
    case CXBinaryOperator_Mul:
        return __builtin_mul_overflow(a, b, &r) ? unknown : constant(r);
    case CXBinaryOperator_Div:
        return b == 0 || (a == INT64_MIN && b == -1) ? unknown : constant(a / b);
    case CXBinaryOperator_Rem:
        return b == 0 || (a == INT64_MIN && b == -1) ? unknown : constant(a % b);
    case CXBinaryOperator_Shl:
        return b < 0 || b > 62 || a < 0 || a > (INT64_MAX >> b) ? unknown : constant(a << b);
    case CXBinaryOperator_Shr:
        return b < 0 || b > 63 || a < 0 ? unknown : constant(a >> b);
    case CXBinaryOperator_And: /* two's complement, as C's of the common type: `(V + 63) & ~63` */
        return constant(a & b);
    case CXBinaryOperator_Or:
        return constant(a | b);
    case CXBinaryOperator_Xor:
        return constant(a ^ b);
    case CXBinaryOperator_LT:
        return constant(a < b);
    case CXBinaryOperator_GT:
        return constant(a > b);
    case CXBinaryOperator_LE:
        return constant(a <= b);
    case CXBinaryOperator_GE:
        return constant(a >= b);
    case CXBinaryOperator_EQ:
        return constant(a == b);
    case CXBinaryOperator_NE:
        return constant(a != b);
    default:
        return unknown;
    }
}

/* ~a in type t: -a - 1 for a signed type; for an unsigned one of fewer
 * than 64 bits, its bits flipped within the type (`~63u` is 4294967232);
 * unknown where the value leaves int64_t. */
static HostVal complement(CXType t, int64_t a)
{
    long long bytes = clang_Type_getSizeOf(t);
    enum CXTypeKind k = clang_getCanonicalType(t).kind;
    bool is_unsigned = k == CXType_UInt || k == CXType_ULong || k == CXType_ULongLong || k == CXType_UShort ||
                       k == CXType_UChar || k == CXType_Char_U;
    if (!is_unsigned)
        return constant(~a);
    if (bytes <= 0 || bytes >= 8)
        return unknown;
    return constant(~a & (((int64_t)1 << (8 * bytes)) - 1));
}

/* The forms that keep a relation: var + c, (var + c) / d + p. */
static HostVal combine(enum CXBinaryOperatorKind op, HostVal a, HostVal b)
{
    if (a.kind == HV_CONST && b.kind == HV_CONST)
        return both_constant(op, a.c, b.c);
    if (op == CXBinaryOperator_Add && a.kind == HV_CONST && b.kind != HV_UNKNOWN)
        return combine(op, b, a);
    if (b.kind != HV_CONST || b.c > INT32_MAX || b.c < -INT32_MAX)
        return unknown;
    HostVal r = a;
    r.has_hi = false; /* a bound of a is no bound of a + k */
    switch (op) {
    case CXBinaryOperator_Add:
    case CXBinaryOperator_Sub: {
        int64_t k = op == CXBinaryOperator_Add ? b.c : -b.c;
        if (a.kind == HV_VAR)
            r.c += k;
        else if (a.kind == HV_DIV)
            r.plus += k;
        return a.kind == HV_UNKNOWN ? unknown : r;
    }
    case CXBinaryOperator_Mul:
        return b.c == 1 ? a : unknown;
    case CXBinaryOperator_Div:
        if (a.kind != HV_VAR || b.c <= 0)
            return b.c == 1 ? a : unknown;
        r.kind = HV_DIV;
        r.div = b.c;
        r.plus = 0;
        return r;
    default:
        return unknown;
    }
}

/* ---- expressions ---- */

static bool is_cast_or_paren(enum CXCursorKind k)
{
    return k == CXCursor_ParenExpr || k == CXCursor_UnexposedExpr || k == CXCursor_CStyleCastExpr ||
           k == CXCursor_CXXFunctionalCastExpr || k == CXCursor_CXXStaticCastExpr;
}

/* The operand of a cast or parentheses: its last expression child. */
static CXCursor operand(CXCursor e)
{
    Children ch = children_of(e);
    CXCursor r = clang_getNullCursor();
    for (int i = 0; i < ch.n; i++)
        if (clang_isExpression(clang_getCursorKind(ch.c[i])))
            r = ch.c[i];
    free(ch.c);
    return r;
}

static CXCursor strip(CXCursor e)
{
    for (int guard = 0; guard < 32 && is_cast_or_paren(clang_getCursorKind(e)); guard++) {
        CXCursor in = operand(e);
        if (clang_Cursor_isNull(in))
            break;
        e = in;
    }
    return e;
}

/* The expression that initialises a variable (null when none). */
static CXCursor initializer(CXCursor var)
{
    return operand(var);
}

static bool is_dim3(CXType t)
{
    CXString s = clang_getTypeSpelling(clang_getCanonicalType(t));
    bool yes = strstr(clang_getCString(s), "dim3") != NULL;
    clang_disposeString(s);
    return yes;
}

static bool same_decl(CXCursor a, CXCursor b)
{
    return clang_equalCursors(clang_getCanonicalCursor(a), clang_getCanonicalCursor(b));
}

static bool is_global_scope(CXCursor decl)
{
    enum CXCursorKind k = clang_getCursorKind(clang_getCursorSemanticParent(decl));
    return k == CXCursor_TranslationUnit || k == CXCursor_Namespace || k == CXCursor_LinkageSpec;
}

/* A variable whose value at a launch is its initial one: a function's
 * local or parameter that nothing assigns (nor takes the address of), or
 * a const global. */
static bool keeps_initial_value(CXCursor decl)
{
    if (is_global_scope(decl))
        return clang_isConstQualifiedType(clang_getCursorType(decl));
    return !decl_assigned_in(clang_getCursorSemanticParent(decl), decl);
}

static int param_index(CXCursor fn, CXCursor parm)
{
    Children ch = children_of(fn);
    int idx = -1, k = 0;
    for (int i = 0; i < ch.n && idx < 0; i++)
        if (clang_getCursorKind(ch.c[i]) == CXCursor_ParmDecl) {
            if (clang_equalCursors(ch.c[i], parm))
                idx = k;
            k++;
        }
    free(ch.c);
    return idx;
}

/* A helper's parameter that every call passes the same constant (the
 * join of their values, host_range.c, is one point): unknown when a call
 * may be unseen (its address kept, a call in another unit that passes
 * another value). */
static HostVal same_at_every_call(Host *h, CXCursor parm, bool incoming)
{
    HostRange r = host_param_range(h, parm, incoming);
    return r.lo_known && r.hi_known && r.lo == r.hi ? constant(r.lo) : unknown;
}

/* ---- globals that keep their initial value ---- */

struct GlobalSeen {
    CXCursor decl;
    bool unwritten;
};

static enum CXChildVisitResult any_attribute(CXCursor c, CXCursor parent, CXClientData data)
{
    (void)parent;
    if (clang_isAttribute(clang_getCursorKind(c))) {
        *(bool *)data = true;
        return CXChildVisit_Break;
    }
    return CXChildVisit_Continue;
}

/* `int g_grid_size = 1;` at file scope, that nothing in its translation
 * unit assigns, increments or takes the address of (a reference to it, a
 * pointer, cudaMemcpyFromSymbol): at a launch it holds its initializer's
 * value.  A variable with attributes (`__device__`, `__managed__`: a
 * kernel may write it) is not one.  Cached per variable. */
static bool global_unwritten(Host *h, CXCursor decl)
{
    for (int i = 0; i < h->nglobals; i++)
        if (clang_equalCursors(h->globals[i].decl, decl))
            return h->globals[i].unwritten;
    bool attributed = false;
    clang_visitChildren(decl, any_attribute, &attributed);
    /* by the canonical declaration: a write may name another one
     * (`extern int g;` after the definition, then `g = n;`) */
    CXCursor canon = clang_getCanonicalCursor(decl);
    Decls written = assigned_in(clang_getTranslationUnitCursor(clang_Cursor_getTranslationUnit(decl)));
    bool unwritten = !attributed;
    for (int i = 0; i < written.n && unwritten; i++)
        unwritten = !clang_equalCursors(clang_getCanonicalCursor(written.c[i]), canon);
    for (int i = 0; i < written.ncalled && unwritten; i++) /* passed to a call that may change it */
        unwritten = !clang_equalCursors(clang_getCanonicalCursor(written.called[i]), canon);
    decls_free(&written);
    if (h->nglobals == h->capglobals) {
        h->capglobals = h->capglobals ? 2 * h->capglobals : 16;
        h->globals = xrealloc(h->globals, (size_t)h->capglobals * sizeof *h->globals);
    }
    h->globals[h->nglobals++] = (struct GlobalSeen){decl, unwritten};
    return unwritten;
}

/* A global of external linkage read so: another file of the program could
 * still write it, so the launch says it assumes the value. */
static void note_global(Host *h, CXCursor decl, int64_t v)
{
    if (clang_getCursorLinkage(decl) != CXLinkage_External)
        return; /* static, or in an unnamed namespace: this unit is all of its code */
    for (int i = 0; i < h->nused_globals; i++)
        if (clang_equalCursors(h->used_globals[i], decl))
            return;
    if (h->nused_globals < (int)(sizeof h->used_globals / sizeof *h->used_globals)) {
        h->used_globals[h->nused_globals] = decl;
        h->used_values[h->nused_globals++] = v;
    }
}

/* v, a value of expression e that reaches a read only when cond holds
 * (holds) or fails: bounded above where cond compares e's variable with
 * a constant (`n > 512` false: n <= 512; `n < t` true, t = 256: n <= 255).
 * The variable must not change between e's read and the condition's: it
 * changes nowhere after e's read (host_settled_at) or never, or nothing
 * between them may change it (host_unchanged_between: a global read from
 * a file, then tested). */
static HostVal guarded(Host *h, HostVal v, CXCursor fn, CXCursor e, CXCursor cond, bool holds)
{
    e = host_strip(e);
    cond = host_strip(cond);
    if (clang_Cursor_isNull(cond) || clang_getCursorKind(e) != CXCursor_DeclRefExpr ||
        clang_getCursorKind(cond) != CXCursor_BinaryOperator)
        return v;
    CXCursor var = clang_getCursorReferenced(e);
    if (!keeps_initial_value(var) && !host_settled_at(var, e) && !host_unchanged_between(fn, var, e, cond))
        return v;
    enum CXBinaryOperatorKind op = clang_getCursorBinaryOperatorKind(cond);
    CXCursor a = host_strip(child_at(cond, 0)), b = host_strip(child_at(cond, 1));
    bool left = clang_getCursorKind(a) == CXCursor_DeclRefExpr && host_same_decl(clang_getCursorReferenced(a), var);
    bool right = clang_getCursorKind(b) == CXCursor_DeclRefExpr && host_same_decl(clang_getCursorReferenced(b), var);
    if (left == right)
        return v;
    HostVal k = eval(h, left ? b : a);
    if (k.kind != HV_CONST)
        return v;
    /* as `var OP k` */
    if (right)
        op = op == CXBinaryOperator_LT ? CXBinaryOperator_GT : op == CXBinaryOperator_GT ? CXBinaryOperator_LT
           : op == CXBinaryOperator_LE ? CXBinaryOperator_GE : op == CXBinaryOperator_GE ? CXBinaryOperator_LE : op;
    if (!holds)
        op = op == CXBinaryOperator_LT ? CXBinaryOperator_GE : op == CXBinaryOperator_GT ? CXBinaryOperator_LE
           : op == CXBinaryOperator_LE ? CXBinaryOperator_GT : op == CXBinaryOperator_GE ? CXBinaryOperator_LT : op;
    if (op == (holds ? CXBinaryOperator_EQ : CXBinaryOperator_NE))
        return v.kind == HV_CONST ? v : constant(k.c); /* `x == k` holds: x is k */
    int64_t hi;
    if (op == CXBinaryOperator_LT && k.c > INT64_MIN)
        hi = k.c - 1;
    else if (op == CXBinaryOperator_LE)
        hi = k.c;
    else
        return v;
    if (!v.has_hi || hi < v.hi) {
        v.has_hi = true;
        v.hi = hi;
    }
    return v;
}

/* v, the value of decl (a local or parameter that never changes) at
 * read, refined by the conditions of the ifs read sits under
 * (host_read_guards): `if (grid_y == 1)` makes it 1, `if (n < 256)` at
 * most 255. */
static HostVal under_guards(Host *h, CXCursor decl, CXCursor read, HostVal v)
{
    CXCursor fn = clang_getCursorSemanticParent(decl);
    HostReach g[4];
    int n = clang_Cursor_isNull(read) ? 0 : host_read_guards(fn, read, g, 4);
    for (int i = 0; i < n && v.kind != HV_CONST; i++)
        v = guarded(h, v, fn, read, g[i].cond, g[i].holds);
    return v;
}

/* The value decl has at read from the assignments that reach it
 * (host_reaching_values): one constant when they all give it, else
 * unknown with the largest of their bounds when each has one. */
static HostVal reaching_val(Host *h, CXCursor decl, CXCursor read)
{
    HostReach r[4], in;
    int n = host_reaching_values(decl, read, r, 4, &in);
    bool any = false, same = true, bounded = true;
    int64_t first = 0, top = 0;
    for (int i = 0; i <= n; i++) { /* n < 0: none */
        HostReach x = i < n ? r[i] : in;
        if (clang_Cursor_isNull(x.value))
            continue;
        HostVal v = i < n ? eval(h, x.value) : same_at_every_call(h, decl, true);
        v = guarded(h, v, clang_getCursorSemanticParent(decl), i < n ? x.value : read, x.cond, x.holds);
        int64_t t = v.kind == HV_CONST ? v.c : v.hi; /* a constant's own value, whatever its guard says */
        same = same && v.kind == HV_CONST && (!any || v.c == first);
        bounded = bounded && (v.kind == HV_CONST || v.has_hi);
        first = any ? first : v.c;
        top = !any || t > top ? t : top;
        any = true;
    }
    if (!any)
        return unknown;
    if (same)
        return constant(first);
    HostVal out = unknown;
    out.has_hi = bounded;
    out.hi = top;
    return out;
}

/* read: the name's use, where a variable the function assigns may still
 * be one unknown value (host_settled_at). */
static HostVal eval_var(Host *h, CXCursor decl, CXCursor read)
{
    for (int i = h->nenv - 1; i >= 0; i--)
        if (clang_equalCursors(h->env[i].decl, decl))
            return h->env[i].v;
    enum CXCursorKind k = clang_getCursorKind(decl);
    if (k == CXCursor_EnumConstantDecl) /* in a template's pattern, a dependent one reads as 0 */
        return in_template_pattern(decl) ? unknown : constant(clang_getEnumConstantDeclValue(decl));
    if ((k != CXCursor_VarDecl && k != CXCursor_ParmDecl) || !type_is_integral(clang_getCursorType(decl)))
        return unknown;
    if (k == CXCursor_VarDecl && is_global_scope(decl) && !keeps_initial_value(decl) && global_unwritten(h, decl)) {
        CXCursor init = initializer(decl);
        HostVal v = clang_Cursor_isNull(init) ? unknown : eval(h, init);
        if (v.kind != HV_CONST)
            return unknown;
        note_global(h, decl, v.c);
        return v;
    }
    if (!keeps_initial_value(decl)) {
        /* the assignments that reach this read (`threads = 16;` before the
         * launch; `if (n > 512) t = 512;` after `t = n`), else one unknown
         * value if it no longer changes */
        HostVal v = reaching_val(h, decl, read);
        if (v.kind == HV_CONST)
            return v;
        HostVal named = host_settled_at(decl, read) ? variable(decl) : unknown;
        named.has_hi = v.has_hi;
        named.hi = v.hi;
        return named;
    }
    if (k == CXCursor_ParmDecl) {
        HostVal v = same_at_every_call(h, decl, false);
        return v.kind == HV_CONST ? v : under_guards(h, decl, read, variable(decl));
    }
    CXCursor init = initializer(decl);
    HostVal v = clang_Cursor_isNull(init) ? unknown : eval(h, init);
    if (v.kind == HV_CONST || is_global_scope(decl))
        return v;
    HostVal named = v.kind != HV_UNKNOWN ? v : variable(decl); /* keeps the bound: `int t = std::min(n, 256);` */
    named.has_hi = v.has_hi;
    named.hi = v.hi;
    return under_guards(h, decl, read, named);
}

/* The body of the host helper a call names (null when it is not defined
 * here, or is a kernel), its parameters bound to the call's arguments'
 * values from h->env[*mark] on (the caller restores h->nenv = *mark). */
static CXCursor enter_helper(Host *h, CXCursor call, int *mark)
{
    *mark = h->nenv;
    CXCursor def = clang_getCursorDefinition(clang_getCursorReferenced(call));
    if (clang_Cursor_isNull(def) || cursor_has_attr(def, CXCursor_CUDAGlobalAttr))
        return clang_getNullCursor();
    Children ch = children_of(def);
    CXCursor body = ch.n ? ch.c[ch.n - 1] : clang_getNullCursor();
    int nparams = 0;
    for (int i = 0; i < ch.n; i++)
        if (clang_getCursorKind(ch.c[i]) == CXCursor_ParmDecl) {
            HostVal a = nparams < clang_Cursor_getNumArguments(call)
                            ? eval(h, clang_Cursor_getArgument(call, (unsigned)nparams))
                            : unknown;
            HostBind b = {ch.c[i], a};
            VEC_PUSH(h->env, h->nenv, h->capenv, b);
            nparams++;
        }
    free(ch.c);
    return clang_getCursorKind(body) == CXCursor_CompoundStmt ? body : clang_getNullCursor();
}

/* A call of a helper whose body is `return e;`, or local declarations
 * and then `return e;` (host_helper_result): e with the parameters bound
 * to the arguments' values.  A relation is kept when it is over the
 * caller's variable (a parameter bound to it): a helper's own local has
 * no name at the launch, so nothing there can be related to it. */
static HostVal eval_helper(Host *h, CXCursor call)
{
    int mark;
    CXCursor body = enter_helper(h, call, &mark);
    CXCursor result = clang_Cursor_isNull(body) ? body : host_helper_result(body);
    HostVal r = clang_Cursor_isNull(result) ? unknown : eval(h, result);
    h->nenv = mark;
    HostVal run[3]; /* a body of more than `return e;`, on constants (host_exec.c) */
    if (r.kind != HV_CONST && clang_Cursor_isNull(result) && !clang_Cursor_isNull(body) &&
        host_exec_helper(h, call, false, run))
        return run[0];
    return r;
}

static int axis_of_member(CXCursor member)
{
    CXString s = clang_getCursorSpelling(member);
    const char *n = clang_getCString(s);
    int axis = n && n[0] && !n[1] && n[0] >= 'x' && n[0] <= 'z' ? n[0] - 'x' : -1;
    clang_disposeString(s);
    return axis;
}

static void eval_dim3(Host *h, CXCursor e, HostVal out[3]);
static void eval_dim3_var(Host *h, CXCursor var, HostVal out[3]);

static HostVal eval_binary(Host *h, CXCursor e)
{
    Children ch = children_of(e);
    HostVal r = unknown;
    if (ch.n == 2)
        r = combine(clang_getCursorBinaryOperatorKind(e), eval(h, ch.c[0]), eval(h, ch.c[1]));
    free(ch.c);
    return r;
}

static HostVal eval_inner(Host *h, CXCursor e)
{
    CXCursor outer = e;
    e = strip(e);
    enum CXCursorKind k = clang_getCursorKind(e);
    int64_t v;
    if (k == CXCursor_DeclRefExpr)
        return eval_var(h, clang_getCursorReferenced(e), e);
    /* literals, sizeof, enumerators, constexpr names and macros over them
     * (on the outer cursor too: libclang does not visit the literal of a
     * macro defined on the command line) */
    if (k != CXCursor_CallExpr && ((clang_isExpression(k) && eval_int(e, &v)) || eval_int(outer, &v)))
        return constant(v);
    switch (k) {
    case CXCursor_BinaryOperator:
        return eval_binary(h, e);
    case CXCursor_UnaryOperator: {
        HostVal a = eval(h, operand(e));
        if (clang_getCursorUnaryOperatorKind(e) == CXUnaryOperator_Minus)
            return a.kind == HV_CONST && a.c != INT64_MIN ? constant(-a.c) : unknown;
        if (clang_getCursorUnaryOperatorKind(e) == CXUnaryOperator_Not)
            return a.kind == HV_CONST ? complement(clang_getCursorType(e), a.c) : unknown;
        return clang_getCursorUnaryOperatorKind(e) == CXUnaryOperator_Plus ? a : unknown;
    }
    case CXCursor_ConditionalOperator: {
        Children ch = children_of(e);
        HostVal r = unknown;
        if (ch.n == 3) {
            HostVal c = eval(h, ch.c[0]);
            if (c.kind == HV_CONST)
                r = eval(h, ch.c[c.c ? 1 : 2]);
        }
        free(ch.c);
        return r;
    }
    case CXCursor_ArraySubscriptExpr:
        return host_aggregate_value(h, e);
    case CXCursor_UnaryExpr:
        return host_sizeof_param(h, e);
    case CXCursor_MemberRefExpr: {
        int axis = axis_of_member(e);
        CXCursor base = operand(e);
        if (axis < 0 || clang_Cursor_isNull(base) || !is_dim3(clang_getCursorType(base)))
            return host_aggregate_value(h, e);
        HostVal d[3];
        eval_dim3(h, base, d);
        return d[axis];
    }
    case CXCursor_CallExpr: {
        if (eval_int(e, &v)) /* a constexpr function */
            return constant(v);
        HostVal m;
        return host_math_call(h, e, &m) ? m : eval_helper(h, e);
    }
    default:
        return unknown;
    }
}

static HostVal eval(Host *h, CXCursor e)
{
    if (clang_Cursor_isNull(e) || h->depth >= HOST_MAX_DEPTH)
        return unknown;
    h->depth++;
    HostVal r = eval_inner(h, e);
    h->depth--;
    return r;
}

static void all_unknown(HostVal out[3])
{
    out[0] = out[1] = out[2] = unknown;
}

/* dim3(...), and the copies C++14 makes of it (unnamed constructor calls). */
static bool is_dim3_construction(CXCursor e)
{
    if (clang_getCursorKind(e) != CXCursor_CallExpr || !is_dim3(clang_getCursorType(e)))
        return false;
    CXString s = clang_getCursorSpelling(e);
    bool yes = strcmp(clang_getCString(s), "dim3") == 0 || clang_getCString(s)[0] == '\0' ||
               clang_getCursorKind(clang_getCursorReferenced(e)) == CXCursor_Constructor;
    clang_disposeString(s);
    return yes;
}

/* ---- dim3 variables set field by field ---- */

/* A plain assignment `d.x = e` to a field: the statement, and the
 * compound statement it is a statement of (null when under a branch or
 * loop header of its own). */
typedef struct FieldWrite {
    CXCursor stmt, block;
    int axis;
    bool whole; /* `d = e` (dim3's operator=): every field from e */
} FieldWrite;

/* What the function around a dim3 variable does to it: `dim3 threads;
 * threads.x = 256; threads.y = 1;` sets it field by field. */
typedef struct Dim3Writes {
    CXCursor var;
    FieldWrite *at;
    int n, cap;
    CXCursor *loops; /* the function's loop statements */
    int nloops, caploops;
    bool other; /* `d.x += ...`, `&d`, a non-const reference, `d = e` not as a statement of its own */
    CXCursor top, top_block; /* the statement being visited, and its compound statement */
} Dim3Writes;

static bool names_var(CXCursor e, CXCursor var)
{
    e = strip(e);
    return clang_getCursorKind(e) == CXCursor_DeclRefExpr && same_decl(clang_getCursorReferenced(e), var);
}

/* `d.y` for the variable: its axis, else -1. */
static int field_of_var(CXCursor e, CXCursor var)
{
    e = strip(e);
    if (clang_getCursorKind(e) != CXCursor_MemberRefExpr || !names_var(operand(e), var))
        return -1;
    return axis_of_member(e);
}

static bool is_assignment_op(CXCursor c)
{
    enum CXBinaryOperatorKind op = clang_getCursorBinaryOperatorKind(c);
    return op >= CXBinaryOperator_Assign && op <= CXBinaryOperator_OrAssign;
}

static void note_dim3_assignment(Dim3Writes *w, CXCursor c, CXCursor parent)
{
    Children ch = children_of(c);
    int axis = ch.n == 2 ? field_of_var(ch.c[0], w->var) : -1;
    if (axis >= 0 && clang_getCursorBinaryOperatorKind(c) == CXBinaryOperator_Assign) {
        FieldWrite f = {c, clang_getCursorKind(parent) == CXCursor_CompoundStmt ? parent : clang_getNullCursor(),
                        axis, false};
        VEC_PUSH(w->at, w->n, w->cap, f);
    } else if (ch.n == 2 && (axis >= 0 || names_var(ch.c[0], w->var))) {
        w->other = true;
    }
    free(ch.c);
}

/* The compound statement of which an expression with this parent is a statement (clang
 * may wrap it in an unexposed conversion), else a null cursor. */
static CXCursor statement_block(const Dim3Writes *w, CXCursor parent)
{
    if (clang_getCursorKind(parent) == CXCursor_CompoundStmt)
        return parent;
    if (clang_getCursorKind(parent) == CXCursor_UnexposedExpr && clang_equalCursors(parent, w->top))
        return w->top_block;
    return clang_getNullCursor();
}

/* A call that may change the variable: its operator= (`d = dim3(32)`),
 * or a parameter that is a non-const reference to it.  A constructor
 * only copies it (`return d;` moves it: dim3 is trivially copyable). */
static void note_dim3_call(Dim3Writes *w, CXCursor call, CXCursor parent)
{
    if (clang_getCursorKind(clang_getCursorReferenced(call)) == CXCursor_Constructor)
        return;
    CXString s = clang_getCursorSpelling(call);
    const char *name = clang_getCString(s);
    bool assigns = strncmp(name, "operator", 8) == 0 && name[strlen(name) - 1] == '=' &&
                   strcmp(name, "operator==") != 0 && strcmp(name, "operator!=") != 0 &&
                   strcmp(name, "operator<=") != 0 && strcmp(name, "operator>=") != 0;
    bool plain = strcmp(name, "operator=") == 0;
    clang_disposeString(s);
    CXCursor block = statement_block(w, parent);
    if (plain && clang_Cursor_getNumArguments(call) == 2 && names_var(clang_Cursor_getArgument(call, 0), w->var)) {
        /* `threads = dim3(16, 16);`: a write of every field, whose value
         * reaches a later launch only from a statement of its own (a null
         * block: under a branch, or inside an expression) */
        for (int a = 0; a < 3; a++) {
            FieldWrite f = {call, block, a, true};
            VEC_PUSH(w->at, w->n, w->cap, f);
        }
        return;
    }
    CXCursor callee = clang_getCursorReferenced(call);
    int n = clang_Cursor_getNumArguments(call);
    for (int i = 0; i < n && !w->other; i++) {
        if (!names_var(clang_Cursor_getArgument(call, (unsigned)i), w->var))
            continue;
        CXType pt = {CXType_Invalid, {0, 0}};
        if (!clang_Cursor_isNull(callee) && i < clang_Cursor_getNumArguments(callee))
            pt = clang_getCursorType(clang_Cursor_getArgument(callee, (unsigned)i));
        w->other = (assigns && i == 0) ||
                   (is_reference_type(pt) && !clang_isConstQualifiedType(clang_getPointeeType(pt)));
    }
}

static enum CXChildVisitResult dim3_write(CXCursor c, CXCursor parent, CXClientData data)
{
    Dim3Writes *w = data;
    enum CXCursorKind k = clang_getCursorKind(c);
    if (clang_getCursorKind(parent) == CXCursor_CompoundStmt) {
        w->top = c;
        w->top_block = parent;
    }
    if ((k == CXCursor_BinaryOperator || k == CXCursor_CompoundAssignOperator) && is_assignment_op(c)) {
        note_dim3_assignment(w, c, parent);
    } else if (k == CXCursor_UnaryOperator) {
        enum CXUnaryOperatorKind op = clang_getCursorUnaryOperatorKind(c);
        CXCursor x = operand(c);
        if ((op == CXUnaryOperator_AddrOf || (op >= CXUnaryOperator_PostInc && op <= CXUnaryOperator_PreDec)) &&
            (names_var(x, w->var) || field_of_var(x, w->var) >= 0))
            w->other = true;
    } else if (k == CXCursor_CallExpr) {
        note_dim3_call(w, c, parent);
    } else if (k == CXCursor_ForStmt || k == CXCursor_WhileStmt || k == CXCursor_DoStmt ||
               k == CXCursor_CXXForRangeStmt) {
        VEC_PUSH(w->loops, w->nloops, w->caploops, c);
    }
    return w->other ? CXChildVisit_Break : CXChildVisit_Recurse;
}

/* Where a cursor starts, and the file it is in. */
static unsigned offset_of(CXSourceLocation l, CXFile *f)
{
    unsigned off;
    clang_getExpansionLocation(l, f, NULL, NULL, &off);
    return off;
}

/* Does `outer`'s extent hold `c`'s start (in the same file)? */
static bool encloses(CXCursor outer, CXCursor c)
{
    CXFile fo, fc;
    CXSourceRange r = clang_getCursorExtent(outer);
    unsigned from = offset_of(clang_getRangeStart(r), &fo), to = offset_of(clang_getRangeEnd(r), NULL);
    unsigned at = offset_of(clang_getCursorLocation(c), &fc);
    return clang_File_isEqual(fo, fc) && from <= at && at < to;
}

static bool before(CXCursor a, CXCursor b)
{
    CXFile fa, fb;
    unsigned x = offset_of(clang_getCursorLocation(a), &fa), y = offset_of(clang_getCursorLocation(b), &fb);
    return clang_File_isEqual(fa, fb) && x < y;
}

/* May the write reach `at` through a loop around both, coming after it? */
static bool comes_round(const Dim3Writes *w, const FieldWrite *f, CXCursor at)
{
    for (int i = 0; i < w->nloops; i++)
        if (encloses(w->loops[i], f->stmt) && encloses(w->loops[i], at))
            return true;
    return false;
}

/* The write of `axis` that gives the field its value at `at`: the last
 * one before it, a statement of a block that holds `at` (so it runs
 * before `at` on every path there), none coming round a loop after it.
 * *known false: the value cannot be told; a null stmt: the initial one. */
static FieldWrite reaching_write(const Dim3Writes *w, int axis, CXCursor at, bool *known)
{
    FieldWrite last = {clang_getNullCursor(), clang_getNullCursor(), axis, false};
    *known = !clang_Cursor_isNull(at);
    for (int i = 0; i < w->n && *known; i++) {
        const FieldWrite *f = &w->at[i];
        if (f->axis != axis)
            continue;
        if (!before(f->stmt, at))
            *known = !comes_round(w, f, at);
        else if (clang_Cursor_isNull(last.stmt) || before(last.stmt, f->stmt))
            last = *f;
    }
    if (*known && !clang_Cursor_isNull(last.stmt))
        *known = !clang_Cursor_isNull(last.block) && encloses(last.block, at);
    return last;
}

/* Do two cursors span the same text (one statement met from two visits,
 * or a statement and the conversion clang wraps it in)? */
static bool same_span(CXCursor a, CXCursor b)
{
    CXSourceRange ra = clang_getCursorExtent(a), rb = clang_getCursorExtent(b);
    CXFile fa, fb;
    return offset_of(clang_getRangeStart(ra), &fa) == offset_of(clang_getRangeStart(rb), &fb) &&
           offset_of(clang_getRangeEnd(ra), NULL) == offset_of(clang_getRangeEnd(rb), NULL) &&
           clang_File_isEqual(fa, fb);
}

/* Is c, a statement, one of the writes of `axis`? */
static bool is_write_of(const Dim3Writes *w, int axis, CXCursor c)
{
    for (int i = 0; i < w->n; i++)
        if (w->at[i].axis == axis && same_span(w->at[i].stmt, c))
            return true;
    return false;
}

/* Does statement c write `axis` on every path through it that ends
 * normally: a write, a block one of whose statements does, an `if`
 * both of whose branches do? */
static bool always_writes(const Dim3Writes *w, int axis, CXCursor c)
{
    enum CXCursorKind k = clang_getCursorKind(c);
    if (is_write_of(w, axis, c))
        return true;
    if (k != CXCursor_CompoundStmt && k != CXCursor_IfStmt)
        return false;
    Children ch = children_of(c);
    bool yes = false;
    if (k == CXCursor_CompoundStmt)
        for (int i = 0; i < ch.n && !yes; i++)
            yes = always_writes(w, axis, ch.c[i]);
    else /* condition, then, else (an `if` with an init or a declaration has more: not followed) */
        yes = ch.n == 3 && always_writes(w, axis, ch.c[1]) && always_writes(w, axis, ch.c[2]);
    free(ch.c);
    return yes;
}

/* The statements of the blocks that hold `at`, before it: does one
 * write `axis` on every path (always_writes)? */
typedef struct Covering {
    const Dim3Writes *w;
    int axis;
    CXCursor at;
    bool found;
} Covering;

static enum CXChildVisitResult find_covering(CXCursor c, CXCursor parent, CXClientData data)
{
    Covering *cv = data;
    if (clang_getCursorKind(c) == CXCursor_SwitchStmt)
        return CXChildVisit_Continue; /* a `case` label may jump past any statement of its body */
    if (clang_getCursorKind(parent) == CXCursor_CompoundStmt && before(c, cv->at) && !encloses(c, cv->at))
        cv->found |= always_writes(cv->w, cv->axis, c);
    return cv->found ? CXChildVisit_Break : encloses(c, cv->at) ? CXChildVisit_Recurse : CXChildVisit_Continue;
}

/* `if (a) { d.x = 32; ... } else { d.x = 32; ... }` before `at`: every
 * write of the axis before `at` gives one constant, none comes round a
 * loop after it, and some statement before `at` writes it on every path,
 * so the initial value never reaches `at` either: that constant. */
static HostVal joined_writes(Host *h, const Dim3Writes *w, CXCursor fn, int axis)
{
    CXCursor at = h->at;
    HostVal common = unknown;
    bool agree = !clang_Cursor_isNull(at);
    for (int i = 0; i < w->n && agree; i++) {
        const FieldWrite *f = &w->at[i];
        if (f->axis != axis || f->whole)
            continue; /* a whole write (`d = e`) is left to reaching_write */
        if (!before(f->stmt, at)) {
            agree = !comes_round(w, f, at);
            continue;
        }
        h->at = f->stmt;
        Children ch = children_of(f->stmt);
        HostVal v = ch.n == 2 ? eval(h, ch.c[1]) : unknown;
        free(ch.c);
        h->at = at;
        agree = v.kind == HV_CONST && (common.kind == HV_UNKNOWN || v.c == common.c);
        common = v;
    }
    for (int i = 0; i < w->n && agree; i++)
        agree = w->at[i].axis != axis || !w->at[i].whole;
    Covering cv = {w, axis, at, false};
    if (agree && common.kind == HV_CONST)
        clang_visitChildren(fn, find_covering, &cv);
    return cv.found ? common : unknown;
}

/* A dim3 variable at h->at, field by field: the value of the write that
 * reaches it (reaching_write), else the initial value (a const global,
 * or a local: `dim3 d;` is (1, 1, 1)); anything else that may change it
 * leaves every field unknown. */
static void eval_dim3_var(Host *h, CXCursor var, HostVal out[3])
{
    all_unknown(out);
    if (is_global_scope(var) && !clang_isConstQualifiedType(clang_getCursorType(var)))
        return;
    Dim3Writes w = {.var = var};
    if (!is_global_scope(var))
        clang_visitChildren(clang_getCursorSemanticParent(var), dim3_write, &w);
    HostVal initial[3];
    CXCursor init = initializer(var);
    if (clang_Cursor_isNull(init))
        initial[0] = initial[1] = initial[2] = constant(1);
    else
        eval_dim3(h, init, initial);
    for (int a = 0; a < 3 && !w.other; a++) {
        bool known;
        FieldWrite f = reaching_write(&w, a, h->at, &known);
        if (!known && !is_global_scope(var))
            out[a] = joined_writes(h, &w, clang_getCursorSemanticParent(var), a);
        if (!known)
            continue;
        if (clang_Cursor_isNull(f.stmt)) {
            out[a] = initial[a];
            continue;
        }
        CXCursor at = h->at;
        h->at = f.stmt; /* the value it is given there */
        if (f.whole) {
            HostVal all[3];
            eval_dim3(h, clang_Cursor_getArgument(f.stmt, 1), all);
            out[a] = all[a];
        } else {
            Children ch = children_of(f.stmt);
            out[a] = ch.n == 2 ? eval(h, ch.c[1]) : unknown;
            free(ch.c);
        }
        h->at = at;
    }
    free(w.at);
    free(w.loops);
}

static CXCursor axis_expr(Host *h, CXCursor e, int a, int depth);

/* The expression that gives axis a of dim3 variable var at h->at, as
 * eval_dim3_var finds its value: the reaching write's, else the
 * initializer's; a null cursor where that cannot be told. */
static CXCursor dim3_var_axis(Host *h, CXCursor var, int a, int depth)
{
    if (is_global_scope(var))
        return clang_getNullCursor();
    Dim3Writes w = {.var = var};
    clang_visitChildren(clang_getCursorSemanticParent(var), dim3_write, &w);
    bool known = !w.other;
    FieldWrite f = known ? reaching_write(&w, a, h->at, &known) : (FieldWrite){0};
    CXCursor e = clang_getNullCursor();
    if (known && clang_Cursor_isNull(f.stmt))
        e = axis_expr(h, initializer(var), a, depth + 1);
    else if (known && f.whole)
        e = axis_expr(h, clang_Cursor_getArgument(f.stmt, 1), a, depth + 1);
    else if (known)
        e = child_at(f.stmt, 1);
    free(w.at);
    free(w.loops);
    return e;
}

/* The return statements of a helper returning a dim3, each evaluated
 * (not those of a lambda inside it). */
typedef struct Dim3Returns {
    Host *h;
    HostVal axes[3];
    int seen;
} Dim3Returns;

/* What two returns both give: the constant they agree on. */
static HostVal agreed(HostVal a, HostVal b)
{
    return a.kind == HV_CONST && b.kind == HV_CONST && a.c == b.c ? a : unknown;
}

static enum CXChildVisitResult dim3_return(CXCursor c, CXCursor parent, CXClientData data)
{
    (void)parent;
    Dim3Returns *r = data;
    enum CXCursorKind k = clang_getCursorKind(c);
    if (k == CXCursor_LambdaExpr)
        return CXChildVisit_Continue;
    if (k != CXCursor_ReturnStmt)
        return CXChildVisit_Recurse;
    HostVal d[3];
    eval_dim3(r->h, operand(c), d);
    for (int a = 0; a < 3; a++)
        r->axes[a] = agreed(r->seen ? r->axes[a] : d[a], d[a]);
    r->seen++;
    return CXChildVisit_Continue;
}

/* `dim3 grid_for(size_t n) { ...; dim3 d = {x, y, 1}; return d; }`: the
 * axes every return of the helper gives the same constant, its
 * parameters bound to the call's arguments (x may depend on branches
 * while z is 1 on every path). */
static void eval_dim3_helper(Host *h, CXCursor call, HostVal out[3])
{
    int mark;
    CXCursor body = enter_helper(h, call, &mark);
    Dim3Returns r = {h, {unknown, unknown, unknown}, 0};
    if (!clang_Cursor_isNull(body))
        clang_visitChildren(body, dim3_return, &r);
    h->nenv = mark;
    for (int a = 0; a < 3; a++)
        out[a] = r.seen ? r.axes[a] : unknown;
}

/* dim3 values: a construction dim3(x, y, z) (missing axes are 1), a copy,
 * a variable that keeps its initial value, a helper's result, or an
 * integer (x, 1, 1). */
static void eval_dim3(Host *h, CXCursor e, HostVal out[3])
{
    all_unknown(out);
    if (clang_Cursor_isNull(e) || h->depth >= HOST_MAX_DEPTH)
        return;
    h->depth++;
    e = strip(e);
    if (is_dim3_construction(e)) {
        int n = clang_Cursor_getNumArguments(e);
        CXCursor first = n > 0 ? clang_Cursor_getArgument(e, 0) : clang_getNullCursor();
        if (n == 1 && is_dim3(clang_getCursorType(first))) {
            eval_dim3(h, first, out);
        } else {
            for (int a = 0; a < 3; a++)
                out[a] = a < n ? eval(h, clang_Cursor_getArgument(e, (unsigned)a)) : constant(1);
        }
    } else if (clang_getCursorKind(e) == CXCursor_DeclRefExpr && is_dim3(clang_getCursorType(e))) {
        CXCursor decl = clang_getCursorReferenced(e);
        if (clang_getCursorKind(decl) == CXCursor_VarDecl)
            eval_dim3_var(h, decl, out);
    } else if (clang_getCursorKind(e) == CXCursor_CallExpr && is_dim3(clang_getCursorType(e))) {
        if (!host_exec_helper(h, e, true, out)) /* run on constants (host_exec.c), else its returns joined */
            eval_dim3_helper(h, e, out);
    } else if (type_is_integral(clang_getCursorType(e))) {
        out[0] = eval(h, e);
        out[1] = out[2] = constant(1);
    }
    h->depth--;
}

/* ---- finding the launches ---- */

static bool callee_is(CXCursor call, const char *name)
{
    CXString s = clang_getCursorSpelling(call);
    bool yes = strcmp(clang_getCString(s), name) == 0;
    clang_disposeString(s);
    return yes;
}

/* A `<<<...>>>` launch: its execution configuration, the call of
 * cudaConfigureCall among its children. */
static CXCursor exec_config(CXCursor call)
{
    Children ch = children_of(call);
    CXCursor r = clang_getNullCursor();
    for (int i = 0; i < ch.n && clang_Cursor_isNull(r); i++)
        if (clang_getCursorKind(ch.c[i]) == CXCursor_CallExpr && callee_is(ch.c[i], "cudaConfigureCall"))
            r = ch.c[i];
    free(ch.c);
    return r;
}

/* The runtime's launch calls, with the grid and block as arguments, or in
 * a cudaLaunchConfig_t (the Ex forms); the driver API's, on a CUfunction
 * whose kernel the host names by a string (never read: every launch). */
static const char *const runtime_launches[] = {"cudaLaunchKernel", "cudaLaunchCooperativeKernel", NULL};
static const char *const config_launches[] = {"cudaLaunchKernelEx", "cudaLaunchKernelExC", NULL};
static const char *const driver_launches[] = {"cuLaunchKernel", "cuLaunchCooperativeKernel", NULL};

static bool callee_in(CXCursor call, const char *const *names)
{
    for (const char *const *n = names; *n; n++)
        if (callee_is(call, *n))
            return true;
    return false;
}

static bool is_launch_api(CXCursor call)
{
    return callee_in(call, runtime_launches) || callee_in(call, config_launches) || callee_in(call, driver_launches);
}

static enum CXChildVisitResult find_calls(CXCursor c, CXCursor parent, CXClientData data)
{
    (void)parent;
    Host *h = data;
    if (clang_Location_isInSystemHeader(clang_getCursorLocation(c)))
        return CXChildVisit_Continue;
    enum CXCursorKind k = clang_getCursorKind(c);
    if (k == CXCursor_FunctionDecl || k == CXCursor_CXXMethod || k == CXCursor_FunctionTemplate) {
        CXCursor outer = h->current;
        h->current = c;
        clang_visitChildren(c, find_calls, h);
        h->current = outer;
        return CXChildVisit_Continue;
    }
    if (k == CXCursor_CallExpr) {
        VEC_PUSH(h->calls, h->ncalls, h->capcalls, c);
        if (is_launch_api(c) || !clang_Cursor_isNull(exec_config(c))) {
            VEC_PUSH(h->sites, h->nsites, h->capsites, c);
            VEC_PUSH(h->site_fn, h->nsite_fn, h->capsite_fn, h->current);
        }
    }
    return CXChildVisit_Recurse;
}

/* ---- one site ---- */


/* `(void *)k`, `(const void *)&k<128>`: the function named. */
static CXCursor function_named(CXCursor e)
{
    for (int guard = 0; guard < 8; guard++) {
        e = strip(e);
        if (clang_getCursorKind(e) == CXCursor_UnaryOperator &&
            clang_getCursorUnaryOperatorKind(e) == CXUnaryOperator_AddrOf)
            e = operand(e);
        else
            break;
    }
    return clang_getCursorKind(e) == CXCursor_DeclRefExpr ? clang_getCursorReferenced(e) : clang_getNullCursor();
}

enum { MAX_ARGS_ARRAY = 64 };

static bool assignment_sides(CXCursor c, CXCursor *lhs, CXCursor *rhs, bool *plain);

/* The elements of a launch's argument array: each one's value (its
 * initializer's element, or the one `args[k] = &x;`), and whether the
 * array is used only so (its element assignments, launches). */
typedef struct ArgsArray {
    CXCursor var;
    unsigned call_off; /* the launch: an element assigned after it does not reach it */
    CXCursor vals[MAX_ARGS_ARRAY];
    int nvals[MAX_ARGS_ARRAY];
    int refs, allowed;
} ArgsArray;

static unsigned cursor_offset(CXCursor c)
{
    unsigned off;
    clang_getExpansionLocation(clang_getCursorLocation(c), NULL, NULL, NULL, &off);
    return off;
}

static enum CXChildVisitResult args_use(CXCursor c, CXCursor parent, CXClientData data)
{
    (void)parent;
    ArgsArray *a = data;
    CXCursor lhs, rhs;
    bool plain;
    int64_t k;
    if (assignment_sides(c, &lhs, &rhs, &plain) && plain &&
        clang_getCursorKind(strip(lhs)) == CXCursor_ArraySubscriptExpr &&
        same_decl(function_named(child_at(strip(lhs), 0)), a->var) && eval_int(child_at(strip(lhs), 1), &k) &&
        k >= 0 && k < MAX_ARGS_ARRAY && cursor_offset(c) < a->call_off) {
        a->vals[k] = rhs;
        a->nvals[k]++;
        a->allowed++;
        a->refs++;
        clang_visitChildren(rhs, args_use, a);
        return CXChildVisit_Continue;
    }
    if (clang_getCursorKind(c) == CXCursor_CallExpr && is_launch_api(c))
        for (int i = 0; i < clang_Cursor_getNumArguments(c); i++)
            a->allowed += same_decl(function_named(clang_Cursor_getArgument(c, (unsigned)i)), a->var);
    if (clang_getCursorKind(c) == CXCursor_DeclRefExpr && same_decl(clang_getCursorReferenced(c), a->var))
        a->refs++;
    return CXChildVisit_Recurse;
}

/* cudaLaunchKernel's `void *args[] = {&a, &n}` (or `void *args[2]; args[0]
 * = &a; ...` before the launch): the arguments, by the variables whose
 * addresses the array holds.  An array used any other way (handed to a
 * function, an element assigned twice or after the launch, one left
 * unset) is not read. */
static void args_array(CXCursor e, CXCursor call, Site *s)
{
    CXCursor decl = function_named(e);
    if (clang_getCursorKind(decl) != CXCursor_VarDecl)
        return;
    ArgsArray *a = xcalloc(1, sizeof *a);
    a->var = decl;
    a->call_off = cursor_offset(call);
    int n = 0;
    CXCursor init = clang_Cursor_getVarDeclInitializer(decl); /* not the size's literal */
    init = clang_Cursor_isNull(init) ? init : strip(init);
    if (clang_getCursorKind(init) == CXCursor_InitListExpr) {
        Children ch = children_of(init);
        for (int i = 0; i < ch.n && i < MAX_ARGS_ARRAY; i++) {
            a->vals[i] = ch.c[i];
            a->nvals[i] = 1;
        }
        n = ch.n;
        free(ch.c);
    } else if (clang_Cursor_isNull(init)) {
        long long size = clang_getArraySize(clang_getCanonicalType(clang_getCursorType(decl)));
        n = size > 0 && size <= MAX_ARGS_ARRAY ? (int)size : -1;
    } else {
        n = -1;
    }
    clang_visitChildren(clang_getCursorSemanticParent(decl), args_use, a);
    bool known = n >= 0 && n <= MAX_ARGS_ARRAY && a->refs == a->allowed;
    for (int i = 0; i < n && known; i++)
        known = a->nvals[i] == 1;
    if (known) {
        s->args = xcalloc((size_t)n + 1, sizeof *s->args);
        for (int i = 0; i < n; i++) {
            CXCursor v = strip(a->vals[i]);
            if (clang_getCursorKind(v) == CXCursor_UnaryOperator &&
                clang_getCursorUnaryOperatorKind(v) == CXUnaryOperator_AddrOf)
                v = operand(v);
            s->args[s->nargs++] = v;
        }
    }
    free(a);
}

/* Does fn take nargs arguments?  A trailing parameter pack
 * (`Ts... rest`) takes any number, none included. */
/* `Ts... rest`: a function parameter pack (its type is spelled with the
 * trailing ellipsis). */
bool host_param_is_pack(CXCursor parm)
{
    CXString t = clang_getTypeSpelling(clang_getCursorType(parm));
    const char *sp = clang_getCString(t);
    size_t len = strlen(sp);
    bool pack = len >= 3 && strcmp(sp + len - 3, "...") == 0;
    clang_disposeString(t);
    return pack;
}

static bool takes_args(CXCursor fn, int nargs)
{
    Children ch = children_of(fn);
    int n = 0;
    bool pack = false;
    for (int i = 0; i < ch.n; i++) {
        if (clang_getCursorKind(ch.c[i]) != CXCursor_ParmDecl)
            continue;
        n++;
        pack = host_param_is_pack(ch.c[i]);
    }
    free(ch.c);
    return n == nargs || (pack && nargs >= n - 1);
}

/* The overloaded name a dependent callee refers to: the callee itself,
 * or the child of `k<...>` or `ns::k<...>` (after the namespace's
 * reference), or a null cursor. */
static CXCursor overloaded_name(CXCursor callee)
{
    if (clang_getCursorKind(callee) == CXCursor_OverloadedDeclRef)
        return callee;
    Children ch = children_of(callee);
    CXCursor found = clang_getNullCursor();
    for (int i = 0; i < ch.n && clang_Cursor_isNull(found); i++)
        if (clang_getCursorKind(ch.c[i]) == CXCursor_OverloadedDeclRef)
            found = ch.c[i];
        else if (clang_getCursorKind(ch.c[i]) != CXCursor_NamespaceRef &&
                 clang_getCursorKind(ch.c[i]) != CXCursor_TypeRef && clang_getCursorKind(ch.c[i]) != CXCursor_TemplateRef)
            break; /* past the name's qualifiers: template arguments */
    free(ch.c);
    return found;
}

/* `k<T, 256><<<1, b>>>(...)` inside a host function template: clang
 * leaves the callee dependent, a reference to the overloaded name.  The
 * which-th function template of that name that takes nargs parameters
 * (overloads told apart by a tag argument's type: each may be the one
 * launched here), or a null cursor. */
static CXCursor dependent_kernel(CXCursor call, int nargs, int which)
{
    CXCursor ov = overloaded_name(strip(child_at(call, 0)));
    if (clang_Cursor_isNull(ov))
        return clang_getNullCursor();
    for (unsigned i = 0; i < clang_getNumOverloadedDecls(ov); i++) {
        CXCursor fn = clang_getOverloadedDecl(ov, i);
        if (clang_getCursorKind(fn) == CXCursor_FunctionTemplate && takes_args(fn, nargs) && which-- == 0)
            return fn;
    }
    return clang_getNullCursor();
}

/* ---- cudaLaunchKernelEx's configuration ---- */

typedef struct ConfigWrites {
    CXCursor var;
    const char *field;
    CXCursor call; /* the launch: writes after it do not reach it */
    CXCursor value; /* the one plain `var.field = value;` before the call */
    int nwrites;    /* writes of var.field (or of a part of it), before or after */
} ConfigWrites;

/* `var.m`, a member of var itself. */
static bool member_of_var(CXCursor e, CXCursor var)
{
    if (clang_getCursorKind(e) != CXCursor_MemberRefExpr)
        return false;
    CXCursor base = strip(child_at(e, 0));
    return clang_getCursorKind(base) == CXCursor_DeclRefExpr && same_decl(clang_getCursorReferenced(base), var);
}

/* `var.field` (through parentheses), the member reached from it. */
static bool names_config_field(CXCursor e, CXCursor var, const char *field)
{
    e = strip(e);
    return member_of_var(e, var) && cursor_name_is(e, field);
}

/* An assignment's two sides: `lhs = rhs` (plain: *plain), `lhs op= rhs`,
 * or a class's `operator=` (dim3's: plain); false for anything else. */
static bool assignment_sides(CXCursor c, CXCursor *lhs, CXCursor *rhs, bool *plain)
{
    enum CXCursorKind k = clang_getCursorKind(c);
    if (k == CXCursor_CallExpr && callee_is(c, "operator=") && clang_Cursor_getNumArguments(c) == 2) {
        *lhs = clang_Cursor_getArgument(c, 0);
        *rhs = clang_Cursor_getArgument(c, 1);
        *plain = true;
        return true;
    }
    if (k != CXCursor_BinaryOperator && k != CXCursor_CompoundAssignOperator)
        return false;
    enum CXBinaryOperatorKind op = clang_getCursorBinaryOperatorKind(c);
    if (op < CXBinaryOperator_Assign || op > CXBinaryOperator_OrAssign)
        return false;
    *lhs = child_at(c, 0);
    *rhs = child_at(c, 1);
    *plain = op == CXBinaryOperator_Assign;
    return true;
}

static enum CXChildVisitResult config_write(CXCursor c, CXCursor parent, CXClientData data)
{
    (void)parent;
    ConfigWrites *w = data;
    CXCursor lhs, rhs;
    bool plain;
    if (!assignment_sides(c, &lhs, &rhs, &plain))
        return CXChildVisit_Recurse;
    lhs = strip(lhs);
    bool whole = names_config_field(lhs, w->var, w->field);
    bool part = !whole && clang_getCursorKind(lhs) == CXCursor_MemberRefExpr &&
                names_config_field(child_at(lhs, 0), w->var, w->field); /* cfg.blockDim.x = 64 */
    if (whole || part) {
        w->nwrites++;
        if (whole && plain && before(c, w->call))
            w->value = rhs;
    }
    return CXChildVisit_Recurse;
}

/* What field `index` (`field` by name) of the configuration a launch
 * passes holds at the launch: its one plain assignment before it, else
 * the variable's braced initializer; a null cursor when that cannot be
 * told (written twice or in part, a configuration behind a pointer). */
static CXCursor config_field(CXCursor cfg, CXCursor call, const char *field, int index)
{
    cfg = strip(cfg);
    if (clang_getCursorKind(cfg) == CXCursor_UnaryOperator && clang_getCursorUnaryOperatorKind(cfg) == CXUnaryOperator_AddrOf)
        cfg = strip(operand(cfg));
    CXCursor var = clang_getCursorKind(cfg) == CXCursor_DeclRefExpr ? clang_getCursorReferenced(cfg) : cfg;
    if (clang_getCursorKind(var) != CXCursor_VarDecl)
        return clang_getNullCursor();
    ConfigWrites w = {var, field, call, clang_getNullCursor(), 0};
    clang_visitChildren(clang_getCursorSemanticParent(var), config_write, &w);
    if (w.nwrites == 1 && !clang_Cursor_isNull(w.value))
        return w.value;
    CXCursor init = strip(initializer(var));
    if (w.nwrites > 0 || clang_getCursorKind(init) != CXCursor_InitListExpr)
        return clang_getNullCursor();
    return child_at(init, index);
}

/* `cudaLaunchKernelEx(&cfg, k, a, b)` (the C form: `(void *)k, args`). */
static bool read_config_site(CXCursor call, Site *s)
{
    int na = clang_Cursor_getNumArguments(call);
    if (na < 2)
        return false;
    CXCursor cfg = clang_Cursor_getArgument(call, 0);
    s->kernel = function_named(clang_Cursor_getArgument(call, 1));
    s->grid = config_field(cfg, call, "gridDim", 0);
    s->block = config_field(cfg, call, "blockDim", 1);
    s->smem = config_field(cfg, call, "dynamicSmemBytes", 2);
    if (callee_is(call, "cudaLaunchKernelExC")) {
        if (na > 2)
            args_array(clang_Cursor_getArgument(call, 2), call, s);
    } else {
        s->args = xcalloc((size_t)na, sizeof *s->args);
        for (int i = 2; i < na; i++)
            s->args[s->nargs++] = clang_Cursor_getArgument(call, (unsigned)i);
    }
    return !clang_Cursor_isNull(s->kernel);
}

/* A function the launch names, a kernel (or one it may be, `which`). */
static bool names_function(CXCursor fn)
{
    enum CXCursorKind k = clang_getCursorKind(fn);
    return k == CXCursor_FunctionDecl || k == CXCursor_FunctionTemplate;
}

/* What the call refers to, or a null cursor where clang left it a
 * dependent overloaded name (dependent_kernel reads that). */
static CXCursor resolved_callee(CXCursor call)
{
    CXCursor r = clang_getCursorReferenced(call);
    return clang_getCursorKind(r) == CXCursor_OverloadedDeclRef ? clang_getNullCursor() : r;
}

static bool read_site(Host *h, CXCursor call, CXCursor at_call, const CXCursor *kc, int nk, Site *s, int which)
{
    memset(s, 0, sizeof *s);
    s->smem = clang_getNullCursor();
    CXCursor cfg = exec_config(call);
    if (!clang_Cursor_isNull(cfg)) {
        CXCursor named = resolved_callee(call);
        s->kernel = which == 0 ? named : clang_getNullCursor();
        if (clang_Cursor_isNull(s->kernel))
            s->kernel = dependent_kernel(call, clang_Cursor_getNumArguments(call),
                                         clang_Cursor_isNull(named) ? which : -1);
        if (!names_function(s->kernel) && (which == 0 || clang_Cursor_isNull(named) || !names_function(named)))
            s->kernel = host_held_kernel(h, child_at(call, 0), at_call, which); /* fp<<<...>>> */
        int n = clang_Cursor_getNumArguments(cfg);
        if (n < 2)
            return false;
        s->grid = clang_Cursor_getArgument(cfg, 0);
        s->block = clang_Cursor_getArgument(cfg, 1);
        if (n > 2)
            s->smem = clang_Cursor_getArgument(cfg, 2);
        int na = clang_Cursor_getNumArguments(call);
        s->args = xcalloc((size_t)(na > 0 ? na : 1), sizeof *s->args);
        for (int i = 0; i < na; i++)
            s->args[s->nargs++] = clang_Cursor_getArgument(call, (unsigned)i);
        return !clang_Cursor_isNull(s->kernel);
    }
    if (callee_in(call, driver_launches))
        return which == 0 && host_driver_site(call, kc, nk, s);
    if (callee_in(call, config_launches)) {
        read_config_site(call, s);
        if (clang_Cursor_getNumArguments(call) < 2)
            return false;
        if (!names_function(s->kernel))
            s->kernel = host_held_kernel(h, clang_Cursor_getArgument(call, 1), at_call, which);
        else if (which > 0)
            s->kernel = clang_getNullCursor();
        return !clang_Cursor_isNull(s->kernel);
    }
    if (clang_Cursor_getNumArguments(call) < 4)
        return false;
    s->kernel = function_named(clang_Cursor_getArgument(call, 0));
    if (!names_function(s->kernel))
        s->kernel = host_held_kernel(h, clang_Cursor_getArgument(call, 0), at_call, which);
    else if (which > 0)
        return false;
    s->grid = clang_Cursor_getArgument(call, 1);
    s->block = clang_Cursor_getArgument(call, 2);
    if (clang_Cursor_getNumArguments(call) > 4)
        s->smem = clang_Cursor_getArgument(call, 4);
    args_array(clang_Cursor_getArgument(call, 3), call, s);
    return !clang_Cursor_isNull(s->kernel);
}

static int kernel_with_usr(CXCursor fn, const CXCursor *kc, int n)
{
    CXString u = clang_getCursorUSR(fn);
    int found = -1;
    for (int i = 0; i < n && found < 0; i++) {
        CXString v = clang_getCursorUSR(kc[i]);
        if (strcmp(clang_getCString(u), clang_getCString(v)) == 0)
            found = i;
        clang_disposeString(v);
    }
    clang_disposeString(u);
    return found;
}

/* The kernel of kc[] a site launches, or -1: the instantiation itself when
 * it is a kernel of its own (a template launched with different
 * arguments), else its template. */
static int kernel_index(CXCursor called, const CXCursor *kc, int n)
{
    int found = kernel_with_usr(called, kc, n);
    CXCursor tmpl = clang_getSpecializedCursorTemplate(called);
    if (found < 0 && !clang_Cursor_isNull(tmpl))
        found = kernel_with_usr(tmpl, kc, n);
    return found;
}

/* ---- which instance of a kernel template a launch makes ---- */

enum { MAX_WRITTEN_ARGS = 16 };

/* A launch's template arguments: those of the specialization clang
 * resolved (`k<double, 16><<<...>>>` in ordinary code), or those written
 * at a dependent launch (`k<T, B * 2><<<...>>>` in a host template whose
 * parameters are bound), read with the host's values. */
typedef struct LaunchArgs {
    CXCursor spec; /* the specialization, or a null cursor */
    CXCursor written[MAX_WRITTEN_ARGS];
    int n;
} LaunchArgs;

/* The position of the template argument that is the type name ref alone
 * (`k<U, 4>`, not `k<U *, 4>`), or -1. */
static int sole_argument(CXTranslationUnit tu, CXCursor callee, CXCursor ref)
{
    unsigned starts[MAX_WRITTEN_ARGS];
    int n = template_arg_starts(tu, callee, starts, MAX_WRITTEN_ARGS);
    unsigned at;
    clang_getExpansionLocation(clang_getCursorLocation(ref), NULL, NULL, NULL, &at);
    int pos = template_arg_at(starts, n, at);
    CXToken *t = NULL;
    unsigned nt = 0, in_arg = 0;
    clang_tokenize(tu, clang_getCursorExtent(callee), &t, &nt);
    for (unsigned i = 0; i < nt && pos >= 0; i++) {
        unsigned off;
        clang_getExpansionLocation(clang_getTokenLocation(tu, t[i]), NULL, NULL, NULL, &off);
        in_arg += off >= starts[pos] && (pos + 1 < n ? off + 1 < starts[pos + 1] : i + 1 < nt);
    }
    if (t)
        clang_disposeTokens(tu, t, nt);
    return in_arg == 1 ? pos : -1;
}

/* The template arguments written at a dependent launch, by position in
 * the tokens (a type has no expression: a null cursor, as has one clang
 * shows none for, like `float`); their number, or -1 when none is
 * written. */
static int written_template_args(CXCursor call, CXCursor *out, int cap)
{
    CXCursor callee = strip(child_at(call, 0));
    CXTranslationUnit tu = clang_Cursor_getTranslationUnit(call);
    int n = template_written_args(tu, callee, out, cap);
    Children ch = children_of(callee);
    for (int i = 0; i < ch.n && n > 0; i++) {
        int pos = clang_getCursorKind(ch.c[i]) == CXCursor_TypeRef ? sole_argument(tu, callee, ch.c[i]) : -1;
        if (pos >= 0 && pos < n && clang_Cursor_isNull(out[pos]))
            out[pos] = ch.c[i];
    }
    free(ch.c);
    return n > 0 ? n : -1;
}

static bool launch_args(CXCursor call, CXCursor kernel, LaunchArgs *a)
{
    a->spec = clang_getNullCursor();
    if (clang_getCursorKind(kernel) == CXCursor_FunctionDecl) {
        a->spec = kernel;
        a->n = clang_Cursor_getNumTemplateArguments(kernel);
    } else {
        a->n = written_template_args(call, a->written, MAX_WRITTEN_ARGS);
    }
    return a->n > 0;
}

/* Argument i as an integer. */
static bool arg_value(Host *h, const LaunchArgs *a, int i, int64_t *v)
{
    if (!clang_Cursor_isNull(a->spec)) {
        if (clang_Cursor_getTemplateArgumentKind(a->spec, (unsigned)i) != CXTemplateArgumentKind_Integral)
            return false;
        *v = template_arg_value(a->spec, i);
        return true;
    }
    HostVal x = eval(h, a->written[i]);
    *v = x.c;
    return x.kind == HV_CONST;
}

/* Argument i as a type's canonical spelling (malloc'd), or NULL: a type
 * parameter of the host template is the bound instance's argument. */
static char *arg_type(const Host *h, const LaunchArgs *a, int i)
{
    CXType t = {.kind = CXType_Invalid};
    if (!clang_Cursor_isNull(a->spec)) {
        if (clang_Cursor_getTemplateArgumentKind(a->spec, (unsigned)i) == CXTemplateArgumentKind_Type)
            t = clang_Cursor_getTemplateArgumentType(a->spec, (unsigned)i);
    } else {
        CXCursor decl = clang_getCursorReferenced(a->written[i]);
        t = clang_getCursorType(a->written[i]);
        if (clang_getCursorKind(decl) == CXCursor_TemplateTypeParameter) {
            CXCursor tmpl = clang_getSpecializedCursorTemplate(h->instance);
            t = (CXType){.kind = CXType_Invalid};
            for (int p = 0; !clang_Cursor_isNull(tmpl) && p < MAX_WRITTEN_ARGS; p++) {
                CXCursor param = template_param_at(tmpl, p);
                if (clang_Cursor_isNull(param))
                    break;
                if (clang_equalCursors(param, decl) &&
                    clang_Cursor_getTemplateArgumentKind(h->instance, (unsigned)p) == CXTemplateArgumentKind_Type)
                    t = clang_Cursor_getTemplateArgumentType(h->instance, (unsigned)p);
            }
        }
    }
    if (t.kind == CXType_Invalid)
        return NULL;
    CXString sp = clang_getTypeSpelling(clang_getCanonicalType(t));
    char *out = strdup(clang_getCString(sp));
    clang_disposeString(sp);
    return out;
}

/* Does specialization spec take the launch's argument i? */
static bool spec_matches(Host *h, CXCursor spec, int i, const LaunchArgs *a)
{
    enum CXTemplateArgumentKind k = clang_Cursor_getTemplateArgumentKind(spec, (unsigned)i);
    int64_t v;
    if (k == CXTemplateArgumentKind_Integral)
        return arg_value(h, a, i, &v) && v == template_arg_value(spec, i);
    if (k != CXTemplateArgumentKind_Type)
        return false;
    char *want = arg_type(h, a, i);
    CXString have = clang_getTypeSpelling(clang_getCanonicalType(clang_Cursor_getTemplateArgumentType(spec, (unsigned)i)));
    bool same = want && strcmp(want, clang_getCString(have)) == 0;
    clang_disposeString(have);
    free(want);
    return same;
}

/* Does kernel k, tmpl's pattern analysed with its non-type parameters
 * pinned (one list of explicit arguments of several: `k_128_4`), take the
 * launch's argument i?  A type parameter is not told apart. */
static bool pattern_matches(Host *h, CXCursor tmpl, const Kernel *k, int i, const LaunchArgs *a)
{
    CXCursor param = template_param_at(tmpl, i);
    if (clang_getCursorKind(param) != CXCursor_NonTypeTemplateParameter)
        return clang_getCursorKind(param) == CXCursor_TemplateTypeParameter;
    char *name = cursor_name(param);
    uint64_t pinned;
    bool known = kernel_pins_named(k, name, &pinned);
    free(name);
    int64_t v;
    return known && arg_value(h, a, i, &v) && (uint64_t)v == pinned;
}

enum { ONE_KERNEL = -1, NOT_TOLD_APART = -2 };

static bool instance_of(CXCursor kernel, CXCursor tmpl, bool *pattern)
{
    CXCursor of = clang_getSpecializedCursorTemplate(kernel);
    *pattern = same_decl(kernel, tmpl);
    return *pattern || (!clang_Cursor_isNull(of) && same_decl(of, tmpl));
}

/* A launch of kernel template tmpl whose instances are kernels of their
 * own (kc[]: clang's specializations, or the pattern once per list of
 * arguments): the one instance its arguments name; NOT_TOLD_APART when
 * none or several do or its arguments are not read (deduced, unknown);
 * ONE_KERNEL when tmpl is one kernel. */
static int instance_launched(Host *h, CXCursor call, CXCursor kernel, CXCursor tmpl, const CXCursor *kc,
                             Kernel **kernels, int n)
{
    int candidates = 0, found = NOT_TOLD_APART;
    bool pattern;
    for (int i = 0; i < n; i++)
        candidates += instance_of(kc[i], tmpl, &pattern);
    LaunchArgs a;
    if (candidates < 2)
        return ONE_KERNEL;
    if (!launch_args(call, kernel, &a))
        return NOT_TOLD_APART;
    for (int i = 0; i < n; i++) {
        if (!instance_of(kc[i], tmpl, &pattern) || (!pattern && clang_Cursor_getNumTemplateArguments(kc[i]) < a.n))
            continue;
        bool all = true;
        for (int j = 0; j < a.n && all; j++)
            all = pattern ? pattern_matches(h, tmpl, kernels[i], j, &a) : spec_matches(h, kc[i], j, &a);
        if (all && found >= 0)
            return NOT_TOLD_APART;
        if (all)
            found = i;
    }
    return found;
}

static bool is_uniform(const Kernel *k, const char *name)
{
    for (int i = 0; i < k->nvars; i++)
        if (k->vars[i].scope == VAR_UNIFORM && strcmp(k->vars[i].name->u.var.name, name) == 0)
            return true;
    return false;
}

static void add_value(Launch *l, const Kernel *k, CXCursor named, int64_t v, LaunchOrigin at)
{
    char *name = cursor_name(named);
    /* a negative value: for a signed parameter (kernel_launch_naturals) */
    if ((v >= 0 || kernel_signed_bits(k, name)) && is_uniform(k, name))
        launch_add_param(l, name, v, at);
    free(name);
}

/* The axes whose size is a known constant (`k<<<g, threads>>>` fixes y
 * and z to 1 whatever threads is).  Beyond CUDA's limits such a launch
 * fails on a GPU: said at the launch, and checked as given, as the
 * command line's sizes are (no size a 32-bit position cannot hold). */
static void known_dims(Host *h, Launch *l, const HostVal d[3], bool block, LaunchOrigin at)
{
    int64_t size[3];
    unsigned known = 0;
    for (int a = 0; a < 3; a++) {
        size[a] = d[a].kind == HV_CONST ? d[a].c : 1;
        known |= d[a].kind == HV_CONST ? 1u << a : 0;
    }
    if (known && !axes_within_limits(size, known, block) && dims_representable(size, block))
        diag_at(h->diag, SEV_WARNING, at.loc, "this launch's %s size is beyond CUDA's limits (%s): it fails on a GPU; "
                "checked as given", block ? "block" : "grid", cuda_launch_limits);
    if (known && dims_representable(size, block))
        launch_set_dims(l, block, size, known, at);
    for (int a = 0; a < 3; a++)
        if (d[a].kind != HV_CONST && d[a].has_hi && d[a].hi >= 1 && d[a].hi < (block ? 1024 : INT32_MAX)) {
            /* `std::min(n, 256)` threads, a loop's sizes up to 256; `n / 128` blocks for n at most 110592 */
            LaunchFact f = {.kind = block ? LF_DIM_AT_MOST : LF_GRID_AT_MOST, .value = d[a].hi, .axis = a, .from = at};
            launch_add_fact(l, f);
        }
}

/* gridDim[axis] is g = (var + c) / div + plus, var an unknown passed as
 * uniform `name`: g * div >= var when it rounds up far enough
 * (c + div * plus >= div - 1), g * div <= var when it rounds down
 * (c + div * plus <= 0; a grid of at least one block has var + c >= div).
 * Both at once for g = var itself: `dim3 grid(blocks, n)` with `n` passed
 * too is a grid of exactly n rows (darknet's scale_bias_kernel).  A grid
 * that rounds up, `(n + 127) / 128` (plus <= 0), is also at most
 * var + c + div * plus: g >= 1 makes var + c >= div, where C's division
 * rounds down, so no block starts past n. */
static void add_cover(Launch *l, const HostVal *g, int axis, const char *name, LaunchOrigin at)
{
    int64_t div = g->kind == HV_DIV ? g->div : 1;
    int64_t plus = g->kind == HV_DIV ? g->plus : 0;
    int64_t excess = g->c + div * plus;
    LaunchFact f = {.value = div, .axis = axis, .from = at};
    if (strlen(name) >= sizeof f.param)
        return;
    memcpy(f.param, name, strlen(name) + 1);
    if (excess >= div - 1) {
        f.kind = LF_GRID_COVERS;
        launch_add_fact(l, f);
    }
    if (excess <= 0) {
        f.kind = LF_GRID_WITHIN;
        launch_add_fact(l, f);
    } else if (plus <= 0 && div >= 1) {
        f.kind = LF_GRID_WITHIN;
        f.offset = excess;
        launch_add_fact(l, f);
    }
}

/* The least and greatest values of an integer type; false when not one. */
static bool type_limits(CXType t, int64_t *min, int64_t *max)
{
    t = clang_getCanonicalType(t);
    long long bytes = clang_Type_getSizeOf(t);
    if (!type_is_integral(t) || bytes <= 0 || bytes > 8)
        return false;
    bool is_signed = t.kind == CXType_Char_S || t.kind == CXType_SChar || t.kind == CXType_Short ||
                     t.kind == CXType_Int || t.kind == CXType_Long || t.kind == CXType_LongLong;
    int bits = (int)bytes * 8;
    *min = is_signed ? (bits == 64 ? INT64_MIN : -((int64_t)1 << (bits - 1))) : 0;
    *max = bits == 64 ? INT64_MAX : is_signed ? ((int64_t)1 << (bits - 1)) - 1 : ((int64_t)1 << bits) - 1;
    return true;
}

/* A uniform passed a value whose range is known (the host's callers pass
 * 128 to 4096 in steps of 128): its bounds and congruence, when the
 * whole range fits the parameter's type (else the conversion may wrap). */
static void range_facts(Host *h, CXCursor parm, CXCursor arg, const Kernel *k, Launch *l, LaunchOrigin at)
{
    HostRange r = host_range(h, arg);
    int64_t min, max;
    char *name = cursor_name(parm);
    if (r.lo_known && r.hi_known && type_limits(clang_getCursorType(parm), &min, &max) && r.lo >= min &&
        r.hi <= max && is_uniform(k, name) && strlen(name) < LAUNCH_NAME_MAX && (r.lo >= 0 || kernel_signed_bits(k, name))) {
        LaunchFact f = {.kind = LF_AT_LEAST, .value = r.lo, .from = at};
        memcpy(f.param, name, strlen(name) + 1);
        if (r.lo > 0 || r.lo > min)
            launch_add_fact(l, f);
        f.kind = LF_AT_MOST;
        f.value = r.hi;
        launch_add_fact(l, f);
        if (r.mod >= 2) {
            f.kind = LF_MULTIPLE_OF;
            f.value = r.mod;
            f.offset = r.rem;
            launch_add_fact(l, f);
        }
    }
    free(name);
}

static bool same_type(CXCursor a, CXCursor b)
{
    return clang_equalTypes(clang_getCanonicalType(clang_getCursorType(a)), clang_getCanonicalType(clang_getCursorType(b)));
}

/* Parameters of two 64-bit integer types (`size_t n`, `ptrdiff_t
 * stride`): one value passed to both is one number in each when it is
 * below 2^63, which a count of a program's elements is. */
static bool both_64_bits(CXCursor a, CXCursor b)
{
    CXType ta = clang_getCanonicalType(clang_getCursorType(a)), tb = clang_getCanonicalType(clang_getCursorType(b));
    return type_is_integral(ta) && type_is_integral(tb) && clang_Type_getSizeOf(ta) == 8 &&
           clang_Type_getSizeOf(tb) == 8 && ta.kind != CXType_Bool && tb.kind != CXType_Bool;
}

static void note_equal_64(Host *h, const char *a, const char *b)
{
    size_t len = strlen(h->equal_64);
    snprintf(h->equal_64 + len, sizeof h->equal_64 - len, "%s%s = %s", len ? ", " : "", a, b);
}

/* Two uniforms of one type passed one value (`k<<<g, b>>>(m, n)` after
 * `m = n = size`, or a helper's parameters every call passes one value):
 * equal, as `1 * a <= b` and `1 * a >= b`. */
static void equal_facts(Host *h, const Site *s, const CXCursor *parms, int n, const Kernel *k, Launch *l,
                        LaunchOrigin at)
{
    for (int i = 0; i < n; i++)
        for (int j = i + 1; j < n; j++) {
            char *a = cursor_name(parms[i]), *b = cursor_name(parms[j]);
            bool same = same_type(parms[i], parms[j]);
            if (type_is_integral(clang_getCursorType(parms[i])) && (same || both_64_bits(parms[i], parms[j])) &&
                is_uniform(k, a) && is_uniform(k, b) && strlen(a) < LAUNCH_NAME_MAX && strlen(b) < LAUNCH_NAME_MAX &&
                host_same_value(h, s->args[i], s->args[j])) {
                if (!same)
                    note_equal_64(h, a, b);
                LaunchFact f = {.kind = LF_PARAM_WITHIN, .value = 1, .from = at};
                memcpy(f.param, a, strlen(a) + 1);
                memcpy(f.other, b, strlen(b) + 1);
                launch_add_fact(l, f);
                f.kind = LF_PARAM_COVERS;
                launch_add_fact(l, f);
            }
            free(a);
            free(b);
        }
}

static void parameter_facts(Host *h, const Site *s, CXCursor kdef, const Kernel *k, const HostVal grid[3],
                            Launch *l, LaunchOrigin at)
{
    Children ch = children_of(kdef);
    CXCursor *parms = xcalloc((size_t)ch.n + 1, sizeof *parms);
    int i = 0;
    for (int j = 0; j < ch.n && i < s->nargs; j++) {
        if (clang_getCursorKind(ch.c[j]) != CXCursor_ParmDecl)
            continue;
        parms[i] = ch.c[j];
        HostVal v = type_is_integral(clang_getCursorType(ch.c[j])) ? eval(h, s->args[i]) : unknown;
        if (v.kind == HV_CONST)
            add_value(l, k, ch.c[j], v.c, at);
        else if (type_is_integral(clang_getCursorType(ch.c[j])))
            range_facts(h, ch.c[j], s->args[i], k, l, at);
        char *name = cursor_name(ch.c[j]);
        for (int a = 0; a < 3 && v.kind == HV_VAR && v.c == 0 && is_uniform(k, name); a++)
            if ((grid[a].kind == HV_VAR || grid[a].kind == HV_DIV) && !launch_knows(l, false, a) &&
                clang_equalCursors(grid[a].var, v.var))
                add_cover(l, &grid[a], a, name, at);
        free(name);
        i++;
    }
    equal_facts(h, s, parms, i, k, l, at);
    free(parms);
    free(ch.c);
}

/* `k<128, float><<<...>>>`: the values of the non-type parameters. */
static void template_facts(CXCursor spec, CXCursor tmpl, const Kernel *k, Launch *l, LaunchOrigin at)
{
    if (clang_Cursor_isNull(tmpl))
        return;
    Children ch = children_of(tmpl);
    int pos = 0;
    int n = clang_Cursor_getNumTemplateArguments(spec);
    for (int j = 0; j < ch.n && pos < n; j++) {
        enum CXCursorKind kind = clang_getCursorKind(ch.c[j]);
        if (kind != CXCursor_TemplateTypeParameter && kind != CXCursor_NonTypeTemplateParameter &&
            kind != CXCursor_TemplateTemplateParameter)
            continue;
        if (clang_Cursor_getTemplateArgumentKind(spec, (unsigned)pos) == CXTemplateArgumentKind_Integral)
            add_value(l, k, ch.c[j], clang_Cursor_getTemplateArgumentValue(spec, (unsigned)pos), at);
        pos++;
    }
    free(ch.c);
}

static CXCursor axis_expr(Host *h, CXCursor e, int a, int depth);

/* Do a and b spell the same tokens?  For a template argument, a constant
 * expression, the same tokens in the same statement are the same value
 * (`k<c.value><<<g, c.value>>>` with c a generic lambda's parameter,
 * whose type is dependent). */
static bool same_tokens(CXCursor a, CXCursor b)
{
    CXTranslationUnit tu = clang_Cursor_getTranslationUnit(a);
    CXToken *ta = NULL, *tb = NULL;
    unsigned na = 0, nb = 0;
    clang_tokenize(tu, clang_getCursorExtent(a), &ta, &na);
    clang_tokenize(tu, clang_getCursorExtent(b), &tb, &nb);
    bool same = na > 0 && na == nb;
    for (unsigned i = 0; i < na && same; i++) {
        CXString x = clang_getTokenSpelling(tu, ta[i]), y = clang_getTokenSpelling(tu, tb[i]);
        same = strcmp(clang_getCString(x), clang_getCString(y)) == 0;
        clang_disposeString(x);
        clang_disposeString(y);
    }
    if (ta)
        clang_disposeTokens(tu, ta, na);
    if (tb)
        clang_disposeTokens(tu, tb, nb);
    return same;
}

/* `k<bs><<<g, bs>>>` with bs no constant (a generic lambda's
 * `int_const.value`, llm.c's dispatch over block sizes): the template
 * parameter is blockDim[axis] for every axis the launch gives it, as the
 * pair blockDim[axis] >= P, blockDim[axis] <= P. */
static void block_size_argument(Host *h, const Site *s, const Kernel *k, CXCursor param, CXCursor arg, Launch *l,
                                LaunchOrigin at)
{
    char *name = cursor_name(param);
    for (int a = 0; a < 3 && is_uniform(k, name) && strlen(name) < LAUNCH_NAME_MAX; a++) {
        CXCursor e = s->by_axis ? s->block_axis[a] : axis_expr(h, s->block, a, 0);
        bool dependent = clang_Cursor_isNull(e) && a == 0 && !s->by_axis && !is_dim3(clang_getCursorType(s->block));
        if (dependent)
            e = s->block;
        if (clang_Cursor_isNull(e) || !(host_same_value(h, arg, e) || same_tokens(arg, host_strip(e))))
            continue;
        if (dependent && !(l->block_known & 6)) { /* an int in every instance, as the template argument: y, z are 1 */
            int64_t ones[3] = {1, 1, 1};
            launch_set_dims(l, true, ones, 6, at);
        }
        LaunchFact f = {.kind = LF_BLOCK_COVERS, .axis = a, .value = 1, .offset = 0, .from = at};
        memcpy(f.param, name, strlen(name) + 1);
        launch_add_fact(l, f);
        f.kind = LF_BLOCK_WITHIN;
        launch_add_fact(l, f);
    }
    free(name);
}

/* `k<B, 4><<<...>>>` in a host template, k's pattern launched: the
 * non-type arguments written, with the host's values where known, else
 * the block size they are. */
static void written_template_facts(Host *h, CXCursor call, const Site *s, const Kernel *k, Launch *l,
                                   LaunchOrigin at)
{
    LaunchArgs a;
    CXCursor tmpl = s->kernel;
    if (clang_getCursorKind(tmpl) != CXCursor_FunctionTemplate || !launch_args(call, tmpl, &a))
        return;
    for (int i = 0; i < a.n; i++) {
        CXCursor param = template_param_at(tmpl, i);
        int64_t v;
        if (clang_getCursorKind(param) != CXCursor_NonTypeTemplateParameter)
            continue;
        if (arg_value(h, &a, i, &v))
            add_value(l, k, param, v, at);
        else if (clang_Cursor_isNull(a.spec))
            block_size_argument(h, s, k, param, a.written[i], l, at);
    }
}

/* The tokens from the start of kdef's declaration to its name, in the
 * file (its extent starts inside the expansion of __global__). */
static CXSourceRange head_of(CXTranslationUnit tu, CXCursor kdef)
{
    CXFile f;
    unsigned from, to;
    clang_getExpansionLocation(clang_getRangeStart(clang_getCursorExtent(kdef)), &f, NULL, NULL, &from);
    clang_getExpansionLocation(clang_getCursorLocation(kdef), NULL, NULL, NULL, &to);
    return clang_getRange(clang_getLocationForOffset(tu, f, from), clang_getLocationForOffset(tu, f, to));
}

/* Tokens of an integer expression of literals, + - * / and parentheses,
 * from t[*i] (the next after it on success): `16*16`, `(256)`.  False at
 * anything else (a macro's name: its value is not read here). */
typedef struct TokExpr {
    CXTranslationUnit tu;
    CXToken *t;
    unsigned n, i;
    int depth; /* parentheses open: bounded, so a hostile nest cannot exhaust the stack */
} TokExpr;

static bool tok_expr_sum(TokExpr *x, int64_t *v);

static bool tok_is_punct(TokExpr *x, const char *p)
{
    if (x->i >= x->n || clang_getTokenKind(x->t[x->i]) != CXToken_Punctuation)
        return false;
    CXString s = clang_getTokenSpelling(x->tu, x->t[x->i]);
    bool is = strcmp(clang_getCString(s), p) == 0;
    clang_disposeString(s);
    return is;
}

static bool tok_expr_atom(TokExpr *x, int64_t *v)
{
    if (tok_is_punct(x, "(")) {
        if (++x->depth > 32)
            return false;
        x->i++;
        if (!tok_expr_sum(x, v) || !tok_is_punct(x, ")"))
            return false;
        x->i++;
        x->depth--;
        return true;
    }
    if (x->i >= x->n || clang_getTokenKind(x->t[x->i]) != CXToken_Literal)
        return false;
    CXString s = clang_getTokenSpelling(x->tu, x->t[x->i]);
    const char *text = clang_getCString(s);
    char *end;
    long long k = strtoll(text, &end, 0);
    bool ok = end != text && strspn(end, "uUlL") == strlen(end) && k >= 0 && k <= (1 << 20);
    clang_disposeString(s);
    *v = k;
    x->i += ok;
    return ok;
}

static bool tok_expr_product(TokExpr *x, int64_t *v)
{
    if (!tok_expr_atom(x, v))
        return false;
    for (;;) {
        bool mul = tok_is_punct(x, "*"), div = tok_is_punct(x, "/");
        if (!mul && !div)
            return true;
        x->i++;
        int64_t b;
        if (!tok_expr_atom(x, &b) || (div && b == 0) || (mul && b && *v > (int64_t)(1 << 30) / b))
            return false;
        *v = mul ? *v * b : *v / b;
    }
}

static bool tok_expr_sum(TokExpr *x, int64_t *v)
{
    if (!tok_expr_product(x, v))
        return false;
    for (;;) {
        bool add = tok_is_punct(x, "+"), sub = tok_is_punct(x, "-");
        if (!add && !sub)
            return true;
        x->i++;
        int64_t b;
        if (!tok_expr_product(x, &b))
            return false;
        *v = add ? *v + b : *v - b;
    }
}

/* __launch_bounds__(N) before the kernel's name, N an expression of
 * literals (`256`, `16*16`): the whole first argument, up to its `,` or
 * `)`, or nothing. */
static bool launch_bounds(CXCursor kdef, int64_t *n)
{
    CXTranslationUnit tu = clang_Cursor_getTranslationUnit(kdef);
    CXToken *t;
    unsigned nt;
    clang_tokenize(tu, head_of(tu, kdef), &t, &nt);
    bool found = false;
    for (unsigned i = 0; i + 2 < nt && !found; i++) {
        CXString s = clang_getTokenSpelling(tu, t[i]);
        bool here = strcmp(clang_getCString(s), "__launch_bounds__") == 0;
        clang_disposeString(s);
        if (here) {
            TokExpr x = {tu, t, nt, i + 2, 0};
            int64_t v;
            found = tok_expr_sum(&x, &v) && v > 0 && (tok_is_punct(&x, ")") || tok_is_punct(&x, ","));
            *n = v;
        }
        if (clang_getTokenKind(t[i]) == CXToken_Punctuation) {
            CXString p = clang_getTokenSpelling(tu, t[i]);
            bool body = strcmp(clang_getCString(p), "{") == 0;
            clang_disposeString(p);
            if (body)
                break;
        }
    }
    clang_disposeTokens(tu, t, nt);
    return found;
}

static Loc loc_of_cursor(const SrcFile *src, CXCursor c)
{
    unsigned off;
    clang_getExpansionLocation(clang_getCursorLocation(c), NULL, NULL, NULL, &off);
    return loc_at(src, off);
}

/* ---- what the front end assumes of the host ---- */

static void add_assumption(Program *p, Kernel *k, Loc loc, const char *fmt, ...) __attribute__((format(printf, 4, 5)));
static void ranged_assumptions(Host *h, Program *p, Kernel *k, Loc loc, const SrcFile *src);

static void add_assumption(Program *p, Kernel *k, Loc loc, const char *fmt, ...)
{
    char buf[512];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    for (int i = 0; i < k->nassumes; i++)
        if (strcmp(k->assumes[i].text, buf) == 0)
            return;
    KernelAssumption a = {arena_strndup(&p->arena, buf, strlen(buf)), loc, NULL};
    ARENA_PUSH(&p->arena, k->assumes, k->nassumes, a);
}

/* ---- one buffer as two pointer parameters ---- */

/* Where a pointer argument points: a base variable and an offset in
 * elements from it; base null when the host code does not say. */
typedef struct Buffer {
    CXCursor base;
    HostVal off;
} Buffer;

/* `cudaMalloc(&x, n)` and its kin: a fresh buffer for x. */
typedef struct Allocations {
    CXCursor var;
    int n;
} Allocations;

/* `&x` itself, through casts. */
static bool address_of(CXCursor e, CXCursor var)
{
    e = strip(e);
    if (clang_getCursorKind(e) != CXCursor_UnaryOperator || clang_getCursorUnaryOperatorKind(e) != CXUnaryOperator_AddrOf)
        return false;
    CXCursor v = strip(operand(e));
    return clang_getCursorKind(v) == CXCursor_DeclRefExpr && same_decl(clang_getCursorReferenced(v), var);
}

/* Allocations of var, and `void *args[] = {&x, ...}` (the launch's
 * argument array: it reads x), which change nothing. */
static enum CXChildVisitResult count_allocations(CXCursor c, CXCursor parent, CXClientData data)
{
    (void)parent;
    Allocations *a = data;
    if (clang_getCursorKind(c) == CXCursor_InitListExpr) {
        Children ch = children_of(c);
        for (int i = 0; i < ch.n; i++)
            a->n += address_of(ch.c[i], a->var);
        free(ch.c);
        return CXChildVisit_Continue;
    }
    if (clang_getCursorKind(c) != CXCursor_CallExpr || clang_Cursor_getNumArguments(c) < 1)
        return CXChildVisit_Recurse;
    CXString name = clang_getCursorSpelling(c);
    bool alloc = strncmp(clang_getCString(name), "cudaMalloc", 10) == 0 ||
                 strcmp(clang_getCString(name), "cudaHostAlloc") == 0;
    clang_disposeString(name);
    if (alloc && address_of(clang_Cursor_getArgument(c, 0), a->var))
        a->n++;
    return CXChildVisit_Recurse;
}

/* How many times d assigns var, and hands it to a call that may change
 * it. */
static int changes_of(const Decls *d, CXCursor var)
{
    int n = 0;
    for (int i = 0; i < d->n; i++)
        n += same_decl(d->c[i], var);
    for (int i = 0; i < d->ncalled; i++)
        n += same_decl(d->called[i], var);
    return n;
}

typedef struct LaunchChanges {
    CXCursor var;
    int n;
} LaunchChanges;

/* What the launches themselves seem to change: a launch reads its
 * arguments (cudaLaunchKernelEx binds them to forwarding references). */
static enum CXChildVisitResult count_launch_changes(CXCursor c, CXCursor parent, CXClientData data)
{
    (void)parent;
    LaunchChanges *lc = data;
    if (clang_getCursorKind(c) != CXCursor_CallExpr || (!is_launch_api(c) && clang_Cursor_isNull(exec_config(c))))
        return CXChildVisit_Recurse;
    Decls d = assigned_in(c);
    lc->n += changes_of(&d, lc->var);
    decls_free(&d);
    return CXChildVisit_Continue;
}

/* Is every change of pointer variable var an allocation of a buffer of
 * its own (`cudaMalloc(&x, n)`)?  Then two such variables point to two
 * buffers; a variable assigned otherwise (`b = a;`, a swap, a call that
 * may change it) may point to another's. */
static bool allocated_only(CXCursor var)
{
    CXCursor fn = clang_getCursorSemanticParent(var);
    Decls d = assigned_in(fn);
    int changes = changes_of(&d, var);
    decls_free(&d);
    Allocations a = {var, 0};
    clang_visitChildren(fn, count_allocations, &a);
    LaunchChanges lc = {var, 0};
    clang_visitChildren(fn, count_launch_changes, &lc);
    return changes - lc.n == a.n;
}

/* The buffers a pointer argument may be: one per value the host code may
 * give it (a conditional's two arms, a helper parameter's arguments), a
 * null base among them where it does not say. */
typedef struct BufferList {
    Buffer *b;
    int n, cap;
} BufferList;

static void buffers_of(Host *h, CXCursor e, int depth, BufferList *out);

static void buffer_unknown(BufferList *out)
{
    Buffer b = {clang_getNullCursor(), constant(0)};
    VEC_PUSH(out->b, out->n, out->cap, b);
}

/* `p + k`, `k + p`, `p - k`: the buffers of p, each offset by k. */
static void offset_buffers(Host *h, CXCursor e, int depth, BufferList *out)
{
    enum CXBinaryOperatorKind op = clang_getCursorBinaryOperatorKind(e);
    CXCursor l = child_at(e, 0), r = child_at(e, 1);
    bool left_ptr = type_is_pointer(clang_getCursorType(l));
    if ((op != CXBinaryOperator_Add && op != CXBinaryOperator_Sub) || (!left_ptr && op == CXBinaryOperator_Sub)) {
        buffer_unknown(out);
        return;
    }
    int first = out->n;
    buffers_of(h, left_ptr ? l : r, depth + 1, out);
    HostVal k = eval(h, left_ptr ? r : l);
    for (int i = first; i < out->n; i++)
        out->b[i].off = combine(op, out->b[i].off, k);
}

/* `&x[k]`: the buffers of x, each offset by k. */
static void element_address_buffers(Host *h, CXCursor e, int depth, BufferList *out)
{
    CXCursor sub = strip(operand(e));
    if (clang_getCursorKind(sub) != CXCursor_ArraySubscriptExpr) {
        buffer_unknown(out);
        return;
    }
    int first = out->n;
    buffers_of(h, child_at(sub, 0), depth + 1, out);
    HostVal k = eval(h, child_at(sub, 1));
    for (int i = first; i < out->n; i++)
        out->b[i].off = combine(CXBinaryOperator_Add, out->b[i].off, k);
}

/* `c ? x : y` (`float *dst = inplace ? x : y;`): the arm a constant
 * condition picks, else both, for the host may take either. */
static void conditional_buffers(Host *h, CXCursor e, int depth, BufferList *out)
{
    HostVal c = eval(h, child_at(e, 0));
    if (c.kind == HV_CONST) {
        buffers_of(h, child_at(e, c.c ? 1 : 2), depth + 1, out);
        return;
    }
    buffers_of(h, child_at(e, 1), depth + 1, out);
    buffers_of(h, child_at(e, 2), depth + 1, out);
}

/* The uses of a local array of pointers: every one a subscript whose
 * element is only read (no assignment, `++`, `&`, reference bound to it
 * or passed by reference), so each element keeps its initializer. */
typedef struct ArrayUses {
    CXCursor var;
    int refs, subscripts;
    bool changed;
} ArrayUses;

static bool subscript_of(CXCursor e, CXCursor var)
{
    e = strip(e);
    if (clang_getCursorKind(e) != CXCursor_ArraySubscriptExpr)
        return false;
    CXCursor base = strip(child_at(e, 0));
    return clang_getCursorKind(base) == CXCursor_DeclRefExpr && same_decl(clang_getCursorReferenced(base), var);
}

/* Is argument i of call one a callee may change: a reference parameter,
 * or any argument of a call whose callee is not known? */
static bool passed_by_reference(CXCursor call, int i)
{
    CXCursor fn = clang_getCursorReferenced(call);
    if (clang_Cursor_isNull(fn) || i >= clang_Cursor_getNumArguments(fn))
        return true;
    return clang_getCursorType(clang_Cursor_getArgument(fn, (unsigned)i)).kind == CXType_LValueReference;
}

static enum CXChildVisitResult array_use(CXCursor c, CXCursor parent, CXClientData data)
{
    (void)parent;
    ArrayUses *u = data;
    enum CXCursorKind k = clang_getCursorKind(c);
    if (k == CXCursor_DeclRefExpr && same_decl(clang_getCursorReferenced(c), u->var))
        u->refs++;
    if (k == CXCursor_ArraySubscriptExpr && subscript_of(c, u->var))
        u->subscripts++;
    if ((k == CXCursor_BinaryOperator || k == CXCursor_CompoundAssignOperator) &&
        clang_getCursorBinaryOperatorKind(c) >= CXBinaryOperator_Assign &&
        clang_getCursorBinaryOperatorKind(c) <= CXBinaryOperator_OrAssign)
        u->changed |= subscript_of(child_at(c, 0), u->var);
    if (k == CXCursor_UnaryOperator) {
        enum CXUnaryOperatorKind op = clang_getCursorUnaryOperatorKind(c);
        u->changed |= (op == CXUnaryOperator_AddrOf || op == CXUnaryOperator_PreInc || op == CXUnaryOperator_PreDec ||
                       op == CXUnaryOperator_PostInc || op == CXUnaryOperator_PostDec) &&
                      subscript_of(operand(c), u->var);
    }
    if (k == CXCursor_VarDecl && clang_getCursorType(c).kind == CXType_LValueReference)
        u->changed |= subscript_of(initializer(c), u->var);
    if (k == CXCursor_CallExpr)
        for (int i = 0; i < clang_Cursor_getNumArguments(c); i++)
            u->changed |= subscript_of(clang_Cursor_getArgument(c, (unsigned)i), u->var) && passed_by_reference(c, i);
    return CXChildVisit_Recurse;
}

/* `bufs[1]` of `float *bufs[2] = {x, x};`, a local array whose elements
 * only subscripts read: the element's initializer, or every element's
 * where the index is no constant.  False when the array is not such. */
static bool element_buffers(Host *h, CXCursor sub, int depth, BufferList *out)
{
    CXCursor base = strip(child_at(sub, 0));
    CXCursor var = clang_getCursorKind(base) == CXCursor_DeclRefExpr ? clang_getCursorReferenced(base)
                                                                      : clang_getNullCursor();
    if (clang_getCursorKind(var) != CXCursor_VarDecl || is_global_scope(var) ||
        clang_getCursorType(var).kind != CXType_ConstantArray)
        return false;
    CXCursor init = strip(initializer(var));
    if (clang_getCursorKind(init) != CXCursor_InitListExpr)
        return false;
    ArrayUses u = {var, 0, 0, false};
    clang_visitChildren(clang_getCursorSemanticParent(var), array_use, &u);
    if (u.changed || u.refs != u.subscripts)
        return false;
    Children ch = children_of(init);
    HostVal i = eval(h, child_at(sub, 1));
    bool one = i.kind == HV_CONST && i.c >= 0 && i.c < ch.n;
    for (int j = 0; j < ch.n; j++)
        if (!one || j == i.c)
            buffers_of(h, ch.c[j], depth + 1, out);
    if (ch.n == 0 || (i.kind == HV_CONST && !one))
        buffer_unknown(out); /* an element the list leaves zero, or one past it */
    free(ch.c);
    return true;
}

/* A pointer parameter of the host function that launches (`void
 * run(float *src, float *dst) { k<<<1, 64>>>(src, dst); }`): two
 * parameters are not two buffers, they are what the calls pass.  The
 * call being read (h->buffer_call) where launch_buffers binds one, else
 * every call; unknown when a call may be unseen or the parameter is
 * assigned. */
static void parameter_buffers(Host *h, CXCursor parm, int depth, BufferList *out)
{
    CXCursor fn = clang_getCursorSemanticParent(parm);
    int idx = param_index(fn, parm);
    if (idx < 0 || !keeps_initial_value(parm) || !host_calls_all_here(h, fn)) {
        buffer_unknown(out);
        return;
    }
    bool bound = !clang_Cursor_isNull(h->buffer_call) &&
                 same_decl(clang_getCursorReferenced(h->buffer_call), fn);
    int first = out->n;
    CXCursor outer = h->buffer_call;
    h->buffer_call = clang_getNullCursor(); /* the caller's own parameters are its callers' */
    for (int j = 0; j < h->ncalls; j++) {
        CXCursor call = h->calls[j];
        CXCursor callee = clang_getCursorReferenced(call);
        if (clang_Cursor_isNull(callee) || !same_decl(callee, fn) || (bound && !clang_equalCursors(call, outer)))
            continue;
        if (idx < clang_Cursor_getNumArguments(call))
            buffers_of(h, clang_Cursor_getArgument(call, (unsigned)idx), depth + 1, out);
        else
            buffer_unknown(out);
    }
    h->buffer_call = outer;
    if (out->n == first)
        buffer_unknown(out);
}

static void buffers_of(Host *h, CXCursor e, int depth, BufferList *out)
{
    e = strip(e);
    enum CXCursorKind k = clang_getCursorKind(e);
    if (depth > 8) {
        buffer_unknown(out);
        return;
    }
    if (k == CXCursor_DeclRefExpr) {
        CXCursor decl = clang_getCursorReferenced(e);
        enum CXCursorKind dk = clang_getCursorKind(decl);
        if ((dk != CXCursor_VarDecl && dk != CXCursor_ParmDecl) || !type_is_pointer(clang_getCursorType(decl))) {
            buffer_unknown(out);
            return;
        }
        if (dk == CXCursor_ParmDecl) {
            parameter_buffers(h, decl, depth, out);
            return;
        }
        CXCursor init = dk == CXCursor_VarDecl && !is_global_scope(decl) && keeps_initial_value(decl)
                            ? initializer(decl)
                            : clang_getNullCursor();
        if (!clang_Cursor_isNull(init) && type_is_pointer(clang_getCursorType(init))) {
            buffers_of(h, init, depth + 1, out); /* `float *y = x + 4;` */
            return;
        }
        if (dk == CXCursor_VarDecl && !is_global_scope(decl) && !keeps_initial_value(decl) && !allocated_only(decl)) {
            buffer_unknown(out); /* where it points at the launch is not known */
            return;
        }
        Buffer b = {decl, constant(0)};
        VEC_PUSH(out->b, out->n, out->cap, b);
        return;
    }
    if (k == CXCursor_BinaryOperator)
        offset_buffers(h, e, depth, out);
    else if (k == CXCursor_UnaryOperator && clang_getCursorUnaryOperatorKind(e) == CXUnaryOperator_AddrOf)
        element_address_buffers(h, e, depth, out);
    else if (k == CXCursor_ConditionalOperator)
        conditional_buffers(h, e, depth, out);
    else if (k != CXCursor_ArraySubscriptExpr || !element_buffers(h, e, depth, out))
        buffer_unknown(out);
}

static unsigned decl_start(CXCursor decl)
{
    unsigned off;
    clang_getExpansionLocation(clang_getRangeStart(clang_getCursorExtent(decl)), NULL, NULL, NULL, &off);
    return off;
}

static bool is_restrict(CXCursor param)
{
    return clang_isRestrictQualifiedType(clang_getCursorType(param));
}

/* A pointer the launch hands the kernel: a pointer parameter, or a
 * pointer member of a struct parameter taken by value (`a.in`, whose
 * array is `a_in`); the buffers it may point to, one per value the host
 * code may give it. */
typedef struct Slot {
    CXCursor param;
    char *name; /* `p`, or `a.in` */
    char *array; /* a member's array's name in the protocol; NULL for a pointer parameter */
    bool restricted;
    Buffer *bufs;
    int nbufs, capbufs;
} Slot;

typedef struct Slots {
    Slot *s;
    int n, cap;
} Slots;

static ArrayDecl *slot_array(Kernel *k, const Slot *s)
{
    if (!s->array)
        return alias_param_array(k, decl_start(s->param)); /* a pointer parameter's, named as the protocol may */
    unsigned off = decl_start(s->param);
    for (int i = 0; i < k->narrays; i++)
        if (k->arrays[i].mem == MEM_GLOBAL && k->arrays[i].loc.file == k->loc.file && k->arrays[i].loc.off == off &&
            strcmp(k->arrays[i].name->u.var.name, s->array) == 0)
            return &k->arrays[i];
    return NULL;
}

/* The array that holds slot s's cells now: its own, or the one an
 * earlier launch merged it into (*shift: the cell its cell 0 became).
 * NULL for a parameter the protocol never names. */
static ArrayDecl *slot_current(Host *h, Kernel *k, const Slot *s, int64_t *shift)
{
    static const AliasLog none = {0};
    return alias_current(k, h->merges ? h->merges : &none, decl_start(s->param), s->array, shift);
}

/* Slots i and j of a launch get one buffer: their arrays become one
 * (alias.c), or, where they cannot be one by cells, the kernel opaque.
 * Arrays an earlier launch made one are checked against the offset that
 * launch fixed: another offset is another protocol, so it is opaque. */
static void one_buffer(Host *h, Program *p, Kernel *k, const Slot *si, const Slot *sj, const Buffer *bi,
                       const Buffer *bj, Loc at)
{
    if (si->restricted || sj->restricted)
        diag_at(h->diag, SEV_WARNING, at, "this launch passes one buffer as '%s' and '%s' of kernel %s, which "
                                          "are __restrict__: the promise is broken; they are checked as one",
                si->name, sj->name, k->name);
    int64_t shift_i = 0, shift_j = 0;
    ArrayDecl *ai = slot_current(h, k, si, &shift_i), *aj = slot_current(h, k, sj, &shift_j);
    bool known = bi->off.kind == HV_CONST && bj->off.kind == HV_CONST;
    /* slot j's cell c is slot i's cell c + (bj - bi), so ai's cell c + shift_i + (bj - bi) - shift_j */
    int64_t delta = known ? bj->off.c - bi->off.c + shift_i - shift_j : 0;
    bool merged = !ai || !aj; /* an unused parameter overlaps nothing the protocol holds */
    bool fresh = !merged;
    if (!merged && known && ai == aj) {
        merged = delta == 0; /* made one before, at this offset */
        fresh = false;
    } else if (!merged && known)
        merged = delta >= 0 ? alias_merge(p, k, h->merges, ai, aj, delta) : alias_merge(p, k, h->merges, aj, ai, -delta);
    if (merged && fresh)
        diag_at(h->diag, SEV_NOTE, at, "this launch passes one buffer as '%s' and '%s' of kernel %s: they are "
                                       "checked as one array", si->name, sj->name, k->name);
    if (!merged) {
        diag_at(h->diag, SEV_WARNING, at, "this launch passes overlapping buffers as '%s' and '%s' of kernel %s, "
                                          "at an offset or of types the protocol cannot line up: not modelled",
                si->name, sj->name, k->name);
        alias_opaque(p, k, at);
    }
}

static Slot *new_slot(Slots *ss, CXCursor param, char *name, char *array)
{
    Slot s = {param, name, array, is_restrict(param), NULL, 0, 0};
    VEC_PUSH(ss->s, ss->n, ss->cap, s);
    return &ss->s[ss->n - 1];
}

static void slot_add(Host *h, Slot *s, CXCursor value)
{
    BufferList l = {s->bufs, s->nbufs, s->capbufs};
    buffers_of(h, value, 0, &l);
    s->bufs = l.b;
    s->nbufs = l.n;
    s->capbufs = l.cap;
}

static void slots_free(Slots *ss)
{
    for (int i = 0; i < ss->n; i++) {
        free(ss->s[i].name);
        free(ss->s[i].array);
        free(ss->s[i].bufs);
    }
    free(ss->s);
}

/* ---- the values of a struct argument's pointer members ---- */

/* The fields of a struct, in order. */
typedef struct Fields {
    CXCursor *c;
    int n, cap;
} Fields;

static enum CXVisitorResult add_field(CXCursor field, CXClientData data)
{
    Fields *f = data;
    VEC_PUSH(f->c, f->n, f->cap, field);
    return CXVisit_Continue;
}

/* The struct declaration of type t, through references and qualifiers. */
static CXCursor record_of(CXType t)
{
    return clang_getCanonicalCursor(clang_getTypeDeclaration(clang_getCanonicalType(clang_getNonReferenceType(t))));
}

/* `Args(a)`, the copy a by-value argument makes (a constructor call of
 * one argument of the struct's own type): a itself. */
static CXCursor through_copy(CXCursor e)
{
    e = strip(e);
    for (int guard = 0; guard < 8 && clang_getCursorKind(e) == CXCursor_CallExpr &&
                        clang_getCursorKind(clang_getCursorReferenced(e)) == CXCursor_Constructor &&
                        clang_Cursor_getNumArguments(e) == 1;
         guard++) {
        CXCursor arg = clang_Cursor_getArgument(e, 0);
        if (!clang_equalCursors(record_of(clang_getCursorType(arg)), record_of(clang_getCursorType(e))))
            break;
        e = strip(arg);
    }
    return e;
}

/* What the host code writes into a local struct variable: `Args a = {x, y};`
 * (field i from the list's element i) and `a.in = x;`.  Every other use of
 * the variable but its launches (its address taken, a call that may change
 * it, `a = b`, `a.in += 1`) makes its members unknown. */
typedef struct StructWrites {
    CXCursor var;
    const Fields *fields;
    CXCursor *values; /* every value written into a field */
    int *owner; /* the field of each value */
    int nvalues, capvalues, nowner, capowner;
    int uses, allowed;
    const CXCursor *launch_args;
    int nlaunch_args;
    const Host *host; /* its launch sites */
} StructWrites;

static void struct_value(StructWrites *w, int field, CXCursor value)
{
    VEC_PUSH(w->values, w->nvalues, w->capvalues, value);
    VEC_PUSH(w->owner, w->nowner, w->capowner, field);
}

static int field_index(const Fields *f, CXCursor field)
{
    for (int i = 0; i < f->n; i++)
        if (clang_equalCursors(f->c[i], field))
            return i;
    return -1;
}

/* `var.field` of a field of var's own struct: its index, or -1. */
static int member_of(StructWrites *w, CXCursor e)
{
    e = strip(e);
    return member_of_var(e, w->var) ? field_index(w->fields, clang_getCursorReferenced(e)) : -1;
}

static bool is_argument(CXCursor arg, CXCursor ref)
{
    return clang_equalRanges(clang_getCursorExtent(through_copy(arg)), clang_getCursorExtent(ref));
}

/* Is ref an argument of this launch, or of another launch (which only
 * reads it)? */
static bool is_launch_arg(const StructWrites *w, CXCursor ref)
{
    for (int i = 0; i < w->nlaunch_args; i++)
        if (is_argument(w->launch_args[i], ref))
            return true;
    for (int i = 0; i < w->host->nsites; i++)
        for (int j = 0; j < clang_Cursor_getNumArguments(w->host->sites[i]); j++)
            if (is_argument(clang_Cursor_getArgument(w->host->sites[i], (unsigned)j), ref))
                return true;
    return false;
}

static enum CXChildVisitResult struct_write(CXCursor c, CXCursor parent, CXClientData data)
{
    (void)parent;
    StructWrites *w = data;
    CXCursor lhs, rhs;
    bool plain;
    int field;
    if (assignment_sides(c, &lhs, &rhs, &plain) && plain && clang_getCursorKind(c) == CXCursor_BinaryOperator &&
        (field = member_of(w, lhs)) >= 0) {
        struct_value(w, field, rhs);
        w->uses++;
        w->allowed++;
        clang_visitChildren(rhs, struct_write, w);
        return CXChildVisit_Continue;
    }
    if (clang_getCursorKind(c) == CXCursor_DeclRefExpr && same_decl(clang_getCursorReferenced(c), w->var)) {
        w->uses++;
        w->allowed += is_launch_arg(w, c);
    }
    return CXChildVisit_Recurse;
}

static bool is_default_construction(CXCursor e)
{
    return clang_getCursorKind(e) == CXCursor_CallExpr &&
           clang_getCursorKind(clang_getCursorReferenced(e)) == CXCursor_Constructor &&
           clang_Cursor_getNumArguments(e) == 0;
}

/* Per field of struct argument e, the values the host code may give it;
 * false when it cannot tell. */
static bool struct_values(const Site *s, CXCursor e, StructWrites *w)
{
    e = through_copy(e);
    if (clang_getCursorKind(e) == CXCursor_InitListExpr) {
        Children ch = children_of(e);
        for (int i = 0; i < ch.n && i < w->fields->n; i++)
            struct_value(w, i, ch.c[i]);
        free(ch.c);
        return ch.n <= w->fields->n;
    }
    if (clang_getCursorKind(e) != CXCursor_DeclRefExpr)
        return false;
    CXCursor var = clang_getCursorReferenced(e);
    if (clang_getCursorKind(var) != CXCursor_VarDecl || is_global_scope(var))
        return false;
    w->var = var;
    w->launch_args = s->args;
    w->nlaunch_args = s->nargs;
    CXCursor init = initializer(var);
    if (!clang_Cursor_isNull(init) && is_default_construction(strip(init)))
        init = clang_getNullCursor(); /* `Args a;`: its members hold what the assignments give them */
    if (!clang_Cursor_isNull(init)) {
        init = strip(init);
        if (clang_getCursorKind(init) != CXCursor_InitListExpr)
            return false;
        Children ch = children_of(init);
        for (int i = 0; i < ch.n && i < w->fields->n; i++)
            struct_value(w, i, ch.c[i]);
        free(ch.c);
        if (ch.n > w->fields->n)
            return false;
    }
    clang_visitChildren(clang_getCursorSemanticParent(var), struct_write, w);
    return w->uses == w->allowed;
}

enum { MAX_MEMBER_DEPTH = 4 }; /* as deep as the front end follows struct parameters' members */

/* What a name is built of at one level of a struct argument: `a.io`
 * (the slot's name) and `a_io` (the protocol's array prefix). */
typedef struct MemberPath {
    const char *name, *array;
} MemberPath;

static char *joined(const char *a, char sep, const char *b)
{
    size_t n = strlen(a) + strlen(b) + 2;
    char *out = xcalloc(n, 1);
    snprintf(out, n, "%s%c%s", a, sep, b);
    return out;
}

/* Per field of the struct type t, the values the expressions vals give
 * it (each a struct value: an initializer list, a local variable), into
 * w's lists; false when one of them cannot tell. */
static bool field_values(const Site *s, const CXCursor *vals, int nvals, StructWrites *w)
{
    bool known = nvals > 0;
    for (int v = 0; v < nvals; v++) {
        StructWrites one = {.var = clang_getNullCursor(), .fields = w->fields, .host = w->host};
        known = struct_values(s, vals[v], &one) && known;
        for (int i = 0; i < one.nvalues; i++)
            struct_value(w, one.owner[i], one.values[i]);
        free(one.values);
        free(one.owner);
    }
    return known;
}

/* The slots of the struct of type t at path of parameter param, given the
 * values vals: its pointer fields with an array in k (counted in
 * *matched), each with the values the host gives it, and the same for its
 * struct fields, as deep as the front end follows them.  False when the
 * values are not known. */
static bool record_slots(Host *h, const Site *s, CXCursor param, CXType t, MemberPath path, const CXCursor *vals,
                         int nvals, Kernel *k, Slots *ss, int *matched, int depth)
{
    Fields f = {0};
    clang_Type_visitFields(clang_getCanonicalType(t), add_field, &f);
    StructWrites w = {.var = clang_getNullCursor(), .fields = &f, .host = h};
    bool known = field_values(s, vals, nvals, &w);
    for (int i = 0; i < f.n; i++) {
        CXType ft = clang_getCursorType(f.c[i]);
        bool record = clang_getCanonicalType(ft).kind == CXType_Record;
        if (!type_is_pointer(ft) && !(record && depth + 1 < MAX_MEMBER_DEPTH))
            continue;
        char *field = cursor_name(f.c[i]);
        MemberPath inner = {joined(path.name, '.', field), joined(path.array, '_', field)};
        free(field);
        CXCursor *given = NULL;
        int ngiven = 0, cap = 0;
        for (int v = 0; v < w.nvalues; v++)
            if (w.owner[v] == i)
                VEC_PUSH(given, ngiven, cap, w.values[v]);
        if (record) {
            known = record_slots(h, s, param, ft, inner, given, ngiven, k, ss, matched, depth + 1) && known;
            free((char *)inner.name);
            free((char *)inner.array);
        } else {
            Slot *sl = new_slot(ss, param, (char *)inner.name, (char *)inner.array);
            if (slot_array(k, sl)) {
                (*matched)++;
                for (int v = 0; v < ngiven; v++)
                    slot_add(h, sl, given[v]);
                known = known && ngiven > 0;
                for (int b = 0; b < sl->nbufs; b++)
                    known = known && !clang_Cursor_isNull(sl->bufs[b].base);
            }
        }
        free(given);
    }
    free(f.c);
    free(w.values);
    free(w.owner);
    return known;
}

/* The slots of struct parameter param (record_slots), with the value
 * argument e gives it.  False when some array of the parameter is not
 * such a field's, or the values are not known. */
static bool struct_slots(Host *h, const Site *s, CXCursor param, CXCursor e, Kernel *k, Slots *ss)
{
    char *pname = cursor_name(param);
    int arrays = 0, matched = 0;
    unsigned off = decl_start(param);
    for (int i = 0; i < k->narrays; i++)
        arrays += k->arrays[i].mem == MEM_GLOBAL && k->arrays[i].loc.file == k->loc.file &&
                  k->arrays[i].loc.off == off;
    MemberPath top = {pname, pname};
    bool known = record_slots(h, s, param, clang_getCursorType(param), top, &e, clang_Cursor_isNull(e) ? 0 : 1, k, ss,
                              &matched, 0);
    free(pname);
    return known && matched == arrays;
}

/* Every value of slot i against every value of slot j: one base is one
 * buffer.  Values at different distances cannot be one protocol's
 * offset: the kernel is opaque. */
static void pair_buffers(Host *h, Program *p, Kernel *k, const Slot *si, const Slot *sj, Loc at)
{
    const Buffer *fi = NULL, *fj = NULL;
    bool consistent = true;
    for (int a = 0; a < si->nbufs; a++)
        for (int b = 0; b < sj->nbufs; b++) {
            const Buffer *bi = &si->bufs[a], *bj = &sj->bufs[b];
            if (clang_Cursor_isNull(bi->base) || clang_Cursor_isNull(bj->base) || !same_decl(bi->base, bj->base))
                continue;
            if (!fi) {
                fi = bi;
                fj = bj;
                continue;
            }
            bool same = bi->off.kind == HV_CONST && bj->off.kind == HV_CONST && fi->off.kind == HV_CONST &&
                        fj->off.kind == HV_CONST && bj->off.c - bi->off.c == fj->off.c - fi->off.c;
            consistent = consistent && same;
        }
    if (fi && consistent)
        one_buffer(h, p, k, si, sj, fi, fj, at);
    if (fi && !consistent) {
        diag_at(h->diag, SEV_WARNING, at, "the host code may pass one buffer as '%s' and '%s' of kernel %s at "
                                          "different offsets: not modelled", si->name, sj->name, k->name);
        alias_opaque(p, k, at);
    }
}

/* The pointers a launch hands the kernel, and where each points; a pair
 * with one base is one buffer. */
static void launch_buffers_once(Host *h, const Site *s, CXCursor kdef, int ki, Program *p, Kernel *k, Loc at)
{
    Children ch = children_of(kdef);
    Slots ss = {0};
    int arg = 0;
    for (int j = 0; j < ch.n; j++) {
        if (clang_getCursorKind(ch.c[j]) != CXCursor_ParmDecl)
            continue;
        CXCursor e = arg < s->nargs && s->args ? s->args[arg] : clang_getNullCursor();
        if (type_is_pointer(clang_getCursorType(ch.c[j]))) {
            Slot *sl = new_slot(&ss, ch.c[j], cursor_name(ch.c[j]), NULL);
            if (clang_Cursor_isNull(e))
                h->unsure[ki] = true;
            else
                slot_add(h, sl, e);
            for (int b = 0; b < sl->nbufs; b++)
                h->unsure[ki] |= clang_Cursor_isNull(sl->bufs[b].base);
        } else if (clang_getCanonicalType(clang_getCursorType(ch.c[j])).kind == CXType_Record &&
                   !struct_slots(h, s, ch.c[j], e, k, &ss)) {
            h->members_unsure[ki] = true;
        }
        arg++;
    }
    if (arg > s->nargs || !s->args)
        h->unsure[ki] = true;
    for (int i = 0; i < ss.n; i++)
        for (int j = i + 1; j < ss.n; j++)
            pair_buffers(h, p, k, &ss.s[i], &ss.s[j], at);
    h->shown[ki] = true;
    slots_free(&ss);
    free(ch.c);
}

static bool has_pointer_parameter(CXCursor fn)
{
    Children ch = children_of(fn);
    bool any = false;
    for (int i = 0; i < ch.n && !any; i++)
        any = clang_getCursorKind(ch.c[i]) == CXCursor_ParmDecl && type_is_pointer(clang_getCursorType(ch.c[i]));
    free(ch.c);
    return any;
}

/* A launch in a helper whose pointer parameters it passes on is read
 * once per call of the helper, each call's arguments together
 * (parameter_buffers): `step(x, y); step(y, x);` passes two buffers
 * each time, though each parameter is x at one call and y at the other. */
static void launch_buffers(Host *h, const Site *s, CXCursor kdef, int ki, Program *p, Kernel *k, Loc at)
{
    CXCursor fn = h->current;
    bool per_call = !clang_Cursor_isNull(fn) && has_pointer_parameter(fn) && host_calls_all_here(h, fn);
    int calls = 0;
    for (int j = 0; j < h->ncalls && per_call; j++) {
        CXCursor callee = clang_getCursorReferenced(h->calls[j]);
        if (clang_Cursor_isNull(callee) || !same_decl(callee, fn))
            continue;
        h->buffer_call = h->calls[j];
        launch_buffers_once(h, s, kdef, ki, p, k, at);
        calls++;
    }
    h->buffer_call = clang_getNullCursor();
    if (calls == 0)
        launch_buffers_once(h, s, kdef, ki, p, k, at);
}

static void push_launch(Program *p, Kernel *k, const Launch *l)
{
    ARENA_PUSH(&p->arena, k->host_launches, k->nhost_launches, *l);
}

static void add_bound(Launch *l, CXCursor kdef, const SrcFile *src)
{
    int64_t n = 0;
    if (launch_bounds(kdef, &n) && src) {
        LaunchFact f = {.kind = LF_BLOCK_AT_MOST, .value = n,
                        .from = {FROM_LAUNCH_BOUNDS, loc_of_cursor(src, kdef)}};
        launch_add_fact(l, f);
    }
}

/* A launch of one of tmpl's instances that mapkit cannot tell apart: each
 * may be the one launched, with any sizes, and says so. */
static void instance_not_told(Host *h, CXCursor tmpl, Loc at, const SrcFile *src, Program *p, const CXCursor *kc,
                              Kernel **kernels, int n)
{
    char *name = cursor_name(tmpl);
    bool pattern;
    for (int i = 0; i < n; i++) {
        if (!instance_of(kc[i], tmpl, &pattern))
            continue;
        Launch l;
        launch_init(&l);
        push_launch(p, kernels[i], &l);
        h->unsure[i] = true;
        add_assumption(p, kernels[i], at, "any launch: the launch at %s:%u:%u is of an instance of '%s' whose "
                                          "template arguments are not read, so each instance is checked for every "
                                          "block and grid size and argument",
                       src->path, loc_line(at), loc_col(at), name);
    }
    free(name);
}

/* The integer expression of axis a of a launch's block or grid size: `bs`
 * itself (axis 0), through its implicit conversion to dim3, argument a of
 * a dim3 constructor (`dim3(bs, 4)`), or what gives a dim3 variable's
 * field at the launch (dim3_var_axis).  Null for anything else: a
 * function returning dim3 computes its axes from its arguments as it
 * likes. */
static CXCursor axis_expr(Host *h, CXCursor e, int a, int depth)
{
    for (; depth < 8 && !clang_Cursor_isNull(e); depth++) {
        if (type_is_integral(clang_getCursorType(e)))
            return a == 0 ? e : clang_getNullCursor();
        enum CXCursorKind k = clang_getCursorKind(e);
        bool construct = k == CXCursor_CallExpr && clang_getCursorKind(clang_getCursorReferenced(e)) == CXCursor_Constructor;
        if (k == CXCursor_DeclRefExpr && clang_getCursorKind(clang_getCursorReferenced(e)) == CXCursor_VarDecl &&
            is_dim3(clang_getCursorType(e)))
            return dim3_var_axis(h, clang_getCursorReferenced(e), a, depth);
        if (construct && clang_Cursor_getNumArguments(e) == 1 && is_dim3(clang_getCursorType(clang_Cursor_getArgument(e, 0)))) {
            e = clang_Cursor_getArgument(e, 0); /* a copy */
            continue;
        }
        if (!construct && k != CXCursor_UnexposedExpr)
            break;
        if (construct) {
            CXCursor arg = a < clang_Cursor_getNumArguments(e) ? clang_Cursor_getArgument(e, (unsigned)a) : clang_getNullCursor();
            return !clang_Cursor_isNull(arg) && type_is_integral(clang_getCursorType(arg)) ? arg : clang_getNullCursor();
        }
        Children ch = children_of(e); /* an implicit conversion: its one operand */
        e = ch.n == 1 ? ch.c[0] : clang_getNullCursor();
        free(ch.c);
    }
    return clang_getNullCursor();
}

/* A block or grid size that is no constant but whose every value the host
 * shows (host_range.c: `for (int bs : {32, 64, 128})`, an array of sizes,
 * `dim3 grid(n / 128)` for n one of them cubed) gets its largest value as
 * a bound (known_dims: blockDim or gridDim <= hi), where constant
 * propagation found none or a larger one. */
static void dims_bounds(Host *h, const Site *s, HostVal b[3], bool block, Launch *l, LaunchOrigin at)
{
    for (int a = 0; a < 3; a++) {
        CXCursor e = s->by_axis ? (block ? s->block_axis : s->grid_axis)[a] : axis_expr(h, block ? s->block : s->grid, a, 0);
        if (b[a].kind == HV_CONST || clang_Cursor_isNull(e) || !type_is_integral(clang_getCursorType(e)))
            continue;
        HostRange r = host_range(h, e);
        if (r.hi_known && (!b[a].has_hi || r.hi < b[a].hi)) {
            b[a].has_hi = true;
            b[a].hi = r.hi;
        }
        if (block && r.lo_known && r.lo >= 2 && r.lo <= 1024) { /* `for (bs = 32; ...)`: no block of 2 threads */
            LaunchFact f = {.kind = LF_DIM_AT_LEAST, .value = r.lo, .axis = a, .from = at};
            launch_add_fact(l, f);
        }
        if (block && r.pow2) { /* sizes 32, 64, ..., 1024 divide every power of two as large */
            LaunchFact f = {.kind = LF_DIM_POW2, .axis = a, .from = at};
            launch_add_fact(l, f);
        }
    }
}

/* at: where the launch is reported, the call itself or the call of the
 * helper that makes it (per_caller_launches).  which: the kernel among
 * the overloads a dependent launch may name; false when there is none. */
static bool read_launch_of(Host *h, CXCursor call, CXCursor at_call, Program *p, const CXCursor *kc, Kernel **kernels,
                           int n, HostSource source, void *ctx, int which)
{
    Site s = {0};
    const SrcFile *src = source(ctx, call), *at_src = source(ctx, at_call);
    bool site = src && at_src && read_site(h, call, at_call, kc, n, &s, which);
    int ki = site ? kernel_index(s.kernel, kc, n) : -1;
    enum CXCursorKind named = site ? clang_getCursorKind(s.kernel) : CXCursor_InvalidCode;
    CXCursor tmpl = named == CXCursor_FunctionTemplate ? s.kernel : site ? clang_getSpecializedCursorTemplate(s.kernel)
                                                                       : clang_getNullCursor();
    if (!clang_Cursor_isNull(tmpl)) { /* a template's launch: which instance, when they are several kernels */
        h->at = call;
        int which_instance = instance_launched(h, call, s.kernel, tmpl, kc, kernels, n);
        if (which_instance == NOT_TOLD_APART) {
            instance_not_told(h, tmpl, loc_of_cursor(at_src, at_call), at_src, p, kc, kernels, n);
            free(s.args);
            return true;
        }
        ki = which_instance >= 0 ? which_instance : ki;
    }
    if (named != CXCursor_FunctionDecl && named != CXCursor_FunctionTemplate)
        site = false; /* a kernel held in a variable: no launch of a known kernel */
    if (ki < 0) {
        free(s.args); /* read_site's, or NULL */
        return site;
    }
    Launch l;
    launch_init(&l);
    LaunchOrigin at = {FROM_HOST, loc_of_cursor(at_src, at_call)};
    HostVal g[3], b[3];
    h->at = call;
    h->nused_globals = 0;
    h->nfrom_callers = 0;
    h->equal_64[0] = 0;
    h->device_props = 0;
    h->nranged_globals = 0;
    eval_dim3(h, s.grid, g);
    eval_dim3(h, s.block, b);
    for (int a = 0; a < 3 && s.by_axis; a++) {
        g[a] = eval(h, s.grid_axis[a]);
        b[a] = eval(h, s.block_axis[a]);
    }
    dims_bounds(h, &s, b, true, &l, at);
    dims_bounds(h, &s, g, false, &l, at);
    known_dims(h, &l, b, true, at);
    known_dims(h, &l, g, false, at);
    HostVal smem = eval(h, s.smem);
    if (smem.kind == HV_CONST && smem.c >= 0) {
        l.smem = smem.c;
        l.has_smem = true;
    }
    parameter_facts(h, &s, kc[ki], kernels[ki], g, &l, at);
    host_relation_facts(h, &s, kc[ki], kernels[ki], b, &l, at);
    launch_buffers(h, &s, kc[ki], ki, p, kernels[ki], at.loc);
    template_facts(s.kernel, clang_getSpecializedCursorTemplate(s.kernel), kernels[ki], &l, at);
    written_template_facts(h, call, &s, kernels[ki], &l, at);
    add_bound(&l, kc[ki], source(ctx, kc[ki]));
    push_launch(p, kernels[ki], &l);
    if (h->nfrom_callers) {
        char names[240] = "";
        for (int i = 0; i < h->nfrom_callers; i++) {
            char *name = cursor_name(h->from_callers[i]);
            size_t len = strlen(names);
            snprintf(names + len, sizeof names - len, "%s'%s'", i ? ", " : "", name);
            free(name);
        }
        add_assumption(p, kernels[ki], at.loc, "the values at the launch at %s:%u:%u are those that the calls "
                                               "of %s in the files checked pass (a call from elsewhere is not seen)",
                       at_src->path, loc_line(at.loc), loc_col(at.loc), names);
    }
    if (h->equal_64[0])
        add_assumption(p, kernels[ki], at.loc, "%s at the launch at %s:%u:%u: one value passed to parameters of "
                                               "two 64-bit types, below 2^63 (a count of elements)",
                       h->equal_64, at_src->path, loc_line(at.loc), loc_col(at.loc));
    ranged_assumptions(h, p, kernels[ki], at.loc, at_src);
    for (int i = 0; i < h->nused_globals; i++) {
        char *name = cursor_name(h->used_globals[i]);
        add_assumption(p, kernels[ki], at.loc, "%s = %lld at the launch at %s:%u:%u: the global keeps its "
                                               "initializer's value (nothing in its file writes it or takes its "
                                               "address; another file of the program could)",
                       name, (long long)h->used_values[i], at_src->path, loc_line(at.loc), loc_col(at.loc));
        free(name);
    }
    free(s.args);
    return true;
}

/* `[lo, hi]`, `<= hi` or `>= lo` of a range with a bound. */
static void range_text(char *buf, size_t size, HostRange r)
{
    if (r.lo_known && r.hi_known)
        snprintf(buf, size, "in [%lld, %lld]", (long long)r.lo, (long long)r.hi);
    else if (r.hi_known)
        snprintf(buf, size, "<= %lld", (long long)r.hi);
    else if (r.lo_known)
        snprintf(buf, size, ">= %lld", (long long)r.lo);
    else
        snprintf(buf, size, "= %lld modulo %lld", (long long)r.rem, (long long)r.mod);
}

/* The ranges the launch's reading took on trust (host_range.c): device
 * properties within CUDA's limits, globals at the values their file
 * assigns. */
static void ranged_assumptions(Host *h, Program *p, Kernel *k, Loc loc, const SrcFile *src)
{
    char props[240] = "";
    int64_t lo, hi;
    const char *name;
    for (int i = 0; (name = host_device_limit(i, &lo, &hi)) != NULL; i++)
        if (h->device_props & (1u << i)) {
            size_t len = strlen(props);
            snprintf(props + len, sizeof props - len, "%s%s in [%lld, %lld]", len ? ", " : "", name, (long long)lo,
                     (long long)hi);
        }
    if (props[0])
        add_assumption(p, k, loc, "the device's %s at the launch at %s:%u:%u (CUDA's limits per compute capability; "
                                  "at most 1024 multiprocessors is assumed)",
                       props, src->path, loc_line(loc), loc_col(loc));
    for (int i = 0; i < h->nranged_globals; i++) {
        char *gname = cursor_name(h->ranged_globals[i]), range[80];
        range_text(range, sizeof range, h->ranged_global_r[i]);
        add_assumption(p, k, loc, "%s %s at the launch at %s:%u:%u: the values its file gives it (another file of "
                                  "the program could assign others)",
                       gname, range, src->path, loc_line(loc), loc_col(loc));
        free(gname);
    }
}

/* A launch whose kernel the host code does not name (cuLaunchKernel on a
 * CUfunction, a configuration mapkit cannot read): it may launch any
 * kernel of the file with any sizes, so each is checked for every launch
 * too, and says so. */
static void unread_launch(Host *h, CXCursor call, Program *p, Kernel **kernels, int n, const SrcFile *src)
{
    Loc at = loc_of_cursor(src, call);
    CXString name = clang_getCursorSpelling(call);
    for (int i = 0; i < n; i++) {
        Launch l;
        launch_init(&l);
        push_launch(p, kernels[i], &l);
        h->unsure[i] = true;
        add_assumption(p, kernels[i], at, "any launch: the launch at %s:%u:%u (%s) could not be read, so the "
                                          "kernel is checked for every block and grid size and argument",
                       src->path, loc_line(at), loc_col(at), clang_getCString(name));
    }
    clang_disposeString(name);
}

void host_read_launch_once(Host *h, CXCursor call, CXCursor at_call, Program *p, const CXCursor *kc,
                           Kernel **kernels, int n)
{
    HostSource source = h->source;
    void *ctx = h->source_ctx;
    int which = 0;
    while (read_launch_of(h, call, at_call, p, kc, kernels, n, source, ctx, which))
        which++;
    const SrcFile *src = source(ctx, call);
    if (which == 0 && src && source(ctx, at_call))
        unread_launch(h, call, p, kernels, n, src);
}

/* The launch of site, once per binding of the loops around it and of its
 * host template's parameters (launch_forms.c), else once. */
static void read_launch(Host *h, int site, CXCursor at_call, Program *p, const CXCursor *kc, Kernel **kernels, int n)
{
    CXCursor fn = h->current;
    h->current = h->site_fn[site];
    if (!host_bound_launches(h, site, at_call, p, kc, kernels, n))
        host_read_launch_once(h, h->sites[site], at_call, p, kc, kernels, n);
    h->current = fn;
}

/* Do the calls of helper fn give some integer parameter different
 * constants?  Then each call is a launch of its own (a parameter that
 * every call gives one constant needs none: same_at_every_call). */
static bool differs_per_caller(Host *h, CXCursor fn)
{
    Children ch = children_of(fn);
    bool differs = false;
    for (int i = 0; i < ch.n && !differs; i++) {
        if (clang_getCursorKind(ch.c[i]) != CXCursor_ParmDecl || !type_is_integral(clang_getCursorType(ch.c[i])))
            continue;
        int idx = param_index(fn, ch.c[i]);
        bool seen = false;
        int64_t first = 0;
        for (int j = 0; j < h->ncalls && !differs; j++) {
            CXCursor callee = clang_getCursorReferenced(h->calls[j]);
            if (clang_Cursor_isNull(callee) || !same_decl(callee, fn) ||
                idx >= clang_Cursor_getNumArguments(h->calls[j]))
                continue;
            HostVal v = eval(h, clang_Cursor_getArgument(h->calls[j], (unsigned)idx));
            differs = v.kind == HV_CONST && seen && v.c != first;
            if (v.kind == HV_CONST && !seen) {
                first = v.c;
                seen = true;
            }
        }
    }
    free(ch.c);
    return differs;
}

/* `void launchFill(int *out, int threads) { fill<<<4, threads>>>(...); }`
 * called as launchFill(out, 64) and launchFill(out, 128): one launch per
 * call, the helper's parameters bound to that call's arguments, reported
 * at the call.  False when the site is not in such a helper. */
static bool per_caller_launches(Host *h, int site, Program *p, const CXCursor *kc, Kernel **kernels, int n)
{
    CXCursor fn = h->site_fn[site];
    if (clang_Cursor_isNull(fn) || clang_getCursorKind(fn) == CXCursor_FunctionTemplate ||
        h->depth >= HOST_MAX_DEPTH || !differs_per_caller(h, fn) || !host_calls_all_here(h, fn))
        return false; /* a call unseen (through a pointer, in another unit) would be a launch missed */
    for (int j = 0; j < h->ncalls; j++) {
        CXCursor callee = clang_getCursorReferenced(h->calls[j]);
        if (clang_Cursor_isNull(callee) || !same_decl(callee, fn))
            continue;
        int mark = h->nenv;
        Children ch = children_of(fn);
        for (int i = 0, arg = 0; i < ch.n; i++) {
            if (clang_getCursorKind(ch.c[i]) != CXCursor_ParmDecl)
                continue;
            HostVal v = arg < clang_Cursor_getNumArguments(h->calls[j])
                            ? eval(h, clang_Cursor_getArgument(h->calls[j], (unsigned)arg))
                            : unknown;
            HostBind b = {ch.c[i], v.kind == HV_CONST ? v : unknown}; /* a caller's variable is not ours */
            VEC_PUSH(h->env, h->nenv, h->capenv, b);
            arg++;
        }
        free(ch.c);
        h->depth++;
        read_launch(h, site, h->calls[j], p, kc, kernels, n);
        h->depth--;
        h->nenv = mark;
    }
    return true;
}

/* Appends ", name" (or "name" first) to buf. */
static void append_name(char *buf, size_t cap, size_t *used, int *count, const char *name)
{
    int w = snprintf(buf + *used, cap - *used, "%s%s", *count ? ", " : "", name);
    if (w > 0 && (size_t)w < cap - *used)
        *used += (size_t)w;
    (*count)++;
}

/* The pointer members of a struct parameter taken by value (`a.in`,
 * `a.out`): arrays of k declared at the parameter, named `a_in`. */
static void member_pointer_names(CXCursor param, Kernel *k, char *buf, size_t cap, size_t *used, int *count)
{
    if (clang_getCanonicalType(clang_getCursorType(param)).kind != CXType_Record)
        return;
    char *pname = cursor_name(param);
    size_t plen = strlen(pname);
    unsigned off = decl_start(param);
    for (int i = 0; i < k->narrays; i++) {
        const ArrayDecl *a = &k->arrays[i];
        const char *name = a->name->u.var.name;
        if (a->mem != MEM_GLOBAL || a->loc.file != k->loc.file || a->loc.off != off ||
            strncmp(name, pname, plen) != 0 || name[plen] != '_')
            continue;
        char member[200];
        snprintf(member, sizeof member, "%s.%s", pname, name + plen + 1);
        append_name(buf, cap, used, count, member);
    }
    free(pname);
}

/* "a, b, c" into buf, the names of the pointer parameters of kdef with an
 * array in k (restrict_only: those that are __restrict__), and of the
 * pointer members of its struct parameters (`s.p`); how many. */
static int pointer_names(CXCursor kdef, Kernel *k, bool restrict_only, char *buf, size_t cap)
{
    Children ch = children_of(kdef);
    int count = 0;
    size_t used = 0;
    buf[0] = '\0';
    for (int j = 0; j < ch.n; j++) {
        if (!restrict_only && clang_getCursorKind(ch.c[j]) == CXCursor_ParmDecl)
            member_pointer_names(ch.c[j], k, buf, cap, &used, &count);
        if (clang_getCursorKind(ch.c[j]) != CXCursor_ParmDecl || !type_is_pointer(clang_getCursorType(ch.c[j])) ||
            !alias_param_array(k, decl_start(ch.c[j])) || (restrict_only && !is_restrict(ch.c[j])))
            continue;
        char *name = cursor_name(ch.c[j]);
        append_name(buf, cap, &used, &count, name);
        free(name);
    }
    free(ch.c);
    return count;
}

/* The pointer members of kdef's struct parameters, into buf; how many. */
static int struct_member_names(CXCursor kdef, Kernel *k, char *buf, size_t cap)
{
    Children ch = children_of(kdef);
    int count = 0;
    size_t used = 0;
    buf[0] = '\0';
    for (int j = 0; j < ch.n; j++)
        if (clang_getCursorKind(ch.c[j]) == CXCursor_ParmDecl)
            member_pointer_names(ch.c[j], k, buf, cap, &used, &count);
    free(ch.c);
    return count;
}

void infer_pointer_assumptions(Program *p, const CXCursor *kc, Kernel **kernels, int n, const bool *shown,
                                const bool *members_unsure)
{
    for (int i = 0; i < n; i++) {
        char members[320], all[320];
        int nmembers = shown && shown[i] && (!members_unsure || members_unsure[i])
                           ? struct_member_names(kc[i], kernels[i], members, sizeof members)
                           : 0;
        int nall = nmembers ? pointer_names(kc[i], kernels[i], false, all, sizeof all) : 0;
        if (nmembers >= 1 && nall >= 2)
            add_assumption(p, kernels[i], kernels[i]->loc,
                           "no alias: the pointer members%s %s%s point to buffers that do not "
                           "overlap (the launches' struct arguments are not followed)",
                           nall > nmembers ? " and parameters" : "", nall > nmembers ? all : members,
                           nall > nmembers ? "" : " of struct parameters");
        if (shown && shown[i])
            continue;
        char names[320], restricted[320];
        if (pointer_names(kc[i], kernels[i], false, names, sizeof names) < 2)
            continue;
        int nr = pointer_names(kc[i], kernels[i], true, restricted, sizeof restricted);
        add_assumption(p, kernels[i], kernels[i]->loc,
                       "no alias: the pointer parameters %s point to buffers that do not overlap (no launch "
                       "shows what they point to)%s%s%s", names, nr ? "; " : "", restricted,
                       nr ? (nr > 1 ? " are __restrict__" : " is __restrict__") : "");
    }
}

/* A kernel the host code launches gets the values its launches pass, or
 * any value where a launch does not show one: an enum parameter's range
 * (kernel.c) is no longer assumed, its `assume` and its note go. */
static void drop_enum_ranges(Kernel *k)
{
    int kept = 0;
    for (int i = 0; i < k->nassumes; i++) {
        const Expr *cond = k->assumes[i].assume;
        if (!cond) {
            k->assumes[kept++] = k->assumes[i];
            continue;
        }
        int body = 0;
        for (int j = 0; j < k->body.n; j++)
            if (k->body.items[j]->kind != S_ASSUME || k->body.items[j]->u.assume.cond != cond)
                k->body.items[body++] = k->body.items[j];
        k->body.n = body;
    }
    k->nassumes = kept;
}

struct HostReader {
    Host h;
    Program *p;
    const CXCursor *kc;
    Kernel **kernels;
    int n;
    HostSource source; /* the kernels' own translation unit's */
    void *ctx;
};

HostReader *host_reader_new(Program *p, const CXCursor *kc, Kernel **kernels, int n, HostSource source, void *ctx,
                            Diag *d)
{
    HostReader *r = xcalloc(1, sizeof *r);
    r->h.current = r->h.at = r->h.instance = r->h.buffer_call = clang_getNullCursor();
    r->h.diag = d;
    r->h.shown = xcalloc((size_t)n + 1, sizeof *r->h.shown);
    r->h.unsure = xcalloc((size_t)n + 1, sizeof *r->h.unsure);
    r->h.members_unsure = xcalloc((size_t)n + 1, sizeof *r->h.members_unsure);
    r->h.merges = xcalloc(1, sizeof *r->h.merges);
    r->p = p;
    r->kc = kc;
    r->kernels = kernels;
    r->n = n;
    r->source = source;
    r->ctx = ctx;
    return r;
}

/* The real path of the unit's main file (malloc'd). */
static char *unit_path(CXTranslationUnit tu)
{
    CXString name = clang_getTranslationUnitSpelling(tu);
    char buf[PATH_MAX];
    char *path = strdup(realpath(clang_getCString(name), buf) ? buf : clang_getCString(name));
    clang_disposeString(name);
    return path;
}

/* One translation unit's launch sites: its calls are a helper's callers
 * only within it, so they are forgotten after it. */
void host_reader_read(HostReader *r, CXTranslationUnit tu, HostSource source, void *ctx)
{
    Host *h = &r->h;
    h->ncalls = h->nsites = h->nsite_fn = 0;
    h->current = h->at = clang_getNullCursor();
    h->source = source; /* each unit has its own */
    h->source_ctx = ctx;
    host_forget_errors(h);
    host_range_forget(h);
    h->unit = unit_path(tu);
    h->nglobals = 0; /* its cursors are this unit's */
    clang_visitChildren(clang_getTranslationUnitCursor(tu), find_calls, h);
    for (int i = 0; i < h->nsites; i++)
        if (!per_caller_launches(h, i, r->p, r->kc, r->kernels, r->n))
            read_launch(h, i, h->sites[i], r->p, r->kc, r->kernels, r->n);
}

void host_reader_finish(HostReader *r)
{
    Host *h = &r->h;
    Kernel **kernels = r->kernels;
    int n = r->n;
    for (int i = 0; i < n; i++)
        if (kernels[i]->nhost_launches)
            drop_enum_ranges(kernels[i]);
    /* a kernel launched nowhere still has its __launch_bounds__ */
    for (int i = 0; i < n; i++) {
        if (kernels[i]->nhost_launches)
            continue;
        Launch l;
        launch_init(&l);
        add_bound(&l, r->kc[i], r->source(r->ctx, r->kc[i]));
        if (l.nfacts)
            push_launch(r->p, kernels[i], &l);
    }
    for (int i = 0; i < n; i++)
        h->shown[i] = h->shown[i] && !h->unsure[i];
    infer_pointer_assumptions(r->p, r->kc, kernels, n, h->shown, h->members_unsure);
    free(h->members_unsure);
    alias_log_free(h->merges);
    free(h->merges);
    free(h->shown);
    free(h->unsure);
    free(h->calls);
    free(h->sites);
    free(h->site_fn);
    free(h->env);
    free(h->renv);
    free(h->globals);
    host_forget_errors(h);
    host_range_forget(h);
    free(r);
}

void host_reader_use_calls(HostReader *r, const HostCalls *calls)
{
    r->h.table = calls;
}

void host_calls_of_unit(CXTranslationUnit tu, HostCalls *out)
{
    Host h = {0};
    h.current = h.at = h.instance = h.buffer_call = clang_getNullCursor();
    clang_visitChildren(clang_getTranslationUnitCursor(tu), find_calls, &h);
    host_unit_calls(&h, tu, out);
    free(h.calls);
    free(h.sites);
    free(h.site_fn);
    free(h.env);
    free(h.globals);
    host_forget_errors(&h);
    host_range_forget(&h);
}

void infer_host_launches(Program *p, CXTranslationUnit tu, const CXCursor *kc, Kernel **kernels, int n,
                         HostSource source, void *ctx, Diag *d)
{
    HostReader *r = host_reader_new(p, kc, kernels, n, source, ctx, d);
    host_reader_read(r, tu, source, ctx);
    host_reader_finish(r);
}

/* ---- for the other files of infer/host/ (host_eval.h) ---- */

HostVal host_unknown(void)
{
    return unknown;
}

HostVal host_constant(int64_t c)
{
    return constant(c);
}

HostVal host_eval(Host *h, CXCursor e)
{
    return eval(h, e);
}

void host_eval_dim3(Host *h, CXCursor e, HostVal out[3])
{
    eval_dim3(h, e, out);
}

HostVal host_combine_constants(enum CXBinaryOperatorKind op, int64_t a, int64_t b)
{
    return both_constant(op, a, b);
}

CXCursor host_strip(CXCursor e)
{
    return strip(e);
}

CXCursor host_operand(CXCursor e)
{
    return operand(e);
}

bool host_same_decl(CXCursor a, CXCursor b)
{
    return same_decl(a, b);
}

bool host_is_uniform(const Kernel *k, const char *name)
{
    return is_uniform(k, name);
}

bool host_keeps_initial_value(CXCursor decl)
{
    return keeps_initial_value(decl);
}

bool host_encloses(CXCursor outer, CXCursor c)
{
    return encloses(outer, c);
}

bool host_callee_is(CXCursor call, const char *name)
{
    return callee_is(call, name);
}

CXCursor host_function_named(CXCursor e)
{
    return function_named(e);
}

int host_param_index(CXCursor fn, CXCursor parm)
{
    return param_index(fn, parm);
}

void host_args_array(CXCursor e, CXCursor call, Site *s)
{
    args_array(e, call, s);
}
