/* Tables over one kernel's statement tree ([CAV21 Fig. 2] syntax): what
 * the checker's stages look up instead of re-walking the AST. */
#include "facts.h"
#include "ticket.h"
#include "fence.h"

#include <stdlib.h>
#include <string.h>

/* A region is a stretch of one block between statements that synchronize;
 * the blocks of a statement that synchronizes start regions of their own. */
typedef struct Walk {
    Facts *f;
    int region;
    Sym **scope; /* thread-local names visible at this point */
    int *unknowns; /* unknowns[i]: how many of scope[0..i] are unknowns */
    int nscope, capscope;
    bool *syncs_inside; /* by statement id: a sync, or an if or loop holding one (note_syncs) */
} Walk;

static void mark_expr(Facts *f, const Expr *e)
{
    if (!e)
        return;
    switch ((ExprKind)e->kind) {
    case E_NUM:
    case E_BOOL:
        return;
    case E_VAR:
        if (e->u.var.sym) {
            f->used[e->u.var.sym->index] = true;
            f->signed_view[e->u.var.sym->index] = -1; /* a use of its own: the natural */
        }
        f->asymmetric |= e->thread != 0;
        return;
    case E_DISTINCT:
        for (int i = 0; i < e->u.distinct.n; i++) {
            Sym *s = e->u.distinct.vars[i]->u.var.sym;
            if (s) {
                f->used[s->index] = true;
                f->signed_view[s->index] = -1;
                f->identity[s->index] = true;
            }
        }
        return;
    case E_UNARY:
        if (op_is_conversion((Op)e->op) && conversion_signed((Op)e->op) && e->u.sub.a->kind == E_VAR &&
            !e->u.sub.a->thread && e->u.sub.a->u.var.sym) {
            int i = e->u.sub.a->u.var.sym->index, n = conversion_bits((Op)e->op);
            f->used[i] = true;
            f->signed_view[i] = f->signed_view[i] == 0 || f->signed_view[i] == n ? (int8_t)n : -1;
            return;
        }
        /* fall through */
    case E_POW2:
    case E_BINARY:
    case E_COND: {
        Expr **slot[3];
        int n = expr_operands((Expr *)e, slot);
        for (int i = 0; i < n; i++)
            mark_expr(f, *slot[i]);
        return;
    }
    }
}

static void push_scope(Walk *w, Sym *s)
{
    if (w->nscope == w->capscope) {
        w->capscope = w->capscope ? 2 * w->capscope : 16;
        w->scope = xrealloc(w->scope, (size_t)w->capscope * sizeof *w->scope);
        w->unknowns = xrealloc(w->unknowns, (size_t)w->capscope * sizeof *w->unknowns);
    }
    int before = w->nscope ? w->unknowns[w->nscope - 1] : 0;
    w->unknowns[w->nscope] = before + (s->kind == SYM_UNKNOWN);
    w->scope[w->nscope++] = s;
}

static void add_site(Walk *w, Stmt *s)
{
    Facts *f = w->f;
    Site site = {0};
    site.stmt = s;
    site.array = s->u.access.array->u.var.sym;
    site.id = f->nsites;
    site.region = w->region;
    site.nscope = w->nscope;
    site.scope = xmalloc((size_t)(w->nscope ? w->nscope : 1) * sizeof *site.scope);
    if (w->nscope)
        memcpy(site.scope, w->scope, (size_t)w->nscope * sizeof *site.scope);
    VEC_GROW(f->sites, f->nsites, f->nsites + 1);
    f->sites[f->nsites++] = site;
}

static void walk_block(Walk *w, Block *b, int parent);

/* Fills the tables for s; returns whether it contains a sync. */
/* Keeps f->tiles ascending and without repeats (0: not a tile sync). */
static void add_tile_size(Facts *f, int tile)
{
    int i = 0;
    while (i < f->ntiles && f->tiles[i] < tile)
        i++;
    if (tile <= 0 || (i < f->ntiles && f->tiles[i] == tile) ||
        f->ntiles == (int)(sizeof f->tiles / sizeof f->tiles[0]))
        return;
    memmove(&f->tiles[i + 1], &f->tiles[i], (size_t)(f->ntiles - i) * sizeof f->tiles[0]);
    f->tiles[i] = tile;
    f->ntiles++;
}

static void walk_stmt(Walk *w, Stmt *s, Block *b, int index, int parent)
{
    Facts *f = w->f;
    f->stmt[s->id] = s;
    f->parent[s->id] = parent;
    f->block[s->id] = b;
    f->index[s->id] = index;
    f->unknown_in_scope[s->id] = w->nscope && w->unknowns[w->nscope - 1] > 0;
    switch ((StmtKind)s->kind) {
    case S_ACCESS:
        for (int i = 0; i < s->u.access.nindex; i++)
            mark_expr(f, s->u.access.index[i]);
        if (access_is_bytes(s)) {
            mark_expr(f, s->u.access.byte_off);
            mark_expr(f, s->u.access.byte_width);
        }
        /* the value written names axes too: `c[0] = blockIdx.y` races
         * between two rows of blocks, so y may not be taken as 1 */
        mark_expr(f, s->u.access.value);
        add_site(w, s);
        if (s->u.access.into)
            push_scope(w, s->u.access.into->u.var.sym); /* after the site: the read's own scope lacks it */
        if (s->u.access.ticket) { /* t is visible after the access, not in it */
            mark_expr(f, s->u.access.amount);
            push_scope(w, s->u.access.ticket->u.var.sym);
        }
        break;
    case S_SYNC:
        if (s->u.sync.into) {
            push_scope(w, s->u.sync.into->u.var.sym);
            f->groups->of[s->u.sync.into->u.var.sym->index] = s->u.sync.grid ? GROUP_GRID : GROUP_BLOCK;
        }
        f->has_sync[s->id] = f->always_syncs[s->id] = true;
        f->has_grid_sync[s->id] = s->u.sync.grid;
        f->ngrid_syncs += s->u.sync.grid;
        f->has_wide_sync[s->id] = !s->u.sync.tile;
        f->max_tile[s->id] = s->u.sync.tile;
        for (int m = 0; m < 2; m++)
            f->has_wide_sync_for[m][s->id] = !s->u.sync.tile && fence_orders(s->u.sync.unordered, (MemSpace)m);
        f->fenced |= s->u.sync.unordered != 0;
        add_tile_size(f, s->u.sync.tile);
        break;
    case S_IF:
        mark_expr(f, s->u.if_.cond);
        walk_block(w, &s->u.if_.then, s->id);
        walk_block(w, &s->u.if_.els, s->id);
        break;
    case S_LOOP: {
        mark_expr(f, s->u.loop.init);
        mark_expr(f, s->u.loop.bound);
        mark_expr(f, s->u.loop.amount);
        int mark = w->nscope;
        push_scope(w, s->u.loop.var->u.var.sym);
        walk_block(w, &s->u.loop.body, s->id);
        w->nscope = mark;
        break;
    }
    case S_LET:
        mark_expr(f, s->u.let.value);
        push_scope(w, s->u.let.var->u.var.sym);
        break;
    case S_LOCAL:
        push_scope(w, s->u.local.var->u.var.sym);
        f->groups->of[s->u.local.var->u.var.sym->index] = s->u.local.group;
        f->tile_unknowns |= s->u.local.tile != 0;
        break;
    case S_ASSUME:
        mark_expr(f, s->u.assume.cond);
        break;
    case S_OPAQUE:
        if (!f->opaque)
            f->opaque = s;
        break;
    }
}

static bool block_has_sync(const Facts *f, const Block *b)
{
    for (int i = 0; i < b->n; i++)
        if (f->has_sync[b->items[i]->id])
            return true;
    return false;
}

/* Whether each statement is a sync or an if or loop holding one, by id:
 * walk_block asks it of every statement of every level, so it is worked
 * out once, bottom-up (asked again per level, a deep nest was quadratic). */
static bool note_block_syncs(bool *inside, const Block *b);

static bool note_syncs(bool *inside, const Stmt *s)
{
    bool any = s->kind == S_SYNC;
    if (s->kind == S_IF) {
        any |= note_block_syncs(inside, &s->u.if_.then);
        any |= note_block_syncs(inside, &s->u.if_.els);
    } else if (s->kind == S_LOOP) {
        any |= note_block_syncs(inside, &s->u.loop.body);
    }
    inside[s->id] = any;
    return any;
}

static bool note_block_syncs(bool *inside, const Block *b)
{
    bool any = false;
    for (int i = 0; i < b->n; i++)
        any |= note_syncs(inside, b->items[i]);
    return any;
}

static bool stmt_has_sync(const Walk *w, const Stmt *s)
{
    return w->syncs_inside[s->id];
}

static void walk_block(Walk *w, Block *b, int parent)
{
    int mark = w->nscope;
    if (parent >= 0 && stmt_has_sync(w, w->f->stmt[parent]))
        w->region = w->f->nregions++; /* each block of a synchronizing statement */
    for (int i = 0; i < b->n; i++) {
        Stmt *s = b->items[i];
        walk_stmt(w, s, b, i, parent);
        if (stmt_has_sync(w, s))
            w->region = w->f->nregions++; /* what follows it */
    }
    w->nscope = mark;
    if (parent >= 0 && block_has_sync(w->f, b))
        w->f->has_sync[parent] = true;
    for (int i = 0; parent >= 0 && i < b->n; i++) {
        int id = b->items[i]->id;
        w->f->has_grid_sync[parent] |= w->f->has_grid_sync[id];
        w->f->has_wide_sync[parent] |= w->f->has_wide_sync[id];
        for (int m = 0; m < 2; m++)
            w->f->has_wide_sync_for[m][parent] |= w->f->has_wide_sync_for[m][id];
        if (w->f->max_tile[id] > w->f->max_tile[parent])
            w->f->max_tile[parent] = w->f->max_tile[id];
    }
}

Facts *facts_new(Kernel *k)
{
    Facts *f = xcalloc(1, sizeof *f);
    size_t n = (size_t)(k->nstmts ? k->nstmts : 1);
    size_t ns = (size_t)(k->nsyms ? k->nsyms : 1);
    f->kernel = k;
    f->nstmts = k->nstmts;
    f->stmt = xcalloc(n, sizeof *f->stmt);
    f->parent = xcalloc(n, sizeof *f->parent);
    f->block = xcalloc(n, sizeof *f->block);
    f->index = xcalloc(n, sizeof *f->index);
    f->has_sync = xcalloc(n, sizeof *f->has_sync);
    f->always_syncs = xcalloc(n, sizeof *f->always_syncs);
    f->has_grid_sync = xcalloc(n, sizeof *f->has_grid_sync);
    f->has_wide_sync = xcalloc(n, sizeof *f->has_wide_sync);
    f->max_tile = xcalloc(n, sizeof *f->max_tile);
    for (int m = 0; m < 2; m++)
        f->has_wide_sync_for[m] = xcalloc(n, sizeof *f->has_wide_sync_for[m]);
    f->unknown_in_scope = xcalloc(n, sizeof *f->unknown_in_scope);
    f->identity = xcalloc(ns, sizeof *f->identity);
    f->used = xcalloc(ns, sizeof *f->used);
    f->signed_view = xcalloc(ns, sizeof *f->signed_view);
    f->groups = xcalloc(1, sizeof *f->groups);
    f->groups->of = xcalloc(ns, sizeof *f->groups->of); /* GROUP_THREAD until known better */
    f->groups->key = xcalloc(ns, sizeof *f->groups->key);
    f->groups->region = xcalloc(ns, sizeof *f->groups->region);
    for (int i = 0; i < k->narrays; i++)
        for (int j = 0; j < k->arrays[i].ndims && !k->arrays[i].dims_from_use; j++)
            mark_expr(f, k->arrays[i].sizes[j]);
    Walk w = {f, 0, NULL, NULL, 0, 0, xcalloc(n, sizeof *w.syncs_inside)};
    note_block_syncs(w.syncs_inside, &k->body);
    f->nregions = 1;
    walk_block(&w, &k->body, -1);
    free(w.syncs_inside);
    free(w.scope);
    free(w.unknowns);
    ticket_facts(f);
    f->axis_used[0][0] = f->axis_used[1][0] = true;
    for (int i = 0; i < k->nsyms; i++) {
        Sym *s = k->syms[i];
        if (s->builtin == BI_THREADIDX || s->builtin == BI_BLOCKIDX)
            f->identity[i] = true;
        if (s->builtin && s->builtin != BI_WARPSIZE && f->used[i])
            f->axis_used[s->builtin == BI_BLOCKIDX || s->builtin == BI_GRIDDIM][s->axis] = true;
    }
    facts_note_dependence(f);
    return f;
}

bool facts_axis_used(const Facts *f, Builtin dim, int axis)
{
    return f->axis_used[dim == BI_GRIDDIM || dim == BI_BLOCKIDX][axis];
}

void facts_free(Facts *f)
{
    if (!f)
        return;
    for (int i = 0; i < f->nsites; i++)
        free(f->sites[i].scope);
    free(f->sites);
    free(f->stmt);
    free(f->parent);
    free(f->block);
    free(f->index);
    free(f->has_sync);
    free(f->always_syncs);
    free(f->has_grid_sync);
    free(f->has_wide_sync);
    free(f->max_tile);
    for (int m = 0; m < 2; m++)
        free(f->has_wide_sync_for[m]);
    free(f->unknown_in_scope);
    free(f->site_potential);
    free(f->sync_potential);
    free(f->identity);
    free(f->used);
    free(f->signed_view);
    free(f->groups->of);
    free(f->groups->key);
    free(f->groups->region);
    free(f->groups);
    free(f->ticket_distinct);
    free(f->ticket_cap);
    free(f);
}

int facts_ancestors(const Facts *f, const Stmt *s, Stmt **out)
{
    int n = 0;
    for (int p = f->parent[s->id]; p >= 0; p = f->parent[p])
        n++;
    int i = n;
    for (int p = f->parent[s->id]; p >= 0; p = f->parent[p])
        out[--i] = f->stmt[p];
    return n;
}

bool sym_is_identity(const Facts *f, const Sym *s)
{
    return f->identity[s->index];
}

bool facts_array_written(const Facts *f, const Sym *array)
{
    for (int i = 0; i < f->nsites; i++)
        if (f->sites[i].array == array && access_writes(f->sites[i].stmt))
            return true;
    return false;
}
