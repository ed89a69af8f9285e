/* Projects: the index of a translation unit, and the launches other units
 * make of a unit's kernels (project.h, project_link.h; docs/projects.md). */
#define _XOPEN_SOURCE 700 /* realpath */
#include "project_link.h"

#include "dialect.h"
#include "parse_timed.h"
#include "tu.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- names and places ---- */

/* A file's absolute path without links, so that `kernels.cu` seen from
 * two units (`../src/kernels.cu`, `./kernels.cu`) is one; malloc'd. */
static char *real_path_of(const char *path)
{
    char buf[PATH_MAX];
    return strdup(realpath(path, buf) ? buf : path);
}

static char *file_name_of(CXFile f)
{
    CXString s = clang_getFileName(f);
    char *path = real_path_of(clang_getCString(s) ? clang_getCString(s) : "");
    clang_disposeString(s);
    return path;
}

char *project_kernel_key(CXCursor def)
{
    CXFile f;
    unsigned line;
    clang_getExpansionLocation(clang_getCursorLocation(def), &f, &line, NULL, NULL);
    if (!f)
        return NULL;
    char *usr = cursor_usr(def), *file = file_name_of(f);
    size_t n = strlen(usr) + strlen(file) + 24;
    char *key = xmalloc(n);
    snprintf(key, n, "%s@%s:%u", usr, file, line);
    free(usr);
    free(file);
    return key;
}

bool project_owns(const InferLink *link, CXCursor def)
{
    if (!link->own)
        return true;
    char *key = project_kernel_key(def);
    bool found = false;
    for (int i = 0; key && i < link->nown && !found; i++)
        found = strcmp(link->own[i], key) == 0;
    free(key);
    return found;
}

/* A Diag that prints nothing: a unit read again says nothing twice. */
static FILE *quiet_stream(void)
{
    static FILE *null_out;
    if (!null_out)
        null_out = fopen("/dev/null", "w");
    return null_out ? null_out : stderr;
}

/* ---- the index of a unit ---- */

typedef struct Indexer {
    UnitIndex *x;
    CXFile main_file;
    const Dialect *dialect;
} Indexer;

static bool is_function(CXCursor c)
{
    enum CXCursorKind k = clang_getCursorKind(c);
    return k == CXCursor_FunctionDecl || k == CXCursor_FunctionTemplate;
}

static void index_def(Indexer *ix, CXCursor c)
{
    UnitKernel k = {0};
    k.key = project_kernel_key(c);
    if (!k.key)
        return;
    CXFile f;
    clang_getExpansionLocation(clang_getCursorLocation(c), &f, &k.line, NULL, NULL);
    k.usr = cursor_usr(c);
    k.name = cursor_name(c);
    k.is_template = clang_getCursorKind(c) == CXCursor_FunctionTemplate;
    k.file = file_name_of(f);
    VEC_PUSH(ix->x->defs, ix->x->ndefs, ix->x->capdefs, k);
}

/* A kernel named outside kernels: a launch (`k<<<...>>>`, cudaLaunchKernel
 * with `(void *)k`), its address kept, a template's candidates. */
static void index_ref(Indexer *ix, CXCursor fn)
{
    CXCursor tmpl = clang_getSpecializedCursorTemplate(fn);
    if (!clang_Cursor_isNull(tmpl))
        fn = tmpl; /* `k<128>`: the template, which the owner infers */
    if (!is_function(fn) || !ix->dialect->is_kernel(fn))
        return;
    UnitRef r = {cursor_usr(fn), NULL};
    for (int i = 0; i < ix->x->nrefs; i++)
        if (strcmp(ix->x->refs[i].usr, r.usr) == 0) {
            free(r.usr);
            return;
        }
    CXCursor def = clang_getCursorDefinition(fn);
    if (!clang_Cursor_isNull(def)) {
        CXFile f;
        clang_getExpansionLocation(clang_getCursorLocation(def), &f, NULL, NULL, NULL);
        if (project_file(clang_getCursorLocation(def), f, ix->main_file))
            r.def_key = project_kernel_key(def);
    }
    VEC_PUSH(ix->x->refs, ix->x->nrefs, ix->x->caprefs, r);
}

static bool spelled(CXCursor c, const char *const *names)
{
    CXString s = clang_getCursorSpelling(c);
    bool found = name_in(clang_getCString(s) ? clang_getCString(s) : "", names);
    clang_disposeString(s);
    return found;
}

typedef struct Named {
    const Dialect *dialect;
    bool kernel;
} Named;

static bool names_kernel_decl(const Named *n, CXCursor fn)
{
    CXCursor tmpl = clang_getSpecializedCursorTemplate(fn);
    if (!clang_Cursor_isNull(tmpl))
        fn = tmpl;
    return is_function(fn) && n->dialect->is_kernel(fn);
}

static enum CXChildVisitResult find_kernel_name(CXCursor c, CXCursor parent, CXClientData data)
{
    (void)parent;
    Named *n = data;
    enum CXCursorKind k = clang_getCursorKind(c);
    if (k == CXCursor_DeclRefExpr || k == CXCursor_MemberRefExpr)
        n->kernel |= names_kernel_decl(n, clang_getCursorReferenced(c));
    for (unsigned i = 0; k == CXCursor_OverloadedDeclRef && i < clang_getNumOverloadedDecls(c); i++)
        n->kernel |= names_kernel_decl(n, clang_getOverloadedDecl(c, i));
    return n->kernel ? CXChildVisit_Break : CXChildVisit_Recurse;
}

/* `k<<<g, b>>>(...)`: the call of cudaConfigureCall among its children. */
static bool has_exec_config(CXCursor call)
{
    static const char *const configure[] = {"cudaConfigureCall", NULL};
    Children ch = children_of(call);
    bool found = false;
    for (int i = 0; i < ch.n && !found; i++)
        found = clang_getCursorKind(ch.c[i]) == CXCursor_CallExpr && spelled(ch.c[i], configure);
    free(ch.c);
    return found;
}

/* A launch whose kernel the unit does not name: the driver API's (a
 * CUfunction, named by a string), or a runtime or `<<<...>>>` launch with
 * no kernel among the names in it (a kernel held in a variable). */
static bool launches_unnamed(const Indexer *ix, CXCursor call)
{
    static const char *const driver[] = {"cuLaunchKernel", "cuLaunchCooperativeKernel", "cuLaunchKernelEx", NULL};
    static const char *const runtime[] = {"cudaLaunchKernel", "cudaLaunchCooperativeKernel", "cudaLaunchKernelEx",
                                          "cudaLaunchKernelExC", NULL};
    if (spelled(call, driver))
        return true;
    if (!spelled(call, runtime) && !has_exec_config(call))
        return false;
    Named n = {ix->dialect, false};
    if (has_exec_config(call))
        n.kernel = names_kernel_decl(&n, clang_getCursorReferenced(call));
    if (!n.kernel)
        clang_visitChildren(call, find_kernel_name, &n);
    return !n.kernel;
}

static enum CXChildVisitResult index_visit(CXCursor c, CXCursor parent, CXClientData data)
{
    (void)parent;
    Indexer *ix = data;
    if (clang_Location_isInSystemHeader(clang_getCursorLocation(c)))
        return CXChildVisit_Continue;
    enum CXCursorKind k = clang_getCursorKind(c);
    if (is_function(c) && clang_isCursorDefinition(c) && ix->dialect->is_kernel(c)) {
        CXFile f;
        clang_getExpansionLocation(clang_getCursorLocation(c), &f, NULL, NULL, NULL);
        if (project_file(clang_getCursorLocation(c), f, ix->main_file))
            index_def(ix, c);
        return CXChildVisit_Continue; /* a launch from device code is not a launch the host makes */
    }
    if (k == CXCursor_DeclRefExpr || k == CXCursor_MemberRefExpr || k == CXCursor_CallExpr)
        index_ref(ix, clang_getCursorReferenced(c));
    if (k == CXCursor_CallExpr && !ix->x->any_launch)
        ix->x->any_launch = launches_unnamed(ix, c);
    if (k == CXCursor_OverloadedDeclRef)
        for (unsigned i = 0; i < clang_getNumOverloadedDecls(c); i++)
            index_ref(ix, clang_getOverloadedDecl(c, i));
    return CXChildVisit_Recurse;
}

static void add_include(UnitIndex *x, char *path)
{
    for (int i = 0; i < x->nincludes; i++)
        if (strcmp(x->includes[i], path) == 0) {
            free(path);
            return;
        }
    VEC_PUSH(x->includes, x->nincludes, x->capincludes, path);
}

typedef struct Includes {
    UnitIndex *x;
    CXTranslationUnit tu;
    CXFile main_file;
} Includes;

static void index_include(CXFile f, CXSourceLocation *stack, unsigned depth, CXClientData data)
{
    (void)stack;
    (void)depth;
    Includes *in = data;
    if (project_file(clang_getLocationForOffset(in->tu, f, 0), f, in->main_file))
        add_include(in->x, file_name_of(f));
}

/* The headers the parse's warnings name as not found (tu.c: "header 'x'
 * not found"): what the closing table lists with the units that miss them. */
static void note_missing(UnitIndex *x, const char *warnings)
{
    static const char mark[] = "header '";
    for (const char *p = strstr(warnings, mark); p; p = strstr(p, mark)) {
        p += strlen(mark);
        const char *end = strchr(p, '\'');
        if (!end || strncmp(end, "' not found", 11) != 0)
            continue;
        char *name = strndup(p, (size_t)(end - p));
        bool seen = false;
        for (int i = 0; i < x->nmissing && !seen; i++)
            seen = strcmp(x->missing[i], name) == 0;
        if (seen)
            free(name);
        else
            VEC_PUSH(x->missing, x->nmissing, x->capmissing, name);
    }
}

bool infer_index_unit(const InferUnit *u, UnitIndex *out, Diag *d)
{
    memset(out, 0, sizeof *out);
    SrcFile *src = src_load(u->path, d);
    if (!src)
        return false;
    char *warnings = NULL;
    size_t nwarnings = 0;
    FILE *heard = open_memstream(&warnings, &nwarnings);
    Diag quiet;
    diag_init(&quiet, heard ? heard : quiet_stream());
    quiet.color = false;
    CXIndex index = clang_createIndex(0, 0);
    int abandoned = parses_abandoned();
    CXTranslationUnit tu = parse_tu_timed(&index, src, &u->o, &quiet);
    if (heard) {
        fclose(heard);
        note_missing(out, warnings);
        free(warnings);
    }
    if (!tu && parses_abandoned() > abandoned)
        diag_plain(d, SEV_WARNING, u->path, "libclang's parse had not ended at the time limit (--timeout): the "
                                            "file's kernels and launches are not read");
    else if (!tu)
        diag_plain(d, SEV_ERROR, u->path, "libclang could not parse this file: its kernels and launches are not read");
    if (tu) {
        Indexer ix = {out, clang_getFile(tu, src->path), dialect_of(&u->o)};
        add_include(out, real_path_of(u->path));
        clang_visitChildren(clang_getTranslationUnitCursor(tu), index_visit, &ix);
        Includes in = {out, tu, ix.main_file};
        clang_getInclusions(tu, index_include, &in);
        host_calls_of_unit(tu, &out->calls);
        clang_disposeTranslationUnit(tu);
    }
    if (index) /* else the abandoned parse's (parse_timed.h) */
        clang_disposeIndex(index);
    src_free(src);
    return tu != NULL;
}

void unit_index_free(UnitIndex *x)
{
    for (int i = 0; i < x->ndefs; i++) {
        free(x->defs[i].key);
        free(x->defs[i].usr);
        free(x->defs[i].name);
        free(x->defs[i].file);
    }
    for (int i = 0; i < x->nrefs; i++) {
        free(x->refs[i].usr);
        free(x->refs[i].def_key);
    }
    for (int i = 0; i < x->nincludes; i++)
        free(x->includes[i]);
    for (int i = 0; i < x->nmissing; i++)
        free(x->missing[i]);
    free(x->missing);
    host_calls_free(&x->calls);
    free(x->defs);
    free(x->refs);
    free(x->includes);
    memset(x, 0, sizeof *x);
}

/* ---- the launches of other units ---- */

/* host.h's HostSource for a launcher unit: its own files, loaded once
 * and owned by the Program the launches go to; the kernels' definitions
 * (cursors of the owner's unit) are the owner's. */
typedef struct Launcher {
    CXTranslationUnit tu;
    CXFile main_file;
    const SrcFile *src;
    Program *p;
    HostSource def_source;
    void *def_ctx;
    Diag *diag;
} Launcher;

/* The file as the Program holds it (a header the kernels' unit loaded
 * already, by its real path), else loaded under the name clang gives it. */
static const SrcFile *owned_file(Launcher *l, CXFile f)
{
    char *path = file_name_of(f);
    const SrcFile *found = NULL;
    for (int i = 0; i < l->p->nheaders && !found; i++) {
        char *known = real_path_of(l->p->headers[i]->path);
        if (strcmp(known, path) == 0)
            found = l->p->headers[i];
        free(known);
    }
    free(path);
    if (!found) {
        CXString name = clang_getFileName(f);
        char tidy[4096];
        path_tidy(clang_getCString(name), tidy, sizeof tidy);
        SrcFile *h = src_load(tidy, l->diag);
        clang_disposeString(name);
        if (h)
            program_own_file(l->p, h);
        found = h;
    }
    return found;
}

static const SrcFile *launcher_source(void *ctx, CXCursor c)
{
    Launcher *l = ctx;
    if (clang_Cursor_getTranslationUnit(c) != l->tu)
        return l->def_source(l->def_ctx, c);
    CXFile f;
    clang_getExpansionLocation(clang_getCursorLocation(c), &f, NULL, NULL, NULL);
    if (!project_file(clang_getCursorLocation(c), f, l->main_file))
        return NULL;
    return clang_File_isEqual(f, l->main_file) ? l->src : owned_file(l, f);
}

static void read_launcher(const InferUnit *u, HostReader *r, CXIndex index, Program *p, HostSource def_source,
                          void *def_ctx, Diag *d)
{
    Diag quiet;
    diag_init(&quiet, quiet_stream());
    SrcFile *src = src_load(u->path, d);
    if (!src)
        return;
    CXTranslationUnit tu = parse_tu(index, src, &u->o, &quiet);
    if (!tu) {
        diag_plain(d, SEV_WARNING, u->path, "libclang could not parse this file: its launches are not read");
        src_free(src);
        return;
    }
    program_own_file(p, src);
    Launcher l = {tu, clang_getFile(tu, src->path), src, p, def_source, def_ctx, d};
    host_reader_read(r, tu, launcher_source, &l);
    clang_disposeTranslationUnit(tu);
}

void project_read_launchers(const InferLink *link, HostReader *r, CXIndex index, Program *p, HostSource def_source,
                            void *def_ctx, Diag *d)
{
    for (int i = 0; i < link->nlaunchers; i++)
        read_launcher(&link->launchers[i], r, index, p, def_source, def_ctx, d);
}

void project_note_unlaunched(const InferLink *link, Program *p, const int *launches)
{
    for (int i = 0; i < p->nkernels; i++) {
        Kernel *k = p->kernels[i];
        if (launches[i])
            continue;
        char buf[400];
        snprintf(buf, sizeof buf, "any launch: no launch of kernel %s was found in the project's %d translation "
                                  "unit%s, so it is checked for every block and grid size and argument",
                 k->name, link->units, link->units == 1 ? "" : "s");
        KernelAssumption a = {arena_strndup(&p->arena, buf, strlen(buf)), k->loc, NULL};
        ARENA_PUSH(&p->arena, k->assumes, k->nassumes, a);
    }
}
