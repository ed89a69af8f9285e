/* Proto-to-CUDA ([VST Table 1] and Fig. 4): the file, the prelude,
 * and one __global__ function per kernel.  docs/codegen.md is the mapping
 * this file implements. */
#include "gen_kernel.h"

#include <stdlib.h>
#include <string.h>

/* ---- what each kernel needs before any text is written ---- */

static void note_access_modes(KernelGen *kg, const Block *b);

static ArrayInfo *array_of(KernelGen *kg, const Sym *s)
{
    for (int i = 0; i < kg->narrays; i++)
        if (kg->arrays[i].sym == s)
            return &kg->arrays[i];
    return NULL;
}

static void note_stmt_modes(KernelGen *kg, const Stmt *s)
{
    switch ((StmtKind)s->kind) {
    case S_ACCESS: {
        ArrayInfo *a = array_of(kg, s->u.access.array->u.var.sym);
        if (!a)
            return;
        a->read_into |= s->u.access.into != NULL;
        if (s->u.access.mode == ACC_RD)
            a->read = true;
        else if (s->u.access.mode == ACC_WR)
            a->written = true;
        else
            a->atomic = true;
        return;
    }
    case S_IF:
        note_access_modes(kg, &s->u.if_.then);
        note_access_modes(kg, &s->u.if_.els);
        return;
    case S_LOOP:
        note_access_modes(kg, &s->u.loop.body);
        return;
    case S_SYNC: case S_LET: case S_LOCAL: case S_ASSUME: case S_OPAQUE:
        return;
    }
}

static void note_access_modes(KernelGen *kg, const Block *b)
{
    for (int i = 0; i < b->n; i++)
        note_stmt_modes(kg, b->items[i]);
}

static char *concat3(const char *a, const char *b, const char *c)
{
    char *s = xmalloc(strlen(a) + strlen(b) + strlen(c) + 1);
    strcpy(s, a);
    strcat(s, b);
    strcat(s, c);
    return s;
}

static int array_ndims(const ArrayDecl *d)
{
    return d->ndims < 0 ? 1 : d->ndims; /* Faial's `shared A;` never used */
}

static const Expr *array_size(const ArrayDecl *d, int i)
{
    return d->sizes && d->ndims > 0 ? d->sizes[i] : NULL;
}

bool array_is_extern(const ArrayDecl *d)
{
    return d->mem == MEM_SHARED && array_ndims(d) > 0 && !array_size(d, 0);
}

/* The inner dimensions' text, for extern arrays' identity in the file. */
static char *extern_signature(KernelGen *kg, const ArrayInfo *a)
{
    Out o;
    out_init(&o);
    out_put(&o, a->type.decl);
    for (int i = 1; i < array_ndims(a->decl); i++) {
        out_put(&o, "[");
        gen_size(&o, &kg->ctx, array_size(a->decl, i));
        out_put(&o, "]");
    }
    return out_take(&o, NULL);
}

/* Block-scope extern arrays of one name are one entity in C++: two
 * kernels' extern arrays with one name and different types get apart. */
static const char *extern_name(Gen *g, KernelGen *kg, ArrayInfo *a)
{
    char *sig = extern_signature(kg, a);
    char *name = concat3(a->cname, "", "");
    for (;;) {
        const char *have = strmap_get(&g->externs, name);
        if (have ? strcmp(have, sig) == 0 : !strmap_get(&g->names.used, name) || !strcmp(name, a->cname))
            break;
        char *longer = concat3(name, "_", "");
        free(name);
        name = longer;
    }
    strmap_put(&g->externs, name, sig);
    strmap_put(&g->names.used, name, "");
    /* a second kernel's array of the same name shares the stored copy:
     * putting it again would free what the first kernel points at */
    const char *r = strmap_get(&g->extern_names, name);
    if (!r)
        r = strmap_put(&g->extern_names, name, name);
    free(name);
    free(sig);
    return r;
}

static void declare_once(Gen *g, const char *name, const char *fmt_type, ExternKind kind)
{
    static const char *const what[] = {
        [EXTERN_WRITTEN] = "a written value",
        [EXTERN_UNKNOWN] = "a fresh unknown",
        [EXTERN_SHARED_UNKNOWN] = "an unknown the group shares",
        [EXTERN_LOCAL] = "a per-thread constant",
    };
    if (gen_style_plain(g->o->style) || strmap_get(&g->declared, name)) /* the plain styles call no extern */
        return;
    strmap_put(&g->declared, name, fmt_type);
    out_printf(&g->externs_text, "%s%s %s(%s); /* %s */\n", g->dialect->extern_fn, fmt_type, name,
               g->dialect->no_params, what[kind]);
    VEC_PUSH(g->fns, g->nfns, g->capfns, ((ExternFn){strmap_get(&g->declared, name), name, kind}));
}

static void plan_arrays(Gen *g, KernelGen *kg)
{
    const Kernel *k = kg->k;
    kg->narrays = k->narrays;
    kg->arrays = xcalloc((size_t)k->narrays + 1, sizeof *kg->arrays);
    for (int i = 0; i < k->narrays; i++) {
        ArrayInfo *a = &kg->arrays[i];
        a->decl = &k->arrays[i];
        a->sym = a->decl->name->u.var.sym;
        elem_type_init(&a->type, a->decl->elem_type, &g->names);
        if (g->dialect->elem_type)
            g->dialect->elem_type(&a->type);
        a->cname = names_c(&g->names, a->decl->name->u.var.name);
        a->proto_cname = a->cname;
    }
    note_access_modes(kg, &k->body);
    /* shared arrays first, then global ones: the front end reads globals
     * from the parameter list, so only each group's order survives a round */
    for (int pass = 0; pass < 2; pass++)
        for (int i = 0; i < kg->narrays; i++) {
            ArrayInfo *a = &kg->arrays[i];
            if (a->decl->mem != (pass == 0 ? MEM_SHARED : MEM_GLOBAL))
                continue;
            if (array_is_extern(a->decl) && g->dialect->extern_shared)
                a->cname = extern_name(g, kg, a);
            if (a->sym)
                kg->sym_name[a->sym->index] = a->cname;
            a->write_fn = names_write_fn(&g->names, a->cname, a->type.value);
            a->read_var = names_read_var(&g->names, a->cname, a->type.value);
            if (a->written || (a->atomic && a->type.atomic != ATOM_CAST))
                declare_once(g, a->write_fn, a->type.value, EXTERN_WRITTEN);
        }
}

static void plan_unknowns(Gen *g, KernelGen *kg, const Block *b);

static void plan_unknowns_stmt(Gen *g, KernelGen *kg, const Stmt *s)
{
    if (s->kind == S_LOCAL) {
        const char *c = kg->sym_name[s->u.local.var->u.var.sym->index];
        if (s->u.local.group != GROUP_THREAD)
            declare_once(g, names_shared_unknown_fn(&g->names, c, (ShareGroup)s->u.local.group), "int",
                         EXTERN_SHARED_UNKNOWN);
        else
            declare_once(g, names_unknown_fn(&g->names, c), "int", EXTERN_UNKNOWN);
    } else if (s->kind == S_ACCESS && s->u.access.into) {
        const char *c = kg->sym_name[s->u.access.into->u.var.sym->index];
        declare_once(g, names_unknown_fn(&g->names, c), "int", EXTERN_UNKNOWN);
    } else if (s->kind == S_IF) {
        plan_unknowns(g, kg, &s->u.if_.then);
        plan_unknowns(g, kg, &s->u.if_.els);
    } else if (s->kind == S_LOOP) {
        plan_unknowns(g, kg, &s->u.loop.body);
    }
}

static void plan_unknowns(Gen *g, KernelGen *kg, const Block *b)
{
    for (int i = 0; i < b->n; i++)
        plan_unknowns_stmt(g, kg, b->items[i]);
}

static void plan_locals(Gen *g, KernelGen *kg)
{
    for (int i = 0; i < kg->k->nvars; i++) {
        const VarDecl *v = &kg->k->vars[i];
        if (v->scope != VAR_LOCAL)
            continue;
        const char *c = kg->sym_name[v->name->u.var.sym->index];
        declare_once(g, names_local_fn(&g->names, c), "int", EXTERN_LOCAL);
    }
}

/* A loop variable may be called like an array (Faial's examples write
 * `foreach (A in ...) wr A[A];`); C has one namespace for both. */
static void rename_loop_shadows(Gen *g, KernelGen *kg, const Kernel *k)
{
    for (int i = 0; i < k->nsyms; i++)
        for (int j = 0; k->syms[i]->kind == SYM_LOOP && j < k->nsyms; j++)
            if (k->syms[j]->kind == SYM_ARRAY && k->syms[j]->name == k->syms[i]->name)
                kg->sym_name[i] = names_alias(&g->names, k->syms[i]->name, "_i");
}

static void plan_kernel(Gen *g, KernelGen *kg, const Kernel *k)
{
    kg->k = k;
    kg->cname = names_c(&g->names, k->name);
    kg->sym_name = xcalloc((size_t)k->nsyms + 1, sizeof *kg->sym_name);
    for (int i = 0; i < k->nsyms; i++)
        kg->sym_name[i] = names_sym(&g->names, k->syms[i]);
    rename_loop_shadows(g, kg, k);
    kg->ctx.names = &g->names;
    kg->ctx.sym_name = kg->sym_name;
    kg->ctx.builtin = g->dialect->builtin;
    kg->ctx.division_helpers = g->dialect->division_helpers;
    kg->dialect = g->dialect;
    plan_arrays(g, kg);
    plan_locals(g, kg);
    plan_unknowns(g, kg, &k->body);
    gen_style_plan(&g->names, kg, g->o->style);
    gen_shape_plan(&g->names, kg, g->o);
}

/* The width the protocol states for the struct type s (`bytes(12)`) on
 * any array of it, which need not be the first (`global MaxLoc out[];`
 * before `shared MaxLoc best[256] bytes(8);`); 0 when none does. */
static int stated_struct_width(const Gen *g, const char *s)
{
    for (int i = 0; i < g->nkernels; i++)
        for (int j = 0; j < g->kernels[i].narrays; j++) {
            const ArrayInfo *a = &g->kernels[i].arrays[j];
            if (a->type.user_struct && strcmp(a->type.user_struct, s) == 0 && a->decl->width)
                return a->decl->elem_bytes;
        }
    return 0;
}

static void plan_structs(Gen *g)
{
    for (int i = 0; i < g->nkernels; i++)
        for (int j = 0; j < g->kernels[i].narrays; j++) {
            const char *s = g->kernels[i].arrays[j].type.user_struct;
            if (s && !strmap_get(&g->structs, s)) {
                strmap_put(&g->structs, s, "");
                g->dialect->user_struct(&g->structs_text, s, stated_struct_width(g, s));
            }
        }
}

/* ---- the file ---- */

/* CUDA's prelude is three parts: the plain styles leave out the externs
 * (codegen/gen_style.c). */
#define CUDA_PRELUDE_EXTERNS \
    "/* GPUVerify's annotations: a precondition, and the other thread's value. */\n" \
    "extern __device__ void __requires(bool);\n" \
    "extern __device__ int __other_int(int);\n" \
    "/* Something the kernel did that its protocol could not say ('opaque'). */\n" \
    "extern __device__ void __mapkit_opaque(void);\n"

#define CUDA_PRELUDE_HELPERS \
    "/* unused: nvcc and clang warn about unused static functions and\n" \
    "   variables that are only written (the reads' __dummyA). */\n" \
    "static __device__ __forceinline__ __attribute__((unused)) long long __mapkit_min(long long a, long long b)\n" \
    "{\n" \
    "    return a < b ? a : b;\n" \
    "}\n" \
    "static __device__ __forceinline__ __attribute__((unused)) long long __mapkit_max(long long a, long long b)\n" \
    "{\n" \
    "    return a > b ? a : b;\n" \
    "}\n" \
    "static __device__ __forceinline__ __attribute__((unused)) bool __mapkit_pow2(long long x)\n" \
    "{\n" \
    "    return x > 0 && (x & (x - 1)) == 0;\n" \
    "}\n" \
    "/* the protocol's a / 0 and a % 0: any value (C's are undefined) */\n" \
    "static __device__ __forceinline__ __attribute__((unused)) long long __mapkit_div(long long a, long long b)\n" \
    "{\n" \
    "    return b != 0 ? a / b : 0;\n" \
    "}\n" \
    "static __device__ __forceinline__ __attribute__((unused)) long long __mapkit_mod(long long a, long long b)\n" \
    "{\n" \
    "    return b != 0 ? a % b : 0;\n" \
    "}\n" \
    "#endif\n"

static const char prelude[] = GEN_PRELUDE_HEAD CUDA_PRELUDE_EXTERNS CUDA_PRELUDE_HELPERS;

/* The prelude of a plain style: no extern function (gen_style.c). */
static void gen_plain_prelude(Out *o, GenStyle style)
{
    out_put(o, GEN_PRELUDE_HEAD);
    gen_style_declarations(o, style);
    out_put(o, CUDA_PRELUDE_HELPERS);
}

static void cuda_main(Out *o, const Gen *g, const char *kernels)
{
    out_put(o, kernels);
    gen_main(o, g);
}

static void cuda_user_struct(Out *o, const char *name, int width)
{
    if (width > 0)
        out_printf(o, "struct %s { unsigned char bytes[%d]; };\n", name, width);
    else
        out_printf(o, "struct %s {};\n", name);
}

const Dialect gen_cuda = {
    .kernel_head = "__global__ void",
    .local_space = "__shared__",
    .global_space = "",
    .extern_fn = "extern __device__ ",
    .no_params = "",
    .prelude = prelude,
    .extern_shared = true,
    .block_dim_key = "--blockDim=",
    .grid_dim_key = "--gridDim=",
    .builtin = NULL,
    .division_helpers = true,
    .user_struct = cuda_user_struct,
    .sync = gen_cuda_sync,
    .tile_local = gen_uniform_local,
    .atomic = gen_cuda_atomic,
    .main = cuda_main,
};

static void gen_dims(Out *o, const int64_t d[3])
{
    int n = d[2] != 1 ? 3 : d[1] != 1 ? 2 : 1;
    out_put(o, "[");
    for (int i = 0; i < n; i++)
        out_printf(o, "%s%lld", i ? "," : "", (long long)d[i]);
    out_put(o, "]");
}

static void gen_gv_header(Out *o, const GenOptions *opt, const Dialect *d)
{
    out_put(o, opt->label == GV_PASS ? "//pass\n" : "//xfail:NOT_ALL_VERIFIED\n");
    out_printf(o, "//%s", d->block_dim_key);
    gen_dims(o, opt->launch.block_dim);
    out_printf(o, " %s", d->grid_dim_key);
    gen_dims(o, opt->launch.grid_dim);
    out_put(o, "\n");
}

static const char *base_name(const char *path)
{
    const char *slash = strrchr(path, '/');
    return slash ? slash + 1 : path;
}

/* The input's name goes into a comment: no newline or comment end in it. */
static void gen_safe_comment_text(Out *o, const char *s)
{
    for (; *s; s++) {
        unsigned char c = (unsigned char)*s;
        if (c < 0x20 || c >= 0x7f || (c == '*' && s[1] == '/'))
            out_put(o, "?");
        else
            out_putn(o, s, 1);
    }
}

bool gen_block_any(const Block *b, bool (*holds)(const Stmt *))
{
    for (int i = 0; i < b->n; i++) {
        const Stmt *s = b->items[i];
        if (holds(s) || (s->kind == S_IF && (gen_block_any(&s->u.if_.then, holds) ||
                                             gen_block_any(&s->u.if_.els, holds))) ||
            (s->kind == S_LOOP && gen_block_any(&s->u.loop.body, holds)))
            return true;
    }
    return false;
}

/* Barriers that order only some memory (dsl/fence.h), only when a kernel
 * has one: CUDA's one barrier orders all of it, and the CUDA front end
 * reads these names back as the protocol's barriers. */
static const char fence_prelude[] =
    "#ifndef MAPKIT_FENCES\n"
    "#define MAPKIT_FENCES\n"
    "/* Barriers that order only some memory (`sync local;`, `sync global;`,\n"
    "   `sync exec;`: OpenCL's fence flags).  CUDA's one barrier orders all of\n"
    "   it; mapkit reads these names back as the protocol's barriers. */\n"
    "static __device__ __forceinline__ __attribute__((unused)) void __mapkit_sync_local(void) { __syncthreads(); }\n"
    "static __device__ __forceinline__ __attribute__((unused)) void __mapkit_sync_global(void) { __syncthreads(); }\n"
    "static __device__ __forceinline__ __attribute__((unused)) void __mapkit_sync_exec(void) { __syncthreads(); }\n"
    "#endif\n";

static bool is_fenced_sync(const Stmt *s)
{
    return s->kind == S_SYNC && s->u.sync.unordered;
}

static bool needs_fence_prelude(const Gen *g)
{
    for (int i = 0; i < g->nkernels; i++)
        if (gen_block_any(&g->kernels[i].k->body, is_fenced_sync))
            return true;
    return false;
}

static bool is_grid_sync(const Stmt *s)
{
    return s->kind == S_SYNC && s->u.sync.grid;
}

bool gen_kernel_syncs_grid(const Kernel *k)
{
    return gen_block_any(&k->body, is_grid_sync);
}

/* `sync grid;` and tiles other than the warp are written with cooperative
 * groups: their header, only when a kernel needs it. */
static bool needs_cooperative_groups(const Gen *g)
{
    for (int i = 0; i < g->nkernels; i++)
        if (gen_kernel_syncs_grid(g->kernels[i].k) || gen_kernel_uses_tiles(g->kernels[i].k))
            return true;
    return false;
}

static void gen_head(Gen *g, Out *o)
{
    if (g->o->label != GV_NONE)
        gen_gv_header(o, g->o, g->dialect);
    out_put(o, "// Generated by mapkit gen");
    if (g->o->source_name) {
        out_put(o, " from ");
        gen_safe_comment_text(o, base_name(g->o->source_name));
    }
    out_put(o, " (seed 004, Table 1; docs/codegen.md).\n");
    if (g->dialect == &gen_opencl && gen_opencl_needs_cl20(g->p))
        out_put(o, "// OpenCL C 2.0 (-cl-std=CL2.0): atomics with a memory scope.\n");
}

/* Everything but the head: what an OpenCL host program builds. */
static void gen_body(Gen *g, Out *o)
{
    if (g->dialect == &gen_cuda && needs_cooperative_groups(g))
        out_put(o, "#include <cooperative_groups.h>\n");
    for (int i = 0; g->dialect == &gen_cuda && i < g->nkernels; i++)
        if (gen_kernel_orders_atomics(g->kernels[i].k)) {
            out_put(o, "#include <cuda/atomic>\n");
            break;
        }
    if (g->dialect == &gen_cuda && gen_style_plain(g->o->style))
        gen_plain_prelude(o, g->o->style);
    else
        out_put(o, g->dialect->prelude);
    if (g->dialect == &gen_cuda && needs_fence_prelude(g))
        out_put(o, fence_prelude);
    if (gen_needs_bytes_prelude(g))
        gen_bytes_prelude(o, g);
    if (g->dialect == &gen_cuda)
        gen_shape_prelude(o, g->o);
    if (g->structs_text.len) {
        out_printf(o, "\n/* Element types that are not C or %s types. */\n",
                   g->dialect == &gen_cuda ? "CUDA" : "OpenCL");
        out_put(o, g->structs_text.text);
    }
    if (g->externs_text.len) {
        out_put(o, "\n");
        out_put(o, g->externs_text.text);
    }
    for (int i = 0; i < g->nkernels; i++) {
        out_put(o, "\n");
        gen_kernel(o, &g->kernels[i]);
    }
}

static void gen_file(Gen *g, Out *o)
{
    gen_head(g, o);
    Out body;
    out_init(&body);
    gen_body(g, &body);
    if (g->o->main_program)
        g->dialect->main(o, g, body.text);
    else
        out_put(o, body.text);
    out_free(&body);
}

static bool selected(const GenOptions *o, const Kernel *k)
{
    return !o->kernel || strcmp(o->kernel, k->name) == 0;
}

static void gen_init(Gen *g, const Program *p, const GenOptions *o)
{
    memset(g, 0, sizeof *g);
    g->p = p;
    g->o = o;
    g->dialect = o->lang == GEN_OPENCL ? &gen_opencl : &gen_cuda;
    g->names.opencl = o->lang == GEN_OPENCL;
    names_init(&g->names, p);
    strmap_init(&g->externs);
    strmap_init(&g->extern_names);
    strmap_init(&g->declared);
    strmap_init(&g->structs);
    out_init(&g->externs_text);
    out_init(&g->structs_text);
    g->kernels = xcalloc((size_t)p->nkernels + 1, sizeof *g->kernels);
    /* kernels are file-scope entities too: extern arrays keep clear of them */
    for (int i = 0; i < p->nkernels; i++)
        strmap_put(&g->externs, names_c(&g->names, p->kernels[i]->name), "\1kernel");
    for (int i = 0; i < p->nkernels; i++)
        if (selected(o, p->kernels[i]))
            plan_kernel(g, &g->kernels[g->nkernels++], p->kernels[i]);
    plan_structs(g);
}

static void gen_free(Gen *g)
{
    for (int i = 0; i < g->nkernels; i++) {
        for (int j = 0; j < g->kernels[i].narrays; j++)
            elem_type_free(&g->kernels[i].arrays[j].type);
        free(g->kernels[i].arrays);
        free(g->kernels[i].sym_name);
    }
    free(g->kernels);
    free(g->fns);
    names_free(&g->names);
    strmap_free(&g->externs);
    strmap_free(&g->extern_names);
    strmap_free(&g->declared);
    strmap_free(&g->structs);
    out_free(&g->externs_text);
    out_free(&g->structs_text);
}

char *gen_program(const Program *p, const GenOptions *o, size_t *len)
{
    Gen g;
    gen_init(&g, p, o);
    Out out;
    out_init(&out);
    gen_file(&g, &out);
    gen_free(&g);
    return out_take(&out, len);
}

/* ---- default launch sizes ---- */

static int max_int(int a, int b)
{
    return a > b ? a : b;
}

/* The highest CUDA axis (0 = x) an expression mentions through a built-in. */
static int expr_axis(const Expr *e)
{
    if (!e)
        return 0;
    switch ((ExprKind)e->kind) {
    case E_VAR: {
        const Sym *s = e->u.var.sym;
        return s && s->builtin != BI_NONE && s->builtin != BI_WARPSIZE ? s->axis : 0;
    }
    case E_UNARY: case E_BINARY: case E_COND: case E_POW2:
        return max_int(expr_axis(e->u.sub.a), max_int(expr_axis(e->u.sub.b), expr_axis(e->u.sub.c)));
    case E_DISTINCT: {
        int axis = 0;
        for (int i = 0; i < e->u.distinct.n; i++)
            axis = max_int(axis, expr_axis(e->u.distinct.vars[i]));
        return axis;
    }
    case E_NUM: case E_BOOL:
        return 0;
    }
    return 0;
}

static int block_axis(const Block *b);

static int stmt_axis(const Stmt *s)
{
    switch ((StmtKind)s->kind) {
    case S_ACCESS: {
        int axis = 0;
        for (int i = 0; i < s->u.access.nindex; i++)
            axis = max_int(axis, expr_axis(s->u.access.index[i]));
        if (s->u.access.value)
            axis = max_int(axis, expr_axis(s->u.access.value));
        if (access_is_bytes(s))
            axis = max_int(axis, max_int(expr_axis(s->u.access.byte_off), expr_axis(s->u.access.byte_width)));
        return axis;
    }
    case S_IF:
        return max_int(expr_axis(s->u.if_.cond),
                       max_int(block_axis(&s->u.if_.then), block_axis(&s->u.if_.els)));
    case S_LOOP:
        return max_int(max_int(expr_axis(s->u.loop.init), expr_axis(s->u.loop.bound)),
                       max_int(expr_axis(s->u.loop.amount), block_axis(&s->u.loop.body)));
    case S_LET:
        return expr_axis(s->u.let.value);
    case S_ASSUME:
        return expr_axis(s->u.assume.cond);
    case S_SYNC: case S_LOCAL: case S_OPAQUE:
        return 0;
    }
    return 0;
}

static int block_axis(const Block *b)
{
    int axis = 0;
    for (int i = 0; i < b->n; i++)
        axis = max_int(axis, stmt_axis(b->items[i]));
    return axis;
}

static int highest_axis(const Kernel *k)
{
    int axis = block_axis(&k->body);
    for (int i = 0; i < k->narrays; i++)
        for (int j = 0; j < k->arrays[i].ndims && k->arrays[i].sizes; j++)
            axis = max_int(axis, expr_axis(k->arrays[i].sizes[j]));
    return axis;
}

/* A launch size a kernel fixes with a top-level precondition, so that a
 * default never contradicts it (and makes the verdict vacuous). */
static void pinned_dims(const Program *p, Builtin dim, int64_t out[3])
{
    for (int i = 0; i < p->nkernels; i++) {
        const Kernel *k = p->kernels[i];
        for (int s = 0; s < k->nsyms; s++) {
            uint64_t v;
            const Sym *sym = k->syms[s];
            if (sym->builtin == dim && kernel_pins(k, sym, &v) && v >= 1 && v <= INT32_MAX)
                out[sym->axis] = (int64_t)v;
        }
    }
}

void gen_default_dims(const Program *p, int64_t block_dim[3], int64_t grid_dim[3])
{
    static const int64_t blocks[3][3] = {{32, 1, 1}, {16, 16, 1}, {8, 8, 4}};
    static const int64_t grids[3][3] = {{2, 1, 1}, {2, 2, 1}, {2, 2, 2}};
    int axis = 0;
    for (int i = 0; i < p->nkernels; i++) {
        int a = highest_axis(p->kernels[i]);
        axis = a > axis ? a : axis;
    }
    memcpy(block_dim, blocks[axis], sizeof blocks[axis]);
    memcpy(grid_dim, grids[axis], sizeof grids[axis]);
    pinned_dims(p, BI_BLOCKDIM, block_dim);
    pinned_dims(p, BI_GRIDDIM, grid_dim);
}
