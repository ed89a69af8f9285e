/* PTX instructions to CUDA lines through nvcc's .loc (ptx_srcloc.h). */
#include "ptx_srcloc.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

static bool regular_file(const char *path)
{
    struct stat st;
    return stat(path, &st) == 0 && S_ISREG(st.st_mode);
}

static bool same_file(const char *a, const char *b)
{
    struct stat sa, sb;
    return stat(a, &sa) == 0 && stat(b, &sb) == 0 && sa.st_dev == sb.st_dev && sa.st_ino == sb.st_ino;
}

/* The file a `.file` name means, into buf: as written when it is a
 * regular file, else relative to the PTX file's folder (a module kept
 * beside its source, whatever folder it was compiled from).  False when
 * neither is. */
static bool ptx_source_path(const SrcFile *ptx, const char *name, char *buf, size_t n)
{
    if (!name || !name[0])
        return false;
    int len = snprintf(buf, n, "%s", name);
    if (len > 0 && (size_t)len < n && regular_file(buf))
        return true;
    const char *slash = ptx && ptx->path ? strrchr(ptx->path, '/') : NULL;
    if (name[0] == '/' || !slash)
        return false;
    len = snprintf(buf, n, "%.*s/%s", (int)(slash - ptx->path), ptx->path, name);
    return len > 0 && (size_t)len < n && regular_file(buf);
}

void ptx_srclocs_init(PtxSrcLocs *s, Program *p, const PtxModule *m, const SrcFile *ptx, const char *alias)
{
    s->alias = alias;
    s->p = p;
    s->m = m;
    s->ptx = ptx;
    s->files = xcalloc((size_t)m->nfiles + 1, sizeof *s->files);
    s->tried = xcalloc((size_t)m->nfiles + 1, sizeof *s->tried);
}

void ptx_srclocs_free(PtxSrcLocs *s)
{
    free(s->files);
    free(s->tried);
    s->files = NULL;
    s->tried = NULL;
}

/* A source read whole, or NULL without a word: a missing or unreadable
 * source only means that reports keep their PTX lines. */
static SrcFile *read_quietly(const char *path)
{
    FILE *fp = fopen(path, "rb");
    if (!fp)
        return NULL;
    size_t len;
    bool over;
    char *text = src_read_bounded(fp, src_max_size(), &len, &over);
    bool failed = ferror(fp) || over || len >= UINT32_MAX;
    fclose(fp);
    SrcFile *f = failed ? NULL : src_from_memory(path, text, len);
    free(text);
    return f;
}

const SrcFile *ptx_srcloc_file_at(PtxSrcLocs *s, int i)
{
    if (i < 0 || i >= s->m->nfiles)
        return NULL;
    if (!s->tried[i]) {
        s->tried[i] = true;
        char path[4096];
        bool found = ptx_source_path(s->ptx, s->m->files[i]->name, path, sizeof path);
        if (found && s->alias && same_file(path, s->alias))
            snprintf(path, sizeof path, "%s", s->alias);
        SrcFile *f = found ? read_quietly(path) : NULL;
        if (f)
            program_own_file(s->p, f);
        s->files[i] = f;
    }
    return s->files[i];
}

/* The source of .file index `index`, read once. */
static const SrcFile *source_of(PtxSrcLocs *s, uint32_t index)
{
    for (int i = 0; i < s->m->nfiles; i++)
        if (s->m->files[i]->index == index)
            return ptx_srcloc_file_at(s, i);
    return NULL;
}

static bool blank(char c)
{
    return c == ' ' || c == '\t' || c == '\r' || c == '\n';
}

Loc ptx_srcloc(PtxSrcLocs *s, const PtxLocDir *src, Loc fallback)
{
    const SrcFile *f = src && src->line ? source_of(s, src->file) : NULL;
    if (!f || src->line > f->nlines)
        return fallback;
    size_t start = f->line_starts[src->line - 1];
    size_t end = src->line < f->nlines ? f->line_starts[src->line] : f->len;
    while (end > start && blank(f->text[end - 1]))
        end--;
    if (src->col > 0 && src->col - 1 > end - start)
        return fallback; /* a column past the line: the file changed since nvcc read it */
    size_t at = start;
    if (src->col > 0)
        at = start + src->col - 1;
    else
        while (at < end && blank(f->text[at]))
            at++;
    /* a statement ends at its ';'; a loop's or branch's head at its '{' */
    size_t stop = at;
    while (stop < end && f->text[stop] != ';' && f->text[stop] != '{')
        stop++;
    while (stop > at && blank(f->text[stop - 1]))
        stop--;
    Loc l = loc_at(f, at);
    l.len = (uint32_t)(stop - at);
    return l;
}

static bool ident_char(char c)
{
    return isalnum((unsigned char)c) || c == '_';
}

Loc ptx_srcloc_subscript(const PtxSrcLocs *s, Loc l, const char *name)
{
    if (!l.file || l.file == s->ptx || !name || !name[0])
        return l;
    const char *text = l.file->text;
    size_t from = l.off, to = l.off + l.len, n = strlen(name), found = 0, at = 0, stop = 0;
    for (size_t i = from; i + n <= to; i++) {
        if (strncmp(text + i, name, n) != 0 || (i > 0 && ident_char(text[i - 1])) || ident_char(text[i + n]))
            continue;
        size_t j = i + n;
        while (j < to && blank(text[j]))
            j++;
        if (j >= to || text[j] != '[')
            continue;
        /* the subscripts up to the bracket that closes the last of them */
        int depth = 0;
        size_t k = j;
        for (; k < to; k++) {
            depth += text[k] == '[' ? 1 : text[k] == ']' ? -1 : 0;
            if (depth == 0 && text[k] == ']') {
                size_t next = k + 1;
                while (next < to && blank(text[next]))
                    next++;
                if (next >= to || text[next] != '[')
                    break;
            }
        }
        if (k >= to)
            continue;
        found++;
        at = i;
        stop = k + 1;
    }
    if (found != 1)
        return l;
    Loc r = loc_at(l.file, at);
    r.len = (uint32_t)(stop - at);
    return r;
}
