/* A project checked as one (project_drive.h; docs/projects.md): its
 * units found, indexed, linked, then each kernel inferred in its owner
 * with the launches of every unit that names it. */
#define _XOPEN_SOURCE 700 /* realpath */
#include "project_drive.h"

#include "cli.h"
#include "compdb.h"
#include "file_ids.h"
#include "input.h"
#include "output.h"
#include "pool.h"
#include "progress.h"
#include "project_cache.h"
#include "smt.h"

#include <dirent.h>
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

/* ---- the units ---- */

typedef struct Unit {
    char *path, *real;
    CompDb db;
    char std[64];
    const char **names; /* input_infer_options's */
    InferUnit iu;
    UnitIndex x;
    bool indexed;
    bool cut; /* not indexed: libclang's parse was given up at the time limit */
    const char **own; /* keys of the kernels it infers (borrowed from x of some unit) */
    int nown, capown;
    int *launchers; /* units that launch its kernels */
    int nlaunchers, caplaunchers;
} Unit;

typedef struct Project {
    Unit *u;
    int n, cap;
    char **headers; /* headers met in the folders walked: a kernel in one no unit includes is checked too */
    int nheaders, capheaders;
    HostCalls calls; /* every unit's calls, their strings borrowed from the units' indexes */
    bool calls_whole; /* every unit was read: calls is all the project's */
    FileIds walked; /* the folders and files the walk met: each once, whatever links lead to them */
} Project;

bool project_is_folder(const char *path)
{
    struct stat st;
    return strcmp(path, "-") != 0 && stat(path, &st) == 0 && S_ISDIR(st.st_mode);
}

bool project_takes(const CliOptions *o, const char *path)
{
    return project_is_folder(path) || (strcmp(path, "-") != 0 && input_lang(o, path) == LANG_CUDA);
}

static char *real_path(const char *path)
{
    char buf[PATH_MAX];
    return strdup(realpath(path, buf) ? buf : path);
}

static void add_unit(Project *pr, const char *path)
{
    char *real = real_path(path);
    for (int i = 0; i < pr->n; i++)
        if (strcmp(pr->u[i].real, real) == 0) {
            free(real);
            return;
        }
    Unit u = {0};
    u.path = strdup(path);
    u.real = real;
    VEC_PUSH(pr->u, pr->n, pr->cap, u);
}

/* Does the file's text hold one of marks (NULL-terminated)?  A file
 * that cannot be read holds none. */
static bool file_mentions(const char *path, const char *const *marks)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return false;
    char buf[1 << 16];
    size_t keep = 0, got, total = 0;
    bool found = false;
    /* no further than the input limit: such a file is refused when read */
    while (!found && total <= src_max_size() && (got = fread(buf + keep, 1, sizeof buf - 1 - keep, f)) > 0) {
        total += got;
        size_t len = keep + got;
        buf[len] = '\0';
        for (int i = 0; marks[i] && !found; i++)
            found = strstr(buf, marks[i]) != NULL; /* a NUL byte hides the rest of the chunk: such a file is no source */
        keep = len > 16 ? 16 : len; /* a mark across two chunks */
        memmove(buf, buf + len - keep, keep);
    }
    fclose(f);
    return found;
}

/* A C++ file is a unit when it may launch or define kernels: it names a
 * launch form or __global__ (a file of host code alone has nothing to
 * link, and parsing it costs). */
static const char *const kernel_marks[] = {"<<<", "__global__", "cudaLaunch", "cuLaunchKernel", NULL};
static const char *const global_mark[] = {"__global__", NULL};

static bool ends_with_any(const char *name, const char *const *ends)
{
    for (int i = 0; ends[i]; i++)
        if (str_ends_with(name, ends[i]))
            return true;
    return false;
}

static const char *const cuda_sources[] = {".cu", NULL};
static const char *const cxx_sources[] = {".cpp", ".cc", ".cxx", ".c", ".C", NULL};
static const char *const headers[] = {".cuh", ".h", ".hpp", ".cuh.inc", ".hh", ".hxx", ".inl", NULL};

/* Folders a walk leaves out: hidden ones, and build trees (their copies
 * of the sources are not the project's). */
static bool skipped_folder(const char *name)
{
    return name[0] == '.' || strncmp(name, "build", 5) == 0 || strncmp(name, "cmake-build", 11) == 0 ||
           strcmp(name, "CMakeFiles") == 0 || strcmp(name, "_build") == 0 || strcmp(name, "node_modules") == 0;
}

enum { MAX_WALK_DEPTH = 32 };

static void walk(Project *pr, const char *dir, int depth, Diag *d);

/* A folder the walk cannot list is said, not passed over in silence:
 * its sources go unchecked. */
static void unreadable_folder(const char *dir, int err, Diag *d)
{
    diag_plain(d, SEV_WARNING, dir, "cannot read this folder (%s); its files are not checked", strerror(err));
}

/* One entry of a folder: a folder walked (not through a link: it may lead
 * out of the project), a source or header taken, each once. */
static void walk_entry(Project *pr, const char *path, const char *name, int depth, Diag *d)
{
    struct stat st;
    bool link = lstat(path, &st) == 0 && S_ISLNK(st.st_mode);
    if (stat(path, &st) != 0)
        return;
    if (S_ISDIR(st.st_mode) && !link && !skipped_folder(name))
        walk(pr, path, depth + 1, d);
    else if (S_ISREG(st.st_mode) && name[0] != '.' && file_ids_add(&pr->walked, &st)) {
        if (ends_with_any(name, cuda_sources) || (ends_with_any(name, cxx_sources) && file_mentions(path, kernel_marks)))
            add_unit(pr, path);
        else if (ends_with_any(name, headers))
            VEC_PUSH(pr->headers, pr->nheaders, pr->capheaders, strdup(path));
    }
}

static void walk(Project *pr, const char *dir, int depth, Diag *d)
{
    struct stat st;
    if (depth > MAX_WALK_DEPTH || stat(dir, &st) != 0 || !file_ids_add(&pr->walked, &st))
        return; /* a folder met again (a bind mount, a loop) is walked once */
    struct dirent **names;
    int n = scandir(dir, &names, NULL, alphasort);
    if (n < 0)
        unreadable_folder(dir, errno, d);
    for (int i = 0; i < n; i++) {
        const char *name = names[i]->d_name;
        size_t len = strlen(dir) + strlen(name) + 2;
        char *path = xmalloc(len);
        snprintf(path, len, "%s%s%s", strcmp(dir, ".") == 0 ? "" : dir, strcmp(dir, ".") == 0 ? "" : "/", name);
        if (strcmp(name, ".") != 0 && strcmp(name, "..") != 0)
            walk_entry(pr, path, name, depth, d);
        free(path);
        free(names[i]);
    }
    if (n >= 0)
        free(names);
}

static bool find_units(const CliOptions *o, Project *pr, Diag *d)
{
    for (int i = 0; i < o->nfiles; i++) {
        if (!project_takes(o, o->files[i]))
            continue;
        if (project_is_folder(o->files[i]))
            walk(pr, o->files[i], 0, d);
        else
            add_unit(pr, o->files[i]);
    }
    if (o->nfiles == 0) { /* check --compdb DIR: its entries */
        char **files;
        int n;
        bool ok = compdb_files(o->compdb, &files, &n, d);
        for (int i = 0; i < n; i++) {
            if (ends_with_any(files[i], cuda_sources) ||
                (ends_with_any(files[i], cxx_sources) && file_mentions(files[i], kernel_marks)))
                add_unit(pr, files[i]);
            free(files[i]);
        }
        free(files);
        if (!ok)
            return false;
    }
    if (pr->n == 0 && pr->nheaders == 0) {
        diag_plain(d, SEV_ERROR, o->nfiles ? o->files[0] : o->compdb, "no CUDA source file here: nothing to check");
        return false;
    }
    return true;
}

/* The unit's flags: the compilation database's entry for it (--compdb,
 * else the nearest one above it), then the command line's. */
static bool unit_flags(const CliOptions *o, Unit *u, Diag *d)
{
    if (!compdb_flags(o->compdb, u->path, &u->db, d))
        return false;
    u->iu.path = u->path;
    u->iu.o = input_infer_options(LANG_CUDA, o, &u->db, u->std, &u->names);
    return true;
}

static void unit_free(Unit *u)
{
    free(u->path);
    free(u->real);
    compdb_free(&u->db);
    free(u->names);
    if (u->indexed)
        unit_index_free(&u->x);
    free(u->own);
    free(u->launchers);
}

/* The units' calls in one list (their strings borrowed): what a launch in
 * one unit knows of the callers in the others. */
static void gather_calls(Project *pr)
{
    pr->calls_whole = true;
    for (int i = 0; i < pr->n; i++) {
        const HostCalls *c = &pr->u[i].x.calls;
        pr->calls_whole &= pr->u[i].indexed;
        for (int j = 0; pr->u[i].indexed && j < c->ndropped; j++)
            VEC_PUSH(pr->calls.dropped, pr->calls.ndropped, pr->calls.capdropped, c->dropped[j]);
        for (int j = 0; pr->u[i].indexed && j < c->n; j++) {
            HostCallFact f = c->facts[j];
            f.unit = pr->u[i].real; /* a unit read again sees its own calls itself */
            VEC_PUSH(pr->calls.facts, pr->calls.n, pr->calls.cap, f);
        }
        for (int j = 0; pr->u[i].indexed && j < c->nescaped; j++)
            VEC_PUSH(pr->calls.escaped, pr->calls.nescaped, pr->calls.capescaped, c->escaped[j]);
    }
}

static void project_free(Project *pr)
{
    free(pr->calls.facts); /* the strings are the units' */
    free(pr->calls.escaped);
    free(pr->calls.dropped);
    for (int i = 0; i < pr->n; i++)
        unit_free(&pr->u[i]);
    free(pr->u);
    for (int i = 0; i < pr->nheaders; i++)
        free(pr->headers[i]);
    free(pr->headers);
    file_ids_free(&pr->walked);
}

/* Parses the unit (its flags already read) and keeps its index; what
 * the parse says goes to d after bar is cleared. */
static void parse_index(const CliOptions *o, Unit *u, Diag *d, Progress *bar)
{
    char *said = NULL;
    size_t len = 0;
    FILE *to = open_memstream(&said, &len);
    Diag held = *d;
    held.out = to ? to : d->out;
    u->iu.o.parse_deadline_ms = drive_parse_deadline(o, smt_now_ms());
    int abandoned = infer_parses_abandoned();
    u->indexed = infer_index_unit(&u->iu, &u->x, &held);
    u->cut = !u->indexed && infer_parses_abandoned() > abandoned;
    u->iu.o.parse_deadline_ms = 0; /* the checks of units it launches from parse it again, whole */
    d->errors = held.errors;
    d->warnings = held.warnings;
    if (to) {
        fclose(to);
        if (len)
            progress_clear(bar);
        fwrite(said, 1, len, d->out);
        free(said);
    }
    if (u->indexed && o->cache)
        cache_store_index(o->cache, &u->iu, &u->x);
}

typedef struct IndexJobs {
    const CliOptions *o;
    Unit **todo;
    Diag *d;
    Progress bar;
    int done, total;
} IndexJobs;

static void index_tick(void *ctx)
{
    IndexJobs *j = ctx;
    progress_show(&j->bar, false, "reading: %d of %d translation units done", j->done, j->total);
}

#define INDEX_CUT "cut by the time limit\n" /* a worker's answer for a unit it gave up on */

static void index_work(int task, FILE *out, void *ctx)
{
    IndexJobs *j = ctx;
    parse_index(j->o, j->todo[task], j->d, &j->bar);
    if (j->todo[task]->indexed)
        index_write(out, &j->todo[task]->x);
    else if (j->todo[task]->cut)
        fputs(INDEX_CUT, out);
}

static void index_done(int task, int status, const char *text, size_t len, void *ctx)
{
    (void)status;
    IndexJobs *j = ctx;
    j->todo[task]->cut = len == strlen(INDEX_CUT) && memcmp(text, INDEX_CUT, len) == 0;
    FILE *f = len && !j->todo[task]->cut ? fmemopen((void *)text, len, "rb") : NULL;
    j->todo[task]->indexed = f && index_read(f, &j->todo[task]->x);
    if (f)
        fclose(f);
    j->done++;
}

/* Units first..n-1: their flags, then their index, from the cache or
 * parsed (by -j N worker processes at once). */
static bool index_units(const CliOptions *o, Project *pr, int first, Diag *d)
{
    Unit **todo = xcalloc((size_t)(pr->n - first) + 1, sizeof *todo);
    int n = 0;
    bool ok = true;
    for (int i = first; i < pr->n && ok; i++) {
        Unit *u = &pr->u[i];
        ok = unit_flags(o, u, d);
        if (ok && o->cache && cache_load_index(o->cache, &u->iu, &u->x))
            u->indexed = true;
        else if (ok)
            todo[n++] = u;
    }
    IndexJobs jobs = {.o = o, .todo = todo, .d = d, .total = n};
    progress_init(&jobs.bar, true);
    Pool pool = {o->jobs, index_work, index_done, index_tick, &jobs, false};
    if (ok && o->jobs > 1)
        ok = pool_run(&pool, n);
    for (int i = 0; ok && o->jobs <= 1 && i < n; i++) {
        progress_show(&jobs.bar, false, "reading %d/%d: %s", i + 1, n, todo[i]->path);
        parse_index(o, todo[i], d, &jobs.bar);
    }
    progress_clear(&jobs.bar);
    free(todo);
    return ok;
}

/* Does some unit include the file real (a unit's own file comes first
 * in its includes, and does not count)? */
static bool included_somewhere(const Project *pr, const char *real)
{
    for (int i = 0; i < pr->n; i++)
        for (int j = 1; pr->u[i].indexed && j < pr->u[i].x.nincludes; j++)
            if (strcmp(pr->u[i].x.includes[j], real) == 0)
                return true;
    return false;
}

/* A header that defines a kernel and that no unit includes is a unit of
 * its own (a header-only library's kernels). */
static bool index_orphan_headers(const CliOptions *o, Project *pr, Diag *d)
{
    int units = pr->n;
    for (int i = 0; i < pr->nheaders; i++) {
        char *real = real_path(pr->headers[i]);
        if (file_mentions(pr->headers[i], global_mark) && !included_somewhere(pr, real))
            add_unit(pr, pr->headers[i]);
        free(real);
    }
    return index_units(o, pr, units, d);
}

/* ---- linking ---- */

/* Where a kernel definition is, and which unit infers it. */
typedef struct Def {
    const UnitKernel *k;
    int owner;
} Def;

typedef struct Defs {
    Def *d;
    int n, cap;
} Defs;

static int def_with_key(const Defs *ds, const char *key)
{
    for (int i = 0; i < ds->n; i++)
        if (strcmp(ds->d[i].k->key, key) == 0)
            return i;
    return -1;
}

/* Every definition once; its owner is the unit whose own file defines
 * it (kernels.cu, not main.cu that includes it), else the first unit
 * that sees it. */
static bool included_somewhere(const Project *pr, const char *real);

/* Is unit i part of another: a .cu that main.cu #includes is compiled
 * as part of main.cu, after the macros and declarations main.cu gives it
 * (compiled alone too, its kernels would be defined twice).  Read alone it
 * may miss them (rodinia's bfs: MAX_THREADS_PER_BLOCK, Node), and its
 * kernels may even get other names (a parameter of an unknown type), so
 * it neither defines nor launches kernels of its own: its includer does. */
static bool part_of_another(const Project *pr, int i)
{
    for (int j = 0; pr->u[i].indexed && j < pr->n; j++) {
        bool includes_i = false; /* j includes i, and no unit includes j (two that include each other stay units) */
        for (int f = 1; j != i && pr->u[j].indexed && f < pr->u[j].x.nincludes && !includes_i; f++)
            includes_i = strcmp(pr->u[j].x.includes[f], pr->u[i].real) == 0;
        if (includes_i && !included_somewhere(pr, pr->u[j].real))
            return true;
    }
    return false;
}

static void collect_defs(const Project *pr, Defs *ds)
{
    for (int i = 0; i < pr->n; i++)
        for (int j = 0; pr->u[i].indexed && !part_of_another(pr, i) && j < pr->u[i].x.ndefs; j++) {
            const UnitKernel *k = &pr->u[i].x.defs[j];
            int at = def_with_key(ds, k->key);
            if (at < 0) {
                Def def = {k, i};
                VEC_PUSH(ds->d, ds->n, ds->cap, def);
            } else if (strcmp(k->file, pr->u[i].real) == 0 && strcmp(ds->d[at].k->file, pr->u[ds->d[at].owner].real) != 0) {
                ds->d[at].owner = i;
            }
        }
}

static size_t common_prefix(const char *a, const char *b)
{
    size_t n = 0, last_slash = 0;
    while (a[n] && a[n] == b[n]) {
        if (a[n] == '/')
            last_slash = n;
        n++;
    }
    return last_slash;
}

static void add_launcher(Unit *owner, int launcher)
{
    for (int i = 0; i < owner->nlaunchers; i++)
        if (owner->launchers[i] == launcher)
            return;
    VEC_PUSH(owner->launchers, owner->nlaunchers, owner->caplaunchers, launcher);
}

/* A unit that sees only a declaration of a kernel defined in several
 * places (two programs of one folder, each with its `kernel`) launches
 * the definition nearest to it in the folder tree; at a tie, each. */
static void link_ref(Project *pr, const Defs *ds, int unit, const UnitRef *r)
{
    if (r->def_key) {
        int at = def_with_key(ds, r->def_key);
        if (at >= 0 && ds->d[at].owner != unit && !ds->d[at].k->is_template)
            add_launcher(&pr->u[ds->d[at].owner], unit);
        return;
    }
    size_t best = 0;
    bool any = false;
    for (int pass = 0; pass < 2; pass++)
        for (int i = 0; i < ds->n; i++) {
            if (strcmp(ds->d[i].k->usr, r->usr) != 0)
                continue;
            size_t near = common_prefix(ds->d[i].k->file, pr->u[unit].real);
            if (pass == 0 && (!any || near > best)) {
                best = near;
                any = true;
            } else if (pass == 1 && near == best && ds->d[i].owner != unit) {
                add_launcher(&pr->u[ds->d[i].owner], unit);
            }
        }
}

/* --shard K/N: a kernel is in part K when the hash of its key says so,
 * the same on every machine. */
static bool in_shard(const CliOptions *o, const char *key)
{
    if (o->shard_n <= 1)
        return true;
    Hash h;
    hash_init(&h);
    hash_str(&h, key);
    return h.a % (uint64_t)o->shard_n == (uint64_t)(o->shard_k - 1);
}

static void own(Unit *u, const char *key)
{
    for (int i = 0; i < u->nown; i++)
        if (strcmp(u->own[i], key) == 0)
            return;
    VEC_PUSH(u->own, u->nown, u->capown, key);
}

/* A launch of a kernel the unit does not name may launch any kernel of
 * its program: it feeds the units that own kernels nearest to it in the
 * folder tree (all of them in a flat project; those of its own program
 * in a folder of programs). */
static void link_any(Project *pr, int unit)
{
    size_t best = 0;
    for (int j = 0; j < pr->n; j++)
        if (j != unit && pr->u[j].nown && common_prefix(pr->u[j].real, pr->u[unit].real) > best)
            best = common_prefix(pr->u[j].real, pr->u[unit].real);
    for (int j = 0; j < pr->n; j++)
        if (j != unit && pr->u[j].nown && common_prefix(pr->u[j].real, pr->u[unit].real) == best)
            add_launcher(&pr->u[j], unit);
}

/* A kernel template: every unit that launches it and sees its definition
 * infers it, with its own instances and launches (a unit instantiates
 * what it launches; no one unit sees every instance); the owner infers
 * it only when no unit does. */
static bool own_template(Project *pr, const Def *def)
{
    bool taken = false;
    for (int i = 0; i < pr->n; i++)
        for (int j = 0; pr->u[i].indexed && j < pr->u[i].x.nrefs; j++)
            if (pr->u[i].x.refs[j].def_key && strcmp(pr->u[i].x.refs[j].def_key, def->k->key) == 0) {
                own(&pr->u[i], def->k->key);
                taken = true;
            }
    return taken;
}

static void link_project(const CliOptions *opt, Project *pr, Defs *ds)
{
    collect_defs(pr, ds);
    for (int i = 0; i < ds->n; i++) {
        if (!in_shard(opt, ds->d[i].k->key))
            continue;
        if (!ds->d[i].k->is_template || !own_template(pr, &ds->d[i]))
            own(&pr->u[ds->d[i].owner], ds->d[i].k->key);
    }
    for (int i = 0; i < pr->n; i++)
        for (int j = 0; pr->u[i].indexed && !part_of_another(pr, i) && j < pr->u[i].x.nrefs; j++)
            link_ref(pr, ds, i, &pr->u[i].x.refs[j]);
    for (int i = 0; i < pr->n; i++)
        if (pr->u[i].indexed && !part_of_another(pr, i) && pr->u[i].x.any_launch)
            link_any(pr, i);
}

/* ---- checking ---- */

/* A row of the closing table: one kernel under one launch. */
static void note_row(void *ctx, const Kernel *k, int code, double time_ms)
{
    FILE *rows = ctx;
    bool nowhere = false;
    for (int i = 0; i < k->nassumes && !nowhere; i++)
        nowhere = strncmp(k->assumes[i].text, "any launch: no launch of kernel", 31) == 0;
    fprintf(rows, "%d\t%.0f\t%d\t%s\t%s\n", code, time_ms, nowhere, k->loc.file ? k->loc.file->path : "", k->name);
}

/* The kernels u owns, inferred with the launches of its launcher units
 * and checked, everything they print captured in run. */
static void run_unit(const CliOptions *o, const Project *pr, const Unit *u, const DriveSinks *out, UnitRun *run)
{
    InferUnit *launchers = xcalloc((size_t)u->nlaunchers + 1, sizeof *launchers);
    for (int i = 0; i < u->nlaunchers; i++)
        launchers[i] = pr->u[u->launchers[i]].iu;
    InferLink link = {u->own, u->nown, launchers, u->nlaunchers, pr->n, pr->calls_whole ? &pr->calls : NULL};
    FILE *streams[RUN_BLOCKS];
    for (int i = 0; i < RUN_BLOCKS; i++)
        streams[i] = open_memstream(&run->block[i], &run->len[i]);
    Reporter rep = *out->rep;
    rep.out = streams[RUN_OUT];
    Diag d = *out->d;
    d.out = streams[RUN_ERR];
    DriveSinks sinks = {out->engine, &rep, out->fs, &d, note_row, streams[RUN_ROWS], true};
    double start = smt_now_ms();
    CliOptions file_o, timed = *o;
    timed.parse_deadline_ms = drive_parse_deadline(o, start);
    SrcFile *src = NULL;
    int abandoned = infer_parses_abandoned();
    Program *p = load_unit(u->path, &timed, &file_o, &src, &link, &d);
    free(launchers);
    for (int i = 0; p && i < o->launch.nfacts; i++) /* which -p the unit's kernels know: the closing check */
        if (o->launch.facts[i].from.source == FROM_CLI && o->launch.facts[i].kind == LF_EQUALS &&
            drive_has_uniform(p, o->launch.facts[i].param))
            fprintf(streams[RUN_ROWS], "-p\t%s\n", o->launch.facts[i].param);
    if (p) {
        run->code = drive_program(&file_o, p, src, start, &sinks);
    } else if (infer_parses_abandoned() > abandoned) { /* a time limit: unknown */
        report_file_unknown(&rep, u->path, DRIVE_PARSE_CUT);
        run->code = EXIT_UNKNOWN;
    } else {
        report_file_error(&rep, u->path);
        run->code = EXIT_INPUT;
    }
    out->rep->sarif_results = rep.sarif_results;
    out->d->errors = d.errors;
    out->d->warnings = d.warnings;
    for (int i = 0; i < RUN_BLOCKS; i++)
        fclose(streams[i]);
}

/* The key of u's results: the options, the kernels it infers, and the
 * flags and files of u and of every unit whose launches feed them. */
static void result_key(const CliOptions *o, const Project *pr, const Unit *u, bool out_color, bool err_color,
                       char key[33])
{
    Hash h;
    hash_init(&h);
    hash_options(&h, o);
    bool colors[2] = {out_color, err_color}; /* what was kept is replayed as it was written */
    hash_bytes(&h, colors, sizeof colors);
    for (int i = 0; i < u->nown; i++)
        hash_str(&h, u->own[i]);
    hash_bytes(&h, &pr->n, sizeof pr->n); /* "no launch ... in the project's N units" */
    hash_calls(&h, pr->calls_whole ? &pr->calls : NULL); /* what callers in other units pass */
    hash_str(&h, "units");
    for (int i = -1; i < u->nlaunchers; i++) {
        const Unit *v = i < 0 ? u : &pr->u[u->launchers[i]];
        hash_unit_flags(&h, &v->iu);
        hash_missing(&h, &v->iu, &v->x);
        for (int j = 0; j < v->x.nincludes; j++) {
            hash_str(&h, v->x.includes[j]);
            hash_file(&h, v->x.includes[j]);
        }
    }
    hash_hex(&h, key);
}

/* SARIF separates results with commas, counted as they are written: a
 * kept run cannot be replayed among others, so SARIF is not kept. */
static bool cacheable(const CliOptions *o)
{
    return o->cache && o->format != FORMAT_SARIF && !o->baseline;
}

/* The units to check: each from the cache, or pending, checked here or
 * by -j N's workers, and what each printed. */
typedef struct CheckJobs {
    const CliOptions *o;
    const Project *pr;
    const DriveSinks *out;
    const Unit **todo; /* the units that own kernels, in order */
    char (*keys)[33];  /* their cache keys */
    UnitRun *runs;     /* what each printed */
    bool *ready;       /* runs[i] is there */
    int *pending;      /* the indices into todo still to check */
    int npending, done, total;
    int printed;       /* the units whose reports are out, in order */
    int code;          /* of those */
    FILE *rows;        /* the closing table's rows */
    Progress *bar;
} CheckJobs;

/* The reports of the units ready from the first not yet printed on, in
 * the units' order whoever checked them: a unit's warnings first, as a
 * file's come before its verdicts; the closing table's rows aside. */
static void print_ready(CheckJobs *j)
{
    if (j->printed < j->total && j->ready[j->printed])
        progress_clear(j->bar);
    for (; j->printed < j->total && j->ready[j->printed]; j->printed++) {
        UnitRun *run = &j->runs[j->printed];
        unit_run_print(run, j->out->d->out, j->out->rep->out);
        fwrite(run->block[RUN_ROWS], 1, run->len[RUN_ROWS], j->rows);
        j->code = combine_exit(j->code, run->code);
        unit_run_free(run);
    }
}

static void check_pending(CheckJobs *j, int task)
{
    int at = j->pending[task];
    run_unit(j->o, j->pr, j->todo[at], j->out, &j->runs[at]);
    if (cacheable(j->o))
        cache_store_result(j->o->cache, j->keys[at], &j->runs[at]);
}

static void check_work(int task, FILE *out, void *ctx)
{
    CheckJobs *j = ctx;
    check_pending(j, task);
    run_write(out, &j->runs[j->pending[task]]);
}

static void check_done(int task, int status, const char *text, size_t len, void *ctx)
{
    CheckJobs *j = ctx;
    int at = j->pending[task];
    FILE *f = len ? fmemopen((void *)text, len, "rb") : NULL;
    if (!f || !run_read(f, &j->runs[at])) {
        char why[96];
        pool_status_text(status, why, sizeof why);
        memset(&j->runs[at], 0, sizeof j->runs[at]);
        j->runs[at].code = EXIT_INPUT;
        diag_plain(j->out->d, SEV_ERROR, j->todo[at]->path, "its kernels were not checked: %s", why);
    }
    if (f)
        fclose(f);
    j->done++;
    j->ready[at] = true;
    print_ready(j);
}

static void check_tick(void *ctx)
{
    CheckJobs *j = ctx;
    progress_show(j->bar, false, "checking: %d of %d translation units done", j->done, j->total);
}

/* SARIF's commas are counted as results are written, and a baseline
 * is matched as alarms come: both want one process. */
static int jobs_for(const CliOptions *o)
{
    return o->format == FORMAT_SARIF || o->baseline ? 1 : o->jobs;
}

/* The units that own kernels; those the cache does not hold are pending. */
static void find_pending(CheckJobs *j)
{
    for (int i = 0; i < j->pr->n; i++)
        if (j->pr->u[i].nown)
            j->todo[j->total++] = &j->pr->u[i];
    for (int i = 0; i < j->total; i++) {
        if (cacheable(j->o))
            result_key(j->o, j->pr, j->todo[i], j->out->rep->color, j->out->d->color, j->keys[i]);
        if (!cacheable(j->o) || !cache_load_result(j->o->cache, j->keys[i], &j->runs[i]))
            j->pending[j->npending++] = i;
        else
            j->done += j->ready[i] = true;
    }
    print_ready(j);
}

static void check_here(CheckJobs *j)
{
    for (int i = 0; i < j->npending; i++) {
        progress_show(j->bar, true, "checking %d/%d: %s", j->done + 1, j->total, j->todo[j->pending[i]]->path);
        check_pending(j, i);
        j->done += j->ready[j->pending[i]] = true;
        print_ready(j);
    }
}

static int check_owners(CheckJobs *j)
{
    find_pending(j);
    if (jobs_for(j->o) > 1) {
        Pool pool = {jobs_for(j->o), check_work, check_done, check_tick, j, false};
        pool_run(&pool, j->npending);
    } else {
        check_here(j);
    }
    progress_clear(j->bar);
    return j->code;
}

/* ---- the closing table ---- */

typedef struct Row {
    int code;
    double ms;
    bool nowhere;
    char *file, *name;
} Row;

static int slower(const void *a, const void *b)
{
    const Row *x = a, *y = b;
    return x->ms < y->ms ? 1 : x->ms > y->ms ? -1 : 0;
}

/* The rows of one kernel (several launches) folded into one. */
static int read_rows(char *text, Row **out)
{
    Row *rows = NULL;
    int n = 0, cap = 0;
    for (char *line = strtok(text, "\n"); line; line = strtok(NULL, "\n")) {
        char *f[5];
        int k = 0;
        for (char *p = line; k < 5; k++) {
            f[k] = p;
            char *tab = strchr(p, '\t');
            if (!tab) {
                k++;
                break;
            }
            *tab = '\0';
            p = tab + 1;
        }
        if (k != 5)
            continue;
        Row r = {atoi(f[0]), atof(f[1]), atoi(f[2]) != 0, f[3], f[4]};
        int same = -1;
        for (int i = 0; i < n && same < 0; i++)
            if (strcmp(rows[i].file, r.file) == 0 && strcmp(rows[i].name, r.name) == 0)
                same = i;
        if (same < 0) {
            VEC_PUSH(rows, n, cap, r);
        } else {
            rows[same].code = combine_exit(rows[same].code, r.code);
            rows[same].ms += r.ms;
        }
    }
    *out = rows;
    return n;
}

enum { SLOWEST_SHOWN = 5 };

/* Each header some unit could not find, with how many units miss it. */
static void missing_includes(FILE *err, const Project *pr)
{
    const char **names = NULL;
    int *units = NULL, n = 0, cap = 0, capu = 0, nu = 0;
    for (int i = 0; i < pr->n; i++)
        for (int j = 0; pr->u[i].indexed && j < pr->u[i].x.nmissing; j++) {
            const char *name = pr->u[i].x.missing[j];
            int at = -1;
            for (int k = 0; k < n && at < 0; k++)
                if (strcmp(names[k], name) == 0)
                    at = k;
            if (at < 0) {
                VEC_PUSH(names, n, cap, name);
                VEC_PUSH(units, nu, capu, 0);
                at = n - 1;
            }
            units[at]++;
        }
    if (n)
        fprintf(err, "  missing includes (read as empty; -I DIR or --compdb DIR may find them):");
    for (int k = 0; k < n; k++)
        fprintf(err, " %s (%d unit%s)%s", names[k], units[k], units[k] == 1 ? "" : "s", k + 1 < n ? "," : "\n");
    free(names);
    free(units);
}

static void closing_table(FILE *err, char *text, const Project *pr)
{
    int units = pr->n;
    Row *rows;
    int n = read_rows(text, &rows);
    static const struct {
        int code;
        const char *what;
    } kinds[] = {{EXIT_OK, "data-race free"}, {EXIT_RACE, "racy"}, {EXIT_DIVERGENT, "divergent or ill-formed"},
                 {EXIT_UNKNOWN, "unknown"}, {EXIT_INPUT, "not checked (input error)"}};
    fprintf(err, "project: %d kernel%s in %d translation unit%s:", n, n == 1 ? "" : "s", units, units == 1 ? "" : "s");
    for (size_t k = 0; k < sizeof kinds / sizeof kinds[0]; k++) {
        int count = 0;
        for (int i = 0; i < n; i++)
            count += rows[i].code == kinds[k].code;
        if (count)
            fprintf(err, " %d %s;", count, kinds[k].what);
    }
    fputc('\n', err);
    int nowhere = 0;
    for (int i = 0; i < n; i++)
        nowhere += rows[i].nowhere;
    if (nowhere) {
        fprintf(err, "  launched nowhere (checked for every launch):");
        for (int i = 0; i < n; i++)
            if (rows[i].nowhere)
                fprintf(err, " %s (%s)", rows[i].name, rows[i].file);
        fputc('\n', err);
    }
    missing_includes(err, pr);
    qsort(rows, (size_t)n, sizeof *rows, slower);
    for (int i = 0; i < n && i < SLOWEST_SHOWN; i++)
        fprintf(err, "  %s %8.0f ms  %s (%s)\n", i == 0 ? "slowest:" : "        ", rows[i].ms, rows[i].name,
                rows[i].file);
    free(rows);
}

/* Each -p names a uniform of some kernel of the project (the units wrote
 * the ones they know among the rows); with --shard, of some kernel of
 * another part, perhaps: not checked then. */
static int params_known(const CliOptions *o, const char *rows, Diag *d)
{
    int code = EXIT_OK;
    for (int i = 0; o->shard_n <= 1 && i < o->launch.nfacts; i++) {
        const LaunchFact *f = &o->launch.facts[i];
        if (f->from.source != FROM_CLI || f->kind != LF_EQUALS)
            continue;
        char line[LAUNCH_NAME_MAX + 8];
        snprintf(line, sizeof line, "\n-p\t%s\n", f->param);
        bool known = strncmp(rows, line + 1, strlen(line + 1)) == 0 || strstr(rows, line);
        if (!known) {
            diag_plain(d, SEV_ERROR, f->param, "-p %s: no kernel of the project has a uniform variable '%s'",
                       f->param, f->param);
            code = EXIT_INPUT;
        }
    }
    return code;
}

static int check_units(const CliOptions *o, const Project *pr, const DriveSinks *out)
{
    char *text = NULL;
    size_t len = 0;
    FILE *rows = open_memstream(&text, &len);
    Progress bar;
    progress_init(&bar, true);
    size_t n = (size_t)pr->n + 1;
    CheckJobs j = {.o = o, .pr = pr, .out = out, .todo = xcalloc(n, sizeof(Unit *)), .keys = xcalloc(n, 33),
                   .runs = xcalloc(n, sizeof(UnitRun)), .ready = xcalloc(n, sizeof(bool)),
                   .pending = xcalloc(n, sizeof(int)), .rows = rows, .bar = &bar};
    int code = check_owners(&j);
    free(j.todo);
    free(j.keys);
    free(j.runs);
    free(j.ready);
    free(j.pending);
    fclose(rows);
    code = combine_exit(params_known(o, text ? text : "", out->d), code);
    if (o->format == FORMAT_TEXT)
        closing_table(out->d->out, text, pr);
    free(text);
    return code;
}

/* --kernel names a kernel defined somewhere in the project. */
static bool kernel_exists(const CliOptions *o, const Defs *ds, Diag *d)
{
    for (int i = 0; o->kernel && i < ds->n; i++)
        if (strcmp(ds->d[i].k->name, o->kernel) == 0)
            return true;
    if (o->kernel)
        diag_plain(d, SEV_ERROR, o->nfiles ? o->files[0] : o->compdb, "no kernel named '%s' in the project",
                   o->kernel);
    return !o->kernel;
}

int drive_project(const CliOptions *o, const DriveSinks *out)
{
    Project pr = {0};
    Defs ds = {0};
    int code = find_units(o, &pr, out->d) ? EXIT_OK : EXIT_INPUT;
    if (code == EXIT_OK && !index_units(o, &pr, 0, out->d))
        code = EXIT_INPUT;
    if (code == EXIT_OK && !index_orphan_headers(o, &pr, out->d))
        code = EXIT_INPUT;
    for (int i = 0; i < pr.n; i++)
        if (!pr.u[i].indexed) { /* its kernels are not known: unknown when a time limit cut it */
            code = combine_exit(code, pr.u[i].cut ? EXIT_UNKNOWN : EXIT_INPUT);
            if (pr.u[i].cut)
                report_file_unknown(out->rep, pr.u[i].path, DRIVE_PARSE_CUT);
        }
    if (code == EXIT_OK || code == EXIT_INPUT || code == EXIT_UNKNOWN) {
        gather_calls(&pr);
        link_project(o, &pr, &ds);
        if (ds.n == 0) {
            diag_plain(out->d, SEV_ERROR, o->nfiles ? o->files[0] : o->compdb,
                       "no __global__ function is defined in the project's %d files: nothing to check", pr.n);
            code = EXIT_INPUT;
        } else if (!kernel_exists(o, &ds, out->d)) {
            code = EXIT_INPUT;
        } else {
            code = combine_exit(code, check_units(o, &pr, out));
        }
    }
    free(ds.d);
    project_free(&pr);
    return code;
}
