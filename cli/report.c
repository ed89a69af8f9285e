/* Text, JSON and SARIF reports of races, divergences and verdicts
 * (DESIGN.md "Text reports"; [CAV21 Appendix A]'s race report). */
#include "report.h"
#include "output.h"

#include "assumptions.h"

#include "cli.h"
#include "explain.h"
#include "print.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

void reporter_begin(Reporter *r, FILE *out, Format format)
{
    memset(r, 0, sizeof *r);
    r->out = out;
    r->format = format;
    r->color = isatty(fileno(out)) && !getenv("NO_COLOR");
    if (format == FORMAT_SARIF)
        fputs("{\n  \"$schema\": \"https://json.schemastore.org/sarif-2.1.0.json\",\n"
              "  \"version\": \"2.1.0\",\n  \"runs\": [{\n"
              "    \"tool\": {\"driver\": {\"name\": \"mapkit\", \"version\": \"" MAPKIT_VERSION "\",\n"
              "      \"rules\": [\n"
              "        {\"id\": \"data-race\", \"shortDescription\": {\"text\": \"Data race\"}},\n"
              "        {\"id\": \"barrier-divergence\", \"shortDescription\": {\"text\": \"Barrier divergence\"}},\n"
              "        {\"id\": \"ill-formed\", \"shortDescription\": {\"text\": \"Ill-formed protocol\"}},\n"
              "        {\"id\": \"unknown\", \"shortDescription\": {\"text\": \"Could not decide\"}},\n"
              "        {\"id\": \"vacuous\", \"shortDescription\": {\"text\": \"No thread satisfies the preconditions\"}},\n"
              "        {\"id\": \"benign-write\", \"shortDescription\": {\"text\": \"Two threads write the same value to one cell\"}}]}},\n"
              "    \"results\": [",
              out);
}

int exit_code_of(Verdict v)
{
    switch (v) {
    case V_DRF: return EXIT_OK;
    case V_RACY: return EXIT_RACE;
    case V_DIVERGENT:
    case V_ILLFORMED: return EXIT_DIVERGENT;
    case V_UNKNOWN: return EXIT_UNKNOWN;
    case V_ERROR: return EXIT_INPUT;
    }
    return EXIT_INPUT;
}

int combine_exit(int a, int b)
{
    static const int rank[] = {[EXIT_OK] = 0, [EXIT_UNKNOWN] = 1, [EXIT_DIVERGENT] = 2,
                               [EXIT_RACE] = 3, [EXIT_INPUT] = 4};
    return rank[a] >= rank[b] ? a : b;
}

/* ---- text ---- */

static void cell_text(char *buf, size_t size, const Witness *w)
{
    size_t n = (size_t)snprintf(buf, size, "%s", w->array->name);
    for (int i = 0; i < w->ndims && n < size; i++)
        n += (size_t)snprintf(buf + n, size - n, "[%" PRId64 "]", w->index[i]);
    if (w->bytes && n < size)
        snprintf(buf + n, size - n, ", byte %" PRId64, w->byte);
}

/* A row's name; "i (line 7)" when another row has the same name (two
 * sibling loops over i), with the column too when they share the line. */
static void row_label(const Witness *w, int row, char *buf, size_t size)
{
    const Sym *s = w->locals[row].sym;
    bool clash = false, same_line = false;
    for (int i = 0; i < w->nlocals; i++) {
        const Sym *o = w->locals[i].sym;
        if (i == row || o == s || strcmp(o->name, s->name) != 0)
            continue;
        clash = true;
        same_line |= o->loc.file == s->loc.file && loc_line(o->loc) == loc_line(s->loc);
    }
    if (!clash || !s->loc.file)
        snprintf(buf, size, "%s", s->name);
    else if (same_line)
        snprintf(buf, size, "%s (line %u, column %u)", s->name, loc_line(s->loc), loc_col(s->loc));
    else
        snprintf(buf, size, "%s (line %u)", s->name, loc_line(s->loc));
}

static void print_tables(FILE *out, const Witness *w)
{
    if (w->nglobals) {
        fputs("  globals:", out);
        for (int i = 0; i < w->nglobals; i++)
            fprintf(out, "%s %s = %" PRId64, i ? "," : "", w->globals[i].sym->name,
                    w->globals[i].value);
        fputc('\n', out);
    }
    if (!w->nlocals)
        return;
    int width = 6;
    char label[320];
    for (int i = 0; i < w->nlocals; i++) {
        row_label(w, i, label, sizeof label);
        int n = (int)strlen(label);
        width = n > width ? n : width;
    }
    fprintf(out, "  %-*s %8s %8s\n", width, "locals", "T1", "T2");
    for (int i = 0; i < w->nlocals; i++) {
        const LocalRow *row = &w->locals[i];
        char v1[24] = "-", v2[24] = "-";
        if (row->has1)
            snprintf(v1, sizeof v1, "%" PRId64, row->v1);
        if (row->has2)
            snprintf(v2, sizeof v2, "%" PRId64, row->v2);
        row_label(w, i, label, sizeof label);
        fprintf(out, "  %-*s %8s %8s\n", width, label, v1, v2);
    }
}

/* Why an alarm is definite or potential, in words. */
static void alarm_reason(char *buf, size_t size, const KernelResult *res, const Witness *w)
{
    if (w->definite)
        snprintf(buf, size, "no unknown value is involved");
    else if (res->opaque)
        snprintf(buf, size, "the protocol is incomplete: 'opaque' at line %u", loc_line(res->opaque->loc));
    else if (res->nsilenced && w != &res->divergence)
        snprintf(buf, size, "the kernel may diverge at line %u; no barrier left out could prevent it",
                 loc_line(res->divergence.stmt1->loc));
    else
        snprintf(buf, size, "it depends on unknown values");
}

/* A block-scoped atomic in a race names its scope: it orders nothing
 * outside its block (docs/language.md, scoped races). */
static void note_block_scope(Diag *d, const Witness *w)
{
    const Stmt *s[2] = {w->stmt1, w->stmt2};
    for (int i = 0; i < 2; i++)
        if (s[i]->u.access.mode == ACC_ATOMIC && s[i]->u.access.scope == SCOPE_BLOCK) {
            diag_at(d, SEV_NOTE, s[i]->loc, "this atomic is block-scoped: it is atomic only among the threads "
                                            "of one block, not against T%d of another block", 2 - i);
            return;
        }
}

/* check --confirm's mark (cli/confirm.c), when asked. */
static void text_confirmed(FILE *out, const KernelResult *res, const Witness *w)
{
    if (w->confirmed)
        fprintf(out, "  kernel %s: %s\n", res->kernel->name,
                w->confirmed > 0 ? "confirmed by execution (mapkit emulate, with this witness's launch and values)"
                                 : "not reproduced on this input (mapkit emulate, with this witness's launch and values)");
}

static void json_confirmed(FILE *out, const Witness *w)
{
    if (w->confirmed)
        fprintf(out, ",\"confirmed\":%s", w->confirmed > 0 ? "true" : "false");
}

static void text_race(Reporter *r, const KernelResult *res, const Witness *w)
{
    Diag d;
    diag_init(&d, r->out);
    d.color = r->color;
    d.max_errors = 0;
    char cell[256];
    cell_text(cell, sizeof cell, w);
    AccessMode m1 = (AccessMode)w->stmt1->u.access.mode, m2 = (AccessMode)w->stmt2->u.access.mode;
    Loc l1 = w->stmt1->loc, l2 = w->stmt2->loc;
    bool same_line = l1.file == l2.file && loc_line(l1) == loc_line(l2);
    diag_at2(&d, SEV_ERROR, l1, same_line ? l2 : l1, "%s race on %s", race_kind(m1, m2), cell);
    if (!same_line)
        diag_at(&d, SEV_NOTE, l2, "the %s by T2", m2 == ACC_RD ? "read" : m2 == ACC_WR ? "write" : "atomic update");
    note_block_scope(&d, w);
    char why[128];
    alarm_reason(why, sizeof why, res, w);
    fprintf(r->out, "  kernel %s: %s race%s (%s)\n", res->kernel->name,
            w->definite ? "definite" : "potential", w->cross_block ? " between two blocks" : "", why);
    text_confirmed(r->out, res, w);
    print_tables(r->out, w);
    if (r->explain)
        explain_race(r->out, res->kernel, w);
}

static void text_divergence(Reporter *r, const KernelResult *res)
{
    Diag d;
    diag_init(&d, r->out);
    d.color = r->color;
    d.max_errors = 0;
    diag_at(&d, SEV_ERROR, res->divergence.stmt1->loc, "barrier divergence: %s",
            res->divergence.note ? res->divergence.note
                                 : "T1 reaches this sync and T2, in the same block, does not");
    char why[128];
    alarm_reason(why, sizeof why, res, &res->divergence);
    fprintf(r->out, "  kernel %s: %s divergence (%s)\n", res->kernel->name,
            res->divergence.definite ? "definite" : "potential", why);
    text_confirmed(r->out, res, &res->divergence);
    print_tables(r->out, &res->divergence);
    if (res->verdict == V_DIVERGENT && res->message) /* why the races are undecided */
        fprintf(r->out, "  kernel %s: %s\n", res->kernel->name, res->message);
    for (int i = 1; i < res->ndiverging; i++)
        diag_at(&d, SEV_NOTE, res->diverging[i]->loc, "kernel %s: this barrier may diverge too",
                res->kernel->name);
    if (res->nsilenced)
        fprintf(r->out, "  kernel %s: %d race%s that no sync that may diverge could prevent; races "
                "such a sync could prevent are not looked for (fix the divergence first)\n",
                res->kernel->name, res->nraces, res->nraces == 1 ? "" : "s");
}

/* " (1 suppressed, 2 in the baseline)", or "" when nothing was held. */
static void held_counts(const KernelFindings *kf, char *buf, size_t size)
{
    int n[2] = {0, 0};
    for (int i = 0; kf && i < kf->nheld; i++)
        n[kf->held[i].why]++;
    if (n[HELD_SUPPRESSED] && n[HELD_BASELINED])
        snprintf(buf, size, " (%d suppressed, %d in the baseline)", n[HELD_SUPPRESSED], n[HELD_BASELINED]);
    else if (n[HELD_SUPPRESSED] || n[HELD_BASELINED])
        snprintf(buf, size, " (%d %s)", n[0] + n[1], n[HELD_SUPPRESSED] ? "suppressed" : "in the baseline");
}

/* One line per held alarm: "what at file:line:col". */
static void held_text(char *buf, size_t size, const KernelResult *res, const HeldAlarm *h)
{
    char cell[256];
    Loc at = h->w.stmt1->loc;
    if (h->divergence) {
        snprintf(cell, sizeof cell, "barrier divergence");
    } else {
        char c[200];
        cell_text(c, sizeof c, &h->w);
        snprintf(cell, sizeof cell, "%s race on %s",
                 race_kind((AccessMode)h->w.stmt1->u.access.mode, (AccessMode)h->w.stmt2->u.access.mode), c);
    }
    snprintf(buf, size, "%s in kernel %s at %s:%u:%u", cell, res->kernel->name, at.file ? at.file->path : "",
             loc_line(at), loc_col(at));
}

static void text_held(Reporter *r, const KernelResult *res)
{
    for (int i = 0; r->findings && i < r->findings->nheld; i++) {
        const HeldAlarm *h = &r->findings->held[i];
        char what[512];
        held_text(what, sizeof what, res, h);
        if (h->why == HELD_SUPPRESSED)
            fprintf(r->out, "  suppressed: %s (mapkit-ignore at line %u%s%s)\n", what, loc_line(h->by),
                    h->reason[0] ? ": " : "", h->reason);
        else
            fprintf(r->out, "  in the baseline: %s\n", what);
    }
}

static void text_result(Reporter *r, const KernelResult *res)
{
    Diag d;
    diag_init(&d, r->out);
    d.color = r->color;
    d.max_errors = 0;
    switch (res->verdict) {
    case V_DRF:
        break;
    case V_RACY:
        for (int i = 0; i < res->nraces; i++)
            text_race(r, res, &res->races[i]);
        if (res->divergence.stmt1) /* both are reported (DESIGN.md "Divergence and races") */
            text_divergence(r, res);
        break;
    case V_DIVERGENT:
        if (res->divergence.stmt1) /* else it is in the baseline: listed below */
            text_divergence(r, res);
        break;
    case V_ILLFORMED:
    case V_ERROR:
        if (res->where.file)
            diag_at(&d, SEV_ERROR, res->where, "%s", res->message);
        else
            diag_plain(&d, SEV_ERROR, res->kernel->name, "%s", res->message);
        break;
    case V_UNKNOWN:
        if (res->divergence.stmt1) /* found before the race search was cut */
            text_divergence(r, res);
        if (res->where.file)
            diag_at(&d, SEV_WARNING, res->where, "kernel %s: unknown: %s", res->kernel->name,
                    res->message);
        else
            diag_plain(&d, SEV_WARNING, res->kernel->name, "unknown: %s", res->message);
        break;
    }
    const char *path = res->kernel->loc.file ? res->kernel->loc.file->path : "";
    if (res->warning)
        diag_plain(&d, SEV_WARNING, path, "kernel %s: %s", res->kernel->name, res->warning);
    for (int i = 0; i < res->nbenign; i++)
        diag_at(&d, SEV_NOTE, res->benign[i].loc, "%s", res->benign[i].text);
    assumptions_text(r->out, res);
    char site[4200];
    assumptions_site(res, site, sizeof site);
    char held[96] = "";
    held_counts(r->findings, held, sizeof held);
    fprintf(r->out, "%s: kernel %s: %s%s%s\n", res->kernel->loc.file ? res->kernel->loc.file->path : "",
            res->kernel->name, res->verdict == V_DRF ? "data-race free" : verdict_name(res->verdict), held, site);
    text_held(r, res);
    conditions_text(r->out, res);
    fact_hint_text(r->out, res);
}

/* ---- JSON ---- */

static void json_loc(FILE *out, Loc l)
{
    char buf[4096];
    snprintf(buf, sizeof buf, "%s:%u:%u", l.file ? l.file->path : "", loc_line(l), loc_col(l));
    json_string(out, buf);
}

static void json_locals(FILE *out, const Witness *w, int thread)
{
    fputs("\"locals\":{", out);
    bool first = true;
    char label[320];
    for (int i = 0; i < w->nlocals; i++) {
        const LocalRow *row = &w->locals[i];
        if (thread == 1 ? !row->has1 : !row->has2)
            continue;
        if (!first)
            fputc(',', out);
        first = false;
        row_label(w, i, label, sizeof label);
        json_string(out, label);
        fprintf(out, ":%" PRId64, thread == 1 ? row->v1 : row->v2);
    }
    fputc('}', out);
}

/* A thread of a race: its access and its values. */
static void json_thread(FILE *out, const Witness *w, int thread, const Stmt *s)
{
    fputs("{\"mode\":", out);
    json_string(out, access_mode_name((AccessMode)s->u.access.mode));
    if (s->u.access.mode == ACC_ATOMIC) {
        fputs(",\"scope\":", out);
        json_string(out, atomic_scope_name((AtomicScope)s->u.access.scope));
    }
    fputs(",\"loc\":", out);
    json_loc(out, s->loc);
    fputc(',', out);
    json_locals(out, w, thread);
    fputc('}', out);
}

static void json_globals(FILE *out, const Witness *w)
{
    fputc('{', out);
    for (int i = 0; i < w->nglobals; i++) {
        if (i)
            fputc(',', out);
        json_string(out, w->globals[i].sym->name);
        fprintf(out, ":%" PRId64, w->globals[i].value);
    }
    fputc('}', out);
}

static void json_fingerprint(FILE *out, uint64_t fp)
{
    char hex[17];
    fingerprint_text(fp, hex);
    fprintf(out, ",\"fingerprint\":\"%s\"", hex);
}

/* "suppressed":[...] and "baselined":[...]: the alarms the user has judged. */
static void json_held(Reporter *r, const KernelResult *res)
{
    static const char *const keys[] = {[HELD_SUPPRESSED] = "suppressed", [HELD_BASELINED] = "baselined"};
    for (int why = HELD_SUPPRESSED; why <= HELD_BASELINED && r->findings; why++) {
        int n = 0;
        for (int i = 0; i < r->findings->nheld; i++) {
            const HeldAlarm *h = &r->findings->held[i];
            if ((int)h->why != why)
                continue;
            fprintf(r->out, n++ ? ",{\"rule\":" : ",\"%s\":[{\"rule\":", keys[why]);
            json_string(r->out, h->divergence ? "barrier-divergence" : "data-race");
            char what[512];
            held_text(what, sizeof what, res, h);
            fputs(",\"message\":", r->out);
            json_string(r->out, what);
            fputs(",\"loc\":", r->out);
            json_loc(r->out, h->w.stmt1->loc);
            if (h->why == HELD_SUPPRESSED) {
                fputs(",\"by\":", r->out);
                json_loc(r->out, h->by);
                fputs(",\"reason\":", r->out);
                json_string(r->out, h->reason);
            }
            json_fingerprint(r->out, h->fingerprint);
            fputc('}', r->out);
        }
        if (n)
            fputc(']', r->out);
    }
}

/* The other syncs found to diverge, each with its fingerprint (a baseline
 * made of the report holds them too: findings.c). */
static void json_other_divergences(FILE *out, const KernelResult *res)
{
    if (res->ndiverging < 2)
        return;
    fputs(",\"also_diverging\":[", out);
    for (int i = 1; i < res->ndiverging; i++) {
        fputs(i > 1 ? ",{\"loc\":" : "{\"loc\":", out);
        json_loc(out, res->diverging[i]->loc);
        json_fingerprint(out, result_fingerprint("barrier-divergence", res, res->diverging[i]->loc));
        fputc('}', out);
    }
    fputc(']', out);
}

static void json_result(Reporter *r, const KernelResult *res)
{
    FILE *out = r->out;
    fputs("{\"kernel\":", out);
    json_string(out, res->kernel->name);
    fputs(",\"file\":", out);
    json_string(out, res->kernel->loc.file ? res->kernel->loc.file->path : "");
    fputs(",\"status\":", out);
    json_string(out, verdict_name(res->verdict));
    fputs(",\"engine\":", out);
    json_string(out, res->engine ? res->engine : "");
    if (res->every_pair) /* a baseline made of it lists every alarm (findings.h) */
        fputs(",\"every_pair\":true", out);
    fputs(",\"races\":[", out);
    for (int i = 0; i < res->nraces; i++) {
        const Witness *w = &res->races[i];
        if (i)
            fputc(',', out);
        fputs("{\"array\":", out);
        json_string(out, w->array->name);
        fputs(",\"index\":[", out);
        for (int j = 0; j < w->ndims; j++)
            fprintf(out, "%s%" PRId64, j ? "," : "", w->index[j]);
        fputc(']', out);
        if (w->bytes)
            fprintf(out, ",\"byte\":%" PRId64 ",\"byte_offset\":%" PRId64, w->byte, w->byte_at);
        fputs(",\"t1\":", out);
        json_thread(out, w, 1, w->stmt1);
        fputs(",\"t2\":", out);
        json_thread(out, w, 2, w->stmt2);
        fputs(",\"globals\":", out);
        json_globals(out, w);
        fprintf(out, ",\"definite\":%s,\"cross_block\":%s", w->definite ? "true" : "false",
                w->cross_block ? "true" : "false");
        json_confirmed(out, w);
        json_fingerprint(out, race_fingerprint(res, w));
        fputc('}', out);
    }
    fputc(']', out);
    if (res->divergence.stmt1) {
        fputs(",\"divergence\":{\"sync\":", out);
        json_loc(out, res->divergence.stmt1->loc);
        if (res->divergence.note) {
            fputs(",\"message\":", out);
            json_string(out, res->divergence.note);
        }
        fputs(",\"globals\":", out);
        json_globals(out, &res->divergence);
        fputs(",\"t1\":{", out);
        json_locals(out, &res->divergence, 1);
        fputs("},\"t2\":{", out);
        json_locals(out, &res->divergence, 2);
        fprintf(out, "},\"definite\":%s,\"silenced_syncs\":%d",
                res->divergence.definite ? "true" : "false", res->nsilenced);
        json_confirmed(out, &res->divergence);
        json_fingerprint(out, divergence_fingerprint(res));
        json_other_divergences(out, res);
        fputc('}', out);
    }
    json_held(r, res);
    if (res->message) {
        fputs(",\"message\":", out);
        json_string(out, res->message);
        if (res->where.file) {
            fputs(",\"where\":", out);
            json_loc(out, res->where);
        }
    }
    if (res->warning) {
        fputs(",\"warning\":", out);
        json_string(out, res->warning);
    }
    if (res->nbenign) { /* write-write pairs of one value, not races (--strict-writes) */
        fputs(",\"benign\":[", out);
        for (int i = 0; i < res->nbenign; i++) {
            fputs(i ? ",{\"array\":" : "{\"array\":", out);
            json_string(out, res->benign[i].array);
            fputs(",\"note\":", out);
            json_string(out, res->benign[i].text);
            fputs(",\"loc\":", out);
            json_loc(out, res->benign[i].loc);
            fputc('}', out);
        }
        fputc(']', out);
    }
    assumptions_json(out, res);
    conditions_json(out, res);
    fact_hint_json(out, res);
    fprintf(out, ",\"time_ms\":%.3f}\n", res->time_ms);
}

/* ---- SARIF ---- */

/* Bytes of line LINE (1-based) without its line break. */
static uint32_t sarif_line_length(const SrcFile *f, uint32_t line)
{
    size_t start = f->line_starts[line - 1];
    size_t end = line < f->nlines ? f->line_starts[line] : f->len;
    while (end > start && (f->text[end - 1] == '\n' || f->text[end - 1] == '\r'))
        end--;
    return (uint32_t)(end - start);
}

/* A region that ends where the range ends: on a later line (endLine) when
 * a statement spans lines, and never past its end line's last character.
 * Start column plus length ran past the line, which viewers reject or
 * clip at random (tests/cases/check/sarif-regions.test). */
static void sarif_region(FILE *out, Loc l)
{
    uint32_t line = loc_line(l), col = loc_col(l);
    if (!l.file) {
        fprintf(out, "\"region\": {\"startLine\": %u, \"startColumn\": %u, \"endColumn\": %u}", line, col, col + 1);
        return;
    }
    size_t end = (size_t)l.off + (l.len ? l.len : 1);
    if (end > l.file->len)
        end = l.file->len;
    Loc last = {l.file, end > l.off ? (uint32_t)end - 1 : l.off, 0};
    uint32_t end_line = loc_line(last);
    uint32_t end_col = end > l.off ? loc_col(last) + 1 : col;
    uint32_t width = sarif_line_length(l.file, end_line) + 1;
    if (end_col > width) /* the range took the line break, or ran past the file */
        end_col = width;
    if (end_line == line && end_col < col)
        end_col = col;
    fprintf(out, "\"region\": {\"startLine\": %u, \"startColumn\": %u", line, col);
    if (end_line != line)
        fprintf(out, ", \"endLine\": %u", end_line);
    fprintf(out, ", \"endColumn\": %u}", end_col);
}

/* A physical location's body: its file and region. */
static void sarif_physical(FILE *out, Loc l)
{
    fputs("{\"artifactLocation\": {\"uri\": ", out);
    json_string(out, l.file ? l.file->path : "");
    fputs("}, ", out);
    sarif_region(out, l);
    fputc('}', out);
}

static void sarif_location(FILE *out, Loc l)
{
    fputs("{\"physicalLocation\": ", out);
    sarif_physical(out, l);
    fputc('}', out);
}

/* What a SARIF result says besides its message and places: its
 * fingerprint, and whether the user has judged it. */
typedef struct SarifExtra {
    uint64_t fingerprint;
    const HeldAlarm *held; /* NULL: an alarm that counts */
    bool has_baseline;     /* baselineState: "new" for an alarm that counts */
    int confirmed;         /* check --confirm: Witness.confirmed */
    bool every_pair;       /* a race of a search for every pair (KernelResult.every_pair) */
} SarifExtra;

static void sarif_extra(FILE *out, const SarifExtra *x)
{
    char hex[17];
    fingerprint_text(x->fingerprint, hex);
    fprintf(out, ",\n       \"partialFingerprints\": {\"mapkit/v2\": \"%s\"}", hex);
    if (x->held && x->held->why == HELD_SUPPRESSED) {
        fprintf(out, ",\n       \"suppressions\": [{\"kind\": \"inSource\", \"location\": ");
        sarif_location(out, x->held->by);
        if (x->held->reason[0]) {
            fputs(", \"justification\": ", out);
            json_string(out, x->held->reason);
        }
        fputs("}]", out);
    }
    if (x->has_baseline)
        fprintf(out, ",\n       \"baselineState\": \"%s\"",
                x->held && x->held->why == HELD_BASELINED ? "unchanged" : "new");
    if (x->confirmed || x->every_pair)
        fprintf(out, ",\n       \"properties\": {%s%s%s%s}", x->every_pair ? "\"everyPair\": true" : "",
                x->confirmed && x->every_pair ? ", " : "", x->confirmed ? "\"confirmed\": " : "",
                !x->confirmed ? "" : x->confirmed > 0 ? "true" : "false");
}

static void sarif_result(Reporter *r, const char *rule, const char *level, const char *text,
                         Loc primary, const Loc *related, const SarifExtra *x)
{
    FILE *out = r->out;
    fprintf(out, "%s\n      {\"ruleId\": \"%s\", \"level\": \"%s\", \"message\": {\"text\": ",
            r->sarif_results++ ? "," : "", rule, level);
    json_string(out, text);
    fputs("},\n       \"locations\": [", out);
    sarif_location(out, primary);
    fputc(']', out);
    if (related) {
        fputs(",\n       \"relatedLocations\": [{\"id\": 1, \"physicalLocation\": ", out);
        /* relatedLocations take a location object: reuse the body */
        sarif_physical(out, *related);
        fputs("}]", out);
    }
    sarif_extra(out, x);
    fputc('}', out);
}

static void sarif_race(Reporter *r, const KernelResult *res, const Witness *w, const SarifExtra *x)
{
    char text[512], cell[256];
    cell_text(cell, sizeof cell, w);
    snprintf(text, sizeof text, "%s race on %s in kernel %s (%s)",
             race_kind((AccessMode)w->stmt1->u.access.mode, (AccessMode)w->stmt2->u.access.mode),
             cell, res->kernel->name, w->definite ? "definite" : "potential");
    sarif_result(r, "data-race", "error", text, w->stmt1->loc, &w->stmt2->loc, x);
}

static void sarif_divergence(Reporter *r, const KernelResult *res, const Witness *w, const SarifExtra *x)
{
    char text[512];
    snprintf(text, sizeof text, "barrier divergence in kernel %s%s%s%s", res->kernel->name,
             w->note ? ": " : "", w->note ? w->note : "",
             res->nsilenced ? " (races that a divergent sync could prevent are not looked for)" : "");
    sarif_result(r, "barrier-divergence", "error", text, w->stmt1->loc, NULL, x);
}

/* A result that is not an alarm: its fingerprint from its rule and line. */
static void sarif_other(Reporter *r, const KernelResult *res, const char *rule, const char *level,
                        const char *text, Loc at)
{
    SarifExtra x = {result_fingerprint(rule, res, at), NULL, false, 0, false};
    sarif_result(r, rule, level, text, at, NULL, &x);
}

static void sarif_kernel(Reporter *r, const KernelResult *res)
{
    char text[512];
    const KernelFindings *kf = r->findings;
    bool baseline = kf && kf->has_baseline;
    for (int i = 0; i < res->nraces; i++) {
        SarifExtra x = {race_fingerprint(res, &res->races[i]), NULL, baseline, res->races[i].confirmed,
                        res->every_pair};
        sarif_race(r, res, &res->races[i], &x);
    }
    if (res->divergence.stmt1) {
        SarifExtra x = {divergence_fingerprint(res), NULL, baseline, res->divergence.confirmed, false};
        sarif_divergence(r, res, &res->divergence, &x);
        for (int i = 1; i < res->ndiverging; i++) { /* each an alarm of its own (findings.c) */
            Loc at = res->diverging[i]->loc;
            SarifExtra other = {result_fingerprint("barrier-divergence", res, at), NULL, baseline, 0, false};
            snprintf(text, sizeof text, "barrier divergence in kernel %s: this barrier may diverge too",
                     res->kernel->name);
            sarif_result(r, "barrier-divergence", "error", text, at, NULL, &other);
        }
    } else if (res->message && res->verdict != V_RACY) {
        bool unknown = res->verdict == V_UNKNOWN;
        snprintf(text, sizeof text, "kernel %s: %s", res->kernel->name, res->message);
        sarif_other(r, res, unknown ? "unknown" : "ill-formed", unknown ? "warning" : "error", text,
                    res->where.file ? res->where : res->kernel->loc);
    }
    if (res->warning) {
        snprintf(text, sizeof text, "kernel %s: %s", res->kernel->name, res->warning);
        sarif_other(r, res, "vacuous", "warning", text, res->kernel->loc);
    }
    for (int i = 0; i < res->nbenign; i++) {
        snprintf(text, sizeof text, "kernel %s: %s", res->kernel->name, res->benign[i].text);
        sarif_other(r, res, "benign-write", "note", text, res->benign[i].loc);
    }
    for (int i = 0; kf && i < kf->nheld; i++) {
        const HeldAlarm *h = &kf->held[i];
        SarifExtra x = {h->fingerprint, h, baseline, 0, res->every_pair && !h->divergence};
        if (h->divergence)
            sarif_divergence(r, res, &h->w, &x);
        else
            sarif_race(r, res, &h->w, &x);
    }
    char assumed[400];
    if (assumptions_line(res, assumed, sizeof assumed)) {
        snprintf(text, sizeof text, "kernel %s assumes: %s", res->kernel->name, assumed);
        sarif_other(r, res, "assumptions", "note", text, res->kernel->loc);
    }
}

void report_result(Reporter *r, const KernelResult *res)
{
    switch (r->format) {
    case FORMAT_TEXT: text_result(r, res); break;
    case FORMAT_JSON: json_result(r, res); break;
    case FORMAT_SARIF: sarif_kernel(r, res); break;
    }
    output_flush(r->out); /* kernel by kernel: a kill loses only the kernel in progress */
}

void report_file_error(Reporter *r, const char *path)
{
    if (r->format == FORMAT_JSON) {
        fputs("{\"kernel\":null,\"file\":", r->out);
        json_string(r->out, path);
        fputs(",\"status\":\"error\",\"races\":[],\"time_ms\":0}\n", r->out);
    }
}

void report_file_unknown(Reporter *r, const char *path, const char *why)
{
    if (r->format == FORMAT_JSON) {
        fputs("{\"kernel\":null,\"file\":", r->out);
        json_string(r->out, path);
        fputs(",\"status\":\"unknown\",\"reason\":", r->out);
        json_string(r->out, why);
        fputs(",\"races\":[],\"time_ms\":0}\n", r->out);
    } else if (r->format == FORMAT_TEXT) {
        fprintf(r->out, "%s: unknown: %s\n", path, why);
    }
}

void reporter_end(Reporter *r)
{
    if (r->format == FORMAT_SARIF)
        fputs("\n    ]\n  }]\n}\n", r->out);
}
