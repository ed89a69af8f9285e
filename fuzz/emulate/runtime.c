/* The emulation runtime (docs/emulate.md): the threads of one launch run as
 * fibers on one OS thread, a block at a time until each of its threads waits
 * at a barrier or has ended; every access the kernel makes reaches mk_access
 * through clang's -fsanitize=thread hooks (defined here: TSan's own runtime
 * is not linked), and races are decided on the fly as the semantics of
 * docs/checker.md says: two threads, overlapping bytes, one a write, not
 * both atomic with a scope that covers both, not ordered by a barrier both
 * took part in.  The result is written to stdout as lines for mapkit to
 * read (fuzz/emulate_run.c). */
#define _GNU_SOURCE
#include "runtime.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <signal.h>
#include <stdbool.h>
#include <sys/mman.h>
#include <ucontext.h>

enum { LANES = 32, STACK_BYTES = 256 << 10, DYNAMIC_SHARED = 48 << 10, MAX_RECS = 4096 };
enum { SEEDS = 4 };
#define GUARD ((size_t)64 << 30)
enum { T_RUNNABLE, T_BLOCK_BARRIER, T_WARP, T_GRID, T_DONE };

extern char __executable_start[], _end[];
extern char __start_mapkit_shared[], __stop_mapkit_shared[];
/* every `extern __shared__` array is bound to this buffer (one per block) */
__attribute__((section("mapkit_shared"), aligned(16), used)) char mk_dynamic_shared[DYNAMIC_SHARED];

mk_builtins mk_b;

/* A fiber's saved state.  On x86-64 a switch saves the callee-saved
 * registers on the fiber's own stack and swaps stack pointers: glibc's
 * swapcontext also saves the signal mask, a system call per switch, which
 * made the kernel's own work a third of an emulation's time.  Elsewhere,
 * ucontext. */
typedef struct Ctx {
#if defined(__x86_64__)
    void *sp;
#else
    ucontext_t uc;
#endif
} Ctx;

typedef struct Thread {
    Ctx ctx;
    char *stack;
    unsigned block, rank; /* block's linear id, linear id in the block */
    mk_uint3 tid, bid;
    int state;
    int oob; /* ended by an access outside every object: its end is no exit of the kernel */
    uintptr_t wait_pc; /* where it waits, or where it ended */
    unsigned wait_site; /* which barrier: its source line and column (one call may sit at several pcs) */
    unsigned wait_mask;
    int collective; /* the collective's kind while in T_WARP */
    uint64_t value, result;
    int pred;
    uint32_t vc[LANES]; /* vector clock over the lanes of its warp */
    /* its last plain reads of at most 8 bytes: a CAS loop's seed when the
     * thread's CAS of that cell expects the value read (the CAS's own
     * operands are read in between) */
    struct {
        uintptr_t addr;
        size_t size;
        uint64_t bits;
    } seeds[SEEDS];
    unsigned nseed;
} Thread;

typedef struct Block {
    unsigned interval; /* block barriers passed */
    char *saved_shared; /* its shared memory while another block runs */
    int started;
} Block;

static Thread *threads, *cur;
static Block *blocks;
static unsigned nthreads, per_block, nblocks, phase;
static Ctx sched_ctx;
static uint64_t steps, step_limit = 400000000ull;
static FILE *out; /* the result, on fd 3 */
/* --benign-writes: two writes of the same value in this execution are not
 * counted.  Off by default: check calls such writes benign only when the
 * values are equal in every execution (not loaded from memory), which one
 * execution cannot tell (docs/emulate.md). */
static int benign_writes;

/* ---- run parameters ---- */
static int argc_;
static char **argv_;
static uint64_t seed_state;
static int have_seed;
/* --signed: values of signed types drawn from both signs (docs/emulate.md) */
static int signed_values;

const char *mk_param(const char *name)
{
    size_t n = strlen(name);
    for (int i = 0; i + 1 < argc_; i++)
        if (strcmp(argv_[i], "-p") == 0 && strncmp(argv_[i + 1], name, n) == 0 && argv_[i + 1][n] == '=')
            return argv_[i + 1] + n + 1;
    return NULL;
}

static long array_count(const char *name)
{
    size_t n = strlen(name);
    for (int i = 0; i + 1 < argc_; i++)
        if (strcmp(argv_[i], "-a") == 0 && strncmp(argv_[i + 1], name, n) == 0 && argv_[i + 1][n] == '=')
            return atol(argv_[i + 1] + n + 1);
    return -1;
}

int mk_counts_loop(const char *name)
{
    for (int i = 0; i + 1 < argc_; i++)
        if (strcmp(argv_[i], "-s") == 0 && strcmp(argv_[i + 1], name) == 0)
            return 1;
    return 0;
}

int mk_seeded(void) { return have_seed; }

static void (*fill_globals)(void);
void mk_register_globals(void (*fill)(void)) { fill_globals = fill; }
void mk_fill_globals(void)
{
    if (fill_globals)
        fill_globals();
}

int mk_signed_values(void) { return have_seed && signed_values; }

uint64_t mk_rand(void)
{
    /* splitmix64: the same contents for the same seed everywhere */
    uint64_t z = (seed_state += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}

long long mk_default_int(void) { return nthreads < 1024 ? nthreads : 1024; }

/* ---- seeded buffers, filled page by page when first touched ----
 * A buffer of millions of elements is filled with the draws of the seed it
 * would have taken one after another, but each page only when an access
 * first touches it (a SIGSEGV on its protected page): most kernels touch a
 * few pages of each, and a run paid for filling them all.  Draw k of the
 * sequence is splitmix64's of the state advanced k times (mk_rand), so a
 * page's values are computed where they are needed, and equal those of the
 * eager fill. */
/* filled a chunk of pages at a time: a fault and an mprotect per page made
 * a kernel that sweeps its buffers slower than the eager fill (l->bytes
 * is a multiple of PAGE_BYTES, so a chunk's tail is whole pages) */
enum { PAGE_BYTES = 4096, CHUNK_BYTES = 64 * PAGE_BYTES, MAX_LAZY = 64 };
#define GOLDEN 0x9e3779b97f4a7c15ull

typedef struct Lazy {
    char *base;
    size_t n, size, bytes; /* elements, their size, the pages' bytes */
    uint64_t state;        /* seed_state before its first draw */
    int floating, is_bool, takes_sign, signed_run;
    long long top;
} Lazy;
static Lazy lazies[MAX_LAZY];
static int nlazies;

static uint64_t mix(uint64_t z)
{
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}

/* Element i of l: its draw (below top in magnitude, negative when the
 * type takes a sign, the run is signed and the draw's top bit says so),
 * stored as shim_launch.h's draw and fill<E> store it. */
static void lazy_element(const Lazy *l, size_t i)
{
    uint64_t r = mix(l->state + (uint64_t)(i + 1) * GOLDEN);
    long long v = (long long)(r % (uint64_t)(l->floating ? 1000 : l->top));
    if ((l->floating || l->takes_sign) && l->signed_run && (r >> 63))
        v = -v;
    char *e = l->base + i * l->size;
    if (l->floating && l->size == 4) {
        float f = (float)v / 100.0f;
        memcpy(e, &f, 4);
    } else if (l->floating) {
        double d = (double)v / 100.0;
        memcpy(e, &d, 8);
    } else {
        if (l->is_bool)
            v = v != 0;
        memcpy(e, &v, l->size < 8 ? l->size : 8); /* little-endian: C's conversion */
    }
}

static void lazy_fault(int sig, siginfo_t *info, void *context)
{
    (void)context;
    char *a = info->si_addr;
    for (int k = 0; k < nlazies; k++) {
        Lazy *l = &lazies[k];
        if (a < l->base || a >= l->base + l->bytes)
            continue;
        size_t from = (size_t)(a - l->base) / CHUNK_BYTES * CHUNK_BYTES;
        size_t len = l->bytes - from < CHUNK_BYTES ? l->bytes - from : CHUNK_BYTES;
        if (mprotect(l->base + from, len, PROT_READ | PROT_WRITE) != 0)
            break;
        size_t first = from / l->size, last = (from + len) / l->size;
        for (size_t i = first; i < last && i < l->n; i++)
            lazy_element(l, i);
        return;
    }
    signal(sig, SIG_DFL); /* not a buffer's page: the fault it is (a crash) */
}

/* n draws of the seed for the buffer at p (page-aligned, from
 * object_of_size), given when its pages are touched; eagerly when it
 * cannot be lazy. */
static void fill_lazily(void *p, size_t n, size_t size, int floating, int is_bool, int takes_sign)
{
    Lazy l = {p, n, size, (n * size + PAGE_BYTES - 1) / PAGE_BYTES * PAGE_BYTES, seed_state, floating, is_bool,
              takes_sign, mk_signed_values(), mk_default_int()};
    seed_state += (uint64_t)n * GOLDEN; /* the draws it takes, as the eager fill would */
    static int installed;
    if (!installed) {
        struct sigaction sa;
        memset(&sa, 0, sizeof sa);
        sa.sa_sigaction = lazy_fault;
        sa.sa_flags = SA_SIGINFO | SA_NODEFER;
        installed = sigaction(SIGSEGV, &sa, NULL) == 0 ? 1 : -1;
    }
    bool lazy = installed == 1 && nlazies < MAX_LAZY && (uintptr_t)p % PAGE_BYTES == 0 && size && PAGE_BYTES % size == 0 &&
                mprotect(p, l.bytes, PROT_NONE) == 0;
    if (lazy) {
        lazies[nlazies++] = l;
        return;
    }
    for (size_t i = 0; i < n; i++)
        lazy_element(&l, i);
}

void mk_fill_ints(void *p, size_t n, size_t size, int is_bool, int takes_sign)
{
    fill_lazily(p, n, size, 0, is_bool, takes_sign);
}

void mk_fill_floats(void *p, size_t n, size_t size) { fill_lazily(p, n, size, 1, 0, 1); }

/* ---- objects: buffers of the parameters ---- */
typedef struct Object {
    const char *name; /* a parameter's, or the parameters' a host buffer is passed as */
    char *base;
    size_t size;
} Object;
static Object objects[256];
static int nobjects;

/* A zeroed object of `bytes`, in the middle of a GUARD reservation. */
static void *object_of_size(const char *name, size_t bytes, size_t *count)
{
    /* each object sits in the middle of a reservation of GUARD bytes that
     * nothing else uses, so that an index past its end is out of bounds,
     * not in the next object, and so is a negative one, not in what was
     * mapped below (a thread's stack: its own is private, and such a write
     * went unseen and broke the fiber) */
    char *p = mmap(NULL, GUARD, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
    if (p != MAP_FAILED)
        p += GUARD / 2;
    if (p != MAP_FAILED && bytes + 4096 <= GUARD / 2 && mprotect(p, bytes + 4096, PROT_READ | PROT_WRITE) != 0)
        p = MAP_FAILED;
    if (p == MAP_FAILED || nobjects == 256 || bytes + 4096 > GUARD / 2) {
        fprintf(out, "limit memory for buffer %s\n", name);
        exit(0);
    }
    objects[nobjects++] = (Object){strdup(name), p, bytes}; /* a name may be the caller's buffer */
    *count = bytes;
    return p;
}

void *mk_buffer(const char *name, size_t elem, size_t *count)
{
    long c = array_count(name);
    /* large enough for a row per thread of a square launch-sized matrix,
     * within 4M elements (pages untouched cost nothing) */
    size_t square = (size_t)nthreads * nthreads, cap = (size_t)4 << 20;
    size_t n = c >= 0 ? (size_t)c : (size_t)nthreads * 4 + 1024;
    if (c < 0 && n < (square < cap ? square : cap))
        n = square < cap ? square : cap;
    size_t bytes;
    void *p = object_of_size(name, n * (elem ? elem : 1), &bytes);
    fprintf(out, "buffer %s %zu %zu\n", name, n, elem);
    *count = n;
    return p;
}

void *mk_image_buffer(const char *name, size_t bytes)
{
    size_t n;
    return object_of_size(name, bytes, &n);
}

/* Per-work-group buffers of pointer parameters (OpenCL's __local ones):
 * cut from the dynamic shared buffer, so that each block has its own copy
 * as it has of every shared variable. */
static Object locals[16];
static int nlocals;
static size_t local_used;

void *mk_local_buffer(const char *name, size_t elem, size_t *count)
{
    long c = array_count(name);
    size_t e = elem ? elem : 1, room = (DYNAMIC_SHARED - local_used) / e;
    size_t n = c >= 0 ? (size_t)c : (size_t)per_block * 4;
    if (n > room || nlocals == 16) {
        fprintf(out, "limit memory for local buffer %s (%zu bytes of per-group memory in all)\n", name,
                (size_t)DYNAMIC_SHARED);
        exit(0);
    }
    char *p = mk_dynamic_shared + local_used;
    local_used = (local_used + n * e + 15) & ~(size_t)15;
    locals[nlocals++] = (Object){name, p, n * e};
    fprintf(out, "buffer %s %zu %zu\n", name, n, elem);
    *count = n;
    return p;
}

/* ---- the record of accesses, by byte ---- */
typedef struct Rec {
    uintptr_t pc;
    uint32_t tid, clock;
    uint8_t kind;
} Rec;

typedef struct Cell {
    uint32_t phase, interval;
    int32_t block;
    uint32_t n, cap;
    uint32_t nwrites;   /* how many of recs write (a read conflicts with nothing else) */
    Rec *recs;          /* this block's accesses in its current barrier interval */
    Rec *earlier;       /* one access of each class by earlier blocks of this phase */
    Rec *mine;          /* one of each class by this block's earlier intervals */
    uint8_t emask, mmask;
} Cell;

/* a plain read found to be a CAS loop's seed (cas_of_seed) */
enum { MK_SEED = 8 };
enum { CLASSES = 6, PAGE_BITS = 12, PAGE = 1 << PAGE_BITS };
typedef struct Page {
    uintptr_t key;
    Cell *cells;
} Page;
static Page *pages;
static size_t npages, cap_pages;

static Cell *page_cells(uintptr_t key);

static Cell *cell_of(uintptr_t a)
{
    /* consecutive bytes mostly share a page: the last one found first */
    static uintptr_t last_key;
    static Cell *last_cells;
    uintptr_t key = (a >> PAGE_BITS) + 1;
    if (key == last_key)
        return &last_cells[a & (PAGE - 1)];
    Cell *cells = page_cells(key);
    last_key = key;
    last_cells = cells;
    return &cells[a & (PAGE - 1)];
}

static Cell *page_cells(uintptr_t key)
{
    if (2 * (npages + 1) > cap_pages) {
        size_t ncap = cap_pages ? 2 * cap_pages : 1024;
        Page *np = calloc(ncap, sizeof *np);
        for (size_t i = 0; i < cap_pages; i++)
            if (pages[i].key) {
                size_t h = (pages[i].key * 0x9e3779b97f4a7c15ull) >> 7 & (ncap - 1);
                while (np[h].key)
                    h = (h + 1) & (ncap - 1);
                np[h] = pages[i];
            }
        free(pages);
        pages = np;
        cap_pages = ncap;
    }
    size_t h = (key * 0x9e3779b97f4a7c15ull) >> 7 & (cap_pages - 1);
    while (pages[h].key && pages[h].key != key)
        h = (h + 1) & (cap_pages - 1);
    if (!pages[h].key) {
        pages[h].key = key;
        pages[h].cells = calloc(PAGE, sizeof(Cell));
        npages++;
    }
    return pages[h].cells;
}

static int class_of(int kind)
{
    kind &= ~MK_SEED;
    if (!(kind & MK_ATOMIC))
        return kind & MK_WRITE;
    return 2 + (kind & MK_WRITE) + ((kind & MK_SCOPE_BLOCK) ? 2 : 0);
}

static int conflict(int k1, int k2, int same_block)
{
    if (((k1 & MK_SEED) && (k2 & MK_ATOMIC)) || ((k2 & MK_SEED) && (k1 & MK_ATOMIC)))
        return 0;
    if (!((k1 | k2) & MK_WRITE))
        return 0;
    if ((k1 & MK_ATOMIC) && (k2 & MK_ATOMIC))
        return !same_block && ((k1 | k2) & MK_SCOPE_BLOCK);
    return 1;
}

/* ---- reports ---- */
typedef struct Seen {
    uintptr_t pc1, pc2;
} Seen;
static Seen seen[256];
static int nseen;

static uintptr_t rel(uintptr_t pc) { return pc ? pc - (uintptr_t)__executable_start : 0; }

static void where(uintptr_t a)
{
    for (int i = 0; i < nlocals; i++)
        if (a >= (uintptr_t)locals[i].base && a < (uintptr_t)locals[i].base + locals[i].size) {
            fprintf(out, "lbuf %s %zu", locals[i].name, (size_t)(a - (uintptr_t)locals[i].base));
            return;
        }
    for (int i = 0; i < nobjects; i++)
        if (a >= (uintptr_t)objects[i].base && a < (uintptr_t)objects[i].base + objects[i].size) {
            fprintf(out, "buf %s %zu", objects[i].name, (size_t)(a - (uintptr_t)objects[i].base));
            return;
        }
    fprintf(out, "%s - %zu", a >= (uintptr_t)__start_mapkit_shared && a < (uintptr_t)__stop_mapkit_shared ? "shared" : "static",
           (size_t)rel(a));
}

static void thread_ids(unsigned t)
{
    Thread *th = &threads[t];
    fprintf(out, " %u %u,%u,%u %u,%u,%u", t, th->bid.x, th->bid.y, th->bid.z, th->tid.x, th->tid.y, th->tid.z);
}

/* --watch: two threads (a witness's, check --confirm) whose races are
 * reported even where another pair was reported at the same two sites, and
 * whose accesses stand for their class when the accesses of a block or an
 * interval are folded into one per class (fold), so that a race between
 * them across blocks is still decided between them. */
static unsigned watched[2] = {~0u, ~0u};
static Seen seen_watched[64];
static int nseen_watched;

static int is_watched(unsigned t) { return t == watched[0] || t == watched[1]; }

/* Is the pair of sites new to `list`?  Then it is added. */
static int first_time(Seen *list, int *n, int cap, uintptr_t p1, uintptr_t p2)
{
    for (int i = 0; i < *n; i++)
        if (list[i].pc1 == p1 && list[i].pc2 == p2)
            return 0;
    if (*n == cap)
        return 0;
    list[(*n)++] = (Seen){p1, p2};
    return 1;
}

static void emit_race(uintptr_t a, const Rec *e, unsigned etid, int kind, uintptr_t pc, unsigned tid)
{
    uintptr_t p1 = e->pc < pc ? e->pc : pc, p2 = e->pc < pc ? pc : e->pc;
    int pair = etid != tid && is_watched(etid) && is_watched(tid);
    if (!(pair ? first_time(seen_watched, &nseen_watched, 64, p1, p2) : first_time(seen, &nseen, 256, p1, p2)))
        return;
    fprintf(out, "race ");
    where(a);
    fprintf(out, " %d %lx", e->kind, (unsigned long)rel(e->pc));
    thread_ids(etid);
    fprintf(out, " %d %lx", kind, (unsigned long)rel(pc));
    thread_ids(tid);
    fprintf(out, "\n");
}

/* A plain read against an atomic waits: it is no race when the reading
 * thread's next CAS of the cell expects the value it read (a CAS loop's
 * seed only guesses what the CAS checks: docs/emulate.md). */
typedef struct Pending {
    uintptr_t a, pc;
    Rec e;
    int kind;
    unsigned tid, reader;
} Pending;
static Pending pending[1024];
static int npending;

/* With --benign-writes, two plain writes of one byte wait until the second
 * is done: the same value written twice is then not counted.  The first
 * write's value is the byte's now. */
typedef struct WritePair {
    uintptr_t a, pc;
    Rec e;
    unsigned tid;
    uint8_t first;
} WritePair;
static WritePair *pairs;
static int npairs, cap_pairs;

static void settle_writes(void)
{
    for (int i = 0; i < npairs; i++) {
        WritePair *w = &pairs[i];
        if (w->tid != (unsigned)(cur - threads))
            continue;
        if (*(volatile uint8_t *)w->a != w->first)
            emit_race(w->a, &w->e, w->e.tid, MK_WRITE, w->pc, w->tid);
        pairs[i--] = pairs[--npairs];
    }
}

static void report_race(uintptr_t a, const Rec *e, int kind, uintptr_t pc)
{
    unsigned me = (unsigned)(cur - threads);
    if (e->kind == MK_WRITE && kind == MK_WRITE && benign_writes) {
        if (npairs == cap_pairs) {
            cap_pairs = cap_pairs ? 2 * cap_pairs : 256;
            pairs = realloc(pairs, (size_t)cap_pairs * sizeof *pairs);
        }
        pairs[npairs++] = (WritePair){a, pc, *e, me, *(volatile uint8_t *)a};
        return;
    }
    int e_seed = !(e->kind & (MK_WRITE | MK_ATOMIC)) && (kind & MK_ATOMIC);
    int me_seed = !(kind & (MK_WRITE | MK_ATOMIC)) && (e->kind & MK_ATOMIC);
    if ((e_seed || me_seed) && npending < 1024) {
        pending[npending++] = (Pending){a, pc, *e, kind, me, e_seed ? e->tid : me};
        return;
    }
    emit_race(a, e, e->tid, kind, pc, me);
}

static void cas_of_seed(uintptr_t p, size_t n, uint64_t expected)
{
    int match = 0;
    for (int i = 0; i < SEEDS; i++)
        match |= cur->seeds[i].addr == p && cur->seeds[i].size == n && memcmp(&cur->seeds[i].bits, &expected, n) == 0;
    if (!match)
        return;
    unsigned me = (unsigned)(cur - threads);
    for (int i = 0; i < npending; i++)
        if (pending[i].reader == me && pending[i].a >= p && pending[i].a < p + n)
            pending[i--] = pending[--npending];
    /* and atomics to come do not race with that read */
    for (size_t b = 0; b < n; b++) {
        Cell *c = cell_of(p + b);
        for (uint32_t i = 0; i < c->n; i++)
            if (c->recs[i].tid == me && !(c->recs[i].kind & (MK_WRITE | MK_ATOMIC)))
                c->recs[i].kind |= MK_SEED;
    }
}

static void flush_pending(void)
{
    for (int i = 0; i < npending; i++)
        emit_race(pending[i].a, &pending[i].e, pending[i].e.tid, pending[i].kind, pending[i].pc, pending[i].tid);
    npending = 0;
}

/* Is e (by another thread of this block, this interval) ordered before now
 * by a warp or tile barrier both took part in? */
static int warp_ordered(const Rec *e)
{
    Thread *o = &threads[e->tid];
    if (o->rank / LANES != cur->rank / LANES)
        return 0;
    return e->clock <= cur->vc[o->rank % LANES];
}

static void fold(Rec *sum, uint8_t *mask, const Rec *r)
{
    int c = class_of(r->kind);
    if (!(*mask & (1u << c)) || (is_watched(r->tid) && !is_watched(sum[c].tid))) {
        sum[c] = *r;
        *mask |= (uint8_t)(1u << c);
    }
}

static void fold_all(Rec **sum, uint8_t *mask, const Rec *rs, uint32_t n)
{
    if (n && !*sum)
        *sum = calloc(CLASSES, sizeof(Rec));
    for (uint32_t i = 0; i < n; i++)
        fold(*sum, mask, &rs[i]);
}

static void access_byte(uintptr_t a, int kind, uintptr_t pc, int shared)
{
    Cell *c = cell_of(a);
    unsigned me = (unsigned)(cur - threads), blk = cur->block, iv = blocks[blk].interval;
    if (c->phase != phase || (shared && c->block != (int32_t)blk)) {
        c->phase = phase;
        c->n = c->nwrites = 0;
        c->emask = c->mmask = 0;
        c->block = (int32_t)blk;
        c->interval = iv;
    } else if (c->block != (int32_t)blk) {
        fold_all(&c->earlier, &c->emask, c->recs, c->n);
        if (c->mmask)
            for (int k = 0; k < CLASSES; k++)
                if (c->mmask & (1u << k))
                    fold(c->earlier, &c->emask, &c->mine[k]);
        c->n = c->nwrites = 0;
        c->mmask = 0;
        c->block = (int32_t)blk;
        c->interval = iv;
    } else if (c->interval != iv) {
        fold_all(&c->mine, &c->mmask, c->recs, c->n);
        c->n = c->nwrites = 0;
        c->interval = iv;
    }
    for (uint32_t i = 0; (c->nwrites || (kind & MK_WRITE)) && i < c->n; i++) {
        Rec *e = &c->recs[i];
        if (e->tid != me && conflict(e->kind, kind, 1) && !warp_ordered(e))
            report_race(a, e, kind, pc);
    }
    for (int k = 0; k < CLASSES; k++)
        if ((c->emask & (1u << k)) && conflict(c->earlier[k].kind, kind, 0))
            report_race(a, &c->earlier[k], kind, pc);
    Rec r = {pc, me, cur->vc[cur->rank % LANES], (uint8_t)kind};
    for (uint32_t i = c->n; i-- > 0;) /* the thread's own last access, most often */
        if (c->recs[i].tid == me && class_of(c->recs[i].kind) == class_of(kind)) {
            c->recs[i] = r;
            return;
        }
    c->nwrites += (kind & MK_WRITE) != 0;
    if (c->n == c->cap) {
        if (c->cap == MAX_RECS)
            return;
        c->cap = c->cap ? 2 * c->cap : 2;
        c->recs = realloc(c->recs, c->cap * sizeof(Rec));
    }
    c->recs[c->n++] = r;
}

static void end_thread(int state, uintptr_t pc);

/* ---- the last block (docs/emulate.md, "The last block") ----
 * Each block writes, fences and draws once from one global counter
 * (atomicAdd(c, 1), atomicInc(c, gridDim.x)); the block that draws
 * gridDim.x - 1 of a one-row grid, when every other block has ended with
 * nothing done in global memory after its draw, runs after all of them:
 * its accesses from then on start a phase of their own, as after a grid
 * barrier.  Blocks run one after another, so that block is the last. */
static struct {
    unsigned launch_phase; /* the phase the launch began in: no grid barrier since */
    uintptr_t cell;        /* the counter of the first draw */
    unsigned draws;
    int spoiled;           /* another counter, a second draw of a block, a draw with no fence */
    int fenced;            /* the running block fenced after its last global write */
    unsigned char *drew, *after; /* per block: it drew; it accessed global memory after */
} last;

static void last_block_reset(void)
{
    free(last.drew);
    free(last.after);
    memset(&last, 0, sizeof last);
    last.launch_phase = phase;
    last.drew = calloc(nblocks ? nblocks : 1, 1);
    last.after = calloc(nblocks ? nblocks : 1, 1);
}

/* A global access by the running block: after its draw, or a write that
 * the block's fence no longer covers. */
static void last_block_access(int kind)
{
    if (!last.drew)
        return;
    if (last.drew[cur->block])
        last.after[cur->block] = 1;
    if (kind & MK_WRITE)
        last.fenced = 0;
}

static int all_others_ended(unsigned blk)
{
    for (unsigned t = 0; t < nthreads; t++)
        if (threads[t].block != blk && threads[t].state != T_DONE)
            return 0;
    return 1;
}

/* A draw: old, the counter's value before it. */
static void last_block_draw(uintptr_t cell, uint64_t old, int fenced)
{
    unsigned blk = cur->block;
    if (!last.drew)
        return;
    if (!last.cell)
        last.cell = cell;
    last.spoiled |= cell != last.cell || last.drew[blk] || !fenced;
    last.drew[blk] = 1;
    last.draws++;
    if (last.spoiled || old != mk_b.gridDim.x - 1 || mk_b.gridDim.y != 1 || mk_b.gridDim.z != 1 ||
        last.draws != nblocks || phase != last.launch_phase || !all_others_ended(blk))
        return;
    for (unsigned b = 0; b < nblocks; b++)
        if (b != blk && last.after[b])
            return;
    phase++;
}

/* Is this the first access out of bounds at pc (each place is reported once)? */
static int first_oob(uintptr_t pc)
{
    static uintptr_t seen_pcs[64];
    static int nseen_pcs;
    for (int i = 0; i < nseen_pcs; i++)
        if (seen_pcs[i] == pc)
            return 0;
    if (nseen_pcs == 64)
        return 0;
    seen_pcs[nseen_pcs++] = pc;
    return 1;
}

static void mk_access(const void *p, size_t n, int kind, uintptr_t pc)
{
    uintptr_t a = (uintptr_t)p;
    if (!cur || n == 0)
        return;
    if (npairs)
        settle_writes();
    if (a >= (uintptr_t)cur->stack && a + n <= (uintptr_t)cur->stack + STACK_BYTES)
        return;
    if (a >= (uintptr_t)&mk_b && a + n <= (uintptr_t)(&mk_b + 1))
        return;
    if (++steps > step_limit) {
        flush_pending();
        fprintf(out, "limit steps %llu\n", (unsigned long long)step_limit);
        exit(0);
    }
    int shared = a >= (uintptr_t)__start_mapkit_shared && a + n <= (uintptr_t)__stop_mapkit_shared;
    int known = shared || (a >= (uintptr_t)__executable_start && a + n <= (uintptr_t)_end);
    for (int i = 0; !known && i < nobjects; i++)
        known = a >= (uintptr_t)objects[i].base && a + n <= (uintptr_t)objects[i].base + objects[i].size;
    if (!known) {
        if (first_oob(pc)) {
            fprintf(out, "oob %lx", (unsigned long)rel(pc));
            thread_ids((unsigned)(cur - threads));
            fprintf(out, " %zu %d\n", n, kind & MK_WRITE);
        }
        cur->oob = 1;
        end_thread(T_DONE, pc);
        return;
    }
    if (!shared)
        last_block_access(kind);
    if (!kind && n <= 8) {
        unsigned i = cur->nseed++ % SEEDS;
        cur->seeds[i].addr = a;
        cur->seeds[i].size = n;
        cur->seeds[i].bits = 0;
        memcpy(&cur->seeds[i].bits, p, n);
    }
    for (size_t i = 0; i < n; i++)
        access_byte(a + i, kind, pc, shared);
}

#define RA ((uintptr_t)__builtin_return_address(0))

/* ---- indices outside an array's declared bounds ----
 * The kernel is also compiled with -fsanitize=array-bounds: an index past
 * a constant bound (`A[8]` of `unsigned A[8][16]`) calls this handler
 * before the access, which lands in another object or another row of this
 * one (a race the kernel's own arrays do not make).  UBSan's runtime is not
 * linked: these are its entry points, their data as clang lays it out. */
typedef struct UbsanLoc {
    const char *file;
    uint32_t line, column;
} UbsanLoc;
typedef struct UbsanType {
    uint16_t kind, info; /* kind 0: an integer; info: bit 0 signed, the rest log2 of its bits */
    char name[];
} UbsanType;
typedef struct UbsanBounds {
    UbsanLoc loc;
    const UbsanType *array, *index;
} UbsanBounds;

static long long index_value(const UbsanType *t, uintptr_t v)
{
    unsigned bits = t->kind == 0 ? 1u << (t->info >> 1) : 64;
    if (bits < 64 && (t->info & 1) && (v >> (bits - 1) & 1))
        return (long long)(v | ~(((uintptr_t)1 << bits) - 1));
    return (long long)v;
}

static void out_of_bounds(const UbsanBounds *d, uintptr_t index, uintptr_t pc)
{
    if (!cur) /* the host code's: not the kernel's execution */
        return;
    if (first_oob(pc)) {
        fprintf(out, "bounds %lx", (unsigned long)rel(pc));
        thread_ids((unsigned)(cur - threads));
        fprintf(out, " %lld %u %u %s\n", index_value(d->index, index), d->loc.line, d->loc.column,
                d->loc.file ? d->loc.file : "-");
    }
    cur->oob = 1;
    end_thread(T_DONE, pc);
}
void __ubsan_handle_out_of_bounds(const UbsanBounds *d, uintptr_t index) { out_of_bounds(d, index, RA); }
void __ubsan_handle_out_of_bounds_abort(const UbsanBounds *d, uintptr_t index) { out_of_bounds(d, index, RA); }

/* ---- TSan's hooks ---- */
#define HOOKS(N)                                                                  \
    void __tsan_read##N(void *p) { mk_access(p, N, 0, RA); }                      \
    void __tsan_write##N(void *p) { mk_access(p, N, MK_WRITE, RA); }              \
    void __tsan_unaligned_read##N(void *p) { mk_access(p, N, 0, RA); }            \
    void __tsan_unaligned_write##N(void *p) { mk_access(p, N, MK_WRITE, RA); }    \
    void __tsan_volatile_read##N(void *p) { mk_access(p, N, 0, RA); }             \
    void __tsan_volatile_write##N(void *p) { mk_access(p, N, MK_WRITE, RA); }     \
    void __tsan_unaligned_volatile_read##N(void *p) { mk_access(p, N, 0, RA); }   \
    void __tsan_unaligned_volatile_write##N(void *p) { mk_access(p, N, MK_WRITE, RA); } \
    void __tsan_read##N##_pc(void *p, void *pc) { mk_access(p, N, 0, (uintptr_t)pc); } \
    void __tsan_write##N##_pc(void *p, void *pc) { mk_access(p, N, MK_WRITE, (uintptr_t)pc); }
HOOKS(1)
HOOKS(2)
HOOKS(4)
HOOKS(8)
HOOKS(16)
void __tsan_read_range(void *p, size_t n) { mk_access(p, n, 0, RA); }
void __tsan_write_range(void *p, size_t n) { mk_access(p, n, MK_WRITE, RA); }
void __tsan_init(void) {}
void __tsan_func_entry(void *pc) { (void)pc; }
void __tsan_func_exit(void) {}
void __tsan_ignore_thread_begin(void) {}
void __tsan_ignore_thread_end(void) {}
void __tsan_vptr_update(void **p, void *v) { (void)v; mk_access(p, sizeof *p, MK_WRITE, RA); }
void __tsan_vptr_read(void **p) { mk_access(p, sizeof *p, 0, RA); }
void *__tsan_memcpy(void *d, const void *s, size_t n)
{
    mk_access(s, n, 0, RA);
    mk_access(d, n, MK_WRITE, RA);
    return memcpy(d, s, n);
}
void *__tsan_memmove(void *d, const void *s, size_t n)
{
    mk_access(s, n, 0, RA);
    mk_access(d, n, MK_WRITE, RA);
    return memmove(d, s, n);
}
void *__tsan_memset(void *d, int c, size_t n)
{
    mk_access(d, n, MK_WRITE, RA);
    return memset(d, c, n);
}
/* C++ atomics in the kernel's code (std::atomic): device-scope atomics. */
#define ATOMIC_HOOKS(B, T)                                                                              \
    T __tsan_atomic##B##_load(const volatile T *a, int mo) { (void)mo; mk_access((void *)a, sizeof(T), MK_ATOMIC, RA); return *a; } \
    void __tsan_atomic##B##_store(volatile T *a, T v, int mo) { (void)mo; mk_access((void *)a, sizeof(T), MK_ATOMIC | MK_WRITE, RA); *a = v; } \
    T __tsan_atomic##B##_exchange(volatile T *a, T v, int mo) { (void)mo; mk_access((void *)a, sizeof(T), MK_ATOMIC | MK_WRITE, RA); T o = *a; *a = v; return o; } \
    T __tsan_atomic##B##_fetch_add(volatile T *a, T v, int mo) { (void)mo; mk_access((void *)a, sizeof(T), MK_ATOMIC | MK_WRITE, RA); T o = *a; *a = o + v; return o; } \
    T __tsan_atomic##B##_fetch_sub(volatile T *a, T v, int mo) { (void)mo; mk_access((void *)a, sizeof(T), MK_ATOMIC | MK_WRITE, RA); T o = *a; *a = o - v; return o; } \
    T __tsan_atomic##B##_fetch_and(volatile T *a, T v, int mo) { (void)mo; mk_access((void *)a, sizeof(T), MK_ATOMIC | MK_WRITE, RA); T o = *a; *a = o & v; return o; } \
    T __tsan_atomic##B##_fetch_or(volatile T *a, T v, int mo) { (void)mo; mk_access((void *)a, sizeof(T), MK_ATOMIC | MK_WRITE, RA); T o = *a; *a = o | v; return o; } \
    T __tsan_atomic##B##_fetch_xor(volatile T *a, T v, int mo) { (void)mo; mk_access((void *)a, sizeof(T), MK_ATOMIC | MK_WRITE, RA); T o = *a; *a = o ^ v; return o; } \
    T __tsan_atomic##B##_fetch_nand(volatile T *a, T v, int mo) { (void)mo; mk_access((void *)a, sizeof(T), MK_ATOMIC | MK_WRITE, RA); T o = *a; *a = ~(o & v); return o; } \
    int __tsan_atomic##B##_compare_exchange_strong(volatile T *a, T *c, T v, int mo, int fmo) { (void)mo; (void)fmo; mk_access((void *)a, sizeof(T), MK_ATOMIC | MK_WRITE, RA); if (*a == *c) { *a = v; return 1; } *c = *a; return 0; } \
    int __tsan_atomic##B##_compare_exchange_weak(volatile T *a, T *c, T v, int mo, int fmo) { (void)mo; (void)fmo; mk_access((void *)a, sizeof(T), MK_ATOMIC | MK_WRITE, RA); if (*a == *c) { *a = v; return 1; } *c = *a; return 0; } \
    T __tsan_atomic##B##_compare_exchange_val(volatile T *a, T c, T v, int mo, int fmo) { (void)mo; (void)fmo; mk_access((void *)a, sizeof(T), MK_ATOMIC | MK_WRITE, RA); T o = *a; if (o == c) *a = v; return o; }
ATOMIC_HOOKS(8, uint8_t)
ATOMIC_HOOKS(16, uint16_t)
ATOMIC_HOOKS(32, uint32_t)
ATOMIC_HOOKS(64, uint64_t)
ATOMIC_HOOKS(128, __uint128_t)
void __tsan_atomic_thread_fence(int mo) { (void)mo; }
void __tsan_atomic_signal_fence(int mo) { (void)mo; }

/* ---- atomics of the CUDA API ---- */
#define ATOMIC_OP(T, cast)                                                                             \
    {                                                                                                  \
        T o, x, y, n;                                                                                  \
        memcpy(&o, p, sizeof o);                                                                       \
        x = (T)cast(a);                                                                                \
        y = (T)cast(b);                                                                                \
        switch (op) {                                                                                  \
        case MK_ADD: n = o + x; break;                                                                 \
        case MK_SUB: n = o - x; break;                                                                 \
        case MK_EXCH: case MK_STORE: n = x; break;                                                     \
        case MK_MIN: n = o < x ? o : x; break;                                                         \
        case MK_MAX: n = o > x ? o : x; break;                                                         \
        case MK_CAS: n = o == x ? y : o; break;                                                        \
        default: n = o; break;                                                                         \
        }                                                                                              \
        if (op != MK_LOAD)                                                                             \
            memcpy(p, &n, sizeof n);                                                                   \
        memcpy(&old, &o, sizeof o);                                                                    \
    }
static float f32_of(uint64_t v) { float f; uint32_t u = (uint32_t)v; memcpy(&f, &u, 4); return f; }
static double f64_of(uint64_t v) { double d; memcpy(&d, &v, 8); return d; }
#define ID(v) (v)

uint64_t mk_atomic(int op, int type, void *p, uint64_t a, uint64_t b, int scope)
{
    size_t sz = (type == MK_I64 || type == MK_U64 || type == MK_F64) ? 8 : 4;
    int fenced = last.fenced;
    mk_access(p, sz, MK_ATOMIC | (op == MK_LOAD ? 0 : MK_WRITE) | scope, RA);
    int draw = cur && !(scope & MK_SCOPE_BLOCK) && (type == MK_U32 || type == MK_I32) &&
               ((op == MK_ADD && a == 1) || (op == MK_INC && a == mk_b.gridDim.x)) &&
               !((uintptr_t)p >= (uintptr_t)__start_mapkit_shared && (uintptr_t)p < (uintptr_t)__stop_mapkit_shared);
    if (draw) {
        uint64_t before = 0;
        memcpy(&before, p, 4);
        last_block_draw((uintptr_t)p, before, fenced);
    }
    if (op == MK_CAS && cur)
        cas_of_seed((uintptr_t)p, sz, a);
    uint64_t old = 0;
    if (op == MK_INC || op == MK_DEC || op == MK_AND || op == MK_OR || op == MK_XOR) {
        uint64_t o = 0, n;
        memcpy(&o, p, sz);
        switch (op) {
        case MK_INC: n = (uint32_t)o >= (uint32_t)a ? 0 : o + 1; break;
        case MK_DEC: n = ((uint32_t)o == 0 || (uint32_t)o > (uint32_t)a) ? a : o - 1; break;
        case MK_AND: n = o & a; break;
        case MK_OR: n = o | a; break;
        default: n = o ^ a; break;
        }
        memcpy(p, &n, sz);
        return o;
    }
    switch (type) {
    case MK_I32: ATOMIC_OP(int32_t, ID); break;
    case MK_U32: ATOMIC_OP(uint32_t, ID); break;
    case MK_I64: ATOMIC_OP(int64_t, ID); break;
    case MK_U64: ATOMIC_OP(uint64_t, ID); break;
    case MK_F32: {
        float o, x = f32_of(a), y = f32_of(b), n;
        memcpy(&o, p, 4);
        n = op == MK_ADD ? o + x : op == MK_SUB ? o - x : (op == MK_EXCH || op == MK_STORE) ? x
            : op == MK_MIN ? (o < x ? o : x) : op == MK_MAX ? (o > x ? o : x) : op == MK_CAS ? (o == x ? y : o) : o;
        if (op != MK_LOAD)
            memcpy(p, &n, 4);
        uint32_t u;
        memcpy(&u, &o, 4);
        old = u;
        break;
    }
    default: {
        double o, x = f64_of(a), y = f64_of(b), n;
        memcpy(&o, p, 8);
        n = op == MK_ADD ? o + x : op == MK_SUB ? o - x : (op == MK_EXCH || op == MK_STORE) ? x
            : op == MK_MIN ? (o < x ? o : x) : op == MK_MAX ? (o > x ? o : x) : op == MK_CAS ? (o == x ? y : o) : o;
        if (op != MK_LOAD)
            memcpy(p, &n, 8);
        memcpy(&old, &o, 8);
        break;
    }
    }
    return old;
}

/* ---- fibers ---- */
#if defined(__x86_64__)
void mk_ctx_switch(void **save, void *to);
__asm__(".text\n"
        ".globl mk_ctx_switch\n"
        ".type mk_ctx_switch,@function\n"
        "mk_ctx_switch:\n"
        "    pushq %rbp\n    pushq %rbx\n    pushq %r12\n    pushq %r13\n    pushq %r14\n    pushq %r15\n"
        "    movq %rsp, (%rdi)\n"
        "    movq %rsi, %rsp\n"
        "    popq %r15\n    popq %r14\n    popq %r13\n    popq %r12\n    popq %rbx\n    popq %rbp\n"
        "    ret\n"
        ".size mk_ctx_switch, .-mk_ctx_switch\n");

static void ctx_switch(Ctx *from, Ctx *to) { mk_ctx_switch(&from->sp, to->sp); }

/* A fiber that starts in entry on the stack [stack, stack + bytes): its
 * first switch pops six zero registers and returns into entry, with the
 * stack aligned as at a call (a zero return address above it). */
static void ctx_make(Ctx *c, char *stack, size_t bytes, void (*entry)(void))
{
    uintptr_t top = ((uintptr_t)stack + bytes) & ~(uintptr_t)15;
    void **sp = (void **)(top - 8);
    *sp = NULL;               /* entry's return address: it never returns */
    *--sp = (void *)entry;    /* popped by the switch's ret */
    for (int i = 0; i < 6; i++)
        *--sp = NULL;         /* rbp, rbx, r12-r15 */
    c->sp = sp;
}
#else
static void ctx_switch(Ctx *from, Ctx *to) { swapcontext(&from->uc, &to->uc); }

static void ctx_make(Ctx *c, char *stack, size_t bytes, void (*entry)(void))
{
    getcontext(&c->uc);
    c->uc.uc_stack.ss_sp = stack;
    c->uc.uc_stack.ss_size = bytes;
    c->uc.uc_link = NULL;
    makecontext(&c->uc, entry, 0);
}
#endif

/* ---- scheduling ---- */
static void set_builtins(Thread *t)
{
    mk_b.threadIdx = t->tid;
    mk_b.blockIdx = t->bid;
}

static void yield_to_scheduler(void)
{
    Thread *me = cur;
    if (npairs)
        settle_writes();
    ctx_switch(&me->ctx, &sched_ctx);
    cur = me;
    set_builtins(me);
}

static void end_thread(int state, uintptr_t pc)
{
    cur->state = state;
    cur->wait_pc = pc;
    yield_to_scheduler();
    abort(); /* an ended thread is never resumed */
}

static void (*grid_body)(void *);
static void *grid_ctx;

static void thread_main(void)
{
    grid_body(grid_ctx);
    if (npairs)
        settle_writes();
    cur->state = T_DONE;
    cur->wait_pc = 0;
    ctx_switch(&cur->ctx, &sched_ctx);
    abort(); /* an ended thread is never resumed */
}

static void wait_here(int state, uintptr_t pc)
{
    cur->state = state;
    cur->wait_pc = pc;
    yield_to_scheduler();
}

static uintptr_t barrier_pc;
static int barrier_pred_sum, barrier_pred_and, barrier_pred_or;

static int block_barrier(int pred, uintptr_t pc, unsigned site)
{
    cur->pred = pred;
    cur->wait_site = site;
    wait_here(T_BLOCK_BARRIER, pc);
    return 0;
}

void mk_syncthreads(unsigned site) { block_barrier(0, RA, site); }
int mk_syncthreads_count(int pred, unsigned site) { block_barrier(pred != 0, RA, site); return barrier_pred_sum; }
int mk_syncthreads_and(int pred, unsigned site) { block_barrier(pred != 0, RA, site); return barrier_pred_and; }
int mk_syncthreads_or(int pred, unsigned site) { block_barrier(pred != 0, RA, site); return barrier_pred_or; }
void mk_grid_sync(void) { wait_here(T_GRID, RA); }
void mk_fence(void) { last.fenced = 1; }

unsigned mk_lane(void) { return cur->rank % LANES; }
unsigned mk_block_rank(void) { return cur->rank; }

static Thread *lane_thread(unsigned lane)
{
    unsigned r = (cur->rank / LANES) * LANES + lane;
    if (lane >= LANES || r >= per_block)
        return NULL;
    return &threads[cur->block * per_block + r];
}

unsigned mk_activemask(void)
{
    unsigned m = 0;
    for (unsigned l = 0; l < LANES; l++) {
        Thread *t = lane_thread(l);
        if (t && t->state != T_DONE)
            m |= 1u << l;
    }
    return m;
}

enum { C_SYNC, C_SHFL, C_BALLOT };

/* Completes the collective that the lanes of mask wait at, when all of them
 * do (the lanes beyond the block do not exist and are not waited for). */
/* A warp collective of kind `kind` over mask completes when every lane of
 * the mask waits at one with that mask.  A shuffle or a vote does not wait
 * for a lane that has exited (CUDA: "all non-exited threads named in mask
 * must execute the same intrinsic"; a value read from it is undefined, the
 * reader's own here); __syncwarp does, as check's warp barrier does (a
 * lane that exited does not reach it: divergence). */
static bool try_complete(unsigned mask, int kind)
{
    Thread *ts[LANES];
    int n = 0;
    for (unsigned l = 0; l < LANES; l++) {
        if (!(mask & (1u << l)))
            continue;
        Thread *t = lane_thread(l);
        if (!t || (t->state == T_DONE && kind != C_SYNC))
            continue;
        if (t->state != T_WARP || t->wait_mask != mask)
            return false;
        ts[n++] = t;
    }
    uint32_t join[LANES] = {0};
    unsigned ballot = 0;
    for (int i = 0; i < n; i++) {
        for (int l = 0; l < LANES; l++)
            join[l] = ts[i]->vc[l] > join[l] ? ts[i]->vc[l] : join[l];
        if (ts[i]->pred)
            ballot |= 1u << (ts[i]->rank % LANES);
    }
    for (int i = 0; i < n; i++) {
        Thread *t = ts[i];
        if (t->collective == C_SYNC) {
            memcpy(t->vc, join, sizeof join);
            t->vc[t->rank % LANES]++;
        } else if (t->collective == C_BALLOT) {
            t->result = ballot;
        } else {
            Thread *src = NULL;
            unsigned sl = (unsigned)t->pred;
            for (int j = 0; j < n; j++)
                if (ts[j]->rank % LANES == sl)
                    src = ts[j];
            t->result = src ? src->value : t->value; /* a lane outside the mask: undefined, its own */
        }
        t->state = T_RUNNABLE;
    }
    return true;
}

static void collective(unsigned mask, int kind, uint64_t v, int pred, uintptr_t pc)
{
    mask |= 1u << (cur->rank % LANES);
    cur->wait_mask = mask;
    cur->collective = kind;
    cur->value = v;
    cur->pred = pred;
    cur->state = T_WARP;
    cur->wait_pc = pc;
    try_complete(mask, kind);
    if (cur->state == T_WARP)
        yield_to_scheduler();
}

void mk_syncwarp(unsigned mask) { collective(mask, C_SYNC, 0, 0, RA); }
uint64_t mk_shfl(unsigned mask, uint64_t v, int src_lane)
{
    collective(mask, C_SHFL, v, src_lane, RA);
    return cur->result;
}
unsigned mk_ballot(unsigned mask, int pred)
{
    collective(mask, C_BALLOT, 0, pred != 0, RA);
    return (unsigned)cur->result;
}

void mk_unsupported(const char *what)
{
    fprintf(out, "unsupported %s\n", what);
    exit(0);
}

void mk_note_param(const char *name, const char *value) { fprintf(out, "param %s %s\n", name, value); }

static void divergence(const char *why, Thread *a, Thread *b)
{
    static struct {
        uintptr_t a, b;
    } sites[64];
    static int nsites;
    /* a thread ended out of bounds did not return: nothing is decided */
    if (!a || !b || a->oob || b->oob)
        return;
    for (int i = 0; i < nsites; i++)
        if (sites[i].a == a->wait_pc && sites[i].b == b->wait_pc)
            return;
    if (nsites == 64)
        return;
    sites[nsites].a = a->wait_pc;
    sites[nsites++].b = b->wait_pc;
    fprintf(out, "diverge %s %lx", why, (unsigned long)rel(a->wait_pc));
    thread_ids((unsigned)(a - threads));
    fprintf(out, " %lx", (unsigned long)rel(b->wait_pc));
    thread_ids((unsigned)(b - threads));
    fprintf(out, "\n");
}

/* Releases the block barrier its live threads wait at; a thread that ended
 * or waits elsewhere while others wait is a divergence (docs/emulate.md). */
static void release_block_barrier(unsigned blk)
{
    Thread *first = NULL, *odd = NULL;
    int sum = 0, all = 1, any = 0;
    for (unsigned r = 0; r < per_block; r++) {
        Thread *t = &threads[blk * per_block + r];
        /* a thread ended out of bounds decides nothing (divergence()): another odd one is preferred */
        int better = !odd || (odd->oob && !t->oob);
        if (t->state == T_BLOCK_BARRIER) {
            if (!first)
                first = t;
            else if (t->wait_site != first->wait_site && better)
                odd = t;
            sum += t->pred;
            all &= t->pred;
            any |= t->pred;
        } else if (better) {
            odd = t;
        }
    }
    if (odd)
        divergence(odd->state == T_DONE ? "exited" : odd->state == T_BLOCK_BARRIER ? "other-barrier" : "other-sync", first, odd);
    barrier_pred_sum = sum;
    barrier_pred_and = all;
    barrier_pred_or = any;
    barrier_pc = first->wait_pc;
    blocks[blk].interval++;
    for (unsigned r = 0; r < per_block; r++) {
        Thread *t = &threads[blk * per_block + r];
        if (t->state == T_BLOCK_BARRIER)
            t->state = T_RUNNABLE;
    }
}

static size_t shared_bytes(void) { return (size_t)(__stop_mapkit_shared - __start_mapkit_shared); }

/* Thread stacks, taken when a block starts and given back when all its
 * threads have ended: blocks run one at a time, so that a 65536-thread grid
 * holds a block's stacks, not 16 GiB of them (the run's memory limit counts
 * reservations), and a stack's pages, once touched, serve the next block. */
static char **free_stacks;
static size_t nfree_stacks, cap_free_stacks;

static char *stack_get(void)
{
    if (nfree_stacks)
        return free_stacks[--nfree_stacks];
    char *p = mmap(NULL, STACK_BYTES, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
    if (p == MAP_FAILED) {
        fprintf(out, "limit memory for the stacks of %u threads\n", nthreads);
        exit(0);
    }
    return p;
}

static void stack_put(Thread *t)
{
    if (!t->stack)
        return;
    if (nfree_stacks == cap_free_stacks) {
        cap_free_stacks = cap_free_stacks ? 2 * cap_free_stacks : 1024;
        free_stacks = realloc(free_stacks, cap_free_stacks * sizeof *free_stacks);
    }
    free_stacks[nfree_stacks++] = t->stack;
    t->stack = NULL;
}

static void enter_block(unsigned blk)
{
    Block *b = &blocks[blk];
    last.fenced = 0;
    if (b->saved_shared) {
        memcpy(__start_mapkit_shared, b->saved_shared, shared_bytes());
    } else {
        memset(__start_mapkit_shared, 0, shared_bytes());
    }
    if (!b->started) {
        b->started = 1;
        for (unsigned r = 0; r < per_block; r++) {
            Thread *t = &threads[blk * per_block + r];
            t->stack = stack_get();
            ctx_make(&t->ctx, t->stack, STACK_BYTES, thread_main);
        }
    }
}

static void leave_block(unsigned blk, int live)
{
    Block *b = &blocks[blk];
    if (!live)
        return;
    if (!b->saved_shared)
        b->saved_shared = malloc(shared_bytes() ? shared_bytes() : 1);
    memcpy(b->saved_shared, __start_mapkit_shared, shared_bytes());
}

/* Runs block blk until each thread has ended or waits at a grid barrier;
 * returns how many wait there. */
static int run_block(unsigned blk)
{
    Thread *bt = &threads[blk * per_block];
    enter_block(blk);
    for (;;) {
        int ran = 0;
        for (unsigned r = 0; r < per_block; r++)
            if (bt[r].state == T_RUNNABLE) {
                cur = &bt[r];
                set_builtins(cur);
                ctx_switch(&sched_ctx, &cur->ctx);
                cur = NULL;
                ran = 1;
            }
        if (ran)
            continue;
        int at_barrier = 0, at_grid = 0;
        Thread *warp_waiter = NULL;
        for (unsigned r = 0; r < per_block; r++) {
            at_barrier += bt[r].state == T_BLOCK_BARRIER;
            at_grid += bt[r].state == T_GRID;
            if (bt[r].state == T_WARP && !warp_waiter)
                warp_waiter = &bt[r];
        }
        if (warp_waiter && warp_waiter->collective != C_SYNC) { /* its other lanes may have exited since */
            cur = warp_waiter; /* lane_thread's warp */
            bool done = try_complete(warp_waiter->wait_mask, warp_waiter->collective);
            cur = NULL;
            if (done)
                continue;
        }
        if (warp_waiter) {
            /* a warp barrier whose lanes never all arrive */
            Thread *other = warp_waiter;
            for (unsigned r = 0; r < per_block; r++)
                if ((warp_waiter->wait_mask >> (bt[r].rank % LANES) & 1) && bt[r].rank / LANES == warp_waiter->rank / LANES &&
                    bt[r].state != T_WARP)
                    other = &bt[r];
            divergence(other->state == T_DONE ? "warp-exited" : "warp-other-sync", warp_waiter, other);
            for (unsigned r = 0; r < per_block; r++)
                if (bt[r].state == T_WARP) {
                    bt[r].state = T_RUNNABLE;
                    bt[r].result = bt[r].value;
                }
            continue;
        }
        if (at_barrier) {
            release_block_barrier(blk);
            continue;
        }
        leave_block(blk, at_grid);
        return at_grid;
    }
}

void mk_run_grid(void (*body)(void *), void *ctx)
{
    grid_body = body;
    grid_ctx = ctx;
    blocks = calloc(nblocks, sizeof *blocks);
    last_block_reset();
    for (;;) {
        int waiting = 0;
        Thread *ended = NULL, *waiter = NULL;
        for (unsigned b = 0; b < nblocks; b++) {
            int here = run_block(b);
            for (unsigned r = 0; !here && r < per_block; r++) /* the block has ended */
                stack_put(&threads[b * per_block + r]);
            waiting += here;
        }
        if (!waiting)
            break;
        for (unsigned t = 0; t < nthreads; t++) {
            if (threads[t].state == T_DONE && !ended)
                ended = &threads[t];
            if (threads[t].state == T_GRID && !waiter)
                waiter = &threads[t];
        }
        if (ended)
            divergence("grid-exited", waiter, ended);
        phase++;
        for (unsigned t = 0; t < nthreads; t++)
            if (threads[t].state == T_GRID)
                threads[t].state = T_RUNNABLE;
    }
}

/* ---- kernels and main ---- */
typedef struct Kernel {
    const char *name, *params;
    mk_launcher launch;
    const void *fn;
    mk_ptr_launcher launch_ptrs;
} Kernel;
static Kernel kernels[256];
static int nkernels;

void mk_register_kernel(const char *name, mk_launcher launch, const char *params, const void *fn,
                        mk_ptr_launcher launch_ptrs)
{
    if (nkernels < 256)
        kernels[nkernels++] = (Kernel){name, params, launch, fn, launch_ptrs};
}

const char *mk_kernel_name(const void *fn, const char **params)
{
    for (int k = 0; k < nkernels; k++)
        if (kernels[k].fn == fn) {
            *params = kernels[k].params;
            return kernels[k].name;
        }
    *params = NULL;
    return NULL;
}

int mk_launch_registered(const void *fn, mk_uint3 grid, mk_uint3 block, void **args)
{
    for (int k = 0; k < nkernels; k++)
        if (kernels[k].fn == fn) {
            kernels[k].launch_ptrs(args, grid, block);
            return 0;
        }
    return 1;
}

/* ---- the host program ---- */
static int nallocs, nlaunches;
enum { MAX_LAUNCHES = 16 };

void *mk_host_alloc(size_t bytes)
{
    char name[32];
    snprintf(name, sizeof name, "cudaMalloc#%d", ++nallocs);
    size_t count;
    /* mk_buffer sizes from the count: one byte elements */
    return object_of_size(strdup(name), bytes, &count);
}

void mk_name_object(const void *p, const char *name)
{
    for (int i = 0; i < nobjects; i++) {
        Object *o = &objects[i];
        if ((const char *)p < o->base || (const char *)p > o->base + o->size)
            continue;
        if (strncmp(o->name, "cudaMalloc#", 11) == 0) {
            o->name = strdup(name);
        } else if (!strstr(o->name, name)) {
            size_t n = strlen(o->name) + strlen(name) + 2;
            char *both = malloc(n);
            snprintf(both, n, "%s/%s", o->name, name);
            o->name = both;
        }
        return;
    }
}

static void make_threads(void);

static void host_exit(void)
{
    if (cur) /* exit() from a kernel thread: nothing more is decided */
        return;
    flush_pending();
    fprintf(out, "end\n");
    fflush(out);
}

void mk_host_grid(const char *name, mk_uint3 grid, mk_uint3 block, void (*body)(void *), void *ctx)
{
    if (++nlaunches > MAX_LAUNCHES) {
        fprintf(out, "note only the first %d launches of the host code are emulated\n", MAX_LAUNCHES);
        exit(0);
    }
    mk_b.blockDim = block;
    mk_b.gridDim = grid;
    unsigned long long n = (unsigned long long)block.x * block.y * block.z * grid.x * grid.y * grid.z;
    fprintf(out, "launch %s %u %u %u %u %u %u\n", name ? name : "?", block.x, block.y, block.z, grid.x, grid.y,
            grid.z);
    if (n == 0 || n > 65536) {
        fprintf(out, "limit threads: %llu in a launch of the host code\n", n);
        return;
    }
    if (threads) {
        for (unsigned t = 0; t < nthreads; t++)
            stack_put(&threads[t]);
        free(threads);
        for (unsigned b = 0; b < nblocks; b++)
            free(blocks[b].saved_shared);
        free(blocks);
        threads = NULL;
    }
    make_threads();
    phase++; /* nothing of an earlier launch races with this one */
    mk_run_grid(body, ctx);
    flush_pending();
}

/* --watch BX,BY,BZ,TX,TY,TZ BX,...: the watched threads, by block and thread index. */
static void watch_threads(void)
{
    for (int i = 1; i + 2 < argc_; i++)
        if (strcmp(argv_[i], "--watch") == 0)
            for (int k = 0; k < 2; k++) {
                unsigned v[6];
                if (sscanf(argv_[i + 1 + k], "%u,%u,%u,%u,%u,%u", &v[0], &v[1], &v[2], &v[3], &v[4], &v[5]) != 6)
                    continue;
                for (unsigned t = 0; t < nthreads; t++) {
                    const Thread *th = &threads[t];
                    if (th->bid.x == v[0] && th->bid.y == v[1] && th->bid.z == v[2] && th->tid.x == v[3] &&
                        th->tid.y == v[4] && th->tid.z == v[5])
                        watched[k] = t;
                }
            }
}

static void make_threads(void)
{
    mk_uint3 bd = mk_b.blockDim, gd = mk_b.gridDim;
    per_block = bd.x * bd.y * bd.z;
    nblocks = gd.x * gd.y * gd.z;
    nthreads = per_block * nblocks;
    threads = calloc(nthreads, sizeof *threads);
    for (unsigned t = 0; t < nthreads; t++) {
        Thread *th = &threads[t];
        unsigned b = t / per_block, r = t % per_block;
        th->block = b;
        th->rank = r;
        th->tid = (mk_uint3){r % bd.x, r / bd.x % bd.y, r / (bd.x * bd.y)};
        th->bid = (mk_uint3){b % gd.x, b / gd.x % gd.y, b / (gd.x * gd.y)};
        th->vc[r % LANES] = 1;
    }
    watch_threads();
}

/* argv: KERNEL BX BY BZ GX GY GZ [--seed S [--signed]] [--steps N] [--watch B,T B,T] [-p NAME=V]... [-a NAME=COUNT]...
 * [-s NAME]... */
int main(int argc, char **argv)
{
    out = fdopen(3, "w");
    if (!out)
        out = stderr;
    setvbuf(out, NULL, _IOLBF, 0);
    if (argc < 8) {
        fprintf(stderr, "usage: %s KERNEL BX BY BZ GX GY GZ [options]\n", argv[0]);
        return 2;
    }
    argc_ = argc;
    argv_ = argv;
    mk_b.blockDim = (mk_uint3){(unsigned)atoi(argv[2]), (unsigned)atoi(argv[3]), (unsigned)atoi(argv[4])};
    mk_b.gridDim = (mk_uint3){(unsigned)atoi(argv[5]), (unsigned)atoi(argv[6]), (unsigned)atoi(argv[7])};
    for (int i = 8; i < argc; i++) {
        if (strcmp(argv[i], "--seed") == 0 && i + 1 < argc) {
            have_seed = 1;
            seed_state = strtoull(argv[i + 1], NULL, 10);
        } else if (strcmp(argv[i], "--signed") == 0) {
            signed_values = 1;
        } else if (strcmp(argv[i], "--benign-writes") == 0) {
            benign_writes = 1;
        } else if (strcmp(argv[i], "--steps") == 0 && i + 1 < argc) {
            step_limit = strtoull(argv[i + 1], NULL, 10);
        }
    }
    if (strcmp(argv[1], "--host") == 0) {
        if (!mk_host_main) {
            fprintf(out, "no-main\n");
            return 0;
        }
        atexit(host_exit); /* the program may end by exit() */
        mk_host_main();
        return 0;
    }
    make_threads();
    for (int k = 0; k < nkernels; k++)
        if (strcmp(kernels[k].name, argv[1]) == 0) {
            fprintf(out, "default-int %lld\n", mk_default_int());
            kernels[k].launch(kernels[k].params);
            flush_pending();
            fprintf(out, "end\n");
            return 0;
        }
    fprintf(out, "no-kernel %s\n", argv[1]);
    return 0;
}
