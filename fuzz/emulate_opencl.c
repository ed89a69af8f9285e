/* emulate, stage 1 for OpenCL C (docs/emulate-opencl.md): the source
 * rewritten so that clang compiles it as host C++ with shim_opencl.h.
 * Three rewrites, each keeping the lines where they are:
 *   - a __local variable of a function body (`__local float t[16];`) is
 *     per-work-group memory: it becomes MK_LOCAL_VAR (static, in the shared
 *     section the runtime keeps one copy of per block), as CUDA's __shared__;
 *     a __local pointer variable is the work-item's own, and stays;
 *   - a vector literal `(float4)(a, b.xy)` becomes `mk_vec<float4>(a, b.xy)`:
 *     C++ would read it as a cast of a comma expression;
 *   - a kernel's __local pointer parameters are named "@name" to the driver,
 *     which binds them to per-group buffers (shim_launch.h). */
#define _GNU_SOURCE
#include "emulate_opencl.h"
#include "emulate_buf.h"

#include <stdbool.h>
#include <stdlib.h>
#include <string.h>


static bool ident_char(char c)
{
    return c == '_' || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9');
}

static bool is_word(const char *p, size_t n, const char *w)
{
    return strlen(w) == n && memcmp(p, w, n) == 0;
}

/* The end of the comment or literal starting at s[i], or i when none does. */
static size_t skip_opaque(const char *s, size_t n, size_t i)
{
    if (i + 1 < n && s[i] == '/' && s[i + 1] == '/') {
        while (i < n && s[i] != '\n')
            i++;
        return i;
    }
    if (i + 1 < n && s[i] == '/' && s[i + 1] == '*') {
        const char *e = strstr(s + i + 2, "*/");
        return e ? (size_t)(e - s) + 2 : n;
    }
    if (s[i] == '"' || s[i] == '\'') {
        char q = s[i++];
        while (i < n && s[i] != q && s[i] != '\n')
            i += s[i] == '\\' ? 2 : 1;
        return i < n ? i + 1 : n;
    }
    return i;
}

static size_t skip_blanks(const char *s, size_t n, size_t i)
{
    while (i < n && (s[i] == ' ' || s[i] == '\t' || s[i] == '\n' || s[i] == '\r'))
        i++;
    return i;
}

/* A vector type's name: a scalar type then 2, 3, 4, 8 or 16. */
static bool vector_type(const char *p, size_t n)
{
    static const char *const scalars[] = {"char", "uchar", "short", "ushort", "int",    "uint",
                                          "long", "ulong", "float", "double", "half"};
    static const char *const widths[] = {"2", "3", "4", "8", "16"};
    for (size_t a = 0; a < sizeof scalars / sizeof *scalars; a++) {
        size_t k = strlen(scalars[a]);
        if (n <= k || memcmp(p, scalars[a], k) != 0)
            continue;
        for (size_t b = 0; b < sizeof widths / sizeof *widths; b++)
            if (is_word(p + k, n - k, widths[b]))
                return true;
    }
    return false;
}

/* At s[i] == '(': `(TYPEn)(`?  *type, *tlen: the name; the index after
 * the second '(' in *after. */
static bool vector_literal(const char *s, size_t n, size_t i, size_t *type, size_t *tlen, size_t *after)
{
    size_t b = skip_blanks(s, n, i + 1), e = b;
    while (e < n && ident_char(s[e]))
        e++;
    if (e == b || !vector_type(s + b, e - b))
        return false;
    size_t c = skip_blanks(s, n, e);
    if (c >= n || s[c] != ')')
        return false;
    size_t o = skip_blanks(s, n, c + 1);
    if (o >= n || s[o] != '(')
        return false;
    *type = b;
    *tlen = e - b;
    *after = o + 1;
    return true;
}

/* Does the declaration from s[i] declare a pointer: a '*' outside
 * brackets before its name's end ('[', '=', ';' or ',')? */
static bool declares_pointer(const char *s, size_t n, size_t i)
{
    int depth = 0;
    for (; i < n; i++) {
        char c = s[i];
        if (c == '(')
            depth++;
        else if (c == ')')
            depth--;
        else if (depth == 0 && (c == '[' || c == '=' || c == ';' || c == ','))
            return false;
        else if (c == '*')
            return true;
    }
    return false;
}

/* Attributes clang takes on OpenCL kernels only: C++ refuses them (the
 * launch reads reqd_work_group_size itself, as `check` does). */
static bool opencl_attribute(const char *p, size_t n)
{
    static const char *const names[] = {"reqd_work_group_size", "work_group_size_hint", "vec_type_hint",
                                        "intel_reqd_sub_group_size", "nosvm"};
    for (size_t i = 0; i < sizeof names / sizeof *names; i++)
        if (is_word(p, n, names[i]))
            return true;
    return false;
}

/* Past the parenthesized arguments from s[i] (if any); their newlines
 * are kept in o. */
static size_t skip_arguments(const char *s, size_t n, size_t i, Buf *o)
{
    size_t j = skip_blanks(s, n, i);
    if (j >= n || s[j] != '(')
        return i;
    int depth = 0;
    for (; j < n; j++) {
        if (s[j] == '\n')
            buf_add(o, "\n", 1);
        depth += s[j] == '(';
        depth -= s[j] == ')';
        if (depth == 0)
            return j + 1;
    }
    return n;
}

char *emu_opencl_rewrite(const char *text, size_t len, size_t *out_len)
{
    Buf o = {0};
    buf_add(&o, "", 0);
    int braces = 0;
    char last = ';'; /* the last significant character: a statement starts after ; { } */
    for (size_t i = 0; i < len;) {
        size_t j = skip_opaque(text, len, i);
        if (j != i) {
            buf_add(&o, text + i, j - i);
            i = j;
            continue;
        }
        char c = text[i];
        size_t type, tlen, after;
        if (c == '(' && vector_literal(text, len, i, &type, &tlen, &after)) {
            buf_add(&o, "mk_vec<", 7);
            buf_add(&o, text + type, tlen);
            buf_add(&o, ">(", 2);
            for (size_t k = i; k < after; k++) /* keep the newlines inside */
                if (text[k] == '\n')
                    buf_add(&o, "\n", 1);
            i = after;
            last = '(';
            continue;
        }
        if (ident_char(c) && (i == 0 || !ident_char(text[i - 1]))) {
            size_t e = i;
            while (e < len && ident_char(text[e]))
                e++;
            bool local = is_word(text + i, e - i, "__local") || is_word(text + i, e - i, "local");
            if (opencl_attribute(text + i, e - i)) {
                buf_add(&o, "unused", 6);
                i = skip_arguments(text, len, e, &o);
                last = 'a';
                continue;
            }
            if (local && braces > 0 && (last == ';' || last == '{' || last == '}') &&
                !declares_pointer(text, len, e))
                buf_add(&o, "MK_LOCAL_VAR", 12);
            else
                buf_add(&o, text + i, e - i);
            i = e;
            last = 'a';
            continue;
        }
        if (c == '{')
            braces++;
        else if (c == '}')
            braces--;
        if (c != ' ' && c != '\t' && c != '\n' && c != '\r')
            last = c;
        /* a preprocessor line ends a statement too */
        if (c == '\n' && last == 'a' && i + 1 < len && text[skip_blanks(text, len, i + 1)] == '#')
            last = ';';
        buf_add(&o, text + i, 1);
        i++;
    }
    *out_len = o.n;
    return o.s;
}

/* The parameter list of kernel `name`: the index of its '(' in text, or -1.
 * A kernel returns void: `void name (` names its definition. */
static long kernel_params(const char *text, const char *name)
{
    size_t n = strlen(text), k = strlen(name);
    for (const char *p = strstr(text, name); p; p = strstr(p + 1, name)) {
        size_t at = (size_t)(p - text);
        if ((at > 0 && ident_char(text[at - 1])) || ident_char(text[at + k]))
            continue;
        size_t open = skip_blanks(text, n, at + k);
        if (open >= n || text[open] != '(')
            continue;
        size_t b = at;
        while (b > 0 && (text[b - 1] == ' ' || text[b - 1] == '\t' || text[b - 1] == '\n'))
            b--;
        if (b >= 4 && memcmp(text + b - 4, "void", 4) == 0 && (b == 4 || !ident_char(text[b - 5])))
            return (long)open;
    }
    return -1;
}

char *emu_opencl_param_names(const char *text, const char *kernel)
{
    Buf o = {0};
    buf_add(&o, "", 0);
    long open = kernel_params(text, kernel);
    if (open < 0)
        return o.s;
    size_t n = strlen(text);
    int depth = 0;
    bool local = false, first = true, named = false;
    size_t last_b = 0, last_e = 0;
    for (size_t i = (size_t)open + 1; i < n; i++) {
        size_t j = skip_opaque(text, n, i);
        if (j != i) {
            i = j - 1;
            continue;
        }
        char c = text[i];
        if (depth == 0 && (c == ',' || c == ')')) {
            if (last_e > last_b && !is_word(text + last_b, last_e - last_b, "void")) {
                if (!first)
                    buf_add(&o, ",", 1);
                if (local)
                    buf_add(&o, "@", 1);
                buf_add(&o, text + last_b, last_e - last_b);
                first = false;
            }
            last_b = last_e = 0;
            local = named = false;
            if (c == ')')
                break;
            continue;
        }
        /* int (*A)[16]: the name is the declarator's, inside the parentheses */
        if (depth == 0 && c == '(' && !named) {
            size_t j2 = skip_blanks(text, n, i + 1);
            if (j2 < n && text[j2] == '*') {
                size_t b = skip_blanks(text, n, j2 + 1), e = b;
                while (e < n && ident_char(text[e]))
                    e++;
                if (e > b) {
                    last_b = b;
                    last_e = e;
                    named = true;
                }
            }
        }
        if (c == '(' || c == '[')
            depth++;
        else if (c == ')' || c == ']')
            depth--;
        else if (depth == 0 && ident_char(c) && !ident_char(text[i - 1])) {
            size_t e = i;
            while (e < n && ident_char(text[e]))
                e++;
            local |= is_word(text + i, e - i, "__local") || is_word(text + i, e - i, "local");
            if (!named) {
                last_b = i;
                last_e = e;
            }
            i = e - 1;
        }
    }
    return o.s;
}
