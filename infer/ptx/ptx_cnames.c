/* Kernel and parameter names for PTX (ptx_cnames.h).  Only what nvcc
 * writes for kernels is read: a function name, maybe in namespaces or
 * with template arguments, and parameter types built from the builtin
 * types, pointers, qualifiers, class names and substitutions.  Anything
 * else makes the reader give up, and the caller falls back on the PTX
 * names and widths. */
#include "ptx_cnames.h"

#include "arena.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct Demangler {
    const char *s;
    bool bad;
    ParamKind subs[64]; /* the substitution candidates, in order */
    int nsubs;
    ParamKind targs[16]; /* template arguments, for T_ */
    int ntargs;
    char last[128];      /* the last source name read */
} Demangler;

static void add_sub(Demangler *d, ParamKind k)
{
    if (d->nsubs < 64)
        d->subs[d->nsubs++] = k;
}

static ParamKind builtin_kind(char c)
{
    switch (c) {
    case 'a': case 'c': case 's': case 'i': case 'l': case 'x': case 'n': case 'w':
        return PK_SIGNED;
    case 'b': case 'h': case 't': case 'j': case 'm': case 'y': case 'o':
        return PK_UNSIGNED;
    case 'f': case 'd': case 'e': case 'g':
        return PK_FLOAT;
    default:
        return PK_UNKNOWN;
    }
}

static bool source_name(Demangler *d)
{
    if (!isdigit((unsigned char)*d->s))
        return false;
    long len = strtol(d->s, (char **)&d->s, 10);
    if (len <= 0 || (size_t)len > strlen(d->s)) {
        d->bad = true;
        return false;
    }
    size_t n = (size_t)len < sizeof d->last - 1 ? (size_t)len : sizeof d->last - 1;
    memcpy(d->last, d->s, n);
    d->last[n] = '\0';
    d->s += len;
    return true;
}

static ParamKind type(Demangler *d);

/* I <args> E: records each argument's kind (a literal's: PK_OTHER). */
static void template_args(Demangler *d)
{
    d->s++; /* I */
    d->ntargs = 0;
    while (*d->s && *d->s != 'E' && !d->bad) {
        ParamKind k = PK_OTHER;
        if (*d->s == 'L') { /* a literal: L <type> <value> E */
            d->s++;
            type(d);
            while (*d->s && *d->s != 'E')
                d->s++;
            if (*d->s == 'E')
                d->s++;
        } else {
            k = type(d);
        }
        if (d->ntargs < 16)
            d->targs[d->ntargs++] = k;
    }
    if (*d->s != 'E')
        d->bad = true;
    else
        d->s++;
}

/* <seq-id> _ after S or T: 0 for "_", n + 1 for "<base 36 n>_". */
static int seq_id(Demangler *d)
{
    int v = 0;
    if (*d->s == '_') {
        d->s++;
        return 0;
    }
    while (isdigit((unsigned char)*d->s) || isupper((unsigned char)*d->s))
        v = v * 36 + (isdigit((unsigned char)*d->s) ? *d->s - '0' : *d->s - 'A' + 10), d->s++;
    if (*d->s != '_') {
        d->bad = true;
        return 0;
    }
    d->s++;
    return v + 1;
}

/* N [qualifiers] <prefix names> [template args] E: a class type. */
static ParamKind nested_name(Demangler *d)
{
    d->s++; /* N */
    while (*d->s == 'K' || *d->s == 'V' || *d->s == 'r')
        d->s++;
    while (*d->s && *d->s != 'E' && !d->bad) {
        if (*d->s == 'S' && d->s[1] == 't')
            d->s += 2;
        else if (*d->s == 'S')
            d->s++, seq_id(d);
        else if (*d->s == 'I')
            template_args(d);
        else if (!source_name(d))
            d->bad = true;
        add_sub(d, PK_OTHER);
    }
    if (*d->s == 'E')
        d->s++;
    return PK_OTHER;
}

static ParamKind type(Demangler *d)
{
    char c = *d->s;
    if (!c || d->bad) {
        d->bad = true;
        return PK_UNKNOWN;
    }
    ParamKind b = builtin_kind(c);
    if (b != PK_UNKNOWN || c == 'v') {
        d->s++;
        return b;
    }
    if (c == 'D' && d->s[1]) { /* Dh: half; Dn: nullptr; others 2 letters */
        ParamKind k = d->s[1] == 'h' || d->s[1] == 'F' ? PK_FLOAT : PK_OTHER;
        d->s += 2;
        return k;
    }
    if (c == 'P' || c == 'R' || c == 'O') {
        d->s++;
        type(d);
        add_sub(d, PK_POINTER);
        return PK_POINTER;
    }
    if (c == 'K' || c == 'V' || c == 'r') {
        d->s++;
        ParamKind k = type(d);
        add_sub(d, k);
        return k;
    }
    if (c == 'S') {
        d->s++;
        if (*d->s == 't') {
            d->s++;
            source_name(d);
            add_sub(d, PK_OTHER);
            return PK_OTHER;
        }
        int i = seq_id(d);
        if (d->bad || i >= d->nsubs) {
            d->bad = true;
            return PK_UNKNOWN;
        }
        return d->subs[i];
    }
    if (c == 'T') {
        d->s++;
        int i = seq_id(d);
        return i < d->ntargs ? d->targs[i] : PK_UNKNOWN;
    }
    if (c == 'N')
        return nested_name(d);
    if (isdigit((unsigned char)c)) {
        source_name(d);
        add_sub(d, PK_OTHER);
        if (*d->s == 'I')
            template_args(d);
        return PK_OTHER;
    }
    d->bad = true;
    return PK_UNKNOWN;
}

/* _Z <name> [template args]: leaves d after the name; *templated when it
 * had template arguments (the return type is then mangled too). */
static bool function_name(Demangler *d, const char *mangled, bool *templated)
{
    memset(d, 0, sizeof *d);
    d->s = mangled;
    *templated = false;
    if (strncmp(d->s, "_Z", 2) != 0)
        return false;
    d->s += 2;
    if (*d->s == 'N') {
        d->s++;
        while (*d->s && *d->s != 'E' && !d->bad) {
            if (*d->s == 'I') {
                template_args(d);
                *templated = true;
                continue;
            }
            *templated = false;
            if (!source_name(d))
                return false;
        }
        if (*d->s != 'E')
            return false;
        d->s++;
        return !d->bad;
    }
    if (!source_name(d))
        return false;
    if (*d->s == 'I') {
        template_args(d);
        *templated = true;
    }
    return !d->bad;
}

bool ptx_demangle_name(const char *mangled, char *buf, size_t n)
{
    Demangler d;
    bool templated;
    if (!function_name(&d, mangled, &templated)) {
        if (strncmp(mangled, "_Z", 2) == 0)
            return false;
        snprintf(buf, n, "%s", mangled); /* extern "C" */
        return true;
    }
    snprintf(buf, n, "%s", d.last);
    return true;
}

bool ptx_demangle_params(const char *mangled, ParamKind *kinds, int n)
{
    Demangler d;
    bool templated;
    for (int i = 0; i < n; i++)
        kinds[i] = PK_UNKNOWN;
    if (!function_name(&d, mangled, &templated))
        return false;
    if (templated)
        type(&d); /* the return type */
    ParamKind got[256];
    int k = 0;
    while (*d.s && !d.bad && k < 256)
        got[k++] = type(&d);
    if (d.bad || (k == 1 && got[0] == PK_UNKNOWN && n == 0))
        return n == 0 && !d.bad;
    if (n == 0 && k == 1 && mangled[strlen(mangled) - 1] == 'v')
        return true; /* f(void) */
    if (k != n)
        return false;
    memcpy(kinds, got, (size_t)n * sizeof *kinds);
    return true;
}

/* ---- the parameters' names in the .cu ---- */

/* The last identifier of text[a, b): a declarator's name, past any
 * default argument (`int n = 4`) and array brackets. */
static char *declarator_name(const char *text, const char *a, const char *b)
{
    (void)text;
    const char *eq = memchr(a, '=', (size_t)(b - a));
    if (eq)
        b = eq;
    while (b > a && (isspace((unsigned char)b[-1]) || b[-1] == ']' || b[-1] == '[' || isdigit((unsigned char)b[-1])))
        b--; /* `float a[]`, `int x[4]` */
    const char *e = b;
    while (e > a && (isalnum((unsigned char)e[-1]) || e[-1] == '_'))
        e--;
    if (e == b || isdigit((unsigned char)*e))
        return NULL;
    char *name = xmalloc((size_t)(b - e) + 1);
    memcpy(name, e, (size_t)(b - e));
    name[b - e] = '\0';
    return name;
}

/* The parameter list that opens at text[open] ('('): its n names. */
static bool names_of_list(const char *text, const char *open, char **names, int n)
{
    int depth = 0, k = 0;
    const char *start = open + 1;
    for (const char *p = open; *p; p++) {
        if (*p == '(' || *p == '<' || *p == '[')
            depth++;
        else if (*p == ')' || *p == '>' || *p == ']')
            depth--;
        if ((*p == ',' && depth == 1) || depth == 0) {
            if (depth == 0 && p == open + 1 + strspn(open + 1, " \t\r\n") && n == 0)
                return true; /* () */
            char *name = k < n ? declarator_name(text, start, p) : NULL;
            if (!name) {
                for (int i = 0; i < k; i++)
                    free(names[i]);
                return false;
            }
            names[k++] = name;
            start = p + 1;
            if (depth == 0)
                break;
        }
    }
    if (k == n)
        return true;
    for (int i = 0; i < k; i++)
        free(names[i]);
    return false;
}

bool ptx_source_param_names(const char *text, const char *name, char **names, int n)
{
    bool ok = false;
    size_t len = strlen(name);
    for (const char *p = strstr(text, name); p && !ok; p = strstr(p + 1, name)) {
        if ((p > text && (isalnum((unsigned char)p[-1]) || p[-1] == '_')))
            continue;
        const char *q = p + len;
        if (*q == '<') { /* a template's explicit arguments: not a definition */
            continue;
        }
        q += strspn(q, " \t\r\n");
        if (*q != '(')
            continue;
        /* a definition of a kernel: __global__ before the name, within the statement */
        const char *s = p;
        while (s > text && s[-1] != ';' && s[-1] != '}' && s[-1] != '{')
            s--;
        const char *g = strstr(s, "__global__");
        if (!g || g > p)
            continue;
        ok = names_of_list(text, q, names, n);
    }
    return ok;
}
