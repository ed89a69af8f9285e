/* The one pool of worker processes of the harnesses (`mapkit fixpoint`,
 * `mapkit fuzz -j N`): tasks 0..n-1 run in forked children, at most
 * `jobs` at a time, so that a crash, a leak or an abort in a task costs
 * that task and never the run.  A task writes what it has to say to the
 * stream it is given (a temporary file); the parent hands that text, and
 * the child's wait status, to `done` as each task ends.
 *
 * The workers die with the pool: on Linux each has PR_SET_PDEATHSIG
 * SIGTERM, so that a parent killed outright (SIGKILL) leaves none behind,
 * and while pool_run runs, SIGTERM and SIGINT (blocked in the parent,
 * awaited with the workers' ends) stop it: no task starts after one, the
 * running workers get SIGTERM and are reaped (their tasks are not handed
 * to done), and then an `interruptible` pool returns (pool_stopped_by
 * says which signal) while any other re-raises the signal, so that the
 * process ends by it as it would have without the pool.
 *
 * Ownership: the pool owns nothing after pool_run returns (the temporary
 * files are removed); the text given to `done` is only valid during the
 * call.  The callbacks and ctx are borrowed. */
#ifndef MAPKIT_POOL_H
#define MAPKIT_POOL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

typedef struct Pool {
    int jobs; /* tasks running at a time (at least 1) */
    /* In the child: the task's work; what it writes to out comes back.
     * The child then exits 0, so any other status means it died. */
    void (*work)(int task, FILE *out, void *ctx);
    /* In the parent, in the order the tasks end: the child's wait status
     * and everything it wrote (len 0 if nothing). */
    void (*done)(int task, int status, const char *out, size_t len, void *ctx);
    /* In the parent, about every 100 ms while tasks run (NULL: the parent
     * just sleeps until a task ends). */
    void (*tick)(void *ctx);
    void *ctx;
    /* pool_run returns after a SIGTERM or SIGINT stopped it (the caller
     * saves what finished and exits, see pool_stopped_by); false: the
     * signal ends the process once the workers are gone */
    bool interruptible;
} Pool;

/* Runs tasks 0..ntasks-1; false if a worker could not be started (the
 * tasks that did start are still waited for and handed to done). */
bool pool_run(const Pool *p, int ntasks);

/* The signal (SIGTERM, SIGINT) that stopped the last interruptible
 * pool_run; 0 if it ran to its end. */
int pool_stopped_by(void);

/* The exit status of a run stopped by sig: 128 + sig, a shell's
 * convention (130 for SIGINT, 143 for SIGTERM). */
int pool_stopped_exit(int sig);

/* "the worker died of signal 11" / "the worker exited with 3": a failed
 * task's status in words, for the reports. */
void pool_status_text(int status, char *buf, size_t size);

#endif
