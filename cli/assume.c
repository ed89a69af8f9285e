/* --assume: facts about arrays' contents (assume.h). */
#include "assume.h"

#include <ctype.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

typedef struct FactText {
    ArrayFact kind;
    char array[128];
    const char *len; /* the text after the comma, up to the closing parenthesis; NULL: none */
    size_t len_n;
} FactText;

static const char *skip_space(const char *s)
{
    while (isspace((unsigned char)*s))
        s++;
    return s;
}

static const char *word_end(const char *s)
{
    while (isalnum((unsigned char)*s) || *s == '_')
        s++;
    return s;
}

/* `kind(array[, len])`. */
static bool split_fact(const char *text, FactText *f, const char **why)
{
    const char *s = skip_space(text), *e = word_end(s);
    size_t n = (size_t)(e - s);
    f->kind = n == 13 && strncmp(s, "nondecreasing", n) == 0 ? FACT_NONDECREASING
              : n == 6 && strncmp(s, "sorted", n) == 0       ? FACT_NONDECREASING
              : n == 9 && strncmp(s, "injective", n) == 0    ? FACT_INJECTIVE
                                                             : FACT_NONE;
    if (f->kind == FACT_NONE) {
        *why = "a fact is nondecreasing(A[, LEN]), sorted(A[, LEN]) or injective(A[, LEN])";
        return false;
    }
    s = skip_space(e);
    if (*s++ != '(') {
        *why = "expected '(' after the fact's name";
        return false;
    }
    s = skip_space(s);
    e = word_end(s);
    if (e == s || (size_t)(e - s) >= sizeof f->array) {
        *why = "expected the array's name";
        return false;
    }
    memcpy(f->array, s, (size_t)(e - s));
    f->array[e - s] = '\0';
    s = skip_space(e);
    f->len = NULL;
    if (*s == ',') {
        f->len = s + 1;
        const char *close = strchr(s, ')');
        if (!close) {
            *why = "expected ')'";
            return false;
        }
        f->len_n = (size_t)(close - f->len);
        s = close;
    }
    if (*s != ')' || *skip_space(s + 1)) {
        *why = "expected ')' at the end";
        return false;
    }
    return true;
}

/* LEN: terms (numbers and names) joined by + and -; NULL with *why set
 * when it is no such sum.  With p, the expression is built (names as
 * they are written, unresolved); without, only checked. */
static Expr *length_expr(Program *p, const char *s, size_t n, const char **why)
{
    Expr *sum = NULL;
    Op op = OP_ADD;
    const char *end = s + n;
    for (;;) {
        while (s < end && isspace((unsigned char)*s))
            s++;
        const char *e = s;
        Expr *term = NULL;
        if (s < end && isdigit((unsigned char)*s)) {
            uint64_t v = 0;
            for (; e < end && isdigit((unsigned char)*e); e++) {
                if (v > (uint64_t)(INT64_MAX - 9) / 10) {
                    *why = "a number in the length is too large";
                    return NULL;
                }
                v = v * 10 + (uint64_t)(*e - '0');
            }
            term = p ? expr_num(p, (Loc){0}, v) : (Expr *)1;
        } else if (s < end && (isalpha((unsigned char)*s) || *s == '_')) {
            e = word_end(s);
            if (e > end)
                e = end;
            char name[128];
            size_t k = (size_t)(e - s) < sizeof name - 1 ? (size_t)(e - s) : sizeof name - 1;
            memcpy(name, s, k);
            name[k] = '\0';
            term = p ? expr_var(p, (Loc){0}, program_intern(p, name, k)) : (Expr *)1;
        } else {
            *why = "the length is a sum of numbers and parameters (n + 1)";
            return NULL;
        }
        sum = !sum ? term : p ? expr_binary(p, op, sum, term) : sum;
        s = e;
        while (s < end && isspace((unsigned char)*s))
            s++;
        if (s == end)
            return sum;
        if (*s != '+' && *s != '-') {
            *why = "the length is a sum of numbers and parameters (n + 1)";
            return NULL;
        }
        op = *s == '+' ? OP_ADD : OP_SUB;
        s++;
    }
}

bool assume_fact_valid(const char *text, const char **why)
{
    FactText f;
    return split_fact(text, &f, why) && (!f.len || length_expr(NULL, f.len, f.len_n, why));
}

static ArrayDecl *find_array(Kernel *k, const char *name)
{
    char renamed[160];
    snprintf(renamed, sizeof renamed, "%s_", name);
    for (int i = 0; i < k->narrays; i++)
        if (strcmp(k->arrays[i].name->u.var.name, name) == 0)
            return &k->arrays[i];
    for (int i = 0; i < k->narrays; i++)
        if (strcmp(k->arrays[i].name->u.var.name, renamed) == 0)
            return &k->arrays[i];
    return NULL;
}

/* The length's names are the kernel's uniforms (resolution's symbols). */
static bool bind_uniforms(Kernel *k, Expr *e, const char **missing)
{
    if (e->kind == E_VAR) {
        for (int i = 0; i < k->nsyms; i++)
            if (k->syms[i]->kind == SYM_UNIFORM && strcmp(k->syms[i]->name, e->u.var.name) == 0) {
                e->u.var.sym = k->syms[i];
                return true;
            }
        *missing = e->u.var.name;
        return false;
    }
    Expr **slot[3];
    int n = expr_operands(e, slot);
    for (int i = 0; i < n; i++)
        if (!bind_uniforms(k, *slot[i], missing))
            return false;
    return true;
}

bool assume_fact_apply(const char *text, Program *p, const char *path, bool must_find, Diag *d)
{
    FactText f;
    const char *why = NULL;
    if (!split_fact(text, &f, &why))
        return false; /* the options were checked */
    bool found = false;
    for (int i = 0; i < p->nkernels; i++) {
        Kernel *k = p->kernels[i];
        ArrayDecl *a = find_array(k, f.array);
        if (!a)
            continue;
        found = true;
        const char *why = array_fact_problem(a);
        if (why) {
            diag_plain(d, SEV_ERROR, path, "--assume %s: not of '%s' of kernel %s: %s", text, f.array, k->name, why);
            return false;
        }
        Expr *len = f.len ? length_expr(p, f.len, f.len_n, &why) : NULL;
        const char *missing = NULL;
        if (len && !bind_uniforms(k, len, &missing)) {
            diag_plain(d, SEV_ERROR, path, "--assume %s: kernel %s has no parameter '%s'", text, k->name, missing);
            return false;
        }
        if (a->fact)
            continue; /* the protocol's own */
        a->fact = (uint8_t)f.kind;
        a->fact_len = len;
        a->fact_loc = (Loc){0};
    }
    if (!found && must_find)
        diag_plain(d, SEV_ERROR, path, "--assume %s: no kernel here has an array '%s'", text, f.array);
    return found || !must_find;
}
