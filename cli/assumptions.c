/* The assumptions of a verdict, in each report format (see assumptions.h). */
#include "assumptions.h"

#include "check.h"
#include "print.h"

#include <stdlib.h>

#include <string.h>

/* The facts in order: the block size (-2), the grid size (-1), then the
 * parameter facts; false past the end. */
static bool fact_at(const Launch *l, int i, LaunchOrigin *from)
{
    if (i == -2 && launch_knows_some(l, true)) {
        *from = l->block_from;
        return true;
    }
    if (i == -1 && launch_knows_some(l, false)) {
        *from = l->grid_from;
        return true;
    }
    if (i >= 0 && i < l->nfacts) {
        *from = l->facts[i].from;
        return true;
    }
    return false;
}

static const char *source_name(LaunchSource s)
{
    static const char *const names[] = {
        [FROM_NONE] = "none",          [FROM_CLI] = "command-line",
        [FROM_GV_HEADER] = "gpuverify-header", [FROM_HOST] = "host",
        [FROM_LAUNCH_BOUNDS] = "launch-bounds", [FROM_ARRAY_BOUNDS] = "array-bounds",
        [FROM_COMPDB] = "compile-commands", [FROM_REQD_WORK_GROUP_SIZE] = "reqd-work-group-size",
    };
    return names[s];
}

static bool same_origin(LaunchOrigin a, LaunchOrigin b)
{
    return a.source == b.source && a.loc.file == b.loc.file && a.loc.off == b.loc.off;
}

/* The rules of C's integers the front end relied on (dsl/ast.h's CRule),
 * after the `used` characters of buf: "...; no signed integer overflow
 * (undefined in C)". */
static bool c_rules_line(const Kernel *k, char *buf, size_t n, size_t used)
{
    for (unsigned bit = 1; k && bit <= CRULE_HOST_SIZES; bit <<= 1) {
        if (!(k->c_rules & bit))
            continue;
        int w = snprintf(buf + used, n - used, "%s%s", used ? "; " : "", c_rule_text((CRule)bit));
        if (w < 0 || (size_t)w >= n - used)
            break;
        used += (size_t)w;
    }
    return used > 0;
}

/* `row[0 .. n + 1) nondecreasing`: the fact array d's declaration
 * states (docs/language.md 3.10); false when it states none. */
static bool array_fact_text(const ArrayDecl *d, char *buf, size_t n)
{
    if (!d->fact)
        return false;
    char *len = d->fact_len ? expr_to_string(d->fact_len) : NULL;
    if (len)
        snprintf(buf, n, "%s[0 .. %s) %s", d->name->u.var.name, len, array_fact_name((ArrayFact)d->fact));
    else
        snprintf(buf, n, "%s[] %s", d->name->u.var.name, array_fact_name((ArrayFact)d->fact));
    free(len);
    return true;
}

/* "blockDim = (256,1,1), n = 1024 from the launch at main.cu:88:5; ...":
 * facts of one origin together. */
bool assumptions_line(const KernelResult *res, char *buf, size_t n)
{
    const Launch *l = &res->launch;
    size_t used = 0;
    buf[0] = '\0';
    LaunchOrigin prev = {FROM_NONE, {0}};
    for (int i = -2; i < l->nfacts; i++) {
        LaunchOrigin from;
        if (!fact_at(l, i, &from))
            continue;
        char fact[160], origin[200];
        launch_fact_text(l, i, fact, sizeof fact);
        int next = i + 1;
        LaunchOrigin after;
        while (next < l->nfacts && !fact_at(l, next, &after))
            next++;
        bool last_of_group = next >= l->nfacts || !same_origin(after, from);
        launch_origin_text(from, origin, sizeof origin);
        const char *sep = !used ? "" : same_origin(prev, from) ? ", " : "; ";
        int w = snprintf(buf + used, n - used, "%s%s%s%s", sep, fact, last_of_group ? " from " : "",
                         last_of_group ? origin : "");
        if (w < 0 || (size_t)w >= n - used)
            break;
        used += (size_t)w;
        prev = from;
    }
    const Kernel *k = res->kernel;
    for (int i = 0; k && i < k->nassumes; i++) {
        int w = snprintf(buf + used, n - used, "%s%s", used ? "; " : "", k->assumes[i].text);
        if (w < 0 || (size_t)w >= n - used)
            break;
        used += (size_t)w;
    }
    for (int i = 0; k && i < k->narrays; i++) {
        char fact[256];
        if (!array_fact_text(&k->arrays[i], fact, sizeof fact))
            continue;
        Loc at = k->arrays[i].fact_loc;
        char from[64] = "--assume";
        if (at.file)
            snprintf(from, sizeof from, "stated at line %u", loc_line(at));
        int w = snprintf(buf + used, n - used, "%s%s (%s)", used ? "; " : "", fact, from);
        if (w < 0 || (size_t)w >= n - used)
            break;
        used += (size_t)w;
    }
    return c_rules_line(k, buf, n, used);
}

void assumptions_text(FILE *out, const KernelResult *res)
{
    char line[2048];
    if (assumptions_line(res, line, sizeof line))
        fprintf(out, "%s: note: kernel %s assumes: %s\n",
                res->kernel->loc.file ? res->kernel->loc.file->path : "", res->kernel->name, line);
}

/* One `{"fact","source","loc"}` of the JSON list. */
static void json_assumption(FILE *out, bool first, const char *fact, const char *source, Loc at)
{
    char loc[4096];
    fputs(first ? "{\"fact\":" : ",{\"fact\":", out);
    json_string(out, fact);
    fputs(",\"source\":", out);
    json_string(out, source);
    fputs(",\"loc\":", out);
    if (at.file) {
        snprintf(loc, sizeof loc, "%s:%u:%u", at.file->path, loc_line(at), loc_col(at));
        json_string(out, loc);
    } else {
        fputs("null", out);
    }
    fputc('}', out);
}

void assumptions_json(FILE *out, const KernelResult *res)
{
    const Launch *l = &res->launch;
    fputs(",\"assumptions\":[", out);
    bool first = true;
    for (int i = -2; i < l->nfacts; i++) {
        LaunchOrigin from;
        if (!fact_at(l, i, &from))
            continue;
        char fact[160];
        launch_fact_text(l, i, fact, sizeof fact);
        json_assumption(out, first, fact, source_name(from.source), from.loc);
        first = false;
    }
    /* what the front end assumed of the host (pointers that do not
     * overlap, __restrict__, an enum's range, a launch it could not read) */
    const Kernel *k = res->kernel;
    for (int i = 0; k && i < k->nassumes; i++, first = false)
        json_assumption(out, first, k->assumes[i].text, "inference", k->assumes[i].loc);
    /* the contents' facts the protocol states */
    for (int i = 0; k && i < k->narrays; i++) {
        char fact[256];
        if (array_fact_text(&k->arrays[i], fact, sizeof fact)) {
            json_assumption(out, first, fact, k->arrays[i].fact_loc.file ? "protocol" : "command-line",
                            k->arrays[i].fact_loc);
            first = false;
        }
    }
    /* the rules of C's integers it relied on (docs/inference.md, "Machine integers") */
    for (unsigned bit = 1; k && bit <= CRULE_HOST_SIZES; bit <<= 1) {
        if (!(k->c_rules & bit))
            continue;
        json_assumption(out, first, c_rule_text((CRule)bit), "c-semantics", (Loc){0});
        first = false;
    }
    fputc(']', out);
}

void assumptions_site(const KernelResult *res, char *buf, size_t n)
{
    const Launch *l = &res->launch;
    LaunchOrigin site = {FROM_NONE, {0}};
    for (int i = -2; i < l->nfacts && site.source != FROM_HOST; i++)
        if (!fact_at(l, i, &site))
            site.source = FROM_NONE;
    if (site.source == FROM_HOST && site.loc.file)
        snprintf(buf, n, " (launch at %s:%u:%u)", site.loc.file->path, loc_line(site.loc), loc_col(site.loc));
    else
        buf[0] = '\0';
}

void conditions_text(FILE *out, const KernelResult *res)
{
    if (!res->conditions)
        return;
    const char *path = res->kernel->loc.file ? res->kernel->loc.file->path : "";
    switch ((ConditionsKind)res->conditions_kind) {
    case COND_SOME:
        fprintf(out, "%s: kernel %s: DRF if %s", path, res->kernel->name, res->conditions);
        break;
    case COND_ALWAYS:
        fprintf(out, "%s: kernel %s: DRF for every launch and parameter value", path, res->kernel->name);
        break;
    case COND_NEVER:
        fprintf(out, "%s: kernel %s: DRF for no launch: it races or diverges whatever the sizes and "
                     "parameters", path, res->kernel->name);
        break;
    case COND_UNKNOWN:
        fprintf(out, "%s: kernel %s: no closed-form condition found: %s", path, res->kernel->name,
                res->conditions);
        break;
    }
    if (res->conditions_pinned && res->conditions_kind != COND_UNKNOWN)
        fprintf(out, " (among launches with %s: the axes the kernel does not use)", res->conditions_pinned);
    fputc('\n', out);
}

void conditions_json(FILE *out, const KernelResult *res)
{
    if (!res->conditions)
        return;
    fputs(",\"conditions\":{\"status\":", out);
    json_string(out, conditions_kind_name((ConditionsKind)res->conditions_kind));
    fputs(res->conditions_kind == COND_UNKNOWN ? ",\"reason\":" : ",\"condition\":", out);
    json_string(out, res->conditions);
    if (res->conditions_pinned) {
        fputs(",\"among\":", out);
        json_string(out, res->conditions_pinned);
    }
    fputc('}', out);
}

void fact_hint_text(FILE *out, const KernelResult *res)
{
    if (!res->fact_hint)
        return;
    const char *open = strchr(res->fact_hint, '(');
    int kind_len = open ? (int)(open - res->fact_hint) : 0;
    fprintf(out, "%s: note: kernel %s: DRF if %.*s[] is %.*s (add --assume '%s' if the data says so)\n",
            res->kernel->loc.file ? res->kernel->loc.file->path : "", res->kernel->name,
            open ? (int)strcspn(open + 1, ")") : 0, open ? open + 1 : "", kind_len, res->fact_hint, res->fact_hint);
}

void fact_hint_json(FILE *out, const KernelResult *res)
{
    if (!res->fact_hint)
        return;
    fputs(",\"fact_hint\":", out);
    json_string(out, res->fact_hint);
}
