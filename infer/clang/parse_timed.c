/* libclang's parse on a thread of its own, so that a time limit can leave
 * it behind (parse_timed.h says who owns what). */
#include "parse_timed.h"

#include "arena.h"
#include "helper_thread.h"

#include <errno.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

typedef struct ParseJob {
    pthread_mutex_t lock;
    pthread_cond_t finished;
    bool done, abandoned;
    CXIndex index;
    char *path;
    char **args;
    int nargs;
    struct CXUnsavedFile *files;
    unsigned nfiles;
    CXTranslationUnit tu;
    enum CXErrorCode err;
} ParseJob;

static atomic_int abandoned_count;

int parses_abandoned(void)
{
    return atomic_load(&abandoned_count);
}

static char *copy_bytes(const char *text, size_t n)
{
    char *c = xmalloc(n + 1);
    if (n)
        memcpy(c, text, n);
    c[n] = '\0';
    return c;
}

/* Copies of everything the parse reads: the caller frees its own as soon
 * as it stops waiting. */
static ParseJob *job_new(CXIndex index, const char *path, const char *const *args, int nargs,
                         const struct CXUnsavedFile *files, unsigned nfiles)
{
    ParseJob *j = xcalloc(1, sizeof *j);
    pthread_mutex_init(&j->lock, NULL);
    pthread_condattr_t ca; /* waits end on the deadline's own clock */
    pthread_condattr_init(&ca);
    pthread_condattr_setclock(&ca, CLOCK_MONOTONIC);
    pthread_cond_init(&j->finished, &ca);
    pthread_condattr_destroy(&ca);
    j->index = index;
    j->path = copy_bytes(path, strlen(path));
    j->nargs = nargs;
    j->args = xcalloc((size_t)nargs + 1, sizeof *j->args);
    for (int i = 0; i < nargs; i++)
        j->args[i] = copy_bytes(args[i], strlen(args[i]));
    j->nfiles = nfiles;
    j->files = xcalloc((size_t)nfiles + 1, sizeof *j->files);
    for (unsigned i = 0; i < nfiles; i++) {
        j->files[i].Filename = copy_bytes(files[i].Filename, strlen(files[i].Filename));
        j->files[i].Contents = copy_bytes(files[i].Contents, files[i].Length);
        j->files[i].Length = files[i].Length;
    }
    return j;
}

static void job_free(ParseJob *j)
{
    free(j->path);
    for (int i = 0; i < j->nargs; i++)
        free(j->args[i]);
    free(j->args);
    for (unsigned i = 0; i < j->nfiles; i++) {
        free((char *)j->files[i].Filename);
        free((char *)j->files[i].Contents);
    }
    free(j->files);
    pthread_cond_destroy(&j->finished);
    pthread_mutex_destroy(&j->lock);
    free(j);
}

/* The thread: parse, then hand the unit over, or, when the caller has
 * left, dispose of it and of the index the caller gave up. */
static void *parse_job(void *arg)
{
    ParseJob *j = arg;
    CXTranslationUnit tu = NULL;
    enum CXErrorCode err = clang_parseTranslationUnit2(j->index, j->path, (const char *const *)j->args, j->nargs,
                                                       j->files, j->nfiles, CXTranslationUnit_KeepGoing, &tu);
    pthread_mutex_lock(&j->lock);
    j->tu = tu;
    j->err = err;
    j->done = true;
    bool left = j->abandoned;
    pthread_cond_signal(&j->finished);
    pthread_mutex_unlock(&j->lock);
    if (left) {
        if (tu)
            clang_disposeTranslationUnit(tu);
        clang_disposeIndex(j->index);
        job_free(j);
    }
    return NULL;
}

static struct timespec monotonic_at(double ms)
{
    struct timespec t;
    t.tv_sec = (time_t)(ms / 1e3);
    t.tv_nsec = (long)((ms - (double)t.tv_sec * 1e3) * 1e6);
    if (t.tv_nsec < 0)
        t.tv_nsec = 0;
    if (t.tv_nsec > 999999999)
        t.tv_nsec = 999999999;
    return t;
}

enum CXErrorCode parse_within(CXIndex *index, const char *path, const char *const *args, int nargs,
                              struct CXUnsavedFile *files, unsigned nfiles, double deadline_ms,
                              CXTranslationUnit *tu, bool *abandoned)
{
    *tu = NULL;
    *abandoned = false;
    if (deadline_ms <= 0)
        return clang_parseTranslationUnit2(*index, path, args, nargs, files, nfiles, CXTranslationUnit_KeepGoing,
                                           tu);
    ParseJob *j = job_new(*index, path, args, nargs, files, nfiles);
    pthread_attr_t attr;
    pthread_attr_init(&attr);
    pthread_attr_setdetachstate(&attr, PTHREAD_CREATE_DETACHED);
    pthread_attr_setstacksize(&attr, (size_t)8 << 20); /* libclang's own recursion */
    pthread_t t;
    bool started = helper_thread_start(&t, &attr, parse_job, j);
    pthread_attr_destroy(&attr);
    if (!started) { /* no thread to spare: parse here, without a limit */
        job_free(j);
        return clang_parseTranslationUnit2(*index, path, args, nargs, files, nfiles, CXTranslationUnit_KeepGoing,
                                           tu);
    }
    struct timespec until = monotonic_at(deadline_ms);
    pthread_mutex_lock(&j->lock);
    int rc = 0;
    while (!j->done && rc != ETIMEDOUT)
        rc = pthread_cond_timedwait(&j->finished, &j->lock, &until);
    if (!j->done) {
        j->abandoned = true; /* the thread frees the job and disposes of the index */
        pthread_mutex_unlock(&j->lock);
        *index = NULL;
        *abandoned = true;
        atomic_fetch_add(&abandoned_count, 1);
        return CXError_Failure;
    }
    pthread_mutex_unlock(&j->lock);
    *tu = j->tu;
    enum CXErrorCode err = j->err;
    job_free(j);
    return err;
}
