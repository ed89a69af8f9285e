/* The PTX reader's test driver (docs/ptx.md, "Reading PTX").
 *
 *   test_ptx [--lines] FILE.ptx...  each file parses, and its printed form
 *                                 parses and prints the same (the round
 *                                 trip); last line "test_ptx: N passed,
 *                                 M failed".  --lines (nvcc -lineinfo's
 *                                 output): every kernel's instructions
 *                                 carry the .loc in effect (nvcc's own
 *                                 library functions may have none), and
 *                                 each .loc names files .file names
 *   test_ptx --print FILE.ptx     the module, printed
 *   test_ptx --dump FILE.ptx      the AST, one node a line, kinds named
 *
 * A file that does not parse gets its diagnostics on stderr and makes the
 * exit status 2; a round trip that differs makes it 1. */
#include "check.h"
#include "ptx.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

/* The text ptx_print writes for m (malloc'd). */
static char *printed(const PtxModule *m, size_t *len)
{
    char *text = NULL;
    FILE *f = open_memstream(&text, len);
    if (!f) {
        perror("open_memstream");
        exit(2);
    }
    ptx_print(f, m);
    fclose(f);
    return text;
}

/* ---- --dump ---- */

static const char *const operand_kinds[] = {"reg", "sreg", "sym", "int", "float", "addr",
                                            "vec", "sink", "pair", "list", "tex"};

static void dump_operand(const PtxOperand *o)
{
    printf("%s%s", o->neg ? "!" : "", operand_kinds[o->kind]);
    switch (o->kind) {
    case PTX_OPND_REG:
    case PTX_OPND_SREG:
    case PTX_OPND_SYM:
        printf(" %s", o->name);
        if (o->comp)
            printf(" .%c", o->comp);
        break;
    case PTX_OPND_INT:
        printf(" %" PRId64 " (radix %u%s)", (int64_t)o->bits, o->radix, o->usuffix ? ", U" : "");
        break;
    case PTX_OPND_FLOAT:
        printf(" %.17g (%s 0x%" PRIX64 ")", o->value,
               o->form == PTX_FLOAT_HEX32 ? "f32" : o->form == PTX_FLOAT_HEX64 ? "f64" : "decimal", o->bits);
        break;
    case PTX_OPND_ADDR:
        printf("(");
        dump_operand(o->base);
        if (o->has_offset)
            printf(" %+" PRId64, o->offset);
        printf(")");
        break;
    case PTX_OPND_SINK:
        break;
    default:
        printf("(");
        for (int i = 0; i < o->nitems; i++) {
            printf(i ? ", " : "");
            dump_operand(o->items[i]);
        }
        printf(")");
    }
}

static void dump_var(const char *what, const PtxVar *v)
{
    printf("%s %s .%s", what, v->name, ptx_space_name(v->space));
    if (v->type.vec)
        printf(" .v%u", v->type.vec);
    printf(" .%s (%u bits)", v->type.name, v->type.bits);
    for (int i = 0; i < v->ndims; i++)
        printf(" [%" PRId64 "]", v->dims[i]);
    if (v->align)
        printf(" align %u", v->align);
    if (v->link)
        printf(" link %u", v->link);
    if (v->managed)
        printf(" managed");
    if (v->ptr)
        printf(" ptr %s%s align %u", v->ptr_space ? "." : "generic", ptx_space_name(v->ptr_space), v->ptr_align);
    if (v->init)
        printf(" init %zu chars", strlen(v->init));
    printf("\n");
}

static void dump_block(const PtxBlock *b, int depth);

static void dump_stmt(const PtxStmt *s, int depth)
{
    printf("%*s%u:%u ", 2 * depth, "", loc_line(s->loc), loc_col(s->loc));
    switch (s->kind) {
    case PTX_S_LABEL:
        printf("label %s\n", s->u.label);
        break;
    case PTX_S_REG:
        printf("reg");
        if (s->u.reg.type.vec)
            printf(" .v%u", s->u.reg.type.vec);
        printf(" .%s", s->u.reg.type.name);
        for (int i = 0; i < s->u.reg.nnames; i++) {
            printf(" %s", s->u.reg.names[i].name);
            if (s->u.reg.names[i].count)
                printf("<%u>", s->u.reg.names[i].count);
        }
        printf("\n");
        break;
    case PTX_S_VAR:
        dump_var("var", &s->u.var);
        break;
    case PTX_S_BLOCK:
        printf("block\n");
        dump_block(&s->u.block, depth + 1);
        break;
    case PTX_S_INSTR: {
        const PtxInstr *in = &s->u.instr;
        printf("instr %s%s", in->opcode, in->op == PTX_OPC_OTHER ? " (other)" : "");
        for (int i = 0; i < in->nmods; i++)
            printf(" .%s", in->mods[i]);
        if (in->guard) {
            printf(" guard ");
            dump_operand(in->guard);
        }
        for (int i = 0; i < in->nops; i++) {
            printf(i ? ", " : " : ");
            dump_operand(in->ops[i]);
        }
        if (in->src)
            printf(" @ %u:%u:%u%s", in->src->file, in->src->line, in->src->col, in->src->inlined ? " inlined" : "");
        PtxCall c;
        if (ptx_call_parts(in, &c))
            printf(" call %s rets %d args %d%s", c.callee->name, c.rets ? c.rets->nitems : -1,
                   c.args ? c.args->nitems : -1, c.proto ? " proto" : "");
        printf("\n");
        break;
    }
    case PTX_S_LOC:
        printf("loc %u %u %u", s->u.src.file, s->u.src.line, s->u.src.col);
        if (s->u.src.function_name)
            printf(" function_name %s%+" PRId64, s->u.src.function_name, s->u.src.function_offset);
        if (s->u.src.inlined)
            printf(" inlined_at %u %u %u", s->u.src.inlined_file, s->u.src.inlined_line, s->u.src.inlined_col);
        printf("\n");
        break;
    case PTX_S_PRAGMA:
        printf("pragma %d\n", s->u.pragma.n);
        break;
    case PTX_S_PROTOTYPE:
        printf("prototype %s rets %d params %d\n", s->u.proto.name, s->u.proto.has_rets ? s->u.proto.nrets : -1,
               s->u.proto.nparams);
        break;
    case PTX_S_TARGETS:
        printf("%s %s %d\n", s->u.targets.calls ? "calltargets" : "branchtargets", s->u.targets.name, s->u.targets.n);
        break;
    }
}

static void dump_block(const PtxBlock *b, int depth)
{
    for (int i = 0; i < b->n; i++)
        dump_stmt(b->items[i], depth);
}

static void dump(const PtxModule *m)
{
    printf("module %u.%u", m->version_major, m->version_minor);
    for (int i = 0; i < m->ntargets; i++)
        printf(" %s", m->targets[i]);
    printf(" address_size %u\n", m->address_size);
    for (int i = 0; i < m->nitems; i++) {
        const PtxItem *it = &m->items[i];
        printf("%u:%u ", loc_line(it->loc), loc_col(it->loc));
        if (it->kind == PTX_ITEM_VAR) {
            dump_var("var", it->u.var);
        } else if (it->kind == PTX_ITEM_FILE) {
            printf("file %u %s\n", it->u.file->index, it->u.file->name);
        } else if (it->kind == PTX_ITEM_PRAGMA) {
            printf("pragma %d\n", it->u.pragma->n);
        } else {
            const PtxFunc *f = it->u.func;
            printf("%s %s link %u%s\n", f->kind == PTX_ENTRY ? "entry" : "func", f->name, f->link,
                   f->body ? "" : " (declaration)");
            for (int k = 0; k < f->nrets; k++)
                dump_var("  ret", &f->rets[k]);
            for (int k = 0; k < f->nparams; k++)
                dump_var("  param", &f->params[k]);
            for (int k = 0; k < f->nperf; k++) {
                printf("  perf %s", ptx_perf_name(f->perf[k].kind));
                for (int v = 0; v < f->perf[k].nvals; v++)
                    printf(" %u", f->perf[k].vals[v]);
                printf("\n");
            }
            if (f->body)
                dump_block(f->body, 1);
        }
    }
    for (int i = 0; i < m->nskipped; i++)
        printf("%u:%u skipped %s\n", loc_line(m->skipped[i].loc), loc_col(m->skipped[i].loc), m->skipped[i].what);
}

/* ---- --lines ---- */

typedef struct LineCount {
    int instrs, located, unnamed;
} LineCount;

static void count_lines(const PtxModule *m, const PtxBlock *b, LineCount *c)
{
    for (int i = 0; i < b->n; i++) {
        const PtxStmt *s = b->items[i];
        if (s->kind == PTX_S_BLOCK)
            count_lines(m, &s->u.block, c);
        if (s->kind == PTX_S_LOC)
            c->unnamed += !ptx_file_name(m, s->u.src.file) ||
                          (s->u.src.inlined && !ptx_file_name(m, s->u.src.inlined_file));
        if (s->kind == PTX_S_INSTR) {
            c->instrs++;
            c->located += s->u.instr.src != NULL;
        }
    }
}

static void check_lines(const char *path, const PtxModule *m)
{
    int unlocated = 0, unnamed = 0;
    for (int i = 0; i < m->nfuncs; i++) {
        LineCount c = {0, 0, 0};
        if (m->funcs[i]->body)
            count_lines(m, m->funcs[i]->body, &c);
        unlocated += m->funcs[i]->kind == PTX_ENTRY && c.instrs && !c.located;
        unnamed += c.unnamed;
    }
    check(unlocated == 0, "%s: %d kernels without a .loc", path, unlocated);
    check(unnamed == 0, "%s: %d .loc directives name a file no .file names", path, unnamed);
}

/* ---- the round trip ---- */

/* parse(x) prints as A; parse(A) prints as A again.  False when x itself
 * does not parse (its diagnostics are on stderr). */
static bool round_trip(const char *path, bool lines, Diag *d)
{
    SrcFile *src = src_load(path, d);
    if (!src)
        return false;
    Arena a1, a2;
    arena_init(&a1);
    arena_init(&a2);
    bool ok = false;
    PtxModule *m = ptx_parse(src, &a1, d);
    if (m) {
        ok = true;
        if (lines)
            check_lines(path, m);
        size_t n1, n2 = 0;
        char *p1 = printed(m, &n1), *p2 = NULL;
        char name[4096];
        snprintf(name, sizeof name, "%s (printed)", path);
        SrcFile *again = src_from_memory(name, p1, n1);
        PtxModule *m2 = ptx_parse(again, &a2, d);
        if (m2)
            p2 = printed(m2, &n2);
        check(m2 != NULL, "%s: its printed form does not parse", path);
        check(!m2 || (n1 == n2 && !memcmp(p1, p2, n1)), "%s: printed again, it differs", path);
        free(p1);
        free(p2);
        src_free(again);
    }
    arena_free(&a1);
    arena_free(&a2);
    src_free(src);
    return ok;
}

int main(int argc, char **argv)
{
    Diag d;
    diag_init(&d, stderr);
    d.max_errors = 0;
    if (argc == 3 && (!strcmp(argv[1], "--print") || !strcmp(argv[1], "--dump"))) {
        SrcFile *src = src_load(argv[2], &d);
        if (!src)
            return 2;
        Arena a;
        arena_init(&a);
        PtxModule *m = ptx_parse(src, &a, &d);
        if (m && argv[1][2] == 'p')
            ptx_print(stdout, m);
        else if (m)
            dump(m);
        arena_free(&a);
        src_free(src);
        return m ? 0 : 2;
    }
    bool lines = argc > 1 && !strcmp(argv[1], "--lines");
    if (argc < 2 + lines || argv[1 + lines][0] == '-') {
        fprintf(stderr, "usage: test_ptx [--lines] FILE.ptx... | --print FILE.ptx | --dump FILE.ptx\n");
        return 2;
    }
    check_init("test_ptx");
    int unparsed = 0;
    for (int i = 1 + lines; i < argc; i++) {
        bool ok = round_trip(argv[i], lines, &d);
        check(ok, "%s does not parse", argv[i]);
        unparsed += !ok;
    }
    int status = check_summary("test_ptx");
    return unparsed ? 2 : status;
}
