/* The folders the harnesses write (`fuzz --out DIR`, `fixpoint --keep
 * DIR`; docs/fuzz.md and docs/fixpoint.md, "The output folder"): a run
 * writes over nothing it did not make itself.
 *
 * The rule: DIR is used when it does not exist (it is created), when it
 * is an empty folder, or with --force; `fuzz --against --resume` also
 * takes a folder with an earlier run's results.jsonl (or the part file
 * results.jsonl.N of an interrupted one), which it continues.
 * Any other folder (an earlier run's cases, somebody's files) is refused
 * before anything is written: `DIR: error: ...` naming --force, exit 2.
 *
 * Inside DIR no write goes through a symbolic link: a file is created
 * afresh (an entry of its name, a file or a link, is removed first, then
 * the file made with O_CREAT | O_EXCL | O_NOFOLLOW, so that the link's
 * target is left as it was), and a sub-folder that exists must be a
 * folder, not a link to one.  The folder given on the command line itself
 * may be a link: that is the user's choice.
 *
 * Ownership: nothing is kept; the paths are borrowed; outdir_create's
 * FILE is the caller's to fclose. */
#ifndef MAPKIT_FUZZ_OUTDIR_H
#define MAPKIT_FUZZ_OUTDIR_H

#include <stdbool.h>
#include <stdio.h>

typedef struct OutdirClaim {
    const char *command; /* "fuzz", "fixpoint": for the messages */
    const char *option;  /* "--out", "--keep" */
    bool force;          /* --force: any folder will do */
    const char *resumes; /* a file name's start that makes a folder one to continue (NULL: none) */
} OutdirClaim;

/* Applies the rule to dir and creates it when missing; false after
 * saying why on stderr (the caller exits 2). */
bool outdir_claim(const char *dir, const OutdirClaim *c);

/* Creates the folder path (its parent must exist), or accepts one that
 * is there and is no link; false after saying why on stderr. */
bool outdir_mkdir(const char *path, const char *command);

/* Opens path for writing, created afresh as above (mode "w" or "a": "a"
 * keeps an existing regular file, still never following a link); NULL
 * after saying why on stderr. */
FILE *outdir_create(const char *path, const char *mode, const char *command);

#endif
