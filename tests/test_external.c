/* Unit tests of fuzz/external.c, the runner of other people's tools: each
 * kind of ending (exit, crash, hang, no start) is classified as its
 * comment says, output is captured within its bound, and no run leaves a
 * child, a zombie or a descriptor behind. */
#include "check.h"
#include "against.h"
#include "command.h"
#include "external.h"
#include "verdict_map.h"

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
    check(c && strcmp(c, "tool --x 'a b'\\''c' -o 'a b'\\''c.out'") == 0, "two holes, quoted: %s", c);
    free(c);
    c = external_command("tool -q", "f.cu");
    check(c && strcmp(c, "tool -q f.cu") == 0, "no hole: the path is appended: %s", c);
    free(c);
}

/* fuzz/command.c: words as a shell splits them, the path one argument. */
static void test_split(void)
{
    CommandWords w;
    char err[512];
    const char *path = "a;touch X;'\"$(y).cu";
    check(command_split("./fe.sh '{}' \"--in={}\" x\\ y ''", path, &w, err, sizeof err) && w.argc == 5,
          "five words: %s", err);
    check(w.argc == 5 && strcmp(w.argv[1], path) == 0, "'{}' is the path: %s", w.argc > 1 ? w.argv[1] : "");
    check(w.argc == 5 && strncmp(w.argv[2], "--in=", 5) == 0 && strcmp(w.argv[2] + 5, path) == 0,
          "\"--in={}\" is one word: %s", w.argc > 2 ? w.argv[2] : "");
    check(w.argc == 5 && strcmp(w.argv[3], "x y") == 0 && strcmp(w.argv[4], "") == 0, "backslash, empty word");
    command_words_free(&w);
    check(command_split("tool -q", "f", &w, err, sizeof err) && w.argc == 3 && strcmp(w.argv[2], "f") == 0,
          "no hole: appended");
    command_words_free(&w);
    const char *refused[] = {"a | b {}", "a; b", "a && b", "a > f", "a $X", "a \"$X\"", "a `b`", "a # c", "a 'b",
                             "a \"b", "", "   ", "(a)"};
    for (size_t i = 0; i < sizeof refused / sizeof *refused; i++) {
        err[0] = 0;
        check(!command_split(refused[i], "f", &w, err, sizeof err) && err[0] && w.argc == 0,
              "'%s' is refused with a reason", refused[i]);
    }
    check(command_split("sh -c 'cat \"$1\" | wc -l; exit 0' sh {}", "f", &w, err, sizeof err) && w.argc == 5 &&
              strcmp(w.argv[2], "cat \"$1\" | wc -l; exit 0") == 0,
          "shell text in single quotes is one word: %s", err);
    command_words_free(&w);
}

static void test_exit_and_output(void)
{
    ExtResult r = run("sh -c 'echo out; echo err >&2; exit 3' sh {}", "x", 5000, 0);
    check(r.status == EXT_EXITED && r.code == 3, "exit 3: got %s %d", external_status_name(r.status), r.code);
    check(strstr(r.output, "out\n") && strstr(r.output, "err\n"), "stdout and stderr captured: '%s'", r.output);
    check(!r.truncated, "short output is not truncated");
    external_result_free(&r);

    r = run("printf '%s' {}", "we ir'd $(x) `y`", 5000, 0);
    check(r.status == EXT_EXITED && r.code == 0 && strcmp(r.output, "we ir'd $(x) `y`") == 0,
          "the path reaches the tool verbatim: '%s'", r.output);
    external_result_free(&r);

    r = run("sh -c 'yes | head -c 100000' sh {}", "x", 5000, 1000);
    check(r.status == EXT_EXITED && r.code == 0, "big output: exits 0, got %s %d", external_status_name(r.status),
          r.code);
    check(r.truncated && r.output_len == 1000 && strlen(r.output) == 1000, "big output kept to the bound: %zu",
          r.output_len);
    external_result_free(&r);
}

static void test_crash(void)
{
    ExtResult r = run("sh -c 'kill -SEGV $$' sh {}", "x", 5000, 0);
    check(r.status == EXT_CRASHED && r.code == SIGSEGV, "SIGSEGV: got %s %d", external_status_name(r.status), r.code);
    external_result_free(&r);
    /* the shell reports a crashed child as 128+N */
    r = run("sh -c 'sh -c \"kill -ABRT \\$\\$\"; exit $?' sh {}", "x", 5000, 0);
    check(r.status == EXT_CRASHED && r.code == SIGABRT, "SIGABRT in a child: got %s %d",
          external_status_name(r.status), r.code);
    char buf[128];
    check(strstr(external_describe(&r, 0, buf, sizeof buf), "crashed (signal 6") != NULL, "describe: %s", buf);
    external_result_free(&r);
}

static void test_timeout(const char *dir)
{
    char tmpl[512];
    snprintf(tmpl, sizeof tmpl, "sh -c 'sleep 1; touch %s/late' sh {}", dir);
    ExtResult r = run(tmpl, "x", 200, 0);
    check(r.status == EXT_TIMEOUT, "a hang times out: got %s", external_status_name(r.status));
    check(r.seconds < 1.0, "the limit is kept: %.2f s", r.seconds);
    external_result_free(&r);
    nanosleep(&(struct timespec){ .tv_sec = 1, .tv_nsec = 300000000 }, NULL);
    char late[512];
    snprintf(late, sizeof late, "%s/late", dir);
    check(access(late, F_OK) != 0, "the whole process group was killed (nothing ran after the limit)");

    /* A background process that keeps the pipe open does not hold the run up. */
    r = run("sh -c 'sleep 30 & echo started' sh {}", "x", 10000, 0);
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
    r = run("tool {} | cat", "x", 5000, 0);
    check(r.status == EXT_NOSTART && strstr(r.error, "'|'"), "a template that needs a shell does not run: %s",
          r.error);
    external_result_free(&r);
}

/* fuzz/verdict_map.c and the categories of fuzz/against.c */
static void test_maps(void)
{
    VerdictMap m;
    char err[256];
    check(verdict_map_parse(VERDICT_MAP_DEFAULT, &m, err, sizeof err) && m.n == 4, "the default map parses: %s", err);
    ExtResult r = {.status = EXT_EXITED, .code = 3, .output = (char *)""};
    Verdict v = V_ERROR;
    check(verdict_map_apply(&m, &r, &v) && v == V_DIVERGENT, "exit 3 is divergent");
    r.code = 2;
    check(!verdict_map_apply(&m, &r, &v), "exit 2 maps to nothing");
    r.status = EXT_CRASHED;
    r.code = 0;
    check(!verdict_map_apply(&m, &r, &v), "a crash maps to nothing, whatever its code");
    verdict_map_free(&m);

    check(verdict_map_parse("re:a=b=racy;no (races|hazards)=drf", &m, err, sizeof err) && m.n == 2,
          "a regex map with '=' in an expression: %s", err);
    r = (ExtResult){.status = EXT_EXITED, .code = 1, .output = (char *)"x\nno hazards\n"};
    check(verdict_map_apply(&m, &r, &v) && v == V_DRF, "the second rule matches");
    r.output = (char *)"a=b and no races";
    check(verdict_map_apply(&m, &r, &v) && v == V_RACY, "the first matching rule wins");
    verdict_map_free(&m);

    const char *bad[] = {"exit:0=fine", "exit:x=drf", "exit:300=drf", "re:(=drf", "racy", "exit:", "re:=drf"};
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
        err[0] = 0;
        check(!verdict_map_parse(bad[i], &m, err, sizeof err) && err[0], "'%s' is rejected with a reason", bad[i]);
    }

    static const struct {
        Verdict label;
        ExtStatus st;
        bool mapped;
        Verdict said;
        AgainstCategory want;
    } cases[] = {
        {V_DRF, EXT_EXITED, true, V_DRF, CAT_AGREE},
        {V_DRF, EXT_EXITED, true, V_RACY, CAT_FALSE_ALARM},
        {V_DRF, EXT_EXITED, true, V_DIVERGENT, CAT_FALSE_ALARM},
        {V_DIVERGENT, EXT_EXITED, true, V_RACY, CAT_FALSE_ALARM},
        {V_RACY, EXT_EXITED, true, V_DRF, CAT_MISSED_RACE},
        {V_RACY, EXT_EXITED, true, V_DIVERGENT, CAT_MISSED_RACE},
        {V_DIVERGENT, EXT_EXITED, true, V_DRF, CAT_MISSED_DIVERGENCE},
        {V_RACY, EXT_EXITED, true, V_UNKNOWN, CAT_UNKNOWN},
        {V_RACY, EXT_EXITED, false, V_DRF, CAT_TOOL_ERROR},
        {V_DRF, EXT_CRASHED, false, V_DRF, CAT_TOOL_ERROR},
        {V_DRF, EXT_NOSTART, false, V_DRF, CAT_TOOL_ERROR},
        {V_DRF, EXT_TIMEOUT, false, V_DRF, CAT_TIMEOUT},
    };
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        AgainstCategory got = against_categorize(cases[i].label, cases[i].st, cases[i].mapped, cases[i].said);
        check(got == cases[i].want, "label %s, tool %s %s: %s, want %s", verdict_name(cases[i].label),
              external_status_name(cases[i].st), cases[i].mapped ? verdict_name(cases[i].said) : "(unmapped)",
              against_category_name(got), against_category_name(cases[i].want));
    }
}

int main(void)
{
    check_init("external-unit");
    char dir[] = "/tmp/mapkit-external-XXXXXX";
    if (!mkdtemp(dir)) {
        perror("mkdtemp");
        return 2;
    }
    int fds_before = open_fds();
    test_command();
    test_split();
    test_exit_and_output();
    test_crash();
    test_timeout(dir);
    test_nostart();
    test_maps();
    check(open_fds() == fds_before, "no descriptor leaked: %d before, %d after", fds_before, open_fds());
    errno = 0;
    check(waitpid(-1, NULL, WNOHANG) < 0 && errno == ECHILD, "no child left, not even a zombie");
    char late[600];
    snprintf(late, sizeof late, "%s/late", dir);
    unlink(late);
    rmdir(dir);
    return check_summary("external-unit");
}
