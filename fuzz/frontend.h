/* Someone else's front end in our harnesses (docs/fixpoint.md,
 * "Another front end"): a command that reads a CUDA file and prints its
 * memory access protocol on stdout, in our syntax or in Faial's v1 syntax
 * (docs/language.md §2.2), takes the place of `infer`.  It is run through
 * fuzz/external.c: the template is split into words, `{}` in them is the
 * file's path, never read by a shell (without `{}` the path is appended;
 * fuzz/command.h), a time limit per run, and a crash,
 * a hang or garbage output is a failure with its category, never the end
 * of the caller.  Standard error is kept apart: its first line explains a
 * failure, it is never parsed.
 *
 * Ownership: the Frontend is borrowed; on success the Program and *src are
 * the caller's (program_free, then src_free), as for cli/input.h. */
#ifndef MAPKIT_FRONTEND_H
#define MAPKIT_FRONTEND_H

#include "ast.h"

typedef enum {
    FE_OK,
    FE_CRASHED,    /* killed by a signal (also a shell's 128+N for SIGSEGV and kin) */
    FE_TIMEOUT,    /* still running at the time limit, killed */
    FE_FAILED,     /* exited with a status other than 0 */
    FE_NOSTART,    /* could not be started (not found, not executable) */
    FE_UNPARSABLE, /* exited 0, but what it printed is not a protocol */
    FE_NFAILURES
} FrontendFailure;

typedef struct Frontend {
    const char *command; /* the template, e.g. "faial-infer {}" */
    int timeout_ms;      /* per run (<= 0: none) */
} Frontend;

/* --frontend-timeout's default, for fixpoint and fuzz alike. */
enum { FRONTEND_TIMEOUT_MS = 60000 };

/* Runs the front end on path and parses its output.  The protocol is
 * named after path (a Faial-style protocol without `kernel` takes the
 * file's name).  On failure returns NULL, sets *failure, and reports one
 * error to d: "path: error: the front end crashed (signal 11, ...): its
 * first line on stderr", or the parser's located errors. */
Program *frontend_load(const Frontend *fe, const char *path, SrcFile **src, Diag *d, FrontendFailure *failure);

/* "crashed", "timed out", "failed", "not started", "unparsable output". */
const char *frontend_failure_name(FrontendFailure f);

#endif
