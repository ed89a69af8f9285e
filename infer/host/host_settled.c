/* Variables the host assigns, read where they no longer change
 * (host_eval.h; docs/inference.md, "Launches in the host code"):
 * `rows = atoi(argv[1]);` early in main, then `dim3 grid(cols / 16,
 * rows / 16)` and `k<<<grid, b>>>(cols, rows)`.  Its value is unknown,
 * but every read after its last change is the same value, so a size and
 * an argument computed from it keep their relation. */
#include "host_eval.h"

#include "assigned.h"

#include <stdlib.h>

typedef struct Escapes {
    CXCursor decl;
    bool found;
} Escapes;

static bool names_decl(CXCursor c, CXCursor decl)
{
    return clang_getCursorKind(c) == CXCursor_DeclRefExpr && host_same_decl(clang_getCursorReferenced(c), decl);
}

static enum CXChildVisitResult find_name(CXCursor c, CXCursor parent, CXClientData data)
{
    (void)parent;
    Escapes *e = data;
    e->found = names_decl(c, e->decl);
    return e->found ? CXChildVisit_Break : CXChildVisit_Recurse;
}

/* Does the call bind c, one of its arguments, to a parameter that is a
 * non-const reference (`std::cin >> n`, `read_size(n)`), or is the
 * callee unknown?  A value argument reaches the call through a
 * conversion, so only an lvalue argument is c itself. */
static bool bound_by_reference(CXCursor call, CXCursor c)
{
    CXCursor callee = clang_getCursorReferenced(call);
    int n = clang_Cursor_getNumArguments(call);
    for (int i = 0; i < n; i++) {
        if (!clang_equalCursors(clang_Cursor_getArgument(call, (unsigned)i), c))
            continue;
        if (clang_Cursor_isNull(callee) || i >= clang_Cursor_getNumArguments(callee))
            return true;
        CXType t = clang_getCursorType(clang_Cursor_getArgument(callee, (unsigned)i));
        return is_reference_type(t) && !clang_isConstQualifiedType(clang_getPointeeType(t));
    }
    return false;
}

/* A use through which the variable may change at a place its text does
 * not show: its address (`int *p = &n;` then `*p = 1` later), a non-const
 * reference bound to it (also a call's parameter), or a lambda naming it
 * (its body runs when it is called, not where it is written). */
static enum CXChildVisitResult find_escape(CXCursor c, CXCursor parent, CXClientData data)
{
    Escapes *e = data;
    if (clang_getCursorKind(c) == CXCursor_LambdaExpr) {
        clang_visitChildren(c, find_name, e);
        return e->found ? CXChildVisit_Break : CXChildVisit_Continue;
    }
    if (!names_decl(c, e->decl))
        return CXChildVisit_Recurse;
    enum CXCursorKind pk = clang_getCursorKind(parent);
    if (pk == CXCursor_UnaryOperator && clang_getCursorUnaryOperatorKind(parent) == CXUnaryOperator_AddrOf)
        e->found = true;
    if (pk == CXCursor_CallExpr && bound_by_reference(parent, c))
        e->found = true;
    if (pk == CXCursor_VarDecl && is_reference_type(clang_getCursorType(parent)) &&
        !clang_isConstQualifiedType(clang_getPointeeType(clang_getCursorType(parent))))
        e->found = true;
    return e->found ? CXChildVisit_Break : CXChildVisit_Recurse;
}

/* Is decl, an integer local or parameter of a host function that
 * assigns it, the same value at `read` as at every later read in that
 * function?  Yes when nothing changes it after read in source order (a
 * loop that holds read counts only for its part after read: an iteration
 * changes it before reading it again) and it never escapes (find_escape).
 * Control only goes back through a loop, and a loop holding both a change
 * and read holds it before read; `goto` is not followed. */
bool host_settled_at(CXCursor decl, CXCursor read)
{
    enum CXCursorKind k = clang_getCursorKind(decl);
    if ((k != CXCursor_VarDecl && k != CXCursor_ParmDecl) || !type_is_integral(clang_getCursorType(decl)) ||
        clang_Cursor_getStorageClass(decl) == CX_SC_Static || clang_Cursor_isNull(read))
        return false;
    CXCursor fn = clang_getCursorSemanticParent(decl);
    enum CXCursorKind fk = clang_getCursorKind(fn);
    if (fk != CXCursor_FunctionDecl && fk != CXCursor_CXXMethod && fk != CXCursor_FunctionTemplate)
        return false;
    if (!host_encloses(fn, read))
        return false;
    Escapes e = {decl, false};
    clang_visitChildren(fn, find_escape, &e);
    return !e.found && !decl_changed_after(fn, decl, read);
}

/* ---- variables that only grow ---- */

typedef struct Growth {
    Host *h;
    CXCursor decl;
    int64_t least; /* the least constant it is given */
    bool given, other;
} Growth;

/* Is e the variable itself (through casts and parentheses)? */
static bool is_decl(CXCursor e, CXCursor decl)
{
    return names_decl(host_strip(e), decl);
}

/* Is c a write of decl: an assignment of any kind, ++ or --? */
static bool writes_decl(CXCursor c, CXCursor decl)
{
    enum CXCursorKind k = clang_getCursorKind(c);
    if (k == CXCursor_BinaryOperator || k == CXCursor_CompoundAssignOperator) {
        enum CXBinaryOperatorKind op = clang_getCursorBinaryOperatorKind(c);
        return op >= CXBinaryOperator_Assign && op <= CXBinaryOperator_OrAssign && is_decl(child_at(c, 0), decl);
    }
    if (k == CXCursor_UnaryOperator) {
        enum CXUnaryOperatorKind op = clang_getCursorUnaryOperatorKind(c);
        return op >= CXUnaryOperator_PostInc && op <= CXUnaryOperator_PreDec && is_decl(child_at(c, 0), decl);
    }
    return false;
}

static void note_constant(Growth *g, HostVal v)
{
    if (v.kind != HV_CONST) {
        g->other = true;
        return;
    }
    g->least = g->given && g->least < v.c ? g->least : v.c;
    g->given = true;
}

/* `v * k`, `k * v` (k >= 1) or `v + k`, `k + v` (k >= 0): not below v
 * when v >= 0. */
static bool grows(Growth *g, CXCursor e)
{
    e = host_strip(e);
    if (clang_getCursorKind(e) != CXCursor_BinaryOperator)
        return false;
    enum CXBinaryOperatorKind op = clang_getCursorBinaryOperatorKind(e);
    CXCursor a = child_at(e, 0), b = child_at(e, 1);
    if (!is_decl(a, g->decl)) {
        CXCursor t = a;
        a = b;
        b = t;
    }
    HostVal k = host_eval(g->h, b);
    return is_decl(a, g->decl) && k.kind == HV_CONST &&
           ((op == CXBinaryOperator_Mul && k.c >= 1) || (op == CXBinaryOperator_Add && k.c >= 0));
}

static void note_write(Growth *g, CXCursor c)
{
    enum CXCursorKind k = clang_getCursorKind(c);
    if (k == CXCursor_UnaryOperator) {
        enum CXUnaryOperatorKind op = clang_getCursorUnaryOperatorKind(c);
        g->other |= op == CXUnaryOperator_PostDec || op == CXUnaryOperator_PreDec;
        return;
    }
    enum CXBinaryOperatorKind op = clang_getCursorBinaryOperatorKind(c);
    HostVal v = host_eval(g->h, child_at(c, 1));
    if (op == CXBinaryOperator_Assign && !grows(g, child_at(c, 1)))
        note_constant(g, v);
    else if (op == CXBinaryOperator_MulAssign)
        g->other |= v.kind != HV_CONST || v.c < 1;
    else if (op == CXBinaryOperator_AddAssign)
        g->other |= v.kind != HV_CONST || v.c < 0;
    else if (op != CXBinaryOperator_Assign)
        g->other = true;
}

static enum CXChildVisitResult find_growth(CXCursor c, CXCursor parent, CXClientData data)
{
    (void)parent;
    Growth *g = data;
    if (writes_decl(c, g->decl))
        note_write(g, c);
    return g->other ? CXChildVisit_Break : CXChildVisit_Recurse;
}

bool host_least_value(Host *h, CXCursor decl, int64_t *least)
{
    if (clang_getCursorKind(decl) != CXCursor_VarDecl || !type_is_integral(clang_getCursorType(decl)) ||
        clang_Cursor_getStorageClass(decl) == CX_SC_Static)
        return false;
    CXCursor fn = clang_getCursorSemanticParent(decl);
    enum CXCursorKind fk = clang_getCursorKind(fn);
    if (fk != CXCursor_FunctionDecl && fk != CXCursor_CXXMethod && fk != CXCursor_FunctionTemplate)
        return false;
    Escapes e = {decl, false};
    clang_visitChildren(fn, find_escape, &e);
    Growth g = {h, decl, 0, false, e.found};
    CXCursor init = clang_Cursor_getVarDeclInitializer(decl);
    if (!clang_Cursor_isNull(init))
        note_constant(&g, host_eval(h, init));
    if (!g.other)
        clang_visitChildren(fn, find_growth, &g);
    *least = g.least;
    return !g.other && g.given && g.least >= 0;
}

/* ---- the assignment that reaches a read ---- */

enum { MAX_PATH = 256 };

/* The statements and expressions from a function's body down to one
 * node (by kind and extent: the same node reached by another walk is
 * another cursor). */
typedef struct Path {
    CXCursor target;
    CXCursor stack[MAX_PATH];
    int depth;
    bool found;
} Path;

static enum CXChildVisitResult find_path(CXCursor c, CXCursor parent, CXClientData data)
{
    (void)parent;
    Path *p = data;
    if (p->depth >= MAX_PATH)
        return CXChildVisit_Break;
    p->stack[p->depth++] = c;
    if (same_node(c, p->target)) {
        p->found = true;
        return CXChildVisit_Break;
    }
    clang_visitChildren(c, find_path, p);
    if (p->found)
        return CXChildVisit_Break;
    p->depth--;
    return CXChildVisit_Continue;
}

/* Does tree change decl: an assignment of any kind, ++ or --? */
static enum CXChildVisitResult find_change(CXCursor c, CXCursor parent, CXClientData data)
{
    (void)parent;
    Escapes *e = data;
    e->found = writes_decl(c, e->decl);
    return e->found ? CXChildVisit_Break : CXChildVisit_Recurse;
}

static bool changes(CXCursor tree, CXCursor decl)
{
    Escapes e = {decl, false};
    find_change(tree, clang_getNullCursor(), &e); /* tree itself (`x = 1` at statement level) */
    if (!e.found)
        clang_visitChildren(tree, find_change, &e);
    return e.found;
}

static enum CXChildVisitResult find_jump(CXCursor c, CXCursor parent, CXClientData data)
{
    (void)parent;
    enum CXCursorKind k = clang_getCursorKind(c);
    *(bool *)data = k == CXCursor_GotoStmt || k == CXCursor_IndirectGotoStmt;
    return *(bool *)data ? CXChildVisit_Break : CXChildVisit_Recurse;
}

static bool is_label(CXCursor s)
{
    enum CXCursorKind k = clang_getCursorKind(s);
    return k == CXCursor_CaseStmt || k == CXCursor_DefaultStmt || k == CXCursor_LabelStmt;
}

enum Reach { REACH_NONE, REACH_FOUND, REACH_UNSURE };

/* The walk up from a read: the values found, the guard that the path
 * still carries (the condition of an `if` passed whose branch assigns
 * decl and was not taken: the value found further up reaches only when
 * it is false), and whether a path was lost. */
typedef struct Walk {
    CXCursor decl;
    HostReach *out;
    int n, cap;
    CXCursor cond; /* the pending guard, or null */
    bool holds;
    bool unsure;
} Walk;

static void found(Walk *w, CXCursor value, CXCursor cond, bool holds)
{
    if (w->n == w->cap) {
        w->unsure = true;
        return;
    }
    w->out[w->n++] = (HostReach){value, cond, holds};
}


/* Statement s before the read in its block: `decl = e` (found: e), decl's
 * declaration (found: its initializer; unsure without one), a change of
 * decl elsewhere in it (unsure), or nothing of decl. */
static enum Reach statement_reaches(CXCursor s, CXCursor decl, CXCursor *value)
{
    if (is_label(s))
        return REACH_UNSURE; /* control may enter below it */
    if (clang_getCursorKind(s) == CXCursor_BinaryOperator &&
        clang_getCursorBinaryOperatorKind(s) == CXBinaryOperator_Assign && is_decl(child_at(s, 0), decl)) {
        *value = child_at(s, 1);
        return changes(*value, decl) ? REACH_UNSURE : REACH_FOUND;
    }
    if (clang_getCursorKind(s) == CXCursor_DeclStmt) {
        Children ch = children_of(s);
        bool declares = false;
        for (int i = 0; i < ch.n && !declares; i++)
            declares = host_same_decl(ch.c[i], decl);
        free(ch.c);
        if (declares) {
            *value = clang_Cursor_getVarDeclInitializer(decl);
            return clang_Cursor_isNull(*value) ? REACH_UNSURE : REACH_FOUND;
        }
    }
    return changes(s, decl) ? REACH_UNSURE : REACH_NONE;
}

/* The value a branch of an if leaves in decl: its last change, which must
 * be a plain assignment at its top level (or the branch itself). */
static enum Reach branch_value(CXCursor branch, CXCursor decl, CXCursor *value)
{
    if (clang_getCursorKind(branch) != CXCursor_CompoundStmt)
        return statement_reaches(branch, decl, value);
    Children ch = children_of(branch);
    enum Reach r = REACH_NONE;
    for (int i = ch.n - 1; i >= 0 && r == REACH_NONE; i--)
        r = statement_reaches(ch.c[i], decl, value);
    free(ch.c);
    return r;
}

/* `if (c) x = a;` (or a block ending so) passed on the way up, with
 * perhaps `else x = b;`: a holds when c does; b when it does not, else
 * the walk goes on with c false pending (the innermost guard kept: one
 * dropped only loses precision).  False when the if is no such split. */
static bool split_at_if(Walk *w, CXCursor s, bool *go_on)
{
    if (clang_getCursorKind(s) != CXCursor_IfStmt)
        return false;
    Children ch = children_of(s);
    bool ok = ch.n == 2 || ch.n == 3;
    CXCursor cond = ok ? ch.c[0] : clang_getNullCursor(), then_value, else_value;
    ok = ok && !changes(cond, w->decl) && branch_value(ch.c[1], w->decl, &then_value) == REACH_FOUND;
    enum Reach other = ok && ch.n == 3 ? branch_value(ch.c[2], w->decl, &else_value) : REACH_NONE;
    ok = ok && other != REACH_UNSURE;
    if (ok) {
        found(w, then_value, cond, true);
        if (other == REACH_FOUND)
            found(w, else_value, cond, false);
        *go_on = other == REACH_NONE;
        if (*go_on && clang_Cursor_isNull(w->cond)) {
            w->cond = cond;
            w->holds = false;
        }
    }
    free(ch.c);
    return ok;
}

/* One step up the path: `parent` holds `child`, which holds the read.
 * In a block, the statements before child, last first; a loop changing
 * decl anywhere may bring an earlier iteration's value; any other node's
 * other children may run first (an if's condition). */
static enum Reach step_reaches(Walk *w, CXCursor parent, CXCursor child)
{
    CXCursor decl = w->decl, value = clang_getNullCursor();
    enum CXCursorKind k = clang_getCursorKind(parent);
    if (is_label(child) || is_label(parent) || k == CXCursor_SwitchStmt || k == CXCursor_LambdaExpr)
        return REACH_UNSURE;
    Children ch = children_of(parent);
    enum Reach r = REACH_NONE;
    if (k == CXCursor_CompoundStmt) {
        int at = -1;
        for (int i = 0; i < ch.n && at < 0; i++)
            if (same_node(ch.c[i], child))
                at = i;
        r = at < 0 ? REACH_UNSURE : REACH_NONE;
        for (int i = at - 1; i >= 0 && r == REACH_NONE; i--) {
            r = statement_reaches(ch.c[i], decl, &value);
            bool go_on = false;
            if (r == REACH_UNSURE && split_at_if(w, ch.c[i], &go_on))
                r = go_on ? REACH_NONE : REACH_FOUND; /* its values are in w */
            else if (r == REACH_FOUND)
                found(w, value, w->cond, w->holds);
        }
    } else if (k == CXCursor_ForStmt || k == CXCursor_WhileStmt || k == CXCursor_DoStmt ||
               k == CXCursor_CXXForRangeStmt) {
        r = changes(parent, decl) ? REACH_UNSURE : REACH_NONE;
    } else {
        /* a statement runs its parts in order (an if's branches after its
         * condition); an expression's operands in no order C++ promises */
        bool in_order = clang_isStatement(k);
        for (int i = 0; i < ch.n && r == REACH_NONE; i++) {
            if (same_node(ch.c[i], child)) {
                if (in_order)
                    break;
                continue;
            }
            if (changes(ch.c[i], decl))
                r = REACH_UNSURE;
        }
    }
    free(ch.c);
    return r;
}

int host_reaching_values(CXCursor decl, CXCursor read, HostReach *out, int cap, HostReach *incoming)
{
    *incoming = (HostReach){clang_getNullCursor(), clang_getNullCursor(), false};
    enum CXCursorKind k = clang_getCursorKind(decl);
    if ((k != CXCursor_VarDecl && k != CXCursor_ParmDecl) || !type_is_integral(clang_getCursorType(decl)) ||
        clang_Cursor_getStorageClass(decl) == CX_SC_Static || clang_Cursor_isNull(read))
        return -1;
    CXCursor fn = clang_getCursorSemanticParent(decl);
    enum CXCursorKind fk = clang_getCursorKind(fn);
    if ((fk != CXCursor_FunctionDecl && fk != CXCursor_CXXMethod && fk != CXCursor_FunctionTemplate &&
         fk != CXCursor_Constructor) ||
        !host_encloses(fn, read))
        return -1;
    Escapes e = {decl, false};
    clang_visitChildren(fn, find_escape, &e);
    bool jumps = false;
    clang_visitChildren(fn, find_jump, &jumps);
    Path *p = xcalloc(1, sizeof *p);
    p->target = read;
    if (!e.found && !jumps)
        clang_visitChildren(fn, find_path, p);
    Walk w = {decl, out, 0, cap, clang_getNullCursor(), false, !p->found};
    enum Reach r = REACH_NONE;
    /* stack[0] is the body (or a parameter's default); the read is stack[depth - 1] */
    for (int i = p->depth - 2; i >= 0 && r == REACH_NONE && !w.unsure; i--)
        r = step_reaches(&w, p->stack[i], p->stack[i + 1]);
    bool top = r == REACH_NONE && !w.unsure && p->found && clang_getCursorKind(p->stack[0]) == CXCursor_CompoundStmt;
    if (top && k == CXCursor_ParmDecl) /* no assignment on this path: the callers' value */
        *incoming = (HostReach){decl, w.cond, w.holds};
    free(p);
    return w.unsure || r == REACH_UNSURE || (r == REACH_NONE && !(top && k == CXCursor_ParmDecl)) ? -1 : w.n;
}

CXCursor host_reaching_value(CXCursor decl, CXCursor read, bool *incoming)
{
    HostReach v[1], in;
    int n = host_reaching_values(decl, read, v, 1, &in);
    *incoming = n == 0 && !clang_Cursor_isNull(in.value) && clang_Cursor_isNull(in.cond);
    return n == 1 && clang_Cursor_isNull(in.value) && clang_Cursor_isNull(v[0].cond) ? v[0].value
                                                                                       : clang_getNullCursor();
}

/* ---- a variable unchanged between two reads ---- */

static enum CXChildVisitResult find_call(CXCursor c, CXCursor parent, CXClientData data)
{
    (void)parent;
    enum CXCursorKind k = clang_getCursorKind(c);
    *(bool *)data = k == CXCursor_CallExpr || k == CXCursor_CXXNewExpr || k == CXCursor_CXXDeleteExpr;
    return *(bool *)data ? CXChildVisit_Break : CXChildVisit_Recurse;
}

/* Does tree change var (an assignment, ++, --) or call anything (a call
 * may change it through its address, or as a global)? */
static bool may_change(CXCursor tree, CXCursor var)
{
    bool call = false;
    find_call(tree, clang_getNullCursor(), &call);
    if (!call)
        clang_visitChildren(tree, find_call, &call);
    return call || changes(tree, var);
}

bool host_unchanged_between(CXCursor fn, CXCursor var, CXCursor first, CXCursor second)
{
    Path *a = xcalloc(1, sizeof *a), *b = xcalloc(1, sizeof *b);
    a->target = first;
    b->target = second;
    clang_visitChildren(fn, find_path, a);
    clang_visitChildren(fn, find_path, b);
    bool ok = false;
    /* the deepest block holding both, and the statements of it holding each */
    for (int i = 0; a->found && b->found && i + 1 < a->depth && i + 1 < b->depth && same_node(a->stack[i], b->stack[i]);
         i++) {
        if (clang_getCursorKind(a->stack[i]) != CXCursor_CompoundStmt || same_node(a->stack[i + 1], b->stack[i + 1]))
            continue;
        Children ch = children_of(a->stack[i]);
        int from = -1, to = -1;
        for (int k = 0; k < ch.n; k++) {
            from = same_node(ch.c[k], a->stack[i + 1]) ? k : from;
            to = same_node(ch.c[k], b->stack[i + 1]) ? k : to;
        }
        ok = from >= 0 && to > from && !may_change(ch.c[from], var);
        for (int k = from + 1; ok && k < to; k++)
            ok = !is_label(ch.c[k]) && !may_change(ch.c[k], var);
        /* the second read's statement up to it: an if's condition */
        ok = ok && !is_label(ch.c[to]);
        if (ok && clang_getCursorKind(ch.c[to]) == CXCursor_IfStmt) {
            Children parts = children_of(ch.c[to]);
            ok = parts.n >= 1 && !may_change(parts.c[0], var);
            free(parts.c);
        } else {
            ok = false;
        }
        free(ch.c);
        break;
    }
    free(a);
    free(b);
    return ok;
}

/* ---- the conditions a read sits under ---- */

int host_read_guards(CXCursor fn, CXCursor read, HostReach *out, int cap)
{
    Path *p = xcalloc(1, sizeof *p);
    p->target = read;
    clang_visitChildren(fn, find_path, p);
    int n = 0;
    for (int i = p->depth - 2; p->found && i >= 0 && n < cap; i--) {
        enum CXCursorKind k = clang_getCursorKind(p->stack[i]);
        if (k == CXCursor_LambdaExpr || is_label(p->stack[i]) || is_label(p->stack[i + 1]))
            break; /* it runs elsewhere, or control enters below */
        if (k != CXCursor_IfStmt)
            continue;
        Children ch = children_of(p->stack[i]);
        int at = -1;
        for (int j = 1; j < ch.n && at < 0; j++)
            if (same_node(ch.c[j], p->stack[i + 1]))
                at = j;
        if (at >= 1 && ch.n >= 2 && clang_getCursorKind(ch.c[0]) != CXCursor_DeclStmt)
            out[n++] = (HostReach){read, ch.c[0], at == 1};
        free(ch.c);
    }
    free(p);
    return n;
}
