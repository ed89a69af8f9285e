/* `mapkit fmt [-i] FILE...`: the canonical form of protocols. */
#include "cli.h"
#include "input.h"

#include "arena.h"
#include "diag.h"
#include "parse.h"
#include "print.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

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
    "  -i          rewrite the files in place (only when they change)\n"
    "  --max-input-size=BYTES  refuse a file or header larger than this (K, M, G; default 64M)\n"
    "  --help      this text\n"
    "  --version   mapkit's version\n"
    "\n"
    "exit status: 0 ok, 2 a file could not be read or has errors\n";

/* Prints beside the file and renames over it, so a failure never leaves it
 * half written; an unchanged file is not touched.  Nothing is held in
 * memory but the program itself. */
static bool write_in_place(const char *path, const Program *p, const SrcFile *src, Diag *d)
{
    size_t n = strlen(path) + 16;
    char *tmp = xmalloc(n);
    snprintf(tmp, n, "%s.fmt-XXXXXX", path);
    int fd = mkstemp(tmp);
    FILE *f = fd >= 0 ? fdopen(fd, "w+b") : NULL;
    bool ok = f != NULL;
    bool same = false;
    if (ok) {
        struct stat st;
        if (stat(path, &st) == 0)
            fchmod(fd, st.st_mode & 07777);
        print_program(f, p);
        ok = fflush(f) == 0 && !ferror(f);
        same = ok && (size_t)ftell(f) == src->len && file_equals(f, src);
        ok = fclose(f) == 0 && ok;
        ok = ok && (same || rename(tmp, path) == 0);
    } else if (fd >= 0) {
        close(fd);
    }
    if (!ok)
        diag_plain(d, SEV_ERROR, path, "cannot rewrite: %s", strerror(errno));
    if (!ok || same)
        unlink(tmp);
    free(tmp);
    return ok;
}

static bool format_file(const char *path, bool in_place, Diag *d)
{
    SrcFile *src = input_source(path, d);
    if (!src)
        return false;
    Program *p = load_program(src, d);
    bool ok = p != NULL;
    if (ok && in_place)
        ok = write_in_place(path, p, src, d);
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
