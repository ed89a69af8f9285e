/* Code shaped for a front end's harder paths (docs/codegen.md, "Templates
 * and helpers"): with --templates a kernel is a function template over
 * the element types of its global arrays, explicitly instantiated with
 * the protocol's types (but arrays accessed by atomics or read into a
 * value); with --helpers every read and write goes through
 * a __device__ function that takes the cell by reference.  Either way
 * the front end must read the same protocol back. */
#include "gen_kernel.h"

#include <stdio.h>

void gen_shape_plan(Names *n, KernelGen *kg, const GenOptions *o)
{
    kg->helpers = o->helpers;
    for (int i = 0; i < kg->narrays && o->templates; i++) {
        ArrayInfo *a = &kg->arrays[i];
        /* an atomic on a dependent type is an overload the front end
         * cannot pick, and a value read from one is no integer it can
         * follow: those arrays keep their type */
        if (a->decl->mem != MEM_GLOBAL || a->atomic || a->read_into)
            continue;
        char key[64], base[32];
        snprintf(key, sizeof key, "\1tparam:%d", i); /* the i-th array's, in every kernel */
        snprintf(base, sizeof base, "T%d", i);
        a->tparam = names_generated(n, key, "__", base);
        kg->templated = true;
    }
}

void gen_shape_prelude(Out *o, const GenOptions *opt)
{
    if (!opt->helpers)
        return;
    out_put(o, "/* --helpers: every read and write goes through a function. */\n"
               "#ifndef MAPKIT_HELPERS\n"
               "#define MAPKIT_HELPERS\n"
               "template <typename T>\n"
               "static __device__ __noinline__ __attribute__((unused)) T __mapkit_load(const T &cell)\n"
               "{\n"
               "    return cell;\n"
               "}\n"
               "template <typename T, typename V>\n"
               "static __device__ __noinline__ __attribute__((unused)) void __mapkit_store(T &cell, V value)\n"
               "{\n"
               "    cell = value;\n"
               "}\n"
               "#endif\n");
}

void gen_template_head(Out *o, const KernelGen *kg)
{
    if (!kg->templated)
        return;
    out_put(o, "template <");
    const char *sep = "";
    for (int i = 0; i < kg->narrays; i++)
        if (kg->arrays[i].tparam) {
            out_printf(o, "%stypename %s", sep, kg->arrays[i].tparam);
            sep = ", ";
        }
    out_put(o, ">\n");
}

void gen_template_args(Out *o, const KernelGen *kg)
{
    if (!kg->templated)
        return;
    const char *sep = "<";
    for (int i = 0; i < kg->narrays; i++)
        if (kg->arrays[i].tparam) {
            out_printf(o, "%s%s", sep, kg->arrays[i].type.decl);
            sep = ", ";
        }
    out_put(o, ">");
}

/* The instance the protocol describes: nvcc compiles its code. */
void gen_template_instance(Out *o, const KernelGen *kg)
{
    if (!kg->templated)
        return;
    out_printf(o, "template __global__ void %s", kg->cname);
    gen_template_args(o, kg);
    out_put(o, "(");
    gen_kernel_params(o, kg, true);
    out_put(o, ");\n");
}

void gen_load_open(Out *o, const KernelGen *kg)
{
    if (kg->helpers)
        out_put(o, "__mapkit_load(");
}

void gen_load_close(Out *o, const KernelGen *kg)
{
    if (kg->helpers)
        out_put(o, ")");
}
