/* The byte widths of element types (docs/language.md 3.3): the one table
 * that says how many bytes a cell of a typed array covers, so that cell
 * accesses and byte accesses of one array meet on bytes. */
#include "ast.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
    const char *name;
    int bytes;
} BaseWidth;

/* The scalar types of CUDA and OpenCL, after qualifiers are dropped; the
 * vector types are these followed by their lane count (float4, uint2). */
static const BaseWidth base_widths[] = {
    {"char", 1},    {"bool", 1},      {"uchar", 1},    {"int8_t", 1},   {"uint8_t", 1},  {"__nv_bool", 1},
    {"short", 2},   {"ushort", 2},    {"half", 2},     {"__half", 2},   {"int16_t", 2},  {"uint16_t", 2},
    {"__nv_bfloat16", 2}, {"__half2", 4}, {"half2", 4},
    {"int", 4},     {"unsigned", 4},  {"uint", 4},     {"float", 4},    {"int32_t", 4},  {"uint32_t", 4},
    {"double", 8},  {"size_t", 8},    {"ptrdiff_t", 8}, {"int64_t", 8}, {"uint64_t", 8}, {"long", 8},
    {"ulong", 8},   {"longlong", 8},  {"ulonglong", 8}, {"intptr_t", 8}, {"uintptr_t", 8},
};

/* Words that change neither the width nor the kind of a type. */
static bool is_qualifier(const char *w, size_t n)
{
    static const char *const quals[] = {"const", "volatile", "signed", "__restrict__", "restrict",
                                        "__shared__", "__device__", "__constant__", "__local", "__global",
                                        "local", "global", "struct"};
    for (size_t i = 0; i < sizeof quals / sizeof quals[0]; i++)
        if (strlen(quals[i]) == n && strncmp(quals[i], w, n) == 0)
            return true;
    return false;
}

static int base_width(const char *w, size_t n)
{
    for (size_t i = 0; i < sizeof base_widths / sizeof base_widths[0]; i++)
        if (strlen(base_widths[i].name) == n && strncmp(base_widths[i].name, w, n) == 0)
            return base_widths[i].bytes;
    return 0;
}

/* float4, uint2, char16: a base type followed by its lane count. */
static int word_width(const char *w, size_t n)
{
    int plain = base_width(w, n);
    if (plain)
        return plain;
    size_t digits = 0;
    while (digits < n && isdigit((unsigned char)w[n - 1 - digits]))
        digits++;
    if (digits == 0 || digits == n)
        return 0;
    int lanes = atoi(w + n - digits);
    int lane = base_width(w, n - digits);
    return lane && (lanes == 1 || lanes == 2 || lanes == 3 || lanes == 4 || lanes == 8 || lanes == 16)
               ? lane * (lanes == 3 ? 4 : lanes) /* a 3-vector is padded to 4 in memory */
               : 0;
}

int elem_width(const char *type)
{
    if (!type)
        return 0;
    int width = 0, longs = 0, words = 0;
    bool is_unsigned = false;
    for (const char *p = type; *p;) {
        while (*p == ' ')
            p++;
        const char *w = p;
        while (*p && *p != ' ')
            p++;
        size_t n = (size_t)(p - w);
        if (n == 0 || is_qualifier(w, n))
            continue;
        if (n == 8 && strncmp(w, "unsigned", 8) == 0) {
            is_unsigned = true;
            continue;
        }
        if (n == 4 && strncmp(w, "long", 4) == 0) {
            longs++;
            continue;
        }
        words++;
        width = word_width(w, n);
    }
    if (words > 1)
        return 0;
    if (longs > 0) /* long, long long, long int: 8 bytes on CUDA's 64-bit targets; long double is not known */
        return words == 0 || width == 4 ? 8 : 0;
    if (words == 0)
        return is_unsigned ? 4 : 0;
    return width;
}

bool elem_is_integer(const char *type)
{
    int w = elem_width(type);
    size_t n = type ? strlen(type) : 0;
    return w >= 1 && w <= 8 && !isdigit((unsigned char)type[n - 1]) && !strstr(type, "float") &&
           !strstr(type, "double") && !strstr(type, "half") && !strstr(type, "bool");
}

bool elem_is_unsigned(const char *type)
{
    static const char *const prefixes[] = {"unsigned", "uint", "uchar", "ushort", "ulong", "size_t"};
    for (size_t i = 0; type && i < sizeof prefixes / sizeof *prefixes; i++)
        if (strncmp(type, prefixes[i], strlen(prefixes[i])) == 0)
            return true;
    return false;
}

const char *array_fact_problem(const ArrayDecl *d)
{
    if (d->mem != MEM_GLOBAL)
        return "a shared array is each block's own";
    if (d->ndims != 1)
        return "it is not one-dimensional";
    if (!elem_is_integer(d->elem_type) || d->width)
        return "its elements are not integers";
    return NULL;
}

bool access_is_bytes(const Stmt *s)
{
    return s->kind == S_ACCESS && s->u.access.byte_off != NULL;
}

bool access_writes(const Stmt *s)
{
    return s->u.access.mode == ACC_WR || (s->u.access.mode == ACC_ATOMIC && !s->u.access.load);
}
