/* CUB's block primitives in the CUDA front end (docs/language.md): a small model
 * each, since libclang cannot read CCCL's headers (cuda_header.c).  The
 * declarations below stand for <cub/cub.cuh> and <cub/block/...>; a call
 * of BlockLoad, BlockStore, BlockReduce, BlockScan, BlockExchange or
 * BlockRadixSort made with a TempStorage is, as CUB implements it, a phase
 * in which every thread updates the shared TempStorage, a barrier inside
 * the primitive, then reads of what the other threads left there:
 *
 *     atomic temp;   sync;   rd temp;
 *
 * (the updates are atomic: they do not race with each other, only with a
 * later read or write).  So two calls on one TempStorage (or two members
 * of a union of them) with no __syncthreads() between them race: the
 * second call's update meets the first call's read, as CUB's documentation
 * warns; with the barrier they do not.  BlockLoad and BlockStore also read
 * and write their items: thread t's ITEMS_PER_THREAD consecutive cells
 * (the blocked arrangement), under the valid_items guard.  The direct,
 * striped and vectorized algorithms of BlockLoad and BlockStore use no
 * TempStorage and have no barrier; neither has a primitive constructed
 * without a TempStorage (CUB's private one): their calls are only their
 * item accesses. */
#include "internal.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* libcu++'s function objects, which CUB's users pass as operators
 * (<cuda/functional>, and through <cub/cub.cuh>). */
#define FUNCTIONAL                                                                                                 \
    "#ifndef __MAPKIT_CUDA_FUNCTIONAL\n#define __MAPKIT_CUDA_FUNCTIONAL\n"                                          \
    "namespace cuda {\n"                                                                                            \
    "#define __MK_FN(name) template <class T = void> struct name { template <class A, class B>\\\n"                  \
    "  __host__ __device__ A operator()(const A &, const B &) const; };\n"                                         \
    "__MK_FN(maximum) __MK_FN(minimum)\n"                                                                           \
    "namespace std { __MK_FN(plus) __MK_FN(minus) __MK_FN(multiplies) __MK_FN(bit_and) __MK_FN(bit_or)\n"           \
    "  __MK_FN(bit_xor) }\n"                                                                                        \
    "#undef __MK_FN\n"                                                                                              \
    "}\n#endif\n"

static const char functional[] = FUNCTIONAL;

static const char header[] = FUNCTIONAL
    "#ifndef __MAPKIT_CUB\n#define __MAPKIT_CUB\n"
    "namespace cub {\n"
    "struct NullType {};\n"
    "struct Sum { template <class T> __host__ __device__ T operator()(const T &, const T &) const; };\n"
    "struct Max { template <class T> __host__ __device__ T operator()(const T &, const T &) const; };\n"
    "struct Min { template <class T> __host__ __device__ T operator()(const T &, const T &) const; };\n"
    "enum BlockLoadAlgorithm { BLOCK_LOAD_DIRECT, BLOCK_LOAD_STRIPED, BLOCK_LOAD_VECTORIZE,\n"
    "  BLOCK_LOAD_TRANSPOSE, BLOCK_LOAD_WARP_TRANSPOSE, BLOCK_LOAD_WARP_TRANSPOSE_TIMESLICED };\n"
    "enum BlockStoreAlgorithm { BLOCK_STORE_DIRECT, BLOCK_STORE_STRIPED, BLOCK_STORE_VECTORIZE,\n"
    "  BLOCK_STORE_TRANSPOSE, BLOCK_STORE_WARP_TRANSPOSE, BLOCK_STORE_WARP_TRANSPOSE_TIMESLICED };\n"
    "enum BlockReduceAlgorithm { BLOCK_REDUCE_RAKING_COMMUTATIVE_ONLY, BLOCK_REDUCE_RAKING,\n"
    "  BLOCK_REDUCE_WARP_REDUCTIONS };\n"
    "enum BlockScanAlgorithm { BLOCK_SCAN_RAKING, BLOCK_SCAN_RAKING_MEMOIZE, BLOCK_SCAN_WARP_SCANS };\n"
    "struct __mapkit_temp_storage { unsigned char __bytes[16]; };\n"
    "template <class T, int BLOCK_DIM_X, int ITEMS_PER_THREAD, BlockLoadAlgorithm ALGORITHM = BLOCK_LOAD_DIRECT,\n"
    "  int BLOCK_DIM_Y = 1, int BLOCK_DIM_Z = 1, int LEGACY_PTX_ARCH = 0>\n"
    "struct BlockLoad { struct TempStorage : __mapkit_temp_storage {};\n"
    "  __device__ BlockLoad(); __device__ BlockLoad(TempStorage &);\n"
    "  template <class It> __device__ void Load(It, T (&)[ITEMS_PER_THREAD]);\n"
    "  template <class It> __device__ void Load(It, T (&)[ITEMS_PER_THREAD], int);\n"
    "  template <class It, class D> __device__ void Load(It, T (&)[ITEMS_PER_THREAD], int, D); };\n"
    "template <class T, int BLOCK_DIM_X, int ITEMS_PER_THREAD, BlockStoreAlgorithm ALGORITHM = BLOCK_STORE_DIRECT,\n"
    "  int BLOCK_DIM_Y = 1, int BLOCK_DIM_Z = 1, int LEGACY_PTX_ARCH = 0>\n"
    "struct BlockStore { struct TempStorage : __mapkit_temp_storage {};\n"
    "  __device__ BlockStore(); __device__ BlockStore(TempStorage &);\n"
    "  template <class It> __device__ void Store(It, T (&)[ITEMS_PER_THREAD]);\n"
    "  template <class It> __device__ void Store(It, T (&)[ITEMS_PER_THREAD], int); };\n"
    "template <class T, int BLOCK_DIM_X, BlockReduceAlgorithm ALGORITHM = BLOCK_REDUCE_WARP_REDUCTIONS,\n"
    "  int BLOCK_DIM_Y = 1, int BLOCK_DIM_Z = 1, int LEGACY_PTX_ARCH = 0>\n"
    "struct BlockReduce { struct TempStorage : __mapkit_temp_storage {};\n"
    "  __device__ BlockReduce(); __device__ BlockReduce(TempStorage &);\n"
    "  template <class Op> __device__ T Reduce(T, Op); template <class Op> __device__ T Reduce(T, Op, int);\n"
    "  template <int N, class Op> __device__ T Reduce(T (&)[N], Op);\n"
    "  __device__ T Sum(T); __device__ T Sum(T, int); template <int N> __device__ T Sum(T (&)[N]); };\n"
    "template <class T, int BLOCK_DIM_X, BlockScanAlgorithm ALGORITHM = BLOCK_SCAN_RAKING,\n"
    "  int BLOCK_DIM_Y = 1, int BLOCK_DIM_Z = 1, int LEGACY_PTX_ARCH = 0>\n"
    "struct BlockScan { struct TempStorage : __mapkit_temp_storage {};\n"
    "  __device__ BlockScan(); __device__ BlockScan(TempStorage &);\n"
    "  __device__ void ExclusiveSum(T, T &); __device__ void ExclusiveSum(T, T &, T &);\n"
    "  __device__ void InclusiveSum(T, T &); __device__ void InclusiveSum(T, T &, T &);\n"
    "  template <int N> __device__ void ExclusiveSum(T (&)[N], T (&)[N]);\n"
    "  template <int N> __device__ void ExclusiveSum(T (&)[N], T (&)[N], T &);\n"
    "  template <int N> __device__ void InclusiveSum(T (&)[N], T (&)[N]);\n"
    "  template <int N> __device__ void InclusiveSum(T (&)[N], T (&)[N], T &);\n"
    "  template <class Op> __device__ void ExclusiveScan(T, T &, T, Op);\n"
    "  template <class Op> __device__ void ExclusiveScan(T, T &, T, Op, T &);\n"
    "  template <class Op> __device__ void InclusiveScan(T, T &, Op);\n"
    "  template <class Op> __device__ void InclusiveScan(T, T &, Op, T &);\n"
    "  template <int N, class Op> __device__ void ExclusiveScan(T (&)[N], T (&)[N], T, Op);\n"
    "  template <int N, class Op> __device__ void InclusiveScan(T (&)[N], T (&)[N], Op);\n"
    "  template <class Op> __device__ void ExclusiveScan(T, T &, Op);\n"
    /* with a block prefix callback */
    "  template <class P> __device__ void ExclusiveSum(T, T &, P &);\n"
    "  template <class P> __device__ void InclusiveSum(T, T &, P &);\n"
    "  template <int N, class P> __device__ void ExclusiveSum(T (&)[N], T (&)[N], P &);\n"
    "  template <int N, class P> __device__ void InclusiveSum(T (&)[N], T (&)[N], P &);\n"
    "  template <class Op, class P> __device__ void ExclusiveScan(T, T &, Op, P &);\n"
    "  template <class Op, class P> __device__ void InclusiveScan(T, T &, Op, P &); };\n"
    "template <class T, int BLOCK_DIM_X, int ITEMS_PER_THREAD, bool WARP_TIME_SLICING = false,\n"
    "  int BLOCK_DIM_Y = 1, int BLOCK_DIM_Z = 1, int LEGACY_PTX_ARCH = 0>\n"
    "struct BlockExchange { struct TempStorage : __mapkit_temp_storage {};\n"
    "  __device__ BlockExchange(); __device__ BlockExchange(TempStorage &);\n"
    "  template <class U> __device__ void StripedToBlocked(U (&)[ITEMS_PER_THREAD]);\n"
    "  template <class U> __device__ void StripedToBlocked(U (&)[ITEMS_PER_THREAD], U (&)[ITEMS_PER_THREAD]);\n"
    "  template <class U> __device__ void BlockedToStriped(U (&)[ITEMS_PER_THREAD]);\n"
    "  template <class U> __device__ void BlockedToStriped(U (&)[ITEMS_PER_THREAD], U (&)[ITEMS_PER_THREAD]);\n"
    "  template <class U> __device__ void WarpStripedToBlocked(U (&)[ITEMS_PER_THREAD]);\n"
    "  template <class U> __device__ void BlockedToWarpStriped(U (&)[ITEMS_PER_THREAD]);\n"
    "  template <class U, class R> __device__ void ScatterToBlocked(U (&)[ITEMS_PER_THREAD], R (&)[ITEMS_PER_THREAD]);\n"
    "  template <class U, class R> __device__ void ScatterToStriped(U (&)[ITEMS_PER_THREAD], R (&)[ITEMS_PER_THREAD]); };\n"
    "template <class KeyT, int BLOCK_DIM_X, int ITEMS_PER_THREAD, class ValueT = NullType, int RADIX_BITS = 4,\n"
    "  bool MEMOIZE_OUTER_SCAN = true, BlockScanAlgorithm INNER_SCAN_ALGORITHM = BLOCK_SCAN_WARP_SCANS,\n"
    "  int SMEM_CONFIG = 0, int BLOCK_DIM_Y = 1, int BLOCK_DIM_Z = 1, int LEGACY_PTX_ARCH = 0>\n"
    "struct BlockRadixSort { struct TempStorage : __mapkit_temp_storage {};\n"
    "  __device__ BlockRadixSort(); __device__ BlockRadixSort(TempStorage &);\n"
    "  __device__ void Sort(KeyT (&)[ITEMS_PER_THREAD], int = 0, int = sizeof(KeyT) * 8);\n"
    "  __device__ void Sort(KeyT (&)[ITEMS_PER_THREAD], ValueT (&)[ITEMS_PER_THREAD], int = 0,\n"
    "    int = sizeof(KeyT) * 8);\n"
    "  __device__ void SortDescending(KeyT (&)[ITEMS_PER_THREAD], int = 0, int = sizeof(KeyT) * 8);\n"
    "  __device__ void SortDescending(KeyT (&)[ITEMS_PER_THREAD], ValueT (&)[ITEMS_PER_THREAD], int = 0,\n"
    "    int = sizeof(KeyT) * 8);\n"
    "  __device__ void SortBlockedToStriped(KeyT (&)[ITEMS_PER_THREAD], int = 0, int = sizeof(KeyT) * 8);\n"
    "  __device__ void SortBlockedToStriped(KeyT (&)[ITEMS_PER_THREAD], ValueT (&)[ITEMS_PER_THREAD], int = 0,\n"
    "    int = sizeof(KeyT) * 8);\n"
    "  __device__ void SortDescendingBlockedToStriped(KeyT (&)[ITEMS_PER_THREAD], int = 0, int = sizeof(KeyT) * 8);\n"
    "  __device__ void SortDescendingBlockedToStriped(KeyT (&)[ITEMS_PER_THREAD], ValueT (&)[ITEMS_PER_THREAD],\n"
    "    int = 0, int = sizeof(KeyT) * 8);\n"
    /* keys of a custom type, with a decomposer */
    "  template <class D> __device__ void Sort(KeyT (&)[ITEMS_PER_THREAD], D, int = 0, int = 0);\n"
    "  template <class D> __device__ void SortDescending(KeyT (&)[ITEMS_PER_THREAD], D, int = 0, int = 0);\n"
    "  template <class D> __device__ void SortBlockedToStriped(KeyT (&)[ITEMS_PER_THREAD], D, int = 0, int = 0);\n"
    "  template <class D> __device__ void SortDescendingBlockedToStriped(KeyT (&)[ITEMS_PER_THREAD], D, int = 0,\n"
    "    int = 0);\n"
    "  template <class D> __device__ void Sort(KeyT (&)[ITEMS_PER_THREAD], ValueT (&)[ITEMS_PER_THREAD], D,\n"
    "    int = 0, int = 0);\n"
    "  template <class D> __device__ void SortDescending(KeyT (&)[ITEMS_PER_THREAD], ValueT (&)[ITEMS_PER_THREAD],\n"
    "    D, int = 0, int = 0);\n"
    "  template <class D> __device__ void SortBlockedToStriped(KeyT (&)[ITEMS_PER_THREAD],\n"
    "    ValueT (&)[ITEMS_PER_THREAD], D, int = 0, int = 0);\n"
    "  template <class D> __device__ void SortDescendingBlockedToStriped(KeyT (&)[ITEMS_PER_THREAD],\n"
    "    ValueT (&)[ITEMS_PER_THREAD], D, int = 0, int = 0); };\n"
    "}\n#endif\n";

const char *cub_header(const char *name, unsigned long *len)
{
    if (strcmp(name, "cuda/functional") == 0) {
        *len = sizeof functional - 1;
        return functional;
    }
    if (strcmp(name, "cub/cub.cuh") != 0 && strncmp(name, "cub/block/", 10) != 0)
        return NULL;
    *len = sizeof header - 1;
    return header;
}

typedef enum { CUB_NONE, CUB_LOAD, CUB_STORE, CUB_REDUCE, CUB_SCAN, CUB_EXCHANGE, CUB_RADIX_SORT } CubKind;

static char *spelling(CXCursor c)
{
    CXString s = clang_getCursorSpelling(c);
    char *r = strdup(clang_getCString(s));
    clang_disposeString(s);
    return r;
}

/* Which primitive declares decl (in namespace cub), or CUB_NONE. */
static CubKind primitive_of(CXCursor decl)
{
    static const struct {
        const char *name;
        CubKind kind;
    } prims[] = {{"BlockLoad", CUB_LOAD},     {"BlockStore", CUB_STORE},       {"BlockReduce", CUB_REDUCE},
                 {"BlockScan", CUB_SCAN},     {"BlockExchange", CUB_EXCHANGE}, {"BlockRadixSort", CUB_RADIX_SORT}};
    if (clang_Cursor_isNull(decl))
        return CUB_NONE;
    CXCursor cls = clang_getCursorSemanticParent(decl);
    char *ns = spelling(clang_getCursorSemanticParent(cls)), *name = spelling(cls);
    CubKind kind = CUB_NONE;
    for (size_t i = 0; i < sizeof prims / sizeof prims[0] && !strcmp(ns, "cub"); i++)
        if (!strcmp(name, prims[i].name))
            kind = prims[i].kind;
    free(ns);
    free(name);
    return kind;
}

/* The integer template argument i of the primitive's class, or -1. */
static long long template_int(CXCursor decl, unsigned i)
{
    CXCursor cls = clang_getCursorSemanticParent(decl);
    int n = clang_Cursor_getNumTemplateArguments(cls);
    if (n < 0 || (int)i >= n || clang_Cursor_getTemplateArgumentKind(cls, i) != CXTemplateArgumentKind_Integral)
        return -1;
    return clang_Cursor_getTemplateArgumentValue(cls, i);
}

/* Does the call use the TempStorage?  BlockLoad and BlockStore only with
 * their transposing algorithms (BLOCK_*_TRANSPOSE and after, argument 3). */
static bool uses_temp_storage(CubKind kind, CXCursor decl)
{
    if (kind != CUB_LOAD && kind != CUB_STORE)
        return true;
    long long algorithm = template_int(decl, 3);
    return algorithm < 0 || algorithm >= 3;
}

/* The block's phase on its TempStorage: every thread updates it, the
 * primitive's barrier, every thread reads it. */
static void temp_storage_phase(Infer *in, const Value *storage, Loc loc)
{
    Array *arr;
    Expr **idx;
    int n;
    if (storage->kind != V_PTR || value_cell(in, *storage, loc, &arr, &idx, &n) != CELL_TRACKED)
        return; /* CUB's private storage, or the thread's own: no other thread's accesses meet it */
    emit_access(in, ACC_ATOMIC, arr, idx, n, loc);
    emit_sync(in, loc, false);
    emit_access(in, ACC_RD, arr, idx, n, loc);
}

/* BlockLoad / BlockStore: thread t's items are cells t * IPT + i of the
 * block's tile (the blocked arrangement), i < IPT; opaque when IPT is not
 * a small constant. */
static void item_accesses(Infer *in, CubKind kind, CXCursor decl, CXCursor call, CXCursor it, Loc loc)
{
    long long ipt = template_int(decl, 2);
    Value p = tr_value(in, it);
    if (p.kind == V_PRIVATE)
        return;
    Array *arr;
    Expr **idx;
    int n;
    CellKind cell = p.kind == V_PTR ? value_cell(in, p, loc, &arr, &idx, &n) : CELL_UNTRACKED;
    if (cell == CELL_PRIVATE)
        return;
    if (cell != CELL_TRACKED || ipt < 1 || ipt > 64 || n < 1) {
        opaque_at(in, call, "the items of a cub::%s through an iterator the protocol does not track are not followed",
                  kind == CUB_LOAD ? "BlockLoad" : "BlockStore");
        return;
    }
    Expr *first = mk_binary(in, OP_MUL, linear_tid(in, loc), num_expr(in, ipt, loc));
    for (long long i = 0; i < ipt; i++) {
        Expr **at = arena_alloc(&in->prog->arena, (size_t)n * sizeof *at);
        memcpy(at, idx, (size_t)n * sizeof *at);
        at[n - 1] = mk_binary(in, OP_ADD, idx[n - 1], mk_binary(in, OP_ADD, first, num_expr(in, i, loc)));
        emit_access(in, kind == CUB_LOAD ? ACC_RD : ACC_WR, arr, at, n, loc);
    }
}

/* Results handed back through references: a shared cell is written, a
 * variable of the thread's own becomes an unknown; item arrays are the
 * thread's own memory.  Outputs from argument `uniform_from` on are the
 * same in every thread of the block (a scan's block_aggregate): an unknown
 * the block shares. */
static void outputs(Infer *in, CXCursor decl, CXCursor *args, int nargs, int first, int uniform_from, Loc loc)
{
    CXType ft = clang_getCursorType(decl);
    for (int i = first; i < nargs; i++) {
        CXType pt = i < clang_getNumArgTypes(ft) ? clang_getArgType(ft, (unsigned)i) : (CXType){0};
        CXType target = clang_getPointeeType(clang_getCanonicalType(pt));
        bool out = is_reference_type(pt) && !clang_isConstQualifiedType(target) &&
                   clang_getCanonicalType(target).kind != CXType_ConstantArray;
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
        if (var >= 0 && !type_is_integral(clang_getCursorType(a)))
            in->env[var].v = value_none();
        else if (var >= 0)
            in->env[var].v = value_int(i >= uniform_from ? emit_block_unknown(in, "aggregate", loc)
                                                         : emit_local(in, "out", loc));
    }
}

/* CUB documents which results every thread of the block gets alike: a
 * BlockScan's block_aggregate, the integer reference after the output
 * (`ExclusiveSum(in, out, block_aggregate)`, `ExclusiveScan(in, out, init,
 * op, block_aggregate)`; a prefix callback is a functor, never an integer).
 * BlockReduce's result is valid in thread 0 only, and BlockRadixSort,
 * BlockExchange, BlockLoad and BlockStore give none: all per-thread. */
static int first_block_uniform_output(CubKind kind)
{
    return kind == CUB_SCAN ? 2 : INT32_MAX;
}

bool cub_block_call(Infer *in, CXCursor decl, CXCursor object, CXCursor *args, int nargs, CXCursor call, Loc loc,
                    Value *out)
{
    CubKind kind = primitive_of(decl);
    if (kind == CUB_NONE)
        return false;
    *out = value_none();
    if (clang_getCursorKind(decl) == CXCursor_Constructor) { /* the object is its TempStorage */
        bool is_cell = false;
        *out = nargs == 1 ? ref_to_cell(in, args[0], &is_cell) : value_private();
        if (nargs == 1 && !is_cell)
            *out = value_private();
        out->block_group = false;
        return true;
    }
    Value storage = clang_Cursor_isNull(object) ? value_private() : object_value(in, object);
    if (kind == CUB_LOAD || kind == CUB_STORE) {
        if (nargs >= 1)
            item_accesses(in, kind, decl, call, args[0], loc);
        if (uses_temp_storage(kind, decl))
            temp_storage_phase(in, &storage, loc);
        for (int i = 2; i < nargs; i++)
            tr_effects(in, args[i]);
        return true;
    }
    if (nargs >= 1)
        tr_effects(in, args[0]);
    temp_storage_phase(in, &storage, loc);
    outputs(in, decl, args, nargs, 1, first_block_uniform_output(kind), loc);
    return true;
}
