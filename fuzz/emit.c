/* Case files, [VST Table 1] CUDA with GPUVerify headers, and JSON lines (docs/fuzz.md). */
#include "emit.h"

#include "gen.h"
#include "outdir.h"

#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

static bool make_dir(const char *path)
{
    return outdir_mkdir(path, "fuzz");
}

/* Every file of a case is created afresh, never through a link (fuzz/outdir.h). */
static FILE *open_in(const char *dir, const char *name)
{
    char path[4096];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    return outdir_create(path, "w", "fuzz");
}

const char *const line_file_names[LINE_FILES] = {"manifest.jsonl", "disagreements.jsonl", "undecided.jsonl"};

static FILE *open_line_file(const char *dir, int which, const char *part)
{
    char name[256];
    snprintf(name, sizeof name, "%s%s", line_file_names[which], part ? part : "");
    return open_in(dir, name);
}

bool emitter_open(Emitter *e, const char *dir, bool corpus, const char *part)
{
    memset(e, 0, sizeof *e);
    e->dir = dir;
    char sub[4096], undecided[4096];
    snprintf(sub, sizeof sub, "%s/disagreements", dir);
    snprintf(undecided, sizeof undecided, "%s/undecided", dir);
    if (!make_dir(sub) || !make_dir(undecided)) /* dir itself was claimed (fuzz/outdir.h) */
        return false;
    e->manifest = corpus ? open_line_file(dir, 0, part) : NULL;
    e->disagreements = open_line_file(dir, 1, part);
    e->undecided = open_line_file(dir, 2, part);
    if (!e->disagreements || !e->undecided || (corpus && !e->manifest)) {
        emitter_close(e);
        return false;
    }
    return true;
}

bool emitter_close(Emitter *e)
{
    FILE *files[] = {e->manifest, e->disagreements, e->undecided};
    bool ok = true;
    for (size_t i = 0; i < sizeof files / sizeof *files; i++) {
        if (!files[i])
            continue;
        int err = fflush(files[i]) != 0 ? errno : ferror(files[i]) ? EIO : 0;
        if (fclose(files[i]) != 0 && !err)
            err = errno;
        if (err)
            fprintf(stderr, "mapkit: error: writing %s/%s: %s\n", e->dir, line_file_names[i], strerror(err));
        ok &= !err;
    }
    e->manifest = e->disagreements = e->undecided = NULL;
    return ok;
}

/* ---- joining the workers' part files ---- */

typedef struct Part {
    FILE *f;
    char *line;
    size_t cap;
    long long index; /* of the line read; -1 at the end */
} Part;

/* The next whole line: a worker stopped by a signal may have left half
 * of one at the end, which is dropped. */
static void part_next(Part *p)
{
    p->index = -1;
    ssize_t n = p->f ? getline(&p->line, &p->cap, p->f) : -1;
    if (n <= 0 || p->line[n - 1] != '\n')
        return;
    const char *at = strstr(p->line, "\"index\":");
    p->index = at ? strtoll(at + 8, NULL, 10) : 0;
}

static bool merge_one(const char *dir, int which, int parts)
{
    Part *in = xcalloc((size_t)parts, sizeof *in);
    FILE *out = open_line_file(dir, which, NULL);
    bool ok = out != NULL;
    char path[4096];
    for (int w = 0; w < parts && ok; w++) {
        snprintf(path, sizeof path, "%s/%s.%d", dir, line_file_names[which], w);
        in[w].f = fopen(path, "r");
        ok = in[w].f != NULL || errno == ENOENT; /* a worker stopped before it began */
        part_next(&in[w]);
    }
    for (;;) {
        int best = -1;
        for (int w = 0; w < parts && ok; w++)
            if (in[w].index >= 0 && (best < 0 || in[w].index < in[best].index))
                best = w;
        if (best < 0)
            break;
        fputs(in[best].line, out);
        part_next(&in[best]);
    }
    for (int w = 0; w < parts; w++) {
        if (in[w].f)
            fclose(in[w].f);
        free(in[w].line);
        snprintf(path, sizeof path, "%s/%s.%d", dir, line_file_names[which], w);
        remove(path);
    }
    free(in);
    if (out && fclose(out) != 0)
        ok = false;
    if (!ok)
        fprintf(stderr, "mapkit fuzz: error: cannot join the workers' %s\n", line_file_names[which]);
    return ok;
}

bool merge_line_files(const char *dir, int parts, bool corpus)
{
    bool ok = true;
    for (int which = corpus ? 0 : 1; which < LINE_FILES; which++)
        ok &= merge_one(dir, which, parts);
    return ok;
}

void launch_args(const RandLaunch *l, char *buf, size_t size)
{
    int n = snprintf(buf, size, "-b %lld", (long long)l->block_dim[0]);
    if (l->block_dim[1] > 1)
        n += snprintf(buf + n, size - (size_t)n, ",%lld", (long long)l->block_dim[1]);
    n += snprintf(buf + n, size - (size_t)n, " -g %lld", (long long)l->grid_dim[0]);
    for (int i = 0; i < l->nparams; i++)
        n += snprintf(buf + n, size - (size_t)n, " -p %s=%lld", l->param_name[i], (long long)l->param_value[i]);
    snprintf(buf + n, size - (size_t)n, " --values %lld", (long long)l->values);
}

void format_cut(char *buf, size_t size, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(buf, size, fmt, ap);
    va_end(ap);
}

bool write_text(const Emitter *e, const char *rel, const char *text)
{
    FILE *f = open_in(e->dir, rel);
    if (!f)
        return false;
    bool ok = fputs(text, f) != EOF;
    ok &= fclose(f) == 0;
    return ok;
}

bool write_proto(const Emitter *e, const char *name, const char *head, const RandLaunch *l,
                 const char *provenance, const char *canon)
{
    char args[256], file[512];
    launch_args(l, args, sizeof args);
    snprintf(file, sizeof file, "%s.proto", name);
    FILE *f = open_in(e->dir, file);
    if (!f)
        return false;
    fprintf(f, "// %s\n// args: %s\n// %s\n", head, args, provenance);
    bool ok = fputs(canon, f) != EOF;
    ok &= fclose(f) == 0;
    return ok;
}

static bool all_drf(const Label *l)
{
    for (int i = 0; i < l->nkernels; i++)
        if (l->k[i].v[OR_RUN] != V_DRF)
            return false;
    return true;
}

/* The code of a case at its launch, as o says (malloc'd; NULL when
 * generation fails). */
static char *gen_case(GenOptions *o, Program *p, const RandLaunch *l)
{
    launch_init(&o->launch);
    memcpy(o->launch.block_dim, l->block_dim, sizeof o->launch.block_dim);
    memcpy(o->launch.grid_dim, l->grid_dim, sizeof o->launch.grid_dim);
    for (int i = 0; i < l->nparams && i < 2; i++)
        launch_add_param(&o->launch, l->param_name[i], l->param_value[i], (LaunchOrigin){FROM_CLI, {0}});
    return gen_program(p, o, NULL);
}

char *case_main_code(Program *p, const RandLaunch *l, const char *source_name, bool opencl)
{
    GenOptions o = {0};
    o.lang = opencl ? GEN_OPENCL : GEN_CUDA;
    o.source_name = source_name;
    o.label = GV_PASS;
    o.main_program = true;
    return gen_case(&o, p, l);
}

char *case_code(Program *p, const RandLaunch *l, const char *source_name, GvLabel gv, bool opencl)
{
    GenOptions o = {0};
    o.lang = opencl ? GEN_OPENCL : GEN_CUDA;
    o.source_name = source_name;
    o.label = gv;
    return gen_case(&o, p, l);
}

bool write_cuda(const Emitter *e, const char *name, Program *p, const Label *label, const RandLaunch *l,
                bool opencl)
{
    char source[512], file[512];
    snprintf(source, sizeof source, "%s.proto", name);
    snprintf(file, sizeof file, "%s.%s", name, opencl ? "cl" : "cu");
    GenOptions o = {0};
    o.lang = opencl ? GEN_OPENCL : GEN_CUDA;
    o.source_name = source;
    o.label = all_drf(label) ? GV_PASS : GV_XFAIL;
    o.style = e->style;
    o.templates = e->templates;
    o.helpers = e->helpers;
    char *code = gen_case(&o, p, l);
    bool ok = code && write_text(e, file, code);
    free(code);
    return ok;
}


static void json_dims(FILE *f, const int64_t *d)
{
    fprintf(f, "[%lld,%lld,%lld]", (long long)d[0], (long long)d[1], (long long)d[2]);
}

void json_launch(FILE *f, const RandLaunch *l)
{
    fputs("{\"blockDim\":", f);
    json_dims(f, l->block_dim);
    fputs(",\"gridDim\":", f);
    json_dims(f, l->grid_dim);
    fputs(",\"params\":{", f);
    for (int i = 0; i < l->nparams; i++) {
        if (i)
            fputc(',', f);
        json_string(f, l->param_name[i]);
        fprintf(f, ":%lld", (long long)l->param_value[i]);
    }
    fprintf(f, "},\"values\":%lld}", (long long)l->values);
}

void json_features(FILE *f, const FeatureSet *fs)
{
    fputc('[', f);
    bool first = true;
    for (int i = 0; i < FT_COUNT; i++)
        if (fs->has[i]) {
            if (!first)
                fputc(',', f);
            json_string(f, feature_name((Feature)i));
            first = false;
        }
    fputc(']', f);
}

void json_kernels(FILE *f, const Label *l)
{
    fputc('{', f);
    for (int i = 0; i < l->nkernels; i++) {
        if (i)
            fputc(',', f);
        json_string(f, l->k[i].kernel);
        fputc(':', f);
        json_string(f, verdict_name(l->k[i].v[OR_RUN]));
    }
    fputc('}', f);
}

void json_oracles(FILE *f, const KernelLabel *k)
{
    fputc('{', f);
    for (int o = 0; o < OR_COUNT; o++) {
        if (o)
            fputc(',', f);
        json_string(f, oracle_name((OracleId)o));
        fputc(':', f);
        json_string(f, verdict_name(k->v[o]));
    }
    fputc('}', f);
}
