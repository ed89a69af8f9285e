/* Random protocols in [CAV21]'s Fig. 2 language, for [VST Sec. 3] stress testing (docs/fuzz.md).
 * See randproto.h. */
#include "randproto.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define VALUES RAND_VALUES
#define EXLEN 1024

typedef struct Gen Gen;

/* ---- random numbers (xorshift64*: own generator, so every libc gives the same bytes) ---- */

static uint64_t rnd(Gen *g);

static int R(Gen *g, int n) { return n <= 1 ? 0 : (int)(rnd(g) % (uint64_t)n); }
static int chance(Gen *g, int pct) { return R(g, 100) < pct; }

/* snprintf that refuses to truncate: a cut expression would not parse. */
static void sfmt(char *dst, size_t size, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(dst, size, fmt, ap);
    va_end(ap);
    if (n < 0 || (size_t)n >= size) {
        fprintf(stderr, "mapkit: internal error: a generated protocol line is too long (%d bytes)\n", n);
        abort();
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
            perror("mapkit fuzz");
            abort();
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
    int inner;        /* a two-dimensional array's second size; 0: open (`[]`) */
} Arr;

struct Gen {
    uint64_t rng;
    RandFeatures on;
    const RandConfig *cfg;
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
};

static uint64_t rnd(Gen *g)
{
    g->rng ^= g->rng >> 12;
    g->rng ^= g->rng << 25;
    g->rng ^= g->rng >> 27;
    return g->rng * 0x2545F4914F6CDD1DULL;
}

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

/* Interval of the product (or quotient: divisor >= 1) over the corners. */
static void corners(Ex *t, const Ex *a, const Ex *b, int divide)
{
    long c[4];
    for (int i = 0; i < 4; i++) {
        long x = i < 2 ? a->lo : a->hi, y = i % 2 ? b->hi : b->lo;
        c[i] = divide ? x / y : x * y;
    }
    t->lo = lmin(lmin(c[0], c[1]), lmin(c[2], c[3]));
    t->hi = lmax(lmax(c[0], c[1]), lmax(c[2], c[3]));
    if (divide && a->lo <= 0 && a->hi >= 0)
        t->lo = lmin(t->lo, 0), t->hi = lmax(t->hi, 0);
}

/* a % b, truncating like C (divisor >= 1). */
static void remainder_interval(Ex *t, const Ex *a, const Ex *b)
{
    if (a->lo >= 0)
        t->lo = 0, t->hi = lmin(a->hi, b->hi - 1);
    else if (a->hi <= 0)
        t->lo = lmax(a->lo, -(b->hi - 1)), t->hi = 0;
    else
        t->lo = -(b->hi - 1), t->hi = b->hi - 1;
}

/* a << b or a >> b, amount in [0, small]. */
static void shift_interval(Ex *t, const Ex *a, const Ex *b, int left)
{
    long as[2] = {a->lo, a->hi}, ks[2] = {b->lo, b->hi};
    t->lo = 0x7fffffff, t->hi = -0x7fffffff;
    for (int i = 0; i < 2; i++)
        for (int j = 0; j < 2; j++) {
            long v = left ? as[i] * (1L << ks[j]) : (as[i] >> ks[j]);
            t->lo = lmin(t->lo, v);
            t->hi = lmax(t->hi, v);
        }
    if (a->lo < 0 && a->hi >= 0)
        t->lo = lmin(t->lo, -1), t->hi = lmax(t->hi, 0);
}

/* a & b, a | b, a ^ b on two's complement. */
static void bitwise_interval(Ex *t, const Ex *a, const Ex *b, char op)
{
    if (a->lo >= 0 && b->lo >= 0) {
        t->lo = 0;
        t->hi = op == '&' ? lmin(a->hi, b->hi) : mask_of(lmax(a->hi, b->hi));
        return;
    }
    long m = mask_of(lmax(lmax(labs_(a->lo), labs_(a->hi)), lmax(labs_(b->lo), labs_(b->hi))));
    t->lo = -(m + 1);
    t->hi = m;
}

/* r = a OP b with its interval (b already safe for / % << >>). */
static void ex_bin(Ex *r, const Ex *a, const char *op, const Ex *b)
{
    Ex t;
    t.uni = a->uni && b->uni;
    if (!strcmp(op, "min") || !strcmp(op, "max")) {
        ex_fmt(&t, "%s(%s, %s)", op, a->s, b->s);
        int lo = op[1] == 'i';
        t.lo = lo ? lmin(a->lo, b->lo) : lmax(a->lo, b->lo);
        t.hi = lo ? lmin(a->hi, b->hi) : lmax(a->hi, b->hi);
        *r = t;
        return;
    }
    ex_fmt(&t, "(%s %s %s)", a->s, op, b->s);
    switch (op[0]) {
    case '+': t.lo = a->lo + b->lo, t.hi = a->hi + b->hi; break;
    case '-': t.lo = a->lo - b->hi, t.hi = a->hi - b->lo; break;
    case '*': corners(&t, a, b, 0); break;
    case '/': corners(&t, a, b, 1); break;
    case '%': remainder_interval(&t, a, b); break;
    case '<':
    case '>': shift_interval(&t, a, b, op[0] == '<'); break;
    default: bitwise_interval(&t, a, b, op[0]); break;
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
    return n ? &g->vars[cand[R(g, n)]] : NULL;
}

static int small_nat(const Var *v) { return v->lo >= 0 && v->hi <= 4; }
static int positive(const Var *v) { return v->lo >= 1 && v->hi <= 16; }
static int natural(const Var *v) { return v->lo >= 0 && v->hi <= 32; }

static void gen_leaf(Gen *g, Ex *e, int thread_ok)
{
    const Var *v = chance(g, 35) ? NULL : pick_var(g, thread_ok, NULL);
    if (v)
        ex_var(e, v);
    else
        ex_num(e, R(g, 5));
}

static void gen_cond(Gen *g, Ex *e, int depth, int thread_ok);
static void gen_ex(Gen *g, Ex *e, int depth, int thread_ok);

/* A divisor that is never 0. */
static void ex_divisor(Gen *g, Ex *b, int thread_ok)
{
    const Var *v;
    if (chance(g, 60) || !(v = pick_var(g, thread_ok && chance(g, 30), positive)))
        ex_num(b, 1 + R(g, 4));
    else
        ex_var(b, v);
    if (b->lo == b->hi && chance(g, 30)) {
        const Var *w = pick_var(g, thread_ok && chance(g, 30), natural);
        if (w) {
            Ex one, wv;
            ex_var(&wv, w);
            ex_num(&one, 1);
            ex_bin(b, &wv, "+", &one);
        }
    }
}

/* A shift amount that is never negative and stays small. */
static void ex_shift_amount(Gen *g, Ex *b, int thread_ok)
{
    const Var *v;
    int r = R(g, 10);
    if (r < 6 || !(v = pick_var(g, thread_ok, small_nat))) {
        if (r >= 8) {
            Ex x, three;
            gen_leaf(g, &x, thread_ok);
            ex_num(&three, 3);
            ex_bin(b, &x, "&", &three);
            b->lo = 0, b->hi = 3;
        } else {
            ex_num(b, R(g, 4));
        }
    } else {
        ex_var(b, v);
    }
}

/* c ? a : b */
static void ex_choice(Gen *g, Ex *e, const Ex *a, int depth, int thread_ok)
{
    Ex b, c, t;
    gen_cond(g, &c, depth - 1, thread_ok);
    gen_ex(g, &b, depth - 1, thread_ok);
    ex_fmt(&t, "(%s ? %s : %s)", c.s, a->s, b.s);
    t.uni = a->uni && b.uni && c.uni;
    t.lo = lmin(a->lo, b.lo);
    t.hi = lmax(a->hi, b.hi);
    *e = t;
}

/* -a or ~a */
static void ex_negation(Gen *g, Ex *e, const Ex *a)
{
    Ex t;
    if (chance(g, 50)) {
        ex_fmt(&t, a->s[0] == '-' ? "-(%s)" : "-%s", a->s);
        t.lo = -a->hi, t.hi = -a->lo;
    } else {
        ex_fmt(&t, "~%s", a->s);
        t.lo = -a->hi - 1, t.hi = -a->lo - 1;
    }
    t.uni = a->uni;
    *e = t;
}

/* Some compound expressions become u8(e) .. i16(e), C's machine integers
 * (docs/language.md 3.2): mostly 8 bits, where the small values of these
 * protocols wrap.  Not 32 bits: the C that gen writes keeps unknowns and
 * parameters in an int, where a 32-bit conversion of one is the identity
 * the front end reads back.  The choice hashes the expression's text
 * instead of drawing from the generator, so that every seed still gives
 * the protocols it gave before, but for these conversions. */
static void maybe_conversion(Ex *e)
{
    static const char *const names[] = {"u8", "i8", "u16", "i16"};
    uint64_t h = 1469598103934665603u;
    for (const char *c = e->s; *c; c++)
        h = (h ^ (unsigned char)*c) * 1099511628211u;
    if (strchr(e->s, ' ') == NULL || h % 100 >= 4)
        return;
    int which = (h >> 8) % 10 < 7 ? (int)((h >> 16) % 2) : (int)((h >> 16) % 4);
    int bits = which < 2 ? 8 : 16;
    long lo = which % 2 ? -(1L << (bits - 1)) : 0, hi = which % 2 ? (1L << (bits - 1)) - 1 : (1L << bits) - 1;
    Ex t = *e;
    ex_fmt(&t, "%s(%s)", names[which], e->s);
    bool fits = e->lo >= lo && e->hi <= hi;
    t.lo = fits ? e->lo : lo;
    t.hi = fits ? e->hi : hi;
    *e = t;
}

/* The right operand: mostly a small constant (general bitwise operands
 * need bit-vectors; general factors make arithmetic nonlinear). */
static void ex_small_or_any(Gen *g, Ex *b, int pct, long base, int spread, int depth, int thread_ok)
{
    if (chance(g, pct))
        ex_num(b, base + R(g, spread));
    else
        gen_ex(g, b, depth - 1, thread_ok);
}

static void gen_ex(Gen *g, Ex *e, int depth, int thread_ok)
{
    static const char *bitwise[] = {"&", "|", "^"};
    if (depth <= 0 || chance(g, 35)) {
        gen_leaf(g, e, thread_ok);
        return;
    }
    Ex a, b;
    gen_ex(g, &a, depth - 1, thread_ok);
    int k = R(g, 100);
    if (k < 34) {
        gen_ex(g, &b, depth - 1, thread_ok);
        ex_bin(e, &a, k < 22 ? "+" : "-", &b);
    } else if (k < 44) {
        ex_small_or_any(g, &b, 70, 2, 3, depth, thread_ok);
        ex_bin(e, &a, "*", &b);
    } else if (k < 58) {
        ex_divisor(g, &b, thread_ok);
        ex_bin(e, &a, chance(g, 50) ? "/" : "%", &b);
    } else if (k < 68) {
        ex_shift_amount(g, &b, thread_ok);
        ex_bin(e, &a, chance(g, 50) ? "<<" : ">>", &b);
    } else if (k < 80) {
        ex_small_or_any(g, &b, 75, 1, 7, depth, thread_ok);
        ex_bin(e, &a, bitwise[R(g, 3)], &b);
    } else if (k < 90) {
        gen_ex(g, &b, depth - 1, thread_ok);
        ex_bin(e, &a, chance(g, 50) ? "min" : "max", &b);
    } else if (k < 96) {
        ex_choice(g, e, &a, depth, thread_ok);
    } else {
        ex_negation(g, e, &a);
    }
    if (labs_(e->lo) > 4096 || labs_(e->hi) > 4096 || strlen(e->s) > 160)
        gen_leaf(g, e, thread_ok);
    else
        maybe_conversion(e);
}

static void gen_cond(Gen *g, Ex *e, int depth, int thread_ok)
{
    static const char *cmp[] = {"<", "<=", ">", ">=", "==", "!="};
    Ex a, b, t;
    int k = R(g, 100);
    if (depth > 0 && k < 15) {
        Ex c;
        gen_cond(g, &a, depth - 1, thread_ok);
        gen_cond(g, &c, depth - 1, thread_ok);
        ex_fmt(&t, "(%s %s %s)", a.s, chance(g, 50) ? "&&" : "||", c.s);
        t.uni = a.uni && c.uni;
    } else if (depth > 0 && k < 20) {
        gen_cond(g, &a, depth - 1, thread_ok);
        ex_fmt(&t, "!%s", a.s);
        t.uni = a.uni;
    } else {
        gen_ex(g, &a, depth > 0 ? 1 : 0, thread_ok);
        if (chance(g, 60))
            ex_num(&b, R(g, 5));
        else
            gen_ex(g, &b, depth > 0 ? 1 : 0, thread_ok);
        ex_fmt(&t, "(%s %s %s)", a.s, cmp[R(g, 6)], b.s);
        t.uni = a.uni && b.uni;
    }
    t.lo = 0;
    t.hi = 1;
    *e = t;
}

/* A condition that depends on the thread for sure (for divergence). */
static void thread_cond(Gen *g, Ex *e)
{
    int k = R(g, 4);
    if (k == 0 && g->bx > 1)
        ex_fmt(e, "threadIdx.x < %d", 1 + R(g, g->bx - 1));
    else if (k == 1)
        ex_fmt(e, "threadIdx.x %% 2 == %d", R(g, 2));
    else if (k == 2 && g->twod)
        ex_fmt(e, "threadIdx.y == 0");
    else
        ex_fmt(e, "%s == %d", g->lin, R(g, g->nthreads));
    e->uni = 0;
    e->lo = 0, e->hi = 1;
}

/* A precondition on the uniforms, true for the values given (mostly). */
static void precondition(Gen *g, Ex *e)
{
    if (!g->nuni || chance(g, 10)) {
        ex_fmt(e, "gridDim.x %s %d", chance(g, 80) ? "<=" : ">", g->gx);
        return;
    }
    int i = R(g, g->nuni), v = g->uval[i];
    const char *u = g->uname[i];
    int truth = chance(g, 85);
    switch (R(g, 5)) {
    case 0: ex_fmt(e, "%s >= %d", u, truth ? R(g, v + 1) : v + 1); break;
    case 1: ex_fmt(e, "%s < %d", u, truth ? v + 1 + R(g, 3) : R(g, v + 1)); break;
    case 2: ex_fmt(e, "%s != %d", u, truth ? (v + 1 + R(g, 4)) % 5 : v); break;
    case 3: ex_fmt(e, "%s %% 2 == %d", u, truth ? v % 2 : 1 - v % 2); break;
    default:
        if (g->nuni == 2)
            ex_fmt(e, "%s %s %s", u, chance(g, 50) ? "<=" : "!=", g->uname[1 - i]);
        else
            ex_fmt(e, "%s <= %d", u, truth ? v + R(g, 2) : v - 1);
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
    int k = R(g, 6);
    const char *L = g->lin;
    switch (k) {
    case 0: sfmt(out, size, "(%s + 1)", L); break;
    case 1: sfmt(out, size, "(%s - 1)", L); break;
    case 2: sfmt(out, size, "(%s ^ 1)", L); break;
    case 3: sfmt(out, size, "((%s + 1) %% %d)", L, g->nthreads); break;
    case 4: sfmt(out, size, "(%d - %s)", g->nthreads - 1, L); break;
    default: sfmt(out, size, "(%s + %d)", L, 1 + R(g, 3)); break;
    }
}

/* on.bytes: the access at cell idx ("[i]" or "[i][j]") sometimes becomes
 * a byte access of the same array near that cell's bytes: its own 4 bytes,
 * a part of them, or a range that spills into a neighbour's (misaligned),
 * so that byte overlap decides races both ways.  Every array the generator
 * declares has 4-byte elements; a two-dimensional one needs its inner
 * size (docs/language.md 3.3).  Draws nothing without on.bytes, so that
 * the other modes' protocols stay the same. */
static bool byte_access(Gen *g, Ctx c, const Arr *a, const char *mode, const char *idx, const char *value)
{
    if (!chance(g, 35) || (a->ndims == 2 && !a->inner))
        return false;
    char i0[EXLEN * 2 + 8], flat[EXLEN * 2 + 64];
    snprintf(i0, sizeof i0, "%s", idx + 1);
    char *mid = strstr(i0, "][");
    if (a->ndims == 2 && mid) {
        *mid = '\0';
        const char *i1 = mid + 2;
        sfmt(flat, sizeof flat, "(%s) * %d + (%.*s)", i0, a->inner, (int)strlen(i1) - 1, i1);
    } else {
        i0[strlen(i0) - 1] = '\0';
        sfmt(flat, sizeof flat, "%s", i0);
    }
    static const int widths[] = {4, 4, 1, 2, 8, 3};
    static const int shifts[] = {0, 0, 0, 1, 2, 3, -1};
    int w = widths[R(g, 6)], d = shifts[R(g, 7)];
    char off[8] = "";
    if (d)
        sfmt(off, sizeof off, " %c %d", d < 0 ? '-' : '+', d < 0 ? -d : d);
    line(g, c.depth, "%s %s bytes((%s) * 4%s, %d)%s;", mode, a->name, flat, off, w, value);
    return true;
}

static void gen_access(Gen *g, Ctx c)
{
    const Arr *a = &g->arr[R(g, g->narr)];
    static const char *modes[] = {"rd", "wr", "atomic"};
    int m = R(g, 100);
    int mode = m < 45 ? 0 : m < 85 ? 1 : 2;
    if (mode == 2 && !g->on.atomics)
        mode = 1;
    if (a->policy == POL_RO)
        mode = 0;
    char idx[EXLEN * 2 + 8];
    switch (a->policy) {
    case POL_RO:
    case POL_MIXED:
        if (a->policy == POL_MIXED || chance(g, 50)) {
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
        if (mode == 1 || chance(g, 25)) {
            own_index(g, a, g->lin, idx, sizeof idx);
        } else {
            char nb[200];
            neighbour(g, nb, sizeof nb);
            own_index(g, a, nb, idx, sizeof idx);
        }
        break;
    }
    /* extended: some writes say what they write, so that same-value pairs
     * (benign) and different-value pairs (races) both occur */
    char value[EXLEN + 8] = "";
    if (g->on.extended && mode == 1 && chance(g, 40)) {
        Ex v;
        if (chance(g, 60))
            ex_num(&v, R(g, 2));
        else
            gen_ex(g, &v, 1, 1);
        sfmt(value, sizeof value, " = %s", v.s);
    }
    /* loads: an atomic that only reads, against the plain accesses and
     * the other atomics; block-scoped ones race across blocks */
    const char *how = modes[mode];
    if (g->on.loads && mode == 2 && chance(g, 50))
        how = chance(g, 30) ? "atomic load block" : "atomic load";
    if (g->on.bytes && byte_access(g, c, a, how, idx, value))
        return;
    line(g, c.depth, "%s %s%s%s;", how, a->name, idx, value);
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
    const Arr *a = &g->arr[cand[R(g, n)]];
    char v[24], idx[600];
    new_name(g, v, 'i');
    int reps = 1 + R(g, 3);
    const char *nt = chance(g, 50) ? (g->twod ? "blockDim.x * blockDim.y" : "blockDim.x") : NULL;
    char ntbuf[16];
    sfmt(ntbuf, sizeof ntbuf, "%d", g->nthreads);
    if (!nt)
        nt = ntbuf;
    line(g, c.depth, "for (%s = %s; %s < %d; %s += %s) {", v, g->lin, v, reps * g->nthreads, v, nt);
    own_index(g, a, v, idx, sizeof idx);
    line(g, c.depth + 1, "%s %s%s;", a->policy == POL_OWN && chance(g, 50) ? "rd" : "wr", a->name, idx);
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
        if (chance(g, 40))
            ex_num(e, R(g, 5) + (positive_only ? 1 : 0));
        else
            gen_ex(g, e, R(g, 2), thread_ok);
        if (e->hi - e->lo > 40)
            continue;
        if (positive_only ? e->lo >= 1 : (e->lo >= 0 || chance(g, g->on.extended ? 25 : 5)))
            return;
    }
    ex_num(e, positive_only ? 1 : 0);
}

/* One attempt at a loop: x = S; x CMP B; x UP= amount. */
typedef struct LoopTry {
    int thread_ok; /* bounds may depend on the thread */
    int form;      /* draw deciding foreach vs for */
    int up, cmp, foreach;
    char amt[EXLEN];
    long amt_lo, amt_hi;
    int amt_uni;
    int exact; /* cmp is !=: the bound is hit exactly after K steps */
    long K;
    Ex S, B;
    int worst; /* most iterations over all start/bound/amount values */
    long vlo, vhi;
} LoopTry;

/* The update and its amount. */
static void choose_update(Gen *g, LoopTry *t)
{
    static const int ups[16] = {UP_INC, UP_INC, UP_INC, UP_DEC, UP_DEC, UP_ADD, UP_ADD, UP_SUB,
                                UP_SUB, UP_MUL, UP_MUL, UP_DIV, UP_DIV, UP_SHL, UP_SHR, UP_SHR};
    t->up = ups[R(g, 16)];
    sfmt(t->amt, sizeof t->amt, "1");
    t->amt_lo = t->amt_hi = 1;
    t->amt_uni = 1;
    if (t->up == UP_ADD || t->up == UP_SUB) {
        const Var *v;
        int r = R(g, 10);
        if (r < 6 || !(v = pick_var(g, t->thread_ok && r == 9, positive))) {
            long s = 1 + R(g, 3);
            sfmt(t->amt, sizeof t->amt, "%ld", s);
            t->amt_lo = t->amt_hi = s;
        } else {
            sfmt(t->amt, sizeof t->amt, "%s", v->name);
            t->amt_lo = v->lo, t->amt_hi = v->hi;
            t->amt_uni = v->uni;
        }
    } else if (t->up == UP_MUL || t->up == UP_DIV) {
        long f = chance(g, 85) ? 2 : 3;
        sfmt(t->amt, sizeof t->amt, "%ld", f);
        t->amt_lo = t->amt_hi = f;
    } else if (t->up == UP_SHL || t->up == UP_SHR) {
        long f = chance(g, 85) ? 1 : 2;
        sfmt(t->amt, sizeof t->amt, "%ld", f);
        t->amt_lo = t->amt_hi = f;
    }
}

static int increasing(int up)
{
    return up == UP_INC || up == UP_ADD || up == UP_MUL || up == UP_SHL;
}

/* The comparison (0..4: < <= > >= !=), and whether it prints as foreach. */
static void choose_cmp(Gen *g, LoopTry *t)
{
    int r = R(g, 100);
    if (increasing(t->up))
        t->cmp = r < 45 ? 0 : r < 75 ? 1 : 4;
    else if (t->up == UP_DEC || t->up == UP_SUB)
        t->cmp = r < 35 ? 2 : r < 70 ? 3 : r < 90 ? 4 : R(g, 2); /* < <=: runs until negative */
    else
        t->cmp = r < 50 ? 2 : r < 75 ? 3 : 4;
    t->foreach = increasing(t->up) && t->cmp == 0 && t->form < 40 && t->up != UP_SHL;
    t->exact = t->cmp == 4;
}

/* K steps of the amount, as an expression: "6" or "2 * n". */
static void steps_of(const LoopTry *t, Ex *kk)
{
    ex_num(kk, t->K * t->amt_lo);
    if (t->amt[0] >= 'a') {
        ex_fmt(kk, "%ld * %s", t->K, t->amt);
        kk->lo = kk->hi = t->K * t->amt_lo;
        kk->uni = t->amt_uni;
    }
}

/* Start and bound of a loop whose bound is an inequality; 0 to retry. */
static int inexact_bounds(Gen *g, LoopTry *t)
{
    int up = t->up;
    int need_pos = up == UP_MUL || up == UP_SHL || (t->cmp == 3 && (up == UP_DIV || up == UP_SHR));
    loop_ex(g, &t->S, t->thread_ok, (up == UP_MUL || up == UP_SHL));
    loop_ex(g, &t->B, t->thread_ok, t->cmp == 3 && (up == UP_DIV || up == UP_SHR));
    return !(need_pos && !(up == UP_MUL || up == UP_SHL) && t->B.lo < 1);
}

/* Start and bound of a != loop, which must reach the bound exactly after
 * K steps; 0 to retry. */
static int exact_bounds(Gen *g, LoopTry *t)
{
    int up = t->up;
    Ex kk;
    if (up == UP_INC || up == UP_ADD) {
        if (strcmp(t->amt, "1") && up == UP_ADD && t->amt_lo != t->amt_hi)
            return 0;
        loop_ex(g, &t->S, t->thread_ok, 0);
        if (t->S.lo < 0)
            return 0;
        if (up == UP_ADD && t->amt_lo == t->amt_hi)
            steps_of(t, &kk);
        else
            ex_num(&kk, t->K * t->amt_lo);
        ex_bin(&t->B, &t->S, "+", &kk);
    } else if (up == UP_DEC || up == UP_SUB) {
        if (up == UP_SUB && t->amt_lo != t->amt_hi)
            return 0;
        loop_ex(g, &t->B, t->thread_ok, 0);
        if (t->B.lo < 0)
            return 0;
        if (up == UP_SUB)
            steps_of(t, &kk);
        else
            ex_num(&kk, t->K * t->amt_lo);
        ex_bin(&t->S, &t->B, "+", &kk);
    } else if (up == UP_MUL || up == UP_SHL) {
        loop_ex(g, &t->S, t->thread_ok, 1);
        long f = up == UP_MUL ? t->amt_lo : 1L << t->amt_lo;
        long mult = 1;
        for (int i = 0; i < t->K; i++)
            mult *= f;
        ex_num(&kk, mult);
        ex_bin(&t->B, &t->S, "*", &kk);
        if (chance(g, 50) && up == UP_SHL)
            ex_fmt(&t->B, "(%s << %ld)", t->S.s, t->K * t->amt_lo);
    } else { /* DIV, SHR to an exact bound */
        loop_ex(g, &t->S, t->thread_ok, 0);
        if (t->S.lo < 0)
            return 0;
        long f = up == UP_DIV ? t->amt_lo : 1L << t->amt_lo;
        if (f == 3)
            return 0;
        int sh = 0;
        for (long v = 1; v < f; v *= 2)
            sh++;
        ex_fmt(&t->B, "(%s >> %ld)", t->S.s, t->K * sh);
        t->B.uni = t->S.uni;
        t->B.lo = t->S.lo >> (t->K * sh), t->B.hi = t->S.hi >> (t->K * sh);
    }
    return 1;
}

/* The bound an exact loop from s reaches after K steps. */
static long exact_end(const LoopTry *t, long s)
{
    switch (t->up) {
    case UP_INC:
    case UP_ADD: return s + t->K * t->amt_lo;
    case UP_DEC:
    case UP_SUB: return s - t->K * t->amt_lo;
    case UP_MUL: return s * (t->amt_lo == 2 ? (1L << t->K) : (t->K == 1 ? 3 : t->K == 2 ? 9 : 27));
    case UP_SHL: return s << (t->K * t->amt_lo);
    default: return s >> (t->K * (t->up == UP_DIV ? 1 : t->amt_lo));
    }
}

static void count_trips(LoopTry *t, long s, long b, long a, int *ok)
{
    int n = simulate(t->up, t->cmp, s, b, a, &t->vlo, &t->vhi);
    if (n < 0)
        *ok = 0;
    t->worst = n > t->worst ? n : t->worst;
}

/* Runs the loop for every start, bound and amount: does it always end? */
static int simulate_all(LoopTry *t)
{
    int ok = 1;
    t->worst = 0;
    t->vlo = 1L << 40, t->vhi = -(1L << 40);
    if (!t->exact) {
        if (t->S.hi - t->S.lo > 40 || t->B.hi - t->B.lo > 40)
            return 0;
        for (long s = t->S.lo; s <= t->S.hi && ok; s++)
            for (long b = t->B.lo; b <= t->B.hi && ok; b++)
                for (long a = t->amt_lo; a <= t->amt_hi && ok; a++)
                    count_trips(t, s, b, a, &ok);
        return ok;
    }
    if (t->S.hi - t->S.lo > 40)
        return 0;
    for (long s = t->S.lo; s <= t->S.hi && ok; s++) {
        long b = exact_end(t, s);
        if (b >= 0)
            count_trips(t, s, b, t->amt_lo, &ok);
    }
    return ok;
}

/* The loop's header text. */
static void loop_head(Gen *g, const LoopTry *t, LoopPlan *p)
{
    static const char *cmps[] = {"<", "<=", ">", ">=", "!="};
    static const char *inc_s[] = {"%s++", "++%s"}, *dec_s[] = {"%s--", "--%s"};
    static const char *opch[] = {"+", "-", "+", "-", "*", "/", "<<", ">>"};
    const char *x = p->var;
    char upd[EXLEN + 64];
    switch (t->up) {
    case UP_INC: sfmt(upd, sizeof upd, inc_s[R(g, 2)], x); break;
    case UP_DEC: sfmt(upd, sizeof upd, dec_s[R(g, 2)], x); break;
    default:
        if (chance(g, 15))
            sfmt(upd, sizeof upd, "%s = %s %s %s", x, x, opch[t->up], t->amt);
        else
            sfmt(upd, sizeof upd, "%s %s= %s", x, opch[t->up], t->amt);
        break;
    }
    if (t->foreach) {
        if (t->up == UP_INC || (t->up == UP_ADD && !strcmp(t->amt, "1") && chance(g, 50)))
            sfmt(p->head, sizeof p->head, "foreach (%s in %s .. %s)", x, t->S.s, t->B.s);
        else
            sfmt(p->head, sizeof p->head, "foreach (%s in %s .. %s; %s %s %s)", x, t->S.s, t->B.s, x,
                 t->up == UP_MUL ? "*" : "+", t->up == UP_INC ? "1" : t->amt);
    } else if (t->cmp != 4 && chance(g, 10)) {
        static const char *mirror[] = {">", ">=", "<", "<="};
        sfmt(p->head, sizeof p->head, "for (%s%s = %s; %s %s %s; %s)", chance(g, 30) ? "int " : "", x, t->S.s,
             t->B.s, mirror[t->cmp], x, upd);
    } else {
        sfmt(p->head, sizeof p->head, "for (%s%s = %s; %s %s %s; %s)", chance(g, 10) ? "int " : "", x, t->S.s, x,
             cmps[t->cmp], t->B.s, upd);
    }
}

/* A loop whose every instance ends within maxtrips iterations (uniform in
 * the block if uni_only), with a name and the range of its variable. */
static int plan_loop(Gen *g, LoopPlan *p, int uni_only, int maxtrips)
{
    new_name(g, p->var, 'i');
    for (int attempt = 0; attempt < 40; attempt++) {
        LoopTry t;
        memset(&t, 0, sizeof t);
        t.thread_ok = !uni_only && chance(g, 60);
        t.form = R(g, 100);
        choose_update(g, &t);
        choose_cmp(g, &t);
        t.K = 1 + R(g, 3); /* iterations of an exact (!=) loop */
        if (!(t.exact ? exact_bounds(g, &t) : inexact_bounds(g, &t)))
            continue;
        if (!simulate_all(&t) || t.worst > maxtrips)
            continue;
        if (t.vlo > t.vhi)
            t.vlo = t.vhi = 0; /* never entered */
        p->uni = t.S.uni && t.B.uni && t.amt_uni;
        if (uni_only && !p->uni)
            continue;
        p->maxtrips = t.worst;
        p->vlo = t.vlo;
        p->vhi = t.vhi;
        loop_head(g, &t, p);
        return 1;
    }
    /* a safe default */
    long n = 1 + R(g, maxtrips > 0 ? maxtrips : 1);
    sfmt(p->head, sizeof p->head, "foreach (%s in 0 .. %ld)", p->var, n);
    p->uni = 1;
    p->maxtrips = (int)n;
    p->vlo = 0;
    p->vhi = n - 1;
    return 1;
}

/* ---- statements ---- */

/* Another if or loop fits under the nesting limit (--depth). */
static int may_nest(const Gen *g, Ctx c)
{
    return g->cfg->depth < 0 || c.depth <= g->cfg->depth;
}

/* A tile's size for on.tiles: mostly one the block can hold. */
static int tile_size(Gen *g)
{
    static const int sizes[] = {2, 4, 8, 16, 32};
    int n = 1;
    while (n < 5 && sizes[n] <= g->bx * (g->twod ? g->by : 1))
        n++;
    return sizes[R(g, chance(g, 85) ? n : 5)];
}

/* A sync where the block's would stand; with on.tiles, sometimes a tile's;
 * with on.fences and may_fence, sometimes one that orders only some memory. */
static void gen_sync_as(Gen *g, int depth, bool may_fence)
{
    static const char *const fences[] = {"local", "global", "exec"};
    if (g->on.tiles && chance(g, 50))
        line(g, depth, "sync tile(%d);", tile_size(g));
    else if (g->on.fences && may_fence && chance(g, 25))
        line(g, depth, "sync %s;", fences[R(g, 3)]);
    else
        line(g, depth, "sync;");
}

static void gen_sync(Gen *g, int depth)
{
    gen_sync_as(g, depth, true);
}

/* `local x; assume x < 4;`: an unknown the interpreter can enumerate. */
static void declare_unknown(Gen *g, Ctx c, char *name)
{
    new_name(g, name, 'x');
    g->choices_left -= c.trips;
    if (g->on.tiles && chance(g, 40))
        line(g, c.depth, "local %s uniform tile(%d);", name, tile_size(g));
    else
        line(g, c.depth, "local %s;", name);
    line(g, c.depth, "assume %s < %d;", name, VALUES);
    push_var(g, name, VK_LOCAL, 0, 0, VALUES - 1);
}

/* An unknown the block shares: `local x uniform block;`, or a collective's
 * result `local x = sync;` where a sync may stand.  The generator treats
 * it as any unknown (a condition on it is not planned as uniform); the
 * oracles decide what it does (docs/language.md 3.6). */
static void declare_shared_unknown(Gen *g, Ctx c, char *name)
{
    new_name(g, name, 'x');
    g->choices_left -= c.trips;
    if (c.syncok && chance(g, 50))
        line(g, c.depth, "local %s = sync;", name);
    else
        line(g, c.depth, "local %s uniform block;", name);
    line(g, c.depth, "assume %s < %d;", name, VALUES);
    push_var(g, name, VK_LOCAL, 0, 0, VALUES - 1);
}

/* A sync under a thread-dependent condition, with accesses around it. */
static void divergent_if(Gen *g, Ctx c, Ctx in, int with_else)
{
    Ex e;
    thread_cond(g, &e);
    line(g, c.depth, "if (%s) {", e.s);
    int before = R(g, 2), after = R(g, 2);
    gen_block(g, in, before, -1);
    gen_sync(g, in.depth);
    gen_block(g, in, after, -1);
    if (with_else) {
        line(g, c.depth, "} else {");
        gen_sync(g, in.depth);
    }
    line(g, c.depth, "}");
}

/* A sync in a loop whose trip count depends on the thread. */
static void divergent_loop(Gen *g, Ctx c, Ctx in, int by_unknown)
{
    char v[24];
    new_name(g, v, 'i');
    if (by_unknown && g->on.unknowns && g->choices_left >= c.trips) {
        char u[24];
        declare_unknown(g, c, u);
        line(g, c.depth, "for (%s = 0; %s < %s; %s++) {", v, v, u, v);
    } else {
        line(g, c.depth, "foreach (%s in 0 .. threadIdx.x %% 3) {", v);
    }
    int save = g->nvars;
    push_var(g, v, VK_LOOP, 0, 0, 2);
    gen_sync(g, in.depth);
    gen_block(g, in, R(g, 2), -1);
    g->nvars = save;
    line(g, c.depth, "}");
}

/* A sync under a condition on an unknown (or on the thread). */
static void divergent_unknown_if(Gen *g, Ctx c, Ctx in)
{
    Ex e;
    char u[24];
    if (g->on.unknowns && g->choices_left >= c.trips) {
        declare_unknown(g, c, u);
        ex_fmt(&e, "%s < %d", u, 1 + R(g, VALUES - 1));
    } else {
        thread_cond(g, &e);
    }
    line(g, c.depth, "if (%s) {", e.s);
    gen_sync(g, in.depth);
    line(g, c.depth, "}");
}

static void gen_divergent(Gen *g, Ctx c)
{
    Ctx in = c;
    in.syncok = 0;
    in.depth = c.depth + 1;
    int k = R(g, 10);
    if (!g->on.conds)
        k = 5 + k % 3;
    else if (!g->on.loops && k >= 5 && k < 8)
        k -= 5;
    g->did_div = 1;
    g->left--;
    if (k < 5)
        divergent_if(g, c, in, k == 4);
    else if (k < 8)
        divergent_loop(g, c, in, k == 7);
    else
        divergent_unknown_if(g, c, in);
}

static void gen_if(Gen *g, Ctx c)
{
    Ex e;
    int uni_wanted = c.syncok && chance(g, 55);
    gen_cond(g, &e, 1 + R(g, 2), !uni_wanted);
    if (!uni_wanted && e.uni && chance(g, 70)) {
        Ex t;
        thread_cond(g, &t);
        if (chance(g, 50))
            e = t;
    }
    Ctx in = c;
    in.depth++;
    in.syncok = c.syncok && e.uni;
    line(g, c.depth, "if %s {", e.s);
    int force = in.syncok && chance(g, 40) ? 0 : -1;
    gen_block(g, in, 1 + R(g, 3), force);
    if (chance(g, 30)) {
        line(g, c.depth, "} else {");
        gen_block(g, in, 1 + R(g, 2), in.syncok && chance(g, 30) ? 0 : -1);
    }
    line(g, c.depth, "}");
}

static void gen_loop(Gen *g, Ctx c)
{
    if (chance(g, 20) && gen_stride_loop(g, c))
        return;
    int sync_loop = c.syncok && c.syncloops < 3 && chance(g, 60);
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
    int n = 1 + R(g, 3);
    gen_block(g, in, n, sync_loop ? R(g, n + 1) : -1);
    g->nvars = save;
    line(g, c.depth, "}");
}

static void gen_let(Gen *g, Ctx c)
{
    Ex e;
    char v[24];
    gen_ex(g, &e, 1 + R(g, 2), chance(g, 60));
    new_name(g, v, 'v');
    if (chance(g, 15))
        line(g, c.depth, "local %s = %s;", v, e.s);
    else
        line(g, c.depth, "let %s = %s;", v, e.s);
    push_var(g, v, VK_LET, e.uni, e.lo, e.hi);
}

/* A precondition below the top level: in loops, in branches (extended). */
static void gen_inner_assume(Gen *g, Ctx c)
{
    Ex e;
    const Var *v = pick_var(g, 1, NULL);
    if (v && chance(g, 50))
        ex_fmt(&e, "threadIdx.x != %s", v->name);
    else
        gen_cond(g, &e, 1, 1);
    line(g, c.depth, "assume %s;", e.s);
}

/* A barrier-separated exchange on X [SKBG Sec. 6]: every thread
 * touches its own cell, then, after a sync, a neighbour's.  The leading sync
 * separates it from the previous exchange (or iteration).  Deleting either
 * sync races: write-read, read-write or write-write. */
static void gen_exchange(Gen *g, Ctx c)
{
    char nb[200], own[200], other[400];
    sfmt(own, sizeof own, "X[%s]", g->lin);
    neighbour(g, nb, sizeof nb);
    sfmt(other, sizeof other, "X[%s]", nb);
    int type = R(g, 3);
    gen_sync(g, c.depth);
    if (type == 1)
        line(g, c.depth, "rd %s;", other);
    else
        line(g, c.depth, "wr %s;", own);
    gen_sync(g, c.depth);
    if (type == 0)
        line(g, c.depth, "rd %s;", other);
    else
        line(g, c.depth, "wr %s;", type == 1 ? own : other);
}

static void gen_stmt(Gen *g, Ctx c)
{
    g->left--;
    if (g->want_div && !g->did_div && c.syncok && may_nest(g, c) && chance(g, 25)) {
        g->left++;
        gen_divergent(g, c);
        return;
    }
    if (g->on.extended && c.depth > 1 && chance(g, 6) && g->on.unknowns) {
        gen_inner_assume(g, c);
        return;
    }
    if (g->on.phases && c.syncok && g->nthreads >= 2 && chance(g, 12)) {
        gen_exchange(g, c);
        return;
    }
    /* out of budget: only simple statements */
    int k = g->left < 0 ? R(g, 52) : R(g, 100);
    if (k < 46) {
        gen_access(g, c);
    } else if (k < 52) {
        if (c.syncok)
            gen_sync(g, c.depth);
        else
            gen_access(g, c);
    } else if (k < 66) {
        if (g->on.conds && may_nest(g, c))
            gen_if(g, c);
        else
            gen_access(g, c);
    } else if (k < 84) {
        if (g->on.loops && may_nest(g, c))
            gen_loop(g, c);
        else
            gen_access(g, c);
    } else if (k < 92) {
        gen_let(g, c);
    } else if (c.trips <= g->choices_left && g->on.unknowns) {
        char v[24];
        if (g->on.shared && chance(g, 25))
            declare_shared_unknown(g, c, v);
        else
            declare_unknown(g, c, v);
    } else {
        gen_access(g, c);
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
        if (i == force_sync_at) /* orders every space: the align engine needs each iteration
                                 * of a synchronized loop to sync, for each array */
            gen_sync_as(g, c.depth, false);
        if (i < n && (g->left > 0 || i == 0))
            gen_stmt(g, c);
    }
    g->nvars = save;
}

/* ---- kernels and files ---- */

/* An own index of a one-dimensional array: injective in the thread (and,
 * with blk, in the block). */
static void own_index_1d(Gen *g, Arr *a, int blk)
{
    if (blk) {
        if (chance(g, 50))
            sfmt(a->own[0], sizeof a->own[0], "blockIdx.x * %s + %%s",
                 chance(g, 50) ? (g->twod ? "blockDim.x * blockDim.y" : "blockDim.x") : "NT");
        else
            sfmt(a->own[0], sizeof a->own[0], "%%s * gridDim.x + blockIdx.x");
        if (strstr(a->own[0], "NT"))
            sfmt(a->own[0], sizeof a->own[0], "blockIdx.x * %d + %%s", g->nthreads);
        return;
    }
    int k = R(g, 4);
    if (k == 0)
        sfmt(a->own[0], sizeof a->own[0], "%%s + %d", 1 + R(g, 3));
    else if (k == 1)
        sfmt(a->own[0], sizeof a->own[0], "2 * %%s + %d", R(g, 2));
    else
        sfmt(a->own[0], sizeof a->own[0], "%%s");
}

static void own_index_2d(Gen *g, Arr *a, int blk)
{
    if (blk && chance(g, 50)) {
        sfmt(a->own[0], sizeof a->own[0], "blockIdx.x");
        sfmt(a->own[1], sizeof a->own[1], "%%s");
    } else if (blk) {
        sfmt(a->own[0], sizeof a->own[0], "%%s");
        sfmt(a->own[1], sizeof a->own[1], "blockIdx.x");
    } else if (chance(g, 50)) {
        sfmt(a->own[0], sizeof a->own[0], "%%s");
        sfmt(a->own[1], sizeof a->own[1], "%d", R(g, 3));
    } else {
        sfmt(a->own[0], sizeof a->own[0], "%d", R(g, 3));
        sfmt(a->own[1], sizeof a->own[1], "%%s");
    }
}

static void declare_array(Gen *g, Arr *a)
{
    static const char *types[] = {"int", "float", "unsigned"};
    bprintf(g->out, "    %s %s %s", a->global ? "global" : "shared", types[R(g, 3)], a->name);
    for (int d = 0; d < a->ndims; d++) {
        int size = chance(g, 30) ? 0 : 8 << R(g, 3);
        if (d == 1)
            a->inner = size;
        if (!size)
            bputs(g->out, "[]");
        else
            bprintf(g->out, "[%d]", size);
    }
    bputs(g->out, ";\n");
}

static void gen_arrays(Gen *g)
{
    g->narr = 1 + R(g, 3);
    for (int i = 0; i < g->narr; i++) {
        Arr *a = &g->arr[i];
        sfmt(a->name, sizeof a->name, "%c", 'A' + i);
        a->global = chance(g, 40) && g->on.globals;
        a->ndims = chance(g, 25) && g->on.multidim ? 2 : 1;
        int p = R(g, 100);
        a->policy = p < 5 ? POL_RO : p < 22 ? POL_OWN : p < 50 ? POL_NEIGH : POL_MIXED;
        int blk = a->global && chance(g, 75);
        if (a->ndims == 1)
            own_index_1d(g, a, blk);
        else
            own_index_2d(g, a, blk);
        declare_array(g, a);
    }
    /* The exchange array: only gen_exchange touches it. */
    if (g->on.phases)
        bputs(g->out, "    shared int X[64];\n");
}

/* The names a kernel's statements may use, and its scalar declarations.
 * Returns which per-thread constants it declared: bit 0 c0, bit 1 d0. */
static int declare_scalars(Gen *g)
{
    Buf *out = g->out;
    push_var(g, "threadIdx.x", VK_TID, 0, 0, g->bx - 1);
    if (g->twod)
        push_var(g, "threadIdx.y", VK_TID, 0, 0, g->by - 1);
    push_var(g, "blockIdx.x", VK_BID, 1, 0, g->gx - 1);
    if (chance(g, 40))
        push_var(g, "blockDim.x", VK_DIM, 1, g->bx, g->bx);
    for (int i = 0; i < g->nuni; i++)
        push_var(g, g->uname[i], VK_UNIF, 1, g->uval[i], g->uval[i]);
    if (g->nuni) {
        bputs(out, "    uniform ");
        for (int i = 0; i < g->nuni; i++)
            bprintf(out, "%s%s", i ? ", " : "", g->uname[i]);
        if (g->on.extended && chance(g, 20) && g->on.unknowns)
            bprintf(out, " where %s <= %d", g->uname[0], g->uval[0] + R(g, 2));
        bputs(out, ";\n");
    }
    int constants = 0;
    if (chance(g, 6) && g->on.unknowns && !g->on.no_const_local) {
        bputs(out, "    const local c0;\n");
        push_var(g, "c0", VK_LOCAL, 0, 0, VALUES - 1);
        g->choices_left--;
        constants |= 1;
    }
    if (g->on.extended && chance(g, 8) && g->on.unknowns && !g->on.no_const_local) {
        /* part of the thread-id tuple: every value is another thread */
        bputs(out, "    const local d0;\n");
        push_var(g, "d0", VK_LOCAL, 0, 0, VALUES - 1);
        g->choices_left--;
        constants |= 2;
    }
    if (g->on.extended && chance(g, 25)) {
        push_var(g, "gridDim.x", VK_DIM, 1, g->gx, g->gx);
        if (g->twod)
            push_var(g, "blockDim.y", VK_DIM, 1, g->by, g->by);
    }
    bputs(out, "\n");
    return constants;
}

/* One precondition at the top of the kernel. */
static void kernel_precondition(Gen *g)
{
    Ex e;
    if (chance(g, 25)) {
        int k = R(g, 3);
        if (k == 0)
            ex_fmt(&e, "threadIdx.x != %d", R(g, g->bx));
        else if (k == 1)
            ex_fmt(&e, "threadIdx.x < %d", 1 + R(g, g->bx));
        else
            ex_fmt(&e, "blockIdx.x == 0");
    } else {
        precondition(g, &e);
    }
    line(g, 1, "assume %s;", e.s);
}

/* The assumes that open the kernel body: pins, bounds of the per-thread
 * constants, then random preconditions. */
static void kernel_preconditions(Gen *g, int constants)
{
    if (g->cfg->pin_uniforms)
        for (int i = 0; i < g->nuni; i++)
            line(g, 1, "assume %s == %d;", g->uname[i], g->uval[i]);
    if (constants & 1)
        line(g, 1, "assume c0 < %d;", VALUES);
    if (constants & 2) {
        line(g, 1, "assume d0 < %d;", VALUES);
        line(g, 1, "assume distinct [d0]%s;", chance(g, 50) ? "[threadIdx.x]" : "");
    }
    int npre = chance(g, 35) ? 1 + R(g, 2) : 0;
    if (!g->on.unknowns)
        npre = 0;
    for (int i = 0; i < npre; i++)
        kernel_precondition(g);
    if (g->on.extended && chance(g, 12) && g->on.unknowns) {
        static const char *pw[] = {"2@threadIdx.x == 1@threadIdx.x + 1", "1@threadIdx.x < 2@threadIdx.x",
                                   "1@blockIdx.x == 2@blockIdx.x", "1@threadIdx.x % 2 == 2@threadIdx.x % 2",
                                   "1@threadIdx.x != 0 && 2@threadIdx.x != 0"};
        line(g, 1, "assume %s;", pw[R(g, 5)]);
    }
    if (g->on.extended && chance(g, 8) && g->on.unknowns)
        line(g, 1, "assume pow2(%s);", g->nuni && chance(g, 60) ? g->uname[R(g, g->nuni)] : "blockDim.x");
}

static void gen_kernel(Gen *g, const char *name)
{
    g->nvars = 0;
    g->names = 0;
    g->did_div = 0;
    g->choices_left = 3;
    bprintf(g->out, "kernel %s {\n", name);
    gen_arrays(g);
    int constants = declare_scalars(g);
    Ctx c = {1, 1, 0, 1};
    kernel_preconditions(g, constants);
    int mid_assume = chance(g, 10) && g->on.unknowns;
    while (g->left > 0) {
        if (mid_assume && chance(g, 20)) {
            Ex e;
            gen_cond(g, &e, 1, chance(g, 50));
            line(g, 1, "assume %s;", e.s);
            mid_assume = 0;
        }
        gen_stmt(g, c);
    }
    if (g->want_div && !g->did_div)
        gen_divergent(g, c);
    bputs(g->out, "}\n");
}

/* Block shape, grid size and uniform values: the concrete instance. */
static void choose_launch(Gen *g)
{
    g->twod = chance(g, 30) && g->on.multidim;
    if (g->twod) {
        static const int shapes[][2] = {{2, 2}, {2, 3}, {3, 2}, {4, 2}, {2, 4}, {1, 2}, {2, 1}, {1, 4}};
        int s = R(g, 8);
        g->bx = shapes[s][0];
        g->by = shapes[s][1];
    } else {
        g->bx = chance(g, 5) ? 1 : 2 + R(g, 7);
        g->by = 1;
    }
    g->gx = chance(g, 60) ? 1 : 2;
    g->nthreads = g->bx * g->by;
    if (g->twod)
        sfmt(g->lin, sizeof g->lin, chance(g, 50) ? "(threadIdx.y * %d + threadIdx.x)"
                                                   : "(threadIdx.x + threadIdx.y * blockDim.x)", g->bx);
    else
        sfmt(g->lin, sizeof g->lin, "threadIdx.x");
    g->nuni = R(g, 3);
    if (!g->on.uniforms)
        g->nuni = 0;
    for (int i = 0; i < g->nuni; i++) {
        sfmt(g->uname[i], sizeof g->uname[i], "%s", i ? "m" : "n");
        g->uval[i] = R(g, 5);
    }
}

static void write_args_line(Gen *g)
{
    bprintf(g->out, "// args: -b %d", g->bx);
    if (g->twod)
        bprintf(g->out, ",%d", g->by);
    bprintf(g->out, " -g %d", g->gx);
    for (int i = 0; i < g->nuni; i++)
        bprintf(g->out, " -p %s=%d", g->uname[i], g->uval[i]);
    bprintf(g->out, " --values %d\n", VALUES);
}

static void fill_launch(const Gen *g, RandLaunch *l)
{
    memset(l, 0, sizeof *l);
    l->block_dim[0] = g->bx;
    l->block_dim[1] = g->by;
    l->block_dim[2] = 1;
    l->grid_dim[0] = g->gx;
    l->grid_dim[1] = l->grid_dim[2] = 1;
    l->nparams = g->nuni;
    for (int i = 0; i < g->nuni; i++) {
        sfmt(l->param_name[i], sizeof l->param_name[i], "%s", g->uname[i]);
        l->param_value[i] = g->uval[i];
    }
    l->values = VALUES;
}

/* Statement budget of one of nk kernels. */
static int kernel_budget(Gen *g, int nk)
{
    int n = g->cfg->stmts;
    if (n <= 0)
        return nk == 2 ? 3 + R(g, 6) : 5 + R(g, 12);
    int k = n / 2 + R(g, n - n / 2 + 1);
    return k > 0 ? k : 1;
}

static int kernel_count(Gen *g)
{
    if (g->cfg->kernels <= 0)
        return chance(g, 8) ? 2 : 1;
    return 1 + R(g, g->cfg->kernels);
}

void rand_config_legacy(RandConfig *c)
{
    memset(c, 0, sizeof *c);
    c->on = (RandFeatures){.loops = true, .conds = true, .multidim = true, .atomics = true,
                           .globals = true, .unknowns = true, .uniforms = true, .divergence = true};
    c->depth = -1;
}

static void seed_stream(Gen *g, uint64_t seed, uint64_t index)
{
    /* each protocol from its own stream: number i is the same whatever comes before */
    g->rng = (seed + 1) * 0x9E3779B97F4A7C15ULL ^ ((index + 1) * 0xD1B54A32D192ED03ULL);
    if (!g->rng)
        g->rng = 1;
    for (int w = 0; w < 8; w++)
        rnd(g);
}

char *rand_protocol(uint64_t seed, uint64_t index, const RandConfig *c, RandLaunch *launch)
{
    Gen g;
    memset(&g, 0, sizeof g);
    Buf out = {0};
    g.out = &out;
    g.cfg = c;
    g.on = c->on;
    seed_stream(&g, seed, index);
    choose_launch(&g);
    write_args_line(&g);
    int nk = kernel_count(&g);
    for (int k = 0; k < nk; k++) {
        char name[16];
        sfmt(name, sizeof name, "k%d", k);
        g.left = kernel_budget(&g, nk);
        g.want_div = chance(&g, c->divergent_pct ? c->divergent_pct : 14) && g.on.divergence &&
                     (g.on.conds || g.on.loops) && c->depth != 0;
        if (k)
            bputs(&out, "\n");
        gen_kernel(&g, name);
    }
    if (launch)
        fill_launch(&g, launch);
    return out.s;
}
