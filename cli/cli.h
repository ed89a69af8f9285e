/* The mapkit driver's subcommands (git style: `mapkit CMD [opts] args`).
 * Each returns the process exit code of DESIGN.md:
 * 0 DRF/ok, 1 race, 2 usage or input error, 3 divergence/ill-formed, 4 unknown. */
#ifndef MAPKIT_CLI_H
#define MAPKIT_CLI_H

#include <stdbool.h>

enum { EXIT_OK = 0, EXIT_RACE = 1, EXIT_INPUT = 2, EXIT_DIVERGENT = 3, EXIT_UNKNOWN = 4 };

int cmd_fmt(int argc, char **argv);
int cmd_run(int argc, char **argv);
int cmd_check(int argc, char **argv);
int cmd_infer(int argc, char **argv);
int cmd_gen(int argc, char **argv);
int cmd_fuzz(int argc, char **argv);
int cmd_fixpoint(int argc, char **argv);
int cmd_emulate(int argc, char **argv);

/* Handles --help and --version for a subcommand; true when it did. */
bool cli_common_flag(const char *arg, const char *usage, int *exit_code);
void cli_usage_error(const char *cmd, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

#endif
