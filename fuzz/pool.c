/* The harnesses' worker pool (pool.h): fork per task, a temporary file
 * per task for what it says, wait in completion order. */
#include "pool.h"

#include "arena.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

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

/* Starts task in slot s; false if there is no file or no process for it. */
static bool start(const Pool *p, Slot *s, int task)
{
    s->out = tmpfile();
    if (!s->out)
        return false;
    fflush(NULL); /* no buffered line is written twice, by parent and child */
    pid_t pid = fork();
    if (pid == 0) {
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

/* The next ended child (blocking, or polling with the tick); 0 if none is left. */
static pid_t next_ended(const Pool *p, int *status)
{
    for (;;) {
        pid_t pid = waitpid(-1, status, p->tick ? WNOHANG : 0);
        if (pid > 0)
            return pid;
        if (pid < 0 && errno == EINTR)
            continue;
        if (pid < 0)
            return 0;
        p->tick(p->ctx);
        nanosleep(&(struct timespec){0, 100000000}, NULL);
    }
}

bool pool_run(const Pool *p, int ntasks)
{
    int jobs = p->jobs > 0 ? p->jobs : 1, next = 0, active = 0;
    bool ok = true;
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
        pid_t pid = active > 0 ? next_ended(p, &status) : 0;
        if (pid == 0)
            break;
        for (int i = 0; i < jobs; i++)
            if (slots[i].pid == pid) {
                finish(p, &slots[i], status);
                active--;
            }
    }
    free(slots);
    return ok;
}
