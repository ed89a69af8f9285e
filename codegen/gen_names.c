/* Safe, deterministic C names for protocol identifiers (docs/codegen.md, "Names";
 * [VST Sec. 6] on unknowns renamed every round). */
#include "internal.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* C and C++ keywords, CUDA's built-ins, and the names the generated text
 * calls or that headers nvcc includes define as macros: a program name
 * spelled like one of these would change what the text means. */
static const char *const reserved[] = {
    /* C++20 and C keywords */
    "alignas", "alignof", "and", "and_eq", "asm", "auto", "bitand", "bitor", "bool", "break",
    "case", "catch", "char", "char8_t", "char16_t", "char32_t", "class", "compl", "concept",
    "const", "consteval", "constexpr", "constinit", "const_cast", "continue", "co_await",
    "co_return", "co_yield", "decltype", "default", "delete", "do", "double", "dynamic_cast",
    "else", "enum", "explicit", "export", "extern", "false", "final", "float", "for", "friend",
    "goto", "if", "import", "inline", "int", "long", "module", "mutable", "namespace", "new",
    "noexcept", "not", "not_eq", "nullptr", "operator", "or", "or_eq", "override", "private",
    "protected", "public", "register", "reinterpret_cast", "requires", "restrict", "return",
    "short", "signed", "sizeof", "static", "static_assert", "static_cast", "struct", "switch",
    "template", "this", "thread_local", "throw", "true", "try", "typedef", "typeid", "typename",
    "union", "unsigned", "using", "virtual", "void", "volatile", "wchar_t", "while", "xor",
    "xor_eq", "main", "std",
    /* CUDA built-ins, types and functions the generated text uses */
    "threadIdx", "blockIdx", "blockDim", "gridDim", "warpSize", "dim3", "uint3", "size_t",
    "ptrdiff_t", "atomicAdd", "atomicSub", "atomicExch", "atomicMin", "atomicMax", "atomicInc",
    "atomicDec", "atomicCAS", "atomicAnd", "atomicOr", "atomicXor", "min", "max", "printf",
    "malloc", "free", "memset", "memcpy", "cudaMalloc", "cudaMemset", "cudaFree",
    "cudaDeviceSynchronize", "cudaGetErrorString", "cudaGetLastError", "cudaSuccess",
    "cudaError_t", "clock", "clock64", "texture", "surface",
    /* macros of the standard headers nvcc includes */
    "NULL", "EOF", "assert", "errno", "offsetof", "stdin", "stdout", "stderr", "INFINITY",
    "NAN", "HUGE_VAL", "RAND_MAX", "EXIT_SUCCESS", "EXIT_FAILURE", "CHAR_BIT", "INT_MAX",
    "INT_MIN", "UINT_MAX", "LONG_MAX", "LONG_MIN", "ULONG_MAX", "LLONG_MAX", "LLONG_MIN",
    "ULLONG_MAX", "SHRT_MAX", "SCHAR_MAX", "UCHAR_MAX", "FLT_MAX", "DBL_MAX", "MB_LEN_MAX",
    "va_start", "va_end", "va_arg", "va_list", "isnan", "isinf", "isfinite", "signbit",
    "fpclassify", "unix", "linux",
    /* math functions: a kernel of that name would overload them */
    "abs", "fabs", "exp", "exp2", "log", "log2", "log10", "pow", "sqrt", "rsqrt", "cbrt",
    "sin", "cos", "tan", "asin", "acos", "atan", "atan2", "sinh", "cosh", "tanh", "floor",
    "ceil", "round", "trunc", "fmod", "fmin", "fmax", "fma", "hypot", "erf", "lgamma",
    "tgamma", "ldexp", "frexp", "modf", "nan", "abort", "exit", "rand", "srand", "time",
    NULL,
};

bool names_is_reserved(const char *s)
{
    if (strncmp(s, "MAPKIT_", 7) == 0)
        return true;
    for (const char *const *r = reserved; *r; r++)
        if (strcmp(*r, s) == 0)
            return true;
    return is_c_type_word(s) || gen_opencl_reserved(s);
}

static bool valid_c_identifier(const char *s)
{
    if (!isalpha((unsigned char)s[0]) && s[0] != '_')
        return false;
    for (; *s; s++)
        if (!isalnum((unsigned char)*s) && *s != '_')
            return false;
    return true;
}

/* Reserved to the implementation by C and C++ (and used by our own names). */
static bool reserved_spelling(const char *s)
{
    return (s[0] == '_' && (s[1] == '_' || isupper((unsigned char)s[1]))) ||
           !isalpha((unsigned char)s[0]);
}

static bool needs_rename(Names *n, const char *s)
{
    return !valid_c_identifier(s) || reserved_spelling(s) || names_is_reserved(s) ||
           strmap_get(&n->type_words, s);
}

static char *append_char(char *s, char c)
{
    size_t len = strlen(s);
    s = xrealloc(s, len + 2);
    s[len] = c;
    s[len + 1] = '\0';
    return s;
}

/* Invalid characters become `_`; a reserved start gets a `u` before it;
 * a keyword or type word gets `_` after it. */
static char *sanitize(const char *s, bool avoid_type_words, Names *n)
{
    size_t len = strlen(s);
    char *out = xmalloc(len + 3);
    char *p = out;
    bool bad_start = reserved_spelling(s) || (len && !isalpha((unsigned char)s[0]) && s[0] != '_');
    if (bad_start)
        *p++ = 'u';
    for (size_t i = 0; i < len; i++)
        *p++ = isalnum((unsigned char)s[i]) || s[i] == '_' ? s[i] : '_';
    *p = '\0';
    if (names_is_reserved(out) || (avoid_type_words && strmap_get(&n->type_words, out)))
        out = append_char(out, '_');
    return out;
}

/* A fresh C name for s (avoid_type_words: s is a variable, not a type). */
static const char *assign(Names *n, const char *key, const char *s, bool avoid_type_words)
{
    const char *done = strmap_get(&n->renamed, key);
    if (done)
        return done;
    if (!needs_rename(n, s) || (!avoid_type_words && valid_c_identifier(s) &&
                                !reserved_spelling(s) && !names_is_reserved(s))) {
        strmap_put(&n->used, s, "");
        return strmap_put(&n->renamed, key, s);
    }
    char *c = sanitize(s, avoid_type_words, n);
    while (strmap_get(&n->used, c) || (avoid_type_words && strmap_get(&n->type_words, c)))
        c = append_char(c, '_');
    strmap_put(&n->used, c, "");
    const char *r = strmap_put(&n->renamed, key, c);
    free(c);
    return r;
}

const char *names_c(Names *n, const char *proto_name)
{
    return assign(n, proto_name, proto_name, true);
}

const char *names_type(Names *n, const char *proto_name)
{
    size_t len = strlen(proto_name);
    char *key = xmalloc(len + 3);
    memcpy(key, "\1t", 2);
    memcpy(key + 2, proto_name, len + 1);
    const char *r = assign(n, key, proto_name, false);
    free(key);
    return r;
}

const char *names_sym(Names *n, const Sym *s)
{
    return s->builtin != BI_NONE ? s->name : names_c(n, s->name);
}

const char *names_generated(Names *n, const char *key, const char *prefix, const char *base)
{
    const char *done = strmap_get(&n->generated, key);
    if (done)
        return done;
    char *name = xmalloc(strlen(prefix) + strlen(base) + 1);
    strcpy(name, prefix);
    strcat(name, base);
    while (strmap_get(&n->gen_used, name))
        name = append_char(name, '_');
    strmap_put(&n->gen_used, name, "");
    const char *r = strmap_put(&n->generated, key, name);
    free(name);
    return r;
}

static const char *entity(Names *n, const char *kind, const char *cname, const char *type,
                          const char *prefix, const char *suffix)
{
    size_t len = strlen(kind) + strlen(cname) + strlen(type) + 3;
    char *key = xmalloc(len);
    snprintf(key, len, "%s\1%s\1%s", kind, cname, type);
    char *base = xmalloc(strlen(cname) + strlen(suffix) + 1);
    strcpy(base, cname);
    strcat(base, suffix);
    const char *r = names_generated(n, key, prefix, base);
    free(key);
    free(base);
    return r;
}

const char *names_write_fn(Names *n, const char *array, const char *type)
{
    return entity(n, "w", array, type, "__dummy", "_w");
}

const char *names_read_var(Names *n, const char *array, const char *type)
{
    return entity(n, "r", array, type, "__dummy", "");
}

const char *names_unknown_fn(Names *n, const char *var)
{
    return entity(n, "u", var, "", "__unknown_", "");
}

const char *names_shared_unknown_fn(Names *n, const char *var, ShareGroup g)
{
    return g == GROUP_GRID ? entity(n, "g", var, "", "__grid_unknown_", "")
                           : entity(n, "b", var, "", "__block_unknown_", "");
}

const char *names_local_fn(Names *n, const char *var)
{
    return entity(n, "l", var, "", "__local_", "");
}

const char *names_alias(Names *n, const char *name, const char *suffix)
{
    char *c = xmalloc(strlen(name) + strlen(suffix) + 1);
    strcpy(c, name);
    strcat(c, suffix);
    while (strmap_get(&n->used, c) || strmap_get(&n->gen_used, c))
        c = append_char(c, '_');
    strmap_put(&n->used, c, "");
    const char *r = strmap_put(&n->renamed, c, c);
    free(c);
    return r;
}

/* ---- the program's names, in order of appearance ---- */

static void note_type_words(Names *n, const Kernel *k)
{
    for (int i = 0; i < k->narrays; i++) {
        char *user = elem_user_type_name(k->arrays[i].elem_type);
        if (user)
            strmap_put(&n->type_words, user, "");
        free(user);
    }
}

static void note_used(Names *n, const Kernel *k)
{
    strmap_put(&n->used, k->name, "");
    for (int i = 0; i < k->nsyms; i++)
        if (k->syms[i]->builtin == BI_NONE)
            strmap_put(&n->used, k->syms[i]->name, "");
}

static void assign_types(Names *n, const Kernel *k)
{
    for (int i = 0; i < k->narrays; i++) {
        char *user = elem_user_type_name(k->arrays[i].elem_type);
        if (user)
            names_type(n, user);
        free(user);
    }
}

static void assign_symbols(Names *n, const Kernel *k)
{
    names_c(n, k->name);
    for (int i = 0; i < k->nsyms; i++)
        names_sym(n, k->syms[i]);
}

void names_init(Names *n, const Program *p)
{
    strmap_init(&n->used);
    strmap_init(&n->renamed);
    strmap_init(&n->type_words);
    strmap_init(&n->generated);
    strmap_init(&n->gen_used);
    for (int i = 0; i < p->nkernels; i++) {
        note_type_words(n, p->kernels[i]);
        note_used(n, p->kernels[i]);
    }
    /* user types first: a variable named like one is the one renamed */
    for (int i = 0; i < p->nkernels; i++)
        assign_types(n, p->kernels[i]);
    for (int i = 0; i < p->nkernels; i++)
        assign_symbols(n, p->kernels[i]);
}

void names_free(Names *n)
{
    strmap_free(&n->used);
    strmap_free(&n->renamed);
    strmap_free(&n->type_words);
    strmap_free(&n->generated);
    strmap_free(&n->gen_used);
}
