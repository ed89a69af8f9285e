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

#include "annotations_header.h"
#include "attr_macros.h"
#include "chevrons.h"
#include "cuda_header.h"
#include "dialect.h"
#include "half_header.h"
#include "include_dirs.h"
#include "known_headers.h"
#include "parse_timed.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define FAKE_DIR "/__mapkit__/include"
#define FAKE_HEADER FAKE_DIR "/__mapkit_cuda.h"
#define FAKE_CL_HEADER FAKE_DIR "/__mapkit_opencl.h" /* GPUVerify's annotations */

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
void path_tidy(const char *path, char *out, size_t n)
{
    size_t k = 0;
    for (size_t i = 0; path[i] && k + 1 < n; i++) {
        if (path[i] == '.' && path[i + 1] == '/' && k > 0 && path[i - 1] == '/') {
            i++; /* skip "./" after a slash */
            continue;
        }
        out[k++] = path[i];
    }
    out[k] = '\0';
}

static bool exists_in(const char *dir, const char *name, char *path, size_t n)
{
    struct stat st;
    snprintf(path, n, "%s/%s", dir, name);
    return access(path, R_OK) == 0 && stat(path, &st) == 0 && S_ISREG(st.st_mode);
}

/* One scan of a file's includes and of the headers they reach. */
typedef struct Scan {
    const InferOptions *o;
    const IncludeDirs *dirs; /* the project's usual folders, tried after -I */
    Unsaved *u;
    char **seen; /* the project headers already scanned (an include cycle must not loop) */
    int nseen, seen_cap;
    Diag *d;
    bool refused; /* an include names a file that must not be read (include_refused) */
    bool moves; /* some project file names std::forward or std::move (below) */
    bool vectors; /* some project file names a vector type (float4, int2, ...) */
} Scan;

/* Headers we serve ourselves: a guessed folder never hides them (a
 * project's src/ holding a math.h of its own is not what <math.h> means
 * without the -I that names it). */
static bool served_by_us(const char *name)
{
    const char *text;
    unsigned long len;
    return infer_builtin_covers(name) || infer_known_header(name, &text, &len);
}

/* The user's header the file names: found next to the file (quoted), in
 * an -I folder, or in one of the project's usual folders, as clang will
 * find it; its path goes to path. */
static bool project_header(const Scan *s, const char *name, bool quoted, const char *file_dir, char *path,
                           size_t n)
{
    if (quoted && exists_in(file_dir, name, path, n))
        return true;
    for (int i = 0; s->o && i < s->o->ninclude_dirs; i++)
        if (exists_in(s->o->include_dirs[i], name, path, n))
            return true;
    if (served_by_us(name))
        return false;
    for (int i = 0; i < s->dirs->nguessed; i++)
        if (exists_in(s->dirs->guessed[i], name, path, n))
            return true;
    return false;
}

enum { MAX_HEADER_DEPTH = 16, MAX_HEADERS_SCANNED = 512 };

static bool scan_once(Scan *s, const char *path)
{
    if (s->nseen >= MAX_HEADERS_SCANNED)
        return false;
    for (int i = 0; i < s->nseen; i++)
        if (strcmp(s->seen[i], path) == 0)
            return false;
    char *copy = strdup(path);
    VEC_PUSH(s->seen, s->nseen, s->seen_cap, copy);
    return true;
}

static void stub_includes_in(Scan *s, const SrcFile *src, bool ours, int depth);

/* A project header's own includes are served the same way (it may name
 * <cuda_runtime.h> too): its kernels are inferred (find_kernels). */
static void scan_header(Scan *s, const char *path, int depth)
{
    if (depth >= MAX_HEADER_DEPTH || !scan_once(s, path))
        return;
    SrcFile *h = src_load(path, s->d);
    if (!h)
        return;
    stub_includes_in(s, h, false, depth + 1);
    src_free(h);
}

/* A text we serve at path: its own includes (the C++ library's stand-in
 * includes the C library's) are served in turn. */
static void serve_text(Scan *s, const char *path, const char *text, unsigned long len, int depth)
{
    unsaved_add(s->u, strdup(path), text, len);
    if (depth >= MAX_HEADER_DEPTH || !strstr(text, "#include"))
        return;
    SrcFile *m = src_from_memory(path, text, len);
    stub_includes_in(s, m, true, depth + 1);
    src_free(m);
}

/* `#include "../inc/helper_math.h"` of a header we know, not there: the
 * stand-in, at the path the include names (other relative includes are
 * left to clang). */
static void serve_known_relative(Scan *s, const char *file_dir, const char *name, int depth)
{
    const char *known;
    unsigned long known_len;
    char path[4096];
    struct stat st;
    snprintf(path, sizeof path, "%s/%s", file_dir, name);
    if (stat(path, &st) != 0 && infer_known_header(name, &known, &known_len))
        serve_text(s, path, known, known_len, depth);
}

/* An include nothing provides, named once per run (at its first
 * include) with what would fix it: the -I of the folder under the project's root that holds a file of
 * that name, else -I or --compdb in general.  A missing <...> include is
 * a library's we do not have (cublas_v2.h, mpi.h) and is named only when
 * the project holds it. */
static void report_missing(Scan *s, const SrcFile *src, size_t at, const char *name, bool quoted)
{
    char *provider = include_dirs_provider(s->dirs, name);
    if ((provider || quoted) && include_first_report(s->d, name, provider ? provider : "")) {
        if (provider)
            diag_at(s->d, SEV_WARNING, loc_at(src, at),
                    "header '%s' not found: it is read as empty, and names it declares stay unknown; "
                    "-I %s would find it",
                    name, provider);
        else
            diag_at(s->d, SEV_WARNING, loc_at(src, at),
                    "header '%s' not found: it is read as empty, and names it declares stay unknown; "
                    "pass its folder with -I or --compdb",
                    name);
    }
    free(provider);
}

/* The name an `#include <name>` or `#include "name"` line names, into
 * name (size n); *quoted and *at (the offset of its opening delimiter). */
static bool include_on_line(const SrcFile *src, size_t line, char *name, size_t n, bool *quoted, size_t *at)
{
    const char *t = src->text;
    size_t i = src->line_starts[line];
    while (i < src->len && (t[i] == ' ' || t[i] == '\t'))
        i++;
    if (i >= src->len || t[i] != '#')
        return false;
    i++;
    while (i < src->len && (t[i] == ' ' || t[i] == '\t'))
        i++;
    if (src->len - i < 7 || strncmp(t + i, "include", 7) != 0)
        return false;
    i += 7;
    if (i < src->len && strncmp(t + i, "_next", 5) == 0)
        i += 5;
    while (i < src->len && (t[i] == ' ' || t[i] == '\t'))
        i++;
    if (i >= src->len || (t[i] != '<' && t[i] != '"'))
        return false;
    char close = t[i] == '<' ? '>' : '"';
    *at = i;
    size_t start = ++i;
    while (i < src->len && t[i] != close && t[i] != '\n')
        i++;
    if (i >= src->len || t[i] != close || i == start || i - start > 200 || i - start >= n)
        return false;
    memcpy(name, t + start, i - start);
    name[i - start] = '\0';
    *quoted = close == '"';
    return true;
}

static bool already_served(const Scan *s, const char *path)
{
    for (int k = 0; k < s->u->n; k++)
        if (strcmp(s->u->files[k].Filename, path) == 0)
            return true;
    return false;
}

/* The file clang would open for an include: the name itself when
 * absolute, else the first folder of its search (the file's own for a
 * quoted name, then -I, then the project's usual folders) holding
 * something of that name that is not a folder (clang passes folders by). */
static bool include_target(const Scan *s, const char *name, bool quoted, const char *file_dir, char *path,
                           size_t n)
{
    struct stat st;
    if (name[0] == '/') {
        snprintf(path, n, "%s", name);
        return stat(path, &st) == 0 && !S_ISDIR(st.st_mode);
    }
    int nfolders = (s->o ? s->o->ninclude_dirs : 0) + s->dirs->nguessed;
    for (int i = quoted ? -1 : 0; i < nfolders; i++) {
        const char *dir = i < 0 ? file_dir
                          : s->o && i < s->o->ninclude_dirs ? s->o->include_dirs[i]
                                                            : s->dirs->guessed[i - (s->o ? s->o->ninclude_dirs : 0)];
        snprintf(path, n, "%s/%s", dir, name);
        if (stat(path, &st) == 0 && !S_ISDIR(st.st_mode))
            return true;
    }
    return false;
}

/* An include of a device, a FIFO or a file over the input limit: clang
 * opens headers itself and reads them whole (/dev/zero without end), so
 * such an include is an error at its line, and nothing is parsed. */
static bool include_refused(Scan *s, const SrcFile *src, const char *file_dir, const char *name, bool quoted,
                            size_t at)
{
    char path[4096], limit[32];
    struct stat st;
    if (!include_target(s, name, quoted, file_dir, path, sizeof path) || stat(path, &st) != 0)
        return false;
    if (S_ISREG(st.st_mode) && (uintmax_t)st.st_size <= src_max_size())
        return false;
    src_size_text(src_max_size(), limit, sizeof limit);
    if (S_ISREG(st.st_mode))
        diag_at(s->d, SEV_ERROR, loc_at(src, at),
                "header '%s' is larger than %s (the limit; --max-input-size raises it)", name, limit);
    else
        diag_at(s->d, SEV_ERROR, loc_at(src, at), "'%s' is not a regular file (a device, FIFO or socket): "
                "an include of it is never read", name);
    s->refused = true;
    return true;
}

/* One include: the project's header is scanned; a header we know gets its
 * stand-in, one of CUDA's the built-in header (an empty file, the header
 * being read first); anything else an empty file, named when the user may
 * have it. */
static void stub_include(Scan *s, const SrcFile *src, const char *file_dir, const char *name, bool quoted,
                         size_t at, int depth)
{
    char found[4096];
    if (include_refused(s, src, file_dir, name, quoted, at))
        return;
    if (strstr(name, "..") && quoted) {
        serve_known_relative(s, file_dir, name, depth);
        return;
    }
    if (strstr(name, "..") || name[0] == '/')
        return;
    if (project_header(s, name, quoted, file_dir, found, sizeof found)) {
        scan_header(s, found, depth);
        return;
    }
    char path[300];
    snprintf(path, sizeof path, "%s/%s", FAKE_DIR, name);
    if (already_served(s, path))
        return;
    const char *known;
    unsigned long known_len;
    if (infer_known_header(name, &known, &known_len)) { /* helper_math.h, <vector>, <cuda/atomic>, CUB */
        serve_text(s, path, known, known_len, depth);
        return;
    }
    if (!infer_builtin_covers(name))
        report_missing(s, src, at, name, quoted);
    unsaved_add(s->u, strdup(path), "", 0);
}

/* Does text name one of CUDA's vector types of 2 to 4 components? */
static bool names_vector_type(const char *text)
{
    static const char *const bases[] = {"float", "double", "int", "uint", "short", "ushort", "char", "uchar"};
    for (size_t i = 0; i < sizeof bases / sizeof bases[0]; i++)
        for (const char *at = strstr(text, bases[i]); at; at = strstr(at + 1, bases[i])) {
            char next = at[strlen(bases[i])];
            if (next >= '2' && next <= '4' && (at == text || !(isalnum((unsigned char)at[-1]) || at[-1] == '_')))
                return true;
        }
    return false;
}

/* Every `#include` the file names that is not found is served: a
 * stand-in, or an empty file (CUDA's headers: our header declares what
 * they do; the user's missing headers: with a warning).  The project
 * headers it includes are scanned in turn.  ours: a text we serve, whose
 * attribute macros are not guessed. */
static void stub_includes_in(Scan *s, const SrcFile *src, bool ours, int depth)
{
    char *file_dir = dir_of(src->path);
    if (!ours)
        attr_macros_scan(src, &s->u->macros, s->d);
    if (!ours && src->text && (strstr(src->text, "std::forward") || strstr(src->text, "std::move")))
        s->moves = true;
    if (!ours && src->text && names_vector_type(src->text))
        s->vectors = true;
    for (size_t line = 0; line < src->nlines; line++) {
        char name[256];
        bool quoted;
        size_t at;
        if (include_on_line(src, line, name, sizeof name, &quoted, &at))
            stub_include(s, src, file_dir, name, quoted, at, depth);
    }
    free(file_dir);
}

/* Serves the includes nothing provides; true when some project file names
 * std::forward or std::move; *vectors, when one names a vector type;
 * *refused, when an include names a file that must not be read (it was
 * reported). */
static bool stub_includes(const SrcFile *src, const InferOptions *o, const IncludeDirs *dirs, Unsaved *u, Diag *d,
                          bool *vectors, bool *refused)
{
    Scan s = {.o = o, .dirs = dirs, .u = u, .d = d};
    stub_includes_in(&s, src, false, 0);
    for (int i = 0; i < s.nseen; i++)
        free(s.seen[i]);
    free(s.seen);
    *vectors = s.vectors;
    *refused = s.refused;
    return s.moves;
}

/* The dialect's language flags (dialect.h), then our CUDA header for
 * CUDA or the OpenCL standard for OpenCL, then the user's -I and -D. */
static const char **build_args(const InferOptions *o, const AttrMacros *guessed, const IncludeDirs *dirs, int *nargs)
{
    const Dialect *dialect = dialect_of(o);
    int nfixed = 0;
    while (dialect->args[nfixed])
        nfixed++;
    int n = nfixed + 2 * (o ? o->ninclude_dirs + o->ndefines : 0) + 6 + 2 * guessed->n + 2 * dirs->nguessed;
    const char **args = xcalloc((size_t)n, sizeof *args);
    int k = 0;
    for (int i = 0; i < nfixed; i++)
        args[k++] = dialect->args[i];
    if (dialect->cuda_prelude) {
        args[k++] = "-include";
        args[k++] = FAKE_HEADER;
    } else {
        args[k++] = o && o->cl_std ? o->cl_std : "-cl-std=CL2.0";
        args[k++] = "-include";
        args[k++] = FAKE_CL_HEADER;
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
    for (int i = 0; i < dirs->nguessed; i++) { /* after ours: <math.h> is never a project's src/math.h */
        args[k++] = "-I";
        args[k++] = dirs->guessed[i];
    }
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
static const char utility[] = "\n#if __has_include(<utility>)\n#include <utility>\n#endif\n";

static char *guarded_header(const InferOptions *o, bool moves, bool vectors, size_t *len)
{
    unsigned long hm_len = 0;
    const char *hm = vectors ? helper_math_prelude(&hm_len) : "";
    size_t annotations_len;
    const char *annotations = annotations_header(false, &annotations_len);
    size_t cap = infer_cuda_header_len() + 1 + annotations_len + hm_len + infer_half_header_len() + sizeof utility + 1,
           used = 0;
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
    memcpy(text + used, annotations, annotations_len);
    used += annotations_len;
    memcpy(text + used, hm, hm_len); /* helper_math's operators, for a file that names a vector type */
    used += hm_len;
    memcpy(text + used, infer_half_header(), infer_half_header_len()); /* cuda_fp16.h, cuda_bf16.h */
    used += infer_half_header_len();
    if (moves) { /* nvcc's cuda_runtime.h includes <utility>: code that names std::forward may rely on it */
        memcpy(text + used, utility, sizeof utility - 1);
        used += sizeof utility - 1;
    }
    for (int i = 0; o && i < o->ndefines; i++) {
        int n = guarded_name(o->defines[i]);
        if (n)
            used += (size_t)sprintf(text + used, "\n#pragma pop_macro(\"%.*s\")", n, o->defines[i]);
    }
    text[used] = '\0';
    *len = used;
    return text;
}

/* Does an error of tu name a vector type (`invalid operands to binary
 * expression ('float4' and 'float4')`, no `make_float3(float4)`) or a
 * function of helper_math.h that nothing declares? */
static bool needs_vector_math(CXTranslationUnit tu)
{
    static const char *const helpers[] = {"'dot'", "'cross'", "'length'", "'normalize'", "'lerp'", "'clamp'",
                                          "'saturate'", "'smoothstep'", "'fracf'", "'reflect'"};
    bool needed = false;
    unsigned n = clang_getNumDiagnostics(tu);
    for (unsigned i = 0; i < n && !needed; i++) {
        CXDiagnostic dg = clang_getDiagnostic(tu, i);
        if (clang_getDiagnosticSeverity(dg) >= CXDiagnostic_Error) {
            CXString msg = clang_getDiagnosticSpelling(dg);
            const char *m = clang_getCString(msg);
            /* a vector's operator or make_float3(float4); a helper no
             * header declares (not `make_pair`: a project's own gap,
             * which these operators would only change the reading of) */
            needed = names_vector_type(m);
            bool undeclared = strstr(m, "undeclared identifier") != NULL;
            for (size_t h = 0; h < sizeof helpers / sizeof helpers[0] && !needed && undeclared; h++)
                needed = strstr(m, helpers[h]) != NULL;
            clang_disposeString(msg);
        }
        clang_disposeDiagnostic(dg);
    }
    return needed;
}

/* A file that includes itself, directly or through others, without a
 * guard: clang enters it until its depth limit (200), so the kernels
 * would come 200 times.  Its error, at the include that went too deep,
 * is ours; true then. */
static bool include_recursion_reported(CXTranslationUnit tu, Diag *d)
{
    bool found = false;
    unsigned n = clang_getNumDiagnostics(tu);
    for (unsigned i = 0; i < n && !found; i++) {
        CXDiagnostic dg = clang_getDiagnostic(tu, i);
        CXString msg = clang_getDiagnosticSpelling(dg);
        found = strncmp(clang_getCString(msg), "#include nested", 15) == 0;
        if (found) {
            CXFile file;
            unsigned line, col;
            clang_getSpellingLocation(clang_getDiagnosticLocation(dg), &file, &line, &col, NULL);
            CXString name = clang_getFileName(file);
            char where[4200];
            snprintf(where, sizeof where, "%s:%u:%u", clang_getCString(name) ? clang_getCString(name) : "?", line,
                     col);
            diag_plain(d, SEV_ERROR, where,
                       "recursive #include: the file is included within itself without end (no include guard "
                       "or #pragma once stops it)");
            clang_disposeString(name);
        }
        clang_disposeString(msg);
        clang_disposeDiagnostic(dg);
    }
    return found;
}

static CXTranslationUnit parse_tu_until(CXIndex *index, const SrcFile *src, const InferOptions *o, double deadline,
                                        Diag *d)
{
    Unsaved u = {0};
    size_t header_len;
    char *closed = launch_chevrons_closed(src->text, src->len); /* `k << < g, b >> >` */
    char *blanked = device_shared_blanked(closed ? closed : src->text, src->len);
    if (blanked) { /* `__device__ __shared__ float t[64];` in a kernel */
        free(closed);
        closed = blanked;
    }
    unsaved_add(&u, strdup(src->path), closed ? closed : src->text, (unsigned long)src->len);
    IncludeDirs dirs;
    include_dirs_guess(src->path, o, &dirs);
    bool vectors = false, refused = false;
    bool moves = stub_includes(src, o, &dirs, &u, d, &vectors, &refused);
    if (refused) {
        include_dirs_free(&dirs);
        attr_macros_free(&u.macros);
        unsaved_free(&u, 0);
        free(closed);
        return NULL;
    }
    char *header = guarded_header(o, moves, false, &header_len);
    if (dialect_of(o)->cuda_prelude)
        unsaved_add(&u, strdup(FAKE_HEADER), header, header_len);
    else {
        size_t n;
        const char *cl = annotations_header(true, &n);
        unsaved_add(&u, strdup(FAKE_CL_HEADER), cl, (unsigned long)n);
    }
    int nargs;
    const char **args = build_args(o, &u.macros, &dirs, &nargs);
    CXTranslationUnit tu = NULL;
    bool abandoned = false;
    enum CXErrorCode err =
        parse_within(index, src->path, args, nargs, u.files, (unsigned)u.n, deadline, &tu, &abandoned);
    if (err == CXError_Success && tu && vectors && dialect_of(o)->cuda_prelude && needs_vector_math(tu)) {
        /* again with helper_math's operators: GPUVerify's prelude and the
         * vendors' samples give them (not before: they cost every file
         * that names a vector type a parse several times as long) */
        clang_disposeTranslationUnit(tu);
        tu = NULL;
        free(header);
        header = guarded_header(o, moves, true, &header_len);
        for (int i = 0; i < u.n; i++)
            if (strcmp(u.files[i].Filename, FAKE_HEADER) == 0) {
                u.files[i].Contents = header;
                u.files[i].Length = (unsigned long)header_len;
            }
        err = parse_within(index, src->path, args, nargs, u.files, (unsigned)u.n, deadline, &tu, &abandoned);
    }
    if (abandoned) {
        diag_plain(d, SEV_WARNING, src->path, "libclang's parse of this file had not ended at the time limit: "
                                              "nothing in it was checked");
        tu = NULL;
    } else if (err != CXError_Success || !tu) {
        diag_plain(d, SEV_ERROR, src->path, "libclang could not parse this file (error %d)", (int)err);
        tu = NULL;
    } else if (include_recursion_reported(tu, d)) {
        clang_disposeTranslationUnit(tu);
        tu = NULL;
    }
    free(args);
    include_dirs_free(&dirs);
    attr_macros_free(&u.macros);
    unsaved_free(&u, 0);
    free(header);
    free(closed);
    return tu;
}

CXTranslationUnit parse_tu(CXIndex index, const SrcFile *src, const InferOptions *o, Diag *d)
{
    return parse_tu_until(&index, src, o, 0, d);
}

CXTranslationUnit parse_tu_timed(CXIndex *index, const SrcFile *src, const InferOptions *o, Diag *d)
{
    return parse_tu_until(index, src, o, o ? o->parse_deadline_ms : 0, d);
}
