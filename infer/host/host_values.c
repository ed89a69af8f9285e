/* Host values beyond a variable's own initialiser (host_eval.h;
 * docs/inference.md, "Launches in the host code"): an element of a local
 * array or struct (its braced list, or its one assignment before the
 * launch), a class member every
 * constructor sets to one constant, min/max and ceil of sizes, and the
 * result of a helper that declares locals before its return. */
#include "host_eval.h"

#include <stdlib.h>
#include <string.h>

/* The i-th element of a braced list, 0 past its end (the rest of an
 * aggregate is value-initialised); unknown when the list is not one. */
static HostVal list_element(Host *h, CXCursor list, int64_t i, int64_t size)
{
    if (clang_getCursorKind(list) != CXCursor_InitListExpr || i < 0)
        return host_unknown();
    Children ch = children_of(list);
    HostVal v = i < ch.n ? host_eval(h, ch.c[i]) : i < size ? host_constant(0) : host_unknown();
    free(ch.c);
    return v;
}

/* Does parent write the element or member c names: an assignment to
 * it, ++, --, its address, an argument that may be a reference (a value
 * argument reads it through a conversion), a non-const reference bound
 * to it, or parentheses (not followed)? */
static bool written_use(CXCursor c, CXCursor parent)
{
    switch (clang_getCursorKind(parent)) {
    case CXCursor_BinaryOperator:
    case CXCursor_CompoundAssignOperator: {
        enum CXBinaryOperatorKind op = clang_getCursorBinaryOperatorKind(parent);
        unsigned a, b;
        clang_getExpansionLocation(clang_getRangeStart(clang_getCursorExtent(c)), NULL, NULL, NULL, &a);
        clang_getExpansionLocation(clang_getRangeStart(clang_getCursorExtent(parent)), NULL, NULL, NULL, &b);
        return op >= CXBinaryOperator_Assign && op <= CXBinaryOperator_OrAssign && a == b; /* the left side */
    }
    case CXCursor_UnaryOperator: {
        enum CXUnaryOperatorKind op = clang_getCursorUnaryOperatorKind(parent);
        return op == CXUnaryOperator_AddrOf || (op >= CXUnaryOperator_PostInc && op <= CXUnaryOperator_PreDec);
    }
    case CXCursor_CallExpr:
    case CXCursor_ParenExpr:
        return true;
    case CXCursor_VarDecl: /* `int &t = r.threads;` */
        return is_reference_type(clang_getCursorType(parent)) &&
               !clang_isConstQualifiedType(clang_getPointeeType(clang_getCursorType(parent)));
    default:
        return false;
    }
}

/* Where a cursor starts and ends in its file: two cursors a visitor meets
 * from different parents compare so. */
static bool same_extent(CXCursor a, CXCursor b)
{
    unsigned a0, a1, b0, b1;
    CXSourceRange ra = clang_getCursorExtent(a), rb = clang_getCursorExtent(b);
    clang_getExpansionLocation(clang_getRangeStart(ra), NULL, NULL, NULL, &a0);
    clang_getExpansionLocation(clang_getRangeEnd(ra), NULL, NULL, NULL, &a1);
    clang_getExpansionLocation(clang_getRangeStart(rb), NULL, NULL, NULL, &b0);
    clang_getExpansionLocation(clang_getRangeEnd(rb), NULL, NULL, NULL, &b1);
    return clang_getCursorKind(a) == clang_getCursorKind(b) && a0 == b0 && a1 == b1;
}

/* What a function does to a local aggregate, for one element (`field`,
 * or array element `index`): every name of the aggregate must be the
 * base of an integer element or member that is read, or set by a plain
 * assignment (`cfg.block = 64;`, `dims[0] = 64;`); anything else
 * (`fill(dims)`, `&cfg`, `cfg = other`, `dims[i] = 1`, `cfg.block *= 2`)
 * may change it unseen. */
typedef struct ElementUses {
    Host *h;
    CXCursor var, field;
    int64_t index;
    int names, elements;
    bool other;
    int nwrites;           /* plain assignments of the element */
    CXCursor write, block; /* the one, and the compound statement it is a statement of */
    CXCursor top, top_block; /* the statement being visited, and its compound statement */
} ElementUses;

/* Is c, an element or member of the aggregate, the one wanted?  *known
 * false: an index that is not a constant. */
static bool is_key(ElementUses *u, CXCursor c, bool *known)
{
    *known = true;
    if (clang_getCursorKind(c) == CXCursor_MemberRefExpr)
        return !clang_Cursor_isNull(u->field) && host_same_decl(clang_getCursorReferenced(c), u->field);
    HostVal i = host_eval(u->h, child_at(c, 1));
    *known = i.kind == HV_CONST;
    return clang_Cursor_isNull(u->field) && i.kind == HV_CONST && i.c == u->index;
}

static void note_element(ElementUses *u, CXCursor c, CXCursor parent)
{
    u->elements++;
    bool known, key = is_key(u, c, &known);
    if (!type_is_integral(clang_getCursorType(c))) {
        u->other = true; /* a nested aggregate: not followed */
        return;
    }
    if (!written_use(c, parent))
        return;
    bool plain = clang_getCursorKind(parent) == CXCursor_BinaryOperator &&
                 clang_getCursorBinaryOperatorKind(parent) == CXBinaryOperator_Assign;
    if (!plain || !known) {
        u->other = true;
        return;
    }
    if (key) {
        u->nwrites++;
        u->write = parent;
        u->block = !clang_Cursor_isNull(u->top) && same_extent(u->top, parent) ? u->top_block : clang_getNullCursor();
    }
}

static enum CXChildVisitResult element_use(CXCursor c, CXCursor parent, CXClientData data)
{
    ElementUses *u = data;
    enum CXCursorKind k = clang_getCursorKind(c);
    if (clang_getCursorKind(parent) == CXCursor_CompoundStmt) {
        u->top = c;
        u->top_block = parent;
    }
    if (k == CXCursor_DeclRefExpr && host_same_decl(clang_getCursorReferenced(c), u->var))
        u->names++;
    if (k != CXCursor_ArraySubscriptExpr && k != CXCursor_MemberRefExpr)
        return CXChildVisit_Recurse;
    CXCursor base = host_strip(child_at(c, 0));
    if (clang_getCursorKind(base) == CXCursor_DeclRefExpr && host_same_decl(clang_getCursorReferenced(base), u->var))
        note_element(u, c, parent);
    return CXChildVisit_Recurse;
}

/* The value of an element of an aggregate at the launch (h->at): a const
 * global's braced initialiser; a local's one plain assignment of it, a
 * statement of a block that holds the launch and before it (so that it
 * runs before the launch on every path there), else its braced
 * initialiser when nothing assigns it. */
static HostVal aggregate_element(Host *h, CXCursor base, CXCursor field, int64_t index, int64_t size)
{
    base = host_strip(base);
    CXCursor var = clang_getCursorKind(base) == CXCursor_DeclRefExpr ? clang_getCursorReferenced(base)
                                                                     : clang_getNullCursor();
    if (clang_getCursorKind(var) != CXCursor_VarDecl)
        return host_unknown();
    CXCursor init = clang_Cursor_getVarDeclInitializer(var);
    init = clang_Cursor_isNull(init) ? init : host_strip(init);
    if (is_file_scope(var))
        return clang_isConstQualifiedType(clang_getCursorType(var)) ||
                       clang_isConstQualifiedType(clang_getArrayElementType(clang_getCursorType(var)))
                   ? list_element(h, init, index, size)
                   : host_unknown();
    ElementUses u = {.h = h, .var = var, .field = field, .index = index};
    u.top = u.top_block = u.write = u.block = clang_getNullCursor();
    clang_visitChildren(clang_getCursorSemanticParent(var), element_use, &u);
    if (u.other || u.names != u.elements)
        return host_unknown();
    if (u.nwrites == 0)
        return list_element(h, init, index, size);
    unsigned w, at;
    clang_getExpansionLocation(clang_getCursorLocation(u.write), NULL, NULL, NULL, &w);
    clang_getExpansionLocation(clang_getCursorLocation(h->at), NULL, NULL, NULL, &at);
    if (u.nwrites > 1 || clang_Cursor_isNull(u.block) || !host_encloses(u.block, h->at) || w >= at)
        return host_unknown();
    return host_eval(h, child_at(u.write, 1));
}

/* `dims[1]` of `int dims[] = {64, 4};` or of `int dims[2]; dims[1] = 4;`. */
static HostVal array_element(Host *h, CXCursor e)
{
    CXCursor base = child_at(e, 0);
    HostVal i = host_eval(h, child_at(e, 1));
    long long size = clang_getArraySize(clang_getCanonicalType(clang_getCursorType(host_strip(base))));
    return i.kind == HV_CONST ? aggregate_element(h, base, clang_getNullCursor(), i.c, size) : host_unknown();
}

/* The position of a field among its record's fields; -1 when the record
 * has bases (whose initialisers come first in a braced list). */
static int field_position(CXCursor field)
{
    CXCursor record = clang_getCursorSemanticParent(field);
    Children ch = children_of(record);
    int pos = -1, k = 0;
    for (int i = 0; i < ch.n && pos < 0; i++) {
        enum CXCursorKind kind = clang_getCursorKind(ch.c[i]);
        if (kind == CXCursor_CXXBaseSpecifier)
            break;
        if (kind != CXCursor_FieldDecl)
            continue;
        if (clang_equalCursors(ch.c[i], field))
            pos = k;
        k++;
    }
    free(ch.c);
    return pos;
}

/* ---- members every constructor sets alike ---- */

typedef struct FieldWrites {
    CXCursor field;
    bool written;
} FieldWrites;

static bool is_field_ref(CXCursor c, CXCursor field)
{
    return clang_getCursorKind(c) == CXCursor_MemberRefExpr &&
           host_same_decl(clang_getCursorReferenced(c), field);
}

/* A member written outside a constructor's initialiser list (written_use). */
static enum CXChildVisitResult field_write(CXCursor c, CXCursor parent, CXClientData data)
{
    FieldWrites *w = data;
    if (!is_field_ref(c, w->field))
        return CXChildVisit_Recurse;
    w->written |= written_use(c, parent);
    return w->written ? CXChildVisit_Break : CXChildVisit_Recurse;
}

static enum CXChildVisitResult project_field_write(CXCursor c, CXCursor parent, CXClientData data)
{
    (void)parent;
    if (clang_Location_isInSystemHeader(clang_getCursorLocation(c)))
        return CXChildVisit_Continue;
    clang_visitChildren(c, field_write, data);
    FieldWrites *w = data;
    return w->written ? CXChildVisit_Break : CXChildVisit_Continue;
}

/* The value a constructor gives the field: its initialiser in the
 * constructor's list, else the member's default initialiser. */
static HostVal constructor_value(Host *h, CXCursor ctor, CXCursor field)
{
    CXCursor def = clang_getCursorDefinition(ctor);
    if (clang_Cursor_isNull(def))
        return host_unknown();
    Children ch = children_of(def);
    CXCursor init = clang_getNullCursor();
    for (int i = 0; i + 1 < ch.n && clang_Cursor_isNull(init); i++)
        if (clang_getCursorKind(ch.c[i]) == CXCursor_MemberRef &&
            host_same_decl(clang_getCursorReferenced(ch.c[i]), field))
            init = ch.c[i + 1];
    free(ch.c);
    if (clang_Cursor_isNull(init))
        init = last_expr_child(field);
    return clang_Cursor_isNull(init) ? host_unknown() : host_eval(h, init);
}

/* A member of a class with constructors of its own, each of which (but
 * the copy and move constructors, which copy it) gives it one constant,
 * and that nothing else in the project's code writes: that constant in
 * every object (`Runner() : threads(256) {}` read as `this->threads`). */
static HostVal member_value(Host *h, CXCursor field)
{
    CXCursor record = clang_getCursorSemanticParent(field);
    Children ch = children_of(record);
    HostVal common = host_unknown();
    int seen = 0;
    bool agree = true;
    for (int i = 0; i < ch.n && agree; i++) {
        if (clang_getCursorKind(ch.c[i]) != CXCursor_Constructor || clang_CXXConstructor_isCopyConstructor(ch.c[i]) ||
            clang_CXXConstructor_isMoveConstructor(ch.c[i]))
            continue;
        HostVal v = constructor_value(h, ch.c[i], field);
        agree = v.kind == HV_CONST && (!seen || v.c == common.c);
        common = v;
        seen++;
    }
    free(ch.c);
    if (!agree || !seen)
        return host_unknown();
    FieldWrites w = {field, false};
    clang_visitChildren(clang_getTranslationUnitCursor(clang_Cursor_getTranslationUnit(field)), project_field_write, &w);
    return w.written ? host_unknown() : common;
}

/* `cfg.block` of `Cfg cfg = {64, 4};` (or set by `cfg.block = 64;`), or a
 * member set alike by every constructor (`this->n`, `r.n`). */
static HostVal member_element(Host *h, CXCursor e)
{
    CXCursor field = clang_getCursorReferenced(e);
    if (clang_getCursorKind(field) != CXCursor_FieldDecl || !type_is_integral(clang_getCursorType(field)))
        return host_unknown();
    CXCursor base = host_strip(child_at(e, 0));
    int pos = field_position(field);
    HostVal v = host_unknown();
    if (pos >= 0 && clang_getCursorKind(base) == CXCursor_DeclRefExpr &&
        clang_getCursorKind(clang_getCursorReferenced(base)) == CXCursor_VarDecl)
        v = aggregate_element(h, base, field, pos, INT64_MAX);
    return v.kind != HV_UNKNOWN || h->depth >= HOST_MAX_DEPTH - 4 ? v : member_value(h, field);
}

HostVal host_aggregate_value(Host *h, CXCursor e)
{
    e = host_strip(e);
    switch (clang_getCursorKind(e)) {
    case CXCursor_ArraySubscriptExpr:
        return array_element(h, e);
    case CXCursor_MemberRefExpr:
        return member_element(h, e);
    default:
        return host_unknown();
    }
}

/* ---- min, max, ceil ---- */

static const char *const min_names[] = {"min", "fmin", "fminf", "imin", "umin", "llmin", "ullmin", NULL};
static const char *const max_names[] = {"max", "fmax", "fmaxf", "imax", "umax", "llmax", "ullmax", NULL};
static const char *const ceil_names[] = {"ceil", "ceilf", NULL};
static const char *const floor_names[] = {"floor", "floorf", NULL};

/* The least value v may have above: a constant, or a bound it carries. */
static bool upper_bound(HostVal v, int64_t *hi)
{
    if (v.kind == HV_CONST)
        *hi = v.c;
    else if (v.has_hi)
        *hi = v.hi;
    return v.kind == HV_CONST || v.has_hi;
}

/* min(a, b): a constant of two constants, else at most the smaller of
 * the bounds known; max(a, b): at most the larger, when both are bounded. */
static HostVal min_max(HostVal a, HostVal b, bool is_min)
{
    if (a.kind == HV_CONST && b.kind == HV_CONST)
        return host_constant(is_min ? (a.c < b.c ? a.c : b.c) : (a.c > b.c ? a.c : b.c));
    int64_t ha = 0, hb = 0;
    bool ka = upper_bound(a, &ha), kb = upper_bound(b, &hb);
    HostVal r = host_unknown();
    if (is_min && (ka || kb)) {
        r.has_hi = true;
        r.hi = ka && kb ? (ha < hb ? ha : hb) : ka ? ha : hb;
    } else if (!is_min && ka && kb) {
        r.has_hi = true;
        r.hi = ha > hb ? ha : hb;
    }
    return r;
}

/* ceil(x / d) (up) or floor(x / d) over a float division, d a positive
 * constant: x's integer relation rounded up, (x + d - 1) / d in C's
 * division, or down, x / d.  They agree with C's division for x > -d;
 * below it, every fact drawn from the relation (host.c's add_cover, the
 * parameter relations) still holds of the rounded value. */
static HostVal rounded_quotient(Host *h, CXCursor arg, bool up)
{
    arg = host_strip(arg);
    if (clang_getCursorKind(arg) != CXCursor_BinaryOperator ||
        clang_getCursorBinaryOperatorKind(arg) != CXBinaryOperator_Div ||
        !type_is_floating(clang_getCursorType(arg)))
        return host_unknown();
    HostVal x = host_eval(h, child_at(arg, 0)), d = host_eval(h, child_at(arg, 1));
    if (d.kind != HV_CONST || d.c <= 0 || d.c > INT32_MAX)
        return host_unknown();
    if (x.kind == HV_CONST) {
        int64_t q = x.c / d.c, rem = x.c % d.c; /* C's: toward zero */
        return host_constant(up ? q + (rem > 0) : q - (rem < 0));
    }
    if (x.kind != HV_VAR || x.c > INT32_MAX || x.c < -INT32_MAX)
        return host_unknown();
    HostVal r = x;
    r.kind = HV_DIV;
    r.c = up ? x.c + d.c - 1 : x.c;
    r.div = d.c;
    r.plus = 0;
    r.has_hi = false;
    return r;
}

bool host_math_call(Host *h, CXCursor call, HostVal *out)
{
    char *name = callee_name(call);
    int n = clang_Cursor_getNumArguments(call);
    bool is_min = name_in(name, min_names), is_max = name_in(name, max_names), is_ceil = name_in(name, ceil_names),
         is_floor = name_in(name, floor_names);
    free(name);
    if ((is_min || is_max) && n == 2)
        *out = min_max(host_eval(h, clang_Cursor_getArgument(call, 0)), host_eval(h, clang_Cursor_getArgument(call, 1)),
                       is_min);
    else if ((is_ceil || is_floor) && n == 1)
        *out = rounded_quotient(h, clang_Cursor_getArgument(call, 0), is_ceil);
    else
        return false;
    return true;
}

CXCursor host_helper_result(CXCursor body)
{
    Children ch = children_of(body);
    CXCursor r = clang_getNullCursor();
    bool decls = true;
    for (int i = 0; i + 1 < ch.n && decls; i++)
        decls = clang_getCursorKind(ch.c[i]) == CXCursor_DeclStmt;
    if (decls && ch.n >= 1 && clang_getCursorKind(ch.c[ch.n - 1]) == CXCursor_ReturnStmt)
        r = host_operand(ch.c[ch.n - 1]);
    free(ch.c);
    return r;
}

/* ---- sizeof of a host template's type parameter ---- */

/* `sizeof(T)`: the template type parameter it names, else null. */
static CXCursor sizeof_param(CXCursor e)
{
    if (clang_getCursorKind(e) != CXCursor_UnaryExpr)
        return clang_getNullCursor();
    CXTranslationUnit tu = clang_Cursor_getTranslationUnit(e);
    CXToken *t;
    unsigned nt;
    clang_tokenize(tu, clang_getCursorExtent(e), &t, &nt);
    bool is_sizeof = false;
    if (nt > 0) {
        CXString s = clang_getTokenSpelling(tu, t[0]);
        is_sizeof = strcmp(clang_getCString(s), "sizeof") == 0;
        clang_disposeString(s);
    }
    clang_disposeTokens(tu, t, nt);
    CXCursor ref = child_at(e, 0);
    if (!is_sizeof || clang_getCursorKind(ref) != CXCursor_TypeRef || !clang_Cursor_isNull(child_at(e, 1)))
        return clang_getNullCursor();
    CXCursor param = clang_getCursorReferenced(ref);
    return clang_getCursorKind(param) == CXCursor_TemplateTypeParameter ? param : clang_getNullCursor();
}

HostVal host_sizeof_param(Host *h, CXCursor e)
{
    CXCursor param = sizeof_param(e);
    for (int i = h->nenv - 1; i >= 0 && !clang_Cursor_isNull(param); i--)
        if (host_same_decl(h->env[i].decl, param))
            return h->env[i].v;
    return host_unknown();
}

static enum CXChildVisitResult find_sizeof_param(CXCursor c, CXCursor parent, CXClientData data)
{
    (void)parent;
    bool *found = data;
    *found = !clang_Cursor_isNull(sizeof_param(c));
    return *found ? CXChildVisit_Break : CXChildVisit_Recurse;
}

bool host_takes_param_size(CXCursor fn)
{
    bool found = false;
    clang_visitChildren(fn, find_sizeof_param, &found);
    return found;
}

/* ---- relations between two parameters ---- */

enum { MAX_RELATED = 16 };

/* q = (x + c) / d + p passed as uniform `q` (or a block size, f's
 * kind LF_BLOCK_*), and x itself as uniform `n`:
 * d * q >= n + c - d + 1 + d * p, C's division rounding toward zero being
 * above the real quotient less one; and d * q <= n + c + d * p when x + c
 * is not negative (c >= 0: the checker takes parameters as natural
 * numbers).  With d = 1 and no division, q = n + c exactly.  Tc =
 * ceil((float)N / Bc) is (N + Bc - 1) / Bc: Bc * Tc >= N and
 * Bc * Tc <= N + Bc - 1, that is Bc * (Tc - 1) < N <= Bc * Tc. */
static void relate(Launch *l, LaunchFact f, LaunchFactKind within, const char *n, const HostVal *v)
{
    int64_t d = v->kind == HV_DIV ? v->div : 1, p = v->kind == HV_DIV ? v->plus : 0;
    char *name = f.kind == LF_PARAM_COVERS ? f.other : f.param;
    if (strlen(n) >= sizeof f.other)
        return;
    memcpy(name, n, strlen(n) + 1);
    f.value = d;
    f.offset = v->c - d + 1 + d * p;
    launch_add_fact(l, f);
    if (v->kind == HV_VAR || v->c >= 0) {
        f.kind = within;
        f.offset = v->c + d * p;
        launch_add_fact(l, f);
    }
}

/* Is v a relation over a variable (not the variable itself)? */
static bool derived(HostVal v)
{
    return v.kind == HV_DIV || (v.kind == HV_VAR && v.c != 0);
}

/* A parameter passed the variable of v itself. */
static bool passes_var_of(HostVal v, HostVal param)
{
    return param.kind == HV_VAR && param.c == 0 && clang_equalCursors(v.var, param.var);
}

/* The block sizes not known as constants that are a relation over a
 * variable the launch also passes: blockDim[a] against that parameter.
 * A size that is the variable itself (`k<<<g, n>>>(n)`) counts too. */
static void block_relations(Launch *l, const HostVal block[3], HostVal *vals, char **names, int n, LaunchOrigin at)
{
    for (int a = 0; a < 3; a++) {
        if (block[a].kind != HV_VAR && block[a].kind != HV_DIV)
            continue;
        for (int b = 0; b < n; b++)
            if (passes_var_of(block[a], vals[b])) {
                LaunchFact f = {.kind = LF_BLOCK_COVERS, .axis = a, .from = at};
                relate(l, f, LF_BLOCK_WITHIN, names[b], &block[a]);
                break;
            }
    }
}

/* A uniform parameter passed a variable that only grows from constants
 * (host_least_value): `param >= least` when least >= 1, or >= 0 for a
 * signed parameter (`for (k = 0; k < n; k++) step<<<g, b>>>(A, k);`: k is
 * never negative); an unsigned one is a natural anyway. */
static void least_values(Host *h, const Site *s, CXCursor kdef, const Kernel *k, Launch *l, LaunchOrigin at)
{
    Children ch = children_of(kdef);
    for (int j = 0, i = 0; j < ch.n && i < s->nargs; j++) {
        if (clang_getCursorKind(ch.c[j]) != CXCursor_ParmDecl)
            continue;
        CXCursor arg = host_strip(s->args[i++]);
        char *name = cursor_name(ch.c[j]);
        int64_t least;
        LaunchFact f = {.kind = LF_AT_LEAST, .from = at};
        if (type_is_integral(clang_getCursorType(ch.c[j])) && host_is_uniform(k, name) &&
            clang_getCursorKind(arg) == CXCursor_DeclRefExpr && host_eval(h, arg).kind != HV_CONST &&
            host_least_value(h, clang_getCursorReferenced(arg), &least) &&
            (least >= 1 || (least == 0 && kernel_signed_bits(k, name))) &&
            strlen(name) < sizeof f.param) {
            memcpy(f.param, name, strlen(name) + 1);
            f.value = least;
            launch_add_fact(l, f);
        }
        free(name);
    }
    free(ch.c);
}

void host_relation_facts(Host *h, const Site *s, CXCursor kdef, const Kernel *k, const HostVal block[3], Launch *l,
                         LaunchOrigin at)
{
    HostVal vals[MAX_RELATED];
    char *names[MAX_RELATED];
    int n = 0;
    Children ch = children_of(kdef);
    for (int j = 0, i = 0; j < ch.n && i < s->nargs; j++) {
        if (clang_getCursorKind(ch.c[j]) != CXCursor_ParmDecl)
            continue;
        char *name = cursor_name(ch.c[j]);
        if (n < MAX_RELATED && type_is_integral(clang_getCursorType(ch.c[j])) && host_is_uniform(k, name)) {
            vals[n] = host_eval(h, s->args[i]);
            names[n++] = name;
        } else {
            free(name);
        }
        i++;
    }
    free(ch.c);
    for (int a = 0; a < n; a++)
        for (int b = 0; b < n && derived(vals[a]); b++)
            if (b != a && passes_var_of(vals[a], vals[b])) {
                LaunchFact f = {.kind = LF_PARAM_COVERS, .from = at};
                if (strlen(names[a]) < sizeof f.param) {
                    memcpy(f.param, names[a], strlen(names[a]) + 1);
                    relate(l, f, LF_PARAM_WITHIN, names[b], &vals[a]);
                }
            }
    block_relations(l, block, vals, names, n, at);
    least_values(h, s, kdef, k, l, at);
    for (int a = 0; a < n; a++)
        free(names[a]);
}
