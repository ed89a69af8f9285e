/* Build flags from a compilation database (docs/inference.md): the -D, -I
 * and -std a file is compiled with, read from compile_commands.json the
 * way clang tools read it: from the directory --compdb names, else from
 * the nearest one in the file's directory or above it.
 *
 * Ownership: a CompDb owns its strings (compdb_free). */
#ifndef MAPKIT_COMPDB_H
#define MAPKIT_COMPDB_H

#include "diag.h"

#include <stdbool.h>

typedef struct CompDb {
    char *json;     /* the compile_commands.json read (NULL: none found) */
    char **includes; /* absolute or relative to the working directory */
    int nincludes;
    char **defines; /* NAME or NAME=VALUE */
    int ndefines;
    char *std; /* "c++14", "gnu++17", ...; NULL: not given */
    bool found; /* the database has an entry for the file */
} CompDb;

/* Reads the flags of `path`.  dir: --compdb's directory (NULL: search
 * upwards from path).  False after an error reported to d (a database
 * --compdb names that cannot be read, or is not JSON); true otherwise,
 * with out->found telling whether an entry matched. */
bool compdb_flags(const char *dir, const char *path, CompDb *out, Diag *d);
void compdb_free(CompDb *c);
/* The source file of every entry of DIR/compile_commands.json (each
 * once, joined to its directory), malloc'd like their array; false after
 * an error reported to d. */
bool compdb_files(const char *dir, char ***files, int *n, Diag *d);

#endif
