/* The canonical printer of protocols ([CAV21 Appendix A] layout, native
 * spellings; see print.h for its guarantees). */
#include "print.h"
#include "tile.h"
#include "fence.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

typedef struct Printer {
    FILE *out;
    const Program *p;
    int indent;
    bool layout;       /* keep the source's comments and blank lines */
    int next_comment;
    uint32_t src_pos;  /* source offset consumed so far */
    bool pending_nl;   /* the current output line is not finished yet */
    bool line_comment; /* ... and it ends in a comment that runs to its end */
    bool at_block_start;
    bool want_blank;
} Printer;

/* ---- expressions ---- */

enum { PREC_COND = 1, PREC_UNARY = 12, PREC_PRIMARY = 13 };

static int prec(const Expr *e)
{
    if (e->kind == E_COND)
        return PREC_COND;
    if (e->kind == E_UNARY)
        return op_is_conversion((Op)e->op) ? PREC_PRIMARY : PREC_UNARY;
    if (e->kind != E_BINARY || e->op == OP_MIN || e->op == OP_MAX)
        return PREC_PRIMARY;
    switch (e->op) {
    case OP_OR: return 2;
    case OP_AND: return 3;
    case OP_BOR: return 4;
    case OP_BXOR: return 5;
    case OP_BAND: return 6;
    case OP_EQ: case OP_NE: return 7;
    case OP_LT: case OP_LE: case OP_GT: case OP_GE: return 8;
    case OP_SHL: case OP_SHR: return 9;
    case OP_ADD: case OP_SUB: return 10;
    default: return 11; /* * / % */
    }
}

static bool nonassoc(int p)
{
    return p == 7 || p == 8; /* the grammar refuses a == b == c and a < b < c */
}

static void expr_at(FILE *out, const Expr *e, int min);

static void binary(FILE *out, const Expr *e, int p)
{
    expr_at(out, e->u.sub.a, nonassoc(p) ? p + 1 : p);
    fprintf(out, " %s ", op_spelling(e->op));
    expr_at(out, e->u.sub.b, p + 1);
}

static void primary(FILE *out, const Expr *e)
{
    switch (e->kind) {
    case E_NUM:
        fprintf(out, "%" PRIu64, e->u.num);
        return;
    case E_BOOL:
        fputs(e->u.boolean ? "true" : "false", out);
        return;
    case E_VAR:
        if (e->thread)
            fprintf(out, "%d@", e->thread);
        fputs(e->u.var.name, out);
        return;
    case E_POW2:
    case E_UNARY: /* a conversion: u32(e) */
        fprintf(out, "%s(", e->kind == E_POW2 ? "pow2" : op_spelling(e->op));
        expr_at(out, e->u.sub.a, PREC_COND);
        fputc(')', out);
        return;
    case E_DISTINCT:
        fputs("distinct ", out);
        for (int i = 0; i < e->u.distinct.n; i++)
            fprintf(out, "[%s]", e->u.distinct.vars[i]->u.var.name);
        return;
    case E_BINARY: /* min / max */
        fprintf(out, "%s(", op_spelling(e->op));
        expr_at(out, e->u.sub.a, PREC_COND);
        fputs(", ", out);
        expr_at(out, e->u.sub.b, PREC_COND);
        fputc(')', out);
        return;
    default:
        return;
    }
}

static void expr_at(FILE *out, const Expr *e, int min)
{
    int p = prec(e);
    bool paren = p < min;
    if (paren)
        fputc('(', out);
    if (e->kind == E_COND) {
        expr_at(out, e->u.sub.a, PREC_COND + 1);
        fputs(" ? ", out);
        expr_at(out, e->u.sub.b, PREC_COND + 1);
        fputs(" : ", out);
        expr_at(out, e->u.sub.c, PREC_COND);
    } else if (e->kind == E_UNARY && p == PREC_UNARY) {
        fputs(op_spelling(e->op), out);
        /* "-(-x)": never print "--", which lexes as one token. */
        expr_at(out, e->u.sub.a, e->u.sub.a->kind == E_UNARY ? PREC_PRIMARY : PREC_UNARY);
    } else if (p == PREC_PRIMARY) {
        primary(out, e);
    } else {
        binary(out, e, p);
    }
    if (paren)
        fputc(')', out);
}

void print_expr(FILE *out, const Expr *e)
{
    expr_at(out, e, PREC_COND);
}

char *expr_to_string(const Expr *e)
{
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    if (!f)
        return NULL;
    print_expr(f, e);
    fclose(f);
    return buf;
}

/* ---- layout: comments and blank lines ---- */

/* Is there an empty line (only blanks on it) in text[from, to)? */
static bool blank_line_between(const Printer *pr, uint32_t from, uint32_t to)
{
    const SrcFile *f = pr->p->file;
    bool line_empty = false; /* only blanks since the last newline */
    for (uint32_t i = from; i < to && i < f->len; i++) {
        char c = f->text[i];
        if (c == '\n') {
            if (line_empty)
                return true;
            line_empty = true;
        } else if (c != ' ' && c != '\t' && c != '\r') {
            line_empty = false;
        }
    }
    return false;
}

static void put_indent(Printer *pr)
{
    for (int i = 0; i < pr->indent; i++)
        fputs("    ", pr->out);
}

static void finish_line(Printer *pr)
{
    if (pr->pending_nl)
        fputc('\n', pr->out);
    pr->pending_nl = false;
    pr->line_comment = false;
}

/* Line comments (// and a lone #) run to the end of their line; block comments do not. */
static bool runs_to_line_end(const char *text)
{
    return (text[0] == '/' && text[1] == '/') || (text[0] == '#' && text[1] != '|');
}

static void maybe_blank(Printer *pr, uint32_t upto)
{
    bool source_blank = pr->layout && blank_line_between(pr, pr->src_pos, upto);
    if ((pr->want_blank || source_blank) && !pr->at_block_start)
        fputc('\n', pr->out);
    pr->want_blank = false;
}

/* Flushes the comments that come before source offset `off`: those on the
 * current line stay at its end, the others get lines of their own. */
static void comments_before(Printer *pr, uint32_t off)
{
    if (!pr->layout)
        return;
    const Program *p = pr->p;
    while (pr->next_comment < p->ncomments && p->comments[pr->next_comment].off < off) {
        const Comment *c = &p->comments[pr->next_comment++];
        /* after a line comment, anything on the same line would be commented out */
        if (c->own_line || !pr->pending_nl || pr->line_comment) {
            finish_line(pr);
            maybe_blank(pr, c->off);
            put_indent(pr);
        } else {
            fputc(' ', pr->out);
        }
        fwrite(p->file->text + c->off, 1, c->len, pr->out);
        pr->pending_nl = true;
        pr->line_comment = runs_to_line_end(p->file->text + c->off);
        pr->at_block_start = false;
        pr->src_pos = c->off + c->len;
    }
}

/* Starts a new output line for the item written at `at` in the source. */
static void begin_line(Printer *pr, Loc at)
{
    bool from_source = pr->layout && at.file == pr->p->file;
    if (from_source)
        comments_before(pr, at.off);
    finish_line(pr);
    if (from_source)
        maybe_blank(pr, at.off);
    else if (pr->want_blank && !pr->at_block_start)
        fputc('\n', pr->out);
    pr->want_blank = false;
    if (from_source && at.off + at.len > pr->src_pos)
        pr->src_pos = at.off + at.len;
    pr->at_block_start = false;
    put_indent(pr);
}

static void end_line(Printer *pr)
{
    pr->pending_nl = true;
}

/* ---- statements ---- */

static void print_block(Printer *pr, const Block *b);

static void open_brace(Printer *pr)
{
    fputs(" {", pr->out);
    end_line(pr);
    pr->indent++;
    pr->at_block_start = true;
}

/* A comment right after the last statement, on its line, belongs to it
 * even when the block has no '}' of its own in the source. */
static void trailing_comments(Printer *pr)
{
    const Program *p = pr->p;
    while (pr->next_comment < p->ncomments) {
        const Comment *c = &p->comments[pr->next_comment];
        if (c->own_line || c->off < pr->src_pos ||
            memchr(p->file->text + pr->src_pos, '\n', c->off - pr->src_pos))
            return;
        comments_before(pr, c->off + 1);
    }
}

static void close_brace(Printer *pr, uint32_t close)
{
    if (pr->layout && close)
        comments_before(pr, close);
    else if (pr->layout)
        trailing_comments(pr);
    pr->indent--;
    pr->at_block_start = false;
    pr->want_blank = false;
    finish_line(pr);
    put_indent(pr);
    fputc('}', pr->out);
    end_line(pr);
    if (pr->layout && close > pr->src_pos)
        pr->src_pos = close;
}

static bool is_one(const Expr *e)
{
    return e->kind == E_NUM && e->u.num == 1;
}

static void loop_header(Printer *pr, const Stmt *s)
{
    FILE *out = pr->out;
    const char *x = s->u.loop.var->u.var.name;
    bool faial = s->u.loop.cmp == OP_LT &&
                 (s->u.loop.step == STEP_ADD || s->u.loop.step == STEP_MUL);
    if (faial) {
        fprintf(out, "foreach (%s in ", x);
        print_expr(out, s->u.loop.init);
        fputs(" .. ", out);
        print_expr(out, s->u.loop.bound);
        if (s->u.loop.step == STEP_MUL) {
            fprintf(out, "; %s * ", x);
            expr_at(out, s->u.loop.amount, 12);
        } else if (!is_one(s->u.loop.amount)) {
            fprintf(out, "; %s + ", x);
            expr_at(out, s->u.loop.amount, 11);
        }
        fputc(')', out);
        return;
    }
    fprintf(out, "for (%s = ", x);
    print_expr(out, s->u.loop.init);
    fprintf(out, "; %s %s ", x, op_spelling(s->u.loop.cmp));
    expr_at(out, s->u.loop.bound, s->u.loop.cmp == OP_NE ? 8 : 9);
    if (is_one(s->u.loop.amount) && s->u.loop.step == STEP_ADD)
        fprintf(out, "; %s++)", x);
    else if (is_one(s->u.loop.amount) && s->u.loop.step == STEP_SUB)
        fprintf(out, "; %s--)", x);
    else {
        fprintf(out, "; %s %s ", x, step_spelling(s->u.loop.step));
        print_expr(out, s->u.loop.amount);
        fputc(')', out);
    }
}

static void print_cell(FILE *out, const Stmt *s)
{
    fputs(s->u.access.array->u.var.name, out);
    for (int i = 0; i < s->u.access.nindex; i++) {
        fputc('[', out);
        print_expr(out, s->u.access.index[i]);
        fputc(']', out);
    }
    if (s->u.access.byte_off) {
        fputs(" bytes(", out);
        print_expr(out, s->u.access.byte_off);
        fputs(", ", out);
        print_expr(out, s->u.access.byte_width);
        fputc(')', out);
    }
}

/* ` block acq_rel`: the words after `atomic` or `ticket`, scope first */
static void print_atomic_words(FILE *out, const Stmt *s)
{
    if (s->u.access.load)
        fputs(" load", out);
    if (s->u.access.scope != SCOPE_DEVICE)
        fprintf(out, " %s", atomic_scope_name((AtomicScope)s->u.access.scope));
    const char *order = memory_order_name((MemoryOrder)s->u.access.order);
    if (order)
        fprintf(out, " %s", order);
}

/* `rd A[i];`, `wr A[i] = e;`, `atomic block A[i];`, `local t = ticket(c, k);` */
static void print_access(FILE *out, const Stmt *s)
{
    if (s->u.access.ticket) {
        fprintf(out, "local %s = ticket", s->u.access.ticket->u.var.name);
        print_atomic_words(out, s);
        fputc('(', out);
        print_cell(out, s);
        fputs(", ", out);
        print_expr(out, s->u.access.amount);
        fputs(");", out);
        return;
    }
    if (s->u.access.into)
        fprintf(out, "local %s = ", s->u.access.into->u.var.name);
    fputs(access_mode_name(s->u.access.mode), out);
    print_atomic_words(out, s);
    fputc(' ', out);
    print_cell(out, s);
    if (s->u.access.value) {
        fputs(" = ", out);
        print_expr(out, s->u.access.value);
    }
    fputc(';', out);
}

static void print_if(Printer *pr, const Stmt *s)
{
    fputs("if (", pr->out);
    print_expr(pr->out, s->u.if_.cond);
    fputc(')', pr->out);
    open_brace(pr);
    print_block(pr, &s->u.if_.then);
    close_brace(pr, s->u.if_.then.close);
    const Block *els = &s->u.if_.els;
    if (els->n == 0)
        return;
    pr->pending_nl = false; /* `} else` stays on the brace's line */
    if (els->n == 1 && els->items[0]->kind == S_IF && !els->close) {
        fputs(" else ", pr->out);
        print_if(pr, els->items[0]);
        return;
    }
    fputs(" else", pr->out);
    open_brace(pr);
    print_block(pr, els);
    close_brace(pr, els->close);
}

static void print_stmt(Printer *pr, const Stmt *s)
{
    FILE *out = pr->out;
    begin_line(pr, s->loc);
    switch (s->kind) {
    case S_ACCESS:
        print_access(out, s);
        break;
    case S_SYNC:
        if (s->u.sync.into)
            fprintf(out, "local %s = ", s->u.sync.into->u.var.name);
        if (s->u.sync.tile)
            print_sync_tile(out, s->u.sync.tile); /* tile.c */
        else if (s->u.sync.grid)
            fputs("sync grid;", out);
        else
            print_sync_fence(out, s->u.sync.unordered); /* fence.c */
        break;
    case S_OPAQUE:
        fputs("opaque;", out);
        break;
    case S_IF:
        print_if(pr, s);
        return;
    case S_LOOP:
        loop_header(pr, s);
        open_brace(pr);
        print_block(pr, &s->u.loop.body);
        close_brace(pr, s->u.loop.body.close);
        return;
    case S_LET:
        fprintf(out, "let %s = ", s->u.let.var->u.var.name);
        print_expr(out, s->u.let.value);
        fputc(';', out);
        break;
    case S_LOCAL:
        if (s->u.local.group != GROUP_THREAD) {
            fprintf(out, "local %s uniform %s;", s->u.local.var->u.var.name, group_name((ShareGroup)s->u.local.group));
            break;
        }
        fprintf(out, "local %s", s->u.local.var->u.var.name);
        print_local_tile(out, s->u.local.tile); /* tile.c */
        fputc(';', out);
        break;
    case S_ASSUME:
        fputs("assume ", out);
        print_expr(out, s->u.assume.cond);
        fputc(';', out);
        break;
    }
    end_line(pr);
}

static void print_block(Printer *pr, const Block *b)
{
    for (int i = 0; i < b->n; i++)
        print_stmt(pr, b->items[i]);
}

/* ---- declarations and kernels ---- */

static void print_array(Printer *pr, const ArrayDecl *d)
{
    begin_line(pr, d->loc);
    fputs(d->mem == MEM_SHARED ? "shared " : "global ", pr->out);
    if (d->elem_type)
        fprintf(pr->out, "%s ", d->elem_type);
    fputs(d->name->u.var.name, pr->out);
    for (int i = 0; i < d->ndims && !d->dims_from_use; i++) {
        fputc('[', pr->out);
        if (d->sizes[i])
            print_expr(pr->out, d->sizes[i]);
        fputc(']', pr->out);
    }
    if (d->width) {
        fputs(" bytes(", pr->out);
        print_expr(pr->out, d->width);
        fputc(')', pr->out);
    }
    if (d->fact) {
        fprintf(pr->out, " %s", array_fact_name((ArrayFact)d->fact));
        if (d->fact_len) {
            fputc('(', pr->out);
            print_expr(pr->out, d->fact_len);
            fputc(')', pr->out);
        }
    }
    fputc(';', pr->out);
    end_line(pr);
}

/* Consecutive variables of one scope share a line: `uniform N, M;`. */
static void print_vars(Printer *pr, const Kernel *k)
{
    for (int i = 0; i < k->nvars;) {
        VarScope scope = k->vars[i].scope;
        begin_line(pr, k->vars[i].name->loc);
        fputs(scope == VAR_UNIFORM ? "uniform " : "const local ", pr->out);
        for (int j = i; i < k->nvars && k->vars[i].scope == scope; i++)
            fprintf(pr->out, "%s%s", i > j ? ", " : "", k->vars[i].name->u.var.name);
        fputc(';', pr->out);
        end_line(pr);
    }
}

static void print_kernel_items(Printer *pr, const Kernel *k)
{
    for (int i = 0; i < k->narrays; i++)
        print_array(pr, &k->arrays[i]);
    print_vars(pr, k);
    pr->want_blank = (k->narrays || k->nvars) && k->body.n;
    print_block(pr, &k->body);
}

void print_program(FILE *out, const Program *p)
{
    Printer pr = {0};
    pr.out = out;
    pr.p = p;
    pr.layout = p->file != NULL;
    pr.at_block_start = true;
    bool bare = p->nkernels == 1 && p->kernels[0]->implicit;
    for (int i = 0; i < p->nkernels; i++) {
        const Kernel *k = p->kernels[i];
        if (bare) {
            print_kernel_items(&pr, k);
            continue;
        }
        pr.want_blank = i > 0;
        begin_line(&pr, k->loc);
        fprintf(out, "kernel %s", k->name);
        open_brace(&pr);
        print_kernel_items(&pr, k);
        close_brace(&pr, k->body.close);
    }
    if (p->nkernels == 0) {
        /* a protocol of empty statements: printing nothing would not parse */
        comments_before(&pr, UINT32_MAX);
        finish_line(&pr);
        fputs(";\n", out);
        return;
    }
    comments_before(&pr, UINT32_MAX);
    finish_line(&pr);
}
