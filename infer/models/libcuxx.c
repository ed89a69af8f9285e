/* libcu++'s atomics in the CUDA front end (docs/language.md): <cuda/atomic> and
 * <cuda/std/atomic> are served from our declarations (libcuxx_header.c),
 * or read from CCCL's own headers when the user's -I finds them, and
 * every operation on cuda::atomic, cuda::atomic_ref and cuda::std::atomic
 * is an atomic access of its cell, with the scope the type names
 * (cuda::thread_scope_block: block-scoped).  fetch_add, fetch_sub, ++, --,
 * += and -= on an integer are tickets (atomic.c).  The memory order is an
 * argument the protocol does not need: atomics never race with each other
 * whatever their order, and a plain access racing with one is a race
 * whatever its order. */
#include "models.h"

#include "atomic.h"
#include "env.h"

#include <stdlib.h>
#include <string.h>

static char *type_spelling(CXType t)
{
    CXString s = clang_getTypeSpelling(t);
    char *r = strdup(clang_getCString(s));
    clang_disposeString(s);
    return r;
}

static char *cursor_spelling(CXCursor c)
{
    CXString s = clang_getCursorSpelling(c);
    char *r = strdup(clang_getCString(s));
    clang_disposeString(s);
    return r;
}

/* The namespace around c, past inline ones (CCCL declares everything in
 * `cuda::std::__4`, which is spelled `cuda::std`). */
static CXCursor enclosing_namespace(CXCursor c)
{
    CXCursor ns = clang_getCursorSemanticParent(c);
    while (clang_getCursorKind(ns) == CXCursor_Namespace && clang_Cursor_isInlineNamespace(ns))
        ns = clang_getCursorSemanticParent(ns);
    return ns;
}

/* Is the record of decl in namespace cuda or std (cuda::std), with a name
 * equal to `record` (or, with prefix, starting with it)? */
static bool record_in_library(CXCursor decl, const char *record, bool prefix)
{
    if (clang_Cursor_isNull(decl))
        return false;
    CXCursor parent = clang_getCursorSemanticParent(decl);
    char *name = cursor_spelling(parent);
    bool ok = prefix ? strncmp(name, record, strlen(record)) == 0 : strcmp(name, record) == 0;
    free(name);
    if (!ok)
        return false;
    name = cursor_spelling(enclosing_namespace(parent));
    ok = strcmp(name, "cuda") == 0 || strcmp(name, "std") == 0;
    free(name);
    return ok;
}

/* The record declaring decl, when it is one of ours: "__mapkit_atomic" for
 * an operation, "atomic_ref" for its constructor. */
static bool declared_in(CXCursor decl, const char *record)
{
    return record_in_library(decl, record, false);
}

/* An operation of the atomic types as CCCL's own headers declare it: a
 * member of `cuda::std::__atomic_*` (the bases atomic and atomic_ref
 * inherit their operations from) or of atomic, atomic_ref or atomic_flag
 * themselves, with a name of the standard's.  Their bodies end in
 * inline assembly, which the front end cannot follow; the operation is
 * what the standard says it is, as with our declarations. */
static bool cccl_atomic_operation(CXCursor decl, const char *name, bool *flag)
{
    static const char *const ops[] = {"load", "store", "exchange", "compare_exchange_weak",
                                      "compare_exchange_strong", "fetch_add", "fetch_sub", "fetch_and",
                                      "fetch_or", "fetch_xor", "fetch_min", "fetch_max", "wait",
                                      "notify_one", "notify_all", "operator=", "operator++", "operator--",
                                      "operator+=", "operator-=", "operator&=", "operator|=", "operator^=",
                                      "test_and_set", "clear", "test", NULL};
    *flag = record_in_library(decl, "atomic_flag", false);
    if (!*flag && !record_in_library(decl, "__atomic", true) && !record_in_library(decl, "atomic", false) &&
        !record_in_library(decl, "atomic_ref", false))
        return false;
    if (clang_getCursorKind(decl) == CXCursor_ConversionFunction)
        return !*flag;
    for (int i = 0; ops[i]; i++)
        if (strcmp(name, ops[i]) == 0)
            return true;
    return false;
}

static AtomicScope scope_of(CXCursor decl)
{
    char *t = type_spelling(clang_getCursorType(clang_getCursorSemanticParent(decl)));
    /* ours: __mapkit_scope_block; CCCL's bases: __thread_scope_block_tag */
    AtomicScope sc = strstr(t, "__mapkit_scope_block") || strstr(t, "__mapkit_scope_thread") ||
                             strstr(t, "__thread_scope_block_tag") || strstr(t, "__thread_scope_thread_tag")
                         ? SCOPE_BLOCK
                     : strstr(t, "__mapkit_scope_device") || strstr(t, "__thread_scope_device_tag") ? SCOPE_DEVICE
                                                                                                   : SCOPE_SYSTEM;
    free(t);
    return sc;
}

/* The cell an atomic object stands for: through a pointer (p->f()), the
 * cell an atomic_ref was made of (its value), or the object itself. */
static CellKind object_cell(Infer *in, CXCursor object, Array **arr, Expr ***idx, int *n)
{
    CXType t = clang_getCanonicalType(clang_getCursorType(object));
    if (t.kind == CXType_Pointer)
        return pointer_cell(in, object, arr, idx, n);
    /* the object as written: under the cast to the base that declares the operation */
    char *s = type_spelling(clang_getCanonicalType(clang_getCursorType(strip_expr(object))));
    bool ref = strstr(s, "atomic_ref<") != NULL;
    free(s);
    Loc loc = loc_of(in, object);
    if (ref)
        return value_cell(in, object_value(in, object), loc, arr, idx, n);
    bool is_cell = false;
    Value p = ref_to_cell(in, object, &is_cell);
    if (is_cell)
        return value_cell(in, p, loc, arr, idx, n);
    /* a local `cuda::atomic<int> c;`: the thread's own object */
    return object_address(in, object).kind == V_PRIVATE ? CELL_PRIVATE : CELL_UNTRACKED;
}

/* How an operation moves an integer counter: +1 up, -1 down, 0 not a
 * ticket; *post: the result is the old value (else the new one). */
static int counter_step(const char *name, int nargs, bool *post)
{
    *post = true;
    if (!strcmp(name, "fetch_add"))
        return 1;
    if (!strcmp(name, "fetch_sub"))
        return -1;
    *post = false;
    if (!strcmp(name, "operator+="))
        return 1;
    if (!strcmp(name, "operator-="))
        return -1;
    *post = nargs == 1; /* x++ has the dummy int */
    if (!strcmp(name, "operator++"))
        return 1;
    if (!strcmp(name, "operator--"))
        return -1;
    return 0;
}

/* The memory order an operation states: its first memory_order argument
 * (compare_exchange's order on success), the C++ default seq_cst when it
 * has none (the operators, a defaulted argument), ORDER_UNSAID when it is
 * computed at run time: no verdict depends on it (docs/language.md 3.7). */
static MemoryOrder memory_order_of(CXCursor *args, int nargs)
{
    for (int i = 0; i < nargs; i++) {
        char *t = type_spelling(clang_getCanonicalType(clang_getCursorType(args[i])));
        bool is_order = strstr(t, "memory_order") != NULL;
        free(t);
        if (!is_order)
            continue;
        int64_t v;
        if (!eval_int(args[i], &v) || v < 0 || v > ORDER_SEQ_CST - ORDER_RELAXED)
            return ORDER_UNSAID;
        return (MemoryOrder)(ORDER_RELAXED + v); /* memory_order_relaxed is 0 */
    }
    return ORDER_SEQ_CST;
}

/* cuda::std::atomic_flag's operations on the flag `object`:
 * test_and_set is a ticket of 1 on the flag's cell, true for every draw
 * but 0 (the flag was set), so at most one thread of those that set it
 * finds it clear, as on the GPU; clear and test are atomics of the cell. */
static bool flag_operation(Infer *in, AtomicOp *op, CXCursor object, CXCursor *args, int nargs, Value *out)
{
    bool set = strcmp(op->name, "test_and_set") == 0;
    op->load = !strcmp(op->name, "test") || !strcmp(op->name, "wait");
    if (set) {
        op->dir = 1;
        op->amount = expr_num(in->prog, op->loc, 1);
    }
    for (int i = 0; i < nargs; i++)
        tr_effects(in, args[i]); /* memory orders */
    Array *arr;
    Expr **idx;
    int n;
    CellKind cell = object_cell(in, object, &arr, &idx, &n);
    *out = emit_atomic_at(in, op, cell, arr, idx, n);
    if (set && out->kind == V_INT)
        *out = value_int(expr_binary(in->prog, OP_NE, out->e, expr_num(in->prog, op->loc, 0)));
    return true;
}

/* A member of libcu++'s atomics (cuda::atomic, cuda::atomic_ref,
 * cuda::std::atomic, as libcuxx_header.c declares them); false when decl
 * is none. */
static bool libcuxx_atomic(Infer *in, const char *name, CXCursor decl, CXCursor object, CXCursor *args, int nargs,
                           CXCursor call, Loc loc, Value *out)
{
    if (declared_in(decl, "atomic") && clang_getCursorKind(decl) == CXCursor_Constructor) {
        /* `cuda::atomic<int> c(0);`: its initial value, as a plain store would be */
        for (int i = 0; i < nargs; i++)
            tr_effects(in, args[i]);
        *out = value_none();
        return true;
    }
    if (declared_in(decl, "atomic_ref") && clang_getCursorKind(decl) == CXCursor_Constructor) {
        bool is_cell = false;
        *out = nargs == 1 ? ref_to_cell(in, args[0], &is_cell) : value_none();
        if (nargs == 1 && !is_cell) {
            *out = value_none();
            tr_effects(in, args[0]);
        }
        out->block_group = false; /* a pointer to the cell, not a reference to read through */
        return true;
    }
    bool flag = declared_in(decl, "__mapkit_atomic_flag");
    if (!flag && !declared_in(decl, "__mapkit_atomic") && !cccl_atomic_operation(decl, name, &flag))
        return false;
    if (clang_Cursor_isNull(object)) { /* an operator: the object is its first operand */
        if (nargs < 1)
            return false;
        object = args[0];
        args++;
        nargs--;
    }
    bool post;
    AtomicOp op = {name, call, loc, flag ? SCOPE_SYSTEM : scope_of(decl), counter_step(name, nargs, &post), NULL,
                   memory_order_of(args, nargs),
                   /* load, the conversion (`int x = *a;`: "operator int") and wait only read */
                   !strcmp(name, "load") || !strncmp(name, "operator ", 9) || !strcmp(name, "wait")};
    if (flag)
        return flag_operation(in, &op, object, args, nargs, out);
    bool counter = op.dir != 0 && type_is_integral(clang_getCursorResultType(decl));
    bool incdec = !strcmp(name, "operator++") || !strcmp(name, "operator--");
    if (counter)
        op.amount = atomic_amount(in, incdec || nargs == 0 ? clang_getNullCursor() : args[0], true, loc);
    for (int i = counter && !incdec ? 1 : 0; i < nargs; i++)
        tr_effects(in, args[i]); /* values, memory orders */
    Array *arr;
    Expr **idx;
    int n;
    CellKind cell = object_cell(in, object, &arr, &idx, &n);
    *out = emit_atomic_at(in, &op, cell, arr, idx, n);
    if (out->kind == V_INT && !post) /* ++x, x += k: the new value */
        *out = value_int(expr_binary(in->prog, op.dir > 0 ? OP_ADD : OP_SUB, out->e, op.amount));
    return true;
}

bool libcuxx_call(Infer *in, const Call *c, Value *out)
{
    return libcuxx_atomic(in, c->name, c->decl, c->object, c->args, c->nargs, c->cursor, c->loc, out);
}

/* ---- a compare_exchange loop that takes a slot ----
 *
 *     T old = a.load();
 *     do {
 *         if (old >= cap)
 *             return;
 *     } while (!a.compare_exchange_weak(old, old + k));
 *
 * leaves the loop only by a successful exchange, which found the counter
 * at `old` and moved it by k: the threads that leave it hold disjoint
 * ranges [old, old + k), as the old values of fetch_add(k) do.  So the
 * loop is `local t = ticket(a, k);` with old = t, then its guards once:
 * a thread that gives up draws too, which only adds values (tickets
 * promise distinct draws, not a range without gaps).  Only when the guards
 * are `if (test) return;` with tests over locals and numbers: a thread
 * that gives up leaves the kernel without using old (two threads that give
 * up may see one value), and no guard reads memory (read once, not once
 * per try), and the counter is one cell (its index does not use old).
 * Any other loop is translated as it is written. */

/* A test that reads no memory and calls nothing: names, numbers and
 * operators. */
static enum CXChildVisitResult reads_memory(CXCursor c, CXCursor parent, CXClientData data)
{
    (void)parent;
    enum CXCursorKind k = clang_getCursorKind(c);
    bool deref = k == CXCursor_UnaryOperator && clang_getCursorUnaryOperatorKind(c) == CXUnaryOperator_Deref;
    if (k == CXCursor_ArraySubscriptExpr || k == CXCursor_MemberRefExpr || k == CXCursor_CallExpr || deref ||
        (k == CXCursor_DeclRefExpr && clang_getCursorType(clang_getCursorReferenced(c)).kind == CXType_LValueReference)) {
        *(bool *)data = true;
        return CXChildVisit_Break;
    }
    return CXChildVisit_Recurse;
}

static bool pure_test(CXCursor e)
{
    bool reads = false;
    reads_memory(e, e, &reads);
    if (!reads)
        clang_visitChildren(e, reads_memory, &reads);
    return !reads;
}

/* `if (test) return;` (or `{ return; }`), with no else and a pure test. */
static bool give_up_guard(CXCursor s)
{
    if (clang_getCursorKind(s) != CXCursor_IfStmt || nchildren(s) != 2)
        return false;
    CXCursor then = child_at(s, 1);
    if (clang_getCursorKind(then) == CXCursor_CompoundStmt && nchildren(then) == 1)
        then = child_at(then, 0);
    return clang_getCursorKind(then) == CXCursor_ReturnStmt && nchildren(then) == 0 && pure_test(child_at(s, 0));
}

static bool guards_only(CXCursor body)
{
    if (clang_getCursorKind(body) != CXCursor_CompoundStmt)
        return give_up_guard(body);
    for (int i = 0; i < nchildren(body); i++)
        if (!give_up_guard(child_at(body, i)))
            return false;
    return true;
}

/* The variable e names, or a null cursor. */
static CXCursor named_var(CXCursor e)
{
    e = strip_expr(e);
    if (clang_getCursorKind(e) != CXCursor_DeclRefExpr)
        return clang_getNullCursor();
    CXCursor d = clang_getCursorReferenced(e);
    return clang_getCursorKind(d) == CXCursor_VarDecl ? d : clang_getNullCursor();
}

/* `old + k` with k a positive constant: k, else 0. */
static int64_t step_of(CXCursor e, CXCursor old)
{
    e = strip_expr(e);
    int64_t k;
    if (clang_getCursorKind(e) != CXCursor_BinaryOperator || clang_getCursorBinaryOperatorKind(e) != CXBinaryOperator_Add ||
        !clang_equalCursors(named_var(child_at(e, 0)), old) || !eval_int(child_at(e, 1), &k) || k <= 0)
        return 0;
    return k;
}

typedef struct Mention {
    CXCursor decl;
    bool found;
} Mention;

static enum CXChildVisitResult find_mention(CXCursor c, CXCursor parent, CXClientData data)
{
    (void)parent;
    Mention *m = data;
    if (clang_getCursorKind(c) == CXCursor_DeclRefExpr && clang_equalCursors(clang_getCursorReferenced(c), m->decl)) {
        m->found = true;
        return CXChildVisit_Break;
    }
    return CXChildVisit_Recurse;
}

/* Does tree name decl anywhere (`fill[old]` of old)? */
static bool mentions(CXCursor tree, CXCursor decl)
{
    Mention m = {decl, false};
    find_mention(tree, tree, &m);
    if (!m.found)
        clang_visitChildren(tree, find_mention, &m);
    return m.found;
}

static bool slot_loop(Infer *in, CXCursor loop, CXCursor *rest)
{
    if (nchildren(loop) != 2 || !guards_only(child_at(loop, 0)))
        return false;
    CXCursor test = strip_expr(child_at(loop, 1));
    if (clang_getCursorKind(test) != CXCursor_UnaryOperator || clang_getCursorUnaryOperatorKind(test) != CXUnaryOperator_LNot)
        return false;
    CXCursor call = strip_expr(child_at(test, 0));
    CXCursor decl = clang_getCursorReferenced(call);
    char *name = clang_getCursorKind(call) == CXCursor_CallExpr ? cursor_spelling(decl) : strdup("");
    bool exchange = !strcmp(name, "compare_exchange_weak") || !strcmp(name, "compare_exchange_strong");
    bool flag = false;
    exchange = exchange && (declared_in(decl, "__mapkit_atomic") || cccl_atomic_operation(decl, name, &flag));
    free(name);
    if (!exchange || clang_Cursor_getNumArguments(call) < 2 ||
        clang_getCursorKind(child_at(call, 0)) != CXCursor_MemberRefExpr)
        return false;
    CXCursor old = named_var(clang_Cursor_getArgument(call, 0));
    int64_t k = clang_Cursor_isNull(old) ? 0 : step_of(clang_Cursor_getArgument(call, 1), old);
    int slot = k > 0 ? env_find(in, old) : -1;
    if (slot < 0 || !type_is_integral(clang_getCursorType(old)))
        return false;
    CXCursor object = child_at(child_at(call, 0), 0);
    if (mentions(object, old))
        return false; /* `fill[old]`: another counter at each try */
    Array *arr;
    Expr **idx;
    int n;
    if (object_cell(in, object, &arr, &idx, &n) != CELL_TRACKED)
        return false; /* nothing emitted: the cell's index reads no memory here */
    Loc loc = loc_of(in, call);
    AtomicOp op = {"compare_exchange", call, loc, scope_of(decl), 1, expr_num(in->prog, loc, (uint64_t)k),
                   ORDER_SEQ_CST, false};
    Value t = emit_atomic_at(in, &op, CELL_TRACKED, arr, idx, n);
    assign_var(in, slot, t, loc);
    *rest = child_at(loop, 0);
    return true;
}

const Model model_libcuxx = {
    .name = "libcu++ slot loops",
    .do_loop = slot_loop,
};
