/* The race query's choice of sites ([CAV21 Sec. 5] "Quantification"), with
 * the sites whose indices differ only by numbers merged (groups.h). */
#include "groups.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "arena.h"

enum {
    /* fewer sites stay as they are: little to gain, and their query keeps
     * the terms (and so the search) it had */
    MIN_GROUP = 8,
    MAX_NUMBERS = 16, /* numbers in one site's indices, beyond which it is not merged */
    MAX_NODES = 4096, /* nodes walked per site (trees, which may share subterms) */
};

/* A site's indices with their numbers taken out: the hash of what is
 * left, and the numbers in the order of a walk of the trees. */
typedef struct Shape {
    uint64_t hash;
    uint64_t blind; /* the same without the threads: names the constants */
    Z3_ast num[MAX_NUMBERS];
    int nnum;
    bool ok;
    int leader; /* the first site of its group */
} Shape;

static uint64_t mix(uint64_t h, uint64_t v)
{
    return (h ^ v) * 1099511628211u + 0x9e3779b97f4a7c15u;
}

/* A name without its thread suffix: `tid$1` and `tid$2` give one key. */
static uint64_t blind_name(Z3_context c, Z3_func_decl d)
{
    const char *t = Z3_get_symbol_string(c, Z3_get_decl_name(c, d));
    size_t n = smt_threadless_length(t);
    uint64_t h = 1469598103934665603u;
    for (size_t i = 0; i < n; i++)
        h = (h ^ (unsigned char)t[i]) * 1099511628211u;
    return h;
}

static void shape_walk(Z3_context c, Z3_ast a, Shape *sh, int *budget)
{
    if (!sh->ok || --*budget < 0) {
        sh->ok = false;
        return;
    }
    Z3_ast_kind k = Z3_get_ast_kind(c, a);
    if (k == Z3_NUMERAL_AST) {
        /* the constants that stand for numbers are integers */
        if (sh->nnum == MAX_NUMBERS || Z3_get_sort_kind(c, Z3_get_sort(c, a)) != Z3_INT_SORT)
            sh->ok = false;
        else
            sh->num[sh->nnum++] = a;
        sh->hash = mix(sh->hash, 0x23);
        sh->blind = mix(sh->blind, 0x23);
        return;
    }
    if (k != Z3_APP_AST) {
        sh->hash = mix(sh->hash, Z3_get_ast_id(c, a));
        sh->blind = mix(sh->blind, Z3_get_ast_id(c, a));
        return;
    }
    Z3_app app = Z3_to_app(c, a);
    Z3_func_decl d = Z3_get_app_decl(c, app);
    unsigned n = Z3_get_app_num_args(c, app);
    sh->blind = mix(mix(sh->blind, Z3_get_decl_kind(c, d)), n);
    if (Z3_get_decl_kind(c, d) == Z3_OP_UNINTERPRETED)
        sh->blind = mix(sh->blind, blind_name(c, d));
    if (n == 0) {
        sh->hash = mix(sh->hash, Z3_get_ast_id(c, a));
        return;
    }
    sh->hash = mix(mix(sh->hash, Z3_get_ast_id(c, Z3_func_decl_to_ast(c, d))), n);
    for (unsigned i = 0; i < n; i++)
        shape_walk(c, Z3_get_app_arg(c, app, i), sh, budget);
}

static Shape shape_of(Smt *s, const SiteChoice *c, int ndims)
{
    Shape sh = {.ok = true, .leader = -1};
    sh.hash = mix(mix(1469598103934665603u, Z3_get_ast_id(s->ctx, c->guards)), Z3_get_ast_id(s->ctx, c->assumes));
    int budget = MAX_NODES;
    for (int d = 0; d < ndims; d++)
        shape_walk(s->ctx, c->idx[d], &sh, &budget);
    return sh;
}

/* a and b are one term but for their numbers. */
static bool same_but_numbers(Z3_context c, Z3_ast a, Z3_ast b, int *budget)
{
    if (a == b)
        return true;
    if (--*budget < 0 || Z3_get_ast_kind(c, a) != Z3_get_ast_kind(c, b))
        return false;
    if (Z3_get_ast_kind(c, a) == Z3_NUMERAL_AST)
        return Z3_get_sort(c, a) == Z3_get_sort(c, b);
    if (Z3_get_ast_kind(c, a) != Z3_APP_AST)
        return false;
    Z3_app p = Z3_to_app(c, a), q = Z3_to_app(c, b);
    unsigned n = Z3_get_app_num_args(c, p);
    if (n == 0 || n != Z3_get_app_num_args(c, q) || !Z3_is_eq_func_decl(c, Z3_get_app_decl(c, p), Z3_get_app_decl(c, q)))
        return false;
    for (unsigned i = 0; i < n; i++)
        if (!same_but_numbers(c, Z3_get_app_arg(c, p, i), Z3_get_app_arg(c, q, i), budget))
            return false;
    return true;
}

static bool mergeable(Smt *s, const SiteChoice *a, const Shape *sa, const SiteChoice *b, const Shape *sb, int ndims)
{
    if (!sa->ok || !sb->ok || sa->hash != sb->hash || sa->nnum != sb->nnum || a->guards != b->guards ||
        a->assumes != b->assumes)
        return false;
    int budget = MAX_NODES;
    for (int d = 0; d < ndims; d++)
        if (!same_but_numbers(s->ctx, a->idx[d], b->idx[d], &budget))
            return false;
    return true;
}

/* The template: a with the numbers at the varying positions (in walk
 * order, as shape_walk counts them) replaced by their constants. */
static Z3_ast template_of(Smt *s, Z3_ast a, const Z3_ast *k, int *pos)
{
    Z3_context c = s->ctx;
    Z3_ast_kind kind = Z3_get_ast_kind(c, a);
    if (kind == Z3_NUMERAL_AST) {
        int p = (*pos)++;
        return k[p] ? k[p] : a;
    }
    if (kind != Z3_APP_AST || Z3_get_app_num_args(c, Z3_to_app(c, a)) == 0)
        return a;
    Z3_app app = Z3_to_app(c, a);
    unsigned n = Z3_get_app_num_args(c, app);
    Z3_ast args[n];
    bool same = true;
    for (unsigned i = 0; i < n; i++) {
        args[i] = template_of(s, Z3_get_app_arg(c, app, i), k, pos);
        same = same && args[i] == Z3_get_app_arg(c, app, i);
    }
    return same ? a : Z3_update_term(c, a, n, args);
}

static Z3_ast one_site(Smt *s, const SiteChoice *c, int ndims)
{
    SmtList all = {0};
    smt_list_add(&all, c->pick);
    smt_list_add(&all, c->guards);
    smt_list_add(&all, c->assumes);
    for (int d = 0; d < ndims; d++)
        smt_list_add(&all, c->eq[d]);
    for (int i = 0; i < c->nrest; i++)
        smt_list_add(&all, c->rest[i]);
    Z3_ast r = smt_and(s, all.n, all.items);
    smt_list_free(&all);
    return r;
}

Z3_ast groups_each_site(Smt *s, const SiteChoice *c, int n, int ndims)
{
    SmtList any = {0};
    for (int i = 0; i < n; i++)
        smt_list_add(&any, one_site(s, &c[i], ndims));
    Z3_ast r = smt_or(s, any.n, any.items);
    smt_list_free(&any);
    return r;
}

/* The group led by site `lead`: its template, and which site sets the
 * constants to which numbers. */
static Z3_ast one_group(Smt *s, const SiteChoice *c, const Shape *sh, int n, int lead, const Z3_ast *idx_vars,
                        int ndims, int thread)
{
    Z3_ast k[MAX_NUMBERS] = {0};
    for (int p = 0; p < sh[lead].nnum; p++)
        for (int i = lead + 1; i < n && !k[p]; i++)
            if (sh[i].leader == lead && sh[i].num[p] != sh[lead].num[p]) {
                char name[64];
                snprintf(name, sizeof name, "k!%016llx!%d$%d", (unsigned long long)sh[lead].blind, p, thread);
                k[p] = smt_const(s, name, false);
            }
    SmtList all = {0}, any = {0};
    smt_list_add(&all, c[lead].guards);
    smt_list_add(&all, c[lead].assumes);
    int pos = 0;
    for (int d = 0; d < ndims; d++)
        smt_list_add(&all, smt_eq(s, idx_vars[d], template_of(s, c[lead].idx[d], k, &pos)));
    for (int i = lead; i < n; i++) {
        if (sh[i].leader != lead)
            continue;
        SmtList one = {0};
        smt_list_add(&one, c[i].pick);
        for (int p = 0; p < sh[i].nnum; p++)
            if (k[p])
                smt_list_add(&one, smt_eq(s, k[p], sh[i].num[p]));
        for (int r = 0; r < c[i].nrest; r++)
            smt_list_add(&one, c[i].rest[r]);
        smt_list_add(&any, smt_and(s, one.n, one.items));
        smt_list_free(&one);
    }
    smt_list_add(&all, smt_or(s, any.n, any.items));
    Z3_ast r = smt_and(s, all.n, all.items);
    smt_list_free(&all);
    smt_list_free(&any);
    return r;
}

Z3_ast groups_choice(Smt *s, const SiteChoice *c, int n, const Z3_ast *idx_vars, int ndims, int thread,
                     int *groups)
{
    if (n < MIN_GROUP)
        return groups_each_site(s, c, n, ndims);
    Shape *sh = xcalloc((size_t)n + 1, sizeof *sh);
    int *size = xcalloc((size_t)n + 1, sizeof *size);
    for (int i = 0; i < n; i++) {
        sh[i] = shape_of(s, &c[i], ndims);
        for (int j = 0; j < i && sh[i].leader < 0; j++)
            if (sh[j].leader == j && mergeable(s, &c[j], &sh[j], &c[i], &sh[i], ndims))
                sh[i].leader = j;
        if (sh[i].leader < 0)
            sh[i].leader = i;
        size[sh[i].leader]++;
    }
    SmtList any = {0};
    for (int i = 0; i < n; i++) {
        int lead = sh[i].leader;
        if (size[lead] < MIN_GROUP)
            smt_list_add(&any, one_site(s, &c[i], ndims));
        else if (lead == i) {
            smt_list_add(&any, one_group(s, c, sh, n, i, idx_vars, ndims, thread));
            (*groups)++;
        }
    }
    Z3_ast r = smt_or(s, any.n, any.items);
    smt_list_free(&any);
    free(sh);
    free(size);
    return r;
}
