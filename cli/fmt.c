/* `mapkit fmt [-i] FILE...`: the canonical form of protocols. */
#include "cli.h"
#include "input.h"
#include "output.h"

#include "arena.h"
#include "diag.h"
#include "parse.h"
#include "print.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

/* Does the stream's content equal the source text? */
static bool file_equals(FILE *f, const SrcFile *src)
{
    char buf[1 << 14];
    size_t at = 0, got;
    rewind(f);
    while ((got = fread(buf, 1, sizeof buf, f)) > 0) {
        if (at + got > src->len || memcmp(buf, src->text + at, got) != 0)
            return false;
        at += got;
    }
    return at == src->len;
}

static const char usage[] =
    "usage: mapkit fmt [-i] FILE.proto...\n"
    "\n"
    "Prints each protocol in canonical form: one statement per line, native\n"
    "spellings (rd, wr, uniform, assume), minimal parentheses; comments and\n"
    "single blank lines are kept.  fmt(fmt(x)) == fmt(x).  FILE '-' is stdin.\n"
    "\n"
    "  -i          rewrite the files in place (only when they change; regular files,\n"
    "              a symbolic link's target; never half written)\n"
    "  --max-input-size=BYTES  refuse a file or header larger than this (K, M, G; default 64M)\n"
    "  --help      this text\n"
    "  --version   mapkit's version\n"
    "\n"
    "exit status: 0 ok, 2 a file could not be read, has errors or could not be written\n";

/* Through output.h: printed beside the file and renamed over it, so a
 * failure never leaves it half written, and a symbolic link's target is
 * rewritten while the link stays; an unchanged file is not touched.
 * Nothing is held in memory but the program itself. */
static bool write_in_place(const char *path, const Program *p, const SrcFile *src)
{
    OutFile out;
    if (!output_open(&out, "fmt", path, NULL, 0, true))
        return false;
    print_program(out.f, p);
    bool same = fflush(out.f) == 0 && !ferror(out.f) && (size_t)ftell(out.f) == src->len && file_equals(out.f, src);
    if (same) {
        output_discard(&out);
        return true;
    }
    return output_commit(&out);
}

/* A device or FIFO has nothing to rewrite, and reading a FIFO would wait
 * for a writer. */
static bool rewritable(const char *path, Diag *d)
{
    struct stat st;
    if (stat(path, &st) == 0 && !S_ISREG(st.st_mode)) {
        diag_plain(d, SEV_ERROR, path, "-i rewrites regular files only");
        return false;
    }
    return true;
}

static bool format_file(const char *path, bool in_place, Diag *d)
{
    if (in_place && !rewritable(path, d))
        return false;
    SrcFile *src = input_source(path, d);
    if (!src)
        return false;
    Program *p = load_program(src, d);
    bool ok = p != NULL;
    if (ok && in_place)
        ok = write_in_place(path, p, src);
    else if (ok)
        print_program(stdout, p);
    program_free(p);
    src_free(src);
    return ok;
}

int cmd_fmt(int argc, char **argv)
{
    bool in_place = false;
    int first = 1, code;
    for (; first < argc && argv[first][0] == '-' && argv[first][1]; first++) {
        const char *a = argv[first];
        if (cli_common_flag(a, usage, &code))
            return code;
        if (strcmp(a, "-i") == 0) {
            in_place = true;
        } else if (strcmp(a, "--") == 0) {
            first++;
            break;
        } else {
            cli_usage_error("fmt", "unknown option '%s'", a);
            return EXIT_INPUT;
        }
    }
    if (first == argc) {
        cli_usage_error("fmt", "no input file");
        return EXIT_INPUT;
    }
    Diag d;
    diag_init(&d, stderr);
    bool ok = true;
    for (int i = first; i < argc; i++) {
        if (in_place && strcmp(argv[i], "-") == 0) {
            cli_usage_error("fmt", "-i cannot rewrite stdin");
            return EXIT_INPUT;
        }
        ok = format_file(argv[i], in_place, &d) && ok;
    }
    return ok ? EXIT_OK : EXIT_INPUT;
}
