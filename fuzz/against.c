/* `mapkit fuzz --against` (see against.h): another tool's verdicts on the
 * labelled cases, shrunk reproducers of its disagreements. */
#include "against.h"
#include "against_emulate.h"

#include "emit.h"
#include "frontend_case.h"
#include "mutate.h"
#include "outdir.h"
#include "pool.h"
#include "progress.h"
#include "repro.h"
#include "shrink.h"
#include "text.h"
#include "verdict_map.h"

#include <errno.h>
#include <limits.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

enum { MAX_MUTANT_TRIES = 6 };

static char *copy(const char *s)
{
    size_t n = strlen(s) + 1;
    return memcpy(xmalloc(n), s, n);
}

static const char *const category_names[CAT_COUNT] = {
    [CAT_AGREE] = "agree",           [CAT_FALSE_ALARM] = "false-alarm", [CAT_MISSED_RACE] = "missed-race",
    [CAT_MISSED_DIVERGENCE] = "missed-divergence", [CAT_TOOL_ERROR] = "tool-error", [CAT_TIMEOUT] = "timeout",
    [CAT_UNKNOWN] = "unknown",       [CAT_UNLABELLED] = "unlabelled", [CAT_NOT_REPRODUCED] = "not-reproduced",
};

/* The summary's words for them. */
static const char *const category_titles[CAT_COUNT] = {
    [CAT_AGREE] = "agree",           [CAT_FALSE_ALARM] = "false alarm", [CAT_MISSED_RACE] = "missed race",
    [CAT_MISSED_DIVERGENCE] = "missed divergence", [CAT_TOOL_ERROR] = "tool error or crash",
    [CAT_TIMEOUT] = "timeout",       [CAT_UNKNOWN] = "tool said unknown", [CAT_UNLABELLED] = "unlabelled",
    [CAT_NOT_REPRODUCED] = "not reproduced",
};

const char *against_category_name(AgainstCategory c)
{
    return c < CAT_COUNT ? category_names[c] : "?";
}

bool against_is_disagreement(AgainstCategory c)
{
    return c != CAT_AGREE && c != CAT_UNKNOWN && c != CAT_UNLABELLED && c != CAT_NOT_REPRODUCED && c < CAT_COUNT;
}

AgainstCategory against_categorize(Verdict label, ExtStatus status, bool mapped, Verdict said)
{
    if (status == EXT_TIMEOUT)
        return CAT_TIMEOUT;
    if (status != EXT_EXITED || !mapped)
        return CAT_TOOL_ERROR;
    if (said == V_UNKNOWN)
        return CAT_UNKNOWN;
    if (said == label)
        return CAT_AGREE;
    if (label == V_RACY)
        return CAT_MISSED_RACE;
    if (said == V_RACY || label == V_DRF) /* a race, or a divergence, that is not there */
        return CAT_FALSE_ALARM;
    return CAT_MISSED_DIVERGENCE; /* divergent, and the tool says drf */
}

/* ---- one process's run ---- */

typedef struct Against {
    const FuzzOptions *o;
    const VerdictMap *map;
    char work[PATH_MAX];    /* OUT/work.W: the files the tool gets */
    char self[PATH_MAX];    /* this program, for the label's evidence (`mapkit run`) */
    FILE *results;          /* this worker's part of results.jsonl */
    double start;
    Progress bar;
    long cases, disagreements;
} Against;

/* A tool's answer on one file. */
typedef struct Answer {
    ExtResult r;
    bool mapped;
    Verdict said;
    AgainstCategory cat;
} Answer;

const char *against_on_ext(AgainstOn on)
{
    static const char *const ext[] = {"cu", "proto", "cl"};
    return ext[on];
}

static const char *file_ext(const Against *a)
{
    return against_on_ext((AgainstOn)a->o->against_on);
}

static bool write_file(const char *path, const char *text)
{
    FILE *f = outdir_create(path, "w", "fuzz");
    if (!f)
        return false;
    bool ok = fputs(text, f) != EOF;
    return (fclose(f) == 0) && ok;
}

static const char withheld[] = "the label is withheld from the tool (mapkit fuzz --against)";

/* The case's CUDA (opencl: OpenCL) at path, without the label.  GPUVerify's header stays
 * whole, since readers of it (mapkit's included) take the launch on
 * line 2 only under a `//pass`, `//xfail` or `//fail` line 1: line 1 is
 * `//pass` for every case, and line 3 says so. */
static bool write_tool_code(const char *path, Program *p, const RandLaunch *l, bool opencl)
{
    const char *base = strrchr(path, '/');
    char *cu = case_code(p, l, base ? base + 1 : path, GV_PASS, opencl);
    bool ok = false;
    const char *line3 = cu ? strchr(cu, '\n') : NULL;
    line3 = line3 ? strchr(line3 + 1, '\n') : NULL;
    if (line3) {
        size_t n = strlen(cu) + sizeof withheld + 64;
        char *text = xcalloc(n, 1);
        snprintf(text, n, "%.*s// line 1 is //pass for every case: %s%s", (int)(line3 + 1 - cu), cu, withheld,
                 line3);
        ok = write_file(path, text);
        free(text);
    }
    free(cu);
    return ok;
}

/* The file the tool gets, at path: the protocol or its CUDA, without the
 * label (a `.cu` keeps GPUVerify's launch line on line 2, a `.proto` the
 * `// args:` line). */
static bool write_tool_file(const Against *a, const char *path, Program *p, const char *canon,
                            const RandLaunch *l)
{
    if (a->o->against_on == AGAINST_ON_PROTO) {
        char args[256];
        launch_args(l, args, sizeof args);
        size_t n = strlen(canon) + strlen(args) + 256;
        char *text = xcalloc(n, 1);
        snprintf(text, n, "// %s\n// args: %s\n%s", withheld, args, canon);
        bool ok = write_file(path, text);
        free(text);
        return ok;
    }
    if (a->o->emulate) {
        const char *base = strrchr(path, '/');
        char *code = emulate_case_code(p, l, base ? base + 1 : path, a->o->against_on == AGAINST_ON_CL);
        bool ok = code && write_file(path, code);
        free(code);
        return ok;
    }
    return write_tool_code(path, p, l, a->o->against_on == AGAINST_ON_CL);
}

/* Runs the tool on the case written at path; false when the file could
 * not be written (nothing was asked). */
static bool ask_at(const Against *a, const char *path, Program *p, const char *canon, const RandLaunch *l,
                   Verdict label, Answer *ans)
{
    memset(ans, 0, sizeof *ans);
    if (!write_tool_file(a, path, p, canon, l))
        return false;
    char *cmd = a->o->emulate ? emulate_command(a->o->against, p, l, a->o->against_timeout_ms) : NULL;
    external_run(cmd ? cmd : a->o->against, path, a->o->against_timeout_ms, 0, &ans->r);
    free(cmd);
    ans->mapped = verdict_map_apply(a->map, &ans->r, &ans->said);
    ans->cat = against_categorize(label, ans->r.status, ans->mapped, ans->said);
    if (a->o->emulate)
        ans->cat = emulate_category(label, ans->cat, ans->said, emulate_values_fixed(canon), ans->r.output);
    return true;
}

/* The same in the scratch folder, the file removed afterwards. */
static bool ask(const Against *a, const char *name, Program *p, const char *canon, const RandLaunch *l,
                Verdict label, Answer *ans)
{
    char path[PATH_MAX + 128];
    snprintf(path, sizeof path, "%s/%s.%s", a->work, name, file_ext(a));
    bool ok = ask_at(a, path, p, canon, l, label, ans);
    remove(path);
    return ok;
}

/* ---- shrinking ---- */

typedef struct Goal {
    const Against *a;
    const char *name;
    RandLaunch launch;
    Verdict label;
    AgainstCategory cat;
} Goal;

/* The candidate keeps its label (all three oracles agree on it) and the
 * tool still answers in the same category. */
static bool still_disagrees(const char *text, void *ctx)
{
    const Goal *g = ctx;
    Parsed p;
    if (!parsed_load(&p, "shrink.proto", text, NULL))
        return false;
    RandLaunch l = g->launch;
    drop_unused_params(text, &l);
    Label label;
    label_program(p.prog, &l, &g->a->o->oracle, &label);
    bool keep = false;
    if (label.agreement == AGREE && label.verdict == g->label &&
        !assumptions_contradict(p.prog, &l, &g->a->o->oracle)) {
        Answer ans;
        keep = ask(g->a, g->name, p.prog, text, &l, g->label, &ans) && ans.cat == g->cat;
        external_result_free(&ans.r);
    }
    label_free(&label);
    parsed_free(&p);
    return keep;
}

/* The launch first, as `fuzz --check` does: one block, then fewer
 * threads, while the disagreement stays.  Returns the tries. */
static int shrink_goal_launch(Goal *g, const char *text)
{
    int tries = 0;
    for (bool progress = true; progress;) {
        progress = false;
        RandLaunch cand[8], was = g->launch;
        int n = smaller_launches(&was, cand);
        for (int i = 0; i < n && !progress; i++) {
            tries++;
            g->launch = cand[i];
            progress = still_disagrees(text, g);
        }
        if (!progress)
            g->launch = was;
    }
    return tries;
}

/* ---- reproducers ---- */

/* The interpreter's run on the reproducer: the label's evidence. */
static char *evidence(const Against *a, const char *proto_path, const RandLaunch *l)
{
    if (!a->self[0] || strchr(a->self, '\''))
        return copy("(the interpreter could not be run: no path to this program)\n");
    char args[256], tmpl[PATH_MAX + 512];
    launch_args(l, args, sizeof args);
    snprintf(tmpl, sizeof tmpl, "'%s' run %s {}", a->self, args);
    ExtResult r;
    external_run(tmpl, proto_path, 60000, 0, &r);
    size_t n = strlen(tmpl) + r.output_len + 128;
    char *text = xcalloc(n, 1);
    snprintf(text, n, "$ mapkit run %s %s\n%s", args, "min.proto", r.output);
    external_result_free(&r);
    return text;
}

static void write_tool_output(const Against *a, const char *path, const Answer *ans, const char *file)
{
    char how[256];
    external_describe(&ans->r, a->o->against_timeout_ms, how, sizeof how);
    char *cmd = external_command(a->o->against, file);
    FILE *f = outdir_create(path, "w", "fuzz");
    if (!f) {
        free(cmd);
        return;
    }
    fprintf(f, "$ %s\n# %s after %.2f s; answer %s; category %s%s\n", cmd ? cmd : a->o->against, how,
            ans->r.seconds, ans->mapped ? verdict_name(ans->said) : "(unmapped)", against_category_name(ans->cat),
            ans->r.truncated ? "; output truncated" : "");
    fputs(ans->r.output, f);
    fclose(f);
    free(cmd);
}

typedef struct Case {
    char name[96];
    uint64_t index;
    const char *canon;
    Program *prog;
    RandLaunch launch;
    const Label *label;
    char provenance[512];
} Case;

/* OUT/disagreements/NAME/: found.proto (the case as generated, labelled),
 * min.proto (shrunk, labelled), min.cu or min.proto's tool copy as
 * case.EXT, tool-output.txt (the tool's run on it) and label.txt (the
 * interpreter's run: the label's evidence).  Adds the "repro" and
 * "shrunk" members to the JSON line. */
static void write_repro(Against *a, const Case *c, const Answer *found, FILE *line)
{
    char rel[256], dir[PATH_MAX];
    snprintf(rel, sizeof rel, "disagreements/%s", c->name);
    snprintf(dir, sizeof dir, "%s/%s", a->o->out_dir, rel);
    if (!outdir_mkdir(dir, "fuzz"))
        return;
    Emitter em = {.dir = dir};
    char *verdicts = label_verdict_text(c->label);
    char head[512];
    snprintf(head, sizeof head, "verdict: %s", verdicts);
    free(verdicts);
    write_proto(&em, "found", head, &c->launch, c->provenance, c->canon);
    Goal g = {.a = a, .name = c->name, .launch = c->launch, .label = c->label->verdict, .cat = found->cat};
    ShrinkStats st = {0};
    int launch_tries = a->o->shrink ? shrink_goal_launch(&g, c->canon) : 0;
    char *min = a->o->shrink ? shrink_protocol(c->canon, still_disagrees, &g, a->o->shrink_tries, &st)
                             : copy(c->canon);
    st.tries += launch_tries;
    RandLaunch l = g.launch;
    drop_unused_params(min, &l);
    write_proto(&em, "min", head, &l, c->provenance, min);
    Parsed p;
    char file[PATH_MAX + 32], path[PATH_MAX + 32];
    snprintf(file, sizeof file, "%s/case.%s", dir, file_ext(a));
    Answer again;
    if (parsed_load(&p, "min.proto", min, NULL)) {
        if (ask_at(a, file, p.prog, min, &l, c->label->verdict, &again)) {
            snprintf(path, sizeof path, "%s/tool-output.txt", dir);
            write_tool_output(a, path, &again, file);
            external_result_free(&again.r);
        }
        parsed_free(&p);
    }
    snprintf(path, sizeof path, "%s/min.proto", dir);
    char *ev = evidence(a, path, &l);
    snprintf(path, sizeof path, "%s/label.txt", dir);
    FILE *f = outdir_create(path, "w", "fuzz");
    if (f) {
        fprintf(f, "label: %s (mapkit run and both engines of mapkit check agree)\n%s", verdict_name(c->label->verdict),
                ev);
        fclose(f);
    }
    free(ev);
    fputs(",\"repro\":", line);
    json_string(line, rel);
    fputs(",\"shrunk\":{\"launch\":", line);
    json_launch(line, &l);
    fprintf(line, ",\"stmts\":[%d,%d],\"chars\":[%d,%d],\"tries\":%d}", st.stmts_before, st.stmts_after,
            st.chars_before, st.chars_after, st.tries);
    if (!a->o->quiet) {
        progress_clear(&a->bar);
        fprintf(stderr, "mapkit fuzz: %s: %s (label %s, tool: %s), shrunk from %d to %d statements: %s\n", c->name,
                category_titles[found->cat], verdict_name(c->label->verdict),
                found->mapped ? verdict_name(found->said) : external_status_name(found->r.status), st.stmts_before,
                st.stmts_after, dir);
    }
    free(min);
}

/* ---- one case ---- */

static void json_answer(FILE *f, const Against *a, const Answer *ans)
{
    fputs(",\"answer\":", f);
    if (ans->mapped)
        json_string(f, verdict_name(ans->said));
    else
        fputs("null", f);
    fprintf(f, ",\"tool\":{\"status\":\"%s\"", external_status_name(ans->r.status));
    if (ans->r.status == EXT_EXITED || ans->r.status == EXT_CRASHED)
        fprintf(f, ",\"%s\":%d", ans->r.status == EXT_EXITED ? "exit" : "signal", ans->r.code);
    if (ans->r.status == EXT_NOSTART) {
        fputs(",\"error\":", f);
        json_string(f, ans->r.error);
    }
    if (ans->r.status == EXT_TIMEOUT)
        fprintf(f, ",\"limit_ms\":%d", a->o->against_timeout_ms);
    fprintf(f, ",\"seconds\":%.3f}", ans->r.seconds);
}

/* --frontend too: the case's CUDA through that front end, its protocol's
 * verdicts against the label (fuzz/frontend_case.h), a finding shrunk
 * into OUT/frontend/; `"frontend":{...}` ends the case's line. */
static void frontend_on_case(Against *a, const Case *c, FILE *line)
{
    char path[PATH_MAX + 128];
    snprintf(path, sizeof path, "%s/%s.cu", a->work, c->name);
    FrontendCase fc = {0};
    if (!write_tool_code(path, c->prog, &c->launch, false))
        return;
    frontend_case(&a->o->frontend, path, c->label, &c->launch, &a->o->oracle, &fc);
    remove(path);
    Emitter em = {.dir = a->o->out_dir};
    if (a->o->shrink)
        frontend_shrink(&a->o->frontend, &em, c->name, c->canon, c->provenance, &c->launch, &a->o->oracle,
                        a->o->shrink_tries, &fc);
    if (!a->o->quiet && frontend_case_found(&fc)) {
        progress_clear(&a->bar);
        frontend_case_report(c->name, &fc, a->o->out_dir);
    }
    frontend_case_json(line, &fc);
    frontend_case_free(&fc);
}

/* Asks the tool about one labelled case; one JSON line into `line`. */
static void test_case(Against *a, const Case *c, const char *twin_of, FILE *line)
{
    Answer ans;
    if (!ask(a, c->name, c->prog, c->canon, &c->launch, c->label->verdict, &ans)) {
        progress_clear(&a->bar);
        fprintf(stderr, "mapkit fuzz: warning: %s: cannot write the tool's file in %s\n", c->name, a->work);
        return;
    }
    a->cases++;
    fputs("{\"name\":", line);
    json_string(line, c->name);
    fprintf(line, ",\"seed\":%llu,\"index\":%llu", (unsigned long long)a->o->seed, (unsigned long long)c->index);
    if (twin_of) {
        fputs(",\"twin_of\":", line);
        json_string(line, twin_of);
    }
    fputs(",\"label\":", line);
    json_string(line, verdict_name(c->label->verdict));
    fputs(",\"kernels\":", line);
    json_kernels(line, c->label);
    fputs(",\"launch\":", line);
    json_launch(line, &c->launch);
    json_answer(line, a, &ans);
    fprintf(line, ",\"category\":\"%s\"", against_category_name(ans.cat));
    if (against_is_disagreement(ans.cat)) {
        a->disagreements++;
        write_repro(a, c, &ans, line);
    }
    if (a->o->frontend.command)
        frontend_on_case(a, c, line);
    fputs("}\n", line);
    external_result_free(&ans.r);
}

static void unlabelled_line(const Against *a, const char *name, uint64_t index, FILE *line)
{
    fputs("{\"name\":", line);
    json_string(line, name);
    fprintf(line, ",\"seed\":%llu,\"index\":%llu,\"category\":\"unlabelled\"}\n", (unsigned long long)a->o->seed,
            (unsigned long long)index);
}

/* The racy twins of a DRF case [SKBG Sec. 6], each a case of its own. */
static void test_twins(Against *a, const Case *parent, FILE *line)
{
    Mutant ms[MAX_MUTANT_TRIES];
    int n = mutate_barriers(parent->canon, &parent->launch, &a->o->oracle, a->o->seed ^ (parent->index << 20),
                            a->o->twins, MAX_MUTANT_TRIES, ms);
    int number = 0;
    for (int i = 0; i < n; i++) {
        if (ms[i].type != 0 && ms[i].label.agreement == AGREE) {
            Case c = *parent;
            format_cut(c.name, sizeof c.name, "%s-m%d", parent->name, ++number);
            format_cut(c.provenance, sizeof c.provenance, "%s; seed 001 type %d (%s): a sync of %s.proto deleted",
                     parent->provenance, ms[i].type, ms[i].kind ? ms[i].kind : "-", parent->name);
            Parsed p;
            if (parsed_load(&p, c.name, ms[i].text, stderr)) {
                c.canon = ms[i].text;
                c.prog = p.prog;
                c.label = &ms[i].label;
                test_case(a, &c, parent->name, line);
                parsed_free(&p);
            }
        }
        mutant_free(&ms[i]);
    }
}

/* Protocol `index` and its twins; their lines are written at once, so
 * that an interrupted run leaves whole protocols behind (--resume). */
static void one_protocol(Against *a, uint64_t index)
{
    const FuzzOptions *o = a->o;
    Case c = {.index = index};
    snprintf(c.name, sizeof c.name, "s%llu-%05llu", (unsigned long long)o->seed, (unsigned long long)index);
    format_cut(c.provenance, sizeof c.provenance, "from: mapkit fuzz --seed %llu%s%s, protocol %llu",
             (unsigned long long)o->seed, *o->knobs ? " " : "", o->knobs, (unsigned long long)index);
    char *raw = rand_protocol(o->seed, index, &o->gen, &c.launch);
    char *buf = NULL;
    size_t size = 0;
    FILE *line = open_memstream(&buf, &size);
    Parsed p;
    if (line && parsed_load(&p, c.name, raw, stderr)) {
        char *canon = canonical_text(p.prog);
        Label label;
        label_program(p.prog, &c.launch, &o->oracle, &label);
        c.canon = canon;
        c.prog = p.prog;
        c.label = &label;
        if (label.agreement != AGREE || assumptions_contradict(p.prog, &c.launch, &o->oracle)) {
            unlabelled_line(a, c.name, index, line);
        } else {
            test_case(a, &c, NULL, line);
            if (label.verdict == V_DRF && o->twins > 0)
                test_twins(a, &c, line);
        }
        label_free(&label);
        free(canon);
        parsed_free(&p);
    } else if (line) {
        unlabelled_line(a, c.name, index, line); /* a generator bug: `mapkit fuzz --check` reports it */
    }
    free(raw);
    if (line) {
        fclose(line);
        fputs(buf, a->results);
        fflush(a->results);
    }
    free(buf);
}

/* ---- results.jsonl: resuming, joining parts ---- */

typedef struct Line {
    long long index;
    long order;
    char *text;
} Line;

typedef struct Lines {
    Line *items;
    long n, cap;
} Lines;

static long long line_index(const char *text)
{
    const char *at = strstr(text, "\"index\":");
    return at ? strtoll(at + 8, NULL, 10) : -1;
}

/* Appends the complete lines of a file (one cut short by an interrupted
 * run is dropped with its protocol, which is then tested again). */
static void read_lines(const char *path, Lines *ls)
{
    FILE *f = fopen(path, "r");
    if (!f)
        return;
    char *text = NULL;
    size_t cap = 0;
    ssize_t n;
    while ((n = getline(&text, &cap, f)) > 0) {
        if (n < 2 || text[n - 1] != '\n' || text[n - 2] != '}' || line_index(text) < 0)
            continue;
        Line l = {line_index(text), ls->n, copy(text)};
        VEC_PUSH(ls->items, ls->n, ls->cap, l);
    }
    free(text);
    fclose(f);
}

static int by_index(const void *x, const void *y)
{
    const Line *a = x, *b = y;
    if (a->index != b->index)
        return a->index < b->index ? -1 : 1;
    return a->order < b->order ? -1 : a->order > b->order;
}

static void lines_free(Lines *ls)
{
    for (long i = 0; i < ls->n; i++)
        free(ls->items[i].text);
    free(ls->items);
    memset(ls, 0, sizeof *ls);
}

static void part_path(const FuzzOptions *o, int w, char *buf, size_t size)
{
    snprintf(buf, size, "%s/results.jsonl.%d", o->out_dir, w);
}

/* results.jsonl and every part file left (by this run's workers, or an
 * interrupted run's) become one results.jsonl, ordered by protocol; a
 * protocol whose lines appear twice keeps the first copy. */
static bool join_results(const FuzzOptions *o, Lines *all)
{
    char path[PATH_MAX], tmp[PATH_MAX + 8];
    snprintf(path, sizeof path, "%s/results.jsonl", o->out_dir);
    read_lines(path, all);
    long from_parts = all->n;
    for (int w = 0; w < 256; w++) {
        char part[PATH_MAX];
        part_path(o, w, part, sizeof part);
        if (access(part, F_OK) != 0)
            continue;
        long before = all->n;
        read_lines(part, all);
        for (long i = before; i < all->n; i++)
            for (long j = 0; j < from_parts; j++)
                if (all->items[j].index == all->items[i].index) {
                    all->items[i].index = -1; /* already there */
                    break;
                }
        remove(part);
    }
    if (all->n > 0) /* qsort wants an array, even of none */
        qsort(all->items, (size_t)all->n, sizeof *all->items, by_index);
    snprintf(tmp, sizeof tmp, "%s.tmp", path);
    FILE *f = outdir_create(tmp, "w", "fuzz"); /* which says why it cannot */
    if (!f)
        return false;
    for (long i = 0; i < all->n; i++)
        if (all->items[i].index >= 0)
            fputs(all->items[i].text, f);
    bool ok = fclose(f) == 0 && rename(tmp, path) == 0;
    if (!ok)
        fprintf(stderr, "mapkit fuzz: error: cannot write %s\n", path);
    return ok;
}

/* Which protocols results.jsonl already has (--resume): done[i] for
 * i < *n. */
typedef struct Done {
    bool *done;
    long n;
} Done;

static Done done_protocols(const Lines *all)
{
    Done d = {0};
    for (long i = 0; i < all->n; i++)
        if (all->items[i].index >= d.n)
            d.n = all->items[i].index + 1;
    d.done = xcalloc((size_t)(d.n > 0 ? d.n : 1), 1);
    for (long i = 0; i < all->n; i++)
        if (all->items[i].index >= 0)
            d.done[all->items[i].index] = true;
    return d;
}

/* ---- the loop ---- */

static bool out_of_time(const Against *a)
{
    return a->o->seconds > 0 && progress_now_s() - a->start >= a->o->seconds;
}

static void run_share(Against *a, int worker, const Done *done)
{
    const FuzzOptions *o = a->o;
    for (long i = worker; (o->count <= 0 || i < o->count) && !out_of_time(a); i += o->jobs) {
        if (i < done->n && done->done[i])
            continue;
        one_protocol(a, (uint64_t)i);
        progress_show(&a->bar, false, "%ld cases, %ld disagreements, %.0f s", a->cases, a->disagreements,
                      progress_now_s() - a->start);
    }
    progress_clear(&a->bar);
}

static bool make_dir(const char *path)
{
    return outdir_mkdir(path, "fuzz");
}

/* Worker w: its share, into results.jsonl.W; 0 when all went well. */
static int worker(const FuzzOptions *o, const VerdictMap *map, double start, int w, const Done *done)
{
    Against a = {.o = o, .map = map, .start = start};
    progress_init(&a.bar, !o->quiet && o->jobs == 1);
    ssize_t n = readlink("/proc/self/exe", a.self, sizeof a.self - 1);
    a.self[n > 0 ? n : 0] = '\0';
    char part[PATH_MAX];
    snprintf(a.work, sizeof a.work, "%s/work.%d", o->out_dir, w);
    part_path(o, w, part, sizeof part);
    if (!make_dir(a.work) || !(a.results = outdir_create(part, "w", "fuzz"))) /* each says why */
        return 2;
    run_share(&a, w, done);
    int code = fclose(a.results) == 0 ? 0 : 2;
    rmdir(a.work);
    return code;
}

/* The workers in the pool (fuzz/pool.h), when there are several. */
typedef struct Workers {
    const FuzzOptions *o;
    const VerdictMap *map;
    double start;
    const Done *done;
    bool ok;
} Workers;

static void pool_worker(int w, FILE *out, void *ctx)
{
    (void)out; /* a worker's lines go to its part of results.jsonl */
    const Workers *ws = ctx;
    int code = worker(ws->o, ws->map, ws->start, w, ws->done);
    fflush(NULL);
    _exit(code);
}

static void pool_worker_done(int w, int status, const char *out, size_t len, void *ctx)
{
    (void)out;
    (void)len;
    Workers *ws = ctx;
    if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) {
        fprintf(stderr, "mapkit fuzz: error: worker %d failed\n", w);
        ws->ok = false;
    }
}

static bool run_workers(const FuzzOptions *o, const VerdictMap *map, double start, const Done *done)
{
    if (o->jobs == 1)
        return worker(o, map, start, 0, done) == 0;
    Workers ws = {o, map, start, done, true};
    Pool pool = {.jobs = o->jobs, .work = pool_worker, .done = pool_worker_done, .ctx = &ws, .interruptible = true};
    if (!pool_run(&pool, o->jobs)) {
        perror("mapkit fuzz: error: cannot start a worker");
        return false;
    }
    return ws.ok;
}

/* ---- summary ---- */

typedef struct Totals {
    long cat[CAT_COUNT];
    long frontend[CAT_COUNT]; /* --frontend: its kernels by category */
    long protocols, cases, shrunk, stmts_min, stmts_max, stmts_sum, before_sum;
} Totals;

/* The front end's kernels of a line (`,"frontend":{...}` at its end, fuzz/frontend_case.h):
 * counted, then cut off, so the tool's fields are read alone. */
static void count_frontend(char *text, Totals *t)
{
    char *fe = strstr(text, ",\"frontend\":{");
    for (const char *at = fe; at && (at = strstr(at, "\"category\":\"")); at++)
        for (int c = 0; c < CAT_COUNT; c++) {
            size_t n = strlen(category_names[c]);
            if (strncmp(at + 12, category_names[c], n) == 0 && at[12 + n] == '"')
                t->frontend[c]++;
        }
    if (fe)
        *fe = 0;
}

static void count_lines(const Lines *all, Totals *t)
{
    memset(t, 0, sizeof *t);
    long long last = -1;
    for (long i = 0; i < all->n; i++) {
        const Line *l = &all->items[i];
        if (l->index < 0)
            continue;
        if (l->index != last)
            t->protocols++;
        last = l->index;
        count_frontend(l->text, t); /* and the tool's part ends where the front end's begins */
        const char *at = strstr(l->text, "\"category\":\"");
        for (int c = 0; at && c < CAT_COUNT; c++) {
            size_t n = strlen(category_names[c]);
            if (strncmp(at + 12, category_names[c], n) == 0 && at[12 + n] == '"') {
                t->cat[c]++;
                t->cases += c != CAT_UNLABELLED;
                break;
            }
        }
        const char *st = strstr(l->text, "\"stmts\":[");
        int before, after;
        if (st && sscanf(st, "\"stmts\":[%d,%d]", &before, &after) == 2) {
            t->stmts_min = t->shrunk ? (after < t->stmts_min ? after : t->stmts_min) : after;
            t->stmts_max = after > t->stmts_max ? after : t->stmts_max;
            t->stmts_sum += after;
            t->before_sum += before;
            t->shrunk++;
        }
    }
}

/* The tool's name for the chart's file: the template's first word, its
 * folder dropped, anything but [A-Za-z0-9._-] as '_'. */
static void tool_name(const char *tmpl, char *buf, size_t size)
{
    while (*tmpl == ' ')
        tmpl++;
    size_t n = strcspn(tmpl, " \t");
    const char *slash = NULL;
    for (size_t i = 0; i < n; i++)
        if (tmpl[i] == '/')
            slash = tmpl + i;
    const char *from = slash ? slash + 1 : tmpl;
    size_t len = (size_t)(tmpl + n - from), k = 0;
    for (size_t i = 0; i < len && k + 1 < size; i++) {
        char ch = from[i];
        bool ok = (ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z') || (ch >= '0' && ch <= '9') || ch == '.' ||
                  ch == '_' || ch == '-';
        buf[k++] = ok ? ch : '_';
    }
    buf[k] = '\0';
    if (k == 0)
        snprintf(buf, size, "tool");
}

static void xml_text(FILE *f, const char *s)
{
    for (; *s; s++) {
        if (*s == '<')
            fputs("&lt;", f);
        else if (*s == '>')
            fputs("&gt;", f);
        else if (*s == '&')
            fputs("&amp;", f);
        else if (*s == '"')
            fputs("&quot;", f);
        else if ((unsigned char)*s >= 0x20)
            fputc(*s, f);
    }
}

/* A bar per category (the unlabelled protocols are no cases: left out). */
static bool write_svg(const char *path, const char *tmpl, const Totals *t)
{
    FILE *f = outdir_create(path, "w", "fuzz");
    if (!f)
        return false;
    enum { W = 640, ROW = 28, TOP = 48, LABEL = 170, BAR = 380 };
    const int rows = CAT_UNLABELLED;
    long most = 1;
    for (int c = 0; c < rows; c++)
        most = t->cat[c] > most ? t->cat[c] : most;
    fprintf(f, "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" font-family=\"sans-serif\" "
               "font-size=\"13\">\n", W, TOP + rows * ROW + 16);
    fprintf(f, "<rect width=\"%d\" height=\"%d\" fill=\"white\"/>\n", W, TOP + rows * ROW + 16);
    fputs("<text x=\"10\" y=\"20\" font-weight=\"bold\">mapkit fuzz --against '", f);
    xml_text(f, tmpl);
    fprintf(f, "'</text>\n<text x=\"10\" y=\"38\">%ld cases from %ld protocols</text>\n", t->cases, t->protocols);
    for (int c = 0; c < rows; c++) {
        int y = TOP + c * ROW;
        long width = t->cat[c] * BAR / most;
        const char *colour = c == CAT_AGREE ? "#4a9" : c == CAT_UNKNOWN || c == CAT_NOT_REPRODUCED ? "#aaa" : "#d54";
        fprintf(f, "<text x=\"10\" y=\"%d\">%s</text>\n", y + 17, category_titles[c]);
        fprintf(f, "<rect x=\"%d\" y=\"%d\" width=\"%ld\" height=\"20\" fill=\"%s\"/>\n", LABEL, y + 3, width,
                colour);
        fprintf(f, "<text x=\"%ld\" y=\"%d\">%ld</text>\n", LABEL + width + 6, y + 17, t->cat[c]);
    }
    fputs("</svg>\n", f);
    return fclose(f) == 0;
}

static void summary(const FuzzOptions *o, const Totals *t, double secs, const char *svg)
{
    printf("mapkit fuzz --against '%s' on .%s files: seed %llu: %ld cases from %ld protocols in %.1f s\n",
           o->against, against_on_ext((AgainstOn)o->against_on), (unsigned long long)o->seed, t->cases,
           t->protocols, secs);
    printf("  %-22s %6s\n", "category", "cases");
    long disagreements = 0;
    for (int c = 0; c < CAT_COUNT; c++) {
        printf("  %-22s %6ld%s\n", category_titles[c], t->cat[c],
               c == CAT_UNLABELLED ? "  (protocols the oracles could not label: not cases)" : "");
        disagreements += against_is_disagreement((AgainstCategory)c) ? t->cat[c] : 0;
    }
    printf("  disagreements %ld", disagreements);
    if (t->shrunk)
        printf(", shrunk to %ld-%ld statements (mean %.1f, from %.1f)", t->stmts_min, t->stmts_max,
               (double)t->stmts_sum / (double)t->shrunk, (double)t->before_sum / (double)t->shrunk);
    printf("; see %s/results.jsonl%s%s\n", o->out_dir, svg ? " and " : "", svg ? svg : "");
    if (!o->frontend.command)
        return;
    printf("  front end '%s' on the same cases, kernels:", o->frontend.command);
    for (int c = 0; c < CAT_COUNT; c++)
        if (c != CAT_UNLABELLED)
            printf("%s %s %ld", c ? "," : "", category_titles[c], t->frontend[c]);
    putchar('\n');
}

int against_run(const FuzzOptions *o)
{
    VerdictMap map;
    char err[256];
    const char *spec = o->verdict_map ? o->verdict_map : VERDICT_MAP_DEFAULT;
    if (!verdict_map_parse(spec, &map, err, sizeof err)) {
        fprintf(stderr, "mapkit fuzz: error: --verdict-map: %s\n", err);
        return 2;
    }
    char sub[PATH_MAX], path[PATH_MAX];
    snprintf(sub, sizeof sub, "%s/disagreements", o->out_dir);
    if (!make_dir(sub)) { /* OUT itself was claimed (fuzz/outdir.h) */
        verdict_map_free(&map);
        return 2;
    }
    double start = progress_now_s();
    Lines before = {0};
    snprintf(path, sizeof path, "%s/results.jsonl", o->out_dir);
    for (int w = 0; !o->resume && w < 256; w++) { /* a fresh start: an earlier run's results go */
        char part[PATH_MAX];
        part_path(o, w, part, sizeof part);
        remove(part);
    }
    if (!o->resume)
        remove(path);
    bool ok = join_results(o, &before); /* an interrupted run's parts too */
    Done done = {0};
    if (o->resume)
        done = done_protocols(&before);
    lines_free(&before);
    ok = ok && run_workers(o, &map, start, &done);
    free(done.done);
    verdict_map_free(&map);
    Lines all = {0};
    ok = join_results(o, &all) && ok;
    if (o->jobs > 1 && pool_stopped_by()) { /* the workers' whole protocols are joined: --resume continues */
        lines_free(&all);
        fprintf(stderr, "mapkit fuzz: stopped by %s: the workers were stopped; %s/results.jsonl has the protocols "
                        "they finished (--resume continues)\n",
                pool_stopped_by() == SIGINT ? "SIGINT" : "SIGTERM", o->out_dir);
        return pool_stopped_exit(pool_stopped_by());
    }
    Totals t;
    count_lines(&all, &t);
    lines_free(&all);
    char name[128], svg[PATH_MAX + 160];
    tool_name(o->against, name, sizeof name);
    snprintf(svg, sizeof svg, "%s/%s.svg", o->out_dir, name);
    bool drawn = write_svg(svg, o->against, &t);
    summary(o, &t, progress_now_s() - start, drawn ? svg : NULL);
    if (!ok)
        return 2;
    for (int c = 0; c < CAT_COUNT; c++)
        if (against_is_disagreement((AgainstCategory)c) && (t.cat[c] || t.frontend[c]))
            return 1;
    return 0;
}
