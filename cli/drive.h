/* The loop `check` and `run` share: load each file, take each kernel (or
 * the one --kernel names), hand it to an engine, report, and fold the exit
 * codes (DESIGN.md, "Exit codes").  Borrows the options. */
#ifndef MAPKIT_DRIVE_H
#define MAPKIT_DRIVE_H

#include "facts.h"
#include "findings.h"
#include "options.h"
#include "report.h"
#include "result.h"

/* cfg: the checker's configuration for this kernel and launch, built by
 * check_config_from_cli; its started_ms and started_while are the
 * kernel's clock (loading the file counts against --timeout). */
typedef KernelResult *(*KernelEngine)(const Facts *f, const CliOptions *o, const CheckConfig *cfg);

/* Where drive_program sends its results. */
typedef struct DriveSinks {
    KernelEngine engine;
    Reporter *rep;
    Findings *fs;
    Diag *d;
    /* each kernel's result under one launch, with its exit code (NULL:
     * none wanted): a project's closing table */
    void (*on_result)(void *ctx, const Kernel *k, int code, double time_ms);
    void *ctx;
    /* a kernel checked under several launches ends with its one verdict
     * (text reports of a project) */
    bool kernel_verdicts;
} DriveSinks;

/* The kernels of p (loaded from src with file_o, the options for the
 * file, from load_start on the checker's clock), each under each of its
 * launches; frees p and src.  Returns the exit code. */
int drive_program(const CliOptions *file_o, Program *p, SrcFile *src, double load_start, const DriveSinks *out);

/* Every kernel is checked once per distinct launch: the options' own
 * when the host code launches it nowhere (or --no-host), else each host
 * site's under the options (launch_override). */
int drive_kernels(const CliOptions *o, KernelEngine engine);
/* Has some kernel of p a uniform variable called name? */
bool drive_has_uniform(const Program *p, const char *name);
/* --kernel names a kernel of p, and each -p a uniform of one; errors to d. */
bool drive_names_exist(const CliOptions *o, const Program *p, const char *path, Diag *d);

/* docs/checker.md: assumptions that contradict each other rule out every
 * execution, so any verdict would be vacuous.  That is an input error
 * (exit 2): an error at the kernel and a note at each assumption of the
 * conflict, to d, and a kernel with status "error" to rep when it writes
 * JSON or SARIF (rep may be NULL).  False when the kernel is not to be
 * checked; an undecided query warns and lets it be checked. */
bool assumptions_hold(const Facts *f, const CheckConfig *cfg, Reporter *rep, Diag *d);

/* When libclang's parse of a file is given up: at a kernel's time limit
 * (--timeout, or the command's default), or the file's if sooner, counted
 * from load_start (now_ms's clock); 0: never. */
double drive_parse_deadline(const CliOptions *o, double load_start);
#define DRIVE_PARSE_CUT "libclang's parse had not ended at the time limit (--timeout)"

#endif
