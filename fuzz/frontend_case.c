/* A generated case through an external front end (frontend_case.h). */
#include "frontend_case.h"

#include "outdir.h"

#include "text.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* Our verdict on the tool's protocol of a kernel, against its label; a
 * protocol the theory does not admit is the tool's error. */
static AgainstCategory judge(Verdict label, Verdict verdict)
{
    bool mapped = verdict != V_ILLFORMED && verdict != V_ERROR;
    return against_categorize(label, EXT_EXITED, mapped, verdict);
}

/* The label's kernel i in the tool's protocol: by name, else by position
 * when both have as many kernels (a Faial-style protocol is named after
 * its file). */
static Kernel *counterpart(const Program *p, const Label *label, int i)
{
    for (int j = 0; j < p->nkernels; j++)
        if (strcmp(p->kernels[j]->name, label->k[i].kernel) == 0)
            return p->kernels[j];
    return p->nkernels == label->nkernels ? p->kernels[i] : NULL;
}

/* The first error line the front end's run reported. */
static char *first_error(const char *text)
{
    const char *err = strstr(text, "error: ");
    const char *line = err ? err + 7 : text;
    return strndup(line, strcspn(line, "\n"));
}

void frontend_case(const Frontend *fe, const char *cu, const Label *label, const RandLaunch *launch,
                   const OracleConfig *c, FrontendCase *out)
{
    memset(out, 0, sizeof *out);
    out->nkernels = label->nkernels;
    out->k = xcalloc((size_t)label->nkernels + 1, sizeof *out->k);
    char *said = NULL;
    size_t len = 0;
    FILE *stream = open_memstream(&said, &len);
    Diag d;
    diag_init(&d, stream ? stream : stderr);
    d.color = false;
    SrcFile *src = NULL;
    Program *p = frontend_load(fe, cu, &src, &d, &out->failure);
    if (stream)
        fclose(stream);
    if (!p)
        out->message = first_error(said ? said : "");
    free(said);
    for (int i = 0; i < label->nkernels; i++) {
        FrontendKernel *k = &out->k[i];
        k->name = strdup(label->k[i].kernel);
        k->label = label->k[i].v[OR_RUN];
        Kernel *mine = p ? counterpart(p, label, i) : NULL;
        k->verdict = mine ? oracle_check_kernel(mine, launch, c) : V_ERROR;
        k->category = out->failure == FE_TIMEOUT ? CAT_TIMEOUT : mine ? judge(k->label, k->verdict) : CAT_TOOL_ERROR;
        if (p && !mine && !out->message)
            out->message = strdup("a kernel is missing from the front end's protocol");
    }
    program_free(p);
    src_free(src);
}

void frontend_case_free(FrontendCase *fc)
{
    for (int i = 0; i < fc->nkernels; i++)
        free(fc->k[i].name);
    free(fc->k);
    free(fc->message);
    free(fc->shrunk);
    memset(fc, 0, sizeof *fc);
}

bool frontend_case_found(const FrontendCase *fc)
{
    for (int i = 0; i < fc->nkernels; i++)
        if (against_is_disagreement(fc->k[i].category))
            return true;
    return false;
}

void frontend_case_report(const char *name, const FrontendCase *fc, const char *dir)
{
    for (int i = 0; i < fc->nkernels; i++) {
        const FrontendKernel *k = &fc->k[i];
        if (against_is_disagreement(k->category))
            fprintf(stderr, "mapkit fuzz: %s: front end: kernel %s: %s (label %s, its protocol %s)%s%s\n", name,
                    k->name, against_category_name(k->category), verdict_name(k->label), verdict_name(k->verdict),
                    fc->message ? ": " : "", fc->message ? fc->message : "");
    }
    if (fc->shrunk)
        fprintf(stderr, "mapkit fuzz: %s: front end: shrunk from %d to %d statements in %d tries: %s/%s\n", name,
                fc->shrink.stmts_before, fc->shrink.stmts_after, fc->shrink.tries, dir, fc->shrunk);
}

void frontend_case_json(FILE *f, const FrontendCase *fc)
{
    fputs(",\"frontend\":{", f);
    if (fc->failure != FE_OK)
        fprintf(f, "\"failure\":\"%s\",", frontend_failure_name(fc->failure));
    if (fc->message) {
        fputs("\"message\":", f);
        json_string(f, fc->message);
        fputc(',', f);
    }
    fputs("\"kernels\":[", f);
    for (int i = 0; i < fc->nkernels; i++) {
        const FrontendKernel *k = &fc->k[i];
        fprintf(f, "%s{\"kernel\":", i ? "," : "");
        json_string(f, k->name);
        fprintf(f, ",\"label\":\"%s\",\"verdict\":\"%s\",\"category\":\"%s\"}", verdict_name(k->label),
                verdict_name(k->verdict), against_category_name(k->category));
    }
    fputc(']', f);
    if (fc->shrunk) {
        fputs(",\"shrunk\":{\"file\":", f);
        json_string(f, fc->shrunk);
        fprintf(f, ",\"stmts\":[%d,%d],\"tries\":%d}", fc->shrink.stmts_before, fc->shrink.stmts_after,
                fc->shrink.tries);
    }
    fputc('}', f);
}

/* ---- shrinking a finding ---- */

typedef struct Finding {
    const Frontend *fe;
    const Emitter *em;
    char try_name[300]; /* frontend/NAME.try: each candidate's CUDA */
    const char *kernel;
    Verdict label;
    AgainstCategory category;
    const RandLaunch *launch;
    const OracleConfig *oracle;
} Finding;

static int kernel_index(const Label *l, const char *name)
{
    for (int i = 0; i < l->nkernels; i++)
        if (strcmp(l->k[i].kernel, name) == 0)
            return i;
    return -1;
}

/* The shrinker's predicate: labelled alike, and the front end still errs alike. */
static bool still_found(const char *text, void *ctx)
{
    const Finding *f = ctx;
    Parsed p;
    if (!parsed_load(&p, "frontend.proto", text, NULL))
        return false;
    Label l;
    label_program(p.prog, f->launch, f->oracle, &l);
    int i = kernel_index(&l, f->kernel);
    bool found = false;
    if (i >= 0 && l.k[i].agreement == AGREE && l.k[i].v[OR_RUN] == f->label &&
        write_cuda(f->em, f->try_name, p.prog, &l, f->launch, false)) {
        char cu[4096];
        snprintf(cu, sizeof cu, "%s/%s.cu", f->em->dir, f->try_name);
        FrontendCase fc;
        frontend_case(f->fe, cu, &l, f->launch, f->oracle, &fc);
        found = fc.k[i].category == f->category;
        frontend_case_free(&fc);
        unlink(cu);
    }
    label_free(&l);
    parsed_free(&p);
    return found;
}

static const FrontendKernel *first_finding(const FrontendCase *fc)
{
    for (int i = 0; i < fc->nkernels; i++)
        if (against_is_disagreement(fc->k[i].category))
            return &fc->k[i];
    return NULL;
}

/* The reproducer's two files: the protocol, and its CUDA as the front end read it. */
static bool write_reproducer(const Finding *f, const char *min, const char *text, const char *provenance)
{
    Parsed p;
    if (!parsed_load(&p, "frontend.proto", text, NULL))
        return false;
    Label l;
    label_program(p.prog, f->launch, f->oracle, &l);
    char head[256];
    snprintf(head, sizeof head, "front end: kernel %s: %s (label %s)", f->kernel, against_category_name(f->category),
             verdict_name(f->label));
    bool ok = write_proto(f->em, min, head, f->launch, provenance, text) &&
              write_cuda(f->em, min, p.prog, &l, f->launch, false);
    label_free(&l);
    parsed_free(&p);
    return ok;
}

bool frontend_shrink(const Frontend *fe, const Emitter *em, const char *name, const char *canon,
                     const char *provenance, const RandLaunch *launch, const OracleConfig *c, int max_tries,
                     FrontendCase *fc)
{
    const FrontendKernel *k = first_finding(fc);
    if (!k || fc->shrunk)
        return false;
    Finding f = {fe, em, "", k->name, k->label, k->category, launch, c};
    snprintf(f.try_name, sizeof f.try_name, "frontend/%s.try", name);
    char dir[4096];
    snprintf(dir, sizeof dir, "%s/frontend", em->dir);
    if (!outdir_mkdir(dir, "fuzz"))
        return false;
    if (max_tries <= 0 || max_tries > FRONTEND_SHRINK_TRIES)
        max_tries = FRONTEND_SHRINK_TRIES;
    char *text = shrink_protocol(canon, still_found, &f, max_tries, &fc->shrink);
    char min[320];
    snprintf(min, sizeof min, "frontend/%s.min", name);
    bool ok = text && write_reproducer(&f, min, text, provenance);
    if (ok) {
        fc->shrunk = malloc(strlen(min) + 7);
        sprintf(fc->shrunk, "%s.proto", min);
    }
    free(text);
    return ok;
}
