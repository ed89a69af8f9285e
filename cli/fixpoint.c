/* `mapkit fixpoint`: the round-trip harness of [VST] (Sec. 3-6) over
 * files and directories, with parallel workers, sharding, resumable JSON
 * lines, a summary table and an SVG chart like Fig. 5 and 7. */
#include "cli.h"
#include "fixpoint.h"
#include "input.h"
#include "progress.h"

#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

static const char usage[] =
    "usage: mapkit fixpoint [options] FILE.cu|FILE.cl|FILE.proto|DIR...\n"
    "\n"
    "For every kernel K0: P1 = infer(K0), K1 = gen(P1), P2 = infer(K1), ...\n"
    "Each kernel is fixed (P1 == P2 once unknowns have canonical names),\n"
    "non-fixed (with the categories of difference, each marked semantic or\n"
    "cosmetic: cosmetic only when the solver proves the same accesses in the\n"
    "same barrier intervals), or an error at the stage that failed.  check(K0),\n"
    "check(P1) and check(P2) must agree; a disagreement is a checker\n"
    "inconsistency.  A .proto file P0 starts the loop at K1 = gen(P0): the\n"
    "proto-first round trip.  A .cl file goes through OpenCL (K1.cl, ...).\n"
    "Directories are searched for .cu, .cl and .proto files.\n"
    "\n"
    "  --steps N           rounds of infer(gen(.)) (default 2)\n"
    "  --cross             rounds alternate dialects: CUDA -> proto -> OpenCL -> proto,\n"
    "                      OpenCL -> proto -> CUDA -> proto (a protocol: CUDA, then\n"
    "                      OpenCL); fixed only when every round gives P back\n"
    "  -j N                files in parallel (default 1)\n"
    "  --shard K/N         only the K-th of N equal parts of the sorted files\n"
    "  --keep DIR          keep P1.proto, K1.cu, P2.proto, ... per file in DIR/FILE/\n"
    "  --results FILE      append one JSON line per kernel to FILE as each file ends\n"
    "  --resume            skip the files FILE already has (with --results)\n"
    "  --svg FILE          write a chart of the classes and categories\n"
    "  --nvcc PATH         compile every generated file with PATH (default: nvcc if found)\n"
    "  --no-nvcc           do not compile the generated files\n"
    "  --format=text|json  per-kernel lines and the summary (json: the JSON lines)\n"
    "  --timeout=MS        per check of a kernel (default 10000)\n"
    "  -I DIR, -D M[=V], -b D, -g D   as for `mapkit infer`\n"
    "  --help, --version\n"
    "\n"
    "exit status: 0 every kernel fixed with consistent verdicts, 1 otherwise,\n"
    "2 usage or input error (also a file with nothing to check)\n";

typedef struct FixOpts {
    int steps, jobs, shard_k, shard_n;
    const char *keep, *results, *svg, *nvcc;
    bool resume, no_nvcc, cross;
} FixOpts;

/* ---- options of this command, taken out of argv before the shared ones ---- */

static bool take_int(const char *v, int *out, int lo, int hi)
{
    char *end;
    long n = v ? strtol(v, &end, 10) : 0;
    if (!v || !*v || *end || n < lo || n > hi)
        return false;
    *out = (int)n;
    return true;
}

static bool take_shard(const char *v, FixOpts *f)
{
    int k, n;
    if (!v || sscanf(v, "%d/%d", &k, &n) != 2 || n < 1 || k < 1 || k > n)
        return false;
    f->shard_k = k;
    f->shard_n = n;
    return true;
}

/* Matches `--name VALUE`, `--name=VALUE` (or the short `-j N`, `-jN`). */
static bool option_value(char **argv, int argc, int *i, const char *name, const char **v)
{
    const char *a = argv[*i];
    size_t n = strlen(name);
    if (strncmp(a, name, n) != 0)
        return false;
    if (a[n] == '=' || (a[n] && name[1] != '-')) {
        *v = a + n + (a[n] == '=');
        return true;
    }
    if (a[n])
        return false;
    *v = *i + 1 < argc ? argv[++*i] : NULL;
    return true;
}

/* Returns the number of arguments left in rest, or -1 after a usage error. */
static int take_options(int argc, char **argv, char **rest, FixOpts *f)
{
    int n = 0;
    for (int i = 0; i < argc; i++) {
        const char *a = argv[i], *v = NULL;
        bool ok = true;
        if (i == 0 || a[0] != '-')
            rest[n++] = argv[i];
        else if (option_value(argv, argc, &i, "--steps", &v))
            ok = take_int(v, &f->steps, 1, 100);
        else if (option_value(argv, argc, &i, "-j", &v))
            ok = take_int(v, &f->jobs, 1, 256);
        else if (option_value(argv, argc, &i, "--shard", &v))
            ok = take_shard(v, f);
        else if (option_value(argv, argc, &i, "--keep", &v))
            ok = (f->keep = v) && *v;
        else if (option_value(argv, argc, &i, "--results", &v))
            ok = (f->results = v) && *v;
        else if (option_value(argv, argc, &i, "--svg", &v))
            ok = (f->svg = v) && *v;
        else if (option_value(argv, argc, &i, "--nvcc", &v))
            ok = (f->nvcc = v) && *v;
        else if (strcmp(a, "--no-nvcc") == 0)
            f->no_nvcc = true;
        else if (strcmp(a, "--resume") == 0)
            f->resume = true;
        else if (strcmp(a, "--cross") == 0)
            f->cross = true;
        else
            rest[n++] = argv[i];
        if (!ok) {
            cli_usage_error("fixpoint", "bad value for %s", a);
            return -1;
        }
    }
    rest[n] = NULL;
    return n;
}

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
    size_t n = strlen(name);
    return (n > 3 && strcmp(name + n - 3, ".cu") == 0) || (n > 3 && strcmp(name + n - 3, ".cl") == 0) ||
           (n > 6 && strcmp(name + n - 6, ".proto") == 0);
}

static void collect(Files *f, const char *path, int depth)
{
    struct stat st;
    if (stat(path, &st) != 0 || !S_ISDIR(st.st_mode) || depth > 32) {
        files_add(f, path); /* a missing file is reported by the worker */
        return;
    }
    DIR *d = opendir(path);
    struct dirent *e;
    while (d && (e = readdir(d))) {
        if (e->d_name[0] == '.')
            continue;
        char sub[4096];
        snprintf(sub, sizeof sub, "%s/%s", path, e->d_name);
        struct stat s2;
        if (stat(sub, &s2) == 0 && S_ISDIR(s2.st_mode))
            collect(f, sub, depth + 1);
        else if (is_input(e->d_name))
            files_add(f, sub);
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
    int unreadable; /* files that gave nothing to check at all: an input error (exit 2) */
    int category[DIFF_NCATEGORIES], semantic[DIFF_NCATEGORIES];
} Summary;

static void summarize_line(Summary *s, const char *line)
{
    s->kernels++;
    /* whole_file_error's entry: no kernel, and the first stage failed */
    if (strstr(line, "\"kernel\":\"\",\"class\":\"error\",\"stage\":\"infer K0\"") ||
        strstr(line, "\"kernel\":\"\",\"class\":\"error\",\"stage\":\"parse P1\""))
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
}

static void print_summary(FILE *out, const Summary *s)
{
    fprintf(out, "\nfixpoint: %d kernel(s)\n", s->kernels);
    fprintf(out, "  %-28s %6s\n", "class", "kernels");
    for (int c = 0; c < FP_NCLASSES; c++)
        fprintf(out, "  %-28s %6d\n", fp_class_name((FpClass)c), s->cls[c]);
    fprintf(out, "  %-28s %6s %9s\n", "difference (non-fixed)", "kernels", "semantic");
    for (int c = 0; c < DIFF_NCATEGORIES; c++)
        fprintf(out, "  %-28s %6d %9d\n", fp_category_name((DiffCategory)c), s->category[c], s->semantic[c]);
    fprintf(out, "  checker inconsistencies: %d\n", s->inconsistent);
}

/* Horizontal bars, one per class and one per category ([VST Fig. 5]/7). */
static void write_svg(const char *path, const Summary *s)
{
    FILE *f = fopen(path, "w");
    if (!f) {
        fprintf(stderr, "mapkit fixpoint: error: cannot write %s: %s\n", path, strerror(errno));
        return;
    }
    int rows = FP_NCLASSES + DIFF_NCATEGORIES + 1, h = 40 + rows * 24, max = s->kernels > 0 ? s->kernels : 1;
    fprintf(f, "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"720\" height=\"%d\" font-family=\"sans-serif\" "
               "font-size=\"13\">\n<text x=\"10\" y=\"20\" font-weight=\"bold\">mapkit fixpoint: %d kernel(s)</text>\n",
            h, s->kernels);
    int y = 40;
    for (int c = 0; c < FP_NCLASSES + DIFF_NCATEGORIES; c++, y += 24) {
        bool cls = c < FP_NCLASSES;
        if (c == FP_NCLASSES)
            y += 24;
        int n = cls ? s->cls[c] : s->category[c - FP_NCLASSES];
        int sem = cls ? 0 : s->semantic[c - FP_NCLASSES];
        const char *label = cls ? fp_class_name((FpClass)c) : fp_category_name((DiffCategory)(c - FP_NCLASSES));
        static const char *colour[] = {"#4c9a2a", "#e0a100", "#c0392b"};
        fprintf(f, "<text x=\"10\" y=\"%d\">%s</text>\n", y + 14, label);
        fprintf(f, "<rect x=\"220\" y=\"%d\" width=\"%d\" height=\"18\" fill=\"%s\"/>\n", y, 400 * n / max,
                cls ? colour[c] : "#7f8c8d");
        if (sem)
            fprintf(f, "<rect x=\"220\" y=\"%d\" width=\"%d\" height=\"18\" fill=\"#34495e\"/>\n", y, 400 * sem / max);
        fprintf(f, "<text x=\"%d\" y=\"%d\">%d%s</text>\n", 226 + 400 * n / max, y + 14, n,
                sem ? " (dark: semantic)" : "");
    }
    fputs("</svg>\n", f);
    fclose(f);
}

/* ---- workers ---- */

typedef struct Run {
    const FixOpts *f;
    const CliOptions *cli;
    FpOptions fp;
} Run;

/* .cu files are inferred; a .proto is parsed, for the proto-first round
 * trip infer(gen(P0)) = P0. */
static Program *load_cb(const char *path, SrcFile **src, Diag *d, void *ctx)
{
    return load_input(path, ctx, NULL, src, d);
}

/* The child's JSON lines go to `out`; a crash is recorded by the parent. */
static void work_on(const Run *run, const char *path, const char *out)
{
    FpFile result;
    fixpoint_file(path, &run->fp, &result);
    FILE *f = fopen(out, "w");
    if (f) {
        fp_write_json(f, &result);
        fclose(f);
    }
    fp_file_free(&result);
}

typedef struct Worker {
    pid_t pid;
    int file;
    char out[64];
} Worker;

static void record_crash(const char *path, int status, FILE *to)
{
    char message[64];
    snprintf(message, sizeof message, "the worker %s %d", WIFSIGNALED(status) ? "died of signal" : "exited with",
             WIFSIGNALED(status) ? WTERMSIG(status) : WEXITSTATUS(status));
    fputs("{\"file\":", to);
    json_string(to, path);
    fputs(",\"kernel\":\"\",\"class\":\"error\",\"stage\":\"worker\",\"message\":", to);
    json_string(to, message);
    fputs(",\"differences\":[],\"verdicts\":{\"k0\":null,\"p1\":null,\"p2\":null},\"consistent\":true,"
          "\"time_ms\":0}\n", to);
}

typedef struct Sink {
    FILE *results;
    Format format;
    Summary sum;
    int done, total;
    Progress bar; /* on a terminal only; cleared before every other line */
} Sink;

static void text_line(const char *line)
{
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
    putchar('\n');
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

static void collect_worker(Sink *s, const Worker *w, const char *path, int status)
{
    FILE *f = fopen(w->out, "r");
    char *text = NULL;
    size_t len = 0;
    FILE *mem = open_memstream(&text, &len);
    char *line = NULL;
    size_t cap = 0;
    while (f && getline(&line, &cap, f) > 0)
        fputs(line, mem);
    if (f)
        fclose(f);
    if (!len && !(WIFEXITED(status) && WEXITSTATUS(status) == 0))
        record_crash(path, status, mem);
    fclose(mem);
    unlink(w->out);
    progress_clear(&s->bar);
    for (char *l = text, *nl; l && *l; l = nl + 1) {
        nl = strchr(l, '\n');
        if (!nl)
            break;
        *nl = 0;
        summarize_line(&s->sum, l);
        if (s->results) {
            fprintf(s->results, "%s\n", l);
            fflush(s->results);
        }
        if (s->format == FORMAT_JSON)
            printf("%s\n", l);
        else
            text_line(l);
    }
    fflush(stdout);
    free(line);
    free(text);
    s->done++;
    progress(s);
}

static void run_all(const Run *run, Files *files, Sink *sink)
{
    int jobs = run->f->jobs, active = 0, next = 0;
    Worker *workers = xcalloc((size_t)jobs, sizeof *workers);
    while (next < files->n || active > 0) {
        for (int i = 0; i < jobs && next < files->n; i++) {
            if (workers[i].pid)
                continue;
            snprintf(workers[i].out, sizeof workers[i].out, "/tmp/mapkit-fp-%d-%d.jsonl", (int)getpid(), next);
            workers[i].file = next++;
            fflush(NULL);
            pid_t pid = fork();
            if (pid == 0) {
                work_on(run, files->items[workers[i].file], workers[i].out);
                _exit(0);
            }
            workers[i].pid = pid > 0 ? pid : 0;
            active += pid > 0;
        }
        int status;
        pid_t done = wait(&status);
        if (done <= 0)
            break;
        for (int i = 0; i < jobs; i++) {
            if (workers[i].pid != done)
                continue;
            collect_worker(sink, &workers[i], files->items[workers[i].file], status);
            workers[i].pid = 0;
            active--;
        }
    }
    free(workers);
}

/* nvcc, if the machine has one: the generated code must compile. */
static const char *find_nvcc(const FixOpts *f)
{
    if (f->no_nvcc)
        return NULL;
    if (f->nvcc)
        return f->nvcc;
    if (access("/usr/local/cuda/bin/nvcc", X_OK) == 0)
        return "/usr/local/cuda/bin/nvcc";
    return system("command -v nvcc >/dev/null 2>&1") == 0 ? "nvcc" : NULL;
}

static int fixpoint_run(const FixOpts *f, const CliOptions *cli)
{
    Files files = {0};
    for (int i = 0; i < cli->nfiles; i++)
        collect(&files, cli->files[i], 0);
    if (files.n == 0) { /* folders without a .cu, .cl or .proto: nothing would be checked */
        for (int i = 0; i < cli->nfiles; i++)
            fprintf(stderr, "%s: error: no .cu, .cl or .proto file found here: nothing to check\n", cli->files[i]);
        return EXIT_INPUT;
    }
    qsort(files.items, (size_t)files.n, sizeof *files.items, by_name);
    Files mine = {0};
    for (int i = 0; i < files.n; i++)
        if (i % f->shard_n == f->shard_k - 1 && !(f->resume && already_done(f->results, files.items[i])))
            files_add(&mine, files.items[i]);
    Run run = {f, cli, {0}};
    run.fp.steps = f->steps;
    run.fp.keep_dir = f->keep;
    run.fp.nvcc = find_nvcc(f);
    run.fp.cross = f->cross;
    run.fp.timeout_ms = cli->timeout_ms > 0 ? (unsigned)cli->timeout_ms : 10000;
    run.fp.load = load_cb;
    run.fp.load_ctx = (void *)cli;
    Sink sink = {0};
    sink.format = cli->format;
    sink.total = mine.n;
    progress_init(&sink.bar, true);
    if (f->results && !(sink.results = fopen(f->results, f->resume ? "a" : "w"))) {
        fprintf(stderr, "mapkit fixpoint: error: cannot write %s: %s\n", f->results, strerror(errno));
        return EXIT_INPUT;
    }
    run_all(&run, &mine, &sink);
    if (sink.results)
        fclose(sink.results);
    print_summary(cli->format == FORMAT_JSON ? stderr : stdout, &sink.sum);
    if (f->svg)
        write_svg(f->svg, &sink.sum);
    for (int i = 0; i < files.n; i++)
        free(files.items[i]);
    for (int i = 0; i < mine.n; i++)
        free(mine.items[i]);
    free(files.items);
    free(mine.items);
    const Summary *s = &sink.sum;
    if (s->unreadable)
        return EXIT_INPUT;
    return s->cls[FP_FIXED] == s->kernels && s->inconsistent == 0 ? EXIT_OK : 1;
}

int cmd_fixpoint(int argc, char **argv)
{
    FixOpts f = {.steps = 2, .jobs = 1, .shard_k = 1, .shard_n = 1};
    char **rest = xcalloc((size_t)argc + 1, sizeof *rest);
    int n = take_options(argc, argv, rest, &f);
    int code = EXIT_INPUT;
    CliOptions cli;
    if (n >= 0 && (code = cli_parse_options(n, rest, &cli, usage, 0)) < 0) {
        if (cli.nfiles == 0) {
            cli_usage_error("fixpoint", "no files or directories given");
            code = EXIT_INPUT;
        } else if (f.resume && !f.results) {
            cli_usage_error("fixpoint", "--resume needs --results FILE");
            code = EXIT_INPUT;
        } else {
            code = fixpoint_run(&f, &cli);
        }
    }
    if (n >= 0)
        cli_options_free(&cli);
    free(rest);
    return code;
}
