/* libclang's parse, abandoned at a deadline (parse_timed.c).
 *
 * libclang has no way to stop a parse, so a parse with a deadline runs on
 * a thread of its own, on deep copies of its inputs.  At the deadline the
 * caller goes on without it; the thread keeps running until libclang
 * returns, then disposes of the unit and the index and frees the copies.
 *
 * Ownership: on success the unit is the caller's, in the caller's index.
 * When abandoned, the index passes to the thread (*index set to NULL),
 * so the caller must not dispose of it. */
#ifndef MAPKIT_INFER_PARSE_TIMED_H
#define MAPKIT_INFER_PARSE_TIMED_H

#include <clang-c/Index.h>
#include <stdbool.h>

/* clang_parseTranslationUnit2 with KeepGoing; deadline_ms on
 * CLOCK_MONOTONIC in milliseconds, 0 for none.  *abandoned tells whether
 * the deadline came first (then the result is CXError_Failure, *tu NULL). */
enum CXErrorCode parse_within(CXIndex *index, const char *path, const char *const *args, int nargs,
                              struct CXUnsavedFile *files, unsigned nfiles, double deadline_ms,
                              CXTranslationUnit *tu, bool *abandoned);

/* How many parses this process has abandoned; a process with one still
 * running ends with _exit (parse_timed_exit), not through the C++ static
 * destructors the running parse may use. */
int parses_abandoned(void);

#endif
