/* The Launch value (see launch.h). */
#include "launch.h"

#include <stdio.h>
#include <string.h>

void launch_init(Launch *l)
{
    memset(l, 0, sizeof *l);
    for (int a = 0; a < 3; a++)
        l->block_dim[a] = l->grid_dim[a] = 1;
}

bool launch_add_fact(Launch *l, LaunchFact f)
{
    if (l->nfacts == LAUNCH_MAX_FACTS)
        return false;
    l->facts[l->nfacts++] = f;
    return true;
}

bool launch_add_param(Launch *l, const char *name, int64_t value, LaunchOrigin from)
{
    LaunchFact f = {.kind = LF_EQUALS, .value = value, .from = from};
    size_t n = strlen(name);
    if (n >= sizeof f.param)
        return false;
    memcpy(f.param, name, n + 1);
    return launch_add_fact(l, f);
}

bool launch_param_value(const Launch *l, const char *param, int64_t *v)
{
    for (int i = 0; i < l->nfacts; i++)
        if (l->facts[i].kind == LF_EQUALS && strcmp(l->facts[i].param, param) == 0) {
            *v = l->facts[i].value;
            return true;
        }
    return false;
}

/* Does top fix what f is about (so that f gives way)? */
static bool overridden(const Launch *top, const LaunchFact *f)
{
    int64_t v;
    switch (f->kind) {
    case LF_EQUALS:
        return launch_param_value(top, f->param, &v);
    case LF_GRID_COVERS:
    case LF_GRID_WITHIN:
        return top->has_grid_dim || launch_param_value(top, f->param, &v);
    case LF_BLOCK_AT_MOST:
    case LF_DIM_AT_MOST:
        return top->has_block_dim;
    }
    return false;
}

Launch launch_override(const Launch *top, const Launch *base)
{
    Launch r = *top;
    if (!r.has_block_dim && base->has_block_dim) {
        memcpy(r.block_dim, base->block_dim, sizeof r.block_dim);
        r.has_block_dim = true;
        r.block_from = base->block_from;
    }
    if (!r.has_grid_dim && base->has_grid_dim) {
        memcpy(r.grid_dim, base->grid_dim, sizeof r.grid_dim);
        r.has_grid_dim = true;
        r.grid_from = base->grid_from;
    }
    if (!r.has_smem && base->has_smem) {
        r.smem = base->smem;
        r.has_smem = true;
    }
    for (int i = 0; i < base->nfacts; i++)
        if (!overridden(top, &base->facts[i]))
            launch_add_fact(&r, base->facts[i]);
    return r;
}

static bool same_fact(const LaunchFact *a, const LaunchFact *b)
{
    return a->kind == b->kind && a->value == b->value && a->axis == b->axis && strcmp(a->param, b->param) == 0;
}

bool launch_same(const Launch *a, const Launch *b)
{
    if (a->has_block_dim != b->has_block_dim || a->has_grid_dim != b->has_grid_dim ||
        a->nfacts != b->nfacts || a->has_smem != b->has_smem || (a->has_smem && a->smem != b->smem))
        return false;
    if ((a->has_block_dim && memcmp(a->block_dim, b->block_dim, sizeof a->block_dim)) ||
        (a->has_grid_dim && memcmp(a->grid_dim, b->grid_dim, sizeof a->grid_dim)))
        return false;
    for (int i = 0; i < a->nfacts; i++)
        if (!same_fact(&a->facts[i], &b->facts[i]))
            return false;
    return true;
}

bool launch_empty(const Launch *l)
{
    return !l->has_block_dim && !l->has_grid_dim && l->nfacts == 0;
}

void launch_origin_text(LaunchOrigin o, char *buf, size_t n)
{
    static const char *const what[] = {
        [FROM_NONE] = "nowhere",
        [FROM_CLI] = "the command line",
        [FROM_GV_HEADER] = "the GPUVerify header",
        [FROM_HOST] = "the launch",
        [FROM_LAUNCH_BOUNDS] = "__launch_bounds__",
        [FROM_ARRAY_BOUNDS] = "in-bounds accesses",
        [FROM_COMPDB] = "compile_commands.json",
        [FROM_REQD_WORK_GROUP_SIZE] = "reqd_work_group_size",
    };
    if (o.loc.file)
        snprintf(buf, n, "%s at %s:%u:%u", what[o.source], o.loc.file->path, loc_line(o.loc), loc_col(o.loc));
    else
        snprintf(buf, n, "%s", what[o.source]);
}

const char cuda_launch_limits[] = "blockDim x, y <= 1024, z <= 64, x*y*z <= 1024; "
                                  "gridDim x <= 2147483647, y, z <= 65535";

bool dims_within_limits(const int64_t d[3], bool block)
{
    if (d[0] < 1 || d[1] < 1 || d[2] < 1)
        return false;
    if (block)
        return d[0] <= 1024 && d[1] <= 1024 && d[2] <= 64 && d[0] * d[1] * d[2] <= 1024;
    return d[0] <= 2147483647 && d[1] <= 65535 && d[2] <= 65535;
}

static const char axis_name[] = "xyz";

void launch_fact_text(const Launch *l, int i, char *buf, size_t n)
{
    if (i < 0) {
        const int64_t *d = i == -2 ? l->block_dim : l->grid_dim;
        snprintf(buf, n, "%s = (%lld,%lld,%lld)", i == -2 ? "blockDim" : "gridDim", (long long)d[0],
                 (long long)d[1], (long long)d[2]);
        return;
    }
    const LaunchFact *f = &l->facts[i];
    switch (f->kind) {
    case LF_EQUALS:
        snprintf(buf, n, "%s = %lld", f->param, (long long)f->value);
        break;
    case LF_GRID_COVERS:
        snprintf(buf, n, "gridDim.%c * %lld >= %s", axis_name[f->axis % 3], (long long)f->value, f->param);
        break;
    case LF_GRID_WITHIN:
        snprintf(buf, n, "gridDim.%c * %lld <= %s", axis_name[f->axis % 3], (long long)f->value, f->param);
        break;
    case LF_BLOCK_AT_MOST:
        snprintf(buf, n, "blockDim.x * blockDim.y * blockDim.z <= %lld", (long long)f->value);
        break;
    case LF_DIM_AT_MOST:
        snprintf(buf, n, "blockDim.%c <= %lld", axis_name[f->axis % 3], (long long)f->value);
        break;
    }
}
