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

bool launch_knows(const Launch *l, bool block, int axis)
{
    return axis >= 0 && axis < 3 && ((block ? l->block_known : l->grid_known) >> axis & 1u);
}

bool launch_knows_all(const Launch *l, bool block)
{
    return (block ? l->block_known : l->grid_known) == LAUNCH_ALL_AXES;
}

bool launch_knows_some(const Launch *l, bool block)
{
    return (block ? l->block_known : l->grid_known) != 0;
}

void launch_set_dims(Launch *l, bool block, const int64_t d[3], unsigned known, LaunchOrigin from)
{
    int64_t *dims = block ? l->block_dim : l->grid_dim;
    for (int a = 0; a < 3; a++)
        dims[a] = known >> a & 1u ? d[a] : 1;
    *(block ? &l->block_known : &l->grid_known) = known & LAUNCH_ALL_AXES;
    *(block ? &l->block_from : &l->grid_from) = from;
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
        return launch_knows(top, false, f->axis) || launch_param_value(top, f->param, &v);
    case LF_BLOCK_AT_MOST:
        return launch_knows_all(top, true);
    case LF_DIM_AT_MOST:
        return launch_knows(top, true, f->axis);
    case LF_GRID_AT_MOST:
        return launch_knows(top, false, f->axis);
    case LF_DIM_AT_LEAST:
    case LF_DIM_POW2:
        return launch_knows(top, true, f->axis);
    case LF_BLOCK_COVERS:
    case LF_BLOCK_WITHIN:
        return launch_knows(top, true, f->axis) || launch_param_value(top, f->param, &v);
    case LF_AT_LEAST:
    case LF_AT_MOST:
    case LF_MULTIPLE_OF:
        return launch_param_value(top, f->param, &v);
    case LF_PARAM_COVERS:
    case LF_PARAM_WITHIN:
        return launch_param_value(top, f->param, &v) || launch_param_value(top, f->other, &v);
    }
    return false;
}

/* top's axes over base's, per axis; the origin is top's when it knows
 * some axis (the command line and the header give all three, so only a
 * host size over codegen's defaults mixes). */
static void override_dims(Launch *r, const Launch *base, bool block)
{
    if (!launch_knows_some(base, block))
        return;
    const int64_t *from = block ? base->block_dim : base->grid_dim;
    int64_t d[3];
    memcpy(d, block ? r->block_dim : r->grid_dim, sizeof d);
    unsigned known = block ? r->block_known : r->grid_known;
    LaunchOrigin o = launch_knows_some(r, block) ? (block ? r->block_from : r->grid_from)
                                                 : (block ? base->block_from : base->grid_from);
    for (int a = 0; a < 3; a++)
        if (!launch_knows(r, block, a) && launch_knows(base, block, a)) {
            d[a] = from[a];
            known |= 1u << a;
        }
    launch_set_dims(r, block, d, known, o);
}

Launch launch_override(const Launch *top, const Launch *base)
{
    Launch r = *top;
    override_dims(&r, base, true);
    override_dims(&r, base, false);
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
    return a->kind == b->kind && a->value == b->value && a->axis == b->axis && strcmp(a->param, b->param) == 0 &&
           strcmp(a->other, b->other) == 0 && a->offset == b->offset;
}

bool launch_same(const Launch *a, const Launch *b)
{
    if (a->block_known != b->block_known || a->grid_known != b->grid_known ||
        a->nfacts != b->nfacts || a->has_smem != b->has_smem || (a->has_smem && a->smem != b->smem))
        return false;
    for (int ax = 0; ax < 3; ax++)
        if ((launch_knows(a, true, ax) && a->block_dim[ax] != b->block_dim[ax]) ||
            (launch_knows(a, false, ax) && a->grid_dim[ax] != b->grid_dim[ax]))
            return false;
    for (int i = 0; i < a->nfacts; i++)
        if (!same_fact(&a->facts[i], &b->facts[i]))
            return false;
    return true;
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

bool axes_within_limits(const int64_t d[3], unsigned known, bool block)
{
    static const int64_t most[2][3] = {{2147483647, 65535, 65535}, {1024, 1024, 64}};
    int64_t threads = 1;
    for (int a = 0; a < 3; a++) {
        if (!(known >> a & 1u))
            continue;
        if (d[a] < 1 || d[a] > most[block][a])
            return false;
        threads *= d[a];
    }
    return !block || threads <= 1024;
}

bool dims_within_limits(const int64_t d[3], bool block)
{
    return axes_within_limits(d, LAUNCH_ALL_AXES, block);
}

bool dims_representable(const int64_t d[3], bool block)
{
    int64_t threads = 1;
    for (int a = 0; a < 3; a++) {
        if (d[a] < 1 || d[a] > 2147483647)
            return false;
        threads *= d[a];
        if (block && threads > 2147483647)
            return false;
    }
    return true;
}

static const char axis_name[] = "xyz";

static void dims_text(const Launch *l, bool block, char *buf, size_t n)
{
    const int64_t *d = block ? l->block_dim : l->grid_dim;
    const char *name = block ? "blockDim" : "gridDim";
    if (launch_knows_all(l, block)) {
        snprintf(buf, n, "%s = (%lld,%lld,%lld)", name, (long long)d[0], (long long)d[1], (long long)d[2]);
        return;
    }
    size_t used = 0;
    buf[0] = '\0';
    for (int a = 0; a < 3; a++) {
        if (!launch_knows(l, block, a))
            continue;
        int w = snprintf(buf + used, n - used, "%s%s.%c = %lld", used ? ", " : "", name, axis_name[a],
                         (long long)d[a]);
        if (w < 0 || (size_t)w >= n - used)
            return;
        used += (size_t)w;
    }
}

/* "", " + 31", " - 1": an offset added to a parameter. */
static void offset_text(int64_t offset, char *buf, size_t n)
{
    buf[0] = '\0';
    if (offset)
        snprintf(buf, n, " %c %lld", offset < 0 ? '-' : '+', (long long)(offset < 0 ? -offset : offset));
}

void launch_fact_text(const Launch *l, int i, char *buf, size_t n)
{
    if (i < 0) {
        dims_text(l, i == -2, buf, n);
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
    case LF_GRID_WITHIN: {
        char offset[32];
        offset_text(f->offset, offset, sizeof offset);
        snprintf(buf, n, "gridDim.%c * %lld <= %s%s", axis_name[f->axis % 3], (long long)f->value, f->param, offset);
        break;
    }
    case LF_BLOCK_AT_MOST:
        snprintf(buf, n, "blockDim.x * blockDim.y * blockDim.z <= %lld", (long long)f->value);
        break;
    case LF_DIM_AT_MOST:
        snprintf(buf, n, "blockDim.%c <= %lld", axis_name[f->axis % 3], (long long)f->value);
        break;
    case LF_GRID_AT_MOST:
        snprintf(buf, n, "gridDim.%c <= %lld", axis_name[f->axis % 3], (long long)f->value);
        break;
    case LF_DIM_AT_LEAST:
        snprintf(buf, n, "blockDim.%c >= %lld", axis_name[f->axis % 3], (long long)f->value);
        break;
    case LF_DIM_POW2:
        snprintf(buf, n, "blockDim.%c is a power of two", axis_name[f->axis % 3]);
        break;
    case LF_PARAM_COVERS:
    case LF_PARAM_WITHIN: {
        char offset[32];
        offset_text(f->offset, offset, sizeof offset);
        snprintf(buf, n, "%lld * %s %s %s%s", (long long)f->value, f->param,
                 f->kind == LF_PARAM_COVERS ? ">=" : "<=", f->other, offset);
        break;
    }
    case LF_AT_LEAST:
        snprintf(buf, n, "%s >= %lld", f->param, (long long)f->value);
        break;
    case LF_AT_MOST:
        snprintf(buf, n, "%s <= %lld", f->param, (long long)f->value);
        break;
    case LF_MULTIPLE_OF:
        snprintf(buf, n, "%s %% %lld == %lld", f->param, (long long)f->value, (long long)f->offset);
        break;
    case LF_BLOCK_COVERS:
    case LF_BLOCK_WITHIN: {
        char offset[32], times[32] = ""; /* "blockDim.x >= n - 44", "blockDim.x * 2 <= n" */
        offset_text(f->offset, offset, sizeof offset);
        if (f->value != 1)
            snprintf(times, sizeof times, " * %lld", (long long)f->value);
        snprintf(buf, n, "blockDim.%c%s %s %s%s", axis_name[f->axis % 3], times,
                 f->kind == LF_BLOCK_COVERS ? ">=" : "<=", f->param, offset);
        break;
    }
    }
}
