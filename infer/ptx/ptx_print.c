/* Writes a PTX module back as PTX (docs/ptx.md, "Reading PTX"), in the
 * layout nvcc uses: directives at the margin, a tab per block level,
 * labels one level out.  Canonical rather than faithful: comments and
 * spacing are gone, numbers keep their radix but not their case, the
 * debug sections come last as they were read, so
 * print(parse(print(parse(x)))) is print(parse(x)). */
#include "ptx.h"

#include <inttypes.h>

static void print_type(FILE *out, const PtxType *t)
{
    if (t->vec)
        fprintf(out, " .v%u", t->vec);
    if (t->name)
        fprintf(out, " .%s", t->name);
}

static void print_strings(FILE *out, const PtxStrings *s)
{
    for (int i = 0; i < s->n; i++)
        fprintf(out, "%s\"%s\"", i ? ", " : " ", s->items[i]);
}

static void print_links(FILE *out, unsigned link)
{
    static const struct {
        unsigned bit;
        const char *word;
    } links[] = {{PTX_LINK_VISIBLE, ".visible "}, {PTX_LINK_EXTERN, ".extern "}, {PTX_LINK_WEAK, ".weak "},
                 {PTX_LINK_COMMON, ".common "}};
    for (size_t i = 0; i < sizeof links / sizeof *links; i++)
        if (link & links[i].bit)
            fputs(links[i].word, out);
}

/* [links] .space [.attribute(.managed)] [.align N] [.vN] .type [.ptr
 * [.space] [.align N]] name[dims] [= init]: without the ';' */
static void print_var(FILE *out, const PtxVar *v)
{
    print_links(out, v->link);
    fprintf(out, ".%s", ptx_space_name(v->space));
    if (v->managed)
        fputs(" .attribute(.managed)", out);
    if (v->align)
        fprintf(out, " .align %" PRIu32, v->align);
    print_type(out, &v->type);
    if (v->ptr) {
        fputs(" .ptr", out);
        if (v->ptr_space)
            fprintf(out, " .%s", ptx_space_name(v->ptr_space));
        if (v->ptr_align)
            fprintf(out, " .align %" PRIu32, v->ptr_align);
    }
    fprintf(out, " %s", v->name);
    for (int i = 0; i < v->ndims; i++) {
        if (v->dims[i] < 0)
            fputs("[]", out);
        else
            fprintf(out, "[%" PRId64 "]", v->dims[i]);
    }
    if (v->init)
        fprintf(out, " = %s", v->init);
}

static void print_operand(FILE *out, const PtxOperand *o);

/* {a, b}, (a, b), [a, b], a|b */
static void print_items(FILE *out, const PtxOperand *o, const char *open, const char *sep, const char *close)
{
    fputs(open, out);
    for (int i = 0; i < o->nitems; i++) {
        if (i)
            fputs(sep, out);
        print_operand(out, o->items[i]);
    }
    fputs(close, out);
}

static void print_int(FILE *out, const PtxOperand *o)
{
    uint64_t mag = o->minus ? (uint64_t)0 - o->bits : o->bits;
    if (o->minus)
        fputc('-', out);
    switch (o->radix) {
    case 16:
        fprintf(out, "0x%" PRIX64, mag);
        break;
    case 8:
        fprintf(out, "0%" PRIo64, mag);
        break;
    case 2: {
        char bits[65];
        int n = 0;
        do {
            bits[n++] = (char)('0' + (mag & 1));
            mag >>= 1;
        } while (mag);
        fputs("0b", out);
        while (n)
            fputc(bits[--n], out);
        break;
    }
    default:
        fprintf(out, "%" PRIu64, mag);
    }
    if (o->usuffix)
        fputc('U', out);
}

static void print_operand(FILE *out, const PtxOperand *o)
{
    switch (o->kind) {
    case PTX_OPND_REG:
    case PTX_OPND_SREG:
    case PTX_OPND_SYM:
        fprintf(out, "%s%s", o->neg ? "!" : "", o->name);
        if (o->comp)
            fprintf(out, ".%c", o->comp);
        break;
    case PTX_OPND_INT:
        print_int(out, o);
        break;
    case PTX_OPND_FLOAT:
        fputs(o->minus ? "-" : "", out);
        if (o->form == PTX_FLOAT_HEX32)
            fprintf(out, "0f%08" PRIX32, (uint32_t)o->bits);
        else if (o->form == PTX_FLOAT_HEX64)
            fprintf(out, "0d%016" PRIX64, o->bits);
        else
            fputs(o->text, out);
        break;
    case PTX_OPND_ADDR:
        fputc('[', out);
        print_operand(out, o->base);
        if (o->has_offset)
            fprintf(out, "+%" PRId64, o->offset);
        fputc(']', out);
        break;
    case PTX_OPND_VEC:
        print_items(out, o, "{", ", ", "}");
        break;
    case PTX_OPND_SINK:
        fputc('_', out);
        break;
    case PTX_OPND_PAIR:
        print_items(out, o, "", "|", "");
        break;
    case PTX_OPND_LIST:
        print_items(out, o, "(", ", ", ")");
        break;
    case PTX_OPND_TEX:
        print_items(out, o, "[", ", ", "]");
        break;
    }
}

static void indent(FILE *out, int depth)
{
    for (int i = 0; i < depth; i++)
        fputc('\t', out);
}

/* (.param .b32 a, .param .b64 b): returns and a call prototype's lists
 * on one line; a function's parameters one a line, as nvcc writes them */
static void print_params(FILE *out, const PtxVar *v, int n, bool lines)
{
    fputs(lines ? "(\n" : "(", out);
    for (int i = 0; i < n; i++) {
        fputs(lines ? "\t" : i ? ", " : "", out);
        print_var(out, &v[i]);
        fputs(!lines ? "" : i + 1 < n ? ",\n" : "\n", out);
    }
    fputc(')', out);
}

static void print_block(FILE *out, const PtxBlock *b, int depth);

static void print_stmt(FILE *out, const PtxStmt *s, int depth)
{
    if (s->kind == PTX_S_LABEL) {
        indent(out, depth - 1);
        fprintf(out, "%s:\n", s->u.label);
        return;
    }
    indent(out, depth);
    switch (s->kind) {
    case PTX_S_LABEL:
        break;
    case PTX_S_REG:
        fputs(".reg", out);
        print_type(out, &s->u.reg.type);
        for (int i = 0; i < s->u.reg.nnames; i++) {
            const PtxRegName *r = &s->u.reg.names[i];
            fprintf(out, "%s%s", i ? ", " : " ", r->name);
            if (r->count)
                fprintf(out, "<%" PRIu32 ">", r->count);
        }
        fputs(";\n", out);
        break;
    case PTX_S_VAR:
        print_var(out, &s->u.var);
        fputs(";\n", out);
        break;
    case PTX_S_BLOCK:
        fputs("{\n", out);
        print_block(out, &s->u.block, depth + 1);
        indent(out, depth);
        fputs("}\n", out);
        break;
    case PTX_S_INSTR: {
        const PtxInstr *in = &s->u.instr;
        if (in->guard) {
            fputc('@', out);
            print_operand(out, in->guard);
            fputc(' ', out);
        }
        fputs(in->opcode, out);
        for (int i = 0; i < in->nmods; i++)
            fprintf(out, ".%s", in->mods[i]);
        for (int i = 0; i < in->nops; i++) {
            fputs(i ? ", " : "\t", out);
            print_operand(out, in->ops[i]);
        }
        fputs(";\n", out);
        break;
    }
    case PTX_S_LOC: {
        const PtxLocDir *d = &s->u.src;
        fprintf(out, ".loc\t%" PRIu32 " %" PRIu32 " %" PRIu32, d->file, d->line, d->col);
        if (d->function_name) {
            fprintf(out, ", function_name %s", d->function_name);
            if (d->function_offset)
                fprintf(out, "+%" PRId64, d->function_offset);
        }
        if (d->inlined)
            fprintf(out, ", inlined_at %" PRIu32 " %" PRIu32 " %" PRIu32, d->inlined_file, d->inlined_line,
                    d->inlined_col);
        fputc('\n', out);
        break;
    }
    case PTX_S_PRAGMA:
        fputs(".pragma", out);
        print_strings(out, &s->u.pragma);
        fputs(";\n", out);
        break;
    case PTX_S_PROTOTYPE: {
        const PtxProto *p = &s->u.proto;
        fprintf(out, "%s : .callprototype ", p->name);
        if (p->has_rets) {
            print_params(out, p->rets, p->nrets, false);
            fputc(' ', out);
        }
        fputs("_ ", out);
        print_params(out, p->params, p->nparams, false);
        fputs(";\n", out);
        break;
    }
    case PTX_S_TARGETS:
        fprintf(out, "%s: %s", s->u.targets.name, s->u.targets.calls ? ".calltargets" : ".branchtargets");
        for (int i = 0; i < s->u.targets.n; i++)
            fprintf(out, "%s%s", i ? ", " : " ", s->u.targets.names[i]);
        fputs(";\n", out);
        break;
    }
}

static void print_block(FILE *out, const PtxBlock *b, int depth)
{
    for (int i = 0; i < b->n; i++)
        print_stmt(out, b->items[i], depth);
}

static void print_func(FILE *out, const PtxFunc *f)
{
    print_links(out, f->link);
    fputs(f->kind == PTX_ENTRY ? ".entry " : ".func ", out);
    if (f->has_rets) {
        print_params(out, f->rets, f->nrets, false);
        fputc(' ', out);
    }
    fputs(f->name, out);
    if (f->has_params)
        print_params(out, f->params, f->nparams, true);
    fputc('\n', out);
    for (int i = 0; i < f->nperf; i++) {
        const PtxPerf *p = &f->perf[i];
        fprintf(out, ".%s", ptx_perf_name(p->kind));
        for (int k = 0; k < p->nvals; k++)
            fprintf(out, "%s%" PRIu32, k ? ", " : " ", p->vals[k]);
        if (p->kind == PTX_PERF_PRAGMA) {
            print_strings(out, &p->pragma);
            fputc(';', out);
        }
        fputc('\n', out);
    }
    if (!f->body) {
        fputs(";\n", out);
        return;
    }
    fputs("{\n", out);
    print_block(out, f->body, 1);
    fputs("}\n", out);
}

void ptx_print(FILE *out, const PtxModule *m)
{
    if (m->version_major)
        fprintf(out, ".version %" PRIu32 ".%" PRIu32 "\n", m->version_major, m->version_minor);
    if (m->ntargets) {
        fputs(".target", out);
        for (int i = 0; i < m->ntargets; i++)
            fprintf(out, "%s%s", i ? ", " : " ", m->targets[i]);
        fputc('\n', out);
    }
    if (m->address_size)
        fprintf(out, ".address_size %" PRIu32 "\n", m->address_size);
    PtxItemKind last = PTX_ITEM_FUNC;
    for (int i = 0; i < m->nitems; i++) {
        const PtxItem *it = &m->items[i];
        if (it->kind == PTX_ITEM_FUNC || it->kind != last) /* a blank line between kinds, around functions */
            fputc('\n', out);
        last = it->kind;
        switch (it->kind) {
        case PTX_ITEM_VAR:
            print_var(out, it->u.var);
            fputs(";\n", out);
            break;
        case PTX_ITEM_FUNC:
            print_func(out, it->u.func);
            break;
        case PTX_ITEM_FILE:
            fprintf(out, ".file\t%" PRIu32 " \"%s\"", it->u.file->index, it->u.file->name);
            if (it->u.file->has_stamp)
                fprintf(out, ", %" PRIu64 ", %" PRIu64, it->u.file->timestamp, it->u.file->size);
            fputc('\n', out);
            break;
        case PTX_ITEM_PRAGMA:
            fputs(".pragma", out);
            print_strings(out, it->u.pragma);
            fputs(";\n", out);
            break;
        }
    }
    /* The debug sections go back as they were, last, where nvcc writes
     * them: a .loc's function_name names a label of .debug_str, and
     * without it ptxas refuses the module. */
    for (int i = 0; i < m->nskipped; i++) {
        Loc l = m->skipped[i].loc;
        fputs(i ? "" : "\n", out);
        fwrite(l.file->text + l.off, 1, l.len, out);
        fputc('\n', out);
    }
}
