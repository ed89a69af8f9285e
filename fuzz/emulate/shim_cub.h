/* CUB's block-wide and direct primitives for emulation (docs/emulate.md,
 * "CUB"): force-included after shim_cuda.h; <cub/...> headers are empty.
 * Each collective works through its TempStorage (the caller's __shared__
 * object, or a private one) as CUB's own does: every thread writes its
 * share, one block barrier (a warp's for WARP_TRANSPOSE), then the reads,
 * and no barrier after, so reusing the storage without __syncthreads races
 * as it does on the GPU.  Its barrier takes the caller's line and column
 * (a default argument), so two calls are two barriers.  What is not here
 * or in shim_cub_exchange.h (the device-wide algorithms, warp reductions
 * and scans) is a compile error, reported as such. */
#pragma once

namespace mk {
/* the barrier's site: the caller's position, not this file's */
struct Site {
    unsigned v;
    constexpr Site(unsigned at) : v(at) {}
};
} // namespace mk
/* inlined even at -O0, so that an access or barrier inside reports its
 * caller's line (the symbolizer's inlined frames) */
#define MK_CUB_FN __attribute__((always_inline))

namespace cuda {
template <class T = void> struct maximum {
    template <class A, class B> auto operator()(const A &a, const B &b) const { return a < b ? b : a; }
};
template <class T = void> struct minimum {
    template <class A, class B> auto operator()(const A &a, const B &b) const { return b < a ? b : a; }
};
} // namespace cuda

namespace cub {
struct Sum {
    template <class T> MK_CUB_FN T operator()(const T &a, const T &b) const { return a + b; }
};
struct Max {
    template <class T> MK_CUB_FN T operator()(const T &a, const T &b) const { return a < b ? b : a; }
};
struct Min {
    template <class T> MK_CUB_FN T operator()(const T &a, const T &b) const { return b < a ? b : a; }
};
enum BlockReduceAlgorithm {
    BLOCK_REDUCE_RAKING_COMMUTATIVE_ONLY,
    BLOCK_REDUCE_RAKING,
    BLOCK_REDUCE_WARP_REDUCTIONS,
    BLOCK_REDUCE_WARP_REDUCTIONS_NONDETERMINISTIC
};
enum BlockScanAlgorithm { BLOCK_SCAN_RAKING, BLOCK_SCAN_RAKING_MEMOIZE, BLOCK_SCAN_WARP_SCANS };
enum BlockLoadAlgorithm {
    BLOCK_LOAD_DIRECT,
    BLOCK_LOAD_STRIPED,
    BLOCK_LOAD_VECTORIZE,
    BLOCK_LOAD_TRANSPOSE,
    BLOCK_LOAD_WARP_TRANSPOSE,
    BLOCK_LOAD_WARP_TRANSPOSE_TIMESLICED
};
enum BlockStoreAlgorithm {
    BLOCK_STORE_DIRECT,
    BLOCK_STORE_STRIPED,
    BLOCK_STORE_VECTORIZE,
    BLOCK_STORE_TRANSPOSE,
    BLOCK_STORE_WARP_TRANSPOSE,
    BLOCK_STORE_WARP_TRANSPOSE_TIMESLICED
};

/* ---- direct loads and stores: no storage, no barrier ---- */
template <class T, int N, class It> MK_INLINE void LoadDirectBlocked(int tid, It it, T (&items)[N])
{
    for (int i = 0; i < N; i++)
        items[i] = it[tid * N + i];
}
template <class T, int N, class It> MK_INLINE void LoadDirectBlocked(int tid, It it, T (&items)[N], int valid)
{
    for (int i = 0; i < N; i++)
        if (tid * N + i < valid)
            items[i] = it[tid * N + i];
}
template <class T, int N, class It, class D>
MK_INLINE void LoadDirectBlocked(int tid, It it, T (&items)[N], int valid, D oob)
{
    for (int i = 0; i < N; i++)
        items[i] = tid * N + i < valid ? it[tid * N + i] : T(oob);
}
template <int BLOCK, class T, int N, class It> MK_INLINE void LoadDirectStriped(int tid, It it, T (&items)[N])
{
    for (int i = 0; i < N; i++)
        items[i] = it[i * BLOCK + tid];
}
template <int BLOCK, class T, int N, class It>
MK_INLINE void LoadDirectStriped(int tid, It it, T (&items)[N], int valid)
{
    for (int i = 0; i < N; i++)
        if (i * BLOCK + tid < valid)
            items[i] = it[i * BLOCK + tid];
}
template <int BLOCK, class T, int N, class It, class D>
MK_INLINE void LoadDirectStriped(int tid, It it, T (&items)[N], int valid, D oob)
{
    for (int i = 0; i < N; i++)
        items[i] = i * BLOCK + tid < valid ? it[i * BLOCK + tid] : T(oob);
}
template <class T, int N, class It> MK_INLINE void StoreDirectBlocked(int tid, It it, T (&items)[N])
{
    for (int i = 0; i < N; i++)
        it[tid * N + i] = items[i];
}
template <class T, int N, class It> MK_INLINE void StoreDirectBlocked(int tid, It it, T (&items)[N], int valid)
{
    for (int i = 0; i < N; i++)
        if (tid * N + i < valid)
            it[tid * N + i] = items[i];
}
template <int BLOCK, class T, int N, class It> MK_INLINE void StoreDirectStriped(int tid, It it, T (&items)[N])
{
    for (int i = 0; i < N; i++)
        it[i * BLOCK + tid] = items[i];
}
template <int BLOCK, class T, int N, class It>
MK_INLINE void StoreDirectStriped(int tid, It it, T (&items)[N], int valid)
{
    for (int i = 0; i < N; i++)
        if (i * BLOCK + tid < valid)
            it[i * BLOCK + tid] = items[i];
}

/* ---- block collectives over a TempStorage ---- */
template <class T, int BLOCK_DIM_X, BlockReduceAlgorithm ALGORITHM = BLOCK_REDUCE_WARP_REDUCTIONS, int BLOCK_DIM_Y = 1,
          int BLOCK_DIM_Z = 1, int LEGACY_PTX_ARCH = 0>
class BlockReduce {
    enum { THREADS = BLOCK_DIM_X * BLOCK_DIM_Y * BLOCK_DIM_Z };

public:
    struct TempStorage {
        T partial[THREADS];
    };
    MK_CUB_FN BlockReduce() : temp(private_storage()) {}
    MK_CUB_FN BlockReduce(TempStorage &t) : temp(t) {}
    /* the aggregate, in thread 0 */
    template <class Op> MK_CUB_FN T Reduce(T x, Op op, mk::Site at = MK_SITE) { return reduce(x, op, THREADS, at); }
    template <class Op> MK_CUB_FN T Reduce(T x, Op op, int valid, mk::Site at = MK_SITE) { return reduce(x, op, valid, at); }
    template <int N, class Op> MK_CUB_FN T Reduce(T (&x)[N], Op op, mk::Site at = MK_SITE) { return reduce(fold(x, op), op, THREADS, at); }
    MK_CUB_FN T Sum(T x, mk::Site at = MK_SITE) { return reduce(x, cub::Sum(), THREADS, at); }
    MK_CUB_FN T Sum(T x, int valid, mk::Site at = MK_SITE) { return reduce(x, cub::Sum(), valid, at); }
    template <int N> MK_CUB_FN T Sum(T (&x)[N], mk::Site at = MK_SITE) { return reduce(fold(x, cub::Sum()), cub::Sum(), THREADS, at); }

private:
    TempStorage &temp;
    static MK_CUB_FN TempStorage &private_storage()
    {
        __shared__ TempStorage storage;
        return storage;
    }
    template <int N, class Op> static MK_CUB_FN T fold(T (&x)[N], Op op)
    {
        T v = x[0];
        for (int i = 1; i < N; i++)
            v = op(v, x[i]);
        return v;
    }
    template <class Op> MK_CUB_FN T reduce(T x, Op op, int valid, mk::Site at)
    {
        unsigned r = mk_block_rank();
        temp.partial[r] = x;
        mk_syncthreads(at.v);
        if (r != 0)
            return x; /* CUB defines the aggregate in thread 0 only */
        T v = temp.partial[0];
        for (int i = 1; i < valid && i < THREADS; i++)
            v = op(v, temp.partial[i]);
        return v;
    }
};

template <class T, int BLOCK_DIM_X, BlockScanAlgorithm ALGORITHM = BLOCK_SCAN_RAKING, int BLOCK_DIM_Y = 1,
          int BLOCK_DIM_Z = 1, int LEGACY_PTX_ARCH = 0>
class BlockScan {
    enum { THREADS = BLOCK_DIM_X * BLOCK_DIM_Y * BLOCK_DIM_Z };

public:
    struct TempStorage {
        T partial[THREADS];
    };
    MK_CUB_FN BlockScan() : temp(private_storage()) {}
    MK_CUB_FN BlockScan(TempStorage &t) : temp(t) {}

    MK_CUB_FN void ExclusiveSum(T in, T &out, mk::Site at = MK_SITE) { T all; one(in, out, all, cub::Sum(), T(), true, true, at); }
    MK_CUB_FN void ExclusiveSum(T in, T &out, T &aggregate, mk::Site at = MK_SITE) { one(in, out, aggregate, cub::Sum(), T(), true, true, at); }
    MK_CUB_FN void InclusiveSum(T in, T &out, mk::Site at = MK_SITE) { T all; one(in, out, all, cub::Sum(), T(), false, false, at); }
    MK_CUB_FN void InclusiveSum(T in, T &out, T &aggregate, mk::Site at = MK_SITE) { one(in, out, aggregate, cub::Sum(), T(), false, false, at); }
    template <class Op> MK_CUB_FN void ExclusiveScan(T in, T &out, T init, Op op, mk::Site at = MK_SITE) { T all; one(in, out, all, op, init, true, true, at); }
    template <class Op> MK_CUB_FN void ExclusiveScan(T in, T &out, T init, Op op, T &aggregate, mk::Site at = MK_SITE) { one(in, out, aggregate, op, init, true, true, at); }
    template <class Op> MK_CUB_FN void InclusiveScan(T in, T &out, Op op, mk::Site at = MK_SITE) { T all; one(in, out, all, op, T(), false, false, at); }
    template <class Op> MK_CUB_FN void InclusiveScan(T in, T &out, Op op, T &aggregate, mk::Site at = MK_SITE) { one(in, out, aggregate, op, T(), false, false, at); }

    template <int N> MK_CUB_FN void ExclusiveSum(T (&in)[N], T (&out)[N], mk::Site at = MK_SITE) { T all; many(in, out, all, cub::Sum(), T(), true, true, at); }
    template <int N> MK_CUB_FN void ExclusiveSum(T (&in)[N], T (&out)[N], T &aggregate, mk::Site at = MK_SITE) { many(in, out, aggregate, cub::Sum(), T(), true, true, at); }
    template <int N> MK_CUB_FN void InclusiveSum(T (&in)[N], T (&out)[N], mk::Site at = MK_SITE) { T all; many(in, out, all, cub::Sum(), T(), false, false, at); }
    template <int N> MK_CUB_FN void InclusiveSum(T (&in)[N], T (&out)[N], T &aggregate, mk::Site at = MK_SITE) { many(in, out, aggregate, cub::Sum(), T(), false, false, at); }
    template <int N, class Op> MK_CUB_FN void ExclusiveScan(T (&in)[N], T (&out)[N], T init, Op op, mk::Site at = MK_SITE) { T all; many(in, out, all, op, init, true, true, at); }
    template <int N, class Op> MK_CUB_FN void InclusiveScan(T (&in)[N], T (&out)[N], Op op, mk::Site at = MK_SITE) { T all; many(in, out, all, op, T(), false, false, at); }

private:
    TempStorage &temp;
    static MK_CUB_FN TempStorage &private_storage()
    {
        __shared__ TempStorage storage;
        return storage;
    }
    /* the combination of the partials of ranks [0, upto) after seed (when
     * seeded), and whether there was any */
    template <class Op> MK_CUB_FN bool prefix(unsigned upto, Op op, T seed, bool seeded, T &acc)
    {
        bool any = seeded;
        acc = seed;
        for (unsigned i = 0; i < upto; i++) {
            acc = any ? op(acc, temp.partial[i]) : temp.partial[i];
            any = true;
        }
        return any;
    }
    template <class Op> MK_CUB_FN T exchange(T mine, T &total, Op op, T init, bool seeded, mk::Site at)
    {
        unsigned r = mk_block_rank();
        temp.partial[r] = mine;
        mk_syncthreads(at.v);
        T before;
        if (!prefix(r, op, init, seeded, before))
            before = T();
        prefix(THREADS, op, init, false, total);
        return before;
    }
    template <class Op> MK_CUB_FN void one(T in, T &out, T &total, Op op, T init, bool exclusive, bool seeded, mk::Site at)
    {
        T before = exchange(in, total, op, init, seeded, at);
        bool first = mk_block_rank() == 0 && !seeded;
        out = exclusive ? before : first ? in : op(before, in);
    }
    template <int N, class Op>
    MK_CUB_FN void many(T (&in)[N], T (&out)[N], T &total, Op op, T init, bool exclusive, bool seeded, mk::Site at)
    {
        T copy[N];
        for (int i = 0; i < N; i++)
            copy[i] = in[i];
        T mine = copy[0];
        for (int i = 1; i < N; i++)
            mine = op(mine, copy[i]);
        T run = exchange(mine, total, op, init, seeded, at);
        bool any = mk_block_rank() > 0 || seeded;
        for (int i = 0; i < N; i++) {
            T next = any ? op(run, copy[i]) : copy[i];
            out[i] = exclusive ? run : next;
            run = next;
            any = true;
        }
    }
};

/* Loads and stores through a transpose in shared memory: the block's
 * (WARP_TRANSPOSE: each warp's) items move striped in global memory and
 * blocked in the threads, ordered by a block (warp) barrier. */
template <class T, int BLOCK_DIM_X, int ITEMS, int WHICH, int THREADS> struct Transpose {
    struct TempStorage {
        T v[THREADS * ITEMS];
    };
    /* the striped position of item i of thread r, in the whole block or in its warp */
    static MK_CUB_FN int striped(unsigned r, int i, bool warp)
    {
        if (!warp)
            return i * THREADS + (int)r;
        int lane = (int)(r % 32), base = (int)(r - r % 32) * ITEMS;
        return base + i * 32 + lane;
    }
    static MK_CUB_FN int blocked(unsigned r, int i) { return (int)r * ITEMS + i; }
    static MK_CUB_FN void sync(bool warp, mk::Site at)
    {
        if (warp)
            __syncwarp();
        else
            mk_syncthreads(at.v);
    }
};

template <class T, int BLOCK_DIM_X, int ITEMS, BlockLoadAlgorithm ALGORITHM = BLOCK_LOAD_DIRECT, int BLOCK_DIM_Y = 1,
          int BLOCK_DIM_Z = 1, int LEGACY_PTX_ARCH = 0>
class BlockLoad {
    enum { THREADS = BLOCK_DIM_X * BLOCK_DIM_Y * BLOCK_DIM_Z };
    typedef Transpose<T, BLOCK_DIM_X, ITEMS, 0, THREADS> X;

public:
    typedef typename X::TempStorage TempStorage;
    MK_CUB_FN BlockLoad() : temp(private_storage()) {}
    MK_CUB_FN BlockLoad(TempStorage &t) : temp(t) {}
    template <class It> MK_CUB_FN void Load(It it, T (&items)[ITEMS], mk::Site at = MK_SITE) { load(it, items, THREADS * ITEMS, false, T(), at); }
    template <class It> MK_CUB_FN void Load(It it, T (&items)[ITEMS], int valid, mk::Site at = MK_SITE) { load(it, items, valid, false, T(), at); }
    template <class It, class D> MK_CUB_FN void Load(It it, T (&items)[ITEMS], int valid, D oob, mk::Site at = MK_SITE) { load(it, items, valid, true, T(oob), at); }

private:
    TempStorage &temp;
    static MK_CUB_FN TempStorage &private_storage()
    {
        __shared__ TempStorage storage;
        return storage;
    }
    template <class It> MK_CUB_FN void load(It it, T (&items)[ITEMS], int valid, bool fill, T oob, mk::Site at)
    {
        unsigned r = mk_block_rank();
        bool warp = ALGORITHM == BLOCK_LOAD_WARP_TRANSPOSE || ALGORITHM == BLOCK_LOAD_WARP_TRANSPOSE_TIMESLICED;
        bool through = ALGORITHM == BLOCK_LOAD_TRANSPOSE || warp;
        for (int i = 0; i < ITEMS; i++) {
            int g = ALGORITHM == BLOCK_LOAD_STRIPED || through ? X::striped(r, i, warp) : X::blocked(r, i);
            T v = g < valid ? it[g] : oob;
            if (g < valid || fill) {
                if (through)
                    temp.v[g] = v;
                else
                    items[i] = v;
            }
        }
        if (!through)
            return;
        X::sync(warp, at);
        for (int i = 0; i < ITEMS; i++)
            items[i] = temp.v[X::blocked(r, i)];
    }
};

template <class T, int BLOCK_DIM_X, int ITEMS, BlockStoreAlgorithm ALGORITHM = BLOCK_STORE_DIRECT, int BLOCK_DIM_Y = 1,
          int BLOCK_DIM_Z = 1, int LEGACY_PTX_ARCH = 0>
class BlockStore {
    enum { THREADS = BLOCK_DIM_X * BLOCK_DIM_Y * BLOCK_DIM_Z };
    typedef Transpose<T, BLOCK_DIM_X, ITEMS, 1, THREADS> X;

public:
    typedef typename X::TempStorage TempStorage;
    MK_CUB_FN BlockStore() : temp(private_storage()) {}
    MK_CUB_FN BlockStore(TempStorage &t) : temp(t) {}
    template <class It> MK_CUB_FN void Store(It it, T (&items)[ITEMS], mk::Site at = MK_SITE) { store(it, items, THREADS * ITEMS, at); }
    template <class It> MK_CUB_FN void Store(It it, T (&items)[ITEMS], int valid, mk::Site at = MK_SITE) { store(it, items, valid, at); }

private:
    TempStorage &temp;
    static MK_CUB_FN TempStorage &private_storage()
    {
        __shared__ TempStorage storage;
        return storage;
    }
    template <class It> MK_CUB_FN void store(It it, T (&items)[ITEMS], int valid, mk::Site at)
    {
        unsigned r = mk_block_rank();
        bool warp = ALGORITHM == BLOCK_STORE_WARP_TRANSPOSE || ALGORITHM == BLOCK_STORE_WARP_TRANSPOSE_TIMESLICED;
        bool through = ALGORITHM == BLOCK_STORE_TRANSPOSE || warp;
        if (through) {
            for (int i = 0; i < ITEMS; i++)
                temp.v[X::blocked(r, i)] = items[i];
            X::sync(warp, at);
        }
        for (int i = 0; i < ITEMS; i++) {
            int g = ALGORITHM == BLOCK_STORE_STRIPED || through ? X::striped(r, i, warp) : X::blocked(r, i);
            if (g < valid)
                it[g] = through ? temp.v[g] : items[i];
        }
    }
};
} // namespace cub

/* exchanges, sorts, histograms, warp-wide loads and stores */
#include "shim_cub_exchange.h"
