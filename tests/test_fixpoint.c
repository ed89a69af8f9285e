/* Unit tests of the fixed-point harness's comparison (fuzz/compare.c,
 * [VST Sec. 5]): each pair of protocols must give exactly the
 * categories, and the cosmetic or semantic mark, that the comment says. */
#include "check.h"
#include "fixpoint.h"
#include "parse.h"
#include "pool.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <signal.h>
#include <sys/wait.h>
#include <errno.h>
#include <time.h>
#include <unistd.h>


typedef struct Side {
    SrcFile *src;
    Program *p;
} Side;

static Side load(const char *text)
{
    Diag d;
    diag_init(&d, stderr);
    Side s;
    s.src = src_from_memory("t.proto", text, strlen(text));
    s.p = load_program(s.src, &d);
    return s;
}

static void unload(Side *s)
{
    program_free(s->p);
    src_free(s->src);
}

/* Compares two one-kernel protocols; "" expects no difference, else
 * "category:S" or "category:C" (semantic or cosmetic) for each one, in
 * order, separated by '|'. */
static void expect(const char *what, const char *a, const char *b, const char *want)
{
    Side x = load(a), y = load(b);
    if (!x.p || !y.p) {
        check(false, "%s: a protocol does not parse", what);
        unload(&x);
        unload(&y);
        return;
    }
    Kernel *ka = x.p->kernels[0], *kb = y.p->kernels[0];
    canonical_form(x.p, ka);
    canonical_form(y.p, kb);
    FpDiff *diffs = NULL;
    int n = 0;
    compare_kernels(ka, kb, 5000, &diffs, &n);
    char got[1024] = "";
    for (int i = 0; i < n; i++) {
        size_t len = strlen(got);
        snprintf(got + len, sizeof got - len, "%s%s:%c", i ? "|" : "", fp_category_name(diffs[i].category),
                 diffs[i].semantic ? 'S' : 'C');
        free(diffs[i].detail);
    }
    free(diffs);
    check(strcmp(got, want) == 0, "%s: got \"%s\", want \"%s\"", what, got, want);
    unload(&x);
    unload(&y);
}

#define HEAD "shared int A[64]; uniform n;\n"

/* ---- the worker pool (fuzz/pool.h) ---- */

enum { POOL_TASKS = 7, POOL_KILLED = 3 };

typedef struct PoolSeen {
    int status[POOL_TASKS], calls[POOL_TASKS];
    char text[POOL_TASKS][32];
} PoolSeen;

/* Task 3 dies of a signal; each other task says its number. */
static void pool_work(int task, FILE *out, void *ctx)
{
    (void)ctx;
    if (task == POOL_KILLED)
        raise(SIGKILL);
    fprintf(out, "task %d\n", task);
}

static void pool_done(int task, int status, const char *out, size_t len, void *ctx)
{
    PoolSeen *seen = ctx;
    seen->calls[task]++;
    seen->status[task] = status;
    snprintf(seen->text[task], sizeof seen->text[task], "%.*s", (int)len, out);
}

static void test_pool(int jobs)
{
    PoolSeen seen = {0};
    Pool p = {.jobs = jobs, .work = pool_work, .done = pool_done, .ctx = &seen};
    check(pool_run(&p, POOL_TASKS), "pool -j %d: ran", jobs);
    for (int t = 0; t < POOL_TASKS; t++) {
        char want[32];
        snprintf(want, sizeof want, t == POOL_KILLED ? "" : "task %d\n", t);
        check(seen.calls[t] == 1, "pool -j %d: task %d reported %d times", jobs, t, seen.calls[t]);
        check(strcmp(seen.text[t], want) == 0, "pool -j %d: task %d said '%s'", jobs, t, seen.text[t]);
        bool killed = WIFSIGNALED(seen.status[t]) && WTERMSIG(seen.status[t]) == SIGKILL;
        check(t == POOL_KILLED ? killed : WIFEXITED(seen.status[t]) && WEXITSTATUS(seen.status[t]) == 0,
              "pool -j %d: task %d's status %d", jobs, t, seen.status[t]);
    }
    char text[64];
    pool_status_text(seen.status[POOL_KILLED], text, sizeof text);
    check(strcmp(text, "the worker died of signal 9") == 0, "pool: status text '%s'", text);
}

/* A SIGTERM while the pool runs: the two sleeping tasks are stopped and
 * reaped at once, neither is handed to done, no task starts after it,
 * and an interruptible pool returns with the signal named. */
static void sleep_work(int task, FILE *out, void *ctx)
{
    (void)task;
    (void)out;
    (void)ctx;
    sleep(100);
}

static void stop_tick(void *ctx)
{
    int *ticks = ctx;
    if (++*ticks == 2) /* the workers are running by now */
        kill(getpid(), SIGTERM);
}

static void count_done(int task, int status, const char *out, size_t len, void *ctx)
{
    (void)task;
    (void)status;
    (void)out;
    (void)len;
    (*(int *)ctx) += 1000; /* a stopped task must not reach done */
}

static void test_pool_stopped(void)
{
    int ticks = 0;
    Pool p = {.jobs = 2, .work = sleep_work, .done = count_done, .tick = stop_tick, .ctx = &ticks,
              .interruptible = true};
    time_t start = time(NULL);
    check(pool_run(&p, 5), "pool stopped: ran");
    check(pool_stopped_by() == SIGTERM, "pool stopped: by SIGTERM, got %d", pool_stopped_by());
    check(pool_stopped_exit(SIGTERM) == 143 && pool_stopped_exit(SIGINT) == 130, "pool stopped: 143 and 130");
    check(ticks < 1000, "pool stopped: no stopped task handed to done");
    check(time(NULL) - start < 60, "pool stopped: the sleeping workers did not hold it up");
    errno = 0;
    check(waitpid(-1, NULL, WNOHANG) < 0 && errno == ECHILD, "pool stopped: every worker reaped");
    PoolSeen seen;
    memset(&seen, 0, sizeof seen);
    Pool again = {.jobs = 1, .work = pool_work, .done = pool_done, .ctx = &seen, .interruptible = true};
    check(pool_run(&again, 1) && pool_stopped_by() == 0, "pool stopped: the next run is not stopped");
}

int main(void)
{
    check_init("fixpoint-unit");
    test_pool(1);
    test_pool(3);
    test_pool_stopped();
    expect("identical", HEAD "wr A[threadIdx.x];", HEAD "wr A[threadIdx.x];", "");
    expect("unknowns renamed only", HEAD "local p; wr A[p];", HEAD "local q; wr A[q];", "");
    expect("index rewritten, equal values", HEAD "wr A[threadIdx.x + threadIdx.x];", HEAD "wr A[2 * threadIdx.x];",
           "index expression rewritten:C");
    expect("index rewritten, different values", HEAD "wr A[threadIdx.x];", HEAD "wr A[threadIdx.x + 1];",
           "index expression rewritten:S");
    expect("bitwise spelling of a mod", HEAD "wr A[threadIdx.x & 7];", HEAD "wr A[threadIdx.x % 8];",
           "index expression rewritten:C");
    expect("access lost", HEAD "wr A[threadIdx.x]; rd A[0];", HEAD "wr A[threadIdx.x];", "missing access:S");
    expect("mode changed", HEAD "rd A[threadIdx.x];", HEAD "wr A[threadIdx.x];", "access mode changed:S");
    expect("loop lost", HEAD "foreach (i in 0 .. n) { wr A[i]; }", HEAD "local i; wr A[i];",
           "missing loop/branch:S");
    expect("precondition lost", HEAD "assume n < 4; wr A[n];", HEAD "wr A[n];", "precondition lost:S");
    expect("precondition rewritten equal", HEAD "assume n < 4; wr A[n];", HEAD "assume n <= 3; wr A[n];",
           "other:C");
    expect("dimensions changed", "shared int A[8][8];\nwr A[0][threadIdx.x];", "shared int A[64];\nwr A[threadIdx.x];",
           "array shape/type changed:S");
    expect("element type lost", "shared float A[8];\nwr A[threadIdx.x];", "shared A[8];\nwr A[threadIdx.x];",
           "array shape/type changed:C");
    expect("an untyped array gets the generator's int", "shared A[8];\nwr A[threadIdx.x];",
           "shared int A[8];\nwr A[threadIdx.x];", "");
    expect("clang's spelling of a type", "shared unsigned A[8];\nshared long int B[8];\nwr A[threadIdx.x]; wr B[0];",
           "shared unsigned int A[8];\nshared long B[8];\nwr A[threadIdx.x]; wr B[0];", "");
    expect("a type changed", "shared unsigned A[8];\nwr A[threadIdx.x];", "shared int A[8];\nwr A[threadIdx.x];",
           "array shape/type changed:C");
    expect("memory space changed", "shared int A[8];\nwr A[threadIdx.x];", "global int A[8];\nwr A[threadIdx.x];",
           "array shape/type changed:S");
    expect("loop bound rewritten", HEAD "foreach (i in 0 .. n + n) { wr A[i]; }",
           HEAD "foreach (i in 0 .. 2 * n) { wr A[i]; }", "other:C");
    expect("uniform lost", "shared int A[8]; uniform n, m;\nwr A[n];", "shared int A[8]; uniform n;\nwr A[n];",
           "other:S");
    expect("a let inlined", HEAD "let v = threadIdx.x + 1; wr A[v];", HEAD "wr A[threadIdx.x + 1];", "");
    expect("an unread unknown dropped", HEAD "local x; wr A[0];", HEAD "wr A[0];", "");
    expect("unknowns numbered after pruning", HEAD "local x0; local x3; rd A[x3];", HEAD "local y; rd A[y];", "");
    expect("an empty branch dropped", HEAD "if (n > 0) { } wr A[0];", HEAD "wr A[0];", "");
    expect("a branch that syncs stays", HEAD "if (n > 0) { sync; } wr A[0];", HEAD "wr A[0];",
           "missing loop/branch:S");
    expect("a loop from a negative start, as gen writes it", HEAD "foreach (i in -2 .. 0) { wr A[i + 2]; } rd A[0];",
           HEAD "if (false) { foreach (i in 0 .. 2) { wr A[i]; } } rd A[0];", "");
    expect("constant conditions settled", HEAD "if (1 < 2) { if (0 / 1 == 1) { rd A[1]; } else { wr A[0]; } } else { rd A[2]; }",
           HEAD "wr A[0];", "");
    expect("a loop from a natural start stays", HEAD "foreach (i in 0 .. 2) { wr A[i]; }", HEAD "wr A[0];",
           "missing loop/branch:S");
    return check_summary("fixpoint-unit");
}
