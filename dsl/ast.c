/* Constructors and helpers of the protocol AST ([CAV21 Fig. 2] syntax). */
#include "ast.h"

#include <stdlib.h>
#include <string.h>

Program *program_new(const SrcFile *file)
{
    Program *p = xcalloc(1, sizeof *p);
    arena_init(&p->arena);
    p->file = file;
    return p;
}

void program_free(Program *p)
{
    if (!p)
        return;
    name_table_free(&p->names);
    arena_free(&p->arena);
    for (int i = 0; i < p->nheaders; i++)
        src_free(p->headers[i]);
    free(p->headers);
    free(p);
}

void program_own_file(Program *p, SrcFile *f)
{
    VEC_PUSH(p->headers, p->nheaders, p->capheaders, f);
}

const char *program_intern(Program *p, const char *s, size_t n)
{
    return name_table_intern(&p->names, &p->arena, s, n);
}

static Expr *expr_new(Program *p, ExprKind kind, Loc loc)
{
    Expr *e = arena_alloc(&p->arena, sizeof *e);
    e->kind = kind;
    e->loc = loc;
    e->depth = 1;
    return e;
}

static uint32_t max_depth(const Expr *a, const Expr *b)
{
    uint32_t da = a ? a->depth : 0, db = b ? b->depth : 0;
    return da > db ? da : db;
}

Expr *expr_num(Program *p, Loc loc, uint64_t v)
{
    Expr *e = expr_new(p, E_NUM, loc);
    e->u.num = v;
    return e;
}

Expr *expr_bool(Program *p, Loc loc, bool v)
{
    Expr *e = expr_new(p, E_BOOL, loc);
    e->u.boolean = v;
    return e;
}

Expr *expr_var(Program *p, Loc loc, const char *name)
{
    Expr *e = expr_new(p, E_VAR, loc);
    e->u.var.name = name;
    return e;
}

Expr *expr_unary(Program *p, Loc loc, Op op, Expr *a)
{
    Expr *e = expr_new(p, E_UNARY, loc_span(loc, a->loc));
    e->op = op;
    e->u.sub.a = a;
    e->depth = a->depth + 1;
    return e;
}

Expr *expr_binary(Program *p, Op op, Expr *a, Expr *b)
{
    Expr *e = expr_new(p, E_BINARY, loc_span(a->loc, b->loc));
    e->op = op;
    e->u.sub.a = a;
    e->u.sub.b = b;
    e->depth = max_depth(a, b) + 1;
    return e;
}

Expr *expr_cond(Program *p, Expr *c, Expr *a, Expr *b)
{
    Expr *e = expr_new(p, E_COND, loc_span(c->loc, b->loc));
    e->u.sub.a = c;
    e->u.sub.b = a;
    e->u.sub.c = b;
    uint32_t d = max_depth(a, b);
    e->depth = (c->depth > d ? c->depth : d) + 1;
    return e;
}

Expr *expr_pow2(Program *p, Loc loc, Expr *a)
{
    Expr *e = expr_new(p, E_POW2, loc);
    e->u.sub.a = a;
    e->depth = a->depth + 1;
    return e;
}

Expr *expr_distinct(Program *p, Loc loc, Expr **vars, int n)
{
    Expr *e = expr_new(p, E_DISTINCT, loc);
    e->u.distinct.vars = vars;
    e->u.distinct.n = n;
    e->depth = 2;
    return e;
}

Stmt *stmt_new(Program *p, StmtKind kind, Loc loc)
{
    Stmt *s = arena_alloc(&p->arena, sizeof *s);
    s->kind = kind;
    s->loc = loc;
    return s;
}

void block_push(Program *p, Block *b, Stmt *s)
{
    ARENA_PUSH(&p->arena, b->items, b->n, s);
}

static bool constant_binary(Op op, int64_t a, int64_t b, int64_t *v)
{
    switch (op) {
    case OP_ADD: return !__builtin_add_overflow(a, b, v);
    case OP_SUB: return !__builtin_sub_overflow(a, b, v);
    case OP_MUL: return !__builtin_mul_overflow(a, b, v);
    case OP_DIV:
    case OP_MOD:
        if (b == 0 || (a == INT64_MIN && b == -1))
            return false;
        *v = op == OP_DIV ? a / b : a % b;
        return true;
    case OP_SHL: return b >= 0 && b < 62 && a >= 0 && a <= (INT64_MAX >> b) && (*v = a << b, true);
    case OP_SHR: return b >= 0 && b < 64 && (*v = a >> b, true);
    case OP_LT: *v = a < b; return true;
    case OP_LE: *v = a <= b; return true;
    case OP_GT: *v = a > b; return true;
    case OP_GE: *v = a >= b; return true;
    case OP_EQ: *v = a == b; return true;
    case OP_NE: *v = a != b; return true;
    case OP_BAND: *v = a & b; return true;
    case OP_BXOR: *v = a ^ b; return true;
    case OP_BOR: *v = a | b; return true;
    case OP_AND: *v = a && b; return true;
    case OP_OR: *v = a || b; return true;
    case OP_MIN: *v = a < b ? a : b; return true;
    case OP_MAX: *v = a > b ? a : b; return true;
    default: return false;
    }
}

bool expr_constant(const Expr *e, int64_t *v)
{
    int64_t a, b, c;
    switch ((ExprKind)e->kind) {
    case E_NUM:
        *v = (int64_t)e->u.num;
        return e->u.num <= INT64_MAX;
    case E_BOOL:
        *v = e->u.boolean;
        return true;
    case E_UNARY:
        if (!expr_constant(e->u.sub.a, &a))
            return false;
        if (e->op == OP_NEG)
            return a != INT64_MIN && (*v = -a, true);
        if (op_is_conversion((Op)e->op))
            return conversion_apply((Op)e->op, a, v);
        *v = e->op == OP_NOT ? !a : ~a;
        return true;
    case E_BINARY:
        return expr_constant(e->u.sub.a, &a) && expr_constant(e->u.sub.b, &b) && constant_binary((Op)e->op, a, b, v);
    case E_COND:
        if (!expr_constant(e->u.sub.a, &c))
            return false;
        return expr_constant(c ? e->u.sub.b : e->u.sub.c, v);
    case E_VAR:
    case E_POW2:
    case E_DISTINCT:
        return false;
    }
    return false;
}

/* Does c (a conjunction) say `sym == N`? */
/* c pins the variable sym names (or, with sym NULL, the one named name,
 * before symbols are resolved) to a number *v. */
static bool pins(const Expr *c, const Sym *sym, const char *name, uint64_t *v)
{
    if (c->kind != E_BINARY)
        return false;
    if (c->op == OP_AND)
        return pins(c->u.sub.a, sym, name, v) || pins(c->u.sub.b, sym, name, v);
    if (c->op != OP_EQ)
        return false;
    const Expr *a = c->u.sub.a, *b = c->u.sub.b;
    if (a->kind == E_NUM) {
        const Expr *t = a;
        a = b;
        b = t;
    }
    if (a->kind != E_VAR || a->thread || b->kind != E_NUM)
        return false;
    if (sym ? a->u.var.sym != sym : !a->u.var.name || strcmp(a->u.var.name, name) != 0)
        return false;
    *v = b->u.num;
    return true;
}

static bool body_pins(const Kernel *k, const Sym *sym, const char *name, uint64_t *v)
{
    const Block *b = &k->body;
    for (int i = 0; i < b->n; i++)
        if (b->items[i]->kind == S_ASSUME && pins(b->items[i]->u.assume.cond, sym, name, v))
            return true;
    return false;
}

int kernel_signed_bits(const Kernel *k, const char *name)
{
    for (int i = 0; i < k->nvars; i++)
        if (k->vars[i].scope == VAR_UNIFORM && strcmp(k->vars[i].name->u.var.name, name) == 0)
            return k->vars[i].signed_bits;
    return 0;
}

int64_t kernel_param_value(const Kernel *k, const char *name, int64_t v)
{
    int bits = kernel_signed_bits(k, name);
    int64_t r;
    return bits && conversion_apply(conversion_op(bits, true), v, &r) ? r : v;
}

bool kernel_pins(const Kernel *k, const Sym *sym, uint64_t *v) { return body_pins(k, sym, NULL, v); }

bool kernel_pins_named(const Kernel *k, const char *name, uint64_t *v) { return body_pins(k, NULL, name, v); }

int stmt_blocks(Stmt *s, Block *out[2])
{
    if (s->kind == S_IF) {
        out[0] = &s->u.if_.then;
        out[1] = &s->u.if_.els;
        return 2;
    }
    if (s->kind == S_LOOP) {
        out[0] = &s->u.loop.body;
        return 1;
    }
    return 0;
}

bool expr_mentions_sym(const Expr *e, const Sym *x)
{
    if (!e)
        return false;
    if (e->kind == E_VAR)
        return e->u.var.sym == x;
    if (e->kind == E_DISTINCT) {
        for (int i = 0; i < e->u.distinct.n; i++)
            if (expr_mentions_sym(e->u.distinct.vars[i], x))
                return true;
        return false;
    }
    Expr **slot[3];
    int n = expr_operands((Expr *)e, slot);
    for (int i = 0; i < n; i++)
        if (expr_mentions_sym(*slot[i], x))
            return true;
    return false;
}

static bool stmt_mentions_sym(const Stmt *s, const Sym *x, bool in_lets)
{
    switch ((StmtKind)s->kind) {
    case S_ACCESS:
        for (int d = 0; d < s->u.access.nindex; d++)
            if (expr_mentions_sym(s->u.access.index[d], x))
                return true;
        return expr_mentions_sym(s->u.access.value, x) || expr_mentions_sym(s->u.access.amount, x) ||
               expr_mentions_sym(s->u.access.byte_off, x) || expr_mentions_sym(s->u.access.byte_width, x);
    case S_IF:
        return expr_mentions_sym(s->u.if_.cond, x) || block_mentions_sym(&s->u.if_.then, x, in_lets) ||
               block_mentions_sym(&s->u.if_.els, x, in_lets);
    case S_LOOP:
        return expr_mentions_sym(s->u.loop.init, x) || expr_mentions_sym(s->u.loop.bound, x) ||
               expr_mentions_sym(s->u.loop.amount, x) || block_mentions_sym(&s->u.loop.body, x, in_lets);
    case S_LET:
        return in_lets && expr_mentions_sym(s->u.let.value, x);
    case S_ASSUME:
        return expr_mentions_sym(s->u.assume.cond, x);
    case S_LOCAL: case S_SYNC: case S_OPAQUE:
        return false;
    }
    return true;
}

bool block_mentions_sym(const Block *b, const Sym *x, bool in_lets)
{
    for (int i = 0; i < b->n; i++)
        if (stmt_mentions_sym(b->items[i], x, in_lets))
            return true;
    return false;
}

/* e is a natural for every value of its names: naturals combined by
 * operators that keep them natural (lets are followed to their values). */
bool expr_is_natural(const Expr *e)
{
    switch ((ExprKind)e->kind) {
    case E_NUM: case E_BOOL: case E_POW2: case E_DISTINCT:
        return true;
    case E_VAR:
        return !e->u.var.sym || e->u.var.sym->kind != SYM_LET || expr_is_natural(e->u.var.sym->def->u.let.value);
    case E_UNARY:
        return e->op == OP_NOT || (op_is_conversion((Op)e->op) && !conversion_signed((Op)e->op));
    case E_BINARY:
        if (op_is_comparison((Op)e->op) || op_is_logical((Op)e->op))
            return true;
        if (e->op == OP_MAX || e->op == OP_BAND) /* max(k, 0): an unsigned amount; i32(x) & 15 */
            return expr_is_natural(e->u.sub.a) || expr_is_natural(e->u.sub.b);
        return e->op != OP_SUB && expr_is_natural(e->u.sub.a) && expr_is_natural(e->u.sub.b);
    case E_COND:
        return expr_is_natural(e->u.sub.b) && expr_is_natural(e->u.sub.c);
    }
    return false;
}

bool expr_is_pairwise(const Expr *e)
{
    switch ((ExprKind)e->kind) {
    case E_DISTINCT:
        return true;
    case E_VAR:
        return e->thread != 0;
    case E_NUM:
    case E_BOOL:
        return false;
    case E_UNARY:
    case E_POW2:
        return expr_is_pairwise(e->u.sub.a);
    case E_BINARY:
        return expr_is_pairwise(e->u.sub.a) || expr_is_pairwise(e->u.sub.b);
    case E_COND:
        return expr_is_pairwise(e->u.sub.a) || expr_is_pairwise(e->u.sub.b) ||
               expr_is_pairwise(e->u.sub.c);
    }
    return false;
}

bool op_is_comparison(Op op)
{
    return op >= OP_LT && op <= OP_NE;
}

bool op_is_logical(Op op)
{
    return op == OP_AND || op == OP_OR || op == OP_NOT;
}

const char *op_spelling(Op op)
{
    static const char *const names[] = {
        [OP_MUL] = "*",  [OP_DIV] = "/",   [OP_MOD] = "%",  [OP_ADD] = "+",   [OP_SUB] = "-",
        [OP_SHL] = "<<", [OP_SHR] = ">>",  [OP_LT] = "<",   [OP_LE] = "<=",   [OP_GT] = ">",
        [OP_GE] = ">=",  [OP_EQ] = "==",   [OP_NE] = "!=",  [OP_BAND] = "&",  [OP_BXOR] = "^",
        [OP_BOR] = "|",  [OP_AND] = "&&",  [OP_OR] = "||",  [OP_MIN] = "min", [OP_MAX] = "max",
        [OP_NEG] = "-",  [OP_NOT] = "!",   [OP_BNOT] = "~",
        [OP_U8] = "u8",  [OP_U16] = "u16", [OP_U32] = "u32", [OP_U64] = "u64",
        [OP_I8] = "i8",  [OP_I16] = "i16", [OP_I32] = "i32", [OP_I64] = "i64",
    };
    return names[op];
}

bool op_is_conversion(Op op)
{
    return op >= OP_U8 && op <= OP_I64;
}

int conversion_bits(Op op)
{
    return 8 << ((op - OP_U8) % 4);
}

bool conversion_signed(Op op)
{
    return op >= OP_I8;
}

Op conversion_op(int bits, bool is_signed)
{
    int step = bits <= 8 ? 0 : bits <= 16 ? 1 : bits <= 32 ? 2 : 3;
    return (Op)((is_signed ? OP_I8 : OP_U8) + step);
}

bool conversion_named(const char *name, Op *op)
{
    for (Op c = OP_U8; c <= OP_I64; c++)
        if (strcmp(name, op_spelling(c)) == 0)
            return *op = c, true;
    return false;
}

/* Two's complement: keep the low N bits, then read bit N-1 as the sign
 * for a signed conversion. */
int64_t int_gcd(int64_t a, int64_t b)
{
    a = a < 0 ? -a : a;
    b = b < 0 ? -b : b;
    while (b) {
        int64_t t = a % b;
        a = b;
        b = t;
    }
    return a;
}

bool conversion_apply(Op op, int64_t v, int64_t *out)
{
    int bits = conversion_bits(op);
    if (bits == 64) {
        *out = v;
        return conversion_signed(op) || v >= 0;
    }
    uint64_t low = (uint64_t)v & ((UINT64_C(1) << bits) - 1);
    if (conversion_signed(op) && (low >> (bits - 1)))
        *out = (int64_t)low - ((int64_t)1 << bits);
    else
        *out = (int64_t)low;
    return true;
}

const char *c_rule_text(CRule r)
{
    switch (r) {
    case CRULE_NO_SIGNED_OVERFLOW: return "no signed integer overflow (undefined in C)";
    case CRULE_GRID_BELOW_2_31: return "global indices (blockIdx * stride + threadIdx) stay below 2^31 in each dimension";
    case CRULE_HOST_SIZES:
        return "integer arithmetic over parameters, loop variables and values read stays within its 32- and "
               "64-bit types (no wrap)";
    }
    return "";
}

const char *access_mode_name(AccessMode m)
{
    return m == ACC_RD ? "rd" : m == ACC_WR ? "wr" : "atomic";
}

const char *atomic_scope_name(AtomicScope sc)
{
    return sc == SCOPE_BLOCK ? "block" : sc == SCOPE_SYSTEM ? "system" : "device";
}

const char *memory_order_name(MemoryOrder o)
{
    static const char *const names[] = {NULL, "relaxed", "consume", "acquire", "release", "acq_rel", "seq_cst"};
    return (unsigned)o < sizeof names / sizeof names[0] ? names[o] : NULL;
}

bool ticket_counts_down(const Expr *amount)
{
    return amount->kind == E_UNARY && amount->op == OP_NEG;
}

const char *step_spelling(StepOp s)
{
    static const char *const names[] = {
        [STEP_ADD] = "+=", [STEP_SUB] = "-=", [STEP_MUL] = "*=",
        [STEP_DIV] = "/=", [STEP_SHL] = "<<=", [STEP_SHR] = ">>=",
    };
    return names[s];
}

int expr_operands(Expr *e, Expr **slot[3])
{
    switch ((ExprKind)e->kind) {
    case E_COND:
        slot[2] = &e->u.sub.c;
        /* fall through */
    case E_BINARY:
        slot[1] = &e->u.sub.b;
        /* fall through */
    case E_UNARY:
    case E_POW2:
        slot[0] = &e->u.sub.a;
        return e->kind == E_COND ? 3 : e->kind == E_BINARY ? 2 : 1;
    case E_NUM:
    case E_BOOL:
    case E_VAR:
    case E_DISTINCT:
        return 0;
    }
    return 0;
}

Expr *stmt_unknown_var(const Stmt *s)
{
    switch ((StmtKind)s->kind) {
    case S_LOCAL: return s->u.local.var;
    case S_ACCESS: return s->u.access.into ? s->u.access.into : s->u.access.ticket;
    case S_SYNC: return s->u.sync.into;
    default: return NULL;
    }
}

const char *array_fact_name(ArrayFact f)
{
    return f == FACT_NONDECREASING ? "nondecreasing" : f == FACT_INJECTIVE ? "injective" : NULL;
}

const char *group_name(ShareGroup g)
{
    return g == GROUP_BLOCK ? "block" : g == GROUP_GRID ? "grid" : NULL;
}
