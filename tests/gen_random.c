/* Random small protocols for the agreement test (tests/agree.sh).
 *
 *   gen_random SEED COUNT OUTDIR [extended]
 *
 * writes OUTDIR/r0000.proto ... : COUNT valid protocols, the same ones for
 * the same seed (own xorshift generator, no libc rand).  Each file starts
 * with
 *
 *   // args: -b BX[,BY] -g GX -p NAME=V ... --values 4
 *
 * the concrete instance that both `mapkit run` and `mapkit check` are given.
 * The generator knows every launch size and uniform value, so it keeps an
 * interval of possible values for every name and expression: loop trip
 * counts stay small and every loop provably ends, no division or remainder
 * is by zero, no shift amount is negative.  Unknowns (`local x;`) are
 * followed at once by `assume x < 4;` (4 = --values), so the interpreter,
 * which tries 0..3, and the solver, which is unbounded otherwise, see the
 * same instance.  About one protocol in ten puts a sync under a
 * thread-dependent condition (meant to be divergent).  With "extended" it
 * also writes what the issue does not ask for (see `extended` below).
 *
 * Standalone C11: no mapkit library. */
#include <errno.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#define VALUES 4
#define EXLEN 1024

/* ---- random numbers (xorshift64*) ---- */

static uint64_t rng;
/* "extended": also what the issue does not ask for (preconditions below the
 * top level, pairwise preconditions, distinct per-thread constants, pow2,
 * where clauses, negative loop starts).  Off, the output does not change. */
static int extended;

static uint64_t rnd(void)
{
    rng ^= rng >> 12;
    rng ^= rng << 25;
    rng ^= rng >> 27;
    return rng * 0x2545F4914F6CDD1DULL;
}

static int R(int n) { return n <= 1 ? 0 : (int)(rnd() % (uint64_t)n); }
static int chance(int pct) { return R(100) < pct; }

/* snprintf that refuses to truncate: a cut expression would not parse. */
static void sfmt(char *dst, size_t size, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(dst, size, fmt, ap);
    va_end(ap);
    if (n < 0 || (size_t)n >= size) {
        fprintf(stderr, "gen_random: text too long (%d bytes)\n", n);
        exit(2);
    }
}

/* ---- output buffer ---- */

typedef struct Buf {
    char *s;
    size_t n, cap;
} Buf;

static void bputs(Buf *b, const char *s)
{
    size_t k = strlen(s);
    if (b->n + k + 1 > b->cap) {
        b->cap = (b->n + k + 1) * 2;
        b->s = realloc(b->s, b->cap);
        if (!b->s) {
            perror("gen_random");
            exit(2);
        }
    }
    memcpy(b->s + b->n, s, k + 1);
    b->n += k;
}

static void bprintf(Buf *b, const char *fmt, ...)
{
    char tmp[4096];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(tmp, sizeof tmp, fmt, ap);
    va_end(ap);
    bputs(b, tmp);
}

/* ---- names and expressions ---- */

enum { VK_TID, VK_BID, VK_DIM, VK_UNIF, VK_LOOP, VK_LET, VK_LOCAL };

typedef struct Var {
    char name[24];
    int kind;
    int uni; /* the same in every thread of a block */
    long lo, hi;
} Var;

typedef struct Ex {
    char s[EXLEN];
    int uni;
    long lo, hi;
} Ex;

enum { POL_RO, POL_OWN, POL_NEIGH, POL_MIXED };

typedef struct Arr {
    char name[4];
    int global, ndims, policy;
    char own[2][160]; /* per dimension, with %s standing for the linear thread id */
} Arr;

typedef struct Gen {
    int bx, by, gx, twod;
    int nuni;
    char uname[2][4];
    int uval[2];
    /* the kernel being written */
    int narr;
    Arr arr[3];
    Var vars[96];
    int nvars;
    int left;         /* statements still to write */
    int choices_left; /* unknowns a thread may still draw (executions: 4^k) */
    int want_div, did_div;
    int names;
    int nthreads; /* bx * by */
    char lin[96]; /* linear thread id */
    Buf *out;
} Gen;

static long lmin(long a, long b) { return a < b ? a : b; }
static long lmax(long a, long b) { return a > b ? a : b; }
static long labs_(long a) { return a < 0 ? -a : a; }

static long mask_of(long v)
{
    long m = 0;
    while (m < v)
        m = m * 2 + 1;
    return m;
}

static void ex_num(Ex *e, long v)
{
    sfmt(e->s, EXLEN, "%ld", v);
    e->uni = 1;
    e->lo = e->hi = v;
}

static void ex_var(Ex *e, const Var *v)
{
    sfmt(e->s, EXLEN, "%s", v->name);
    e->uni = v->uni;
    e->lo = v->lo;
    e->hi = v->hi;
}

static void ex_fmt(Ex *e, const char *fmt, ...)
{
    char tmp[EXLEN * 3];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(tmp, sizeof tmp, fmt, ap);
    va_end(ap);
    sfmt(e->s, EXLEN, "%s", tmp);
}

/* r = a OP b with its interval (b already safe for / % << >>). */
static void ex_bin(Ex *r, const Ex *a, const char *op, const Ex *b)
{
    Ex t;
    t.uni = a->uni && b->uni;
    long c[4];
    if (!strcmp(op, "min") || !strcmp(op, "max")) {
        ex_fmt(&t, "%s(%s, %s)", op, a->s, b->s);
        if (op[1] == 'i') {
            t.lo = lmin(a->lo, b->lo);
            t.hi = lmin(a->hi, b->hi);
        } else {
            t.lo = lmax(a->lo, b->lo);
            t.hi = lmax(a->hi, b->hi);
        }
        *r = t;
        return;
    }
    ex_fmt(&t, "(%s %s %s)", a->s, op, b->s);
    switch (op[0]) {
    case '+':
        t.lo = a->lo + b->lo;
        t.hi = a->hi + b->hi;
        break;
    case '-':
        t.lo = a->lo - b->hi;
        t.hi = a->hi - b->lo;
        break;
    case '*':
        c[0] = a->lo * b->lo, c[1] = a->lo * b->hi, c[2] = a->hi * b->lo, c[3] = a->hi * b->hi;
        t.lo = lmin(lmin(c[0], c[1]), lmin(c[2], c[3]));
        t.hi = lmax(lmax(c[0], c[1]), lmax(c[2], c[3]));
        break;
    case '/': /* divisor >= 1 */
        c[0] = a->lo / b->lo, c[1] = a->lo / b->hi, c[2] = a->hi / b->lo, c[3] = a->hi / b->hi;
        t.lo = lmin(lmin(c[0], c[1]), lmin(c[2], c[3]));
        t.hi = lmax(lmax(c[0], c[1]), lmax(c[2], c[3]));
        if (a->lo <= 0 && a->hi >= 0)
            t.lo = lmin(t.lo, 0), t.hi = lmax(t.hi, 0);
        break;
    case '%': /* divisor >= 1 */
        if (a->lo >= 0)
            t.lo = 0, t.hi = lmin(a->hi, b->hi - 1);
        else if (a->hi <= 0)
            t.lo = lmax(a->lo, -(b->hi - 1)), t.hi = 0;
        else
            t.lo = -(b->hi - 1), t.hi = b->hi - 1;
        break;
    case '<':
    case '>': { /* amount in [0, small] */
        int left = op[0] == '<';
        long as[2] = {a->lo, a->hi}, ks[2] = {b->lo, b->hi};
        t.lo = 0x7fffffff, t.hi = -0x7fffffff;
        for (int i = 0; i < 2; i++)
            for (int j = 0; j < 2; j++) {
                long v = left ? as[i] * (1L << ks[j]) : (as[i] >> ks[j]);
                t.lo = lmin(t.lo, v);
                t.hi = lmax(t.hi, v);
            }
        if (a->lo < 0 && a->hi >= 0)
            t.lo = lmin(t.lo, -1), t.hi = lmax(t.hi, 0);
        break;
    }
    default: /* & | ^ */
        if (a->lo >= 0 && b->lo >= 0) {
            t.lo = 0;
            t.hi = op[0] == '&' ? lmin(a->hi, b->hi) : mask_of(lmax(a->hi, b->hi));
        } else {
            long m = mask_of(lmax(lmax(labs_(a->lo), labs_(a->hi)), lmax(labs_(b->lo), labs_(b->hi))));
            t.lo = -(m + 1);
            t.hi = m;
        }
        break;
    }
    *r = t;
}

/* A variable in scope: any, or only block-uniform ones. */
static const Var *pick_var(Gen *g, int thread_ok, int (*keep)(const Var *))
{
    int cand[96], n = 0;
    for (int i = 0; i < g->nvars; i++)
        if ((thread_ok || g->vars[i].uni) && (!keep || keep(&g->vars[i])))
            cand[n++] = i;
    return n ? &g->vars[cand[R(n)]] : NULL;
}

static int small_nat(const Var *v) { return v->lo >= 0 && v->hi <= 4; }
static int positive(const Var *v) { return v->lo >= 1 && v->hi <= 16; }
static int natural(const Var *v) { return v->lo >= 0 && v->hi <= 32; }

static void gen_leaf(Gen *g, Ex *e, int thread_ok)
{
    const Var *v = chance(35) ? NULL : pick_var(g, thread_ok, NULL);
    if (v)
        ex_var(e, v);
    else
        ex_num(e, R(5));
}

static void gen_cond(Gen *g, Ex *e, int depth, int thread_ok);

static void gen_ex(Gen *g, Ex *e, int depth, int thread_ok)
{
    if (depth <= 0 || chance(35)) {
        gen_leaf(g, e, thread_ok);
        return;
    }
    Ex a, b;
    gen_ex(g, &a, depth - 1, thread_ok);
    int k = R(100);
    if (k < 22) {
        gen_ex(g, &b, depth - 1, thread_ok);
        ex_bin(e, &a, "+", &b);
    } else if (k < 34) {
        gen_ex(g, &b, depth - 1, thread_ok);
        ex_bin(e, &a, "-", &b);
    } else if (k < 44) {
        if (chance(70))
            ex_num(&b, 2 + R(3));
        else
            gen_ex(g, &b, depth - 1, thread_ok);
        ex_bin(e, &a, "*", &b);
    } else if (k < 58) {
        /* a divisor that is never 0 */
        const Var *v;
        if (chance(60) || !(v = pick_var(g, thread_ok && chance(30), positive)))
            ex_num(&b, 1 + R(4));
        else
            ex_var(&b, v);
        if (b.lo == b.hi && chance(30)) {
            const Var *w = pick_var(g, thread_ok && chance(30), natural);
            if (w) {
                Ex one, wv;
                ex_var(&wv, w);
                ex_num(&one, 1);
                ex_bin(&b, &wv, "+", &one);
            }
        }
        ex_bin(e, &a, chance(50) ? "/" : "%", &b);
    } else if (k < 68) {
        /* a shift amount that is never negative and stays small */
        const Var *v;
        int r = R(10);
        if (r < 6 || !(v = pick_var(g, thread_ok, small_nat))) {
            if (r >= 8) {
                Ex x, three;
                gen_leaf(g, &x, thread_ok);
                ex_num(&three, 3);
                ex_bin(&b, &x, "&", &three);
                b.lo = 0, b.hi = 3;
            } else {
                ex_num(&b, R(4));
            }
        } else {
            ex_var(&b, v);
        }
        ex_bin(e, &a, chance(50) ? "<<" : ">>", &b);
    } else if (k < 80) {
        static const char *ops[] = {"&", "|", "^"};
        /* mostly against a small constant: general ones need bit-vectors */
        if (chance(75))
            ex_num(&b, 1 + R(7));
        else
            gen_ex(g, &b, depth - 1, thread_ok);
        ex_bin(e, &a, ops[R(3)], &b);
    } else if (k < 90) {
        gen_ex(g, &b, depth - 1, thread_ok);
        ex_bin(e, &a, chance(50) ? "min" : "max", &b);
    } else if (k < 96) {
        Ex c;
        gen_cond(g, &c, depth - 1, thread_ok);
        gen_ex(g, &b, depth - 1, thread_ok);
        Ex t;
        ex_fmt(&t, "(%s ? %s : %s)", c.s, a.s, b.s);
        t.uni = a.uni && b.uni && c.uni;
        t.lo = lmin(a.lo, b.lo);
        t.hi = lmax(a.hi, b.hi);
        *e = t;
    } else {
        Ex t;
        if (chance(50)) {
            ex_fmt(&t, a.s[0] == '-' ? "-(%s)" : "-%s", a.s);
            t.lo = -a.hi, t.hi = -a.lo;
        } else {
            ex_fmt(&t, "~%s", a.s);
            t.lo = -a.hi - 1, t.hi = -a.lo - 1;
        }
        t.uni = a.uni;
        *e = t;
    }
    if (labs_(e->lo) > 4096 || labs_(e->hi) > 4096 || strlen(e->s) > 160)
        gen_leaf(g, e, thread_ok);
}

static void gen_cond(Gen *g, Ex *e, int depth, int thread_ok)
{
    static const char *cmp[] = {"<", "<=", ">", ">=", "==", "!="};
    Ex a, b, t;
    int k = R(100);
    if (depth > 0 && k < 15) {
        Ex c;
        gen_cond(g, &a, depth - 1, thread_ok);
        gen_cond(g, &c, depth - 1, thread_ok);
        ex_fmt(&t, "(%s %s %s)", a.s, chance(50) ? "&&" : "||", c.s);
        t.uni = a.uni && c.uni;
    } else if (depth > 0 && k < 20) {
        gen_cond(g, &a, depth - 1, thread_ok);
        ex_fmt(&t, "!%s", a.s);
        t.uni = a.uni;
    } else {
        gen_ex(g, &a, depth > 0 ? 1 : 0, thread_ok);
        if (chance(60))
            ex_num(&b, R(5));
        else
            gen_ex(g, &b, depth > 0 ? 1 : 0, thread_ok);
        ex_fmt(&t, "(%s %s %s)", a.s, cmp[R(6)], b.s);
        t.uni = a.uni && b.uni;
    }
    t.lo = 0;
    t.hi = 1;
    *e = t;
}

/* A condition that depends on the thread for sure (for divergence). */
static void thread_cond(Gen *g, Ex *e)
{
    int k = R(4);
    if (k == 0 && g->bx > 1)
        ex_fmt(e, "threadIdx.x < %d", 1 + R(g->bx - 1));
    else if (k == 1)
        ex_fmt(e, "threadIdx.x %% 2 == %d", R(2));
    else if (k == 2 && g->twod)
        ex_fmt(e, "threadIdx.y == 0");
    else
        ex_fmt(e, "%s == %d", g->lin, R(g->nthreads));
    e->uni = 0;
    e->lo = 0, e->hi = 1;
}

/* A precondition on the uniforms, true for the values given (mostly). */
static void precondition(Gen *g, Ex *e)
{
    if (!g->nuni || chance(10)) {
        ex_fmt(e, "gridDim.x %s %d", chance(80) ? "<=" : ">", g->gx);
        return;
    }
    int i = R(g->nuni), v = g->uval[i];
    const char *u = g->uname[i];
    int truth = chance(85);
    switch (R(5)) {
    case 0: ex_fmt(e, "%s >= %d", u, truth ? R(v + 1) : v + 1); break;
    case 1: ex_fmt(e, "%s < %d", u, truth ? v + 1 + R(3) : R(v + 1)); break;
    case 2: ex_fmt(e, "%s != %d", u, truth ? (v + 1 + R(4)) % 5 : v); break;
    case 3: ex_fmt(e, "%s %% 2 == %d", u, truth ? v % 2 : 1 - v % 2); break;
    default:
        if (g->nuni == 2)
            ex_fmt(e, "%s %s %s", u, chance(50) ? "<=" : "!=", g->uname[1 - i]);
        else
            ex_fmt(e, "%s <= %d", u, truth ? v + R(2) : v - 1);
        break;
    }
}

/* ---- statements ---- */

static void indent(Gen *g, int d)
{
    for (int i = 0; i < d; i++)
        bputs(g->out, "    ");
}

static void line(Gen *g, int d, const char *fmt, ...)
{
    char tmp[4096];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(tmp, sizeof tmp, fmt, ap);
    va_end(ap);
    indent(g, d);
    bputs(g->out, tmp);
    bputs(g->out, "\n");
}

static void new_name(Gen *g, char *buf, char prefix)
{
    sfmt(buf, 24, "%c%d", prefix, g->names++);
}

static Var *push_var(Gen *g, const char *name, int kind, int uni, long lo, long hi)
{
    Var *v = &g->vars[g->nvars++];
    sfmt(v->name, sizeof v->name, "%s", name);
    v->kind = kind;
    v->uni = uni;
    v->lo = lo;
    v->hi = hi;
    return v;
}

typedef struct Ctx {
    int depth;     /* indentation */
    int syncok;    /* every thread of a block runs this point alike */
    int syncloops; /* synchronized loops around */
    int trips;     /* product of the enclosing loops' trip counts */
} Ctx;

static void gen_block(Gen *g, Ctx c, int n, int force_sync_at);

/* The index of an access, as text "[i][j]". */
static void own_index(Gen *g, const Arr *a, const char *lin, char *out, size_t size)
{
    char d0[400], d1[400];
    sfmt(d0, sizeof d0, a->own[0], lin);
    if (a->ndims == 2) {
        sfmt(d1, sizeof d1, a->own[1], lin);
        sfmt(out, size, "[%s][%s]", d0, d1);
    } else {
        sfmt(out, size, "[%s]", d0);
    }
    (void)g;
}

static void neighbour(Gen *g, char *out, size_t size)
{
    int k = R(6);
    const char *L = g->lin;
    switch (k) {
    case 0: sfmt(out, size, "(%s + 1)", L); break;
    case 1: sfmt(out, size, "(%s - 1)", L); break;
    case 2: sfmt(out, size, "(%s ^ 1)", L); break;
    case 3: sfmt(out, size, "((%s + 1) %% %d)", L, g->nthreads); break;
    case 4: sfmt(out, size, "(%d - %s)", g->nthreads - 1, L); break;
    default: sfmt(out, size, "(%s + %d)", L, 1 + R(3)); break;
    }
}

static void gen_access(Gen *g, Ctx c)
{
    const Arr *a = &g->arr[R(g->narr)];
    static const char *modes[] = {"rd", "wr", "atomic"};
    int m = R(100);
    int mode = m < 45 ? 0 : m < 85 ? 1 : 2;
    if (a->policy == POL_RO)
        mode = 0;
    char idx[EXLEN * 2 + 8];
    switch (a->policy) {
    case POL_RO:
    case POL_MIXED:
        if (a->policy == POL_MIXED || chance(50)) {
            Ex e0, e1;
            gen_ex(g, &e0, 2, 1);
            if (a->ndims == 2) {
                gen_ex(g, &e1, 1, 1);
                sfmt(idx, sizeof idx, "[%s][%s]", e0.s, e1.s);
            } else {
                sfmt(idx, sizeof idx, "[%s]", e0.s);
            }
            break;
        }
        /* fall through */
    case POL_OWN:
        own_index(g, a, g->lin, idx, sizeof idx);
        break;
    case POL_NEIGH:
    default:
        if (mode == 1 || chance(25)) {
            own_index(g, a, g->lin, idx, sizeof idx);
        } else {
            char nb[200];
            neighbour(g, nb, sizeof nb);
            own_index(g, a, nb, idx, sizeof idx);
        }
        break;
    }
    line(g, c.depth, "%s %s%s;", modes[mode], a->name, idx);
}

/* A block-stride loop over an array of own/neighbour policy: thread L visits
 * L, L + NT, L + 2 NT, ...: the cells of distinct threads differ. */
static int gen_stride_loop(Gen *g, Ctx c)
{
    int cand[3], n = 0;
    for (int i = 0; i < g->narr; i++)
        if (g->arr[i].policy == POL_OWN || g->arr[i].policy == POL_NEIGH)
            cand[n++] = i;
    if (!n || c.trips * 3 > 24)
        return 0;
    const Arr *a = &g->arr[cand[R(n)]];
    char v[24], idx[600];
    new_name(g, v, 'i');
    int reps = 1 + R(3);
    const char *nt = chance(50) ? (g->twod ? "blockDim.x * blockDim.y" : "blockDim.x") : NULL;
    char ntbuf[16];
    sfmt(ntbuf, sizeof ntbuf, "%d", g->nthreads);
    if (!nt)
        nt = ntbuf;
    line(g, c.depth, "for (%s = %s; %s < %d; %s += %s) {", v, g->lin, v, reps * g->nthreads, v, nt);
    own_index(g, a, v, idx, sizeof idx);
    line(g, c.depth + 1, "%s %s%s;", a->policy == POL_OWN && chance(50) ? "rd" : "wr", a->name, idx);
    g->left--;
    line(g, c.depth, "}");
    return 1;
}

/* ---- loops ---- */

enum { UP_INC, UP_DEC, UP_ADD, UP_SUB, UP_MUL, UP_DIV, UP_SHL, UP_SHR };

static int cmp_test(int cmp, long x, long b)
{
    switch (cmp) {
    case 0: return x < b;
    case 1: return x <= b;
    case 2: return x > b;
    case 3: return x >= b;
    default: return x != b;
    }
}

static long step_of(int up, long x, long amt)
{
    switch (up) {
    case UP_INC: return x + 1;
    case UP_DEC: return x - 1;
    case UP_ADD: return x + amt;
    case UP_SUB: return x - amt;
    case UP_MUL: return x * amt;
    case UP_DIV: return x / amt;
    case UP_SHL: return x << amt;
    default: return x >> amt;
    }
}

/* Trip count of one instance, -1 if it would not end; widens [vlo, vhi]. */
static int simulate(int up, int cmp, long s, long b, long amt, long *vlo, long *vhi)
{
    long x = s;
    int trips = 0;
    while (x >= 0 && cmp_test(cmp, x, b)) {
        if (++trips > 64)
            return -1;
        *vlo = lmin(*vlo, x);
        *vhi = lmax(*vhi, x);
        long nx = step_of(up, x, amt);
        if (nx == x)
            return -1;
        x = nx;
    }
    return trips;
}

typedef struct LoopPlan {
    char head[EXLEN * 3];
    char var[24];
    int uni, maxtrips;
    long vlo, vhi;
} LoopPlan;

/* start/bound expression of a loop: small, preferably natural. */
static void loop_ex(Gen *g, Ex *e, int thread_ok, int positive_only)
{
    for (int tries = 0; tries < 20; tries++) {
        if (chance(40))
            ex_num(e, R(5) + (positive_only ? 1 : 0));
        else
            gen_ex(g, e, R(2), thread_ok);
        if (e->hi - e->lo > 40)
            continue;
        if (positive_only ? e->lo >= 1 : (e->lo >= 0 || chance(extended ? 25 : 5)))
            return;
    }
    ex_num(e, positive_only ? 1 : 0);
}

static int plan_loop(Gen *g, LoopPlan *p, int uni_only, int maxtrips)
{
    static const char *cmps[] = {"<", "<=", ">", ">=", "!="};
    new_name(g, p->var, 'i');
    const char *x = p->var;
    for (int attempt = 0; attempt < 40; attempt++) {
        int thread_ok = !uni_only && chance(60);
        int form = R(100);
        int up, cmp, foreach = 0;
        long amt_lo = 1, amt_hi = 1;
        char amt[EXLEN] = "1";
        int amt_uni = 1;
        /* the update */
        int k = R(16);
        static const int ups[16] = {UP_INC, UP_INC, UP_INC, UP_DEC, UP_DEC, UP_ADD, UP_ADD, UP_SUB,
                                    UP_SUB, UP_MUL, UP_MUL, UP_DIV, UP_DIV, UP_SHL, UP_SHR, UP_SHR};
        up = ups[k];
        if (up == UP_ADD || up == UP_SUB) {
            const Var *v;
            int r = R(10);
            if (r < 6 || !(v = pick_var(g, thread_ok && r == 9, positive))) {
                long s = 1 + R(3);
                sfmt(amt, sizeof amt, "%ld", s);
                amt_lo = amt_hi = s;
            } else {
                sfmt(amt, sizeof amt, "%s", v->name);
                amt_lo = v->lo, amt_hi = v->hi;
                amt_uni = v->uni;
            }
        } else if (up == UP_MUL || up == UP_DIV) {
            long f = chance(85) ? 2 : 3;
            sfmt(amt, sizeof amt, "%ld", f);
            amt_lo = amt_hi = f;
        } else if (up == UP_SHL || up == UP_SHR) {
            long f = chance(85) ? 1 : 2;
            sfmt(amt, sizeof amt, "%ld", f);
            amt_lo = amt_hi = f;
        }
        int inc = up == UP_INC || up == UP_ADD || up == UP_MUL || up == UP_SHL;
        int r = R(100);
        if (inc)
            cmp = r < 45 ? 0 : r < 75 ? 1 : 4;
        else if (up == UP_DEC || up == UP_SUB)
            cmp = r < 35 ? 2 : r < 70 ? 3 : r < 90 ? 4 : R(2); /* < <=: runs until negative */
        else
            cmp = r < 50 ? 2 : r < 75 ? 3 : 4;
        if (inc && cmp == 0 && form < 40 && up != UP_SHL)
            foreach = 1;
        int need_pos = up == UP_MUL || up == UP_SHL || (cmp == 3 && (up == UP_DIV || up == UP_SHR));
        Ex S, B;
        int exact = cmp == 4;
        long K = 1 + R(3); /* iterations of an exact (!=) loop */
        if (!exact) {
            loop_ex(g, &S, thread_ok, (up == UP_MUL || up == UP_SHL));
            loop_ex(g, &B, thread_ok, cmp == 3 && (up == UP_DIV || up == UP_SHR));
            if (need_pos && !(up == UP_MUL || up == UP_SHL) && B.lo < 1)
                continue;
        } else if (up == UP_INC || up == UP_ADD) {
            if (strcmp(amt, "1") && up == UP_ADD && amt_lo != amt_hi)
                continue;
            loop_ex(g, &S, thread_ok, 0);
            if (S.lo < 0)
                continue;
            Ex kk;
            ex_num(&kk, K * amt_lo);
            if (up == UP_ADD && amt_lo == amt_hi && amt[0] >= 'a')
                ex_fmt(&kk, "%ld * %s", K, amt), kk.lo = kk.hi = K * amt_lo, kk.uni = amt_uni;
            ex_bin(&B, &S, "+", &kk);
        } else if (up == UP_DEC || up == UP_SUB) {
            if (up == UP_SUB && amt_lo != amt_hi)
                continue;
            loop_ex(g, &B, thread_ok, 0);
            if (B.lo < 0)
                continue;
            Ex kk;
            ex_num(&kk, K * amt_lo);
            if (up == UP_SUB && amt[0] >= 'a')
                ex_fmt(&kk, "%ld * %s", K, amt), kk.lo = kk.hi = K * amt_lo, kk.uni = amt_uni;
            ex_bin(&S, &B, "+", &kk);
        } else if (up == UP_MUL || up == UP_SHL) {
            loop_ex(g, &S, thread_ok, 1);
            long f = up == UP_MUL ? amt_lo : 1L << amt_lo;
            long mult = 1;
            for (int i = 0; i < K; i++)
                mult *= f;
            Ex kk;
            ex_num(&kk, mult);
            ex_bin(&B, &S, "*", &kk);
            if (chance(50) && up == UP_SHL) {
                ex_fmt(&B, "(%s << %ld)", S.s, K * amt_lo);
            }
        } else { /* DIV, SHR to an exact bound */
            loop_ex(g, &S, thread_ok, 0);
            if (S.lo < 0)
                continue;
            long f = up == UP_DIV ? amt_lo : 1L << amt_lo;
            if (f == 3)
                continue;
            int sh = 0;
            for (long t = 1; t < f; t *= 2)
                sh++;
            ex_fmt(&B, "(%s >> %ld)", S.s, K * sh);
            B.uni = S.uni;
            B.lo = S.lo >> (K * sh), B.hi = S.hi >> (K * sh);
        }
        /* simulate every combination */
        int worst = 0, ok = 1;
        long vlo = 1L << 40, vhi = -(1L << 40);
        if (!exact) {
            if (S.hi - S.lo > 40 || B.hi - B.lo > 40)
                continue;
            for (long s = S.lo; s <= S.hi && ok; s++)
                for (long b = B.lo; b <= B.hi && ok; b++)
                    for (long a = amt_lo; a <= amt_hi && ok; a++) {
                        int t = simulate(up, cmp, s, b, a, &vlo, &vhi);
                        if (t < 0)
                            ok = 0;
                        worst = t > worst ? t : worst;
                    }
        } else {
            if (S.hi - S.lo > 40)
                continue;
            for (long s = S.lo; s <= S.hi && ok; s++) {
                long b;
                if (up == UP_INC || up == UP_ADD)
                    b = s + K * amt_lo;
                else if (up == UP_DEC || up == UP_SUB)
                    b = s - K * amt_lo;
                else if (up == UP_MUL)
                    b = s * (amt_lo == 2 ? (1L << K) : (K == 1 ? 3 : K == 2 ? 9 : 27));
                else if (up == UP_SHL)
                    b = s << (K * amt_lo);
                else
                    b = s >> (K * (up == UP_DIV ? 1 : amt_lo));
                if (b < 0)
                    continue;
                int t = simulate(up, cmp, s, b, amt_lo, &vlo, &vhi);
                if (t < 0)
                    ok = 0;
                worst = t > worst ? t : worst;
            }
        }
        if (!ok || worst > maxtrips)
            continue;
        if (vlo > vhi)
            vlo = vhi = 0; /* never entered */
        p->uni = S.uni && B.uni && amt_uni;
        if (uni_only && !p->uni)
            continue;
        p->maxtrips = worst;
        p->vlo = vlo;
        p->vhi = vhi;
        /* print */
        static const char *inc_s[] = {"%s++", "++%s"}, *dec_s[] = {"%s--", "--%s"};
        char upd[EXLEN + 64];
        static const char *opch[] = {"+", "-", "+", "-", "*", "/", "<<", ">>"};
        switch (up) {
        case UP_INC: sfmt(upd, sizeof upd, inc_s[R(2)], x); break;
        case UP_DEC: sfmt(upd, sizeof upd, dec_s[R(2)], x); break;
        default:
            if (chance(15))
                sfmt(upd, sizeof upd, "%s = %s %s %s", x, x, opch[up], amt);
            else
                sfmt(upd, sizeof upd, "%s %s= %s", x, opch[up], amt);
            break;
        }
        if (foreach) {
            if (up == UP_INC || (up == UP_ADD && !strcmp(amt, "1") && chance(50)))
                sfmt(p->head, sizeof p->head, "foreach (%s in %s .. %s)", x, S.s, B.s);
            else
                sfmt(p->head, sizeof p->head, "foreach (%s in %s .. %s; %s %s %s)", x, S.s, B.s, x,
                         up == UP_MUL ? "*" : "+", up == UP_INC ? "1" : amt);
        } else if (cmp != 4 && chance(10)) {
            static const char *mirror[] = {">", ">=", "<", "<="};
            sfmt(p->head, sizeof p->head, "for (%s%s = %s; %s %s %s; %s)", chance(30) ? "int " : "", x,
                     S.s, B.s, mirror[cmp], x, upd);
        } else {
            sfmt(p->head, sizeof p->head, "for (%s%s = %s; %s %s %s; %s)", chance(10) ? "int " : "", x,
                     S.s, x, cmps[cmp], B.s, upd);
        }
        return 1;
    }
    /* a safe default */
    long n = 1 + R(maxtrips > 0 ? maxtrips : 1);
    sfmt(p->head, sizeof p->head, "foreach (%s in 0 .. %ld)", x, n);
    p->uni = 1;
    p->maxtrips = (int)n;
    p->vlo = 0;
    p->vhi = n - 1;
    return 1;
}

/* ---- statements ---- */

static void gen_divergent(Gen *g, Ctx c)
{
    Ctx in = c;
    in.syncok = 0;
    in.depth = c.depth + 1;
    int k = R(10);
    g->did_div = 1;
    g->left--;
    if (k < 5) {
        Ex e;
        thread_cond(g, &e);
        line(g, c.depth, "if (%s) {", e.s);
        int before = R(2), after = R(2);
        gen_block(g, in, before, -1);
        line(g, in.depth, "sync;");
        gen_block(g, in, after, -1);
        if (k == 4) {
            line(g, c.depth, "} else {");
            line(g, in.depth, "sync;");
        }
        line(g, c.depth, "}");
    } else if (k < 8) {
        char v[24];
        new_name(g, v, 'i');
        if (k == 7 && g->choices_left >= c.trips) {
            char u[24];
            new_name(g, u, 'x');
            g->choices_left -= c.trips;
            line(g, c.depth, "local %s;", u);
            line(g, c.depth, "assume %s < %d;", u, VALUES);
            push_var(g, u, VK_LOCAL, 0, 0, VALUES - 1);
            line(g, c.depth, "for (%s = 0; %s < %s; %s++) {", v, v, u, v);
        } else {
            line(g, c.depth, "foreach (%s in 0 .. threadIdx.x %% 3) {", v);
        }
        int save = g->nvars;
        push_var(g, v, VK_LOOP, 0, 0, 2);
        line(g, in.depth, "sync;");
        gen_block(g, in, R(2), -1);
        g->nvars = save;
        line(g, c.depth, "}");
    } else {
        Ex e;
        char u[24];
        if (g->choices_left >= c.trips) {
            new_name(g, u, 'x');
            g->choices_left -= c.trips;
            line(g, c.depth, "local %s;", u);
            line(g, c.depth, "assume %s < %d;", u, VALUES);
            push_var(g, u, VK_LOCAL, 0, 0, VALUES - 1);
            ex_fmt(&e, "%s < %d", u, 1 + R(VALUES - 1));
        } else {
            thread_cond(g, &e);
        }
        line(g, c.depth, "if (%s) {", e.s);
        line(g, in.depth, "sync;");
        line(g, c.depth, "}");
    }
}

static void gen_stmt(Gen *g, Ctx c)
{
    g->left--;
    if (g->want_div && !g->did_div && c.syncok && chance(25)) {
        g->left++;
        gen_divergent(g, c);
        return;
    }
    if (extended && c.depth > 1 && chance(6)) {
        /* a precondition below the top level: in loops, in branches */
        Ex e;
        const Var *v = pick_var(g, 1, NULL);
        if (v && chance(50))
            ex_fmt(&e, "threadIdx.x != %s", v->name);
        else
            gen_cond(g, &e, 1, 1);
        line(g, c.depth, "assume %s;", e.s);
        return;
    }
    /* out of budget: only simple statements */
    int k = g->left < 0 ? R(52) : R(100);
    if (k < 46) {
        gen_access(g, c);
    } else if (k < 52) {
        if (c.syncok)
            line(g, c.depth, "sync;");
        else
            gen_access(g, c);
    } else if (k < 66) {
        /* conditional */
        Ex e;
        int uni_wanted = c.syncok && chance(55);
        gen_cond(g, &e, 1 + R(2), !uni_wanted);
        if (!uni_wanted && e.uni && chance(70)) {
            Ex t;
            thread_cond(g, &t);
            if (chance(50))
                e = t;
        }
        Ctx in = c;
        in.depth++;
        in.syncok = c.syncok && e.uni;
        line(g, c.depth, "if %s {", e.s);
        int force = in.syncok && chance(40) ? 0 : -1;
        gen_block(g, in, 1 + R(3), force);
        if (chance(30)) {
            line(g, c.depth, "} else {");
            gen_block(g, in, 1 + R(2), in.syncok && chance(30) ? 0 : -1);
        }
        line(g, c.depth, "}");
    } else if (k < 84) {
        /* loop */
        if (chance(20) && gen_stride_loop(g, c))
            return;
        int sync_loop = c.syncok && c.syncloops < 3 && chance(60);
        int room = 24 / (c.trips > 0 ? c.trips : 1);
        int maxt = sync_loop ? 3 : 4;
        if (maxt > room)
            maxt = room;
        if (maxt < 1) {
            gen_access(g, c);
            return;
        }
        LoopPlan p;
        plan_loop(g, &p, sync_loop, maxt);
        Ctx in = c;
        in.depth++;
        in.trips = c.trips * (p.maxtrips > 0 ? p.maxtrips : 1);
        /* Only synchronized loops may hold a sync, and they hold one at their
         * top level: the align engine needs every iteration to synchronize. */
        if (sync_loop)
            in.syncloops++;
        in.syncok = sync_loop;
        line(g, c.depth, "%s {", p.head);
        int save = g->nvars;
        push_var(g, p.var, VK_LOOP, p.uni, p.vlo, p.vhi);
        int n = 1 + R(3);
        gen_block(g, in, n, sync_loop ? R(n + 1) : -1);
        g->nvars = save;
        line(g, c.depth, "}");
    } else if (k < 92) {
        Ex e;
        char v[24];
        gen_ex(g, &e, 1 + R(2), chance(60));
        new_name(g, v, 'v');
        if (chance(15))
            line(g, c.depth, "local %s = %s;", v, e.s);
        else
            line(g, c.depth, "let %s = %s;", v, e.s);
        push_var(g, v, VK_LET, e.uni, e.lo, e.hi);
    } else {
        if (c.trips <= g->choices_left) {
            char v[24];
            new_name(g, v, 'x');
            g->choices_left -= c.trips;
            line(g, c.depth, "local %s;", v);
            line(g, c.depth, "assume %s < %d;", v, VALUES);
            push_var(g, v, VK_LOCAL, 0, 0, VALUES - 1);
        } else {
            gen_access(g, c);
        }
    }
}

/* n statements (at least one if force_sync_at >= 0); a sync at position
 * force_sync_at. */
static void gen_block(Gen *g, Ctx c, int n, int force_sync_at)
{
    int save = g->nvars;
    if (n == 0 && force_sync_at < 0) {
        g->nvars = save;
        return;
    }
    for (int i = 0; i <= n; i++) {
        if (i == force_sync_at)
            line(g, c.depth, "sync;");
        if (i < n && (g->left > 0 || i == 0))
            gen_stmt(g, c);
    }
    g->nvars = save;
}

/* ---- kernels and files ---- */

static void gen_arrays(Gen *g)
{
    g->narr = 1 + R(3);
    static const char *types[] = {"int", "float", "unsigned"};
    for (int i = 0; i < g->narr; i++) {
        Arr *a = &g->arr[i];
        sfmt(a->name, sizeof a->name, "%c", 'A' + i);
        a->global = chance(40);
        a->ndims = chance(25) ? 2 : 1;
        int p = R(100);
        a->policy = p < 5 ? POL_RO : p < 22 ? POL_OWN : p < 50 ? POL_NEIGH : POL_MIXED;
        /* the own index: injective in the thread (and the block, usually) */
        int blk = a->global && chance(75);
        if (a->ndims == 1) {
            if (blk) {
                if (chance(50))
                    sfmt(a->own[0], sizeof a->own[0], "blockIdx.x * %s + %%s",
                             chance(50) ? (g->twod ? "blockDim.x * blockDim.y" : "blockDim.x") : "NT");
                else
                    sfmt(a->own[0], sizeof a->own[0], "%%s * gridDim.x + blockIdx.x");
                if (strstr(a->own[0], "NT")) {
                    char tmp[160];
                    sfmt(tmp, sizeof tmp, "blockIdx.x * %d + %%s", g->nthreads);
                    strcpy(a->own[0], tmp);
                }
            } else {
                int k = R(4);
                if (k == 0)
                    sfmt(a->own[0], sizeof a->own[0], "%%s + %d", 1 + R(3));
                else if (k == 1)
                    sfmt(a->own[0], sizeof a->own[0], "2 * %%s + %d", R(2));
                else
                    sfmt(a->own[0], sizeof a->own[0], "%%s");
            }
        } else {
            if (blk && chance(50)) {
                sfmt(a->own[0], sizeof a->own[0], "blockIdx.x");
                sfmt(a->own[1], sizeof a->own[1], "%%s");
            } else if (blk) {
                sfmt(a->own[0], sizeof a->own[0], "%%s");
                sfmt(a->own[1], sizeof a->own[1], "blockIdx.x");
            } else if (chance(50)) {
                sfmt(a->own[0], sizeof a->own[0], "%%s");
                sfmt(a->own[1], sizeof a->own[1], "%d", R(3));
            } else {
                sfmt(a->own[0], sizeof a->own[0], "%d", R(3));
                sfmt(a->own[1], sizeof a->own[1], "%%s");
            }
        }
        bprintf(g->out, "    %s %s %s", a->global ? "global" : "shared", types[R(3)], a->name);
        for (int d = 0; d < a->ndims; d++) {
            if (chance(30))
                bputs(g->out, "[]");
            else
                bprintf(g->out, "[%d]", 8 << R(3));
        }
        bputs(g->out, ";\n");
    }
}

static void gen_kernel(Gen *g, const char *name)
{
    g->nvars = 0;
    g->names = 0;
    g->did_div = 0;
    g->choices_left = 3;
    Buf *out = g->out;
    bprintf(out, "kernel %s {\n", name);
    gen_arrays(g);
    /* names in scope */
    push_var(g, "threadIdx.x", VK_TID, 0, 0, g->bx - 1);
    if (g->twod)
        push_var(g, "threadIdx.y", VK_TID, 0, 0, g->by - 1);
    push_var(g, "blockIdx.x", VK_BID, 1, 0, g->gx - 1);
    if (chance(40))
        push_var(g, "blockDim.x", VK_DIM, 1, g->bx, g->bx);
    for (int i = 0; i < g->nuni; i++)
        push_var(g, g->uname[i], VK_UNIF, 1, g->uval[i], g->uval[i]);
    if (g->nuni) {
        bputs(out, "    uniform ");
        for (int i = 0; i < g->nuni; i++)
            bprintf(out, "%s%s", i ? ", " : "", g->uname[i]);
        if (extended && chance(20))
            bprintf(out, " where %s <= %d", g->uname[0], g->uval[0] + R(2));
        bputs(out, ";\n");
    }
    int cl = chance(6);
    if (cl) {
        bputs(out, "    const local c0;\n");
        push_var(g, "c0", VK_LOCAL, 0, 0, VALUES - 1);
        g->choices_left--;
    }
    int dl = extended && chance(8);
    if (dl) {
        /* part of the thread-id tuple: every value is another thread */
        bputs(out, "    const local d0;\n");
        push_var(g, "d0", VK_LOCAL, 0, 0, VALUES - 1);
        g->choices_left--;
    }
    if (extended && chance(25)) {
        push_var(g, "gridDim.x", VK_DIM, 1, g->gx, g->gx);
        if (g->twod)
            push_var(g, "blockDim.y", VK_DIM, 1, g->by, g->by);
    }
    bputs(out, "\n");
    Ctx c = {1, 1, 0, 1};
    if (cl)
        line(g, 1, "assume c0 < %d;", VALUES);
    if (dl) {
        line(g, 1, "assume d0 < %d;", VALUES);
        line(g, 1, "assume distinct [d0]%s;", chance(50) ? "[threadIdx.x]" : "");
    }
    /* preconditions */
    int npre = chance(35) ? 1 + R(2) : 0;
    for (int i = 0; i < npre; i++) {
        Ex e;
        if (chance(25)) {
            int k = R(3);
            if (k == 0)
                ex_fmt(&e, "threadIdx.x != %d", R(g->bx));
            else if (k == 1)
                ex_fmt(&e, "threadIdx.x < %d", 1 + R(g->bx));
            else
                ex_fmt(&e, "blockIdx.x == 0");
        } else {
            precondition(g, &e);
        }
        line(g, 1, "assume %s;", e.s);
    }
    if (extended && chance(12)) {
        static const char *pw[] = {"2@threadIdx.x == 1@threadIdx.x + 1", "1@threadIdx.x < 2@threadIdx.x",
                                   "1@blockIdx.x == 2@blockIdx.x", "1@threadIdx.x % 2 == 2@threadIdx.x % 2",
                                   "1@threadIdx.x != 0 && 2@threadIdx.x != 0"};
        line(g, 1, "assume %s;", pw[R(5)]);
    }
    if (extended && chance(8))
        line(g, 1, "assume pow2(%s);", g->nuni && chance(60) ? g->uname[R(g->nuni)] : "blockDim.x");
    int mid_assume = chance(10);
    while (g->left > 0) {
        if (mid_assume && chance(20)) {
            Ex e;
            gen_cond(g, &e, 1, chance(50));
            line(g, 1, "assume %s;", e.s);
            mid_assume = 0;
        }
        gen_stmt(g, c);
    }
    if (g->want_div && !g->did_div)
        gen_divergent(g, c);
    bputs(out, "}\n");
}

static void gen_file(const char *path)
{
    Gen g;
    memset(&g, 0, sizeof g);
    Buf out = {0};
    g.out = &out;
    g.twod = chance(30);
    if (g.twod) {
        static const int shapes[][2] = {{2, 2}, {2, 3}, {3, 2}, {4, 2}, {2, 4}, {1, 2}, {2, 1}, {1, 4}};
        int s = R(8);
        g.bx = shapes[s][0];
        g.by = shapes[s][1];
    } else {
        g.bx = chance(5) ? 1 : 2 + R(7);
        g.by = 1;
    }
    g.gx = chance(60) ? 1 : 2;
    g.nthreads = g.bx * g.by;
    if (g.twod)
        sfmt(g.lin, sizeof g.lin, chance(50) ? "(threadIdx.y * %d + threadIdx.x)"
                                                 : "(threadIdx.x + threadIdx.y * blockDim.x)", g.bx);
    else
        sfmt(g.lin, sizeof g.lin, "threadIdx.x");
    g.nuni = R(3);
    for (int i = 0; i < g.nuni; i++) {
        sfmt(g.uname[i], sizeof g.uname[i], "%s", i ? "m" : "n");
        g.uval[i] = R(5);
    }
    bprintf(&out, "// args: -b %d", g.bx);
    if (g.twod)
        bprintf(&out, ",%d", g.by);
    bprintf(&out, " -g %d", g.gx);
    for (int i = 0; i < g.nuni; i++)
        bprintf(&out, " -p %s=%d", g.uname[i], g.uval[i]);
    bprintf(&out, " --values %d\n", VALUES);
    int nk = chance(8) ? 2 : 1;
    for (int k = 0; k < nk; k++) {
        char name[8];
        sfmt(name, sizeof name, "k%d", k);
        g.left = nk == 2 ? 3 + R(6) : 5 + R(12);
        g.want_div = chance(14);
        if (k)
            bputs(&out, "\n");
        gen_kernel(&g, name);
    }
    FILE *f = fopen(path, "w");
    if (!f || fputs(out.s, f) == EOF || fclose(f) != 0) {
        perror(path);
        exit(2);
    }
    free(out.s);
}

int main(int argc, char **argv)
{
    if (argc != 4 && !(argc == 5 && strcmp(argv[4], "extended") == 0)) {
        fprintf(stderr, "usage: gen_random SEED COUNT OUTDIR [extended]\n");
        return 2;
    }
    extended = argc == 5;
    char *end;
    errno = 0;
    unsigned long long seed = strtoull(argv[1], &end, 0);
    if (errno || *end) {
        fprintf(stderr, "gen_random: bad seed '%s'\n", argv[1]);
        return 2;
    }
    long count = strtol(argv[2], &end, 10);
    if (*end || count < 0 || count > 99999) {
        fprintf(stderr, "gen_random: bad count '%s'\n", argv[2]);
        return 2;
    }
    if (mkdir(argv[3], 0777) != 0 && errno != EEXIST) {
        perror(argv[3]);
        return 2;
    }
    for (long i = 0; i < count; i++) {
        /* each file from its own stream: file i is the same whatever COUNT */
        rng = (seed + 1) * 0x9E3779B97F4A7C15ULL ^ ((uint64_t)(i + 1) * 0xD1B54A32D192ED03ULL);
        if (!rng)
            rng = 1;
        for (int w = 0; w < 8; w++)
            rnd();
        char path[4096];
        sfmt(path, sizeof path, "%s/r%04ld.proto", argv[3], i);
        gen_file(path);
    }
    return 0;
}
