/* One kernel's __global__ function ([VST Table 1] and Fig. 4):
 * parameters, shared arrays, read variables, then the statements. */
#include "gen_kernel.h"
#include "fence.h"

#include <string.h>

static int ndims_of(const ArrayDecl *d)
{
    return d->ndims < 0 ? 1 : d->ndims;
}

static const Expr *size_of(const ArrayDecl *d, int i)
{
    return d->sizes && d->ndims > 0 ? d->sizes[i] : NULL;
}

static void gen_dims_from(Out *o, const KernelGen *kg, const ArrayDecl *d, int first)
{
    for (int i = first; i < ndims_of(d); i++) {
        out_put(o, "[");
        if (i > 0 || size_of(d, i) || !array_is_extern(d) || !kg->dialect->extern_shared)
            gen_size(o, &kg->ctx, size_of(d, i));
        out_put(o, "]");
    }
}

/* The first dimension is the pointer; the inner ones stay arrays.  type
 * NULL: the array's own element type. */
void gen_global_declarator(Out *o, const KernelGen *kg, const ArrayInfo *a, const char *name, const char *type)
{
    if (!type)
        type = a->type.decl;
    if (ndims_of(a->decl) <= 1) {
        out_printf(o, "%s%s *%s", kg->dialect->global_space, type, name);
        return;
    }
    out_printf(o, "%s%s (*%s)", kg->dialect->global_space, type, name);
    gen_dims_from(o, kg, a->decl, 1);
}

void gen_kernel_params(Out *o, const KernelGen *kg, bool concrete)
{
    bool first = true;
    for (int i = 0; i < kg->narrays; i++) {
        const ArrayInfo *a = &kg->arrays[i];
        if (a->decl->mem != MEM_GLOBAL)
            continue;
        out_put(o, first ? "" : ", ");
        gen_global_declarator(o, kg, a, a->cname, concrete ? NULL : a->tparam);
        first = false;
    }
    for (int i = 0; i < kg->k->nvars; i++) {
        const VarDecl *v = &kg->k->vars[i];
        if (v->scope != VAR_UNIFORM)
            continue;
        out_printf(o, "%sint %s", first ? "" : ", ", kg->sym_name[v->name->u.var.sym->index]);
        first = false;
    }
    gen_style_params(o, kg, first);
    if (first && !gen_style_plain(kg->style))
        out_put(o, "void");
}

/* Every `extern __shared__` array of a kernel is the block's one dynamic
 * buffer (CUDA, and the front end reads it so): only the first open-sized
 * shared array can be one.  The others get a size the front end reads back
 * as open, `[__mapkit_dim()]`, so that they stay arrays of their own. */
static bool is_dynamic_buffer(const KernelGen *kg, const ArrayInfo *a)
{
    if (!array_is_extern(a->decl) || !kg->dialect->extern_shared)
        return false;
    for (int i = 0; i < kg->narrays && &kg->arrays[i] != a; i++)
        if (array_is_extern(kg->arrays[i].decl))
            return false;
    return true;
}

/* An extern array that had to get apart from another entity of its name
 * (gen.c) carries its own name in an annotation, which nvcc ignores and
 * the front end reads back as the array's name (docs/codegen.md). */
static void gen_shared(Out *o, const KernelGen *kg, const ArrayInfo *a)
{
    bool dynamic = is_dynamic_buffer(kg, a);
    out_indent(o);
    out_printf(o, "%s%s ", dynamic ? "extern " : "", kg->dialect->local_space);
    if (strcmp(a->cname, a->proto_cname) != 0)
        out_printf(o, "__attribute__((annotate(\"mapkit_name:%s\"))) ", a->proto_cname);
    if (!a->read && !dynamic) /* only written: nvcc would warn */
        out_put(o, "__attribute__((unused)) ");
    out_printf(o, "%s %s", a->type.decl, a->cname);
    if (array_is_extern(a->decl) && !dynamic && kg->dialect->extern_shared) {
        out_put(o, "[");
        gen_size(o, &kg->ctx, NULL);
        out_put(o, "]");
        gen_dims_from(o, kg, a->decl, 1);
    } else {
        gen_dims_from(o, kg, a->decl, 0);
    }
    out_put(o, ";\n");
}

static const char *unused_mark(const KernelGen *kg, const Sym *x);

static void gen_locals(Out *o, const KernelGen *kg, Names *names)
{
    bool any = false;
    for (int i = 0; i < kg->narrays; i++)
        if (kg->arrays[i].decl->mem == MEM_SHARED) {
            gen_shared(o, kg, &kg->arrays[i]);
            any = true;
        }
    for (int pass = 0; pass < 2; pass++) /* shared, then global: as gen.c plans them */
        for (int i = 0; i < kg->narrays; i++) {
            const ArrayInfo *a = &kg->arrays[i];
            if (a->read && a->decl->mem == (pass == 0 ? MEM_SHARED : MEM_GLOBAL)) {
                out_indent(o);
                /* only written: `unused` keeps nvcc and clang quiet */
                gen_style_read_var(o, kg, a);
                any = true;
            }
        }
    gen_style_locals(o, kg);
    any |= gen_style_plain(kg->style);
    for (int i = 0; i < kg->k->nvars; i++) {
        const VarDecl *v = &kg->k->vars[i];
        if (v->scope != VAR_LOCAL)
            continue;
        const char *c = kg->sym_name[v->name->u.var.sym->index];
        out_indent(o);
        out_printf(o, "const int %s%s = %s();\n", c, unused_mark(kg, v->name->u.var.sym), names_local_fn(names, c));
        any = true;
    }
    if (any && kg->k->body.n)
        out_put(o, "\n");
}

/* ---- statements ---- */

static void gen_block(Out *o, const KernelGen *kg, const Block *b);

static const ArrayInfo *array_info(const KernelGen *kg, const Expr *name)
{
    for (int i = 0; i < kg->narrays; i++)
        if (kg->arrays[i].sym == name->u.var.sym)
            return &kg->arrays[i];
    return NULL;
}

/* The accessed cell as an lvalue: A[i][j], a shared scalar s, or *s. */
void gen_cell(Out *o, const KernelGen *kg, const ArrayInfo *a, const Stmt *s)
{
    if (s->u.access.nindex == 0 && a->decl->mem == MEM_GLOBAL)
        out_put(o, "*");
    out_put(o, a->cname);
    for (int i = 0; i < s->u.access.nindex; i++) {
        out_put(o, "[");
        gen_expr(o, &kg->ctx, s->u.access.index[i]);
        out_put(o, "]");
    }
}

void gen_address(Out *o, const KernelGen *kg, const ArrayInfo *a, const Stmt *s)
{
    if (s->u.access.nindex == 0 && a->decl->mem == MEM_GLOBAL) {
        out_put(o, a->cname);
        return;
    }
    out_put(o, "&");
    gen_cell(o, kg, a, s);
}

/* atomicAdd_block for a block-scoped atomic, atomicAdd_system for a system-scoped one. */
static const char *atomic_suffix(const Stmt *s)
{
    AtomicScope sc = (AtomicScope)s->u.access.scope;
    return sc == SCOPE_BLOCK ? "_block" : sc == SCOPE_SYSTEM ? "_system" : "";
}

/* also a load: CUDA has no atomic load but libcu++'s */
static bool is_ordered_atomic(const Stmt *s)
{
    return s->kind == S_ACCESS && s->u.access.mode == ACC_ATOMIC &&
           (s->u.access.order != ORDER_UNSAID || s->u.access.load);
}

bool gen_kernel_orders_atomics(const Kernel *k)
{
    return gen_block_any(&k->body, is_ordered_atomic);
}

/* An atomic with a memory order is libcu++'s, which states it:
 * `cuda::atomic_ref<T, cuda::thread_scope_S>(*&A[i]).OP(v, cuda::memory_order_O)`
 * with the value v still to write (docs/codegen.md). */
static void gen_atomic_ref_call(Out *o, const KernelGen *kg, const ArrayInfo *a, const Stmt *s, const char *op)
{
    bool cast = a->type.atomic == ATOM_CAST;
    out_printf(o, "cuda::atomic_ref<%s, cuda::thread_scope_%s>(*%s", cast ? "unsigned int" : a->type.value,
               atomic_scope_name((AtomicScope)s->u.access.scope), cast ? "(unsigned int *)" : "");
    gen_address(o, kg, a, s);
    out_printf(o, ").%s(", op);
}

static void gen_atomic_order(Out *o, const Stmt *s)
{
    out_printf(o, ", cuda::memory_order_%s);\n", memory_order_name((MemoryOrder)s->u.access.order));
}

/* `atomic load A[i];` is `cuda::atomic_ref<T, S>(*&A[i]).load(O);`, the
 * C++ default seq_cst where the protocol states no order. */
static void gen_atomic_load(Out *o, const KernelGen *kg, const ArrayInfo *a, const Stmt *s)
{
    MemoryOrder order = s->u.access.order == ORDER_UNSAID ? ORDER_SEQ_CST : (MemoryOrder)s->u.access.order;
    gen_atomic_ref_call(o, kg, a, s, "load");
    out_printf(o, "cuda::memory_order_%s);\n", memory_order_name(order));
}

/* `local t = ticket(c, k);` is `int t = atomicAdd(&c, k);`, and a
 * decrement `ticket(c, -k)` is atomicSub(&c, k) (docs/codegen.md). */
static void gen_ticket(Out *o, const KernelGen *kg, const ArrayInfo *a, const Stmt *s)
{
    const Expr *k = s->u.access.amount;
    bool down = ticket_counts_down(k);
    bool cast = a->type.atomic == ATOM_CAST || a->type.atomic == ATOM_FLOAT || a->type.atomic == ATOM_DOUBLE;
    if (s->u.access.order != ORDER_UNSAID) {
        out_printf(o, "int %s __attribute__((unused)) = ", kg->sym_name[s->u.access.ticket->u.var.sym->index]);
        gen_atomic_ref_call(o, kg, a, s, down ? "fetch_sub" : "fetch_add");
        gen_expr(o, &kg->ctx, down ? k->u.sub.a : k);
        gen_atomic_order(o, s);
        return;
    }
    out_printf(o, "int %s __attribute__((unused)) = %s%s(%s", kg->sym_name[s->u.access.ticket->u.var.sym->index],
               down ? "atomicSub" : "atomicAdd", atomic_suffix(s), cast ? "(unsigned int *)" : "");
    gen_address(o, kg, a, s);
    out_put(o, ", ");
    gen_expr(o, &kg->ctx, down ? k->u.sub.a : k);
    out_put(o, ");\n");
}

void gen_cuda_atomic(Out *o, const KernelGen *kg, const ArrayInfo *a, const Stmt *s)
{
    if (s->u.access.ticket) {
        gen_ticket(o, kg, a, s);
        return;
    }
    if (s->u.access.load) {
        gen_atomic_load(o, kg, a, s);
        return;
    }
    if (s->u.access.order != ORDER_UNSAID) {
        gen_atomic_ref_call(o, kg, a, s, "fetch_add");
        if (a->type.atomic == ATOM_CAST)
            out_put(o, "1u");
        else
            gen_style_written(o, kg, a);
        gen_atomic_order(o, s);
        return;
    }
    out_printf(o, "atomicAdd%s(", atomic_suffix(s));
    if (a->type.atomic == ATOM_CAST) {
        out_put(o, "(unsigned int *)");
        gen_address(o, kg, a, s);
        out_put(o, ", 1u);\n");
        return;
    }
    gen_address(o, kg, a, s);
    out_put(o, ", ");
    gen_style_written(o, kg, a);
    out_put(o, ");\n");
}

/* `local x = rd A[i];` is `int x = (int)A[i];`, which the front end reads
 * back as such.  A cell that no int can hold is read as a plain read, and
 * x becomes an unknown: the read's value is lost (docs/codegen.md). */
/* The cell as a value: through __mapkit_load with --helpers. */
static void gen_read_cell(Out *o, const KernelGen *kg, const ArrayInfo *a, const Stmt *s)
{
    gen_load_open(o, kg);
    gen_cell(o, kg, a, s);
    gen_load_close(o, kg);
}

/* ` __attribute__((unused))` for a constant the kernel never reads (a
 * protocol may name a value it does not use, and nvcc and clang warn of
 * an unused variable); nothing otherwise, so that used constants read as
 * plain C. */
static const char *unused_mark(const KernelGen *kg, const Sym *x)
{
    return block_mentions_sym(&kg->k->body, x, true) ? "" : " __attribute__((unused))";
}

static bool block_copies_only(const KernelGen *kg, const Block *b, const Sym *x, const char *type);

/* Is every use of x in s the whole value of a plain write to an array
 * whose elements are of C type `type`? */
static bool stmt_copies_only(const KernelGen *kg, const Stmt *s, const Sym *x, const char *type)
{
    switch ((StmtKind)s->kind) {
    case S_ACCESS: {
        for (int d = 0; d < s->u.access.nindex; d++)
            if (expr_mentions_sym(s->u.access.index[d], x))
                return false;
        if (expr_mentions_sym(s->u.access.byte_off, x) || expr_mentions_sym(s->u.access.byte_width, x) ||
            expr_mentions_sym(s->u.access.amount, x))
            return false;
        const Expr *v = s->u.access.value;
        if (!expr_mentions_sym(v, x))
            return true;
        const ArrayInfo *to = array_info(kg, s->u.access.array);
        return v->kind == E_VAR && s->u.access.mode == ACC_WR && !access_is_bytes(s) && to &&
               !to->type.user_struct && strcmp(to->type.value, type) == 0;
    }
    case S_IF:
        return !expr_mentions_sym(s->u.if_.cond, x) && block_copies_only(kg, &s->u.if_.then, x, type) &&
               block_copies_only(kg, &s->u.if_.els, x, type);
    case S_LOOP:
        return !expr_mentions_sym(s->u.loop.init, x) && !expr_mentions_sym(s->u.loop.bound, x) &&
               !expr_mentions_sym(s->u.loop.amount, x) && block_copies_only(kg, &s->u.loop.body, x, type);
    case S_LET:
        return !expr_mentions_sym(s->u.let.value, x);
    case S_ASSUME:
        return !expr_mentions_sym(s->u.assume.cond, x);
    default:
        return true;
    }
}

static bool block_copies_only(const KernelGen *kg, const Block *b, const Sym *x, const char *type)
{
    for (int i = 0; i < b->n; i++)
        if (!stmt_copies_only(kg, b->items[i], x, type))
            return false;
    return true;
}

/* `local x = rd F[i];` of a float or double array whose value is only
 * stored whole into cells of that type (`wr G[j] = x;`) is `float x =
 * F[i];`: the front end reads such a copy back with its value
 * (docs/inference.md, "Values copied from memory"), where `(int)` would
 * lose it. */
static bool read_as_copy(const KernelGen *kg, const ArrayInfo *a, const Stmt *s)
{
    if (a->type.user_struct || (strcmp(a->type.value, "float") != 0 && strcmp(a->type.value, "double") != 0))
        return false;
    return block_copies_only(kg, &kg->k->body, s->u.access.into->u.var.sym, a->type.value);
}

static bool is_float_type(const ArrayInfo *a)
{
    return !a->type.user_struct && (strcmp(a->type.value, "float") == 0 || strcmp(a->type.value, "double") == 0);
}

/* Is v a name that holds a float's or a double's bits (a read of such a
 * cell not written as a copy, gen_read_into)?  Its type's name in *type. */
static bool float_bits_name(const KernelGen *kg, const Expr *v, const char **type)
{
    if (v->kind != E_VAR || !v->u.var.sym || v->u.var.sym->kind != SYM_UNKNOWN || !v->u.var.sym->def)
        return false;
    const Stmt *d = v->u.var.sym->def;
    if (d->kind != S_ACCESS || !d->u.access.into)
        return false;
    const ArrayInfo *from = array_info(kg, d->u.access.array);
    if (!from || !is_float_type(from) || read_as_copy(kg, from, d))
        return false;
    *type = from->type.value;
    return true;
}

static void gen_read_into(Out *o, const KernelGen *kg, const ArrayInfo *a, const Stmt *s)
{
    const char *x = kg->sym_name[s->u.access.into->u.var.sym->index];
    if (read_as_copy(kg, a, s)) {
        out_printf(o, "%s %s __attribute__((unused)) = ", a->type.value, x);
        gen_cell(o, kg, a, s);
        out_put(o, ";\n");
        return;
    }
    if (is_float_type(a)) {
        /* the value is the cell's bits, as the front end reads them back */
        bool f = a->type.value[0] == 'f';
        out_printf(o, "%s %s __attribute__((unused)) = %s(", f ? "int" : "long long", x,
                   f ? "__float_as_int" : "__double_as_longlong");
        gen_cell(o, kg, a, s);
        out_put(o, ");\n");
        return;
    }
    if (gen_style_arithmetic(a)) { /* inline even with --helpers: the value is followed only here */
        out_printf(o, "int %s __attribute__((unused)) = (int)", x);
        gen_cell(o, kg, a, s);
        out_put(o, ";\n");
        return;
    }
    out_printf(o, "%s = ", a->read_var);
    gen_read_cell(o, kg, a, s);
    out_put(o, ";\n");
    out_indent(o);
    out_printf(o, "int %s __attribute__((unused)) = ", x);
    gen_style_unknown(o, kg, names_unknown_fn(kg->ctx.names, x));
    out_put(o, ";\n");
}

static void gen_access(Out *o, const KernelGen *kg, const Stmt *s)
{
    const ArrayInfo *a = array_info(kg, s->u.access.array);
    if (!a)
        return; /* resolution guarantees an array */
    if (access_is_bytes(s)) {
        gen_byte_access(o, kg, a, s);
        return;
    }
    switch ((AccessMode)s->u.access.mode) {
    case ACC_RD:
        if (s->u.access.into) {
            gen_read_into(o, kg, a, s);
            return;
        }
        out_printf(o, "%s = ", a->read_var);
        gen_read_cell(o, kg, a, s);
        out_put(o, ";\n");
        return;
    case ACC_WR: {
        /* the written value, when the protocol knows it (benign same-value
         * writes, DESIGN.md); a struct cell takes no integer: its value is
         * lost.  Such a write stays inline with --helpers: the front end
         * follows the value only there. */
        bool valued = s->u.access.value && !a->type.user_struct;
        bool helper = kg->helpers && !valued;
        if (helper)
            out_put(o, "__mapkit_store(");
        gen_cell(o, kg, a, s);
        out_put(o, helper ? ", " : " = ");
        const char *bits_of = NULL;
        if (valued && is_float_type(a) && float_bits_name(kg, s->u.access.value, &bits_of) &&
            strcmp(bits_of, a->type.value) == 0) { /* the bits back into a cell of their type */
            out_put(o, bits_of[0] == 'f' ? "__int_as_float(" : "__longlong_as_double(");
            gen_expr(o, &kg->ctx, s->u.access.value);
            out_put(o, ")");
        } else if (valued)
            gen_expr(o, &kg->ctx, s->u.access.value);
        else
            gen_style_written(o, kg, a);
        out_put(o, helper ? ");\n" : ";\n");
        return;
    }
    case ACC_ATOMIC:
        kg->dialect->atomic(o, kg, a, s);
        return;
    }
}

static void gen_braced(Out *o, const KernelGen *kg, const Block *b)
{
    out_put(o, "{\n");
    o->indent++;
    gen_block(o, kg, b);
    o->indent--;
    out_indent(o);
    out_put(o, "}");
}

static void gen_if(Out *o, const KernelGen *kg, const Stmt *s)
{
    for (;;) {
        out_put(o, "if (");
        gen_expr(o, &kg->ctx, s->u.if_.cond);
        out_put(o, ") ");
        gen_braced(o, kg, &s->u.if_.then);
        const Block *els = &s->u.if_.els;
        if (els->n == 0)
            break;
        out_put(o, " else ");
        if (els->n == 1 && els->items[0]->kind == S_IF) {
            s = els->items[0];
            continue;
        }
        gen_braced(o, kg, els);
        break;
    }
    out_put(o, "\n");
}

static bool is_one(const Expr *e)
{
    return e->kind == E_NUM && e->u.num == 1;
}

static void gen_update(Out *o, const KernelGen *kg, const Stmt *s, const char *x)
{
    static const char *const assign_ops[] = {
        [STEP_ADD] = "+=", [STEP_SUB] = "-=", [STEP_MUL] = "*=",
        [STEP_DIV] = "/=", [STEP_SHL] = "<<=", [STEP_SHR] = ">>=",
    };
    StepOp step = (StepOp)s->u.loop.step;
    /* [VST Table 1]'s writes `x += 1` (--style=faial) */
    if ((step == STEP_ADD || step == STEP_SUB) && is_one(s->u.loop.amount) && kg->style != GEN_STYLE_FAIAL) {
        out_printf(o, "%s%s", x, step == STEP_ADD ? "++" : "--");
        return;
    }
    out_printf(o, "%s %s ", x, assign_ops[step]);
    gen_expr(o, &kg->ctx, s->u.loop.amount);
}

/* Protocol loop variables are naturals, so a loop from a negative start
 * runs no iteration, where C's would run from there: the loop is kept,
 * under a false condition, so that the code still reads as the protocol. */
static bool dead_loop(const Stmt *s)
{
    int64_t start;
    return expr_constant(s->u.loop.init, &start) && start < 0;
}

static void gen_loop(Out *o, const KernelGen *kg, const Stmt *s)
{
    const char *x = kg->sym_name[s->u.loop.var->u.var.sym->index];
    bool dead = dead_loop(s);
    if (dead) {
        out_put(o, "if (false) { /* a negative start: no iteration in the protocol */\n");
        o->indent++;
        out_indent(o);
    }
    const char *type = gen_value_type(&kg->ctx, s->u.loop.init); /* int, or 64 bits where a value needs them */
    if (strcmp(type, "int") == 0)
        type = gen_value_type(&kg->ctx, s->u.loop.bound);
    out_printf(o, "for (%s %s = ", type, x);
    gen_expr(o, &kg->ctx, s->u.loop.init);
    out_printf(o, "; %s %s ", x, op_spelling((Op)s->u.loop.cmp));
    gen_compared(o, &kg->ctx, s->u.loop.bound);
    out_put(o, "; ");
    gen_update(o, kg, s, x);
    out_put(o, ") ");
    gen_braced(o, kg, &s->u.loop.body);
    out_put(o, "\n");
    if (dead) {
        o->indent--;
        out_indent(o);
        out_put(o, "}\n");
    }
}

/* `sync local;`, `sync global;`, `sync exec;`: the prelude's helpers
 * (CUDA has no barrier that orders only some memory; dsl/fence.h). */
static bool gen_fenced_sync(Out *o, const Stmt *s)
{
    const char *word = fence_word(s->u.sync.unordered);
    if (!word)
        return false;
    out_printf(o, "__mapkit_sync_%s();\n", word);
    return true;
}

static void gen_stmt(Out *o, const KernelGen *kg, const Stmt *s)
{
    out_indent(o);
    switch ((StmtKind)s->kind) {
    case S_ACCESS:
        gen_access(o, kg, s);
        return;
    case S_SYNC:
        kg->dialect->sync(o, kg, s);
        return;
    case S_OPAQUE:
        out_put(o, "__mapkit_opaque();\n");
        return;
    case S_IF:
        gen_if(o, kg, s);
        return;
    case S_LOOP:
        gen_loop(o, kg, s);
        return;
    case S_LET:
        out_printf(o, "const %s %s%s = ", gen_value_type(&kg->ctx, s->u.let.value),
                   kg->sym_name[s->u.let.var->u.var.sym->index], unused_mark(kg, s->u.let.var->u.var.sym));
        gen_expr(o, &kg->ctx, s->u.let.value);
        out_put(o, ";\n");
        return;
    case S_LOCAL: {
        const char *x = kg->sym_name[s->u.local.var->u.var.sym->index];
        /* a protocol may declare an unknown it never reads: `unused` keeps clang quiet */
        if (s->u.local.group != GROUP_THREAD)
            out_printf(o, "int %s __attribute__((unused)) = %s();\n", x,
                       names_shared_unknown_fn(kg->ctx.names, x, (ShareGroup)s->u.local.group));
        else if (s->u.local.tile)
            kg->dialect->tile_local(o, kg, x, names_unknown_fn(kg->ctx.names, x), s->u.local.tile);
        else {
            out_printf(o, "int %s __attribute__((unused)) = ", x);
            gen_style_unknown(o, kg, names_unknown_fn(kg->ctx.names, x));
            out_put(o, ";\n");
        }
        return;
    }
    case S_ASSUME:
        out_printf(o, "%s(", gen_style_assume_fn(kg, s));
        gen_expr(o, &kg->ctx, s->u.assume.cond);
        out_put(o, ");\n");
        return;
    }
}

/* A grid sync needs a cooperative launch (cudaLaunchCooperativeKernel). */
void gen_cuda_sync(Out *o, const KernelGen *kg, const Stmt *s)
{
    if (s->u.sync.into) { /* the parser allows it on a block's sync only */
        out_printf(o, "int %s __attribute__((unused)) = __syncthreads_count(1);\n", kg->sym_name[s->u.sync.into->u.var.sym->index]);
        return;
    }
    if (gen_fenced_sync(o, s))
        return;
    if (s->u.sync.tile)
        gen_tile_sync(o, s->u.sync.tile);
    else
        out_put(o, s->u.sync.grid ? "cooperative_groups::this_grid().sync();\n" : "__syncthreads();\n");
}

static void gen_block(Out *o, const KernelGen *kg, const Block *b)
{
    for (int i = 0; i < b->n; i++)
        gen_stmt(o, kg, b->items[i]);
}

bool gen_kernel_has_facts(const Kernel *k)
{
    for (int i = 0; i < k->narrays; i++)
        if (k->arrays[i].fact)
            return true;
    return false;
}

/* The functions that state facts about arrays' contents, declared once
 * before the first kernel that states one. */
static void gen_fact_decls(Out *o, const KernelGen *kg)
{
    if (!gen_kernel_has_facts(kg->k))
        return;
    out_put(o, "#if !defined(MAPKIT_FACTS) && !defined(__MAPKIT_EMULATE__)\n#define MAPKIT_FACTS\n"
               "/* Facts the protocol states about arrays' contents (docs/language.md 3.10):\n"
               "   the cells [0, n) (n < 0: all) never decrease, or are all distinct. */\n");
    out_printf(o, "%svoid __mapkit_nondecreasing(const %svoid *, long long);\n", kg->dialect->extern_fn,
               kg->dialect->global_space);
    out_printf(o, "%svoid __mapkit_injective(const %svoid *, long long);\n", kg->dialect->extern_fn,
               kg->dialect->global_space);
    out_put(o, "#endif\n");
}

/* `global int row[] nondecreasing(n + 1);` is `__mapkit_nondecreasing(row,
 * n + 1);` first in the body, which the front end reads back. */
static void gen_fact_calls(Out *o, const KernelGen *kg)
{
    for (int i = 0; i < kg->narrays; i++) {
        const ArrayDecl *d = kg->arrays[i].decl;
        if (!d->fact)
            continue;
        out_indent(o);
        out_printf(o, "__mapkit_%s(%s, ", array_fact_name((ArrayFact)d->fact), kg->arrays[i].cname);
        if (d->fact_len)
            gen_expr(o, &kg->ctx, d->fact_len);
        else
            out_put(o, "-1");
        out_put(o, ");\n");
    }
}

void gen_kernel(Out *o, const KernelGen *kg)
{
    gen_fact_decls(o, kg);
    gen_template_head(o, kg);
    out_printf(o, "%s %s(", kg->dialect->kernel_head, kg->cname);
    gen_kernel_params(o, kg, false);
    out_put(o, ")\n{\n");
    o->indent = 1;
    gen_locals(o, kg, kg->ctx.names);
    gen_fact_calls(o, kg);
    gen_block(o, kg, &kg->k->body);
    o->indent = 0;
    out_put(o, "}\n");
    gen_template_instance(o, kg);
}
