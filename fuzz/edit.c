/* Numbered tree edits ([CAV21 Fig. 2] syntax): shrinking moves and [SKBG Sec. 6] barrier deletion. */
#include "edit.h"

#include <string.h>

/* One walk serves both counting (target < 0) and applying edit `target`:
 * every possible edit calls offer(), which says whether this is the one. */
typedef struct Editor {
    Program *p;
    EditKind kind;
    int target;
    int seen;
    bool done;
    Loc where;
} Editor;

static bool offer(Editor *ed, Loc where)
{
    if (ed->done || ed->seen++ != ed->target)
        return false;
    ed->done = true;
    ed->where = where;
    return true;
}

const char *edit_name(EditKind kind)
{
    static const char *const names[] = {
        [EDIT_DROP_KERNEL] = "drop kernel", [EDIT_DROP_HALF] = "drop half a block",
        [EDIT_DROP_STMT] = "drop statement", [EDIT_UNWRAP_IF] = "unwrap if",
        [EDIT_DROP_ELSE] = "drop else",     [EDIT_UNWRAP_LOOP] = "unwrap loop",
        [EDIT_SIMPLIFY_EXPR] = "simplify expression", [EDIT_DROP_DECL] = "drop declaration",
        [EDIT_DROP_SYNC] = "drop sync",
    };
    return names[kind];
}

/* b[at .. at+removed) becomes ins[0 .. nins). */
static void splice(Program *p, Block *b, int at, int removed, Stmt **ins, int nins)
{
    int n = b->n - removed + nins;
    Stmt **items = arena_alloc(&p->arena, (size_t)(n ? n : 1) * sizeof *items);
    memcpy(items, b->items, (size_t)at * sizeof *items);
    if (nins)
        memcpy(items + at, ins, (size_t)nins * sizeof *items);
    memcpy(items + at + nins, b->items + at + removed, (size_t)(b->n - at - removed) * sizeof *items);
    b->items = items;
    b->n = n;
}

/* ---- expressions ---- */

static bool simplifiable(const Expr *e)
{
    switch ((ExprKind)e->kind) {
    case E_NUM:
        return e->u.num > 1;
    case E_BOOL:
    case E_DISTINCT: /* its operands must stay names */
        return false;
    case E_VAR:
    case E_UNARY:
    case E_BINARY:
    case E_COND:
    case E_POW2:
        return true;
    }
    return false;
}

static bool has_operands(const Expr *e)
{
    return e->kind == E_UNARY || e->kind == E_BINARY || e->kind == E_COND || e->kind == E_POW2;
}

static void visit_expr(Editor *ed, Expr **slot)
{
    Expr *e = *slot;
    if (!e || ed->done)
        return;
    if (simplifiable(e)) {
        if (has_operands(e)) {
            Expr *ops[3] = {e->u.sub.a, e->u.sub.b, e->u.sub.c};
            for (int i = 0; i < 3; i++)
                if (ops[i] && offer(ed, e->loc))
                    *slot = ops[i];
        }
        for (uint64_t v = 0; v <= 1; v++)
            if (offer(ed, e->loc))
                *slot = expr_num(ed->p, e->loc, v);
    }
    if (has_operands(e) && !ed->done) {
        visit_expr(ed, &e->u.sub.a);
        visit_expr(ed, &e->u.sub.b);
        visit_expr(ed, &e->u.sub.c);
    }
}

static void visit_stmt_exprs(Editor *ed, Stmt *s)
{
    switch ((StmtKind)s->kind) {
    case S_ACCESS:
        for (int i = 0; i < s->u.access.nindex; i++)
            visit_expr(ed, &s->u.access.index[i]);
        if (s->u.access.value)
            visit_expr(ed, &s->u.access.value);
        if (s->u.access.byte_off) {
            visit_expr(ed, &s->u.access.byte_off);
            visit_expr(ed, &s->u.access.byte_width);
        }
        break;
    case S_IF:
        visit_expr(ed, &s->u.if_.cond);
        break;
    case S_LOOP:
        visit_expr(ed, &s->u.loop.init);
        visit_expr(ed, &s->u.loop.bound);
        visit_expr(ed, &s->u.loop.amount);
        break;
    case S_LET:
        visit_expr(ed, &s->u.let.value);
        break;
    case S_ASSUME:
        visit_expr(ed, &s->u.assume.cond);
        break;
    case S_SYNC:
    case S_LOCAL:
    case S_OPAQUE:
        break;
    }
}

/* ---- statements ---- */

static void visit_block(Editor *ed, Block *b);

static void unwrap_loop(Editor *ed, Block *b, int i)
{
    Stmt *loop = b->items[i];
    Stmt *let = stmt_new(ed->p, S_LET, loop->loc);
    let->u.let.var = loop->u.loop.var;
    let->u.let.value = loop->u.loop.init;
    const Block *body = &loop->u.loop.body;
    Stmt **ins = arena_alloc(&ed->p->arena, (size_t)(body->n + 1) * sizeof *ins);
    ins[0] = let;
    if (body->n > 0) /* an empty body may have no array at all */
        memcpy(ins + 1, body->items, (size_t)body->n * sizeof *ins);
    splice(ed->p, b, i, 1, ins, body->n + 1);
}

/* The edits that replace or remove b->items[i] itself. */
static void visit_item(Editor *ed, Block *b, int i)
{
    Stmt *s = b->items[i];
    switch (ed->kind) {
    case EDIT_DROP_STMT:
        if (offer(ed, s->loc))
            splice(ed->p, b, i, 1, NULL, 0);
        break;
    case EDIT_DROP_SYNC:
        if (s->kind == S_SYNC && offer(ed, s->loc))
            splice(ed->p, b, i, 1, NULL, 0);
        break;
    case EDIT_UNWRAP_IF:
        if (s->kind != S_IF)
            break;
        if (offer(ed, s->loc))
            splice(ed->p, b, i, 1, s->u.if_.then.items, s->u.if_.then.n);
        else if (s->u.if_.els.n && offer(ed, s->loc))
            splice(ed->p, b, i, 1, s->u.if_.els.items, s->u.if_.els.n);
        break;
    case EDIT_DROP_ELSE:
        if (s->kind == S_IF && s->u.if_.els.n && offer(ed, s->loc))
            s->u.if_.els.n = 0;
        break;
    case EDIT_UNWRAP_LOOP:
        if (s->kind == S_LOOP && offer(ed, s->loc))
            unwrap_loop(ed, b, i);
        break;
    case EDIT_SIMPLIFY_EXPR:
        visit_stmt_exprs(ed, s);
        break;
    default:
        break;
    }
}

static void visit_children(Editor *ed, Stmt *s)
{
    Block *inner[2];
    int n = stmt_blocks(s, inner);
    for (int i = 0; i < n; i++)
        visit_block(ed, inner[i]);
}

static void visit_block(Editor *ed, Block *b)
{
    if (ed->done)
        return;
    if (ed->kind == EDIT_DROP_HALF && b->n >= 2) {
        int half = b->n / 2;
        if (offer(ed, b->items[0]->loc))
            splice(ed->p, b, 0, half, NULL, 0);
        else if (offer(ed, b->items[half]->loc))
            splice(ed->p, b, half, b->n - half, NULL, 0);
    }
    for (int i = 0; i < b->n && !ed->done; i++) {
        Stmt *s = b->items[i];
        visit_item(ed, b, i);
        if (!ed->done)
            visit_children(ed, s);
    }
}

/* ---- declarations and kernels ---- */

static void visit_decls(Editor *ed, Kernel *k)
{
    for (int i = 0; i < k->narrays; i++)
        if (offer(ed, k->arrays[i].loc)) {
            memmove(&k->arrays[i], &k->arrays[i + 1], (size_t)(k->narrays - i - 1) * sizeof *k->arrays);
            k->narrays--;
            return;
        }
    for (int i = 0; i < k->nvars; i++)
        if (offer(ed, k->vars[i].name->loc)) {
            memmove(&k->vars[i], &k->vars[i + 1], (size_t)(k->nvars - i - 1) * sizeof *k->vars);
            k->nvars--;
            return;
        }
}

static void walk(Editor *ed)
{
    Program *p = ed->p;
    for (int i = 0; i < p->nkernels && !ed->done; i++) {
        Kernel *k = p->kernels[i];
        if (ed->kind == EDIT_DROP_KERNEL) {
            if (p->nkernels >= 2 && offer(ed, k->loc)) {
                memmove(&p->kernels[i], &p->kernels[i + 1], (size_t)(p->nkernels - i - 1) * sizeof *p->kernels);
                p->nkernels--;
            }
        } else if (ed->kind == EDIT_DROP_DECL) {
            visit_decls(ed, k);
        } else {
            visit_block(ed, &k->body);
        }
    }
}

int edit_count(Program *p, EditKind kind)
{
    Editor ed = {.p = p, .kind = kind, .target = -1};
    walk(&ed);
    return ed.seen;
}

bool edit_apply(Program *p, EditKind kind, int n, Loc *where)
{
    Editor ed = {.p = p, .kind = kind, .target = n};
    walk(&ed);
    if (ed.done && where)
        *where = ed.where;
    return ed.done;
}
