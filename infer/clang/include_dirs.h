/* Where a file's includes are looked for when no compilation database
 * gives its flags (docs/inference.md, "Headers"): the project's usual
 * include folders, and, for an include that stays missing, the folder
 * under the project's root that would provide it.  A missing include is
 * named once per run, wherever it is met again.
 *
 * Ownership: an IncludeDirs owns its strings (include_dirs_free); the
 * index of the project's files and the record of the includes already
 * named live as long as the process (one index per root; the record
 * keyed by the Diag's serial; both guarded by a mutex). */
#ifndef MAPKIT_INFER_INCLUDE_DIRS_H
#define MAPKIT_INFER_INCLUDE_DIRS_H

#include "infer.h"

typedef struct IncludeDirs {
    char *root;     /* the project's root: given, or the repository or build folder above the file */
    char **guessed; /* the usual folders that exist, in the order they are tried */
    int nguessed;
} IncludeDirs;

/* The project's root and usual folders for the file at path: its own
 * folder and its parent's, and their include/; the root's include/, src/,
 * inc/, common/ and common/inc/.  None when o->exact_include_dirs. */
void include_dirs_guess(const char *path, const InferOptions *o, IncludeDirs *out);
void include_dirs_free(IncludeDirs *dirs);

/* The folder under the root that holds `name` (`-I` of it would find the
 * include), malloc'd; NULL when no file under the root has that name. */
char *include_dirs_provider(const IncludeDirs *dirs, const char *name);

/* True the first time this include name, with this fix (the folder that
 * would provide it, or ""), is asked about for the Diag d (one per run:
 * diag_init numbers them): a missing include is named once, not once per
 * file, header or kernel that meets it (one -I fixes them all).  A quiet
 * Diag of its own (a project's index of each unit) hears it again. */
bool include_first_report(const Diag *d, const char *name, const char *fix);

#endif
