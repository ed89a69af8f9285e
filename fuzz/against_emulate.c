/* `mapkit fuzz --emulate` (docs/fuzz.md, "Emulation"): --against with
 * `mapkit emulate` as the tool.  Each case is gen --main's program (its
 * extern functions defined: unknowns 0, written values the thread's id), run
 * at the case's own launch and uniform values; a precondition (__requires)
 * that fails on that input ends the run as "not emulated" (exit 4), since
 * the protocol's label says nothing of such an execution.
 *
 * One execution shows what one input does: a racy or divergent label that
 * it does not show is "not reproduced", no disagreement, unless the program
 * fixes every value (no unknown: the protocol's accesses are then those of
 * the execution, and the emulation's barrier intervals cover every
 * interleaving).  A race or divergence shown where the label is drf is
 * always a disagreement, shrunk as the others. */
#define _GNU_SOURCE
#include "against_emulate.h"
#include "emit.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* gen --main's empty __requires, CUDA's and OpenCL's */
static const char *const requires_bodies[] = {
    "__device__ void __requires(bool) {}",
    "void __requires(bool b)\n{\n}",
};
static const char *const requires_checked[] = {
    "__device__ void mk_unsupported(const char *);\n"
    "__device__ void __requires(bool b) { if (!b) mk_unsupported(\"a precondition of the protocol does not hold on this input\"); }",
    "void mk_unsupported(const char *);\n"
    "void __requires(bool b) { if (!b) mk_unsupported(\"a precondition of the protocol does not hold on this input\"); }",
};

char *emulate_case_code(Program *p, const RandLaunch *l, const char *source_name, bool opencl)
{
    char *code = case_main_code(p, l, source_name, opencl);
    if (!code)
        return NULL;
    for (size_t i = 0; i < sizeof requires_bodies / sizeof *requires_bodies; i++) {
        char *at = strstr(code, requires_bodies[i]);
        if (!at)
            continue;
        size_t n = strlen(code), old = strlen(requires_bodies[i]), add = strlen(requires_checked[i]);
        char *out = malloc(n - old + add + 1);
        memcpy(out, code, (size_t)(at - code));
        memcpy(out + (at - code), requires_checked[i], add);
        strcpy(out + (at - code) + add, at + old);
        free(code);
        return out;
    }
    return code;
}

/* The smallest declared first size of global array `name` among the
 * kernels of p that declare one (0: none does).  One buffer size serves
 * every kernel of the file: the smallest ends a thread past another
 * kernel's own bound too early (a race not reproduced), never too late (a
 * race the protocol does not have). */
static int64_t global_size(const Program *p, const char *name)
{
    int64_t size = 0;
    for (int k = 0; k < p->nkernels; k++)
        for (int i = 0; i < p->kernels[k]->narrays; i++) {
            const ArrayDecl *a = &p->kernels[k]->arrays[i];
            int64_t n;
            if (a->mem == MEM_GLOBAL && strcmp(a->name->u.var.name, name) == 0 && a->ndims >= 1 && a->sizes &&
                a->sizes[0] && expr_constant(a->sizes[0], &n) && n > 0 && (!size || n < size))
                size = n;
        }
    return size;
}

/* `--array A=8` for each global array of a declared first size: gen makes
 * it a pointer, so that an index past it would land inside a buffer sized
 * for the launch and race there, where the protocol's race lies outside
 * the array and is none (docs/checker.md, "Witnesses are legal
 * executions"); with its own size the buffer ends the thread there. */
static int array_sizes(const Program *p, char *out, size_t n)
{
    int len = 0;
    for (int k = 0; p && k < p->nkernels; k++)
        for (int i = 0; i < p->kernels[k]->narrays && len < (int)n; i++) {
            const char *name = p->kernels[k]->arrays[i].name->u.var.name;
            int64_t size = global_size(p, name);
            char item[128];
            snprintf(item, sizeof item, " --array %s=%lld", name, (long long)size);
            if (size && !strstr(out, item) && len + strlen(item) < n)
                len += snprintf(out + len, n - (size_t)len, "%s", item);
        }
    return len;
}

char *emulate_command(const char *tool, const Program *prog, const RandLaunch *l, int wall_ms)
{
    char args[1024];
    /* emulate's limit is CPU time, its alarm three times that: both within
     * the harness's wall-clock limit, so that a loaded machine makes the
     * run "unknown" (exit 4), never a timeout of the tool */
    int n = snprintf(args, sizeof args, "--timeout=%d ", wall_ms / 4 > 1000 ? wall_ms / 4 : 1000);
    n += snprintf(args + n, sizeof args - (size_t)n, "-b %lld,%lld,%lld -g %lld,%lld,%lld", (long long)l->block_dim[0],
                     (long long)l->block_dim[1], (long long)l->block_dim[2], (long long)l->grid_dim[0],
                     (long long)l->grid_dim[1], (long long)l->grid_dim[2]);
    for (int i = 0; i < l->nparams && n < (int)sizeof args; i++)
        n += snprintf(args + n, sizeof args - (size_t)n, " -p %s=%lld", l->param_name[i], (long long)l->param_value[i]);
    if (n < (int)sizeof args)
        array_sizes(prog, args + n, sizeof args - (size_t)n);
    size_t size = strlen(tool) + strlen(args) + 64;
    char *cmd = malloc(size);
    snprintf(cmd, size, "%s --no-host %s {}", tool, args);
    return cmd;
}

bool emulate_values_fixed(const char *canon)
{
    /* `local x;`, `local x uniform block;`, `local t = ticket(..)`,
     * `local x = sync;`: values the execution picks one of */
    for (const char *s = strstr(canon, "local "); s; s = strstr(s + 1, "local "))
        if (s == canon || s[-1] == ' ' || s[-1] == '\n' || s[-1] == '\t')
            return false;
    return true;
}

AgainstCategory emulate_category(Verdict label, AgainstCategory c, Verdict said, bool fixed, const char *output)
{
    /* emulate's exit says racy before divergent: a divergent label whose
     * divergence the run shows agrees, whatever ran after it */
    if (label == V_DIVERGENT && output && strstr(output, "barrier divergence, observed in execution"))
        return CAT_AGREE;
    /* a thread ended out of bounds (outside every object, or an index past
     * its array's declared bound) runs no further accesses and leaves its
     * barriers: the protocol's indices are not C's (a negative one) */
    bool left = output && (strstr(output, "outside every object") || strstr(output, "outside its array's declared bounds"));
    if (left && (c == CAT_MISSED_RACE || c == CAT_MISSED_DIVERGENCE || (c == CAT_FALSE_ALARM && said == V_DIVERGENT)))
        return CAT_NOT_REPRODUCED;
    if (c == CAT_MISSED_DIVERGENCE || (c == CAT_MISSED_RACE && said == V_DRF))
        return fixed ? c : CAT_NOT_REPRODUCED;
    /* check says racy before divergent (a race no diverging barrier could
     * prevent): a racy label may stand for a divergent kernel, whose race
     * lies past the divergence, where one execution does not follow */
    if (c == CAT_MISSED_RACE && said == V_DIVERGENT)
        return CAT_NOT_REPRODUCED;
    return c;
}
