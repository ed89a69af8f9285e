/* bin/mapkit: a thin driver that dispatches to subcommands (DESIGN.md,
 * "Command line"). */
#include "cli.h"
#include "smt.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

static const char usage[] =
    "usage: mapkit <command> [options] [files]\n"
    "\n"
    "Memory access protocols for GPU kernels.\n"
    "\n"
    "commands:\n"
    "  check [opts] FILE.proto  data races and barrier divergence, with witnesses\n"
    "  fmt [-i] FILE.proto...   print (or rewrite) the canonical form\n"
    "  infer [opts] FILE.cu     CUDA -> protocols, one kernel block per __global__\n"
    "  gen [opts] FILE.proto    CUDA that nvcc compiles, one __global__ per kernel\n"
    "  run [opts] FILE.proto    run the protocol for concrete sizes: the reference semantics\n"
    "  fixpoint [opts] FILE|DIR infer -> gen -> infer round trips, classified; verdicts compared\n"
    "  fuzz [opts]              random labelled protocols and CUDA; --check: differential testing\n"
    "\n"
    "  mapkit <command> --help  describes a command\n"
    "  mapkit --version         prints the version\n";

bool cli_common_flag(const char *arg, const char *text, int *exit_code)
{
    if (strcmp(arg, "--help") == 0 || strcmp(arg, "-h") == 0) {
        fputs(text, stdout);
        *exit_code = EXIT_OK;
        return true;
    }
    if (strcmp(arg, "--version") == 0) {
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

int main(int argc, char **argv)
{
    if (argc < 2) {
        fputs(usage, stderr);
        return EXIT_INPUT;
    }
    const char *cmd = argv[1];
    int code;
    if (cli_common_flag(cmd, usage, &code))
        return code;
    if (strcmp(cmd, "fmt") == 0)
        return cmd_fmt(argc - 1, argv + 1);
    if (strcmp(cmd, "infer") == 0)
        return cmd_infer(argc - 1, argv + 1);
    if (strcmp(cmd, "check") == 0)
        return cmd_check(argc - 1, argv + 1);
    if (strcmp(cmd, "gen") == 0)
        return cmd_gen(argc - 1, argv + 1);
    if (strcmp(cmd, "run") == 0)
        return cmd_run(argc - 1, argv + 1);
    if (strcmp(cmd, "fuzz") == 0)
        return cmd_fuzz(argc - 1, argv + 1);
    if (strcmp(cmd, "fixpoint") == 0)
        return cmd_fixpoint(argc - 1, argv + 1);
    fprintf(stderr, "mapkit: error: unknown command '%s'\n\n%s", cmd, usage);
    return EXIT_INPUT;
}
