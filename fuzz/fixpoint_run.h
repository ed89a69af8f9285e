/* `mapkit fixpoint` over files and folders (docs/fixpoint.md): the files
 * sorted, sharded and resumed, each in a worker of the pool (pool.h), so
 * that a crash costs one file; one JSON line per kernel, a text line or
 * the line itself on stdout, a summary table and an SVG chart like
 * [VST Fig. 5 and 7].  cli/fixpoint.c only reads the options.
 *
 * Ownership: everything is borrowed; nothing is owned after the call. */
#ifndef MAPKIT_FIXPOINT_RUN_H
#define MAPKIT_FIXPOINT_RUN_H

#include "fixpoint.h"

typedef struct FpRunOptions {
    FpOptions fp;          /* for each file */
    int jobs;              /* files in parallel */
    int shard_k, shard_n;  /* only every shard_n-th file from the shard_k-th (1-based) */
    const char *results;   /* append the JSON lines here as each file ends (NULL: none) */
    bool resume;           /* skip the files results already has */
    FILE *svg;             /* the chart, written to this stream (NULL: none); the caller opens
                              and closes it (cli/output.h: never half written) */
    bool json;             /* JSON lines on stdout and the summary on stderr */
    const char *frontend;  /* the command of an external front end, for the summary (NULL: infer) */
    bool force;            /* --force: a --keep folder that is not empty is written into */
} FpRunOptions;

/* Exit status: 0 when every kernel is fixed with consistent verdicts, 1
 * otherwise, 2 when a file had nothing to check, no file was found, the
 * --keep folder is refused (fuzz/outdir.h) or the results file cannot be
 * written; 128 + N when signal N (SIGTERM, SIGINT) stopped the run. */
int fixpoint_run(const FpRunOptions *o, const char *const *paths, int npaths);

#endif
