/* The text that stands for <cub/cub.cuh>, every <cub/...> header and
 * <cuda/functional> (docs/inference.md, "Atomics, libcu++ and CUB"):
 * CUB's block and warp primitives as declarations only, which cub.c
 * models, and the few utilities kernels call, with bodies the front end
 * follows.  Written from CUB's documented API (CCCL 3), not copied: the
 * template parameters keep CUB's order and defaults, since cub.c reads
 * the items per thread, the algorithm and the logical warp size from
 * them by position; the reference parameters keep CUB's names where the
 * name carries a fact (`block_aggregate` and `warp_aggregate` are one
 * value in the block or the logical warp).
 *
 * Ownership: static text. */
#include "library_headers.h"

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

/* Every primitive's TempStorage derives from one opaque struct: cub.c
 * reads a call on it as a phase on that storage, never its bytes. */
#define CLASS_HEAD(NAME)                                                                                           \
    "struct " NAME " { struct TempStorage : __mapkit_temp_storage {};\n"                                          \
    "  __device__ " NAME "(); __device__ " NAME "(TempStorage &temp_storage);\n"

/* The block primitives. */
#define BLOCK                                                                                                      \
    "template <class T, int BLOCK_DIM_X, int ITEMS_PER_THREAD, BlockLoadAlgorithm ALGORITHM = BLOCK_LOAD_DIRECT,\n" \
    "  int BLOCK_DIM_Y = 1, int BLOCK_DIM_Z = 1, int LEGACY_PTX_ARCH = 0>\n"                                        \
    CLASS_HEAD("BlockLoad")                                                                                        \
    "  template <class It> __device__ void Load(It, T (&)[ITEMS_PER_THREAD]);\n"                                  \
    "  template <class It> __device__ void Load(It, T (&)[ITEMS_PER_THREAD], int);\n"                             \
    "  template <class It, class D> __device__ void Load(It, T (&)[ITEMS_PER_THREAD], int, D); };\n"              \
    "template <class T, int BLOCK_DIM_X, int ITEMS_PER_THREAD, BlockStoreAlgorithm ALGORITHM = BLOCK_STORE_DIRECT,\n" \
    "  int BLOCK_DIM_Y = 1, int BLOCK_DIM_Z = 1, int LEGACY_PTX_ARCH = 0>\n"                                        \
    CLASS_HEAD("BlockStore")                                                                                       \
    "  template <class It> __device__ void Store(It, T (&)[ITEMS_PER_THREAD]);\n"                                 \
    "  template <class It> __device__ void Store(It, T (&)[ITEMS_PER_THREAD], int); };\n"                         \
    "template <class T, int BLOCK_DIM_X, BlockReduceAlgorithm ALGORITHM = BLOCK_REDUCE_WARP_REDUCTIONS,\n"         \
    "  int BLOCK_DIM_Y = 1, int BLOCK_DIM_Z = 1, int LEGACY_PTX_ARCH = 0>\n"                                        \
    CLASS_HEAD("BlockReduce")                                                                                      \
    "  template <class Op> __device__ T Reduce(T, Op); template <class Op> __device__ T Reduce(T, Op, int);\n"     \
    "  template <int N, class Op> __device__ T Reduce(T (&)[N], Op);\n"                                            \
    "  __device__ T Sum(T); __device__ T Sum(T, int); template <int N> __device__ T Sum(T (&)[N]); };\n"           \
    "template <class T, int BLOCK_DIM_X, BlockScanAlgorithm ALGORITHM = BLOCK_SCAN_RAKING,\n"                       \
    "  int BLOCK_DIM_Y = 1, int BLOCK_DIM_Z = 1, int LEGACY_PTX_ARCH = 0>\n"                                        \
    CLASS_HEAD("BlockScan")                                                                                        \
    "  __device__ void ExclusiveSum(T, T &); __device__ void ExclusiveSum(T, T &, T &block_aggregate);\n"          \
    "  __device__ void InclusiveSum(T, T &); __device__ void InclusiveSum(T, T &, T &block_aggregate);\n"          \
    "  template <int N> __device__ void ExclusiveSum(T (&)[N], T (&)[N]);\n"                                       \
    "  template <int N> __device__ void ExclusiveSum(T (&)[N], T (&)[N], T &block_aggregate);\n"                   \
    "  template <int N> __device__ void InclusiveSum(T (&)[N], T (&)[N]);\n"                                       \
    "  template <int N> __device__ void InclusiveSum(T (&)[N], T (&)[N], T &block_aggregate);\n"                   \
    "  template <class Op> __device__ void ExclusiveScan(T, T &, T, Op);\n"                                        \
    "  template <class Op> __device__ void ExclusiveScan(T, T &, T, Op, T &block_aggregate);\n"                    \
    "  template <class Op> __device__ void InclusiveScan(T, T &, Op);\n"                                           \
    "  template <class Op> __device__ void InclusiveScan(T, T &, Op, T &block_aggregate);\n"                       \
    "  template <int N, class Op> __device__ void ExclusiveScan(T (&)[N], T (&)[N], T, Op);\n"                     \
    "  template <int N, class Op> __device__ void ExclusiveScan(T (&)[N], T (&)[N], T, Op, T &block_aggregate);\n" \
    "  template <int N, class Op> __device__ void InclusiveScan(T (&)[N], T (&)[N], Op);\n"                        \
    "  template <int N, class Op> __device__ void InclusiveScan(T (&)[N], T (&)[N], Op, T &block_aggregate);\n"    \
    "  template <int N, class Op> __device__ void InclusiveScan(T (&)[N], T (&)[N], T, Op);\n"                     \
    "  template <int N, class Op> __device__ void InclusiveScan(T (&)[N], T (&)[N], T, Op, T &block_aggregate);\n" \
    "  template <class Op> __device__ void ExclusiveScan(T, T &, Op);\n"                                           \
    /* with a block prefix callback (a functor of the thread's own) */                                            \
    "  template <class P> __device__ void ExclusiveSum(T, T &, P &);\n"                                            \
    "  template <class P> __device__ void InclusiveSum(T, T &, P &);\n"                                            \
    "  template <int N, class P> __device__ void ExclusiveSum(T (&)[N], T (&)[N], P &);\n"                         \
    "  template <int N, class P> __device__ void InclusiveSum(T (&)[N], T (&)[N], P &);\n"                         \
    "  template <class Op, class P> __device__ void ExclusiveScan(T, T &, Op, P &);\n"                             \
    "  template <class Op, class P> __device__ void InclusiveScan(T, T &, Op, P &);\n"                             \
    "  template <int N, class Op, class P> __device__ void ExclusiveScan(T (&)[N], T (&)[N], Op, P &);\n"          \
    "  template <int N, class Op, class P> __device__ void InclusiveScan(T (&)[N], T (&)[N], Op, P &); };\n"       \
    "template <class T, int BLOCK_DIM_X, int ITEMS_PER_THREAD, bool WARP_TIME_SLICING = false,\n"                  \
    "  int BLOCK_DIM_Y = 1, int BLOCK_DIM_Z = 1, int LEGACY_PTX_ARCH = 0>\n"                                        \
    CLASS_HEAD("BlockExchange")                                                                                    \
    "  template <class U> __device__ void StripedToBlocked(U (&)[ITEMS_PER_THREAD]);\n"                            \
    "  template <class U> __device__ void StripedToBlocked(U (&)[ITEMS_PER_THREAD], U (&)[ITEMS_PER_THREAD]);\n"   \
    "  template <class U> __device__ void BlockedToStriped(U (&)[ITEMS_PER_THREAD]);\n"                            \
    "  template <class U> __device__ void BlockedToStriped(U (&)[ITEMS_PER_THREAD], U (&)[ITEMS_PER_THREAD]);\n"   \
    "  template <class U> __device__ void WarpStripedToBlocked(U (&)[ITEMS_PER_THREAD]);\n"                        \
    "  template <class U> __device__ void WarpStripedToBlocked(U (&)[ITEMS_PER_THREAD], U (&)[ITEMS_PER_THREAD]);\n" \
    "  template <class U> __device__ void BlockedToWarpStriped(U (&)[ITEMS_PER_THREAD]);\n"                        \
    "  template <class U> __device__ void BlockedToWarpStriped(U (&)[ITEMS_PER_THREAD], U (&)[ITEMS_PER_THREAD]);\n" \
    "  template <class U, class R> __device__ void ScatterToBlocked(U (&)[ITEMS_PER_THREAD], R (&)[ITEMS_PER_THREAD]);\n" \
    "  template <class U, class R> __device__ void ScatterToStriped(U (&)[ITEMS_PER_THREAD], R (&)[ITEMS_PER_THREAD]); };\n" \
    "template <class KeyT, int BLOCK_DIM_X, int ITEMS_PER_THREAD, class ValueT = NullType, int RADIX_BITS = 4,\n"  \
    "  bool MEMOIZE_OUTER_SCAN = true, BlockScanAlgorithm INNER_SCAN_ALGORITHM = BLOCK_SCAN_WARP_SCANS,\n"          \
    "  int SMEM_CONFIG = 0, int BLOCK_DIM_Y = 1, int BLOCK_DIM_Z = 1, int LEGACY_PTX_ARCH = 0>\n"                   \
    CLASS_HEAD("BlockRadixSort")                                                                                   \
    SORTS("Sort") SORTS("SortDescending") SORTS("SortBlockedToStriped") SORTS("SortDescendingBlockedToStriped")    \
    "};\n"                                                                                                          \
    "template <class KeyT, int BLOCK_DIM_X, int ITEMS_PER_THREAD, class ValueT = NullType, int BLOCK_DIM_Y = 1,\n" \
    "  int BLOCK_DIM_Z = 1>\n"                                                                                       \
    CLASS_HEAD("BlockMergeSort")                                                                                   \
    MERGE_SORTS("Sort") MERGE_SORTS("StableSort") "  __device__ unsigned int get_linear_tid() const; };\n"         \
    "template <class T, int BLOCK_DIM_X, int ITEMS_PER_THREAD, int BINS,\n"                                        \
    "  BlockHistogramAlgorithm ALGORITHM = BLOCK_HISTO_SORT, int BLOCK_DIM_Y = 1, int BLOCK_DIM_Z = 1>\n"          \
    CLASS_HEAD("BlockHistogram")                                                                                   \
    "  template <class C> __device__ void InitHistogram(C *histogram);\n"                                          \
    "  template <class C> __device__ void Histogram(T (&)[ITEMS_PER_THREAD], C *histogram);\n"                     \
    "  template <class C> __device__ void Composite(T (&)[ITEMS_PER_THREAD], C *histogram); };\n"                  \
    "template <class T, int BLOCK_DIM_X, int BLOCK_DIM_Y = 1, int BLOCK_DIM_Z = 1>\n"                               \
    CLASS_HEAD("BlockAdjacentDifference")                                                                          \
    ADJ_DIFF("SubtractLeft") ADJ_DIFF("SubtractRight") "};\n"                                                       \
    "template <class T, int BLOCK_DIM_X, int BLOCK_DIM_Y = 1, int BLOCK_DIM_Z = 1>\n"                               \
    CLASS_HEAD("BlockDiscontinuity")                                                                               \
    "  template <int N, class F, class Op> __device__ void FlagHeads(F (&)[N], T (&)[N], Op);\n"                   \
    "  template <int N, class F, class Op> __device__ void FlagHeads(F (&)[N], T (&)[N], Op, T);\n"                \
    "  template <int N, class F, class Op> __device__ void FlagHeads(F (&)[N], T (&)[N], T (&)[N], Op);\n"         \
    "  template <int N, class F, class Op> __device__ void FlagHeads(F (&)[N], T (&)[N], T (&)[N], Op, T);\n"      \
    "  template <int N, class F, class Op> __device__ void FlagTails(F (&)[N], T (&)[N], Op);\n"                   \
    "  template <int N, class F, class Op> __device__ void FlagTails(F (&)[N], T (&)[N], Op, T);\n"                \
    "  template <int N, class F, class Op> __device__ void FlagHeadsAndTails(F (&)[N], F (&)[N], T (&)[N], Op);\n" \
    "  template <int N, class F, class Op> __device__ void FlagHeadsAndTails(F (&)[N], T, F (&)[N], T (&)[N], Op);\n" \
    "  template <int N, class F, class Op> __device__ void FlagHeadsAndTails(F (&)[N], F (&)[N], T, T (&)[N], Op);\n" \
    "  template <int N, class F, class Op> __device__ void FlagHeadsAndTails(F (&)[N], T, F (&)[N], T, T (&)[N],\n" \
    "    Op); };\n"                                                                                                 \
    "template <class T, int BLOCK_DIM_X, int BLOCK_DIM_Y = 1, int BLOCK_DIM_Z = 1>\n"                               \
    CLASS_HEAD("BlockShuffle")                                                                                     \
    "  __device__ void Offset(T, T &, int = 1); __device__ void Rotate(T, T &, unsigned int = 1);\n"               \
    "  template <int N> __device__ void Up(T (&)[N], T (&)[N]);\n"                                                 \
    "  template <int N> __device__ void Up(T (&)[N], T (&)[N], T &block_suffix);\n"                                \
    "  template <int N> __device__ void Down(T (&)[N], T (&)[N]);\n"                                               \
    "  template <int N> __device__ void Down(T (&)[N], T (&)[N], T &block_prefix); };\n"

/* WarpScan's scans of the first valid_items lanes (CCCL 3.1). */
#define PARTIAL_SCANS(KIND)                                                                                        \
    "  __device__ void " KIND "SumPartial(T, T &, int);\n"                                                        \
    "  __device__ void " KIND "SumPartial(T, T &, int, T &warp_aggregate);\n"                                     \
    "  template <class Op> __device__ void " KIND "ScanPartial(T, T &, Op, int);\n"                                \
    "  template <class Op> __device__ void " KIND "ScanPartial(T, T &, Op, int, T &warp_aggregate);\n"             \
    "  template <class Op> __device__ void " KIND "ScanPartial(T, T &, T, Op, int);\n"                             \
    "  template <class Op> __device__ void " KIND "ScanPartial(T, T &, T, Op, int, T &warp_aggregate);\n"

/* BlockRadixSort's sorts, each with keys or with keys and values, with a
 * bit range or with a decomposer for keys of a custom type. */
#define SORTS(NAME)                                                                                                \
    "  __device__ void " NAME "(KeyT (&)[ITEMS_PER_THREAD], int = 0, int = sizeof(KeyT) * 8);\n"                  \
    "  __device__ void " NAME "(KeyT (&)[ITEMS_PER_THREAD], ValueT (&)[ITEMS_PER_THREAD], int = 0,\n"             \
    "    int = sizeof(KeyT) * 8);\n"                                                                               \
    "  template <class D> __device__ void " NAME "(KeyT (&)[ITEMS_PER_THREAD], D, int = 0, int = 0);\n"           \
    "  template <class D> __device__ void " NAME "(KeyT (&)[ITEMS_PER_THREAD], ValueT (&)[ITEMS_PER_THREAD], D,\n" \
    "    int = 0, int = 0);\n"

/* BlockMergeSort's and WarpMergeSort's sorts: keys, or keys and values,
 * the whole tile or its first valid_items with a default for the rest. */
#define MERGE_SORTS(NAME)                                                                                          \
    "  template <class Op> __device__ void " NAME "(KeyT (&)[ITEMS_PER_THREAD], Op);\n"                           \
    "  template <class Op> __device__ void " NAME "(KeyT (&)[ITEMS_PER_THREAD], Op, int, KeyT);\n"                \
    "  template <class Op> __device__ void " NAME "(KeyT (&)[ITEMS_PER_THREAD], ValueT (&)[ITEMS_PER_THREAD], Op);\n" \
    "  template <class Op> __device__ void " NAME "(KeyT (&)[ITEMS_PER_THREAD], ValueT (&)[ITEMS_PER_THREAD], Op,\n" \
    "    int, KeyT);\n"

/* BlockAdjacentDifference's subtractions, of the whole tile or of its
 * first valid_items, with or without the neighbouring tile's item. */
#define ADJ_DIFF(NAME)                                                                                             \
    "  template <int N, class O, class Op> __device__ void " NAME "(T (&)[N], O (&)[N], Op);\n"                   \
    "  template <int N, class O, class Op> __device__ void " NAME "(T (&)[N], O (&)[N], Op, T);\n"                \
    "  template <int N, class O, class Op> __device__ void " NAME "PartialTile(T (&)[N], O (&)[N], Op, int);\n"   \
    "  template <int N, class O, class Op> __device__ void " NAME "PartialTile(T (&)[N], O (&)[N], Op, int, T);\n"

/* The warp primitives: a logical warp of LOGICAL_WARP_THREADS lanes. */
#define WARP                                                                                                       \
    "template <class T, int LOGICAL_WARP_THREADS = 32>\n"                                                          \
    CLASS_HEAD("WarpScan")                                                                                         \
    "  __device__ void InclusiveSum(T, T &); __device__ void InclusiveSum(T, T &, T &warp_aggregate);\n"           \
    "  __device__ void ExclusiveSum(T, T &); __device__ void ExclusiveSum(T, T &, T &warp_aggregate);\n"           \
    "  template <class Op> __device__ void InclusiveScan(T, T &, Op);\n"                                           \
    "  template <class Op> __device__ void InclusiveScan(T, T &, T, Op);\n"                                        \
    "  template <class Op> __device__ void InclusiveScan(T, T &, Op, T &warp_aggregate);\n"                        \
    "  template <class Op> __device__ void InclusiveScan(T, T &, T, Op, T &warp_aggregate);\n"                     \
    "  template <class Op> __device__ void ExclusiveScan(T, T &, Op);\n"                                           \
    "  template <class Op> __device__ void ExclusiveScan(T, T &, T, Op);\n"                                        \
    "  template <class Op> __device__ void ExclusiveScan(T, T &, Op, T &warp_aggregate);\n"                        \
    "  template <class Op> __device__ void ExclusiveScan(T, T &, T, Op, T &warp_aggregate);\n"                     \
    "  template <class Op> __device__ void Scan(T, T &, T &, Op);\n"                                               \
    "  template <class Op> __device__ void Scan(T, T &, T &, T, Op);\n"                                            \
    PARTIAL_SCANS("Inclusive") PARTIAL_SCANS("Exclusive")                                                          \
    "  template <class Op> __device__ void ScanPartial(T, T &, T &, Op, int);\n"                                    \
    "  template <class Op> __device__ void ScanPartial(T, T &, T &, T, Op, int);\n"                                 \
    "  __device__ T Broadcast(T, unsigned int); };\n"                                                              \
    "template <class T, int LOGICAL_WARP_THREADS = 32>\n"                                                          \
    CLASS_HEAD("WarpReduce")                                                                                       \
    "  __device__ T Sum(T); __device__ T Sum(T, int);\n"                                                           \
    "  template <class Op> __device__ T Reduce(T, Op); template <class Op> __device__ T Reduce(T, Op, int);\n"     \
    "  template <class F> __device__ T HeadSegmentedSum(T, F); template <class F> __device__ T TailSegmentedSum(T, F);\n" \
    "  template <class Op, class F> __device__ T HeadSegmentedReduce(T, F, Op);\n"                                 \
    "  template <class Op, class F> __device__ T TailSegmentedReduce(T, F, Op); };\n"                              \
    "template <class T, int ITEMS_PER_THREAD, int LOGICAL_WARP_THREADS = 32,\n"                                    \
    "  WarpExchangeAlgorithm ALGORITHM = WARP_EXCHANGE_SMEM>\n"                                                    \
    CLASS_HEAD("WarpExchange")                                                                                     \
    "  template <class O> __device__ void BlockedToStriped(const T (&)[ITEMS_PER_THREAD], O (&)[ITEMS_PER_THREAD]);\n" \
    "  template <class O> __device__ void StripedToBlocked(const T (&)[ITEMS_PER_THREAD], O (&)[ITEMS_PER_THREAD]);\n" \
    "  template <class R> __device__ void ScatterToStriped(T (&)[ITEMS_PER_THREAD], R (&)[ITEMS_PER_THREAD]);\n"   \
    "  template <class O, class R> __device__ void ScatterToStriped(const T (&)[ITEMS_PER_THREAD],\n"              \
    "    O (&)[ITEMS_PER_THREAD], R (&)[ITEMS_PER_THREAD]); };\n"                                                   \
    "template <class T, int ITEMS_PER_THREAD, WarpLoadAlgorithm ALGORITHM = WARP_LOAD_DIRECT,\n"                   \
    "  int LOGICAL_WARP_THREADS = 32>\n"                                                                            \
    CLASS_HEAD("WarpLoad")                                                                                         \
    "  template <class It> __device__ void Load(It, T (&)[ITEMS_PER_THREAD]);\n"                                  \
    "  template <class It> __device__ void Load(It, T (&)[ITEMS_PER_THREAD], int);\n"                             \
    "  template <class It, class D> __device__ void Load(It, T (&)[ITEMS_PER_THREAD], int, D); };\n"              \
    "template <class T, int ITEMS_PER_THREAD, WarpStoreAlgorithm ALGORITHM = WARP_STORE_DIRECT,\n"                 \
    "  int LOGICAL_WARP_THREADS = 32>\n"                                                                            \
    CLASS_HEAD("WarpStore")                                                                                        \
    "  template <class It> __device__ void Store(It, T (&)[ITEMS_PER_THREAD]);\n"                                 \
    "  template <class It> __device__ void Store(It, T (&)[ITEMS_PER_THREAD], int); };\n"                         \
    "template <class KeyT, int ITEMS_PER_THREAD, int LOGICAL_WARP_THREADS = 32, class ValueT = NullType>\n"        \
    CLASS_HEAD("WarpMergeSort")                                                                                    \
    MERGE_SORTS("Sort") MERGE_SORTS("StableSort")                                                                  \
    "  __device__ unsigned int get_linear_tid() const; __device__ unsigned int get_member_mask() const; };\n"      \
    "template <class T, int Batches, int LOGICAL_WARP_THREADS = 32, bool SyncPhysicalWarp = false>\n"              \
    CLASS_HEAD("WarpReduceBatched")                                                                                \
    "  template <class I, class Op> __device__ T Reduce(const I &, Op);\n"                                         \
    "  template <class I, class O, class Op> __device__ void Reduce(const I &, O &, Op);\n"                        \
    "  template <class I, class O, class Op> __device__ void Reduce(const I &, O &, Op, unsigned int);\n"          \
    "  template <class I, class O, class Op> __device__ void ReduceToStriped(const I &, O &, Op);\n"               \
    "  template <class I, class O, class Op> __device__ void ReduceToBlocked(const I &, O &, Op);\n"               \
    "  template <class I> __device__ T Sum(const I &);\n"                                                          \
    "  template <class I, class O> __device__ void Sum(const I &, O &);\n"                                         \
    "  template <class I, class O> __device__ void SumToStriped(const I &, O &);\n"                                \
    "  template <class I, class O> __device__ void SumToBlocked(const I &, O &); };\n"

/* CUB's internal primitives (namespace cub::detail, CCCL 3.2+):
 * WarpBitonicSort sorts the striped items of a logical warp with shuffles
 * only (its TempStorage is empty); keys, or keys and values, the whole
 * tile or its first valid_items (with or without a default for the rest).
 * block_topk selects the k largest or smallest keys of a 1-D block's tile
 * through its TempStorage.  BlockPrefetch's Prefetch only hints the
 * caches: it reads and writes nothing, so its body is empty. */
#define TOPK(NAME)                                                                                                 \
    "  template <bool F> __device__ void " NAME "_keys(KeyT (&)[ITEMS_PER_THREAD], int, int, int = 0,\n"          \
    "    int = sizeof(KeyT) * 8);\n"                                                                               \
    "  template <bool F> __device__ void " NAME "_pairs(KeyT (&)[ITEMS_PER_THREAD], ValueT (&)[ITEMS_PER_THREAD],\n" \
    "    int, int, int = 0, int = sizeof(KeyT) * 8);\n"
#define DETAIL                                                                                                     \
    "namespace detail {\n"                                                                                         \
    "template <class KeyT, int BLOCK_DIM_X, int ITEMS_PER_THREAD, class ValueT = NullType>\n"                     \
    CLASS_HEAD("block_topk") TOPK("max") TOPK("min") "};\n"                                                        \
    "enum class LoadPrefetch : int { none, l2, l1, bulk_l2 };\n"                                                   \
    "template <int ThreadsPerBlock, LoadPrefetch PrefetchLevel = LoadPrefetch::l2, int PrefetchStride = 128>\n"   \
    "struct BlockPrefetch { template <class It> __device__ static void Prefetch(It, int) {} };\n"                  \
    "template <class KeyT, int ITEMS_PER_THREAD, int LOGICAL_WARP_THREADS = 32, class ValueT = NullType>\n"       \
    CLASS_HEAD("WarpBitonicSort")                                                                                  \
    "  template <class Op> __device__ void Sort(KeyT (&)[ITEMS_PER_THREAD], Op) const;\n"                        \
    "  template <class Op> __device__ void Sort(KeyT (&)[ITEMS_PER_THREAD], Op, int) const;\n"                   \
    "  template <class Op> __device__ void Sort(KeyT (&)[ITEMS_PER_THREAD], Op, int, KeyT) const;\n"             \
    "  template <class Op> __device__ void Sort(KeyT (&)[ITEMS_PER_THREAD], ValueT (&)[ITEMS_PER_THREAD], Op) const;\n" \
    "  template <class Op> __device__ void Sort(KeyT (&)[ITEMS_PER_THREAD], ValueT (&)[ITEMS_PER_THREAD], Op,\n"  \
    "    int) const;\n"                                                                                            \
    "  template <class Op> __device__ void Sort(KeyT (&)[ITEMS_PER_THREAD], ValueT (&)[ITEMS_PER_THREAD], Op,\n"  \
    "    int, KeyT) const; };\n"                                                                                   \
    "}\n"

/* Thread and warp indices with their bodies: the linear rank in a block of
 * the dimensions given (CUB's row-major order), the lane and the warp. */
#define UTILITIES                                                                                                  \
    "__device__ inline int RowMajorTid(int block_dim_x, int block_dim_y, int block_dim_z)\n"                       \
    "{ return (block_dim_z == 1 ? 0 : threadIdx.z * block_dim_x * block_dim_y) +\n"                                \
    "    (block_dim_y == 1 ? 0 : threadIdx.y * block_dim_x) + threadIdx.x; }\n"                                     \
    "__device__ inline unsigned int LaneId()\n"                                                                     \
    "{ return (threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z)) % 32; }\n"                     \
    "__device__ inline unsigned int WarpId()\n"                                                                     \
    "{ return (threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z)) / 32; }\n"                     \
    "template <int N> struct PowerOfTwo { enum { VALUE = (N & (N - 1)) == 0 }; };\n"                               \
    "namespace detail {\n"                                                                                         \
    "constexpr int warp_threads = 32;\n"                                                                           \
    "constexpr int max_smem_per_block = 48 * 1024;\n"                                                                           \
    "template <class It> struct __mapkit_it_value { using type = typename It::value_type; };\n"                    \
    "template <class T> struct __mapkit_it_value<T *> { using type = T; };\n"                                      \
    "template <class T> struct __mapkit_it_value<const T *> { using type = T; };\n"                                \
    "template <class It> using it_value_t = typename __mapkit_it_value<It>::type;\n"                               \
    "}\n"

static const char header[] = FUNCTIONAL
    "#ifndef __MAPKIT_CUB\n#define __MAPKIT_CUB\n"
    "namespace cub {\n"
    "struct NullType {};\n"
    /* host utilities the examples call (util_device.cuh) */
    "template <class K> cudaError_t MaxSmOccupancy(int &, K, int, int = 0);\n"
    "cudaError_t PtxVersion(int &);\n"
    "cudaError_t SmVersion(int &, int = 0);\n"
    "struct Sum { template <class T> __host__ __device__ T operator()(const T &, const T &) const; };\n"
    "struct Max { template <class T> __host__ __device__ T operator()(const T &, const T &) const; };\n"
    "struct Min { template <class T> __host__ __device__ T operator()(const T &, const T &) const; };\n"
    "enum BlockLoadAlgorithm { BLOCK_LOAD_DIRECT, BLOCK_LOAD_STRIPED, BLOCK_LOAD_VECTORIZE,\n"
    "  BLOCK_LOAD_TRANSPOSE, BLOCK_LOAD_WARP_TRANSPOSE, BLOCK_LOAD_WARP_TRANSPOSE_TIMESLICED };\n"
    "enum BlockStoreAlgorithm { BLOCK_STORE_DIRECT, BLOCK_STORE_STRIPED, BLOCK_STORE_VECTORIZE,\n"
    "  BLOCK_STORE_TRANSPOSE, BLOCK_STORE_WARP_TRANSPOSE, BLOCK_STORE_WARP_TRANSPOSE_TIMESLICED };\n"
    "enum BlockReduceAlgorithm { BLOCK_REDUCE_RAKING_COMMUTATIVE_ONLY, BLOCK_REDUCE_RAKING,\n"
    "  BLOCK_REDUCE_WARP_REDUCTIONS, BLOCK_REDUCE_WARP_REDUCTIONS_NONDETERMINISTIC };\n"
    "enum BlockScanAlgorithm { BLOCK_SCAN_RAKING, BLOCK_SCAN_RAKING_MEMOIZE, BLOCK_SCAN_WARP_SCANS };\n"
    "enum BlockHistogramAlgorithm { BLOCK_HISTO_SORT, BLOCK_HISTO_ATOMIC };\n"
    "enum WarpExchangeAlgorithm { WARP_EXCHANGE_SMEM, WARP_EXCHANGE_SHUFFLE };\n"
    "enum WarpLoadAlgorithm { WARP_LOAD_DIRECT, WARP_LOAD_STRIPED, WARP_LOAD_VECTORIZE, WARP_LOAD_TRANSPOSE };\n"
    "enum WarpStoreAlgorithm { WARP_STORE_DIRECT, WARP_STORE_STRIPED, WARP_STORE_VECTORIZE, WARP_STORE_TRANSPOSE };\n"
    "struct __mapkit_temp_storage { unsigned char __bytes[16]; };\n"
    BLOCK
    WARP
    DETAIL
    UTILITIES
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
