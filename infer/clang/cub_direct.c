/* CUB's direct loads and stores (docs/inference.md, "Atomics, libcu++ and
 * CUB"): cub::LoadDirectBlocked, LoadDirectStriped, LoadDirectWarpStriped
 * and the StoreDirect* functions move a thread's ITEMS_PER_THREAD items
 * between an array and its registers, with no TempStorage and no barrier.
 * Unlike the block primitives (cub.c), they are served with their bodies,
 * written from CUB's documented arrangements, so the front end inlines
 * them and follows every access:
 *   blocked       thread t, item i:  t * IPT + i
 *   striped       thread t, item i:  t + i * BLOCK_THREADS
 *   warp-striped  thread t, item i:  (t / 32) * 32 * IPT + t % 32 + i * 32
 * The guarded forms touch only offsets below valid_items.  The bodies take
 * pointers; another iterator (CacheModifiedInputIterator) meets the
 * declarations without a body: an unknown function, not followed.
 *
 * Ownership: static text; the CUB stand-in with these appended (and the
 * libcu++ stand-ins CUB's headers include, cccl.c) is built once
 * (pthread_once) and never freed. */
#include "cub_direct.h"
#include "library_headers.h"

#include "arena.h"

#include <pthread.h>
#include <string.h>

#define LOOP "for (int i = 0; i < IPT; i++)"
#define BLOCKED "linear_tid * IPT + i"
#define STRIPED "linear_tid + i * BLOCK_THREADS"
#define WARP_STRIPED "(linear_tid / 32) * 32 * IPT + linear_tid % 32 + i * 32"

/* One arrangement's load and store, plain, guarded and (loads) with a
 * default for the items out of range.  TPL: the template head before
 * `class T`, ARG: the offset of item i. */
#define DIRECT(NAME, TPL, ARG)                                                                                     \
    "template <" TPL "class T, int IPT> __device__ void Load" NAME "(int linear_tid, const T *it, T (&items)[IPT])\n" \
    "{ " LOOP " items[i] = it[" ARG "]; }\n"                                                                     \
    "template <" TPL "class T, int IPT> __device__ void Load" NAME                                                 \
    "(int linear_tid, const T *it, T (&items)[IPT], int valid_items)\n"                                           \
    "{ " LOOP " if (" ARG " < valid_items) items[i] = it[" ARG "]; }\n"                                          \
    "template <" TPL "class T, class D, int IPT> __device__ void Load" NAME                                        \
    "(int linear_tid, const T *it, T (&items)[IPT], int valid_items, D oob_default)\n"                            \
    "{ " LOOP " items[i] = " ARG " < valid_items ? it[" ARG "] : (T)oob_default; }\n"                            \
    "template <" TPL "class T, int IPT> __device__ void Store" NAME "(int linear_tid, T *it, T (&items)[IPT])\n"   \
    "{ " LOOP " it[" ARG "] = items[i]; }\n"                                                                     \
    "template <" TPL "class T, int IPT> __device__ void Store" NAME                                                \
    "(int linear_tid, T *it, T (&items)[IPT], int valid_items)\n"                                                 \
    "{ " LOOP " if (" ARG " < valid_items) it[" ARG "] = items[i]; }\n"                                          \
    "template <" TPL "class T, int IPT, class It> __device__ void Load" NAME "(int, It, T (&)[IPT]);\n"            \
    "template <" TPL "class T, int IPT, class It> __device__ void Load" NAME "(int, It, T (&)[IPT], int);\n"       \
    "template <" TPL "class T, int IPT, class It> __device__ void Store" NAME "(int, It, T (&)[IPT]);\n"           \
    "template <" TPL "class T, int IPT, class It> __device__ void Store" NAME "(int, It, T (&)[IPT], int);\n"

static const char direct[] =
    "#ifndef __MAPKIT_CUB_DIRECT\n#define __MAPKIT_CUB_DIRECT\n"
    "namespace cub {\n"
    DIRECT("DirectBlocked", "", BLOCKED)
    DIRECT("DirectStriped", "int BLOCK_THREADS, ", STRIPED)
    DIRECT("DirectWarpStriped", "", WARP_STRIPED)
    "}\n#endif\n";

static char *with_direct;
static unsigned long with_direct_len;

/* What CUB's headers bring with them that kernels use unqualified by an
 * include of their own: <cuda/cmath>'s ceil_div, libcu++'s array and span. */
static const char *const brought[] = {"cuda/cmath", "cuda/std/array"};

static void build(void)
{
    unsigned long cub_len, len[2];
    const char *cub = cub_header("cub/cub.cuh", &cub_len), *text[2];
    with_direct_len = cub_len + sizeof direct - 1;
    for (int i = 0; i < 2; i++) {
        text[i] = cccl_header(brought[i], &len[i]);
        with_direct_len += len[i];
    }
    with_direct = xmalloc(with_direct_len + 1);
    char *at = with_direct;
    for (int i = 0; i < 2; i++) {
        memcpy(at, text[i], len[i]);
        at += len[i];
    }
    memcpy(at, cub, cub_len);
    memcpy(at + cub_len, direct, sizeof direct);
}

const char *cub_with_direct(unsigned long *out_len)
{
    static pthread_once_t once = PTHREAD_ONCE_INIT;
    pthread_once(&once, build);
    *out_len = with_direct_len;
    return with_direct;
}
