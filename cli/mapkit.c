/* bin/mapkit: a thin driver that dispatches to subcommands (DESIGN.md,
 * "Command line"). */
#include "cli.h"
#include "diag.h"
#include "infer.h"
#include "output.h"
#include "parse.h"
#include "smt.h"

#include <malloc.h>
#include <pthread.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

static const char usage[] =
    "usage: mapkit <command> [options] [files]\n"
    "\n"
    "Memory access protocols for GPU kernels.\n"
    "\n"
    "commands:\n"
    /* one line a command: tools/completion.sh and man.sh read the first word of each */
    "  check [opts] FILE|DIR... data races and barrier divergence (.proto, .cu, .cl, folders, projects)\n"
    "  fmt [-i] FILE.proto...   print (or rewrite) the canonical form\n"
    "  infer [opts] FILE.cu     CUDA -> protocols, one kernel block per __global__\n"
    "  infer [opts] FILE.cl     OpenCL C -> protocols, one kernel block per __kernel\n"
    "  gen [opts] FILE.proto    CUDA that nvcc compiles, one __global__ per kernel\n"
    "  run [opts] FILE.proto    run the protocol for concrete sizes: the reference semantics\n"
    "  fixpoint [opts] FILE|DIR infer -> gen -> infer round trips, classified; verdicts compared\n"
    "  emulate [opts] FILE.cu   one launch of the kernel itself, run on the CPU: races seen\n"
    "  fuzz [opts]              random labelled protocols and CUDA; --check: differential testing\n"
    "  help [CMD]               this text, or a command's\n"
    "\n"
    "every command takes:\n"
    "  --max-input-size=BYTES   refuse a file or header larger than this (suffix K, M or G;\n"
    "                           default 64M): read no further, exit 2\n"
    "\n"
    "  mapkit <command> --help  describes a command\n"
    "  mapkit -V, --version     prints the version\n";

bool cli_common_flag(const char *arg, const char *text, int *exit_code)
{
    if (strcmp(arg, "--help") == 0 || strcmp(arg, "-h") == 0) {
        fputs(text, stdout);
        *exit_code = EXIT_OK;
        return true;
    }
    if (strcmp(arg, "--version") == 0 || strcmp(arg, "-V") == 0) {
        /* the Z3 that the calls really reach (Makefile, Z3_PIP) */
        printf("mapkit %s (Z3 %s)\n", MAPKIT_VERSION, smt_version());
        *exit_code = EXIT_OK;
        return true;
    }
    return false;
}

void cli_usage_error(const char *cmd, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    fprintf(stderr, "mapkit %s: error: ", cmd);
    vfprintf(stderr, fmt, ap);
    fprintf(stderr, "\n(see 'mapkit %s --help')\n", cmd);
    va_end(ap);
}

/* --max-input-size=BYTES (or --max-input-size BYTES), which every
 * command takes, taken out of argv (before a `--`) and set; false after
 * a usage error. */
static bool take_max_input_size(const char *cmd, int *argc, char **argv)
{
    static const char opt[] = "--max-input-size";
    int kept = 0;
    bool ok = true, files_only = false;
    for (int i = 0; i < *argc; i++) {
        const char *a = argv[i], *v = NULL;
        files_only |= strcmp(a, "--") == 0;
        if (files_only || strncmp(a, opt, sizeof opt - 1) != 0 || (a[sizeof opt - 1] && a[sizeof opt - 1] != '=')) {
            argv[kept++] = argv[i];
            continue;
        }
        v = a[sizeof opt - 1] == '=' ? a + sizeof opt : (i + 1 < *argc ? argv[++i] : NULL);
        size_t bytes;
        if (!v || !src_parse_size(v, &bytes)) {
            cli_usage_error(cmd, "bad --max-input-size (bytes, or with a suffix K, M or G): '%s'", v ? v : a);
            ok = false;
        } else {
            src_set_max_size(bytes);
        }
    }
    argv[kept] = NULL;
    *argc = kept;
    return ok;
}

/* The subcommand named cmd, or -1 when there is none. */
static int dispatch(const char *cmd, int argc, char **argv)
{
    static const struct {
        const char *name;
        int (*run)(int, char **);
    } commands[] = {{"fmt", cmd_fmt},   {"infer", cmd_infer}, {"check", cmd_check},       {"gen", cmd_gen},
                    {"run", cmd_run},   {"fuzz", cmd_fuzz},   {"fixpoint", cmd_fixpoint},
                    {"emulate", cmd_emulate}};
    for (size_t i = 0; i < sizeof commands / sizeof commands[0]; i++)
        if (strcmp(cmd, commands[i].name) == 0)
            return commands[i].run(argc, argv);
    return -1;
}

/* `mapkit help [CMD]`: the overview, or `mapkit CMD --help`. */
static int help(int argc, char **argv)
{
    if (argc < 2 || strcmp(argv[1], "help") == 0) {
        fputs(usage, stdout);
        return EXIT_OK;
    }
    char help_flag[] = "--help";
    char *args[] = {argv[1], help_flag, NULL};
    int code = dispatch(argv[1], 2, args);
    if (code >= 0)
        return code;
    fprintf(stderr, "mapkit help: error: unknown command '%s'\n\n%s", argv[1], usage);
    return EXIT_INPUT;
}

static int run_command_line(int argc, char **argv)
{
    if (argc < 2) {
        fputs(usage, stderr);
        return EXIT_INPUT;
    }
    const char *cmd = argv[1];
    int code;
    if (cli_common_flag(cmd, usage, &code))
        return code;
    if (strcmp(cmd, "help") == 0)
        return help(argc - 1, argv + 1);
    int nargs = argc - 1;
    if (!take_max_input_size(cmd, &nargs, argv + 1))
        return EXIT_INPUT;
    if ((code = dispatch(cmd, nargs, argv + 1)) >= 0)
        return code;
    fprintf(stderr, "mapkit: error: unknown command '%s'\n\n%s", cmd, usage);
    return EXIT_INPUT;
}

/* ---- a stack that memory bounds ----
 * Deeply nested protocols are walked by recursive passes; the main
 * thread's stack (8 MiB by default) would limit them to a few hundred
 * levels, so the command runs on a thread whose stack is reserved large
 * and used as needed. */
enum { BIG_STACK_BYTES = 512u << 20, BIG_STACK_PARSE_DEPTH = 200000 };

typedef struct CommandRun {
    int argc;
    char **argv;
    sigset_t mask; /* the process's, restored in the command's thread */
    int code;
} CommandRun;

static void *run_on_big_stack(void *arg)
{
    CommandRun *r = arg;
    pthread_sigmask(SIG_SETMASK, &r->mask, NULL); /* the signals come here, not to main's join */
    r->code = output_finish_stdout(run_command_line(r->argc, r->argv));
    return NULL;
}

/* The command on a big stack, or here (with the default nesting limit)
 * when no such thread can be made (a small address-space limit). */
static int run_command(int argc, char **argv)
{
    /* fuzz's workers end through exit() so that the sanitizers' leak check
     * runs in each; LeakSanitizer cannot scan the thread a fork left
     * behind (it reports what only that stack holds), and fuzz reads no
     * deep protocol of a user's: it runs here */
    if (argc > 1 && strcmp(argv[1], "fuzz") == 0)
        return output_finish_stdout(run_command_line(argc, argv));
    CommandRun r = {argc, argv, {{0}}, 0};
    sigset_t all;
    sigfillset(&all);
    pthread_sigmask(SIG_SETMASK, &all, &r.mask);
    pthread_attr_t attr;
    pthread_t t;
    parse_allow_depth(BIG_STACK_PARSE_DEPTH);
    bool made = pthread_attr_init(&attr) == 0 && pthread_attr_setstacksize(&attr, BIG_STACK_BYTES) == 0 &&
                pthread_create(&t, &attr, run_on_big_stack, &r) == 0;
    pthread_attr_destroy(&attr);
    if (made) {
        pthread_join(t, NULL);
    } else {
        parse_allow_depth(0); /* the default */
        pthread_sigmask(SIG_SETMASK, &r.mask, NULL);
        r.code = output_finish_stdout(run_command_line(argc, argv));
    }
    return r.code;
}

/* A report cut short by a full disk is no report: a failed write to the
 * standard output overrides the verdict's status. */
int main(int argc, char **argv)
{
#ifdef M_ARENA_MAX
    /* one malloc arena: the command's thread would otherwise get one of
     * its own, grown by an mprotect per step (a fifth of a small check) */
    mallopt(M_ARENA_MAX, 1);
#endif
#if defined(M_MMAP_THRESHOLD) && defined(M_TRIM_THRESHOLD)
    /* memory freed stays with the process: a Z3 context allocates some
     * 17 MB at once, which glibc maps and unmaps, so every context after
     * the first faulted its pages in again (a tenth of a small check) */
    mallopt(M_MMAP_THRESHOLD, 32 << 20);
    mallopt(M_TRIM_THRESHOLD, 256 << 20);
#endif
    int code = run_command(argc, argv);
    if (infer_parses_abandoned()) { /* a parse may still run in the C++ statics exit() would destroy */
        fflush(NULL);
        _exit(code);
    }
    return code;
}
