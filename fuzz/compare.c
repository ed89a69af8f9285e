/* Comparing two protocols of one kernel ([VST Sec. 5]: the categories
 * of Fig. 5 and 7), with the solver deciding cosmetic or semantic. */
#include "fixpoint.h"

#include "equal.h"
#include "equiv.h"
#include "print.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- canonical names of unknowns ---- */

static void rename_uses_expr(Expr *x)
{
    if (x->kind == E_VAR && x->u.var.sym && x->u.var.sym->kind == SYM_UNKNOWN)
        x->u.var.name = x->u.var.sym->name;
    Expr **slot[3];
    int n = expr_operands(x, slot);
    for (int i = 0; i < n; i++)
        rename_uses_expr(*slot[i]);
}

static void rename_uses_block(Block *b);

static void rename_uses_stmt(Stmt *s)
{
    switch ((StmtKind)s->kind) {
    case S_ACCESS:
        for (int i = 0; i < s->u.access.nindex; i++)
            rename_uses_expr(s->u.access.index[i]);
        if (s->u.access.value)
            rename_uses_expr(s->u.access.value);
        if (access_is_bytes(s)) {
            rename_uses_expr(s->u.access.byte_off);
            rename_uses_expr(s->u.access.byte_width);
        }
        if (s->u.access.into)
            rename_uses_expr(s->u.access.into);
        if (s->u.access.ticket) {
            rename_uses_expr(s->u.access.ticket);
            rename_uses_expr(s->u.access.amount);
        }
        return;
    case S_IF:
        rename_uses_expr(s->u.if_.cond);
        rename_uses_block(&s->u.if_.then);
        rename_uses_block(&s->u.if_.els);
        return;
    case S_LOOP:
        rename_uses_expr(s->u.loop.init);
        rename_uses_expr(s->u.loop.bound);
        rename_uses_expr(s->u.loop.amount);
        rename_uses_block(&s->u.loop.body);
        return;
    case S_LET:
        rename_uses_expr(s->u.let.value);
        return;
    case S_LOCAL:
        rename_uses_expr(s->u.local.var);
        return;
    case S_ASSUME:
        rename_uses_expr(s->u.assume.cond);
        return;
    case S_SYNC:
        if (s->u.sync.into)
            rename_uses_expr(s->u.sync.into);
        return;
    case S_OPAQUE:
        return;
    }
}

static void rename_uses_block(Block *b)
{
    for (int i = 0; i < b->n; i++)
        rename_uses_stmt(b->items[i]);
}

/* The `local` statements still in b, in order: a pruned one has no name
 * to give. */
static void number_unknowns(Program *p, const Block *b, int *next)
{
    for (int i = 0; i < b->n; i++) {
        const Stmt *s = b->items[i];
        const Expr *var = stmt_unknown_var(s); /* local x; the values of reads and collectives; tickets */
        if (var && var->u.var.sym) {
            char name[32]; /* '#' keeps it apart from every name a protocol can spell */
            int len = snprintf(name, sizeof name, "unknown#%d", (*next)++);
            var->u.var.sym->name = program_intern(p, name, (size_t)len);
        } else if (s->kind == S_IF) {
            number_unknowns(p, &s->u.if_.then, next);
            number_unknowns(p, &s->u.if_.els, next);
        } else if (s->kind == S_LOOP) {
            number_unknowns(p, &s->u.loop.body, next);
        }
    }
}

void canonical_unknowns(Program *p, Kernel *k)
{
    int next = 0;
    number_unknowns(p, &k->body, &next);
    rename_uses_block(&k->body);
}

/* ---- cosmetic normal form ----
 * What the front end may rewrite without changing a single access: a
 * `let` is inlined (inference inlines locals SSA-style), an unknown no one
 * reads is dropped, and so is a branch or loop left with nothing in it. */

static Expr *inline_lets(Expr *x)
{
    if (x->kind == E_VAR && x->u.var.sym && x->u.var.sym->kind == SYM_LET && !x->thread)
        return inline_lets(x->u.var.sym->def->u.let.value);
    Expr **slot[3];
    int n = expr_operands(x, slot);
    for (int i = 0; i < n; i++)
        *slot[i] = inline_lets(*slot[i]);
    return x;
}

static void inline_block(Block *b);

static void inline_stmt(Stmt *s)
{
    switch ((StmtKind)s->kind) {
    case S_ACCESS:
        for (int i = 0; i < s->u.access.nindex; i++)
            s->u.access.index[i] = inline_lets(s->u.access.index[i]);
        if (s->u.access.value)
            s->u.access.value = inline_lets(s->u.access.value);
        if (access_is_bytes(s)) {
            s->u.access.byte_off = inline_lets(s->u.access.byte_off);
            s->u.access.byte_width = inline_lets(s->u.access.byte_width);
        }
        if (s->u.access.amount)
            s->u.access.amount = inline_lets(s->u.access.amount);
        return;
    case S_IF:
        s->u.if_.cond = inline_lets(s->u.if_.cond);
        inline_block(&s->u.if_.then);
        inline_block(&s->u.if_.els);
        return;
    case S_LOOP:
        s->u.loop.init = inline_lets(s->u.loop.init);
        s->u.loop.bound = inline_lets(s->u.loop.bound);
        s->u.loop.amount = inline_lets(s->u.loop.amount);
        inline_block(&s->u.loop.body);
        return;
    case S_LET:
        s->u.let.value = inline_lets(s->u.let.value);
        return;
    case S_ASSUME:
        s->u.assume.cond = inline_lets(s->u.assume.cond);
        return;
    case S_LOCAL: case S_SYNC: case S_OPAQUE:
        return;
    }
}

static void inline_block(Block *b)
{
    for (int i = 0; i < b->n; i++)
        inline_stmt(b->items[i]);
}

/* lets are inlined by now: their values count for nothing */
static bool block_uses(const Block *b, const Sym *sym)
{
    return block_mentions_sym(b, sym, false);
}

/* Drops what has no access left in it; `scope` is where a `local` must
 * be unused to go. */
static bool removable(const Stmt *s, const Block *scope)
{
    switch ((StmtKind)s->kind) {
    case S_LET: return true;
    case S_LOCAL: return !block_uses(scope, s->u.local.var->u.var.sym);
    case S_IF: return s->u.if_.then.n == 0 && s->u.if_.els.n == 0;
    case S_LOOP: return s->u.loop.body.n == 0;
    case S_ACCESS: case S_SYNC: case S_ASSUME: case S_OPAQUE: return false;
    }
    return false;
}

static void prune_block(Block *b)
{
    for (int i = 0; i < b->n; i++) {
        Block *inner[2];
        int n = stmt_blocks(b->items[i], inner);
        for (int j = 0; j < n; j++)
            prune_block(inner[j]);
    }
    for (int i = 0; i < b->n; i++) { /* a value no one reads: a plain read or sync */
        Stmt *st = b->items[i];
        Expr **into = st->kind == S_ACCESS ? &st->u.access.into : st->kind == S_SYNC ? &st->u.sync.into : NULL;
        if (into && *into && (*into)->u.var.sym && !block_uses(b, (*into)->u.var.sym))
            *into = NULL;
    }
    int kept = 0;
    for (int i = 0; i < b->n; i++) {
        Stmt *s = b->items[i];
        if (s->kind == S_ACCESS && s->u.access.ticket &&
            !block_uses(b, s->u.access.ticket->u.var.sym)) /* an atomic whose old value no one reads */
            s->u.access.ticket = s->u.access.amount = NULL;
        if (!removable(s, b))
            b->items[kept++] = s;
    }
    b->n = kept;
}

/* How many statements s stands for once its constant control is settled:
 * an `if` with a constant condition is the branch taken; a loop from a
 * negative constant start runs no iteration (loop variables are naturals),
 * which gen writes as `if (false) { for ... }`. */
static int settled_count(const Stmt *s)
{
    int64_t v;
    if (s->kind == S_IF && expr_constant(s->u.if_.cond, &v))
        return v ? s->u.if_.then.n : s->u.if_.els.n;
    if (s->kind == S_LOOP && expr_constant(s->u.loop.init, &v) && v < 0)
        return 0;
    return -1;
}

static void settle_constant_control(Program *p, Block *b);

static void settle_nested(Program *p, Block *b)
{
    for (int i = 0; i < b->n; i++) {
        Block *inner[2];
        int n = stmt_blocks(b->items[i], inner);
        for (int j = 0; j < n; j++)
            settle_constant_control(p, inner[j]);
    }
}

static void settle_constant_control(Program *p, Block *b)
{
    int n = 0;
    bool settles = false;
    for (int i = 0; i < b->n; i++) {
        int c = settled_count(b->items[i]);
        n += c < 0 ? 1 : c;
        settles |= c >= 0;
    }
    if (!settles) {
        settle_nested(p, b);
        return;
    }
    Stmt **items = arena_alloc(&p->arena, (size_t)(n + 1) * sizeof *items);
    int k = 0;
    for (int i = 0; i < b->n; i++) {
        Stmt *s = b->items[i];
        int64_t v;
        if (settled_count(s) < 0)
            items[k++] = s;
        else if (s->kind == S_IF && expr_constant(s->u.if_.cond, &v)) {
            const Block *taken = v ? &s->u.if_.then : &s->u.if_.els;
            for (int j = 0; j < taken->n; j++)
                items[k++] = taken->items[j];
        }
    }
    b->items = items;
    b->n = k;
    settle_constant_control(p, b); /* a branch taken may hold constant ifs in turn */
}

/* A block-scoped atomic on a shared array is the device-scoped one: no
 * other block sees that memory.  The OpenCL front end writes `__local`
 * atomics one way and the CUDA front end `__shared__` ones the other. */
static void device_scope_for_shared(Block *b)
{
    for (int i = 0; i < b->n; i++) {
        Stmt *s = b->items[i];
        if (s->kind == S_ACCESS && s->u.access.mode == ACC_ATOMIC && s->u.access.scope == SCOPE_BLOCK) {
            const Sym *a = s->u.access.array->u.var.sym;
            if (a && a->array && a->array->mem == MEM_SHARED)
                s->u.access.scope = SCOPE_DEVICE;
        } else if (s->kind == S_IF) {
            device_scope_for_shared(&s->u.if_.then);
            device_scope_for_shared(&s->u.if_.els);
        } else if (s->kind == S_LOOP) {
            device_scope_for_shared(&s->u.loop.body);
        }
    }
}

void canonical_form(Program *p, Kernel *k)
{
    device_scope_for_shared(&k->body);
    inline_block(&k->body);
    settle_constant_control(p, &k->body);
    prune_block(&k->body);
    canonical_unknowns(p, k);
}

/* ---- collecting differences ---- */

typedef struct Cmp {
    Kernel *a, *b;
    unsigned timeout_ms;
    FpDiff **diffs;
    int *n;
    bool shape_differs;
} Cmp;

static void add_diff(Cmp *c, DiffCategory cat, bool semantic, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));

static void add_diff(Cmp *c, DiffCategory cat, bool semantic, const char *fmt, ...)
{
    char buf[512];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    VEC_GROW(*c->diffs, *c->n, *c->n + 1);
    (*c->diffs)[(*c->n)++] = (FpDiff){cat, semantic, strdup(buf)};
}

/* Two spellings of one value: cosmetic when the solver proves them equal. */
static void compare_expr(Cmp *c, DiffCategory cat, const char *what, const Expr *x, const Expr *y)
{
    if (expr_equal(x, y))
        return;
    ExprPair pair = {x, y};
    bool proved = exprs_equivalent(c->a, c->b, &pair, 1, c->timeout_ms) == EQUIV_PROVED;
    char *sx = expr_to_string(x), *sy = expr_to_string(y);
    add_diff(c, cat, !proved, "%s: `%s` became `%s`", what, sx, sy);
    free(sx);
    free(sy);
}

static void compare_block(Cmp *c, const Block *x, const Block *y);

static bool same_name(const char *a, const char *b)
{
    return strcmp(a, b) == 0;
}

/* An atomic's scope, and a ticket's name and amount (its range). */
static void compare_atomic(Cmp *c, const Stmt *x, const Stmt *y)
{
    const char *array = x->u.access.array->u.var.name;
    if (x->u.access.scope != y->u.access.scope)
        add_diff(c, DIFF_OTHER, true, "an atomic on %s: %s scope became %s", array,
                 atomic_scope_name((AtomicScope)x->u.access.scope), atomic_scope_name((AtomicScope)y->u.access.scope));
    const Expr *tx = x->u.access.ticket, *ty = y->u.access.ticket;
    if (!tx != !ty)
        add_diff(c, DIFF_OTHER, true, "an atomic on %s: its ticket %s", array, tx ? "was lost" : "appeared");
    else if (tx && !same_name(tx->u.var.name, ty->u.var.name))
        c->shape_differs = true;
    else if (tx) {
        char what[128];
        snprintf(what, sizeof what, "the amount of a ticket on %s", array);
        compare_expr(c, DIFF_OTHER, what, x->u.access.amount, y->u.access.amount);
    }
}

static void compare_access(Cmp *c, const Stmt *x, const Stmt *y)
{
    const char *array = x->u.access.array->u.var.name;
    if (!same_name(array, y->u.access.array->u.var.name)) {
        c->shape_differs = true;
        return;
    }
    if (x->u.access.nindex != y->u.access.nindex)
        return; /* the array's declaration changed: compare_arrays says so */
    if (x->u.access.mode != y->u.access.mode)
        add_diff(c, DIFF_MODE, true, "an access to %s: %s became %s", array,
                 access_mode_name((AccessMode)x->u.access.mode), access_mode_name((AccessMode)y->u.access.mode));
    char what[128];
    snprintf(what, sizeof what, "an index of %s", array);
    for (int i = 0; i < x->u.access.nindex; i++)
        compare_expr(c, DIFF_INDEX, what, x->u.access.index[i], y->u.access.index[i]);
    if (!x->u.access.byte_off != !y->u.access.byte_off)
        add_diff(c, DIFF_INDEX, true, "an access to %s: a %s access became a %s one", array,
                 x->u.access.byte_off ? "byte" : "cell", x->u.access.byte_off ? "cell" : "byte");
    else if (x->u.access.byte_off) {
        snprintf(what, sizeof what, "a byte range of %s", array);
        compare_expr(c, DIFF_INDEX, what, x->u.access.byte_off, y->u.access.byte_off);
        compare_expr(c, DIFF_INDEX, what, x->u.access.byte_width, y->u.access.byte_width);
    }
    /* the written value decides whether two writes are benign (DESIGN.md, Writes) */
    const Expr *vx = x->u.access.value, *vy = y->u.access.value;
    if (!vx != !vy)
        add_diff(c, DIFF_OTHER, true, "a write to %s: its value %s", array, vx ? "was lost" : "appeared");
    else if (vx) {
        snprintf(what, sizeof what, "the value written to %s", array);
        compare_expr(c, DIFF_OTHER, what, vx, vy);
    }
    /* the value read decides what the block may share (docs/language.md 3.4) */
    const Expr *rx = x->u.access.into, *ry = y->u.access.into;
    if (!rx != !ry)
        add_diff(c, DIFF_OTHER, true, "a read of %s: its value %s", array, rx ? "was lost" : "appeared");
    else if (rx && !same_name(rx->u.var.name, ry->u.var.name))
        c->shape_differs = true;
    compare_atomic(c, x, y);
}

/* x's `for (j = a; j != n; j++)` came back as `j < n` (`j--`: `j > n`):
 * the front end reads C's loop so, as a start past the bound would make
 * the signed counter overflow (docs/inference.md, loops).  The protocols
 * differ only where C's does not define the kernel. */
static bool signed_unit_step_read_as_order(const Stmt *x, const Stmt *y)
{
    int64_t a, b;
    bool up = x->u.loop.step == STEP_ADD;
    return x->u.loop.cmp == OP_NE && x->u.loop.step == y->u.loop.step && (up || x->u.loop.step == STEP_SUB) &&
           y->u.loop.cmp == (up ? OP_LT : OP_GT) && expr_constant(x->u.loop.amount, &a) && a == 1 &&
           expr_constant(y->u.loop.amount, &b) && b == 1;
}

static void compare_loop(Cmp *c, const Stmt *x, const Stmt *y)
{
    if (!same_name(x->u.loop.var->u.var.name, y->u.loop.var->u.var.name)) {
        c->shape_differs = true;
        return;
    }
    if (signed_unit_step_read_as_order(x, y))
        add_diff(c, DIFF_OTHER, false, "loop %s: `!=` read as `%s`, C's signed counter not overflowing",
                 x->u.loop.var->u.var.name, y->u.loop.cmp == OP_LT ? "<" : ">");
    else if (x->u.loop.cmp != y->u.loop.cmp || x->u.loop.step != y->u.loop.step)
        add_diff(c, DIFF_OTHER, true, "loop %s: its condition or step changed form", x->u.loop.var->u.var.name);
    compare_expr(c, DIFF_OTHER, "a loop's start", x->u.loop.init, y->u.loop.init);
    compare_expr(c, DIFF_OTHER, "a loop's bound", x->u.loop.bound, y->u.loop.bound);
    compare_expr(c, DIFF_OTHER, "a loop's step", x->u.loop.amount, y->u.loop.amount);
    compare_block(c, &x->u.loop.body, &y->u.loop.body);
}

static void compare_stmt(Cmp *c, const Stmt *x, const Stmt *y)
{
    if (x->kind != y->kind) {
        c->shape_differs = true;
        return;
    }
    switch ((StmtKind)x->kind) {
    case S_ACCESS:
        compare_access(c, x, y);
        return;
    case S_IF:
        compare_expr(c, DIFF_OTHER, "a condition", x->u.if_.cond, y->u.if_.cond);
        compare_block(c, &x->u.if_.then, &y->u.if_.then);
        compare_block(c, &x->u.if_.els, &y->u.if_.els);
        return;
    case S_LOOP:
        compare_loop(c, x, y);
        return;
    case S_LET:
        if (!same_name(x->u.let.var->u.var.name, y->u.let.var->u.var.name))
            c->shape_differs = true;
        else
            compare_expr(c, DIFF_OTHER, "a let", x->u.let.value, y->u.let.value);
        return;
    case S_LOCAL:
        if (!same_name(x->u.local.var->u.var.name, y->u.local.var->u.var.name))
            c->shape_differs = true;
        else if (x->u.local.group != y->u.local.group)
            add_diff(c, DIFF_OTHER, true, "an unknown's group changed (uniform block or not)");
        else if (x->u.local.tile != y->u.local.tile)
            add_diff(c, DIFF_OTHER, true, "an unknown uniform over a warp or tile became per-thread, or the other way");
        return;
    case S_ASSUME:
        compare_expr(c, DIFF_OTHER, "a precondition", x->u.assume.cond, y->u.assume.cond);
        return;
    case S_SYNC:
        if (x->u.sync.grid != y->u.sync.grid)
            add_diff(c, DIFF_OTHER, true, "a grid sync became a block sync, or the other way");
        if (!x->u.sync.into != !y->u.sync.into)
            add_diff(c, DIFF_OTHER, true, "a collective's result %s", x->u.sync.into ? "was lost" : "appeared");
        else if (x->u.sync.tile != y->u.sync.tile)
            add_diff(c, DIFF_OTHER, true, "a tile or warp sync changed its tile, or became a block sync");
        else if (x->u.sync.unordered != y->u.sync.unordered)
            add_diff(c, DIFF_OTHER, true, "a barrier's fence flags changed (sync local, global, exec)");
        return;
    case S_OPAQUE:
        return;
    }
}

static void compare_block(Cmp *c, const Block *x, const Block *y)
{
    if (x->n != y->n) {
        c->shape_differs = true;
        return;
    }
    for (int i = 0; i < x->n && !c->shape_differs; i++)
        compare_stmt(c, x->items[i], y->items[i]);
}

/* ---- when the statements do not line up: what is missing ---- */

typedef struct Census {
    int loops, ifs, assumes, syncs, opaques;
    /* per array name, per mode */
    const char **arrays;
    int (*count)[3];
    int narrays;
} Census;

static void census_access(Census *c, const Stmt *s)
{
    const char *name = s->u.access.array->u.var.name;
    int i = 0;
    while (i < c->narrays && !same_name(c->arrays[i], name))
        i++;
    if (i == c->narrays) {
        VEC_GROW(c->arrays, i, i + 1);
        VEC_GROW(c->count, i, i + 1);
        c->arrays[i] = name;
        memset(c->count[i], 0, sizeof c->count[i]);
        c->narrays++;
    }
    c->count[i][s->u.access.mode]++;
}

static void census_block(Census *c, const Block *b)
{
    for (int i = 0; i < b->n; i++) {
        const Stmt *s = b->items[i];
        switch ((StmtKind)s->kind) {
        case S_ACCESS: census_access(c, s); break;
        case S_IF: c->ifs++; census_block(c, &s->u.if_.then); census_block(c, &s->u.if_.els); break;
        case S_LOOP: c->loops++; census_block(c, &s->u.loop.body); break;
        case S_ASSUME: c->assumes++; break;
        case S_SYNC: c->syncs++; break;
        case S_OPAQUE: c->opaques++; break;
        case S_LET: case S_LOCAL: break;
        }
    }
}

static void census_free(Census *c)
{
    free(c->arrays);
    free(c->count);
}

static const int *counts_of(const Census *c, const char *array)
{
    static const int none[3];
    for (int i = 0; i < c->narrays; i++)
        if (same_name(c->arrays[i], array))
            return c->count[i];
    return none;
}

static void compare_accesses(Cmp *c, const Census *x, const Census *y)
{
    for (int pass = 0; pass < 2; pass++) {
        const Census *from = pass ? y : x, *to = pass ? x : y;
        for (int i = 0; i < from->narrays; i++) {
            const int *f = from->count[i], *t = counts_of(to, from->arrays[i]);
            int nf = f[0] + f[1] + f[2], nt = t[0] + t[1] + t[2];
            if (pass == 0 && nf == nt && memcmp(f, t, sizeof f[0] * 3) != 0)
                add_diff(c, DIFF_MODE, true, "accesses to %s changed mode", from->arrays[i]);
            else if (nf > nt)
                add_diff(c, DIFF_MISSING_ACCESS, true, "%d access(es) to %s %s", nf - nt, from->arrays[i],
                         pass ? "appeared" : "disappeared");
        }
    }
}

static void compare_structure(Cmp *c)
{
    Census x = {0}, y = {0};
    census_block(&x, &c->a->body);
    census_block(&y, &c->b->body);
    int before = *c->n;
    compare_accesses(c, &x, &y);
    if (x.opaques != y.opaques) /* each stands for accesses the protocol lost */
        add_diff(c, DIFF_MISSING_ACCESS, true, "opaque statements %d -> %d", x.opaques, y.opaques);
    if (x.loops != y.loops || x.ifs != y.ifs || x.syncs != y.syncs)
        add_diff(c, DIFF_MISSING_CONTROL, true, "loops %d -> %d, branches %d -> %d, syncs %d -> %d", x.loops,
                 y.loops, x.ifs, y.ifs, x.syncs, y.syncs);
    if (y.assumes < x.assumes)
        add_diff(c, DIFF_PRECONDITION, true, "%d precondition(s) lost", x.assumes - y.assumes);
    if (*c->n == before)
        add_diff(c, DIFF_OTHER, true, "the statements are arranged differently");
    census_free(&x);
    census_free(&y);
}

/* ---- declarations ---- */

static const ArrayDecl *find_array(const Kernel *k, const char *name)
{
    for (int i = 0; i < k->narrays; i++)
        if (same_name(k->arrays[i].name->u.var.name, name))
            return &k->arrays[i];
    return NULL;
}

static bool same_sizes(const ArrayDecl *x, const ArrayDecl *y)
{
    for (int d = 0; d < x->ndims; d++) {
        const Expr *a = x->sizes ? x->sizes[d] : NULL, *b = y->sizes ? y->sizes[d] : NULL;
        if ((a == NULL) != (b == NULL) || (a && !expr_equal(a, b)))
            return false;
    }
    return true;
}

/* One spelling of a C scalar type, its words sorted: `unsigned` is
 * `unsigned int`, `signed int` is `int`, `long int` is `long` (the front
 * end reads back what the generator wrote, in clang's spelling). */
static int compare_words(const void *a, const void *b)
{
    return strcmp((const char *)a, (const char *)b);
}

static void c_type_spelling(const char *t, char *out, size_t cap)
{
    char words[8][32];
    int n = 0;
    bool sized = false, is_char = false, has_int = false, is_unsigned = false;
    for (const char *p = t; *p && n < 7;) {
        p += strspn(p, " ");
        size_t len = strcspn(p, " ");
        if (!len)
            break;
        snprintf(words[n], sizeof words[n], "%.*s", (int)len, p);
        sized |= strcmp(words[n], "long") == 0 || strcmp(words[n], "short") == 0;
        is_char |= strcmp(words[n], "char") == 0;
        has_int |= strcmp(words[n], "int") == 0;
        is_unsigned |= strcmp(words[n], "unsigned") == 0;
        n++;
        p += len;
    }
    if (is_unsigned && !sized && !is_char && !has_int)
        snprintf(words[n++], sizeof words[0], "int");
    int kept = 0;
    for (int i = 0; i < n; i++) {
        bool drop = (strcmp(words[i], "signed") == 0 && !is_char) || (strcmp(words[i], "int") == 0 && sized);
        if (!drop)
            memcpy(words[kept++], words[i], sizeof words[i]);
    }
    qsort(words, (size_t)kept, sizeof words[0], compare_words);
    out[0] = 0;
    for (int i = 0; i < kept; i++)
        snprintf(out + strlen(out), cap - strlen(out), "%s%s", i ? " " : "", words[i]);
    if (!kept && n)
        snprintf(out, cap, "int"); /* `signed` alone */
}

static bool same_c_type(const char *a, const char *b)
{
    char x[256], y[256];
    c_type_spelling(a, x, sizeof x);
    c_type_spelling(b, y, sizeof y);
    return strcmp(x, y) == 0;
}

/* The memory space and the number of dimensions change which accesses
 * race; the element type and the sizes do not, but they are lost
 * information all the same. */
static void compare_array(Cmp *c, const ArrayDecl *x, const ArrayDecl *y)
{
    const char *name = x->name->u.var.name;
    if (x->mem != y->mem)
        add_diff(c, DIFF_ARRAY, true, "%s moved from %s to %s memory", name, x->mem == MEM_SHARED ? "shared" : "global",
                 y->mem == MEM_SHARED ? "shared" : "global");
    if (x->ndims != y->ndims)
        add_diff(c, DIFF_ARRAY, true, "%s has %d dimension(s), then %d", name, x->ndims, y->ndims);
    else if (!same_sizes(x, y))
        add_diff(c, DIFF_ARRAY, false, "the sizes of %s changed", name);
    const char *tx = x->elem_type ? x->elem_type : "", *ty = y->elem_type ? y->elem_type : "";
    /* no type is no information: the generator's documented int adds none */
    if (*tx && !same_c_type(tx, ty))
        add_diff(c, DIFF_ARRAY, false, "the element type of %s changed from '%s' to '%s'", name, tx, ty);
}

static void compare_arrays(Cmp *c)
{
    for (int i = 0; i < c->a->narrays; i++) {
        const ArrayDecl *x = &c->a->arrays[i];
        const ArrayDecl *y = find_array(c->b, x->name->u.var.name);
        if (y)
            compare_array(c, x, y);
        else
            add_diff(c, DIFF_ARRAY, true, "array %s disappeared", x->name->u.var.name);
    }
    for (int i = 0; i < c->b->narrays; i++)
        if (!find_array(c->a, c->b->arrays[i].name->u.var.name))
            add_diff(c, DIFF_ARRAY, true, "array %s appeared", c->b->arrays[i].name->u.var.name);
}

static bool has_var(const Kernel *k, const VarDecl *v)
{
    for (int i = 0; i < k->nvars; i++)
        if (k->vars[i].scope == v->scope && same_name(k->vars[i].name->u.var.name, v->name->u.var.name))
            return true;
    return false;
}

static void compare_vars(Cmp *c)
{
    for (int pass = 0; pass < 2; pass++) {
        const Kernel *from = pass ? c->b : c->a, *to = pass ? c->a : c->b;
        for (int i = 0; i < from->nvars; i++)
            if (!has_var(to, &from->vars[i]))
                add_diff(c, DIFF_OTHER, true, "%s variable %s %s",
                         from->vars[i].scope == VAR_UNIFORM ? "uniform" : "per-thread",
                         from->vars[i].name->u.var.name, pass ? "appeared" : "disappeared");
    }
}

void compare_kernels(Kernel *a, Kernel *b, unsigned timeout_ms, FpDiff **diffs, int *ndiffs)
{
    /* The kernels were paired by the caller: a name the generator had to
     * change for C (a Faial-style protocol is named after its file) is not
     * a difference. */
    Kernel same_name_b = *b;
    same_name_b.name = a->name;
    same_name_b.implicit = a->implicit;
    if (kernel_equal(a, &same_name_b))
        return;
    Cmp c = {a, b, timeout_ms, diffs, ndiffs, false};
    int before = *ndiffs;
    compare_arrays(&c);
    compare_vars(&c);
    int after_decls = *ndiffs;
    compare_block(&c, &a->body, &b->body);
    if (c.shape_differs) {
        /* pairwise findings of a walk that went astray mean nothing */
        for (int i = after_decls; i < *ndiffs; i++)
            free((*diffs)[i].detail);
        *ndiffs = after_decls;
        compare_structure(&c);
    }
    /* Declarations in another order are the same declarations. */
    if (*ndiffs == before && !block_equal(&a->body, &b->body))
        add_diff(&c, DIFF_OTHER, true, "the kernels differ in a way no category names");
}
