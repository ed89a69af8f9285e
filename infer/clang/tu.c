/* The translation unit (DESIGN.md, "Parsing CUDA without CUDA
 * headers"): libclang parses the file with the dialect's flags, against
 * our in-memory CUDA header, with the user's -I and -D.  Headers we know
 * (known_headers.c) are served from memory; every other header the file
 * names and we do not find is served empty, so a missing #include never
 * stops the parse.  The project's own headers are scanned the same way.
 *
 * Ownership: the served texts and paths are freed once the unit is
 * parsed; the unit is the caller's (clang_disposeTranslationUnit). */
#include "tu.h"

#include "attr_macros.h"
#include "chevrons.h"
#include "cuda_header.h"
#include "dialect.h"
#include "half_header.h"
#include "known_headers.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define FAKE_DIR "/__mapkit__/include"
#define FAKE_HEADER FAKE_DIR "/__mapkit_cuda.h"

typedef struct Unsaved {
    struct CXUnsavedFile *files;
    int n, cap;
    AttrMacros macros; /* `namespace EXPORT name {`: -D EXPORT= */
} Unsaved;

static void unsaved_add(Unsaved *u, char *path, const char *text, unsigned long len)
{
    struct CXUnsavedFile f = {path, text, len};
    VEC_PUSH(u->files, u->n, u->cap, f);
}

static void unsaved_free(Unsaved *u, int from)
{
    for (int i = from; i < u->n; i++)
        free((char *)u->files[i].Filename);
    free(u->files);
}

char *dir_of(const char *path)
{
    const char *slash = strrchr(path, '/');
    size_t n = slash ? (size_t)(slash - path) : 1;
    char *d = xmalloc(n + 1);
    memcpy(d, slash ? path : ".", n);
    d[n] = '\0';
    return d;
}

/* dir/name into path (size n), when that file can be read. */
static bool exists_in(const char *dir, const char *name, char *path, size_t n)
{
    struct stat st;
    snprintf(path, n, "%s/%s", dir, name);
    return access(path, R_OK) == 0 && stat(path, &st) == 0 && S_ISREG(st.st_mode);
}

/* The user's header the file names: found next to the file (quoted) or in
 * an -I folder, as clang will find it; its path goes to path. */
static bool project_header(const char *name, bool quoted, const char *file_dir, const InferOptions *o,
                           char *path, size_t n)
{
    if (quoted && exists_in(file_dir, name, path, n))
        return true;
    for (int i = 0; o && i < o->ninclude_dirs; i++)
        if (exists_in(o->include_dirs[i], name, path, n))
            return true;
    return false;
}

/* The project headers already scanned (an include cycle must not loop). */
typedef struct Scanned {
    char **paths;
    int n, cap;
} Scanned;

enum { MAX_HEADER_DEPTH = 16, MAX_HEADERS_SCANNED = 512 };

static bool scan_once(Scanned *s, const char *path)
{
    if (s->n >= MAX_HEADERS_SCANNED)
        return false;
    for (int i = 0; i < s->n; i++)
        if (strcmp(s->paths[i], path) == 0)
            return false;
    char *copy = strdup(path);
    VEC_PUSH(s->paths, s->n, s->cap, copy);
    return true;
}

static void stub_includes_in(const SrcFile *src, const InferOptions *o, Unsaved *u, Scanned *seen, int depth,
                             Diag *d);

/* A project header's own includes are served the same way (it may name
 * <cuda_runtime.h> too): its kernels are inferred (find_kernels). */
static void scan_header(const char *path, const InferOptions *o, Unsaved *u, Scanned *seen, int depth, Diag *d)
{
    if (depth >= MAX_HEADER_DEPTH || !scan_once(seen, path))
        return;
    SrcFile *h = src_load(path, d);
    if (!h)
        return;
    stub_includes_in(h, o, u, seen, depth + 1, d);
    src_free(h);
}

/* `#include "../inc/helper_math.h"` of a header we know, not there: the
 * stand-in, at the path the include names (other relative includes are
 * left to clang). */
static void serve_known_relative(Unsaved *u, const char *file_dir, const char *name)
{
    const char *known;
    unsigned long known_len;
    char path[4096];
    struct stat st;
    snprintf(path, sizeof path, "%s/%s", file_dir, name);
    if (stat(path, &st) != 0 && infer_known_header(name, &known, &known_len))
        unsaved_add(u, strdup(path), known, known_len);
}

/* Every `#include` the file names that is not found is served as an empty
 * file: CUDA and system headers (our header declares what kernels need),
 * and the user's missing headers (with a warning); the project headers it
 * includes are scanned in turn. */
static void stub_includes_in(const SrcFile *src, const InferOptions *o, Unsaved *u, Scanned *seen, int depth,
                             Diag *d)
{
    char *file_dir = dir_of(src->path);
    const char *t = src->text;
    attr_macros_scan(src, &u->macros, d);
    for (size_t line = 0; line < src->nlines; line++) {
        size_t i = src->line_starts[line];
        while (i < src->len && (t[i] == ' ' || t[i] == '\t'))
            i++;
        if (i >= src->len || t[i] != '#')
            continue;
        i++;
        while (i < src->len && (t[i] == ' ' || t[i] == '\t'))
            i++;
        if (src->len - i < 7 || strncmp(t + i, "include", 7) != 0)
            continue;
        i += 7;
        if (i < src->len && strncmp(t + i, "_next", 5) == 0)
            i += 5;
        while (i < src->len && (t[i] == ' ' || t[i] == '\t'))
            i++;
        if (i >= src->len || (t[i] != '<' && t[i] != '"'))
            continue;
        char close = t[i] == '<' ? '>' : '"';
        size_t start = ++i;
        while (i < src->len && t[i] != close && t[i] != '\n')
            i++;
        if (i >= src->len || t[i] != close || i == start || i - start > 200)
            continue;
        char name[256];
        memcpy(name, t + start, i - start);
        name[i - start] = '\0';
        char found[4096];
        if (strstr(name, "..") && close == '"') {
            serve_known_relative(u, file_dir, name);
            continue;
        }
        if (strstr(name, "..") || name[0] == '/')
            continue;
        if (project_header(name, close == '"', file_dir, o, found, sizeof found)) {
            scan_header(found, o, u, seen, depth, d);
            continue;
        }
        char path[300];
        snprintf(path, sizeof path, "%s/%s", FAKE_DIR, name);
        bool dup = false;
        for (int k = 0; k < u->n && !dup; k++)
            dup = strcmp(u->files[k].Filename, path) == 0;
        if (dup)
            continue;
        const char *known;
        unsigned long known_len;
        if (infer_known_header(name, &known, &known_len)) { /* helper_math.h, <cuda/atomic>, CUB */
            unsaved_add(u, strdup(path), known, known_len);
            continue;
        }
        if (close == '"')
            diag_at(d, SEV_WARNING, loc_at(src, start - 1),
                    "header '%s' not found: it is read as empty, and names it declares stay unknown", name);
        unsaved_add(u, strdup(path), "", 0);
    }
    free(file_dir);
}

static void stub_includes(const SrcFile *src, const InferOptions *o, Unsaved *u, Diag *d)
{
    Scanned seen = {0};
    stub_includes_in(src, o, u, &seen, 0, d);
    for (int i = 0; i < seen.n; i++)
        free(seen.paths[i]);
    free(seen.paths);
}

/* The dialect's language flags (dialect.h), then our CUDA header for
 * CUDA or the OpenCL standard for OpenCL, then the user's -I and -D. */
static const char **build_args(const InferOptions *o, const AttrMacros *guessed, int *nargs)
{
    const Dialect *dialect = dialect_of(o);
    int nfixed = 0;
    while (dialect->args[nfixed])
        nfixed++;
    int n = nfixed + 2 * (o ? o->ninclude_dirs + o->ndefines : 0) + 4 + 2 * guessed->n;
    const char **args = xcalloc((size_t)n, sizeof *args);
    int k = 0;
    for (int i = 0; i < nfixed; i++)
        args[k++] = dialect->args[i];
    if (dialect->cuda_prelude) {
        args[k++] = "-include";
        args[k++] = FAKE_HEADER;
    } else {
        args[k++] = o && o->cl_std ? o->cl_std : "-cl-std=CL2.0";
    }
    if (o && o->std && dialect->cuda_prelude) /* the database's standard for "-std=c++17" */
        for (int i = 0; i < k; i++)
            if (strncmp(args[i], "-std=", 5) == 0)
                args[i] = o->std;
    for (int i = 0; o && i < o->ninclude_dirs; i++) {
        args[k++] = "-I";
        args[k++] = o->include_dirs[i];
    }
    args[k++] = "-I";
    args[k++] = FAKE_DIR; /* after the user's: their headers win */
    for (int i = 0; i < guessed->n; i++) { /* before the user's: theirs win */
        args[k++] = "-D";
        args[k++] = guessed->names[i];
    }
    for (int i = 0; o && i < o->ndefines; i++) {
        args[k++] = "-D";
        args[k++] = o->defines[i];
    }
    *nargs = k;
    return args;
}


bool project_file(CXSourceLocation at, CXFile f, CXFile main_file)
{
    if (!f)
        return false;
    if (clang_File_isEqual(f, main_file))
        return true;
    if (clang_Location_isInSystemHeader(at))
        return false;
    CXString name = clang_getFileName(f);
    const char *n = clang_getCString(name);
    bool ours = n && strncmp(n, FAKE_DIR, strlen(FAKE_DIR)) == 0;
    clang_disposeString(name);
    return !ours;
}

/* The length of the macro name `-D NAME=V` or `-D NAME(x)=...` defines,
 * or 0 when it is reserved (`__CUDA_ARCH__`) and stays. */
static int guarded_name(const char *define)
{
    return define[0] == '_' ? 0 : (int)strcspn(define, "=(");
}

/* Our CUDA header, read before the file: a macro the user defines with -D
 * (`-DN=64`, `-DT=float`) must not rewrite its declarations, so each is
 * set aside around it.  Reserved names (`__CUDA_ARCH__`) may be meant
 * for it and stay.  Malloc'd. */
static char *guarded_header(const InferOptions *o, size_t *len)
{
    size_t cap = infer_cuda_header_len() + 1 + infer_half_header_len() + 1, used = 0;
    for (int i = 0; o && i < o->ndefines; i++)
        cap += 3 * strlen(o->defines[i]) + 64; /* push, #undef and pop name it 3 times */
    char *text = xmalloc(cap);
    for (int i = 0; o && i < o->ndefines; i++) {
        int n = guarded_name(o->defines[i]);
        if (n)
            used += (size_t)sprintf(text + used, "#pragma push_macro(\"%.*s\")\n#undef %.*s\n", n,
                                    o->defines[i], n, o->defines[i]);
    }
    memcpy(text + used, infer_cuda_header(), infer_cuda_header_len());
    used += infer_cuda_header_len();
    text[used++] = '\n';
    memcpy(text + used, infer_half_header(), infer_half_header_len()); /* cuda_fp16.h, cuda_bf16.h */
    used += infer_half_header_len();
    for (int i = 0; o && i < o->ndefines; i++) {
        int n = guarded_name(o->defines[i]);
        if (n)
            used += (size_t)sprintf(text + used, "\n#pragma pop_macro(\"%.*s\")", n, o->defines[i]);
    }
    text[used] = '\0';
    *len = used;
    return text;
}

CXTranslationUnit parse_tu(CXIndex index, const SrcFile *src, const InferOptions *o, Diag *d)
{
    Unsaved u = {0};
    size_t header_len;
    char *header = guarded_header(o, &header_len);
    char *closed = launch_chevrons_closed(src->text, src->len); /* `k << < g, b >> >` */
    unsaved_add(&u, strdup(src->path), closed ? closed : src->text, (unsigned long)src->len);
    if (dialect_of(o)->cuda_prelude)
        unsaved_add(&u, strdup(FAKE_HEADER), header, header_len);
    stub_includes(src, o, &u, d);
    int nargs;
    const char **args = build_args(o, &u.macros, &nargs);
    CXTranslationUnit tu = NULL;
    enum CXErrorCode err = clang_parseTranslationUnit2(index, src->path, args, nargs, u.files, (unsigned)u.n,
                                                       CXTranslationUnit_KeepGoing, &tu);
    if (err != CXError_Success || !tu) {
        diag_plain(d, SEV_ERROR, src->path, "libclang could not parse this file (error %d)", (int)err);
        tu = NULL;
    }
    free(args);
    attr_macros_free(&u.macros);
    unsaved_free(&u, 0);
    free(header);
    free(closed);
    return tu;
}
