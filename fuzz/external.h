/* Running another tool on a generated file ([VST Sec. 8]: stress-testing
 * other people's analysers; docs/fuzz.md, "Against another tool").
 *
 * A command template such as `faial-drf {}` or `mytool --json '{}' -q` is
 * split into words and gets every `{}` replaced by the file's path
 * (fuzz/command.h: no shell ever reads the path; a template without `{}`
 * gets the path as its last word; one that needs a shell is refused).
 * The program runs, found on PATH as execvp finds it, in a process group
 * of its own, stdin from /dev/null, stdout and stderr captured together
 * (up to a bound; the rest is read and dropped, so the tool never blocks
 * on a full pipe).  When the time limit passes, the whole group is
 * killed (SIGKILL), and after a normal exit so are any processes the tool
 * left behind in it.  On Linux the tool also dies (SIGKILL) when the
 * process that started it dies, e.g. a worker of `fuzz -j N` stopped by
 * SIGTERM.  The child is always reaped and every descriptor closed: a run
 * never stops the caller.  A tool that leaves its process group (setsid)
 * is beyond reach.
 *
 * Outcome:
 *   EXT_EXITED   exited with `code`;
 *   EXT_CRASHED  killed by signal `code`; a wrapper shell reports a
 *                child's death by SIGILL, SIGABRT, SIGBUS, SIGFPE or SIGSEGV
 *                as exit 128+N, which counts as that signal too;
 *   EXT_TIMEOUT  still running when the limit passed (killed);
 *   EXT_NOSTART  could not be started: the template was refused, fork,
 *                pipe, /dev/null or exec failed, or the tool exited 126 or
 *                127 (a wrapper shell's "not executable", "not found");
 *                `error` says which.
 *
 * Ownership: an ExtResult owns its output (external_result_free). */
#ifndef MAPKIT_FUZZ_EXTERNAL_H
#define MAPKIT_FUZZ_EXTERNAL_H

#include <stdbool.h>
#include <stddef.h>

typedef enum { EXT_EXITED, EXT_CRASHED, EXT_TIMEOUT, EXT_NOSTART } ExtStatus;

typedef struct ExtResult {
    ExtStatus status;
    int code;          /* EXT_EXITED: exit status; EXT_CRASHED: signal number */
    char *output;      /* stdout and stderr interleaved, NUL-terminated (never NULL after a run) */
    size_t output_len; /* bytes kept in output */
    bool truncated;    /* the tool wrote more than the bound */
    double seconds;    /* wall time of the run */
    char error[512];   /* EXT_NOSTART: why */
} ExtResult;

/* Default bound on captured output. */
#define EXT_OUTPUT_MAX (64 * 1024)

/* The command line a template runs on a path, each word quoted for a
 * POSIX shell where it needs it: for people to read and rerun (malloc'd;
 * NULL when the template is refused). */
char *external_command(const char *tmpl, const char *path);

/* Whether the template can run (fuzz/command.h); else why, in error. */
bool external_template_ok(const char *tmpl, char *error, size_t size);

/* Runs the template on the path, at most timeout_ms (<= 0: no limit),
 * keeping at most max_output bytes (0: EXT_OUTPUT_MAX).  Fills *r and
 * returns r->status. */
ExtStatus external_run(const char *tmpl, const char *path, int timeout_ms, size_t max_output, ExtResult *r);

/* The same with the tool's standard error written to err_fd instead,
 * apart from the output (a front end's protocol is its stdout alone). */
ExtStatus external_run_apart(const char *tmpl, const char *path, int timeout_ms, size_t max_output, int err_fd,
                             ExtResult *r);

/* The same for words already split (argv[0] found on PATH; NULL-ended):
 * compilers and our own programs, whose paths are arguments as they are. */
ExtStatus external_run_argv(char *const argv[], int timeout_ms, size_t max_output, ExtResult *r);
ExtStatus external_run_argv_apart(char *const argv[], int timeout_ms, size_t max_output, int err_fd, ExtResult *r);

void external_result_free(ExtResult *r);

/* "exited", "crashed", "timeout", "could not start" */
const char *external_status_name(ExtStatus s);

/* One line for people: "exited 1", "crashed (signal 11, SIGSEGV)",
 * "timed out after 500 ms", "could not start: ...".  Writes into buf. */
const char *external_describe(const ExtResult *r, int timeout_ms, char *buf, size_t size);

#endif
