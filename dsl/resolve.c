/* Name resolution, typing and the static rules of docs/language.md
 * ("Static rules"); the scoping follows [CAV21 Fig. 2] (binders are the
 * loop variable, let and the declarations). */
#include "parse.h"

#include <stdlib.h>
#include <string.h>

/* Names visible at a point.  No name may be shadowed, so a name maps to at
 * most one symbol: an open-addressing map keyed by the interned pointer,
 * plus an undo log that closes scopes. */
typedef struct Undo {
    const char *key;
    Sym *prev; /* what the name meant before: restored when the scope closes */
} Undo;

typedef struct Scope {
    const char **keys;
    Sym **vals;
    size_t cap, used;
    Undo *log;
    size_t nlog, caplog;
} Scope;

typedef struct Resolver {
    Program *prog;
    Diag *diag;
    Kernel *kernel;
    Scope scope;
    Scope arrays; /* the kernel's arrays: `wr A[i]` finds A here even inside
                   * a loop whose variable is also called A (Faial's examples) */
    bool in_precondition;
    const char *defining;    /* the name a `let` is defining */
    const char *header_var;  /* the loop whose header is being resolved */
    const char *header_part; /* "start", "bound" or "step" */
} Resolver;

static size_t slot_of(const Scope *s, const char *key)
{
    size_t h = ((uintptr_t)key >> 4) * 0x9E3779B97F4A7C15ull;
    size_t i = h & (s->cap - 1);
    while (s->keys[i] && s->keys[i] != key)
        i = (i + 1) & (s->cap - 1);
    return i;
}

static Sym *scope_get(const Scope *s, const char *key)
{
    if (!s->cap)
        return NULL;
    size_t i = slot_of(s, key);
    return s->keys[i] ? s->vals[i] : NULL;
}

static void scope_grow(Scope *s)
{
    Scope old = *s;
    s->cap = old.cap ? old.cap * 2 : 64;
    s->keys = xcalloc(s->cap, sizeof *s->keys);
    s->vals = xcalloc(s->cap, sizeof *s->vals);
    s->used = 0;
    for (size_t i = 0; i < old.cap; i++) {
        if (old.keys[i] && old.vals[i]) {
            size_t j = slot_of(s, old.keys[i]);
            s->keys[j] = old.keys[i];
            s->vals[j] = old.vals[i];
            s->used++;
        }
    }
    free(old.keys);
    free(old.vals);
}

/* Deleted entries keep their key with a NULL value, so probing still works. */
static void scope_put(Scope *s, const char *key, Sym *val)
{
    if (2 * (s->used + 1) > s->cap)
        scope_grow(s);
    size_t i = slot_of(s, key);
    if (!s->keys[i])
        s->used++;
    if (s->nlog == s->caplog) {
        s->caplog = s->caplog ? 2 * s->caplog : 64;
        s->log = xrealloc(s->log, s->caplog * sizeof *s->log);
    }
    s->log[s->nlog++] = (Undo){key, s->keys[i] ? s->vals[i] : NULL};
    s->keys[i] = key;
    s->vals[i] = val;
}

static void scope_close(Scope *s, size_t mark)
{
    while (s->nlog > mark) {
        Undo u = s->log[--s->nlog];
        s->vals[slot_of(s, u.key)] = u.prev;
    }
}

static void scope_free(Scope *s)
{
    free(s->keys);
    free(s->vals);
    free(s->log);
    memset(s, 0, sizeof *s);
}

static const char *sym_kind_name(const Sym *s)
{
    switch (s->kind) {
    case SYM_ARRAY: return "array";
    case SYM_UNIFORM: return s->builtin ? "built-in" : "uniform variable";
    case SYM_BLOCK:
    case SYM_THREAD: return "built-in";
    case SYM_LOCAL: return "thread-local constant";
    case SYM_LOOP: return "loop variable";
    case SYM_LET: return "let";
    case SYM_UNKNOWN: return "local unknown";
    }
    return "name";
}

static Sym *new_sym(Resolver *r, const char *name, SymKind kind, Loc loc)
{
    Sym *s = arena_alloc(&r->prog->arena, sizeof *s);
    s->name = name;
    s->kind = kind;
    s->loc = loc;
    s->index = r->kernel->nsyms;
    ARENA_PUSH(&r->prog->arena, r->kernel->syms, r->kernel->nsyms, s);
    return s;
}

static void note_previous(Resolver *r, const Sym *prev)
{
    if (prev->loc.file)
        diag_at(r->diag, SEV_NOTE, prev->loc, "'%s' was declared here", prev->name);
}

/* Binds the defining occurrence `var` to a fresh symbol, enforcing that no
 * name is declared twice or shadowed, and that loop variables are never
 * written (`for (i = ...)` inside a loop over i, `let i = ...`). */
static Sym *declare(Resolver *r, Expr *var, SymKind kind, bool assigns)
{
    const char *name = var->u.var.name;
    Sym *prev = scope_get(&r->scope, name);
    if (prev && prev->builtin) {
        diag_at(r->diag, SEV_ERROR, var->loc, "redeclaration of the CUDA built-in '%s'", name);
    } else if (prev && prev->kind == SYM_ARRAY && kind == SYM_LOOP) {
        /* allowed: accesses name arrays, expressions name scalars */
    } else if (prev) {
        if (prev->kind == SYM_LOOP && assigns)
            diag_at(r->diag, SEV_ERROR, var->loc,
                    "'%s' is a loop variable of an enclosing loop and cannot be assigned", name);
        else if (kind == SYM_LOOP)
            diag_at(r->diag, SEV_ERROR, var->loc, "loop variable '%s' shadows the %s '%s'", name,
                    sym_kind_name(prev), name);
        else
            diag_at(r->diag, SEV_ERROR, var->loc, "redeclaration of '%s'", name);
        note_previous(r, prev);
    }
    Sym *s = new_sym(r, name, kind, var->loc);
    var->u.var.sym = s;
    scope_put(&r->scope, name, s);
    return s;
}

/* ---- built-ins ---- */

static void declare_builtins(Resolver *r)
{
    static const struct {
        const char *base;
        Builtin b;
        SymKind kind;
    } groups[] = {
        {"threadIdx", BI_THREADIDX, SYM_THREAD},
        {"blockIdx", BI_BLOCKIDX, SYM_BLOCK},
        {"blockDim", BI_BLOCKDIM, SYM_UNIFORM},
        {"gridDim", BI_GRIDDIM, SYM_UNIFORM},
    };
    char name[32];
    for (size_t g = 0; g < sizeof groups / sizeof groups[0]; g++) {
        for (int axis = 0; axis < 3; axis++) {
            snprintf(name, sizeof name, "%s.%c", groups[g].base, "xyz"[axis]);
            const char *iname = program_intern(r->prog, name, strlen(name));
            Sym *s = new_sym(r, iname, groups[g].kind, (Loc){0});
            s->builtin = groups[g].b;
            s->axis = axis;
            scope_put(&r->scope, iname, s);
        }
    }
    const char *ws = program_intern(r->prog, "warpSize", 8);
    Sym *s = new_sym(r, ws, SYM_UNIFORM, (Loc){0});
    s->builtin = BI_WARPSIZE;
    scope_put(&r->scope, ws, s);
}

/* Faial's own output declares built-ins (`const local threadIdx.x`); that
 * is accepted when the scope agrees with the built-in's nature. */
static bool redeclares_builtin(Resolver *r, VarDecl *v)
{
    Sym *prev = scope_get(&r->scope, v->name->u.var.name);
    if (!prev || !prev->builtin)
        return false;
    bool ok = prev->kind == SYM_THREAD ? v->scope == VAR_LOCAL
            : prev->kind == SYM_BLOCK  ? true
                                       : v->scope == VAR_UNIFORM;
    if (!ok)
        return false;
    v->name->u.var.sym = prev;
    return true;
}

/* ---- expressions ---- */

static void resolve_expr(Resolver *r, Expr *e);

static void resolve_var_use(Resolver *r, Expr *e)
{
    const char *name = e->u.var.name;
    e->type = TY_INT;
    if (name == r->defining) {
        diag_at(r->diag, SEV_ERROR, e->loc, "'%s' is used in its own definition", name);
        return;
    }
    Sym *s = scope_get(&r->scope, name);
    if (!s && name == r->header_var) {
        diag_at(r->diag, SEV_ERROR, e->loc, "the loop %s cannot mention the loop variable '%s'",
                r->header_part, name);
        return;
    }
    if (!s) {
        diag_at(r->diag, SEV_ERROR, e->loc, "use of undeclared name '%s'", name);
        return;
    }
    if (s->kind == SYM_ARRAY) {
        diag_at(r->diag, SEV_ERROR, e->loc,
                "'%s' is an array: it can only be accessed with rd, wr or atomic", name);
        return;
    }
    e->u.var.sym = s;
    if (e->thread && !r->in_precondition)
        diag_at(r->diag, SEV_ERROR, e->loc,
                "'%d@%s' names one thread's value and is only allowed in preconditions "
                "(where, assume)", e->thread, name);
}

static void resolve_distinct(Resolver *r, Expr *e)
{
    e->type = TY_BOOL;
    if (!r->in_precondition)
        diag_at(r->diag, SEV_ERROR, e->loc,
                "'distinct' is only allowed in preconditions (where, assume)");
    for (int i = 0; i < e->u.distinct.n; i++) {
        Expr *v = e->u.distinct.vars[i];
        resolve_var_use(r, v);
        Sym *s = v->u.var.sym;
        if (s && s->kind == SYM_UNIFORM)
            diag_at(r->diag, SEV_ERROR, v->loc,
                    "'%s' is the same in every thread, so threads cannot be distinct in it",
                    s->name);
    }
}

static void resolve_expr(Resolver *r, Expr *e)
{
    switch (e->kind) {
    case E_NUM:
        e->type = TY_INT;
        return;
    case E_BOOL:
        e->type = TY_BOOL;
        return;
    case E_VAR:
        resolve_var_use(r, e);
        return;
    case E_DISTINCT:
        resolve_distinct(r, e);
        return;
    case E_POW2:
        resolve_expr(r, e->u.sub.a);
        e->type = TY_BOOL;
        return;
    case E_UNARY:
        resolve_expr(r, e->u.sub.a);
        /* - and ~ make numbers; a boolean operand counts as 0/1, as in C */
        e->type = e->op == OP_NOT ? TY_BOOL : TY_INT;
        return;
    case E_BINARY:
        resolve_expr(r, e->u.sub.a);
        resolve_expr(r, e->u.sub.b);
        e->type = op_is_comparison(e->op) || op_is_logical(e->op) ? TY_BOOL : TY_INT;
        return;
    case E_COND:
        resolve_expr(r, e->u.sub.a);
        resolve_expr(r, e->u.sub.b);
        resolve_expr(r, e->u.sub.c);
        e->type = e->u.sub.b->type == TY_BOOL && e->u.sub.c->type == TY_BOOL ? TY_BOOL : TY_INT;
        return;
    }
}

static void resolve_precondition(Resolver *r, Expr *e)
{
    bool saved = r->in_precondition;
    r->in_precondition = true;
    resolve_expr(r, e);
    r->in_precondition = saved;
}

/* ---- statements ---- */

static void resolve_block(Resolver *r, Block *b);

static void check_dims(Resolver *r, Stmt *s, Sym *arr)
{
    ArrayDecl *d = arr->array;
    int n = s->u.access.nindex;
    if (d->ndims < 0) {
        d->ndims = n; /* Faial's `shared A;` takes its shape from its first use */
        d->dims_from_use = true;
        arr->first_use = s->loc;
        return;
    }
    if (d->ndims == n)
        return;
    diag_at(r->diag, SEV_ERROR, s->loc, "array '%s' is used with %d ind%s here, but has %d dimension%s",
            arr->name, n, n == 1 ? "ex" : "ices", d->ndims, d->ndims == 1 ? "" : "s");
    if (arr->first_use.file)
        diag_at(r->diag, SEV_NOTE, arr->first_use, "'%s' got %d dimension%s from this access",
                arr->name, d->ndims, d->ndims == 1 ? "" : "s");
    else
        diag_at(r->diag, SEV_NOTE, d->loc, "'%s' is declared here", arr->name);
}

/* An integer part of an access: the value written, a byte offset or width. */
static void resolve_int_part(Resolver *r, Expr *e, const char *what, const char *array)
{
    resolve_expr(r, e);
    if (e->type == TY_BOOL)
        diag_at(r->diag, SEV_ERROR, e->loc, "the %s of '%s' must be an integer, not a condition", what, array);
}

/* `A bytes(o, w)`: A's cells must have a width and a row-major layout, so
 * that every access of A is a byte range (docs/language.md 3.3). */
static void check_byte_access(Resolver *r, Stmt *s, Sym *arr)
{
    ArrayDecl *d = arr->array;
    resolve_int_part(r, s->u.access.byte_off, "byte offset", arr->name);
    resolve_int_part(r, s->u.access.byte_width, "byte width", arr->name);
    d->has_bytes = true;
    if (d->ndims < 0 || d->elem_bytes <= 0) {
        diag_at(r->diag, SEV_ERROR, s->loc, "byte access to '%s', whose element width is not known", arr->name);
        diag_at(r->diag, SEV_NOTE, d->loc, "give '%s' a type the table of widths knows, or state it: '%s[...] bytes(N)'",
                arr->name, arr->name);
        return;
    }
    for (int i = 1; i < d->ndims; i++)
        if (!d->sizes[i]) {
            diag_at(r->diag, SEV_ERROR, s->loc, "byte access to '%s', whose dimension %d has no size", arr->name, i + 1);
            diag_at(r->diag, SEV_NOTE, d->loc, "every dimension of '%s' but the first needs a size to lay it out in bytes",
                    arr->name);
            return;
        }
}

static void resolve_access(Resolver *r, Stmt *s)
{
    Expr *a = s->u.access.array;
    for (int i = 0; i < s->u.access.nindex; i++)
        resolve_expr(r, s->u.access.index[i]);
    if (s->u.access.value) {
        resolve_expr(r, s->u.access.value);
        if (s->u.access.value->type == TY_BOOL)
            diag_at(r->diag, SEV_ERROR, s->u.access.value->loc,
                    "the value written to '%s' must be an integer, not a condition", a->u.var.name);
    }
    Sym *sym = scope_get(&r->arrays, a->u.var.name);
    if (!sym)
        sym = scope_get(&r->scope, a->u.var.name);
    if (!sym) {
        diag_at(r->diag, SEV_ERROR, a->loc, "use of undeclared array '%s'", a->u.var.name);
        return;
    }
    if (sym->kind != SYM_ARRAY) {
        diag_at(r->diag, SEV_ERROR, a->loc, "'%s' is a %s, not an array", a->u.var.name,
                sym_kind_name(sym));
        return;
    }
    a->u.var.sym = sym;
    a->type = TY_INT;
    if (access_is_bytes(s))
        check_byte_access(r, s, sym);
    else
        check_dims(r, s, sym);
}

/* `local t = ticket(c, k);`: k is an integer, and t is declared after it
 * like `local t;`. */
static void resolve_ticket(Resolver *r, Stmt *s)
{
    resolve_expr(r, s->u.access.amount);
    if (s->u.access.amount->type == TY_BOOL)
        diag_at(r->diag, SEV_ERROR, s->u.access.amount->loc,
                "a ticket's amount must be an integer, not a condition");
    declare(r, s->u.access.ticket, SYM_UNKNOWN, true)->def = s;
}

/* The header is evaluated once, on entry, outside the loop variable's scope. */
static void resolve_header(Resolver *r, Stmt *s, Expr *e, const char *part)
{
    r->header_var = s->u.loop.var->u.var.name;
    r->header_part = part;
    resolve_expr(r, e);
    r->header_var = NULL;
}

static void resolve_loop(Resolver *r, Stmt *s)
{
    resolve_header(r, s, s->u.loop.init, "start");
    resolve_header(r, s, s->u.loop.bound, "bound");
    resolve_header(r, s, s->u.loop.amount, "step");
    size_t mark = r->scope.nlog;
    Sym *x = declare(r, s->u.loop.var, SYM_LOOP, s->u.loop.assigns);
    x->def = s;
    resolve_block(r, &s->u.loop.body);
    scope_close(&r->scope, mark);
}

/* Faial's examples define declared names: `let blockDim.x = 512;` after
 * the built-in, `let x = e;` after `const local x;` or `uniform x;` (or
 * `local x;`).  Such a let is not a new name but a definition of the
 * existing one: the statement becomes `assume x == e;` where it stands. */
static bool defines_declared(Resolver *r, Stmt *s)
{
    Expr *var = s->u.let.var;
    Sym *prev = scope_get(&r->scope, var->u.var.name);
    if (!prev || (prev->kind != SYM_UNIFORM && prev->kind != SYM_LOCAL && prev->kind != SYM_UNKNOWN &&
                  prev->kind != SYM_THREAD && prev->kind != SYM_BLOCK))
        return false;
    Expr *use = expr_var(r->prog, var->loc, var->u.var.name);
    Expr *value = s->u.let.value;
    s->kind = S_ASSUME;
    s->u.assume.cond = expr_binary(r->prog, OP_EQ, use, value);
    return true;
}

static void resolve_stmt(Resolver *r, Stmt *s)
{
    s->id = r->kernel->nstmts++;
    switch (s->kind) {
    case S_ACCESS:
        resolve_access(r, s);
        if (s->u.access.into)
            declare(r, s->u.access.into, SYM_UNKNOWN, true)->def = s;
        if (s->u.access.ticket)
            resolve_ticket(r, s);
        return;
    case S_SYNC:
        if (s->u.sync.into)
            declare(r, s->u.sync.into, SYM_UNKNOWN, true)->def = s;
        return;
    case S_OPAQUE:
        return;
    case S_IF: {
        resolve_expr(r, s->u.if_.cond);
        resolve_block(r, &s->u.if_.then);
        resolve_block(r, &s->u.if_.els);
        return;
    }
    case S_LOOP:
        resolve_loop(r, s);
        return;
    case S_LET: {
        if (defines_declared(r, s)) {
            resolve_precondition(r, s->u.assume.cond);
            return;
        }
        r->defining = s->u.let.var->u.var.name;
        resolve_expr(r, s->u.let.value);
        r->defining = NULL;
        declare(r, s->u.let.var, SYM_LET, true)->def = s;
        return;
    }
    case S_LOCAL:
        declare(r, s->u.local.var, SYM_UNKNOWN, true)->def = s;
        return;
    case S_ASSUME:
        resolve_precondition(r, s->u.assume.cond);
        return;
    }
}

/* ---- a name used before its let ---- */

static bool expr_mentions(const Expr *e, const char *name)
{
    if (!e)
        return false;
    switch (e->kind) {
    case E_VAR:
        return e->u.var.name == name;
    case E_DISTINCT:
        for (int i = 0; i < e->u.distinct.n; i++)
            if (e->u.distinct.vars[i]->u.var.name == name)
                return true;
        return false;
    case E_UNARY:
    case E_POW2:
        return expr_mentions(e->u.sub.a, name);
    case E_BINARY:
        return expr_mentions(e->u.sub.a, name) || expr_mentions(e->u.sub.b, name);
    case E_COND:
        return expr_mentions(e->u.sub.a, name) || expr_mentions(e->u.sub.b, name) ||
               expr_mentions(e->u.sub.c, name);
    }
    return false;
}

static bool block_mentions(const Block *b, const char *name);

/* Mentions in expressions; `declares`: it binds the name itself. */
static bool stmt_mentions(const Stmt *s, const char *name, bool *declares)
{
    switch (s->kind) {
    case S_ACCESS:
        for (int i = 0; i < s->u.access.nindex; i++)
            if (expr_mentions(s->u.access.index[i], name))
                return true;
        *declares = (s->u.access.into && s->u.access.into->u.var.name == name) ||
                    (s->u.access.ticket && s->u.access.ticket->u.var.name == name);
        return (s->u.access.value && expr_mentions(s->u.access.value, name)) ||
               (s->u.access.amount && expr_mentions(s->u.access.amount, name)) ||
               (s->u.access.byte_off && (expr_mentions(s->u.access.byte_off, name) ||
                                         expr_mentions(s->u.access.byte_width, name)));
    case S_SYNC:
        *declares = s->u.sync.into && s->u.sync.into->u.var.name == name;
        return false;
    case S_IF:
        return expr_mentions(s->u.if_.cond, name) || block_mentions(&s->u.if_.then, name) ||
               block_mentions(&s->u.if_.els, name);
    case S_LOOP:
        *declares = s->u.loop.var->u.var.name == name;
        return expr_mentions(s->u.loop.init, name) || expr_mentions(s->u.loop.bound, name) ||
               expr_mentions(s->u.loop.amount, name) || (!*declares && block_mentions(&s->u.loop.body, name));
    case S_LET:
        *declares = s->u.let.var->u.var.name == name;
        return expr_mentions(s->u.let.value, name);
    case S_LOCAL:
        *declares = s->u.local.var->u.var.name == name;
        return false;
    case S_ASSUME:
        return expr_mentions(s->u.assume.cond, name);
    default:
        return false;
    }
}

static bool block_mentions(const Block *b, const char *name)
{
    for (int i = 0; i < b->n; i++) {
        bool declares = false;
        if (stmt_mentions(b->items[i], name, &declares))
            return true;
        if (declares)
            return false;
    }
    return false;
}

/* Faial's examples may use a name before the `let` that defines it, in the
 * same block.  A let has no effect and its name cannot change, so it is
 * moved up to just before the first statement that uses it (with a
 * warning); its value must then only use names visible there, or the
 * usual "undeclared" error says which is missing. */
static void hoist_lets(Resolver *r, Block *b)
{
    for (int j = 0; j < b->n; j++) {
        Stmt *let = b->items[j];
        if (let->kind != S_LET || scope_get(&r->scope, let->u.let.var->u.var.name))
            continue;
        const char *name = let->u.let.var->u.var.name;
        int first = -1;
        for (int i = 0; i < j && first < 0; i++) {
            bool declares = false;
            if (stmt_mentions(b->items[i], name, &declares))
                first = i;
            if (declares)
                break; /* an earlier binding of the name: the uses are its own */
        }
        if (first < 0)
            continue;
        diag_at(r->diag, SEV_WARNING, let->loc, "'%s' is used before its let: the let is moved up to "
                "its first use", name);
        diag_at(r->diag, SEV_NOTE, b->items[first]->loc, "first use of '%s'", name);
        memmove(&b->items[first + 1], &b->items[first], (size_t)(j - first) * sizeof *b->items);
        b->items[first] = let;
    }
}

static void resolve_block(Resolver *r, Block *b)
{
    size_t mark = r->scope.nlog;
    hoist_lets(r, b);
    for (int i = 0; i < b->n; i++)
        resolve_stmt(r, b->items[i]);
    scope_close(&r->scope, mark);
}

/* ---- kernels ---- */

/* The width of A's element: `bytes(N)` as stated, else its type's. */
static void resolve_width(Resolver *r, ArrayDecl *d)
{
    d->elem_bytes = elem_width(d->elem_type);
    d->has_bytes = false;
    if (!d->width)
        return;
    resolve_expr(r, d->width);
    int64_t w;
    if (!expr_constant(d->width, &w) || w <= 0 || w > (1 << 20)) {
        diag_at(r->diag, SEV_ERROR, d->width->loc, "the element width of '%s' must be a positive constant",
                d->name->u.var.name);
        return;
    }
    d->elem_bytes = (int)w;
}

static bool only_uniform_names(const Expr *e)
{
    if (!e)
        return true;
    if (e->kind == E_VAR)
        return e->u.var.sym && e->u.var.sym->kind == SYM_UNIFORM && !e->thread;
    if (e->kind == E_DISTINCT)
        return false;
    Expr **slot[3];
    int n = expr_operands((Expr *)e, slot);
    for (int i = 0; i < n; i++)
        if (!only_uniform_names(*slot[i]))
            return false;
    return true;
}

/* `global int row[] nondecreasing(n + 1);` (docs/language.md 3.10): a fact
 * about one row of integers, over a length the whole grid agrees on. */
static void resolve_fact(Resolver *r, ArrayDecl *d)
{
    if (!d->fact)
        return;
    const char *name = d->name->u.var.name, *fact = array_fact_name((ArrayFact)d->fact);
    if (d->fact_len) {
        resolve_expr(r, d->fact_len);
        if (!only_uniform_names(d->fact_len))
            diag_at(r->diag, SEV_ERROR, d->fact_len->loc,
                    "the length of '%s' %s must use uniforms and numbers only: the same in every thread", name, fact);
    }
    const char *why = array_fact_problem(d);
    if (why)
        diag_at(r->diag, SEV_ERROR, d->fact_loc,
                "'%s' states a fact about a one-dimensional global array of integers; not of '%s': %s", fact, name,
                why);
}

/* Kernel-level declarations are visible in the whole kernel, wherever they
 * stand (the canonical form puts them first).  Scalars come before arrays,
 * whose sizes may use them. */
static void resolve_declarations(Resolver *r, Kernel *k)
{
    for (int i = 0; i < k->nvars; i++) {
        VarDecl *v = &k->vars[i];
        if (!redeclares_builtin(r, v))
            declare(r, v->name, v->scope == VAR_LOCAL ? SYM_LOCAL : SYM_UNIFORM, false);
    }
    for (int i = 0; i < k->narrays; i++) {
        ArrayDecl *d = &k->arrays[i];
        for (int j = 0; j < d->ndims; j++)
            if (d->sizes[j])
                resolve_expr(r, d->sizes[j]);
        resolve_width(r, d);
        resolve_fact(r, d);
        Sym *s = declare(r, d->name, SYM_ARRAY, false);
        s->array = d;
        scope_put(&r->arrays, d->name->u.var.name, s);
    }
}

static void resolve_kernel(Resolver *r, Kernel *k)
{
    r->kernel = k;
    k->syms = NULL;
    k->nsyms = 0;
    k->nstmts = 0;
    declare_builtins(r);
    resolve_declarations(r, k);
    /* The kernel body is its own scope, so statements may not redeclare
     * a declaration either (resolve_block only closes what it opens). */
    resolve_block(r, &k->body);
    scope_close(&r->scope, 0);
    scope_close(&r->arrays, 0);
}

static void check_kernel_names(Resolver *r)
{
    Program *p = r->prog;
    for (int i = 0; i < p->nkernels; i++)
        for (int j = 0; j < i; j++)
            if (p->kernels[i]->name == p->kernels[j]->name) {
                diag_at(r->diag, SEV_ERROR, p->kernels[i]->loc, "redefinition of kernel '%s'",
                        p->kernels[i]->name);
                diag_at(r->diag, SEV_NOTE, p->kernels[j]->loc, "'%s' was defined here",
                        p->kernels[j]->name);
                break;
            }
}

bool resolve_program(Program *p, Diag *diag)
{
    Resolver r;
    memset(&r, 0, sizeof r);
    r.prog = p;
    r.diag = diag;
    int before = diag->errors;
    check_kernel_names(&r);
    for (int i = 0; i < p->nkernels; i++)
        resolve_kernel(&r, p->kernels[i]);
    scope_free(&r.scope);
    scope_free(&r.arrays);
    return diag->errors == before;
}
