/* The project's include folders, guessed when no compilation database
 * gives them (include_dirs.h; docs/inference.md, "Headers").  A project
 * built with `-I include -I common/inc` is read without those flags the
 * way it is built, and an include that none of them provides is named
 * with the `-I` that would: the folder under the project's root holding a
 * file of that name, found by one walk of the root per run. */
#define _XOPEN_SOURCE 700 /* realpath */
#include "include_dirs.h"

#include "arena.h"
#include "tu.h"

#include <dirent.h>
#include <limits.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

static bool is_dir(const char *path)
{
    struct stat st;
    return stat(path, &st) == 0 && S_ISDIR(st.st_mode);
}

/* dir/name, without a leading "./" (so that messages name `include`, not
 * `./include`).  Malloc'd. */
static char *path_join(const char *dir, const char *name)
{
    if (strcmp(dir, ".") == 0)
        return strdup(name);
    size_t n = strlen(dir) + strlen(name) + 2;
    char *p = xmalloc(n);
    snprintf(p, n, "%s/%s", dir, name);
    return p;
}

/* The folder above dir, spelled from dir: "a/b" -> "a", "a" -> ".",
 * "." -> "..", ".." -> "../..", "/a" -> "/".  Malloc'd. */
static char *parent_of(const char *dir)
{
    const char *last = strrchr(dir, '/');
    const char *base = last ? last + 1 : dir;
    if (strcmp(base, ".") == 0 || strcmp(base, "..") == 0 || !*base)
        return strcmp(dir, ".") == 0 ? strdup("..") : path_join(dir, "..");
    if (!last)
        return strdup(".");
    if (last == dir)
        return strdup("/");
    return strndup(dir, (size_t)(last - dir));
}

/* A folder that marks the top of a project: a repository, else a build
 * description. */
static bool holds(const char *dir, const char *const *names)
{
    for (const char *const *n = names; *n; n++) {
        char *p = path_join(dir, *n);
        struct stat st;
        bool there = stat(p, &st) == 0;
        free(p);
        if (there)
            return true;
    }
    return false;
}

enum { MAX_ROOT_LEVELS = 8 };

/* The nearest folder at or above dir that holds one of names; NULL. */
static char *nearest_holding(const char *dir, const char *const *names)
{
    char *d = strdup(dir);
    char real[PATH_MAX];
    for (int level = 0; level < MAX_ROOT_LEVELS; level++) {
        if (holds(d, names))
            return d;
        if (!realpath(d, real) || strcmp(real, "/") == 0)
            break;
        char *up = parent_of(d);
        free(d);
        d = up;
    }
    free(d);
    return NULL;
}

/* The project's root: the repository holding the file, else the nearest
 * folder with a build description, else the file's own folder (a loose
 * file's neighbours are its project; the folder above may be /tmp). */
static char *project_root(const char *file_dir)
{
    static const char *const repo[] = {".git", NULL};
    static const char *const build[] = {"compile_commands.json", "CMakeLists.txt", "Makefile", "makefile",
                                        "meson.build", NULL};
    char *root = nearest_holding(file_dir, repo);
    if (!root)
        root = nearest_holding(file_dir, build);
    return root ? root : strdup(file_dir);
}

/* Adds dir when it exists and no folder already listed (nor an -I) is
 * the same folder. */
static void add_dir(IncludeDirs *out, int *cap, const InferOptions *o, char *dir)
{
    char real[PATH_MAX], other[PATH_MAX];
    bool fresh = is_dir(dir) && realpath(dir, real);
    for (int i = 0; fresh && i < out->nguessed; i++)
        fresh = !(realpath(out->guessed[i], other) && strcmp(real, other) == 0);
    for (int i = 0; fresh && o && i < o->ninclude_dirs; i++)
        fresh = !(realpath(o->include_dirs[i], other) && strcmp(real, other) == 0);
    if (!fresh) {
        free(dir);
        return;
    }
    VEC_PUSH(out->guessed, out->nguessed, *cap, dir);
}

void include_dirs_guess(const char *path, const InferOptions *o, IncludeDirs *out)
{
    memset(out, 0, sizeof *out);
    char *file_dir = dir_of(path);
    out->root = o && o->project_root ? strdup(o->project_root) : project_root(file_dir);
    if (!o || !o->exact_include_dirs) {
        int cap = 0;
        char *parent = parent_of(file_dir);
        add_dir(out, &cap, o, strdup(file_dir));
        add_dir(out, &cap, o, path_join(file_dir, "include"));
        add_dir(out, &cap, o, strdup(parent));
        add_dir(out, &cap, o, path_join(parent, "include"));
        static const char *const usual[] = {"include", "src", "inc", "common", "common/inc", NULL};
        for (const char *const *u = usual; *u; u++)
            add_dir(out, &cap, o, path_join(out->root, *u));
        free(parent);
    }
    free(file_dir);
}

void include_dirs_free(IncludeDirs *dirs)
{
    for (int i = 0; i < dirs->nguessed; i++)
        free(dirs->guessed[i]);
    free(dirs->guessed);
    free(dirs->root);
}

/* ---- the files under a root, listed once per run ---- */

typedef struct FileIndex {
    char *root;
    char **files; /* paths from the root, sorted */
    int n, cap;
} FileIndex;

enum { MAX_INDEX_DEPTH = 12, MAX_INDEXED_ENTRIES = 50000, MAX_INDEXED_ROOTS = 8 };

static pthread_mutex_t index_lock = PTHREAD_MUTEX_INITIALIZER;
static FileIndex indexes[MAX_INDEXED_ROOTS];
static int nindexes;

/* Hidden folders (.git) hold no header a build names. */
static void index_walk(FileIndex *ix, const char *dir, const char *rel, int depth, int *budget)
{
    DIR *d = opendir(dir);
    if (!d)
        return;
    struct dirent *e;
    while ((e = readdir(d)) && (*budget)-- > 0) {
        if (e->d_name[0] == '.')
            continue;
        char *full = path_join(dir, e->d_name);
        char *sub = *rel ? path_join(rel, e->d_name) : strdup(e->d_name);
        struct stat st;
        if (stat(full, &st) == 0 && S_ISDIR(st.st_mode) && depth < MAX_INDEX_DEPTH)
            index_walk(ix, full, sub, depth + 1, budget);
        if (S_ISREG(st.st_mode)) {
            VEC_PUSH(ix->files, ix->n, ix->cap, sub);
            sub = NULL;
        }
        free(sub);
        free(full);
    }
    closedir(d);
}

static int by_length_then_name(const void *a, const void *b)
{
    const char *x = *(char *const *)a, *y = *(char *const *)b;
    size_t lx = strlen(x), ly = strlen(y);
    return lx != ly ? (lx < ly ? -1 : 1) : strcmp(x, y);
}

/* The index of root, built on first use (the caller holds the lock). */
static FileIndex *index_of(const char *root)
{
    for (int i = 0; i < nindexes; i++)
        if (strcmp(indexes[i].root, root) == 0)
            return &indexes[i];
    if (nindexes == MAX_INDEXED_ROOTS)
        return NULL;
    FileIndex *ix = &indexes[nindexes++];
    ix->root = strdup(root);
    int budget = MAX_INDEXED_ENTRIES;
    index_walk(ix, root, "", 0, &budget);
    if (ix->n > 1)
        qsort(ix->files, (size_t)ix->n, sizeof *ix->files, by_length_then_name);
    return ix;
}

char *include_dirs_provider(const IncludeDirs *dirs, const char *name)
{
    if (!dirs->root)
        return NULL;
    size_t ln = strlen(name);
    char *found = NULL;
    pthread_mutex_lock(&index_lock);
    FileIndex *ix = index_of(dirs->root);
    for (int i = 0; ix && i < ix->n && !found; i++) {
        const char *f = ix->files[i];
        size_t lf = strlen(f);
        if (lf == ln && strcmp(f, name) == 0)
            found = strdup(dirs->root);
        else if (lf > ln && f[lf - ln - 1] == '/' && strcmp(f + lf - ln, name) == 0) {
            char *sub = strndup(f, lf - ln - 1);
            found = path_join(dirs->root, sub);
            free(sub);
        }
    }
    pthread_mutex_unlock(&index_lock);
    return found;
}

/* ---- each missing include named once ---- */

static pthread_mutex_t named_lock = PTHREAD_MUTEX_INITIALIZER;
static char **named;
static int nnamed, named_cap;

bool include_first_report(const Diag *d, const char *name, const char *fix)
{
    size_t n = strlen(name) + strlen(fix) + 16;
    char *key = xmalloc(n);
    snprintf(key, n, "%u\n%s\n%s", d->serial, name, fix);
    bool first = true;
    pthread_mutex_lock(&named_lock);
    for (int i = 0; i < nnamed && first; i++)
        first = strcmp(named[i], key) != 0;
    if (first)
        VEC_PUSH(named, nnamed, named_cap, key);
    else
        free(key);
    pthread_mutex_unlock(&named_lock);
    return first;
}
