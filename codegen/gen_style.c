/* Code shaped for the tool under test (docs/codegen.md,
 * "Styles"): which constructs each style can write, and the pieces of
 * text in which the styles differ from mapkit's own conventions.
 *
 * plain:     no extern function at all.  A read stores the cell in a
 *            volatile local (no compiler may drop the load), a write stores
 *            the thread's linear index converted to the element type, an
 *            unknown is a float kernel parameter mixed with that index and
 *            converted to int (the front end reads a float as data, so the
 *            integer is an unknown), a precondition is __builtin_assume.
 * gpuverify: plain, with GPUVerify's test header and annotations:
 *            __requires at the kernel's entry, __assume elsewhere,
 *            __other_int for the other thread's value.
 * faial:     mapkit's body in [VST Table 1]'s form (extern write
 *            functions, read variables, unknowns from extern functions,
 *            loops stepping `x += 1`), without what [VST Sec. 6] says
 *            Faial's front end cannot read (__shared__ scalars). */
#include "gen_kernel.h"

#include <string.h>

static const char *const style_names[] = {
    [GEN_STYLE_MAPKIT] = "mapkit",
    [GEN_STYLE_PLAIN] = "plain",
    [GEN_STYLE_GPUVERIFY] = "gpuverify",
    [GEN_STYLE_FAIAL] = "faial",
};

bool gen_style_parse(const char *name, GenStyle *out)
{
    for (size_t i = 0; i < sizeof style_names / sizeof style_names[0]; i++)
        if (strcmp(name, style_names[i]) == 0) {
            *out = (GenStyle)i;
            return true;
        }
    return false;
}

const char *gen_style_name(GenStyle s)
{
    return style_names[s];
}

bool gen_style_plain(GenStyle s)
{
    return s == GEN_STYLE_PLAIN || s == GEN_STYLE_GPUVERIFY;
}

/* ---- what a style cannot write ---- */

typedef struct Refusal {
    GenStyle style;
    const char *why;
    Loc at;
} Refusal;

static void refuse(Refusal *r, const char *why, Loc at)
{
    if (!r->why) {
        r->why = why;
        r->at = at;
    }
}

/* 1@x, 2@x or distinct: a precondition that relates two threads. */
static bool relates_threads(const Expr *e)
{
    if (!e)
        return false;
    switch ((ExprKind)e->kind) {
    case E_VAR:
        return e->thread != 0;
    case E_DISTINCT:
        return true;
    case E_UNARY: case E_BINARY: case E_COND: case E_POW2:
        return relates_threads(e->u.sub.a) || relates_threads(e->u.sub.b) || relates_threads(e->u.sub.c);
    case E_NUM: case E_BOOL:
        return false;
    }
    return false;
}

static void refusal_block(Refusal *r, const Block *b);

static void refusal_stmt(Refusal *r, const Stmt *s)
{
    bool plain = gen_style_plain(r->style);
    switch ((StmtKind)s->kind) {
    case S_OPAQUE:
        refuse(r, "an `opaque;` statement has no form the front end reads back but mapkit's __mapkit_opaque()", s->loc);
        return;
    case S_LOCAL:
        if (plain && s->u.local.group != GROUP_THREAD)
            refuse(r, "an unknown shared by a block or grid has no plain CUDA form (mapkit writes __block_unknown_x())",
                   s->loc);
        return;
    case S_ASSUME:
        if (r->style == GEN_STYLE_PLAIN && relates_threads(s->u.assume.cond))
            refuse(r, "plain CUDA cannot relate two threads in a precondition (1@x, 2@x, distinct); "
                      "--style=gpuverify can, with __other_int", s->loc);
        return;
    case S_IF:
        refusal_block(r, &s->u.if_.then);
        refusal_block(r, &s->u.if_.els);
        return;
    case S_LOOP:
        refusal_block(r, &s->u.loop.body);
        return;
    case S_ACCESS: case S_SYNC: case S_LET:
        return;
    }
}

static void refusal_block(Refusal *r, const Block *b)
{
    for (int i = 0; i < b->n; i++)
        refusal_stmt(r, b->items[i]);
}

static void refusal_kernel(Refusal *r, const Kernel *k)
{
    for (int i = 0; i < k->nvars && gen_style_plain(r->style); i++)
        if (k->vars[i].scope == VAR_LOCAL)
            refuse(r, "a `const local` has no plain CUDA form the front end reads back (mapkit writes __local_x())",
                   k->vars[i].name->loc);
    for (int i = 0; i < k->narrays && r->style == GEN_STYLE_FAIAL; i++)
        if (k->arrays[i].mem == MEM_SHARED && k->arrays[i].ndims == 0)
            refuse(r, "Faial's front end reads no __shared__ scalar ([VST Sec. 6])", k->arrays[i].loc);
    refusal_block(r, &k->body);
}

const char *gen_style_refusal(const Program *p, GenStyle s, const char *kernel, Loc *at)
{
    Refusal r = {.style = s};
    for (int i = 0; i < p->nkernels && s != GEN_STYLE_MAPKIT; i++)
        if (!kernel || strcmp(kernel, p->kernels[i]->name) == 0)
            refusal_kernel(&r, p->kernels[i]);
    if (r.why && at)
        *at = r.at;
    return r.why;
}

/* ---- the pieces of text ---- */

void gen_style_plan(Names *n, KernelGen *kg, GenStyle s)
{
    kg->style = s;
    if (!gen_style_plain(s))
        return;
    kg->unknown_param = names_generated(n, "\1style:unknown", "__", "unknown");
    kg->thread_value = names_generated(n, "\1style:thread_value", "__", "thread_value");
}

/* GPUVerify declares its annotations itself; nvcc needs them declared.
 * __builtin_assume is clang's and nvcc's own. */
void gen_style_declarations(Out *o, GenStyle s)
{
    if (s != GEN_STYLE_GPUVERIFY)
        return;
    out_put(o, "/* GPUVerify's annotations, which GPUVerify declares itself. */\n"
               "#ifdef __NVCC__\n"
               "extern __device__ void __requires(bool);\n"
               "extern __device__ void __assume(bool);\n"
               "extern __device__ int __other_int(int);\n"
               "#endif\n");
}

void gen_style_params(Out *o, const KernelGen *kg, bool first)
{
    if (gen_style_plain(kg->style))
        out_printf(o, "%sfloat %s", first ? "" : ", ", kg->unknown_param);
}

/* The thread's linear index in the grid, as a float: distinct threads
 * write distinct values, and the front end follows no float. */
void gen_style_locals(Out *o, const KernelGen *kg)
{
    if (!gen_style_plain(kg->style))
        return;
    out_indent(o);
    out_printf(o, "const float %s __attribute__((unused)) = (float)(threadIdx.x + blockDim.x * (threadIdx.y + "
                  "blockDim.y * (threadIdx.z + blockDim.z * (blockIdx.x + gridDim.x * (blockIdx.y + gridDim.y * "
                  "blockIdx.z)))));\n",
               kg->thread_value);
}

/* A C type that converts to and from int and float: not a struct, not a
 * vector (float4). */
bool gen_style_arithmetic(const ArrayInfo *a)
{
    size_t n = strlen(a->type.value);
    return !a->type.user_struct && !(n > 0 && a->type.value[n - 1] >= '0' && a->type.value[n - 1] <= '9');
}

/* A read variable nothing may drop: volatile, where C++ can assign one. */
void gen_style_read_var(Out *o, const KernelGen *kg, const ArrayInfo *a)
{
    if (gen_style_plain(kg->style) && gen_style_arithmetic(a))
        out_printf(o, "volatile %s %s;\n", a->type.value, a->read_var);
    else
        out_printf(o, "%s %s __attribute__((unused));\n", a->type.value, a->read_var);
}

void gen_style_unknown(Out *o, const KernelGen *kg, const char *fn)
{
    if (gen_style_plain(kg->style))
        out_printf(o, "(int)(%s * (%s + 1.0f))", kg->unknown_param, kg->thread_value);
    else
        out_printf(o, "%s()", fn);
}

/* The value a write without one stores; a struct or vector cell takes its
 * value-initialised element, which carries no thread. */
void gen_style_written(Out *o, const KernelGen *kg, const ArrayInfo *a)
{
    if (!gen_style_plain(kg->style))
        out_printf(o, "%s()", a->write_fn);
    else if (gen_style_arithmetic(a))
        out_printf(o, "(%s)%s", a->type.value, kg->thread_value);
    else
        out_printf(o, "%s()", a->type.value);
}

/* GPUVerify's preconditions are the leading assumes of the kernel. */
static bool at_entry(const KernelGen *kg, const Stmt *s)
{
    const Block *b = &kg->k->body;
    for (int i = 0; i < b->n && b->items[i]->kind == S_ASSUME; i++)
        if (b->items[i] == s)
            return true;
    return false;
}

const char *gen_style_assume_fn(const KernelGen *kg, const Stmt *s)
{
    switch (kg->style) {
    case GEN_STYLE_PLAIN:
        return "__builtin_assume";
    case GEN_STYLE_GPUVERIFY:
        return at_entry(kg, s) ? "__requires" : "__assume";
    case GEN_STYLE_MAPKIT: case GEN_STYLE_FAIAL:
        break;
    }
    return "__requires";
}
