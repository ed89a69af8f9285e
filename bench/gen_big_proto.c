/* gen_big_proto [MB [SEED]]: writes to stdout a valid .proto file of about
 * MB megabytes (2^20 bytes; default 10) for the parse benchmark.
 *
 * The output is a function of (MB, SEED) only: a private splitmix64 stream
 * drives every choice, so every machine benchmarks the same bytes.  It reads
 * like hand-written protocols -- kernels of 100-200 KB with typed arrays,
 * uniform parameters, nested loops of every form, ifs, lets, preconditions,
 * accesses and comments -- so the benchmark measures the whole front end,
 * not one hot rule.  Validity is kept by construction: every name is
 * declared before use, never redeclared and never shadows one in scope
 * (a scope stack mirrors the resolver's), array accesses match the declared
 * dimensions, and expressions are printed with the grammar's precedences.
 * Blocks nest at most ~16 deep (MAX_NEST, plus else-if chains) and
 * expressions stay below ~10 levels, so the file stresses size, not the
 * depth limits. */
#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { MAX_NEST = 8, MAX_NAMES = 1024, MAX_ARRAYS = 16, NAME_LEN = 32 };

/* ---- randomness ---- */

static uint64_t rng;

static uint64_t next_u64(void) /* splitmix64 */
{
    uint64_t z = (rng += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

static int rnd(int n) { return (int)(next_u64() % (uint64_t)n); }
static bool chance(int percent) { return rnd(100) < percent; }
#define PICK(arr) ((arr)[rnd((int)(sizeof(arr) / sizeof(arr)[0]))])

/* ---- output: one kernel is built in memory, then written ---- */

static char *out;
static size_t out_len, out_cap;
static int indent;

static void reserve(size_t n)
{
    if (out_len + n < out_cap)
        return;
    while (out_len + n >= out_cap)
        out_cap = out_cap ? 2 * out_cap : 1 << 20;
    out = realloc(out, out_cap);
    if (!out) {
        fputs("gen_big_proto: out of memory\n", stderr);
        exit(1);
    }
}

static void put(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static void put(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(NULL, 0, fmt, ap);
    va_end(ap);
    reserve((size_t)n + 1);
    va_start(ap, fmt);
    vsnprintf(out + out_len, (size_t)n + 1, fmt, ap);
    va_end(ap);
    out_len += (size_t)n;
}

static void line_start(void)
{
    reserve(4 * (size_t)indent + 1);
    memset(out + out_len, ' ', 4 * (size_t)indent);
    out_len += 4 * (size_t)indent;
}

/* ---- names in scope (a stack, like the resolver's) ---- */

typedef struct Name {
    char s[NAME_LEN];
    bool uniform; /* same in every thread: not allowed in `distinct` */
} Name;

typedef struct Array {
    char s[NAME_LEN];
    int ndims;
} Array;

static Name names[MAX_NAMES];
static int nnames;
static Array arrays[MAX_ARRAYS];
static int narrays;
static unsigned serial; /* suffix that makes a taken base name fresh */

static bool taken(const char *s)
{
    for (int i = 0; i < nnames; i++)
        if (strcmp(names[i].s, s) == 0)
            return true;
    for (int i = 0; i < narrays; i++)
        if (strcmp(arrays[i].s, s) == 0)
            return true;
    return false;
}

/* A name that is neither in scope nor a keyword (bases avoid keywords). */
static void fresh(const char *base, char *dst)
{
    snprintf(dst, NAME_LEN, "%s", base);
    while (taken(dst))
        snprintf(dst, NAME_LEN, "%s%u", base, ++serial);
}

static const char *push_name(const char *s, bool uniform)
{
    if (nnames == MAX_NAMES) {
        fputs("gen_big_proto: too many names in scope\n", stderr);
        exit(1);
    }
    Name *n = &names[nnames++];
    snprintf(n->s, NAME_LEN, "%s", s);
    n->uniform = uniform;
    return n->s;
}

/* Index expressions mostly use the innermost names (loop variables and
 * lets just declared), like real code does. */
static const char *pick_name(void)
{
    int recent = nnames < 6 ? nnames : 6;
    return chance(55) ? names[nnames - 1 - rnd(recent)].s : names[rnd(nnames)].s;
}

static const char *pick_thread_name(void) /* non-uniform, or NULL */
{
    for (int tries = 0; tries < 8; tries++) {
        const Name *n = &names[rnd(nnames)];
        if (!n->uniform)
            return n->s;
    }
    return NULL;
}

/* ---- expressions ---- */

/* Binding strength, as in dsl/parser.y and the printer. */
enum { P_COND = 1, P_OR, P_AND, P_BOR, P_BXOR, P_BAND, P_EQ, P_REL, P_SHIFT, P_ADD, P_MUL,
       P_UNARY, P_PRIMARY };

typedef struct BinOp {
    const char *s;
    int prec;
} BinOp;

/* Weighted by repetition: + and * dominate index arithmetic. */
static const BinOp int_ops[] = {
    {"+", P_ADD}, {"+", P_ADD}, {"+", P_ADD}, {"+", P_ADD}, {"-", P_ADD}, {"-", P_ADD},
    {"*", P_MUL}, {"*", P_MUL}, {"*", P_MUL}, {"/", P_MUL}, {"%", P_MUL},
    {"<<", P_SHIFT}, {">>", P_SHIFT}, {"&", P_BAND}, {"|", P_BOR}, {"^", P_BXOR},
};
static const BinOp cmp_ops[] = {
    {"<", P_REL}, {"<", P_REL}, {"<=", P_REL}, {">", P_REL}, {">=", P_REL},
    {"==", P_EQ}, {"==", P_EQ}, {"!=", P_EQ},
};

/* Parenthesizes when the grammar needs it, and now and then when it does
 * not (people write redundant parentheses; the printer drops them). */
static bool open_paren(int prec, int min)
{
    bool paren = prec < min || (prec < P_PRIMARY && chance(4));
    if (paren)
        put("(");
    return paren;
}

static void close_paren(bool paren)
{
    if (paren)
        put(")");
}

static void literal(void)
{
    switch (rnd(10)) {
    case 0: put("%d", 1 << rnd(11)); break;
    case 1: put("0x%x", (1u << (1 + rnd(12))) - 1); break; /* masks */
    case 2: put("%du", rnd(1025)); break;                    /* C suffix */
    default: put("%d", rnd(34)); break;
    }
}

static void gen_bool(int depth, int min);

static void gen_int(int depth, int min)
{
    if (depth <= 0 || chance(30)) {
        if (chance(62))
            put("%s", pick_name());
        else
            literal();
        return;
    }
    int r = rnd(100);
    if (r < 7) {
        put("%s(", chance(50) ? "min" : "max");
        gen_int(depth - 1, P_COND);
        put(", ");
        gen_int(depth - 1, P_COND);
        put(")");
    } else if (r < 11) {
        bool paren = open_paren(P_UNARY, min);
        put("%s", chance(60) ? "-" : "~");
        gen_int(depth - 1, P_PRIMARY); /* never "--x": that is one token */
        close_paren(paren);
    } else if (r < 14) {
        bool paren = open_paren(P_COND, min);
        gen_bool(depth - 1, P_COND + 1);
        put(" ? ");
        gen_int(depth - 1, P_COND + 1);
        put(" : ");
        gen_int(depth - 1, P_COND);
        close_paren(paren);
    } else {
        BinOp op = PICK(int_ops);
        bool paren = open_paren(op.prec, min);
        gen_int(depth - 1, op.prec);
        put(" %s ", op.s);
        if (op.prec == P_SHIFT && chance(70))
            put("%d", 1 + rnd(5));
        else
            gen_int(depth - 1, op.prec + 1);
        close_paren(paren);
    }
}

static void gen_compare(int depth, int min)
{
    BinOp op = PICK(cmp_ops);
    bool paren = open_paren(op.prec, min);
    gen_int(depth - 1, op.prec + 1); /* comparisons do not chain */
    put(" %s ", op.s);
    gen_int(depth - 1, op.prec + 1);
    close_paren(paren);
}

static void gen_bool(int depth, int min)
{
    int r = depth <= 1 ? 0 : rnd(100);
    if (r < 60) {
        gen_compare(depth, min);
    } else if (r < 88) {
        int prec = chance(60) ? P_AND : P_OR;
        bool paren = open_paren(prec, min);
        gen_bool(depth - 1, prec);
        put(" %s ", prec == P_AND ? "&&" : "||");
        gen_bool(depth - 1, prec + 1);
        close_paren(paren);
    } else if (r < 97) {
        bool paren = open_paren(P_UNARY, min);
        put("!");
        gen_bool(depth - 1, P_PRIMARY);
        close_paren(paren);
    } else {
        put("%s", chance(50) ? "true" : "false");
    }
}

/* ---- statements ---- */

static const char *const comments[] = {
    "load the tile into shared memory", "tree reduction, halving the stride",
    "each thread handles a strided chunk", "write back the partial result",
    "boundary threads do less work", "transpose through the padded tile",
    "warp-level step: no barrier needed inside a warp", "histogram update",
    "TODO: check the bank conflicts here", "prefix sum (Blelloch), up-sweep",
    "down-sweep", "stencil: neighbours in every dimension", "scatter to the output",
};

static void comment_line(void)
{
    line_start();
    if (chance(8))
        put("# %s\n", PICK(comments)); /* Faial's comment syntax */
    else
        put("// %s\n", PICK(comments));
}

static void end_stmt(void)
{
    if (chance(4))
        put(" // %s", PICK(comments));
    put("\n");
}

/* Writes `rd A[i][j];` without ending the line: a braceless body must not
 * get a trailing comment, which would swallow a following `else`. */
static void gen_access(void)
{
    static const char *const modes[] = {"rd", "rd", "rd", "rd", "wr", "wr", "wr", "atomic", "ro", "rw"};
    const Array *a = &arrays[rnd(narrays)];
    line_start();
    put("%s %s", PICK(modes), a->s);
    bool commas = a->ndims >= 2 && chance(20); /* A[i, j]: the same as A[i][j] */
    for (int i = 0; i < a->ndims; i++) {
        put("%s", i == 0 || !commas ? "[" : ", ");
        gen_int(1 + rnd(3), P_COND);
        if (!commas || i == a->ndims - 1)
            put("]");
    }
    put(";");
}

static void gen_let(void)
{
    static const char *const bases[] = {"idx", "row", "col", "base", "off", "lo", "hi", "half",
                                        "mask", "lane", "warp", "stride", "pos", "src", "dst",
                                        "bank", "span", "next", "left", "right"};
    char n[NAME_LEN];
    fresh(PICK(bases), n);
    line_start();
    put("let %s = ", n);
    gen_int(2 + rnd(3), P_COND); /* before the name is visible: no self-reference */
    put(";");
    end_stmt();
    push_name(n, false);
}

static void gen_assume(void)
{
    const char *t = pick_thread_name();
    line_start();
    put("assume ");
    switch (t ? rnd(6) : 0) {
    case 0:
    case 1: gen_bool(2 + rnd(2), P_COND); break;
    case 2: put("pow2(%s)", pick_name()); break;
    case 3: put("distinct [%s]", t); break;
    case 4: put("1@%s %s 2@%s", t, chance(50) ? "!=" : "<", t); break;
    default: put("%s %% %d == 0", pick_name(), 1 << rnd(6)); break;
    }
    put(";");
    end_stmt();
}

static void gen_simple(void)
{
    int r = rnd(100);
    if (r < 62) {
        gen_access();
        end_stmt();
    } else if (r < 80) {
        gen_let();
    } else if (r < 88) {
        line_start();
        put("sync;");
        end_stmt();
    } else if (r < 96) {
        gen_assume();
    } else {
        static const char *const bases[] = {"v", "any", "pick", "choice"};
        char n[NAME_LEN];
        fresh(PICK(bases), n);
        line_start();
        put("local %s;", n);
        end_stmt();
        push_name(n, false);
    }
}

static void gen_stmt(int nest);

/* `{ stmts }` after a header; names declared inside die at the brace. */
static void gen_block(int nest)
{
    int mark = nnames;
    put(" {\n");
    indent++;
    for (int i = 1 + rnd(5); i > 0; i--)
        gen_stmt(nest + 1);
    indent--;
    line_start();
    put("}");
    nnames = mark;
}

/* A body: usually braced; sometimes one access on its own line, the way C
 * is written.  Returns whether it was braced; the caller ends the line. */
static bool gen_body(int nest)
{
    if (chance(88)) {
        gen_block(nest);
        return true;
    }
    put("\n");
    indent++;
    gen_access();
    indent--;
    return false;
}

static void loop_bound(int min)
{
    if (chance(45))
        put("%s", pick_name());
    else
        gen_int(1 + rnd(2), min);
}

static void gen_loop(int nest)
{
    static const char *const bases[] = {"i", "j", "k", "s", "t", "x", "y", "z", "p", "q"};
    static const char *const types[] = {"", "", "", "int ", "unsigned ", "uint ", "size_t "};
    char x[NAME_LEN];
    fresh(PICK(bases), x);
    line_start();
    /* The header is evaluated before x is in scope. */
    switch (rnd(13)) {
    case 0:
    case 1:
        put("foreach (%s in ", x);
        gen_int(1, P_COND);
        put(" .. ");
        loop_bound(P_COND);
        put(")");
        break;
    case 2:
        put("foreach (%s in %d .. ", x, rnd(4));
        loop_bound(P_COND);
        put("; %s + ", x);
        gen_int(1, P_MUL); /* tighter than +, so the step stays `x + s` */
        put(")");
        break;
    case 3:
        put("foreach (%s in 1 .. ", x);
        loop_bound(P_COND);
        put("; %s * %d)", x, 2 << rnd(2));
        break;
    case 4:
        put("for (%s%s = 0; %s < ", PICK(types), x, x);
        loop_bound(P_SHIFT);
        put(chance(70) ? "; %s++)" : "; ++%s)", x);
        break;
    case 5:
        put("for (%s = ", x);
        loop_bound(P_ADD);
        put(chance(50) ? " - 1; %s >= 0; %s--)" : " - 1; %s >= 0; --%s)", x, x);
        break;
    case 6:
        put("for (%s = ", x);
        loop_bound(P_MUL);
        put(" / 2; %s > 0; %s >>= 1)", x, x);
        break;
    case 7:
        put("for (%s%s = 1; %s < ", PICK(types), x, x);
        loop_bound(P_SHIFT);
        put(chance(50) ? "; %s *= 2)" : "; %s <<= 1)", x);
        break;
    case 8:
        put("for (%s = %s; %s < ", x, pick_name(), x);
        loop_bound(P_SHIFT);
        put("; %s += %s)", x, chance(60) ? "blockDim.x" : "gridDim.x * blockDim.x");
        break;
    case 9:
        put("for (%s = ", x);
        loop_bound(P_COND);
        put("; %s >= 1; %s /= 2)", x, x);
        break;
    case 10:
        put("for (%s = 0; ", x);
        loop_bound(P_SHIFT);
        put(" > %s; %s += %d)", x, x, 1 + rnd(4)); /* bound on the left */
        break;
    case 11:
        put("for (%s = 0; %s != ", x, x);
        loop_bound(P_REL);
        put("; %s = %s + %d)", x, x, 1 + rnd(3));
        break;
    default:
        put("for (%s = ", x);
        loop_bound(P_COND);
        put("; %s > %d; %s -= %d)", x, rnd(3), x, 1 + rnd(8));
        break;
    }
    int mark = nnames;
    push_name(x, false);
    gen_body(nest);
    nnames = mark;
    put("\n");
}

/* if / else if / else, with `} else` after braces and `else` on its own
 * line after a braceless branch. */
static void gen_if(int nest)
{
    line_start();
    for (int chain = 0;; chain++) {
        put("if (");
        gen_bool(2 + rnd(3), P_COND);
        put(")");
        bool braced = gen_body(nest);
        bool else_if = chain < 3 && chance(15);
        if (!else_if && !chance(30))
            break;
        if (!braced) {
            put("\n");
            line_start();
        }
        put(braced ? " else" : "else");
        if (!else_if) {
            gen_body(nest);
            break;
        }
        put(" ");
    }
    put("\n");
}

static void gen_compound(int nest)
{
    if (chance(62))
        gen_loop(nest);
    else
        gen_if(nest);
}

static void gen_stmt(int nest)
{
    if (chance(5))
        comment_line();
    if (chance(3))
        put("\n");
    /* Compound statements thin out with depth, so blocks stay finite. */
    if (nest < MAX_NEST && chance(44 - 4 * nest))
        gen_compound(nest);
    else
        gen_simple();
}

/* ---- kernels ---- */

static void gen_array_decls(void)
{
    static const char *const shared_bases[] = {"tile", "sdata", "smem", "partial", "cache", "hist"};
    static const char *const global_bases[] = {"data", "out", "keys", "vals", "img", "res", "flags"};
    static const char *const types[] = {"float", "int", "unsigned int", "double", "uint", "char"};
    static const char *const sizes[] = {"16", "32", "33", "64", "256", "0x100", "1024u", "blockDim.x"};
    for (int a = 2 + rnd(5); a > 0 && narrays < MAX_ARRAYS - 1; a--) {
        bool shared = chance(50);
        const char *kw = shared ? "shared" : "global";
        Array *arr = &arrays[narrays];
        fresh(shared ? PICK(shared_bases) : PICK(global_bases), arr->s);
        line_start();
        int style = rnd(10);
        if (style == 0) { /* Faial: untyped, dimensions fixed by the first access */
            arr->ndims = 1 + rnd(2);
            put("%s %s", kw, arr->s);
        } else if (style == 1) { /* a typed scalar, for `atomic counter;` */
            arr->ndims = 0;
            put("%s int %s", kw, arr->s);
        } else {
            arr->ndims = 1 + rnd(3);
            put("%s %s %s", kw, PICK(types), arr->s);
            for (int d = 0; d < arr->ndims; d++)
                put("[%s]", shared || chance(30) ? PICK(sizes) : ""); /* global A[] */
        }
        narrays++;
        if (style == 2) { /* `float a[64], b[64]`: b is a float too */
            arr = &arrays[narrays];
            fresh(shared ? PICK(shared_bases) : PICK(global_bases), arr->s);
            arr->ndims = 1;
            put(", %s[%s]", arr->s, PICK(sizes));
            narrays++;
        }
        put(";\n");
    }
}

static void gen_var_decls(void)
{
    static const char *const uniforms[] = {"n", "m", "width", "height", "depth", "len", "pitch",
                                           "nx", "ny", "chunk", "size", "radius", "bins"};
    static const char *const locals[] = {"tx", "ty", "wid", "own"};
    char n[NAME_LEN];
    for (int d = 1 + rnd(3); d > 0; d--) {
        line_start();
        put(chance(80) ? "uniform " : "const global ");
        for (int i = 1 + rnd(3); i > 0; i--) {
            fresh(PICK(uniforms), n);
            put("%s%s", push_name(n, true), i > 1 ? ", " : "");
        }
        if (chance(50)) {
            put(" where %s > 0", names[nnames - 1].s);
            if (chance(50))
                put(" && %s %% %d == 0", names[nnames - 1].s, 1 << rnd(6));
        }
        put(";\n");
    }
    if (chance(60)) {
        line_start();
        fresh(PICK(locals), n);
        put("const local %s", push_name(n, false));
        if (chance(50))
            put(" where %s < blockDim.x", n);
        put(";\n");
    }
}

static void gen_kernel(int number, size_t target)
{
    static const char *const words[] = {"reduce", "scan", "transpose", "stencil", "histogram",
                                        "matmul", "sort", "gather", "scatter", "conv"};
    static const Name builtins[] = {
        {"threadIdx.x", false}, {"threadIdx.y", false}, {"blockIdx.x", false},
        {"blockIdx.y", false},  {"blockDim.x", true},   {"blockDim.y", true},
        {"gridDim.x", true},    {"warpSize", true},
    };
    nnames = narrays = 0;
    serial = 0;
    for (size_t i = 0; i < sizeof builtins / sizeof builtins[0]; i++)
        names[nnames++] = builtins[i];
    const char *word = PICK(words);
    if (chance(50))
        put("/* Kernel %d: %s.\n * Generated by gen_big_proto; the layout follows the\n"
            " * hand-written protocols of the corpus. */\n", number, word);
    else
        put("// kernel %d: %s\n", number, word);
    put("kernel k%04d_%s {\n", number, word);
    indent = 1;
    gen_array_decls();
    gen_var_decls();
    put("\n");
    line_start();
    char tid[NAME_LEN];
    fresh("tid", tid);
    put("let %s = threadIdx.x + blockIdx.x * blockDim.x;\n", tid);
    push_name(tid, false);
    while (out_len < target) {
        put("\n");
        if (chance(60))
            comment_line();
        if (chance(85)) {
            gen_compound(1);
        } else {
            gen_simple(); /* kernel-level lets stay in scope to the end */
            gen_simple();
        }
    }
    indent = 0;
    put("}\n\n");
}

int main(int argc, char **argv)
{
    double mb = argc > 1 ? strtod(argv[1], NULL) : 10;
    rng = argc > 2 ? strtoull(argv[2], NULL, 0) : 2024;
    if (argc > 3 || !(mb > 0)) {
        fputs("usage: gen_big_proto [MB [SEED]] > FILE.proto\n", stderr);
        return 2;
    }
    size_t goal = (size_t)(mb * 1024 * 1024), written = 0;
    for (int k = 1; written < goal; k++) {
        size_t target = 100 * 1024 + (size_t)rnd(100 * 1024);
        if (goal - written < target) /* the last kernel makes up the rest */
            target = goal - written;
        out_len = 0;
        gen_kernel(k, target);
        if (fwrite(out, 1, out_len, stdout) != out_len)
            break;
        written += out_len;
    }
    free(out);
    if (fflush(stdout) != 0 || ferror(stdout)) {
        perror("gen_big_proto: write");
        return 1;
    }
    return 0;
}
