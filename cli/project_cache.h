/* --cache DIR for projects (docs/projects.md, "The cache"): what a unit's
 * index holds, and what checking a unit's kernels printed, kept by content
 * hash so that a second run of an unchanged project parses nothing.
 *
 * An index entry is valid while every file the unit read (its own file and
 * the project headers it includes) hashes as it did, under the same flags
 * and mapkit version.  A result entry's key hashes mapkit's version, the
 * options, the unit's path, the kernels it infers, and the flags and the
 * files read of the unit and of every unit whose launches feed its kernels.
 *
 * Ownership: strings returned are malloc'd; nothing is kept between calls. */
#ifndef MAPKIT_PROJECT_CACHE_H
#define MAPKIT_PROJECT_CACHE_H

#include "options.h"
#include "project.h"

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

/* A 128-bit hash being computed (two FNV-1a lanes). */
typedef struct Hash {
    uint64_t a, b;
} Hash;

void hash_init(Hash *h);
void hash_bytes(Hash *h, const void *p, size_t n);
void hash_str(Hash *h, const char *s); /* with its terminator, so that "ab","c" differs from "a","bc" */
/* The file's content into h; false when it cannot be read. */
bool hash_file(Hash *h, const char *path);
/* The unit's path and flags. */
void hash_unit_flags(Hash *h, const InferUnit *u);
/* What the units' calls pass (calls.h), NULL when not all units were read. */
void hash_calls(Hash *h, const HostCalls *calls);
/* The options that change what check prints. */
void hash_options(Hash *h, const CliOptions *o);
/* Whether each include the unit missed may now be found (in the places
 * the front end looks for it), into h. */
void hash_missing(Hash *h, const InferUnit *u, const UnitIndex *x);
/* 32 hex digits and a NUL into out. */
void hash_hex(const Hash *h, char out[33]);

/* An index as text (the cache's entry, and what a worker of -j hands
 * back); reading checks that every file it read is unchanged. */
void index_write(FILE *f, const UnitIndex *x);
bool index_read(FILE *f, UnitIndex *x);

/* The unit's index from dir, when every file it read is unchanged. */
bool cache_load_index(const char *dir, const InferUnit *u, UnitIndex *x);
void cache_store_index(const char *dir, const InferUnit *u, const UnitIndex *x);

/* What checking a unit printed (standard output, standard error, and
 * the rows of the closing table), and its exit code. */
enum { RUN_OUT, RUN_ERR, RUN_ROWS, RUN_BLOCKS };
typedef struct UnitRun {
    char *block[RUN_BLOCKS];
    size_t len[RUN_BLOCKS];
    int code;
} UnitRun;

/* A run as text, and back. */
void run_write(FILE *f, const UnitRun *run);
bool run_read(FILE *f, UnitRun *run);

/* The run kept under key; false when there is none (or it is damaged). */
bool cache_load_result(const char *dir, const char *key, UnitRun *run);
void cache_store_result(const char *dir, const char *key, const UnitRun *run);
void unit_run_free(UnitRun *run);
/* A run's diagnostics to err, then its report to out, each flushed (a
 * unit's warnings come before its verdicts, as a file's do). */
void unit_run_print(const UnitRun *run, FILE *err, FILE *out);

#endif
