/* The generator's conventions for arrays, read back (docs/codegen.md,
 * "Sizes" and zero-dimensional arrays):
 *  - `[__mapkit_dim(e)]` expands to a constant, but the protocol's size is
 *    e: it is read from the tokens of the declaration, not from the type;
 *    `[__mapkit_dim()]` is `[]`;
 *  - a pointer parameter used only as `*g` (or passed to an atomic) is the
 *    zero-dimensional `global int g;`. */
#include "models.h"

#include <stdlib.h>
#include <string.h>

typedef struct TokExpr {
    Infer *in;
    CXToken *t;
    unsigned pos, end;
    Loc loc;
    bool failed;
} TokExpr;

static bool tx_is(TokExpr *x, const char *s)
{
    if (x->pos >= x->end)
        return false;
    CXString sp = clang_getTokenSpelling(x->in->tu, x->t[x->pos]);
    bool same = strcmp(clang_getCString(sp), s) == 0;
    clang_disposeString(sp);
    return same;
}

static bool tx_eat(TokExpr *x, const char *s)
{
    if (!tx_is(x, s))
        return false;
    x->pos++;
    return true;
}

/* A kernel parameter (or template parameter) of that C name. */
static Expr *param_named(Infer *in, const char *name)
{
    for (int i = in->nenv - 1; i >= 0; i--) {
        CXCursor d = in->env[i].decl;
        enum CXCursorKind k = clang_getCursorKind(d);
        if ((k == CXCursor_ParmDecl || k == CXCursor_NonTypeTemplateParameter) && in->env[i].v.kind == V_INT &&
            cursor_name_is(d, name))
            return in->env[i].v.e;
    }
    return NULL;
}

static Expr *tx_sum(TokExpr *x);

static Expr *tx_primary(TokExpr *x)
{
    if (x->pos >= x->end) {
        x->failed = true;
        return NULL;
    }
    if (tx_eat(x, "(")) {
        Expr *e = tx_sum(x);
        x->failed |= !tx_eat(x, ")");
        return e;
    }
    if (tx_eat(x, "-")) {
        Expr *a = tx_primary(x);
        return a ? expr_unary(x->in->prog, x->loc, OP_NEG, a) : NULL;
    }
    CXToken tok = x->t[x->pos++];
    CXString sp = clang_getTokenSpelling(x->in->tu, tok);
    const char *s = clang_getCString(sp);
    Expr *e = NULL;
    bool is_min = strcmp(s, "__mapkit_min") == 0, is_max = strcmp(s, "__mapkit_max") == 0;
    if (is_min || is_max) {
        x->failed |= !tx_eat(x, "(");
        Expr *a = tx_sum(x);
        x->failed |= !tx_eat(x, ",");
        Expr *b = tx_sum(x);
        x->failed |= !tx_eat(x, ")");
        e = a && b ? expr_binary(x->in->prog, is_min ? OP_MIN : OP_MAX, a, b) : NULL;
    } else if (clang_getTokenKind(tok) == CXToken_Literal) {
        char *end;
        unsigned long long v = strtoull(s, &end, 0);
        if (end != s && strspn(end, "uUlL") == strlen(end))
            e = expr_num(x->in->prog, x->loc, v);
    } else if (clang_getTokenKind(tok) == CXToken_Identifier) {
        e = param_named(x->in, s);
    }
    clang_disposeString(sp);
    x->failed |= !e;
    return e;
}

static Expr *tx_binary(TokExpr *x, int level);

/* C's precedence, loosest first, for the operators a size may use. */
static const struct {
    const char *tok;
    Op op;
    int level;
} binops[] = {
    {"<<", OP_SHL, 0}, {">>", OP_SHR, 0}, {"+", OP_ADD, 1}, {"-", OP_SUB, 1},
    {"*", OP_MUL, 2},  {"/", OP_DIV, 2},  {"%", OP_MOD, 2},
};
enum { TOP_LEVEL = 2 };

static Expr *tx_binary(TokExpr *x, int level)
{
    Expr *a = level > TOP_LEVEL ? tx_primary(x) : tx_binary(x, level + 1);
    for (;;) {
        if (x->failed || level > TOP_LEVEL)
            return a;
        bool matched = false;
        for (size_t i = 0; i < sizeof binops / sizeof binops[0] && !matched; i++) {
            if (binops[i].level != level || !tx_eat(x, binops[i].tok))
                continue;
            Expr *b = tx_binary(x, level + 1);
            a = a && b ? expr_binary(x->in->prog, binops[i].op, a, b) : NULL;
            matched = true;
        }
        if (!matched)
            return a;
    }
}

static Expr *tx_sum(TokExpr *x)
{
    return tx_binary(x, 0);
}

/* ---- sizes ---- */

typedef struct DimGroup {
    bool is_dim_macro; /* __mapkit_dim( ... ) */
    unsigned from, to; /* the macro's argument tokens */
} DimGroup;

/* The bracket groups of a declaration, in order. */
static int dim_groups(Infer *in, CXToken *t, unsigned n, DimGroup *g, int max)
{
    int ng = 0, depth = 0;
    for (unsigned i = 0; i < n && ng < max; i++) {
        CXString sp = clang_getTokenSpelling(in->tu, t[i]);
        const char *s = clang_getCString(sp);
        if (strcmp(s, "[") == 0 && depth++ == 0) {
            memset(&g[ng], 0, sizeof g[ng]);
            CXString nx = clang_getTokenSpelling(in->tu, t[i + 1 < n ? i + 1 : i]);
            g[ng].is_dim_macro = i + 2 < n && strcmp(clang_getCString(nx), "__mapkit_dim") == 0;
            g[ng].from = i + 3;
            clang_disposeString(nx);
        } else if (strcmp(s, "]") == 0 && --depth == 0) {
            g[ng].to = i - 1; /* the macro's closing parenthesis */
            ng++;
        }
        clang_disposeString(sp);
    }
    return ng;
}

static CXSourceRange file_extent_of(Infer *in, CXCursor c)
{
    CXSourceRange r = clang_getCursorExtent(c);
    CXFile f;
    unsigned a, b;
    clang_getExpansionLocation(clang_getRangeStart(r), &f, NULL, NULL, &a);
    clang_getExpansionLocation(clang_getRangeEnd(r), NULL, NULL, NULL, &b);
    if (!f || !clang_File_isEqual(f, in->main_file))
        return r;
    return clang_getRange(clang_getLocationForOffset(in->tu, f, a), clang_getLocationForOffset(in->tu, f, b));
}

enum { MAX_GROUPS = 8 };

/* [__mapkit_dim(e)] is [e]: the sizes as the declaration's tokens write
 * them. */
static void reread_written_sizes(Infer *in, Array *a)
{
    CXToken *t = NULL;
    unsigned n = 0;
    clang_tokenize(in->tu, file_extent_of(in, a->decl), &t, &n);
    DimGroup g[MAX_GROUPS];
    int ng = dim_groups(in, t, n, g, MAX_GROUPS);
    /* the groups are the last dimensions: a pointer's has no brackets */
    for (int k = 0; k < ng && k < a->ndims; k++) {
        int dim = a->ndims - ng + k;
        if (dim < 0 || !g[k].is_dim_macro || g[k].to < g[k].from)
            continue;
        if (g[k].to == g[k].from) { /* `to` is the closing parenthesis */
            a->sizes[dim] = NULL; /* __mapkit_dim(): [] */
            continue;
        }
        TokExpr x = {in, t, g[k].from, g[k].to, a->loc, false};
        Expr *e = tx_sum(&x);
        if (e && !x.failed && x.pos == x.end)
            a->sizes[dim] = e;
    }
    if (t)
        clang_disposeTokens(in->tu, t, n);
}

/* ---- pointer parameters used as scalars ---- */

typedef struct DerefScan {
    CXCursor param;
    int uses, derefs;
} DerefScan;

static long long pointee_size(CXType t)
{
    t = clang_getCanonicalType(t);
    return t.kind == CXType_Pointer ? clang_Type_getSizeOf(clang_getPointeeType(t)) : -1;
}

static bool is_ref_to_param(CXCursor e, CXCursor param)
{
    e = strip_expr(e);
    /* `(volatile __global atomic_int *)g`: the same cells through a cast to cells of their size */
    while (clang_getCursorKind(e) == CXCursor_CStyleCastExpr && pointee_size(clang_getCursorType(e)) > 0 &&
           pointee_size(clang_getCursorType(e)) == pointee_size(clang_getCursorType(param)))
        e = strip_expr(last_expr_child(e));
    return clang_getCursorKind(e) == CXCursor_DeclRefExpr &&
           clang_equalCursors(clang_getCursorReferenced(e), param);
}

static bool is_atomic_call(CXCursor c)
{
    char *name = callee_name(c);
    bool yes = strncmp(name, "atomic", 6) == 0 || strncmp(name, "atom_", 5) == 0; /* OpenCL's atom_add */
    free(name);
    return yes;
}

static enum CXChildVisitResult scan_derefs(CXCursor c, CXCursor parent, CXClientData data)
{
    (void)parent;
    DerefScan *s = data;
    enum CXCursorKind k = clang_getCursorKind(c);
    if (k == CXCursor_DeclRefExpr && clang_equalCursors(clang_getCursorReferenced(c), s->param))
        s->uses++;
    bool deref = k == CXCursor_UnaryOperator && clang_getCursorUnaryOperatorKind(c) == CXUnaryOperator_Deref;
    if (deref || (k == CXCursor_CallExpr && is_atomic_call(c))) {
        Children ch = children_of(c);
        /* *g, and atomicAdd(g, v) or atomic_add(g, v): the pointer is the first argument */
        int first = deref ? 0 : 1;
        if (ch.n > first && is_ref_to_param(ch.c[first], s->param))
            s->derefs++;
        free(ch.c);
    }
    return CXChildVisit_Recurse;
}

/* Is the parameter used only as *p and atomicAdd(p, v)? */
static bool used_only_as_scalar(CXCursor body, CXCursor param)
{
    DerefScan s = {param, 0, 0};
    clang_visitChildren(body, scan_derefs, &s);
    return s.uses > 0 && s.uses == s.derefs;
}

static void drop_indices(Block *b, const char *array)
{
    for (int i = 0; i < b->n; i++) {
        Stmt *s = b->items[i];
        if (s->kind == S_ACCESS && strcmp(s->u.access.array->u.var.name, array) == 0)
            s->u.access.nindex = 0;
        else if (s->kind == S_IF) {
            drop_indices(&s->u.if_.then, array);
            drop_indices(&s->u.if_.els, array);
        } else if (s->kind == S_LOOP) {
            drop_indices(&s->u.loop.body, array);
        }
    }
}

/* `int *g` used only as `*g` is how the generator writes the
 * zero-dimensional `global int g;` (docs/codegen.md): every access is
 * to cell 0, so dropping the index loses nothing. */
static void pointers_as_scalars(Infer *in, CXCursor body)
{
    for (int i = 0; i < in->narrays; i++) {
        Array *a = in->arrays[i];
        if (a->mem != MEM_GLOBAL || a->ndims != 1 || clang_getCursorKind(a->decl) != CXCursor_ParmDecl ||
            clang_getCanonicalType(clang_getCursorType(a->decl)).kind != CXType_Pointer ||
            !used_only_as_scalar(body, a->decl))
            continue;
        a->ndims = 0;
        a->sizes = NULL;
        drop_indices(&in->kernel->body, a->name);
    }
}

/* The kernel's body is translated: its arrays as the generator writes
 * them. */
static void generated_arrays(Infer *in)
{
    pointers_as_scalars(in, in->kernel_body);
    for (int i = 0; i < in->narrays; i++)
        reread_written_sizes(in, in->arrays[i]);
}

const Model model_generated = {
    .name = "the generator's conventions",
    .end = generated_arrays,
};
