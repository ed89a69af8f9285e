/* What a user has already judged: in-source suppressions
 * (`// mapkit-ignore: race on A`, `... race`, `... divergence`, on the
 * alarm's line or the line above it) and a baseline (`--baseline OLD.json`,
 * an earlier `--format=json` or `--format=sarif` report).  Every alarm gets
 * a fingerprint that does not move with line numbers: the rule, the file,
 * the kernel, the array, the access kinds and the text of the racing lines
 * (docs/ci.md, "Fingerprints").
 *
 * A suppressed or baselined alarm is taken out of the KernelResult (so it
 * changes neither the verdict nor the exit code) and kept in a
 * KernelFindings, which the reports list.
 *
 * Ownership: a Findings owns its suppressions and baseline
 * (findings_free); a KernelFindings owns the witnesses it holds
 * (kernel_findings_free).  Suppressions borrow their SrcFile, so
 * findings_end_file must run before the file is freed. */
#ifndef MAPKIT_FINDINGS_H
#define MAPKIT_FINDINGS_H

#include "diag.h"
#include "result.h"

#include <stdint.h>

typedef struct Suppression {
    Loc loc; /* the comment's `mapkit-ignore` */
    bool divergence;
    char array[64]; /* "": any array */
    uint32_t partner_line; /* "with line N": the race's other access is on line N (0: anywhere) */
    char reason[160]; /* the rest of the comment's line, trimmed ("" when none) */
    int used;
    bool told_ambiguous; /* its warning about matching several alarms is out */
} Suppression;

typedef struct Findings {
    Suppression *sup;
    int nsup;
    const SrcFile **scanned; /* files whose suppressions are in sup */
    int nscanned;
    uint64_t *baseline;
    int nbaseline;
    bool has_baseline;
    bool warn_unused; /* false when --kernel or --array leaves alarms unlooked-for */
    bool undecided;   /* a kernel of the current file ended without a verdict */
} Findings;

typedef enum { HELD_SUPPRESSED, HELD_BASELINED } HeldWhy;

typedef struct HeldAlarm {
    Witness w;       /* a race, or (divergence) the divergence */
    bool divergence;
    HeldWhy why;
    Loc by;          /* HELD_SUPPRESSED: the comment */
    char reason[160]; /* HELD_SUPPRESSED: the comment's reason ("" when none) */
    uint64_t fingerprint;
} HeldAlarm;

typedef struct KernelFindings {
    HeldAlarm *held;
    int nheld;
    bool has_baseline; /* SARIF's baselineState is written only then */
    Verdict exit_verdict; /* the verdict without the held alarms: the exit code's */
} KernelFindings;

/* baseline_path may be NULL.  False after an error reported to d (the
 * baseline cannot be read). */
bool findings_init(Findings *f, const char *baseline_path, bool warn_unused, Diag *d);
void findings_free(Findings *f);
/* The suppressions of a file about to be checked. */
void findings_begin_file(Findings *f, const SrcFile *src, Diag *d);
/* Warns about every suppression that matched nothing, and forgets them. */
void findings_end_file(Findings *f, Diag *d);

/* Whether k must be checked for every racing pair of access sites, not
 * one per array: a baseline or a race suppression is in play, and each
 * matches single alarms, so an alarm beside a judged one on the same
 * array must be found to be reported. */
bool findings_want_every_pair(Findings *f, const Kernel *k, Diag *d);

/* Moves r's suppressed and baselined alarms into kf and settles r's
 * verdict on what is left; a baselined alarm still makes r racy (or
 * divergent), but not kf->exit_verdict. */
void findings_settle(Findings *f, KernelResult *r, KernelFindings *kf, Diag *d);
void kernel_findings_free(KernelFindings *kf);

uint64_t race_fingerprint(const KernelResult *r, const Witness *w);
uint64_t divergence_fingerprint(const KernelResult *r);
/* Any other result of a kernel (unknown, a benign write, ...): its rule,
 * file, kernel and the text of the line at `at`. */
uint64_t result_fingerprint(const char *rule, const KernelResult *r, Loc at);
/* 16 lower-case hex digits and a NUL. */
void fingerprint_text(uint64_t fp, char buf[17]);

#endif
