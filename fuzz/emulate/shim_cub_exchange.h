/* CUB's exchanges, sorts, histograms and warp-wide loads and stores for
 * emulation (docs/emulate.md, "CUB"): included by shim_cub.h.  Each moves
 * its items through its TempStorage as CUB's own does: every thread (lane)
 * writes its share, one barrier (the block's, or __syncwarp over the
 * logical warp's lanes), then the reads, and no barrier after, so reusing
 * the storage without a barrier races as it does on the GPU.  A sort reads
 * the whole tile back and sorts it in each thread: the order is CUB's, its
 * passes are not (one exchange stands for them). */
#pragma once

namespace cub {
struct NullType {};
enum BlockHistogramAlgorithm { BLOCK_HISTO_SORT, BLOCK_HISTO_ATOMIC };
enum WarpLoadAlgorithm { WARP_LOAD_DIRECT, WARP_LOAD_STRIPED, WARP_LOAD_VECTORIZE, WARP_LOAD_TRANSPOSE };
enum WarpStoreAlgorithm { WARP_STORE_DIRECT, WARP_STORE_STRIPED, WARP_STORE_VECTORIZE, WARP_STORE_TRANSPOSE };

namespace detail {
/* A key as radix sort orders it: its bits, the sign flipped for signed
 * integers and floating point (negative floats all bits flipped). */
template <class K> MK_CUB_FN unsigned long long radix_bits(K k)
{
    unsigned long long b = 0;
    std::memcpy(&b, &k, sizeof k < sizeof b ? sizeof k : sizeof b);
    const unsigned long long top = 1ull << (8 * sizeof(K) - 1);
    const unsigned long long all = sizeof(K) >= 8 ? ~0ull : (1ull << (8 * sizeof(K))) - 1;
    if (std::is_floating_point<K>::value)
        return (b & top) ? (~b & all) : (b | top);
    if (std::is_signed<K>::value)
        return b ^ top;
    return b;
}
/* Sorts n keys (and their values) stably by less (merge sort's order),
 * in a thread's private copy (its stack: not logged). */
template <class K, class V, class Less> MK_CUB_FN void compare_sort_copy(K *k, V *v, int n, Less less)
{
    int order[n];
    K ks[n];
    V vs[n];
    for (int i = 0; i < n; i++) {
        order[i] = i;
        ks[i] = k[i];
        vs[i] = v[i];
    }
    /* a bottom-up merge sort: std::stable_sort's buffer would be on the
     * heap, outside every object the emulation knows */
    int spare[n];
    for (int width = 1; width < n; width *= 2) {
        for (int lo = 0; lo < n; lo += 2 * width) {
            int mid = lo + width < n ? lo + width : n, hi = lo + 2 * width < n ? lo + 2 * width : n;
            int a = lo, b = mid, o = lo;
            while (a < mid && b < hi)
                spare[o++] = less(ks[order[b]], ks[order[a]]) ? order[b++] : order[a++];
            while (a < mid)
                spare[o++] = order[a++];
            while (b < hi)
                spare[o++] = order[b++];
        }
        for (int i = 0; i < n; i++)
            order[i] = spare[i];
    }
    for (int i = 0; i < n; i++) {
        k[i] = ks[order[i]];
        v[i] = vs[order[i]];
    }
}
/* The same by bits [begin, end) of the keys, ascending or descending. */
template <class K, class V> MK_CUB_FN void radix_sort_copy(K *k, V *v, int n, int begin, int end, bool descending)
{
    int width = end - begin;
    unsigned long long mask = width >= 64 ? ~0ull : (1ull << width) - 1;
    compare_sort_copy(k, v, n, [=](const K &a, const K &b) {
        unsigned long long x = (radix_bits(a) >> begin) & mask, y = (radix_bits(b) >> begin) & mask;
        return descending ? y < x : x < y;
    });
}
/* The lanes of the logical warp of LOGICAL lanes that the calling thread
 * is in, as a mask of its hardware warp. */
template <int LOGICAL> MK_CUB_FN unsigned logical_mask()
{
    if (LOGICAL >= 32)
        return 0xffffffffu;
    unsigned group = mk_lane() / LOGICAL;
    return ((1u << LOGICAL) - 1) << (group * LOGICAL);
}
} // namespace detail

/* ---- BlockExchange: the block's items between arrangements ---- */
template <class T, int BLOCK_DIM_X, int ITEMS, bool WARP_TIME_SLICING = false, int BLOCK_DIM_Y = 1,
          int BLOCK_DIM_Z = 1, int LEGACY_PTX_ARCH = 0>
class BlockExchange {
    enum { THREADS = BLOCK_DIM_X * BLOCK_DIM_Y * BLOCK_DIM_Z };

public:
    struct TempStorage {
        T v[THREADS * ITEMS];
    };
    MK_CUB_FN BlockExchange() : temp(private_storage()) {}
    MK_CUB_FN BlockExchange(TempStorage &t) : temp(t) {}
    template <class O> MK_CUB_FN void StripedToBlocked(const T (&in)[ITEMS], O (&out)[ITEMS], mk::Site at = MK_SITE) { move(in, out, STRIPED, BLOCKED, nullptr, at); }
    MK_CUB_FN void StripedToBlocked(T (&items)[ITEMS], mk::Site at = MK_SITE) { move(items, items, STRIPED, BLOCKED, nullptr, at); }
    template <class O> MK_CUB_FN void BlockedToStriped(const T (&in)[ITEMS], O (&out)[ITEMS], mk::Site at = MK_SITE) { move(in, out, BLOCKED, STRIPED, nullptr, at); }
    MK_CUB_FN void BlockedToStriped(T (&items)[ITEMS], mk::Site at = MK_SITE) { move(items, items, BLOCKED, STRIPED, nullptr, at); }
    template <class O> MK_CUB_FN void WarpStripedToBlocked(const T (&in)[ITEMS], O (&out)[ITEMS], mk::Site at = MK_SITE) { move(in, out, WARP_STRIPED, BLOCKED, nullptr, at); }
    MK_CUB_FN void WarpStripedToBlocked(T (&items)[ITEMS], mk::Site at = MK_SITE) { move(items, items, WARP_STRIPED, BLOCKED, nullptr, at); }
    template <class O> MK_CUB_FN void BlockedToWarpStriped(const T (&in)[ITEMS], O (&out)[ITEMS], mk::Site at = MK_SITE) { move(in, out, BLOCKED, WARP_STRIPED, nullptr, at); }
    MK_CUB_FN void BlockedToWarpStriped(T (&items)[ITEMS], mk::Site at = MK_SITE) { move(items, items, BLOCKED, WARP_STRIPED, nullptr, at); }
    template <class R> MK_CUB_FN void ScatterToBlocked(T (&items)[ITEMS], R (&ranks)[ITEMS], mk::Site at = MK_SITE) { move(items, items, RANKED, BLOCKED, ranks, at); }
    template <class R> MK_CUB_FN void ScatterToStriped(T (&items)[ITEMS], R (&ranks)[ITEMS], mk::Site at = MK_SITE) { move(items, items, RANKED, STRIPED, ranks, at); }

private:
    enum Arrangement { BLOCKED, STRIPED, WARP_STRIPED, RANKED };
    TempStorage &temp;
    static MK_CUB_FN TempStorage &private_storage()
    {
        __shared__ TempStorage storage;
        return storage;
    }
    static MK_CUB_FN int position(Arrangement a, unsigned r, int i)
    {
        if (a == STRIPED)
            return i * THREADS + (int)r;
        if (a == WARP_STRIPED)
            return (int)(r - r % 32) * ITEMS + i * 32 + (int)(r % 32);
        return (int)r * ITEMS + i;
    }
    template <class I, class O, class R>
    MK_CUB_FN void move(const I (&in)[ITEMS], O (&out)[ITEMS], Arrangement from, Arrangement to, R *ranks, mk::Site at)
    {
        unsigned r = mk_block_rank();
        T copy[ITEMS];
        for (int i = 0; i < ITEMS; i++)
            copy[i] = in[i];
        for (int i = 0; i < ITEMS; i++)
            temp.v[from == RANKED ? (int)ranks[i] : position(from, r, i)] = copy[i];
        mk_syncthreads(at.v);
        for (int i = 0; i < ITEMS; i++)
            out[i] = temp.v[position(to, r, i)];
    }
    template <class I, class O>
    MK_CUB_FN void move(const I (&in)[ITEMS], O (&out)[ITEMS], Arrangement from, Arrangement to, std::nullptr_t, mk::Site at)
    {
        move(in, out, from, to, (int *)nullptr, at);
    }
};

/* ---- BlockRadixSort: keys (and values) blocked in the threads ---- */
template <class K, int BLOCK_DIM_X, int ITEMS, class V = NullType, int RADIX_BITS = 4, bool MEMOIZE = true,
          int INNER_SCAN = 0, int SMEM_CONFIG = 0, int BLOCK_DIM_Y = 1, int BLOCK_DIM_Z = 1, int LEGACY_PTX_ARCH = 0>
class BlockRadixSort {
    enum { THREADS = BLOCK_DIM_X * BLOCK_DIM_Y * BLOCK_DIM_Z, N = THREADS * ITEMS };
    typedef typename std::conditional<std::is_same<V, NullType>::value, char, V>::type Val;

public:
    struct TempStorage {
        K keys[N];
        Val vals[N];
    };
    MK_CUB_FN BlockRadixSort() : temp(private_storage()) {}
    MK_CUB_FN BlockRadixSort(TempStorage &t) : temp(t) {}
    MK_CUB_FN void Sort(K (&k)[ITEMS], int begin = 0, int end = 8 * sizeof(K), mk::Site at = MK_SITE) { sort(k, nullptr, begin, end, false, false, at); }
    MK_CUB_FN void Sort(K (&k)[ITEMS], Val (&v)[ITEMS], int begin = 0, int end = 8 * sizeof(K), mk::Site at = MK_SITE) { sort(k, v, begin, end, false, false, at); }
    MK_CUB_FN void SortDescending(K (&k)[ITEMS], int begin = 0, int end = 8 * sizeof(K), mk::Site at = MK_SITE) { sort(k, nullptr, begin, end, true, false, at); }
    MK_CUB_FN void SortDescending(K (&k)[ITEMS], Val (&v)[ITEMS], int begin = 0, int end = 8 * sizeof(K), mk::Site at = MK_SITE) { sort(k, v, begin, end, true, false, at); }
    MK_CUB_FN void SortBlockedToStriped(K (&k)[ITEMS], int begin = 0, int end = 8 * sizeof(K), mk::Site at = MK_SITE) { sort(k, nullptr, begin, end, false, true, at); }
    MK_CUB_FN void SortBlockedToStriped(K (&k)[ITEMS], Val (&v)[ITEMS], int begin = 0, int end = 8 * sizeof(K), mk::Site at = MK_SITE) { sort(k, v, begin, end, false, true, at); }
    MK_CUB_FN void SortDescendingBlockedToStriped(K (&k)[ITEMS], int begin = 0, int end = 8 * sizeof(K), mk::Site at = MK_SITE) { sort(k, nullptr, begin, end, true, true, at); }

private:
    TempStorage &temp;
    static MK_CUB_FN TempStorage &private_storage()
    {
        __shared__ TempStorage storage;
        return storage;
    }
    MK_CUB_FN void sort(K (&k)[ITEMS], Val *v, int begin, int end, bool descending, bool striped, mk::Site at)
    {
        unsigned r = mk_block_rank();
        for (int i = 0; i < ITEMS; i++) {
            temp.keys[r * ITEMS + i] = k[i];
            if (v)
                temp.vals[r * ITEMS + i] = v[i];
        }
        mk_syncthreads(at.v);
        K keys[N];
        Val vals[N];
        for (int i = 0; i < N; i++) {
            keys[i] = temp.keys[i];
            vals[i] = v ? temp.vals[i] : Val();
        }
        detail::radix_sort_copy(keys, vals, N, begin, end, descending);
        for (int i = 0; i < ITEMS; i++) {
            int at_sorted = striped ? i * THREADS + (int)r : (int)r * ITEMS + i;
            k[i] = keys[at_sorted];
            if (v)
                v[i] = vals[at_sorted];
        }
    }
};

/* ---- BlockHistogram: counts into the caller's bins ---- */
template <class T, int BLOCK_DIM_X, int ITEMS, int BINS, BlockHistogramAlgorithm ALGORITHM = BLOCK_HISTO_SORT,
          int BLOCK_DIM_Y = 1, int BLOCK_DIM_Z = 1, int LEGACY_PTX_ARCH = 0>
class BlockHistogram {
    enum { THREADS = BLOCK_DIM_X * BLOCK_DIM_Y * BLOCK_DIM_Z };

public:
    struct TempStorage {
        T items[THREADS * ITEMS];
    };
    MK_CUB_FN BlockHistogram() : temp(private_storage()) {}
    MK_CUB_FN BlockHistogram(TempStorage &t) : temp(t) {}
    /* each thread zeroes its striped share of the bins; no barrier */
    template <class C> MK_CUB_FN void InitHistogram(C histogram[BINS])
    {
        for (int b = (int)mk_block_rank(); b < BINS; b += THREADS)
            histogram[b] = 0;
    }
    template <class C> MK_CUB_FN void Histogram(T (&items)[ITEMS], C histogram[BINS], mk::Site at = MK_SITE)
    {
        InitHistogram(histogram);
        mk_syncthreads(at.v);
        Composite(items, histogram, at);
    }
    /* atomic: each item adds one to its bin; sort: the items exchanged,
     * then each bin's count added by one thread (the one owning it) */
    template <class C> MK_CUB_FN void Composite(T (&items)[ITEMS], C histogram[BINS], mk::Site at = MK_SITE)
    {
        if (ALGORITHM == BLOCK_HISTO_ATOMIC) {
            for (int i = 0; i < ITEMS; i++)
                atomicAdd(&histogram[(int)items[i]], (C)1);
            return;
        }
        unsigned r = mk_block_rank();
        for (int i = 0; i < ITEMS; i++)
            temp.items[r * ITEMS + i] = items[i];
        mk_syncthreads(at.v);
        for (int b = (int)r; b < BINS; b += THREADS) {
            C count = 0;
            for (int j = 0; j < THREADS * ITEMS; j++)
                count += (int)temp.items[j] == b;
            if (count)
                histogram[b] += count;
        }
    }

private:
    TempStorage &temp;
    static MK_CUB_FN TempStorage &private_storage()
    {
        __shared__ TempStorage storage;
        return storage;
    }
};

/* ---- warp-wide collectives over a logical warp of LOGICAL lanes ---- */
template <class T, int ITEMS, int LOGICAL> struct WarpTile {
    struct TempStorage {
        T v[LOGICAL * ITEMS];
    };
    static MK_CUB_FN unsigned lane() { return mk_block_rank() % LOGICAL; }
    static MK_CUB_FN int blocked(int i) { return (int)lane() * ITEMS + i; }
    static MK_CUB_FN int striped(int i) { return i * LOGICAL + (int)lane(); }
    static MK_CUB_FN void sync() { mk_syncwarp(detail::logical_mask<LOGICAL>()); }
};

template <class T, int ITEMS, WarpLoadAlgorithm ALGORITHM = WARP_LOAD_DIRECT, int LOGICAL = 32, int LEGACY_PTX_ARCH = 0>
class WarpLoad {
    typedef WarpTile<T, ITEMS, LOGICAL> W;

public:
    typedef typename W::TempStorage TempStorage;
    MK_CUB_FN WarpLoad() : temp(private_storage()) {}
    MK_CUB_FN WarpLoad(TempStorage &t) : temp(t) {}
    template <class It> MK_CUB_FN void Load(It it, T (&items)[ITEMS]) { load(it, items, LOGICAL * ITEMS, false, T()); }
    template <class It> MK_CUB_FN void Load(It it, T (&items)[ITEMS], int valid) { load(it, items, valid, false, T()); }
    template <class It, class D> MK_CUB_FN void Load(It it, T (&items)[ITEMS], int valid, D oob) { load(it, items, valid, true, T(oob)); }

private:
    TempStorage &temp;
    static MK_CUB_FN TempStorage &private_storage()
    {
        __shared__ TempStorage storage[32];
        return storage[mk_block_rank() / 32];
    }
    template <class It> MK_CUB_FN void load(It it, T (&items)[ITEMS], int valid, bool fill, T oob)
    {
        bool through = ALGORITHM == WARP_LOAD_TRANSPOSE;
        for (int i = 0; i < ITEMS; i++) {
            int g = ALGORITHM == WARP_LOAD_STRIPED || through ? W::striped(i) : W::blocked(i);
            if (g >= valid && !fill)
                continue;
            T v = g < valid ? it[g] : oob;
            if (through)
                temp.v[g] = v;
            else
                items[i] = v;
        }
        if (!through)
            return;
        W::sync();
        for (int i = 0; i < ITEMS; i++)
            items[i] = temp.v[W::blocked(i)];
    }
};

template <class T, int ITEMS, WarpStoreAlgorithm ALGORITHM = WARP_STORE_DIRECT, int LOGICAL = 32, int LEGACY_PTX_ARCH = 0>
class WarpStore {
    typedef WarpTile<T, ITEMS, LOGICAL> W;

public:
    typedef typename W::TempStorage TempStorage;
    MK_CUB_FN WarpStore() : temp(private_storage()) {}
    MK_CUB_FN WarpStore(TempStorage &t) : temp(t) {}
    template <class It> MK_CUB_FN void Store(It it, T (&items)[ITEMS]) { store(it, items, LOGICAL * ITEMS); }
    template <class It> MK_CUB_FN void Store(It it, T (&items)[ITEMS], int valid) { store(it, items, valid); }

private:
    TempStorage &temp;
    static MK_CUB_FN TempStorage &private_storage()
    {
        __shared__ TempStorage storage[32];
        return storage[mk_block_rank() / 32];
    }
    template <class It> MK_CUB_FN void store(It it, T (&items)[ITEMS], int valid)
    {
        bool through = ALGORITHM == WARP_STORE_TRANSPOSE;
        if (through) {
            for (int i = 0; i < ITEMS; i++)
                temp.v[W::blocked(i)] = items[i];
            W::sync();
        }
        for (int i = 0; i < ITEMS; i++) {
            int g = ALGORITHM == WARP_STORE_STRIPED || through ? W::striped(i) : W::blocked(i);
            if (g < valid)
                it[g] = through ? temp.v[g] : items[i];
        }
    }
};

template <class T, int ITEMS, int LOGICAL = 32, int LEGACY_PTX_ARCH = 0> class WarpExchange {
    typedef WarpTile<T, ITEMS, LOGICAL> W;

public:
    typedef typename W::TempStorage TempStorage;
    MK_CUB_FN WarpExchange(TempStorage &t) : temp(t) {}
    template <class I, class O> MK_CUB_FN void BlockedToStriped(const I (&in)[ITEMS], O (&out)[ITEMS]) { move(in, out, false); }
    template <class I, class O> MK_CUB_FN void StripedToBlocked(const I (&in)[ITEMS], O (&out)[ITEMS]) { move(in, out, true); }
    template <class R> MK_CUB_FN void ScatterToStriped(T (&items)[ITEMS], R (&ranks)[ITEMS])
    {
        T copy[ITEMS];
        for (int i = 0; i < ITEMS; i++)
            copy[i] = items[i];
        for (int i = 0; i < ITEMS; i++)
            temp.v[(int)ranks[i]] = copy[i];
        W::sync();
        for (int i = 0; i < ITEMS; i++)
            items[i] = temp.v[W::striped(i)];
    }

private:
    TempStorage &temp;
    template <class I, class O> MK_CUB_FN void move(const I (&in)[ITEMS], O (&out)[ITEMS], bool from_striped)
    {
        T copy[ITEMS];
        for (int i = 0; i < ITEMS; i++)
            copy[i] = in[i];
        for (int i = 0; i < ITEMS; i++)
            temp.v[from_striped ? W::striped(i) : W::blocked(i)] = copy[i];
        W::sync();
        for (int i = 0; i < ITEMS; i++)
            out[i] = temp.v[from_striped ? W::blocked(i) : W::striped(i)];
    }
};

template <class K, int ITEMS, int LOGICAL = 32, class V = NullType, int LEGACY_PTX_ARCH = 0> class WarpMergeSort {
    typedef WarpTile<K, ITEMS, LOGICAL> W;
    typedef typename std::conditional<std::is_same<V, NullType>::value, char, V>::type Val;
    enum { N = LOGICAL * ITEMS };

public:
    struct TempStorage {
        K keys[N];
        Val vals[N];
    };
    MK_CUB_FN WarpMergeSort(TempStorage &t) : temp(t) {}
    MK_CUB_FN unsigned get_linear_tid() const { return W::lane(); }
    MK_CUB_FN unsigned get_member_mask() const { return detail::logical_mask<LOGICAL>(); }
    template <class Less> MK_CUB_FN void Sort(K (&k)[ITEMS], Less less) { sort(k, nullptr, less); }
    template <class Less> MK_CUB_FN void Sort(K (&k)[ITEMS], Val (&v)[ITEMS], Less less) { sort(k, v, less); }
    template <class Less> MK_CUB_FN void StableSort(K (&k)[ITEMS], Less less) { sort(k, nullptr, less); }
    template <class Less> MK_CUB_FN void StableSort(K (&k)[ITEMS], Val (&v)[ITEMS], Less less) { sort(k, v, less); }

private:
    TempStorage &temp;
    template <class Less> MK_CUB_FN void sort(K (&k)[ITEMS], Val *v, Less less)
    {
        for (int i = 0; i < ITEMS; i++) {
            temp.keys[W::blocked(i)] = k[i];
            if (v)
                temp.vals[W::blocked(i)] = v[i];
        }
        W::sync();
        K keys[N];
        Val vals[N];
        for (int i = 0; i < N; i++) {
            keys[i] = temp.keys[i];
            vals[i] = v ? temp.vals[i] : Val();
        }
        detail::compare_sort_copy(keys, vals, N, less);
        for (int i = 0; i < ITEMS; i++) {
            k[i] = keys[W::blocked(i)];
            if (v)
                v[i] = vals[W::blocked(i)];
        }
    }
};
} // namespace cub
