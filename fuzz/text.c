/* Protocols as text and back (docs/language.md Sec. 5, canonical form) for the fuzzer (docs/fuzz.md). */
#include "text.h"

#include "equal.h"
#include "parse.h"
#include "print.h"

#include <stdlib.h>
#include <string.h>

/* A diagnostics sink that drops everything, opened once. */
static FILE *null_sink(void)
{
    static FILE *sink;
    if (!sink)
        sink = fopen("/dev/null", "w");
    return sink;
}

bool parsed_load(Parsed *p, const char *name, const char *text, FILE *errors)
{
    Diag d;
    diag_init(&d, errors ? errors : null_sink());
    p->src = src_from_memory(name, text, strlen(text));
    p->prog = d.out ? load_program(p->src, &d) : NULL;
    if (!p->prog) {
        src_free(p->src);
        p->src = NULL;
        return false;
    }
    return true;
}

void parsed_free(Parsed *p)
{
    program_free(p->prog);
    src_free(p->src);
    p->prog = NULL;
    p->src = NULL;
}

char *canonical_text(Program *p)
{
    char *text = NULL;
    size_t len = 0;
    FILE *out = open_memstream(&text, &len);
    if (!out) {
        perror("mapkit fuzz: open_memstream");
        abort();
    }
    /* Without its file the printer lays out from the tree alone: edited
     * trees keep locations that no longer describe their text. */
    const SrcFile *file = p->file;
    p->file = NULL;
    print_program(out, p);
    p->file = file;
    fclose(out);
    return text;
}

bool roundtrip_ok(Program *p, const char **why)
{
    const char *fail = NULL;
    char *once = canonical_text(p);
    Parsed again;
    if (!parsed_load(&again, "roundtrip.proto", once, NULL)) {
        fail = "the canonical text does not parse";
    } else {
        char *twice = canonical_text(again.prog);
        if (!program_equal(p, again.prog))
            fail = "the canonical text parses to another tree";
        else if (strcmp(once, twice) != 0)
            fail = "printing is not idempotent";
        free(twice);
        parsed_free(&again);
    }
    free(once);
    if (why)
        *why = fail;
    return !fail;
}

static int block_stmt_count(const Block *b)
{
    int n = 0;
    for (int i = 0; i < b->n; i++) {
        const Stmt *s = b->items[i];
        n++;
        if (s->kind == S_IF)
            n += block_stmt_count(&s->u.if_.then) + block_stmt_count(&s->u.if_.els);
        else if (s->kind == S_LOOP)
            n += block_stmt_count(&s->u.loop.body);
    }
    return n;
}

int program_stmt_count(const Program *p)
{
    int n = 0;
    for (int i = 0; i < p->nkernels; i++)
        n += block_stmt_count(&p->kernels[i]->body);
    return n;
}
