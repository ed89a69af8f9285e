/* Unit tests of the lexer, the parser and the printer: operator
 * precedence (printing never changes meaning), comments, literals, loop
 * forms; and of the checker's lemmas (each one is true at every small
 * value).  Each CHECK counts as one test. */
#include "check.h"
#include "diag.h"
#include "equal.h"
#include "file_ids.h"
#include "lemmas.h"
#include "lexer.h"
#include "parse.h"
#include "parser.h"
#include "print.h"
#include "solve.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>


/* ---- helpers ---- */

typedef struct Parsed {
    SrcFile *src;
    Program *prog;
    char *errors; /* diagnostics printed, NUL-terminated */
} Parsed;

static Parsed parse_text(const char *text)
{
    Parsed r = {0};
    size_t len = 0;
    FILE *err = open_memstream(&r.errors, &len);
    Diag d;
    diag_init(&d, err);
    d.color = false;
    r.src = src_from_memory("t.proto", text, strlen(text));
    r.prog = load_program(r.src, &d);
    fclose(err);
    return r;
}

static void parsed_free(Parsed *r)
{
    program_free(r->prog);
    src_free(r->src);
    free(r->errors);
}

static char *fmt_text(const char *text)
{
    Parsed r = parse_text(text);
    char *out = NULL;
    size_t len = 0;
    if (r.prog) {
        FILE *f = open_memstream(&out, &len);
        print_program(f, r.prog);
        fclose(f);
    }
    parsed_free(&r);
    return out;
}

/* The first assumption of the only kernel: how tests get at an expression. */
static Expr *first_assume(Program *p)
{
    Block *b = &p->kernels[0]->body;
    for (int i = 0; i < b->n; i++)
        if (b->items[i]->kind == S_ASSUME)
            return b->items[i]->u.assume.cond;
    return NULL;
}

static const char *prelude = "uniform a, b, c, d;\nconst local t, u;\nassume ";

/* Parses `expr`, prints it, and checks the print is `want` and parses back
 * to the same tree. */
static void expect_expr(const char *expr, const char *want)
{
    char text[512];
    snprintf(text, sizeof text, "%s%s;\n", prelude, expr);
    Parsed r = parse_text(text);
    if (!r.prog) {
        check(false, "expression '%s' does not parse: %s", expr, r.errors);
        parsed_free(&r);
        return;
    }
    char *got = expr_to_string(first_assume(r.prog));
    check(strcmp(got, want) == 0, "'%s' prints as '%s', want '%s'", expr, got, want);
    snprintf(text, sizeof text, "%s%s;\n", prelude, got);
    Parsed again = parse_text(text);
    check(again.prog && expr_equal(first_assume(r.prog), first_assume(again.prog)),
          "'%s' re-parses to a different tree", got);
    parsed_free(&again);
    free(got);
    parsed_free(&r);
}

/* ---- precedence ---- */

static void test_precedence(void)
{
    expect_expr("a + b * c", "a + b * c");
    expect_expr("(a + b) * c", "(a + b) * c");
    expect_expr("a - (b - c)", "a - (b - c)");
    expect_expr("(a - b) - c", "a - b - c");
    expect_expr("a / b / c", "a / b / c");
    expect_expr("a / (b / c)", "a / (b / c)");
    expect_expr("a << b + c", "a << b + c");
    expect_expr("(a << b) + c", "(a << b) + c");
    expect_expr("a & b == c", "a & b == c");
    expect_expr("(a & b) == c", "(a & b) == c");
    expect_expr("a | b ^ c & d", "a | b ^ c & d");
    expect_expr("((a | b) ^ c) & d", "((a | b) ^ c) & d");
    expect_expr("a < b == c < d", "a < b == c < d");
    expect_expr("(a == b) == (c != d)", "(a == b) == (c != d)");
    expect_expr("(a < b) < c", "(a < b) < c");
    expect_expr("a || b && c", "a || b && c");
    expect_expr("(a || b) && c", "(a || b) && c");
    expect_expr("a ? b : c ? d : a", "a ? b : c ? d : a");
    expect_expr("(a ? b : c) ? d : a", "(a ? b : c) ? d : a");
    expect_expr("a ? (b ? c : d) : a", "a ? (b ? c : d) : a");
    expect_expr("- -a", "-(-a)");
    expect_expr("-(-a)", "-(-a)");
    expect_expr("!(a < b)", "!(a < b)");
    expect_expr("!a < b", "!a < b");
    expect_expr("~a & b", "~a & b");
    expect_expr("~(a & b)", "~(a & b)");
    expect_expr("-(a + b) * c", "-(a + b) * c");
    expect_expr("min(a, b) + max(c + 1, d)", "min(a, b) + max(c + 1, d)");
    expect_expr("pow2(a) && distinct [t]", "pow2(a) && distinct [t]");
    expect_expr("distinct [t, u] || 1@t == 2@t", "distinct [t][u] || 1@t == 2@t");
    expect_expr("a % (b * c)", "a % (b * c)");
    expect_expr("0x10 + 7u", "16 + 7");
    expect_expr("18446744073709551615", "18446744073709551615");
    expect_expr("true && !false", "true && !false");
    expect_expr("a >> b >> c", "a >> b >> c");
    expect_expr("a >> (b >> c)", "a >> (b >> c)");
}

/* Random trees: printing then parsing must give the same tree back. */
static uint64_t rng_state = 0x9E3779B97F4A7C15ull;

static unsigned rnd(unsigned n)
{
    rng_state ^= rng_state << 13;
    rng_state ^= rng_state >> 7;
    rng_state ^= rng_state << 17;
    return (unsigned)(rng_state % n);
}

static Expr *random_expr(Program *p, int depth)
{
    static const char *const names[] = {"a", "b", "c", "d"};
    Loc none = {0};
    if (depth == 0 || rnd(5) == 0) {
        if (rnd(2))
            return expr_num(p, none, rnd(100));
        const char *n = names[rnd(4)];
        return expr_var(p, none, program_intern(p, n, strlen(n)));
    }
    switch (rnd(4)) {
    case 0: {
        static const Op un[] = {OP_NEG, OP_NOT, OP_BNOT, OP_U8, OP_U32, OP_I16, OP_I64};
        return expr_unary(p, none, un[rnd(7)], random_expr(p, depth - 1));
    }
    case 1:
        return expr_cond(p, random_expr(p, depth - 1), random_expr(p, depth - 1),
                         random_expr(p, depth - 1));
    default: {
        Op op = (Op)rnd(OP_MAX + 1);
        return expr_binary(p, op, random_expr(p, depth - 1), random_expr(p, depth - 1));
    }
    }
}

static void test_random_trees(void)
{
    Program *p = program_new(NULL);
    int bad = 0;
    for (int i = 0; i < 2000; i++) {
        Expr *e = random_expr(p, 6);
        char *s = expr_to_string(e);
        size_t n = strlen(s) + 128;
        char *text = malloc(n);
        snprintf(text, n, "uniform a, b, c, d;\nassume %s;\n", s);
        Parsed r = parse_text(text);
        bool ok = r.prog && expr_equal(e, first_assume(r.prog));
        if (!ok && bad++ < 5)
            check(false, "random tree printed as '%s' does not re-parse to itself %s", s,
                  r.errors ? r.errors : "");
        parsed_free(&r);
        free(text);
        free(s);
    }
    check(bad == 0, "%d of 2000 random expressions changed meaning when printed", bad);
    program_free(p);
}

/* ---- lexer ---- */

static void expect_tokens(const char *text, const int *want, int n)
{
    SrcFile *src = src_from_memory("t.proto", text, strlen(text));
    Program *p = program_new(src);
    Diag d;
    diag_init(&d, stderr);
    Lexer lx;
    lexer_init(&lx, p, src, &d);
    Token t;
    bool ok = true;
    int i = 0;
    for (; lexer_next(&lx, &t) != 0; i++)
        if (i >= n || t.kind != want[i])
            ok = false;
    check(ok && i == n && d.errors == 0, "tokens of '%s'", text);
    program_free(p);
    src_free(src);
}

static void test_lexer(void)
{
    const int range[] = {TK_NUM, TK_DOTDOT, TK_IDENT};
    expect_tokens("0..N", range, 3);
    const int dotted[] = {TK_IDENT, TK_DOTDOT, TK_IDENT};
    expect_tokens("threadIdx.x..blockDim.x", dotted, 3);
    const int comments[] = {TK_SYNC, TK_SEMI};
    expect_tokens("# one\n#| two\n | # |# // three\n/* four\n * */ sync; # five", comments, 2);
    const int steps[] = {TK_IDENT, TK_MINUSMINUS, TK_MINUSMINUS, TK_IDENT, TK_SHREQ, TK_SHLEQ};
    expect_tokens("x-- --x >>= <<=", steps, 6);
    const int modes[] = {TK_RD, TK_RD, TK_WR, TK_WR, TK_ATOMIC};
    expect_tokens("ro rd rw wr atomic", modes, 5);
    const int at[] = {TK_NUM, TK_AT, TK_IDENT};
    expect_tokens("1@tid", at, 3);
    const int kw_prefix[] = {TK_IDENT, TK_IDENT, TK_IDENT};
    expect_tokens("sync.x rdx for_each", kw_prefix, 3);
    const int opaque[] = {TK_OPAQUE, TK_SEMI, TK_IDENT};
    expect_tokens("opaque; opaques", opaque, 3);

    /* lexer_keyword is the front end's list of names to rename: every
     * keyword the lexer knows, and nothing else */
    static const struct { const char *word; int kind; } keywords[] = {
        {"shared", TK_SHARED}, {"global", TK_GLOBAL}, {"const", TK_CONST}, {"local", TK_LOCAL},
        {"where", TK_WHERE}, {"uniform", TK_UNIFORM}, {"kernel", TK_KERNEL}, {"rd", TK_RD},
        {"ro", TK_RD}, {"wr", TK_WR}, {"rw", TK_WR}, {"atomic", TK_ATOMIC}, {"sync", TK_SYNC},
        {"opaque", TK_OPAQUE}, {"if", TK_IF}, {"else", TK_ELSE}, {"foreach", TK_FOREACH},
        {"for", TK_FOR}, {"in", TK_IN}, {"let", TK_LET}, {"assume", TK_ASSUME},
        {"distinct", TK_DISTINCT}, {"pow2", TK_POW2}, {"min", TK_MIN}, {"max", TK_MAX},
        {"true", TK_TRUE}, {"false", TK_FALSE},
    };
    for (size_t i = 0; i < sizeof keywords / sizeof keywords[0]; i++) {
        const char *w = keywords[i].word;
        check(lexer_keyword(w, strlen(w)) == keywords[i].kind, "lexer_keyword(%s)", w);
        const int one[] = {keywords[i].kind};
        expect_tokens(w, one, 1);
    }
    static const char *const names[] = {"", "s", "syn", "syncs", "forx", "x.sync", "threadIdx.x",
                                        "a_very_long_name_indeed"};
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
        check(lexer_keyword(names[i], strlen(names[i])) == 0, "lexer_keyword(%s) is no keyword", names[i]);
    check(lexer_keyword("sync.x", 4) == TK_SYNC, "lexer_keyword reads only n bytes");

    Parsed r = parse_text("uniform N;\nassume N < 18446744073709551616;\n");
    check(!r.prog && strstr(r.errors, "t.proto:2:12: error: integer literal") != NULL,
          "2^64 is reported at its column: %s", r.errors);
    parsed_free(&r);
    r = parse_text("uniform N;\n/* a\n b */ assume N > 0; x\n");
    check(!r.prog && strstr(r.errors, "t.proto:3:21: error:") != NULL,
          "lines and columns count through block comments: %s", r.errors);
    parsed_free(&r);
}

/* ---- printer: comments, loops, layout ---- */

static void expect_fmt(const char *name, const char *in, const char *want)
{
    char *got = fmt_text(in);
    check(got && strcmp(got, want) == 0, "fmt %s:\n--- got\n%s--- want\n%s", name,
          got ? got : "(error)\n", want);
    if (got) {
        char *again = fmt_text(got);
        check(again && strcmp(again, got) == 0, "fmt %s is not idempotent", name);
        free(again);
    }
    free(got);
}

/* Barriers that differ only in their fence flags are different protocols. */
static void expect_fences_differ(void)
{
    static const char *const forms[] = {"sync;", "sync local;", "sync global;", "sync exec;"};
    enum { NFORMS = sizeof forms / sizeof forms[0] };
    Parsed p[NFORMS];
    char text[64];
    for (int i = 0; i < NFORMS; i++) {
        snprintf(text, sizeof text, "shared s[4];\n%s\n", forms[i]);
        p[i] = parse_text(text);
        check(p[i].prog != NULL, "'%s' parses: %s", forms[i], p[i].errors);
    }
    for (int i = 0; i < NFORMS; i++)
        for (int j = 0; j < NFORMS; j++)
            if (p[i].prog && p[j].prog)
                check(program_equal(p[i].prog, p[j].prog) == (i == j), "'%s' and '%s' are %s", forms[i], forms[j],
                      i == j ? "one protocol" : "different protocols");
    for (int i = 0; i < NFORMS; i++)
        parsed_free(&p[i]);
}

static void test_printer(void)
{
    expect_fmt("comments",
               "# head\nshared A; // trailing\n\n\n/* own */ rw A[threadIdx.x]; #| t |#\n# tail\n",
               "# head\nshared A; // trailing\n\n/* own */\nwr A[threadIdx.x]; #| t |#\n# tail\n");
    /* found by fuzz_parse: a block comment after a line comment's line
     * must not join it, and a protocol of empty statements stays one */
    expect_fmt("block comment after a line comment", "// a\n;#| b |#\n", "// a\n#| b |#\n;\n");
    expect_fmt("only empty statements", ";;\n", ";\n");
    expect_fmt("loops",
               "uniform n; shared A[];\n"
               "for (int s = n / 2; s > 0; s >>= 1) rd A[s];\n"
               "for (i = n; i >= 1; i--) rd A[i];\n"
               "for (i = 1; i < n; i = i * 2) rd A[i];\n"
               "foreach (j in 0 .. n; j + 4) wr A[j];\n"
               "foreach (j in 1 .. n; j * 3) wr A[j];\n"
               "for (j = 0; n > j; j++) wr A[j];\n",
               "shared A[];\nuniform n;\n\n"
               "for (s = n / 2; s > 0; s >>= 1) {\n    rd A[s];\n}\n"
               "for (i = n; i >= 1; i--) {\n    rd A[i];\n}\n"
               "foreach (i in 1 .. n; i * 2) {\n    rd A[i];\n}\n"
               "foreach (j in 0 .. n; j + 4) {\n    wr A[j];\n}\n"
               "foreach (j in 1 .. n; j * 3) {\n    wr A[j];\n}\n"
               "foreach (j in 0 .. n) {\n    wr A[j];\n}\n");
    expect_fmt("braceless trailing comment",
               "shared A;\nforeach (i in 0 .. 4) rw A[i]; # trailing\nlocal x = 1; # faial's let\n",
               "shared A;\n\nforeach (i in 0 .. 4) {\n    wr A[i]; # trailing\n}\nlet x = 1; # faial's let\n");
    expect_fmt("faial decls",
               "const global N, global M, local tid, where distinct [tid] && N > 0;\n"
               "shared tile,;\nif (tid < N) rw tile[tid]; else ro tile[0];\n",
               "shared tile;\nuniform N, M;\nconst local tid;\n\n"
               "assume distinct [tid] && N > 0;\n"
               "if (tid < N) {\n    wr tile[tid];\n} else {\n    rd tile[0];\n}\n");
    expect_fmt("kernels and else-if",
               "kernel k1 { shared float t[4][4]; global int G[]; uniform n;\n"
               "if (n == 0) { sync; } else if (n == 1) { atomic G[0]; } else { local u; let v = u + 1; rd t[v][0]; } }\n"
               "kernel k2 { wr G2; global int G2; }\n",
               "kernel k1 {\n    shared float t[4][4];\n    global int G[];\n    uniform n;\n\n"
               "    if (n == 0) {\n        sync;\n    } else if (n == 1) {\n        atomic G[0];\n"
               "    } else {\n        local u;\n        let v = u + 1;\n        rd t[v][0];\n    }\n}\n\n"
               "kernel k2 {\n    global int G2;\n\n    wr G2;\n}\n");
    /* fence flags (docs/language.md 3.9): `exec` is a word only after sync */
    expect_fmt("fence flags", "shared s[4]; uniform exec;\nsync local; sync  global ;\nsync exec;sync;\nrd s[exec];\n",
               "shared s[4];\nuniform exec;\n\nsync local;\nsync global;\nsync exec;\nsync;\nrd s[exec];\n");
    expect_fences_differ();
}

/* ---- lemmas (checker/lemmas.c) ---- */

enum { NVARS = 5 };

/* Is term t true when vars take the values of *v, and each of them ranges
 * over lo..hi?  Checked by substitution and simplification, not by the
 * solver, which would add the same lemmas to its own query. */
static bool holds_everywhere(Smt *s, Z3_ast t, Z3_ast *vars, int n, int lo, int hi)
{
    int v[NVARS];
    for (int i = 0; i < n; i++)
        v[i] = lo;
    for (;;) {
        Z3_ast vals[NVARS];
        for (int i = 0; i < n; i++)
            vals[i] = smt_int(s, v[i]);
        Z3_ast r = Z3_simplify(s->ctx, Z3_substitute(s->ctx, t, (unsigned)n, vars, vals));
        if (Z3_get_bool_value(s->ctx, r) != Z3_L_TRUE)
            return false;
        int i = 0;
        while (i < n && v[i] == hi)
            v[i++] = lo;
        if (i == n)
            return true;
        v[i]++;
    }
}

/* The lemmas lemmas_for adds to f (the conjuncts after f), each checked. */
static int check_lemmas(Smt *s, Z3_ast f, Z3_ast *vars, int n, int lo, int hi, const char *what)
{
    LemmaTerms none = {0};
    Z3_ast r = lemmas_for(s, &none, f);
    if (r == f)
        return 0;
    Z3_app app = Z3_to_app(s->ctx, r);
    int count = 0;
    for (unsigned i = 1; i < Z3_get_app_num_args(s->ctx, app); i++, count++)
        check(holds_everywhere(s, Z3_get_app_arg(s->ctx, app, i), vars, n, lo, hi),
              "lemma %u of %s is false at some value: %s", i, what,
              Z3_ast_to_string(s->ctx, Z3_get_app_arg(s->ctx, app, i)));
    return count;
}

static Z3_ast sum2(Smt *s, Z3_ast a, Z3_ast b)
{
    Z3_ast ab[2] = {a, b};
    return Z3_mk_add(s->ctx, 2, ab);
}

static Z3_ast product(Smt *s, Z3_ast a, Z3_ast b)
{
    Z3_ast ab[2] = {a, b};
    return Z3_mk_mul(s->ctx, 2, ab);
}

/* A query asked well past its kernel's deadline (the watchdog's own
 * deadline already behind it) still ends: the watchdog once waited for a
 * time in the past that it could not express, and spun holding its lock. */
static void test_late_query(void)
{
    /* 1.15 s after a 1 ms deadline, the watchdog's deadline is 0.9 s
     * behind: its old arithmetic failed whenever the clock's fraction of
     * a second was below 0.9, so two tries nearly always met it */
    for (int i = 0; i < 2; i++) {
        Smt *s = smt_new(1);
        struct timespec pause = {1, 150 * 1000000L};
        nanosleep(&pause, NULL);
        uint64_t used = 0;
        Z3_ast x = smt_const(s, "late", false);
        SmtAnswer a = smt_attempt(s, smt_eq(s, x, smt_int(s, 3)), NULL, 100000, 0, &used);
        check(a == SMT_SAT || a == SMT_UNKNOWN, "a query past the deadline ends");
        smt_free(s);
    }
}

static void test_lemmas(void)
{
    Smt *s = smt_new(5000);
    const char *names[NVARS] = {"r1", "r2", "c1", "c2", "n"};
    Z3_ast v[NVARS];
    for (int i = 0; i < NVARS; i++)
        v[i] = smt_const(s, names[i], false);
    /* r1 * n + c1 == r2 * n + c2: one product lemma */
    Z3_ast rows = smt_eq(s, sum2(s, product(s, v[0], v[4]), v[2]), sum2(s, product(s, v[1], v[4]), v[3]));
    check(check_lemmas(s, rows, v, NVARS, -3, 3, "r * n + c") == 1, "one lemma for two products by n");
    /* n * r1 and r2 * n share n in other positions */
    Z3_ast swapped = smt_eq(s, product(s, v[4], v[0]), product(s, v[1], v[4]));
    check(check_lemmas(s, swapped, v, NVARS, -3, 3, "n * r1 == r2 * n") == 1, "a common factor on either side");
    /* no common factor: no lemma */
    Z3_ast unrelated = smt_eq(s, product(s, v[0], v[2]), product(s, v[1], v[3]));
    check(check_lemmas(s, unrelated, v, NVARS, -3, 3, "r1 * c1 == r2 * c2") == 0, "no lemma without a common factor");
    /* residues: (c1 mod n) == (c2 mod n) and mod 7, but never the bits' mod 2 */
    Z3_ast seven = smt_int(s, 7), two = smt_int(s, 2);
    Z3_ast mods = smt_and2(s, smt_eq(s, Z3_mk_mod(s->ctx, v[2], v[4]), Z3_mk_mod(s->ctx, v[3], v[4])),
                           smt_eq(s, Z3_mk_mod(s->ctx, v[0], seven), Z3_mk_mod(s->ctx, v[1], seven)));
    check(check_lemmas(s, mods, v, NVARS, -4, 4, "residues") == 2, "one lemma per pair of residues by one divisor");
    Z3_ast bits = smt_eq(s, Z3_mk_mod(s->ctx, v[0], two), Z3_mk_mod(s->ctx, v[1], two));
    LemmaTerms none = {0};
    check(lemmas_for(s, &none, bits) == bits, "no lemma for bits (mod 2)");
    smt_free(s);
}

/* A named bit is bit i of a at every value of a, in its range (the
 * lemma ties the names to a) and outside it (the exact term takes over):
 * with the lemmas, the solver finds no value where it is anything else. */
static void test_named_bits(void)
{
    Solver *sv = solver_new(smt_new(5000));
    Smt *s = sv->smt;
    Z3_ast a = smt_const(s, "a", false), two = smt_int(s, 2);
    int wrong = 0, found = 0;
    for (int v = -3; v <= 20; v++)
        for (int i = 0; i < 4; i++) {
            Z3_ast exact = Z3_mk_mod(s->ctx, Z3_mk_div(s->ctx, a, smt_int(s, (int64_t)1 << i)), two);
            Z3_ast bit = lemmas_narrow_bit(s, &sv->noted, a, 4, i, exact);
            Z3_ast at_v = smt_eq(s, a, smt_int(s, v));
            int64_t want = (int64_t)(((unsigned)v >> i) & 1u); /* two's complement: -3 is ...1101 */
            wrong += solve(sv, smt_and2(s, at_v, smt_not(s, smt_eq(s, bit, smt_int(s, want)))), NULL) != SMT_UNSAT;
            found += solve(sv, smt_and2(s, at_v, smt_eq(s, bit, smt_int(s, want))), NULL) == SMT_SAT;
        }
    check(wrong == 0, "a named bit differs from the bit it names at %d values", wrong);
    check(found == 24 * 4, "a named bit is its bit at %d of 96 values", found);
    solver_free(sv);
}

/* Doubling growth keeps every item (a million appends, then a shrink by
 * lowering n and more appends, as the checker's trimmed lists do). */
static void test_growth(void)
{
    int *items = NULL, n = 0, wrong = 0;
    for (int i = 0; i < 1000000; i++) {
        VEC_GROW(items, n, n + 1);
        items[n++] = i;
    }
    n = 3;
    for (int i = 3; i < 100; i++) {
        VEC_GROW(items, n, n + 1);
        items[n++] = i;
    }
    for (int i = 0; i < n; i++)
        wrong += items[i] != i;
    check(wrong == 0 && n == 100, "grown array: %d items wrong", wrong);
    free(items);
}

/* --max-input-size's values, and how the limit is said. */
static void test_sizes(void)
{
    size_t b = 0;
    char text[32];
    check(src_parse_size("64M", &b) && b == (size_t)64 << 20, "64M is %zu bytes", b);
    check(src_parse_size("1K", &b) && b == 1024, "1K is %zu bytes", b);
    check(src_parse_size("2G", &b) && b == (size_t)2 << 30, "2G is %zu bytes", b);
    check(src_parse_size("123", &b) && b == 123, "123 is %zu bytes", b);
    static const char *const bad[] = {"", "0", "-1", "1X", "1k", "M", "1MB", "99999999999999999999"};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++)
        check(!src_parse_size(bad[i], &b), "'%s' is no size", bad[i]);
    src_size_text((size_t)64 << 20, text, sizeof text);
    check(strcmp(text, "64 MiB") == 0, "64 MiB said as '%s'", text);
    src_size_text(1536, text, sizeof text);
    check(strcmp(text, "1536 bytes") == 0, "1536 bytes said as '%s'", text);
}

/* Each (device, inode) once, through many rehashes. */
static void test_file_ids(void)
{
    FileIds ids = {0};
    int fresh = 0, again = 0;
    for (int i = 1; i <= 5000; i++) {
        struct stat st = {.st_dev = (dev_t)(i % 3), .st_ino = (ino_t)i};
        fresh += file_ids_add(&ids, &st);
    }
    for (int i = 1; i <= 5000; i++) {
        struct stat st = {.st_dev = (dev_t)(i % 3), .st_ino = (ino_t)i};
        again += file_ids_add(&ids, &st);
    }
    struct stat other = {.st_dev = 7, .st_ino = 1};
    check(fresh == 5000 && again == 0, "file ids: %d new, %d again", fresh, again);
    check(file_ids_add(&ids, &other), "an inode of another device is another file");
    file_ids_free(&ids);
}

int main(void)
{
    check_init("unit");
    test_precedence();
    test_random_trees();
    test_lexer();
    test_printer();
    test_lemmas();
    test_late_query();
    test_named_bits();
    test_growth();
    test_sizes();
    test_file_ids();
    return check_summary("unit");
}
