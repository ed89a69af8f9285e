/* CUB's block and warp primitives in the CUDA front end (docs/inference.md,
 * "Atomics, libcu++ and CUB"): a model of each, since libclang cannot
 * read CCCL's headers.  cub_header.c declares them; here a call made on a
 * TempStorage is, as CUB documents and implements it, a phase in which
 * every thread of the group updates the storage, the primitive's own
 * barrier, then reads of what the others left there:
 *
 *     atomic temp;   sync;   rd temp;          (a block primitive)
 *     atomic temp;   sync tile(N);   rd temp;  (a warp primitive of N lanes)
 *
 * The updates are atomic: they do not race with each other, only with a
 * later read or write.  So two calls on one TempStorage (or on two members
 * of a union of them) with no barrier between them race: the second
 * call's update meets the first call's read, as CUB's documentation warns
 * ("a subsequent __syncthreads() / __syncwarp() ... if the collective's
 * temporary storage is to be reused").  Where CUB uses no shared memory
 * there is no phase: BlockLoad and BlockStore's direct, striped and
 * vectorized algorithms, WarpScan and WarpReduce over a power-of-two
 * logical warp (shuffles; CUB's TempStorage is then empty), the
 * shuffle WarpExchange and WarpReduceBatched.  A primitive constructed
 * without a TempStorage uses CUB's private one, one `__shared__` variable
 * per class: a shared cell of its own here.  BlockLoad, BlockStore,
 * WarpLoad and WarpStore also read and write their items in the
 * arrangement their algorithm documents; BlockHistogram writes its bins.
 *
 * The primitive is known from a call's declaration (clang resolved it) or,
 * in a template's pattern where the class is left dependent, from the
 * object's written type (`using scan_t = cub::WarpScan<T, 16>;`) or from
 * the value the object holds (a functor's parameter bound to it): a
 * Value carries its CubObject.  The items per thread, the algorithm and
 * the logical warp size come from the class's template arguments.
 *
 * Ownership: CubObjects live in the Program's arena. */
#include "models.h"

#include "env.h"
#include "expr.h"
#include "kernel.h"
#include "memops.h"
#include "structs.h"
#include "templates.h"
#include "warp.h"
#include "equal.h"
#include "tile.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

typedef enum {
    CUB_LOAD,
    CUB_STORE,
    CUB_REDUCE,
    CUB_SCAN,
    CUB_EXCHANGE,
    CUB_RADIX_SORT,
    CUB_MERGE_SORT,
    CUB_HISTOGRAM,
    CUB_ADJACENT_DIFFERENCE,
    CUB_DISCONTINUITY,
    CUB_SHUFFLE,
    CUB_WARP_SCAN,
    CUB_WARP_REDUCE,
    CUB_WARP_EXCHANGE,
    CUB_WARP_LOAD,
    CUB_WARP_STORE,
    CUB_WARP_MERGE_SORT,
    CUB_WARP_REDUCE_BATCHED,
    CUB_WARP_BITONIC_SORT,
    CUB_TOPK
} CubKind;

enum {
    NO_ARG = -1,
    CUB_MAX_ARGS = 12,
    MAX_UNROLL = 16,   /* items per thread written out one by one; more: a loop */
    ALG_TRANSPOSE = 3, /* BLOCK_LOAD_TRANSPOSE, BLOCK_STORE_TRANSPOSE, WARP_LOAD_TRANSPOSE, ... */
    HISTO_ATOMIC = 1,  /* BLOCK_HISTO_ATOMIC */
    EXCHANGE_SMEM = 0  /* WARP_EXCHANGE_SMEM */
};

/* A primitive: its class's name in namespace cub (or cub::detail), and
 * where its template arguments give the items per thread, the algorithm
 * (default 0), the logical warp size (default 32), BlockHistogram's bins,
 * and a block primitive's BLOCK_DIM_Y (BLOCK_DIM_Z follows it, BLOCK_DIM_X
 * is argument 1; Y and Z default to 1; NO_ARG: a 1-D class). */
typedef struct Primitive {
    const char *name;
    CubKind kind;
    bool warp;
    int ipt, alg, lanes, bins, dim_y;
} Primitive;

/* Warp primitives whose logical warp CUB requires to be a power of two
 * (a static_assert): WarpLoad, WarpStore, WarpExchange, WarpMergeSort,
 * WarpReduceBatched, WarpBitonicSort. */
static bool pow2_lanes(const Primitive *p)
{
    return p->kind == CUB_WARP_LOAD || p->kind == CUB_WARP_STORE || p->kind == CUB_WARP_EXCHANGE ||
           p->kind == CUB_WARP_MERGE_SORT || p->kind == CUB_WARP_REDUCE_BATCHED || p->kind == CUB_WARP_BITONIC_SORT;
}

enum { DIM_X = 1 };

static const Primitive primitives[] = {
    {"BlockLoad", CUB_LOAD, false, 2, 3, NO_ARG, NO_ARG, 4},
    {"BlockStore", CUB_STORE, false, 2, 3, NO_ARG, NO_ARG, 4},
    {"BlockReduce", CUB_REDUCE, false, NO_ARG, NO_ARG, NO_ARG, NO_ARG, 3},
    {"BlockScan", CUB_SCAN, false, NO_ARG, NO_ARG, NO_ARG, NO_ARG, 3},
    {"BlockExchange", CUB_EXCHANGE, false, 2, NO_ARG, NO_ARG, NO_ARG, 4},
    {"BlockRadixSort", CUB_RADIX_SORT, false, 2, NO_ARG, NO_ARG, NO_ARG, 8},
    {"BlockMergeSort", CUB_MERGE_SORT, false, 2, NO_ARG, NO_ARG, NO_ARG, 4},
    {"BlockHistogram", CUB_HISTOGRAM, false, 2, 4, NO_ARG, 3, 5},
    {"BlockAdjacentDifference", CUB_ADJACENT_DIFFERENCE, false, NO_ARG, NO_ARG, NO_ARG, NO_ARG, 2},
    {"BlockDiscontinuity", CUB_DISCONTINUITY, false, NO_ARG, NO_ARG, NO_ARG, NO_ARG, 2},
    {"BlockShuffle", CUB_SHUFFLE, false, NO_ARG, NO_ARG, NO_ARG, NO_ARG, 2},
    {"WarpScan", CUB_WARP_SCAN, true, NO_ARG, NO_ARG, 1, NO_ARG, NO_ARG},
    {"WarpReduce", CUB_WARP_REDUCE, true, NO_ARG, NO_ARG, 1, NO_ARG, NO_ARG},
    {"WarpExchange", CUB_WARP_EXCHANGE, true, 1, 3, 2, NO_ARG, NO_ARG},
    {"WarpLoad", CUB_WARP_LOAD, true, 1, 2, 3, NO_ARG, NO_ARG},
    {"WarpStore", CUB_WARP_STORE, true, 1, 2, 3, NO_ARG, NO_ARG},
    {"WarpMergeSort", CUB_WARP_MERGE_SORT, true, 1, NO_ARG, 2, NO_ARG, NO_ARG},
    {"WarpReduceBatched", CUB_WARP_REDUCE_BATCHED, true, NO_ARG, NO_ARG, 2, NO_ARG, NO_ARG},
    {"WarpBitonicSort", CUB_WARP_BITONIC_SORT, true, 1, NO_ARG, 2, NO_ARG, NO_ARG},
    {"block_topk", CUB_TOPK, false, 2, NO_ARG, NO_ARG, NO_ARG, NO_ARG}, /* a 1-D block */
};

/* A primitive object's class: its integer template arguments, each an
 * expression when the protocol can say it, and a number when it is one. */
typedef struct CubObject {
    const Primitive *p;
    CXCursor cls; /* the class template cub_header.c declares */
    bool own_storage; /* constructed without a TempStorage: CUB's private one */
    Expr *arg[CUB_MAX_ARGS];
    bool known[CUB_MAX_ARGS];
    int64_t value[CUB_MAX_ARGS];
} CubObject;

/* The CUB object a value holds (Value.model_object), or NULL. */
static const CubObject *cub_of(const Value *v)
{
    return v->model_object;
}

/* ---- which primitive ---- */

static char *spelling(CXCursor c)
{
    CXString s = clang_getCursorSpelling(c);
    char *r = strdup(clang_getCString(s));
    clang_disposeString(s);
    return r;
}

/* The class template cls is, or is a specialization of. */
static CXCursor class_template_of(CXCursor cls)
{
    if (clang_Cursor_isNull(cls) || clang_getCursorKind(cls) == CXCursor_ClassTemplate)
        return cls;
    return clang_getSpecializedCursorTemplate(cls);
}

/* Is ns namespace cub, or cub::detail (CUB's internal primitives)? */
static bool cub_namespace(CXCursor ns)
{
    if (clang_getCursorKind(ns) != CXCursor_Namespace)
        return false;
    if (cursor_name_is(ns, "detail"))
        ns = clang_getCursorSemanticParent(ns);
    return clang_getCursorKind(ns) == CXCursor_Namespace && cursor_name_is(ns, "cub");
}

/* The primitive a class (template) of namespace cub is, or NULL. */
static const Primitive *primitive_of_class(CXCursor cls)
{
    CXCursor tmpl = class_template_of(cls);
    if (clang_Cursor_isNull(tmpl) || clang_getCursorKind(tmpl) != CXCursor_ClassTemplate)
        return NULL;
    if (!cub_namespace(clang_getCursorSemanticParent(tmpl)))
        return NULL;
    char *name = spelling(tmpl);
    const Primitive *p = NULL;
    for (size_t i = 0; i < sizeof primitives / sizeof primitives[0] && !p; i++)
        if (strcmp(name, primitives[i].name) == 0)
            p = &primitives[i];
    free(name);
    return p;
}

static CubObject *object_new(Infer *in, const Primitive *p, CXCursor tmpl)
{
    CubObject *o = arena_alloc(&in->prog->arena, sizeof *o);
    memset(o, 0, sizeof *o);
    o->p = p;
    o->cls = clang_getCursorDefinition(tmpl);
    if (clang_Cursor_isNull(o->cls))
        o->cls = tmpl;
    return o;
}

static void set_constant(Infer *in, CubObject *o, int pos, int64_t v, Loc loc)
{
    o->arg[pos] = num_expr(in, v, loc);
    o->known[pos] = true;
    o->value[pos] = v;
}

/* CUB's defaults for the arguments a written type leaves out. */
static void fill_defaults(Infer *in, CubObject *o, int nwritten, Loc loc)
{
    if (o->p->alg >= nwritten && o->p->alg != NO_ARG)
        set_constant(in, o, o->p->alg, 0, loc);
    if (o->p->lanes >= nwritten && o->p->lanes != NO_ARG)
        set_constant(in, o, o->p->lanes, WARP_SIZE, loc);
    for (int d = o->p->dim_y; d != NO_ARG && d <= o->p->dim_y + 1; d++)
        if (d >= nwritten)
            set_constant(in, o, d, 1, loc);
}

/* A class clang instantiated (`cub::BlockLoad<int, 128, 4>`): its
 * arguments are numbers. */
static const CubObject *object_of_specialization(Infer *in, CXCursor spec, Loc loc)
{
    const Primitive *p = primitive_of_class(spec);
    if (!p || clang_getCursorKind(spec) == CXCursor_ClassTemplate)
        return NULL;
    CubObject *o = object_new(in, p, class_template_of(spec));
    int n = clang_Cursor_getNumTemplateArguments(spec);
    for (int i = 0; i < n && i < CUB_MAX_ARGS; i++)
        if (clang_Cursor_getTemplateArgumentKind(spec, (unsigned)i) == CXTemplateArgumentKind_Integral)
            set_constant(in, o, i, clang_Cursor_getTemplateArgumentValue(spec, (unsigned)i), loc);
    fill_defaults(in, o, n < 0 ? 0 : n, loc);
    return o;
}

/* The value of a written template argument: a number when it is a
 * literal, a constant or a pinned template parameter, else the
 * expression the protocol has for it (a template parameter's uniform). */
static void set_written(Infer *in, CubObject *o, int pos, CXCursor arg, Loc loc)
{
    CXCursor a = strip_expr(arg);
    int64_t v;
    if (clang_getCursorKind(a) == CXCursor_DeclRefExpr) {
        const TemplateParam *tp = template_param(in, clang_getCursorReferenced(a));
        if (tp && tp->pinned) {
            set_constant(in, o, pos, tp->value, loc);
            return;
        }
    }
    if (eval_int(a, &v)) {
        set_constant(in, o, pos, v, loc);
        return;
    }
    Value val = tr_value(in, arg);
    if (val.kind != V_INT)
        return;
    o->arg[pos] = val.e;
    o->known[pos] = val.e->kind == E_NUM;
    o->value[pos] = o->known[pos] ? (int64_t)val.e->u.num : 0;
}

static CXType without_reference(CXType t)
{
    CXType c = clang_getCanonicalType(t);
    return c.kind == CXType_LValueReference || c.kind == CXType_RValueReference ? clang_getPointeeType(t) : t;
}

/* The first reference among a declaration's (or a construct
 * expression's) children that is not an attribute or a namespace. */
static CXCursor written_type_ref(CXCursor holder)
{
    Children ch = children_of(holder);
    CXCursor r = clang_getNullCursor();
    for (int i = 0; i < ch.n && clang_Cursor_isNull(r); i++) {
        enum CXCursorKind k = clang_getCursorKind(ch.c[i]);
        if (k == CXCursor_TemplateRef || k == CXCursor_TypeRef)
            r = ch.c[i];
        else if (!clang_isAttribute(k) && k != CXCursor_NamespaceRef)
            break;
    }
    free(ch.c);
    return r;
}

enum { MAX_ALIAS_DEPTH = 6 };

/* Is the type, as spelt, the one ref names, and not a member of it
 * (`typename scan_t::TempStorage` also starts with a reference to
 * scan_t)?  Its last `::` component, outside `<...>`, starts with the name. */
static bool names_the_type(CXType t, CXCursor ref)
{
    CXString s = clang_getTypeSpelling(t);
    const char *sp = clang_getCString(s), *last = sp;
    int depth = 0;
    for (const char *c = sp; *c; c++) {
        depth += *c == '<';
        depth -= *c == '>';
        if (depth == 0 && c[0] == ':' && c[1] == ':')
            last = c + 2;
    }
    char *name = spelling(clang_getCursorReferenced(ref));
    size_t n = strlen(name);
    bool same = n > 0 && strncmp(last, name, n) == 0 && (last[n] == '\0' || last[n] == '<' || last[n] == ' ');
    free(name);
    clang_disposeString(s);
    return same;
}

/* The type a declaration or a construct expression is written with. */
static CXType written_type(CXCursor holder)
{
    enum CXCursorKind k = clang_getCursorKind(holder);
    return k == CXCursor_TypedefDecl || k == CXCursor_TypeAliasDecl ? clang_getTypedefDeclUnderlyingType(holder)
                                                                     : without_reference(clang_getCursorType(holder));
}

/* The primitive a declaration's written type names: `cub::WarpScan<T, 16>`
 * itself, or an alias of it (`warp_scan_t`, `using warp_scan_t = ...`). */
static const CubObject *object_written(Infer *in, CXCursor holder, int depth, Loc loc)
{
    CXCursor ref = written_type_ref(holder);
    if (clang_Cursor_isNull(ref) || depth > MAX_ALIAS_DEPTH || !names_the_type(written_type(holder), ref))
        return NULL;
    CXCursor decl = clang_getCursorReferenced(ref);
    if (clang_getCursorKind(ref) == CXCursor_TypeRef) {
        enum CXCursorKind k = clang_getCursorKind(decl);
        if (k == CXCursor_TypedefDecl || k == CXCursor_TypeAliasDecl)
            return object_written(in, decl, depth + 1, loc);
        return object_of_specialization(in, decl, loc);
    }
    const Primitive *p = primitive_of_class(decl);
    if (!p)
        return NULL;
    CubObject *o = object_new(in, p, decl);
    CXCursor args[CUB_MAX_ARGS];
    int n = template_written_args(in->tu, holder, args, CUB_MAX_ARGS);
    for (int i = 0; i < n; i++)
        if (!clang_Cursor_isNull(args[i]))
            set_written(in, o, i, args[i], loc);
    fill_defaults(in, o, n, loc);
    return o;
}

/* The primitive a type is: a class clang instantiated, or an alias
 * written with a primitive. */
static const CubObject *object_of_type(Infer *in, CXType t, Loc loc)
{
    t = without_reference(t);
    CXCursor decl = clang_getTypeDeclaration(clang_getCanonicalType(t));
    if (clang_getCursorKind(decl) == CXCursor_ClassDecl || clang_getCursorKind(decl) == CXCursor_StructDecl)
        return object_of_specialization(in, decl, loc);
    decl = clang_getTypeDeclaration(t);
    enum CXCursorKind k = clang_getCursorKind(decl);
    return k == CXCursor_TypedefDecl || k == CXCursor_TypeAliasDecl ? object_written(in, decl, 0, loc) : NULL;
}

/* The primitive a variable or parameter is declared as. */
static const CubObject *object_of_decl(Infer *in, CXCursor decl, Loc loc)
{
    const CubObject *o = object_written(in, decl, 0, loc);
    return o ? o : object_of_type(in, clang_getCursorType(decl), loc);
}

/* `BlockReduceT(temp_storage)` or `cub::WarpScan<T>(s)` left dependent: a
 * call whose callee is the type. */
static const CubObject *object_of_construct(Infer *in, CXCursor call, Loc loc)
{
    if (clang_getCursorKind(call) != CXCursor_CallExpr || !clang_Cursor_isNull(clang_getCursorReferenced(call)))
        return NULL;
    return object_written(in, call, 0, loc);
}

/* Which primitive an object expression is, without evaluating it: the
 * value its variable holds (a functor's parameter bound to an object),
 * its declaration, a construct expression, or its type. */
static const CubObject *object_static(Infer *in, CXCursor object, Loc loc)
{
    CXCursor o = strip_expr(object);
    if (clang_getCursorKind(o) == CXCursor_DeclRefExpr) {
        CXCursor decl = clang_getCursorReferenced(o);
        int slot = env_find(in, decl);
        if (slot >= 0 && cub_of(&in->env[slot].v))
            return cub_of(&in->env[slot].v);
        const CubObject *c = clang_Cursor_isNull(decl) ? NULL : object_of_decl(in, decl, loc);
        if (c)
            return c;
    }
    const CubObject *c = object_of_construct(in, o, loc);
    return c ? c : object_of_type(in, clang_getCursorType(o), loc);
}

/* `template <int N> void f(cub::WarpScan<T, N> &scan)` called left
 * dependent with a CUB object: the template parameters written in the
 * primitive's arguments (N) take the object's. */
void cub_deduce_arg(Infer *in, CXCursor tmpl, CXCursor parm, CXCursor arg, void *data)
{
    (void)tmpl;
    (void)data;
    int slot = clang_getCursorKind(arg) == CXCursor_DeclRefExpr ? env_find(in, clang_getCursorReferenced(arg)) : -1;
    const CubObject *given = slot >= 0 ? cub_of(&in->env[slot].v) : NULL;
    if (!given || !template_written_class_is(parm, given->cls))
        return;
    CXCursor written[CUB_MAX_ARGS];
    int n = template_written_args(in->tu, parm, written, CUB_MAX_ARGS);
    for (int k = 0; k < n; k++) {
        CXCursor p = clang_Cursor_isNull(written[k]) ? written[k] : clang_getCursorReferenced(strip_expr(written[k]));
        if (clang_getCursorKind(p) == CXCursor_NonTypeTemplateParameter && given->arg[k] && env_find(in, p) < 0)
            env_bind(in, p, value_int(given->arg[k]));
    }
}

/* ---- the object: its storage ---- */

/* CUB's private storage of a primitive constructed without one: one
 * `__shared__` variable per class, a shared cell of the kind's own. */
static Value private_storage(Infer *in, const CubObject *o, Loc loc)
{
    char name[96];
    snprintf(name, sizeof name, "cub_%s_private", o->p->name);
    Array *a = NULL;
    for (int i = 0; i < in->narrays && !a; i++)
        if (strcmp(in->arrays[i]->name, name) == 0)
            a = in->arrays[i];
    if (!a) {
        CXType none = {.kind = CXType_Invalid};
        a = array_add(in, clang_getNullCursor(), name, MEM_SHARED, none, loc);
    }
    return array_decay(in, a, loc);
}

/* A block primitive's dimension on an axis (0 x, 1 y, 2 z): its class's
 * argument, 1 for y and z of a 1-D class, NULL when not known. */
static Expr *class_dim(Infer *in, const CubObject *o, int axis, Loc loc)
{
    if (axis == 0)
        return o->arg[DIM_X];
    return o->p->dim_y == NO_ARG ? num_expr(in, 1, loc) : o->arg[o->p->dim_y + axis - 1];
}

static bool class_dim_is_one(const CubObject *o, int axis)
{
    int pos = o->p->dim_y == NO_ARG ? NO_ARG : o->p->dim_y + axis - 1;
    return pos == NO_ARG || (o->known[pos] && o->value[pos] == 1);
}

/* CUB's precondition on a block primitive: the block has the class's
 * dimensions (`assume blockDim.x == 128 && blockDim.y == 1 && ...`). */
static void assume_block_dims(Infer *in, const CubObject *o, Loc loc)
{
    static const char *const dims[] = {"blockDim.x", "blockDim.y", "blockDim.z"};
    Expr *all = NULL;
    for (int a = 0; a < 3; a++) {
        Expr *d = class_dim(in, o, a, loc);
        if (!d)
            continue;
        Expr *eq = mk_binary(in, OP_EQ, var_expr(in, program_intern(in->prog, dims[a], strlen(dims[a])), loc), d);
        all = all ? mk_and(in, all, eq) : eq;
    }
    for (int i = 0; all && i < in->out->n; i++) /* said already in this block */
        if (in->out->items[i]->kind == S_ASSUME && expr_equal(in->out->items[i]->u.assume.cond, all))
            all = NULL;
    if (all)
        emit_assume(in, all, loc);
}

/* CUB's static_assert on a warp primitive: a logical warp of 1 to 32
 * lanes (a power of two for WarpLoad, WarpStore, WarpExchange and
 * WarpReduceBatched, from 2 for the last), when the size is a template
 * parameter the instantiations fix. */
static void assume_warp_lanes(Infer *in, const CubObject *o, Loc loc)
{
    Expr *n = o->arg[o->p->lanes];
    if (!n || o->known[o->p->lanes])
        return;
    bool batched = o->p->kind == CUB_WARP_REDUCE_BATCHED;
    Expr *ok = mk_and(in, mk_binary(in, OP_GE, n, num_expr(in, batched ? 2 : 1, loc)),
                      mk_binary(in, OP_LE, n, num_expr(in, WARP_SIZE, loc)));
    if (pow2_lanes(o->p))
        ok = mk_and(in, ok, expr_pow2(in->prog, loc, n));
    /* over the kernel's uniforms only: it holds in the whole kernel, as the
     * compiler rejects every instantiation that breaks it */
    Stmt *s = stmt_new(in->prog, S_ASSUME, loc);
    s->u.assume.cond = ok;
    Block *top = &in->kernel->body;
    for (int i = 0; i < top->n; i++)
        if (top->items[i]->kind == S_ASSUME && expr_equal(top->items[i]->u.assume.cond, ok))
            return;
    if (!expr_varies(in, ok) && !expr_has_unknown(in, ok)) {
        block_push(in->prog, top, s);
        memmove(&top->items[1], &top->items[0], (size_t)(top->n - 1) * sizeof *top->items);
        top->items[0] = s;
    } else {
        emit(in, s);
    }
}

/* The object a constructor call makes: its TempStorage's cell. */
static Value construct(Infer *in, const CubObject *o, CXCursor *args, int nargs, Loc loc)
{
    if (!o->p->warp)
        assume_block_dims(in, o, loc);
    else
        assume_warp_lanes(in, o, loc);
    Value v = value_none();
    if (nargs == 0) {
        CubObject *own = arena_alloc(&in->prog->arena, sizeof *own);
        *own = *o;
        own->own_storage = true;
        o = own;
    } else {
        bool is_cell = false;
        CXCursor storage = strip_expr(args[0]);
        if (clang_getCursorKind(storage) == CXCursor_InitListExpr && nargs == 1 &&
            !clang_Cursor_isNull(child_at(storage, 0))) /* `WarpReduce{temp_storage}` */
            storage = child_at(storage, 0);
        args[0] = storage;
        v = ref_to_cell(in, args[0], &is_cell);
        if (!is_cell) { /* a reference bound through a pointer's value: the memory it designates */
            v = tr_value(in, args[0]);
            if (v.kind != V_PTR && v.kind != V_PRIVATE)
                v = value_none();
        }
    }
    for (int i = 1; i < nargs; i++)
        tr_effects(in, args[i]);
    v.block_group = false;
    v.model_object = o;
    return v;
}

/* `block_load_t load(storage);` in a template's pattern, the class's type
 * left dependent: the object, when var's type is a CUB primitive's. */
static bool cub_declared_object(Infer *in, CXCursor var, CXCursor init, Value *out)
{
    CXType t = clang_getCanonicalType(clang_getCursorType(var));
    if (t.kind != CXType_Unexposed && t.kind != CXType_Dependent)
        return false; /* clang resolved the type: its constructor call is the object */
    const CubObject *o = object_of_decl(in, var, loc_of(in, var));
    if (!o)
        return false;
    CXCursor args[2];
    int nargs = 0;
    Children ch = children_of(init);
    bool list = !clang_Cursor_isNull(init) && (clang_getCursorKind(init) == CXCursor_InitListExpr ||
                                               clang_getCursorKind(init) == CXCursor_UnexposedExpr);
    for (int i = 0; list && i < ch.n && nargs < 2; i++)
        if (is_expression_kind(clang_getCursorKind(ch.c[i])))
            args[nargs++] = ch.c[i];
    free(ch.c);
    if (!clang_Cursor_isNull(init) && !list)
        args[nargs++] = init; /* `T x = storage;` is no construction CUB has; taken as the storage */
    *out = construct(in, o, args, nargs, loc_of(in, var));
    return true;
}

/* ---- the phase on the TempStorage ---- */

typedef struct Guarded {
    Stmt *s;
    BlockMark m;
} Guarded;

static void guard_enter(Infer *in, Guarded *g, Expr *cond, Loc loc)
{
    g->s = emit_if_enter(in, cond, &g->m, loc);
}

static void guard_else(Infer *in, Guarded *g)
{
    block_leave(in, &g->m);
    block_enter(in, &g->s->u.if_.els, &g->m);
}

static void guard_leave(Infer *in, Guarded *g)
{
    block_leave(in, &g->m);
}

/* The logical warp's lanes when they are a tile the protocol can name (a
 * power of two up to 32), else 0 after making the call opaque. */
static int warp_tile(Infer *in, const CubObject *o, CXCursor call)
{
    int pos = o->p->lanes;
    if (!o->known[pos]) {
        opaque_at(in, call, "cub::%s with a logical warp size the protocol does not know (LOGICAL_WARP_THREADS)",
                  o->p->name);
        return 0;
    }
    if (!tile_size_ok(o->value[pos]) || o->value[pos] > WARP_SIZE) {
        opaque_at(in, call,
                  "cub::%s over logical warps of %lld threads: CUB synchronises their lanes with __syncwarp(mask) "
                  "over a group that is no power-of-two tile, which the protocol cannot name",
                  o->p->name, (long long)o->value[pos]);
        return 0;
    }
    return (int)o->value[pos];
}

/* Every thread of the group updates the storage, the barrier (the
 * block's for tile 0, else the tile's), every thread reads it. */
static void phase_on(Infer *in, const CubObject *o, const Value *storage, int tile, CXCursor call, Loc loc)
{
    Value own;
    if (o->own_storage) {
        own = private_storage(in, o, loc);
        storage = &own;
    }
    Array *arr = NULL;
    Expr **idx = NULL;
    int n = 0;
    CellKind cell = storage->kind == V_PTR    ? value_cell(in, *storage, loc, &arr, &idx, &n)
                    : storage->kind == V_PRIVATE ? CELL_PRIVATE
                                                 : CELL_UNTRACKED;
    if (cell == CELL_UNTRACKED)
        opaque_at(in, call, "the TempStorage of this cub::%s call is memory the protocol does not track", o->p->name);
    if (cell == CELL_TRACKED)
        emit_access(in, ACC_ATOMIC, arr, idx, n, loc);
    if (tile)
        emit_tile_sync(in, tile, loc);
    else
        emit_sync(in, loc, false);
    if (cell == CELL_TRACKED)
        emit_access(in, ACC_RD, arr, idx, n, loc);
}

typedef struct PhaseOf {
    const CubObject *o;
    const Value *storage;
    CXCursor call;
    Loc loc;
} PhaseOf;

static void phase_of_size(Infer *in, int tile, void *ctx)
{
    const PhaseOf *p = ctx;
    phase_on(in, p->o, p->storage, tile, p->call, p->loc);
}

/* A logical warp of N lanes, N a template parameter that CUB requires to
 * be a power of two up to 32 (assumed where the object is made): one
 * phase per size, under the uniform test `N == k`. */
static void phase_per_size(Infer *in, const CubObject *o, const Value *storage, CXCursor call, Loc loc)
{
    PhaseOf p = {o, storage, call, loc};
    per_tile_size(in, o->arg[o->p->lanes], phase_of_size, &p, loc);
}

/* The phase on the storage, with the block's barrier or the logical
 * warp's. */
static void phase(Infer *in, const CubObject *o, const Value *storage, CXCursor call, Loc loc)
{
    if (o->p->warp && !o->known[o->p->lanes] && o->arg[o->p->lanes] && pow2_lanes(o->p)) {
        phase_per_size(in, o, storage, call, loc);
        return;
    }
    int tile = o->p->warp ? warp_tile(in, o, call) : 0;
    if (!o->p->warp || tile)
        phase_on(in, o, storage, tile, call, loc);
}

/* An argument's condition as the protocol says it: `alg op k`, or a
 * fresh unknown the block shares when the argument has no expression. */
static Expr *arg_test(Infer *in, const CubObject *o, int pos, Op op, int64_t k, Loc loc)
{
    Expr *a = o->arg[pos] ? o->arg[pos] : emit_block_unknown(in, "algorithm", loc);
    return mk_binary(in, op, a, num_expr(in, k, loc));
}

/* Does the call use the TempStorage?  1 yes, 0 no, -1 when the
 * algorithm decides and is not known (*cond: when it does). */
static int uses_storage(Infer *in, const CubObject *o, Expr **cond, Loc loc)
{
    int pos = o->p->alg;
    switch (o->p->kind) {
    case CUB_LOAD:
    case CUB_STORE: /* the transposing algorithms exchange through it */
        if (o->known[pos])
            return o->value[pos] >= ALG_TRANSPOSE;
        *cond = arg_test(in, o, pos, OP_GE, ALG_TRANSPOSE, loc);
        return -1;
    case CUB_WARP_LOAD:
    case CUB_WARP_STORE:
        if (o->known[pos])
            return o->value[pos] == ALG_TRANSPOSE;
        *cond = arg_test(in, o, pos, OP_EQ, ALG_TRANSPOSE, loc);
        return -1;
    case CUB_WARP_EXCHANGE:
        if (o->known[pos])
            return o->value[pos] == EXCHANGE_SMEM;
        *cond = arg_test(in, o, pos, OP_EQ, EXCHANGE_SMEM, loc);
        return -1;
    case CUB_WARP_SCAN:
    case CUB_WARP_REDUCE: /* shuffles over a power-of-two logical warp, shared memory otherwise */
        return !o->known[o->p->lanes] || !tile_size_ok(o->value[o->p->lanes]);
    case CUB_WARP_REDUCE_BATCHED:
    case CUB_WARP_BITONIC_SORT: /* shuffles only */
        return 0;
    default:
        return 1;
    }
}

static void storage_phase(Infer *in, const CubObject *o, const Value *storage, CXCursor call, Loc loc)
{
    Expr *cond = NULL;
    int use = uses_storage(in, o, &cond, loc);
    if (use == 0)
        return;
    if (use > 0) {
        phase(in, o, storage, call, loc);
        return;
    }
    Guarded g;
    guard_enter(in, &g, cond, loc);
    phase(in, o, storage, call, loc);
    guard_leave(in, &g);
}

/* ---- items in memory: BlockLoad, BlockStore, WarpLoad, WarpStore ---- */

typedef enum { BLOCKED, STRIPED, WARP_STRIPED } Arrangement;

typedef struct Items {
    AccessMode mode;
    Array *arr;
    Expr **base;
    int n;
    Expr *rank;   /* the thread's rank in the group */
    Expr *stride; /* the group's size: a striped arrangement's step */
    Expr *ipt;
    Expr *valid; /* NULL: every item */
} Items;

/* Item i of the thread (documented arrangements: blocked rank * IPT + i,
 * striped rank + i * stride, warp-striped per warp of 32). */
static bool is_zero(const Expr *e)
{
    return e->kind == E_NUM && e->u.num == 0;
}

/* base + i * step, written without the terms that are 0. */
static Expr *plus_times(Infer *in, Expr *base, Expr *i, Expr *step)
{
    if (is_zero(i))
        return base;
    return mk_binary(in, OP_ADD, base, i->kind == E_NUM && i->u.num == 1 ? step : mk_binary(in, OP_MUL, i, step));
}

static Expr *item_offset(Infer *in, const Items *it, Arrangement a, Expr *i, Loc loc)
{
    switch (a) {
    case BLOCKED:
        return is_zero(i) ? mk_binary(in, OP_MUL, it->rank, it->ipt)
                          : mk_binary(in, OP_ADD, mk_binary(in, OP_MUL, it->rank, it->ipt), i);
    case STRIPED:
        return plus_times(in, it->rank, i, it->stride);
    case WARP_STRIPED: {
        Expr *w = num_expr(in, WARP_SIZE, loc);
        Expr *warp_base = mk_binary(in, OP_MUL, mk_binary(in, OP_MUL, mk_binary(in, OP_DIV, it->rank, w), w), it->ipt);
        return plus_times(in, mk_binary(in, OP_ADD, warp_base, mk_binary(in, OP_MOD, it->rank, w)), i, w);
    }
    }
    return NULL;
}

static void item_access(Infer *in, const Items *it, Arrangement a, Expr *i, Loc loc)
{
    Expr *off = item_offset(in, it, a, i, loc);
    Guarded g;
    if (it->valid)
        guard_enter(in, &g, mk_binary(in, OP_LT, off, it->valid), loc);
    Expr **at = arena_alloc(&in->prog->arena, (size_t)it->n * sizeof *at);
    memcpy(at, it->base, (size_t)it->n * sizeof *at);
    at[it->n - 1] = mk_binary(in, OP_ADD, it->base[it->n - 1], off);
    emit_access(in, it->mode, it->arr, at, it->n, loc);
    if (it->valid)
        guard_leave(in, &g);
}

static void arranged_items(Infer *in, const Items *it, Arrangement a, Loc loc)
{
    if (it->ipt->kind == E_NUM && it->ipt->u.num <= MAX_UNROLL) {
        for (uint64_t i = 0; i < it->ipt->u.num; i++)
            item_access(in, it, a, num_expr(in, (int64_t)i, loc), loc);
        return;
    }
    BlockMark m;
    Expr *k = emit_count_loop(in, it->ipt, &m, loc);
    item_access(in, it, a, k, loc);
    block_leave(in, &m);
}

/* The arrangement an algorithm reads or writes its items in. */
static Arrangement arrangement_of(const CubObject *o, int64_t alg)
{
    if (o->p->warp)
        return alg == 1 || alg == ALG_TRANSPOSE ? STRIPED : BLOCKED;
    return alg == 1 || alg == ALG_TRANSPOSE ? STRIPED : alg > ALG_TRANSPOSE ? WARP_STRIPED : BLOCKED;
}

/* The items in the arrangement of the algorithm, or, when it is not
 * known, in each arrangement under the test that picks it. */
static void items_by_algorithm(Infer *in, const CubObject *o, const Items *it, Loc loc)
{
    int pos = o->p->alg;
    if (o->known[pos]) {
        arranged_items(in, it, arrangement_of(o, o->value[pos]), loc);
        return;
    }
    Expr *alg = o->arg[pos] ? o->arg[pos] : emit_block_unknown(in, "algorithm", loc);
    Expr *striped = mk_or(in, mk_binary(in, OP_EQ, alg, num_expr(in, 1, loc)),
                          mk_binary(in, OP_EQ, alg, num_expr(in, ALG_TRANSPOSE, loc)));
    Guarded g, h;
    guard_enter(in, &g, striped, loc);
    arranged_items(in, it, STRIPED, loc);
    guard_else(in, &g);
    if (!o->p->warp) {
        guard_enter(in, &h, mk_binary(in, OP_GT, alg, num_expr(in, ALG_TRANSPOSE, loc)), loc);
        arranged_items(in, it, WARP_STRIPED, loc);
        guard_else(in, &h);
    }
    arranged_items(in, it, BLOCKED, loc);
    if (!o->p->warp)
        guard_leave(in, &h);
    guard_leave(in, &g);
}

/* A block primitive's rank of the thread, as CUB computes it from the
 * class's dimensions (RowMajorTid(BLOCK_DIM_X, BLOCK_DIM_Y, BLOCK_DIM_Z):
 * threadIdx.x for a 1-D class), and the block's size; from blockDim where
 * the dimensions are not known (the launch must match them). */
static void block_rank(Infer *in, const CubObject *o, Expr **rank, Expr **size, Loc loc)
{
    Expr *x_dim = o->arg[DIM_X];
    if (class_dim_is_one(o, 1) && class_dim_is_one(o, 2) && x_dim) {
        *rank = var_expr(in, program_intern(in->prog, "threadIdx.x", 11), loc);
        *size = x_dim;
        return;
    }
    *rank = linear_tid(in, loc);
    *size = block_size(in, loc);
}

/* The thread's rank and the group's size: the block's, or the logical
 * warp's lane (CUB: LaneId() % LOGICAL_WARP_THREADS) and its width. */
static bool group_rank(Infer *in, const CubObject *o, CXCursor call, Expr **rank, Expr **size, Loc loc)
{
    if (!o->p->warp) {
        block_rank(in, o, rank, size, loc);
        return true;
    }
    Expr *lanes = o->arg[o->p->lanes];
    if (!lanes) {
        opaque_at(in, call, "the items of a cub::%s whose logical warp size the protocol does not know are not "
                  "followed", o->p->name);
        return false;
    }
    *rank = mk_binary(in, OP_MOD, linear_tid(in, loc), lanes);
    *size = lanes;
    return true;
}

/* The items a load reads or a store writes through the iterator. */
static void memory_items(Infer *in, const CubObject *o, AccessMode mode, CXCursor call, CXCursor iter,
                         CXCursor valid, Loc loc)
{
    Items it = {.mode = mode};
    Value p = tr_value(in, iter);
    if (!clang_Cursor_isNull(valid))
        it.valid = tr_int(in, valid);
    if (p.kind == V_PRIVATE)
        return;
    CellKind cell = p.kind == V_PTR ? value_cell(in, p, loc, &it.arr, &it.base, &it.n) : CELL_UNTRACKED;
    if (cell == CELL_PRIVATE)
        return;
    it.ipt = o->arg[o->p->ipt];
    if (cell != CELL_TRACKED || it.n < 1 || !it.ipt) {
        opaque_at(in, call, "the items of a cub::%s through %s are not followed", o->p->name,
                  it.ipt ? "an iterator the protocol does not track" : "an unknown number of items per thread");
        return;
    }
    if (group_rank(in, o, call, &it.rank, &it.stride, loc))
        items_by_algorithm(in, o, &it, loc);
}

/* ---- BlockHistogram ---- */

/* Bins b = t, t + threads, ... below BINS, striped over the block:
 * written, or updated (`histogram[b] += count`: read and written). */
static void striped_bins(Infer *in, const CubObject *o, const Value *hist, bool update, Loc loc)
{
    Array *arr;
    Expr **base;
    int n;
    if (value_cell(in, *hist, loc, &arr, &base, &n) != CELL_TRACKED || n < 1)
        return;
    Expr *bins = o->arg[o->p->bins], *rank, *threads;
    block_rank(in, o, &rank, &threads, loc);
    Expr *rounds = mk_binary(in, OP_DIV, mk_binary(in, OP_ADD, bins, mk_binary(in, OP_SUB, threads, num_expr(in, 1, loc))),
                             threads);
    BlockMark m;
    Expr *k = emit_count_loop(in, rounds, &m, loc);
    Expr *b = plus_times(in, rank, k, threads);
    Guarded g;
    guard_enter(in, &g, mk_binary(in, OP_LT, b, bins), loc);
    Expr **at = arena_alloc(&in->prog->arena, (size_t)n * sizeof *at);
    memcpy(at, base, (size_t)n * sizeof *at);
    at[n - 1] = mk_binary(in, OP_ADD, base[n - 1], b);
    if (update)
        emit_access(in, ACC_RD, arr, at, n, loc);
    emit_access(in, ACC_WR, arr, at, n, loc);
    guard_leave(in, &g);
    block_leave(in, &m);
}

/* The atomic algorithm: atomicAdd(histogram + items[i], 1) for each item,
 * at bins the protocol does not know. */
static void atomic_bins(Infer *in, const CubObject *o, const Value *hist, Loc loc)
{
    Array *arr;
    Expr **base;
    int n;
    if (value_cell(in, *hist, loc, &arr, &base, &n) != CELL_TRACKED || n < 1)
        return;
    Expr *ipt = o->arg[o->p->ipt] ? o->arg[o->p->ipt] : emit_local(in, "items", loc);
    BlockMark m;
    emit_count_loop(in, ipt, &m, loc);
    Expr **at = arena_alloc(&in->prog->arena, (size_t)n * sizeof *at);
    memcpy(at, base, (size_t)n * sizeof *at);
    at[n - 1] = mk_binary(in, OP_ADD, base[n - 1], emit_local(in, "bin", loc));
    emit_access(in, ACC_ATOMIC, arr, at, n, loc);
    block_leave(in, &m);
}

static void composite(Infer *in, const CubObject *o, const Value *storage, const Value *hist, CXCursor call,
                      Loc loc)
{
    int pos = o->p->alg;
    Guarded g;
    bool known = o->known[pos];
    if (!known)
        guard_enter(in, &g, arg_test(in, o, pos, OP_EQ, HISTO_ATOMIC, loc), loc);
    if (!known || o->value[pos] == HISTO_ATOMIC)
        atomic_bins(in, o, hist, loc);
    if (!known)
        guard_else(in, &g);
    if (!known || o->value[pos] != HISTO_ATOMIC) { /* sort the items, count the runs, add them to the bins */
        phase(in, o, storage, call, loc);
        striped_bins(in, o, hist, true, loc);
    }
    if (!known)
        guard_leave(in, &g);
}

static bool histogram_call(Infer *in, const CubObject *o, const char *method, const Value *storage, CXCursor *args,
                           int nargs, CXCursor call, Loc loc)
{
    bool init = strcmp(method, "InitHistogram") == 0, all = strcmp(method, "Histogram") == 0;
    if ((!init && !all && strcmp(method, "Composite") != 0) || nargs < 1)
        return false;
    Value hist = tr_value(in, args[nargs - 1]);
    for (int i = 0; i + 1 < nargs; i++)
        tr_effects(in, args[i]);
    if (hist.kind != V_PRIVATE && (hist.kind != V_PTR || !o->arg[o->p->bins])) {
        opaque_at(in, call, "the bins of a cub::BlockHistogram %s are not followed",
                  hist.kind != V_PTR ? "through a pointer the protocol does not track" : "of an unknown count");
        if (!init)
            phase(in, o, storage, call, loc);
        return true;
    }
    if (hist.kind == V_PRIVATE) { /* the thread's own bins: only the barriers */
        if (!init)
            phase(in, o, storage, call, loc);
        return true;
    }
    if (init || all)
        striped_bins(in, o, &hist, false, loc);
    if (all)
        emit_sync(in, loc, false);
    if (!init)
        composite(in, o, storage, &hist, call, loc);
    return true;
}

/* ---- results ---- */

static bool array_type(CXType t)
{
    enum CXTypeKind k = clang_getCanonicalType(t).kind;
    return k == CXType_ConstantArray || k == CXType_DependentSizedArray || k == CXType_IncompleteArray ||
           k == CXType_VariableArray;
}

/* The group whose threads all get one value in an output CUB names so:
 * 0 for per-thread, -1 the block, else the logical warp's lanes. */
static int output_group(Infer *in, const CubObject *o, CXCursor param)
{
    if (cursor_name_is(param, "block_aggregate") || cursor_name_is(param, "block_prefix") ||
        cursor_name_is(param, "block_suffix"))
        return -1;
    if (cursor_name_is(param, "warp_aggregate") && o->known[o->p->lanes] && tile_size_ok(o->value[o->p->lanes]) &&
        o->value[o->p->lanes] <= WARP_SIZE)
        return (int)o->value[o->p->lanes];
    (void)in;
    return 0;
}

/* An output that is a view (a struct holding a pointer: a span, as
 * WarpReduceBatched's SumToBlocked takes): CUB writes the items through
 * it and leaves the view as it was.  Over the thread's own array (a span
 * over a local) the writes stay in the thread; over other memory they
 * are not followed (opaque).  False for an output CUB assigns a value. */
static bool written_through_view(Infer *in, const CubObject *o, CXCursor arg, int var)
{
    CXType t = clang_getCanonicalType(clang_getCursorType(arg));
    if (t.kind != CXType_Record || !type_reaches_memory(t))
        return false;
    if (!object_views_own_memory(in, &in->env[var].v, t))
        opaque_at(in, arg, "the items a cub::%s writes through a view into memory are not followed", o->p->name);
    return true;
}

/* Results handed back through references: a shared cell is written, a
 * variable of the thread's own becomes an unknown (one the block or the
 * logical warp shares where CUB says so); item arrays are the thread's
 * own memory.  Other arguments are evaluated. */
static void outputs(Infer *in, const CubObject *o, CXCursor method, CXCursor *args, int nargs, int first, Loc loc)
{
    for (int i = first; i < nargs; i++) {
        CXCursor param = function_param(method, i);
        CXType pt = clang_getCursorType(param);
        CXType target = clang_getPointeeType(clang_getCanonicalType(pt));
        bool out = !clang_Cursor_isNull(param) && is_reference_type(pt) && !clang_isConstQualifiedType(target) &&
                   !array_type(target) && !array_type(clang_getCursorType(args[i]));
        if (!out) {
            tr_effects(in, args[i]);
            continue;
        }
        bool is_cell = false;
        Value v = ref_to_cell(in, args[i], &is_cell);
        Array *arr;
        Expr **idx;
        int n;
        if (is_cell && value_cell(in, v, loc, &arr, &idx, &n) == CELL_TRACKED) {
            emit_access(in, ACC_WR, arr, idx, n, loc);
            continue;
        }
        CXCursor a = strip_expr(args[i]);
        int var = clang_getCursorKind(a) == CXCursor_DeclRefExpr ? env_find(in, clang_getCursorReferenced(a)) : -1;
        if (var < 0)
            continue;
        if (!type_is_integral(clang_getCursorType(a))) { /* the thread's own object stays so */
            if (written_through_view(in, o, args[i], var))
                continue;
            /* CUB assigns it a new value: the members it had are no longer known */
            in->env[var].v.fields = NULL;
            if (in->env[var].v.kind != V_PRIVATE)
                in->env[var].v = value_none();
            continue;
        }
        int group = output_group(in, o, param);
        in->env[var].v = value_int(group < 0   ? emit_block_unknown(in, "aggregate", loc)
                                   : group > 0 ? emit_uniform_local(in, "aggregate", group, loc)
                                               : emit_local(in, "out", loc));
    }
}

/* ---- calls ---- */

/* How well a declaration's parameters fit the arguments: -1 not at all,
 * else the number of parameters whose array-ness the argument shares. */
static int fit(CXCursor method, CXCursor *args, int nargs)
{
    int required, total = count_params(method, &required);
    if (nargs < required || nargs > total)
        return -1;
    int score = 0;
    for (int i = 0; i < nargs; i++) {
        CXType pt = without_reference(clang_getCursorType(function_param(method, i)));
        score += array_type(pt) == array_type(without_reference(clang_getCursorType(args[i])));
    }
    return score;
}

/* The member `name` of the primitive's class template that fits the
 * arguments best (a call left dependent has no declaration). */
static CXCursor find_method(CXCursor cls, const char *name, CXCursor *args, int nargs)
{
    Children ch = children_of(cls);
    CXCursor best = clang_getNullCursor();
    int best_fit = -1;
    for (int i = 0; i < ch.n; i++) {
        enum CXCursorKind k = clang_getCursorKind(ch.c[i]);
        if ((k != CXCursor_CXXMethod && k != CXCursor_FunctionTemplate) || !cursor_name_is(ch.c[i], name))
            continue;
        int f = fit(ch.c[i], args, nargs);
        if (f > best_fit) {
            best_fit = f;
            best = ch.c[i];
        }
    }
    free(ch.c);
    return best;
}

/* A merge sort's queries of the thread's place: its rank in the group
 * (get_linear_tid), and the lane mask of its logical warp
 * (get_member_mask, which __syncwarp takes: a tile of the warp's lanes,
 * CUB's WarpMask<N>(warp_id)).  False for another member. */
static bool place_query(Infer *in, const CubObject *o, const char *name, CXCursor call, Loc loc, Value *out)
{
    Expr *rank, *size;
    if (strcmp(name, "get_linear_tid") == 0) {
        if (group_rank(in, o, call, &rank, &size, loc))
            *out = value_int(rank);
        return true;
    }
    if (strcmp(name, "get_member_mask") != 0 || !o->p->warp)
        return false;
    Expr *lanes = o->arg[o->p->lanes];
    *out = value_int(emit_local(in, "member_mask", loc));
    if (lanes && (!o->known[o->p->lanes] || (tile_size_ok(o->value[o->p->lanes]) && o->value[o->p->lanes] <= WARP_SIZE)))
        out->member_lanes = lanes;
    return true;
}

/* A primitive's method: its items, the phase on its storage, its results. */
static void method_call(Infer *in, const CubObject *o, CXCursor method, const char *name, const Value *storage,
                        CXCursor *args, int nargs, CXCursor call, Loc loc, Value *out)
{
    CubKind kind = o->p->kind;
    if (nargs == 0 && place_query(in, o, name, call, loc, out))
        return;
    if (kind == CUB_HISTOGRAM && histogram_call(in, o, name, storage, args, nargs, call, loc))
        return;
    bool load = kind == CUB_LOAD || kind == CUB_WARP_LOAD, store = kind == CUB_STORE || kind == CUB_WARP_STORE;
    if (load || store) {
        CXCursor valid = nargs >= 3 ? args[2] : clang_getNullCursor();
        if (load && nargs >= 1)
            memory_items(in, o, ACC_RD, call, args[0], valid, loc);
        storage_phase(in, o, storage, call, loc);
        if (store && nargs >= 1)
            memory_items(in, o, ACC_WR, call, args[0], valid, loc);
        for (int i = 3; i < nargs; i++)
            tr_effects(in, args[i]);
        return;
    }
    if (nargs >= 1)
        tr_effects(in, args[0]);
    storage_phase(in, o, storage, call, loc);
    outputs(in, o, method, args, nargs, 1, loc);
    if (kind == CUB_WARP_SCAN && strcmp(name, "Broadcast") == 0 && o->known[o->p->lanes] &&
        tile_size_ok(o->value[o->p->lanes]) && type_is_integral(clang_getCursorType(call)))
        *out = value_int(emit_uniform_local(in, "broadcast", (int)o->value[o->p->lanes], loc));
}

/* Is the call's callee a member left dependent (`scan.Sum(x)` on an
 * object whose type a template parameter decides)? */
static bool dependent_member_call(CXCursor call, CXCursor object)
{
    CXCursor callee = strip_expr(child_at(call, 0));
    return !clang_Cursor_isNull(object) && clang_getCursorKind(callee) == CXCursor_MemberRefExpr &&
           clang_Cursor_isNull(clang_getCursorReferenced(callee));
}

/* A call of a member of a CUB primitive (BlockLoad, ..., WarpScan, ...),
 * resolved or left dependent in a template's pattern, or the construction
 * of one; false when the call is none. */
static bool cub_member_call(Infer *in, CXCursor decl, CXCursor object, CXCursor *args, int nargs, CXCursor call,
                            Loc loc, Value *out)
{
    const CubObject *o = NULL;
    bool resolved = !clang_Cursor_isNull(decl) && primitive_of_class(clang_getCursorSemanticParent(decl));
    if (resolved && clang_getCursorKind(decl) == CXCursor_Constructor)
        o = object_of_specialization(in, clang_getCursorSemanticParent(decl), loc);
    else if (clang_Cursor_isNull(decl) && clang_Cursor_isNull(object))
        o = object_of_construct(in, call, loc);
    if (o) {
        *out = construct(in, o, args, nargs, loc);
        return true;
    }
    CXCursor method = resolved ? decl : clang_getNullCursor();
    char *name = NULL;
    if (resolved) {
        o = !clang_Cursor_isNull(object) ? object_static(in, object, loc) : NULL;
        if (!o)
            o = object_of_specialization(in, clang_getCursorSemanticParent(decl), loc);
        name = spelling(decl);
    } else if (clang_Cursor_isNull(decl) && dependent_member_call(call, object)) {
        o = object_static(in, object, loc);
        if (!o)
            return false;
        name = template_member_name(in->tu, strip_expr(child_at(call, 0)));
        method = find_method(o->cls, name, args, nargs);
    }
    if (!o) {
        free(name);
        return false;
    }
    *out = value_none();
    Value storage = clang_Cursor_isNull(object) ? value_none() : object_value(in, object);
    if (cub_of(&storage) && cub_of(&storage)->p == o->p)
        o = cub_of(&storage); /* the object as constructed: CUB's private storage or the given one */
    if (clang_Cursor_isNull(method)) {
        tr_effects(in, object);
        for (int i = 0; i < nargs; i++)
            tr_effects(in, args[i]);
        not_followed(in, call, "a member of a CUB primitive that mapkit's model of CUB does not declare");
    } else {
        method_call(in, o, method, name, &storage, args, nargs, call, loc, out);
    }
    free(name);
    return true;
}

bool cub_call(Infer *in, const Call *c, Value *out)
{
    return cub_member_call(in, c->decl, c->object, c->args, c->nargs, c->cursor, c->loc, out);
}

/* CUB's loads and stores (and the direct ones, cub_direct.c) take their
 * iterator first:
 * `block_load.Load(input, items)`, `cub::LoadDirectStriped<128>(t, input,
 * items)`: a kernel parameter handed there is an iterator. */
static bool cub_iterator_argument(Infer *in, CXCursor call, CXCursor param)
{
    char *name = callee_name(call);
    bool direct = strncmp(name, "LoadDirect", 10) == 0 || strncmp(name, "StoreDirect", 11) == 0;
    bool method = strcmp(name, "Load") == 0 || strcmp(name, "Store") == 0;
    if (!*name) { /* a member left dependent: its name from the tokens */
        free(name);
        name = template_member_name(in->tu, strip_expr(child_at(call, 0)));
        method = strcmp(name, "Load") == 0 || strcmp(name, "Store") == 0;
    }
    free(name);
    int n = clang_Cursor_getNumArguments(call), at = direct ? 1 : 0;
    return (method || direct) && n > at && cursor_refers_to(clang_Cursor_getArgument(call, (unsigned)at), param);
}

const Model model_cub = {
    .name = "CUB",
    .declared_object = cub_declared_object,
    .iterator_call = cub_iterator_argument,
};
