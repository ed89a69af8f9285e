/* Builds the PTX AST (ptx.h) for the lemon grammar's actions
 * (ptx_parser.y) and drives lexer and parser (docs/ptx.md, "Reading
 * PTX").  Parsing stops at the first error: PTX is the output of a
 * compiler, and after a broken line a cascade of errors helps nobody. */
#include "ptx.h"

#include "ptx_state.h"
#include "ptx_parser.h"

#include <stdlib.h>
#include <string.h>

void *PtxParseAlloc(void *(*alloc)(size_t));
void PtxParse(void *parser, int kind, PtxToken token, PtxState *ps);
void PtxParseFree(void *parser, void (*release)(void *));

/* Blocks nest this deep at most: nvcc nests two or three (a call sequence,
 * inline asm), and the printer recurses once a level. */
enum { PTX_MAX_NESTING = 1000 };

static const char *tok_text(const PtxToken *t)
{
    return t->loc.file->text + t->loc.off;
}

/* ---- names ---- */

const char *ptx_intern(PtxState *ps, const char *s, size_t n)
{
    return name_table_intern(&ps->names, ps->arena, s, n);
}

const char *ptx_text(PtxState *ps, const PtxToken *t)
{
    return ptx_intern(ps, tok_text(t), t->loc.len);
}

/* A string token's contents, quotes dropped, escapes as written. */
static const char *string_text(PtxState *ps, const PtxToken *t)
{
    return ptx_intern(ps, tok_text(t) + 1, t->loc.len - 2);
}

/* ---- errors ---- */

/* What a token is, for "unexpected ..." */
static const char *token_noun(int kind)
{
    switch (kind) {
    case PTK_IDENT:
    case PTK_DOTTED:
        return "name ";
    case PTK_PREG:
        return "register ";
    case PTK_NUM:
    case PTK_FLOAT:
        return "number ";
    case PTK_STRING:
        return "string ";
    case PTK_INIT:
        return "initializer ";
    case PTK_DOTWORD:
    case PTK_VERSION:
    case PTK_TARGET:
    case PTK_ADDRSIZE:
    case PTK_FILE:
    case PTK_LOC:
    case PTK_LINK:
    case PTK_ENTRY:
    case PTK_FUNC:
    case PTK_SPACE:
    case PTK_ALIGN:
    case PTK_PTR:
    case PTK_ATTRIBUTE:
    case PTK_PERF:
    case PTK_PRAGMA:
    case PTK_CALLPROTOTYPE:
    case PTK_CALLTARGETS:
    case PTK_BRANCHTARGETS:
        return "directive ";
    default:
        return "";
    }
}

/* Only blanks before it on its line: where a directive would start. */
static bool first_on_line(const PtxToken *t)
{
    const char *text = t->loc.file->text;
    for (uint32_t i = t->loc.off; i > 0 && text[i - 1] != '\n'; i--)
        if (text[i - 1] != ' ' && text[i - 1] != '\t')
            return false;
    return true;
}

void ptx_syntax_error(PtxState *ps, const PtxToken *t)
{
    ps->failed = true;
    if (t->kind == 0) {
        diag_at(ps->diag, SEV_ERROR, t->loc, "syntax error: unexpected end of file");
        if (ps->nbraces)
            diag_at(ps->diag, SEV_NOTE, ps->braces[ps->nbraces - 1], "to match this '{'");
        return;
    }
    int n = (int)(t->loc.len > 40 ? 40 : t->loc.len);
    const char *cut = t->loc.len > 40 ? "..." : "";
    if (t->kind == PTK_DOTWORD && first_on_line(t))
        diag_at(ps->diag, SEV_ERROR, t->loc, "unknown directive '%.*s'%s", n, tok_text(t), cut);
    else
        diag_at(ps->diag, SEV_ERROR, t->loc, "syntax error: unexpected %s'%.*s'%s", token_noun(t->kind), n,
                tok_text(t), cut);
}

/* A number a directive takes, which must fit in 32 bits. */
static uint32_t small_number(PtxState *ps, const PtxToken *n, const char *what)
{
    if (n->num > UINT32_MAX) {
        diag_at(ps->diag, SEV_ERROR, n->loc, "%s '%.*s' out of range", what, (int)n->loc.len, tok_text(n));
        return 0;
    }
    return (uint32_t)n->num;
}

/* ---- module scope ---- */

static void add_item(PtxState *ps, PtxItemKind kind, Loc loc, void *node)
{
    PtxItem it = {kind, loc, {0}};
    PtxModule *m = ps->m;
    switch (kind) {
    case PTX_ITEM_VAR:
        it.u.var = node;
        ARENA_PUSH(ps->arena, m->vars, m->nvars, it.u.var);
        break;
    case PTX_ITEM_FUNC:
        it.u.func = node;
        ARENA_PUSH(ps->arena, m->funcs, m->nfuncs, it.u.func);
        break;
    case PTX_ITEM_FILE:
        it.u.file = node;
        ARENA_PUSH(ps->arena, m->files, m->nfiles, it.u.file);
        break;
    case PTX_ITEM_PRAGMA:
        it.u.pragma = node;
        break;
    }
    ARENA_PUSH(ps->arena, m->items, m->nitems, it);
}

/* .version MAJOR.MINOR */
void ptx_version(PtxState *ps, const PtxToken *kw, const PtxToken *v)
{
    const char *s = tok_text(v), *end = s + v->loc.len;
    char *dot;
    unsigned long major = strtoul(s, &dot, 10), minor = 0;
    bool ok = v->form == PTX_FLOAT_DECIMAL && dot < end && *dot == '.' && dot + 1 < end;
    for (const char *p = dot + 1; ok && p < end; p++)
        ok = *p >= '0' && *p <= '9';
    if (ok)
        minor = strtoul(dot + 1, NULL, 10);
    if (!ok || major > 99 || minor > 99) {
        diag_at(ps->diag, SEV_ERROR, v->loc, "a PTX version is MAJOR.MINOR, e.g. 8.5");
        return;
    }
    if (ps->m->version_major) {
        diag_at(ps->diag, SEV_ERROR, kw->loc, "a second '.version' directive");
        return;
    }
    ps->m->version_major = (uint32_t)major;
    ps->m->version_minor = (uint32_t)minor;
}

/* .target sm_75[, texmode_independent, debug] */
void ptx_target(PtxState *ps, const PtxToken *name)
{
    const char *s = ptx_text(ps, name);
    ARENA_PUSH(ps->arena, ps->m->targets, ps->m->ntargets, s);
}

/* .address_size 32|64 */
void ptx_address_size(PtxState *ps, const PtxToken *kw, const PtxToken *n)
{
    if (n->num != 32 && n->num != 64)
        diag_at(ps->diag, SEV_ERROR, n->loc, "'.address_size' is 32 or 64");
    else if (ps->m->address_size)
        diag_at(ps->diag, SEV_ERROR, kw->loc, "a second '.address_size' directive");
    else
        ps->m->address_size = (uint32_t)n->num;
}

/* .file N "name"[, timestamp, size] */
void ptx_file(PtxState *ps, const PtxToken *kw, const PtxToken *index, const PtxToken *name, const PtxNums *extra)
{
    PtxFile *f = arena_alloc(ps->arena, sizeof *f);
    f->loc = loc_span(kw->loc, name->loc);
    f->index = small_number(ps, index, "file index");
    f->name = string_text(ps, name);
    f->has_stamp = extra->n == 2;
    f->timestamp = extra->v[0];
    f->size = extra->v[1];
    if (ptx_file_name(ps->m, f->index))
        diag_at(ps->diag, SEV_ERROR, index->loc, "file %u was named already", f->index);
    add_item(ps, PTX_ITEM_FILE, f->loc, f);
}

/* .pragma "string"[, "string"]; at module scope */
void ptx_module_pragma(PtxState *ps, const PtxToken *kw, const PtxStrings *s)
{
    PtxStrings *p = arena_alloc(ps->arena, sizeof *p);
    *p = *s;
    add_item(ps, PTX_ITEM_PRAGMA, kw->loc, p);
}

PtxStrings ptx_strings(PtxState *ps, const PtxStrings *list, const PtxToken *s)
{
    PtxStrings l = *list;
    const char *text = string_text(ps, s);
    ARENA_PUSH(ps->arena, l.items, l.n, text);
    return l;
}

/* ---- declarations ---- */

/* SPACE words: `.shared .align 4 .b8` before the names */
void ptx_decl_head(PtxState *ps, const PtxToken *space, const PtxWords *w)
{
    ps->space = (PtxSpace)space->num;
    ps->space_loc = space->loc;
    ps->words = *w;
    ps->pending = NULL;
    ps->npending = 0;
}

/* A type (`.u32`) or a vector size (`.v4`) among a declaration's words. */
void ptx_word(PtxState *ps, PtxWords *w, const PtxToken *word)
{
    const char *name = ptx_intern(ps, tok_text(word) + 1, word->loc.len - 1);
    if (name[0] == 'v' && (!strcmp(name, "v2") || !strcmp(name, "v4") || !strcmp(name, "v8"))) {
        if (w->type.vec)
            diag_at(ps->diag, SEV_ERROR, word->loc, "a second vector size");
        w->type.vec = (uint8_t)(name[1] - '0');
        return;
    }
    PtxType t;
    if (!ptx_type_named(name, &t)) {
        diag_at(ps->diag, SEV_ERROR, word->loc, "unknown type '.%s'", name);
        return;
    }
    if (w->type.name) {
        diag_at(ps->diag, SEV_ERROR, word->loc, "a second type, after '.%s'", w->type.name);
        return;
    }
    t.vec = w->type.vec;
    w->type = t;
}

/* .align N: the variable's, or after .ptr the pointee's */
void ptx_word_align(PtxState *ps, PtxWords *w, const PtxToken *n)
{
    if (n->num == 0 || n->num > UINT32_MAX || (n->num & (n->num - 1))) {
        diag_at(ps->diag, SEV_ERROR, n->loc, "'.align' takes a power of two");
        return;
    }
    if (w->ptr)
        w->ptr_align = (uint32_t)n->num;
    else
        w->align = (uint32_t)n->num;
}

/* `.ptr .global`: the space a pointer parameter points into */
void ptx_word_space(PtxState *ps, PtxWords *w, const PtxToken *space)
{
    PtxSpace s = (PtxSpace)space->num;
    if (!w->ptr || w->ptr_space)
        diag_at(ps->diag, SEV_ERROR, space->loc,
                "a state space among a declaration's attributes comes only after '.ptr'");
    else if (s != PTX_SPACE_CONST && s != PTX_SPACE_GLOBAL && s != PTX_SPACE_LOCAL && s != PTX_SPACE_SHARED)
        diag_at(ps->diag, SEV_ERROR, space->loc, "'.ptr' points into .const, .global, .local or .shared");
    else
        w->ptr_space = s;
}

/* .attribute(.managed) */
void ptx_word_attribute(PtxState *ps, PtxWords *w, const PtxToken *attr)
{
    if (attr->loc.len == 8 && !memcmp(tok_text(attr), ".managed", 8))
        w->managed = true;
    else
        diag_at(ps->diag, SEV_ERROR, attr->loc, "unknown attribute '%.*s' (.managed is the one known)",
                (int)attr->loc.len, tok_text(attr));
}

/* name[dims] [= init] */
void ptx_decl_name(PtxState *ps, const PtxToken *name, const PtxDims *dims, const PtxToken *init)
{
    PtxPending p = {*name, name->loc, *dims, *init, false, 0};
    ARENA_PUSH(ps->arena, ps->pending, ps->npending, p);
}

/* name<count>: registers name0 .. name(count-1) */
void ptx_decl_range(PtxState *ps, const PtxToken *name, const PtxToken *count, const PtxToken *gt)
{
    uint32_t n = small_number(ps, count, "register count");
    PtxPending p = {*name, loc_span(name->loc, gt->loc), {NULL, 0}, {0}, true, n};
    if (count->num == 0)
        diag_at(ps->diag, SEV_ERROR, count->loc, "a register range declares at least one register");
    ARENA_PUSH(ps->arena, ps->pending, ps->npending, p);
}

PtxDims ptx_dim(PtxState *ps, const PtxDims *dims, const PtxToken *n)
{
    PtxDims d = *dims;
    int64_t size = -1; /* name[]: sized elsewhere (.extern) or by its initializer */
    if (n->kind) {
        if (n->num == 0 || n->num > INT64_MAX)
            diag_at(ps->diag, SEV_ERROR, n->loc, "an array dimension is positive");
        size = (int64_t)n->num;
    }
    ARENA_PUSH(ps->arena, d.items, d.n, size);
    return d;
}

/* The pending name p as a variable of the declaration being read. */
static PtxVar make_var(PtxState *ps, const PtxPending *p, bool param)
{
    PtxVar v;
    memset(&v, 0, sizeof v);
    v.loc = p->name.loc;
    v.space = ps->space;
    v.align = ps->words.align;
    v.type = ps->words.type;
    v.name = ptx_text(ps, &p->name);
    v.dims = p->dims.items;
    v.ndims = p->dims.n;
    v.managed = ps->words.managed;
    v.ptr = ps->words.ptr;
    v.ptr_space = ps->words.ptr_space;
    v.ptr_align = ps->words.ptr_align;
    if (p->init.kind) {
        v.init = ptx_intern(ps, tok_text(&p->init), p->init.loc.len);
        v.init_loc = p->init.loc;
    }
    if (!v.type.name)
        diag_at(ps->diag, SEV_ERROR, p->name.loc, "'%s' is declared without a type", v.name);
    if (p->range)
        diag_at(ps->diag, SEV_ERROR, p->loc, "only '.reg' declares a range of registers");
    if (v.ptr && !param)
        diag_at(ps->diag, SEV_ERROR, p->name.loc, "'.ptr' is an attribute of a kernel parameter");
    if (param && v.init)
        diag_at(ps->diag, SEV_ERROR, p->init.loc, "a parameter has no initializer");
    return v;
}

/* A declaration at module scope: `.visible .global .align 4 .b8 x[8];` */
void ptx_module_decl(PtxState *ps, unsigned link, const PtxToken *end)
{
    (void)end;
    if (ps->space == PTX_SPACE_REG || ps->space == PTX_SPACE_PARAM) {
        diag_at(ps->diag, SEV_ERROR, ps->space_loc, "'.%s' declarations belong inside a function",
                ptx_space_name(ps->space));
        return;
    }
    for (int i = 0; i < ps->npending; i++) {
        PtxVar *v = arena_alloc(ps->arena, sizeof *v);
        *v = make_var(ps, &ps->pending[i], false);
        v->link = link;
        add_item(ps, PTX_ITEM_VAR, v->loc, v);
    }
}

/* ---- functions ---- */

/* A bare register name (`.reg .pred p;` in inline asm) is a register in
 * the block that declares it and those inside. */
static void scope_push(PtxState *ps, const char *name)
{
    if (ps->nscope == ps->capscope) {
        ps->capscope = ps->capscope ? 2 * ps->capscope : 16;
        ps->scope_names = xrealloc(ps->scope_names, (size_t)ps->capscope * sizeof *ps->scope_names);
        ps->scope_depths = xrealloc(ps->scope_depths, (size_t)ps->capscope * sizeof *ps->scope_depths);
    }
    ps->scope_names[ps->nscope] = name;
    ps->scope_depths[ps->nscope++] = ps->nblocks;
}

static bool scope_has(const PtxState *ps, const char *name)
{
    for (int i = ps->nscope - 1; i >= 0; i--)
        if (ps->scope_names[i] == name)
            return true;
    return false;
}


/* [links] .entry / .func: the function whose header follows */
void ptx_begin_func(PtxState *ps, unsigned link, PtxFuncKind kind, const PtxToken *kw)
{
    PtxFunc *f = arena_alloc(ps->arena, sizeof *f);
    f->link = link;
    f->kind = kind;
    f->loc = kw->loc;
    ps->func = f;
    ps->src = NULL;
    ps->nscope = 0;
    ps->sig_rets = &f->rets;
    ps->sig_nrets = &f->nrets;
    ps->sig_has_rets = &f->has_rets;
    ps->sig_params = &f->params;
    ps->sig_nparams = &f->nparams;
    ps->sig_has_params = &f->has_params;
}

void ptx_func_name(PtxState *ps, const PtxToken *name)
{
    ps->func->name = ptx_text(ps, name);
    ps->func->loc = name->loc;
}

/* '(' opening returns (rets) or parameters */
void ptx_sig_open(PtxState *ps, bool rets)
{
    ps->in_rets = rets;
    bool *has = rets ? ps->sig_has_rets : ps->sig_has_params;
    if (has) /* a prototype's parameters are always written: no flag */
        *has = true;
}

/* `.param .u64 .ptr .global .align 8 name`, `.reg .b32 r` */
void ptx_param(PtxState *ps)
{
    if (ps->space != PTX_SPACE_PARAM && ps->space != PTX_SPACE_REG) {
        diag_at(ps->diag, SEV_ERROR, ps->space_loc, "a parameter is '.param' or '.reg', not '.%s'",
                ptx_space_name(ps->space));
        return;
    }
    PtxVar v = make_var(ps, &ps->pending[0], true);
    if (v.space == PTX_SPACE_REG && v.name[0] != '%')
        scope_push(ps, v.name); /* `.func (.reg .b32 r) f(.reg .b32 x)`: registers in its body */
    if (ps->in_rets)
        ARENA_PUSH(ps->arena, *ps->sig_rets, *ps->sig_nrets, v);
    else
        ARENA_PUSH(ps->arena, *ps->sig_params, *ps->sig_nparams, v);
}

PtxNums ptx_num(PtxState *ps, const PtxNums *list, const PtxToken *n)
{
    PtxNums l = *list;
    l.loc = l.n ? loc_span(l.loc, n->loc) : n->loc;
    if (l.n == 3)
        diag_at(ps->diag, SEV_ERROR, n->loc, "at most three numbers");
    else
        l.v[l.n++] = n->num;
    return l;
}

/* .maxntid 256, 1, 1 and the other performance directives */
void ptx_perf(PtxState *ps, const PtxToken *kw, const PtxNums *nums)
{
    PtxPerfKind k = (PtxPerfKind)kw->num;
    int least = 1, most = 1;
    if (k == PTX_PERF_MAXNTID || k == PTX_PERF_REQNTID || k == PTX_PERF_REQNCTAPERCLUSTER)
        most = 3;
    else if (k == PTX_PERF_EXPLICITCLUSTER || k == PTX_PERF_NORETURN)
        least = most = 0;
    if (nums->n < least || nums->n > most) {
        if (least == most)
            diag_at(ps->diag, SEV_ERROR, kw->loc, "'.%s' takes %s", ptx_perf_name(k),
                    most ? "one number" : "no number");
        else
            diag_at(ps->diag, SEV_ERROR, kw->loc, "'.%s' takes one to three numbers", ptx_perf_name(k));
        return;
    }
    PtxPerf p;
    memset(&p, 0, sizeof p);
    p.kind = k;
    p.loc = nums->n ? loc_span(kw->loc, nums->loc) : kw->loc;
    p.nvals = nums->n;
    for (int i = 0; i < nums->n; i++) {
        if (nums->v[i] > UINT32_MAX)
            diag_at(ps->diag, SEV_ERROR, nums->loc, "'.%s' takes 32-bit numbers", ptx_perf_name(k));
        p.vals[i] = (uint32_t)nums->v[i];
    }
    ARENA_PUSH(ps->arena, ps->func->perf, ps->func->nperf, p);
}

/* `.pragma "nounroll";` in a function's header */
void ptx_perf_pragma(PtxState *ps, const PtxToken *kw, const PtxStrings *s)
{
    PtxPerf p;
    memset(&p, 0, sizeof p);
    p.kind = PTX_PERF_PRAGMA;
    p.loc = kw->loc;
    p.pragma = *s;
    ARENA_PUSH(ps->arena, ps->func->perf, ps->func->nperf, p);
}

/* the ';' of a declaration, or (end NULL) the '}' of the body */
void ptx_end_func(PtxState *ps, const PtxToken *end)
{
    (void)end;
    PtxFunc *f = ps->func;
    if (f->kind == PTX_ENTRY && f->has_rets)
        diag_at(ps->diag, SEV_ERROR, f->loc, "a kernel (.entry) returns nothing");
    add_item(ps, PTX_ITEM_FUNC, f->loc, f);
    ps->func = NULL;
    ps->src = NULL;
    ps->nscope = 0;
}

/* ---- bodies ---- */

static PtxStmt *add_stmt(PtxState *ps, PtxStmtKind kind, Loc loc)
{
    PtxStmt *s = arena_alloc(ps->arena, sizeof *s);
    s->kind = kind;
    s->loc = loc;
    if (ps->nblocks) {
        PtxBlock *b = ps->blocks[ps->nblocks - 1];
        ARENA_PUSH(ps->arena, b->items, b->n, s);
    }
    return s;
}

/* '{': a function's body, or a block inside it */
void ptx_open_block(PtxState *ps, const PtxToken *lbrace)
{
    PtxBlock *b;
    if (ps->nblocks == 0) {
        b = arena_alloc(ps->arena, sizeof *b);
        if (ps->func)
            ps->func->body = b;
    } else {
        b = &add_stmt(ps, PTX_S_BLOCK, lbrace->loc)->u.block;
    }
    b->open = lbrace->loc;
    if (ps->nblocks == ps->capblocks) {
        ps->capblocks = ps->capblocks ? 2 * ps->capblocks : 16;
        ps->blocks = xrealloc(ps->blocks, (size_t)ps->capblocks * sizeof *ps->blocks);
    }
    ps->blocks[ps->nblocks++] = b;
}

void ptx_close_block(PtxState *ps, const PtxToken *rbrace)
{
    if (!ps->nblocks)
        return;
    PtxBlock *b = ps->blocks[--ps->nblocks];
    b->close = rbrace->loc;
    if (ps->nblocks) { /* the statement of a nested block spans its braces */
        PtxBlock *outer = ps->blocks[ps->nblocks - 1];
        outer->items[outer->n - 1]->loc = loc_span(b->open, b->close);
    }
    while (ps->nscope && ps->scope_depths[ps->nscope - 1] > ps->nblocks)
        ps->nscope--;
}

/* NAME: */
void ptx_label(PtxState *ps, const PtxToken *name)
{
    add_stmt(ps, PTX_S_LABEL, name->loc)->u.label = ptx_text(ps, name);
}

/* A declaration in a body: `.reg .b32 %r<12>;` (one statement for all
 * its names) or `.local .align 8 .b8 depot[16];` (one a name). */
void ptx_body_decl(PtxState *ps, const PtxToken *end)
{
    if (ps->space != PTX_SPACE_REG) {
        for (int i = 0; i < ps->npending; i++) {
            PtxStmt *s = add_stmt(ps, PTX_S_VAR, loc_span(ps->space_loc, end->loc));
            s->u.var = make_var(ps, &ps->pending[i], false);
        }
        return;
    }
    PtxStmt *s = add_stmt(ps, PTX_S_REG, loc_span(ps->space_loc, end->loc));
    s->u.reg.type = ps->words.type;
    if (!ps->words.type.name)
        diag_at(ps->diag, SEV_ERROR, ps->space_loc, "a register declaration without a type");
    if (ps->words.align || ps->words.ptr || ps->words.managed)
        diag_at(ps->diag, SEV_ERROR, ps->space_loc, "a register declaration takes a type only");
    for (int i = 0; i < ps->npending; i++) {
        const PtxPending *p = &ps->pending[i];
        PtxRegName r = {p->loc, ptx_text(ps, &p->name), p->count};
        if (p->dims.n || p->init.kind)
            diag_at(ps->diag, SEV_ERROR, p->loc, "a register has no dimensions and no initializer");
        if (r.name[0] != '%')
            scope_push(ps, r.name);
        ARENA_PUSH(ps->arena, s->u.reg.names, s->u.reg.nnames, r);
    }
}

/* .loc FILE LINE COL: the source position of the instructions after it */
void ptx_loc(PtxState *ps, const PtxToken *kw, const PtxToken *file, const PtxToken *line, const PtxToken *col)
{
    PtxStmt *s = add_stmt(ps, PTX_S_LOC, loc_span(kw->loc, col->loc));
    s->u.src.file = small_number(ps, file, "file index");
    s->u.src.line = small_number(ps, line, "line");
    s->u.src.col = small_number(ps, col, "column");
    ps->loc_stmt = s;
    ps->src = &s->u.src;
}

/* `, function_name LABEL[+N]` after a .loc (the inlined callee's name) */
void ptx_loc_function(PtxState *ps, const PtxToken *word, const PtxToken *label, const PtxToken *offset)
{
    if (word->loc.len != 13 || memcmp(tok_text(word), "function_name", 13)) {
        diag_at(ps->diag, SEV_ERROR, word->loc, "unknown '.loc' attribute '%.*s'", (int)word->loc.len,
                tok_text(word));
        return;
    }
    PtxLocDir *d = &ps->loc_stmt->u.src;
    d->function_name = ptx_text(ps, label);
    if (offset) {
        if (offset->num > INT64_MAX)
            diag_at(ps->diag, SEV_ERROR, offset->loc, "offset out of range");
        d->function_offset = (int64_t)offset->num;
    }
    ps->loc_stmt->loc = loc_span(ps->loc_stmt->loc, (offset ? offset : label)->loc);
}

/* `, inlined_at FILE LINE COL` after a .loc */
void ptx_loc_inlined(PtxState *ps, const PtxToken *word, const PtxToken *f, const PtxToken *l, const PtxToken *c)
{
    if (word->loc.len != 10 || memcmp(tok_text(word), "inlined_at", 10)) {
        diag_at(ps->diag, SEV_ERROR, word->loc, "unknown '.loc' attribute '%.*s'", (int)word->loc.len,
                tok_text(word));
        return;
    }
    PtxLocDir *d = &ps->loc_stmt->u.src;
    d->inlined = true;
    d->inlined_file = small_number(ps, f, "file index");
    d->inlined_line = small_number(ps, l, "line");
    d->inlined_col = small_number(ps, c, "column");
    ps->loc_stmt->loc = loc_span(ps->loc_stmt->loc, c->loc);
}

/* .pragma "nounroll"; in a body */
void ptx_pragma(PtxState *ps, const PtxToken *kw, const PtxStrings *s, const PtxToken *end)
{
    add_stmt(ps, PTX_S_PRAGMA, loc_span(kw->loc, end->loc))->u.pragma = *s;
}

/* NAME: .callprototype [(rets)] _ (params); */
void ptx_begin_proto(PtxState *ps, const PtxToken *name, const PtxToken *kw)
{
    PtxStmt *s = add_stmt(ps, PTX_S_PROTOTYPE, loc_span(name->loc, kw->loc));
    PtxProto *p = &s->u.proto;
    p->name = ptx_text(ps, name);
    ps->proto = s;
    ps->sig_rets = &p->rets;
    ps->sig_nrets = &p->nrets;
    ps->sig_has_rets = &p->has_rets;
    ps->sig_params = &p->params;
    ps->sig_nparams = &p->nparams;
    ps->sig_has_params = NULL;
}

void ptx_end_proto(PtxState *ps, const PtxToken *end)
{
    ps->proto->loc = loc_span(ps->proto->loc, end->loc);
    ps->proto = NULL;
}

/* NAME: .branchtargets L1, L2;  NAME: .calltargets f, g; */
void ptx_targets(PtxState *ps, const PtxToken *name, const PtxToken *kw, const PtxNameList *names,
                 const PtxToken *end)
{
    PtxTargets *t = &add_stmt(ps, PTX_S_TARGETS, loc_span(name->loc, end->loc))->u.targets;
    t->name = ptx_text(ps, name);
    t->calls = kw->kind == PTK_CALLTARGETS;
    t->names = names->items;
    t->n = names->n;
}

PtxNameList ptx_names_push(PtxState *ps, const PtxNameList *list, const PtxToken *name)
{
    PtxNameList l = *list;
    const char *s = ptx_text(ps, name);
    ARENA_PUSH(ps->arena, l.items, l.n, s);
    return l;
}

/* @%p / @!%p before an instruction */
void ptx_guard(PtxState *ps, const PtxToken *at, PtxOperand *pred)
{
    if (pred->kind != PTX_OPND_REG || pred->comp)
        diag_at(ps->diag, SEV_ERROR, pred->loc, "a guard is a predicate register");
    pred->loc = loc_span(at->loc, pred->loc);
    ps->guard = pred;
}

/* [guard] opcode[.mod]* operands; */
void ptx_instr(PtxState *ps, const PtxToken *opcode, const PtxOpList *ops, const PtxToken *end)
{
    PtxOperand *guard = ps->guard;
    ps->guard = NULL;
    PtxStmt *s = add_stmt(ps, PTX_S_INSTR, loc_span(guard ? guard->loc : opcode->loc, end->loc));
    PtxInstr *in = &s->u.instr;
    const char *text = tok_text(opcode), *stop = text + opcode->loc.len;
    const char *dot = memchr(text, '.', (size_t)(stop - text));
    if (!dot)
        dot = stop;
    in->opcode = ptx_intern(ps, text, (size_t)(dot - text));
    in->op = ptx_opcode_named(in->opcode);
    while (dot < stop) { /* each modifier runs to the next '.' ("L2::128B" has none) */
        const char *from = dot + 1;
        dot = memchr(from, '.', (size_t)(stop - from));
        if (!dot)
            dot = stop;
        const char *mod = ptx_intern(ps, from, (size_t)(dot - from));
        ARENA_PUSH(ps->arena, in->mods, in->nmods, mod);
    }
    in->guard = guard;
    in->ops = ops->items;
    in->nops = ops->n;
    in->src = ps->src;
}

/* ---- operands ---- */

static PtxOperand *operand(PtxState *ps, PtxOperandKind kind, Loc loc)
{
    PtxOperand *o = arena_alloc(ps->arena, sizeof *o);
    o->kind = kind;
    o->loc = loc;
    return o;
}

/* %tid and its kin take a component (.x, .y, .z); the others none. */
static bool special_register(const char *name, bool *vector)
{
    static const char *const vectors[] = {"%tid", "%ntid", "%ctaid", "%nctaid", "%clusterid", "%nclusterid",
                                          "%cluster_ctaid", "%cluster_nctaid"};
    static const char *const scalars[] = {
        "%laneid", "%warpid", "%nwarpid", "%smid", "%nsmid", "%gridid", "%lanemask_eq", "%lanemask_le",
        "%lanemask_lt", "%lanemask_ge", "%lanemask_gt", "%clock", "%clock_hi", "%clock64", "%globaltimer",
        "%globaltimer_lo", "%globaltimer_hi", "%total_smem_size", "%aggr_smem_size", "%dynamic_smem_size",
        "%is_explicit_cluster", "%cluster_ctarank", "%cluster_nctarank", "%reserved_smem_offset_begin",
        "%reserved_smem_offset_end", "%reserved_smem_offset_cap", "%current_graph_exec"};
    for (size_t i = 0; i < sizeof vectors / sizeof *vectors; i++)
        if (!strcmp(name, vectors[i]))
            return *vector = true;
    *vector = false;
    for (size_t i = 0; i < sizeof scalars / sizeof *scalars; i++)
        if (!strcmp(name, scalars[i]))
            return true;
    /* %pm0..%pm7, %pm0_64..%pm7_64, %envreg0..%envreg31, %reserved_smem_offset_<2> */
    const char *digits = !strncmp(name, "%pm", 3) ? name + 3 : !strncmp(name, "%envreg", 7) ? name + 7 : NULL;
    if (!digits || !*digits)
        return !strcmp(name, "%reserved_smem_offset_<2>");
    char *end;
    unsigned long k = strtoul(digits, &end, 10);
    if (digits[0] == '%' || (digits[0] == '0' && digits[1] >= '0' && digits[1] <= '9'))
        return false;
    if (name[1] == 'p')
        return k < 8 && (!*end || !strcmp(end, "_64"));
    return k < 32 && !*end;
}

/* %r1, %tid.x, %v.y, or a bare name: a register declared by .reg in an
 * enclosing block, else a symbol (variable, parameter, function, label) */
PtxOperand *ptx_name_op(PtxState *ps, const PtxToken *name)
{
    const char *text = tok_text(name);
    size_t n = name->loc.len;
    char comp = 0;
    if (text[0] == '%' && n > 2 && text[n - 2] == '.') {
        comp = text[n - 1];
        n -= 2;
    }
    const char *s = ptx_intern(ps, text, n);
    bool vector;
    PtxOperandKind kind = text[0] != '%' ? (scope_has(ps, s) ? PTX_OPND_REG : PTX_OPND_SYM)
                          : special_register(s, &vector) ? PTX_OPND_SREG
                                                         : PTX_OPND_REG;
    if (kind == PTX_OPND_SREG && comp && !vector)
        diag_at(ps->diag, SEV_ERROR, name->loc, "special register '%s' has no component '.%c'", s, comp);
    PtxOperand *o = operand(ps, kind, name->loc);
    o->name = s;
    o->comp = comp;
    return o;
}

/* !%p */
PtxOperand *ptx_negate(PtxState *ps, const PtxToken *bang, PtxOperand *o)
{
    if (o->kind != PTX_OPND_REG)
        diag_at(ps->diag, SEV_ERROR, o->loc, "'!' negates a predicate register");
    o->neg = true;
    o->loc = loc_span(bang->loc, o->loc);
    return o;
}

PtxOperand *ptx_sink(PtxState *ps, const PtxToken *t)
{
    return operand(ps, PTX_OPND_SINK, t->loc);
}

/* 42, -1, 0xFFU, 017, 0b101 */
PtxOperand *ptx_int(PtxState *ps, const PtxToken *minus, const PtxToken *n)
{
    PtxOperand *o = operand(ps, PTX_OPND_INT, minus ? loc_span(minus->loc, n->loc) : n->loc);
    o->minus = minus != NULL;
    o->bits = minus ? (uint64_t)0 - n->num : n->num;
    o->radix = n->radix;
    o->usuffix = n->usuffix;
    return o;
}

/* 0f3F800000, 0d3FF0000000000000, 1.5 (each maybe after '-') */
PtxOperand *ptx_float(PtxState *ps, const PtxToken *minus, const PtxToken *f)
{
    PtxOperand *o = operand(ps, PTX_OPND_FLOAT, minus ? loc_span(minus->loc, f->loc) : f->loc);
    o->minus = minus != NULL;
    o->form = f->form;
    o->bits = f->num;
    o->value = minus ? -f->value : f->value;
    if (f->form == PTX_FLOAT_DECIMAL)
        o->text = ptx_text(ps, f);
    return o;
}

/* [base], [base+N], [base+-N] */
PtxOperand *ptx_addr(PtxState *ps, const PtxToken *lb, PtxOperand *base, const PtxOperand *off, const PtxToken *rb)
{
    PtxOperand *o = operand(ps, PTX_OPND_ADDR, loc_span(lb->loc, rb->loc));
    if (base->neg)
        diag_at(ps->diag, SEV_ERROR, base->loc, "an address is a register, a variable or a number");
    o->base = base;
    if (off) {
        o->has_offset = true;
        o->offset = (int64_t)off->bits;
    }
    return o;
}

/* {a, b} (VEC) and (a, b) (LIST): their items are plain operands */
PtxOperand *ptx_group(PtxState *ps, PtxOperandKind kind, const PtxToken *open, const PtxOpList *items,
                      const PtxToken *close)
{
    PtxOperand *o = operand(ps, kind, loc_span(open->loc, close->loc));
    for (int i = 0; i < items->n; i++) {
        PtxOperandKind k = items->items[i]->kind;
        if (k == PTX_OPND_VEC || k == PTX_OPND_LIST || k == PTX_OPND_TEX || k == PTX_OPND_PAIR ||
            (k == PTX_OPND_ADDR && kind == PTX_OPND_VEC))
            diag_at(ps->diag, SEV_ERROR, items->items[i]->loc, "unexpected operand in a %s",
                    kind == PTX_OPND_VEC ? "vector" : "call's list");
    }
    o->items = items->items;
    o->nitems = items->n;
    return o;
}

/* %r1|%p2 */
PtxOperand *ptx_pair(PtxState *ps, PtxOperand *a, PtxOperand *b)
{
    PtxOperand *o = operand(ps, PTX_OPND_PAIR, loc_span(a->loc, b->loc));
    o->items = arena_alloc(ps->arena, 2 * sizeof *o->items);
    o->items[0] = a;
    o->items[1] = b;
    o->nitems = 2;
    return o;
}

/* [tex, {x, y}], [surf, sampler, {x}] */
PtxOperand *ptx_tex(PtxState *ps, const PtxToken *lb, PtxOperand *first, const PtxOpList *rest,
                    const PtxToken *rb)
{
    PtxOperand *o = operand(ps, PTX_OPND_TEX, loc_span(lb->loc, rb->loc));
    o->items = arena_alloc(ps->arena, (size_t)(rest->n + 1) * sizeof *o->items);
    o->items[0] = first;
    memcpy(o->items + 1, rest->items, (size_t)rest->n * sizeof *o->items);
    o->nitems = rest->n + 1;
    return o;
}

PtxOpList ptx_ops_push(PtxState *ps, const PtxOpList *list, PtxOperand *o)
{
    PtxOpList l = *list;
    ARENA_PUSH(ps->arena, l.items, l.n, o);
    return l;
}

/* ---- driver ---- */

/* The '{' still open, for the end-of-file note; a '}' is popped after the
 * parser took it, so its reductions still see the block open. */
static bool track_braces(PtxState *ps, const PtxToken *t, bool after)
{
    if (!after && t->kind == PTK_LBRACE) {
        if (ps->nbraces == PTX_MAX_NESTING) {
            diag_at(ps->diag, SEV_ERROR, t->loc, "blocks nested too deeply (more than %d levels)",
                    PTX_MAX_NESTING);
            return false;
        }
        if (ps->nbraces == ps->capbraces) {
            ps->capbraces = ps->capbraces ? 2 * ps->capbraces : 16;
            ps->braces = xrealloc(ps->braces, (size_t)ps->capbraces * sizeof *ps->braces);
        }
        ps->braces[ps->nbraces++] = t->loc;
    } else if (after && t->kind == PTK_RBRACE && ps->nbraces) {
        ps->nbraces--;
    }
    return true;
}

PtxModule *ptx_parse(const SrcFile *file, Arena *arena, Diag *d)
{
    PtxState ps;
    memset(&ps, 0, sizeof ps);
    ps.arena = arena;
    ps.diag = d;
    ps.m = arena_alloc(arena, sizeof *ps.m);
    ps.m->src = file;
    PtxLexer lx;
    ptx_lexer_init(&lx, file, d, arena, ps.m);
    void *parser = PtxParseAlloc(xmalloc);
    int errors_before = d->errors;
    PtxToken t;
    memset(&t, 0, sizeof t);
    do {
        ps.prev = t;
        ptx_lex(&lx, &t);
        ps.last = t;
        if (lx.fatal || !track_braces(&ps, &t, false))
            break; /* the lexer said why the input ended */
        PtxParse(parser, t.kind, t, &ps);
        track_braces(&ps, &t, true);
    } while (t.kind != 0 && !ps.failed && d->errors == errors_before);
    PtxParseFree(parser, free);
    free(ps.braces);
    name_table_free(&ps.names);
    free(ps.blocks);
    free(ps.scope_names);
    free(ps.scope_depths);
    if (d->errors == errors_before && ps.failed) /* never accept what the parser gave up on */
        diag_at(d, SEV_ERROR, ps.last.loc, "syntax error: the parser could not go on");
    const char *missing = !ps.m->version_major ? ".version" : !ps.m->ntargets ? ".target" : NULL;
    if (d->errors == errors_before && missing)
        diag_at(d, SEV_ERROR, loc_at(file, 0), "no '%s' directive: a PTX module opens with '.version' and '.target'",
                missing);
    return d->errors == errors_before ? ps.m : NULL;
}
