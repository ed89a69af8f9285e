/* Output files and the standard output, written safely (output.h). */
#include "output.h"

#include "arena.h"
#include "cli.h"

#include <errno.h>
#include <limits.h>
#include <pthread.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* ---- temporary files removed when a signal ends the process ---- */

enum { MAX_TEMPS = 4 }; /* a command writes one output at a time; room to spare */

static const int cleanup_signals[] = {SIGINT, SIGTERM, SIGHUP};
static char *volatile temps[MAX_TEMPS];

/* Only async-signal-safe calls: unlink here, signal and raise below. */
static void remove_temps(void)
{
    for (int i = 0; i < MAX_TEMPS; i++)
        if (temps[i])
            unlink(temps[i]);
}

static void remove_temps_then_die(int sig)
{
    remove_temps();
    signal(sig, SIG_DFL);
    raise(sig);
}

/* Once per process; a signal the caller ignores (nohup) stays ignored.
 * An exit() on the way (a fatal error deep down) removes them too. */
static void install_cleanup_handler(void)
{
    static bool installed;
    if (installed)
        return;
    installed = true;
    atexit(remove_temps);
    for (size_t i = 0; i < sizeof cleanup_signals / sizeof cleanup_signals[0]; i++) {
        struct sigaction old, sa;
        if (sigaction(cleanup_signals[i], NULL, &old) != 0 || old.sa_handler == SIG_IGN)
            continue;
        memset(&sa, 0, sizeof sa);
        sa.sa_handler = remove_temps_then_die;
        sigfillset(&sa.sa_mask);
        sigaction(cleanup_signals[i], &sa, NULL);
    }
}

/* Blocks the cleanup signals while the registry and the file system
 * disagree (a temporary created but not registered yet, renamed but
 * still registered). */
static void block_cleanup_signals(bool block, sigset_t *saved)
{
    if (block) {
        sigset_t set;
        sigemptyset(&set);
        for (size_t i = 0; i < sizeof cleanup_signals / sizeof cleanup_signals[0]; i++)
            sigaddset(&set, cleanup_signals[i]);
        pthread_sigmask(SIG_BLOCK, &set, saved); /* the process may have helper threads */
    } else {
        pthread_sigmask(SIG_SETMASK, saved, NULL);
    }
}

static int register_temp(char *name)
{
    for (int i = 0; i < MAX_TEMPS; i++)
        if (!temps[i]) {
            temps[i] = name;
            return i;
        }
    return -1;
}

/* ---- where a regular output goes ---- */

static char *copy_of(const char *s)
{
    char *c = xmalloc(strlen(s) + 1);
    strcpy(c, s);
    return c;
}

static char *join_dir(const char *of, const char *name)
{
    const char *slash = strrchr(of, '/');
    size_t dir = slash ? (size_t)(slash - of) + 1 : 0;
    char *s = xmalloc(dir + strlen(name) + 1);
    memcpy(s, of, dir);
    strcpy(s + dir, name);
    return s;
}

/* The file a chain of symbolic links ends at: one that is no link, or
 * one that does not exist yet (a dangling link's, created there, so that
 * the link then resolves).  NULL with errno on a loop or an unreadable
 * link. */
static char *follow_links(const char *path)
{
    char *cur = copy_of(path);
    int err = ELOOP; /* as the kernel's limit: 40 links are a loop */
    for (int hops = 0; hops < 40; hops++) {
        struct stat st;
        if (lstat(cur, &st) != 0 || !S_ISLNK(st.st_mode))
            return cur;
        char to[PATH_MAX];
        ssize_t n = readlink(cur, to, sizeof to - 1);
        if (n < 0) {
            err = errno;
            break;
        }
        to[n] = 0;
        char *next = to[0] == '/' ? copy_of(to) : join_dir(cur, to);
        free(cur);
        cur = next;
    }
    free(cur);
    errno = err;
    return NULL;
}

/* A temporary file beside target, as mkstemp makes it: created
 * exclusively (a planted symbolic link is never followed), under a name
 * nobody can predict; `NAME.mapkit-XXXXXX`, so a user can tell whose it
 * is.  -1 with errno. */
static int create_temp(const char *target, char **tmp)
{
    static const char suffix[] = ".mapkit-XXXXXX";
    *tmp = xmalloc(strlen(target) + sizeof suffix);
    strcpy(*tmp, target);
    strcat(*tmp, suffix);
    int fd = mkstemp(*tmp);
    if (fd < 0) {
        int err = errno;
        free(*tmp);
        *tmp = NULL;
        errno = err;
    }
    return fd;
}

/* The replacement keeps the replaced file's owner (where we may give it)
 * and permission bits; a new file gets what open(2) would give it,
 * mkstemp's 0600 being only for the window before. */
static void give_mode(int fd, const struct stat *old)
{
    if (old) {
        if ((old->st_uid != geteuid() || old->st_gid != getegid()) && fchown(fd, old->st_uid, old->st_gid) != 0) {
            /* not ours to give: the file becomes ours, as an editor's save would make it */
        }
        fchmod(fd, old->st_mode & 07777);
    } else {
        mode_t mask = umask(0);
        umask(mask);
        fchmod(fd, 0666 & ~mask);
    }
}

static void report_write_error(const OutFile *o, const char *shown, int err)
{
    if (!o->quiet)
        fprintf(stderr, "mapkit: error: writing %s: %s\n", shown, strerror(err));
}

static bool same_file(const struct stat *a, const struct stat *b)
{
    return a->st_dev == b->st_dev && a->st_ino == b->st_ino;
}

bool output_is_input(const char *path, const char *const *inputs, int ninputs, const char **which)
{
    struct stat out;
    if (stat(path, &out) != 0)
        return false;
    for (int i = 0; i < ninputs; i++) {
        struct stat in;
        bool is_stdin = strcmp(inputs[i], "-") == 0;
        if ((is_stdin ? fstat(STDIN_FILENO, &in) : stat(inputs[i], &in)) == 0 && same_file(&in, &out)) {
            *which = is_stdin ? "standard input" : inputs[i];
            return true;
        }
    }
    return false;
}

/* A device, a FIFO, a terminal: written where it is, never replaced by a
 * regular file. */
static bool open_in_place(OutFile *o, const char *path, bool readable)
{
    o->f = fopen(path, readable ? "w+b" : "wb");
    if (!o->f)
        report_write_error(o, path, errno);
    return o->f != NULL;
}

/* Through a temporary file beside the target (a symbolic link's when
 * `follow`); `old` is the target's status when it exists. */
static bool open_replacement(OutFile *o, const char *path, const struct stat *old, bool readable, bool follow)
{
    o->target = follow ? follow_links(path) : copy_of(path);
    if (!o->target) {
        report_write_error(o, path, errno);
        return false;
    }
    sigset_t saved;
    block_cleanup_signals(true, &saved);
    int fd = create_temp(o->target, &o->tmp);
    int err = errno;
    if (fd >= 0) {
        install_cleanup_handler();
        o->slot = register_temp(o->tmp);
    }
    block_cleanup_signals(false, &saved);
    if (fd >= 0) {
        give_mode(fd, old);
        o->f = fdopen(fd, readable ? "w+b" : "wb");
        err = errno;
    }
    if (!o->f) {
        if (fd >= 0)
            close(fd);
        output_discard(o);
        report_write_error(o, path, err);
        return false;
    }
    return true;
}

bool output_open(OutFile *o, const char *cmd, const char *path, const char *const *inputs, int ninputs,
                 bool readable)
{
    memset(o, 0, sizeof *o);
    o->slot = -1;
    o->shown = path;
    if (strcmp(path, "-") == 0) {
        o->f = stdout;
        o->shown = "standard output";
        return true;
    }
    struct stat st;
    bool exists = stat(path, &st) == 0;
    if (!exists && errno != ENOENT) {
        report_write_error(o, path, errno);
        return false;
    }
    if (exists && S_ISDIR(st.st_mode)) {
        report_write_error(o, path, EISDIR);
        return false;
    }
    if (exists && !S_ISREG(st.st_mode))
        return open_in_place(o, path, readable);
    const char *input;
    if (exists && output_is_input(path, inputs, ninputs, &input)) {
        fprintf(stderr, "mapkit %s: error: the output %s is the input %s (the same file); not overwritten\n", cmd,
                path, input);
        return false;
    }
    return open_replacement(o, path, exists ? &st : NULL, readable, true);
}

bool output_open_entry(OutFile *o, const char *path)
{
    memset(o, 0, sizeof *o);
    o->slot = -1;
    o->shown = path;
    o->quiet = true;
    struct stat st;
    bool regular = lstat(path, &st) == 0 && S_ISREG(st.st_mode);
    return open_replacement(o, path, regular ? &st : NULL, false, false);
}

/* Flushes (to the disk too, for a file about to replace another) and
 * closes f: 0, or the first error. */
static int close_stream(FILE *f, bool durable)
{
    int err = 0;
    if (fflush(f) != 0)
        err = errno;
    if (!err && ferror(f))
        err = EIO; /* a write failed earlier and its reason is gone */
    if (!err && durable && fsync(fileno(f)) != 0)
        err = errno;
    if (fclose(f) != 0 && !err)
        err = errno;
    return err;
}

/* Ends the temporary file's life: renamed over the target (commit) or
 * removed; 0 or the error of the rename. */
static int settle_temp(OutFile *o, bool commit)
{
    sigset_t saved;
    block_cleanup_signals(true, &saved);
    int err = commit && rename(o->tmp, o->target) != 0 ? errno : 0;
    if (!commit || err)
        unlink(o->tmp);
    if (o->slot >= 0)
        temps[o->slot] = NULL;
    block_cleanup_signals(false, &saved);
    return err;
}

static void forget(OutFile *o)
{
    free(o->tmp);
    free(o->target);
    o->tmp = o->target = NULL;
    o->f = NULL;
    o->slot = -1;
}

bool output_commit(OutFile *o)
{
    if (o->f == stdout) { /* its errors are output_finish_stdout's, once */
        output_flush(stdout);
        forget(o);
        return true;
    }
    int err = close_stream(o->f, o->tmp && !o->quiet); /* a lost cache entry is only a miss */
    if (o->tmp) {
        int moved = settle_temp(o, err == 0);
        err = err ? err : moved;
    }
    if (err)
        report_write_error(o, o->shown, err);
    forget(o);
    return !err;
}

void output_discard(OutFile *o)
{
    if (o->f && o->f != stdout)
        fclose(o->f);
    if (o->tmp)
        settle_temp(o, false);
    forget(o);
}

static int stdout_error; /* the reason of the standard output's first failed flush */

bool output_flush(FILE *f)
{
    if (fflush(f) == 0)
        return true;
    if (f == stdout && !stdout_error)
        stdout_error = errno;
    return false;
}

int output_finish_stdout(int code)
{
    int err = output_flush(stdout) ? 0 : stdout_error;
    if (!err && ferror(stdout))
        err = stdout_error ? stdout_error : EIO;
    /* a closed standard output that nothing was written to is no error */
    if (fclose(stdout) != 0 && !err && errno != EBADF)
        err = errno;
    if (!err)
        return code;
    fprintf(stderr, "mapkit: error: writing standard output: %s\n", strerror(err));
    return EXIT_INPUT;
}
