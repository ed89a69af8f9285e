/* emulate, stage 2: one launch of a compiled kernel (emulate_build.c) in a
 * child process, under a time limit, and its result read back: the lines
 * runtime.c writes on fd 3, their pcs turned into source lines (addr2line,
 * innermost frame outside the shim) and their addresses into the objects
 * they fall in (the parameter's buffer, or a symbol by nm). */
#define _GNU_SOURCE
#include "arena.h"
#include "emulate.h"

#include "command.h"
#include "external.h"

#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

typedef struct Lines {
    char **v;
    int n;
} Lines;

static void lines_add(Lines *l, const char *s, size_t n)
{
    VEC_GROW(l->v, l->n, l->n + 1);
    l->v[l->n++] = strndup(s, n);
}

static void lines_free(Lines *l)
{
    for (int i = 0; i < l->n; i++)
        free(l->v[i]);
    free(l->v);
}

static void read_lines(FILE *f, Lines *out)
{
    char *line = NULL;
    size_t cap = 0;
    ssize_t n;
    while ((n = getline(&line, &cap, f)) > 0) {
        while (n > 0 && (line[n - 1] == '\n' || line[n - 1] == '\r'))
            n--;
        lines_add(out, line, (size_t)n);
    }
    free(line);
}

/* Runs exe with args; fd 3 is the result, stdout and stderr are dropped. */
static int run_child(const EmuProgram *p, char **args, unsigned timeout_ms, Lines *out)
{
    int fds[2];
    if (pipe(fds) != 0)
        return -1;
    fflush(NULL);
    pid_t pid = fork();
    if (pid == 0) {
        close(fds[0]);
        if (fds[1] != 3) {
            dup2(fds[1], 3);
            close(fds[1]);
        }
        FILE *null = freopen("/dev/null", "w", stdout);
        (void)null;
        int devnull = open("/dev/null", 1);
        if (devnull >= 0)
            dup2(devnull, 2);
        struct rlimit cpu = {(timeout_ms + 999) / 1000, (timeout_ms + 999) / 1000 + 1};
        setrlimit(RLIMIT_CPU, &cpu);
        /* memory written, not address space: buffers reserve guard space */
        struct rlimit data = {16ull << 30, 16ull << 30};
        setrlimit(RLIMIT_DATA, &data);
        /* the limit is CPU time, so that a loaded machine changes no
         * result; the alarm only ends a run that waits without computing */
        alarm(3 * ((timeout_ms + 999) / 1000) + 1);
        execv(p->exe, args);
        _exit(127);
    }
    close(fds[1]);
    if (pid < 0) {
        close(fds[0]);
        return -1;
    }
    FILE *f = fdopen(fds[0], "r");
    read_lines(f, out);
    fclose(f);
    int st = 0;
    waitpid(pid, &st, 0);
    return st;
}

static EmuThread parse_thread(const char *id, const char *b, const char *t)
{
    EmuThread th = {0};
    th.id = (unsigned)strtoul(id, NULL, 10);
    sscanf(b, "%u,%u,%u", &th.block[0], &th.block[1], &th.block[2]);
    sscanf(t, "%u,%u,%u", &th.thread[0], &th.thread[1], &th.thread[2]);
    return th;
}

/* nm and the symbolizer: what they print, and how long they may take. */
enum { TOOL_TIMEOUT_MS = 120000, TOOL_OUTPUT_MAX = 64 << 20 };

/* ---- symbols ---- */
typedef struct Sym {
    unsigned long addr;
    char *name;
} Sym;

static int sym_cmp(const void *a, const void *b)
{
    const Sym *x = a, *y = b;
    return x->addr < y->addr ? -1 : x->addr > y->addr;
}

/* The lines a tool prints on stdout (its stderr dropped), run without a
 * shell (the executable's path is one argument) and within a time limit.
 * False when it did not run to its end. */
static bool tool_lines(CommandWords *cmd, Lines *out)
{
    ExtResult r;
    int null_fd = open("/dev/null", O_WRONLY | O_CLOEXEC);
    external_run_argv_apart(cmd->argv, TOOL_TIMEOUT_MS, TOOL_OUTPUT_MAX, null_fd, &r);
    if (null_fd >= 0)
        close(null_fd);
    bool ok = r.status == EXT_EXITED;
    FILE *f = ok && r.output_len ? fmemopen(r.output, r.output_len, "r") : NULL;
    if (f) {
        read_lines(f, out);
        fclose(f);
    }
    external_result_free(&r);
    command_words_free(cmd);
    return ok;
}

static Sym *read_symbols(const char *exe, int *n)
{
    CommandWords cmd = {0};
    command_add_split(&cmd, "nm -C --defined-only");
    command_add(&cmd, exe);
    Sym *v = NULL;
    *n = 0;
    Lines l = {0};
    if (!tool_lines(&cmd, &l))
        return NULL;
    for (int i = 0; i < l.n; i++) {
        unsigned long a;
        char type;
        int off = 0;
        /* data symbols; u: a template's static local (STB_GNU_UNIQUE), V v: weak objects */
        if (sscanf(l.v[i], "%lx %c %n", &a, &type, &off) < 2 || !off || !strchr("dDbBrRAuVv", type))
            continue;
        const char *name = l.v[i] + off;
        /* the runtime's dynamic buffer is known by the kernel's own names (--defsym) */
        if (strncmp(name, "mk_", 3) == 0 || strncmp(name, "__", 2) == 0)
            continue;
        const char *colon = strrchr(name, ':');
        VEC_GROW(v, *n, *n + 1);
        v[(*n)++] = (Sym){a, strdup(colon ? colon + 1 : name)};
    }
    lines_free(&l);
    qsort(v, (size_t)*n, sizeof *v, sym_cmp);
    return v;
}

static char *object_name(const Sym *s, int n, unsigned long addr, size_t *offset)
{
    const Sym *best = NULL;
    for (int i = 0; i < n; i++)
        if (s[i].addr <= addr)
            best = &s[i];
    if (!best) {
        *offset = addr;
        return strdup("(static memory)");
    }
    *offset = addr - best->addr;
    return strdup(best->name);
}

/* ---- source lines ---- */
typedef struct Pc {
    unsigned long pc;
    EmuSite site;
} Pc;

/* Does the debug line's file name the source (the compiler may have made
 * a relative path absolute)? */
static bool same_file(const char *frame, const char *source)
{
    size_t a = strlen(frame), b = strlen(source);
    if (a < b || strcmp(frame + a - b, source) != 0)
        return false;
    return a == b || source[0] == '/' || frame[a - b - 1] == '/';
}

/* The sites of pcs, asked of the symbolizer (one process for all). */
static void ask_symbolizer(const EmuProgram *p, Pc *pcs, int n)
{
    if (!n)
        return;
    /* llvm-symbolizer gives columns too (file:line:column); addr2line,
     * where it is missing, lines only */
    const char *llvm = emu_on_path("llvm-symbolizer-19") ? "llvm-symbolizer-19"
                       : emu_on_path("llvm-symbolizer") ? "llvm-symbolizer"
                                                        : NULL;
    CommandWords cmd = {0};
    size_t obj_size = strlen(p->exe) + 8;
    char *obj = malloc(obj_size);
    snprintf(obj, obj_size, "--obj=%s", p->exe);
    command_add_split(&cmd, llvm ? llvm : "addr2line -i -a -e");
    command_add(&cmd, llvm ? "-i" : p->exe);
    if (llvm) {
        command_add(&cmd, "-a");
        command_add(&cmd, obj);
    }
    free(obj);
    for (int i = 0; i < n; i++) {
        char pc[32];
        snprintf(pc, sizeof pc, "0x%lx", pcs[i].pc ? pcs[i].pc - 1 : 0);
        command_add(&cmd, pc);
    }
    Lines l = {0};
    if (!tool_lines(&cmd, &l) && l.n == 0)
        return;
    int cur = -1;
    bool chosen = false;
    for (int i = 0; i < l.n; i++) {
        if (strncmp(l.v[i], "0x", 2) == 0) {
            cur++;
            chosen = false;
            continue;
        }
        if (cur < 0 || cur >= n || chosen)
            continue;
        /* "file:line", "file:line (discriminator N)" or "file:line:column":
         * the innermost frame in the kernel's file */
        char *colon = strrchr(l.v[i], ':'), *before = NULL;
        if (!colon)
            continue;
        *colon = 0;
        unsigned col = 0;
        if (llvm && (before = strrchr(l.v[i], ':')) != NULL) {
            col = (unsigned)strtoul(colon + 1, NULL, 10);
            *before = 0;
            colon = before;
        }
        if (!same_file(l.v[i], p->source) && strncmp(l.v[i], p->prepared, strlen(p->prepared)) != 0)
            continue;
        pcs[cur].site.line = (unsigned)strtoul(colon + 1, NULL, 10);
        pcs[cur].site.col = col;
        chosen = pcs[cur].site.line != 0;
    }
    lines_free(&l);
}

struct EmuKnown {
    Pc *pcs; /* every pc a run of the program symbolized, with its site */
    int npcs;
    Sym *syms; /* nm's, read at the first race on a static object */
    int nsyms;
    bool have_syms;
};

EmuKnown *emu_known_new(void) { return calloc(1, sizeof(EmuKnown)); }

void emu_known_free(EmuKnown *k)
{
    if (!k)
        return;
    for (int i = 0; i < k->nsyms; i++)
        free(k->syms[i].name);
    free(k->syms);
    free(k->pcs);
    free(k);
}

static bool known_site(const EmuKnown *k, Pc *pc)
{
    for (int i = 0; k && i < k->npcs; i++)
        if (k->pcs[i].pc == pc->pc) {
            pc->site = k->pcs[i].site;
            return true;
        }
    return false;
}

/* The sites of pcs: those an earlier run of the program asked are known;
 * the symbolizer (a process of tens of milliseconds) is asked the rest. */
static void symbolize(const EmuProgram *p, Pc *pcs, int n)
{
    EmuKnown *k = p->known;
    Pc *ask = malloc((size_t)(n ? n : 1) * sizeof *ask);
    int nask = 0;
    for (int i = 0; i < n; i++)
        if (!known_site(k, &pcs[i]))
            ask[nask++] = pcs[i];
    ask_symbolizer(p, ask, nask);
    if (k && nask) {
        k->pcs = realloc(k->pcs, (size_t)(k->npcs + nask) * sizeof *k->pcs);
        memcpy(k->pcs + k->npcs, ask, (size_t)nask * sizeof *ask);
        k->npcs += nask;
    }
    for (int i = 0, j = 0; i < n && j < nask; i++)
        if (pcs[i].pc == ask[j].pc)
            pcs[i].site = ask[j++].site;
    free(ask);
}

/* nm's symbols of the program, read once. */
static const Sym *static_symbols(const EmuProgram *p, int *n, Sym **own)
{
    EmuKnown *k = p->known;
    if (!k) {
        *own = read_symbols(p->exe, n);
        return *own;
    }
    if (!k->have_syms) {
        k->syms = read_symbols(p->exe, &k->nsyms);
        k->have_syms = true;
    }
    *n = k->nsyms;
    return k->syms;
}

static EmuSite site_of(const Pc *pcs, int n, unsigned long pc)
{
    for (int i = 0; i < n; i++)
        if (pcs[i].pc == pc)
            return pcs[i].site;
    return (EmuSite){0, 0};
}

static void add_pc(Pc **pcs, int *n, unsigned long pc)
{
    for (int i = 0; i < *n; i++)
        if ((*pcs)[i].pc == pc)
            return;
    VEC_GROW(*pcs, *n, *n + 1);
    (*pcs)[(*n)++] = (Pc){pc, {0, 0}};
}

static void note(EmuResult *r, const char *text)
{
    VEC_GROW(r->notes, r->nnotes, r->nnotes + 1);
    r->notes[r->nnotes++] = strdup(text);
}

static char **launch_args(const EmuLaunch *l)
{
    int n = 8 + 2 * (l->nparams + l->narrays + l->nloop_bounds) + 8;
    char **a = calloc((size_t)n + 1, sizeof *a);
    int i = 0;
    char tmp[512];
    a[i++] = strdup("emulated");
    a[i++] = strdup(l->host ? "--host" : l->kernel);
    for (int k = 0; k < 3; k++) {
        snprintf(tmp, sizeof tmp, "%u", l->host ? 1 : l->block[k]);
        a[i++] = strdup(tmp);
    }
    for (int k = 0; k < 3; k++) {
        snprintf(tmp, sizeof tmp, "%u", l->host ? 1 : l->grid[k]);
        a[i++] = strdup(tmp);
    }
    if (l->seeded) {
        a[i++] = strdup("--seed");
        snprintf(tmp, sizeof tmp, "%llu", (unsigned long long)l->seed);
        a[i++] = strdup(tmp);
        if (l->signed_values)
            a[i++] = strdup("--signed");
    }
    if (l->benign_writes)
        a[i++] = strdup("--benign-writes");
    if (l->watch) {
        a[i++] = strdup("--watch");
        for (int k = 0; k < 2; k++) {
            const EmuThread *t = &l->watched[k];
            snprintf(tmp, sizeof tmp, "%u,%u,%u,%u,%u,%u", t->block[0], t->block[1], t->block[2], t->thread[0],
                     t->thread[1], t->thread[2]);
            a[i++] = strdup(tmp);
        }
    }
    for (int k = 0; k < l->nparams; k++) {
        a[i++] = strdup("-p");
        snprintf(tmp, sizeof tmp, "%s=%s", l->params[k].name, l->params[k].value);
        a[i++] = strdup(tmp);
    }
    for (int k = 0; k < l->nloop_bounds; k++) {
        a[i++] = strdup("-s");
        a[i++] = strdup(l->loop_bounds[k]);
    }
    for (int k = 0; k < l->narrays; k++) {
        a[i++] = strdup("-a");
        snprintf(tmp, sizeof tmp, "%s=%s", l->arrays[k].name, l->arrays[k].value);
        a[i++] = strdup(tmp);
    }
    return a;
}

static void parse_lines(const EmuProgram *p, const Lines *l, EmuResult *r);

/* The words of a result line (at most 14). */
static int split(const char *line, char w[14][256])
{
    return sscanf(line, "%255s %255s %255s %255s %255s %255s %255s %255s %255s %255s %255s %255s %255s %255s", w[0],
                  w[1], w[2], w[3], w[4], w[5], w[6], w[7], w[8], w[9], w[10], w[11], w[12], w[13]);
}

/* Host mode: is line i inside a launch of the kernel (launch lines mark
 * where each launch begins)?  Counts the launches and keeps the first's
 * sizes. */
static bool in_kernel_launch(const char *line, const EmuLaunch *el, EmuResult *r, bool *inside)
{
    if (!el->host)
        return true;
    char name[256];
    unsigned d[6];
    if (sscanf(line, "launch %255s %u %u %u %u %u %u", name, &d[0], &d[1], &d[2], &d[3], &d[4], &d[5]) == 7) {
        *inside = strcmp(name, el->kernel) == 0;
        if (*inside && r->nlaunches++ == 0)
            for (int a = 0; a < 3; a++) {
                r->block[a] = d[a];
                r->grid[a] = d[3 + a];
            }
        return false;
    }
    return *inside || strncmp(line, "end", 3) == 0 || strncmp(line, "note", 4) == 0 || strncmp(line, "no-main", 7) == 0;
}

static void parse_result(const EmuProgram *p, const Lines *l, const EmuLaunch *el, EmuResult *r)
{
    bool inside = false;
    Lines kept = {0};
    for (int i = 0; i < l->n; i++)
        if (in_kernel_launch(l->v[i], el, r, &inside))
            lines_add(&kept, l->v[i], strlen(l->v[i]));
    parse_lines(p, &kept, r);
    lines_free(&kept);
}

/* "bounds PC TID B T INDEX LINE COLUMN FILE": an index past its array's
 * bound; the check's own line and column when it is in the kernel's file,
 * else the pc's line (an inlined header's check). */
static EmuOob bounds_of(const EmuProgram *p, const char *line, char w[14][256], EmuSite pc_site)
{
    EmuOob o = {0};
    o.t = parse_thread(w[2], w[3], w[4]);
    o.bound = true;
    o.index = strtoll(w[5], NULL, 10);
    const char *file = line;
    for (int i = 0; i < 8 && file; i++) {
        file = strchr(file, ' ');
        file = file ? file + 1 : NULL;
    }
    o.site = pc_site;
    if (file && same_file(file, p->source))
        o.site = (EmuSite){(unsigned)strtoul(w[6], NULL, 10), (unsigned)strtoul(w[7], NULL, 10)};
    return o;
}

static void parse_lines(const EmuProgram *p, const Lines *l, EmuResult *r)
{
    Pc *pcs = NULL;
    int npcs = 0;
    char w[14][256];
    for (int i = 0; i < l->n; i++) {
        int n = split(l->v[i], w);
        if (n >= 14 && strcmp(w[0], "race") == 0) {
            add_pc(&pcs, &npcs, strtoul(w[5], NULL, 16));
            add_pc(&pcs, &npcs, strtoul(w[10], NULL, 16));
        } else if (n >= 10 && strcmp(w[0], "diverge") == 0) {
            add_pc(&pcs, &npcs, strtoul(w[2], NULL, 16));
            add_pc(&pcs, &npcs, strtoul(w[6], NULL, 16));
        } else if (n >= 5 && (strcmp(w[0], "oob") == 0 || strcmp(w[0], "bounds") == 0)) {
            add_pc(&pcs, &npcs, strtoul(w[1], NULL, 16));
        }
    }
    symbolize(p, pcs, npcs);
    int nsyms = 0;
    const Sym *syms = NULL;
    Sym *own = NULL; /* a program without EmuKnown: this run's own */
    char text[1024];
    for (int i = 0; i < l->n; i++) {
        const char *line = l->v[i];
        int n = split(line, w);
        if (n >= 14 && strcmp(w[0], "race") == 0) {
            /* race buf|shared|static NAME|- OFFSET K1 PC1 TID1 B1 T1 K2 PC2 TID2 B2 T2 */
            EmuRace x = {0};
            x.offset = strtoull(w[3], NULL, 10);
            if (strcmp(w[1], "buf") == 0 || strcmp(w[1], "lbuf") == 0) {
                x.object = strdup(w[2]);
                x.shared = w[1][0] == 'l';
            } else {
                if (!syms)
                    syms = static_symbols(p, &nsyms, &own);
                x.shared = strcmp(w[1], "shared") == 0;
                x.object = object_name(syms, nsyms, strtoul(w[3], NULL, 10), &x.offset);
            }
            x.kind1 = atoi(w[4]);
            x.site1 = site_of(pcs, npcs, strtoul(w[5], NULL, 16));
            x.t1 = parse_thread(w[6], w[7], w[8]);
            x.kind2 = atoi(w[9]);
            x.site2 = site_of(pcs, npcs, strtoul(w[10], NULL, 16));
            x.t2 = parse_thread(w[11], w[12], w[13]);
            VEC_GROW(r->races, r->nraces, r->nraces + 1);
            r->races[r->nraces++] = x;
        } else if (n >= 10 && strcmp(w[0], "diverge") == 0) {
            EmuDivergence d = {0};
            d.why = strdup(w[1]);
            d.site1 = site_of(pcs, npcs, strtoul(w[2], NULL, 16));
            d.t1 = parse_thread(w[3], w[4], w[5]);
            d.site2 = site_of(pcs, npcs, strtoul(w[6], NULL, 16));
            d.t2 = parse_thread(w[7], w[8], w[9]);
            VEC_GROW(r->divs, r->ndivs, r->ndivs + 1);
            r->divs[r->ndivs++] = d;
        } else if (n >= 7 && strcmp(w[0], "oob") == 0) {
            EmuOob o = {0};
            o.site = site_of(pcs, npcs, strtoul(w[1], NULL, 16));
            o.t = parse_thread(w[2], w[3], w[4]);
            o.bytes = (unsigned)atoi(w[5]);
            o.write = atoi(w[6]) != 0;
            VEC_GROW(r->oobs, r->noobs, r->noobs + 1);
            r->oobs[r->noobs++] = o;
        } else if (n >= 9 && strcmp(w[0], "bounds") == 0) {
            VEC_GROW(r->oobs, r->noobs, r->noobs + 1);
            r->oobs[r->noobs++] = bounds_of(p, line, w, site_of(pcs, npcs, strtoul(w[1], NULL, 16)));
        } else if (n >= 4 && strcmp(w[0], "buffer") == 0) {
            snprintf(text, sizeof text, "array %s: %s elements of %s bytes", w[1], w[2], w[3]);
            note(r, text);
        } else if (n >= 3 && strcmp(w[0], "param") == 0) {
            snprintf(text, sizeof text, "%s = %s", w[1], line + strlen("param ") + strlen(w[1]) + 1);
            note(r, text);
        } else if (n >= 1 && strcmp(w[0], "limit") == 0) {
            r->status = EMU_LIMIT;
            free(r->message);
            r->message = strdup(line + 6);
        } else if (n >= 1 && strcmp(w[0], "unsupported") == 0) {
            r->status = EMU_UNSUPPORTED;
            free(r->message);
            r->message = strdup(line + 12);
        } else if ((n >= 2 && strcmp(w[0], "no-kernel") == 0) || (n >= 1 && strcmp(w[0], "no-main") == 0)) {
            r->status = EMU_NO_KERNEL;
        } else if (n >= 1 && strcmp(w[0], "note") == 0) {
            note(r, line + 5);
        }
    }
    for (int i = 0; own && i < nsyms; i++)
        free(own[i].name);
    free(own);
    free(pcs);
}

EmuResult *emu_run(const EmuProgram *p, const EmuLaunch *l)
{
    EmuResult *r = calloc(1, sizeof *r);
    unsigned long long threads = 1;
    for (int k = 0; k < 3; k++)
        threads *= (unsigned long long)l->block[k] * l->grid[k];
    if (!l->host && (threads == 0 || threads > 65536)) {
        r->status = EMU_LIMIT;
        r->message = strdup(threads ? "threads: more than 65536 in the launch" : "threads: an empty launch");
        return r;
    }
    char **args = launch_args(l);
    Lines out = {0};
    unsigned timeout = l->timeout_ms ? l->timeout_ms : 20000;
    int st = run_child(p, args, timeout, &out);
    for (char **a = args; *a; a++)
        free(*a);
    free(args);
    bool ended = out.n && strcmp(out.v[out.n - 1], "end") == 0;
    parse_result(p, &out, l, r);
    if (r->status == EMU_DONE && !ended) {
        char msg[128];
        if (WIFSIGNALED(st) && (WTERMSIG(st) == SIGXCPU || WTERMSIG(st) == SIGALRM || WTERMSIG(st) == SIGKILL)) {
            r->status = EMU_LIMIT;
            snprintf(msg, sizeof msg, "time: more than %u ms", timeout);
        } else {
            r->status = EMU_CRASH;
            if (WIFSIGNALED(st))
                snprintf(msg, sizeof msg, "the emulated program died of signal %d (%s)", WTERMSIG(st),
                         strsignal(WTERMSIG(st)));
            else
                snprintf(msg, sizeof msg, "the emulated program exited with status %d", WEXITSTATUS(st));
        }
        r->message = strdup(msg);
    }
    lines_free(&out);
    return r;
}

void emu_result_free(EmuResult *r)
{
    if (!r)
        return;
    for (int i = 0; i < r->nraces; i++)
        free(r->races[i].object);
    for (int i = 0; i < r->ndivs; i++)
        free(r->divs[i].why);
    for (int i = 0; i < r->nnotes; i++)
        free(r->notes[i]);
    free(r->races);
    free(r->divs);
    free(r->oobs);
    free(r->notes);
    free(r->message);
    free(r);
}
