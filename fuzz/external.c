/* Running another tool on a generated file (see external.h). */
#include "external.h"

#include "command.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#ifdef __linux__
#include <sys/prctl.h>
#endif

static double now_s(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

char *external_command(const char *tmpl, const char *path)
{
    CommandWords w;
    char error[256];
    if (!command_split(tmpl, path, &w, error, sizeof error))
        return NULL;
    char *line = command_display(&w);
    command_words_free(&w);
    return line;
}

bool external_template_ok(const char *tmpl, char *error, size_t size)
{
    CommandWords w;
    if (!command_split(tmpl, "{}", &w, error, size))
        return false;
    command_words_free(&w);
    return true;
}

const char *external_status_name(ExtStatus s)
{
    switch (s) {
    case EXT_EXITED: return "exited";
    case EXT_CRASHED: return "crashed";
    case EXT_TIMEOUT: return "timeout";
    case EXT_NOSTART: return "could not start";
    }
    return "?";
}

const char *external_describe(const ExtResult *r, int timeout_ms, char *buf, size_t size)
{
    switch (r->status) {
    case EXT_EXITED: snprintf(buf, size, "exited %d", r->code); break;
    case EXT_CRASHED:
        snprintf(buf, size, "crashed (signal %d, %s)", r->code, strsignal(r->code) ? strsignal(r->code) : "?");
        break;
    case EXT_TIMEOUT: snprintf(buf, size, "timed out after %d ms", timeout_ms); break;
    case EXT_NOSTART: snprintf(buf, size, "could not start: %s", r->error); break;
    }
    return buf;
}

void external_result_free(ExtResult *r)
{
    free(r->output);
    r->output = NULL;
    r->output_len = 0;
}

/* The bounded buffer the tool's output goes to. */
typedef struct Capture {
    char *buf;
    size_t len, max;
    bool truncated;
} Capture;

static void capture_add(Capture *c, const char *data, size_t n)
{
    size_t room = c->max - c->len;
    if (n > room) {
        c->truncated = true;
        n = room;
    }
    memcpy(c->buf + c->len, data, n);
    c->len += n;
}

/* Reads what is there; false at end of file (or a read error). */
static bool drain(int fd, Capture *c)
{
    char chunk[4096];
    for (;;) {
        ssize_t n = read(fd, chunk, sizeof chunk);
        if (n > 0) {
            capture_add(c, chunk, (size_t)n);
            continue;
        }
        if (n < 0 && errno == EINTR)
            continue;
        if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK))
            return true;
        return false;
    }
}

/* The child: its own process group, output into the pipe, then the
 * program itself (no shell: the words are its arguments).  On Linux it
 * dies with the process that started it, so that a killed worker leaves
 * no tool running.  An exec that fails says its errno on err_fd.  Only
 * async-signal-safe calls between fork and exec. */
static void child_exec(char *const argv[], const int fds[3], int err_fd, pid_t parent)
{
    setpgid(0, 0);
#ifdef __linux__
    prctl(PR_SET_PDEATHSIG, SIGKILL);
    if (getppid() != parent) /* the parent died before the line above */
        _exit(127);
#else
    (void)parent;
#endif
    dup2(fds[0], STDIN_FILENO);
    dup2(fds[1], STDOUT_FILENO);
    dup2(fds[2], STDERR_FILENO);
    signal(SIGPIPE, SIG_DFL);
    signal(SIGTERM, SIG_DFL);
    signal(SIGINT, SIG_DFL);
    sigset_t none;
    sigemptyset(&none);
    sigprocmask(SIG_SETMASK, &none, NULL);
    execvp(argv[0], argv);
    int e = errno;
    if (write(err_fd, &e, sizeof e) < 0)
        _exit(127);
    _exit(127);
}

static void set_error(ExtResult *r, const char *what)
{
    r->status = EXT_NOSTART;
    snprintf(r->error, sizeof r->error, "%s: %s", what, strerror(errno));
}

/* Has the child ended?  Looks without reaping it, so that its process
 * group stays ours to kill until waitpid. */
static bool child_ended(pid_t pid)
{
    siginfo_t info;
    memset(&info, 0, sizeof info);
    return waitid(P_PID, (id_t)pid, &info, WEXITED | WNOHANG | WNOWAIT) == 0 && info.si_pid == pid;
}

static bool crash_signal(int sig)
{
    return sig == SIGILL || sig == SIGABRT || sig == SIGBUS || sig == SIGFPE || sig == SIGSEGV;
}

static void classify(int wstatus, ExtResult *r, bool timed_out)
{
    if (timed_out) {
        r->status = EXT_TIMEOUT;
        r->code = 0;
    } else if (WIFSIGNALED(wstatus)) {
        r->status = EXT_CRASHED;
        r->code = WTERMSIG(wstatus);
    } else {
        int code = WIFEXITED(wstatus) ? WEXITSTATUS(wstatus) : -1;
        if (code > 128 && crash_signal(code - 128)) {
            r->status = EXT_CRASHED;
            r->code = code - 128;
        } else if (code == 126 || code == 127) {
            r->status = EXT_NOSTART;
            r->code = code;
            snprintf(r->error, sizeof r->error, "exited %d, which a shell says when a command is %s", code,
                     code == 127 ? "command not found" : "not executable");
        } else {
            r->status = EXT_EXITED;
            r->code = code;
        }
    }
}

/* Reads the pipe until the child ends or the deadline passes; true when
 * it timed out.  Once the tool has ended, everything it wrote is in the
 * pipe: that is read, and a background process of its own that still
 * holds the pipe open is not waited for. */
static bool watch(pid_t pid, int fd, double deadline, Capture *c)
{
    bool open = true;
    for (;;) {
        if (child_ended(pid)) {
            if (open)
                drain(fd, c);
            return false;
        }
        int wait_ms = 50;
        if (deadline > 0) {
            double left = deadline - now_s();
            if (left <= 0)
                return true;
            if (left * 1000 < wait_ms)
                wait_ms = (int)(left * 1000) + 1;
        }
        struct pollfd p = { .fd = fd, .events = POLLIN };
        if (!open) /* output closed, the shell not yet ended: just wait */
            poll(NULL, 0, wait_ms);
        else if (poll(&p, 1, wait_ms) > 0)
            open = drain(fd, c);
    }
}

/* Did the exec fail?  The child's end closes at a successful exec (it is
 * close-on-exec), so the read returns 0; a failed one wrote its errno. */
static bool exec_failed(int err_fd, ExtResult *r, const char *program)
{
    int e = 0;
    ssize_t n;
    while ((n = read(err_fd, &e, sizeof e)) < 0 && errno == EINTR)
        ;
    if (n != (ssize_t)sizeof e)
        return false;
    r->status = EXT_NOSTART;
    r->code = 127;
    snprintf(r->error, sizeof r->error, "cannot run %s: %s", program, strerror(e));
    return true;
}

/* Forks the child for argv with stdin, stdout and stderr from fds; its
 * pid, or -1 after set_error. */
static pid_t start_child(char *const argv[], const int fds[3], ExtResult *r)
{
    int err[2];
    if (pipe(err) != 0) {
        set_error(r, "pipe");
        return -1;
    }
    fcntl(err[0], F_SETFD, FD_CLOEXEC);
    fcntl(err[1], F_SETFD, FD_CLOEXEC);
    pid_t parent = getpid();
    fflush(NULL); /* the child must not write our buffers twice */
    pid_t pid = fork();
    if (pid == 0)
        child_exec(argv, fds, err[1], parent);
    close(err[1]);
    if (pid < 0)
        set_error(r, "fork");
    else
        setpgid(pid, pid); /* also here: whichever runs first, the group exists before a kill */
    if (pid > 0 && exec_failed(err[0], r, argv[0])) {
        while (waitpid(pid, NULL, 0) < 0 && errno == EINTR)
            ;
        pid = -1;
    }
    close(err[0]);
    return pid;
}

static void finish_output(ExtResult *r, Capture *cap, double start)
{
    r->seconds = now_s() - start;
    if (!cap->buf)
        cap->buf = calloc(1, 1);
    if (cap->buf)
        cap->buf[cap->len] = '\0';
    r->output = cap->buf;
    r->output_len = cap->len;
    r->truncated = cap->truncated;
}

/* The runner of both entries: stderr into err_fd, or with stdout (-1). */
static ExtStatus run_words(char *const argv[], int timeout_ms, size_t max_output, int err_fd, ExtResult *r)
{
    memset(r, 0, sizeof *r);
    Capture cap = { .max = max_output ? max_output : EXT_OUTPUT_MAX };
    cap.buf = malloc(cap.max + 1);
    double start = now_s();
    int fds[2] = { -1, -1 };
    int null_fd = -1;
    pid_t pid = -1;
    if (!cap.buf) {
        errno = ENOMEM;
        set_error(r, "out of memory");
    } else if (pipe(fds) != 0) {
        set_error(r, "pipe");
    } else if ((null_fd = open("/dev/null", O_RDONLY | O_CLOEXEC)) < 0) {
        set_error(r, "/dev/null");
    } else {
        fcntl(fds[0], F_SETFD, FD_CLOEXEC);
        fcntl(fds[1], F_SETFD, FD_CLOEXEC);
        int child_fds[3] = {null_fd, fds[1], err_fd >= 0 ? err_fd : fds[1]};
        pid = start_child(argv, child_fds, r);
    }
    if (fds[1] >= 0)
        close(fds[1]);
    if (null_fd >= 0)
        close(null_fd);
    if (pid > 0) {
        fcntl(fds[0], F_SETFL, fcntl(fds[0], F_GETFL) | O_NONBLOCK);
        double deadline = timeout_ms > 0 ? start + timeout_ms / 1000.0 : 0;
        bool timed_out = watch(pid, fds[0], deadline, &cap);
        kill(-pid, SIGKILL); /* on a timeout the tool, else whatever it left behind */
        int wstatus = 0;
        while (waitpid(pid, &wstatus, 0) < 0 && errno == EINTR)
            ;
        classify(wstatus, r, timed_out);
    }
    if (fds[0] >= 0)
        close(fds[0]);
    finish_output(r, &cap, start);
    return r->status;
}

ExtStatus external_run_argv(char *const argv[], int timeout_ms, size_t max_output, ExtResult *r)
{
    return run_words(argv, timeout_ms, max_output, -1, r);
}

ExtStatus external_run_argv_apart(char *const argv[], int timeout_ms, size_t max_output, int err_fd, ExtResult *r)
{
    return run_words(argv, timeout_ms, max_output, err_fd, r);
}

ExtStatus external_run_apart(const char *tmpl, const char *path, int timeout_ms, size_t max_output, int err_fd,
                             ExtResult *r)
{
    CommandWords w;
    char error[sizeof r->error];
    if (!command_split(tmpl, path, &w, error, sizeof error)) {
        memset(r, 0, sizeof *r);
        r->status = EXT_NOSTART;
        snprintf(r->error, sizeof r->error, "%s", error);
        r->output = calloc(1, 1);
        return r->status;
    }
    run_words(w.argv, timeout_ms, max_output, err_fd, r);
    command_words_free(&w);
    return r->status;
}

ExtStatus external_run(const char *tmpl, const char *path, int timeout_ms, size_t max_output, ExtResult *r)
{
    return external_run_apart(tmpl, path, timeout_ms, max_output, -1, r);
}
