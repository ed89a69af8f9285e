/* `mapkit fixpoint` over files and folders (fixpoint_run.h): the files,
 * the pool's tasks, the summary table and the SVG chart. */
#include "fixpoint_run.h"
#include "fixpoint_emulate.h"

#include "file_ids.h"
#include "frontend.h"
#include "outdir.h"
#include "pool.h"
#include "progress.h"

#include <dirent.h>
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>

/* ---- the files ---- */

typedef struct Files {
    char **items;
    int n, cap;
} Files;

static void files_add(Files *f, const char *path)
{
    VEC_PUSH(f->items, f->n, f->cap, strdup(path));
}

/* What a folder contributes: sources and protocols.  Headers (.cuh, .h,
 * .hpp) are not picked: their kernels are reached, and reported in the
 * header, through the .cu that includes them (a header named on the
 * command line is read as CUDA); taken alone each would be checked twice,
 * and a header without kernels would be an input error. */
static bool is_input(const char *name)
{
    return str_ends_with(name, ".cu") || str_ends_with(name, ".cl") || str_ends_with(name, ".proto");
}

/* A folder met again (through a link: a loop, or a second path) is
 * walked once, a file taken once; a folder that cannot be read is said. */
static void collect(Files *f, FileIds *met, const char *path, int depth)
{
    struct stat st;
    if (stat(path, &st) != 0 || !S_ISDIR(st.st_mode)) {
        if (stat(path, &st) != 0 || file_ids_add(met, &st))
            files_add(f, path); /* a missing file is reported by the worker */
        return;
    }
    if (depth > 32 || !file_ids_add(met, &st))
        return;
    DIR *d = opendir(path);
    if (!d)
        fprintf(stderr, "%s: warning: cannot read this folder (%s); its files are not checked\n", path,
                strerror(errno));
    struct dirent *e;
    while (d && (e = readdir(d))) {
        if (e->d_name[0] == '.')
            continue;
        char sub[4096];
        snprintf(sub, sizeof sub, "%s/%s", path, e->d_name);
        struct stat s2;
        if (stat(sub, &s2) == 0 && S_ISDIR(s2.st_mode))
            collect(f, met, sub, depth + 1);
        else if (is_input(e->d_name))
            collect(f, met, sub, depth + 1);
    }
    if (d)
        closedir(d);
}

static int by_name(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Files already in the results file, for --resume. */
static bool already_done(const char *results, const char *path)
{
    FILE *f = results ? fopen(results, "r") : NULL;
    if (!f)
        return false;
    char *line = NULL;
    size_t cap = 0;
    bool found = false;
    size_t n = strlen(path);
    while (!found && getline(&line, &cap, f) > 0)
        found = strncmp(line, "{\"file\":\"", 9) == 0 && strncmp(line + 9, path, n) == 0 && line[9 + n] == '"';
    free(line);
    fclose(f);
    return found;
}

/* ---- the summary, read back from each worker's JSON lines ---- */

typedef struct Summary {
    int kernels, cls[FP_NCLASSES], inconsistent;
    /* --frontend against mapkit's front end: kernels compared, those that
     * differ (semantic, verdict), those not compared */
    int own_compared, own_differs, own_semantic, own_verdict, own_not_compared;
    int emulated, emulation_inconsistent; /* --emulate */
    int unreadable; /* files that gave nothing to check at all: an input error (exit 2) */
    int category[DIFF_NCATEGORIES], semantic[DIFF_NCATEGORIES];
    int failure[FE_NFAILURES]; /* errors of an external front end, by category */
} Summary;

/* The own comparison's part of a kernel's line (fp_write_json puts it
 * last but for time_ms), NULL when there is none: what comes before it
 * is the rounds'. */
static const char *own_part(const char *line)
{
    return strstr(line, ",\"own\":{\"status\":\"");
}

static void summarize_own(Summary *s, const char *own)
{
    if (!own)
        return;
    if (strstr(own, "\"status\":\"not compared\"")) {
        s->own_not_compared++;
        return;
    }
    s->own_compared++;
    if (!strstr(own, "\"status\":\"differs\""))
        return;
    s->own_differs++;
    s->own_semantic += strstr(own, "\"semantic\":true") != NULL;
    /* no semantic difference: the verdicts are what differ */
    s->own_verdict += strstr(own, "\"semantic\":true") == NULL;
}

static void summarize_line(Summary *s, const char *full)
{
    const char *own = own_part(full);
    char *line = strndup(full, own ? (size_t)(own - full) : strlen(full));
    summarize_own(s, own);
    s->kernels++;
    bool tool_failed = false; /* the front end's failure, not the file's */
    for (int f = FE_OK + 1; f < FE_NFAILURES; f++) {
        char key[64];
        snprintf(key, sizeof key, "\"failure\":\"%s\"", frontend_failure_name((FrontendFailure)f));
        if (strstr(line, key)) {
            s->failure[f]++;
            tool_failed = true;
        }
    }
    /* whole_file_error's entry: no kernel, and the first stage failed
     * (not because an external front end did: that is the tool's error) */
    if (!tool_failed && (strstr(line, "\"kernel\":\"\",\"class\":\"error\",\"stage\":\"infer K0\"") ||
                         strstr(line, "\"kernel\":\"\",\"class\":\"error\",\"stage\":\"parse P1\"")))
        s->unreadable++;
    for (int c = 0; c < FP_NCLASSES; c++) {
        char key[48];
        snprintf(key, sizeof key, "\"class\":\"%s\"", fp_class_name((FpClass)c));
        if (strstr(line, key))
            s->cls[c]++;
    }
    for (int c = 0; c < DIFF_NCATEGORIES; c++) {
        char key[96], sem[128];
        snprintf(key, sizeof key, "\"category\":\"%s\"", fp_category_name((DiffCategory)c));
        snprintf(sem, sizeof sem, "%s,\"semantic\":true", key);
        s->category[c] += strstr(line, key) != NULL;
        s->semantic[c] += strstr(line, sem) != NULL;
    }
    s->inconsistent += strstr(line, "\"consistent\":false") != NULL;
    s->emulated += strstr(line, "\"emulated\":") != NULL;
    s->emulation_inconsistent += strstr(line, "\"emulation_consistent\":false") != NULL;
    free(line);
}

/* The classes a run can give: differing from mapkit's front end only
 * where it is compared with it (the default run's table is unchanged). */
static bool class_shown(FpClass c, bool own)
{
    return c != FP_DIFFERS_OWN || own;
}

static void print_own(FILE *out, const Summary *s)
{
    fprintf(out, "  against mapkit's front end: %d compared, %d differ (%d semantic, %d in the verdict only), "
                 "%d not compared\n",
            s->own_compared, s->own_differs, s->own_semantic, s->own_verdict, s->own_not_compared);
}

static void print_summary(FILE *out, const Summary *s, const char *frontend, bool own)
{
    /* the first column holds the longest class name shown */
    int w = own ? (int)strlen(fp_class_name(FP_DIFFERS_OWN)) + 1 : 28;
    fprintf(out, "\nfixpoint: %d kernel(s)\n", s->kernels);
    if (frontend)
        fprintf(out, "  front end: %s\n", frontend);
    fprintf(out, "  %-*s %6s\n", w, "class", "kernels");
    for (int c = 0; c < FP_NCLASSES; c++)
        if (class_shown((FpClass)c, own))
            fprintf(out, "  %-*s %6d\n", w, fp_class_name((FpClass)c), s->cls[c]);
    for (int f = FE_OK + 1; f < FE_NFAILURES; f++)
        if (s->failure[f])
            fprintf(out, "    %-*s %6d\n", w - 2, frontend_failure_name((FrontendFailure)f), s->failure[f]);
    fprintf(out, "  %-*s %6s %9s\n", w, "difference (non-fixed)", "kernels", "semantic");
    for (int c = 0; c < DIFF_NCATEGORIES; c++)
        fprintf(out, "  %-*s %6d %9d\n", w, fp_category_name((DiffCategory)c), s->category[c], s->semantic[c]);
    fprintf(out, "  checker inconsistencies: %d\n", s->inconsistent);
    if (own)
        print_own(out, s);
    if (s->emulated)
        fprintf(out, "  emulated: %d; a race or divergence executed that a verdict calls drf: %d\n", s->emulated,
                s->emulation_inconsistent);
}

/* Horizontal bars, one per class and one per category ([VST Fig. 5]/7). */
static void write_svg(FILE *f, const Summary *s, bool own)
{
    int rows = FP_NCLASSES + DIFF_NCATEGORIES + 1, h = 40 + rows * 24, max = s->kernels > 0 ? s->kernels : 1;
    fprintf(f, "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"720\" height=\"%d\" font-family=\"sans-serif\" "
               "font-size=\"13\">\n<text x=\"10\" y=\"20\" font-weight=\"bold\">mapkit fixpoint: %d kernel(s)</text>\n",
            h, s->kernels);
    int y = 40;
    for (int c = 0; c < FP_NCLASSES + DIFF_NCATEGORIES; c++, y += 24) {
        bool cls = c < FP_NCLASSES;
        if (cls && !class_shown((FpClass)c, own)) {
            y -= 24;
            continue;
        }
        if (c == FP_NCLASSES)
            y += 24;
        int n = cls ? s->cls[c] : s->category[c - FP_NCLASSES];
        int sem = cls ? 0 : s->semantic[c - FP_NCLASSES];
        const char *label = cls ? fp_class_name((FpClass)c) : fp_category_name((DiffCategory)(c - FP_NCLASSES));
        static const char *colour[] = {"#4c9a2a", "#e0a100", "#8e44ad", "#c0392b"};
        fprintf(f, "<text x=\"10\" y=\"%d\">%s</text>\n", y + 14, label);
        fprintf(f, "<rect x=\"220\" y=\"%d\" width=\"%d\" height=\"18\" fill=\"%s\"/>\n", y, 400 * n / max,
                cls ? colour[c] : "#7f8c8d");
        if (sem)
            fprintf(f, "<rect x=\"220\" y=\"%d\" width=\"%d\" height=\"18\" fill=\"#34495e\"/>\n", y, 400 * sem / max);
        fprintf(f, "<text x=\"%d\" y=\"%d\">%d%s</text>\n", 226 + 400 * n / max, y + 14, n,
                sem ? " (dark: semantic)" : "");
    }
    fputs("</svg>\n", f);
}

static void record_crash(const char *path, int status, FILE *to)
{
    char message[64];
    pool_status_text(status, message, sizeof message);
    fputs("{\"file\":", to);
    json_string(to, path);
    fputs(",\"kernel\":\"\",\"class\":\"error\",\"stage\":\"worker\",\"message\":", to);
    json_string(to, message);
    fputs(",\"differences\":[],\"verdicts\":{\"k0\":null,\"p1\":null,\"p2\":null},\"consistent\":true,"
          "\"time_ms\":0}\n", to);
}

typedef struct Sink {
    FILE *results;
    int results_error; /* the reason of its first failed write */
    bool json;
    Summary sum;
    int done, total;
    Progress bar; /* on a terminal only; cleared before every other line */
} Sink;

/* "; against mapkit's front end: CATEGORY (semantic), verdict V, mapkit's W"
 * for a kernel that differs, "; not compared: WHY" for one not compared. */
static void text_own(const char *line, const char *own)
{
    const char *p;
    if (!own)
        return;
    if (strstr(own, "\"status\":\"not compared\"") && (p = strstr(own, "\"message\":\""))) {
        printf("; not compared: %.*s", (int)strcspn(p + 11, "\""), p + 11);
        return;
    }
    if (!strstr(own, "\"status\":\"differs\""))
        return;
    printf("; against mapkit's front end:");
    const char *sep = " ";
    for (p = strstr(own, "\"category\":\""); p; p = strstr(p + 1, "\"category\":\""), sep = ", ")
        printf("%s%.*s%s", sep, (int)strcspn(p + 12, "\""), p + 12,
               strncmp(strchr(p + 12, '"'), "\",\"semantic\":true", 17) == 0 ? " (semantic)" : "");
    char ours[32] = "", theirs[32] = "";
    if ((p = strstr(own, "\"verdict\":\"")))
        sscanf(p + 11, "%31[^\"]", ours);
    if ((p = strstr(line, "\"k0\":\"")))
        sscanf(p + 6, "%31[^\"]", theirs);
    if (*ours && *theirs && !fp_verdicts_agree(ours, theirs))
        printf("%sverdict %s, mapkit's %s", sep, theirs, ours);
}

static void text_line(const char *full)
{
    const char *own = own_part(full);
    char *line = strndup(full, own ? (size_t)(own - full) : strlen(full));
    char file[1024] = "", kernel[256] = "", cls[32] = "";
    const char *p = strstr(line, "\"file\":\"");
    if (p)
        sscanf(p + 8, "%1023[^\"]", file);
    if ((p = strstr(line, "\"kernel\":\"")))
        sscanf(p + 10, "%255[^\"]", kernel);
    if ((p = strstr(line, "\"class\":\"")))
        sscanf(p + 9, "%31[^\"]", cls);
    printf("%s: %s%s%s", file, kernel, *kernel ? ": " : "", cls);
    if ((p = strstr(line, "\"stage\":\""))) {
        char stage[64] = "", msg[512] = "";
        sscanf(p + 9, "%63[^\"]", stage);
        if ((p = strstr(line, "\"message\":\"")))
            sscanf(p + 11, "%511[^\"]", msg);
        printf(" at %s: %s", stage, msg);
    }
    for (p = strstr(line, "\"category\":\""); p; p = strstr(p + 1, "\"category\":\"")) {
        char cat[64] = "";
        sscanf(p + 12, "%63[^\"]", cat);
        printf("; %s%s", cat, strncmp(strchr(p + 12, '"'), "\",\"semantic\":true", 17) == 0 ? " (semantic)" : "");
    }
    if (strstr(line, "\"consistent\":false") && (p = strstr(line, "\"verdicts\":{")))
        printf("; checker inconsistency %.*s", (int)strcspn(p + 11, "}") + 1, p + 11);
    if (strstr(line, "\"emulation_consistent\":false") && (p = strstr(line, "\"emulated\":\"")))
        printf("; execution shows %.*s, a verdict says drf", (int)strcspn(p + 12, "\""), p + 12);
    else if ((p = strstr(line, "\"emulated\":\"")))
        printf("; executed: %.*s", (int)strcspn(p + 12, "\""), p + 12);
    text_own(line, own);
    putchar('\n');
    free(line);
}

static void progress(Sink *s)
{
    if (s->done == s->total) { /* the summary comes next */
        progress_clear(&s->bar);
        return;
    }
    int width = 30, filled = s->total ? width * s->done / s->total : width;
    progress_show(&s->bar, false, "[%.*s%*s] %d/%d files  fixed %d  non-fixed %d  error %d", filled,
                  "==============================", width - filled, "", s->done, s->total,
                  s->sum.cls[FP_FIXED], s->sum.cls[FP_NONFIXED], s->sum.cls[FP_ERROR]);
}

/* ---- the pool's tasks: one file each ---- */

typedef struct Run {
    const FpRunOptions *o;
    char **files;
    char **keep_as; /* with --keep: each file's folder in it */
    Sink sink;
} Run;

/* In the child: the file's JSON lines; a crash is recorded by the parent. */
static void work_on(int task, FILE *out, void *ctx)
{
    const Run *run = ctx;
    FpFile result;
    FpOptions fp = run->o->fp;
    fp.keep_as = run->keep_as ? run->keep_as[task] : NULL;
    fixpoint_file(run->files[task], &fp, &result);
    if (run->o->fp.emulate)
        fp_emulate(run->files[task], run->o->fp.emulate, &result);
    fp_write_json(out, &result);
    fp_file_free(&result);
}

static void emit_line(Sink *s, const char *line)
{
    summarize_line(&s->sum, line);
    if (s->results) {
        fprintf(s->results, "%s\n", line);
        if (fflush(s->results) != 0 && !s->results_error)
            s->results_error = errno;
    }
    if (s->json)
        printf("%s\n", line);
    else
        text_line(line);
}

static void file_done(int task, int status, const char *out, size_t len, void *ctx)
{
    Run *run = ctx;
    Sink *s = &run->sink;
    char *text = NULL;
    size_t n = 0;
    FILE *mem = open_memstream(&text, &n);
    fwrite(out, 1, len, mem);
    if (!len && !(WIFEXITED(status) && WEXITSTATUS(status) == 0))
        record_crash(run->files[task], status, mem);
    fclose(mem);
    progress_clear(&s->bar);
    for (char *l = text, *nl; l && *l && (nl = strchr(l, '\n')); l = nl + 1) {
        *nl = 0;
        emit_line(s, l);
    }
    fflush(stdout);
    free(text);
    s->done++;
    progress(s);
}

static void files_free(Files *f)
{
    for (int i = 0; i < f->n; i++)
        free(f->items[i]);
    free(f->items);
}

static const char *base_name(const char *path)
{
    const char *slash = strrchr(path, '/');
    return slash ? slash + 1 : path;
}

/* Is name the folder of an earlier file (names[0..n)), or, made up, the
 * base name of any file? */
static bool name_taken(char *const *names, int n, const Files *files, const char *name, bool made_up)
{
    for (int i = 0; i < n; i++)
        if (strcmp(names[i], name) == 0)
            return true;
    for (int i = 0; made_up && i < files->n; i++)
        if (strcmp(base_name(files->items[i]), name) == 0)
            return true;
    return false;
}

/* The --keep folder of each of the sorted files: its base name, or for
 * a second file of that name (a/k.cu, b/k.cu) the name with -2, -3, ...
 * that no other file has, so that no file's keeps overwrite another's.
 * Named from the whole sorted list, each shard and each resumed run
 * gives a file the same folder (names[i] malloc'd). */
static char **keep_names(const Files *files)
{
    char **names = xcalloc((size_t)files->n + 1, sizeof *names);
    for (int i = 0; i < files->n; i++) {
        const char *base = base_name(files->items[i]);
        char name[4096];
        snprintf(name, sizeof name, "%s", base);
        for (int k = 2; name_taken(names, i, files, name, k > 2); k++)
            snprintf(name, sizeof name, "%s-%d", base, k);
        names[i] = strdup(name);
    }
    return names;
}

/* Says where a renamed file's keeps are (stderr: stdout may be JSON). */
static void note_renamed(const FpRunOptions *o, const char *path, const char *name)
{
    if (strcmp(name, base_name(path)) != 0)
        fprintf(stderr, "mapkit fixpoint: note: %s is kept in %s/%s (another input has the name %s)\n", path,
                o->fp.keep_dir, name, base_name(path));
}

/* The sorted files of the command line's files and folders, and this
 * shard's share of them less those already done; with --keep, their
 * folders' names in keep (same order). */
static bool select_files(const FpRunOptions *o, const char *const *paths, int npaths, Files *mine, Files *keep)
{
    Files files = {0};
    FileIds met = {0};
    for (int i = 0; i < npaths; i++)
        collect(&files, &met, paths[i], 0);
    file_ids_free(&met);
    if (files.n == 0) { /* folders without a .cu or .proto: nothing would be checked */
        for (int i = 0; i < npaths; i++)
            fprintf(stderr, "%s: error: no .cu, .cl or .proto file found here: nothing to check\n", paths[i]);
        return false;
    }
    qsort(files.items, (size_t)files.n, sizeof *files.items, by_name);
    char **names = o->fp.keep_dir ? keep_names(&files) : NULL;
    for (int i = 0; i < files.n; i++)
        if (i % o->shard_n == o->shard_k - 1 && !(o->resume && already_done(o->results, files.items[i]))) {
            files_add(mine, files.items[i]);
            if (names) {
                files_add(keep, names[i]);
                note_renamed(o, files.items[i], names[i]);
            }
        }
    for (int i = 0; names && i < files.n; i++)
        free(names[i]);
    free(names);
    files_free(&files);
    return true;
}

/* The --results journal is appended to as each file ends (--resume reads
 * it back), so it is written where it is, never through a temporary
 * file; a failed write to it is an error all the same. */
static bool close_journal(FILE *f, int first_error, const char *path)
{
    int err = fflush(f) != 0 ? errno : first_error ? first_error : ferror(f) ? EIO : 0;
    if (fclose(f) != 0 && !err)
        err = errno;
    if (err)
        fprintf(stderr, "mapkit: error: writing %s: %s\n", path, strerror(err));
    return !err;
}

/* The exit status when a signal stopped the workers: the files that
 * ended are in the results and the summary. */
static int stopped(int sig)
{
    fprintf(stderr, "mapkit fixpoint: stopped by %s: the workers were stopped; the summary counts the files that "
                    "ended\n",
            sig == SIGINT ? "SIGINT" : "SIGTERM");
    return pool_stopped_exit(sig);
}

int fixpoint_run(const FpRunOptions *o, const char *const *paths, int npaths)
{
    Files mine = {0}, keep = {0};
    OutdirClaim claim = {.command = "fixpoint", .option = "--keep", .force = o->force};
    if (o->fp.keep_dir && !outdir_claim(o->fp.keep_dir, &claim))
        return 2;
    if (!select_files(o, paths, npaths, &mine, &keep)) {
        files_free(&keep);
        return 2;
    }
    Run run = {.o = o, .files = mine.items, .keep_as = keep.items};
    Sink *sink = &run.sink;
    sink->json = o->json;
    sink->total = mine.n;
    progress_init(&sink->bar, true);
    if (o->results && !(sink->results = fopen(o->results, o->resume ? "a" : "w"))) {
        fprintf(stderr, "mapkit fixpoint: error: cannot write %s: %s\n", o->results, strerror(errno));
        files_free(&mine);
        files_free(&keep);
        return 2;
    }
    Pool pool = {.jobs = o->jobs, .work = work_on, .done = file_done, .ctx = &run, .interruptible = true};
    if (!pool_run(&pool, mine.n))
        fprintf(stderr, "mapkit fixpoint: error: cannot start a worker: %s\n", strerror(errno));
    bool journal_ok = !sink->results || close_journal(sink->results, sink->results_error, o->results);
    bool own = o->fp.own_load != NULL;
    print_summary(o->json ? stderr : stdout, &sink->sum, o->frontend, own);
    if (o->svg)
        write_svg(o->svg, &sink->sum, own);
    files_free(&mine);
    files_free(&keep);
    if (pool_stopped_by())
        return stopped(pool_stopped_by());
    const Summary *s = &sink->sum;
    /* sink->done < sink->total: a worker that never started */
    if (s->unreadable || sink->done < sink->total || !journal_ok)
        return 2;
    return s->cls[FP_FIXED] == s->kernels && s->inconsistent == 0 && s->emulation_inconsistent == 0 ? 0 : 1;
}
