/* The harnesses' worker pool (pool.h): fork per task, a temporary file
 * per task for what it says, wait in completion order. */
#include "pool.h"

#include "arena.h"

#include <errno.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#ifdef __linux__
#include <sys/prctl.h>
#endif

static int stopped_by;         /* the last interruptible pool_run's signal */
static sigset_t callers_mask; /* the signal mask pool_run found, a worker's own */

int pool_stopped_by(void)
{
    return stopped_by;
}

int pool_stopped_exit(int sig)
{
    return 128 + sig;
}

typedef struct Slot {
    pid_t pid; /* 0: free */
    int task;
    FILE *out; /* an unlinked temporary file the child inherits */
} Slot;

void pool_status_text(int status, char *buf, size_t size)
{
    if (WIFSIGNALED(status))
        snprintf(buf, size, "the worker died of signal %d", WTERMSIG(status));
    else
        snprintf(buf, size, "the worker exited with %d", WIFEXITED(status) ? WEXITSTATUS(status) : -1);
}

/* The worker's first steps: it dies with the parent (a parent killed by
 * SIGKILL cannot stop it), and takes SIGTERM and SIGINT as a process
 * normally does (the parent blocks them while the pool runs). */
static void become_worker(pid_t parent)
{
#ifdef __linux__
    prctl(PR_SET_PDEATHSIG, SIGTERM);
    if (getppid() != parent) /* the parent died before the line above */
        _exit(1);
#else
    (void)parent;
#endif
    sigprocmask(SIG_SETMASK, &callers_mask, NULL);
}

/* Starts task in slot s; false if there is no file or no process for it. */
static bool start(const Pool *p, Slot *s, int task)
{
    s->out = tmpfile();
    if (!s->out)
        return false;
    fflush(NULL); /* no buffered line is written twice, by parent and child */
    pid_t parent = getpid();
    pid_t pid = fork();
    if (pid == 0) {
        become_worker(parent);
        p->work(task, s->out, p->ctx);
        fflush(s->out);
        _exit(0);
    }
    if (pid < 0) {
        fclose(s->out);
        s->out = NULL;
        return false;
    }
    s->pid = pid;
    s->task = task;
    return true;
}

/* Everything the child wrote (the file offset is shared with it). */
static char *slurp(FILE *f, size_t *len)
{
    char *text = NULL;
    *len = 0;
    FILE *mem = open_memstream(&text, len);
    char buf[8192];
    size_t n;
    rewind(f);
    while (mem && (n = fread(buf, 1, sizeof buf, f)) > 0)
        fwrite(buf, 1, n, mem);
    if (mem)
        fclose(mem);
    return text;
}

static void finish(const Pool *p, Slot *s, int status)
{
    size_t len = 0;
    char *text = slurp(s->out, &len);
    fclose(s->out);
    s->out = NULL;
    s->pid = 0;
    p->done(s->task, status, text ? text : "", text ? len : 0, p->ctx);
    free(text);
}

/* The signals the pool waits for: a worker's end, and a request to stop. */
static void pool_signals(sigset_t *set)
{
    sigemptyset(set);
    sigaddset(set, SIGCHLD);
    sigaddset(set, SIGTERM);
    sigaddset(set, SIGINT);
}

/* The next ended child, 0 if none is left, or -1 when SIGTERM or SIGINT
 * came (*sig).  The signals are blocked: each is taken here, at once,
 * with the tick about every 100 ms. */
static pid_t next_ended(const Pool *p, int *status, int *sig)
{
    sigset_t set;
    pool_signals(&set);
    for (;;) {
        pid_t pid = waitpid(-1, status, WNOHANG);
        if (pid > 0)
            return pid;
        if (pid < 0 && errno == EINTR)
            continue;
        if (pid < 0)
            return 0;
        if (p->tick)
            p->tick(p->ctx);
        int got = sigtimedwait(&set, NULL, &(struct timespec){0, 100000000});
        if (got == SIGTERM || got == SIGINT) {
            *sig = got;
            return -1;
        }
    }
}

/* Stops the running workers: SIGTERM, and SIGKILL for one still there
 * after five seconds; each is reaped and its file closed. */
static void stop_workers(Slot *slots, int jobs)
{
    for (int i = 0; i < jobs; i++)
        if (slots[i].pid)
            kill(slots[i].pid, SIGTERM);
    for (int i = 0; i < jobs; i++) {
        if (!slots[i].pid)
            continue;
        int tries = 0;
        while (waitpid(slots[i].pid, NULL, WNOHANG) == 0) {
            if (++tries == 500)
                kill(slots[i].pid, SIGKILL);
            nanosleep(&(struct timespec){0, 10000000}, NULL);
        }
        fclose(slots[i].out);
        slots[i].out = NULL;
        slots[i].pid = 0;
    }
}

/* A SIGTERM or SIGINT that came as the last task ended, still pending:
 * taken as a stop too (0: none). */
static int pending_stop(void)
{
    sigset_t stop;
    sigemptyset(&stop);
    sigaddset(&stop, SIGTERM);
    sigaddset(&stop, SIGINT);
    int got = sigtimedwait(&stop, NULL, &(struct timespec){0, 0});
    return got > 0 ? got : 0;
}

/* After a stop: an interruptible pool says so; any other process ends by
 * the signal, as it would have without the pool. */
static void after_stop(const Pool *p, int sig, const sigset_t *old)
{
    if (p->interruptible) {
        stopped_by = sig;
        return;
    }
    sigprocmask(SIG_SETMASK, old, NULL);
    raise(sig);
}

bool pool_run(const Pool *p, int ntasks)
{
    int jobs = p->jobs > 0 ? p->jobs : 1, next = 0, active = 0, sig = 0;
    bool ok = true;
    stopped_by = 0;
    sigset_t set, old;
    pool_signals(&set);
    sigprocmask(SIG_BLOCK, &set, &old);
    callers_mask = old;
    Slot *slots = xcalloc((size_t)jobs, sizeof *slots);
    while ((ok && next < ntasks) || active > 0) {
        for (int i = 0; i < jobs && ok && next < ntasks; i++) {
            if (slots[i].pid)
                continue;
            ok = start(p, &slots[i], next);
            next += ok;
            active += ok;
        }
        int status = 0;
        pid_t pid = active > 0 ? next_ended(p, &status, &sig) : 0;
        if (pid < 0) {
            stop_workers(slots, jobs);
            break;
        }
        if (pid == 0)
            break;
        for (int i = 0; i < jobs; i++)
            if (slots[i].pid == pid) {
                finish(p, &slots[i], status);
                active--;
            }
    }
    free(slots);
    if (!sig)
        sig = pending_stop();
    if (sig)
        after_stop(p, sig, &old);
    sigprocmask(SIG_SETMASK, &old, NULL);
    return ok;
}
