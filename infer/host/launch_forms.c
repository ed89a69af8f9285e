/* Launch forms beyond `k<<<g, b>>>(...)` written with the kernel's name
 * (host_eval.h; docs/inference.md, "Launches in the host code"): a
 * kernel held in a function pointer, an `auto` variable or a parameter
 * (`launch(k, ...)`), cuLaunchKernel on a CUfunction that
 * cuModuleGetFunction names by a kernel's name, launches in counted loops
 * (one launch per iteration's sizes, or a bound when there are many) and
 * in host function templates (one launch per instantiation, the template
 * arguments bound). */
#include "host_eval.h"

#include "assigned.h"

#include <stdlib.h>
#include <string.h>

struct HostError {
    CXFile file;
    unsigned offset;
};

static void read_errors(Host *h, CXTranslationUnit tu)
{
    unsigned n = clang_getNumDiagnostics(tu);
    h->errors = xcalloc((size_t)n + 1, sizeof *h->errors);
    for (unsigned i = 0; i < n; i++) {
        CXDiagnostic d = clang_getDiagnostic(tu, i);
        if (clang_getDiagnosticSeverity(d) >= CXDiagnostic_Error) {
            struct HostError *e = &h->errors[h->nerrors++];
            clang_getExpansionLocation(clang_getDiagnosticLocation(d), &e->file, NULL, NULL, &e->offset);
        }
        clang_disposeDiagnostic(d);
    }
    h->errors_read = true;
}

void host_forget_errors(Host *h)
{
    free(h->errors);
    h->errors = NULL;
    h->nerrors = 0;
    h->errors_read = false;
}

/* Does clang report an error inside fn?  Code it could not parse may
 * hide a use (`std::function<void(int)> g = f;` with <functional>
 * missing), so nothing here is inferred from such a function. */
bool host_has_errors_in(Host *h, CXCursor fn)
{
    if (clang_Cursor_isNull(fn))
        return false;
    if (!h->errors_read)
        read_errors(h, clang_Cursor_getTranslationUnit(fn));
    CXSourceRange r = clang_getCursorExtent(fn);
    CXFile f;
    unsigned from, to;
    clang_getExpansionLocation(clang_getRangeStart(r), &f, NULL, NULL, &from);
    clang_getExpansionLocation(clang_getRangeEnd(r), NULL, NULL, NULL, &to);
    for (int i = 0; i < h->nerrors; i++)
        if (clang_File_isEqual(f, h->errors[i].file) && from <= h->errors[i].offset && h->errors[i].offset <= to)
            return true;
    return false;
}

/* ---- kernels held in variables and parameters ---- */

enum { MAX_HELD = 16, HELD_DEPTH = 6 };

typedef struct Held {
    CXCursor fn[MAX_HELD];
    int n;
} Held;

/* Does call call fn, or an instantiation of fn (a function template)? */
static bool calls_function(CXCursor call, CXCursor fn)
{
    CXCursor callee = clang_getCursorReferenced(call);
    if (clang_Cursor_isNull(callee))
        return false;
    if (host_same_decl(callee, fn))
        return true;
    CXCursor tmpl = clang_getSpecializedCursorTemplate(callee);
    return !clang_Cursor_isNull(tmpl) && host_same_decl(tmpl, fn);
}

/* How many times a tree names decl (a function: also an instantiation of
 * it), outside system headers. */
typedef struct Names {
    CXCursor decl;
    int n;
} Names;

static enum CXChildVisitResult name_of(CXCursor c, CXCursor parent, CXClientData data)
{
    (void)parent;
    Names *f = data;
    if (clang_Location_isInSystemHeader(clang_getCursorLocation(c)))
        return CXChildVisit_Continue;
    if (clang_getCursorKind(c) == CXCursor_DeclRefExpr) {
        CXCursor d = clang_getCursorReferenced(c), t = clang_getSpecializedCursorTemplate(d);
        f->n += !clang_Cursor_isNull(d) && (host_same_decl(d, f->decl) || (!clang_Cursor_isNull(t) && host_same_decl(t, f->decl)));
    }
    return CXChildVisit_Recurse;
}

/* `template void run<128>(int *);`, an explicit instantiation of fn (for
 * other files to call), in the file that defines it: `template` not
 * followed by `<`, then fn's name before the `;` (libclang shows no
 * cursor for it). */
static bool explicitly_instantiated(CXCursor fn)
{
    CXTranslationUnit tu = clang_Cursor_getTranslationUnit(fn);
    CXFile file;
    clang_getExpansionLocation(clang_getCursorLocation(fn), &file, NULL, NULL, NULL);
    size_t len = 0;
    if (!file || !clang_getFileContents(tu, file, &len))
        return false;
    CXSourceRange all = clang_getRange(clang_getLocationForOffset(tu, file, 0),
                                       clang_getLocationForOffset(tu, file, (unsigned)len));
    CXToken *t;
    unsigned nt;
    clang_tokenize(tu, all, &t, &nt);
    char *name = cursor_name(fn);
    bool found = false, in_instantiation = false;
    for (unsigned i = 0; i < nt && !found; i++) {
        CXString sp = clang_getTokenSpelling(tu, t[i]);
        const char *w = clang_getCString(sp);
        if (strcmp(w, "template") == 0 && i + 1 < nt) {
            CXString next = clang_getTokenSpelling(tu, t[i + 1]);
            in_instantiation = strcmp(clang_getCString(next), "<") != 0;
            clang_disposeString(next);
        } else if (strcmp(w, ";") == 0 || strcmp(w, "{") == 0) {
            in_instantiation = false;
        }
        found = in_instantiation && strcmp(w, name) == 0;
        clang_disposeString(sp);
    }
    free(name);
    clang_disposeTokens(tu, t, nt);
    return found;
}

static int names_in(CXCursor tree, CXCursor decl)
{
    Names f = {decl, 0};
    clang_visitChildren(tree, name_of, &f);
    return f.n;
}

/* Each call names fn once, so more names than calls means that it is
 * also called unseen (`auto f = &run<128>;`, a function pointer); an
 * explicit instantiation is there for calls in other files. */
static bool named_only_in_calls(CXCursor fn, int calls)
{
    CXCursor tu = clang_getTranslationUnitCursor(clang_Cursor_getTranslationUnit(fn));
    return names_in(tu, fn) == calls && !explicitly_instantiated(fn);
}

static void held_add(Held *held, CXCursor fn)
{
    for (int i = 0; i < held->n; i++)
        if (host_same_decl(held->fn[i], fn))
            return;
    if (held->n < MAX_HELD)
        held->fn[held->n++] = fn;
}

static bool gather(Host *h, CXCursor e, CXCursor at_call, Held *held, int depth);

/* A parameter holding a kernel: what the call reported (a helper read
 * per call) passes, else what every call of the function passes. */
static bool gather_param(Host *h, CXCursor parm, CXCursor at_call, Held *held, int depth)
{
    CXCursor fn = clang_getCursorSemanticParent(parm);
    int idx = host_param_index(fn, parm);
    if (idx < 0)
        return false;
    if (calls_function(at_call, fn))
        return idx < clang_Cursor_getNumArguments(at_call) &&
               gather(h, clang_Cursor_getArgument(at_call, (unsigned)idx), at_call, held, depth + 1);
    int seen = 0;
    for (int i = 0; i < h->ncalls; i++) {
        if (!calls_function(h->calls[i], fn))
            continue;
        if (idx >= clang_Cursor_getNumArguments(h->calls[i]) ||
            !gather(h, clang_Cursor_getArgument(h->calls[i], (unsigned)idx), at_call, held, depth + 1))
            return false;
        seen++;
    }
    return seen > 0 && named_only_in_calls(fn, seen);
}

/* The kernels an expression may name: a function, a variable that keeps
 * its initial value (`void (*fp)(int *) = k;`, `auto kp = &k;`, a
 * std::function constructed from one), a parameter; false when some
 * value cannot be followed. */
static bool gather(Host *h, CXCursor e, CXCursor at_call, Held *held, int depth)
{
    if (depth > HELD_DEPTH || clang_Cursor_isNull(e))
        return false;
    e = host_strip(e);
    if (clang_getCursorKind(e) == CXCursor_CallExpr && clang_Cursor_getNumArguments(e) == 1 &&
        clang_getCursorKind(clang_getCursorReferenced(e)) == CXCursor_Constructor)
        return gather(h, clang_Cursor_getArgument(e, 0), at_call, held, depth + 1); /* std::function<...>(k) */
    CXCursor decl = host_function_named(e);
    switch (clang_getCursorKind(decl)) {
    case CXCursor_FunctionDecl:
    case CXCursor_FunctionTemplate:
        held_add(held, decl);
        return true;
    case CXCursor_VarDecl: {
        CXCursor init = clang_Cursor_getVarDeclInitializer(decl);
        return host_keeps_initial_value(decl) && !clang_Cursor_isNull(init) && gather(h, init, at_call, held, depth + 1);
    }
    case CXCursor_ParmDecl:
        return gather_param(h, decl, at_call, held, depth);
    default:
        return false;
    }
}

CXCursor host_held_kernel(Host *h, CXCursor callee, CXCursor at_call, int which)
{
    Held held = {.n = 0};
    if (which < 0 || host_has_errors_in(h, h->current) || !gather(h, callee, at_call, &held, 0) || which >= held.n)
        return clang_getNullCursor();
    return held.fn[which];
}

/* ---- cuLaunchKernel ---- */

typedef struct ModuleLookup {
    CXCursor var;
    CXCursor name; /* the string of the one cuModuleGetFunction(&var, m, "name") */
    int lookups, uses, launches;
} ModuleLookup;

static bool names_var(CXCursor e, CXCursor var)
{
    CXCursor d = host_function_named(e);
    return !clang_Cursor_isNull(d) && host_same_decl(d, var);
}

static enum CXChildVisitResult module_use(CXCursor c, CXCursor parent, CXClientData data)
{
    (void)parent;
    ModuleLookup *m = data;
    enum CXCursorKind k = clang_getCursorKind(c);
    if (k == CXCursor_CallExpr && clang_Cursor_getNumArguments(c) >= 3 && host_callee_is(c, "cuModuleGetFunction") &&
        names_var(clang_Cursor_getArgument(c, 0), m->var)) {
        m->lookups++;
        m->name = host_strip(clang_Cursor_getArgument(c, 2));
    } else if (k == CXCursor_CallExpr && clang_Cursor_getNumArguments(c) >= 1 &&
               (host_callee_is(c, "cuLaunchKernel") || host_callee_is(c, "cuLaunchCooperativeKernel")) &&
               names_var(clang_Cursor_getArgument(c, 0), m->var)) {
        m->launches++;
    } else if (k == CXCursor_DeclRefExpr && host_same_decl(clang_getCursorReferenced(c), m->var)) {
        m->uses++;
    }
    return CXChildVisit_Recurse;
}

/* The kernel of kc a string names: its name, or its mangled name. */
static CXCursor kernel_named(CXCursor literal, const CXCursor *kc, int n)
{
    if (clang_getCursorKind(literal) != CXCursor_StringLiteral)
        return clang_getNullCursor();
    CXString s = clang_getCursorSpelling(literal);
    const char *q = clang_getCString(s);
    size_t len = strlen(q);
    CXCursor found = clang_getNullCursor();
    for (int i = 0; i < n && clang_Cursor_isNull(found) && len >= 2 && q[0] == '"'; i++) {
        CXString name = clang_getCursorSpelling(kc[i]), mangled = clang_Cursor_getMangling(kc[i]);
        const char *a = clang_getCString(name), *b = clang_getCString(mangled);
        bool same = (strlen(a) == len - 2 && strncmp(a, q + 1, len - 2) == 0) ||
                    (b && strlen(b) == len - 2 && strncmp(b, q + 1, len - 2) == 0);
        if (same)
            found = kc[i];
        clang_disposeString(name);
        clang_disposeString(mangled);
    }
    clang_disposeString(s);
    return found;
}

bool host_driver_site(CXCursor call, const CXCursor *kc, int n, Site *s)
{
    if (clang_Cursor_getNumArguments(call) < 10)
        return false;
    CXCursor var = host_function_named(clang_Cursor_getArgument(call, 0));
    if (clang_getCursorKind(var) != CXCursor_VarDecl || is_file_scope(var))
        return false;
    ModuleLookup m = {var, clang_getNullCursor(), 0, 0, 0};
    clang_visitChildren(clang_getCursorSemanticParent(var), module_use, &m);
    /* every use of the variable is the one lookup or a launch */
    if (m.lookups != 1 || m.uses != 1 + m.launches)
        return false;
    s->kernel = kernel_named(m.name, kc, n);
    if (clang_Cursor_isNull(s->kernel))
        return false;
    s->by_axis = true;
    for (int a = 0; a < 3; a++) {
        s->grid_axis[a] = clang_Cursor_getArgument(call, (unsigned)(1 + a));
        s->block_axis[a] = clang_Cursor_getArgument(call, (unsigned)(4 + a));
    }
    s->grid = s->block = clang_getNullCursor();
    s->smem = clang_Cursor_getArgument(call, 7);
    host_args_array(clang_Cursor_getArgument(call, 9), call, s);
    return true;
}

/* ---- loops and host templates ---- */

enum { LOOP_MAX_STEPS = 4096, LOOP_MAX_VALUES = 8, MAX_BINDINGS = 32, MAX_LOOPS = 4 };

/* The values a counted loop's variable takes: `for (int b = 32; b <= 256;
 * b *= 2)`, the start and bound constants, the step `++`, `--`, `+= c`,
 * `-= c`, `*= c`, `/= c`, `<<= c`, `>>= c`, and nothing in the body
 * assigning the variable.  range: more values than a launch each. */
typedef struct LoopVar {
    CXCursor var;
    int64_t values[LOOP_MAX_VALUES];
    int n;
    bool range;
    int64_t hi;
} LoopVar;

static CXCursor loop_var_of(CXCursor init, HostVal *start, Host *h)
{
    if (clang_getCursorKind(init) == CXCursor_DeclStmt) {
        CXCursor var = child_at(init, 0);
        if (clang_getCursorKind(var) != CXCursor_VarDecl || !clang_Cursor_isNull(child_at(init, 1)))
            return clang_getNullCursor();
        *start = host_eval(h, clang_Cursor_getVarDeclInitializer(var));
        return var;
    }
    if (clang_getCursorKind(init) == CXCursor_BinaryOperator &&
        clang_getCursorBinaryOperatorKind(init) == CXBinaryOperator_Assign) {
        *start = host_eval(h, child_at(init, 1));
        return host_function_named(child_at(init, 0));
    }
    return clang_getNullCursor();
}

/* `v < c` (and <=, >, >=, !=) with v the variable: the operator and c. */
static bool loop_bound(Host *h, CXCursor cond, CXCursor var, enum CXBinaryOperatorKind *op, int64_t *bound)
{
    cond = host_strip(cond);
    if (clang_getCursorKind(cond) != CXCursor_BinaryOperator || !names_var(child_at(cond, 0), var))
        return false;
    *op = clang_getCursorBinaryOperatorKind(cond);
    HostVal b = host_eval(h, child_at(cond, 1));
    *bound = b.c;
    return b.kind == HV_CONST && *op >= CXBinaryOperator_LT && *op <= CXBinaryOperator_NE;
}

static bool holds(enum CXBinaryOperatorKind op, int64_t v, int64_t b)
{
    switch (op) {
    case CXBinaryOperator_LT: return v < b;
    case CXBinaryOperator_GT: return v > b;
    case CXBinaryOperator_LE: return v <= b;
    case CXBinaryOperator_GE: return v >= b;
    case CXBinaryOperator_EQ: return v == b;
    case CXBinaryOperator_NE: return v != b;
    default: return false;
    }
}

/* The step as an operator and a constant: `b++` is `+= 1`. */
static bool loop_step(Host *h, CXCursor inc, CXCursor var, enum CXBinaryOperatorKind *op, int64_t *by)
{
    inc = host_strip(inc);
    enum CXCursorKind k = clang_getCursorKind(inc);
    if (k == CXCursor_UnaryOperator && names_var(host_operand(inc), var)) {
        enum CXUnaryOperatorKind u = clang_getCursorUnaryOperatorKind(inc);
        *by = 1;
        *op = u == CXUnaryOperator_PostInc || u == CXUnaryOperator_PreInc ? CXBinaryOperator_AddAssign
                                                                           : CXBinaryOperator_SubAssign;
        return u >= CXUnaryOperator_PostInc && u <= CXUnaryOperator_PreDec;
    }
    if (k != CXCursor_CompoundAssignOperator || !names_var(child_at(inc, 0), var))
        return false;
    *op = clang_getCursorBinaryOperatorKind(inc);
    HostVal b = host_eval(h, child_at(inc, 1));
    *by = b.c;
    return b.kind == HV_CONST;
}

static bool step(enum CXBinaryOperatorKind op, int64_t by, int64_t *v)
{
    switch (op) {
    case CXBinaryOperator_AddAssign: return !__builtin_add_overflow(*v, by, v);
    case CXBinaryOperator_SubAssign: return !__builtin_sub_overflow(*v, by, v);
    case CXBinaryOperator_MulAssign: return by > 1 && !__builtin_mul_overflow(*v, by, v);
    case CXBinaryOperator_DivAssign: return by > 1 && (*v /= by, true);
    case CXBinaryOperator_ShlAssign: return by > 0 && by < 31 && *v >= 0 && *v <= (INT32_MAX >> by) && (*v <<= by, true);
    case CXBinaryOperator_ShrAssign: return by > 0 && by < 63 && *v >= 0 && (*v >>= by, true);
    default: return false;
    }
}

/* A `for` loop's four parts (libclang leaves out the missing ones). */
static bool analyse_loop(Host *h, CXCursor loop, LoopVar *lv)
{
    Children ch = children_of(loop);
    bool ok = ch.n == 4;
    HostVal start = host_unknown();
    enum CXBinaryOperatorKind cmp = CXBinaryOperator_Invalid, op = CXBinaryOperator_Invalid;
    int64_t bound = 0, by = 0;
    if (ok) {
        lv->var = loop_var_of(ch.c[0], &start, h);
        ok = clang_getCursorKind(lv->var) == CXCursor_VarDecl && type_is_integral(clang_getCursorType(lv->var)) &&
             start.kind == HV_CONST && loop_bound(h, ch.c[1], lv->var, &cmp, &bound) &&
             loop_step(h, ch.c[2], lv->var, &op, &by) && !decl_assigned_in(ch.c[3], lv->var);
    }
    free(ch.c);
    lv->n = 0;
    lv->range = false;
    lv->hi = INT64_MIN;
    int64_t v = start.c;
    int steps = 0;
    for (; ok && holds(cmp, v, bound) && steps < LOOP_MAX_STEPS; steps++) {
        if (lv->n < LOOP_MAX_VALUES)
            lv->values[lv->n++] = v;
        else
            lv->range = true;
        lv->hi = v > lv->hi ? v : lv->hi;
        ok = step(op, by, &v);
    }
    return ok && steps < LOOP_MAX_STEPS;
}

typedef struct Loops {
    CXCursor call;
    CXCursor at[MAX_LOOPS];
    int n;
} Loops;

static enum CXChildVisitResult loops_around(CXCursor c, CXCursor parent, CXClientData data)
{
    (void)parent;
    Loops *l = data;
    enum CXCursorKind k = clang_getCursorKind(c);
    if (k == CXCursor_LambdaExpr && !host_encloses(c, l->call))
        return CXChildVisit_Continue; /* a lambda's body runs where it is called */
    if (k == CXCursor_ForStmt && host_encloses(c, l->call) && l->n < MAX_LOOPS)
        l->at[l->n++] = c;
    return CXChildVisit_Recurse;
}

/* A host template's non-type parameters and one instantiation's values. */
typedef struct Instance {
    CXCursor call;
    HostBind binds[8];
    int n;
} Instance;

static int template_parameters(CXCursor tmpl, CXCursor *params, int cap)
{
    Children ch = children_of(tmpl);
    int n = 0;
    for (int i = 0; i < ch.n; i++) {
        enum CXCursorKind k = clang_getCursorKind(ch.c[i]);
        if (k == CXCursor_TemplateTypeParameter || k == CXCursor_NonTypeTemplateParameter ||
            k == CXCursor_TemplateTemplateParameter) {
            if (n < cap)
                params[n] = ch.c[i];
            n++;
        }
    }
    free(ch.c);
    return n;
}

static bool same_instance(const Instance *a, const Instance *b)
{
    if (a->n != b->n)
        return false;
    for (int i = 0; i < a->n; i++)
        if (a->binds[i].v.c != b->binds[i].v.c)
            return false;
    return true;
}

/* A dependent call (inside another template) whose callee may be fn:
 * `run<B * 2>(a)` names the template through an overload set. */
static bool may_call_dependently(CXCursor call, CXCursor fn)
{
    if (!clang_Cursor_isNull(clang_getCursorReferenced(call)))
        return false;
    CXCursor callee = host_strip(child_at(call, 0));
    CXCursor ov = clang_getCursorKind(callee) == CXCursor_OverloadedDeclRef ? callee : child_at(callee, 0);
    if (clang_getCursorKind(ov) != CXCursor_OverloadedDeclRef)
        return false;
    for (unsigned i = 0; i < clang_getNumOverloadedDecls(ov); i++)
        if (host_same_decl(clang_getOverloadedDecl(ov, i), fn))
            return true;
    return false;
}

/* The instantiations of the host template fn its calls make, by the
 * values of its integer parameters (`run<64>(a)`, `run<128>(a)`); the
 * number found, -1 when fn has none or some call's values are not read. */
static int instances(Host *h, CXCursor fn, Instance *out, int cap)
{
    CXCursor params[8];
    int np = template_parameters(fn, params, 8);
    int n = 0, calls = 0;
    bool integral = false, sizes = host_takes_param_size(fn);
    for (int i = 0; i < np && i < 8; i++)
        integral |= clang_getCursorKind(params[i]) == CXCursor_NonTypeTemplateParameter;
    if (!(integral || sizes) || np > 8)
        return -1;
    for (int i = 0; i < h->ncalls; i++) {
        CXCursor spec = clang_getCursorReferenced(h->calls[i]);
        if (may_call_dependently(h->calls[i], fn))
            return -1;
        if (!calls_function(h->calls[i], fn))
            continue;
        if (host_same_decl(spec, fn))
            return -1; /* a call inside another template: its values are that one's */
        if (clang_Cursor_getNumTemplateArguments(spec) != np)
            return -1;
        Instance in;
        memset(&in, 0, sizeof in);
        in.call = h->calls[i];
        for (int a = 0; a < np; a++) {
            long long size = -1;
            if (sizes && clang_getCursorKind(params[a]) == CXCursor_TemplateTypeParameter &&
                clang_Cursor_getTemplateArgumentKind(spec, (unsigned)a) == CXTemplateArgumentKind_Type)
                size = clang_Type_getSizeOf(clang_Cursor_getTemplateArgumentType(spec, (unsigned)a));
            if (size > 0) { /* sizeof(T) */
                in.binds[in.n].decl = params[a];
                in.binds[in.n].v = host_constant(size);
                in.n++;
            }
            if (clang_getCursorKind(params[a]) != CXCursor_NonTypeTemplateParameter)
                continue;
            if (clang_Cursor_getTemplateArgumentKind(spec, (unsigned)a) != CXTemplateArgumentKind_Integral)
                return -1;
            in.binds[in.n].decl = params[a];
            in.binds[in.n].v = host_constant(clang_Cursor_getTemplateArgumentValue(spec, (unsigned)a));
            in.n++;
        }
        bool known = false;
        for (int j = 0; j < n && !known; j++)
            known = same_instance(&out[j], &in);
        if (!known && n == cap)
            return -1;
        if (!known)
            out[n++] = in;
        calls++;
    }
    return n > 0 && named_only_in_calls(fn, calls) ? n : -1;
}

/* The innermost lambda around the launch, in fn. */
typedef struct LambdaSearch {
    CXCursor call, lambda;
} LambdaSearch;

static enum CXChildVisitResult lambda_around(CXCursor c, CXCursor parent, CXClientData data)
{
    (void)parent;
    LambdaSearch *l = data;
    if (clang_getCursorKind(c) == CXCursor_LambdaExpr && host_encloses(c, l->call))
        l->lambda = c;
    return CXChildVisit_Recurse;
}

/* `auto f = [&](int t) { k<<<1, t>>>(a); }; f(64);`: the lambda's
 * parameters bound per call of the variable holding it (a constant, else
 * unknown: a caller's variable is not the lambda's), one launch each,
 * reported at the call; -1 when the launch is in no lambda with
 * parameters, or the lambda is called some other way too. */
static int lambda_instances(Host *h, CXCursor call, CXCursor fn, Instance *out, int cap)
{
    LambdaSearch l = {call, clang_getNullCursor()};
    clang_visitChildren(fn, lambda_around, &l);
    if (clang_Cursor_isNull(l.lambda))
        return -1;
    CXCursor params[8];
    int np = 0;
    Children ch = children_of(l.lambda);
    for (int i = 0; i < ch.n; i++)
        if (clang_getCursorKind(ch.c[i]) == CXCursor_ParmDecl && np < 8)
            params[np++] = ch.c[i];
    free(ch.c);
    int n = 0;
    CXCursor held = clang_getNullCursor();
    for (int i = 0; i < h->ncalls && np > 0; i++) {
        CXCursor c = h->calls[i];
        int na = clang_Cursor_getNumArguments(c);
        if (!host_callee_is(c, "operator()") || na < np)
            continue;
        CXCursor holder = host_function_named(na > np ? clang_Cursor_getArgument(c, 0) : child_at(c, 0));
        CXCursor init = clang_getCursorKind(holder) == CXCursor_VarDecl ? clang_Cursor_getVarDeclInitializer(holder)
                                                                       : clang_getNullCursor();
        if (clang_Cursor_isNull(init) || !clang_equalCursors(host_strip(init), l.lambda))
            continue;
        if (n == cap || !host_keeps_initial_value(holder))
            return -1;
        held = holder;
        Instance in;
        memset(&in, 0, sizeof in);
        in.call = c;
        for (int a = 0; a < np; a++) {
            HostVal v = host_eval(h, clang_Cursor_getArgument(c, (unsigned)(na - np + a)));
            in.binds[in.n].decl = params[a];
            in.binds[in.n].v = v.kind == HV_CONST ? v : host_unknown();
            in.n++;
        }
        out[n++] = in;
    }
    /* a copy (`std::function<void(int)> g = f;`) may call it unseen */
    return n > 0 && names_in(clang_getCursorSemanticParent(held), held) == n ? n : -1;
}

typedef struct Binder {
    Host *h;
    int site;
    Program *p;
    const CXCursor *kc;
    Kernel **kernels;
    int n;
    LoopVar loops[MAX_LOOPS];
    int nloops;
    int reads; /* launches read, at most MAX_BINDINGS */
} Binder;

static void push_bind(Host *h, CXCursor decl, HostVal v)
{
    HostBind b = {decl, v};
    VEC_PUSH(h->env, h->nenv, h->capenv, b);
}

/* Loop i onwards bound, one launch per combination of their values. */
static void bind_loops(Binder *b, int i, CXCursor at_call)
{
    Host *h = b->h;
    if (i == b->nloops) {
        host_read_launch_once(h, h->sites[b->site], at_call, b->p, b->kc, b->kernels, b->n);
        b->reads++;
        return;
    }
    const LoopVar *lv = &b->loops[i];
    int mark = h->nenv;
    if (lv->range) {
        HostVal v = host_unknown(); /* many values: only their bound */
        v.has_hi = true;
        v.hi = lv->hi;
        push_bind(h, lv->var, v);
        bind_loops(b, i + 1, at_call);
        h->nenv = mark;
        return;
    }
    for (int k = 0; k < lv->n; k++) {
        push_bind(h, lv->var, host_constant(lv->values[k]));
        bind_loops(b, i + 1, at_call);
        h->nenv = mark;
    }
}

/* How many launches the loops' values make; many values of one loop
 * become a range (its bound), and too many together make every loop a
 * range. */
static void fit_loops(Binder *b, int instances_n)
{
    long total = instances_n;
    for (int i = 0; i < b->nloops; i++)
        total *= b->loops[i].range ? 1 : b->loops[i].n;
    for (int i = 0; i < b->nloops && total > MAX_BINDINGS; i++)
        if (!b->loops[i].range) {
            total /= b->loops[i].n ? b->loops[i].n : 1;
            b->loops[i].range = true;
        }
}

bool host_bound_launches(Host *h, int site, CXCursor at_call, Program *p, const CXCursor *kc, Kernel **kernels,
                         int n)
{
    CXCursor fn = h->site_fn[site];
    if (clang_Cursor_isNull(fn) || h->depth >= HOST_MAX_DEPTH)
        return false;
    /* an error inside fn may hide a write of a loop's variable or a call
     * of the lambda; a host template's arguments are its callers' */
    bool errors = host_has_errors_in(h, fn);
    Binder *b = xcalloc(1, sizeof *b);
    *b = (Binder){.h = h, .site = site, .p = p, .kc = kc, .kernels = kernels, .n = n};
    Loops l = {h->sites[site], {{0}}, 0};
    if (!errors)
        clang_visitChildren(fn, loops_around, &l);
    for (int i = 0; i < l.n; i++)
        if (analyse_loop(h, l.at[i], &b->loops[b->nloops]))
            b->nloops++;
    Instance inst[MAX_BINDINGS];
    bool own = clang_equalCursors(at_call, h->sites[site]); /* not already read per caller */
    int ninst = own && !errors ? lambda_instances(h, h->sites[site], fn, inst, MAX_BINDINGS) : -1;
    if (ninst < 0 && own && clang_getCursorKind(fn) == CXCursor_FunctionTemplate)
        ninst = instances(h, fn, inst, MAX_BINDINGS);
    bool bound = b->nloops > 0 || ninst > 0;
    fit_loops(b, ninst > 0 ? ninst : 1);
    h->depth++;
    CXCursor outer = h->instance;
    for (int i = 0; i < ninst; i++) {
        int mark = h->nenv;
        for (int j = 0; j < inst[i].n; j++)
            push_bind(h, inst[i].binds[j].decl, inst[i].binds[j].v);
        h->instance = clang_getCursorReferenced(inst[i].call);
        bind_loops(b, 0, inst[i].call); /* reported at the instantiating call */
        h->nenv = mark;
    }
    h->instance = outer;
    if (ninst <= 0 && bound)
        bind_loops(b, 0, at_call);
    h->depth--;
    free(b);
    return bound;
}
