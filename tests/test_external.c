/* Unit tests of fuzz/external.c, the runner of other people's tools: each
 * kind of ending (exit, crash, hang, no start) is classified as its
 * comment says, output is captured within its bound, and no run leaves a
 * child, a zombie or a descriptor behind. */
#include "external.h"

#include <dirent.h>
#include <errno.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static int passed, failed;

static void check(bool ok, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void check(bool ok, const char *fmt, ...)
{
    if (ok) {
        passed++;
        return;
    }
    failed++;
    va_list ap;
    va_start(ap, fmt);
    fputs("FAIL external-unit: ", stdout);
    vprintf(fmt, ap);
    fputc('\n', stdout);
    va_end(ap);
}

static int open_fds(void)
{
    DIR *d = opendir("/proc/self/fd");
    if (!d)
        return -1;
    int n = 0;
    while (readdir(d))
        n++;
    closedir(d);
    return n;
}

static ExtResult run(const char *tmpl, const char *path, int timeout_ms, size_t max)
{
    ExtResult r;
    external_run(tmpl, path, timeout_ms, max, &r);
    return r;
}

static void test_command(void)
{
    char *c = external_command("tool --x {} -o {}.out", "a b'c");
    check(c && strcmp(c, "tool --x 'a b'\\''c' -o 'a b'\\''c'.out") == 0, "two holes, quoted: %s", c);
    free(c);
    c = external_command("tool -q", "f.cu");
    check(c && strcmp(c, "tool -q 'f.cu'") == 0, "no hole: the path is appended: %s", c);
    free(c);
}

static void test_exit_and_output(void)
{
    ExtResult r = run("echo out; echo err >&2; exit 3 # {}", "x", 5000, 0);
    check(r.status == EXT_EXITED && r.code == 3, "exit 3: got %s %d", external_status_name(r.status), r.code);
    check(strstr(r.output, "out\n") && strstr(r.output, "err\n"), "stdout and stderr captured: '%s'", r.output);
    check(!r.truncated, "short output is not truncated");
    external_result_free(&r);

    r = run("printf '%s' {}", "we ir'd $(x) `y`", 5000, 0);
    check(r.status == EXT_EXITED && r.code == 0 && strcmp(r.output, "we ir'd $(x) `y`") == 0,
          "the path reaches the tool verbatim: '%s'", r.output);
    external_result_free(&r);

    r = run("yes | head -c 100000 # {}", "x", 5000, 1000);
    check(r.status == EXT_EXITED && r.code == 0, "big output: exits 0, got %s %d", external_status_name(r.status),
          r.code);
    check(r.truncated && r.output_len == 1000 && strlen(r.output) == 1000, "big output kept to the bound: %zu",
          r.output_len);
    external_result_free(&r);
}

static void test_crash(void)
{
    ExtResult r = run("kill -SEGV $$ # {}", "x", 5000, 0);
    check(r.status == EXT_CRASHED && r.code == SIGSEGV, "SIGSEGV: got %s %d", external_status_name(r.status), r.code);
    external_result_free(&r);
    /* the shell reports a crashed child as 128+N */
    r = run("sh -c 'kill -ABRT $$'; exit $? # {}", "x", 5000, 0);
    check(r.status == EXT_CRASHED && r.code == SIGABRT, "SIGABRT in a child: got %s %d",
          external_status_name(r.status), r.code);
    char buf[128];
    check(strstr(external_describe(&r, 0, buf, sizeof buf), "crashed (signal 6") != NULL, "describe: %s", buf);
    external_result_free(&r);
}

static void test_timeout(const char *dir)
{
    char tmpl[512];
    snprintf(tmpl, sizeof tmpl, "sleep 1; touch %s/late # {}", dir);
    ExtResult r = run(tmpl, "x", 200, 0);
    check(r.status == EXT_TIMEOUT, "a hang times out: got %s", external_status_name(r.status));
    check(r.seconds < 1.0, "the limit is kept: %.2f s", r.seconds);
    external_result_free(&r);
    nanosleep(&(struct timespec){ .tv_sec = 1, .tv_nsec = 300000000 }, NULL);
    char late[512];
    snprintf(late, sizeof late, "%s/late", dir);
    check(access(late, F_OK) != 0, "the whole process group was killed (nothing ran after the limit)");

    /* A background process that keeps the pipe open does not hold the run up. */
    r = run("sleep 30 & echo started # {}", "x", 10000, 0);
    check(r.status == EXT_EXITED && r.code == 0 && strstr(r.output, "started"), "background child: %s %d '%s'",
          external_status_name(r.status), r.code, r.output);
    check(r.seconds < 5.0, "background child is not waited for: %.2f s", r.seconds);
    external_result_free(&r);
}

static void test_nostart(void)
{
    ExtResult r = run("/nonexistent/tool-of-nobody", "x", 5000, 0);
    check(r.status == EXT_NOSTART && r.error[0], "missing tool: got %s", external_status_name(r.status));
    external_result_free(&r);
}

int main(void)
{
    char dir[] = "/tmp/mapkit-external-XXXXXX";
    if (!mkdtemp(dir)) {
        perror("mkdtemp");
        return 2;
    }
    int fds_before = open_fds();
    test_command();
    test_exit_and_output();
    test_crash();
    test_timeout(dir);
    test_nostart();
    check(open_fds() == fds_before, "no descriptor leaked: %d before, %d after", fds_before, open_fds());
    errno = 0;
    check(waitpid(-1, NULL, WNOHANG) < 0 && errno == ECHILD, "no child left, not even a zombie");
    char late[600];
    snprintf(late, sizeof late, "%s/late", dir);
    unlink(late);
    rmdir(dir);
    printf("external-unit: %d passed, %d failed\n", passed, failed);
    return failed != 0;
}
