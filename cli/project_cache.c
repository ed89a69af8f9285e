/* The project cache (project_cache.h). */
#include "project_cache.h"

#include "cli.h"
#include "output.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

/* The index's format after the version: an index of an older one lacks
 * what its units' calls pass, so it is read again. */
#define INDEX_FORMAT "/calls3"

/* ---- hashing ---- */

void hash_init(Hash *h)
{
    h->a = 0xcbf29ce484222325ull; /* FNV-1a's offset basis */
    h->b = 0x84222325cbf29ce4ull; /* the second lane starts elsewhere */
}

void hash_bytes(Hash *h, const void *p, size_t n)
{
    const unsigned char *s = p;
    for (size_t i = 0; i < n; i++) {
        h->a = (h->a ^ s[i]) * 0x100000001b3ull;
        h->b = (h->b ^ s[i]) * 0x100000001b3ull + 0x9e3779b97f4a7c15ull;
    }
}

void hash_str(Hash *h, const char *s)
{
    hash_bytes(h, s ? s : "", strlen(s ? s : "") + 1);
}

bool hash_file(Hash *h, const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return false;
    char buf[1 << 16];
    size_t got, total = 0;
    bool within = true; /* past the input limit the file is refused when read: /dev/zero never ends */
    while (within && (got = fread(buf, 1, sizeof buf, f)) > 0) {
        hash_bytes(h, buf, got);
        total += got;
        within = total <= src_max_size();
    }
    bool ok = within && !ferror(f);
    fclose(f);
    return ok;
}

/* Which mapkit: its version, and the size and time of its executable, so
 * that a rebuilt or upgraded mapkit reads nothing a former one kept (its
 * verdicts may differ with the same version number). */
static void hash_mapkit(Hash *h)
{
    static bool done;
    static struct stat self;
    if (!done) {
        done = true;
        if (stat("/proc/self/exe", &self) != 0)
            memset(&self, 0, sizeof self);
    }
    hash_str(h, MAPKIT_VERSION);
    long long id[4] = {(long long)self.st_size, (long long)self.st_mtim.tv_sec, (long long)self.st_mtim.tv_nsec,
                       (long long)self.st_ino};
    hash_bytes(h, id, sizeof id);
}

void hash_unit_flags(Hash *h, const InferUnit *u)
{
    hash_mapkit(h);
    hash_str(h, u->path);
    for (int i = 0; i < u->o.ninclude_dirs; i++)
        hash_str(h, u->o.include_dirs[i]);
    hash_str(h, "-D");
    for (int i = 0; i < u->o.ndefines; i++)
        hash_str(h, u->o.defines[i]);
    hash_str(h, u->o.std);
    hash_bytes(h, &u->o.no_host, sizeof u->o.no_host);
}

void hash_options(Hash *h, const CliOptions *o)
{
    hash_mapkit(h);
    hash_str(h, o->cmd);
    hash_bytes(h, &o->launch, sizeof o->launch); /* zeroed by cli_parse_options, padding too */
    hash_str(h, o->kernel);
    hash_str(h, o->array);
    long flags[] = {o->timeout_ms, o->timeout_file_ms, o->format, o->all, o->only_intra_group, o->strict_writes, o->engine,
                    o->explain, o->no_host, o->conditions, o->confirm, (long)o->values, (long)o->max_steps};
    hash_bytes(h, flags, sizeof flags);
}

void hash_hex(const Hash *h, char out[33])
{
    snprintf(out, 33, "%016llx%016llx", (unsigned long long)h->a, (unsigned long long)h->b);
}

static char *cache_path(const char *dir, const char *kind, const char *key)
{
    size_t n = strlen(dir) + strlen(kind) + strlen(key) + 8;
    char *p = xmalloc(n);
    snprintf(p, n, "%s/%s-%s", dir, kind, key);
    return p;
}


static bool ensure_dir(const char *dir)
{
    return mkdir(dir, 0777) == 0 || errno == EEXIST;
}

/* Where a missing header may appear and change what the unit reads: the
 * unit's folder and its parent, their include/ and src/, and each -I
 * folder.  Each candidate's existence goes into h (key), or false is
 * returned at the first that exists (still_missing). */
static bool probe_missing(const InferUnit *u, const char *name, Hash *h)
{
    char *dir = strdup(u->path), *slash = strrchr(dir, '/');
    if (slash)
        *slash = '\0';
    else
        strcpy(dir, ".");
    const char *const subs[] = {"", "/include", "/src", "/..", "/../include", "/../src"};
    int n = (int)(sizeof subs / sizeof subs[0]) + u->o.ninclude_dirs;
    bool absent = true;
    for (int i = 0; i < n; i++) {
        char path[4096];
        if (i < 6)
            snprintf(path, sizeof path, "%s%s/%s", dir, subs[i], name);
        else
            snprintf(path, sizeof path, "%s/%s", u->o.include_dirs[i - 6], name);
        struct stat st;
        bool there = stat(path, &st) == 0;
        if (h)
            hash_bytes(h, &there, sizeof there);
        absent = absent && !there;
    }
    free(dir);
    return absent;
}

void hash_missing(Hash *h, const InferUnit *u, const UnitIndex *x)
{
    for (int i = 0; i < x->nmissing; i++)
        probe_missing(u, x->missing[i], h);
}

/* ---- the index of a unit ---- */

static char *index_path(const char *dir, const InferUnit *u)
{
    Hash h;
    hash_init(&h);
    hash_unit_flags(&h, u);
    char key[33];
    hash_hex(&h, key);
    return cache_path(dir, "index", key);
}

static bool file_hash_is(const char *path, const char *hex)
{
    Hash h;
    hash_init(&h);
    char now[33];
    if (!hash_file(&h, path))
        return false;
    hash_hex(&h, now);
    return strcmp(now, hex) == 0;
}

/* A call fact as one line's fields (after "C "): callee, argument,
 * bounds (or "-"), modulus, remainder, the caller's parameter passed
 * on (or "-"), and the first argument of the call with its value (or -1). */
static void write_call(FILE *f, const HostCallFact *c)
{
    fprintf(f, "C %s\t%d\t", c->callee, c->arg);
    if (c->lo_known)
        fprintf(f, "%lld", (long long)c->lo);
    else
        fputc('-', f);
    fputc('\t', f);
    if (c->hi_known)
        fprintf(f, "%lld", (long long)c->hi);
    else
        fputc('-', f);
    fprintf(f, "\t%lld\t%lld\t%s\t%d\t%d\n", (long long)c->mod, (long long)c->rem, c->from ? c->from : "-",
            c->from_arg, c->same_as);
}

static bool read_call(char **f, HostCalls *calls)
{
    HostCallFact c = {0};
    c.arg = atoi(f[1]);
    c.lo_known = strcmp(f[2], "-") != 0;
    c.lo = c.lo_known ? strtoll(f[2], NULL, 10) : 0;
    c.hi_known = strcmp(f[3], "-") != 0;
    c.hi = c.hi_known ? strtoll(f[3], NULL, 10) : 0;
    c.mod = strtoll(f[4], NULL, 10);
    c.rem = strtoll(f[5], NULL, 10);
    c.from_arg = atoi(f[7]);
    c.same_as = atoi(f[8]);
    c.callee = strdup(f[0]);
    c.from = strcmp(f[6], "-") == 0 ? NULL : strdup(f[6]);
    VEC_PUSH(calls->facts, calls->n, calls->cap, c);
    return c.mod >= 0;
}

/* One line's tab-separated fields, cut in place; how many. */
static int split_tabs(char *line, char **f, int max)
{
    int n = 0;
    f[n++] = line;
    for (char *p = line; *p && n < max; p++)
        if (*p == '\t') {
            *p = '\0';
            f[n++] = p + 1;
        }
    return n;
}

static bool index_line(char *line, UnitIndex *x)
{
    char *f[9];
    int n = split_tabs(line + 2, f, 9);
    if (line[0] == 'I' && n == 2) {
        if (!file_hash_is(f[1], f[0]))
            return false;
        VEC_PUSH(x->includes, x->nincludes, x->capincludes, strdup(f[1]));
    } else if (line[0] == 'D' && n == 6) {
        UnitKernel k = {strdup(f[0]), strdup(f[1]), strdup(f[2]), strdup(f[3]), (unsigned)strtoul(f[4], NULL, 10),
                        strcmp(f[5], "template") == 0};
        VEC_PUSH(x->defs, x->ndefs, x->capdefs, k);
    } else if (line[0] == 'A' && n == 1) {
        x->any_launch = true;
    } else if (line[0] == 'M' && n == 1) {
        VEC_PUSH(x->missing, x->nmissing, x->capmissing, strdup(f[0]));
    } else if (line[0] == 'C' && n == 9) {
        return read_call(f, &x->calls);
    } else if (line[0] == 'E' && n == 1) {
        VEC_PUSH(x->calls.escaped, x->calls.nescaped, x->calls.capescaped, strdup(f[0]));
    } else if (line[0] == 'U' && n == 1) {
        VEC_PUSH(x->calls.dropped, x->calls.ndropped, x->calls.capdropped, strdup(f[0]));
    } else if (line[0] == 'R' && n == 2) {
        UnitRef r = {strdup(f[0]), strcmp(f[1], "-") == 0 ? NULL : strdup(f[1])};
        VEC_PUSH(x->refs, x->nrefs, x->caprefs, r);
    } else {
        return false;
    }
    return true;
}

bool index_read(FILE *f, UnitIndex *x)
{
    memset(x, 0, sizeof *x);
    char *line = NULL;
    size_t cap = 0;
    ssize_t len;
    bool ok = getline(&line, &cap, f) > 0 && strcmp(line, "mapkit-index " MAPKIT_VERSION INDEX_FORMAT "\n") == 0;
    while (ok && (len = getline(&line, &cap, f)) > 0) {
        if (line[len - 1] == '\n')
            line[len - 1] = '\0';
        ok = len > 2 && index_line(line, x);
    }
    free(line);
    if (!ok)
        unit_index_free(x);
    return ok;
}

void hash_calls(Hash *h, const HostCalls *calls)
{
    if (!calls) {
        hash_str(h, "no calls");
        return;
    }
    char *text = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&text, &len);
    if (!f)
        return;
    for (int i = 0; i < calls->n; i++)
        write_call(f, &calls->facts[i]);
    for (int i = 0; i < calls->nescaped; i++)
        fprintf(f, "E %s\n", calls->escaped[i]);
    for (int i = 0; i < calls->ndropped; i++)
        fprintf(f, "U %s\n", calls->dropped[i]);
    fclose(f);
    hash_bytes(h, text, len);
    free(text);
}

void index_write(FILE *f, const UnitIndex *x)
{
    fprintf(f, "mapkit-index %s%s\n", MAPKIT_VERSION, INDEX_FORMAT);
    for (int i = 0; i < x->nincludes; i++) {
        Hash h;
        hash_init(&h);
        char hex[33];
        hash_file(&h, x->includes[i]);
        hash_hex(&h, hex);
        fprintf(f, "I %s\t%s\n", hex, x->includes[i]);
    }
    for (int i = 0; i < x->ndefs; i++)
        fprintf(f, "D %s\t%s\t%s\t%s\t%u\t%s\n", x->defs[i].key, x->defs[i].usr, x->defs[i].name, x->defs[i].file,
                x->defs[i].line, x->defs[i].is_template ? "template" : "function");
    for (int i = 0; i < x->nrefs; i++)
        fprintf(f, "R %s\t%s\n", x->refs[i].usr, x->refs[i].def_key ? x->refs[i].def_key : "-");
    for (int i = 0; i < x->nmissing; i++)
        fprintf(f, "M %s\n", x->missing[i]);
    if (x->any_launch)
        fprintf(f, "A any\n");
    for (int i = 0; i < x->calls.n; i++)
        write_call(f, &x->calls.facts[i]);
    for (int i = 0; i < x->calls.nescaped; i++)
        fprintf(f, "E %s\n", x->calls.escaped[i]);
    for (int i = 0; i < x->calls.ndropped; i++)
        fprintf(f, "U %s\n", x->calls.dropped[i]);
}

bool cache_load_index(const char *dir, const InferUnit *u, UnitIndex *x)
{
    memset(x, 0, sizeof *x);
    char *path = index_path(dir, u);
    FILE *f = fopen(path, "rb");
    free(path);
    if (!f)
        return false;
    bool ok = index_read(f, x);
    fclose(f);
    for (int i = 0; ok && i < x->nmissing; i++)
        ok = probe_missing(u, x->missing[i], NULL); /* a header that appeared since: read again */
    if (!ok)
        unit_index_free(x);
    return ok;
}

void cache_store_index(const char *dir, const InferUnit *u, const UnitIndex *x)
{
    if (!ensure_dir(dir))
        return;
    /* written whole under a temporary name, then renamed: a reader never
     * sees half an entry, even from a run killed meanwhile */
    char *path = index_path(dir, u);
    OutFile entry;
    if (output_open_entry(&entry, path)) {
        index_write(entry.f, x);
        output_commit(&entry);
    }
    free(path);
}

/* ---- what a unit printed ---- */

static char *read_block(FILE *f, size_t *n)
{
    unsigned long long len;
    if (fscanf(f, "%llu", &len) != 1 || fgetc(f) != '\n' || len > (1ull << 30))
        return NULL;
    char *s = xmalloc((size_t)len + 1);
    if (fread(s, 1, (size_t)len, f) != len) {
        free(s);
        return NULL;
    }
    s[len] = '\0';
    *n = (size_t)len;
    return s;
}

bool run_read(FILE *f, UnitRun *run)
{
    memset(run, 0, sizeof *run);
    bool ok = fscanf(f, "mapkit-result %d\n", &run->code) == 1;
    for (int i = 0; i < RUN_BLOCKS && ok; i++)
        ok = (run->block[i] = read_block(f, &run->len[i])) != NULL;
    if (!ok)
        unit_run_free(run);
    return ok;
}

void run_write(FILE *f, const UnitRun *run)
{
    fprintf(f, "mapkit-result %d\n", run->code);
    for (int i = 0; i < RUN_BLOCKS; i++) {
        fprintf(f, "%zu\n", run->len[i]);
        fwrite(run->block[i], 1, run->len[i], f);
    }
}

bool cache_load_result(const char *dir, const char *key, UnitRun *run)
{
    char *path = cache_path(dir, "result", key);
    FILE *f = fopen(path, "rb");
    free(path);
    memset(run, 0, sizeof *run);
    if (!f)
        return false;
    bool ok = run_read(f, run);
    fclose(f);
    return ok;
}

void cache_store_result(const char *dir, const char *key, const UnitRun *run)
{
    if (!ensure_dir(dir))
        return;
    char *path = cache_path(dir, "result", key);
    OutFile entry;
    if (output_open_entry(&entry, path)) { /* as cache_store_index's */
        run_write(entry.f, run);
        output_commit(&entry);
    }
    free(path);
}

void unit_run_free(UnitRun *run)
{
    for (int i = 0; i < RUN_BLOCKS; i++)
        free(run->block[i]);
    memset(run, 0, sizeof *run);
}

void unit_run_print(const UnitRun *run, FILE *err, FILE *out)
{
    fwrite(run->block[RUN_ERR], 1, run->len[RUN_ERR], err);
    output_flush(err);
    fwrite(run->block[RUN_OUT], 1, run->len[RUN_OUT], out);
    output_flush(out);
}
