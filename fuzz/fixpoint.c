/* The fixed-point loop of [VST] (Sec. 3, Fig. 4): infer, generate,
 * infer again, compare, and check every protocol on the way. */
#include "fixpoint.h"

#include "check.h"
#include "equal.h"
#include "external.h"
#include "gen.h"
#include "outdir.h"
#include "parse.h"
#include "print.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

const char *fp_class_name(FpClass c)
{
    static const char *names[] = {"fixed", "non-fixed", "differs from mapkit's front end", "error"};
    return c < FP_NCLASSES ? names[c] : "?";
}

const char *fp_category_name(DiffCategory c)
{
    static const char *names[] = {"missing access", "missing loop/branch", "access mode changed",
                                  "index expression rewritten", "array shape/type changed",
                                  "precondition lost", "other"};
    return c < DIFF_NCATEGORIES ? names[c] : "?";
}

static double now_ms(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec * 1e3 + (double)t.tv_nsec / 1e6;
}

/* ---- diagnostics kept in memory: the first error is the message ---- */

void fp_capture_begin(FpCapture *c)
{
    memset(c, 0, sizeof *c);
    c->stream = open_memstream(&c->text, &c->len);
    diag_init(&c->d, c->stream ? c->stream : stderr);
    c->d.color = false;
}

/* The first line that reports an error, else the first line. */
char *fp_capture_end(FpCapture *c)
{
    if (c->stream)
        fclose(c->stream);
    const char *text = c->text ? c->text : "";
    const char *err = strstr(text, "error: ");
    const char *line = err ? err : text;
    size_t n = strcspn(line, "\n");
    char *r = strndup(line, n);
    free(c->text);
    return r;
}

/* ---- files of one run ---- */

typedef struct Work {
    const FpOptions *o;
    char dir[4096]; /* where K1.cu, P2.proto, ... go */
    bool temporary;
} Work;

static bool work_begin(Work *w, const FpOptions *o, const char *path)
{
    w->o = o;
    if (o->keep_dir) { /* the folder was claimed by the run (fuzz/outdir.h) */
        const char *base = strrchr(path, '/');
        snprintf(w->dir, sizeof w->dir, "%s/%s", o->keep_dir, o->keep_as ? o->keep_as : base ? base + 1 : path);
        w->temporary = false;
        return outdir_mkdir(w->dir, "fixpoint");
    }
    snprintf(w->dir, sizeof w->dir, "%s/mapkit-fixpoint-XXXXXX", getenv("TMPDIR") ? getenv("TMPDIR") : "/tmp");
    w->temporary = true;
    return mkdtemp(w->dir) != NULL;
}

static void work_path(const Work *w, char *buf, size_t n, const char *stem, int step, const char *ext)
{
    snprintf(buf, n, "%s/%s%d%s", w->dir, stem, step, ext);
}

static void work_end(Work *w, int steps)
{
    if (!w->temporary)
        return;
    char p[4200];
    for (int i = 1; i <= steps + 1; i++) {
        work_path(w, p, sizeof p, "K", i, ".cu");
        unlink(p);
        work_path(w, p, sizeof p, "K", i, ".cl");
        unlink(p);
        work_path(w, p, sizeof p, "P", i, ".proto");
        unlink(p);
    }
    rmdir(w->dir);
}

/* Created afresh, never through a link left in a --keep folder. */
static bool write_file(const char *path, const char *text, size_t len)
{
    FILE *f = outdir_create(path, "w", "fixpoint");
    if (!f)
        return false;
    bool ok = fwrite(text, 1, len, f) == len;
    return fclose(f) == 0 && ok;
}

/* ---- one protocol: printed, checked ---- */

/* The canonical text; layout from the .cu would mean nothing in a .proto. */
char *fp_print_text(Program *p, size_t *len)
{
    char *text = NULL;
    FILE *f = open_memstream(&text, len);
    if (!f)
        return NULL;
    const SrcFile *file = p->file;
    p->file = NULL;
    print_program(f, p);
    p->file = file;
    fclose(f);
    return text;
}

const char *fp_check_verdict(Kernel *k, unsigned timeout_ms)
{
    Facts *f = facts_new(k);
    CheckConfig cfg = {.timeout_ms = timeout_ms};
    KernelResult *r = check_kernel(f, &cfg, ENGINE_INTERVAL);
    const char *v = verdict_name(r->verdict);
    result_free(r);
    facts_free(f);
    return v;
}

static Kernel *kernel_named(const Program *p, const char *name)
{
    for (int i = 0; p && i < p->nkernels; i++)
        if (strcmp(p->kernels[i]->name, name) == 0)
            return p->kernels[i];
    return NULL;
}

/* The i-th kernel of `of` in `p`: by name, else by position when both
 * have as many kernels (the generator renames what C cannot spell, e.g. a
 * Faial-style protocol named after its file `a-b.proto`). */
Kernel *fp_counterpart(const FpFile *of, int i, const Program *p)
{
    Kernel *k = kernel_named(p, of->kernels[i].name);
    if (!k && p && p->nkernels == of->nkernels && i < p->nkernels)
        k = p->kernels[i];
    return k;
}

/* check(P1): P1 printed and parsed again, so the printer and the parser
 * are on the way too. */
static void check_printed(FpFile *out, Program *p1, const Work *w)
{
    size_t len = 0;
    char *text = fp_print_text(p1, &len);
    char path[4200];
    work_path(w, path, sizeof path, "P", 1, ".proto");
    if (text)
        write_file(path, text, len);
    FpCapture c;
    fp_capture_begin(&c);
    /* named after the input: a Faial-style protocol's kernel takes the
     * file's name */
    char name[4200];
    const char *base = strrchr(out->path, '/');
    snprintf(name, sizeof name, "%s", base ? base + 1 : out->path);
    char *dot = strrchr(name, '.');
    if (dot)
        strcpy(dot, ".proto");
    SrcFile *src = text ? src_from_memory(name, text, len) : NULL;
    Program *again = src ? load_program(src, &c.d) : NULL;
    char *why = fp_capture_end(&c);
    for (int i = 0; i < out->nkernels; i++) {
        Kernel *k = fp_counterpart(out, i, again);
        out->kernels[i].verdict[1] = k ? fp_check_verdict(k, w->o->timeout_ms) : "error";
        if (!k && out->kernels[i].cls != FP_ERROR) {
            out->kernels[i].cls = FP_ERROR;
            out->kernels[i].stage = strdup("print/parse P1");
            out->kernels[i].message = strdup(why);
        }
    }
    free(why);
    program_free(again);
    src_free(src);
    free(text);
}

/* ---- one round: K = gen(P), P' = infer(K) ---- */

/* The first line of the compiler's output that says "error" (else the
 * first line), or the reason it did not end normally; NULL when it
 * compiled.  Words, not a shell: the file's name is one argument. */
static char *run_nvcc(const char *nvcc, const char *cu, int timeout_ms)
{
    char *argv[] = {(char *)nvcc, "-arch=sm_75", "-rdc=true", "-c", (char *)cu, "-o", "/dev/null", NULL};
    ExtResult r;
    external_run_argv(argv, timeout_ms, 0, &r);
    char line[512] = "";
    if (r.status == EXT_EXITED && r.code == 0) {
        external_result_free(&r);
        return NULL;
    }
    if (r.status == EXT_EXITED) {
        const char *at = strstr(r.output, "error");
        while (at && at > r.output && at[-1] != '\n')
            at--;
        const char *from = at ? at : r.output;
        snprintf(line, sizeof line, "%.*s", (int)strcspn(from, "\n"), from);
        if (!line[0])
            snprintf(line, sizeof line, "nvcc failed (exit %d)", r.code);
    } else {
        char how[256];
        snprintf(line, sizeof line, "nvcc %s", external_describe(&r, timeout_ms, how, sizeof how));
    }
    external_result_free(&r);
    return strdup(line);
}

static void fail_all(FpFile *out, const char *stage, const char *message)
{
    for (int i = 0; i < out->nkernels; i++) {
        FpKernel *k = &out->kernels[i];
        if (k->cls == FP_ERROR)
            continue;
        k->cls = FP_ERROR;
        k->stage = strdup(stage);
        k->message = strdup(message ? message : "");
    }
}

bool fp_step_opencl(const FpOptions *o, const char *path, int step)
{
    /* a protocol crosses as OpenCL input would: CUDA first */
    bool input_opencl = str_ends_with(path, ".cl") || (o->cross && str_ends_with(path, ".proto"));
    return o->cross && step % 2 == 1 ? !input_opencl : input_opencl;
}

/* K<step> = gen(prev), written; NULL (after fail_all) when that fails. */
static bool generate(FpFile *out, const Program *prev, const Work *w, int step, char *cu, size_t ncu)
{
    GenOptions g = {0};
    g.source_name = out->path;
    bool opencl = fp_step_opencl(w->o, out->path, step);
    g.lang = opencl ? GEN_OPENCL : GEN_CUDA;
    size_t len = 0;
    char *text = gen_program(prev, &g, &len);
    work_path(w, cu, ncu, "K", step, opencl ? ".cl" : ".cu");
    char stage[32];
    snprintf(stage, sizeof stage, "gen P%d", step);
    if (!text || !write_file(cu, text, len)) {
        fail_all(out, stage, text ? "cannot write the generated file" : "the generator failed");
        free(text);
        return false;
    }
    free(text);
    if (w->o->nvcc && !opencl) {
        char *msg = run_nvcc(w->o->nvcc, cu, w->o->nvcc_timeout_ms);
        snprintf(stage, sizeof stage, "nvcc K%d", step);
        if (msg)
            fail_all(out, stage, msg);
        free(msg);
        if (msg)
            return false;
    }
    return true;
}

typedef struct Round {
    Program *p;
    SrcFile *src;
} Round;

/* The loader's category of the failure that made the kernels without one errors. */
static void note_failure(FpFile *out, const FpOptions *o)
{
    const char *failure = o->load_failure ? o->load_failure(o->load_ctx) : NULL;
    for (int i = 0; failure && i < out->nkernels; i++)
        if (out->kernels[i].cls == FP_ERROR && !out->kernels[i].failure)
            out->kernels[i].failure = failure;
}

static Round infer_round(FpFile *out, const Work *w, const char *cu, int step)
{
    FpCapture c;
    fp_capture_begin(&c);
    Round r = {0};
    r.p = w->o->load(cu, &r.src, &c.d, w->o->load_ctx);
    char *why = fp_capture_end(&c);
    char stage[32];
    snprintf(stage, sizeof stage, "infer K%d", step);
    if (!r.p) {
        fail_all(out, stage, why);
        note_failure(out, w->o);
    }
    free(why);
    return r;
}

static void keep_text_of(Program *p, const char *path)
{
    size_t len = 0;
    char *text = fp_print_text(p, &len);
    if (text)
        write_file(path, text, len);
    free(text);
}

static void keep_protocol(Program *p, const Work *w, int step)
{
    if (w->temporary)
        return;
    char path[4200];
    work_path(w, path, sizeof path, "P", step, ".proto");
    keep_text_of(p, path);
}

/* --frontend with --keep: mapkit's own protocol of K0 beside the tested
 * front end's P1, to read what the comparison saw. */
static void keep_own_protocol(Program *own, void *ctx)
{
    const Work *w = ctx;
    if (w->temporary)
        return;
    char path[4200];
    snprintf(path, sizeof path, "%s/mapkit-P1.proto", w->dir);
    keep_text_of(own, path);
}

/* Compares each kernel of prev (P<step>) with next (P<step+1>).  Across
 * dialects every round counts: a kernel fixed at step 1 whose OpenCL round
 * differs is not fixed, and keeps that round's differences. */
static void compare_round(FpFile *out, Program *prev, Program *next, int step, const FpOptions *o)
{
    unsigned timeout_ms = o->timeout_ms;
    for (int i = 0; i < out->nkernels; i++) {
        FpKernel *fk = &out->kernels[i];
        if (fk->cls == FP_ERROR || (o->cross ? fk->ndiffs > 0 : fk->fixed_at > 0))
            continue;
        Kernel *a = fp_counterpart(out, i, prev), *b = fp_counterpart(out, i, next);
        if (!a || !b) {
            fk->cls = FP_ERROR;
            fk->stage = malloc(32);
            snprintf(fk->stage, 32, "infer K%d", step);
            fk->message = strdup("the kernel is missing from the generated file's protocol");
            continue;
        }
        /* check(P2): where P2 is P1 itself, node for node, the checker's
         * answer is check(P1)'s (it is deterministic: budgets are units of
         * work), and only a P2 that differs is checked again; the slowest
         * corpus kernels were checked three times */
        if (step == 1)
            fk->verdict[2] = kernel_equal(a, b) ? fk->verdict[0] : fp_check_verdict(b, timeout_ms);
        canonical_form(prev, a);
        canonical_form(next, b);
        FpDiff *diffs = NULL;
        int n = 0;
        compare_kernels(a, b, timeout_ms, &diffs, &n);
        if (n == 0) {
            if (!fk->fixed_at)
                fk->fixed_at = step;
            free(diffs);
        } else if (step == 1 || o->cross) {
            fk->fixed_at = 0;
            fk->diffs = diffs;
            fk->ndiffs = n;
        } else {
            for (int j = 0; j < n; j++)
                free(diffs[j].detail);
            free(diffs);
        }
    }
}

/* ---- verdicts and classes ---- */

bool fp_verdicts_agree(const char *a, const char *b)
{
    return !a || !b || strcmp(a, "unknown") == 0 || strcmp(b, "unknown") == 0 || strcmp(a, b) == 0;
}

/* A kernel that differs from mapkit's front end is that whatever its
 * rounds gave (the JSON line keeps them): the rounds cannot see a loss
 * before P1.  An error stays an error: the loop did not end. */
static void classify(FpKernel *k)
{
    k->consistent = true;
    const char *seen = NULL;
    for (int i = 0; i < 3; i++) {
        const char *v = k->verdict[i];
        if (!v || strcmp(v, "unknown") == 0)
            continue;
        if (!fp_verdicts_agree(seen, v))
            k->consistent = false;
        seen = v;
    }
    if (k->cls != FP_ERROR)
        k->cls = k->own && strcmp(k->own, "differs") == 0 ? FP_DIFFERS_OWN
                 : k->fixed_at == 1                         ? FP_FIXED
                                                            : FP_NONFIXED;
}

static void start_kernels(FpFile *out, Program *p1, unsigned timeout_ms)
{
    out->nkernels = p1->nkernels;
    out->kernels = xcalloc((size_t)p1->nkernels + 1, sizeof *out->kernels);
    for (int i = 0; i < p1->nkernels; i++) {
        out->kernels[i].name = strdup(p1->kernels[i]->name);
        out->kernels[i].cls = FP_NONFIXED;
        out->kernels[i].verdict[0] = fp_check_verdict(p1->kernels[i], timeout_ms);
    }
}

static bool is_protocol(const char *path)
{
    return str_ends_with(path, ".proto");
}

/* The file could not be read at all: one entry for it. */
static void whole_file_error(FpFile *out, const char *message)
{
    out->nkernels = 1;
    out->kernels = xcalloc(1, sizeof *out->kernels);
    out->kernels[0].name = strdup("");
    out->kernels[0].cls = FP_ERROR;
    out->kernels[0].stage = strdup(is_protocol(out->path) ? "parse P1" : "infer K0");
    out->kernels[0].message = strdup(message);
    out->kernels[0].consistent = true; /* no verdict was reached to disagree */
}

void fixpoint_file(const char *path, const FpOptions *o, FpFile *out)
{
    memset(out, 0, sizeof *out);
    out->path = strdup(path);
    double start = now_ms();
    Work w;
    if (!work_begin(&w, o, path)) {
        whole_file_error(out, "cannot make a directory for the generated files");
        return;
    }
    FpCapture c;
    fp_capture_begin(&c);
    Round cur = {0};
    cur.p = o->load(path, &cur.src, &c.d, o->load_ctx);
    char *why = fp_capture_end(&c);
    if (!cur.p) {
        whole_file_error(out, why);
        note_failure(out, o);
        free(why);
        work_end(&w, o->steps);
        return;
    }
    if (cur.p->nkernels == 0) {
        /* nothing to round-trip is itself worth a line: a kernel the
         * front end did not see is lost */
        whole_file_error(out, strstr(why, "error: ") ? why : "no __global__ function was found");
        free(why);
        program_free(cur.p);
        src_free(cur.src);
        work_end(&w, o->steps);
        return;
    }
    free(why);
    start_kernels(out, cur.p, o->timeout_ms);
    check_printed(out, cur.p, &w);
    if (o->own_load && o->load_was_tested && o->load_was_tested(o->load_ctx))
        fp_compare_own(out, cur.p, o, keep_own_protocol, &w);
    for (int step = 1; step <= o->steps; step++) {
        char cu[4200];
        if (!generate(out, cur.p, &w, step, cu, sizeof cu))
            break;
        Round next = infer_round(out, &w, cu, step);
        if (!next.p)
            break;
        keep_protocol(next.p, &w, step + 1);
        compare_round(out, cur.p, next.p, step, o);
        program_free(cur.p);
        src_free(cur.src);
        cur = next;
    }
    program_free(cur.p);
    src_free(cur.src);
    double spent = now_ms() - start;
    for (int i = 0; i < out->nkernels; i++) {
        classify(&out->kernels[i]);
        out->kernels[i].time_ms = spent;
    }
    work_end(&w, o->steps);
}

void fp_file_free(FpFile *f)
{
    for (int i = 0; i < f->nkernels; i++) {
        FpKernel *k = &f->kernels[i];
        free(k->name);
        free(k->stage);
        free(k->message);
        for (int j = 0; j < k->ndiffs; j++)
            free(k->diffs[j].detail);
        free(k->diffs);
        free(k->own_message);
        for (int j = 0; j < k->own_ndiffs; j++)
            free(k->own_diffs[j].detail);
        free(k->own_diffs);
    }
    free(f->kernels);
    free(f->path);
    memset(f, 0, sizeof *f);
}

/* ---- JSON ---- */

static void json_verdicts(FILE *out, const FpKernel *k)
{
    static const char *keys[3] = {"k0", "p1", "p2"};
    fputs("\"verdicts\":{", out);
    for (int i = 0; i < 3; i++) {
        fprintf(out, "%s\"%s\":", i ? "," : "", keys[i]);
        if (k->verdict[i])
            json_string(out, k->verdict[i]);
        else
            fputs("null", out);
    }
    fprintf(out, "},\"consistent\":%s", k->consistent ? "true" : "false");
    if (k->emulated)
        fprintf(out, ",\"emulated\":\"%s\",\"emulation_consistent\":%s", k->emulated,
                k->emulation_consistent ? "true" : "false");
}

/* "differences":[{"category","semantic","detail"}, ...] */
static void json_diffs(FILE *out, const FpDiff *d, int n)
{
    fputs("\"differences\":[", out);
    for (int j = 0; j < n; j++) {
        fprintf(out, "%s{\"category\":\"%s\",\"semantic\":%s,\"detail\":", j ? "," : "",
                fp_category_name(d[j].category), d[j].semantic ? "true" : "false");
        json_string(out, d[j].detail);
        fputc('}', out);
    }
    fputc(']', out);
}

/* --frontend: "own":{"status","message","verdict","differences"}, last
 * but for time_ms: the readers of the line (fixpoint_run.c) take the
 * categories before it as the rounds'. */
static void json_own(FILE *out, const FpKernel *k)
{
    if (!k->own)
        return;
    fprintf(out, ",\"own\":{\"status\":\"%s\"", k->own);
    if (k->own_message) {
        fputs(",\"message\":", out);
        json_string(out, k->own_message);
    }
    fputs(",\"verdict\":", out);
    if (k->own_verdict)
        json_string(out, k->own_verdict);
    else
        fputs("null", out);
    fputc(',', out);
    json_diffs(out, k->own_diffs, k->own_ndiffs);
    fputc('}', out);
}

void fp_write_json(FILE *out, const FpFile *f)
{
    for (int i = 0; i < f->nkernels; i++) {
        const FpKernel *k = &f->kernels[i];
        fputs("{\"file\":", out);
        json_string(out, f->path);
        fputs(",\"kernel\":", out);
        json_string(out, k->name);
        fprintf(out, ",\"class\":\"%s\"", fp_class_name(k->cls));
        if (k->cls == FP_ERROR) {
            fputs(",\"stage\":", out);
            json_string(out, k->stage);
            fputs(",\"message\":", out);
            json_string(out, k->message);
            if (k->failure)
                fprintf(out, ",\"failure\":\"%s\"", k->failure);
        }
        if (k->fixed_at > 1)
            fprintf(out, ",\"converged_at\":%d", k->fixed_at);
        fputc(',', out);
        json_diffs(out, k->diffs, k->ndiffs);
        fputc(',', out);
        json_verdicts(out, k);
        json_own(out, k);
        fprintf(out, ",\"time_ms\":%.1f}\n", k->time_ms);
    }
}
