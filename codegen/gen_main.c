/* `mapkit gen --main` (docs/codegen.md): a host program around the generated
 * kernels ([VST Fig. 4]'s kernels made runnable), so that
 * compute-sanitizer can replay a witness on a GPU. */
#include "gen_kernel.h"

#include <stdio.h>
#include <string.h>

static const char main_prelude[] =
    "\n"
    "/* ---- mapkit gen --main: defines the extern functions, runs every kernel once ---- */\n"
    "#include <cstdio>\n"
    "#include <cstring>\n"
    "#ifndef MAPKIT_MAIN_ELEMS\n"
    "#define MAPKIT_MAIN_ELEMS 65536\n"
    "#endif\n"
    "__device__ void __requires(bool) {}\n"
    "__device__ void __mapkit_opaque(void) {}\n"
    "__device__ int __other_int(int x)\n"
    "{\n"
    "    return x;\n"
    "}\n";

/* Unknowns are 0; per-thread constants are the thread's linear index in
 * its block (Faial's `tid`).  A written value is one of the thread's own,
 * 1 + its linear index in the grid: compute-sanitizer's racecheck passes
 * over a write that leaves the cell's value as it was, so if every thread
 * wrote 0 it would see none of the races the protocol has. */
static void gen_definition(Out *o, const ExternFn *f)
{
    out_printf(o, "__device__ %s %s()\n{\n", f->type, f->name);
    if (f->kind == EXTERN_LOCAL)
        out_put(o, "    return (int)(threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z));\n");
    else if (f->kind == EXTERN_WRITTEN) /* bytes, so that any element type takes it */
        out_printf(o, "    %s v = {};\n"
                      "    unsigned id = 1 + threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * (threadIdx.z + "
                      "blockDim.z * (blockIdx.x + gridDim.x * (blockIdx.y + gridDim.y * blockIdx.z))));\n"
                      "    memcpy(&v, &id, sizeof v < sizeof id ? sizeof v : sizeof id);\n"
                      "    return v;\n",
                   f->type);
    else
        out_printf(o, "    %s v = {};\n    return v;\n", f->type);
    out_put(o, "}\n");
}

int64_t gen_param_value(const GenOptions *opt, const char *name)
{
    int64_t v = 8;
    launch_param_value(&opt->launch, name, &v);
    return v;
}

static void gen_allocations(Out *o, const KernelGen *kg)
{
    for (int i = 0; i < kg->narrays; i++) {
        const ArrayInfo *a = &kg->arrays[i];
        if (a->decl->mem != MEM_GLOBAL)
            continue;
        char name[32];
        snprintf(name, sizeof name, "__a%d", i);
        out_put(o, "        ");
        gen_global_declarator(o, kg, a, name, NULL);
        out_put(o, ";\n");
        out_printf(o, "        cudaMalloc((void **)&%s, MAPKIT_MAIN_ELEMS * sizeof *%s);\n", name, name);
        out_printf(o, "        cudaMemset((void *)%s, 0, MAPKIT_MAIN_ELEMS * sizeof *%s);\n", name, name);
    }
}

/* A kernel with `sync grid;` runs only under a cooperative launch, whose
 * arguments go by address. */
static void gen_cooperative_launch(Out *o, const Gen *g, const KernelGen *kg)
{
    const int64_t *b = g->o->launch.block_dim, *gr = g->o->launch.grid_dim;
    int nargs = 0;
    for (int i = 0; i < kg->k->nvars; i++)
        if (kg->k->vars[i].scope == VAR_UNIFORM)
            out_printf(o, "        int __u%d = %lld;\n", i,
                       (long long)gen_param_value(g->o, kg->k->vars[i].name->u.var.name));
    if (gen_style_plain(kg->style))
        out_put(o, "        float __unknown = 0.37f;\n");
    out_put(o, "        void *__args[] = {");
    for (int i = 0; i < kg->narrays; i++)
        if (kg->arrays[i].decl->mem == MEM_GLOBAL)
            out_printf(o, "%s(void *)&__a%d", nargs++ ? ", " : "", i);
    for (int i = 0; i < kg->k->nvars; i++)
        if (kg->k->vars[i].scope == VAR_UNIFORM)
            out_printf(o, "%s(void *)&__u%d", nargs++ ? ", " : "", i);
    if (gen_style_plain(kg->style)) /* the plain styles' source of unknowns */
        out_printf(o, "%s(void *)&__unknown", nargs++ ? ", " : "");
    out_printf(o, "%s};\n", nargs ? "" : "0");
    out_printf(o, "        cudaLaunchCooperativeKernel((void *)%s", kg->cname);
    gen_template_args(o, kg);
    out_printf(o, ", dim3(%lld, %lld, %lld), dim3(%lld, %lld, %lld), "
                  "__args, 4096);\n",
               (long long)gr[0], (long long)gr[1], (long long)gr[2], (long long)b[0], (long long)b[1],
               (long long)b[2]);
}

static void gen_launch(Out *o, const Gen *g, const KernelGen *kg)
{
    if (gen_kernel_syncs_grid(kg->k)) {
        gen_cooperative_launch(o, g, kg);
        return;
    }
    const int64_t *b = g->o->launch.block_dim, *gr = g->o->launch.grid_dim;
    out_printf(o, "        %s<<<dim3(%lld, %lld, %lld), dim3(%lld, %lld, %lld), 4096>>>(", kg->cname,
               (long long)gr[0], (long long)gr[1], (long long)gr[2], (long long)b[0], (long long)b[1],
               (long long)b[2]);
    bool first = true;
    for (int i = 0; i < kg->narrays; i++)
        if (kg->arrays[i].decl->mem == MEM_GLOBAL) {
            out_printf(o, "%s__a%d", first ? "" : ", ", i);
            first = false;
        }
    for (int i = 0; i < kg->k->nvars; i++) {
        const VarDecl *v = &kg->k->vars[i];
        if (v->scope != VAR_UNIFORM)
            continue;
        out_printf(o, "%s%lld", first ? "" : ", ",
                   (long long)gen_param_value(g->o, v->name->u.var.name));
        first = false;
    }
    if (gen_style_plain(kg->style))
        out_printf(o, "%s0.37f", first ? "" : ", ");
    out_put(o, ");\n");
}

static void gen_run(Out *o, const Gen *g, const KernelGen *kg)
{
    out_put(o, "    {\n");
    gen_allocations(o, kg);
    gen_launch(o, g, kg);
    out_put(o, "        cudaError_t err = cudaGetLastError();\n");
    out_put(o, "        if (err == cudaSuccess)\n");
    out_put(o, "            err = cudaDeviceSynchronize();\n");
    out_put(o, "        if (err != cudaSuccess) {\n");
    out_printf(o, "            fprintf(stderr, \"kernel %%s: %%s\\n\", \"%s\", cudaGetErrorString(err));\n",
               kg->cname);
    out_put(o, "            failed = 1;\n");
    out_put(o, "        }\n");
    for (int i = 0; i < kg->narrays; i++)
        if (kg->arrays[i].decl->mem == MEM_GLOBAL)
            out_printf(o, "        cudaFree((void *)__a%d);\n", i);
    out_put(o, "    }\n");
}

void gen_main(Out *o, const Gen *g)
{
    out_put(o, main_prelude);
    if (g->o->style == GEN_STYLE_GPUVERIFY)
        out_put(o, "__device__ void __assume(bool) {}\n");
    for (int i = 0; i < g->nkernels; i++)
        if (gen_kernel_has_facts(g->kernels[i].k)) { /* what the kernels state about their arrays: nothing to run */
            out_put(o, "#ifndef __MAPKIT_EMULATE__\n"
                       "__device__ void __mapkit_nondecreasing(const void *, long long) {}\n"
                       "__device__ void __mapkit_injective(const void *, long long) {}\n"
                       "#endif\n");
            break;
        }
    for (int i = 0; i < g->nfns; i++)
        gen_definition(o, &g->fns[i]);
    out_put(o, "\nint main(void)\n{\n    int failed = 0;\n");
    for (int i = 0; i < g->nkernels; i++)
        gen_run(o, g, &g->kernels[i]);
    out_put(o, "    return failed;\n}\n");
}
