/* Suppressions, baselines and fingerprints (see findings.h). */
#include "findings.h"

#include "arena.h"

#include <ctype.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

static const char marker[] = "mapkit-ignore:";

/* ---- fingerprints ---- */

/* FNV-1a: small, and the same on every platform (fingerprints are stored
 * in baselines and code scanning's database). */
static uint64_t fnv_bytes(uint64_t h, const char *s, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        h ^= (unsigned char)s[i];
        h *= 0x100000001b3ULL;
    }
    return h;
}

static uint64_t fnv_field(uint64_t h, const char *s)
{
    h = fnv_bytes(h, s ? s : "", s ? strlen(s) : 0);
    return fnv_bytes(h, "\x1f", 1); /* a separator: ("ab","c") != ("a","bc") */
}

/* Least significant byte first, whatever the machine's order. */
static uint64_t fnv_u64(uint64_t h, uint64_t v)
{
    for (int i = 0; i < 8; i++) {
        char byte = (char)(v >> (8 * i) & 0xff);
        h = fnv_bytes(h, &byte, 1);
    }
    return h;
}

/* The hash of line `line` (from 0) of f without its blanks. */
static uint64_t stripped_line_hash(const SrcFile *f, size_t line)
{
    uint64_t h = 0xcbf29ce484222325ULL;
    size_t i = f->line_starts[line];
    size_t end = line + 1 < f->nlines ? f->line_starts[line + 1] : f->len;
    for (; i < end; i++)
        if (!isspace((unsigned char)f->text[i]))
            h = fnv_bytes(h, f->text + i, 1);
    return h;
}

/* The text of l's line without its blanks, so that re-indenting or moving
 * the line keeps the fingerprint; and, for a line whose text an earlier
 * line of the file has too (two `__syncthreads();`), how many do: each
 * is an alarm of its own. */
static uint64_t fnv_line(uint64_t h, Loc l)
{
    if (!l.file)
        return fnv_field(h, "");
    const SrcFile *f = l.file;
    size_t line = loc_line(l) - 1;
    size_t i = f->line_starts[line];
    size_t end = line + 1 < f->nlines ? f->line_starts[line + 1] : f->len;
    for (; i < end; i++)
        if (!isspace((unsigned char)f->text[i]))
            h = fnv_bytes(h, f->text + i, 1);
    uint64_t text = stripped_line_hash(f, line), same_before = 0;
    for (size_t k = 0; k < line; k++)
        same_before += stripped_line_hash(f, k) == text;
    if (same_before) /* a line of its own text keeps the fingerprint it had */
        h = fnv_u64(h, same_before);
    return fnv_bytes(h, "\x1f", 1);
}

static uint64_t fnv_kernel(const char *rule, const KernelResult *r)
{
    uint64_t h = 0xcbf29ce484222325ULL;
    h = fnv_field(h, rule);
    h = fnv_field(h, r->kernel->loc.file ? r->kernel->loc.file->path : "");
    return fnv_field(h, r->kernel->name);
}

/* One side of a race: its access mode and its line's text. */
static uint64_t access_side(const Stmt *s)
{
    uint64_t h = fnv_field(0xcbf29ce484222325ULL, access_mode_name((AccessMode)s->u.access.mode));
    return fnv_line(h, s->loc);
}

/* The two sides in a fixed order, so that the alarm keeps its identity
 * whichever thread the witness calls T1 (a search for every pair and a
 * search for one pair per array may name them the other way round). */
uint64_t race_fingerprint(const KernelResult *r, const Witness *w)
{
    uint64_t h = fnv_kernel("data-race", r);
    h = fnv_field(h, w->array->name);
    uint64_t a = access_side(w->stmt1), b = access_side(w->stmt2);
    uint64_t lo = a < b ? a : b, hi = a < b ? b : a;
    return fnv_u64(fnv_u64(h, lo), hi);
}

uint64_t divergence_fingerprint(const KernelResult *r)
{
    return result_fingerprint("barrier-divergence", r, r->divergence.stmt1->loc);
}

uint64_t result_fingerprint(const char *rule, const KernelResult *r, Loc at)
{
    return fnv_line(fnv_kernel(rule, r), at);
}

void fingerprint_text(uint64_t fp, char buf[17])
{
    snprintf(buf, 17, "%016" PRIx64, fp);
}

/* ---- suppressions ---- */

static bool ident_char(char c)
{
    return isalnum((unsigned char)c) || c == '_';
}

/* What follows the kind, up to the end of the line or of the comment,
 * without blanks and parentheses around it: the user's reason. */
static void read_reason(const char *p, const char *end, Suppression *s)
{
    const char *close = p;
    while (close + 1 < end && !(close[0] == '*' && close[1] == '/'))
        close++;
    if (close + 1 < end)
        end = close;
    while (p < end && (isspace((unsigned char)*p) || *p == '(' || *p == '-' || *p == ':'))
        p++;
    while (end > p && (isspace((unsigned char)end[-1]) || end[-1] == ')'))
        end--;
    size_t n = (size_t)(end - p) < sizeof s->reason - 1 ? (size_t)(end - p) : sizeof s->reason - 1;
    memcpy(s->reason, p, n);
    s->reason[n] = '\0';
}

/* After "race on NAME": an optional "with line N", the line of the
 * race's other access (a suppression must match one alarm; this picks one
 * of several that share the commented line).  False when "with" is not
 * followed by a line number. */
static bool read_partner(const char **pp, const char *end, Suppression *s)
{
    const char *p = *pp;
    while (p < end && (*p == ' ' || *p == '\t'))
        p++;
    if (end - p < 5 || strncmp(p, "with", 4) != 0 || ident_char(p[4]))
        return true;
    p += 4;
    while (p < end && (*p == ' ' || *p == '\t'))
        p++;
    if (end - p < 5 || strncmp(p, "line", 4) != 0 || ident_char(p[4]))
        return false;
    p += 4;
    while (p < end && (*p == ' ' || *p == '\t'))
        p++;
    unsigned long line = 0;
    const char *digits = p;
    while (p < end && isdigit((unsigned char)*p) && line < 100000000UL)
        line = line * 10 + (unsigned long)(*p++ - '0');
    if (p == digits || line == 0 || (p < end && isdigit((unsigned char)*p)))
        return false;
    s->partner_line = (uint32_t)line;
    *pp = p;
    return true;
}

/* The kind, "race on NAME", "race" or "divergence"; *pp moves past it. */
static bool read_kind(const char **pp, const char *end, Suppression *s)
{
    const char *p = *pp;
    while (p < end && (*p == ' ' || *p == '\t'))
        p++;
    size_t word = 0;
    while (p + word < end && ident_char(p[word]))
        word++;
    if (word == 10 && strncmp(p, "divergence", 10) == 0) {
        s->divergence = true;
        *pp = p + 10;
        return true;
    }
    if (word != 4 || strncmp(p, "race", 4) != 0)
        return false;
    p += 4;
    *pp = p;
    while (p < end && (*p == ' ' || *p == '\t'))
        p++;
    if (p + 3 > end || strncmp(p, "on", 2) != 0 || (p[2] != ' ' && p[2] != '\t'))
        return true; /* any array */
    p += 3;
    while (p < end && (*p == ' ' || *p == '\t'))
        p++;
    size_t n = 0;
    while (p + n < end && ident_char(p[n]))
        n++;
    if (n == 0 || n >= sizeof s->array)
        return false;
    memcpy(s->array, p, n);
    s->array[n] = '\0';
    *pp = p + n;
    return read_partner(pp, end, s);
}

/* Reads "race on NAME", "race" or "divergence" after the marker, and the
 * reason after it; false when it is none of them. */
static bool read_suppression(const char *p, const char *end, Suppression *s)
{
    if (!read_kind(&p, end, s))
        return false;
    read_reason(p, end, s);
    return true;
}

/* True when the marker at `at` follows `//` or a comment opener on its line. */
static bool in_comment(const SrcFile *src, size_t at)
{
    size_t line = loc_line(loc_at(src, at)) - 1;
    const char *start = src->text + src->line_starts[line];
    for (const char *p = start; p + 1 < src->text + at; p++)
        if (p[0] == '/' && (p[1] == '/' || p[1] == '*'))
            return true;
    return false;
}

static void scan_file(Findings *f, const SrcFile *src, Diag *d)
{
    for (int i = 0; i < f->nscanned; i++)
        if (f->scanned[i] == src)
            return;
    VEC_GROW(f->scanned, f->nscanned, f->nscanned + 1);
    f->scanned[f->nscanned++] = src;
    const char *text = src->text, *end = src->text + src->len;
    for (const char *p = text; (p = strstr(p, marker)) != NULL; p += sizeof marker - 1) {
        if (!in_comment(src, (size_t)(p - text)))
            continue;
        Suppression s;
        memset(&s, 0, sizeof s);
        s.loc = loc_at(src, (size_t)(p - text));
        s.loc.len = sizeof marker - 2;
        const char *eol = memchr(p, '\n', (size_t)(end - p));
        if (!read_suppression(p + sizeof marker - 1, eol ? eol : end, &s)) {
            diag_at(d, SEV_WARNING, s.loc,
                    "cannot read this suppression (use 'race on NAME', 'race on NAME with line N', "
                    "'race' or 'divergence'); it is ignored");
            continue;
        }
        VEC_GROW(f->sup, f->nsup, f->nsup + 1);
        f->sup[f->nsup++] = s;
    }
}

/* A suppression of kind `divergence` on l's line or the line above it. */
static Suppression *divergence_suppression(Findings *f, Loc l, Diag *d)
{
    if (!l.file)
        return NULL;
    scan_file(f, l.file, d); /* a kernel in a project header */
    for (int i = 0; i < f->nsup; i++) {
        Suppression *s = &f->sup[i];
        uint32_t at = loc_line(s->loc);
        if (s->divergence && s->loc.file == l.file && (at == loc_line(l) || at + 1 == loc_line(l)))
            return s;
    }
    return NULL;
}

/* s sits on the line of the access at `at` or the line above it, names
 * its array (or none), and the race's other access is at `other` on the
 * line s names (if it names one). */
static bool covers_side(const Suppression *s, Loc at, Loc other, const char *array)
{
    uint32_t line = loc_line(at), by = loc_line(s->loc);
    if (s->divergence || !at.file || s->loc.file != at.file || (by != line && by + 1 != line))
        return false;
    if (s->array[0] && strcmp(s->array, array) != 0)
        return false;
    return !s->partner_line || (other.file == at.file && loc_line(other) == s->partner_line);
}

static bool covers_race(const Suppression *s, const Witness *w)
{
    const char *array = w->array->name;
    return covers_side(s, w->stmt1->loc, w->stmt2->loc, array) ||
           covers_side(s, w->stmt2->loc, w->stmt1->loc, array);
}

/* ---- baseline ---- */

/* Every fingerprint in an earlier report: JSON's "fingerprint":"..." and
 * SARIF's "mapkit/v2": "..." (v1 named the racing lines in the witness's
 * order, which the search may swap; those alarms count as new). */
static void read_fingerprints(Findings *f, const SrcFile *src)
{
    static const char *const keys[] = {"\"fingerprint\":\"", "\"mapkit/v2\": \""};
    for (size_t k = 0; k < sizeof keys / sizeof keys[0]; k++)
        for (const char *p = src->text; (p = strstr(p, keys[k])) != NULL;) {
            p += strlen(keys[k]);
            char *end;
            uint64_t fp = strtoull(p, &end, 16);
            if (end - p != 16)
                continue;
            VEC_GROW(f->baseline, f->nbaseline, f->nbaseline + 1);
            f->baseline[f->nbaseline++] = fp;
        }
}

static bool in_baseline(const Findings *f, uint64_t fp)
{
    for (int i = 0; i < f->nbaseline; i++)
        if (f->baseline[i] == fp)
            return true;
    return false;
}

/* A report with races whose search stopped at one race per array. */
static bool lists_one_race_per_array(const char *text)
{
    bool races = strstr(text, "\"races\":[{") || strstr(text, "\"ruleId\": \"data-race\"");
    return races && !strstr(text, "\"every_pair\":true") && !strstr(text, "\"everyPair\": true");
}

bool findings_init(Findings *f, const char *baseline_path, bool warn_unused, Diag *d)
{
    memset(f, 0, sizeof *f);
    f->warn_unused = warn_unused;
    if (!baseline_path)
        return true;
    SrcFile *src = src_load(baseline_path, d);
    if (!src)
        return false;
    f->has_baseline = true;
    read_fingerprints(f, src);
    bool looks_like_report = f->nbaseline > 0 || strstr(src->text, "\"status\":") ||
                             strstr(src->text, "\"version\": \"2.1.0\"");
    if (!looks_like_report)
        diag_plain(d, SEV_ERROR, baseline_path,
                   "not a mapkit report (want the output of --format=json or --format=sarif)");
    else if (lists_one_race_per_array(src->text))
        diag_plain(d, SEV_WARNING, baseline_path,
                   "this baseline was written without --all: it holds one race per array, so other races "
                   "on its arrays count as new; write it again with 'check --all'");
    src_free(src);
    return looks_like_report;
}

void findings_free(Findings *f)
{
    free(f->sup);
    free(f->scanned);
    free(f->baseline);
    memset(f, 0, sizeof *f);
}

bool findings_want_every_pair(Findings *f, const Kernel *k, Diag *d)
{
    if (f->has_baseline)
        return true;
    if (k->loc.file)
        scan_file(f, k->loc.file, d);
    for (int i = 0; i < f->nsup; i++)
        if (!f->sup[i].divergence)
            return true;
    return false;
}

void findings_begin_file(Findings *f, const SrcFile *src, Diag *d)
{
    if (src)
        scan_file(f, src, d);
}

void findings_end_file(Findings *f, Diag *d)
{
    for (int i = 0; i < f->nsup && f->warn_unused; i++) {
        const Suppression *s = &f->sup[i];
        if (s->used || s->told_ambiguous)
            continue;
        char what[96];
        snprintf(what, sizeof what, "%s%s%s", s->divergence ? "divergence" : "race",
                 s->array[0] ? " on " : "", s->array);
        diag_at(d, SEV_WARNING, s->loc, "unused suppression: no %s is reported on this line or the next%s",
                what, f->undecided ? " (a kernel of this file was not decided, so it may still be needed)" : "");
    }
    f->nsup = 0;
    f->nscanned = 0;
    f->undecided = false;
}

/* ---- settling one kernel ---- */

static HeldAlarm *hold(KernelFindings *kf, const Witness *w, bool divergence, uint64_t fp)
{
    VEC_GROW(kf->held, kf->nheld, kf->nheld + 1);
    HeldAlarm *h = &kf->held[kf->nheld++];
    memset(h, 0, sizeof *h);
    h->w = *w; /* moved: the witness's arrays now belong to kf */
    h->divergence = divergence;
    h->fingerprint = fp;
    return h;
}

/* The alarm is in the baseline: held (true), or it stays. */
static bool try_baseline(Findings *f, KernelFindings *kf, const Witness *w, bool divergence, uint64_t fp)
{
    if (!f->has_baseline || !in_baseline(f, fp))
        return false;
    hold(kf, w, divergence, fp)->why = HELD_BASELINED;
    return true;
}

static void hold_suppressed(KernelFindings *kf, const Witness *w, bool divergence, uint64_t fp,
                            Suppression *s)
{
    s->used++;
    HeldAlarm *h = hold(kf, w, divergence, fp);
    h->why = HELD_SUPPRESSED;
    h->by = s->loc;
    memcpy(h->reason, s->reason, sizeof h->reason);
}

/* A suppression that covers several alarms hides none of them: the user
 * judged one race, and any other on those lines is news (docs/ci.md). */
static void tell_ambiguous(Suppression *s, const KernelResult *r, const uint64_t *fps, Diag *d)
{
    if (s->told_ambiguous)
        return;
    s->told_ambiguous = true;
    char lines[160] = "";
    size_t used = 0;
    int distinct = 0;
    for (int i = 0; i < r->nraces; i++) {
        bool seen = false;
        for (int j = 0; j < i && !seen; j++)
            seen = fps[j] == fps[i] && covers_race(s, &r->races[j]);
        if (seen || !covers_race(s, &r->races[i]))
            continue;
        if (++distinct <= 4 && used < sizeof lines) {
            int w = snprintf(lines + used, sizeof lines - used, "%slines %u and %u", distinct > 1 ? "; " : "",
                             loc_line(r->races[i].stmt1->loc), loc_line(r->races[i].stmt2->loc));
            used += w > 0 ? (size_t)w : 0;
        }
    }
    diag_at(d, SEV_WARNING, s->loc,
            "this suppression matches %d races in kernel %s (%s%s) and hides none of them; write one per race, "
            "naming the other access's line ('race on %s with line N')",
            distinct, r->kernel->name, lines, distinct > 4 ? "; ..." : "", s->array[0] ? s->array : "NAME");
}

/* The suppression, by its index in f->sup, that holds race i: the first
 * that covers exactly one alarm (one fingerprint), that alarm; -1 for
 * none.  held[] is filled for every race. */
static void match_suppressions(Findings *f, const KernelResult *r, const uint64_t *fps, int *held, Diag *d)
{
    for (int i = 0; i < r->nraces; i++) {
        held[i] = -1;
        const Stmt *sides[2] = {r->races[i].stmt1, r->races[i].stmt2};
        for (int k = 0; k < 2; k++)
            if (sides[k]->loc.file) /* a kernel in a project header: its suppressions too */
                scan_file(f, sides[k]->loc.file, d);
    }
    for (int k = 0; k < f->nsup; k++) {
        Suppression *s = &f->sup[k];
        int first = -1;
        bool several = false;
        for (int i = 0; i < r->nraces && !several; i++)
            if (covers_race(s, &r->races[i])) {
                several = first >= 0 && fps[i] != fps[first];
                first = first < 0 ? i : first;
            }
        if (several) {
            tell_ambiguous(s, r, fps, d);
            continue;
        }
        for (int i = 0; first >= 0 && i < r->nraces; i++)
            if (held[i] < 0 && fps[i] == fps[first])
                held[i] = k;
    }
}

/* The verdict once held alarms are gone: what is left decides it. */
static void settle_verdict(KernelResult *r, bool divergence_held)
{
    if (r->verdict != V_RACY && !(r->verdict == V_DIVERGENT && divergence_held))
        return;
    if (r->nraces > 0)
        return;
    if (r->divergence.stmt1) {
        r->verdict = V_DIVERGENT;
    } else if (r->nsilenced > 0) {
        result_set_message(r, V_UNKNOWN, r->kernel->loc,
                           "its barrier divergence is suppressed, and races that a barrier which may "
                           "diverge could prevent were not looked for");
    } else if (r->message) {
        r->verdict = V_UNKNOWN; /* a race question was left undecided (its message says which) */
    } else if (r->opaque) {
        result_set_message(r, V_UNKNOWN, r->opaque->loc,
                           "its alarms are suppressed, and the protocol is incomplete ('opaque')");
    } else {
        r->verdict = V_DRF;
    }
}

/* The syncs found to diverge besides the reported one (KernelResult.
 * diverging): each is an alarm of its own, so the reported one is held
 * only when every other is suppressed or in the baseline too; one that is
 * not is named, and the divergence counts. */
static bool other_divergences_judged(Findings *f, const KernelResult *r, Diag *d)
{
    bool all = true;
    for (int i = 1; i < r->ndiverging; i++) {
        Loc at = r->diverging[i]->loc;
        Suppression *s = divergence_suppression(f, at, d);
        if (s)
            s->used++;
        else if (!(f->has_baseline && in_baseline(f, result_fingerprint("barrier-divergence", r, at)))) {
            diag_at(d, SEV_WARNING, at,
                    "kernel %s: this barrier may diverge too, and no suppression or baseline entry names it",
                    r->kernel->name);
            all = false;
        }
    }
    return all;
}

void findings_settle(Findings *f, KernelResult *r, KernelFindings *kf, Diag *d)
{
    memset(kf, 0, sizeof *kf);
    kf->has_baseline = f->has_baseline;
    uint64_t *fps = xcalloc((size_t)r->nraces + 1, sizeof *fps);
    int *held = xcalloc((size_t)r->nraces + 1, sizeof *held);
    for (int i = 0; i < r->nraces; i++)
        fps[i] = race_fingerprint(r, &r->races[i]);
    match_suppressions(f, r, fps, held, d);
    int kept = 0;
    for (int i = 0; i < r->nraces; i++) {
        if (held[i] >= 0)
            hold_suppressed(kf, &r->races[i], false, fps[i], &f->sup[held[i]]);
        else if (!try_baseline(f, kf, &r->races[i], false, fps[i]))
            r->races[kept++] = r->races[i];
    }
    r->nraces = kept;
    free(fps);
    free(held);
    bool divergence_held = false;
    if (r->divergence.stmt1) {
        uint64_t fp = divergence_fingerprint(r);
        Suppression *s = divergence_suppression(f, r->divergence.stmt1->loc, d);
        bool judged = s || (f->has_baseline && in_baseline(f, fp));
        if (judged && !other_divergences_judged(f, r, d))
            s = NULL, judged = false;
        if (s)
            hold_suppressed(kf, &r->divergence, true, fp, s);
        divergence_held = s || (judged && try_baseline(f, kf, &r->divergence, true, fp));
        if (divergence_held)
            memset(&r->divergence, 0, sizeof r->divergence);
    }
    settle_verdict(r, divergence_held);
    f->undecided |= r->verdict == V_UNKNOWN || r->verdict == V_ERROR;
    kf->exit_verdict = r->verdict;
    /* a baselined alarm is still there: the report says so, the exit code does not */
    for (int i = 0; i < kf->nheld; i++)
        if (kf->held[i].why == HELD_BASELINED && r->verdict != V_RACY)
            r->verdict = kf->held[i].divergence && !r->nraces ? V_DIVERGENT : V_RACY;
}

void kernel_findings_free(KernelFindings *kf)
{
    for (int i = 0; i < kf->nheld; i++)
        witness_free(&kf->held[i].w);
    free(kf->held);
    memset(kf, 0, sizeof *kf);
}
