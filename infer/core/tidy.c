/* Slicing of inferred protocols ([CAV21 Sec. 5]: "code slicing to only
 * retain code related to shared array accesses"): unknowns and lets that
 * nothing uses, and conditionals and loops left without accesses or
 * barriers, are removed.  Uses are bound by scope, so a `local i;` after a
 * loop over `i` is not kept alive by the loop's own `i`. */
#include "kernel.h"

#include <stdlib.h>
#include <string.h>

typedef struct Decl {
    const char *name;
    Stmt *stmt; /* the let or local; NULL for a loop variable */
} Decl;

typedef struct Scope {
    Decl *d;
    int n, cap;
    Stmt **used; /* declarations some expression refers to */
    int nused, capused;
    Stmt *const *kept; /* declarations the source states as protocol: never sliced */
    int nkept;
    const char **drawn; /* counters with a ticket whose slot is used */
    int ndrawn, capdrawn;
} Scope;

static void use_name(Scope *s, const char *name)
{
    for (int i = s->n - 1; i >= 0; i--)
        if (s->d[i].name == name) {
            if (s->d[i].stmt)
                VEC_PUSH(s->used, s->nused, s->capused, s->d[i].stmt);
            return;
        }
}

static void uses_expr(Scope *s, const Expr *e)
{
    if (!e)
        return;
    switch ((ExprKind)e->kind) {
    case E_NUM:
    case E_BOOL:
        return;
    case E_VAR:
        use_name(s, e->u.var.name);
        return;
    case E_DISTINCT:
        for (int i = 0; i < e->u.distinct.n; i++)
            uses_expr(s, e->u.distinct.vars[i]);
        return;
    case E_UNARY:
    case E_POW2:
    case E_BINARY:
    case E_COND: {
        Expr **slot[3];
        int n = expr_operands((Expr *)e, slot);
        for (int i = 0; i < n; i++)
            uses_expr(s, *slot[i]);
        return;
    }
    }
}

static void declare(Scope *s, const char *name, Stmt *st)
{
    Decl d = {name, st};
    VEC_PUSH(s->d, s->n, s->cap, d);
}

static void uses_block(Scope *s, const Block *b);

static void uses_stmt(Scope *s, Stmt *st)
{
    switch ((StmtKind)st->kind) {
    case S_ACCESS:
        for (int i = 0; i < st->u.access.nindex; i++)
            uses_expr(s, st->u.access.index[i]);
        if (st->u.access.value)
            uses_expr(s, st->u.access.value);
        if (access_is_bytes(st)) { /* `A bytes(o, w)`: its offset and width */
            uses_expr(s, st->u.access.byte_off);
            uses_expr(s, st->u.access.byte_width);
        }
        if (st->u.access.into)
            declare(s, st->u.access.into->u.var.name, st);
        if (st->u.access.ticket) {
            uses_expr(s, st->u.access.amount);
            declare(s, st->u.access.ticket->u.var.name, st);
        }
        return;
    case S_SYNC:
        if (st->u.sync.into)
            declare(s, st->u.sync.into->u.var.name, st);
        return;
    case S_OPAQUE:
        return;
    case S_LOCAL:
        declare(s, st->u.local.var->u.var.name, st);
        return;
    case S_LET:
        uses_expr(s, st->u.let.value);
        declare(s, st->u.let.var->u.var.name, st);
        return;
    case S_IF:
        uses_expr(s, st->u.if_.cond);
        uses_block(s, &st->u.if_.then);
        uses_block(s, &st->u.if_.els);
        return;
    case S_LOOP: {
        uses_expr(s, st->u.loop.init);
        uses_expr(s, st->u.loop.bound);
        uses_expr(s, st->u.loop.amount);
        int mark = s->n;
        declare(s, st->u.loop.var->u.var.name, NULL);
        uses_block(s, &st->u.loop.body);
        s->n = mark;
        return;
    }
    case S_ASSUME:
        uses_expr(s, st->u.assume.cond);
        return;
    }
}

static void uses_block(Scope *s, const Block *b)
{
    int mark = s->n;
    for (int i = 0; i < b->n; i++)
        uses_stmt(s, b->items[i]);
    s->n = mark;
}

static bool is_used(const Scope *s, const Stmt *st)
{
    for (int i = 0; i < s->nused; i++)
        if (s->used[i] == st)
            return true;
    for (int i = 0; i < s->nkept; i++)
        if (s->kept[i] == st)
            return true;
    return false;
}

static bool prune_block(const Scope *s, Block *b);

static const char *counter_name(const Stmt *st)
{
    return st->u.access.array->u.var.name;
}

/* Is st's counter one whose slots some other ticket uses?  Then st stays
 * a ticket though nothing uses its own slot (`b_offset[0] =
 * atomicAdd(&n, k)` keeps it in memory): as a plain atomic it would be an
 * update of unknown direction, and the other tickets' slots would no
 * longer be distinct. */
static bool is_drawn(const Scope *s, const Stmt *st)
{
    for (int i = 0; i < s->ndrawn; i++)
        if (s->drawn[i] == counter_name(st))
            return true;
    return false;
}

static void find_drawn(Scope *s, const Block *b)
{
    for (int i = 0; i < b->n; i++) {
        Stmt *st = b->items[i];
        if (st->kind == S_ACCESS && st->u.access.ticket && is_used(s, st) && !is_drawn(s, st))
            VEC_PUSH(s->drawn, s->ndrawn, s->capdrawn, counter_name(st));
        Block *inner[2];
        int nb = stmt_blocks(st, inner);
        for (int j = 0; j < nb; j++)
            find_drawn(s, inner[j]);
    }
}

/* Does the statement still matter after pruning inside it? */
static bool keep_stmt(const Scope *s, Stmt *st, bool *changed)
{
    switch ((StmtKind)st->kind) {
    case S_LOCAL:
    case S_LET:
        return is_used(s, st);
    case S_ACCESS: /* a value nothing uses: a plain read, or an atomic whose old value nothing uses */
        if (st->u.access.into && !is_used(s, st)) {
            st->u.access.into = NULL;
            *changed = true;
        }
        if (st->u.access.ticket && !is_used(s, st) && !is_drawn(s, st)) {
            st->u.access.ticket = st->u.access.amount = NULL;
            *changed = true;
        }
        return true;
    case S_SYNC:
        if (st->u.sync.into && !is_used(s, st)) {
            st->u.sync.into = NULL;
            *changed = true;
        }
        return true;
    case S_IF:
        *changed |= prune_block(s, &st->u.if_.then);
        *changed |= prune_block(s, &st->u.if_.els);
        return st->u.if_.then.n > 0 || st->u.if_.els.n > 0;
    case S_LOOP:
        *changed |= prune_block(s, &st->u.loop.body);
        return st->u.loop.body.n > 0;
    default:
        return true;
    }
}

static bool prune_block(const Scope *s, Block *b)
{
    bool changed = false;
    int out = 0;
    for (int i = 0; i < b->n; i++) {
        if (keep_stmt(s, b->items[i], &changed))
            b->items[out++] = b->items[i];
        else
            changed = true;
    }
    b->n = out;
    return changed;
}

void tidy_kernel(Program *p, Kernel *k, Stmt *const *kept, int nkept)
{
    (void)p;
    for (int round = 0; round < 64; round++) {
        Scope s = {0};
        s.kept = kept;
        s.nkept = nkept;
        uses_block(&s, &k->body);
        find_drawn(&s, &k->body);
        bool changed = prune_block(&s, &k->body);
        free(s.d);
        free(s.used);
        free(s.drawn);
        if (!changed)
            break;
    }
}

/* ---- uniforms nothing mentions ---- */

static bool expr_mentions(const Expr *e, const char *name)
{
    if (!e)
        return false;
    if (e->kind == E_VAR)
        return strcmp(e->u.var.name, name) == 0;
    if (e->kind == E_DISTINCT) {
        for (int i = 0; i < e->u.distinct.n; i++)
            if (expr_mentions(e->u.distinct.vars[i], name))
                return true;
        return false;
    }
    Expr **slot[3];
    int n = expr_operands((Expr *)e, slot);
    for (int i = 0; i < n; i++)
        if (expr_mentions(*slot[i], name))
            return true;
    return false;
}

static bool block_mentions(const Block *b, const char *name)
{
    for (int i = 0; i < b->n; i++) {
        Stmt *st = b->items[i];
        const Expr *e[3] = {NULL, NULL, NULL};
        switch ((StmtKind)st->kind) {
        case S_ACCESS:
            for (int j = 0; j < st->u.access.nindex; j++)
                if (expr_mentions(st->u.access.index[j], name))
                    return true;
            e[0] = st->u.access.value;
            e[1] = st->u.access.byte_off; /* NULL but in `A bytes(o, w)` */
            e[2] = st->u.access.byte_width;
            break;
        case S_LET: e[0] = st->u.let.value; break;
        case S_IF: e[0] = st->u.if_.cond; break;
        case S_LOOP: e[0] = st->u.loop.init; e[1] = st->u.loop.bound; e[2] = st->u.loop.amount; break;
        case S_ASSUME: e[0] = st->u.assume.cond; break;
        default: break;
        }
        for (int j = 0; j < 3; j++)
            if (expr_mentions(e[j], name))
                return true;
        Block *inner[2];
        int nb = stmt_blocks(st, inner);
        for (int j = 0; j < nb; j++)
            if (block_mentions(inner[j], name))
                return true;
    }
    return false;
}

void tidy_uniforms(Kernel *k, const char *const *names, int n)
{
    for (int i = 0; i < n; i++) {
        if (block_mentions(&k->body, names[i]))
            continue;
        int out = 0;
        for (int j = 0; j < k->nvars; j++)
            if (strcmp(k->vars[j].name->u.var.name, names[i]) != 0)
                k->vars[out++] = k->vars[j];
        k->nvars = out;
    }
}
