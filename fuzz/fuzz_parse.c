/* libFuzzer target for the .proto front door ([CAV21 App. A] grammar; docs/fuzz.md; the printer's
 * contract of docs/language.md Sec. 5): any bytes either fail to load with
 * a diagnostic, or load, print, and parse back to an equal tree whose
 * printing gives the same text.  Checked twice: as `mapkit fmt` prints
 * (keeping comments and blank lines) and from the tree alone.
 *
 * Built by `make fuzz-smoke` with clang -fsanitize=fuzzer,address,undefined;
 * not part of libmapkit.  Ownership: frees everything it loads. */
#include "equal.h"
#include "parse.h"
#include "print.h"
#include "text.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static FILE *sink(void)
{
    static FILE *devnull;
    if (!devnull)
        devnull = fopen("/dev/null", "w");
    return devnull;
}

static void fail(const char *why, const char *text)
{
    fprintf(stderr, "fuzz_parse: %s\n--- printed text ---\n%s\n", why, text);
    abort();
}

static char *print_with_layout(const Program *p)
{
    char *text = NULL;
    size_t len = 0;
    FILE *out = open_memstream(&text, &len);
    print_program(out, p);
    fclose(out);
    return text;
}

/* print(p) parses to a tree equal to p, and printing that tree again gives
 * the same text. */
static void check_round_trip(Program *p, bool layout)
{
    char *once = layout ? print_with_layout(p) : canonical_text(p);
    Diag d;
    diag_init(&d, sink());
    SrcFile *src = src_from_memory("printed.proto", once, strlen(once));
    Program *q = load_program(src, &d);
    if (!q)
        fail("the printed text does not load", once);
    if (!program_equal(p, q))
        fail("the printed text loads to another tree", once);
    char *twice = layout ? print_with_layout(q) : canonical_text(q);
    if (strcmp(once, twice) != 0)
        fail("printing the reloaded tree gives other text (fmt is not idempotent)", once);
    free(twice);
    program_free(q);
    src_free(src);
    free(once);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    Diag d;
    diag_init(&d, sink());
    SrcFile *src = src_from_memory("fuzz.proto", (const char *)data, size);
    Program *p = load_program(src, &d);
    if (p) {
        check_round_trip(p, true);
        check_round_trip(p, false);
    } else if (d.errors == 0) {
        fail("loading failed without a diagnostic", "(input)");
    }
    program_free(p);
    src_free(src);
    return 0;
}
