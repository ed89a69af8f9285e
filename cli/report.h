/* Reports of checking results: compiler-style text, JSON (one object per
 * kernel, DESIGN.md) and SARIF 2.1.0.  Borrows everything. */
#ifndef MAPKIT_REPORT_H
#define MAPKIT_REPORT_H

#include "findings.h"
#include "options.h"
#include "result.h"

#include <stdio.h>

typedef struct Reporter {
    FILE *out;
    Format format;
    bool color;
    int sarif_results; /* SARIF: results written so far (for commas) */
    const KernelFindings *findings; /* the kernel's fingerprints and held alarms (NULL: none) */
    bool explain;                   /* --explain: the threads' paths under each race */
} Reporter;

void reporter_begin(Reporter *r, FILE *out, Format format);
void report_result(Reporter *r, const KernelResult *res);
/* An error that prevented checking a file at all (already printed as a
 * diagnostic); JSON and SARIF still record it. */
void report_file_error(Reporter *r, const char *path);
/* A file nothing was checked in because a time limit came first. */
void report_file_unknown(Reporter *r, const char *path, const char *why);
void reporter_end(Reporter *r);

/* DESIGN.md's exit code of one verdict, and of several (2 > 1 > 3 > 4 > 0). */
int exit_code_of(Verdict v);
int combine_exit(int a, int b);

#endif
