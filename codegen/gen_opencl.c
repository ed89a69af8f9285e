/* Proto-to-OpenCL C: the OpenCL dialect of the generator
 * (docs/codegen.md, "OpenCL").  Only what OpenCL spells differently is
 * here: the table gen_opencl, built-ins, barriers with their fence flags,
 * atomics, element types, reserved words and the host program of --main.
 * The plan of a file and the statements are shared with CUDA (gen.c,
 * gen_kernel.c). */
#include "fence.h"
#include "gen_kernel.h"

#include <stdlib.h>
#include <string.h>

static const char prelude[] =
    GEN_PRELUDE_HEAD
    "/* GPUVerify's annotations: a precondition, and the other thread's value\n"
    "   (mapkit declares them itself, for every type). */\n"
    "#ifndef __MAPKIT_ANNOTATIONS__\n"
    "void __requires(bool);\n"
    "int __other_int(int);\n"
    "#endif\n"
    "/* Something the kernel did that its protocol could not say ('opaque'). */\n"
    "void __mapkit_opaque(void);\n"
    "/* Barriers OpenCL C 1.2 has no word for: the whole grid's, a tile's\n"
    "   (a sub-group of N work-items, a warp when N is 32), and a value the\n"
    "   N work-items of a tile share.  mapkit reads them back by name. */\n"
    "void __mapkit_sync_grid(void);\n"
    "void __mapkit_sync_tile(int);\n"
    "int __mapkit_tile_uniform(int, int);\n"
    "/* A block barrier that also gives a value every work-item of the group\n"
    "   shares (CUDA's __syncthreads_count; `local x = sync;`). */\n"
    "int __mapkit_sync_value(void);\n"
    "/* OpenCL has no warp: the protocol's warpSize (32 when run). */\n"
    "int __mapkit_warp_size(void);\n"
    "static inline __attribute__((unused)) long __mapkit_min(long a, long b)\n"
    "{\n"
    "    return a < b ? a : b;\n"
    "}\n"
    "static inline __attribute__((unused)) long __mapkit_max(long a, long b)\n"
    "{\n"
    "    return a > b ? a : b;\n"
    "}\n"
    "static inline __attribute__((unused)) bool __mapkit_pow2(long x)\n"
    "{\n"
    "    return x > 0 && (x & (x - 1)) == 0;\n"
    "}\n"
    "#endif\n";

/* ---- names ---- */

/* OpenCL C's keywords, types and the built-in functions the generated text
 * calls.  A protocol name spelled like one is renamed in both dialects
 * (gen_names.c), so that CUDA and OpenCL from one protocol use one name. */
static const char *const opencl_reserved[] = {
    "kernel", "__kernel", "global", "__global", "local", "__local", "constant", "__constant",
    "private", "__private", "generic", "__generic", "read_only", "write_only", "read_write",
    "uchar", "ushort", "uint", "ulong", "half", "quad", "image1d_t", "image2d_t", "image3d_t",
    "image1d_array_t", "image1d_buffer_t", "image2d_array_t", "sampler_t", "event_t", "queue_t",
    "ndrange_t", "clk_event_t", "reserve_id_t", "pipe", "intptr_t", "uintptr_t", "get_local_id",
    "get_group_id", "get_local_size", "get_num_groups", "get_global_id", "get_global_size",
    "get_global_offset", "get_work_dim", "get_enqueued_local_size", "barrier",
    "work_group_barrier", "mem_fence", "read_mem_fence", "write_mem_fence", "atomic_add",
    "atomic_sub", "atomic_inc", "atomic_dec", "atomic_xchg", "atomic_cmpxchg", "atomic_min",
    "atomic_max", "atomic_and", "atomic_or", "atomic_xor", "atom_add", "atom_sub", "atomic_int",
    "atomic_uint", "atomic_fetch_add_explicit", "atomic_fetch_sub_explicit", "memory_order_relaxed",
    "memory_scope_work_group", "memory_scope_device", "memory_scope_all_svm_devices",
    "work_group_reduce_add", "CLK_LOCAL_MEM_FENCE", "CLK_GLOBAL_MEM_FENCE", "async_work_group_copy",
    "wait_group_events", "vload", "vstore", "select", "clamp", "mad", "mix", NULL,
};

bool gen_opencl_reserved(const char *s)
{
    for (const char *const *r = opencl_reserved; *r; r++)
        if (strcmp(*r, s) == 0)
            return true;
    return false;
}

static void opencl_builtin(Out *o, const Sym *s)
{
    static const char *const fns[] = {
        [BI_THREADIDX] = "get_local_id", [BI_BLOCKIDX] = "get_group_id",
        [BI_BLOCKDIM] = "get_local_size", [BI_GRIDDIM] = "get_num_groups",
    };
    if (s->builtin == BI_WARPSIZE || s->builtin >= (int)(sizeof fns / sizeof *fns) || !fns[s->builtin]) {
        out_put(o, "__mapkit_warp_size()");
        return;
    }
    out_printf(o, "%s(%d)", fns[s->builtin], s->axis);
}

/* C has no struct tag as a type name: a typedef gives it one. */
static void opencl_user_struct(Out *o, const char *name, int width)
{
    if (width > 0)
        out_printf(o, "typedef struct %s { uchar bytes[%d]; } %s;\n", name, width, name);
    else
        out_printf(o, "typedef struct %s {} %s;\n", name, name);
}

/* ---- element types ---- */

/* CUDA's 64-bit spellings that OpenCL C reserves (`long long`) or lacks. */
static const struct {
    const char *cuda, *opencl;
} type_table[] = {
    {"unsigned long long", "ulong"}, {"unsigned long long int", "ulong"},
    {"long long", "long"}, {"long long int", "long"}, {"signed long long", "long"},
    {"signed long long int", "long"}, {"longlong1", "long"}, {"ulonglong1", "ulong"},
    {"longlong2", "long2"}, {"ulonglong2", "ulong2"}, {"longlong3", "long3"},
    {"ulonglong3", "ulong3"}, {"longlong4", "long4"}, {"ulonglong4", "ulong4"},
};

static char *with_prefix(const char *prefix, const char *s)
{
    char *r = xmalloc(strlen(prefix) + strlen(s) + 1);
    strcpy(r, prefix);
    strcat(r, s);
    return r;
}

void gen_opencl_elem_type(ElemType *t)
{
    for (size_t i = 0; i < sizeof type_table / sizeof *type_table; i++)
        if (strcmp(t->value, type_table[i].cuda) == 0) {
            bool is_volatile = strncmp(t->decl, "volatile ", 9) == 0;
            free(t->value);
            free(t->decl);
            t->value = with_prefix("", type_table[i].opencl);
            t->decl = with_prefix(is_volatile ? "volatile " : "", type_table[i].opencl);
            return;
        }
}

/* ---- statements ---- */

static const char *address_space(const ArrayInfo *a)
{
    return a->decl->mem == MEM_SHARED ? "__local" : "__global";
}

/* barrier(flags): the fence flags of `sync local;` etc. (dsl/fence.h) */
static void put_barrier(Out *o, unsigned unordered)
{
    bool local = fence_orders(unordered, MEM_SHARED), global = fence_orders(unordered, MEM_GLOBAL);
    out_printf(o, "barrier(%s%s%s);\n", local ? "CLK_LOCAL_MEM_FENCE" : "", local && global ? " | " : "",
               global ? "CLK_GLOBAL_MEM_FENCE" : local ? "" : "0");
}

static void opencl_sync(Out *o, const KernelGen *kg, const Stmt *s)
{
    if (s->u.sync.into) /* OpenCL 2.0's work_group_reduce_add orders no memory: a helper */
        out_printf(o, "int %s __attribute__((unused)) = __mapkit_sync_value();\n",
                   kg->sym_name[s->u.sync.into->u.var.sym->index]);
    else if (s->u.sync.tile)
        out_printf(o, "__mapkit_sync_tile(%d);\n", s->u.sync.tile);
    else if (s->u.sync.grid)
        out_put(o, "__mapkit_sync_grid();\n");
    else
        put_barrier(o, s->u.sync.unordered);
}

/* OpenCL C 1.2's atomic_add takes int and unsigned int cells; any other
 * cell is counted through its address as an unsigned int, as in CUDA. */
static bool direct_atomic(const ArrayInfo *a)
{
    return a->type.atomic == ATOM_INT || a->type.atomic == ATOM_UINT;
}

static bool scoped(const Stmt *s)
{
    return s->u.access.scope != SCOPE_DEVICE;
}

/* The atomic's operand: &A[i], cast when the cell is not an int. */
static void put_atomic_address(Out *o, const KernelGen *kg, const ArrayInfo *a, const Stmt *s)
{
    if (scoped(s))
        out_printf(o, "(volatile %s %s *)", address_space(a),
                   a->type.atomic == ATOM_UINT ? "atomic_uint" : "atomic_int");
    else if (!direct_atomic(a))
        out_printf(o, "(volatile %s unsigned int *)", address_space(a));
    gen_address(o, kg, a, s);
}

/* A block- or system-scoped atomic is OpenCL C 2.0's atomic_fetch_*_explicit
 * with that memory scope; a device-scoped one is 1.2's atomic_add. */
static void put_atomic_call(Out *o, const KernelGen *kg, const ArrayInfo *a, const Stmt *s, bool down,
                            const Expr *amount)
{
    if (scoped(s))
        out_printf(o, "atomic_fetch_%s_explicit(", down ? "sub" : "add");
    else
        out_printf(o, "atomic_%s(", down ? "sub" : "add");
    put_atomic_address(o, kg, a, s);
    out_put(o, ", ");
    if (amount)
        gen_expr(o, &kg->ctx, amount);
    else if (direct_atomic(a))
        out_printf(o, "%s()", a->write_fn);
    else
        out_put(o, scoped(s) ? "1" : "1u");
    if (scoped(s))
        out_printf(o, ", memory_order_relaxed, %s",
                   s->u.access.scope == SCOPE_BLOCK ? "memory_scope_work_group" : "memory_scope_all_svm_devices");
    out_put(o, ")");
}

static void opencl_tile_local(Out *o, const KernelGen *kg, const char *var, const char *fn, int tile)
{
    (void)kg; /* OpenCL has no --style */
    out_printf(o, "int %s __attribute__((unused)) = __mapkit_tile_uniform(%d, %s());\n", var, tile, fn);
}

/* `atomic load A[i];` is OpenCL C 2.0's atomic_load_explicit, at the
 * atomic's scope (a device-scoped one at memory_scope_device). */
static void opencl_atomic_load(Out *o, const KernelGen *kg, const ArrayInfo *a, const Stmt *s)
{
    AtomicScope sc = (AtomicScope)s->u.access.scope;
    out_printf(o, "(void)atomic_load_explicit((volatile %s %s *)", address_space(a),
               a->type.atomic == ATOM_UINT ? "atomic_uint" : "atomic_int");
    gen_address(o, kg, a, s);
    out_printf(o, ", memory_order_relaxed, %s);\n",
               sc == SCOPE_BLOCK    ? "memory_scope_work_group"
               : sc == SCOPE_SYSTEM ? "memory_scope_all_svm_devices"
                                    : "memory_scope_device");
}

static void opencl_atomic(Out *o, const KernelGen *kg, const ArrayInfo *a, const Stmt *s)
{
    if (s->u.access.load) {
        opencl_atomic_load(o, kg, a, s);
        return;
    }
    if (s->u.access.ticket) {
        const Expr *k = s->u.access.amount;
        bool down = ticket_counts_down(k);
        out_printf(o, "int %s __attribute__((unused)) = ", kg->sym_name[s->u.access.ticket->u.var.sym->index]);
        put_atomic_call(o, kg, a, s, down, down ? k->u.sub.a : k);
    } else {
        put_atomic_call(o, kg, a, s, false, NULL);
    }
    out_put(o, ";\n");
}

/* ---- OpenCL C 2.0 ---- */

static bool needs_cl20(const Stmt *s)
{
    return s->kind == S_ACCESS && s->u.access.mode == ACC_ATOMIC && (scoped(s) || s->u.access.load);
}

bool gen_opencl_needs_cl20(const Program *p)
{
    for (int i = 0; i < p->nkernels; i++)
        if (gen_block_any(&p->kernels[i]->body, needs_cl20))
            return true;
    return false;
}

/* ---- --main: one file that is both the OpenCL program and its host ---- */

static const char main_definitions[] =
    "\n"
    "/* ---- mapkit gen --main: the extern functions, defined ---- */\n"
    "#ifndef __MAPKIT_ANNOTATIONS__\n"
    "void __requires(bool b)\n"
    "{\n"
    "}\n"
    "int __other_int(int x)\n"
    "{\n"
    "    return x;\n"
    "}\n"
    "#endif\n"
    "void __mapkit_opaque(void)\n"
    "{\n"
    "}\n"
    "/* only the block's barrier can be run: stronger than a tile's, weaker than the grid's */\n"
    "void __mapkit_sync_grid(void)\n"
    "{\n"
    "    barrier(CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE);\n"
    "}\n"
    "void __mapkit_sync_tile(int n)\n"
    "{\n"
    "}\n"
    "int __mapkit_tile_uniform(int n, int x)\n"
    "{\n"
    "    return x;\n"
    "}\n"
    "int __mapkit_sync_value(void)\n"
    "{\n"
    "    barrier(CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE);\n"
    "    return 0;\n"
    "}\n"
    "int __mapkit_warp_size(void)\n"
    "{\n"
    "    return 32;\n"
    "}\n";

/* Unknowns are 0; per-thread constants are the work-item's linear index in
 * its group, and a written value is one of the work-item's own, 1 + its
 * linear global id, as CUDA's --main: a detector that passes over writes
 * leaving a cell as it was (mapkit emulate, docs/emulate.md) would see none
 * of the write-write races the protocol has if every work-item wrote 0. */
static void put_definition(Out *o, const ExternFn *f, const Gen *g)
{
    out_printf(o, "%s %s(void)\n{\n", f->type, f->name);
    if (f->kind == EXTERN_LOCAL)
        out_put(o, "    return (int)(get_local_id(0) + get_local_size(0) * (get_local_id(1) + get_local_size(1) * "
                   "get_local_id(2)));\n");
    else if (strmap_get(&g->structs, f->type))
        out_printf(o, "    %s v = {};\n    return v;\n", f->type);
    else if (f->kind == EXTERN_WRITTEN) /* a scalar, or a vector of it */
        out_printf(o, "    return (%s)(1 + get_global_id(0) + get_global_size(0) * (get_global_id(1) + "
                      "get_global_size(1) * get_global_id(2)));\n",
                   f->type);
    else /* a scalar, or a vector of zeros */
        out_printf(o, "    return (%s)(0);\n", f->type);
    out_put(o, "}\n");
}

/* The OpenCL part as a C string, one source line a line. */
static void put_c_string(Out *o, const char *text)
{
    out_put(o, "static const char mapkit_source[] =\n    \"");
    for (const char *p = text; *p; p++) {
        if (*p == '\n') {
            out_put(o, p[1] ? "\\n\"\n    \"" : "\\n");
            continue;
        }
        if (*p == '"' || *p == '\\')
            out_put(o, "\\");
        out_putn(o, p, 1);
    }
    out_put(o, "\";\n");
}

static const char host_head[] =
    "/* ---- mapkit gen --main: the host program (C, the OpenCL API; cc FILE.cl -x c -lOpenCL) ---- */\n"
    "#define CL_TARGET_OPENCL_VERSION 120\n"
    "#include <CL/cl.h>\n"
    "#include <stdio.h>\n"
    "#ifndef MAPKIT_MAIN_ELEMS\n"
    "#define MAPKIT_MAIN_ELEMS 4096\n"
    "#endif\n"
    "#ifndef MAPKIT_OPEN_DIM\n"
    "#define MAPKIT_OPEN_DIM 16\n"
    "#endif\n"
    "/* bytes of an element: no type the generator writes is larger */\n"
    "#define MAPKIT_MAIN_ELEM_BYTES 32\n";

static const char host_setup[] =
    "static int mapkit_failed(cl_int err, const char *what)\n"
    "{\n"
    "    if (err != CL_SUCCESS)\n"
    "        fprintf(stderr, \"%s: OpenCL error %d\\n\", what, (int)err);\n"
    "    return err != CL_SUCCESS;\n"
    "}\n"
    "\n"
    "static cl_mem mapkit_buffer(cl_context ctx, cl_command_queue q, size_t bytes)\n"
    "{\n"
    "    cl_int err;\n"
    "    cl_uchar zero = 0;\n"
    "    cl_mem m = clCreateBuffer(ctx, CL_MEM_READ_WRITE, bytes, NULL, &err);\n"
    "    if (m && clEnqueueFillBuffer(q, m, &zero, 1, 0, bytes, 0, NULL, NULL) != CL_SUCCESS) {\n"
    "        clReleaseMemObject(m);\n"
    "        m = NULL;\n"
    "    }\n"
    "    return m;\n"
    "}\n"
    "\n"
    "int main(void)\n"
    "{\n"
    "    cl_platform_id platform;\n"
    "    cl_device_id device;\n"
    "    cl_int err;\n"
    "    if (clGetPlatformIDs(1, &platform, NULL) != CL_SUCCESS ||\n"
    "        clGetDeviceIDs(platform, CL_DEVICE_TYPE_ALL, 1, &device, NULL) != CL_SUCCESS) {\n"
    "        fprintf(stderr, \"no OpenCL platform or device\\n\");\n"
    "        return 2;\n"
    "    }\n"
    "    cl_context ctx = clCreateContext(NULL, 1, &device, NULL, NULL, &err);\n"
    "    if (mapkit_failed(err, \"clCreateContext\"))\n"
    "        return 2;\n"
    "    cl_command_queue q = clCreateCommandQueue(ctx, device, 0, &err);\n"
    "    if (mapkit_failed(err, \"clCreateCommandQueue\"))\n"
    "        return 2;\n"
    "    const char *src = mapkit_source;\n"
    "    cl_program prog = clCreateProgramWithSource(ctx, 1, &src, NULL, &err);\n"
    "    if (mapkit_failed(err, \"clCreateProgramWithSource\"))\n"
    "        return 2;\n";

static const char host_build_failed[] =
    "    if (err != CL_SUCCESS) {\n"
    "        static char log[65536];\n"
    "        clGetProgramBuildInfo(prog, device, CL_PROGRAM_BUILD_LOG, sizeof log - 1, log, NULL);\n"
    "        fprintf(stderr, \"clBuildProgram: OpenCL error %d\\n%s\\n\", (int)err, log);\n"
    "        return 1;\n"
    "    }\n"
    "    int failed = 0;\n";

/* The bytes of a global array: MAPKIT_MAIN_ELEMS rows of its inner sizes. */
static void put_array_bytes(Out *o, const ArrayInfo *a)
{
    out_put(o, "(size_t)MAPKIT_MAIN_ELEMS * MAPKIT_MAIN_ELEM_BYTES");
    for (int i = 1; i < a->decl->ndims; i++) {
        const Expr *size = a->decl->sizes ? a->decl->sizes[i] : NULL;
        if (expr_is_literal(size))
            out_printf(o, " * %llu", (unsigned long long)size->u.num);
        else
            out_put(o, " * MAPKIT_OPEN_DIM");
    }
}

static void put_run(Out *o, const Gen *g, const KernelGen *kg)
{
    const int64_t *b = g->o->launch.block_dim, *gr = g->o->launch.grid_dim;
    out_put(o, "    {\n");
    out_printf(o, "        cl_kernel k = clCreateKernel(prog, \"%s\", &err);\n", kg->cname);
    out_printf(o, "        if (mapkit_failed(err, \"clCreateKernel %s\"))\n            return 1;\n", kg->cname);
    int arg = 0;
    for (int i = 0; i < kg->narrays; i++) {
        const ArrayInfo *a = &kg->arrays[i];
        if (a->decl->mem != MEM_GLOBAL)
            continue;
        out_printf(o, "        cl_mem a%d = mapkit_buffer(ctx, q, ", i);
        put_array_bytes(o, a);
        out_put(o, ");\n");
        out_printf(o, "        failed |= !a%d || mapkit_failed(clSetKernelArg(k, %d, sizeof(cl_mem), &a%d), \"clSetKernelArg\");\n",
                   i, arg++, i);
    }
    for (int i = 0; i < kg->k->nvars; i++) {
        const VarDecl *v = &kg->k->vars[i];
        if (v->scope != VAR_UNIFORM)
            continue;
        out_printf(o, "        cl_int u%d = %lld;\n", i, (long long)gen_param_value(g->o, v->name->u.var.name));
        out_printf(o, "        failed |= mapkit_failed(clSetKernelArg(k, %d, sizeof(cl_int), &u%d), \"clSetKernelArg\");\n",
                   arg++, i);
    }
    out_printf(o, "        size_t local[3] = {%lld, %lld, %lld};\n", (long long)b[0], (long long)b[1], (long long)b[2]);
    out_printf(o, "        size_t global[3] = {%lld, %lld, %lld};\n", (long long)(b[0] * gr[0]),
               (long long)(b[1] * gr[1]), (long long)(b[2] * gr[2]));
    out_put(o, "        err = clEnqueueNDRangeKernel(q, k, 3, NULL, global, local, 0, NULL, NULL);\n");
    out_put(o, "        if (err == CL_SUCCESS)\n            err = clFinish(q);\n");
    out_printf(o, "        failed |= mapkit_failed(err, \"kernel %s\");\n", kg->cname);
    for (int i = 0; i < kg->narrays; i++)
        if (kg->arrays[i].decl->mem == MEM_GLOBAL)
            out_printf(o, "        if (a%d)\n            clReleaseMemObject(a%d);\n", i, i);
    out_put(o, "        clReleaseKernel(k);\n    }\n");
}

/* The file is OpenCL C for the OpenCL compiler (and mapkit infer), which
 * defines __OPENCL_VERSION__, and a C host program for cc, which embeds
 * the same OpenCL text as a string and builds it at run time. */
static void opencl_main(Out *o, const Gen *g, const char *kernels)
{
    Out cl;
    out_init(&cl);
    out_put(&cl, kernels);
    out_put(&cl, main_definitions);
    for (int i = 0; i < g->nkernels; i++)
        if (gen_kernel_has_facts(g->kernels[i].k)) { /* what the kernels state about their arrays: nothing to run */
            out_put(&cl, "void __mapkit_nondecreasing(const __global void *p, long n)\n{\n}\n"
                         "void __mapkit_injective(const __global void *p, long n)\n{\n}\n");
            break;
        }
    for (int i = 0; i < g->nfns; i++)
        put_definition(&cl, &g->fns[i], g);
    out_put(o, "#if defined(__OPENCL_C_VERSION__) || defined(__OPENCL_VERSION__)\n");
    out_put(o, cl.text);
    out_put(o, "#else\n");
    out_put(o, host_head);
    put_c_string(o, cl.text);
    out_put(o, "\n");
    out_put(o, host_setup);
    out_printf(o, "    err = clBuildProgram(prog, 1, &device, \"-cl-std=%s\", NULL, NULL);\n",
               gen_opencl_needs_cl20(g->p) ? "CL2.0" : "CL1.2");
    out_put(o, host_build_failed);
    for (int i = 0; i < g->nkernels; i++)
        put_run(o, g, &g->kernels[i]);
    out_put(o, "    clReleaseProgram(prog);\n    clReleaseCommandQueue(q);\n    clReleaseContext(ctx);\n");
    out_put(o, "    return failed;\n}\n#endif\n");
    out_free(&cl);
}

const Dialect gen_opencl = {
    .kernel_head = "__kernel void",
    .local_space = "__local",
    .global_space = "__global ",
    .extern_fn = "",
    .no_params = "void",
    .prelude = prelude,
    .extern_shared = false,
    .block_dim_key = "--local_size=",
    .grid_dim_key = "--num_groups=",
    .builtin = opencl_builtin,
    .user_struct = opencl_user_struct,
    .elem_type = gen_opencl_elem_type,
    .sync = opencl_sync,
    .tile_local = opencl_tile_local,
    .atomic = opencl_atomic,
    .main = opencl_main,
};
