/* File and kernel loop of `check` and `run` (see drive.h). */
#include "drive.h"
#include "ticket.h"
#include "assume.h"

#include "check.h"
#include "cli.h"
#include "findings.h"
#include "input.h"
#include "output.h"
#include "parse.h"
#include "pool.h"
#include "project_cache.h"
#include "project_drive.h"
#include "report.h"
#include "smt.h"

#include <stdlib.h>
#include <string.h>

static double now_ms(void)
{
    return smt_now_ms(); /* the checker's deadlines are on this clock */
}

static bool kernel_has_uniform(const Kernel *k, const char *name)
{
    for (int i = 0; i < k->nsyms; i++)
        if (k->syms[i]->kind == SYM_UNIFORM && strcmp(k->syms[i]->name, name) == 0)
            return true;
    return false;
}

bool drive_has_uniform(const Program *p, const char *name)
{
    for (int i = 0; i < p->nkernels; i++)
        if (kernel_has_uniform(p->kernels[i], name))
            return true;
    return false;
}

/* Is every kernel's uniform `name` a signed parameter (one that a
 * negative -p value can be given)? */
static bool signed_everywhere(const Program *p, const char *name)
{
    for (int i = 0; i < p->nkernels; i++)
        if (kernel_has_uniform(p->kernels[i], name) && !kernel_signed_bits(p->kernels[i], name))
            return false;
    return true;
}

/* -p names a uniform of some kernel checked, and --kernel names a kernel. */
bool drive_names_exist(const CliOptions *o, const Program *p, const char *path, Diag *d)
{
    bool ok = true;
    if (o->kernel) {
        bool found = false;
        for (int i = 0; i < p->nkernels; i++)
            found |= strcmp(p->kernels[i]->name, o->kernel) == 0;
        if (!found) {
            diag_plain(d, SEV_ERROR, path, "no kernel named '%s'", o->kernel);
            ok = false;
        }
    }
    for (int j = 0; j < o->launch.nfacts; j++) {
        const LaunchFact *lf = &o->launch.facts[j];
        if (lf->from.source != FROM_CLI || lf->kind != LF_EQUALS)
            continue;
        if (!drive_has_uniform(p, lf->param)) {
            diag_plain(d, SEV_ERROR, path, "-p %s: no kernel here has a uniform variable '%s'", lf->param,
                       lf->param);
            ok = false;
        } else if (lf->value < 0 && !signed_everywhere(p, lf->param)) {
            diag_plain(d, SEV_ERROR, path,
                       "-p %s=%lld: '%s' holds no negative value here (a uniform of a protocol, or an unsigned "
                       "parameter, is a natural)",
                       lf->param, (long long)lf->value, lf->param);
            ok = false;
        }
    }
    return ok;
}

bool assumptions_hold(const Facts *f, const CheckConfig *cfg, Reporter *rep, Diag *d)
{
    Vacuity v = vacuity_check(f, cfg);
    bool holds = v.answer != SMT_UNSAT;
    if (!holds) {
        const Kernel *k = f->kernel;
        static const char what[] = "these assumptions contradict each other; nothing was checked";
        diag_at(d, SEV_ERROR, k->loc, "kernel %s: %s", k->name, what);
        for (int i = 0; i < v.nnotes; i++) {
            if (v.notes[i].loc.file)
                diag_at(d, SEV_NOTE, v.notes[i].loc, "%s", v.notes[i].text);
            else
                diag_plain(d, SEV_NOTE, k->loc.file ? k->loc.file->path : k->name, "%s", v.notes[i].text);
        }
        if (rep && rep->format != FORMAT_TEXT) { /* the text report is the diagnostic above */
            KernelResult *r = result_new(k, "vacuity");
            result_set_message(r, V_ERROR, k->loc, "%s", what);
            report_result(rep, r);
            result_free(r);
        }
    }
    if (v.answer == SMT_UNKNOWN) /* the check goes on, but its DRF may rest on nothing */
        diag_at(d, SEV_WARNING, f->kernel->loc,
                "kernel %s: the solver could not tell whether the assumptions can hold together; "
                "a data-race-free verdict may be vacuous", f->kernel->name);
    vacuity_free(&v);
    return holds;
}

/* The distinct launches k is checked under (see drive_kernels); a
 * malloc'd array the caller frees. */
static int kernel_launches(const CliOptions *o, const Kernel *k, Launch **out)
{
    int nsites = o->no_host ? 0 : k->nhost_launches;
    Launch *l = xcalloc((size_t)(nsites ? nsites : 1), sizeof *l);
    int n = 0;
    for (int i = 0; i < nsites; i++) {
        Launch site = launch_override(&o->launch, &k->host_launches[i]);
        bool seen = false;
        for (int j = 0; j < n && !seen; j++)
            seen = launch_same(&l[j], &site);
        if (!seen)
            l[n++] = site;
    }
    if (n == 0)
        l[n++] = o->launch;
    for (int i = 0; i < n; i++) /* --conditions too: the condition is for this launch */
        launch_array_bounds(k, &l[i]);
    *out = l;
    return n;
}

/* One kernel under one launch: the assumptions' consistency, then the
 * engine, then the report.  Returns the exit code. */
/* --timeout-file: a kernel's limit ends no later than its file's
 * (file_deadline on now_ms's clock, 0: none); one that starts past it
 * gets a millisecond, and ends unknown with the time-limit message. */
static void within_file_deadline(CheckConfig *cfg, double start, double file_deadline)
{
    if (file_deadline <= 0)
        return;
    double left = file_deadline - start;
    unsigned ms = left < 1 ? 1 : left > 4e9 ? 4000000000u : (unsigned)left;
    unsigned own = cfg->timeout_ms ? cfg->timeout_ms : CHECK_DEFAULT_TIMEOUT_MS;
    if (ms < own)
        cfg->timeout_ms = ms;
}

static int drive_launch(const CliOptions *o, Kernel *k, const Launch *launch, double start, const char *loading,
                        bool first, double file_deadline, const DriveSinks *out)
{
    KernelEngine engine = out->engine;
    Reporter *rep = out->rep;
    Findings *fs = out->fs;
    Diag *d = out->d;
    Facts *f = facts_new(k);
    if (first) /* about the kernel, not about one launch of it */
        ticket_warnings(f, d);
    CheckConfig cfg;
    check_config_from_cli(o, launch, &cfg);
    cfg.started_ms = start; /* the vacuity check spends the kernel's budget too */
    cfg.started_while = loading;
    within_file_deadline(&cfg, start, file_deadline);
    cfg.all |= findings_want_every_pair(fs, k, d);
    int code = EXIT_INPUT;
    bool too_late = file_deadline > 0 && now_ms() >= file_deadline;
    if (too_late || assumptions_hold(f, &cfg, rep, d)) {
        KernelResult *r = too_late ? result_new(k, "none") : engine(f, o, &cfg);
        if (too_late)
            result_set_message(r, V_UNKNOWN, k->loc,
                               "the file's time limit (--timeout-file) was reached before this kernel was checked");
        r->time_ms = now_ms() - start;
        r->launch = *launch;
        r->every_pair = cfg.all;
        KernelFindings kf; /* suppressed and baselined alarms leave r */
        findings_settle(fs, r, &kf, d);
        rep->findings = &kf;
        report_result(rep, r);
        rep->findings = NULL;
        code = exit_code_of(kf.exit_verdict);
        if (out->on_result)
            out->on_result(out->ctx, k, code, r->time_ms);
        kernel_findings_free(&kf);
        result_free(r);
    } else if (out->on_result) {
        out->on_result(out->ctx, k, code, 0);
    }
    facts_free(f);
    return code;
}

static const char *exit_words(int code)
{
    static const char *const words[] = {"data-race free", "racy", "not checked (input error)",
                                        "divergent or ill-formed", "unknown"};
    return code >= 0 && code <= EXIT_UNKNOWN ? words[code] : "not checked";
}

/* A kernel checked under several launches: its one verdict, the worst of
 * its sites' (each listed above it), and how the sites went. */
static void kernel_verdict(FILE *out, const Kernel *k, int worst, const int *codes, int n)
{
    fprintf(out, "%s: kernel %s: %s at %d of %d launch sites", k->loc.file ? k->loc.file->path : k->name, k->name,
            exit_words(worst), codes[worst], n);
    const char *sep = " (";
    for (int c = 0; c <= EXIT_UNKNOWN; c++)
        if (c != worst && codes[c]) {
            fprintf(out, "%s%d %s", sep, codes[c], exit_words(c));
            sep = ", ";
        }
    fputs(*sep == ',' ? ")\n" : "\n", out);
}

int drive_program(const CliOptions *file_o, Program *p, SrcFile *src, double load_start, const DriveSinks *out)
{
    /* each kernel's time includes its share of parsing or inference */
    double load_share = p->nkernels ? (now_ms() - load_start) / p->nkernels : 0;
    findings_begin_file(out->fs, src, out->d);
    int code = EXIT_OK;
    for (int i = 0; i < file_o->nassumed; i++)
        if (!assume_fact_apply(file_o->assumed[i], p, src->path, false, out->d))
            code = EXIT_INPUT;
    const char *loading = input_lang(file_o, src->path) == LANG_CUDA ? "inferring" : "parsing";
    double file_deadline = file_o->timeout_file_ms > 0 ? load_start + (double)file_o->timeout_file_ms : 0;
    for (int i = 0; i < p->nkernels; i++) {
        Kernel *k = p->kernels[i];
        if (file_o->kernel && strcmp(k->name, file_o->kernel) != 0)
            continue;
        Launch *launches = NULL;
        int n = kernel_launches(file_o, k, &launches);
        int codes[EXIT_UNKNOWN + 1] = {0}, worst = EXIT_OK;
        for (int j = 0; j < n; j++) {
            int c = drive_launch(file_o, k, &launches[j], now_ms() - load_share, loading, j == 0, file_deadline,
                                 out);
            codes[c >= 0 && c <= EXIT_UNKNOWN ? c : EXIT_INPUT]++;
            worst = combine_exit(worst, c);
        }
        if (n > 1 && out->kernel_verdicts && out->rep->format == FORMAT_TEXT)
            kernel_verdict(out->rep->out, k, worst, codes, n);
        code = combine_exit(code, worst);
        free(launches);
    }
    findings_end_file(out->fs, out->d);
    program_free(p);
    src_free(src);
    return code;
}

/* When libclang's parse of a file is given up: at the first kernel's
 * time limit, or the file's if sooner (0: never). */
double drive_parse_deadline(const CliOptions *o, double load_start)
{
    long ms = o->timeout_ms > 0 ? o->timeout_ms : o->default_timeout_ms;
    if (o->timeout_file_ms > 0 && (ms <= 0 || o->timeout_file_ms < ms))
        ms = o->timeout_file_ms;
    return ms > 0 ? load_start + (double)ms : 0;
}

static int drive_file(const CliOptions *given, const char *path, const DriveSinks *out)
{
    SrcFile *src = NULL;
    double load_start = now_ms();
    CliOptions timed = *given, *o = &timed, file_o; /* GPUVerify's header may give launch sizes and flags */
    timed.parse_deadline_ms = drive_parse_deadline(given, load_start);
    int abandoned = infer_parses_abandoned();
    Program *p = load_input(path, o, &file_o, &src, out->d);
    if (!p && infer_parses_abandoned() > abandoned) { /* a time limit: unknown, not an input error */
        report_file_unknown(out->rep, path, DRIVE_PARSE_CUT);
        return EXIT_UNKNOWN;
    }
    bool facts_found = true;
    for (int i = 0; p && i < o->nassumed; i++)
        facts_found &= assume_fact_apply(o->assumed[i], p, path, true, out->d);
    if (!p || !facts_found || !drive_names_exist(o, p, path, out->d)) {
        report_file_error(out->rep, path);
        program_free(p);
        src_free(src);
        return EXIT_INPUT;
    }
    return drive_program(&file_o, p, src, load_start, out);
}

/* Several CUDA files, or a folder, or a compilation database alone: a
 * project (project.h), whose launches are linked across its files. */
static bool is_project(const CliOptions *o)
{
    if (o->via_ptx) /* nvcc compiles each file alone: no launch is linked across them */
        return false;
    int cuda = 0;
    for (int i = 0; i < o->nfiles; i++) {
        if (project_is_folder(o->files[i]))
            return true;
        cuda += strcmp(o->files[i], "-") != 0 && input_lang(o, o->files[i]) == LANG_CUDA;
    }
    return cuda >= 2 || (o->compdb && o->nfiles == 0);
}

/* ---- check -j N over files checked alone ----
 * Protocols, OpenCL files and other files no project takes are checked
 * each in a worker process (fuzz/pool.h), their reports and diagnostics
 * captured and printed in the files' order, as one process prints them.
 * SARIF counts its results as it writes them and a baseline is matched as
 * alarms come: both stay in one process. */
static int files_jobs(const CliOptions *o, int nfiles)
{
    if (o->jobs <= 1 || nfiles < 2 || o->format == FORMAT_SARIF || o->baseline)
        return 1;
    return o->jobs < nfiles ? o->jobs : nfiles;
}

typedef struct FileJobs {
    const CliOptions *o;
    const DriveSinks *out;
    const char **files;
    UnitRun *runs; /* what each file printed */
    bool *ready;
    int n, ntasks, printed, code;
} FileJobs;

/* Task t's files: a run of consecutive files, so that a worker process
 * (a fork of this one, Z3 and libclang loaded) serves several. */
static int task_first(const FileJobs *j, int t)
{
    return (int)((long long)t * j->n / j->ntasks);
}

static void check_alone(const FileJobs *j, int file, UnitRun *run)
{
    FILE *streams[RUN_BLOCKS];
    for (int i = 0; i < RUN_BLOCKS; i++)
        streams[i] = open_memstream(&run->block[i], &run->len[i]);
    Reporter rep = *j->out->rep;
    rep.out = streams[RUN_OUT];
    Diag d = *j->out->d; /* colors as the real stream's */
    d.out = streams[RUN_ERR];
    DriveSinks sinks = *j->out;
    sinks.rep = &rep;
    sinks.d = &d;
    run->code = drive_file(j->o, j->files[file], &sinks);
    for (int i = 0; i < RUN_BLOCKS; i++)
        fclose(streams[i]);
}

static void file_work(int task, FILE *to, void *ctx)
{
    FileJobs *j = ctx;
    for (int i = task_first(j, task); i < task_first(j, task + 1); i++) {
        UnitRun run = {0};
        check_alone(j, i, &run);
        run_write(to, &run);
        unit_run_free(&run);
    }
}

/* The files ready from the first not yet printed on, in order. */
static void print_files_ready(FileJobs *j)
{
    for (; j->printed < j->n && j->ready[j->printed]; j->printed++) {
        UnitRun *run = &j->runs[j->printed];
        unit_run_print(run, j->out->d->out, j->out->rep->out);
        j->code = combine_exit(j->code, run->code);
        unit_run_free(run);
    }
}

static void file_done(int task, int status, const char *text, size_t len, void *ctx)
{
    FileJobs *j = ctx;
    FILE *f = len ? fmemopen((void *)text, len, "rb") : NULL;
    for (int i = task_first(j, task); i < task_first(j, task + 1); i++) {
        if (!f || !run_read(f, &j->runs[i])) { /* the worker died: said, never a verdict */
            char why[96];
            if (status < 0) /* the pool never started it */
                snprintf(why, sizeof why, "no worker process could be started");
            else
                pool_status_text(status, why, sizeof why);
            memset(&j->runs[i], 0, sizeof j->runs[i]);
            j->runs[i].code = EXIT_INPUT;
            diag_plain(j->out->d, SEV_ERROR, j->files[i], "not checked: %s", why);
            if (f)
                fclose(f);
            f = NULL;
        }
        j->ready[i] = true;
    }
    if (f)
        fclose(f);
    print_files_ready(j);
}

static int drive_files_in_workers(const CliOptions *o, const char **files, int n, const DriveSinks *out)
{
    int jobs = files_jobs(o, n), ntasks = n < 4 * jobs ? n : 4 * jobs;
    FileJobs j = {o, out, files, xcalloc((size_t)n, sizeof(UnitRun)), xcalloc((size_t)n, sizeof(bool)), n, ntasks,
                  0, EXIT_OK};
    output_flush(out->rep->out); /* nothing buffered is written twice by the workers */
    output_flush(out->d->out);
    Pool pool = {jobs, file_work, file_done, NULL, &j, false};
    pool_run(&pool, ntasks);
    for (int t = 0; t < ntasks; t++) /* a task no worker reached (none could start) */
        if (!j.ready[task_first(&j, t)])
            file_done(t, -1, NULL, 0, &j);
    free(j.runs);
    free(j.ready);
    return j.code;
}

int drive_kernels(const CliOptions *o, KernelEngine engine)
{
    Diag d;
    diag_init(&d, stderr);
    Findings fs;
    if (!findings_init(&fs, o->baseline, !o->kernel && !o->array, &d))
        return EXIT_INPUT;
    Reporter rep;
    reporter_begin(&rep, stdout, o->format);
    rep.explain = o->explain;
    DriveSinks out = {engine, &rep, &fs, &d, NULL, NULL, false};
    bool project = is_project(o);
    int code = EXIT_OK;
    const char **alone = xcalloc((size_t)o->nfiles + 1, sizeof *alone);
    int nalone = 0;
    for (int i = 0; i < o->nfiles; i++)
        if (!project || !project_takes(o, o->files[i]))
            alone[nalone++] = o->files[i];
    if (files_jobs(o, nalone) > 1)
        code = drive_files_in_workers(o, alone, nalone, &out);
    else
        for (int i = 0; i < nalone; i++)
            code = combine_exit(code, drive_file(o, alone[i], &out));
    free(alone);
    if (project)
        code = combine_exit(code, drive_project(o, &out));
    reporter_end(&rep);
    findings_free(&fs);
    output_flush(stdout);
    return code;
}
