/* `mapkit fuzz` and `mapkit fuzz --check` ([VST Sec. 3], [SKBG Sec. 6]; docs/fuzz.md): generate,
 * label by three oracles, write cases and racy twins [SKBG Sec. 6],
 * report and shrink every disagreement. */
#define _DEFAULT_SOURCE /* MAP_ANONYMOUS: the workers' shared counts for the progress bar */
#include "fuzz.h"

#include "against.h"
#include "emit.h"
#include "feature_set.h"
#include "frontend_case.h"
#include "mutate.h"
#include "outdir.h"
#include "pool.h"
#include "progress.h"
#include "repro.h"
#include "text.h"

#include <signal.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <unistd.h>

enum { MAX_MUTANT_TRIES = 6 };

typedef struct Tally {
    long protocols, mutants, labelled, twins, undecided, disagreements;
    long verdicts[V_ERROR + 1];
    long twin_types[4];
    long unshared; /* labelled cases left out for --racy-share / --divergent-share */
    long unstyled; /* protocols the --style cannot write (gen_style_refusal) */
    long vacuous;  /* agreed protocols whose assumptions contradict each other at their launch */
    long frontend[CAT_COUNT]; /* --frontend: kernels by category (against.h) */
    long frontend_findings;        /* cases where it has a finding */
} Tally;

typedef struct Session {
    const FuzzOptions *o;
    Emitter em;
    Tally t;
    double start;
    Progress bar;  /* a single process's running count (workers draw none) */
    long *shared;  /* a worker's protocols and disagreements so far, for the parent's bar */
} Session;

/* One protocol or mutant on its way through the oracles. */
typedef struct Subject {
    char name[96];
    uint64_t index;
    const char *canon;
    Program *prog;
    RandLaunch launch;
    Label label;
    char provenance[512];
    const char *twin_of; /* a mutant's parent, else NULL */
    const Mutant *mutant;
    bool written; /* a case on disk (its twins may follow) */
} Subject;

void fuzz_options_default(FuzzOptions *o)
{
    memset(o, 0, sizeof *o);
    o->seed = 1;
    o->count = 100;
    o->out_dir = "fuzz-out";
    rand_config_legacy(&o->gen);
    o->gen.pin_uniforms = true;
    o->gen.on.phases = true;
    o->gen.on.shared = true;
    oracle_config_default(&o->oracle);
    o->twins = 1;
    o->shrink = true;
    o->shrink_tries = 3000;
    o->knobs = "";
    o->jobs = 1;
    o->racy_share = o->divergent_share = -1;
    o->frontend.timeout_ms = FRONTEND_TIMEOUT_MS;
    o->against_timeout_ms = 10000;
    o->against_on = AGAINST_ON_CU;
}

static double now_s(void)
{
    return progress_now_s(); /* the oracles' deadline is on this clock */
}

/* Before any line on stderr: no line is glued onto a progress bar (a
 * worker erases the one its parent draws). */
static void before_message(Session *s)
{
    if (s->o->jobs > 1)
        progress_clear_foreign();
    else
        progress_clear(&s->bar);
}

static bool out_of_time(const Session *s)
{
    return s->o->seconds > 0 && now_s() - s->start >= s->o->seconds;
}

static void provenance(const Session *s, uint64_t index, char *buf, size_t size)
{
    snprintf(buf, size, "from: mapkit fuzz --seed %llu%s%s, protocol %llu", (unsigned long long)s->o->seed,
             *s->o->knobs ? " " : "", s->o->knobs, (unsigned long long)index);
}

/* ---- disagreements ---- */

static void json_repro(FILE *f, const char *file, const Repro *r)
{
    fputs(",\"shrunk\":{\"file\":", f);
    json_string(f, file);
    fputs(",\"launch\":", f);
    json_launch(f, &r->launch);
    fprintf(f, ",\"stmts\":[%d,%d],\"chars\":[%d,%d],\"tries\":%d}", r->stats.stmts_before, r->stats.stmts_after,
            r->stats.chars_before, r->stats.chars_after, r->stats.tries);
}

static void say_bug(Session *s, const Subject *sub, const Bug *b, const char *what)
{
    if (s->o->quiet)
        return;
    before_message(s);
    fprintf(stderr, "mapkit fuzz: %s: disagreement (%s)", sub->name, bug_kind_name(b->kind));
    if (b->kind == BUG_VERDICT)
        fprintf(stderr, " on kernel %s: run=%s interval=%s align=%s", b->kernel, verdict_name(b->v[OR_RUN]),
                verdict_name(b->v[OR_INTERVAL]), verdict_name(b->v[OR_ALIGN]));
    else if (what)
        fprintf(stderr, ": %s", what);
    fputc('\n', stderr);
}

/* Saves the protocol and, unless disabled, its minimal reproducer; one
 * line in disagreements.jsonl. */
static void report_bug(Session *s, const Subject *sub, const Bug *b, const char *what)
{
    s->t.disagreements++;
    say_bug(s, sub, b, what);
    char file[256], head[256];
    snprintf(file, sizeof file, "disagreements/%s", sub->name);
    snprintf(head, sizeof head, "disagreement (%s)%s%s", bug_kind_name(b->kind), what ? ": " : "", what ? what : "");
    write_proto(&s->em, file, head, &sub->launch, sub->provenance, sub->canon);
    FILE *f = s->em.disagreements;
    fputs("{\"name\":", f);
    json_string(f, sub->name);
    fprintf(f, ",\"seed\":%llu,\"index\":%llu,\"kind\":", (unsigned long long)s->o->seed,
            (unsigned long long)sub->index);
    json_string(f, bug_kind_name(b->kind));
    if (b->kind == BUG_VERDICT) {
        fputs(",\"kernel\":", f);
        json_string(f, b->kernel);
        fputs(",\"oracles\":", f);
        const KernelLabel k = {.v = {b->v[0], b->v[1], b->v[2]}};
        json_oracles(f, &k);
    }
    fputs(",\"launch\":", f);
    json_launch(f, &sub->launch);
    fprintf(f, ",\"file\":\"%s.proto\"", file);
    if (s->o->shrink) {
        Repro r;
        repro_minimize(b, sub->canon, &sub->launch, &s->o->oracle, s->o->shrink_tries, &r);
        char min[256];
        snprintf(min, sizeof min, "disagreements/%s.min", sub->name);
        write_proto(&s->em, min, head, &r.launch, sub->provenance, r.text);
        strcat(min, ".proto");
        json_repro(f, min, &r);
        if (!s->o->quiet)
            before_message(s);
        if (!s->o->quiet)
            fprintf(stderr, "mapkit fuzz: %s: shrunk from %d to %d statements in %d tries: %s/%s\n", sub->name,
                    r.stats.stmts_before, r.stats.stmts_after, r.stats.tries, s->em.dir, min);
        repro_free(&r);
    }
    fputs("}\n", f);
    fflush(f);
}

static void report_disagreement(Session *s, const Subject *sub)
{
    const KernelLabel *k = &sub->label.k[sub->label.culprit];
    Bug b = {.kind = BUG_VERDICT, .kernel = k->kernel};
    memcpy(b.v, k->v, sizeof b.v);
    report_bug(s, sub, &b, NULL);
}

/* Kept for whoever looks into the engines' timeouts. */
static void report_undecided(Session *s, const Subject *sub)
{
    s->t.undecided++;
    const KernelLabel *k = &sub->label.k[sub->label.culprit];
    char file[256], head[256];
    snprintf(file, sizeof file, "undecided/%s", sub->name);
    snprintf(head, sizeof head, "undecided on kernel %s: run=%s interval=%s align=%s", k->kernel,
             verdict_name(k->v[OR_RUN]), verdict_name(k->v[OR_INTERVAL]), verdict_name(k->v[OR_ALIGN]));
    write_proto(&s->em, file, head, &sub->launch, sub->provenance, sub->canon);
    FILE *f = s->em.undecided;
    fputs("{\"name\":", f);
    json_string(f, sub->name);
    fprintf(f, ",\"seed\":%llu,\"index\":%llu,\"kernel\":", (unsigned long long)s->o->seed,
            (unsigned long long)sub->index);
    json_string(f, k->kernel);
    fputs(",\"oracles\":", f);
    json_oracles(f, k);
    fprintf(f, ",\"file\":\"%s.proto\"}\n", file);
    fflush(f);
}

/* ---- cases ---- */

/* fc: the --frontend's judgement of the case, or NULL. */
static void manifest_line(Session *s, const Subject *sub, bool with_cuda, bool with_opencl, const FrontendCase *fc)
{
    FeatureSet fs;
    features_of(sub->prog, &fs);
    char *verdicts = label_verdict_text(&sub->label);
    FILE *f = s->em.manifest;
    fputs("{\"name\":", f);
    json_string(f, sub->name);
    fprintf(f, ",\"seed\":%llu,\"index\":%llu,\"verdict\":", (unsigned long long)s->o->seed,
            (unsigned long long)sub->index);
    json_string(f, verdict_name(sub->label.verdict));
    fputs(",\"kernels\":", f);
    json_kernels(f, &sub->label);
    fputs(",\"launch\":", f);
    json_launch(f, &sub->launch);
    fputs(",\"features\":", f);
    json_features(f, &fs);
    if (sub->mutant) {
        fputs(",\"twin_of\":", f);
        json_string(f, sub->twin_of);
        fprintf(f, ",\"mutation\":{\"type\":%d,\"kind\":\"%s\",\"sync_line\":%d}", sub->mutant->type,
                sub->mutant->kind, sub->mutant->sync_line + PROTO_HEADER_LINES);
    }
    if (fc)
        frontend_case_json(f, fc);
    fprintf(f, ",\"files\":[\"%s.proto\"", sub->name);
    if (with_cuda)
        fprintf(f, ",\"%s.cu\"", sub->name);
    if (with_opencl)
        fprintf(f, ",\"%s.cl\"", sub->name);
    fputs("]}\n", f);
    fflush(f);
    free(verdicts);
}

/* --frontend: the case's CUDA through the other front end, counted, a
 * finding shrunk, and each said on stderr. */
static void through_frontend(Session *s, const Subject *sub, FrontendCase *fc)
{
    char cu[4096];
    snprintf(cu, sizeof cu, "%s/%s.cu", s->em.dir, sub->name);
    frontend_case(&s->o->frontend, cu, &sub->label, &sub->launch, &s->o->oracle, fc);
    for (int i = 0; i < fc->nkernels; i++)
        s->t.frontend[fc->k[i].category]++;
    s->t.frontend_findings += frontend_case_found(fc);
    if (s->o->shrink)
        frontend_shrink(&s->o->frontend, &s->em, sub->name, sub->canon, sub->provenance, &sub->launch,
                        &s->o->oracle, s->o->shrink_tries, fc);
    if (s->o->quiet || !frontend_case_found(fc))
        return;
    before_message(s);
    frontend_case_report(sub->name, fc, s->em.dir);
}

static void write_case(Session *s, const Subject *sub)
{
    char *verdicts = label_verdict_text(&sub->label);
    char head[512];
    snprintf(head, sizeof head, "verdict: %s", verdicts);
    free(verdicts);
    bool ok = write_proto(&s->em, sub->name, head, &sub->launch, sub->provenance, sub->canon);
    bool cuda = ok && write_cuda(&s->em, sub->name, sub->prog, &sub->label, &sub->launch, false);
    bool opencl = ok && s->o->opencl && write_cuda(&s->em, sub->name, sub->prog, &sub->label, &sub->launch, true);
    if (ok && s->o->opencl && !opencl) {
        before_message(s);
        fprintf(stderr, "mapkit fuzz: warning: %s: no OpenCL written\n", sub->name);
    }
    if (ok && !cuda)
        before_message(s);
    if (ok && !cuda)
        fprintf(stderr, "mapkit fuzz: warning: %s: no CUDA written\n", sub->name);
    FrontendCase fc = {0};
    bool judged = cuda && s->o->frontend.command;
    if (judged)
        through_frontend(s, sub, &fc);
    if (ok)
        manifest_line(s, sub, cuda, opencl, judged ? &fc : NULL);
    frontend_case_free(&fc);
}

/* Labelled subjects become cases (not in --check), the others reports. */
static void conclude(Session *s, Subject *sub)
{
    switch (sub->label.agreement) {
    case DISAGREE:
        report_disagreement(s, sub);
        return;
    case UNDECIDED:
        report_undecided(s, sub);
        return;
    case AGREE:
        break;
    }
    /* No run satisfies such a protocol's assumptions: the oracles agree on
     * "drf" only vacuously, and `mapkit check` refuses it (exit 2), so it is
     * no case for anybody's tool. */
    if (!s->o->check && assumptions_contradict(sub->prog, &sub->launch, &s->o->oracle)) {
        s->t.vacuous++;
        return;
    }
    if (!s->o->check && !share_keeps(s->o, s->t.verdicts, (Verdict)sub->label.verdict)) {
        s->t.unshared++;
        return;
    }
    s->t.labelled++;
    s->t.verdicts[sub->label.verdict]++;
    if (!s->o->check) {
        write_case(s, sub);
        sub->written = true;
    }
}

/* ---- mutants ---- */

static void conclude_mutant(Session *s, const Subject *parent, const Mutant *m, int number)
{
    Subject sub = {0};
    format_cut(sub.name, sizeof sub.name, "%s-m%d", parent->name, number);
    sub.index = parent->index;
    sub.canon = m->text;
    sub.launch = parent->launch;
    sub.label = m->label;
    sub.twin_of = parent->name;
    sub.mutant = m;
    format_cut(sub.provenance, sizeof sub.provenance, "%s; seed 001 type %d (%s): sync on line %d of %s.proto deleted",
             parent->provenance, m->type, m->kind ? m->kind : "-", m->sync_line + PROTO_HEADER_LINES,
             parent->name);
    s->t.mutants++;
    if (m->label.agreement != AGREE || m->type != 0) {
        Parsed p;
        if (!parsed_load(&p, sub.name, m->text, stderr))
            return;
        sub.prog = p.prog;
        conclude(s, &sub);
        if (m->label.agreement == AGREE && (s->o->check || sub.written)) {
            s->t.twins++;
            s->t.twin_types[m->type]++;
        }
        parsed_free(&p);
    }
}

static void make_twins(Session *s, const Subject *parent)
{
    Mutant ms[MAX_MUTANT_TRIES];
    int n = mutate_barriers(parent->canon, &parent->launch, &s->o->oracle, s->o->seed ^ (parent->index << 20),
                            s->o->twins, MAX_MUTANT_TRIES, ms);
    int number = 0;
    bool cut = out_of_time(s); /* --time cut the mutants' oracles short: none is counted */
    for (int i = 0; i < n && cut; i++)
        mutant_free(&ms[i]);
    for (int i = 0; i < n && !cut; i++) {
        if (ms[i].type != 0 || ms[i].label.agreement != AGREE)
            conclude_mutant(s, parent, &ms[i], ++number);
        else
            s->t.mutants++;
        mutant_free(&ms[i]);
    }
}

/* ---- one protocol ---- */

static void generator_failure(Session *s, const char *name, uint64_t index, const char *raw)
{
    s->t.disagreements++;
    before_message(s);
    fprintf(stderr, "mapkit fuzz: %s: error: the generator wrote a protocol that does not parse\n", name);
    char file[256];
    snprintf(file, sizeof file, "disagreements/%s.proto", name);
    write_text(&s->em, file, raw);
    fprintf(s->em.disagreements, "{\"name\":\"%s\",\"seed\":%llu,\"index\":%llu,\"kind\":\"parse\",\"file\":\"%s\"}\n",
            name, (unsigned long long)s->o->seed, (unsigned long long)index, file);
    fflush(s->em.disagreements);
}

/* Round trip and code generation: the contracts that need no oracle. */
static bool contracts_hold(Session *s, Subject *sub)
{
    const char *why = NULL;
    Bug b = {.kind = BUG_ROUNDTRIP,
             .shape = {.style = s->o->style, .templates = s->o->templates, .helpers = s->o->helpers}};
    if (roundtrip_ok(sub->prog, &why)) {
        b.kind = BUG_CODEGEN;
        why = "generating CUDA fails or is not deterministic";
        if (codegen_ok(sub->prog)) {
            b.kind = BUG_FRONTEND;
            why = "inferring the generated CUDA loses an access, a loop or a precondition";
            if (s->o->check && !frontend_agrees(sub->prog, &b.shape, NULL, NULL)) {
                report_bug(s, sub, &b, why);
                return false;
            }
            b.kind = BUG_FRONTEND_OPENCL;
            why = "inferring the generated OpenCL loses an access, a loop or a precondition";
            if (!s->o->check || !s->o->opencl || frontend_opencl_ok(sub->prog))
                return true;
        }
    }
    report_bug(s, sub, &b, why);
    return false;
}

static void one_protocol(Session *s, uint64_t index)
{
    Subject sub = {0};
    snprintf(sub.name, sizeof sub.name, "s%llu-%05llu", (unsigned long long)s->o->seed, (unsigned long long)index);
    sub.index = index;
    provenance(s, index, sub.provenance, sizeof sub.provenance);
    char *raw = rand_protocol(s->o->seed, index, &s->o->gen, &sub.launch);
    s->t.protocols++;
    Parsed p;
    if (!parsed_load(&p, sub.name, raw, stderr)) {
        generator_failure(s, sub.name, index, raw);
        free(raw);
        return;
    }
    free(raw);
    sub.prog = p.prog;
    if (gen_style_refusal(p.prog, s->o->style, NULL, NULL)) { /* no case the style cannot write */
        s->t.unstyled++;
        parsed_free(&p);
        return;
    }
    char *canon = canonical_text(p.prog);
    sub.canon = canon;
    if (contracts_hold(s, &sub)) {
        label_program(p.prog, &sub.launch, &s->o->oracle, &sub.label);
        if (out_of_time(s)) { /* --time cut the oracles short: no verdict, not counted */
            s->t.protocols--;
            label_free(&sub.label);
            free(canon);
            parsed_free(&p);
            return;
        }
        conclude(s, &sub);
        if (sub.label.agreement == AGREE && sub.label.verdict == V_DRF && s->o->twins > 0 &&
            (s->o->check || sub.written))
            make_twins(s, &sub);
        label_free(&sub.label);
    }
    free(canon);
    parsed_free(&p);
}

/* ---- the loop ---- */

/* gen's --style, --templates and --helpers for the .cu files. */
static void shape_cuda(Emitter *e, const FuzzOptions *o)
{
    e->style = o->style;
    e->templates = o->templates;
    e->helpers = o->helpers;
}

static void summary(const Session *s)
{
    const Tally *t = &s->t;
    double secs = now_s() - s->start;
    printf("mapkit fuzz%s: seed %llu: %ld protocols and %ld mutants in %.1f s (%.1f protocols/s)\n",
           s->o->check ? " --check" : "", (unsigned long long)s->o->seed, t->protocols, t->mutants, secs,
           secs > 0 ? (double)t->protocols / secs : 0.0);
    printf("  %s %ld: drf %ld, racy %ld, divergent %ld; racy twins %ld (type 1 %ld, type 2 %ld, type 3 %ld)\n",
           s->o->check ? "agreed" : "cases written", t->labelled, t->verdicts[V_DRF], t->verdicts[V_RACY],
           t->verdicts[V_DIVERGENT], t->twins, t->twin_types[1], t->twin_types[2], t->twin_types[3]);
    bool notes = t->disagreements || t->undecided;
    printf("  disagreements %ld, undecided %ld%s%s\n", t->disagreements, t->undecided, notes ? "; see " : "",
           notes ? s->em.dir : "");
    if (t->unshared || t->unstyled)
        printf("  left out: %ld cases over their --racy-share/--divergent-share, %ld protocols --style=%s cannot "
               "write\n", t->unshared, t->unstyled, gen_style_name(s->o->style));
    if (t->vacuous)
        printf("  left out: %ld protocols whose assumptions contradict each other at their launch\n", t->vacuous);
    if (s->o->frontend.command) {
        printf("  front end %s: %ld case(s) with findings; kernels:", s->o->frontend.command, t->frontend_findings);
        for (int c = 0; c < CAT_COUNT; c++)
            if (c != CAT_UNLABELLED) /* a case is labelled */
                printf("%s %s %ld", c ? "," : "", against_category_name((AgainstCategory)c), t->frontend[c]);
        putchar('\n');
    }
}

static void show_count(Progress *bar, long protocols, long disagreements, double secs)
{
    progress_show(bar, false, "%ld protocols, %ld disagreements, %.0f s", protocols, disagreements, secs);
}

/* This process's share of the protocols: worker w of n takes w, w+n, ... */
static void run_share(Session *s, int worker, int workers)
{
    const FuzzOptions *o = s->o;
    for (long i = worker; (o->count <= 0 || i < o->count) && !out_of_time(s); i += workers) {
        one_protocol(s, (uint64_t)i);
        if (s->shared) {
            s->shared[0] = s->t.protocols;
            s->shared[1] = s->t.disagreements;
        }
        show_count(&s->bar, s->t.protocols, s->t.disagreements, now_s() - s->start);
    }
    progress_clear(&s->bar);
}

static void add_tally(Tally *sum, const Tally *t)
{
    sum->protocols += t->protocols;
    sum->mutants += t->mutants;
    sum->labelled += t->labelled;
    sum->twins += t->twins;
    sum->undecided += t->undecided;
    sum->disagreements += t->disagreements;
    sum->unshared += t->unshared;
    sum->unstyled += t->unstyled;
    sum->vacuous += t->vacuous;
    for (int v = 0; v <= V_ERROR; v++)
        sum->verdicts[v] += t->verdicts[v];
    for (int k = 0; k < 4; k++)
        sum->twin_types[k] += t->twin_types[k];
    for (int c = 0; c < CAT_COUNT; c++)
        sum->frontend[c] += t->frontend[c];
    sum->frontend_findings += t->frontend_findings;
}

/* The pool's view of a session run by -j N workers (fuzz/pool.h). */
typedef struct Workers {
    Session *s;
    long *counts; /* each worker's running protocols and disagreements, for the bar */
    bool ok;
} Workers;

/* Worker w in a child process: its share, its own part files; its tally
 * goes back through the pool.  It exits itself, so that the sanitizers'
 * leak check runs in every worker. */
static void worker(int w, FILE *out, void *ctx)
{
    const Workers *ws = ctx;
    const FuzzOptions *o = ws->s->o;
    Session s = {.o = o, .start = ws->s->start, .shared = ws->counts ? ws->counts + 2 * w : NULL};
    char part[16];
    snprintf(part, sizeof part, ".%d", w);
    int code = 2;
    if (emitter_open(&s.em, o->out_dir, !o->check, part)) {
        shape_cuda(&s.em, o);
        run_share(&s, w, o->jobs);
        bool written = emitter_close(&s.em);
        code = written && fwrite(&s.t, sizeof s.t, 1, out) == 1 && fflush(out) == 0 ? 0 : 2;
    }
    exit(code);
}

static void worker_done(int w, int status, const char *out, size_t len, void *ctx)
{
    Workers *ws = ctx;
    progress_clear(&ws->s->bar);
    if (len == sizeof(Tally) && WIFEXITED(status) && WEXITSTATUS(status) == 0) {
        Tally t;
        memcpy(&t, out, sizeof t);
        add_tally(&ws->s->t, &t);
        return;
    }
    fprintf(stderr, "mapkit fuzz: error: worker %d failed (%s %d)\n", w,
            WIFSIGNALED(status) ? "signal" : "exit status",
            WIFSIGNALED(status) ? WTERMSIG(status) : WEXITSTATUS(status));
    ws->ok = false;
}

/* The workers' summed counts on the bar while they run. */
static void workers_tick(void *ctx)
{
    Workers *ws = ctx;
    long protocols = 0, disagreements = 0;
    for (int w = 0; w < ws->s->o->jobs; w++) {
        protocols += ws->counts[2 * w];
        disagreements += ws->counts[2 * w + 1];
    }
    show_count(&ws->s->bar, protocols, disagreements, now_s() - ws->s->start);
}

/* Runs o->jobs workers in the pool and sums their tallies into s; false
 * if one failed. */
static bool run_workers(Session *s)
{
    const FuzzOptions *o = s->o;
    size_t size = 2 * (size_t)o->jobs * sizeof(long);
    Workers ws = {.s = s, .ok = true};
    ws.counts = mmap(NULL, size, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
    if (ws.counts == MAP_FAILED)
        ws.counts = NULL;
    Pool pool = {.jobs = o->jobs, .work = worker, .done = worker_done, .tick = ws.counts ? workers_tick : NULL,
                 .ctx = &ws, .interruptible = true};
    if (!pool_run(&pool, o->jobs)) {
        perror("mapkit fuzz: error: cannot start a worker");
        exit(2);
    }
    progress_clear(&s->bar);
    if (ws.counts)
        munmap(ws.counts, size);
    return merge_line_files(o->out_dir, o->jobs, !o->check) && ws.ok;
}

/* After SIGTERM or SIGINT stopped the workers: their finished cases are
 * in the joined manifest (run_workers joined the part files). */
static int stopped(Session *s, int sig)
{
    progress_clear(&s->bar);
    fprintf(stderr, "mapkit fuzz: stopped by %s: the workers were stopped; the cases they finished are listed in "
                    "%s/%s\n",
            sig == SIGINT ? "SIGINT" : "SIGTERM", s->o->out_dir, s->o->check ? "disagreements.jsonl" : "manifest.jsonl");
    return pool_stopped_exit(sig);
}

int fuzz_run(const FuzzOptions *given)
{
    OutdirClaim claim = {.command = "fuzz", .option = "--out", .force = given->force,
                         .resumes = given->against && given->resume ? "results.jsonl" : NULL};
    if (!outdir_claim(given->out_dir, &claim))
        return 2;
    if (given->against)
        return against_run(given);
    FuzzOptions timed = *given; /* --time bounds the oracles too */
    const FuzzOptions *o = &timed;
    Session s = {.o = o, .start = now_s()};
    if (o->seconds > 0)
        timed.oracle.deadline_s = s.start + o->seconds;
    progress_init(&s.bar, !o->quiet);
    bool ok = true;
    if (o->jobs > 1) {
        ok = run_workers(&s);
        s.em.dir = o->out_dir;
        if (pool_stopped_by())
            return stopped(&s, pool_stopped_by());
    } else {
        if (!emitter_open(&s.em, o->out_dir, !o->check, NULL))
            return 2;
        shape_cuda(&s.em, o);
        run_share(&s, 0, 1);
        ok = emitter_close(&s.em);
    }
    summary(&s);
    if (!ok)
        return 2;
    return s.t.disagreements || s.t.frontend_findings ? 1 : 0;
}
