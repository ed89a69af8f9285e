/* compile_commands.json (see compdb.h): a small JSON reader for its one
 * shape, an array of {"directory", "file", "command" | "arguments"}. */
#define _XOPEN_SOURCE 700 /* realpath */
#include "compdb.h"

#include "arena.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- JSON, just enough ---- */

typedef struct Json {
    const char *p, *end;
    bool bad;
} Json;

static void skip_ws(Json *j)
{
    while (j->p < j->end && strchr(" \t\r\n", *j->p))
        j->p++;
}

static bool eat(Json *j, char c)
{
    skip_ws(j);
    if (j->p < j->end && *j->p == c) {
        j->p++;
        return true;
    }
    return false;
}

/* \uXXXX: the character when ASCII, else '?' (paths and flags are ASCII). */
static char hex4(Json *j)
{
    static const char digits[] = "0123456789abcdef";
    unsigned v = 0;
    for (int i = 0; i < 4 && j->p < j->end; i++, j->p++) {
        const char *at = strchr(digits, *j->p | 0x20);
        v = v * 16 + (at && *at ? (unsigned)(at - digits) : 0);
    }
    return v > 0 && v < 128 ? (char)v : '?';
}

/* A string's value, malloc'd (\uXXXX beyond ASCII becomes '?'). */
static char *json_str(Json *j)
{
    if (!eat(j, '"')) {
        j->bad = true;
        return NULL;
    }
    char *out = xmalloc((size_t)(j->end - j->p) + 1);
    size_t n = 0;
    while (j->p < j->end && *j->p != '"') {
        char c = *j->p++;
        if (c == '\\' && j->p < j->end) {
            c = *j->p++;
            if (c == 'n')
                c = '\n';
            else if (c == 't')
                c = '\t';
            else if (c == 'u')
                c = hex4(j);
        }
        out[n++] = c;
    }
    out[n] = '\0';
    if (!eat(j, '"'))
        j->bad = true;
    return out;
}

static void json_skip(Json *j, int depth);

static void skip_container(Json *j, char close, bool keys, int depth)
{
    if (eat(j, close))
        return;
    do {
        if (keys) {
            free(json_str(j));
            if (!eat(j, ':'))
                j->bad = true;
        }
        json_skip(j, depth + 1);
    } while (!j->bad && eat(j, ','));
    if (!eat(j, close))
        j->bad = true;
}

static void json_skip(Json *j, int depth)
{
    skip_ws(j);
    if (depth > 64 || j->p >= j->end) {
        j->bad = true;
        return;
    }
    if (*j->p == '"')
        free(json_str(j));
    else if (eat(j, '{'))
        skip_container(j, '}', true, depth);
    else if (eat(j, '['))
        skip_container(j, ']', false, depth);
    else
        while (j->p < j->end && !strchr(",]} \t\r\n", *j->p))
            j->p++;
}

/* ---- one entry ---- */

typedef struct Entry {
    char *directory, *file, *command;
    char **args;
    int nargs, capargs;
} Entry;

static void entry_free(Entry *e)
{
    free(e->directory);
    free(e->file);
    free(e->command);
    for (int i = 0; i < e->nargs; i++)
        free(e->args[i]);
    free(e->args);
    memset(e, 0, sizeof *e);
}

static void read_entry(Json *j, Entry *e)
{
    if (!eat(j, '{')) {
        j->bad = true;
        return;
    }
    if (eat(j, '}'))
        return;
    do {
        char *key = json_str(j);
        if (!key || !eat(j, ':')) {
            free(key);
            j->bad = true;
            return;
        }
        char **slot = strcmp(key, "directory") == 0 ? &e->directory
                    : strcmp(key, "file") == 0      ? &e->file
                    : strcmp(key, "command") == 0   ? &e->command
                                                    : NULL;
        skip_ws(j);
        if (slot && j->p < j->end && *j->p == '"') {
            free(*slot);
            *slot = json_str(j);
        } else if (strcmp(key, "arguments") == 0 && eat(j, '[')) {
            if (!eat(j, ']')) {
                do {
                    char *a = json_str(j);
                    if (a)
                        VEC_PUSH(e->args, e->nargs, e->capargs, a);
                } while (!j->bad && eat(j, ','));
                if (!eat(j, ']'))
                    j->bad = true;
            }
        } else {
            json_skip(j, 1);
        }
        free(key);
    } while (!j->bad && eat(j, ','));
    if (!eat(j, '}'))
        j->bad = true;
}

static char *joined(const char *dir, const char *name);

/* A relative "directory" (a database kept in a source tree) is taken
 * from the database's own folder. */
static void relative_to_database(Entry *e, const char *json)
{
    if (e->directory && e->directory[0] == '/')
        return;
    const char *slash = strrchr(json, '/');
    char *base = slash ? strndup(json, (size_t)(slash - json)) : strdup(".");
    bool here = !e->directory || strcmp(e->directory, ".") == 0;
    char *dir = here ? strdup(base) : joined(base, e->directory);
    free(base);
    free(e->directory);
    e->directory = dir;
}

/* A shell command line split into words (quotes and backslashes). */
static void split_command(Entry *e)
{
    const char *p = e->command;
    while (p && *p) {
        while (*p == ' ' || *p == '\t')
            p++;
        if (!*p)
            break;
        char *w = xmalloc(strlen(p) + 1);
        size_t n = 0;
        char quote = 0;
        for (; *p && (quote || (*p != ' ' && *p != '\t')); p++) {
            if (quote && *p == quote)
                quote = 0;
            else if (!quote && (*p == '"' || *p == '\''))
                quote = *p;
            else if (*p == '\\' && p[1] && quote != '\'')
                w[n++] = *++p;
            else
                w[n++] = *p;
        }
        w[n] = '\0';
        VEC_PUSH(e->args, e->nargs, e->capargs, w);
    }
}

/* ---- matching the file, taking its flags ---- */

static char *joined(const char *dir, const char *name)
{
    if (name[0] == '/' || !dir || !*dir)
        return strdup(name);
    size_t n = strlen(dir) + strlen(name) + 2;
    char *s = xmalloc(n);
    snprintf(s, n, "%s/%s", dir, name);
    return s;
}

static bool same_file(const char *a, const char *b)
{
    char ra[PATH_MAX], rb[PATH_MAX];
    return realpath(a, ra) && realpath(b, rb) && strcmp(ra, rb) == 0;
}

static void add(char ***list, int *n, char *s)
{
    VEC_GROW(*list, *n, *n + 1);
    (*list)[(*n)++] = s;
}

/* -DX, -D X, -IDIR, -I DIR, -isystem DIR, -std=..., --std=... */
static void take_flags(const Entry *e, CompDb *out)
{
    for (int i = 0; i < e->nargs; i++) {
        const char *a = e->args[i];
        const char *next = i + 1 < e->nargs ? e->args[i + 1] : NULL;
        if ((strcmp(a, "-D") == 0 || strcmp(a, "-I") == 0 || strcmp(a, "-isystem") == 0) && next) {
            if (a[1] == 'D')
                add(&out->defines, &out->ndefines, strdup(next));
            else
                add(&out->includes, &out->nincludes, joined(e->directory, next));
            i++;
        } else if (strncmp(a, "-D", 2) == 0 && a[2]) {
            add(&out->defines, &out->ndefines, strdup(a + 2));
        } else if (strncmp(a, "-I", 2) == 0 && a[2]) {
            add(&out->includes, &out->nincludes, joined(e->directory, a + 2));
        } else if (strncmp(a, "-std=", 5) == 0 || strncmp(a, "--std=", 6) == 0) {
            free(out->std);
            out->std = strdup(strchr(a, '=') + 1);
        }
    }
}

/* The nearest compile_commands.json in path's directory or above. */
static char *search_upwards(const char *path)
{
    char dir[PATH_MAX];
    if (!realpath(path, dir))
        return NULL;
    for (char *slash = strrchr(dir, '/'); slash; slash = strrchr(dir, '/')) {
        *slash = '\0';
        char *cand = joined(*dir ? dir : "", "compile_commands.json");
        if (!*dir) {
            free(cand);
            cand = strdup("/compile_commands.json");
        }
        FILE *f = fopen(cand, "rb");
        if (f) {
            fclose(f);
            return cand;
        }
        free(cand);
    }
    return NULL;
}

/* Calls take on each entry of the database at json (its directory made
 * absolute), with file its source joined to it; false after an error
 * reported to d. */
static bool each_entry(const char *json, void (*take)(void *ctx, Entry *e, const char *file), void *ctx, Diag *d)
{
    SrcFile *src = src_load(json, d); /* bounded like every input; it says why it cannot */
    if (!src) {
        diag_plain(d, SEV_ERROR, json, "cannot read the compilation database (--compdb)");
        return false;
    }
    Json j = {src->text, src->text + src->len, false};
    if (!eat(&j, '['))
        j.bad = true;
    else if (!eat(&j, ']'))
        do {
            Entry e = {0};
            read_entry(&j, &e);
            relative_to_database(&e, json);
            char *file = e.file ? joined(e.directory, e.file) : NULL;
            if (!j.bad && file)
                take(ctx, &e, file);
            free(file);
            entry_free(&e);
        } while (!j.bad && eat(&j, ','));
    src_free(src);
    if (j.bad) {
        diag_plain(d, SEV_ERROR, json, "this compilation database is not the JSON array of "
                                       "entries clang tools read; nothing was checked");
        return false;
    }
    return true;
}

typedef struct FlagsOf {
    const char *path;
    CompDb *out;
} FlagsOf;

static void take_if_path(void *ctx, Entry *e, const char *file)
{
    FlagsOf *f = ctx;
    if (f->out->found || !same_file(file, f->path))
        return;
    if (!e->nargs)
        split_command(e);
    take_flags(e, f->out);
    f->out->found = true;
}

bool compdb_flags(const char *dir, const char *path, CompDb *out, Diag *d)
{
    memset(out, 0, sizeof *out);
    out->json = dir ? joined(dir, "compile_commands.json") : search_upwards(path);
    if (!out->json)
        return true;
    FlagsOf f = {path, out};
    return each_entry(out->json, take_if_path, &f, d);
}

typedef struct FileList {
    char **files;
    int n;
} FileList;

static void take_file(void *ctx, Entry *e, const char *file)
{
    (void)e;
    FileList *l = ctx;
    for (int i = 0; i < l->n; i++)
        if (strcmp(l->files[i], file) == 0)
            return; /* one file built twice (two configurations) is one unit */
    add(&l->files, &l->n, strdup(file));
}

bool compdb_files(const char *dir, char ***files, int *n, Diag *d)
{
    char *json = joined(dir, "compile_commands.json");
    FileList l = {NULL, 0};
    bool ok = each_entry(json, take_file, &l, d);
    free(json);
    *files = l.files;
    *n = l.n;
    return ok;
}

void compdb_free(CompDb *c)
{
    free(c->json);
    for (int i = 0; i < c->nincludes; i++)
        free(c->includes[i]);
    free(c->includes);
    for (int i = 0; i < c->ndefines; i++)
        free(c->defines[i]);
    free(c->defines);
    free(c->std);
    memset(c, 0, sizeof *c);
}
