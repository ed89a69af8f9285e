/* Builds the AST for the lemon grammar's actions and drives lexer + parser
 * ([CAV21 Appendix A] syntax; docs/language.md for the native forms). */
#include "parse.h"

#include "parse_state.h"
#include "tile.h"
#include "fence.h"
#include "parser.h"

#include <stdlib.h>
#include <string.h>

void *ProtoParseAlloc(void *(*alloc)(size_t));
void ProtoParse(void *parser, int kind, Token token, ParseState *ps);
int proto_parse_depth(const void *parser);
void ProtoParseFree(void *parser, void (*release)(void *));

static void reset_pending(ParseState *ps)
{
    ps->nwords = 0;
    ps->words_overflow = false;
    memset(&ps->dims, 0, sizeof ps->dims);
    ps->has_dims = false;
    ps->pending_arrays = NULL;
    ps->npending_arrays = 0;
    ps->last_type = NULL;
    ps->pending_vars = NULL;
    ps->npending_vars = 0;
    ps->last_scope = VAR_UNIFORM;
}

/* The token as the user wrote it, for messages. */
static void token_text(const Token *t, char *buf, size_t size)
{
    if (t->kind == TK_IDENT) {
        snprintf(buf, size, "identifier '%s'", t->name);
        return;
    }
    int n = (int)(t->loc.len > 40 ? 40 : t->loc.len);
    snprintf(buf, size, "'%.*s'", n, t->loc.file->text + t->loc.off);
}

static bool is_comparison_token(int kind)
{
    return kind == TK_EQ || kind == TK_NE || kind == TK_LT || kind == TK_LE || kind == TK_GT ||
           kind == TK_GE;
}

/* Tokens after which a forgotten ';' is the likely mistake. */
static bool ends_operand(int kind)
{
    return kind == TK_IDENT || kind == TK_NUM || kind == TK_RBRACKET || kind == TK_RPAREN ||
           kind == TK_TRUE || kind == TK_FALSE || kind == TK_SYNC || kind == TK_OPAQUE;
}

static bool is_declaration_token(int kind)
{
    return kind == TK_SHARED || kind == TK_GLOBAL || kind == TK_CONST || kind == TK_UNIFORM;
}

void parse_syntax_error(ParseState *ps, const Token *t, bool semi_would_fit)
{
    reset_pending(ps);
    char text[64];
    if (t->kind == 0) {
        diag_at(ps->diag, SEV_ERROR, t->loc, "syntax error: unexpected end of file");
        if (ps->nbraces)
            diag_at(ps->diag, SEV_NOTE, ps->braces[ps->nbraces - 1], "to match this '{'");
        return;
    }
    token_text(t, text, sizeof text);
    ps->braces_at_error = ps->nbraces;
    if (semi_would_fit && ends_operand(ps->prev.kind) &&
        loc_line(ps->prev.loc) < loc_line(t->loc)) {
        /* gcc's convention: the ';' is missing at the end of the previous token. */
        Loc end = ps->prev.loc;
        end.off += end.len;
        end.len = 0;
        diag_at(ps->diag, SEV_ERROR, end, "syntax error: expected ';' before %s", text);
    } else if (t->kind == TK_ELSE) {
        diag_at(ps->diag, SEV_ERROR, t->loc, "syntax error: 'else' without a matching 'if'");
    } else if (is_declaration_token(t->kind)) {
        diag_at(ps->diag, SEV_ERROR, t->loc,
                "syntax error: declarations are only allowed at the top level of a kernel");
    } else if (is_comparison_token(t->kind)) {
        diag_at(ps->diag, SEV_ERROR, t->loc,
                "syntax error: unexpected %s (comparisons do not chain: add parentheses)", text);
    } else {
        diag_at(ps->diag, SEV_ERROR, t->loc, "syntax error: unexpected %s", text);
    }
}

/* Keeps the stack of open '{' for the end-of-file message.  A '}' is
 * popped only after the parser has taken it: reductions it triggers still
 * see the block open. */
static void open_brace(ParseState *ps, const Token *t)
{
    if (t->kind != TK_LBRACE)
        return;
    if (ps->nbraces == ps->capbraces) {
        ps->capbraces = ps->capbraces ? 2 * ps->capbraces : 64;
        ps->braces = xrealloc(ps->braces, (size_t)ps->capbraces * sizeof *ps->braces);
    }
    ps->braces[ps->nbraces++] = t->loc;
}

static void close_brace(ParseState *ps, const Token *t)
{
    if (t->kind == TK_RBRACE && ps->nbraces)
        ps->nbraces--;
}

/* After `error ;` recovery the next error is worth reporting at once,
 * unless the skipped text opened a block: its '}' would be a cascade. */
bool parse_recovered(ParseState *ps)
{
    return ps->nbraces <= ps->braces_at_error;
}

/* The parser's own stack grows with memory; what bounds nesting is the C
 * stack of the recursive passes after it (resolution, printing, the
 * checker's walks).  The main thread's few megabytes hold the default;
 * mapkit's command line runs on a stack of its own and allows more
 * (parse_allow_depth).  A loop nests about ten entries deep, a block
 * four, a parenthesis one. */
enum { PARSE_DEPTH_DEFAULT = 2000 };
static int max_parse_depth = PARSE_DEPTH_DEFAULT;

void parse_allow_depth(int entries)
{
    max_parse_depth = entries > PARSE_DEPTH_DEFAULT ? entries : PARSE_DEPTH_DEFAULT;
}

void parse_too_deep(ParseState *ps)
{
    ps->too_deep = true;
    diag_at(ps->diag, SEV_ERROR, ps->last.loc,
            "nesting too deep: loops nest at most about %d levels, blocks %d, parentheses %d (the parser "
            "holds %d entries; docs/language.md, \"Limits\")",
            max_parse_depth / 10, max_parse_depth / 4, max_parse_depth, max_parse_depth);
}

/* ---- kernels ---- */

static const char *file_stem(Program *p)
{
    const char *path = p->file ? p->file->path : "protocol";
    const char *base = strrchr(path, '/');
    base = base ? base + 1 : path;
    const char *dot = strchr(base, '.');
    size_t n = dot && dot != base ? (size_t)(dot - base) : strlen(base);
    return program_intern(p, base, n);
}

static Kernel *new_kernel(ParseState *ps, const char *name, Loc loc, bool implicit)
{
    Kernel *k = arena_alloc(&ps->prog->arena, sizeof *k);
    k->name = name;
    k->loc = loc;
    k->implicit = implicit;
    ARENA_PUSH(&ps->prog->arena, ps->prog->kernels, ps->prog->nkernels, k);
    return k;
}

/* The kernel that receives a top-level item: the open `kernel { }`, or the
 * file's implicit kernel (Faial's form).  The two forms do not mix. */
static Kernel *target(ParseState *ps, Loc at)
{
    if (ps->open)
        return ps->open;
    if (ps->saw_kernel_block && !ps->mixing_reported) {
        ps->mixing_reported = true;
        diag_at(ps->diag, SEV_ERROR, at,
                "declaration or statement outside a kernel block (this file uses 'kernel')");
    }
    if (!ps->implicit)
        ps->implicit = new_kernel(ps, file_stem(ps->prog), at, true);
    return ps->implicit;
}

void parse_open_kernel(ParseState *ps, const Token *name)
{
    if (ps->implicit && !ps->mixing_reported) {
        ps->mixing_reported = true;
        diag_at(ps->diag, SEV_ERROR, name->loc,
                "kernel block after top-level declarations or statements; put those in a kernel too");
    }
    ps->saw_kernel_block = true;
    ps->open = new_kernel(ps, name->name, name->loc, false);
}

void parse_close_kernel(ParseState *ps, const Token *rbrace)
{
    if (ps->open)
        ps->open->body.close = rbrace->loc.off;
    ps->open = NULL;
}

void parse_add_stmt(ParseState *ps, Stmt *s)
{
    Kernel *k = target(ps, s->loc);
    block_push(ps->prog, &k->body, s);
}

/* ---- declarations ---- */

void parse_array_word(ParseState *ps, const Token *w)
{
    if (ps->nwords == (int)(sizeof ps->words / sizeof ps->words[0])) {
        if (!ps->words_overflow)
            diag_at(ps->diag, SEV_ERROR, w->loc, "too many words in an array declaration (at most %d)",
                    (int)(sizeof ps->words / sizeof ps->words[0]));
        ps->words_overflow = true;
        return;
    }
    ps->words[ps->nwords++] = *w;
}

void parse_array_dim(ParseState *ps, Expr *size, const Token *bracket)
{
    (void)bracket;
    ARENA_PUSH(&ps->prog->arena, ps->dims.items, ps->dims.n, size);
    ps->has_dims = true;
}

static const char *join_type_words(ParseState *ps, int n)
{
    if (n == 0)
        return NULL;
    size_t len = 0;
    for (int i = 0; i < n; i++)
        len += strlen(ps->words[i].name) + 1;
    char *buf = xmalloc(len);
    buf[0] = '\0';
    for (int i = 0; i < n; i++) {
        if (i)
            strcat(buf, " ");
        strcat(buf, ps->words[i].name);
    }
    const char *s = program_intern(ps->prog, buf, strlen(buf));
    free(buf);
    return s;
}

void parse_end_array(ParseState *ps)
{
    if (ps->nwords == 0)
        return;
    const Token *name = &ps->words[ps->nwords - 1];
    ArrayDecl d = {0};
    d.name = expr_var(ps->prog, name->loc, name->name);
    d.elem_type = join_type_words(ps, ps->nwords - 1);
    if (!d.elem_type)
        d.elem_type = ps->last_type; /* C: `float a[4], b[8]` */
    ps->last_type = d.elem_type;
    d.ndims = ps->has_dims ? ps->dims.n : d.elem_type ? 0 : -1;
    d.sizes = ps->dims.items;
    d.width = ps->width;
    ps->width = NULL;
    d.fact = ps->fact;
    d.fact_len = ps->fact_len;
    d.fact_loc = ps->fact_loc;
    ps->fact = FACT_NONE;
    ps->fact_len = NULL;
    d.loc = loc_span(ps->words[0].loc, name->loc);
    ARENA_PUSH(&ps->prog->arena, ps->pending_arrays, ps->npending_arrays, d);
    ps->nwords = 0;
    ps->words_overflow = false;
    memset(&ps->dims, 0, sizeof ps->dims);
    ps->has_dims = false;
    ps->width = NULL;
    ps->fact = FACT_NONE;
    ps->fact_len = NULL;
}

void parse_array_width(ParseState *ps, const Token *word, Expr *width)
{
    if (strcmp(word->name, "bytes") != 0) {
        diag_at(ps->diag, SEV_ERROR, word->loc, "expected 'bytes(N)' after the dimensions, not '%s'", word->name);
        return;
    }
    ps->width = width;
}

void parse_array_attr(ParseState *ps, const Token *word, Expr *arg)
{
    ArrayFact f = strcmp(word->name, "nondecreasing") == 0 ? FACT_NONDECREASING
                  : strcmp(word->name, "injective") == 0   ? FACT_INJECTIVE
                                                           : FACT_NONE;
    if (f == FACT_NONE) {
        if (arg)
            parse_array_width(ps, word, arg);
        else
            diag_at(ps->diag, SEV_ERROR, word->loc,
                    "expected 'bytes(N)', 'nondecreasing' or 'injective' after the dimensions, not '%s'", word->name);
        return;
    }
    if (ps->fact)
        diag_at(ps->diag, SEV_ERROR, word->loc, "one fact per array: '%s' follows '%s'", word->name,
                array_fact_name((ArrayFact)ps->fact));
    ps->fact = (uint8_t)f;
    ps->fact_len = arg;
    ps->fact_loc = word->loc;
}

void parse_scalar_width(ParseState *ps, Expr *width)
{
    if (ps->nwords < 3) { /* a type, a name and the word `bytes` */
        const Token *at = ps->nwords ? &ps->words[ps->nwords - 1] : NULL;
        if (at)
            diag_at(ps->diag, SEV_ERROR, at->loc, "expected a type and a name before 'bytes(N)'");
        return;
    }
    Token word = ps->words[--ps->nwords];
    parse_array_width(ps, &word, width);
}

Stmt *parse_bytes(ParseState *ps, Stmt *s, const ByteRange *r)
{
    if (strcmp(r->word.name, "bytes") != 0)
        diag_at(ps->diag, SEV_ERROR, r->word.loc, "expected '[' or 'bytes(offset, width)' after '%s', not '%s'",
                s->u.access.array->u.var.name, r->word.name);
    s->u.access.byte_off = r->off;
    s->u.access.byte_width = r->width;
    return s;
}

void parse_add_arrays(ParseState *ps, MemSpace mem, const Token *kw)
{
    Kernel *k = target(ps, kw->loc);
    for (int i = 0; i < ps->npending_arrays; i++) {
        ArrayDecl d = ps->pending_arrays[i];
        d.mem = mem;
        ARENA_PUSH(&ps->prog->arena, k->arrays, k->narrays, d);
    }
    reset_pending(ps);
}

void parse_add_var(ParseState *ps, VarScope scope, bool explicit_scope, const Token *name)
{
    if (!explicit_scope && ps->npending_vars > 0)
        scope = ps->last_scope; /* `const local a, b`: b is local too */
    ps->last_scope = scope;
    VarDecl v = {expr_var(ps->prog, name->loc, name->name), scope, 0};
    ARENA_PUSH(&ps->prog->arena, ps->pending_vars, ps->npending_vars, v);
}

void parse_add_vars(ParseState *ps, Expr *where)
{
    Loc at = ps->npending_vars ? ps->pending_vars[0].name->loc : ps->last.loc;
    Kernel *k = target(ps, at);
    for (int i = 0; i < ps->npending_vars; i++)
        ARENA_PUSH(&ps->prog->arena, k->vars, k->nvars, ps->pending_vars[i]);
    reset_pending(ps);
    if (where) {
        /* `where b` is a precondition, exactly like `assume b;` at this point. */
        Stmt *s = stmt_new(ps->prog, S_ASSUME, where->loc);
        s->u.assume.cond = where;
        block_push(ps->prog, &k->body, s);
    }
}

/* ---- statements ---- */

void exprlist_push(ParseState *ps, ExprList *l, Expr *e)
{
    ARENA_PUSH(&ps->prog->arena, l->items, l->n, e);
}

ExprList exprlist_concat(ParseState *ps, ExprList a, ExprList b)
{
    if (a.n == 0)
        return b; /* the common `A[i]`: no copy */
    for (int i = 0; i < b.n; i++)
        exprlist_push(ps, &a, b.items[i]);
    return a;
}

/* From the start of `from` up to (not including) `end`, minus trailing
 * blanks: an access's range stops before its ';'. */
static Loc up_to(Loc from, Loc end)
{
    if (end.off <= from.off)
        return from;
    uint32_t stop = end.off;
    while (stop > from.off && strchr(" \t\r\n", from.file->text[stop - 1]))
        stop--;
    from.len = stop - from.off;
    return from;
}

Stmt *parse_access(ParseState *ps, const Token *mode, const Token *array, const ExprList *index,
                   Expr *value, const Token *end)
{
    Stmt *s = stmt_new(ps->prog, S_ACCESS, up_to(mode->loc, end->loc));
    s->u.access.mode = (AccessMode)mode->num;
    if (value && mode->num != ACC_WR) {
        diag_at(ps->diag, SEV_ERROR, value->loc, "only a write carries a value: '%s %s[...] = e;' is not a statement",
                       access_mode_name((AccessMode)mode->num), array->name);
        value = NULL;
    }
    s->u.access.value = value;
    s->u.access.array = expr_var(ps->prog, array->loc, array->name);
    s->u.access.index = index->items;
    s->u.access.nindex = index->n;
    return s;
}

Stmt *parse_if(ParseState *ps, const Token *kw, Expr *cond, Block then, const Block *els)
{
    Stmt *s = stmt_new(ps->prog, S_IF, loc_span(kw->loc, cond->loc));
    s->u.if_.cond = cond;
    s->u.if_.then = then;
    if (els)
        s->u.if_.els = *els;
    return s;
}

static Stmt *new_loop(ParseState *ps, Loc loc, const Token *var, Expr *init, Op cmp, Expr *bound,
                      StepOp step, Expr *amount, Block body)
{
    Stmt *s = stmt_new(ps->prog, S_LOOP, loc);
    s->u.loop.var = expr_var(ps->prog, var->loc, var->name);
    s->u.loop.init = init;
    s->u.loop.cmp = cmp;
    s->u.loop.bound = bound;
    s->u.loop.step = step;
    s->u.loop.amount = amount ? amount : expr_num(ps->prog, var->loc, 1);
    s->u.loop.body = body;
    return s;
}

static bool is_var_named(const Expr *e, const char *name)
{
    return e->kind == E_VAR && e->thread == 0 && e->u.var.name == name;
}

Stmt *parse_foreach(ParseState *ps, const Token *kw, const Token *var, Expr *lo, Expr *hi,
                    Expr *step, const Token *rparen, Block body)
{
    StepOp op = STEP_ADD;
    Expr *amount = NULL;
    if (step) {
        bool ok = step->kind == E_BINARY && (step->op == OP_ADD || step->op == OP_MUL) &&
                  is_var_named(step->u.sub.a, var->name);
        if (!ok) {
            diag_at(ps->diag, SEV_ERROR, step->loc,
                    "a foreach step must be '%s + s' or '%s * k'", var->name, var->name);
            return NULL;
        }
        op = step->op == OP_ADD ? STEP_ADD : STEP_MUL;
        amount = step->u.sub.b;
    }
    return new_loop(ps, loc_span(kw->loc, rparen->loc), var, lo, OP_LT, hi, op, amount, body);
}

static Op flip_comparison(Op op)
{
    switch (op) {
    case OP_LT: return OP_GT;
    case OP_LE: return OP_GE;
    case OP_GT: return OP_LT;
    case OP_GE: return OP_LE;
    default: return op;
    }
}

Stmt *parse_for(ParseState *ps, const Token *kw, const LoopInit *init, Expr *cond,
                const LoopUpdate *update, const Token *rparen, Block body)
{
    const char *x = init->var.name;
    if (update->var.name != x) {
        diag_at(ps->diag, SEV_ERROR, update->var.loc,
                "the loop update must change the loop variable '%s', not '%s'", x,
                update->var.name);
        return NULL;
    }
    if (update->bad_form) {
        diag_at(ps->diag, SEV_ERROR, update->bad_form->loc,
                "the loop update must have the form '%s = %s OP s' with OP one of + - * / << >>",
                x, x);
        return NULL;
    }
    bool comparison = cond->kind == E_BINARY && op_is_comparison(cond->op) && cond->op != OP_EQ;
    Op cmp = cond->op;
    Expr *bound = NULL;
    if (comparison && is_var_named(cond->u.sub.a, x)) {
        bound = cond->u.sub.b;
    } else if (comparison && is_var_named(cond->u.sub.b, x)) {
        bound = cond->u.sub.a;
        cmp = flip_comparison(cmp);
    } else {
        diag_at(ps->diag, SEV_ERROR, cond->loc,
                "the loop condition must compare '%s' with a bound (<, <=, >, >= or !=)", x);
        return NULL;
    }
    Stmt *s = new_loop(ps, loc_span(kw->loc, rparen->loc), &init->var, init->value, cmp, bound,
                       update->op, update->amount, body);
    s->u.loop.assigns = !init->typed;
    return s;
}

void parse_loop_type(ParseState *ps, const Token *type)
{
    static const char *const ok[] = {"int", "unsigned", "uint", "long", "size_t", "short"};
    for (size_t i = 0; i < sizeof ok / sizeof ok[0]; i++)
        if (strcmp(type->name, ok[i]) == 0)
            return;
    diag_at(ps->diag, SEV_ERROR, type->loc,
            "'%s' is not an integer type for a loop variable", type->name);
}

LoopUpdate loop_step(const Token *var, StepOp op, Expr *amount)
{
    return (LoopUpdate){*var, op, amount, NULL};
}

LoopUpdate parse_loop_assign(ParseState *ps, const Token *var, Expr *value)
{
    static const struct {
        Op op;
        StepOp step;
    } forms[] = {{OP_ADD, STEP_ADD}, {OP_SUB, STEP_SUB}, {OP_MUL, STEP_MUL},
                 {OP_DIV, STEP_DIV}, {OP_SHL, STEP_SHL}, {OP_SHR, STEP_SHR}};
    if (value->kind == E_BINARY && is_var_named(value->u.sub.a, var->name)) {
        for (size_t i = 0; i < sizeof forms / sizeof forms[0]; i++)
            if (forms[i].op == value->op)
                return loop_step(var, forms[i].step, value->u.sub.b);
    }
    (void)ps; /* reported by parse_for, after it checked the variable's name */
    return (LoopUpdate){*var, STEP_ADD, NULL, value};
}

/* `sync grid;`: `grid` is a word only here (a variable may be called
 * grid), so the parser takes any name and refuses all but this one. */
Stmt *parse_sync_scope(ParseState *ps, const Token *kw, const Token *scope, const Token *end)
{
    Stmt *s = stmt_new(ps->prog, S_SYNC, up_to(kw->loc, end->loc));
    unsigned unordered = 0;
    if (strcmp(scope->name, "grid") == 0)
        s->u.sync.grid = true;
    else if (strcmp(scope->name, "warp") == 0)
        s->u.sync.tile = WARP_SIZE; /* dsl/tile.h */
    else if (!fence_from_word(scope->name, &unordered)) /* `sync exec;` (dsl/fence.h) */
        diag_at(ps->diag, SEV_ERROR, scope->loc,
                "expected 'grid', 'warp', 'tile(N)', 'local', 'global', 'exec' or ';' after 'sync', not '%s'",
                scope->name);
    s->u.sync.unordered = (uint8_t)unordered;
    return s;
}

Stmt *parse_let(ParseState *ps, const Token *kw, const Token *var, Expr *value, const Token *end)
{
    Stmt *s = stmt_new(ps->prog, S_LET, up_to(kw->loc, end->loc));
    s->u.let.var = expr_var(ps->prog, var->loc, var->name);
    s->u.let.value = value;
    return s;
}

Stmt *parse_local(ParseState *ps, const Token *kw, const Token *var, const Token *end)
{
    Stmt *s = stmt_new(ps->prog, S_LOCAL, up_to(kw->loc, end->loc));
    s->u.local.var = expr_var(ps->prog, var->loc, var->name);
    return s;
}

Stmt *parse_group_local(ParseState *ps, const Token *kw, const Token *var, const Token *group, const Token *end)
{
    Stmt *s = parse_local(ps, kw, var, end);
    if (strcmp(group->name, "block") == 0)
        s->u.local.group = GROUP_BLOCK;
    else if (strcmp(group->name, "grid") == 0)
        s->u.local.group = GROUP_GRID;
    else if (!parse_tile_group(ps, s, group, NULL)) /* `uniform warp` (tile.c) */
        diag_at(ps->diag, SEV_ERROR, group->loc,
                "expected 'block', 'grid', 'warp' or 'tile(N)' after 'local %s uniform', not '%s'", var->name,
                group->name);
    return s;
}

Stmt *parse_read_into(ParseState *ps, const Token *kw, const Token *var, const Token *mode, const Token *array,
                      const ExprList *index, const Token *end)
{
    Stmt *s = parse_access(ps, mode, array, index, NULL, end);
    s->loc = up_to(kw->loc, end->loc);
    if (mode->num != ACC_RD)
        diag_at(ps->diag, SEV_ERROR, mode->loc, "only a read gives a value: 'local %s = %s %s[...];' is not a statement",
                var->name, access_mode_name((AccessMode)mode->num), array->name);
    else
        s->u.access.into = expr_var(ps->prog, var->loc, var->name);
    return s;
}

Stmt *parse_sync_into(ParseState *ps, const Token *kw, const Token *var, const Token *scope, const Token *end)
{
    Stmt *s = scope ? parse_sync_scope(ps, kw, scope, end) : stmt_new(ps->prog, S_SYNC, up_to(kw->loc, end->loc));
    s->loc = up_to(kw->loc, end->loc);
    if (s->u.sync.grid) /* no CUDA collective gives the grid a value */
        diag_at(ps->diag, SEV_ERROR, scope->loc, "a collective's result is its block's: 'local %s = sync grid;' "
                "is not a statement", var->name);
    else if (s->u.sync.unordered) /* __syncthreads_or and its kin order all memory */
        diag_at(ps->diag, SEV_ERROR, scope->loc, "a collective is a full barrier: 'local %s = sync %s;' "
                "is not a statement", var->name, scope->name);
    s->u.sync.into = expr_var(ps->prog, var->loc, var->name);
    return s;
}

Stmt *parse_assume(ParseState *ps, const Loc *kw, Expr *cond, const Loc *end)
{
    Stmt *s = stmt_new(ps->prog, S_ASSUME, up_to(*kw, *end));
    s->u.assume.cond = cond;
    return s;
}

/* ---- expressions ---- */

/* Trees taller than MAX_EXPR_DEPTH are refused, so that every recursive
 * pass over the AST runs in bounded stack. */
static Expr *bounded(ParseState *ps, Expr *e, Expr *fallback)
{
    if (e->depth <= MAX_EXPR_DEPTH)
        return e;
    if (!ps->deep_expr_reported)
        diag_at(ps->diag, SEV_ERROR, fallback->loc,
                "expression nested too deeply (more than %d levels)", MAX_EXPR_DEPTH);
    ps->deep_expr_reported = true;
    return fallback;
}

Expr *parse_bin(ParseState *ps, Op op, Expr *a, Expr *b)
{
    return bounded(ps, expr_binary(ps->prog, op, a, b), a);
}

Expr *parse_unary(ParseState *ps, const Token *kw, Op op, Expr *a)
{
    return bounded(ps, expr_unary(ps->prog, kw->loc, op, a), a);
}

Expr *parse_cond(ParseState *ps, Expr *c, Expr *a, Expr *b)
{
    return bounded(ps, expr_cond(ps->prog, c, a, b), a);
}

Expr *parse_minmax(ParseState *ps, const Token *kw, Op op, Expr *a, Expr *b, const Token *rparen)
{
    Expr *e = bounded(ps, expr_binary(ps->prog, op, a, b), a);
    if (e != a)
        e->loc = loc_span(kw->loc, rparen->loc);
    return e;
}

/* u32(e) and its kin (docs/language.md 3.2); they are names, not
 * keywords, so that a protocol may still call a variable u8. */
Expr *parse_conversion(ParseState *ps, const Token *name, Expr *a, const Token *rparen)
{
    Op op;
    if (!conversion_named(name->name, &op)) {
        diag_at(ps->diag, SEV_ERROR, name->loc,
                "unknown function '%s' (the conversions are u8, u16, u32, u64, i8, i16, i32 and i64)", name->name);
        ps->failed = true;
        return a;
    }
    Expr *e = bounded(ps, expr_unary(ps->prog, name->loc, op, a), a);
    if (e != a)
        e->loc = loc_span(name->loc, rparen->loc);
    return e;
}

Expr *parse_thread_var(ParseState *ps, const Token *num, const Token *name)
{
    Expr *e = expr_var(ps->prog, loc_span(num->loc, name->loc), name->name);
    if (num->num != 1 && num->num != 2)
        diag_at(ps->diag, SEV_ERROR, num->loc, "only 1@x and 2@x name a thread's value");
    e->thread = num->num == 2 ? 2 : 1;
    return e;
}

Expr *parse_distinct(ParseState *ps, const Token *kw, const ExprList *vars)
{
    Loc loc = vars->n ? loc_span(kw->loc, vars->items[vars->n - 1]->loc) : kw->loc;
    return expr_distinct(ps->prog, loc, vars->items, vars->n);
}

/* ---- driver ---- */

Program *parse_program(const SrcFile *file, Diag *diag)
{
    Program *p = program_new(file);
    ParseState ps;
    memset(&ps, 0, sizeof ps);
    ps.prog = p;
    ps.diag = diag;
    reset_pending(&ps);
    Lexer lx;
    lexer_init(&lx, p, file, diag);
    void *parser = ProtoParseAlloc(xmalloc);
    int errors_before = diag->errors;
    size_t ntokens = 0;
    Token t;
    memset(&t, 0, sizeof t);
    do {
        ps.prev = t;
        lexer_next(&lx, &t);
        ps.last = t;
        if (t.kind == 0 && ntokens == 0 && diag->errors == errors_before) {
            diag_at(diag, SEV_ERROR, t.loc,
                    "empty protocol: expected a declaration, a statement or a kernel");
            break;
        }
        if (t.kind == 0 && lx.fatal)
            break; /* the lexer said why the input ended; "unexpected end" would repeat it */
        ntokens++;
        open_brace(&ps, &t);
        ProtoParse(parser, t.kind, t, &ps);
        close_brace(&ps, &t);
        if (!ps.too_deep && proto_parse_depth(parser) > max_parse_depth)
            parse_too_deep(&ps);
    } while (t.kind != 0 && !ps.too_deep);
    ProtoParseFree(parser, free);
    free(ps.braces);
    if (ps.failed && diag->errors == errors_before) /* never accept what the parser gave up on */
        diag_at(diag, SEV_ERROR, ps.last.loc, "syntax error: the parser could not recover");
    if (diag->errors != errors_before) {
        program_free(p);
        return NULL;
    }
    return p;
}

Program *load_program(const SrcFile *file, Diag *diag)
{
    Program *p = parse_program(file, diag);
    if (p && !resolve_program(p, diag)) {
        program_free(p);
        return NULL;
    }
    return p;
}
