/* `mapkit fmt [-i] FILE...`: the canonical form of protocols. */
#include "cli.h"

#include "diag.h"
#include "parse.h"
#include "print.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static const char usage[] =
    "usage: mapkit fmt [-i] FILE.proto...\n"
    "\n"
    "Prints each protocol in canonical form: one statement per line, native\n"
    "spellings (rd, wr, uniform, assume), minimal parentheses; comments and\n"
    "single blank lines are kept.  fmt(fmt(x)) == fmt(x).  FILE '-' is stdin.\n"
    "\n"
    "  -i          rewrite the files in place (only when they change)\n"
    "  --help      this text\n"
    "  --version   mapkit's version\n"
    "\n"
    "exit status: 0 ok, 2 a file could not be read or has errors\n";

static char *render(const Program *p, size_t *len)
{
    char *text = NULL;
    FILE *mem = open_memstream(&text, len);
    if (!mem)
        return NULL;
    print_program(mem, p);
    fclose(mem);
    return text;
}

/* Writes beside the file and renames, so a failure never leaves it half
 * written. */
static bool write_in_place(const char *path, const char *text, size_t len, Diag *d)
{
    size_t n = strlen(path) + 16;
    char *tmp = malloc(n);
    if (!tmp)
        return false;
    snprintf(tmp, n, "%s.fmt-XXXXXX", path);
    int fd = mkstemp(tmp);
    bool ok = fd >= 0;
    if (ok) {
        struct stat st;
        if (stat(path, &st) == 0)
            fchmod(fd, st.st_mode & 07777);
        FILE *f = fdopen(fd, "wb");
        ok = f && fwrite(text, 1, len, f) == len;
        ok = f && fclose(f) == 0 && ok;
        ok = ok && rename(tmp, path) == 0;
        if (!ok)
            unlink(tmp);
    }
    if (!ok)
        diag_plain(d, SEV_ERROR, path, "cannot rewrite: %s", strerror(errno));
    free(tmp);
    return ok;
}

static SrcFile *load(const char *path, Diag *d)
{
    if (strcmp(path, "-") != 0)
        return src_load(path, d);
    size_t cap = 1 << 16, len = 0, got;
    char *buf = malloc(cap);
    while (buf && (got = fread(buf + len, 1, cap - len, stdin)) > 0) {
        len += got;
        if (len == cap)
            buf = realloc(buf, cap *= 2);
    }
    if (!buf)
        return NULL;
    SrcFile *f = src_from_memory("<stdin>", buf, len);
    free(buf);
    return f;
}

static bool format_file(const char *path, bool in_place, Diag *d)
{
    SrcFile *src = load(path, d);
    if (!src)
        return false;
    Program *p = load_program(src, d);
    bool ok = p != NULL;
    if (ok) {
        size_t len;
        char *text = render(p, &len);
        ok = text != NULL;
        if (ok && !in_place)
            fwrite(text, 1, len, stdout);
        else if (ok && (len != src->len || memcmp(text, src->text, len) != 0))
            ok = write_in_place(path, text, len, d);
        free(text);
    }
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
