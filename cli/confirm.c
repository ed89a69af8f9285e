/* check --confirm: the witness of an alarm replayed by emulation.  The
 * launch is the witness's (its blockDim/gridDim values, else the launch
 * the verdict assumed), the uniform variables its values; the alarm is
 * confirmed when the execution shows a race on the same array (a
 * divergence for a divergence).  One build per file, one run per distinct
 * input. */
#define _GNU_SOURCE
#include "confirm.h"

#include "emulate.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { MAX_PARAMS = 32 };

typedef struct Input {
    EmuLaunch launch;
    EmuParam params[MAX_PARAMS];
    char values[MAX_PARAMS][32];
    bool known;
} Input;

/* blockDim.x -> (block, 0); gridDim.z -> (grid, 2); else false */
static bool dim_name(const char *name, bool *block, int *axis)
{
    const char *dot = strchr(name, '.');
    if (!dot || !dot[1] || dot[2] || dot[1] < 'x' || dot[1] > 'z')
        return false;
    *axis = dot[1] - 'x';
    if (strncmp(name, "blockDim.", 9) == 0)
        *block = true;
    else if (strncmp(name, "gridDim.", 8) == 0)
        *block = false;
    else
        return false;
    return true;
}

static void input_of(const KernelResult *r, const Witness *w, Input *in)
{
    memset(in, 0, sizeof *in);
    in->known = launch_knows_all(&r->launch, true);
    for (int a = 0; a < 3; a++) {
        in->launch.block[a] = (unsigned)r->launch.block_dim[a];
        in->launch.grid[a] = launch_knows(&r->launch, false, a) ? (unsigned)r->launch.grid_dim[a] : 1;
    }
    unsigned block_given = 0;
    for (int i = 0; i < w->nglobals; i++) {
        const char *name = w->globals[i].sym->name;
        bool block;
        int axis;
        if (dim_name(name, &block, &axis)) {
            (block ? in->launch.block : in->launch.grid)[axis] = (unsigned)w->globals[i].value;
            block_given |= block ? 1u << axis : 0;
        } else if (in->launch.nparams < MAX_PARAMS && !strchr(name, '.') && !strchr(name, '[')) {
            snprintf(in->values[in->launch.nparams], sizeof in->values[0], "%lld", (long long)w->globals[i].value);
            in->params[in->launch.nparams] = (EmuParam){name, in->values[in->launch.nparams]};
            in->launch.nparams++;
        }
    }
    in->known |= (block_given & 1) != 0;
    for (int a = 0; a < 3; a++) {
        if (in->launch.block[a] == 0)
            in->launch.block[a] = 1;
        if (in->launch.grid[a] == 0)
            in->launch.grid[a] = 1;
    }
    in->launch.params = in->params;
    in->launch.kernel = r->kernel->name;
    in->launch.timeout_ms = 10000;
}

static bool same_input(const Input *a, const Input *b)
{
    if (memcmp(a->launch.block, b->launch.block, sizeof a->launch.block) != 0 ||
        memcmp(a->launch.grid, b->launch.grid, sizeof a->launch.grid) != 0 || a->launch.nparams != b->launch.nparams)
        return false;
    for (int i = 0; i < a->launch.nparams; i++)
        if (strcmp(a->params[i].name, b->params[i].name) != 0 || strcmp(a->values[i], b->values[i]) != 0)
            return false;
    return true;
}

/* The front end may rename an array (`in` becomes `in_`) or name a member
 * (`a.in`): the emulator names the parameter or the variable. */
static bool same_array(const char *model, const char *emulated)
{
    const char *dot = strrchr(model, '.');
    if (dot)
        model = dot + 1;
    size_t n = strlen(model);
    while (n && model[n - 1] == '_')
        n--;
    return strncmp(model, emulated, n) == 0 && (emulated[n] == 0 || emulated[n] == '_');
}

static bool shows_race_on(const EmuResult *e, const char *array)
{
    for (int i = 0; i < e->nraces; i++)
        if (same_array(array, e->races[i].object))
            return true;
    return false;
}

typedef struct Replay {
    EmuProgram *prog;
    Input last;
    EmuResult *result;
} Replay;

static const EmuResult *replay(Replay *rp, const Witness *w, const KernelResult *r)
{
    Input in;
    input_of(r, w, &in);
    if (!in.known)
        return NULL;
    if (rp->result && same_input(&in, &rp->last))
        return rp->result;
    emu_result_free(rp->result);
    rp->last = in;
    rp->last.launch.params = rp->last.params;
    for (int i = 0; i < in.launch.nparams; i++)
        rp->last.params[i].value = rp->last.values[i];
    rp->result = emu_run(rp->prog, &rp->last.launch);
    return rp->result;
}

/* Confirmed races first, each group in its order. */
static void confirmed_first(KernelResult *r)
{
    Witness *sorted = malloc((size_t)r->nraces * sizeof *sorted);
    int n = 0;
    for (int pass = 0; pass < 2; pass++)
        for (int i = 0; i < r->nraces; i++)
            if ((r->races[i].confirmed == 1) == (pass == 0))
                sorted[n++] = r->races[i];
    memcpy(r->races, sorted, (size_t)n * sizeof *sorted);
    free(sorted);
}

void confirm_alarms(KernelResult *r, const CliOptions *o)
{
    const SrcFile *src = r->kernel->loc.file;
    if (!src || !src->path || (!r->nraces && !r->divergence.stmt1))
        return;
    const char *ext = strrchr(src->path, '.');
    if (!ext || (strcmp(ext, ".cu") != 0 && strcmp(ext, ".cuh") != 0))
        return;
    char *error = NULL;
    const char *name = r->kernel->name;
    Replay rp = {0};
    rp.prog = emu_build(src->path, src->text, src->len, EMU_CUDA, &name, 1, o->include_dirs, o->ninclude_dirs,
                        &error);
    free(error);
    for (int i = 0; i < r->nraces; i++) {
        const EmuResult *e = rp.prog ? replay(&rp, &r->races[i], r) : NULL;
        r->races[i].confirmed = e && shows_race_on(e, r->races[i].array->name) ? 1 : -1;
    }
    if (r->divergence.stmt1) {
        const EmuResult *e = rp.prog ? replay(&rp, &r->divergence, r) : NULL;
        r->divergence.confirmed = e && e->ndivs ? 1 : -1;
    }
    if (r->nraces)
        confirmed_first(r);
    emu_result_free(rp.result);
    emu_program_free(rp.prog);
}
