/* bench_parse FILE: how fast the .proto front end reads a big protocol, and
 * how much memory it holds while doing so.
 *
 * Each phase -- lexing alone, lexing+parsing, resolution, printing -- is
 * timed RUNS times on a fresh Program and the best time is reported: the
 * minimum is the least noisy estimate of what the code costs on an idle
 * machine.  Every run builds its Program in memory the kernel must fault
 * in again (malloc gives the freed arena back), as a one-shot
 * `mapkit fmt` does, so page faults are part of the figures.  Peak RSS
 * is read before the round-trip check, whose second copy of the program
 * would otherwise be billed to the front end; the figure after it is shown
 * as well.  Exit status: 0 ok, 1 the file does not load or the round trip
 * fails, 2 usage. */
#include "diag.h"
#include "equal.h"
#include "lexer.h"
#include "parse.h"
#include "print.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>

enum { RUNS = 5 };
#define MB (1024.0 * 1024.0)

/* CPU time, not wall: the throughput must not flip with the machine's
 * load (other processes take the wall clock, not this one's CPU). */
static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static double peak_rss_mb(void)
{
    struct rusage ru;
    getrusage(RUSAGE_SELF, &ru);
    return (double)ru.ru_maxrss * 1024.0 / MB; /* ru_maxrss is in KiB on Linux */
}

static void report(const char *phase, size_t bytes, double secs)
{
    printf("%s: %.2f MB in %.3f s = %.1f MB/s\n", phase, bytes / MB, secs, bytes / MB / secs);
}

/* ---- node counts, to turn bytes into bytes per node ---- */

static size_t count_expr(const Expr *e)
{
    if (!e)
        return 0;
    switch (e->kind) {
    case E_UNARY:
    case E_POW2: return 1 + count_expr(e->u.sub.a);
    case E_BINARY:
    case E_COND:
        return 1 + count_expr(e->u.sub.a) + count_expr(e->u.sub.b) + count_expr(e->u.sub.c);
    case E_DISTINCT: return 1 + (size_t)e->u.distinct.n;
    default: return 1;
    }
}

static void count_block(const Block *b, size_t *stmts, size_t *exprs)
{
    for (int i = 0; i < b->n; i++) {
        const Stmt *s = b->items[i];
        ++*stmts;
        switch (s->kind) {
        case S_ACCESS:
            for (int j = 0; j < s->u.access.nindex; j++)
                *exprs += count_expr(s->u.access.index[j]);
            break;
        case S_IF:
            *exprs += count_expr(s->u.if_.cond);
            count_block(&s->u.if_.then, stmts, exprs);
            count_block(&s->u.if_.els, stmts, exprs);
            break;
        case S_LOOP:
            *exprs += count_expr(s->u.loop.init) + count_expr(s->u.loop.bound) +
                      count_expr(s->u.loop.amount);
            count_block(&s->u.loop.body, stmts, exprs);
            break;
        case S_LET: *exprs += count_expr(s->u.let.value); break;
        case S_ASSUME: *exprs += count_expr(s->u.assume.cond); break;
        default: break;
        }
    }
}

/* The lexer alone (names are still interned), to split parse time. */
static double time_lexer(const SrcFile *src, Diag *d)
{
    Program *p = program_new(src);
    Lexer lx;
    Token t;
    double t0 = now();
    lexer_init(&lx, p, src, d);
    while (lexer_next(&lx, &t) != 0)
        continue;
    double secs = now() - t0;
    program_free(p);
    return secs;
}

/* print_program into a malloc'd buffer (caller frees). */
static char *render(const Program *p, size_t *len)
{
    char *text = NULL;
    FILE *mem = open_memstream(&text, len);
    if (!mem)
        return NULL;
    print_program(mem, p);
    fclose(mem);
    return text;
}

/* parse(print(p)) == p, and print is a fixed point: what `mapkit fmt`
 * promises, checked on the big file. */
static bool roundtrip(const Program *p, Diag *d)
{
    size_t len1 = 0, len2 = 0;
    char *text1 = render(p, &len1);
    if (!text1)
        return false;
    SrcFile *src = src_from_memory("<printed>", text1, len1);
    Program *q = load_program(src, d);
    char *text2 = q ? render(q, &len2) : NULL;
    const char *why = !q                       ? "the printed program does not load"
                    : !program_equal(p, q)     ? "parse(print(p)) differs from p"
                    : !text2                   ? "out of memory"
                    : len1 != len2 || memcmp(text1, text2, len1) != 0
                                               ? "print(parse(print(p))) differs from print(p)"
                                               : NULL;
    if (why)
        fprintf(stderr, "bench_parse: roundtrip: %s\n", why);
    free(text2);
    program_free(q);
    src_free(src);
    free(text1);
    return !why;
}

int main(int argc, char **argv)
{
    if (argc != 2) {
        fputs("usage: bench_parse FILE.proto\n", stderr);
        return 2;
    }
    Diag d;
    diag_init(&d, stderr);
    SrcFile *src = src_load(argv[1], &d); /* reports why it failed */
    if (!src)
        return 1;
    FILE *null = fopen("/dev/null", "w");
    if (!null) {
        perror("bench_parse: /dev/null");
        src_free(src);
        return 1;
    }
    double best[4] = {1e30, 1e30, 1e30, 1e30}; /* parse, resolve, print, lex */
    Program *p = NULL;
    for (int run = 0; run < RUNS; run++) {
        program_free(p);
        double t0 = now();
        p = parse_program(src, &d);
        double t1 = now();
        bool ok = p && resolve_program(p, &d);
        double t2 = now();
        if (!ok) {
            fprintf(stderr, "bench_parse: %s does not load\n", argv[1]);
            program_free(p);
            src_free(src);
            fclose(null);
            return 1;
        }
        print_program(null, p);
        fflush(null);
        double t3 = now();
        double t[4] = {t1 - t0, t2 - t1, t3 - t2, time_lexer(src, &d)};
        for (int i = 0; i < 4; i++)
            if (t[i] < best[i])
                best[i] = t[i];
    }
    /* Source + one resolved program + whatever malloc kept from earlier runs. */
    double rss = peak_rss_mb();

    size_t stmts = 0, exprs = 0;
    for (int i = 0; i < p->nkernels; i++)
        count_block(&p->kernels[i]->body, &stmts, &exprs);
    double in_mb = src->len / MB;
    printf("input: %s, %.2f MB, %d kernels, %zu statements, %zu expression nodes\n", argv[1],
           in_mb, p->nkernels, stmts, exprs);
    report("lex", src->len, best[3]);
    report("parse", src->len, best[0]);
    report("resolve", src->len, best[1]);
    report("print", src->len, best[2]);
    report("parse+resolve", src->len, best[0] + best[1]); /* = load_program */
    size_t arena = p->arena.total, names = p->names_cap * sizeof *p->names;
    printf("arena: %.1f MB (%.2f x input, %.0f bytes per node) + name table %.1f MB\n",
           arena / MB, arena / MB / in_mb, (double)arena / (double)(stmts + exprs), names / MB);
    printf("peak RSS: %.1f MB (%.2f x input)\n", rss, rss / in_mb);

    bool ok = roundtrip(p, &d);
    printf("peak RSS with roundtrip: %.1f MB (%.2f x input)\n", peak_rss_mb(),
           peak_rss_mb() / in_mb);
    printf("roundtrip: %s\n", ok ? "ok" : "FAILED");
    program_free(p);
    src_free(src);
    fclose(null);
    return ok ? 0 : 1;
}
