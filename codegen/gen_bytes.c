/* Byte accesses `rd|wr|atomic A bytes(o, w);` (docs/language.md 3.3) as
 * real code: a helper of the file's own prelude walks the w bytes of A
 * from byte o through an `unsigned char *` view, one byte at a time, so
 * that no access is misaligned whatever o is.  The front end reads the
 * helpers back by name (docs/codegen.md, "Byte accesses"). */
#include "gen_kernel.h"

#include <string.h>

/* CUDA: one set of helpers, generic pointers.  An atomic on a byte is an
 * atomicAdd of 0 to the aligned word that holds it (CUDA has no byte
 * atomic): the word's value is unchanged. */
#define CUDA_BYTES_ATOMIC(SUFFIX) \
    "static __device__ __forceinline__ __attribute__((unused)) void __mapkit_atomic_bytes" SUFFIX \
    "(void *a, long long o, long long w)\n" \
    "{\n" \
    "    for (long long k = 0; k < w; k++) {\n" \
    "        unsigned char *p = (unsigned char *)a + o + k;\n" \
    "        atomicAdd" SUFFIX "((unsigned int *)(p - ((unsigned long long)p & 3)), 0u);\n" \
    "    }\n" \
    "}\n"

static const char cuda_bytes_prelude[] =
    "/* Byte accesses (`rd A bytes(o, w);`): the w bytes of A from byte o,\n"
    "   one at a time through an unsigned char view (never misaligned).\n"
    "   mapkit reads these names back as the protocol's byte accesses. */\n"
    "static __device__ __forceinline__ __attribute__((unused)) int __mapkit_rd_bytes(const volatile void *a, "
    "long long o, long long w)\n"
    "{\n"
    "    unsigned int v = 0;\n"
    "    for (long long k = 0; k < w; k++)\n"
    "        v |= (unsigned int)((const volatile unsigned char *)a)[o + k] << (k < 4 ? 8 * k : 0);\n"
    "    return (int)v;\n"
    "}\n"
    "static __device__ __forceinline__ __attribute__((unused)) void __mapkit_wr_bytes_value(volatile void *a, "
    "long long o, long long w, long long v)\n"
    "{\n"
    "    for (long long k = 0; k < w; k++)\n"
    "        ((volatile unsigned char *)a)[o + k] = (unsigned char)(k < 8 ? v >> (8 * k) : 0);\n"
    "}\n"
    "/* a write of bytes whose value the protocol does not say */\n"
    "static __device__ __forceinline__ __attribute__((unused)) void __mapkit_wr_bytes(volatile void *a, "
    "long long o, long long w)\n"
    "{\n"
    "    __mapkit_wr_bytes_value(a, o, w, -1);\n"
    "}\n" CUDA_BYTES_ATOMIC("") CUDA_BYTES_ATOMIC("_block") CUDA_BYTES_ATOMIC("_system");

/* OpenCL C 1.2 has no generic pointer: one set per address space. */
#define OPENCL_BYTES_HELPERS(SPACE) \
    "static inline __attribute__((unused)) int __mapkit_rd_bytes_" SPACE "(const volatile __" SPACE \
    " void *a, long o, long w)\n" \
    "{\n" \
    "    uint v = 0;\n" \
    "    for (long k = 0; k < w; k++)\n" \
    "        v |= (uint)((const volatile __" SPACE " uchar *)a)[o + k] << (k < 4 ? 8 * k : 0);\n" \
    "    return (int)v;\n" \
    "}\n" \
    "static inline __attribute__((unused)) void __mapkit_wr_bytes_value_" SPACE "(volatile __" SPACE \
    " void *a, long o, long w, long v)\n" \
    "{\n" \
    "    for (long k = 0; k < w; k++)\n" \
    "        ((volatile __" SPACE " uchar *)a)[o + k] = (uchar)(k < 8 ? v >> (8 * k) : 0);\n" \
    "}\n" \
    "static inline __attribute__((unused)) void __mapkit_wr_bytes_" SPACE "(volatile __" SPACE \
    " void *a, long o, long w)\n" \
    "{\n" \
    "    __mapkit_wr_bytes_value_" SPACE "(a, o, w, -1);\n" \
    "}\n" \
    "static inline __attribute__((unused)) void __mapkit_atomic_bytes_" SPACE "(volatile __" SPACE \
    " void *a, long o, long w)\n" \
    "{\n" \
    "    for (long k = 0; k < w; k++) {\n" \
    "        volatile __" SPACE " uchar *p = (volatile __" SPACE " uchar *)a + o + k;\n" \
    "        atomic_add((volatile __" SPACE " uint *)(p - ((ulong)p & 3)), 0u);\n" \
    "    }\n" \
    "}\n"

static const char opencl_bytes_prelude[] =
    "/* Byte accesses (`rd A bytes(o, w);`): the w bytes of A from byte o,\n"
    "   one at a time through a uchar view (never misaligned), per address\n"
    "   space.  mapkit reads these names back as the protocol's byte accesses. */\n" OPENCL_BYTES_HELPERS(
        "local") OPENCL_BYTES_HELPERS("global");

static bool is_byte_access(const Stmt *s)
{
    return access_is_bytes(s);
}

bool gen_needs_bytes_prelude(const Gen *g)
{
    for (int i = 0; i < g->nkernels; i++)
        if (gen_block_any(&g->kernels[i].k->body, is_byte_access))
            return true;
    return false;
}

/* No include guard: each file that has byte accesses defines its own
 * (static) helpers, so that files compiled together in namespaces of
 * their own each see theirs. */
void gen_bytes_prelude(Out *o, const Gen *g)
{
    out_put(o, g->dialect == &gen_cuda ? cuda_bytes_prelude : opencl_bytes_prelude);
}

/* helper(A, o, w  (the name's tail: OpenCL's address space) */
static void gen_helper_open(Out *o, const KernelGen *kg, const ArrayInfo *a, const Stmt *s, const char *name,
                            const char *scope)
{
    bool opencl = kg->dialect == &gen_opencl;
    out_printf(o, "%s%s%s(", name, opencl ? (a->decl->mem == MEM_SHARED ? "_local" : "_global") : "",
               opencl ? "" : scope);
    /* a zero-dimensional shared scalar is a variable, not an array */
    if (a->decl->ndims == 0 && a->decl->mem == MEM_SHARED)
        out_put(o, "&");
    out_put(o, a->cname);
    out_put(o, ", ");
    gen_expr(o, &kg->ctx, s->u.access.byte_off);
    out_put(o, ", ");
    gen_expr(o, &kg->ctx, s->u.access.byte_width);
}

static const char *byte_atomic_scope(const Stmt *s)
{
    AtomicScope sc = (AtomicScope)s->u.access.scope;
    return sc == SCOPE_BLOCK ? "_block" : sc == SCOPE_SYSTEM ? "_system" : "";
}

/* `rd A bytes(o, w);` is `__mapkit_rd_bytes(A, o, w);`, `local x = rd A
 * bytes(o, w);` `int x = __mapkit_rd_bytes(A, o, w);`, `wr A bytes(o, w)
 * [= e];` `__mapkit_wr_bytes[_value](A, o, w[, e]);` and `atomic A
 * bytes(o, w);` `__mapkit_atomic_bytes[_block|_system](A, o, w);`. */
void gen_byte_access(Out *o, const KernelGen *kg, const ArrayInfo *a, const Stmt *s)
{
    switch ((AccessMode)s->u.access.mode) {
    case ACC_RD:
        if (s->u.access.into)
            out_printf(o, "int %s __attribute__((unused)) = ", kg->sym_name[s->u.access.into->u.var.sym->index]);
        gen_helper_open(o, kg, a, s, "__mapkit_rd_bytes", "");
        break;
    case ACC_WR:
        gen_helper_open(o, kg, a, s, s->u.access.value ? "__mapkit_wr_bytes_value" : "__mapkit_wr_bytes", "");
        if (s->u.access.value) {
            out_put(o, ", ");
            gen_expr(o, &kg->ctx, s->u.access.value);
        }
        break;
    case ACC_ATOMIC:
        gen_helper_open(o, kg, a, s, "__mapkit_atomic_bytes", byte_atomic_scope(s));
        break;
    }
    out_put(o, ");\n");
}
