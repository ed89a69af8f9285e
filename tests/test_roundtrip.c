/* For every protocol given: fmt is idempotent and parse(print(ast)) equals
 * ast (the printer's contract, dsl/print.h). */
#include "check.h"
#include "diag.h"
#include "equal.h"
#include "parse.h"
#include "print.h"

#include <stdlib.h>
#include <string.h>

static char *render(const Program *p, size_t *len)
{
    char *text = NULL;
    FILE *f = open_memstream(&text, len);
    print_program(f, p);
    fclose(f);
    return text;
}

/* Returns NULL on success, else what went wrong. */
static const char *check_file(const char *path, Diag *d)
{
    static char why[256];
    SrcFile *src = src_load(path, d);
    if (!src)
        return "cannot read";
    Program *p1 = load_program(src, d);
    const char *fail = NULL;
    if (!p1) {
        src_free(src);
        return "does not parse";
    }
    size_t len1, len2;
    char *text1 = render(p1, &len1);
    SrcFile *src2 = src_from_memory(path, text1, len1);
    Program *p2 = load_program(src2, d);
    if (!p2) {
        fail = "printed form does not parse";
    } else if (!program_equal(p1, p2)) {
        fail = "printed form parses to a different AST";
    } else {
        char *text2 = render(p2, &len2);
        if (len1 != len2 || memcmp(text1, text2, len1) != 0) {
            snprintf(why, sizeof why, "fmt is not idempotent");
            fail = why;
        }
        free(text2);
    }
    program_free(p2);
    src_free(src2);
    free(text1);
    program_free(p1);
    src_free(src);
    return fail;
}

int main(int argc, char **argv)
{
    Diag d;
    diag_init(&d, stderr);
    check_init("roundtrip");
    for (int i = 1; i < argc; i++) {
        const char *why = check_file(argv[i], &d);
        check(!why, "%s: %s", argv[i], why ? why : "");
    }
    return check_summary("roundtrip");
}
