/* The PTX ISA's fixed vocabulary, as tables: state spaces, fundamental
 * types, the opcodes a reader asks about, performance directives; and the
 * small questions a reader asks an instruction. */
#include "ptx.h"

#include <string.h>

const char *ptx_space_name(PtxSpace s)
{
    static const char *const names[] = {"", "reg", "const", "global", "local", "param", "shared", "tex"};
    return (unsigned)s < sizeof names / sizeof *names ? names[s] : "";
}

/* [PTX-ISA "Fundamental Types"] and "Alternate Floating-Point Data Formats" */
bool ptx_type_named(const char *name, PtxType *out)
{
    static const struct {
        const char *name;
        PtxTypeKind kind;
        uint16_t bits;
    } types[] = {
        {"b8", PTX_TYPE_BITS, 8},       {"b16", PTX_TYPE_BITS, 16},     {"b32", PTX_TYPE_BITS, 32},
        {"b64", PTX_TYPE_BITS, 64},     {"b128", PTX_TYPE_BITS, 128},   {"u8", PTX_TYPE_UINT, 8},
        {"u16", PTX_TYPE_UINT, 16},     {"u32", PTX_TYPE_UINT, 32},     {"u64", PTX_TYPE_UINT, 64},
        {"s8", PTX_TYPE_SINT, 8},       {"s16", PTX_TYPE_SINT, 16},     {"s32", PTX_TYPE_SINT, 32},
        {"s64", PTX_TYPE_SINT, 64},     {"f16", PTX_TYPE_FLOAT, 16},    {"f16x2", PTX_TYPE_FLOAT, 32},
        {"bf16", PTX_TYPE_FLOAT, 16},   {"bf16x2", PTX_TYPE_FLOAT, 32}, {"tf32", PTX_TYPE_FLOAT, 32},
        {"f32", PTX_TYPE_FLOAT, 32},    {"f64", PTX_TYPE_FLOAT, 64},    {"e4m3", PTX_TYPE_FLOAT, 8},
        {"e5m2", PTX_TYPE_FLOAT, 8},    {"e4m3x2", PTX_TYPE_FLOAT, 16}, {"e5m2x2", PTX_TYPE_FLOAT, 16},
        {"pred", PTX_TYPE_PRED, 1},     {"texref", PTX_TYPE_OPAQUE, 0}, {"samplerref", PTX_TYPE_OPAQUE, 0},
        {"surfref", PTX_TYPE_OPAQUE, 0},
    };
    for (size_t i = 0; i < sizeof types / sizeof *types; i++) {
        if (!strcmp(name, types[i].name)) {
            *out = (PtxType){types[i].name, types[i].kind, types[i].bits, 0};
            return true;
        }
    }
    return false;
}

PtxOpcode ptx_opcode_named(const char *name)
{
    static const char *const names[] = {
#define PTX_OPC_NAME(e, s) s,
        PTX_OPCODES(PTX_OPC_NAME)
#undef PTX_OPC_NAME
    };
    for (size_t i = 0; i < sizeof names / sizeof *names; i++)
        if (!strcmp(name, names[i]))
            return (PtxOpcode)i;
    return PTX_OPC_OTHER;
}

const char *ptx_perf_name(PtxPerfKind k)
{
    static const char *const names[] = {"maxntid",        "reqntid",           "minnctapersm",
                                        "maxnreg",        "maxclusterrank",    "reqnctapercluster",
                                        "explicitcluster", "noreturn",         "pragma"};
    return (unsigned)k < sizeof names / sizeof *names ? names[k] : "";
}

bool ptx_has_mod(const PtxInstr *in, const char *mod)
{
    for (int i = 0; i < in->nmods; i++)
        if (!strcmp(in->mods[i], mod))
            return true;
    return false;
}

/* call[.uni] [(rets),] callee[, (args)][, prototype or call targets] */
bool ptx_call_parts(const PtxInstr *in, PtxCall *out)
{
    memset(out, 0, sizeof *out);
    int i = 0, n = in->nops;
    if (in->op != PTX_OPC_CALL)
        return false;
    if (i < n && in->ops[i]->kind == PTX_OPND_LIST)
        out->rets = in->ops[i++];
    if (i == n || (in->ops[i]->kind != PTX_OPND_SYM && in->ops[i]->kind != PTX_OPND_REG))
        return false;
    out->callee = in->ops[i++];
    if (i < n && in->ops[i]->kind == PTX_OPND_LIST)
        out->args = in->ops[i++];
    if (i < n && in->ops[i]->kind == PTX_OPND_SYM)
        out->proto = in->ops[i++];
    return i == n;
}

const char *ptx_file_name(const PtxModule *m, uint32_t index)
{
    for (int i = 0; i < m->nfiles; i++)
        if (m->files[i]->index == index)
            return m->files[i]->name;
    return NULL;
}
