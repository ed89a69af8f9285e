/* Compiler-style diagnostics (gcc/clang conventions) and source loading. */
#include "diag.h"

#include "arena.h"

#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* Lines longer than this are echoed as a window around the column, so a
 * 1 MB one-line file still gives a readable message. */
enum { ECHO_WIDTH = 160, ECHO_CONTEXT = 60 };

void diag_init(Diag *d, FILE *out)
{
    memset(d, 0, sizeof *d);
    d->out = out;
    d->color = isatty(fileno(out)) && !getenv("NO_COLOR");
    d->max_errors = DIAG_DEFAULT_MAX_ERRORS;
    static _Atomic unsigned serials;
    d->serial = ++serials;
}

static void index_lines(SrcFile *f)
{
    size_t n = 1;
    for (size_t i = 0; i < f->len; i++)
        n += f->text[i] == '\n';
    f->line_starts = xmalloc(n * sizeof *f->line_starts);
    f->nlines = 0;
    f->line_starts[f->nlines++] = 0;
    for (size_t i = 0; i < f->len; i++)
        if (f->text[i] == '\n')
            f->line_starts[f->nlines++] = (uint32_t)(i + 1);
}

static SrcFile *new_src(const char *path, char *text, size_t len)
{
    SrcFile *f = xcalloc(1, sizeof *f);
    f->path = strcpy(xmalloc(strlen(path) + 1), path);
    f->text = text;
    f->text[len] = '\0';
    f->len = len;
    index_lines(f);
    return f;
}

SrcFile *src_from_memory(const char *name, const char *text, size_t len)
{
    char *copy = xmalloc(len + 1);
    memcpy(copy, text, len);
    return new_src(name, copy, len);
}

/* The most bytes one input file (or header) may hold: a device such as
 * /dev/zero, or a file of gigabytes, must end in an error, never in
 * memory exhausted.  Set once, at start-up, by the command line. */
static size_t max_input_size = SRC_DEFAULT_MAX_SIZE;

void src_set_max_size(size_t bytes)
{
    max_input_size = bytes;
}

size_t src_max_size(void)
{
    return max_input_size;
}

void src_size_text(size_t bytes, char *out, size_t n)
{
    static const char *const units[] = {"GiB", "MiB", "KiB"};
    for (int i = 0; i < 3; i++) {
        size_t unit = (size_t)1 << (10 * (3 - i));
        if (bytes >= unit && bytes % unit == 0) {
            snprintf(out, n, "%zu %s", bytes / unit, units[i]);
            return;
        }
    }
    snprintf(out, n, "%zu bytes", bytes);
}

bool src_parse_size(const char *text, size_t *bytes)
{
    char *end;
    errno = 0;
    if (!(text[0] >= '0' && text[0] <= '9'))
        return false;
    unsigned long long n = strtoull(text, &end, 10);
    static const char suffixes[] = "KMG";
    const char *s = *end ? strchr(suffixes, *end) : NULL;
    unsigned shift = s ? 10 * (unsigned)(s - suffixes + 1) : 0;
    if (errno || (*end && (!s || end[1])) || n == 0 || n > (SIZE_MAX >> shift))
        return false;
    *bytes = (size_t)n << shift;
    return true;
}

void src_too_large(Diag *d, const char *path)
{
    char limit[32];
    src_size_text(max_input_size, limit, sizeof limit);
    diag_plain(d, SEV_ERROR, path, "input larger than %s (the limit; --max-input-size raises it)", limit);
}

/* Reads at most `limit` bytes and one more, in chunks: *over says the
 * stream held more than the limit (read no further: /dev/zero never
 * ends). */
char *src_read_bounded(FILE *fp, size_t limit, size_t *len, bool *over)
{
    size_t cap = 1 << 16, n = 0;
    char *buf = xmalloc(cap + 1);
    size_t got;
    *over = false;
    while ((got = fread(buf + n, 1, cap - n, fp)) > 0) {
        n += got;
        if (n > limit) {
            *over = true;
            break;
        }
        if (n == cap) {
            cap = cap > limit ? limit + 1 : 2 * cap; /* never past the one byte that proves it too large */
            buf = xrealloc(buf, cap + 1);
        }
    }
    *len = n;
    return buf;
}

SrcFile *src_load(const char *path, Diag *d)
{
    struct stat st;
    if (stat(path, &st) != 0) {
        diag_plain(d, SEV_ERROR, path, "%s", strerror(errno));
        return NULL;
    }
    if (S_ISDIR(st.st_mode)) {
        diag_plain(d, SEV_ERROR, path, "is a directory, not a file");
        return NULL;
    }
    if (S_ISREG(st.st_mode) && (uintmax_t)st.st_size > max_input_size) {
        src_too_large(d, path); /* said before a byte is read: a sparse 500 MB file costs nothing */
        return NULL;
    }
    FILE *fp = fopen(path, "rb");
    if (!fp) {
        diag_plain(d, SEV_ERROR, path, "%s", strerror(errno));
        return NULL;
    }
    size_t len;
    bool over;
    char *text = src_read_bounded(fp, max_input_size, &len, &over);
    bool failed = ferror(fp) && !over;
    fclose(fp);
    if (failed || over || len > UINT32_MAX - 1) {
        free(text);
        if (failed)
            diag_plain(d, SEV_ERROR, path, "read error");
        else if (over)
            src_too_large(d, path); /* a device or FIFO, or a file that grew while read */
        else
            diag_plain(d, SEV_ERROR, path, "file too large (more than 4 GB)");
        return NULL;
    }
    return new_src(path, text, len);
}

void src_free(SrcFile *f)
{
    if (!f)
        return;
    free(f->path);
    free(f->text);
    free(f->line_starts);
    free(f);
}

Loc loc_at(const SrcFile *f, size_t off)
{
    return (Loc){f, (uint32_t)off, 0};
}

/* Index of the line holding byte `off`: binary search in line_starts. */
static size_t line_index(const SrcFile *f, uint32_t off)
{
    size_t lo = 0, hi = f->nlines;
    while (hi - lo > 1) {
        size_t mid = lo + (hi - lo) / 2;
        if (f->line_starts[mid] <= off)
            lo = mid;
        else
            hi = mid;
    }
    return lo;
}

uint32_t loc_line(Loc l)
{
    return l.file ? (uint32_t)line_index(l.file, l.off) + 1 : 0;
}

uint32_t loc_col(Loc l)
{
    return l.file ? l.off - l.file->line_starts[line_index(l.file, l.off)] + 1 : 0;
}

Loc loc_span(Loc a, Loc b)
{
    if (!a.file)
        return b;
    if (!b.file || a.file != b.file)
        return a;
    Loc first = a.off <= b.off ? a : b;
    uint32_t end_a = a.off + a.len, end_b = b.off + b.len;
    uint32_t end = end_a > end_b ? end_a : end_b;
    first.len = end - first.off;
    return first;
}

static const char *sev_name(Severity s)
{
    return s == SEV_ERROR ? "error" : s == SEV_WARNING ? "warning" : "note";
}

static const char *sev_color(Severity s)
{
    return s == SEV_ERROR ? "\033[1;31m" : s == SEV_WARNING ? "\033[1;35m" : "\033[1;36m";
}

/* Counts the error; says whether it is still to be printed. */
static bool admit(Diag *d, Severity sev)
{
    if (sev == SEV_WARNING)
        d->warnings++;
    if (sev != SEV_ERROR)
        return true;
    d->errors++;
    if (d->max_errors && d->errors == d->max_errors + 1)
        fprintf(d->out, "mapkit: too many errors (%d); stopping here\n", d->max_errors);
    return !d->max_errors || d->errors <= d->max_errors;
}

static void header(Diag *d, Severity sev, const char *where, const char *fmt, va_list ap)
{
    if (d->color)
        fprintf(d->out, "\033[1m%s: %s%s:\033[0m\033[1m ", where, sev_color(sev), sev_name(sev));
    else
        fprintf(d->out, "%s: %s: ", where, sev_name(sev));
    vfprintf(d->out, fmt, ap);
    fputs(d->color ? "\033[0m\n" : "\n", d->out);
}

size_t utf8_decode(const unsigned char *s, size_t n, uint32_t *cp)
{
    if (n == 0 || s[0] < 0x80) {
        if (n && cp)
            *cp = s[0];
        return n ? 1 : 0;
    }
    size_t len = s[0] >= 0xF0 ? 4 : s[0] >= 0xE0 ? 3 : s[0] >= 0xC0 ? 2 : 0;
    if (len == 0 || len > n || s[0] > 0xF4)
        return 0;
    uint32_t c = s[0] & (0x7Fu >> len);
    for (size_t i = 1; i < len; i++) {
        if ((s[i] & 0xC0) != 0x80)
            return 0;
        c = (c << 6) | (s[i] & 0x3F);
    }
    static const uint32_t least[5] = {0, 0, 0x80, 0x800, 0x10000};
    if (c < least[len] || c > 0x10FFFF || (c >= 0xD800 && c <= 0xDFFF))
        return 0; /* overlong, beyond Unicode, or a surrogate */
    if (cp)
        *cp = c;
    return len;
}

static size_t utf8_len(const unsigned char *s, size_t n)
{
    return utf8_decode(s, n, NULL);
}

/* Echoes text[from, to) so the terminal shows one column per character:
 * control bytes and invalid UTF-8 become '?'. */
static void echo_bytes(FILE *out, const char *text, size_t from, size_t to)
{
    const unsigned char *s = (const unsigned char *)text;
    for (size_t i = from; i < to;) {
        if (s[i] >= 0x80) {
            size_t n = utf8_len(s + i, to - i);
            if (n) {
                fwrite(s + i, 1, n, out);
                i += n;
                continue;
            }
            fputc('?', out);
        } else {
            fputc(s[i] == '\t' || (s[i] >= 0x20 && s[i] < 0x7F) ? s[i] : '?', out);
        }
        i++;
    }
}

/* Blanks as wide as echo_bytes prints text[from, to); tabs are copied so
 * the caret lines up under them. */
static void pad_to(FILE *out, const char *text, size_t from, size_t to)
{
    const unsigned char *s = (const unsigned char *)text;
    for (size_t i = from; i < to;) {
        size_t n = s[i] >= 0x80 ? utf8_len(s + i, to - i) : 0;
        fputc(s[i] == '\t' ? '\t' : ' ', out);
        i += n ? n : 1;
    }
}

/* Bytes of the character at s: a whole UTF-8 sequence, else one byte. */
static size_t char_len(const unsigned char *s, size_t n)
{
    size_t len = utf8_len(s, n);
    return len ? len : 1;
}

typedef struct Mark {
    size_t from, to; /* byte offsets of a range on the echoed line */
} Mark;

static Mark clip_mark(Loc l, size_t line_start, size_t line_end)
{
    size_t from = l.off, to = (size_t)l.off + (l.len ? l.len : 1);
    if (from < line_start)
        from = line_start;
    if (to > line_end + 1)
        to = line_end + 1; /* a caret just past the line marks its end */
    if (to <= from)
        to = from + 1;
    return (Mark){from, to};
}

static void echo_line(Diag *d, Loc loc, const Loc *other)
{
    const SrcFile *f = loc.file;
    if (!f || loc.off > f->len)
        return;
    size_t start = loc.off, end = loc.off;
    while (start > 0 && f->text[start - 1] != '\n')
        start--;
    while (end < f->len && f->text[end] != '\n')
        end++;
    if (end > start && f->text[end - 1] == '\r')
        end--; /* CRLF files: the CR is not part of what the user sees */
    Mark marks[2];
    int nmarks = 0;
    marks[nmarks++] = clip_mark(loc, start, end);
    if (other && other->file == f && other->off >= start && other->off <= end)
        marks[nmarks++] = clip_mark(*other, start, end);
    if (nmarks == 2 && marks[1].from < marks[0].from) {
        Mark t = marks[0];
        marks[0] = marks[1];
        marks[1] = t;
    }

    size_t from = start, to = end;
    bool cut_left = false, cut_right = false;
    if (end - start > ECHO_WIDTH) {
        from = marks[0].from > start + ECHO_CONTEXT ? marks[0].from - ECHO_CONTEXT : start;
        to = from + ECHO_WIDTH < end ? from + ECHO_WIDTH : end;
        cut_left = from > start;
        cut_right = to < end;
    }
    fputs(cut_left ? " ..." : " ", d->out);
    echo_bytes(d->out, f->text, from, to);
    fputs(cut_right ? "...\n" : "\n", d->out);

    fputs(cut_left ? "    " : " ", d->out);
    size_t at = from;
    for (int i = 0; i < nmarks; i++) {
        Mark m = marks[i];
        if (m.from < at || m.from > to)
            continue;
        pad_to(d->out, f->text, at, m.from);
        if (d->color)
            fputs("\033[1;32m", d->out);
        fputc('^', d->out);
        size_t mto = m.to < to ? m.to : to;
        const unsigned char *s = (const unsigned char *)f->text;
        for (size_t j = m.from + char_len(s + m.from, mto - m.from); j < mto;
             j += char_len(s + j, mto - j))
            fputc('~', d->out);
        if (d->color)
            fputs("\033[0m", d->out);
        at = mto > m.from + 1 ? mto : m.from + 1;
    }
    fputc('\n', d->out);
}

static void vdiag(Diag *d, Severity sev, Loc loc, const Loc *other, const char *fmt, va_list ap)
{
    if (!admit(d, sev))
        return;
    char where[4096];
    snprintf(where, sizeof where, "%s:%u:%u", loc.file ? loc.file->path : "<input>",
             loc_line(loc), loc_col(loc));
    header(d, sev, where, fmt, ap);
    echo_line(d, loc, other);
}

void diag_at(Diag *d, Severity sev, Loc loc, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vdiag(d, sev, loc, NULL, fmt, ap);
    va_end(ap);
}

void diag_at2(Diag *d, Severity sev, Loc loc, Loc other, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vdiag(d, sev, loc, &other, fmt, ap);
    va_end(ap);
}

void diag_plain(Diag *d, Severity sev, const char *what, const char *fmt, ...)
{
    if (!admit(d, sev))
        return;
    va_list ap;
    va_start(ap, fmt);
    header(d, sev, what, fmt, ap);
    va_end(ap);
}

void json_string(FILE *out, const char *s)
{
    fputc('"', out);
    for (; s && *s; s++) {
        unsigned char c = (unsigned char)*s;
        if (c == '"' || c == '\\')
            fprintf(out, "\\%c", c);
        else if (c < 0x20)
            fprintf(out, "\\u%04x", c);
        else
            fputc(c, out);
    }
    fputc('"', out);
}
