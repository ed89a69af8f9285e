/* The CUDA front end's entry ([CAV21 Sec. 5] "Inference"; DESIGN.md,
 * "Parsing CUDA without CUDA headers"): libclang parses the .cu file
 * against our in-memory header; every __global__ function defined in the
 * file or in a project header it includes becomes a kernel.  Headers we do
 * not have are served empty, so a missing #include never stops the parse. */
#include "infer.h"

#include "annotations_header.h"
#include "dialect.h"
#include "host.h"
#include "instances.h"
#include "kernel.h"
#include "models.h"
#include "parse_timed.h"
#include "project_link.h"
#include "tu.h"

#include "parse.h"
#include "print.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* ---- the models ---- */

/* The models the front end runs with, and the order of their rows
 * (model.h): this table is where a model is registered.  The order within
 * a tier is the order in which the rows are tried; it is part of their
 * meaning (docs/architecture-infer.md, "To add a library model"). */
static const Model *const models[] = {
    &model_annotations, &model_math, &model_groups, &model_opencl,
    &model_cub,         &model_casloop, &model_templates, &model_generated, &model_last_block,
    &model_libcuxx,
};

static const CallRow rows[] = {
    /* The generator's helpers (docs/codegen.md), by name before any body
     * the generated file gives them.  The same handlers come again among
     * the built-ins, for every name: a `__mapkit_` name none of them took
     * here is refused there too. */
    {TIER_GENERATOR, "__mapkit_", NULL, NULL, annotation_call},
    {TIER_GENERATOR, "__mapkit_", NULL, NULL, byte_helper_call},
    {TIER_GENERATOR, "__mapkit_", NULL, NULL, arith_call},
    {TIER_GENERATOR, "__mapkit_", NULL, &dialect_cuda, surface_call},
    {TIER_GENERATOR, "__mapkit_", NULL, &dialect_cuda, curand_call},
    {TIER_GENERATOR, "__mapkit_", NULL, &dialect_opencl, opencl_call},
    /* Libraries, by the declaration called (or the object's written type). */
    {TIER_LIBRARY, NULL, NULL, NULL, libcuxx_call},
    {TIER_LIBRARY, NULL, NULL, NULL, cub_call},
    /* Callees left open, after a body clang resolved: a template's
     * candidates (one for the whole block), a function pointer's targets
     * (one per thread). */
    {TIER_DEPENDENT, NULL, NULL, NULL, construct_conversion_call},
    {TIER_DEPENDENT, NULL, NULL, NULL, dependent_call},
    {TIER_DEPENDENT, NULL, NULL, NULL, fnptr_call},
    {TIER_DEPENDENT, NULL, NULL, NULL, dependent_method_call},
    {TIER_DEPENDENT, NULL, NULL, NULL, dependent_object_call},
    {TIER_DEPENDENT, NULL, NULL, NULL, functor_call},
    /* The dialects' built-ins, when the file gives no body. */
    {TIER_BUILTIN, NULL, NULL, NULL, memops_call},
    {TIER_BUILTIN, NULL, barrier_names, NULL, barrier_call},
    {TIER_BUILTIN, NULL, fence_names, NULL, fence_call},
    {TIER_BUILTIN, NULL, syncwarp_names, NULL, syncwarp_call},
    {TIER_BUILTIN, NULL, NULL, NULL, warp_collective},
    {TIER_BUILTIN, NULL, NULL, NULL, warp_tile_query},
    {TIER_BUILTIN, NULL, NULL, NULL, group_call},
    {TIER_BUILTIN, NULL, NULL, NULL, annotation_call},
    {TIER_BUILTIN, "__mapkit_", NULL, NULL, byte_helper_call},
    {TIER_BUILTIN, "atomic", NULL, NULL, cuda_atomic_call},
    {TIER_BUILTIN, NULL, NULL, NULL, load_store_call},
    {TIER_BUILTIN, NULL, out_param_names, NULL, out_param_call},
    {TIER_BUILTIN, NULL, NULL, &dialect_cuda, surface_call},
    {TIER_BUILTIN, NULL, NULL, &dialect_cuda, curand_call},
    {TIER_BUILTIN, NULL, NULL, &dialect_opencl, opencl_call},
    {TIER_BUILTIN, NULL, NULL, NULL, arith_call},
    {TIER_BUILTIN, NULL, NULL, NULL, math_call},
};

static const ModelSet mapkit_models = {
    models, (int)(sizeof models / sizeof models[0]), rows, (int)(sizeof rows / sizeof rows[0]),
};

/* ---- kernels ---- */

typedef struct Kernels {
    CXCursor *c;
    int n, cap;
    CXFile main_file;
    const Dialect *dialect;
    const InferLink *link; /* a project's unit: the kernels it owns (NULL: every one) */
} Kernels;

static CXFile file_of(CXCursor c)
{
    CXFile g;
    clang_getExpansionLocation(clang_getCursorLocation(c), &g, NULL, NULL, NULL);
    return g;
}

/* Kernels defined in the file or in the project headers it includes
 * (docs/checker.md: many projects keep their kernels in a .cuh). */
static enum CXChildVisitResult find_kernels(CXCursor c, CXCursor parent, CXClientData data)
{
    (void)parent;
    Kernels *ks = data;
    enum CXCursorKind k = clang_getCursorKind(c);
    if (k == CXCursor_Namespace || k == CXCursor_LinkageSpec || k == CXCursor_UnexposedDecl)
        return CXChildVisit_Recurse;
    if ((k == CXCursor_FunctionDecl || k == CXCursor_FunctionTemplate) && clang_isCursorDefinition(c) &&
        project_file(clang_getCursorLocation(c), file_of(c), ks->main_file) &&
        ks->dialect->is_kernel(c) && (!ks->link || project_owns(ks->link, c)))
        VEC_PUSH(ks->c, ks->n, ks->cap, c);
    return CXChildVisit_Continue;
}

/* The source files of the kernels: the .cu, and each project header that
 * defines one, loaded once and owned by the Program so that the nodes
 * inferred from it point into it. */
typedef struct Sources {
    const SrcFile *main;
    CXFile main_file;
    CXTranslationUnit tu;
    Program *prog;
    Diag *diag;
} Sources;

/* The header that defines a kernel, already loaded, or NULL. */
static const SrcFile *loaded_header(const Sources *s, CXFile f)
{
    for (int i = 0; f && i < s->prog->nheaders; i++)
        if (clang_File_isEqual(clang_getFile(s->tu, s->prog->headers[i]->path), f))
            return s->prog->headers[i];
    return NULL;
}

static const SrcFile *source_of(const Sources *s, CXFile f)
{
    if (!f || clang_File_isEqual(f, s->main_file))
        return s->main;
    const SrcFile *known = loaded_header(s, f);
    if (known)
        return known;
    CXString name = clang_getFileName(f);
    char tidy[4096];
    path_tidy(clang_getCString(name), tidy, sizeof tidy);
    SrcFile *h = src_load(tidy, s->diag);
    clang_disposeString(name);
    if (!h)
        return NULL;
    program_own_file(s->prog, h);
    return h;
}

/* host.h's HostSource: the project's files only. */
static const SrcFile *host_source(void *ctx, CXCursor c)
{
    const Sources *s = ctx;
    CXFile f = file_of(c);
    return project_file(clang_getCursorLocation(c), f, s->main_file) ? source_of(s, f) : NULL;
}

/* ---- clang's diagnostics ---- */

static bool inside(CXSourceRange r, unsigned off, CXFile f)
{
    CXFile f1;
    unsigned a, b;
    clang_getExpansionLocation(clang_getRangeStart(r), &f1, NULL, NULL, &a);
    clang_getExpansionLocation(clang_getRangeEnd(r), NULL, NULL, NULL, &b);
    return f1 && clang_File_isEqual(f1, f) && a <= off && off <= b;
}

enum { MAX_OUTSIDE_ERRORS_SHOWN = 3 };

static bool parse_issue(CXDiagnostic dg)
{
    CXString cat = clang_getDiagnosticCategoryText(dg);
    bool parse = strcmp(clang_getCString(cat), "Parse Issue") == 0;
    clang_disposeString(cat);
    return parse;
}

/* Is every error of the unit a syntax error?  Then one inside a kernel is
 * the user's, as a compiler says: an error.  Where some name is unknown
 * too (a header we do not have, a macro the build defines), the syntax
 * errors may follow from it (`CUDA_KERNEL_LOOP(i, n) {` without its
 * macro), and the kernel is analysed from what parsed. */
static bool only_syntax_errors(CXTranslationUnit tu)
{
    unsigned n = clang_getNumDiagnostics(tu);
    bool any = false, other = false;
    for (unsigned i = 0; i < n && !other; i++) {
        CXDiagnostic dg = clang_getDiagnostic(tu, i);
        if (clang_getDiagnosticSeverity(dg) >= CXDiagnostic_Error) {
            any = true;
            other = !parse_issue(dg);
        }
        clang_disposeDiagnostic(dg);
    }
    return any && !other;
}

/* Errors inside a kernel may have cost us part of it: each is shown, in
 * the .cu or in the header that defines the kernel, as an error when it
 * is the user's syntax error (only_syntax_errors).  Errors elsewhere (host
 * code, unknown types) only count. */
static void report_clang_errors(CXTranslationUnit tu, const Sources *srcs, const Kernels *ks,
                                ErrorSpots *spots, Diag *d)
{
    const SrcFile *src = srcs->main;
    CXFile main_file = srcs->main_file;
    unsigned n = clang_getNumDiagnostics(tu);
    int outside = 0;
    bool syntax = only_syntax_errors(tu);
    for (unsigned i = 0; i < n; i++) {
        CXDiagnostic dg = clang_getDiagnostic(tu, i);
        enum CXDiagnosticSeverity sev = clang_getDiagnosticSeverity(dg);
        if (sev < CXDiagnostic_Error) {
            clang_disposeDiagnostic(dg);
            continue;
        }
        CXFile f;
        unsigned off;
        clang_getExpansionLocation(clang_getDiagnosticLocation(dg), &f, NULL, NULL, &off);
        bool mine = f && clang_File_isEqual(f, main_file) && off <= src->len;
        const SrcFile *header = mine ? NULL : loaded_header(srcs, f);
        bool in_kernel = false;
        for (int k = 0; (mine || (header && off <= header->len)) && k < ks->n && !in_kernel; k++)
            in_kernel = inside(clang_getCursorExtent(ks->c[k]), off, f);
        CXString msg = clang_getDiagnosticSpelling(dg);
        ErrorSpot spot = {f, off, strdup(clang_getCString(msg))};
        VEC_PUSH(spots->at, spots->n, spots->cap, spot);
        if (in_kernel && syntax)
            diag_at(d, SEV_ERROR, loc_at(mine ? src : header, off), "%s", clang_getCString(msg));
        else if (in_kernel)
            diag_at(d, SEV_WARNING, loc_at(mine ? src : header, off),
                    "%s (the kernel is analysed from what parsed)", clang_getCString(msg));
        else if (outside++ < MAX_OUTSIDE_ERRORS_SHOWN)
            diag_at(d, SEV_WARNING, mine ? loc_at(src, off) : loc_at(src, 0), "%s%s",
                    clang_getCString(msg), mine ? "" : " (in an included header)");
        clang_disposeString(msg);
        clang_disposeDiagnostic(dg);
    }
    if (outside > MAX_OUTSIDE_ERRORS_SHOWN)
        diag_at(d, SEV_NOTE, loc_at(src, 0), "%d more errors outside the kernels were ignored",
                outside - MAX_OUTSIDE_ERRORS_SHOWN);
}

static Program *infer_parsed(const SrcFile *src, const InferOptions *o, const InferLink *link, Diag *d);

/* ---- GPUVerify's header ---- */

/* Line 2 of a file whose line 1 is `//pass`, `//xfail:...` or `//fail...`
 * (also with blanks after the `//`, as some corpora write it). */
static bool gpuverify_line2(const SrcFile *src, const char **line, size_t *len)
{
    if (src->nlines < 2)
        return false;
    const char *l1 = src->text + src->line_starts[0];
    if (strncmp(l1, "//", 2) != 0)
        return false;
    l1 += 2 + strspn(l1 + 2, " \t");
    if (strncmp(l1, "pass", 4) != 0 && strncmp(l1, "xfail", 5) != 0 && strncmp(l1, "fail", 4) != 0)
        return false;
    size_t s2 = src->line_starts[1];
    size_t e2 = src->nlines > 2 ? src->line_starts[2] : src->len;
    *line = src->text + s2;
    *len = e2 - s2;
    return *len >= 2 && strncmp(*line, "//", 2) == 0;
}

/* The -D and -I options of the header line, which GPUVerify passes to its
 * front end with the launch sizes (`//--blockDim=64 --gridDim=4 -DN=64`).
 * Each is malloc'd; include directories are relative to the file's. */
typedef struct HeaderArgs {
    char **defines, **includes;
    int ndefines, capdefines, nincludes, capincludes;
} HeaderArgs;

/* The next whitespace-separated word of line[*at..len), or false. */
static bool next_word(const char *line, size_t len, size_t *at, size_t *from, size_t *to)
{
    size_t i = *at;
    while (i < len && strchr(" \t\r\n", line[i]))
        i++;
    if (i >= len)
        return false;
    size_t n = strcspn(line + i, " \t\r\n");
    *from = i;
    *to = i + n < len ? i + n : len;
    *at = *to;
    return true;
}

/* Is option `name` among the words of line 2?  Its value, when out is
 * given (`name=V` or `name V`), is copied there, cut to nout - 1 bytes. */
static bool header_option(const SrcFile *src, const char *name, char *out, size_t nout)
{
    const char *line;
    size_t len, at = 2, from, to, n = strlen(name);
    if (out)
        out[0] = '\0';
    if (!gpuverify_line2(src, &line, &len))
        return false;
    while (next_word(line, len, &at, &from, &to)) {
        if (to - from < n || strncmp(line + from, name, n) != 0 || (to - from > n && line[from + n] != '='))
            continue; /* another option, or a longer one (--blockDimX) */
        if (!out)
            return true;
        if (to - from > n)
            from += n + 1;
        else if (!next_word(line, len, &at, &from, &to))
            return true;
        snprintf(out, nout, "%.*s", (int)(to - from), line + from);
        return true;
    }
    return false;
}

bool infer_gpuverify_value(const SrcFile *src, const char *name, char *out, size_t nout)
{
    return header_option(src, name, out, nout) && out[0];
}

bool infer_gpuverify_flag(const SrcFile *src, const char *flag)
{
    return header_option(src, flag, NULL, 0);
}

static void header_args(const SrcFile *src, HeaderArgs *h)
{
    const char *line;
    size_t len, at = 2, from, to;
    memset(h, 0, sizeof *h);
    if (!gpuverify_line2(src, &line, &len))
        return;
    char *file_dir = dir_of(src->path);
    while (next_word(line, len, &at, &from, &to)) {
        bool define = to - from >= 2 && strncmp(line + from, "-D", 2) == 0;
        if (!define && (to - from < 2 || strncmp(line + from, "-I", 2) != 0))
            continue;
        from += 2;
        if (from == to && !next_word(line, len, &at, &from, &to)) /* `-D NAME` */
            break;
        int n = (int)(to - from);
        bool relative = !define && line[from] != '/';
        char *word = xmalloc((size_t)n + strlen(file_dir) + 2);
        sprintf(word, "%s%s%.*s", relative ? file_dir : "", relative ? "/" : "", n, line + from);
        if (define)
            VEC_PUSH(h->defines, h->ndefines, h->capdefines, word);
        else
            VEC_PUSH(h->includes, h->nincludes, h->capincludes, word);
    }
    free(file_dir);
}

static void header_args_free(HeaderArgs *h)
{
    for (int i = 0; i < h->ndefines; i++)
        free(h->defines[i]);
    for (int i = 0; i < h->nincludes; i++)
        free(h->includes[i]);
    free(h->defines);
    free(h->includes);
}

/* The caller's options with the header's: the header's defines first, so
 * that the command line's win; the command line's directories first. */
static InferOptions with_header(const InferOptions *o, const HeaderArgs *h, const char ***owned)
{
    InferOptions m;
    memset(&m, 0, sizeof m);
    if (o)
        m = *o;
    int ni = m.ninclude_dirs + h->nincludes, nd = m.ndefines + h->ndefines;
    const char **all = xcalloc((size_t)(ni + nd + 1), sizeof *all);
    for (int i = 0; i < m.ninclude_dirs; i++)
        all[i] = m.include_dirs[i];
    for (int i = 0; i < h->nincludes; i++)
        all[m.ninclude_dirs + i] = h->includes[i];
    for (int i = 0; i < h->ndefines; i++)
        all[ni + i] = h->defines[i];
    for (int i = 0; i < m.ndefines; i++)
        all[ni + h->ndefines + i] = m.defines[i];
    m.include_dirs = all;
    m.ninclude_dirs = ni;
    m.defines = all + ni;
    m.ndefines = nd;
    *owned = all;
    return m;
}

Program *infer_program(const SrcFile *src, const InferOptions *given, Diag *d)
{
    return infer_program_linked(src, given, NULL, d);
}

Program *infer_program_linked(const SrcFile *src, const InferOptions *given, const InferLink *link, Diag *d)
{
    HeaderArgs h;
    header_args(src, &h);
    const char **owned;
    InferOptions merged = with_header(given, &h, &owned);
    const InferOptions *o = &merged;
    Program *p = infer_parsed(src, o, link, d);
    free(owned);
    header_args_free(&h);
    return p;
}

/* The launches of the kernels: in the unit's own host code, and in a
 * project in the other units that name them. */
static void read_host_launches(Program *p, CXIndex index, CXTranslationUnit tu, const CXCursor *inferred,
                               Sources *srcs, const InferLink *link, Diag *d)
{
    HostReader *r = host_reader_new(p, inferred, p->kernels, p->nkernels, host_source, srcs, d);
    if (link && link->calls)
        host_reader_use_calls(r, link->calls);
    host_reader_read(r, tu, host_source, srcs);
    if (link)
        project_read_launchers(link, r, index, p, host_source, srcs, d);
    int *launches = xcalloc((size_t)p->nkernels + 1, sizeof *launches);
    for (int i = 0; i < p->nkernels; i++)
        launches[i] = p->kernels[i]->nhost_launches; /* before finish adds __launch_bounds__ alone */
    host_reader_finish(r);
    if (link)
        project_note_unlaunched(link, p, launches);
    free(launches);
}

static Program *infer_parsed(const SrcFile *src, const InferOptions *o, const InferLink *link, Diag *d)
{
    CXIndex index = clang_createIndex(0, 0);
    CXTranslationUnit tu = parse_tu_timed(&index, src, o, d);
    if (!tu) {
        if (index) /* else the abandoned parse's (parse_timed.h) */
            clang_disposeIndex(index);
        return NULL;
    }
    Kernels ks = {0};
    ks.main_file = clang_getFile(tu, src->path);
    ks.dialect = dialect_of(o);
    ks.link = link;
    if (ks.main_file)
        clang_visitChildren(clang_getTranslationUnitCursor(tu), find_kernels, &ks);
    Program *p = program_new(src);
    Sources srcs = {src, ks.main_file, tu, p, d};
    const SrcFile **kernel_src = xcalloc((size_t)ks.n + 1, sizeof *kernel_src);
    for (int i = 0; i < ks.n; i++)
        kernel_src[i] = source_of(&srcs, file_of(ks.c[i]));
    ErrorSpots errors = {0};
    report_clang_errors(tu, &srcs, &ks, &errors, d);
    int ninferred_cap = ks.n + 1; /* template instances add kernels */
    CXCursor *inferred = xcalloc((size_t)ninferred_cap, sizeof *inferred);
    for (int i = 0; i < ks.n; i++) {
        if (!kernel_src[i])
            continue; /* its header could not be read again: src_load said why */
        /* a template launched with different arguments: one kernel each */
        CXCursor *specs;
        int nspecs = template_kernel_instances(tu, ks.main_file, ks.c[i], &specs);
        for (int j = 0; j < (nspecs ? nspecs : 1); j++) {
            CXCursor fn = specs ? specs[j] : ks.c[i];
            Kernel *k = infer_kernel(p, tu, fn, nspecs && !specs ? j : -1, kernel_src[i], o, &mapkit_models,
                                     &errors, d);
            if (p->nkernels + 1 >= ninferred_cap) {
                ninferred_cap *= 2;
                inferred = xrealloc(inferred, (size_t)ninferred_cap * sizeof *inferred);
            }
            inferred[p->nkernels] = fn; /* where host launches find it */
            ARENA_PUSH(&p->arena, p->kernels, p->nkernels, k);
        }
        free(specs);
    }
    if (ks.dialect->cuda_prelude && (!o || !o->no_host)) /* an OpenCL file has no host code */
        read_host_launches(p, index, tu, inferred, &srcs, link, d);
    else
        infer_pointer_assumptions(p, inferred, p->kernels, p->nkernels, NULL, NULL);
    free(inferred);
    for (int i = 0; i < errors.n; i++)
        free(errors.at[i].message);
    free(errors.at);
    free(kernel_src);
    free(ks.c);
    clang_disposeTranslationUnit(tu);
    clang_disposeIndex(index);
    if (!resolve_program(p, d)) {
        diag_plain(d, SEV_NOTE, src->path, "the inferred protocol did not resolve: this is a bug of "
                                           "mapkit's %s front end", ks.dialect->name);
        if (getenv("MAPKIT_UNRESOLVED")) /* the protocol as inferred, to find the bug */
            print_program(stderr, p);
        program_free(p);
        return NULL;
    }
    return p;
}

int infer_parses_abandoned(void)
{
    return parses_abandoned();
}

bool infer_gpuverify_dims(const SrcFile *src, char *block, size_t nblock, char *grid, size_t ngrid)
{
    header_option(src, "--blockDim", block, nblock);
    header_option(src, "--gridDim", grid, ngrid);
    return block[0] || grid[0];
}

const char *infer_annotations_header(bool opencl, size_t *len)
{
    return annotations_header(opencl, len);
}
