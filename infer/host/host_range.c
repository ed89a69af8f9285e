/* The range of a host integer that is not one constant (host_eval.h's
 * HostRange): an interval and a congruence, read flow-insensitively from
 * every value the program can give it (docs/inference.md, "Values from
 * callers, containers and loops").
 *
 *   a loop's counter, read in its body: `for (int i = 0; i < 24; i++)`
 *       gives [0, 23], a multiple of 1 from 0;
 *   a container's element: `std::vector<int> SIZE = {128, 256, 4096}`
 *       or `int A[] = {...}`, or `A[i] = 256 * (i + 1)` in such a loop,
 *       each element written is one of the values written;
 *   a range-based for's variable: an element of what it walks;
 *   a local variable: its initializer or any value assigned to it;
 *   a function's parameter: any value its callers pass, in this unit and
 *       (in a project) in the others (HostCalls).
 *
 * Each is exact only when nothing else can change the variable: its
 * address taken, a reference bound to it, `++`, `+=`, a container passed
 * to a call or changed by a method but `size()`: then the range is
 * unknown.  A function named other than in a call (its address taken)
 * may be called unseen: its parameters' ranges are unknown.
 *
 * Ownership: HostCalls owns its strings (host_calls_free); cursors belong
 * to the translation unit. */
#include "host_eval.h"

#include <stdlib.h>
#include <string.h>

/* ---- the domain ---- */

static HostRange range_top(void)
{
    return (HostRange){.mod = 1};
}

static bool is_pow2(int64_t c)
{
    return c > 0 && (c & (c - 1)) == 0;
}

static HostRange range_point(int64_t c)
{
    return (HostRange){true, true, c, c, 0, c, is_pow2(c)};
}

bool host_range_known(HostRange r)
{
    return r.lo_known || r.hi_known || r.mod != 1;
}

/* rem into [0, mod) when mod >= 1 (1: any integer). */
static HostRange normal(HostRange r)
{
    if (r.mod < 0)
        r.mod = -r.mod;
    if (r.mod >= 1) {
        r.rem %= r.mod;
        if (r.rem < 0)
            r.rem += r.mod;
    }
    if (r.lo_known && r.hi_known && r.lo == r.hi)
        return range_point(r.lo);
    return r;
}

/* A congruence from a difference that overflowed: any integer. */
static bool diff_of(int64_t a, int64_t b, int64_t *d)
{
    return !__builtin_sub_overflow(a, b, d) && *d != INT64_MIN;
}

HostRange host_range_join(HostRange a, HostRange b)
{
    HostRange r = range_top();
    r.lo_known = a.lo_known && b.lo_known;
    r.lo = a.lo < b.lo ? a.lo : b.lo;
    r.hi_known = a.hi_known && b.hi_known;
    r.hi = a.hi > b.hi ? a.hi : b.hi;
    int64_t d;
    if (a.mod != 1 && b.mod != 1 && diff_of(a.rem, b.rem, &d)) {
        r.mod = int_gcd(int_gcd(a.mod, b.mod), d); /* 0: one point, the same */
        r.rem = a.rem;
    }
    if (r.mod == 0 && !(r.lo_known && r.hi_known && r.lo == r.hi))
        r.mod = 1; /* a point of unknown bounds: taken as any integer */
    r.pow2 = a.pow2 && b.pow2;
    return normal(r);
}

static HostRange range_add(HostRange a, HostRange b)
{
    HostRange r = range_top();
    r.lo_known = a.lo_known && b.lo_known && !__builtin_add_overflow(a.lo, b.lo, &r.lo);
    r.hi_known = a.hi_known && b.hi_known && !__builtin_add_overflow(a.hi, b.hi, &r.hi);
    if (a.mod != 1 && b.mod != 1 && !__builtin_add_overflow(a.rem, b.rem, &r.rem))
        r.mod = int_gcd(a.mod, b.mod);
    else
        r.rem = 0;
    return normal(r);
}

static HostRange range_neg(HostRange a)
{
    HostRange r = range_top();
    r.lo_known = a.hi_known && a.hi != INT64_MIN;
    r.lo = r.lo_known ? -a.hi : 0;
    r.hi_known = a.lo_known && a.lo != INT64_MIN;
    r.hi = r.hi_known ? -a.lo : 0;
    if (a.mod != 1 && a.rem != INT64_MIN) {
        r.mod = a.mod;
        r.rem = -a.rem;
    }
    return normal(r);
}

/* The product of a range and a constant c. */
static HostRange range_scale(HostRange a, int64_t c)
{
    if (c == 0)
        return range_point(0);
    HostRange r = range_top();
    int64_t x = 0, y = 0;
    bool lo = a.lo_known && !__builtin_mul_overflow(a.lo, c, &x);
    bool hi = a.hi_known && !__builtin_mul_overflow(a.hi, c, &y);
    if (c > 0) {
        r.lo_known = lo, r.lo = x;
        r.hi_known = hi, r.hi = y;
    } else {
        r.lo_known = hi, r.lo = y;
        r.hi_known = lo, r.hi = x;
    }
    bool scaled = a.mod != 1 && !__builtin_mul_overflow(a.mod, c, &r.mod) && !__builtin_mul_overflow(a.rem, c, &r.rem);
    if (!scaled) { /* any integer times c */
        r.mod = c;
        r.rem = 0;
    }
    r.pow2 = a.pow2 && is_pow2(c) && r.hi_known; /* no product wrapped past the bounds */
    return normal(r);
}

/* a * b for two ranges: the corners' extremes where all four bounds are
 * known and no product overflows; (m1 k + r1)(m2 j + r2) is r1 r2 modulo
 * gcd(m1 m2, m1 r2, m2 r1). */
static HostRange range_mul(HostRange a, HostRange b)
{
    if (a.lo_known && a.hi_known && a.lo == a.hi)
        return range_scale(b, a.lo);
    if (b.lo_known && b.hi_known && b.lo == b.hi)
        return range_scale(a, b.lo);
    HostRange r = range_top();
    int64_t c[4];
    bool corners = a.lo_known && a.hi_known && b.lo_known && b.hi_known &&
                   !__builtin_mul_overflow(a.lo, b.lo, &c[0]) && !__builtin_mul_overflow(a.lo, b.hi, &c[1]) &&
                   !__builtin_mul_overflow(a.hi, b.lo, &c[2]) && !__builtin_mul_overflow(a.hi, b.hi, &c[3]);
    if (corners) {
        r.lo_known = r.hi_known = true;
        r.lo = r.hi = c[0];
        for (int i = 1; i < 4; i++) {
            r.lo = c[i] < r.lo ? c[i] : r.lo;
            r.hi = c[i] > r.hi ? c[i] : r.hi;
        }
    }
    int64_t mm, mr, rm, rr;
    if (!__builtin_mul_overflow(a.mod, b.mod, &mm) && !__builtin_mul_overflow(a.mod, b.rem, &mr) &&
        !__builtin_mul_overflow(b.mod, a.rem, &rm) && !__builtin_mul_overflow(a.rem, b.rem, &rr)) {
        r.mod = int_gcd(int_gcd(mm, mr), rm);
        r.rem = rr;
        if (r.mod == 0)
            r.mod = 1; /* both points: range_scale above */
    }
    r.pow2 = a.pow2 && b.pow2 && corners;
    return normal(r);
}

/* a / c for a constant c > 0, C's division (toward zero). */
static HostRange range_div(HostRange a, int64_t c)
{
    HostRange r = range_top();
    r.lo_known = a.lo_known && a.lo >= 0;
    r.lo = r.lo_known ? a.lo / c : 0;
    r.hi_known = a.hi_known && a.hi >= 0 && r.lo_known;
    r.hi = r.hi_known ? a.hi / c : 0;
    if (a.mod != 1 && a.mod % c == 0 && a.rem % c == 0 && r.lo_known) {
        r.mod = a.mod / c; /* nonnegative multiples of c divide exactly */
        r.rem = a.rem / c;
    }
    r.pow2 = a.pow2 && is_pow2(c) && a.lo_known && a.lo >= c; /* 2^k / 2^j, k >= j */
    return normal(r);
}

/* a / b for b's every value positive and a's nonnegative (a range b: a
 * helper's `(n + b - 1) / b` over a list of block sizes). */
static HostRange range_div_range(HostRange a, HostRange b)
{
    if (!b.lo_known || b.lo <= 0 || !a.lo_known || a.lo < 0)
        return range_top();
    HostRange r = range_top();
    r.lo_known = true;
    r.lo = b.hi_known ? a.lo / b.hi : 0;
    r.hi_known = a.hi_known;
    r.hi = a.hi_known ? a.hi / b.lo : 0;
    return normal(r);
}

/* ---- what changes a variable ---- */

enum { MAX_DEFS = 32, MAX_STACK = 256, MAX_CALLS = 64 };

/* The uses of decl in a function: its plain assignments' values (defs),
 * and whether anything else may change it (escapes).  A container
 * (container true) is used by subscripts, `size()` and range-based for
 * loops; its subscripts are classified like a scalar's uses. */
typedef struct Uses {
    CXCursor decl;
    bool container;
    CXCursor stack[MAX_STACK];
    int depth;
    CXCursor defs[MAX_DEFS];
    int ndefs;
    bool escapes;
} Uses;

static bool kind_is(CXCursor c, enum CXCursorKind k)
{
    return clang_getCursorKind(c) == k;
}

static bool is_child(CXCursor parent, int i, CXCursor c)
{
    return same_node(child_at(parent, i), c);
}

/* ---- calls, and calls made through a forwarding template ---- */

/* A call as the function it calls sees it: fn's argument i is the call's
 * argument offset + i.  A direct call has offset 0; `bench(10, mm, 1, B,
 * 768)`, a call of a function template that only calls its parameter
 * `kernel` with the rest (`kernel(std::forward<Args>(args)...)`), is also
 * a call of mm with offset 2. */
typedef struct CallView {
    CXCursor call, fn;
    int offset;
} CallView;

typedef struct ForwardUses {
    CXCursor kernel, pack;
    bool ok;
    int calls;
} ForwardUses;

/* `kernel(pack...)` or `kernel(std::forward<Args>(pack)...)`: one pack
 * expansion of pack, nothing else. */
static bool forwards_pack(CXCursor call, CXCursor pack)
{
    Children ch = children_of(call);
    bool ok = ch.n == 2 && kind_is(ch.c[1], CXCursor_PackExpansionExpr);
    if (ok) {
        CXCursor inner = host_strip(child_at(ch.c[1], 0));
        if (kind_is(inner, CXCursor_CallExpr)) /* std::forward<Args>(pack) */
            inner = host_strip(child_at(inner, 1));
        ok = kind_is(inner, CXCursor_DeclRefExpr) && host_same_decl(clang_getCursorReferenced(inner), pack);
    }
    free(ch.c);
    return ok;
}

static enum CXChildVisitResult forward_uses(CXCursor c, CXCursor parent, CXClientData data)
{
    ForwardUses *f = data;
    if (kind_is(c, CXCursor_DeclRefExpr) && host_same_decl(clang_getCursorReferenced(c), f->kernel)) {
        bool callee = kind_is(parent, CXCursor_CallExpr) && is_child(parent, 0, c);
        f->ok &= callee && forwards_pack(parent, f->pack);
        f->calls++;
    }
    return f->ok ? CXChildVisit_Recurse : CXChildVisit_Break;
}

/* The position of the parameter of template tmpl that its body only calls
 * with its last parameter, a pack (`Kernel kernel, Args &&...args`), or -1. */
static int forwarding_param(CXCursor tmpl)
{
    int n = 0;
    CXCursor kernel = clang_getNullCursor(), pack = clang_getNullCursor(), body = function_body(tmpl);
    Children ch = children_of(tmpl);
    for (int i = 0; i < ch.n; i++)
        if (kind_is(ch.c[i], CXCursor_ParmDecl)) {
            kernel = pack;
            pack = ch.c[i];
            n++;
        }
    free(ch.c);
    if (n < 2 || clang_Cursor_isNull(body) || !host_param_is_pack(pack))
        return -1;
    ForwardUses f = {kernel, pack, true, 0};
    clang_visitChildren(body, forward_uses, &f);
    return f.ok && f.calls > 0 ? n - 2 : -1;
}

/* The function an argument names (`mm`, `&mm`), or a null cursor. */
static CXCursor named_function(CXCursor arg)
{
    arg = host_strip(arg);
    if (kind_is(arg, CXCursor_UnaryOperator) && clang_getCursorUnaryOperatorKind(arg) == CXUnaryOperator_AddrOf)
        arg = host_strip(child_at(arg, 0));
    CXCursor fn = kind_is(arg, CXCursor_DeclRefExpr) ? clang_getCursorReferenced(arg) : clang_getNullCursor();
    return kind_is(fn, CXCursor_FunctionDecl) ? fn : clang_getNullCursor();
}

/* The call as a call of the function its forwarding template calls. */
static bool forwarded_call(CXCursor call, CallView *v)
{
    CXCursor tmpl = clang_getSpecializedCursorTemplate(clang_getCursorReferenced(call));
    int k = kind_is(tmpl, CXCursor_FunctionTemplate) ? forwarding_param(tmpl) : -1;
    if (k < 0 || k >= clang_Cursor_getNumArguments(call))
        return false;
    v->call = call;
    v->fn = named_function(clang_Cursor_getArgument(call, (unsigned)k));
    v->offset = k + 1;
    return !clang_Cursor_isNull(v->fn);
}

static int view_nargs(const CallView *v)
{
    return clang_Cursor_getNumArguments(v->call) - v->offset;
}

static CXCursor view_arg(const CallView *v, int i)
{
    return clang_Cursor_getArgument(v->call, (unsigned)(v->offset + i));
}

/* The calls of fn among the unit's: direct, then forwarded (up to cap). */
static CXCursor primary_of(CXCursor fn);

static int calls_of(const Host *h, CXCursor fn, CallView *out, int cap, bool *more)
{
    int n = 0;
    *more = false;
    for (int i = 0; i < h->ncalls; i++) {
        CallView v = {h->calls[i], clang_getCursorReferenced(h->calls[i]), 0};
        bool direct = host_same_decl(primary_of(v.fn), primary_of(fn));
        if (!direct && !(forwarded_call(h->calls[i], &v) && host_same_decl(primary_of(v.fn), primary_of(fn))))
            continue;
        if (n == cap) {
            *more = true;
            break;
        }
        out[n++] = v;
    }
    return n;
}

static bool read_only_param(CXType t)
{
    if (t.kind == CXType_LValueReference || t.kind == CXType_RValueReference)
        return clang_isConstQualifiedType(clang_getPointeeType(t));
    return t.kind != CXType_Invalid;
}

/* Does the call bind its argument e to no reference it may change?  Its
 * callee's parameter there is a value or a reference to const (through a
 * forwarding template: the forwarded function's).  A method's object may
 * be e: no. */
static bool read_only_arg(CXCursor call, CXCursor e)
{
    CXCursor fn = clang_getCursorReferenced(call);
    int n = clang_Cursor_getNumArguments(call), at = -1;
    for (int i = 0; i < n && at < 0; i++)
        if (same_node(clang_Cursor_getArgument(call, (unsigned)i), e))
            at = i;
    if (!kind_is(fn, CXCursor_FunctionDecl) || at < 0)
        return false;
    CallView v;
    if (forwarded_call(call, &v) && at >= v.offset)
        return at - v.offset < clang_Cursor_getNumArguments(v.fn) &&
               read_only_param(clang_getCursorType(clang_Cursor_getArgument(v.fn, (unsigned)(at - v.offset))));
    return at < clang_Cursor_getNumArguments(fn) && !clang_Cursor_isVariadic(fn) &&
           read_only_param(clang_getCursorType(clang_Cursor_getArgument(fn, (unsigned)at)));
}

/* The value e (a use of the variable, or its subscript) is read, or
 * assigned with `e = v` (a def), or anything else (an escape). */
static void classify(Uses *u, CXCursor e, int at)
{
    CXCursor parent = at >= 0 ? u->stack[at] : clang_getNullCursor();
    if (kind_is(parent, CXCursor_UnexposedExpr) || kind_is(parent, CXCursor_UnaryExpr))
        return; /* an implicit conversion (the value read), sizeof */
    if (kind_is(parent, CXCursor_BinaryOperator) && clang_getCursorBinaryOperatorKind(parent) == CXBinaryOperator_Assign &&
        is_child(parent, 0, e)) {
        if (u->ndefs < MAX_DEFS)
            u->defs[u->ndefs++] = child_at(parent, 1);
        else
            u->escapes = true;
        return;
    }
    u->escapes = !kind_is(parent, CXCursor_CallExpr) || !read_only_arg(parent, e);
}

static Uses uses_in(CXCursor scope, CXCursor decl, bool container);
static CXCursor scope_of(CXCursor decl);

static bool is_local_pointer(CXCursor c)
{
    if (!kind_is(c, CXCursor_VarDecl) || clang_getCursorType(c).kind != CXType_Pointer)
        return false;
    CXCursor s = clang_getCursorSemanticParent(c);
    return !kind_is(s, CXCursor_TranslationUnit) && !kind_is(s, CXCursor_Namespace) &&
           clang_Cursor_getStorageClass(c) != CX_SC_Static;
}

/* A local pointer that is only read through, `p[i]`: no write through
 * it, no other use (so it is never set anew, never passed on). */
static bool read_only_view(CXCursor p)
{
    CXCursor scope = scope_of(p);
    if (clang_Cursor_isNull(scope) || !is_local_pointer(p))
        return false;
    Uses v = uses_in(scope, p, true);
    return !v.escapes && v.ndefs == 0;
}

/* Is the array `ref`, whose parent is at stack depth `at`, one of the
 * values of a read-only view's initializer (`int *p = dp ? A : B;`, the
 * decay before or after the choice)?  Then reading p[i] reads A, and
 * nothing changes A through p. */
static bool decays_into_view(const Uses *u, CXCursor ref, int at)
{
    CXCursor child = ref;
    for (; at >= 0; child = u->stack[at--]) {
        CXCursor c = u->stack[at];
        if (kind_is(c, CXCursor_ParenExpr) || kind_is(c, CXCursor_UnexposedExpr))
            continue;
        if (kind_is(c, CXCursor_ConditionalOperator) && !is_child(c, 0, child))
            continue;
        return kind_is(c, CXCursor_VarDecl) && read_only_view(c);
    }
    return false;
}

/* A container's name at stack depth `at`'s child: `A[i]` (through the
 * array's decay), `V[i]` (operator[]), `V.size()`, `for (x : V)`. */
static void container_use(Uses *u, CXCursor ref, int at)
{
    CXCursor parent = at >= 0 ? u->stack[at] : clang_getNullCursor();
    /* `V.size()`, `V[i]` on a const view of V (an implicit conversion in between) */
    if (kind_is(parent, CXCursor_UnexposedExpr) && at >= 1 &&
        (kind_is(u->stack[at - 1], CXCursor_MemberRefExpr) ||
         (kind_is(u->stack[at - 1], CXCursor_CallExpr) && host_callee_is(u->stack[at - 1], "operator[]")))) {
        ref = parent;
        parent = u->stack[--at];
    }
    int up = at;
    while (up >= 1 && kind_is(u->stack[up], CXCursor_ParenExpr))
        up--;
    if (up >= 0 && kind_is(u->stack[up], CXCursor_UnaryExpr)) /* sizeof(A): its size, not its values */
        return;
    if (kind_is(parent, CXCursor_CXXForRangeStmt) && is_child(parent, 1, ref)) {
        CXType t = clang_getCursorType(child_at(parent, 0));
        if (t.kind == CXType_LValueReference || t.kind == CXType_RValueReference)
            u->escapes |= !clang_isConstQualifiedType(clang_getPointeeType(t));
        return;
    }
    if (kind_is(parent, CXCursor_UnexposedExpr) && at >= 1 && kind_is(u->stack[at - 1], CXCursor_ArraySubscriptExpr) &&
        is_child(u->stack[at - 1], 0, parent)) {
        classify(u, u->stack[at - 1], at - 2);
        return;
    }
    if ((kind_is(parent, CXCursor_UnexposedExpr) || kind_is(parent, CXCursor_ConditionalOperator) ||
         kind_is(parent, CXCursor_ParenExpr)) &&
        decays_into_view(u, ref, at))
        return;
    if (kind_is(parent, CXCursor_CallExpr) && host_callee_is(parent, "operator[]") && is_child(parent, 0, ref)) {
        classify(u, parent, at - 1);
        return;
    }
    if (kind_is(parent, CXCursor_MemberRefExpr) && at >= 1 && kind_is(u->stack[at - 1], CXCursor_CallExpr) &&
        (host_callee_is(u->stack[at - 1], "size") || host_callee_is(u->stack[at - 1], "empty")))
        return;
    u->escapes = true;
}

static enum CXChildVisitResult walk_uses(CXCursor c, CXCursor parent, CXClientData data)
{
    (void)parent;
    Uses *u = data;
    if (kind_is(c, CXCursor_DeclRefExpr) && host_same_decl(clang_getCursorReferenced(c), u->decl)) {
        if (u->container)
            container_use(u, c, u->depth - 1);
        else
            classify(u, c, u->depth - 1);
    }
    if (u->depth >= MAX_STACK) {
        u->escapes = true; /* too deep to tell */
        return CXChildVisit_Break;
    }
    u->stack[u->depth++] = c;
    clang_visitChildren(c, walk_uses, u);
    u->depth--;
    return u->escapes ? CXChildVisit_Break : CXChildVisit_Continue;
}

static Uses uses_in(CXCursor scope, CXCursor decl, bool container)
{
    Uses u = {.decl = decl, .container = container};
    u.stack[u.depth++] = scope;
    clang_visitChildren(scope, walk_uses, &u);
    return u;
}

/* The function (or lambda) a local is declared in. */
static CXCursor scope_of(CXCursor decl)
{
    CXCursor s = clang_getCursorSemanticParent(decl);
    enum CXCursorKind k = clang_getCursorKind(s);
    return k == CXCursor_FunctionDecl || k == CXCursor_CXXMethod || k == CXCursor_FunctionTemplate ||
                   k == CXCursor_Constructor || k == CXCursor_LambdaExpr
               ? s
               : clang_getNullCursor();
}

/* ---- ranges kept per unit ---- */

struct RangeBind {
    CXCursor decl;
    HostRange r;
};

struct RangeKept {
    CXCursor decl;
    HostRange r;
};

/* Ranges do not depend on where they are read but for loop counters, nor
 * on the bindings of h->env but where some are made (a helper inlined):
 * kept only where none are. */
static bool kept_range(const Host *h, CXCursor decl, HostRange *r)
{
    for (int i = 0; i < h->nkept && h->nenv == 0 && h->nrenv == 0; i++)
        if (clang_equalCursors(h->kept[i].decl, decl)) {
            *r = h->kept[i].r;
            return true;
        }
    return false;
}

/* Keeps r unless a declaration under way was met again while it was
 * computed (then r is what the cycle's cut left, true only here), or it
 * rests on an assumption (h->nassumed moved from `assumed`): a launch
 * that reads it again must print that assumption too. */
static void keep_range(Host *h, CXCursor decl, HostRange r, bool cut_before, int assumed)
{
    if (h->range_cut || h->nkept >= HOST_MAX_KEPT || h->nenv > 0 || h->nrenv > 0 || h->nassumed != assumed) {
        h->range_cut |= cut_before;
        return;
    }
    if (!h->kept)
        h->kept = xcalloc(HOST_MAX_KEPT, sizeof *h->kept);
    h->kept[h->nkept++] = (struct RangeKept){decl, r};
    h->range_cut = cut_before;
}

/* ---- the sources of a range ---- */

static HostRange range_of(Host *h, CXCursor e);

/* Guards against a value defined by itself (`m = m * 2`, a recursive
 * helper): a declaration being ranged is unknown when met again. */
static bool enter(Host *h, CXCursor decl)
{
    bool cut = h->nranging >= HOST_MAX_RANGING;
    for (int i = 0; i < h->nranging && !cut; i++)
        cut = host_same_decl(h->ranging[i], decl);
    if (cut) {
        h->range_cut = true; /* what is being ranged is unknown here: not kept */
        return false;
    }
    h->ranging[h->nranging++] = decl;
    return true;
}

static void leave(Host *h)
{
    h->nranging--;
}

/* The InitListExpr a declaration is initialised with (through the
 * constructor call of `std::vector<int> v = {...}`), or a null cursor. */
static CXCursor init_list(CXCursor c, int depth)
{
    if (kind_is(c, CXCursor_InitListExpr))
        return c;
    if (depth > 6)
        return clang_getNullCursor();
    Children ch = children_of(c);
    CXCursor found = clang_getNullCursor();
    for (int i = 0; i < ch.n && clang_Cursor_isNull(found); i++) {
        enum CXCursorKind k = clang_getCursorKind(ch.c[i]);
        if (k == CXCursor_UnexposedExpr || k == CXCursor_CallExpr || k == CXCursor_InitListExpr)
            found = init_list(ch.c[i], depth + 1);
    }
    free(ch.c);
    return found;
}

static HostRange list_range(Host *h, CXCursor list, long long declared)
{
    Children ch = children_of(list);
    HostRange r = range_top();
    for (int i = 0; i < ch.n; i++)
        r = i == 0 ? range_of(h, ch.c[i]) : host_range_join(r, range_of(h, ch.c[i]));
    if (declared > ch.n) /* `int a[8] = {1, 2}`: the rest are 0 */
        r = ch.n ? host_range_join(r, range_point(0)) : range_point(0);
    bool empty = ch.n == 0 && declared <= 0;
    free(ch.c);
    return empty ? range_top() : r;
}

static bool is_container_type(CXType t)
{
    if (t.kind == CXType_ConstantArray || t.kind == CXType_IncompleteArray || t.kind == CXType_VariableArray)
        return type_is_integral(clang_getArrayElementType(t));
    CXString s = clang_getTypeSpelling(clang_getCanonicalType(t));
    bool vec = strncmp(clang_getCString(s), "std::vector<", 12) == 0 ||
               strncmp(clang_getCString(s), "std::__1::vector<", 17) == 0;
    clang_disposeString(s);
    return vec;
}

/* Any element of container c (a local array or std::vector): its
 * initializer's values and every value assigned to an element. */
static HostRange element_range(Host *h, CXCursor c)
{
    CXCursor scope = scope_of(c);
    CXType t = clang_getCursorType(c);
    HostRange r;
    if (kept_range(h, c, &r))
        return r;
    if (clang_Cursor_isNull(scope) || !is_container_type(t) || host_has_errors_in(h, scope) || !enter(h, c))
        return range_top();
    bool cut = h->range_cut;
    int assumed = h->nassumed;
    h->range_cut = false;
    Uses u = uses_in(scope, c, true);
    r = range_top();
    bool any = false;
    CXCursor list = init_list(c, 0);
    bool is_array = t.kind == CXType_ConstantArray || t.kind == CXType_VariableArray || t.kind == CXType_IncompleteArray;
    if (!clang_Cursor_isNull(list)) {
        r = list_range(h, list, t.kind == CXType_ConstantArray ? clang_getNumElements(t) : -1);
        any = true;
    } else if (!is_array) {
        u.escapes = true; /* a vector built otherwise: `v(n)`, `v(n, x)` */
    }
    for (int i = 0; i < u.ndefs && !u.escapes; i++) {
        HostRange d = range_of(h, u.defs[i]);
        r = any ? host_range_join(r, d) : d;
        any = true;
    }
    leave(h);
    r = u.escapes || !any ? range_top() : r;
    keep_range(h, c, r, cut, assumed);
    return r;
}

/* The arrays a view's initializer may point to (`dp ? A : B`), joined:
 * each must be a local array (its elements' range), else unknown. */
static HostRange targets_range(Host *h, CXCursor e, int depth)
{
    e = host_strip(e);
    if (depth < 8 && kind_is(e, CXCursor_ConditionalOperator))
        return host_range_join(targets_range(h, child_at(e, 1), depth + 1), targets_range(h, child_at(e, 2), depth + 1));
    CXCursor d = kind_is(e, CXCursor_DeclRefExpr) ? clang_getCursorReferenced(e) : clang_getNullCursor();
    CXType t = clang_getCursorType(d);
    if (!kind_is(d, CXCursor_VarDecl) || (t.kind != CXType_ConstantArray && t.kind != CXType_IncompleteArray))
        return range_top();
    return element_range(h, d);
}

/* p[i] for a local pointer p that is only read through: an element of
 * one of the local arrays its initializer names (SHOC's
 * `int *sizes = dp ? sizes_dp : sizes_sp;`). */
static HostRange view_range(Host *h, CXCursor p)
{
    CXCursor init = clang_Cursor_getVarDeclInitializer(p);
    if (clang_Cursor_isNull(init) || !read_only_view(p))
        return range_top();
    return targets_range(h, init, 0);
}

/* The counted loop `for (T i = a; i < b; i += c)` (`<=`, `++i`, `i++`)
 * that declares decl, when read is in its body and the body never
 * changes i: i is in [a, max(b) - 1], a multiple of c from a. */
/* A counted loop's increment of decl: `i++`, `i += c`, `i = i + c` (a
 * step c > 0), or `i *= c`, `i = i * c`, `i <<= c` (a factor c >= 2). */
static bool loop_step(Host *h, CXCursor inc, CXCursor decl, int64_t *step, int64_t *factor)
{
    *step = *factor = 0;
    enum CXBinaryOperatorKind op = CXBinaryOperator_Invalid;
    CXCursor by = clang_getNullCursor();
    if (kind_is(inc, CXCursor_UnaryOperator)) {
        enum CXUnaryOperatorKind k = clang_getCursorUnaryOperatorKind(inc);
        *step = k == CXUnaryOperator_PostInc || k == CXUnaryOperator_PreInc ? 1 : 0;
        return *step && cursor_refers_to(child_at(inc, 0), decl);
    }
    if (kind_is(inc, CXCursor_CompoundAssignOperator)) {
        op = clang_getCursorBinaryOperatorKind(inc);
        op = op == CXBinaryOperator_AddAssign ? CXBinaryOperator_Add : op == CXBinaryOperator_MulAssign ? CXBinaryOperator_Mul
           : op == CXBinaryOperator_ShlAssign ? CXBinaryOperator_Shl : CXBinaryOperator_Invalid;
        by = child_at(inc, 1);
    } else if (kind_is(inc, CXCursor_BinaryOperator) && clang_getCursorBinaryOperatorKind(inc) == CXBinaryOperator_Assign) {
        CXCursor rhs = host_strip(child_at(inc, 1));
        if (kind_is(rhs, CXCursor_BinaryOperator) && cursor_refers_to(child_at(rhs, 0), decl)) {
            op = clang_getCursorBinaryOperatorKind(rhs);
            by = child_at(rhs, 1);
        }
    }
    if (op == CXBinaryOperator_Invalid || clang_Cursor_isNull(by) || !cursor_refers_to(child_at(inc, 0), decl))
        return false;
    HostVal c = host_eval(h, by);
    if (c.kind != HV_CONST)
        return false;
    if (op == CXBinaryOperator_Add && c.c > 0)
        *step = c.c;
    else if (op == CXBinaryOperator_Mul && c.c >= 2)
        *factor = c.c;
    else if (op == CXBinaryOperator_Shl && c.c >= 1 && c.c < 32)
        *factor = (int64_t)1 << c.c;
    return *step || *factor;
}

static bool counter_range(Host *h, CXCursor loop, CXCursor decl, CXCursor read, HostRange *out)
{
    CXCursor init = child_at(loop, 0), cond = child_at(loop, 1), inc = child_at(loop, 2), body = child_at(loop, 3);
    if (!kind_is(init, CXCursor_DeclStmt) || !host_same_decl(child_at(init, 0), decl) || !host_encloses(body, read))
        return false;
    int64_t step = 0, factor = 0;
    if (!loop_step(h, inc, decl, &step, &factor))
        return false;
    enum CXBinaryOperatorKind op = kind_is(cond, CXCursor_BinaryOperator) ? clang_getCursorBinaryOperatorKind(cond)
                                                                           : CXBinaryOperator_Invalid;
    if ((op != CXBinaryOperator_LT && op != CXBinaryOperator_LE) || !cursor_refers_to(child_at(cond, 0), decl))
        return false;
    HostRange bound = range_of(h, child_at(cond, 1)), start = range_of(h, host_operand(decl));
    Uses u = uses_in(body, decl, false);
    if (u.escapes || u.ndefs || !bound.hi_known || !start.lo_known || (factor && start.lo < 1))
        return false; /* a product grows only from 1 up */
    HostRange r = range_top();
    r.lo_known = r.hi_known = true;
    r.lo = start.lo;
    if (op == CXBinaryOperator_LT && bound.hi == INT64_MIN)
        return false;
    r.hi = op == CXBinaryOperator_LT ? bound.hi - 1 : bound.hi;
    if (r.hi < r.lo)
        r.hi = r.lo; /* the body never runs: no value is read */
    if (factor && start.lo == start.hi) { /* s, s * f, s * f * f, ...: multiples of s */
        r.mod = start.lo;
        r.rem = 0;
    } else if (!factor && start.mod != 1) {
        r.mod = int_gcd(start.mod, step);
        r.rem = start.rem;
    }
    *out = normal(r);
    return true;
}

typedef struct FindLoop {
    CXCursor decl, loop;
} FindLoop;

static enum CXChildVisitResult find_loop(CXCursor c, CXCursor parent, CXClientData data)
{
    (void)parent;
    FindLoop *f = data;
    if (kind_is(c, CXCursor_ForStmt) && host_same_decl(child_at(child_at(c, 0), 0), f->decl)) {
        f->loop = c;
        return CXChildVisit_Break;
    }
    if (kind_is(c, CXCursor_CXXForRangeStmt) && host_same_decl(child_at(c, 0), f->decl)) {
        f->loop = c;
        return CXChildVisit_Break;
    }
    return CXChildVisit_Recurse;
}

/* The loop that declares decl (a counter, a range-based for's variable),
 * or a null cursor. */
static CXCursor loop_of(CXCursor scope, CXCursor decl)
{
    FindLoop f = {decl, clang_getNullCursor()};
    clang_visitChildren(scope, find_loop, &f);
    return f.loop;
}

/* `for (int s : V)`, `for (int s : {64, 128})`: an element of V.  The
 * variable itself may not change in the body. */
static HostRange walked_range(Host *h, CXCursor loop, CXCursor decl)
{
    CXCursor over = host_strip(child_at(loop, 1));
    Uses u = uses_in(child_at(loop, 2), decl, false);
    if (u.escapes || u.ndefs)
        return range_top();
    if (kind_is(over, CXCursor_DeclRefExpr))
        return element_range(h, clang_getCursorReferenced(over));
    CXCursor list = init_list(over, 0); /* a braced list, as a std::initializer_list temporary */
    return clang_Cursor_isNull(list) ? range_top() : list_range(h, list, -1);
}

/* A local: its loop's, else its initializer's and its assignments'. */
static HostRange local_range(Host *h, CXCursor decl, CXCursor read)
{
    CXCursor scope = scope_of(decl);
    if (clang_Cursor_isNull(scope) || host_has_errors_in(h, scope) || !enter(h, decl))
        return range_top();
    HostRange r = range_top();
    CXCursor loop = loop_of(scope, decl);
    if (kind_is(loop, CXCursor_CXXForRangeStmt)) {
        r = walked_range(h, loop, decl);
    } else if (kind_is(loop, CXCursor_ForStmt)) {
        if (!counter_range(h, loop, decl, read, &r))
            r = range_top();
    } else if (!kept_range(h, decl, &r)) {
        bool cut = h->range_cut;
        int assumed = h->nassumed;
        h->range_cut = false;
        Uses u = uses_in(scope, decl, false);
        CXCursor init = host_operand(decl);
        bool any = !clang_Cursor_isNull(init);
        if (any)
            r = range_of(h, init);
        for (int i = 0; i < u.ndefs && !u.escapes; i++) {
            HostRange d = range_of(h, u.defs[i]);
            r = any ? host_range_join(r, d) : d;
            any = true;
        }
        if (u.escapes || !any)
            r = range_top();
        keep_range(h, decl, r, cut, assumed);
    }
    leave(h);
    return r;
}

/* ---- a parameter: what its callers pass ---- */

/* How often each function is named in the unit's own code, and how
 * often called: by the hash of its canonical cursor (open addressing). */
struct NameCount {
    CXCursor fn;
    unsigned hash;
    int refs, calls;
    bool used;
};

static struct NameCount *name_slot(Host *h, CXCursor fn)
{
    fn = clang_getCanonicalCursor(fn);
    unsigned hash = clang_hashCursor(fn), mask = (unsigned)h->names_cap - 1;
    for (unsigned i = hash & mask;; i = (i + 1) & mask) {
        struct NameCount *e = &h->names[i];
        if (!e->used || (e->hash == hash && clang_equalCursors(e->fn, fn))) {
            if (!e->used && 2 * (h->names_n + 1) > h->names_cap)
                return NULL; /* full: the caller grows the table */
            if (!e->used) {
                *e = (struct NameCount){fn, hash, 0, 0, true};
                h->names_n++;
            }
            return e;
        }
    }
}

static void names_grow(Host *h)
{
    struct NameCount *old = h->names;
    int cap = h->names_cap;
    h->names_cap = cap ? 2 * cap : 256;
    h->names_n = 0;
    h->names = xcalloc((size_t)h->names_cap, sizeof *h->names);
    for (int i = 0; i < cap; i++)
        if (old[i].used) {
            struct NameCount *e = name_slot(h, old[i].fn);
            e->refs = old[i].refs;
            e->calls = old[i].calls;
        }
    free(old);
}

static struct NameCount *name_entry(Host *h, CXCursor fn)
{
    fn = primary_of(fn);
    struct NameCount *e = h->names_cap ? name_slot(h, fn) : NULL;
    while (!e) {
        names_grow(h);
        e = name_slot(h, fn);
    }
    return e;
}

/* A function whose calls are read: a function, a method, a constructor
 * (`Runner r(64)`). */
static bool is_function_decl(CXCursor c)
{
    enum CXCursorKind k = clang_getCursorKind(c);
    return k == CXCursor_FunctionDecl || k == CXCursor_CXXMethod || k == CXCursor_Constructor ||
           k == CXCursor_FunctionTemplate;
}

/* A function template's instance (or explicit specialization) stands for
 * its template: a parameter of the template's body is passed what the
 * calls of every instance pass, and the template is named wherever one
 * of them is. */
static CXCursor primary_of(CXCursor fn)
{
    CXCursor t = clang_getSpecializedCursorTemplate(fn);
    return !clang_Cursor_isNull(t) && clang_getCursorKind(t) == CXCursor_FunctionTemplate ? t : fn;
}

static enum CXChildVisitResult unseen_constructor(CXCursor c, CXCursor parent, CXClientData data)
{
    (void)parent;
    if (clang_getCursorKind(c) == CXCursor_Constructor)
        name_entry(data, c)->refs += 2;
    return CXChildVisit_Continue;
}

/* A class named as a template argument of a call (`std::make_unique<R>(128)`,
 * `std::vector<R>::emplace_back(128)`) may be constructed in library code
 * the unit does not show: its constructors' calls are not all seen. */
static void library_constructs(Host *h, CXType t)
{
    CXCursor decl = clang_getTypeDeclaration(clang_getCanonicalType(t));
    enum CXCursorKind k = clang_getCursorKind(decl);
    if (k == CXCursor_StructDecl || k == CXCursor_ClassDecl || k == CXCursor_ClassTemplate)
        clang_visitChildren(decl, unseen_constructor, h);
}

static void template_constructs(Host *h, CXCursor fn)
{
    int n = clang_Cursor_getNumTemplateArguments(fn);
    for (int i = 0; i < n; i++)
        if (clang_Cursor_getTemplateArgumentKind(fn, (unsigned)i) == CXTemplateArgumentKind_Type)
            library_constructs(h, clang_Cursor_getTemplateArgumentType(fn, (unsigned)i));
    CXType owner = clang_getCursorType(clang_getCursorSemanticParent(fn));
    int m = clang_Type_getNumTemplateArguments(owner);
    for (int i = 0; i < m; i++)
        library_constructs(h, clang_Type_getTemplateArgumentAsType(owner, (unsigned)i));
}

static enum CXChildVisitResult count_names(CXCursor c, CXCursor parent, CXClientData data)
{
    (void)parent;
    Host *h = data;
    if (clang_Location_isInSystemHeader(clang_getCursorLocation(c)))
        return CXChildVisit_Continue;
    enum CXCursorKind k = clang_getCursorKind(c);
    CXCursor r = clang_getCursorReferenced(c);
    if ((k == CXCursor_DeclRefExpr || k == CXCursor_MemberRefExpr) && is_function_decl(r))
        name_entry(h, r)->refs++;
    if (k == CXCursor_CallExpr && is_function_decl(r))
        name_entry(h, r)->calls++;
    if (k == CXCursor_CallExpr && !clang_Cursor_isNull(r))
        template_constructs(h, r);
    CallView v;
    if (k == CXCursor_CallExpr && forwarded_call(c, &v)) /* `bench(10, mm, ...)` names mm to call it */
        name_entry(h, v.fn)->calls++;
    for (unsigned i = 0; k == CXCursor_OverloadedDeclRef && i < clang_getNumOverloadedDecls(c); i++)
        if (is_function_decl(clang_getOverloadedDecl(c, i))) /* a dependent call may be of it, unread */
            name_entry(h, clang_getOverloadedDecl(c, i))->refs += 2;
    return CXChildVisit_Recurse;
}

/* Is fn named in its unit other than as the callee of a call (its address
 * taken, a dependent call that may be of it)?  Counted once per unit. */
static bool named_unseen(Host *h, CXCursor fn)
{
    if (!h->names_ready) {
        CXTranslationUnit tu = clang_Cursor_getTranslationUnit(fn);
        clang_visitChildren(clang_getTranslationUnitCursor(tu), count_names, h);
        h->names_ready = true;
    }
    if (!is_function_decl(fn))
        return false;
    struct NameCount *e = name_entry(h, fn);
    return e->refs > e->calls;
}

void host_range_forget(Host *h)
{
    free(h->names);
    h->names = NULL;
    h->names_cap = h->names_n = 0;
    h->names_ready = false;
    free(h->kept);
    h->kept = NULL;
    h->nkept = 0;
    free(h->global_uses);
    h->global_uses = NULL;
    h->nglobal_uses = 0;
    h->nranging = 0;
    h->range_cut = false;
    for (int i = 0; i < h->ndropped; i++)
        free(h->dropped[i]);
    free(h->dropped);
    h->dropped = NULL;
    h->ndropped = h->capdropped = 0;
    h->dropped_read = false;
    free(h->unit);
    h->unit = NULL;
}

static bool table_escaped(const HostCalls *t, const char *usr)
{
    for (int i = 0; t && i < t->nescaped; i++)
        if (strcmp(t->escaped[i], usr) == 0)
            return true;
    return false;
}

/* What the project's other units pass as argument arg of the function
 * with this USR (HostCalls): *seen, whether any call is there. */
/* A fact of another unit than the one being read (whose calls are read
 * live, with what the table says of the others). */
static bool elsewhere(const char *unit, const HostCallFact *f)
{
    return !unit || !f->unit || strcmp(unit, f->unit) != 0;
}

static HostRange table_range(const HostCalls *t, const char *unit, const char *usr, int arg, int depth, bool *ok,
                             bool *seen)
{
    HostRange r = range_top();
    bool any = false;
    if (depth > HOST_MAX_RANGING || table_escaped(t, usr)) {
        *ok = false;
        return r;
    }
    for (int i = 0; t && i < t->n && *ok; i++) {
        const HostCallFact *f = &t->facts[i];
        if (f->arg != arg || strcmp(f->callee, usr) != 0 || !elsewhere(unit, f))
            continue;
        bool inner_seen = false;
        HostRange v = f->from ? table_range(t, NULL, f->from, f->from_arg, depth + 1, ok, &inner_seen)
                              : (HostRange){f->lo_known, f->hi_known, f->lo, f->hi, f->mod, f->rem, false};
        if (f->from && !inner_seen)
            *ok = false; /* the caller's own callers are not seen */
        if (!host_range_known(v))
            *ok = false;
        r = any ? host_range_join(r, v) : v;
        any = true;
    }
    *seen |= any;
    return r;
}

static bool has_name(char *const *names, int n, const char *name)
{
    for (int i = 0; i < n; i++)
        if (strcmp(names[i], name) == 0)
            return true;
    return false;
}

static void add_name(char ***names, int *n, int *cap, const char *name)
{
    if (!has_name(*names, *n, name))
        VEC_PUSH(*names, *n, *cap, strdup(name));
}

static void names_in(Host *h, CXTranslationUnit tu, CXSourceRange range, int depth);

/* The identifiers of a macro's definition (its expansion may be a call). */
static void macro_names(Host *h, CXTranslationUnit tu, CXCursor expansion, int depth)
{
    CXCursor def = clang_getCursorReferenced(expansion);
    if (depth < 3 && kind_is(def, CXCursor_MacroDefinition))
        names_in(h, tu, clang_getCursorExtent(def), depth + 1);
}

/* Every identifier in range, and those of the macros it expands. */
static void names_in(Host *h, CXTranslationUnit tu, CXSourceRange range, int depth)
{
    CXToken *t = NULL;
    unsigned n = 0;
    clang_tokenize(tu, range, &t, &n);
    for (unsigned i = 0; i < n; i++) {
        if (clang_getTokenKind(t[i]) != CXToken_Identifier)
            continue;
        CXString sp = clang_getTokenSpelling(tu, t[i]);
        add_name(&h->dropped, &h->ndropped, &h->capdropped, clang_getCString(sp));
        clang_disposeString(sp);
        CXCursor at = clang_getCursor(tu, clang_getTokenLocation(tu, t[i]));
        if (kind_is(at, CXCursor_MacroExpansion))
            macro_names(h, tu, at, depth);
    }
    if (t)
        clang_disposeTokens(tu, t, n);
}

static enum CXChildVisitResult find_broken(CXCursor c, CXCursor parent, CXClientData data)
{
    (void)parent;
    Host *h = data;
    if (clang_Location_isInSystemHeader(clang_getCursorLocation(c)))
        return CXChildVisit_Continue;
    enum CXCursorKind k = clang_getCursorKind(c);
    if (k == CXCursor_Namespace || k == CXCursor_LinkageSpec || k == CXCursor_ClassDecl || k == CXCursor_StructDecl ||
        k == CXCursor_ClassTemplate || k == CXCursor_UnionDecl)
        return CXChildVisit_Recurse;
    bool device_only = cursor_has_attr(c, CXCursor_CUDAGlobalAttr) ||
                       (cursor_has_attr(c, CXCursor_CUDADeviceAttr) && !cursor_has_attr(c, CXCursor_CUDAHostAttr));
    CXCursor body = function_body(c); /* a function's own name is no call of it */
    CXCursor where = clang_Cursor_isNull(body) ? c : body;
    if (clang_isDeclaration(k) && clang_isCursorDefinition(c) && !device_only && host_has_errors_in(h, where))
        names_in(h, clang_Cursor_getTranslationUnit(c), clang_getCursorExtent(where), 0);
    return CXChildVisit_Continue;
}

/* May a call of fn in the unit be missing?  Where clang reports an error
 * inside a definition of the host code, a call there may be dropped: to
 * any function whose name the definition spells (or a macro it expands
 * does).  Device code calls no host function. */
static bool may_drop_calls(Host *h, CXCursor fn)
{
    if (!h->dropped_read) {
        h->dropped_read = true;
        CXTranslationUnit tu = clang_Cursor_getTranslationUnit(fn);
        clang_visitChildren(clang_getTranslationUnitCursor(tu), find_broken, h);
    }
    CXString s = clang_getCursorSpelling(fn);
    bool yes = has_name(h->dropped, h->ndropped, clang_getCString(s));
    clang_disposeString(s);
    return yes;
}

/* The same of the project's other units (HostCalls.dropped). */
static bool table_drops(const HostCalls *t, CXCursor fn)
{
    CXString s = clang_getCursorSpelling(fn);
    bool yes = t && has_name(t->dropped, t->ndropped, clang_getCString(s));
    clang_disposeString(s);
    return yes;
}

/* fn's callers gave a range to the launch being read: it says so. */
static void note_callers(Host *h, CXCursor fn)
{
    for (int i = 0; i < h->nfrom_callers; i++)
        if (host_same_decl(h->from_callers[i], fn))
            return;
    if (h->nfrom_callers < HOST_MAX_RANGING)
        h->from_callers[h->nfrom_callers++] = fn;
}

static bool is_main(CXCursor fn)
{
    CXString s = clang_getCursorSpelling(fn);
    bool yes = strcmp(clang_getCString(s), "main") == 0;
    clang_disposeString(s);
    return yes;
}

/* Parameter parm of fn: the join of what every call passes, in this
 * unit and in the project's others; unknown when fn may be called unseen
 * (named other than in calls, main, a callee of no call seen). */
/* parm's range where no assignment of it reaches the read (`incoming`:
 * host_reaching_value), or where none is made at all. */
static HostRange param_range(Host *h, CXCursor parm, bool incoming)
{
    CXCursor fn = clang_getCursorSemanticParent(parm);
    int idx = host_param_index(fn, parm);
    if (!is_function_decl(fn) || idx < 0 || !(incoming || host_keeps_initial_value(parm)) ||
        is_main(fn) || clang_CXXMethod_isVirtual(fn)) /* a virtual one: calls of what it overrides reach it */
        return range_top();
    HostRange r = range_top();
    if (kept_range(h, parm, &r)) {
        if (host_range_known(r))
            note_callers(h, fn);
        return r;
    }
    if (!enter(h, parm))
        return range_top();
    bool cut = h->range_cut;
    int assumed = h->nassumed;
    h->range_cut = false;
    bool any = false, ok = !may_drop_calls(h, fn) && !table_drops(h->table, fn) && !named_unseen(h, fn);
    CallView calls[MAX_CALLS];
    bool more = false;
    int ncalls = ok ? calls_of(h, fn, calls, MAX_CALLS, &more) : 0;
    ok &= !more;
    for (int i = 0; i < ncalls && ok; i++) {
        if (idx >= view_nargs(&calls[i])) {
            ok = false;
            break;
        }
        HostRange v = range_of(h, view_arg(&calls[i], idx));
        ok = host_range_known(v);
        r = any ? host_range_join(r, v) : v;
        any = true;
    }
    char *usr = cursor_usr(primary_of(fn));
    bool seen = false;
    HostRange t = ok && h->table ? table_range(h->table, h->unit, usr, idx, 0, &ok, &seen) : range_top();
    free(usr);
    if (seen)
        r = any ? host_range_join(r, t) : t;
    any |= seen;
    if (ok && any)
        note_callers(h, fn);
    leave(h);
    r = ok && any ? r : range_top();
    keep_range(h, parm, r, cut, assumed);
    return r;
}

/* ---- values known equal ---- */

static int64_t type_bytes(CXCursor decl)
{
    return (int64_t)clang_Type_getSizeOf(clang_getCanonicalType(clang_getCursorType(decl)));
}

/* The variable whose value a local always holds: itself, or, for `m`
 * whose one change is `m = n = s` (no initializer, nothing else changes
 * either), n's, when n's one change is that same `n = s` and both have
 * the same size (no conversion can change the value). */
static CXCursor value_holder(Host *h, CXCursor decl, int depth)
{
    CXCursor scope = scope_of(decl);
    if (depth > 8 || !kind_is(decl, CXCursor_VarDecl) || clang_Cursor_isNull(scope) ||
        !clang_Cursor_isNull(host_operand(decl)) || host_has_errors_in(h, scope))
        return decl;
    Uses u = uses_in(scope, decl, false);
    if (u.escapes || u.ndefs != 1)
        return decl;
    CXCursor rhs = host_strip(u.defs[0]);
    if (!kind_is(rhs, CXCursor_BinaryOperator) || clang_getCursorBinaryOperatorKind(rhs) != CXBinaryOperator_Assign)
        return decl;
    CXCursor lhs = host_strip(child_at(rhs, 0));
    CXCursor other = kind_is(lhs, CXCursor_DeclRefExpr) ? clang_getCursorReferenced(lhs) : clang_getNullCursor();
    if (!kind_is(other, CXCursor_VarDecl) || is_file_scope(other) || !host_same_decl(scope_of(other), scope) ||
        type_bytes(other) != type_bytes(decl) || !clang_Cursor_isNull(host_operand(other)))
        return decl;
    Uses v = uses_in(scope, other, false);
    if (v.escapes || v.ndefs != 1 || !same_node(v.defs[0], child_at(rhs, 1)))
        return decl;
    return value_holder(h, other, depth + 1);
}

static bool params_equal(Host *h, CXCursor fn, int i, int j, int depth);

/* Are a and b, two integer expressions read at one call, the same value? */
/* `v.m` or `v->m` for a variable v: its member's declaration and v's, else
 * false. */
static bool member_of_var(CXCursor e, CXCursor *member, CXCursor *var)
{
    if (!kind_is(e, CXCursor_MemberRefExpr))
        return false;
    CXCursor base = host_strip(child_at(e, 0));
    *member = clang_getCursorReferenced(e);
    *var = kind_is(base, CXCursor_DeclRefExpr) ? clang_getCursorReferenced(base) : clang_getNullCursor();
    return !clang_Cursor_isNull(*member) &&
           (kind_is(*var, CXCursor_VarDecl) || kind_is(*var, CXCursor_ParmDecl));
}

bool host_same_value(Host *h, CXCursor a, CXCursor b)
{
    a = host_strip(a);
    b = host_strip(b);
    CXCursor ma, va, mb, vb; /* one member of one variable, read twice in one call's arguments */
    if (member_of_var(a, &ma, &va) && member_of_var(b, &mb, &vb))
        return host_same_decl(ma, mb) && host_same_decl(va, vb);
    if (!kind_is(a, CXCursor_DeclRefExpr) || !kind_is(b, CXCursor_DeclRefExpr))
        return false;
    CXCursor x = clang_getCursorReferenced(a), y = clang_getCursorReferenced(b);
    if (host_same_decl(x, y))
        return true;
    if (kind_is(x, CXCursor_ParmDecl) && kind_is(y, CXCursor_ParmDecl)) {
        CXCursor fn = clang_getCursorSemanticParent(x);
        return host_same_decl(fn, clang_getCursorSemanticParent(y)) && host_keeps_initial_value(x) &&
               host_keeps_initial_value(y) && type_bytes(x) == type_bytes(y) &&
               params_equal(h, fn, host_param_index(fn, x), host_param_index(fn, y), 0);
    }
    return host_same_decl(value_holder(h, x, 0), value_holder(h, y, 0));
}

/* Does every call of the function with this USR in the project's other
 * units pass one value as arguments i and j (HostCalls.same_as)? *seen:
 * whether any call is there. */
static bool table_equal(const HostCalls *t, const char *unit, const char *usr, int i, int j, bool *seen)
{
    int first = i < j ? i : j, second = i < j ? j : i, via = -1; /* via: an argument before first both are */
    bool ok = !table_escaped(t, usr);
    for (int k = 0; t && k < t->n && ok; k++) {
        const HostCallFact *f = &t->facts[k];
        if (f->arg != second || strcmp(f->callee, usr) != 0 || !elsewhere(unit, f))
            continue;
        *seen = true;
        if (f->same_as >= 0 && f->same_as < first && (via < 0 || via == f->same_as))
            via = f->same_as;
        else
            ok = f->same_as == first;
    }
    /* same_as is the first argument equal: where second's is via, first's must be via at every call */
    for (int k = 0; t && k < t->n && ok && via >= 0; k++)
        if (t->facts[k].arg == first && strcmp(t->facts[k].callee, usr) == 0 && elsewhere(unit, &t->facts[k]))
            ok = t->facts[k].same_as == via;
    return ok;
}

/* Parameters i and j of fn: one value at every call, in this unit and the
 * project's others, with every call seen (as param_range). */
static bool params_equal(Host *h, CXCursor fn, int i, int j, int depth)
{
    if (i < 0 || j < 0 || depth > 4 || !is_function_decl(fn) || is_main(fn) || clang_CXXMethod_isVirtual(fn) ||
        may_drop_calls(h, fn) || table_drops(h->table, fn) || named_unseen(h, fn))
        return false;
    CallView calls[MAX_CALLS];
    bool more;
    int ncalls = calls_of(h, fn, calls, MAX_CALLS, &more);
    bool any = false, ok = !more;
    for (int k = 0; k < ncalls && ok; k++) {
        int n = view_nargs(&calls[k]);
        ok = i < n && j < n && host_same_value(h, view_arg(&calls[k], i), view_arg(&calls[k], j));
        any = true;
    }
    if (ok && h->table) {
        char *usr = cursor_usr(primary_of(fn));
        bool seen = false;
        ok = table_equal(h->table, h->unit, usr, i, j, &seen);
        any |= seen;
        free(usr);
    }
    if (ok && any)
        note_callers(h, fn);
    return ok && any;
}

HostRange host_param_range(Host *h, CXCursor parm, bool incoming)
{
    return param_range(h, parm, incoming);
}

/* Are all of fn's calls direct calls of this unit, so that reading a
 * launch once per call sees every one?  Not when fn may be called unseen,
 * through a forwarding template, or from another unit. */
bool host_calls_all_here(Host *h, CXCursor fn)
{
    if (!is_function_decl(fn) || is_main(fn) || clang_CXXMethod_isVirtual(fn) || may_drop_calls(h, fn) ||
        table_drops(h->table, fn) || named_unseen(h, fn))
        return false;
    CallView calls[MAX_CALLS];
    bool more = false;
    int n = calls_of(h, fn, calls, MAX_CALLS, &more);
    for (int i = 0; i < n && !more; i++)
        more = calls[i].offset > 0;
    char *usr = cursor_usr(primary_of(fn));
    for (int i = 0; h->table && i < h->table->n && !more; i++)
        more = strcmp(h->table->facts[i].callee, usr) == 0 && elsewhere(h->unit, &h->table->facts[i]);
    free(usr);
    return !more;
}

/* ---- expressions ---- */

static HostRange binary_range(Host *h, CXCursor e)
{
    enum CXBinaryOperatorKind op = clang_getCursorBinaryOperatorKind(e);
    if (op == CXBinaryOperator_Assign || op == CXBinaryOperator_Comma) /* `m = n = size`: n's new value */
        return range_of(h, child_at(e, 1));
    HostRange a = range_of(h, child_at(e, 0)), b = range_of(h, child_at(e, 1));
    bool bc = b.lo_known && b.hi_known && b.lo == b.hi;
    switch (op) {
    case CXBinaryOperator_Add:
        return range_add(a, b);
    case CXBinaryOperator_Sub:
        return range_add(a, range_neg(b));
    case CXBinaryOperator_Mul:
        return range_mul(a, b);
    case CXBinaryOperator_Div:
        return bc && b.lo > 0 ? range_div(a, b.lo) : range_div_range(a, b);
    case CXBinaryOperator_Shl:
        return bc && b.lo >= 0 && b.lo < 62 ? range_scale(a, (int64_t)1 << b.lo) : range_top();
    case CXBinaryOperator_And: /* `(V + 63) & ~63` of a V known by its range */
        if (bc && a.lo_known && a.hi_known && a.lo == a.hi)
            return range_point(a.lo & b.lo);
        if (bc && b.lo >= 0) { /* x & m lies in [0, m] */
            HostRange r = range_top();
            r.lo_known = r.hi_known = true;
            r.lo = 0;
            r.hi = b.lo;
            return normal(r);
        }
        return range_top();
    case CXBinaryOperator_Or:
    case CXBinaryOperator_Xor:
        if (bc && a.lo_known && a.hi_known && a.lo == a.hi)
            return range_point(op == CXBinaryOperator_Or ? (a.lo | b.lo) : (a.lo ^ b.lo));
        return range_top();
    default:
        return range_top();
    }
}

/* cudaDeviceProp's members that size launches (`blocks_per_sm *
 * prop.multiProcessorCount`), within CUDA's limits for every compute
 * capability (the CUDA programming guide's table).  The number of
 * multiprocessors has no documented limit: 1024 is assumed.  Each one
 * read is printed with the launch (docs/inference.md, "Device
 * properties"). */
static const struct DeviceLimit {
    const char *name;
    int64_t lo, hi;
} device_limits[] = {
    {"multiProcessorCount", 1, 1024}, {"maxThreadsPerMultiProcessor", 32, 2048}, {"maxThreadsPerBlock", 32, 1024},
    {"maxBlocksPerMultiProcessor", 1, 32}, {"warpSize", 32, 32},
};

const char *host_device_limit(int i, int64_t *lo, int64_t *hi)
{
    if (i < 0 || i >= (int)(sizeof device_limits / sizeof *device_limits))
        return NULL;
    *lo = device_limits[i].lo;
    *hi = device_limits[i].hi;
    return device_limits[i].name;
}

static bool is_device_prop(CXType t)
{
    t = clang_getCanonicalType(clang_getNonReferenceType(t));
    if (t.kind == CXType_Pointer)
        t = clang_getCanonicalType(clang_getPointeeType(t));
    CXString s = clang_getTypeSpelling(clang_getUnqualifiedType(t));
    const char *n = clang_getCString(s);
    bool is = n && (strcmp(n, "cudaDeviceProp") == 0 || strcmp(n, "struct cudaDeviceProp") == 0);
    clang_disposeString(s);
    return is;
}

/* `prop.multiProcessorCount`, `p->warpSize`: the member's limits. */
static bool device_prop_range(Host *h, CXCursor member, HostRange *r)
{
    CXCursor base = child_at(member, 0);
    if (clang_Cursor_isNull(base) || !is_device_prop(clang_getCursorType(base)))
        return false;
    CXString s = clang_getCursorSpelling(member);
    const char *n = clang_getCString(s);
    int found = -1;
    for (int i = 0; n && i < (int)(sizeof device_limits / sizeof *device_limits); i++)
        if (strcmp(n, device_limits[i].name) == 0)
            found = i;
    clang_disposeString(s);
    if (found < 0)
        return false;
    *r = range_top();
    r->lo_known = r->hi_known = true;
    r->lo = device_limits[found].lo;
    r->hi = device_limits[found].hi;
    *r = normal(*r);
    h->device_props |= 1u << found;
    h->nassumed++;
    return true;
}

/* A global of the unit (`int cuda_num_SMs = 0;`, set in main from the
 * device's properties): the join of its initializer (0 when it has none)
 * and every value its file assigns it, when nothing else changes it
 * there.  Another file could assign it: the launch prints the range it
 * took (host.c). */
struct GlobalUses {
    CXCursor decl;
    bool escapes;
    int ndefs;
    CXCursor defs[MAX_DEFS];
};

/* A global's uses in its unit: walked once per unit (every launch that
 * reads it asks), kept for up to HOST_MAX_GLOBAL_USES globals. */
static const struct GlobalUses *global_uses(Host *h, CXCursor tu, CXCursor decl)
{
    for (int i = 0; i < h->nglobal_uses; i++)
        if (clang_equalCursors(h->global_uses[i].decl, decl))
            return &h->global_uses[i];
    if (h->nglobal_uses >= HOST_MAX_GLOBAL_USES)
        return NULL;
    if (!h->global_uses)
        h->global_uses = xcalloc(HOST_MAX_GLOBAL_USES, sizeof *h->global_uses);
    Uses u = uses_in(tu, decl, false);
    struct GlobalUses *g = &h->global_uses[h->nglobal_uses++];
    g->decl = decl;
    g->escapes = u.escapes;
    g->ndefs = u.ndefs;
    memcpy(g->defs, u.defs, (size_t)u.ndefs * sizeof *u.defs);
    return g;
}

static HostRange global_range(Host *h, CXCursor decl)
{
    CXCursor tu = clang_getTranslationUnitCursor(clang_Cursor_getTranslationUnit(decl));
    if (clang_Cursor_isNull(tu) || h->nranged_globals >= HOST_MAX_RANGED_GLOBALS)
        return range_top();
    const struct GlobalUses *u = global_uses(h, tu, decl);
    if (!u || u->escapes || !enter(h, decl))
        return range_top();
    CXCursor init = host_operand(decl);
    HostRange r = clang_Cursor_isNull(init) ? range_point(0) : range_of(h, init);
    for (int i = 0; i < u->ndefs && host_range_known(r); i++)
        r = host_range_join(r, range_of(h, u->defs[i]));
    leave(h);
    if (!host_range_known(r))
        return range_top();
    if (clang_getCursorLinkage(decl) == CXLinkage_External) {
        int i = 0;
        while (i < h->nranged_globals && !host_same_decl(h->ranged_globals[i], decl))
            i++;
        if (i == h->nranged_globals)
            h->ranged_globals[h->nranged_globals++] = decl;
        h->ranged_global_r[i] = r;
        h->nassumed++;
    }
    return r;
}

/* r, parm's range, where cond (a comparison of parm with a constant, as
 * the if passed on the way to the read has it) holds or fails:
 * `block_size == 1024` failed takes 1024 off [32, 1024]. */
static HostRange refine_by_cond(Host *h, HostRange r, CXCursor cond, bool holds, CXCursor parm)
{
    HostRange before = r;
    cond = host_strip(cond);
    if (clang_Cursor_isNull(cond) || !kind_is(cond, CXCursor_BinaryOperator))
        return r;
    enum CXBinaryOperatorKind op = clang_getCursorBinaryOperatorKind(cond);
    CXCursor a = host_strip(child_at(cond, 0)), b = host_strip(child_at(cond, 1));
    bool swapped = !(kind_is(a, CXCursor_DeclRefExpr) && host_same_decl(clang_getCursorReferenced(a), parm));
    if (swapped) {
        CXCursor t = a;
        a = b;
        b = t;
    }
    HostVal c = host_eval(h, b);
    if (!kind_is(a, CXCursor_DeclRefExpr) || !host_same_decl(clang_getCursorReferenced(a), parm) ||
        c.kind != HV_CONST)
        return r;
    static const enum CXBinaryOperatorKind mirror[][2] = {{CXBinaryOperator_LT, CXBinaryOperator_GT},
                                                          {CXBinaryOperator_LE, CXBinaryOperator_GE},
                                                          {CXBinaryOperator_GT, CXBinaryOperator_LT},
                                                          {CXBinaryOperator_GE, CXBinaryOperator_LE}};
    static const enum CXBinaryOperatorKind negated[][2] = {
        {CXBinaryOperator_LT, CXBinaryOperator_GE}, {CXBinaryOperator_LE, CXBinaryOperator_GT},
        {CXBinaryOperator_GT, CXBinaryOperator_LE}, {CXBinaryOperator_GE, CXBinaryOperator_LT},
        {CXBinaryOperator_EQ, CXBinaryOperator_NE}, {CXBinaryOperator_NE, CXBinaryOperator_EQ}};
    for (int i = 0; swapped && i < 4; i++)
        if (op == mirror[i][0]) {
            op = mirror[i][1];
            break;
        }
    for (int i = 0; !holds && i < 6; i++)
        if (op == negated[i][0]) {
            op = negated[i][1];
            break;
        }
    int64_t v = c.c;
    bool lo = false, hi = false;
    int64_t nlo = 0, nhi = 0;
    switch (op) {
    case CXBinaryOperator_LT: hi = v > INT64_MIN, nhi = v - 1; break;
    case CXBinaryOperator_LE: hi = true, nhi = v; break;
    case CXBinaryOperator_GT: lo = v < INT64_MAX, nlo = v + 1; break;
    case CXBinaryOperator_GE: lo = true, nlo = v; break;
    case CXBinaryOperator_EQ: lo = hi = true, nlo = nhi = v; break;
    case CXBinaryOperator_NE: /* only at an end of the range: the next value in from it */
        if (r.hi_known && r.hi == v && r.lo_known && r.lo < v)
            hi = true, nhi = r.pow2 ? v / 2 : v - 1;
        else if (r.lo_known && r.lo == v && r.hi_known && r.hi > v)
            lo = true, nlo = r.pow2 ? v * 2 : v + 1;
        break;
    default: break;
    }
    if (hi && (!r.hi_known || nhi < r.hi)) {
        r.hi_known = true;
        r.hi = nhi;
    }
    if (lo && (!r.lo_known || nlo > r.lo)) {
        r.lo_known = true;
        r.lo = nlo;
    }
    if (r.lo_known && r.hi_known && r.lo > r.hi)
        return before; /* no value: the path is never taken, and the range before loses nothing */
    return normal(r);
}

/* A parameter assigned on some paths only (`if (block_size == 1024)
 * block_size = 512;`, llm.c's layernorm backward): the join of the values
 * that reach the read, with its callers' where a path reaches the top
 * (host_reaching_values; unknown where some path is not sure). */
static HostRange reaching_range(Host *h, CXCursor parm, CXCursor read)
{
    enum { CAP = 8 };
    HostReach v[CAP], in;
    int n = host_reaching_values(parm, read, v, CAP, &in);
    if (n < 0 || n > CAP || (n == 0 && clang_Cursor_isNull(in.value)))
        return range_top();
    HostRange r = clang_Cursor_isNull(in.value) ? range_top()
                                                : refine_by_cond(h, param_range(h, parm, true), in.cond, in.holds, parm);
    bool any = !clang_Cursor_isNull(in.value);
    if (any && !host_range_known(r))
        return r;
    if (!enter(h, parm)) /* a value defined by itself (`bs = bs / 2` on a branch) */
        return range_top();
    for (int i = 0; i < n && (!any || host_range_known(r)); i++) {
        HostRange x = range_of(h, v[i].value);
        r = any ? host_range_join(r, x) : x;
        any = true;
    }
    leave(h);
    return r;
}

/* A parameter of a helper being inlined (helper_range): its argument's
 * range at the call. */
static bool bound_range(const Host *h, CXCursor d, HostRange *r)
{
    for (int i = h->nrenv - 1; i >= 0; i--)
        if (host_same_decl(h->renv[i].decl, d)) {
            *r = h->renv[i].r;
            return true;
        }
    return false;
}

/* `ceil_div(n * 32, block_size)`: a call of a host helper whose body is
 * `return e;` (after local declarations, host_helper_result) is e's
 * range with each parameter that keeps its value bound to its argument's
 * range at the call.  A parameter the helper changes is not bound: its
 * reads are ranged as any other parameter's (by every call). */
static HostRange helper_range(Host *h, CXCursor call)
{
    CXCursor def = clang_getCursorDefinition(clang_getCursorReferenced(call));
    if (clang_Cursor_isNull(def) || cursor_has_attr(def, CXCursor_CUDAGlobalAttr))
        return range_top();
    int nchildren = 0;
    CXCursor body = clang_getNullCursor();
    for (CXCursor c = child_at(def, 0); !clang_Cursor_isNull(c); c = child_at(def, ++nchildren))
        body = c;
    CXCursor result = kind_is(body, CXCursor_CompoundStmt) ? host_helper_result(body) : clang_getNullCursor();
    if (clang_Cursor_isNull(result))
        return range_top();
    int mark = h->nrenv, env_mark = h->nenv, nargs = clang_Cursor_getNumArguments(call), param = 0;
    struct RangeBind binds[8];
    HostBind values[8]; /* and its value, for host_eval's reading of e */
    int nbinds = 0;
    for (int i = 0; i < nchildren; i++) {
        CXCursor c = child_at(def, i);
        if (!kind_is(c, CXCursor_ParmDecl))
            continue;
        if (param < nargs && nbinds < 8 && host_keeps_initial_value(c)) {
            CXCursor arg = clang_Cursor_getArgument(call, (unsigned)param);
            values[nbinds] = (HostBind){c, host_eval(h, arg)};
            binds[nbinds++] = (struct RangeBind){c, range_of(h, arg)};
        }
        param++;
    }
    for (int i = 0; i < nbinds; i++) {
        VEC_PUSH(h->renv, h->nrenv, h->caprenv, binds[i]);
        VEC_PUSH(h->env, h->nenv, h->capenv, values[i]);
    }
    HostRange r = range_of(h, result);
    h->nrenv = mark;
    h->nenv = env_mark;
    return r;
}

static HostRange range_of(Host *h, CXCursor e)
{
    if (clang_Cursor_isNull(e) || h->depth >= HOST_MAX_DEPTH)
        return range_top();
    HostVal v = host_eval(h, e);
    if (v.kind == HV_CONST)
        return range_point(v.c);
    e = host_strip(e);
    h->depth++;
    HostRange r = range_top();
    switch (clang_getCursorKind(e)) {
    case CXCursor_DeclRefExpr: {
        CXCursor d = clang_getCursorReferenced(e);
        if (!type_is_integral(clang_getCursorType(d)))
            break;
        bool incoming = false;
        if (bound_range(h, d, &r))
            break;
        CXCursor value = kind_is(d, CXCursor_ParmDecl) && host_keeps_initial_value(d)
                             ? clang_getNullCursor()
                             : host_reaching_value(d, e, &incoming);
        if (!clang_Cursor_isNull(value)) /* the one assignment that reaches this read */
            r = range_of(h, value);
        else if (kind_is(d, CXCursor_ParmDecl) && !incoming && !host_keeps_initial_value(d))
            r = reaching_range(h, d, e);
        else if (kind_is(d, CXCursor_ParmDecl))
            r = param_range(h, d, incoming);
        else if (kind_is(d, CXCursor_VarDecl) && !is_file_scope(d))
            r = local_range(h, d, e);
        else if (kind_is(d, CXCursor_VarDecl))
            r = global_range(h, d);
        break;
    }
    case CXCursor_MemberRefExpr:
        device_prop_range(h, e, &r);
        break;
    case CXCursor_ArraySubscriptExpr: {
        CXCursor base = host_strip(child_at(e, 0));
        CXCursor d = kind_is(base, CXCursor_DeclRefExpr) ? clang_getCursorReferenced(base) : clang_getNullCursor();
        r = is_local_pointer(d) ? view_range(h, d) : element_range(h, d);
        break;
    }
    case CXCursor_CallExpr: {
        CXCursor base = host_strip(child_at(e, 0));
        if (host_callee_is(e, "operator[]") && kind_is(base, CXCursor_DeclRefExpr))
            r = element_range(h, clang_getCursorReferenced(base));
        else
            r = helper_range(h, e);
        break;
    }
    case CXCursor_BinaryOperator:
        r = binary_range(h, e);
        break;
    case CXCursor_ConditionalOperator:
        r = host_range_join(range_of(h, child_at(e, 1)), range_of(h, child_at(e, 2)));
        break;
    default:
        break;
    }
    h->depth--;
    if (v.has_hi && (!r.hi_known || v.hi < r.hi)) {
        r.hi_known = true;
        r.hi = v.hi;
    }
    return r;
}

HostRange host_range(Host *h, CXCursor e)
{
    return range_of(h, e);
}

/* ---- the calls of a unit, for the project's others ---- */

static void add_fact(HostCalls *out, CXCursor fn, int arg, HostRange r, CXCursor from_fn, int from_arg, int same_as)
{
    HostCallFact f = {cursor_usr(primary_of(fn)), arg, r.lo_known, r.hi_known, r.lo, r.hi, r.mod, r.rem, NULL, from_arg,
                      same_as, NULL};
    if (!clang_Cursor_isNull(from_fn))
        f.from = cursor_usr(primary_of(from_fn));
    VEC_PUSH(out->facts, out->n, out->cap, f);
}

static void add_escaped(HostCalls *out, CXCursor fn)
{
    char *u = cursor_usr(fn);
    for (int i = 0; i < out->nescaped; i++)
        if (strcmp(out->escaped[i], u) == 0) {
            free(u);
            return;
        }
    VEC_PUSH(out->escaped, out->nescaped, out->capescaped, u);
}

/* One call's integer arguments: each a range, or the caller's own
 * parameter passed on (its callers may be in another unit). */
static void view_facts(Host *h, const CallView *v, HostCalls *out)
{
    CXCursor fn = v->fn;
    int n = view_nargs(v), required;
    for (int i = n; i < count_params(fn, &required); i++) /* a default argument's value is not read */
        add_fact(out, fn, i, range_top(), clang_getNullCursor(), 0, -1);
    for (int i = 0; i < n; i++) {
        CXCursor a = view_arg(v, i);
        if (!type_is_integral(clang_getCursorType(a)))
            continue;
        int assumed = h->nassumed;
        HostRange r = range_of(h, a);
        if (h->nassumed != assumed)
            r = range_top(); /* the other unit's launch could not print what it rests on */
        int same = -1;
        for (int j = 0; j < i && same < 0; j++)
            if (host_same_value(h, view_arg(v, j), a))
                same = j;
        CXCursor s = host_strip(a);
        CXCursor d = kind_is(s, CXCursor_DeclRefExpr) ? clang_getCursorReferenced(s) : clang_getNullCursor();
        if (!host_range_known(r) && kind_is(d, CXCursor_ParmDecl) && host_keeps_initial_value(d)) {
            CXCursor caller = clang_getCursorSemanticParent(d);
            add_fact(out, fn, i, r, caller, host_param_index(caller, d), same);
        } else {
            add_fact(out, fn, i, r, clang_getNullCursor(), 0, same);
        }
    }
}

/* One call's facts: of the function it calls, and of the one it makes
 * its forwarding template call. */
static void call_facts(Host *h, CXCursor call, HostCalls *out)
{
    CallView v = {call, clang_getCursorReferenced(call), 0};
    if (is_function_decl(v.fn))
        view_facts(h, &v, out);
    if (forwarded_call(call, &v))
        view_facts(h, &v, out);
}

void host_unit_calls(Host *h, CXTranslationUnit tu, HostCalls *out)
{
    if (!h->dropped_read) {
        h->dropped_read = true;
        clang_visitChildren(clang_getTranslationUnitCursor(tu), find_broken, h);
    }
    for (int i = 0; i < h->ndropped; i++)
        add_name(&out->dropped, &out->ndropped, &out->capdropped, h->dropped[i]);
    for (int i = 0; i < h->ncalls; i++)
        call_facts(h, h->calls[i], out);
    named_unseen(h, clang_getTranslationUnitCursor(tu)); /* counts the unit's names */
    for (int i = 0; i < h->names_cap; i++)
        if (h->names[i].used && h->names[i].refs > h->names[i].calls)
            add_escaped(out, h->names[i].fn);
}

void host_calls_free(HostCalls *c)
{
    for (int i = 0; i < c->n; i++) {
        free(c->facts[i].callee);
        free(c->facts[i].from);
    }
    for (int i = 0; i < c->nescaped; i++)
        free(c->escaped[i]);
    for (int i = 0; i < c->ndropped; i++)
        free(c->dropped[i]);
    free(c->dropped);
    free(c->facts);
    free(c->escaped);
    memset(c, 0, sizeof *c);
}
