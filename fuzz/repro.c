/* Minimal reproducers of [VST Sec. 3-style] inconsistencies (docs/fuzz.md). */
#include "repro.h"

#include "fixpoint.h"
#include "gen.h"
#include "infer.h"
#include "text.h"

#include <stdlib.h>
#include <string.h>

const char *bug_kind_name(BugKind k)
{
    static const char *const names[] = {[BUG_VERDICT] = "verdict", [BUG_ROUNDTRIP] = "roundtrip",
                                        [BUG_CODEGEN] = "codegen", [BUG_FRONTEND] = "frontend",
                                        [BUG_FRONTEND_OPENCL] = "frontend-opencl"};
    return names[k];
}

bool codegen_ok(Program *p)
{
    GenOptions o = {0};
    o.source_name = "fuzz.proto";
    gen_default_dims(p, o.launch.block_dim, o.launch.grid_dim);
    size_t n1 = 0, n2 = 0;
    char *a = gen_program(p, &o, &n1);
    char *b = gen_program(p, &o, &n2);
    bool ok = a && b && n1 > 0 && n1 == n2 && memcmp(a, b, n1) == 0;
    free(a);
    free(b);
    return ok;
}

/* Any semantic difference between the i-th kernels of a and b; the first
 * one's detail goes to *why (malloc'd) when why is not NULL. */
static bool kernels_agree(Program *a, Program *b, char **why)
{
    if (a->nkernels != b->nkernels) {
        if (why)
            *why = strdup("the number of kernels changed");
        return false;
    }
    for (int i = 0; i < a->nkernels; i++) {
        canonical_form(a, a->kernels[i]);
        canonical_form(b, b->kernels[i]);
        FpDiff *diffs = NULL;
        int n = 0;
        compare_kernels(a->kernels[i], b->kernels[i], 5000, &diffs, &n);
        bool semantic = false;
        for (int j = 0; j < n; j++) {
            if (why && !semantic && diffs[j].semantic)
                *why = strdup(diffs[j].detail);
            semantic |= diffs[j].semantic;
            free(diffs[j].detail);
        }
        free(diffs);
        if (semantic)
            return false;
    }
    return true;
}

bool frontend_agrees(Program *p, const GenOptions *shape, char **cuda, char **why)
{
    bool opencl = shape->lang == GEN_OPENCL;
    GenOptions o = {0};
    o.source_name = "fuzz.proto";
    o.lang = shape->lang;
    o.style = shape->style;
    o.templates = shape->templates;
    o.helpers = shape->helpers;
    size_t len = 0;
    char *cu = gen_program(p, &o, &len);
    char *text = canonical_text(p);
    Parsed copy; /* the comparison renames unknowns: never in p itself */
    bool ok = false;
    if (cu && text && parsed_load(&copy, "fuzz.proto", text, NULL)) {
        SrcFile *src = src_from_memory(opencl ? "fuzz.cl" : "fuzz.cu", cu, len);
        FILE *quiet = fopen("/dev/null", "w");
        Diag d;
        diag_init(&d, quiet ? quiet : stderr);
        InferOptions io = {0};
        io.lang = opencl ? INFER_OPENCL : INFER_CUDA;
        Program *back = infer_program(src, &io, &d);
        ok = back && kernels_agree(copy.prog, back, why);
        if (!back && why)
            *why = strdup("the front end could not read the generated code");
        program_free(back);
        src_free(src);
        if (quiet)
            fclose(quiet);
        parsed_free(&copy);
    }
    free(text);
    if (cuda)
        *cuda = cu;
    else
        free(cu);
    return ok;
}

bool frontend_opencl_ok(Program *p)
{
    GenOptions opencl = {.lang = GEN_OPENCL};
    return frontend_agrees(p, &opencl, NULL, NULL);
}

static bool same_verdicts(const Bug *b, const Label *l)
{
    for (int i = 0; i < l->nkernels; i++) {
        const KernelLabel *k = &l->k[i];
        if (strcmp(k->kernel, b->kernel) == 0)
            return memcmp(k->v, b->v, sizeof k->v) == 0;
    }
    return false;
}

bool bug_present(const Bug *b, const char *text, const RandLaunch *l, const OracleConfig *c)
{
    Parsed p;
    if (!parsed_load(&p, "repro.proto", text, NULL))
        return false;
    bool present = false;
    if (b->kind == BUG_ROUNDTRIP) {
        present = !roundtrip_ok(p.prog, NULL);
    } else if (b->kind == BUG_CODEGEN) {
        present = !codegen_ok(p.prog);
    } else if (b->kind == BUG_FRONTEND) {
        present = !frontend_agrees(p.prog, &b->shape, NULL, NULL);
    } else if (b->kind == BUG_FRONTEND_OPENCL) {
        present = !frontend_opencl_ok(p.prog);
    } else {
        Label label;
        label_program(p.prog, l, c, &label);
        present = same_verdicts(b, &label);
        label_free(&label);
    }
    parsed_free(&p);
    return present;
}

typedef struct Context {
    const Bug *bug;
    const RandLaunch *launch;
    const OracleConfig *oracle;
} Context;

static bool still_there(const char *text, void *ctx)
{
    const Context *c = ctx;
    return bug_present(c->bug, text, c->launch, c->oracle);
}

/* Smaller launches to try, in order; how many were written. */
int smaller_launches(const RandLaunch *l, RandLaunch *out)
{
    int n = 0;
    if (l->grid_dim[0] > 1) {
        out[n] = *l;
        out[n++].grid_dim[0] = 1;
    }
    if (l->block_dim[1] > 1) {
        out[n] = *l;
        out[n++].block_dim[1] = 1;
    }
    const int64_t x = l->block_dim[0];
    const int64_t xs[] = {1, 2, x / 2, x - 1};
    for (size_t i = 0; i < sizeof xs / sizeof *xs; i++)
        if (xs[i] >= 1 && xs[i] < x && (i == 0 || xs[i] != xs[i - 1])) {
            out[n] = *l;
            out[n++].block_dim[0] = xs[i];
        }
    return n;
}

/* Only verdicts depend on the launch. */
static void shrink_launch(const Bug *b, const char *text, const OracleConfig *c, RandLaunch *l, int *tries)
{
    bool progress = b->kind == BUG_VERDICT;
    while (progress) {
        progress = false;
        RandLaunch cand[8];
        int n = smaller_launches(l, cand);
        for (int i = 0; i < n && !progress; i++) {
            ++*tries;
            if (bug_present(b, text, &cand[i], c)) {
                *l = cand[i];
                progress = true;
            }
        }
    }
}

static bool declares_uniform(const Program *p, const char *name)
{
    for (int i = 0; i < p->nkernels; i++)
        for (int j = 0; j < p->kernels[i]->nvars; j++) {
            const VarDecl *v = &p->kernels[i]->vars[j];
            if (v->scope == VAR_UNIFORM && strcmp(v->name->u.var.name, name) == 0)
                return true;
        }
    return false;
}

/* `mapkit run -p n=1` rejects a name no kernel declares: drop the values of
 * uniforms the shrinker removed. */
void drop_unused_params(const char *text, RandLaunch *l)
{
    Parsed p;
    if (!parsed_load(&p, "repro.proto", text, NULL))
        return;
    int kept = 0;
    for (int i = 0; i < l->nparams; i++)
        if (declares_uniform(p.prog, l->param_name[i])) {
            memmove(l->param_name[kept], l->param_name[i], sizeof l->param_name[i]);
            l->param_value[kept++] = l->param_value[i];
        }
    l->nparams = kept;
    parsed_free(&p);
}

void repro_minimize(const Bug *b, const char *text, const RandLaunch *l, const OracleConfig *c, int max_tries,
                    Repro *out)
{
    memset(out, 0, sizeof *out);
    out->launch = *l;
    int launch_tries = 0;
    shrink_launch(b, text, c, &out->launch, &launch_tries);
    Context ctx = {b, &out->launch, c};
    out->text = shrink_protocol(text, still_there, &ctx, max_tries, &out->stats);
    out->stats.tries += launch_tries;
    drop_unused_params(out->text, &out->launch);
}

void repro_free(Repro *r)
{
    free(r->text);
    r->text = NULL;
}
