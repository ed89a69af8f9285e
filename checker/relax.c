/* The linear relaxation of a race query of [CAV21 Sec. 5], tried before
 * the query itself (relax.h says what and why). */
#include "relax.h"

#include <stdlib.h>
#include <string.h>

#include "arena.h"

/* Products with more factors than this (after flattening) stay as they
 * are inside: no index has them. */
enum { MAX_FACTORS = 16 };

/* What a term of the query became, and its thread-blind key: the same for
 * `tid$1 * n` and `tid$2 * n`, so that the factors of the two threads'
 * copies of a product are put in the same order (mul! is not known to
 * commute). */
typedef struct Node {
    unsigned id1; /* AST id + 1; 0: a free slot */
    Z3_ast out;
    uint64_t key;
} Node;

typedef struct Relax {
    Smt *s;
    Node *nodes; /* open addressing over AST ids */
    size_t cap, n;
    Z3_func_decl mul, div, mod;
    SmtList facts;
    bool nonlinear;
} Relax;

/* A factor of a product: its relaxation and its key. */
typedef struct Factor {
    Z3_ast out;
    uint64_t key;
} Factor;

static uint64_t mix(uint64_t h, uint64_t v)
{
    return (h ^ v) * 1099511628211u + 0x9e3779b97f4a7c15u;
}

static uint64_t text_key(const char *t, size_t n)
{
    uint64_t h = 1469598103934665603u;
    for (size_t i = 0; i < n; i++)
        h = (h ^ (unsigned char)t[i]) * 1099511628211u;
    return h;
}

/* A name without its thread suffix: `tid$1` and `tid$2` give one key. */
static uint64_t name_key(Z3_context c, Z3_symbol sym)
{
    const char *t = Z3_get_symbol_string(c, sym);
    return text_key(t, smt_threadless_length(t));
}

static Node *slot(Relax *r, unsigned id)
{
    size_t j = (id + 1) % r->cap;
    while (r->nodes[j].id1 && r->nodes[j].id1 != id + 1)
        j = (j + 1) % r->cap;
    return &r->nodes[j];
}

static void grow(Relax *r)
{
    Node *old = r->nodes;
    size_t oldcap = r->cap;
    r->cap = oldcap ? 2 * oldcap : 1024;
    r->nodes = xcalloc(r->cap, sizeof *r->nodes);
    for (size_t i = 0; i < oldcap; i++)
        if (old[i].id1)
            *slot(r, old[i].id1 - 1) = old[i];
    free(old);
}

static const Node *find(Relax *r, Z3_ast a)
{
    if (!r->cap)
        return NULL;
    const Node *n = slot(r, Z3_get_ast_id(r->s->ctx, a));
    return n->id1 ? n : NULL;
}

static void put(Relax *r, Z3_ast a, Z3_ast out, uint64_t key)
{
    if (2 * (r->n + 1) > r->cap)
        grow(r);
    Node *n = slot(r, Z3_get_ast_id(r->s->ctx, a));
    if (!n->id1)
        r->n++;
    *n = (Node){Z3_get_ast_id(r->s->ctx, a) + 1, out, key};
}

static bool is_number(Z3_context c, Z3_ast a)
{
    return Z3_get_ast_kind(c, a) == Z3_NUMERAL_AST;
}

/* The factors of a product, nested products flattened; -1 when more than
 * MAX_FACTORS. */
static int leaves(Z3_context c, Z3_ast a, Z3_ast *out)
{
    Z3_ast stack[MAX_FACTORS];
    int n = 0, k = 0;
    stack[n++] = a;
    while (n > 0) {
        Z3_ast t = stack[--n];
        if (smt_kind(c, t) != Z3_OP_MUL) {
            if (k == MAX_FACTORS)
                return -1;
            out[k++] = t;
            continue;
        }
        Z3_app app = Z3_to_app(c, t);
        unsigned m = Z3_get_app_num_args(c, app);
        if (n + (int)m > MAX_FACTORS)
            return -1;
        for (unsigned i = m; i-- > 0;)
            stack[n++] = Z3_get_app_arg(c, app, i);
    }
    return k;
}

/* The children the walk relaxes first: a product's flattened factors, any
 * other application's arguments. */
static int children(Z3_context c, Z3_ast a, Z3_ast *small, Z3_ast **out)
{
    Z3_app app = Z3_to_app(c, a);
    if (Z3_get_decl_kind(c, Z3_get_app_decl(c, app)) == Z3_OP_MUL) {
        int n = leaves(c, a, small);
        if (n >= 0) {
            *out = small;
            return n;
        }
    }
    unsigned n = Z3_get_app_num_args(c, app);
    *out = xmalloc((n + 1) * sizeof **out);
    for (unsigned i = 0; i < n; i++)
        (*out)[i] = Z3_get_app_arg(c, app, i);
    return (int)n;
}

static Z3_ast ge(Smt *s, Z3_ast a, int64_t k)
{
    return Z3_mk_ge(s->ctx, a, smt_int(s, k));
}

static Z3_ast le(Smt *s, Z3_ast a, int64_t k)
{
    return Z3_mk_le(s->ctx, a, smt_int(s, k));
}

/* The facts of m = a * b: signs, zero, one, and that a factor of at
 * least 1 does not shrink a natural. */
static void product_facts(Relax *r, Z3_ast a, Z3_ast b, Z3_ast m)
{
    Smt *s = r->s;
    SmtList *f = &r->facts;
    smt_list_add(f, smt_implies(s, smt_and2(s, ge(s, a, 0), ge(s, b, 0)), ge(s, m, 0)));
    smt_list_add(f, smt_implies(s, smt_and2(s, le(s, a, 0), le(s, b, 0)), ge(s, m, 0)));
    smt_list_add(f, smt_implies(s, smt_and2(s, ge(s, a, 0), le(s, b, 0)), le(s, m, 0)));
    smt_list_add(f, smt_implies(s, smt_and2(s, le(s, a, 0), ge(s, b, 0)), le(s, m, 0)));
    Z3_ast zero = smt_int(s, 0), one = smt_int(s, 1);
    smt_list_add(f, Z3_mk_iff(s->ctx, smt_eq(s, m, zero), smt_or2(s, smt_eq(s, a, zero), smt_eq(s, b, zero))));
    smt_list_add(f, smt_implies(s, smt_eq(s, a, one), smt_eq(s, m, b)));
    smt_list_add(f, smt_implies(s, smt_eq(s, b, one), smt_eq(s, m, a)));
    smt_list_add(f, smt_implies(s, smt_and2(s, ge(s, a, 1), ge(s, b, 0)), Z3_mk_ge(s->ctx, m, b)));
    smt_list_add(f, smt_implies(s, smt_and2(s, ge(s, b, 1), ge(s, a, 0)), Z3_mk_ge(s->ctx, m, a)));
}

/* Insertion sort by key, stable (ties keep their order): a handful of
 * factors. */
static void sort_by_key(Factor *f, int n)
{
    for (int i = 1; i < n; i++)
        for (int j = i; j > 0 && f[j - 1].key > f[j].key; j--) {
            Factor t = f[j];
            f[j] = f[j - 1];
            f[j - 1] = t;
        }
}

/* mul!(...mul!(f0, f1)..., fn) over the factors in key order (ties keep
 * their order), each application given its facts once. */
static Z3_ast product_of(Relax *r, Factor *f, int n)
{
    Z3_context c = r->s->ctx;
    sort_by_key(f, n);
    Z3_ast chain = f[0].out;
    uint64_t key = f[0].key;
    for (int i = 1; i < n; i++) {
        Z3_ast args[2] = {chain, f[i].out};
        Z3_ast m = Z3_mk_app(c, r->mul, 2, args);
        key = mix(key, f[i].key);
        if (!find(r, m)) {
            put(r, m, m, key);
            product_facts(r, chain, f[i].out, m);
        }
        chain = m;
    }
    r->nonlinear = true;
    return chain;
}

static uint64_t app_key(Relax *r, Z3_app app, const Z3_ast *kids, int n)
{
    Z3_context c = r->s->ctx;
    Z3_func_decl d = Z3_get_app_decl(c, app);
    uint64_t h = mix(0x51ed27u, (uint64_t)Z3_get_decl_kind(c, d));
    if (Z3_get_decl_kind(c, d) == Z3_OP_UNINTERPRETED)
        h = mix(h, name_key(c, Z3_get_decl_name(c, d)));
    for (int i = 0; i < n; i++)
        h = mix(h, find(r, kids[i])->key);
    return h;
}

/* A product: numbers stay coefficients, two or more other factors become
 * a chain of mul!. */
static void relax_product(Relax *r, Z3_ast a, const Z3_ast *kids, int n)
{
    Z3_context c = r->s->ctx;
    Factor fs[MAX_FACTORS];
    Z3_ast numbers[MAX_FACTORS + 1];
    int nf = 0, nn = 0;
    uint64_t sum = 0;
    for (int i = 0; i < n; i++) {
        const Node *k = find(r, kids[i]);
        sum += k->key * 0x9e3779b97f4a7c15u + 1; /* the order of the factors does not matter */
        if (is_number(c, kids[i]))
            numbers[nn++] = kids[i];
        else
            fs[nf++] = (Factor){k->out, k->key};
    }
    uint64_t key = mix((uint64_t)Z3_OP_MUL, sum);
    if (nf < 2) {
        Z3_ast outs[MAX_FACTORS];
        for (int i = 0; i < n; i++)
            outs[i] = find(r, kids[i])->out;
        put(r, a, n == 1 ? outs[0] : Z3_mk_mul(c, (unsigned)n, outs), key);
        return;
    }
    numbers[nn] = product_of(r, fs, nf);
    put(r, a, nn ? Z3_mk_mul(c, (unsigned)nn + 1, numbers) : numbers[0], key);
}

/* u div d and u mod d for a non-number d: div!(u, d) and mod!(u, d),
 * with u = d * div! + mod! and 0 <= mod! < |d| for d != 0 (Z3's div and
 * mod satisfy them; by 0 they are any function, as div! is). */
static void relax_division(Relax *r, Z3_ast a, bool rem, const Z3_ast *kids, uint64_t key)
{
    Smt *s = r->s;
    Z3_context c = s->ctx;
    /* copies, not the nodes: put() may grow the table they live in */
    const Node *nu = find(r, kids[0]), *nd = find(r, kids[1]);
    Z3_ast u = nu->out, d = nd->out, args[2] = {u, d};
    uint64_t dkey = nd->key, qkey = mix(mix((uint64_t)Z3_OP_IDIV, nu->key), nd->key);
    Z3_ast q = Z3_mk_app(c, r->div, 2, args), m = Z3_mk_app(c, r->mod, 2, args);
    if (!find(r, q)) {
        put(r, q, q, qkey);
        Factor f[2] = {{d, dkey}, {q, qkey}};
        Z3_ast dq = product_of(r, f, 2), sum[2] = {dq, m}, neg_d = Z3_mk_unary_minus(c, d);
        Z3_ast zero = smt_int(s, 0);
        smt_list_add(&r->facts, smt_implies(s, smt_not(s, smt_eq(s, d, zero)),
                                            smt_and2(s, smt_eq(s, u, Z3_mk_add(c, 2, sum)), ge(s, m, 0))));
        smt_list_add(&r->facts, smt_implies(s, Z3_mk_gt(c, d, zero), Z3_mk_lt(c, m, d)));
        smt_list_add(&r->facts, smt_implies(s, Z3_mk_lt(c, d, zero), Z3_mk_lt(c, m, neg_d)));
        smt_list_add(&r->facts, smt_implies(s, smt_and2(s, Z3_mk_gt(c, d, zero), ge(s, u, 0)),
                                            smt_and2(s, ge(s, q, 0), Z3_mk_le(c, q, u))));
    }
    put(r, a, rem ? m : q, key);
}

static void relax_app(Relax *r, Z3_ast a, const Z3_ast *kids, int n)
{
    Z3_context c = r->s->ctx;
    Z3_app app = Z3_to_app(c, a);
    Z3_decl_kind k = Z3_get_decl_kind(c, Z3_get_app_decl(c, app));
    uint64_t key = app_key(r, app, kids, n);
    if (k == Z3_OP_MUL) {
        relax_product(r, a, kids, n);
        return;
    }
    if ((k == Z3_OP_IDIV || k == Z3_OP_MOD) && n == 2 && !is_number(c, kids[1])) {
        relax_division(r, a, k == Z3_OP_MOD, kids, key);
        return;
    }
    bool same = true;
    Z3_ast outs[n + 1];
    for (int i = 0; i < n; i++) {
        outs[i] = find(r, kids[i])->out;
        same = same && outs[i] == kids[i];
    }
    put(r, a, same ? a : Z3_update_term(c, a, (unsigned)n, outs), key);
}

/* A term that is not an application (numbers, quantifiers, bound
 * variables) or a constant stays itself. */
static bool relax_leaf(Relax *r, Z3_ast a)
{
    Z3_context c = r->s->ctx;
    Z3_ast_kind k = Z3_get_ast_kind(c, a);
    uint64_t key;
    if (k == Z3_NUMERAL_AST) {
        const char *t = Z3_get_numeral_string(c, a);
        key = text_key(t, strlen(t));
    } else if (k == Z3_APP_AST && Z3_get_app_num_args(c, Z3_to_app(c, a)) == 0) {
        key = name_key(c, Z3_get_decl_name(c, Z3_get_app_decl(c, Z3_to_app(c, a))));
    } else if (k == Z3_APP_AST) {
        return false;
    } else {
        key = mix(0xabcdu, Z3_get_ast_id(c, a));
    }
    put(r, a, a, key);
    return true;
}

typedef struct Frame {
    Z3_ast a;
    bool expanded;
} Frame;

/* Post-order over the DAG with an explicit stack (formulas nest deeper
 * than C's stack should). */
static void relax_all(Relax *r, Z3_ast f)
{
    Z3_context c = r->s->ctx;
    Frame *stack = NULL;
    int n = 0, cap = 0;
    VEC_PUSH(stack, n, cap, ((Frame){f, false}));
    while (n > 0) {
        Frame top = stack[n - 1];
        if (find(r, top.a) || relax_leaf(r, top.a)) {
            n--;
            continue;
        }
        Z3_ast small[MAX_FACTORS], *kids;
        int nk = children(c, top.a, small, &kids);
        if (!top.expanded) {
            stack[n - 1].expanded = true;
            for (int i = 0; i < nk; i++)
                if (!find(r, kids[i]))
                    VEC_PUSH(stack, n, cap, ((Frame){kids[i], false}));
        } else {
            n--;
            relax_app(r, top.a, kids, nk);
        }
        if (kids != small)
            free(kids);
    }
    free(stack);
}

/* Is a a product of two non-numbers, or a division or remainder by one? */
static bool nonlinear_app(Z3_context c, Z3_ast a)
{
    Z3_app app = Z3_to_app(c, a);
    Z3_decl_kind k = Z3_get_decl_kind(c, Z3_get_app_decl(c, app));
    unsigned n = Z3_get_app_num_args(c, app);
    if ((k == Z3_OP_IDIV || k == Z3_OP_MOD) && n == 2)
        return !is_number(c, Z3_get_app_arg(c, app, 1));
    if (k != Z3_OP_MUL)
        return false;
    int symbolic = 0;
    for (unsigned i = 0; i < n; i++)
        symbolic += !is_number(c, Z3_get_app_arg(c, app, i));
    return symbolic >= 2;
}

/* Does a mention a thread's own constant (`tid$1`, `i@12$2`), within a
 * budget of nodes? */
static bool mentions_thread(Z3_context c, Z3_ast a, int *budget)
{
    if (--*budget < 0 || Z3_get_ast_kind(c, a) != Z3_APP_AST)
        return false;
    Z3_app app = Z3_to_app(c, a);
    unsigned n = Z3_get_app_num_args(c, app);
    if (n == 0) {
        const char *t = Z3_get_symbol_string(c, Z3_get_decl_name(c, Z3_get_app_decl(c, app)));
        return smt_threadless_length(t) < strlen(t);
    }
    for (unsigned i = 0; i < n; i++)
        if (mentions_thread(c, Z3_get_app_arg(c, app, i), budget))
            return true;
    return false;
}

bool relax_needed(Smt *s, Z3_ast f)
{
    Z3_context c = s->ctx;
    Relax r = {.s = s};
    Z3_ast *stack = NULL;
    int n = 0, cap = 0;
    bool found = false;
    VEC_PUSH(stack, n, cap, f);
    while (n > 0 && !found) {
        Z3_ast a = stack[--n];
        if (Z3_get_ast_kind(c, a) != Z3_APP_AST || find(&r, a))
            continue;
        put(&r, a, a, 0);
        int budget = 256;
        found = nonlinear_app(c, a) && mentions_thread(c, a, &budget);
        Z3_app app = Z3_to_app(c, a);
        for (unsigned i = 0; i < Z3_get_app_num_args(c, app); i++)
            VEC_PUSH(stack, n, cap, Z3_get_app_arg(c, app, i));
    }
    free(stack);
    free(r.nodes);
    return found;
}

static Z3_func_decl binary(Smt *s, const char *name)
{
    Z3_sort dom[2] = {s->int_sort, s->int_sort};
    return Z3_mk_func_decl(s->ctx, Z3_mk_string_symbol(s->ctx, name), 2, dom, s->int_sort);
}

Z3_ast relax_nonlinear(Smt *s, Z3_ast f)
{
    Relax r = {.s = s, .mul = binary(s, "mul!"), .div = binary(s, "div!"), .mod = binary(s, "mod!")};
    relax_all(&r, f);
    Z3_ast out = NULL;
    if (r.nonlinear) {
        smt_list_add(&r.facts, find(&r, f)->out);
        out = smt_and(s, r.facts.n, r.facts.items);
    }
    smt_list_free(&r.facts);
    free(r.nodes);
    return out;
}
