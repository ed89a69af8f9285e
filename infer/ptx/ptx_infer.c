/* From PTX to a protocol (ptx_infer.h, docs/ptx.md): each .entry is
 * evaluated symbolically over its structured control flow (ptx_cfg.h):
 * registers hold expressions (ptx_values.h), loads and stores become
 * byte accesses of their memory objects, branches that rejoin become
 * if/else, natural loops become foreach loops over an iteration count.
 * What is not followed is an unknown (`local x;`) or `opaque;` with a
 * located warning: never a guessed value. */
#include "ptx_infer.h"

#include "lexer.h"
#include "parse.h"
#include "ptx_cfg.h"
#include "ptx_cnames.h"
#include "ptx_srcloc.h"
#include "ptx_values.h"

#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct Obj {
    const char *name; /* the protocol's name, interned */
    const char *ptx;  /* the PTX symbol or parameter */
    MemSpace mem;
    bool own;         /* .local or .param: the thread's own memory, no access */
    bool readonly;    /* .const: no kernel writes it */
    int64_t bytes;    /* its size, -1 unknown */
    Loc loc;
    bool used;
} Obj;

typedef struct Tr {
    Program *p;
    Kernel *k;
    Diag *d;
    const PtxModule *m;
    const PtxFunc *f;
    PtxCfg *g;
    PtxBounds bounds;
    const char **regs; /* register names by id (interned by the module) */
    int nregs;
    int *hash;         /* open addressing over regs */
    int nhash;
    Val *vals;         /* the registers' values now */
    Obj *objs;
    int nobjs, capobjs;
    const char **pnames; /* protocol names of the parameters */
    ParamKind *pkinds;
    const char **varying; /* names of unknowns that differ between threads */
    int nvarying, capvarying;
    int depth;         /* nesting depth of the block emitted into */
    int fresh;
    Block *out;
    PtxSrcLocs *src;   /* the .cu lines of the instructions */
    int loop;          /* the loop whose body is being emitted, -1: none */
    bool exit_varying; /* that loop's exits may differ between threads of a block */
    const PtxInstr *at;
} Tr;

enum { SIZE_CAP = 300 }; /* a longer value is named by a let */

/* ---- small helpers ---- */

static Loc instr_loc(const PtxInstr *in)
{
    const PtxStmt *s = (const PtxStmt *)(const void *)((const char *)in - offsetof(PtxStmt, u));
    return s->loc;
}

/* Where what in becomes is located: its .cu line when nvcc's .loc names
 * a source at hand, else its PTX line. */
static Loc at_loc(Tr *t, const PtxInstr *in)
{
    return ptx_srcloc(t->src, in->src, instr_loc(in));
}

static const char *intern(Tr *t, const char *s)
{
    return program_intern(t->p, s, strlen(s));
}

static Expr *var(Tr *t, const char *name, Loc loc)
{
    return expr_var(t->p, loc, intern(t, name));
}

static void emit(Tr *t, Stmt *s)
{
    block_push(t->p, t->out, s);
}

/* A fresh name `base_N` (base without PTX's '%' and dots). */
static const char *fresh_name(Tr *t, const char *base)
{
    char buf[96];
    size_t n = 0;
    for (const char *c = base; *c && n < 60; c++)
        if ((*c >= 'a' && *c <= 'z') || (*c >= 'A' && *c <= 'Z') || (*c >= '0' && *c <= '9') || *c == '_')
            buf[n++] = *c;
    if (n == 0 || (buf[0] >= '0' && buf[0] <= '9'))
        buf[n++] = 'v';
    snprintf(buf + n, sizeof buf - n, "_%d", ++t->fresh);
    return intern(t, buf);
}

static void not_followed(Tr *t, Loc loc, const char *what)
{
    diag_at(t->d, SEV_WARNING, loc, "not followed: %s", what);
}

static void emit_opaque(Tr *t, Loc loc, const char *what)
{
    not_followed(t, loc, what);
    emit(t, stmt_new(t->p, S_OPAQUE, loc));
}

/* ---- registers ---- */

static size_t reg_hash(const char *name, int n)
{
    return ((size_t)(uintptr_t)name >> 3) % (size_t)n;
}

static int reg_find(const Tr *t, const char *name)
{
    for (size_t h = reg_hash(name, t->nhash);; h = (h + 1) % (size_t)t->nhash) {
        int id = t->hash[h];
        if (id < 0 || t->regs[id] == name)
            return id;
    }
}

static void reg_add(Tr *t, const char *name, int *cap)
{
    if (reg_find(t, name) >= 0)
        return;
    if (t->nregs == *cap) {
        *cap *= 2;
        t->regs = xrealloc(t->regs, (size_t)*cap * sizeof *t->regs);
    }
    t->regs[t->nregs] = name;
    size_t h = reg_hash(name, t->nhash);
    while (t->hash[h] >= 0)
        h = (h + 1) % (size_t)t->nhash;
    t->hash[h] = t->nregs++;
}

static void regs_of_operand(Tr *t, const PtxOperand *o, int *cap)
{
    if (o->kind == PTX_OPND_REG && !o->comp)
        reg_add(t, o->name, cap);
    if (o->kind == PTX_OPND_ADDR && o->base)
        regs_of_operand(t, o->base, cap);
    for (int i = 0; i < o->nitems; i++)
        regs_of_operand(t, o->items[i], cap);
}

/* Every register the body names, each with an id. */
static void collect_regs(Tr *t)
{
    int cap = 64, nops = 0;
    for (int i = 0; i < t->g->ninstrs; i++)
        nops += t->g->instrs[i]->nops * 4 + 2;
    t->nhash = 2 * nops + 17;
    t->hash = xmalloc((size_t)t->nhash * sizeof *t->hash);
    for (int i = 0; i < t->nhash; i++)
        t->hash[i] = -1;
    t->regs = xmalloc((size_t)cap * sizeof *t->regs);
    for (int i = 0; i < t->g->ninstrs; i++) {
        const PtxInstr *in = t->g->instrs[i];
        if (in->guard)
            regs_of_operand(t, in->guard, &cap);
        for (int j = 0; j < in->nops; j++)
            regs_of_operand(t, in->ops[j], &cap);
    }
    t->vals = xcalloc((size_t)t->nregs + 1, sizeof *t->vals);
}

static Val unknown_val(int bits)
{
    Val v = {.kind = V_UNKNOWN, .bits = (uint8_t)bits, .varying = true, .obj = -1};
    return v;
}

static Val int_val(Expr *e, int bits, bool varying, int scope)
{
    Val v = {.kind = V_INT, .bits = (uint8_t)bits, .varying = varying, .obj = -1, .scope = scope, .e = e};
    return v;
}

static Val bool_val(Expr *e, bool varying, int scope)
{
    Val v = {.kind = V_BOOL, .bits = 1, .varying = varying, .obj = -1, .scope = scope, .e = e};
    return v;
}

static int max_i(int a, int b)
{
    return a > b ? a : b;
}

static void add_varying(Tr *t, const char *name)
{
    VEC_PUSH(t->varying, t->nvarying, t->capvarying, name);
}

/* `local x;` (group: `local x uniform block;`) here, for a value not
 * followed. */
static Expr *emit_unknown(Tr *t, const char *base, ShareGroup group, Loc loc)
{
    const char *name = fresh_name(t, base);
    Stmt *s = stmt_new(t->p, S_LOCAL, loc);
    s->u.local.var = var(t, name, loc);
    s->u.local.group = (uint8_t)group;
    emit(t, s);
    if (group == GROUP_THREAD)
        add_varying(t, name);
    return var(t, name, loc);
}

/* A value that grew long is named by a let, so that statements stay small. */
static Val named_if_long(Tr *t, Val v, Loc loc)
{
    if ((v.kind != V_INT && v.kind != V_PTR) || ptxv_size(v.e, SIZE_CAP + 1) <= SIZE_CAP)
        return v;
    const char *name = fresh_name(t, "t");
    Stmt *s = stmt_new(t->p, S_LET, loc);
    s->u.let.var = var(t, name, loc);
    s->u.let.value = ptxv_copy(t->p, v.e);
    emit(t, s);
    if (v.varying)
        add_varying(t, name);
    v.e = var(t, name, loc);
    v.scope = t->depth;
    return v;
}

/* The integer a register holds, an unknown emitted here the first time
 * one is needed (and kept in the register, so two uses agree).  An
 * address read as a number is an unknown of its own. */
static Expr *int_of(Tr *t, Val *v, const char *base, Loc loc)
{
    if (v->kind == V_INT)
        return v->e;
    if (v->kind == V_BOOL)
        return expr_cond(t->p, v->e, expr_num(t->p, loc, 1), expr_num(t->p, loc, 0));
    Expr *x = emit_unknown(t, base, GROUP_THREAD, loc);
    if (v->kind == V_PTR)
        return x;
    *v = int_val(x, v->bits ? v->bits : 64, true, t->depth);
    return x;
}

static Expr *bool_of(Tr *t, Val *v, const char *base, Loc loc)
{
    if (v->kind == V_BOOL)
        return v->e;
    if (v->kind == V_INT)
        return expr_binary(t->p, OP_NE, v->e, expr_num(t->p, loc, 0));
    Expr *x = emit_unknown(t, base, GROUP_THREAD, loc);
    Expr *c = expr_binary(t->p, OP_NE, x, expr_num(t->p, loc, 0));
    if (v->kind == V_UNKNOWN)
        *v = bool_val(c, true, t->depth);
    return c;
}

/* ---- operands ---- */

static const char *const sreg_builtin[][2] = {
    {"%tid", "threadIdx"}, {"%ntid", "blockDim"}, {"%ctaid", "blockIdx"}, {"%nctaid", "gridDim"}};

/* A special register: the CUDA built-in it is, or %laneid from the
 * linear thread rank (warps are runs of 32 ranks); others unknown. */
static Val sreg_val(Tr *t, const PtxOperand *o)
{
    Loc loc = o->loc;
    for (size_t i = 0; i < sizeof sreg_builtin / sizeof sreg_builtin[0]; i++)
        if (strcmp(o->name, sreg_builtin[i][0]) == 0 && o->comp >= 'x' && o->comp <= 'z') {
            char name[32];
            snprintf(name, sizeof name, "%s.%c", sreg_builtin[i][1], o->comp);
            return int_val(var(t, name, loc), 32, i == 0, 0);
        }
    if (strcmp(o->name, "%laneid") == 0) {
        Expr *rank = ptxv_bin(t->p, OP_ADD, var(t, "threadIdx.x", loc),
                             ptxv_bin(t->p, OP_MUL, var(t, "blockDim.x", loc),
                                     ptxv_bin(t->p, OP_ADD, var(t, "threadIdx.y", loc),
                                             ptxv_bin(t->p, OP_MUL, var(t, "blockDim.y", loc),
                                                     var(t, "threadIdx.z", loc)))));
        return int_val(ptxv_bin(t->p, OP_MOD, rank, expr_num(t->p, loc, 32)), 32, true, 0);
    }
    if (strcmp(o->name, "WARP_SZ") == 0)
        return int_val(var(t, "warpSize", loc), 32, false, 0);
    return unknown_val(32);
}

static int obj_of_symbol(Tr *t, const char *name)
{
    for (int i = 0; i < t->nobjs; i++)
        if (strcmp(t->objs[i].ptx, name) == 0)
            return i;
    return -1;
}

static int param_index(const Tr *t, const char *name)
{
    for (int i = 0; i < t->f->nparams; i++)
        if (strcmp(t->f->params[i].name, name) == 0)
            return i;
    return -1;
}

static Val operand_val(Tr *t, const PtxOperand *o, int bits)
{
    switch (o->kind) {
    case PTX_OPND_REG: {
        int id = o->comp ? -1 : reg_find(t, o->name);
        Val v = id >= 0 ? t->vals[id] : unknown_val(bits);
        if (id >= 0 && v.kind == V_UNKNOWN)
            t->vals[id].bits = (uint8_t)(v.bits ? v.bits : bits);
        return v;
    }
    case PTX_OPND_SREG:
        return sreg_val(t, o);
    case PTX_OPND_INT: {
        int64_t v = (int64_t)o->bits;
        if (bits < 64 && !o->minus) /* a hexadecimal pattern of a narrow type: its bits */
            v = (int64_t)(o->bits & ((1ULL << bits) - 1));
        return int_val(ptxv_num(t->p, o->loc, v), bits, false, 0);
    }
    case PTX_OPND_SYM: {
        int obj = obj_of_symbol(t, o->name);
        if (obj >= 0) {
            Val v = {.kind = V_PTR, .bits = (uint8_t)bits, .obj = obj, .e = expr_num(t->p, o->loc, 0)};
            return v;
        }
        return unknown_val(bits);
    }
    default:
        return unknown_val(bits);
    }
}

/* Is the operand the register the id names? */
static int operand_reg(const Tr *t, const PtxOperand *o)
{
    return o->kind == PTX_OPND_REG && !o->comp ? reg_find(t, o->name) : -1;
}

static void set_reg(Tr *t, const PtxOperand *o, Val v)
{
    int id = operand_reg(t, o);
    if (id >= 0)
        t->vals[id] = named_if_long(t, v, o->loc);
}

/* Every destination register of a value-producing instruction, unknown. */
static void dests_unknown(Tr *t, const PtxInstr *in)
{
    if (in->nops < 1)
        return;
    const PtxOperand *o = in->ops[0];
    if (o->kind == PTX_OPND_VEC || o->kind == PTX_OPND_PAIR || o->kind == PTX_OPND_LIST) {
        for (int i = 0; i < o->nitems; i++)
            set_reg(t, o->items[i], unknown_val(32));
    } else {
        set_reg(t, o, unknown_val(32));
    }
}

/* The k-th type modifier (u32, f32, pred, ...) of in; false when none. */
static bool type_mod(const PtxInstr *in, int k, PtxType *ty)
{
    for (int i = 0; i < in->nmods; i++)
        if (ptx_type_named(in->mods[i], ty) && k-- == 0)
            return true;
    return false;
}

static int vec_of(const PtxInstr *in)
{
    for (int i = 0; i < in->nmods; i++)
        if (in->mods[i][0] == 'v' && (in->mods[i][1] == '2' || in->mods[i][1] == '4' || in->mods[i][1] == '8') &&
            !in->mods[i][2])
            return in->mods[i][1] - '0';
    return 1;
}

static bool is_signed_type(const PtxType *ty)
{
    return ty->kind == PTX_TYPE_SINT;
}

/* ---- state: copies, scopes and joins ---- */

static Val *state_copy(const Tr *t)
{
    Val *s = xmalloc(((size_t)t->nregs + 1) * sizeof *s);
    memcpy(s, t->vals, (size_t)t->nregs * sizeof *s);
    return s;
}

/* Leaving a block: a value that names something declared in it is no
 * longer in scope, and becomes unknown. */
static void leave_scope(Tr *t)
{
    t->depth--;
    for (int i = 0; i < t->nregs; i++)
        if (t->vals[i].scope > t->depth)
            t->vals[i] = unknown_val(t->vals[i].bits);
}

static bool same_val(const Val *a, const Val *b)
{
    return a->kind == b->kind && a->obj == b->obj && a->e == b->e;
}

/* After if (c) {A} else {B}: each register holds c ? a : b, or the one
 * value both arms left. */
static void merge(Tr *t, Expr *c, bool c_varying, const Val *then_s, const Val *else_s)
{
    for (int i = 0; i < t->nregs; i++) {
        const Val *a = &then_s[i], *b = &else_s[i];
        if (same_val(a, b)) {
            t->vals[i] = *a;
            continue;
        }
        bool both = a->kind == b->kind && a->kind != V_UNKNOWN && a->obj == b->obj;
        if (!both) {
            t->vals[i] = unknown_val(a->bits ? a->bits : b->bits);
            continue;
        }
        Val v = *a;
        v.e = expr_cond(t->p, c, a->e, b->e);
        v.varying = a->varying || b->varying || c_varying;
        v.scope = max_i(a->scope, b->scope);
        t->vals[i] = named_if_long(t, v, c->loc);
    }
}

/* ---- accesses ---- */

static AtomicScope scope_of(const PtxInstr *in)
{
    if (ptx_has_mod(in, "cta"))
        return SCOPE_BLOCK;
    if (ptx_has_mod(in, "sys"))
        return SCOPE_SYSTEM;
    return SCOPE_DEVICE;
}

/* A modifier that names a value: the value of the first of table's
 * modifiers that in has, else none. */
typedef struct ModValue {
    const char *mod;
    int v;
} ModValue;

static int mod_value(const PtxInstr *in, const ModValue *table, size_t n, int none)
{
    for (size_t i = 0; i < n; i++)
        if (ptx_has_mod(in, table[i].mod))
            return table[i].v;
    return none;
}

static MemoryOrder order_of(const PtxInstr *in)
{
    static const ModValue orders[] = {{"relaxed", ORDER_RELAXED}, {"acquire", ORDER_ACQUIRE},
                                      {"release", ORDER_RELEASE}, {"acq_rel", ORDER_ACQ_REL},
                                      {"sc", ORDER_SEQ_CST}};
    return (MemoryOrder)mod_value(in, orders, sizeof orders / sizeof orders[0], ORDER_UNSAID);
}

static PtxSpace space_of(const PtxInstr *in)
{
    static const ModValue spaces[] = {{"global", PTX_SPACE_GLOBAL}, {"shared", PTX_SPACE_SHARED},
                                      {"local", PTX_SPACE_LOCAL},   {"param", PTX_SPACE_PARAM},
                                      {"const", PTX_SPACE_CONST}};
    return (PtxSpace)mod_value(in, spaces, sizeof spaces / sizeof spaces[0], PTX_SPACE_NONE);
}

/* The address an [addr] operand names: (object, byte offset). */
static Val address_of(Tr *t, const PtxOperand *a)
{
    if (a->kind != PTX_OPND_ADDR || !a->base)
        return unknown_val(64);
    Val base = operand_val(t, a->base, 64);
    if (base.kind != V_PTR)
        return base;
    if (a->offset)
        base.e = ptxv_bin(t->p, OP_ADD, base.e, ptxv_num(t->p, a->loc, a->offset));
    return base;
}

/* One access: `rd|wr|atomic OBJ bytes(offset, width)`; an address that
 * is not followed is `opaque;` with a warning. */
static Stmt *emit_access(Tr *t, Loc loc, AccessMode mode, Val addr, int width, const PtxInstr *in, Expr *value)
{
    if (addr.kind != V_PTR || addr.obj < 0) {
        emit_opaque(t, loc, mode == ACC_RD ? "a load from an address not followed (not a parameter's buffer or a "
                                             "variable)"
                                           : "a store or atomic to an address not followed (not a parameter's "
                                             "buffer or a variable)");
        return NULL;
    }
    Obj *o = &t->objs[addr.obj];
    if (o->own || (o->readonly && mode == ACC_RD))
        return NULL;
    o->used = true;
    /* on a .cu line, the caret goes under the array's subscript when the
     * line holds exactly one of it */
    loc = ptx_srcloc_subscript(t->src, loc, o->name);
    Stmt *s = stmt_new(t->p, S_ACCESS, loc);
    s->u.access.array = var(t, o->name, loc);
    s->u.access.mode = (uint8_t)mode;
    int bits = addr.bits == 32 ? 32 : 64;
    s->u.access.byte_off = ptxv_copy(t->p, ptxv_signed(t->p, &t->bounds, addr.e, bits));
    s->u.access.byte_width = expr_num(t->p, loc, (uint64_t)width);
    if (mode == ACC_ATOMIC) {
        s->u.access.scope = (uint8_t)scope_of(in);
        s->u.access.order = (uint8_t)order_of(in);
    }
    if (value)
        s->u.access.value = ptxv_copy(t->p, value);
    emit(t, s);
    return s;
}

/* The width in bytes of what in moves: its type times its vector. */
static int access_width(const PtxInstr *in)
{
    PtxType ty;
    if (!type_mod(in, 0, &ty) || ty.bits == 0)
        return 0;
    return (ty.bits + 7) / 8 * vec_of(in);
}

/* ld{.space}{.nc}{.vN}.T d, [a]: a read; ld.param of a kernel parameter:
 * its value (a uniform, or the base of a global array); ld.local: the
 * thread's own memory.  ld.relaxed/.acquire (strong loads) read
 * atomically. */
static void tr_ld(Tr *t, const PtxInstr *in, Loc loc)
{
    if (in->nops < 2)
        return;
    PtxSpace sp = space_of(in);
    const PtxOperand *a = in->ops[1];
    if (sp == PTX_SPACE_PARAM && a->kind == PTX_OPND_ADDR && a->base && a->base->kind == PTX_OPND_SYM) {
        int pi = param_index(t, a->base->name);
        if (pi >= 0) {
            PtxType ty = {0};
            type_mod(in, 0, &ty);
            int obj = obj_of_symbol(t, a->base->name);
            if (obj >= 0 && a->offset == 0 && t->f->params[pi].ndims == 0) {
                Val v = {.kind = V_PTR, .bits = 64, .varying = false, .obj = obj, .e = expr_num(t->p, loc, 0)};
                set_reg(t, in->ops[0], v);
                return;
            }
            char name[200];
            if (t->f->params[pi].ndims == 0 && a->offset == 0)
                snprintf(name, sizeof name, "%s", t->pnames[pi]);
            else
                snprintf(name, sizeof name, "%.150s_%lld", t->pnames[pi], (long long)a->offset);
            if (t->f->params[pi].ndims != 0 || ty.kind == PTX_TYPE_FLOAT || vec_of(in) > 1) {
                dests_unknown(t, in); /* a struct's part, or a float: not followed */
                return;
            }
            const char *n = intern(t, name);
            bool declared = false;
            for (int i = 0; i < t->k->nvars; i++)
                declared |= t->k->vars[i].name->u.var.name == n;
            if (!declared) {
                VarDecl vd = {.name = var(t, n, loc), .scope = VAR_UNIFORM};
                ARENA_PUSH(&t->p->arena, t->k->vars, t->k->nvars, vd);
            }
            set_reg(t, in->ops[0], int_val(var(t, n, loc), ty.bits ? ty.bits : 32, false, 0));
            return;
        }
    }
    Val addr = address_of(t, a);
    if (sp == PTX_SPACE_LOCAL || sp == PTX_SPACE_PARAM || sp == PTX_SPACE_CONST) {
        dests_unknown(t, in);
        return;
    }
    MemoryOrder ord = order_of(in);
    if (ord != ORDER_UNSAID) {
        Stmt *s = emit_access(t, loc, ACC_ATOMIC, addr, access_width(in), in, NULL);
        if (s)
            s->u.access.load = 1;
    } else {
        emit_access(t, loc, ACC_RD, addr, access_width(in), in, NULL);
    }
    dests_unknown(t, in);
}

/* st{.space}{.vN}.T [a], b: a write, with its value when it is an
 * integer the protocol follows (benign writes compare it). */
static void tr_st(Tr *t, const PtxInstr *in, Loc loc)
{
    if (in->nops < 2)
        return;
    PtxSpace sp = space_of(in);
    if (sp == PTX_SPACE_LOCAL || sp == PTX_SPACE_PARAM)
        return;
    Val addr = address_of(t, in->ops[0]);
    PtxType ty = {0};
    type_mod(in, 0, &ty);
    Expr *value = NULL;
    if (vec_of(in) == 1 && (ty.kind == PTX_TYPE_UINT || ty.kind == PTX_TYPE_SINT || ty.kind == PTX_TYPE_BITS)) {
        Val v = operand_val(t, in->ops[1], ty.bits);
        if (v.kind == V_INT)
            value = ptxv_unsigned(t->p, &t->bounds, v.e, ty.bits);
    }
    emit_access(t, loc, order_of(in) != ORDER_UNSAID ? ACC_ATOMIC : ACC_WR, addr, access_width(in), in,
                order_of(in) != ORDER_UNSAID ? NULL : value);
}

/* atom{.sem}{.scope}{.space}.op.T d, [a], b; red{...} [a], b: an atomic
 * read-modify-write of the cell. */
static void tr_atom(Tr *t, const PtxInstr *in, Loc loc)
{
    bool red = in->op == PTX_OPC_RED;
    if (in->nops < (red ? 1 : 2))
        return;
    Val addr = address_of(t, in->ops[red ? 0 : 1]);
    if (space_of(in) == PTX_SPACE_LOCAL)
        addr.obj = -1;
    PtxType ty = {0};
    type_mod(in, 0, &ty);
    int width = ty.bits ? (ty.bits + 7) / 8 * vec_of(in) : 4;
    emit_access(t, loc, ACC_ATOMIC, addr, width, in, NULL);
    if (!red)
        dests_unknown(t, in);
}

/* bar.sync 0 / barrier.sync 0 / bar.sync 0, N / bar.red / bar.warp.sync. */
static void tr_bar(Tr *t, const PtxInstr *in, Loc loc)
{
    if (ptx_has_mod(in, "warp")) { /* bar.warp.sync mask */
        const PtxOperand *mask = in->nops ? in->ops[0] : NULL;
        if (mask && mask->kind == PTX_OPND_INT && (mask->bits & 0xffffffffu) == 0xffffffffu) {
            Stmt *s = stmt_new(t->p, S_SYNC, loc);
            s->u.sync.tile = 32;
            emit(t, s);
        } else {
            emit_opaque(t, loc, "a warp barrier over part of a warp");
        }
        return;
    }
    if (ptx_has_mod(in, "arrive") || ptx_has_mod(in, "cluster")) {
        emit_opaque(t, loc, "a barrier arrival without a wait, or a cluster barrier");
        return;
    }
    bool red = ptx_has_mod(in, "red");
    int first = red ? 1 : 0; /* bar.red.op d, a{, b}, p */
    const PtxOperand *id = in->nops > first ? in->ops[first] : NULL;
    bool zero = id && id->kind == PTX_OPND_INT && id->bits == 0;
    bool counted = !red && in->nops > first + 1;
    if (!zero || counted) {
        emit_opaque(t, loc, "a named barrier, or one with a thread count (only bar.sync 0 of the whole block is "
                            "followed)");
        if (red)
            dests_unknown(t, in);
        return;
    }
    Stmt *s = stmt_new(t->p, S_SYNC, loc);
    if (red) { /* __syncthreads_count/and/or: one value in the block */
        const char *name = fresh_name(t, "bar");
        s->u.sync.into = var(t, name, loc);
        set_reg(t, in->ops[0], int_val(var(t, name, loc), 32, false, t->depth));
    }
    emit(t, s);
}

/* call: printf (vprintf) and the assertion's failure change no memory a
 * race is about; any other callee is not followed. */
static void tr_call(Tr *t, const PtxInstr *in, Loc loc)
{
    PtxCall c;
    if (ptx_call_parts(in, &c) && c.callee && c.callee->kind == PTX_OPND_SYM &&
        (strcmp(c.callee->name, "vprintf") == 0 || strcmp(c.callee->name, "__assertfail") == 0)) {
        if (c.rets)
            for (int i = 0; i < c.rets->nitems; i++)
                set_reg(t, c.rets->items[i], unknown_val(32));
        return;
    }
    char what[200];
    snprintf(what, sizeof what, "a call of %.120s (calls are not inlined)",
             c.callee && c.callee->kind == PTX_OPND_SYM ? c.callee->name : "a function pointer");
    emit_opaque(t, loc, what);
    if (ptx_call_parts(in, &c) && c.rets)
        for (int i = 0; i < c.rets->nitems; i++)
            set_reg(t, c.rets->items[i], unknown_val(32));
}

/* ---- arithmetic ---- */

/* The slot that holds o's value: its register's, else scratch (an
 * immediate, a special register), so that an unknown made for it once is
 * the one every later use of the register sees. */
static Val *operand_slot(Tr *t, const PtxOperand *o, int bits, Val *scratch)
{
    *scratch = operand_val(t, o, bits);
    int id = operand_reg(t, o);
    return id >= 0 ? &t->vals[id] : scratch;
}

static const char *base_name(const PtxOperand *o, const char *other)
{
    return o->kind == PTX_OPND_REG ? o->name : other;
}

/* o's lazy value (congruent to its bits); keep gets its Val. */
static Expr *lazy_of(Tr *t, const PtxOperand *o, int bits, Val *keep)
{
    Val scratch, *slot = operand_slot(t, o, bits, &scratch);
    Expr *e = int_of(t, slot, base_name(o, "v"), o->loc);
    if (keep)
        *keep = *slot;
    return e;
}

/* o's bits read as a signed or unsigned number. */
static Expr *num_of(Tr *t, const PtxOperand *o, int bits, bool sgn, Val *keep)
{
    Expr *e = lazy_of(t, o, bits, keep);
    return sgn ? ptxv_signed(t->p, &t->bounds, e, bits) : ptxv_unsigned(t->p, &t->bounds, e, bits);
}

static Expr *pred_of(Tr *t, const PtxOperand *o, Val *keep)
{
    Val scratch, *slot = operand_slot(t, o, 1, &scratch);
    Expr *c = bool_of(t, slot, base_name(o, "p"), o->loc);
    if (keep)
        *keep = *slot;
    return o->neg ? ptxv_not(t->p, c) : c;
}

/* What the operands' values bring to a result: varying and scope. */
static void combine(Val *r, const Val *a)
{
    r->varying |= a->varying;
    r->scope = max_i(r->scope, a->scope);
}

/* add/sub on an address and an integer: the same object, moved. */
static bool pointer_arith(Tr *t, const PtxInstr *in, int bits)
{
    Val a = operand_val(t, in->ops[1], bits), b = operand_val(t, in->ops[2], bits);
    bool sub = in->op == PTX_OPC_SUB;
    if (a.kind != V_PTR && (b.kind != V_PTR || sub))
        return false;
    if (a.kind == V_PTR && b.kind == V_PTR) {
        if (sub && a.obj == b.obj) {
            Val r = int_val(ptxv_bin(t->p, OP_SUB, a.e, b.e), bits, a.varying || b.varying, max_i(a.scope, b.scope));
            set_reg(t, in->ops[0], r);
        } else {
            set_reg(t, in->ops[0], unknown_val(bits));
        }
        return true;
    }
    const PtxOperand *po = a.kind == V_PTR ? in->ops[1] : in->ops[2], *io = a.kind == V_PTR ? in->ops[2] : in->ops[1];
    Val p = a.kind == V_PTR ? a : b, iv;
    Expr *x = lazy_of(t, io, bits, &iv);
    (void)po;
    Val r = p;
    r.bits = (uint8_t)bits;
    r.e = ptxv_bin(t->p, sub ? OP_SUB : OP_ADD, p.e, x);
    combine(&r, &iv);
    set_reg(t, in->ops[0], r);
    return true;
}

static Op cmp_op(const PtxInstr *in, bool *sgn_override, bool *is_unsigned_cmp)
{
    static const struct {
        const char *mod;
        Op op;
        int uns; /* lo, ls, hi, hs: unsigned whatever the type */
    } cmps[] = {{"eq", OP_EQ, 0}, {"ne", OP_NE, 0}, {"lt", OP_LT, 0}, {"le", OP_LE, 0}, {"gt", OP_GT, 0},
                {"ge", OP_GE, 0}, {"lo", OP_LT, 1}, {"ls", OP_LE, 1}, {"hi", OP_GT, 1}, {"hs", OP_GE, 1}};
    for (size_t i = 0; i < sizeof cmps / sizeof cmps[0]; i++)
        if (ptx_has_mod(in, cmps[i].mod)) {
            *is_unsigned_cmp = cmps[i].uns;
            *sgn_override = cmps[i].uns;
            return cmps[i].op;
        }
    return OP_NOT; /* none */
}

/* setp.CMP{.BOOL}.T p{|q}, a, b{, c}: the comparison of the two values
 * as the type reads them. */
static void tr_setp(Tr *t, const PtxInstr *in, Loc loc)
{
    PtxType ty = {0};
    type_mod(in, 0, &ty);
    bool over = false, uns = false;
    Op op = cmp_op(in, &over, &uns);
    const PtxOperand *d = in->ops[0];
    const PtxOperand *p = d->kind == PTX_OPND_PAIR && d->nitems == 2 ? d->items[0] : d;
    const PtxOperand *q = d->kind == PTX_OPND_PAIR && d->nitems == 2 ? d->items[1] : NULL;
    Val r;
    if (op == OP_NOT || ty.kind == PTX_TYPE_FLOAT || in->nops < 3) {
        r = unknown_val(1);
    } else {
        Val a = operand_val(t, in->ops[1], ty.bits), b = operand_val(t, in->ops[2], ty.bits);
        if (a.kind == V_PTR || b.kind == V_PTR) {
            bool same = a.kind == V_PTR && b.kind == V_PTR && a.obj == b.obj && (op == OP_EQ || op == OP_NE);
            r = same ? bool_val(expr_binary(t->p, op, ptxv_signed(t->p, &t->bounds, a.e, ty.bits),
                                            ptxv_signed(t->p, &t->bounds, b.e, ty.bits)),
                                a.varying || b.varying, max_i(a.scope, b.scope))
                     : unknown_val(1);
        } else {
            bool sgn = is_signed_type(&ty) && !uns;
            Val ka, kb;
            Expr *x = num_of(t, in->ops[1], ty.bits, sgn, &ka), *y = num_of(t, in->ops[2], ty.bits, sgn, &kb);
            r = bool_val(expr_binary(t->p, op, x, y), false, 0);
            combine(&r, &ka);
            combine(&r, &kb);
        }
    }
    if (in->nops >= 4 && r.kind == V_BOOL) { /* setp.lt.and: combined with a predicate */
        Val kc;
        Expr *c = pred_of(t, in->ops[3], &kc);
        Op bop = ptx_has_mod(in, "and") ? OP_AND : ptx_has_mod(in, "or") ? OP_OR : OP_NE;
        r.e = expr_binary(t->p, bop, r.e, c);
        combine(&r, &kc);
    } else if (in->nops >= 4) {
        r = unknown_val(1);
    }
    (void)loc;
    set_reg(t, p, r);
    if (q)
        set_reg(t, q, r.kind == V_BOOL ? bool_val(ptxv_not(t->p, r.e), r.varying, r.scope) : unknown_val(1));
}

/* and/or/xor/not on predicates: the logic of their conditions. */
static bool tr_pred_logic(Tr *t, const PtxInstr *in)
{
    PtxType ty = {0};
    if (!type_mod(in, 0, &ty) || ty.kind != PTX_TYPE_PRED)
        return false;
    Val r = bool_val(NULL, false, 0), ka, kb;
    if (in->op == PTX_OPC_NOT) {
        r.e = ptxv_not(t->p, pred_of(t, in->ops[1], &ka));
        combine(&r, &ka);
    } else {
        Expr *a = pred_of(t, in->ops[1], &ka), *b = pred_of(t, in->ops[2], &kb);
        Op op = in->op == PTX_OPC_AND ? OP_AND : in->op == PTX_OPC_OR ? OP_OR : OP_NE;
        r.e = expr_binary(t->p, op, a, b);
        combine(&r, &ka);
        combine(&r, &kb);
    }
    set_reg(t, in->ops[0], r);
    return true;
}

/* mov, cvta: a copy (an address stays one); cvt.D.S between integers:
 * the source read as its type. */
static void tr_move(Tr *t, const PtxInstr *in)
{
    PtxType d = {0}, s = {0};
    type_mod(in, 0, &d);
    bool has_s = type_mod(in, 1, &s);
    if (in->nops < 2)
        return;
    if (in->ops[1]->kind == PTX_OPND_VEC || in->ops[0]->kind == PTX_OPND_VEC || d.kind == PTX_TYPE_FLOAT ||
        (has_s && s.kind == PTX_TYPE_FLOAT)) {
        dests_unknown(t, in);
        return;
    }
    int bits = d.bits ? d.bits : 64;
    Val v = operand_val(t, in->ops[1], bits);
    if (in->op == PTX_OPC_CVT && v.kind == V_INT && has_s) {
        Val k;
        Expr *e = num_of(t, in->ops[1], s.bits, is_signed_type(&s), &k);
        v = int_val(e, bits, k.varying, k.scope);
    } else if (in->op == PTX_OPC_CVT && v.kind == V_UNKNOWN) {
        v = unknown_val(bits);
    } else if (v.kind == V_INT || v.kind == V_PTR) {
        v.bits = (uint8_t)(in->op == PTX_OPC_CVTA ? (v.bits ? v.bits : 64) : bits);
        if (in->op == PTX_OPC_CVTA)
            v.bits = (uint8_t)bits;
    }
    if (d.kind == PTX_TYPE_PRED && v.kind == V_INT)
        v = unknown_val(1);
    set_reg(t, in->ops[0], v);
}

/* add sub mul mad shl shr and or xor not neg min max div rem abs selp:
 * integers as the protocol's arithmetic, reduced where bits are read as
 * a number. */
static void tr_arith(Tr *t, const PtxInstr *in)
{
    PtxType ty = {0};
    type_mod(in, 0, &ty);
    if (ty.kind == PTX_TYPE_FLOAT || in->nops < 2 || (ty.kind == PTX_TYPE_PRED && tr_pred_logic(t, in))) {
        if (ty.kind == PTX_TYPE_FLOAT || in->nops < 2)
            dests_unknown(t, in);
        return;
    }
    int bits = ty.bits ? ty.bits : 32;
    bool sgn = is_signed_type(&ty), wide = ptx_has_mod(in, "wide"), hi = ptx_has_mod(in, "hi");
    int rbits = wide ? 2 * bits : bits;
    if ((in->op == PTX_OPC_ADD || in->op == PTX_OPC_SUB) && in->nops >= 3 && pointer_arith(t, in, bits))
        return;
    Val r = int_val(NULL, rbits, false, 0), k1 = {0}, k2 = {0}, k3 = {0};
    Program *p = t->p;
    Expr *a, *b, *c;
    switch (in->op) {
    case PTX_OPC_ADD:
    case PTX_OPC_SUB:
        if (in->nops < 3 || ptx_has_mod(in, "sat") || ptx_has_mod(in, "cc"))
            goto unknown;
        r.e = ptxv_bin(p, in->op == PTX_OPC_ADD ? OP_ADD : OP_SUB, lazy_of(t, in->ops[1], bits, &k1),
                      lazy_of(t, in->ops[2], bits, &k2));
        break;
    case PTX_OPC_MUL:
    case PTX_OPC_MAD:
        if (in->nops < (in->op == PTX_OPC_MAD ? 4 : 3) || ptx_has_mod(in, "sat") || ptx_has_mod(in, "cc"))
            goto unknown;
        if (wide || hi) {
            a = num_of(t, in->ops[1], bits, sgn, &k1);
            b = num_of(t, in->ops[2], bits, sgn, &k2);
        } else {
            a = lazy_of(t, in->ops[1], bits, &k1);
            b = lazy_of(t, in->ops[2], bits, &k2);
        }
        r.e = ptxv_bin(p, OP_MUL, a, b);
        if (hi) /* the high half: a floor, as >> is */
            r.e = ptxv_bin(p, OP_SHR, r.e, expr_num(p, in->ops[1]->loc, (uint64_t)bits));
        if (in->op == PTX_OPC_MAD) {
            c = lazy_of(t, in->ops[3], rbits, &k3);
            r.e = ptxv_bin(p, OP_ADD, r.e, c);
        }
        break;
    case PTX_OPC_SHL:
    case PTX_OPC_SHR: {
        if (in->nops < 3)
            goto unknown;
        Expr *n = num_of(t, in->ops[2], 32, false, &k2);
        int64_t amount;
        bool small = expr_constant(n, &amount) && amount >= 0 && amount < bits;
        if (in->op == PTX_OPC_SHL) {
            a = lazy_of(t, in->ops[1], bits, &k1);
            r.e = ptxv_bin(p, OP_SHL, a, n);
            if (!small) /* PTX clamps the amount: past the width, 0 */
                r.e = expr_cond(p, expr_binary(p, OP_LT, n, expr_num(p, n->loc, (uint64_t)bits)), r.e,
                                expr_num(p, n->loc, 0));
        } else {
            a = num_of(t, in->ops[1], bits, sgn, &k1);
            r.e = ptxv_bin(p, OP_SHR, a, n);
        }
        break;
    }
    case PTX_OPC_AND:
    case PTX_OPC_OR:
    case PTX_OPC_XOR:
        if (in->nops < 3)
            goto unknown;
        r.e = ptxv_bin(p, in->op == PTX_OPC_AND ? OP_BAND : in->op == PTX_OPC_OR ? OP_BOR : OP_BXOR,
                      lazy_of(t, in->ops[1], bits, &k1), lazy_of(t, in->ops[2], bits, &k2));
        break;
    case PTX_OPC_NOT:
        r.e = expr_unary(p, in->ops[1]->loc, OP_BNOT, lazy_of(t, in->ops[1], bits, &k1));
        break;
    case PTX_OPC_NEG:
        r.e = expr_unary(p, in->ops[1]->loc, OP_NEG, lazy_of(t, in->ops[1], bits, &k1));
        break;
    case PTX_OPC_MIN:
    case PTX_OPC_MAX:
    case PTX_OPC_DIV:
    case PTX_OPC_REM: {
        if (in->nops < 3)
            goto unknown;
        a = num_of(t, in->ops[1], bits, sgn, &k1);
        b = num_of(t, in->ops[2], bits, sgn, &k2);
        Op op = in->op == PTX_OPC_MIN   ? OP_MIN
                : in->op == PTX_OPC_MAX ? OP_MAX
                : in->op == PTX_OPC_DIV ? OP_DIV
                                        : OP_MOD;
        r.e = expr_binary(p, op, a, b);
        break;
    }
    case PTX_OPC_ABS:
        a = num_of(t, in->ops[1], bits, true, &k1);
        r.e = expr_cond(p, expr_binary(p, OP_LT, a, expr_num(p, a->loc, 0)), expr_unary(p, a->loc, OP_NEG, a), a);
        break;
    case PTX_OPC_SELP: {
        if (in->nops < 4)
            goto unknown;
        Val sa = operand_val(t, in->ops[1], bits), sb = operand_val(t, in->ops[2], bits);
        Expr *cnd = pred_of(t, in->ops[3], &k3);
        if (sa.kind == V_PTR && sb.kind == V_PTR && sa.obj == sb.obj) {
            r = sa;
            r.e = expr_cond(p, cnd, sa.e, sb.e);
            combine(&r, &sb);
            combine(&r, &k3);
            set_reg(t, in->ops[0], r);
            return;
        }
        if (sa.kind == V_PTR || sb.kind == V_PTR)
            goto unknown;
        r.e = expr_cond(p, cnd, lazy_of(t, in->ops[1], bits, &k1), lazy_of(t, in->ops[2], bits, &k2));
        break;
    }
    default:
        goto unknown;
    }
    combine(&r, &k1);
    combine(&r, &k2);
    combine(&r, &k3);
    set_reg(t, in->ops[0], r);
    return;
unknown:
    dests_unknown(t, in);
}

/* Opcodes that only compute registers (no memory, no barrier): their
 * destinations are unknown when not followed above. */
static bool is_pure(const char *op)
{
    static const char *const pure[] = {
        "fma",    "rcp",  "sqrt",  "rsqrt", "ex2",  "lg2",   "sin",   "cos",  "tanh",  "testp", "copysign",
        "popc",   "clz",  "brev",  "bfe",   "bfi",  "prmt",  "cnot",  "lop3", "shf",   "dp4a",  "dp2a",
        "mul24",  "mad24", "sad",  "set",   "slct", "madc",  "addc",  "subc", "bfind", "fns",   "nanosleep",
        "prefetch", "prefetchu", "activemask", "isspacep", "createpolicy", "pmevent", "szext", "shfl",
        "vote",   "match", "redux", "tex",   "tld4", "txq",   "suq",   "ldmatrix", "mma", "wmma", "cvt.pack",
        "applypriority", "discard", "brkpt", "getctarank", "mapa", "elect", "griddepcontrol"};
    for (size_t i = 0; i < sizeof pure / sizeof pure[0]; i++)
        if (strcmp(op, pure[i]) == 0)
            return true;
    return false;
}

/* One instruction that is not a branch, unguarded. */
static void tr_plain(Tr *t, const PtxInstr *in, Loc loc)
{
    switch (in->op) {
    case PTX_OPC_LD:
    case PTX_OPC_LDU:
        tr_ld(t, in, loc);
        return;
    case PTX_OPC_ST:
        tr_st(t, in, loc);
        return;
    case PTX_OPC_ATOM:
    case PTX_OPC_RED:
        tr_atom(t, in, loc);
        return;
    case PTX_OPC_BAR:
    case PTX_OPC_BARRIER:
        tr_bar(t, in, loc);
        return;
    case PTX_OPC_MEMBAR:
    case PTX_OPC_FENCE:
        return; /* mapkit orders by barriers only (docs/language.md 3.7) */
    case PTX_OPC_CALL:
        tr_call(t, in, loc);
        return;
    case PTX_OPC_SETP:
        if (in->nops >= 1)
            tr_setp(t, in, loc);
        return;
    case PTX_OPC_MOV:
    case PTX_OPC_CVTA:
    case PTX_OPC_CVT:
        tr_move(t, in);
        return;
    case PTX_OPC_ADD:
    case PTX_OPC_SUB:
    case PTX_OPC_MUL:
    case PTX_OPC_MAD:
    case PTX_OPC_SHL:
    case PTX_OPC_SHR:
    case PTX_OPC_AND:
    case PTX_OPC_OR:
    case PTX_OPC_XOR:
    case PTX_OPC_NOT:
    case PTX_OPC_NEG:
    case PTX_OPC_MIN:
    case PTX_OPC_MAX:
    case PTX_OPC_DIV:
    case PTX_OPC_REM:
    case PTX_OPC_ABS:
    case PTX_OPC_SELP:
        tr_arith(t, in);
        return;
    case PTX_OPC_TEX:
    case PTX_OPC_SHFL:
    case PTX_OPC_VOTE:
        dests_unknown(t, in);
        return;
    default:
        break;
    }
    if (!is_pure(in->opcode)) {
        char what[160];
        snprintf(what, sizeof what, "the instruction %.80s (its effect on memory is not modelled)", in->opcode);
        emit_opaque(t, loc, what);
    }
    dests_unknown(t, in);
}

/* An instruction; a guarded one (@p) runs under `if (p)`, its results
 * p ? new : old. */
static void tr_instr(Tr *t, const PtxInstr *in)
{
    Loc loc = at_loc(t, in);
    t->at = in;
    if (!in->guard) {
        tr_plain(t, in, loc);
        return;
    }
    Val kc;
    Expr *c = pred_of(t, in->guard, &kc);
    Val *before = state_copy(t);
    Stmt *s = stmt_new(t->p, S_IF, loc);
    s->u.if_.cond = ptxv_copy(t->p, c);
    Block *saved = t->out;
    t->out = &s->u.if_.then;
    t->depth++;
    tr_plain(t, in, loc);
    leave_scope(t);
    t->out = saved;
    Val *after = state_copy(t);
    merge(t, c, kc.varying, after, before);
    free(before);
    free(after);
    if (s->u.if_.then.n)
        emit(t, s);
}

/* ---- control flow ---- */

static void emit_seq(Tr *t, const PtxRegion *r, int cur, int stop);

static void emit_block(Tr *t, int b)
{
    const PtxBB *bb = &t->g->blocks[b];
    for (int i = bb->first; i < bb->last; i++) {
        const PtxInstr *in = t->g->instrs[i];
        if (in == bb->term)
            break;
        tr_instr(t, in);
    }
}

/* One arm of a choice, into its own block at the next depth; returns the
 * state it leaves. */
static Val *emit_arm(Tr *t, const PtxRegion *r, Block *into, int from, int join, const Val *start)
{
    memcpy(t->vals, start, (size_t)t->nregs * sizeof *t->vals);
    Block *saved = t->out;
    t->out = into;
    t->depth++;
    emit_seq(t, r, from, join);
    leave_scope(t);
    t->out = saved;
    return state_copy(t);
}

/* if (c) { a .. join } else { b .. join }, and the registers merged. */
static void emit_choice(Tr *t, const PtxRegion *r, Expr *c, bool c_varying, int a, int b, int join, Loc loc)
{
    Val *start = state_copy(t);
    Stmt *s = stmt_new(t->p, S_IF, loc);
    s->u.if_.cond = ptxv_copy(t->p, c);
    Val *sa = emit_arm(t, r, &s->u.if_.then, a, join, start);
    Val *sb = emit_arm(t, r, &s->u.if_.els, b, join, start);
    memcpy(t->vals, start, (size_t)t->nregs * sizeof *t->vals);
    merge(t, c, c_varying, sa, sb);
    if (!s->u.if_.then.n && s->u.if_.els.n) { /* if (!c) { b } */
        s->u.if_.cond = ptxv_not(t->p, s->u.if_.cond);
        s->u.if_.then = s->u.if_.els;
        s->u.if_.els = (Block){0};
    }
    if (s->u.if_.then.n)
        emit(t, s);
    free(start);
    free(sa);
    free(sb);
}

/* Does block b have an edge that leaves loop l (or reaches the exit)? */
static bool exits_loop(const PtxCfg *g, int l, int b)
{
    for (int s = 0; s < g->blocks[b].nsucc; s++) {
        int x = g->blocks[b].succ[s];
        if (x >= g->nblocks || !g->loops[l].body[x])
            return true;
    }
    return false;
}

/* The loop's exits are tests every iteration makes (their blocks lie on
 * every path to a back edge, outside inner loops), so a uniform test
 * makes the whole block leave together. */
static bool exits_every_iteration(const PtxCfg *g, int l)
{
    const PtxLoop *lp = &g->loops[l];
    for (int b = 0; b < g->nblocks; b++) {
        if (!lp->body[b] || !exits_loop(g, l, b))
            continue;
        if (g->blocks[b].loop != l || !g->blocks[b].cond)
            return false;
        for (int i = 0; i < lp->nlatches; i++)
            if (!ptx_cfg_dominates(g, b, lp->latches[i]))
                return false;
    }
    return true;
}

/* Does some instruction of loop l write register id?  How many, and the
 * last one found. */
static int defs_in_loop(Tr *t, int l, int id, const PtxInstr **def, int *def_block)
{
    int n = 0;
    for (int b = 0; b < t->g->nblocks; b++) {
        if (!t->g->loops[l].body[b])
            continue;
        for (int i = t->g->blocks[b].first; i < t->g->blocks[b].last; i++) {
            const PtxInstr *in = t->g->instrs[i];
            if (in->nops < 1 || in->op == PTX_OPC_ST || in->op == PTX_OPC_RED || in->op == PTX_OPC_BRA ||
                (in->op == PTX_OPC_BAR && !ptx_has_mod(in, "red")))
                continue;
            const PtxOperand *o = in->ops[0];
            bool hit = operand_reg(t, o) == id;
            for (int j = 0; (o->kind == PTX_OPND_VEC || o->kind == PTX_OPND_PAIR) && j < o->nitems; j++)
                hit |= operand_reg(t, o->items[j]) == id;
            if (in->op == PTX_OPC_CALL) {
                PtxCall c;
                if (ptx_call_parts(in, &c) && c.rets)
                    for (int j = 0; j < c.rets->nitems; j++)
                        hit |= operand_reg(t, c.rets->items[j]) == id;
            }
            if (hit) {
                n++;
                *def = in;
                *def_block = b;
            }
        }
    }
    return n;
}

/* Is in, the one definition of a register in loop l, run once in every
 * iteration that goes on (unguarded, outside inner loops, on every path
 * to a back edge)? */
static bool once_per_iteration(Tr *t, int l, const PtxInstr *in, int b)
{
    if (in->guard || t->g->blocks[b].loop != l || ptx_has_mod(in, "cc") || ptx_has_mod(in, "sat"))
        return false;
    PtxType ty = {0};
    if (!type_mod(in, 0, &ty) || (ty.kind != PTX_TYPE_UINT && ty.kind != PTX_TYPE_SINT && ty.kind != PTX_TYPE_BITS))
        return false;
    const PtxLoop *lp = &t->g->loops[l];
    for (int i = 0; i < lp->nlatches; i++)
        if (!ptx_cfg_dominates(t->g, b, lp->latches[i]))
            return false;
    return true;
}

static int instr_index(const Tr *t, const PtxInstr *in)
{
    for (int i = 0; i < t->g->ninstrs; i++)
        if (t->g->instrs[i] == in)
            return i;
    return -1;
}

/* Is o loop-invariant: an immediate, or a register loop l never writes? */
static bool invariant(Tr *t, int l, const PtxOperand *o)
{
    const PtxInstr *d;
    int b, id = operand_reg(t, o);
    return o->kind == PTX_OPND_INT || (id >= 0 && defs_in_loop(t, l, id, &d, &b) == 0);
}

/* The invariant value of operand o (its value on entry to the loop). */
static Expr *invariant_expr(Tr *t, const PtxOperand *o, int bits, Val *keep)
{
    int id = operand_reg(t, o);
    Val v = id >= 0 ? t->vals[id] : operand_val(t, o, bits);
    Expr *e = int_of(t, id >= 0 ? &t->vals[id] : &v, o->kind == PTX_OPND_REG ? o->name : "s", o->loc);
    *keep = id >= 0 ? t->vals[id] : v;
    return e;
}

/* The step of register `id` per iteration along a chain of additions
 * (nvcc's unrolled loops move a pointer by four adds through temporaries:
 * a = r + s; b = a + s; r = b + s): r's value next iteration is its value
 * now plus the sum of the invariant steps.  NULL when it is no such chain. */
static Expr *add_chain(Tr *t, int l, int id, int reg, int before, int hops, Val *acc)
{
    const PtxInstr *in = NULL;
    int b = -1;
    if (hops > 8 || defs_in_loop(t, l, reg, &in, &b) != 1 || (in->op != PTX_OPC_ADD && in->op != PTX_OPC_SUB) ||
        in->nops < 3 || !once_per_iteration(t, l, in, b) || operand_reg(t, in->ops[0]) != reg)
        return NULL;
    int at = instr_index(t, in);
    if (before >= 0 && at >= before)
        return NULL; /* the link must run before its use */
    const PtxOperand *x, *s;
    if (invariant(t, l, in->ops[2]) && operand_reg(t, in->ops[1]) >= 0)
        x = in->ops[1], s = in->ops[2];
    else if (in->op == PTX_OPC_ADD && invariant(t, l, in->ops[1]) && operand_reg(t, in->ops[2]) >= 0)
        x = in->ops[2], s = in->ops[1];
    else
        return NULL;
    PtxType ty = {0};
    type_mod(in, 0, &ty);
    Val k;
    Expr *se = invariant_expr(t, s, ty.bits, &k);
    if (k.kind == V_PTR)
        return NULL;
    combine(acc, &k);
    if (in->op == PTX_OPC_SUB)
        se = expr_unary(t->p, se->loc, OP_NEG, se);
    int xid = operand_reg(t, x);
    if (xid == id) {
        /* the chain closes: r's own value from the iteration's start, read
         * before r is written again */
        return se;
    }
    Expr *rest = add_chain(t, l, id, xid, at, hops + 1, acc);
    return rest ? ptxv_bin(t->p, OP_ADD, rest, se) : NULL;
}

/* A register changed once per iteration by an invariant step: added
 * (also through a chain of temporaries), its value in iteration k is
 * init + s * k; shifted by a constant c, init >> c*k or init << c*k. */
static bool induction(Tr *t, int l, int id, const Val *entry, Expr *k, Val *out)
{
    Val init = entry[id];
    if (init.kind == V_BOOL)
        return false;
    const PtxInstr *in = NULL;
    int b = -1;
    if (defs_in_loop(t, l, id, &in, &b) != 1 || in->nops < 3)
        return false;
    Val acc = int_val(NULL, init.bits, false, 0);
    Loc loc = in->ops[0]->loc;
    Expr *e;
    if (in->op == PTX_OPC_SHL || in->op == PTX_OPC_SHR) {
        if (!once_per_iteration(t, l, in, b) || operand_reg(t, in->ops[1]) != id || in->ops[2]->kind != PTX_OPND_INT ||
            init.kind != V_INT || in->ops[2]->bits == 0 || in->ops[2]->bits >= 64)
            return false;
        PtxType ty = {0};
        type_mod(in, 0, &ty);
        Expr *amount = ptxv_bin(t->p, OP_MUL, expr_num(t->p, loc, in->ops[2]->bits), k);
        Expr *ie = int_of(t, &t->vals[id], t->regs[id], loc);
        init = t->vals[id];
        if (in->op == PTX_OPC_SHL) {
            e = expr_binary(t->p, OP_SHL, ie, amount);
        } else {
            Expr *x = ty.kind == PTX_TYPE_SINT ? ptxv_signed(t->p, &t->bounds, ie, ty.bits)
                                               : ptxv_unsigned(t->p, &t->bounds, ie, ty.bits);
            e = expr_binary(t->p, OP_SHR, x, amount);
        }
    } else {
        Expr *step = add_chain(t, l, id, id, -1, 0, &acc);
        if (!step)
            return false;
        Expr *ie = init.kind == V_PTR ? init.e : int_of(t, &t->vals[id], t->regs[id], loc);
        if (init.kind != V_PTR)
            init = t->vals[id];
        e = ptxv_bin(t->p, OP_ADD, ie, ptxv_bin(t->p, OP_MUL, step, k));
    }
    Val v = init;
    v.e = e;
    v.varying = init.varying || acc.varying;
    v.scope = max_i(max_i(init.scope, acc.scope), t->depth + 1);
    *out = v;
    return true;
}

/* A natural loop: `local n uniform block;` (a thread-local unknown when
 * the exits may differ between threads) and `foreach (k in 0 .. n)`
 * around its body, an unknown number of iterations; induction registers
 * are closed forms of k, every other register the loop writes is unknown
 * in it and after it. */
static void emit_loop(Tr *t, int l)
{
    const PtxLoop *lp = &t->g->loops[l];
    Loc loc = t->g->blocks[lp->header].first < t->g->ninstrs
                  ? at_loc(t, t->g->instrs[t->g->blocks[lp->header].first])
                  : t->f->loc;
    const char *kname = fresh_name(t, "k");
    Expr *k = var(t, kname, loc);
    bool *carried = xcalloc((size_t)t->nregs + 1, sizeof *carried);
    Val *closed = xcalloc((size_t)t->nregs + 1, sizeof *closed);
    Val *entry = state_copy(t);
    for (int id = 0; id < t->nregs; id++) {
        const PtxInstr *d;
        int b;
        carried[id] = defs_in_loop(t, l, id, &d, &b) > 0;
        if (carried[id] && !induction(t, l, id, entry, k, &closed[id]))
            closed[id] = unknown_val(t->vals[id].bits);
    }
    for (int id = 0; id < t->nregs; id++)
        if (carried[id])
            t->vals[id] = closed[id];
    Stmt *loop = stmt_new(t->p, S_LOOP, loc);
    Block *saved = t->out;
    int saved_loop = t->loop;
    bool saved_exit = t->exit_varying;
    t->out = &loop->u.loop.body;
    t->loop = l;
    t->exit_varying = !exits_every_iteration(t->g, l);
    t->depth++;
    PtxRegion r;
    ptx_region_build(t->g, l, &r);
    emit_seq(t, &r, lp->header, r.sink);
    ptx_region_free(&r);
    bool uniform = !t->exit_varying;
    leave_scope(t);
    t->out = saved;
    t->loop = saved_loop;
    t->exit_varying = saved_exit;
    for (int id = 0; id < t->nregs; id++)
        if (carried[id])
            t->vals[id] = unknown_val(t->vals[id].bits);
    Expr *n = emit_unknown(t, "trip", uniform ? GROUP_BLOCK : GROUP_THREAD, loc);
    if (!uniform)
        add_varying(t, kname);
    loop->u.loop.var = var(t, kname, loc);
    loop->u.loop.init = expr_num(t->p, loc, 0);
    loop->u.loop.bound = n;
    loop->u.loop.amount = expr_num(t->p, loc, 1);
    loop->u.loop.cmp = OP_LT;
    loop->u.loop.step = STEP_ADD;
    emit(t, loop);
    free(carried);
    free(closed);
    free(entry);
}

/* Whether a branch's predicate may differ between two threads of one
 * block (a register not followed may). */
static bool guard_varies(const Tr *t, const PtxOperand *guard)
{
    int id = guard ? operand_reg(t, guard) : -1;
    return id < 0 || t->vals[id].varying;
}

static bool is_child_loop_header(const Tr *t, const PtxRegion *r, int n)
{
    if (n >= t->g->nblocks)
        return false;
    int l = t->g->blocks[n].loop;
    return l >= 0 && l != r->loop && t->g->loops[l].header == n;
}

/* The region's nodes from cur up to stop (its join, or the sink), as
 * statements: blocks' instructions, loops, and the choices of their
 * branches. */
static void emit_seq(Tr *t, const PtxRegion *r, int cur, int stop)
{
    while (cur != stop && cur != r->sink) {
        int succ[64];
        if (is_child_loop_header(t, r, cur) && !(cur == r->entry && r->loop >= 0)) {
            int l = t->g->blocks[cur].loop;
            emit_loop(t, l);
            int n = ptx_region_succs(t->g, r, cur, succ, 64);
            int join = r->ipdom[cur];
            if (n <= 1) {
                cur = n ? succ[0] : r->sink;
                continue;
            }
            /* exits to different places: which one a thread takes is not followed */
            Loc loc = at_loc(t, t->g->instrs[t->g->blocks[cur].first]);
            Expr *w = emit_unknown(t, "exit", GROUP_THREAD, loc);
            for (int i = 0; i + 1 < n; i++) {
                Expr *c = expr_binary(t->p, OP_EQ, w, expr_num(t->p, loc, (uint64_t)i));
                /* the first exit, or on to the others */
                emit_choice(t, r, c, true, succ[i], i + 2 == n ? succ[i + 1] : join, join, loc);
            }
            cur = join;
            continue;
        }
        emit_block(t, cur);
        const PtxBB *bb = &t->g->blocks[cur];
        int n = ptx_region_succs(t->g, r, cur, succ, 64);
        /* an exit test at the latch (a `do ... while`, a rotated loop)
         * branches back to the header, an edge the region leaves out, so
         * it is never a choice below: its predicate is looked at here */
        if (bb->cond && r->loop >= 0 && exits_loop(t->g, r->loop, cur) && guard_varies(t, bb->term->guard))
            t->exit_varying = true;
        if (!bb->cond || n < 2 || succ[0] == succ[1]) {
            cur = n ? succ[0] : r->sink;
            continue;
        }
        Loc loc = at_loc(t, bb->term);
        Val kc;
        Expr *c = pred_of(t, bb->term->guard, &kc);
        if (r->loop >= 0 && exits_loop(t->g, r->loop, cur))
            t->exit_varying |= kc.varying;
        int join = r->ipdom[cur];
        emit_choice(t, r, c, kc.varying, succ[0], succ[1], join, loc);
        cur = join;
    }
}

/* ---- objects and the kernel ---- */

static const char *unique_name(Tr *t, const char *want)
{
    char buf[200];
    snprintf(buf, sizeof buf, "%s", want);
    if (lexer_keyword(buf, strlen(buf)))
        snprintf(buf, sizeof buf, "%.150s_", want);
    for (int n = 2;; n++) {
        bool clash = false;
        for (int i = 0; i < t->nobjs && !clash; i++)
            clash = strcmp(t->objs[i].name, buf) == 0;
        for (int i = 0; t->pnames && i < t->f->nparams && !clash; i++)
            clash = t->pnames[i] && strcmp(t->pnames[i], buf) == 0;
        if (!clash)
            return intern(t, buf);
        snprintf(buf, sizeof buf, "%.150s_%d", want, n);
    }
}

/* A variable's C name: the last source name of `_ZZ...E4tile`, else the
 * PTX name. */
static void var_c_name(const char *ptx, char *buf, size_t n)
{
    const char *e = strncmp(ptx, "_ZZ", 3) == 0 ? strrchr(ptx, 'E') : NULL;
    if (e && e[1] >= '0' && e[1] <= '9') {
        const char *s = e + 1;
        long len = strtol(s, (char **)&s, 10);
        if (len > 0 && (size_t)len <= strlen(s)) {
            snprintf(buf, n, "%.*s", (int)len, s);
            return;
        }
    }
    size_t k = 0;
    for (const char *c = ptx; *c && k + 1 < n; c++)
        if ((*c >= 'a' && *c <= 'z') || (*c >= 'A' && *c <= 'Z') || (*c >= '0' && *c <= '9') || *c == '_')
            buf[k++] = *c;
    buf[k] = '\0';
    if (!k)
        snprintf(buf, n, "var");
}

static void add_obj(Tr *t, const PtxVar *v, const char *name, MemSpace mem)
{
    Obj o = {0};
    o.ptx = v ? v->name : name;
    o.name = unique_name(t, name);
    o.mem = mem;
    o.bytes = -1;
    o.loc = v ? v->loc : t->f->loc;
    if (v) {
        o.own = v->space == PTX_SPACE_LOCAL || v->space == PTX_SPACE_PARAM;
        o.readonly = v->space == PTX_SPACE_CONST;
        int64_t cells = 1;
        for (int i = 0; i < v->ndims; i++)
            cells = v->dims[i] < 0 ? -1 : cells * v->dims[i];
        if (cells >= 0)
            o.bytes = cells * ((v->type.bits + 7) / 8) * (v->type.vec ? v->type.vec : 1);
    }
    VEC_PUSH(t->objs, t->nobjs, t->capobjs, o);
}

static void add_var_obj(Tr *t, const PtxVar *v)
{
    if (v->space != PTX_SPACE_SHARED && v->space != PTX_SPACE_GLOBAL && v->space != PTX_SPACE_CONST &&
        v->space != PTX_SPACE_LOCAL)
        return;
    char name[160];
    var_c_name(v->name, name, sizeof name);
    add_obj(t, v, name, v->space == PTX_SPACE_SHARED ? MEM_SHARED : MEM_GLOBAL);
}

/* The parameters' names (the .cu's when the .file names one that reads,
 * else param_N) and kinds (demangled, else by their PTX type). */
static void name_params(Tr *t, const char *cname)
{
    int n = t->f->nparams;
    t->pnames = arena_alloc(&t->p->arena, (size_t)(n ? n : 1) * sizeof *t->pnames);
    t->pkinds = arena_alloc(&t->p->arena, (size_t)(n ? n : 1) * sizeof *t->pkinds);
    ptx_demangle_params(t->f->name, t->pkinds, n);
    char **names = xcalloc((size_t)n + 1, sizeof *names);
    bool from_source = false;
    for (int i = 0; i < t->m->nfiles && !from_source && n > 0; i++) {
        const SrcFile *cu = ptx_srcloc_file_at(t->src, i); /* the one read of the .cu, bounded */
        from_source = cu && ptx_source_param_names(cu->text, cname, names, n);
    }
    for (int i = 0; i < n; i++) {
        char buf[200];
        if (from_source)
            snprintf(buf, sizeof buf, "%.150s%s", names[i], lexer_keyword(names[i], strlen(names[i])) ? "_" : "");
        else
            snprintf(buf, sizeof buf, "param_%d", i);
        t->pnames[i] = intern(t, buf);
        free(names[i]);
    }
    free(names);
    for (int i = 0; i < n; i++) {
        const PtxVar *pv = &t->f->params[i];
        bool pointer = t->pkinds[i] == PK_POINTER || pv->ptr ||
                       (t->pkinds[i] == PK_UNKNOWN && pv->type.bits == 64 && pv->ndims == 0);
        if (pointer && pv->ndims == 0) {
            add_obj(t, NULL, t->pnames[i], MEM_GLOBAL);
            t->objs[t->nobjs - 1].ptx = pv->name;
            t->objs[t->nobjs - 1].name = t->pnames[i];
            t->objs[t->nobjs - 1].loc = pv->loc;
        }
    }
}

static void declare_arrays(Tr *t)
{
    for (int i = 0; i < t->nobjs; i++) {
        const Obj *o = &t->objs[i];
        if (!o->used)
            continue;
        ArrayDecl d = {0};
        d.name = var(t, o->name, o->loc);
        d.mem = o->mem;
        d.elem_type = intern(t, "unsigned char");
        d.ndims = 1;
        d.sizes = arena_alloc(&t->p->arena, sizeof *d.sizes);
        d.sizes[0] = o->bytes > 0 ? expr_num(t->p, o->loc, (uint64_t)o->bytes) : NULL;
        d.loc = o->loc;
        ARENA_PUSH(&t->p->arena, t->k->arrays, t->k->narrays, d);
    }
}

/* Launch sizes from the command line or a header, as preconditions
 * first in the body (as the CUDA front end writes them). */
static void assume_launch(Tr *t, const InferOptions *o, Block *pre)
{
    if (!o)
        return;
    const Launch *l = &o->launch;
    for (int block = 1; block >= 0; block--)
        for (int a = 0; a < 3; a++) {
            const int64_t *d = block ? l->block_dim : l->grid_dim;
            if (!launch_knows(l, block, a) || (a > 0 && d[a] == 1))
                continue;
            LaunchOrigin from = block ? l->block_from : l->grid_from;
            Loc loc = from.loc.file ? from.loc : t->f->loc;
            char name[32];
            snprintf(name, sizeof name, "%s.%c", block ? "blockDim" : "gridDim", "xyz"[a]);
            Stmt *s = stmt_new(t->p, S_ASSUME, loc);
            s->u.assume.cond = expr_binary(t->p, OP_EQ, var(t, name, loc), expr_num(t->p, loc, (uint64_t)d[a]));
            block_push(t->p, pre, s);
            if (block)
                t->bounds.block[a] = d[a];
            else
                t->bounds.grid[a] = d[a];
        }
}

static void note_no_alias(Tr *t)
{
    char names[400];
    size_t used = 0;
    int n = 0;
    names[0] = '\0';
    for (int i = 0; i < t->nobjs; i++)
        if (t->objs[i].used && t->objs[i].mem == MEM_GLOBAL && param_index(t, t->objs[i].ptx) >= 0 &&
            used + strlen(t->objs[i].name) + 3 < sizeof names) {
            used += (size_t)snprintf(names + used, sizeof names - used, "%s%s", n ? ", " : "", t->objs[i].name);
            n++;
        }
    if (n < 2)
        return;
    KernelAssumption a = {0};
    char text[500];
    snprintf(text, sizeof text, "no alias: the pointer parameters %.400s point to buffers that do not overlap (PTX "
                                "shows no launch)", names);
    a.text = intern(t, text);
    a.loc = t->k->loc;
    ARENA_PUSH(&t->p->arena, t->k->assumes, t->k->nassumes, a);
}

/* The .loc of a function's first instruction that has one: nvcc's first
 * is the kernel's declaration line. */
static const PtxLocDir *first_src(const PtxBlock *b)
{
    for (int i = 0; i < b->n; i++) {
        const PtxStmt *s = b->items[i];
        const PtxLocDir *src = s->kind == PTX_S_BLOCK   ? first_src(&s->u.block)
                               : s->kind == PTX_S_INSTR ? s->u.instr.src
                                                        : NULL;
        if (src)
            return src;
    }
    return NULL;
}

static Kernel *infer_entry(Program *p, const PtxModule *m, const PtxFunc *f, const InferOptions *o,
                           PtxSrcLocs *src, Diag *d)
{
    Tr t = {.p = p, .d = d, .m = m, .f = f, .src = src, .loop = -1};
    Kernel *k = arena_alloc(&p->arena, sizeof *k);
    memset(k, 0, sizeof *k);
    t.k = k;
    char cname[200];
    if (!ptx_demangle_name(f->name, cname, sizeof cname))
        snprintf(cname, sizeof cname, "%s", f->name);
    k->name = intern(&t, cname);
    k->loc = ptx_srcloc(src, first_src(f->body), f->loc);
    Block pre = {0};
    assume_launch(&t, o, &pre);
    for (int i = 0; i < m->nvars; i++)
        add_var_obj(&t, m->vars[i]);
    name_params(&t, cname);
    const char *why = NULL;
    t.g = ptx_cfg_build(f, &why);
    t.out = &k->body;
    if (!t.g) {
        char what[200];
        snprintf(what, sizeof what, "the body of %.100s: %.80s", cname, why ? why : "its control flow");
        emit_opaque(&t, f->loc, what);
    } else {
        for (int i = 0; i < t.g->nvars; i++)
            add_var_obj(&t, t.g->vars[i]);
        collect_regs(&t);
        for (int i = 0; i < t.nregs; i++)
            t.vals[i] = unknown_val(32);
        PtxRegion r;
        ptx_region_build(t.g, -1, &r);
        emit_seq(&t, &r, 0, r.sink);
        ptx_region_free(&r);
    }
    for (int i = 0; i < k->body.n; i++)
        block_push(p, &pre, k->body.items[i]);
    k->body = pre;
    /* every scalar parameter is a uniform, so -p can name it */
    for (int i = 0; i < f->nparams; i++) {
        if (obj_of_symbol(&t, f->params[i].name) >= 0 || f->params[i].ndims != 0)
            continue;
        bool declared = false;
        for (int j = 0; j < k->nvars; j++)
            declared |= k->vars[j].name->u.var.name == t.pnames[i];
        if (!declared) {
            VarDecl vd = {.name = var(&t, t.pnames[i], f->params[i].loc), .scope = VAR_UNIFORM};
            ARENA_PUSH(&p->arena, k->vars, k->nvars, vd);
        }
    }
    for (int j = 0; j < k->nvars; j++)
        for (int i = 0; i < f->nparams; i++)
            if (k->vars[j].name->u.var.name == t.pnames[i] && t.pkinds[i] == PK_SIGNED)
                k->vars[j].signed_bits = (uint8_t)f->params[i].type.bits;
    declare_arrays(&t);
    note_no_alias(&t);
    k->nparam_names = f->nparams;
    k->param_names = t.pnames;
    ptx_cfg_free(t.g);
    free(t.regs);
    free(t.hash);
    free(t.vals);
    free(t.objs);
    free(t.varying);
    return k;
}

Program *ptx_infer_program(const SrcFile *file, const PtxModule *m, const InferOptions *o, Diag *d)
{
    Program *p = program_new(file);
    PtxSrcLocs src;
    ptx_srclocs_init(&src, p, m, file, o ? o->ptx_source : NULL);
    for (int i = 0; i < m->nfuncs; i++) {
        const PtxFunc *f = m->funcs[i];
        if (f->kind != PTX_ENTRY || !f->body)
            continue;
        Kernel *k = infer_entry(p, m, f, o, &src, d);
        ARENA_PUSH(&p->arena, p->kernels, p->nkernels, k);
    }
    ptx_srclocs_free(&src);
    if (!resolve_program(p, d)) {
        diag_plain(d, SEV_NOTE, file->path, "the inferred protocol did not resolve: this is a bug of mapkit's "
                                            "PTX front end");
        program_free(p);
        return NULL;
    }
    return p;
}

Program *ptx_infer_file(const SrcFile *file, const InferOptions *o, Diag *d)
{
    Arena a;
    arena_init(&a);
    PtxModule *m = ptx_parse(file, &a, d);
    Program *p = m ? ptx_infer_program(file, m, o, d) : NULL;
    arena_free(&a);
    return p;
}
