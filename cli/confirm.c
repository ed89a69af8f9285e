/* check --confirm: the witness of an alarm replayed by emulation.  The
 * launch is the witness's (its blockDim/gridDim values, else the launch
 * the verdict assumed), the uniform variables its values, its two threads
 * watched; the alarm is confirmed when the execution shows a race on the
 * same array between the witness's two access sites, by its two threads
 * when it names them (a divergence for a divergence).  One build per file,
 * one run per distinct input. */
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

/* The witness's two threads, from its locals (threadIdx, blockIdx; an axis
 * it does not name is 0); false when it does not name T1's and T2's
 * thread index. */
static bool witness_threads(const Witness *w, EmuThread t[2])
{
    memset(t, 0, 2 * sizeof *t);
    bool named = false;
    for (int i = 0; i < w->nlocals; i++) {
        const LocalRow *row = &w->locals[i];
        const Sym *s = row->sym;
        bool thread = s->builtin == BI_THREADIDX, block = s->builtin == BI_BLOCKIDX;
        if ((!thread && !block) || s->axis < 0 || s->axis > 2 || !row->has1 || !row->has2)
            continue;
        (thread ? t[0].thread : t[0].block)[s->axis] = (unsigned)row->v1;
        (thread ? t[1].thread : t[1].block)[s->axis] = (unsigned)row->v2;
        named |= thread;
    }
    return named;
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
    /* the witness's threads, when it names them and the launch has them */
    EmuThread t[2];
    if (w->stmt2 && witness_threads(w, t)) {
        bool inside = true;
        for (int k = 0; k < 2; k++)
            for (int a = 0; a < 3; a++)
                inside &= t[k].thread[a] < in->launch.block[a] && t[k].block[a] < in->launch.grid[a];
        in->launch.watch = inside;
        memcpy(in->launch.watched, t, sizeof t);
    }
    in->launch.timeout_ms = 10000;
}

static bool same_input(const Input *a, const Input *b)
{
    if (a->launch.watch != b->launch.watch ||
        (a->launch.watch && memcmp(a->launch.watched, b->launch.watched, sizeof a->launch.watched) != 0))
        return false;
    if (memcmp(a->launch.block, b->launch.block, sizeof a->launch.block) != 0 ||
        memcmp(a->launch.grid, b->launch.grid, sizeof a->launch.grid) != 0 || a->launch.nparams != b->launch.nparams)
        return false;
    for (int i = 0; i < a->launch.nparams; i++)
        if (strcmp(a->params[i].name, b->params[i].name) != 0 || strcmp(a->values[i], b->values[i]) != 0)
            return false;
    return true;
}

/* name with every run of characters that are not an identifier's made one
 * '_', and no '_' at its end: `q.rows[0]` and `q_rows_0` are both q_rows_0. */
static void plain_name(const char *name, char *out, size_t n)
{
    size_t k = 0;
    for (const char *c = name; *c && k + 1 < n; c++) {
        bool ident = *c == '_' || (*c >= '0' && *c <= '9') || (*c >= 'a' && *c <= 'z') || (*c >= 'A' && *c <= 'Z');
        if (ident || (k && out[k - 1] != '_'))
            out[k++] = ident ? *c : '_';
    }
    while (k && out[k - 1] == '_')
        k--;
    out[k] = 0;
}

/* The front end may rename an array (`in` becomes `in_`), name a member
 * (`a.in`) or flatten a struct's member (`q.rows[0]` as `q_rows_0`): the
 * emulator names the parameter, its member or the variable.  Objects a
 * host buffer is passed as are named `a/b`. */
static bool same_array(const char *model, const char *emulated)
{
    char m[256], tail[256], e[256];
    plain_name(model, m, sizeof m);
    const char *dot = strrchr(model, '.');
    plain_name(dot ? dot + 1 : model, tail, sizeof tail);
    for (const char *part = emulated; part; part = strchr(part, '/') ? strchr(part, '/') + 1 : NULL) {
        size_t len = strcspn(part, "/");
        char one[256];
        snprintf(one, sizeof one, "%.*s", (int)(len < sizeof one ? len : sizeof one - 1), part);
        plain_name(one, e, sizeof e);
        if (strcmp(m, e) == 0 || strcmp(tail, e) == 0)
            return true;
    }
    return false;
}

static bool same_thread(const EmuThread *a, const EmuThread *b)
{
    return memcmp(a->block, b->block, sizeof a->block) == 0 && memcmp(a->thread, b->thread, sizeof a->thread) == 0;
}

/* Does the execution show the witness's race: the same array, between the
 * two access sites of the witness (their lines, in either order), and
 * between its two threads when it names them? */
static bool shows_witness(const EmuResult *e, const Witness *w, const EmuLaunch *l)
{
    unsigned line1 = loc_line(w->stmt1->loc), line2 = w->stmt2 ? loc_line(w->stmt2->loc) : line1;
    for (int i = 0; i < e->nraces; i++) {
        const EmuRace *x = &e->races[i];
        if (!same_array(w->array->name, x->object))
            continue;
        bool sites = (x->site1.line == line1 && x->site2.line == line2) ||
                     (x->site1.line == line2 && x->site2.line == line1);
        bool threads = !l->watch || (same_thread(&x->t1, &l->watched[0]) && same_thread(&x->t2, &l->watched[1])) ||
                       (same_thread(&x->t1, &l->watched[1]) && same_thread(&x->t2, &l->watched[0]));
        if (sites && threads)
            return true;
    }
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
    char *params = emu_param_list(r->kernel->param_names, r->kernel->nparam_names);
    const char *const param_list[1] = {params};
    const char *const spelling[1] = {r->kernel->cxx_name};
    rp.prog = emu_build(src->path, src->text, src->len, EMU_CUDA, &name, spelling, param_list, 1, o->include_dirs,
                        o->ninclude_dirs, &error);
    free(params);
    free(error);
    for (int i = 0; i < r->nraces; i++) {
        const EmuResult *e = rp.prog ? replay(&rp, &r->races[i], r) : NULL;
        r->races[i].confirmed = e && shows_witness(e, &r->races[i], &rp.last.launch) ? 1 : -1;
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
