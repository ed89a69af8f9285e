/* `mapkit emulate`: one launch of the kernel itself, run on the CPU
 * (fuzz/emulate.h, docs/emulate.md), and the races and divergence it
 * showed, reported as `check` reports its own. */
#define _GNU_SOURCE
#include "cli.h"
#include "arena.h"
#include "emulate.h"
#include "input.h"
#include "options.h"
#include "parse.h"
#include "report.h"

#include <stdlib.h>
#include <string.h>

static const char usage[] =
    "usage: mapkit emulate [options] FILE.cu|FILE.cl\n"
    "\n"
    "Runs one launch of the kernel's own code on the CPU (compiled by clang-19\n"
    "as host C++ with mapkit's CUDA or OpenCL shim; threads as fibers, no lock-step\n"
    "warps)\n"
    "and reports the data races and barrier divergence that this execution\n"
    "showed: two threads touching a byte, one writing, not both atomic with a\n"
    "scope covering both, in one barrier interval.  One input, one schedule:\n"
    "\"none seen\" is not a proof (docs/emulate.md).\n"
    "\n"
    "  -b, --blockDim=D    threads per block (default: the GPUVerify header or the\n"
    "                      host code's launch)\n"
    "  -g, --gridDim=D     blocks per grid (same; else 1)\n"
    "  -p NAME=VALUE       a scalar parameter (default: integers the launch's thread\n"
    "                      count up to 1024, 8 for a counting loop's bound, enums 0,\n"
    "                      bool true, floating point 1, structs zero but for their\n"
    "                      pointer members, which get buffers; with --seed, odd\n"
    "                      integers drawn from 1 up); VALUE may be negative\n"
    "  --array NAME=COUNT  elements of the buffer of pointer parameter NAME (default:\n"
    "                      4 x the launch's threads + 1024, or its square up to 4M)\n"
    "  --seed S            buffers filled from seed S (default: zero); given again,\n"
    "                      a run per seed on one build (--seed zero: buffers zero)\n"
    "  --seed signed:S     seed S's run, but signed values take both signs: signed\n"
    "                      integer and floating scalars negative (but a loop's\n"
    "                      bound), their buffers' elements of either sign\n"
    "  --kernel NAME       only this kernel\n"
    "  --lang=cuda|opencl  the input's language (default: by extension)\n"
    "  --no-host           run the kernel alone even where the file's main launches it\n"
    "                      (by default a program's main runs, with its buffers, values\n"
    "                      and launches, unless -b, -g, -p or --array is given)\n"
    "  --benign-writes     two writes of the same value in this execution are not\n"
    "                      counted (check's benign writes need the values equal in\n"
    "                      every execution: by default each such pair is a race)\n"
    "  -I DIR, -D MACRO    for the compile\n"
    "  --timeout=MS        the run's time limit (default 20000)\n"
    "  --format=text|json|sarif\n"
    "  --max-input-size=BYTES  refuse a file or header larger than this (K, M, G; default 64M)\n"
    "  --help, --version\n"
    "\n"
    "exit status: 0 none seen, 1 race, 2 input error or the kernel does not compile\n"
    "for the CPU (the compiler's message is printed), 3 divergence, 4 a limit\n"
    "reached (time, steps, threads) or the emulated program crashed\n";

enum { MAX_INPUTS = 8 };

/* One input: buffers zero, or filled from a seed, signed values of both
 * signs or not (docs/emulate.md). */
typedef struct EmuInput {
    bool seeded, signed_values;
    uint64_t seed;
} EmuInput;

typedef struct EmuOptions {
    EmuParam arrays[32];
    int narrays;
    bool benign_writes; /* --benign-writes */
    EmuInput input; /* the input of this run */
    /* every --seed, in order (--seed zero: buffers zero); none: one run, zero */
    EmuInput inputs[MAX_INPUTS];
    int ninputs;
} EmuOptions;

/* "zero", "S" or "signed:S" (S a decimal number): false if none. */
static bool parse_input(const char *v, EmuInput *in)
{
    *in = (EmuInput){0};
    if (strcmp(v, "zero") == 0)
        return true;
    if (strncmp(v, "signed:", 7) == 0) {
        in->signed_values = true;
        v += 7;
    }
    char *end;
    in->seeded = true;
    in->seed = strtoull(v, &end, 10);
    return *v >= '0' && *v <= '9' && !*end;
}

/* Takes --array NAME=COUNT and --seed S out of argv (the shared parser
 * knows --array as check's NAME only); a malformed one's message, else
 * NULL. */
static const char *take_own_options(int *argc, char **argv, EmuOptions *e)
{
    int out = 0;
    for (int i = 0; i < *argc; i++) {
        const char *a = argv[i], *v = NULL;
        if (strcmp(a, "--benign-writes") == 0) {
            e->benign_writes = true;
            continue;
        }
        bool array = strcmp(a, "--array") == 0 || strncmp(a, "--array=", 8) == 0;
        bool seed = strcmp(a, "--seed") == 0 || strncmp(a, "--seed=", 7) == 0;
        if (!array && !seed) {
            argv[out++] = argv[i];
            continue;
        }
        v = strchr(a, '=') ? strchr(a, '=') + 1 : (i + 1 < *argc ? argv[++i] : NULL);
        if (seed && (!v || e->ninputs == MAX_INPUTS || !parse_input(v, &e->inputs[e->ninputs++])))
            return "bad --seed (use zero, a number S or signed:S; at most 8 of them)";
        if (array) {
            const char *eq = v ? strchr(v, '=') : NULL;
            if (!eq || e->narrays == 32 || strtol(eq + 1, NULL, 10) < 0)
                return "bad --array (use NAME=COUNT, at most 32 of them)";
            e->arrays[e->narrays].name = strndup(v, (size_t)(eq - v));
            e->arrays[e->narrays++].value = eq + 1;
        }
    }
    *argc = out;
    return NULL;
}

/* ---- the report ---- */
static const char *mode_word(int kind)
{
    return (kind & EMU_ATOMIC) ? "atomic" : (kind & EMU_WRITE) ? "write" : "read";
}

static void thread_text(char *buf, size_t n, const EmuThread *t)
{
    snprintf(buf, n, "thread (%u,%u,%u) of block (%u,%u,%u)", t->thread[0], t->thread[1], t->thread[2],
             t->block[0], t->block[1], t->block[2]);
}

static Loc loc_of_line(const SrcFile *src, unsigned line)
{
    if (!line || line > src->nlines)
        return (Loc){src, 0, 0};
    size_t off = src->line_starts[line - 1];
    while (off < src->len && (src->text[off] == ' ' || src->text[off] == '\t'))
        off++;
    size_t end = off;
    while (end < src->len && src->text[end] != '\n')
        end++;
    return (Loc){src, (uint32_t)off, (uint32_t)(end - off)};
}

/* The start of the expression before the assignment operator at `op`
 * (`a[t * 1000]` of `a[t * 1000] = 1`), not before `from`. */
static size_t assigned_start(const SrcFile *src, size_t from, size_t op)
{
    size_t b = op;
    while (b > from && (src->text[b - 1] == ' ' || src->text[b - 1] == '\t'))
        b--;
    int depth = 0;
    while (b > from) {
        char c = src->text[b - 1];
        bool name = c == '_' || c == '.' || (c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
                    c == '>' || c == '-';
        if (c == ']' || c == ')')
            depth++;
        else if (c == '[' || c == '(') {
            if (depth-- == 0)
                break;
        } else if (!depth && !name)
            break;
        b--;
    }
    return b < op ? b : op;
}

/* The source place of a site: from its column, when the debug info gave
 * one, over the expression that starts there (a name, its members and
 * subscripts); else the line's text. */
static Loc loc_of_site(const SrcFile *src, EmuSite site)
{
    Loc line = loc_of_line(src, site.line);
    if (!site.col || !line.len)
        return line;
    size_t start = src->line_starts[site.line - 1], off = start + site.col - 1, end = off;
    if (off < line.off || off >= (size_t)line.off + line.len)
        return line;
    /* a store is located at its `=` (or `+=`): the place is what it assigns */
    if (src->text[off] == '=' || (off + 1 < src->len && src->text[off + 1] == '=' && strchr("+-*/%&|^", src->text[off])))
        off = assigned_start(src, line.off, off);
    end = off;
    int depth = 0;
    for (; end < src->len && src->text[end] != '\n'; end++) {
        char c = src->text[end];
        bool name = c == '_' || c == '.' || (c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
                    (c == '-' && end + 1 < src->len && src->text[end + 1] == '>') ||
                    (c == '>' && end > off && src->text[end - 1] == '-');
        if (c == '[' || c == '(')
            depth++;
        else if (c == ']' || c == ')') {
            if (depth-- == 0)
                break;
        } else if (!depth && !name)
            break;
    }
    return (Loc){src, (uint32_t)off, (uint32_t)(end > off ? end - off : 1)};
}

static void race_title(char *buf, size_t n, const EmuRace *x)
{
    snprintf(buf, n, "%s-%s race on %s (byte %zu%s), observed in execution", mode_word(x->kind1),
             mode_word(x->kind2), x->object, x->offset, x->shared ? ", __shared__" : "");
}

static void div_title(char *buf, size_t n, const EmuDivergence *v)
{
    const char *why = strcmp(v->why, "exited") == 0          ? "another thread of the block has exited"
                      : strcmp(v->why, "other-barrier") == 0 ? "another thread of the block waits at another barrier"
                      : strcmp(v->why, "other-sync") == 0    ? "another thread of the block waits at a warp or grid barrier"
                      : strcmp(v->why, "grid-exited") == 0   ? "a thread of the grid has exited before the grid barrier"
                      : strcmp(v->why, "warp-exited") == 0   ? "a lane of its mask has exited"
                                                             : "a lane of its mask waits elsewhere";
    snprintf(buf, n, "barrier divergence, observed in execution: a thread waits at this barrier while %s", why);
}

static const char *status_word(const EmuResult *r)
{
    if (r->nraces)
        return "racy";
    if (r->ndivs)
        return "divergent";
    if (r->status == EMU_LIMIT || r->status == EMU_CRASH || r->status == EMU_UNSUPPORTED)
        return "unknown";
    return "none-seen";
}

static int exit_of(const EmuResult *r)
{
    if (r->nraces)
        return EXIT_RACE;
    if (r->ndivs)
        return EXIT_DIVERGENT;
    if (r->status == EMU_DONE)
        return EXIT_OK;
    return r->status == EMU_NO_KERNEL ? EXIT_INPUT : EXIT_UNKNOWN;
}

static void text_report(const SrcFile *src, const char *kernel, const EmuLaunch *l, const EmuResult *r, Diag *d)
{
    char t1[96], t2[96], title[512];
    for (int i = 0; i < r->nraces; i++) {
        const EmuRace *x = &r->races[i];
        race_title(title, sizeof title, x);
        diag_at2(d, SEV_ERROR, loc_of_line(src, x->site2.line), loc_of_line(src, x->site1.line), "%s", title);
        thread_text(t1, sizeof t1, &x->t1);
        thread_text(t2, sizeof t2, &x->t2);
        printf("  kernel %s: T1 = %s (%s at line %u), T2 = %s (%s at line %u)\n", kernel, t1, mode_word(x->kind1),
               x->site1.line, t2, mode_word(x->kind2), x->site2.line);
    }
    for (int i = 0; i < r->ndivs; i++) {
        const EmuDivergence *v = &r->divs[i];
        div_title(title, sizeof title, v);
        diag_at(d, SEV_ERROR, loc_of_line(src, v->site1.line), "%s", title);
        thread_text(t1, sizeof t1, &v->t1);
        thread_text(t2, sizeof t2, &v->t2);
        if (v->site2.line)
            printf("  kernel %s: T1 = %s waits at line %u; T2 = %s is at line %u\n", kernel, t1, v->site1.line, t2,
                   v->site2.line);
        else /* it ended: where is not known (the kernel's end, a return) */
            printf("  kernel %s: T1 = %s waits at line %u; T2 = %s ended\n", kernel, t1, v->site1.line, t2);
    }
    for (int i = 0; i < r->noobs; i++) {
        const EmuOob *o = &r->oobs[i];
        thread_text(t1, sizeof t1, &o->t);
        if (o->bound)
            diag_at(d, SEV_WARNING, loc_of_site(src, o->site),
                    "index %lld outside its array's declared bounds (by %s): the thread was ended there", o->index, t1);
        else
            diag_at(d, SEV_WARNING, loc_of_site(src, o->site),
                    "%s of %u bytes outside every object (by %s): the thread was ended there",
                    o->write ? "write" : "read", o->bytes, t1);
    }
    if (r->status != EMU_DONE && r->message)
        diag_plain(d, SEV_WARNING, src->path, "kernel %s: %s: %s", kernel,
                   r->status == EMU_CRASH ? "crash" : r->status == EMU_LIMIT ? "limit reached" : "not emulated",
                   r->message);
    if (l->host)
        printf("%s: note: kernel %s ran as the program's main launches it (%d launch%s; the first with blockDim = "
               "(%u,%u,%u), gridDim = (%u,%u,%u))",
               src->path, kernel, r->nlaunches, r->nlaunches == 1 ? "" : "es", l->block[0], l->block[1], l->block[2],
               l->grid[0], l->grid[1], l->grid[2]);
    else
        printf("%s: note: kernel %s ran once with blockDim = (%u,%u,%u), gridDim = (%u,%u,%u), buffers %s%.0llu%s",
               src->path, kernel, l->block[0], l->block[1], l->block[2], l->grid[0], l->grid[1], l->grid[2],
               l->seeded ? "random from seed " : "zero", l->seeded ? (unsigned long long)l->seed : 0ull,
               l->seeded && l->signed_values ? ", signed values of either sign (signed scalars negative)" : "");
    for (int i = 0; i < r->nnotes; i++)
        printf("; %s", r->notes[i]);
    const char *word = status_word(r);
    printf("\n%s: kernel %s: %s (one execution)\n", src->path, kernel, strcmp(word, "none-seen") ? word : "none seen");
}

static void json_thread(FILE *out, const char *key, int kind, const char *path, EmuSite s, const EmuThread *t)
{
    fprintf(out, "\"%s\":{\"mode\":\"%s\",\"scope\":\"%s\",\"loc\":", key, mode_word(kind),
            (kind & EMU_SCOPE_BLOCK) ? "block" : "device");
    char loc[4200];
    snprintf(loc, sizeof loc, "%s:%u", path, s.line);
    json_string(out, loc);
    fprintf(out, ",\"thread\":[%u,%u,%u],\"block\":[%u,%u,%u]}", t->thread[0], t->thread[1], t->thread[2], t->block[0],
            t->block[1], t->block[2]);
}

static void json_report(const char *path, const char *kernel, const EmuLaunch *l, const EmuResult *r)
{
    FILE *out = stdout;
    fputs("{\"kernel\":", out);
    json_string(out, kernel);
    if (l->seeded)
        fprintf(out, ",\"seed\":%llu,\"signed\":%s", (unsigned long long)l->seed, l->signed_values ? "true" : "false");
    else
        fputs(",\"seed\":null,\"signed\":false", out);
    fputs(",\"file\":", out);
    json_string(out, path);
    fprintf(out, ",\"status\":\"%s\",\"emulated\":true,\"host\":%s,\"blockDim\":[%u,%u,%u],\"gridDim\":[%u,%u,%u],\"races\":[",
            status_word(r), l->host ? "true" : "false", l->block[0], l->block[1], l->block[2], l->grid[0], l->grid[1],
            l->grid[2]);
    for (int i = 0; i < r->nraces; i++) {
        const EmuRace *x = &r->races[i];
        fputs(i ? ",{\"array\":" : "{\"array\":", out);
        json_string(out, x->object);
        fprintf(out, ",\"byte\":%zu,\"shared\":%s,", x->offset, x->shared ? "true" : "false");
        json_thread(out, "t1", x->kind1, path, x->site1, &x->t1);
        fputc(',', out);
        json_thread(out, "t2", x->kind2, path, x->site2, &x->t2);
        fputc('}', out);
    }
    fputs("],\"divergences\":[", out);
    for (int i = 0; i < r->ndivs; i++) {
        const EmuDivergence *v = &r->divs[i];
        fprintf(out, "%s{\"why\":\"%s\",", i ? "," : "", v->why);
        json_thread(out, "t1", 0, path, v->site1, &v->t1);
        fputc(',', out);
        json_thread(out, "t2", 0, path, v->site2, &v->t2);
        fputc('}', out);
    }
    fprintf(out, "],\"out_of_bounds\":%d,\"notes\":[", r->noobs);
    for (int i = 0; i < r->nnotes; i++) {
        if (i)
            fputc(',', out);
        json_string(out, r->notes[i]);
    }
    fputs("]", out);
    if (r->message) {
        fputs(",\"message\":", out);
        json_string(out, r->message);
    }
    fputs("}\n", out);
}

static void sarif_result(Reporter *rep, const char *rule, const char *text, const char *path, unsigned line,
                         unsigned related)
{
    FILE *out = rep->out;
    fprintf(out, "%s\n      {\"ruleId\": \"%s\", \"level\": \"error\", \"message\": {\"text\": ",
            rep->sarif_results++ ? "," : "", rule);
    json_string(out, text);
    fputs("},\n       \"locations\": [{\"physicalLocation\": {\"artifactLocation\": {\"uri\": ", out);
    json_string(out, path);
    fprintf(out, "}, \"region\": {\"startLine\": %u}}}]", line ? line : 1);
    if (related) {
        fputs(",\n       \"relatedLocations\": [{\"id\": 1, \"physicalLocation\": {\"artifactLocation\": {\"uri\": ", out);
        json_string(out, path);
        fprintf(out, "}, \"region\": {\"startLine\": %u}}}]", related);
    }
    fputs(",\n       \"properties\": {\"observedInExecution\": true}}", out);
}

static void sarif_report(Reporter *rep, const char *path, const char *kernel, const EmuResult *r)
{
    char title[512], text[700];
    for (int i = 0; i < r->nraces; i++) {
        race_title(title, sizeof title, &r->races[i]);
        snprintf(text, sizeof text, "%s in kernel %s", title, kernel);
        sarif_result(rep, "data-race", text, path, r->races[i].site2.line, r->races[i].site1.line);
    }
    for (int i = 0; i < r->ndivs; i++) {
        div_title(title, sizeof title, &r->divs[i]);
        snprintf(text, sizeof text, "%s in kernel %s", title, kernel);
        sarif_result(rep, "barrier-divergence", text, path, r->divs[i].site1.line, r->divs[i].site2.line);
    }
}

/* ---- the command ---- */
/* Axes the launch leaves open that the kernel's own preconditions pin
 * (`assume blockDim.x == 64;`: OpenCL's reqd_work_group_size). */
static void pinned_sizes(const Kernel *k, Launch *l)
{
    bool pinned = false;
    for (int i = 0; i < k->nsyms; i++) {
        const Sym *s = k->syms[i];
        bool block = s->builtin == BI_BLOCKDIM;
        uint64_t v;
        if ((block || s->builtin == BI_GRIDDIM) && s->axis >= 0 && s->axis < 3 && !launch_knows(l, block, s->axis) &&
            kernel_pins(k, s, &v) && v > 0 && v <= 65536) {
            (block ? l->block_dim : l->grid_dim)[s->axis] = (int64_t)v;
            *(block ? &l->block_known : &l->grid_known) |= 1u << s->axis;
            pinned |= block;
        }
    }
    /* reqd_work_group_size(64, 1, 1) reads as `assume blockDim.x == 64;`
     * alone: the axes it leaves are 1 (the report says the launch) */
    if (pinned)
        for (int a = 0; a < 3; a++)
            if (!launch_knows(l, true, a)) {
                l->block_dim[a] = 1;
                l->block_known |= 1u << a;
            }
}

static bool launch_of(const Kernel *k, const CliOptions *file_o, EmuLaunch *l, EmuParam *params, int *nparams)
{
    Launch launch = file_o->launch;
    if (k->nhost_launches && !file_o->no_host)
        launch = launch_override(&file_o->launch, &k->host_launches[0]);
    pinned_sizes(k, &launch);
    if (!launch_knows_all(&launch, true))
        return false;
    if (!launch_knows_all(&launch, false)) /* one block unless said (the report says the launch) */
        for (int a = 0; a < 3; a++)
            if (!launch_knows(&launch, false, a))
                launch.grid_dim[a] = 1;
    for (int a = 0; a < 3; a++) {
        l->block[a] = (unsigned)launch.block_dim[a];
        l->grid[a] = (unsigned)launch.grid_dim[a];
    }
    static char values[LAUNCH_MAX_FACTS][32];
    *nparams = 0;
    for (int i = 0; i < launch.nfacts && *nparams < LAUNCH_MAX_FACTS; i++)
        if (launch.facts[i].kind == LF_EQUALS) {
            snprintf(values[*nparams], sizeof values[0], "%lld", (long long)launch.facts[i].value);
            params[*nparams] = (EmuParam){strdup(launch.facts[i].param), values[*nparams]};
            (*nparams)++;
        }
    l->params = params;
    l->nparams = *nparams;
    return true;
}

/* ---- small defaults for loop bounds ---- */
enum { MAX_LOOP_BOUNDS = 16, MAX_DEPTH = 64 };

/* Is e the same in every thread and every launch size: made of constants,
 * uniform parameters and the variables of enclosing counting loops (not a
 * thread or block index, not blockDim, which a block-stride loop steps by)? */
static bool counting_expr(const Expr *e, int depth)
{
    if (!e)
        return true;
    if (depth > MAX_DEPTH)
        return false;
    if (e->kind == E_VAR) {
        const Sym *s = e->u.var.sym;
        return s && ((s->kind == SYM_UNIFORM && s->builtin == BI_NONE) || s->kind == SYM_LOOP);
    }
    Expr **slot[3];
    int n = expr_operands((Expr *)e, slot);
    for (int i = 0; i < n; i++)
        if (!counting_expr(*slot[i], depth + 1))
            return false;
    return true;
}

/* The uniform parameter whose value a loop bound grows with, at least one
 * for one: `rounds`, `rounds + 1`, `2 * rounds - 1`; not `(n + 15) / 16`,
 * whose loop a small n would not enter (its trips are few already). */
static const Sym *bound_scalar(const Expr *e, int depth)
{
    if (!e || depth > MAX_DEPTH)
        return NULL;
    int64_t c;
    if (e->kind == E_UNARY && op_is_conversion((Op)e->op) && conversion_signed((Op)e->op))
        return bound_scalar(e->u.sub.a, depth + 1); /* `i32(rounds)`: a signed parameter */
    if (e->kind == E_VAR) {
        const Sym *s = e->u.var.sym;
        return s && s->kind == SYM_UNIFORM && s->builtin == BI_NONE && !strpbrk(s->name, ".[") ? s : NULL;
    }
    if (e->kind != E_BINARY || (e->op != OP_ADD && e->op != OP_SUB && e->op != OP_MUL))
        return NULL;
    if (expr_constant(e->u.sub.b, &c) && (e->op != OP_MUL || c >= 1))
        return bound_scalar(e->u.sub.a, depth + 1);
    if (e->op != OP_SUB && expr_constant(e->u.sub.a, &c) && (e->op != OP_MUL || c >= 1))
        return bound_scalar(e->u.sub.b, depth + 1);
    return NULL;
}

static void add_bound_name(const Expr *bound, const char **names, int *n)
{
    const Sym *s = bound_scalar(bound, 0);
    for (int i = 0; s && i < *n; i++)
        if (strcmp(names[i], s->name) == 0)
            return;
    if (s && *n < MAX_LOOP_BOUNDS)
        names[(*n)++] = s->name;
}

/* The uniform parameters that the bound of a counting loop grows with
 * (`for (r = 0; r < rounds; r++)`: its start and step the same in every
 * thread; its start when it counts down, `while (iters-- > 0)`), whose
 * trips every thread pays: the thread count as their default makes nested
 * loops run for minutes.  Their default is small (docs/emulate.md). */
static bool mentions_sym(const Expr *e, const Sym *s, int depth)
{
    if (!e || depth > MAX_DEPTH)
        return false;
    if (e->kind == E_VAR)
        return e->u.var.sym == s;
    Expr **slot[3];
    int n = expr_operands((Expr *)e, slot);
    for (int i = 0; i < n; i++)
        if (mentions_sym(*slot[i], s, depth + 1))
            return true;
    return false;
}

/* A loop the front end could not count (its step has a sign only known at
 * run time, or its body may leave) is `foreach (iter in 0 .. iters)` whose
 * body opens with `assume E(iter) < B`: B bounds it as a counting loop's
 * bound does, and a negative B would only skip the loop. */
static void assumed_bound_names(const Stmt *loop, const char **names, int *n)
{
    const Sym *var = loop->u.loop.var && loop->u.loop.var->kind == E_VAR ? loop->u.loop.var->u.var.sym : NULL;
    const Block *body = &loop->u.loop.body;
    for (int i = 0; var && i < body->n && body->items[i]->kind == S_ASSUME; i++) {
        const Expr *c = body->items[i]->u.assume.cond;
        if (c && c->kind == E_BINARY && (c->op == OP_LT || c->op == OP_LE) && mentions_sym(c->u.sub.a, var, 0))
            add_bound_name(c->u.sub.b, names, n);
    }
}

static void loop_bound_names(const Block *b, const char **names, int *n, int depth)
{
    for (int i = 0; b && i < b->n && depth < MAX_DEPTH; i++) {
        const Stmt *st = b->items[i];
        if (st->kind == S_LOOP) {
            bool down = st->u.loop.step == STEP_SUB || st->u.loop.step == STEP_DIV || st->u.loop.step == STEP_SHR;
            if (counting_expr(st->u.loop.init, 0) && counting_expr(st->u.loop.amount, 0))
                add_bound_name(down ? st->u.loop.init : st->u.loop.bound, names, n); /* where it counts from when down */
            assumed_bound_names(st, names, n);
            loop_bound_names(&st->u.loop.body, names, n, depth + 1);
        } else if (st->kind == S_IF) {
            loop_bound_names(&st->u.if_.then, names, n, depth + 1);
            loop_bound_names(&st->u.if_.els, names, n, depth + 1);
        }
    }
}

/* The program's own main runs when it launches the kernel and the command
 * line fixes no size, value or array: what the host passes (one buffer
 * twice, a value) is part of the program (docs/emulate.md). */
static bool host_mode(const Kernel *k, const CliOptions *file_o, const EmuOptions *e)
{
    if (!k->nhost_launches || file_o->no_host || e->narrays || file_o->launch.block_from.source == FROM_CLI ||
        file_o->launch.grid_from.source == FROM_CLI)
        return false;
    for (int i = 0; i < file_o->launch.nfacts; i++)
        if (file_o->launch.facts[i].from.source == FROM_CLI)
            return false;
    return true;
}

/* ---- templates no instance fixes ---- */

/* Kernel k's C++ spelling for a run on input `in`: each `@NAME` of its
 * cxx_name (an integer template parameter that no instance fixes) takes
 * -p NAME's value, else blockDim.x's (the most common such parameter is
 * the block's size), negated in a signed run when its type is signed and
 * `negate` allows.  What was chosen joins *note ("; "-separated).  NULL
 * when k's name is its spelling; else malloc'd. */
static char *run_spelling(const Kernel *k, const CliOptions *file_o, const EmuInput *in, bool negate, char **note)
{
    if (!k->cxx_name || !strchr(k->cxx_name, '@'))
        return k->cxx_name ? strdup(k->cxx_name) : NULL;
    EmuLaunch l = {0};
    EmuParam params[LAUNCH_MAX_FACTS];
    int nparams = 0;
    long long block = launch_of(k, file_o, &l, params, &nparams) ? (long long)l.block[0] : 1;
    size_t cap = strlen(k->cxx_name) + 64 * 8, len = 0;
    char *out = malloc(cap);
    for (const char *c = k->cxx_name; *c && len + 48 < cap;) {
        if (*c != '@') {
            out[len++] = *c++;
            continue;
        }
        size_t n = strcspn(c + 1, ", >");
        char name[64];
        snprintf(name, sizeof name, "%.*s", (int)n, c + 1);
        const char *given = NULL;
        for (int i = 0; i < nparams; i++)
            if (strcmp(params[i].name, name) == 0)
                given = params[i].value;
        bool neg = !given && negate && in->signed_values && kernel_signed_bits(k, name) > 0;
        long long v = given ? strtoll(given, NULL, 0) : neg ? -block : block;
        len += (size_t)snprintf(out + len, cap - len, "%lld", v);
        char *was = *note;
        if (asprintf(note, "%s%s%s = %lld (a template argument no instance fixes: %s)", was ? was : "", was ? "; " : "",
                     name, v, given ? "given" : neg ? "-blockDim.x, a signed input" : "blockDim.x") < 0)
            *note = NULL;
        free(was);
        c += 1 + n;
    }
    out[len] = 0;
    for (int i = 0; i < nparams; i++)
        free((char *)params[i].name);
    return out;
}

static int emulate_kernel(const EmuProgram *prog, const SrcFile *src, const Kernel *k, const CliOptions *file_o,
                          const EmuOptions *e, const char *template_note, Reporter *rep, Diag *d)
{
    /* the report goes to stdout, as check's does; errors stay on d */
    Diag report;
    diag_init(&report, stdout);
    EmuLaunch l = {0};
    EmuParam params[LAUNCH_MAX_FACTS];
    int nparams = 0;
    l.kernel = k->name;
    l.arrays = e->arrays;
    l.narrays = e->narrays;
    l.seeded = e->input.seeded;
    l.seed = e->input.seed;
    l.signed_values = e->input.signed_values;
    l.benign_writes = e->benign_writes;
    l.timeout_ms = file_o->timeout_ms > 0 ? (unsigned)file_o->timeout_ms : 0;
    EmuResult *r = NULL;
    if (host_mode(k, file_o, e)) {
        l.host = true;
        r = emu_run(prog, &l);
        if (r->nlaunches && r->status == EMU_DONE) {
            memcpy(l.block, r->block, sizeof l.block);
            memcpy(l.grid, r->grid, sizeof l.grid);
        } else { /* the program did not launch it, or could not be run: the kernel alone */
            emu_result_free(r);
            r = NULL;
            l.host = false;
        }
    }
    if (!r && !launch_of(k, file_o, &l, params, &nparams)) {
        diag_plain(d, SEV_ERROR, src->path, "kernel %s: the block size is not known: give -b (and -g)", k->name);
        return EXIT_INPUT;
    }
    const char *bounds[MAX_LOOP_BOUNDS];
    int nbounds = 0;
    if (!r) {
        loop_bound_names(&k->body, bounds, &nbounds, 0);
        l.loop_bounds = bounds;
        l.nloop_bounds = nbounds;
        r = emu_run(prog, &l);
    }
    if (template_note && r) {
        VEC_GROW(r->notes, r->nnotes, r->nnotes + 1);
        r->notes[r->nnotes++] = strdup(template_note);
    }
    if (rep->format == FORMAT_TEXT)
        text_report(src, k->name, &l, r, &report);
    else if (rep->format == FORMAT_JSON)
        json_report(src->path, k->name, &l, r);
    else
        sarif_report(rep, src->path, k->name, r);
    int code = exit_of(r);
    emu_result_free(r);
    for (int i = 0; i < nparams; i++)
        free((char *)params[i].name);
    return code;
}

/* The file read by the front end for its kernels and launch; what it says
 * of the protocol (warnings, assumptions) is not about this execution, so
 * it is shown only when the file cannot be read at all. */
static Program *load_quietly(const char *path, const CliOptions *o, CliOptions *file_o, SrcFile **src, Diag *d)
{
    char *said = NULL;
    size_t n = 0;
    FILE *buf = open_memstream(&said, &n);
    if (!buf)
        return load_input(path, o, file_o, src, d);
    Diag q;
    diag_init(&q, buf);
    q.color = d->color;
    Program *p = load_input(path, o, file_o, src, &q);
    fclose(buf);
    if (!p && said)
        fputs(said, d->out);
    d->errors += p ? 0 : q.errors;
    free(said);
    return p;
}

enum { MAX_KERNELS_NOTED = 64 };

/* The kernels' spellings for input in (run_spelling), their notes, and
 * the spellings joined (to compare builds). */
static char **spellings_of(const Kernel **kernels, int n, const CliOptions *file_o, const EmuInput *in, bool negate,
                           char **notes, char **joined)
{
    char **sp = calloc((size_t)n + 1, sizeof *sp);
    size_t len = 1;
    for (int i = 0; i < n; i++) {
        char *note = NULL;
        sp[i] = run_spelling(kernels[i], file_o, in, negate, &note);
        if (i < MAX_KERNELS_NOTED)
            notes[i] = note;
        else
            free(note);
        len += (sp[i] ? strlen(sp[i]) : 0) + 1;
    }
    *joined = calloc(len, 1);
    for (int i = 0; i < n; i++) {
        strcat(*joined, sp[i] ? sp[i] : "");
        strcat(*joined, "\n");
    }
    return sp;
}

static void free_spellings(char **sp, int n, char **notes, char *joined)
{
    for (int i = 0; sp && i < n; i++)
        free(sp[i]);
    for (int i = 0; i < n && i < MAX_KERNELS_NOTED; i++) {
        free(notes[i]);
        notes[i] = NULL;
    }
    free(sp);
    free(joined);
}


static int emulate_file(const char *path, const CliOptions *o, const EmuOptions *e, Reporter *rep, Diag *d)
{
    SrcFile *src = NULL;
    CliOptions file_o;
    Program *p = load_quietly(path, o, &file_o, &src, d);
    if (!p)
        return EXIT_INPUT;
    /* symbols, for the sizes the kernel's preconditions pin; a protocol
     * that does not resolve keeps the launch it has (nothing said) */
    FILE *quiet = fopen("/dev/null", "w");
    if (quiet) {
        Diag q;
        diag_init(&q, quiet);
        resolve_program(p, &q);
        fclose(quiet);
    }
    int code = EXIT_OK;
    const char **names = calloc((size_t)p->nkernels + 1, sizeof *names);
    const Kernel **kernels = calloc((size_t)p->nkernels + 1, sizeof *kernels);
    char **params = calloc((size_t)p->nkernels + 1, sizeof *params);
    int n = 0;
    for (int i = 0; i < p->nkernels; i++)
        if (!o->kernel || strcmp(o->kernel, p->kernels[i]->name) == 0) {
            params[n] = emu_param_list(p->kernels[i]->param_names, p->kernels[i]->nparam_names);
            kernels[n] = p->kernels[i];
            names[n++] = p->kernels[i]->name;
        }
    char *error = NULL;
    EmuProgram *prog = NULL;
    if (!n) {
        diag_plain(d, SEV_ERROR, path, "no kernel named '%s'", o->kernel ? o->kernel : "");
        code = EXIT_INPUT;
    }
    /* a build per distinct spelling of the kernels (a template no instance
     * fixes takes its arguments from the input), a run per input */
    char *built = NULL; /* the spellings prog was built with, joined */
    for (int in = 0; n && code != EXIT_INPUT && in < (e->ninputs ? e->ninputs : 1); in++) {
        EmuOptions run = *e;
        run.input = e->ninputs ? e->inputs[in] : (EmuInput){0};
        char **spellings = NULL, *notes[MAX_KERNELS_NOTED] = {0}, *joined = NULL;
        for (int negate = 1; negate >= 0; negate--) {
            spellings = spellings_of(kernels, n, &file_o, &run.input, negate, notes, &joined);
            if (built && strcmp(built, joined) == 0)
                break;
            emu_program_free(prog);
            free(error);
            error = NULL;
            prog = emu_build(src->path, src->text, src->len, input_lang(o, path) == LANG_OPENCL ? EMU_OPENCL : EMU_CUDA,
                             names, (const char *const *)spellings, (const char *const *)params, n, o->include_dirs,
                             o->ninclude_dirs, &error);
            free(built);
            built = prog ? strdup(joined) : NULL;
            if (prog || !negate || !strstr(joined, "-")) /* a negative argument may not compile: try it positive */
                break;
            free_spellings(spellings, n, notes, joined);
            spellings = NULL;
        }
        if (!prog) {
            diag_plain(d, SEV_ERROR, path, "the kernel does not compile for the CPU (clang-19):\n%s", error ? error : "");
            code = EXIT_INPUT;
        }
        for (int i = 0; prog && i < n; i++)
            code = combine_exit(code, emulate_kernel(prog, src, kernels[i], &file_o, &run,
                                                     i < MAX_KERNELS_NOTED ? notes[i] : NULL, rep, d));
        free_spellings(spellings, n, notes, joined);
    }
    free(built);
    free(kernels);
    free(error);
    free(names);
    for (int i = 0; i < n; i++)
        free(params[i]);
    free(params);
    emu_program_free(prog);
    program_free(p);
    src_free(src);
    return code;
}

int cmd_emulate(int argc, char **argv)
{
    EmuOptions e = {0};
    CliOptions o = {0}; /* freed whatever the parse returned (--help too) */
    int code = EXIT_OK;
    const char *bad = take_own_options(&argc, argv, &e);
    if (bad) {
        cli_usage_error("emulate", "%s", bad);
        code = EXIT_INPUT;
    } else if ((code = cli_parse_options(argc, argv, &o, usage, 0)) < 0) {
        code = EXIT_OK;
        Diag d;
        diag_init(&d, stderr);
        Reporter rep;
        reporter_begin(&rep, stdout, o.format);
        if (!o.nfiles) {
            cli_usage_error("emulate", "no input file");
            code = EXIT_INPUT;
        }
        for (int i = 0; i < o.nfiles; i++)
            code = combine_exit(code, emulate_file(o.files[i], &o, &e, &rep, &d));
        reporter_end(&rep);
    }
    cli_options_free(&o);
    for (int i = 0; i < e.narrays; i++)
        free((char *)e.arrays[i].name);
    return code;
}
