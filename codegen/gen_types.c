/* Element types of generated arrays ([VST Sec. 6]: user-defined types
 * must not be dropped, so unknown ones get an empty struct). */
#include "internal.h"

#include <stdlib.h>
#include <string.h>

static const char *const c_type_words[] = {
    "char", "short", "int", "long", "float", "double", "bool", "signed", "unsigned",
    "const", "volatile", "dim3", "size_t", NULL,
};

static const char *const vector_stems[] = {
    "char", "uchar", "short", "ushort", "int", "uint", "long", "ulong",
    "longlong", "ulonglong", "float", "double", NULL,
};

static bool in_list(const char *const *list, const char *w)
{
    for (; *list; list++)
        if (strcmp(*list, w) == 0)
            return true;
    return false;
}

/* float4, uint2, ...: CUDA's vector types. */
static bool is_vector_type(const char *w)
{
    size_t n = strlen(w);
    if (n < 2 || w[n - 1] < '1' || w[n - 1] > '4')
        return false;
    for (const char *const *s = vector_stems; *s; s++)
        if (strlen(*s) == n - 1 && strncmp(*s, w, n - 1) == 0)
            return true;
    return false;
}

bool is_c_type_word(const char *w)
{
    return in_list(c_type_words, w) || is_vector_type(w);
}

static bool is_qualifier(const char *w)
{
    return strcmp(w, "const") == 0 || strcmp(w, "volatile") == 0;
}

/* The words of a type spelling, split at blanks; *n gets the count. */
static char **split_words(const char *spelling, int *n)
{
    char **words = NULL;
    int count = 0;
    const char *p = spelling;
    while (*p) {
        while (*p == ' ')
            p++;
        const char *start = p;
        while (*p && *p != ' ')
            p++;
        if (p > start) {
            VEC_GROW(words, count, count + 1);
            words[count] = xmalloc((size_t)(p - start) + 1);
            memcpy(words[count], start, (size_t)(p - start));
            words[count][p - start] = '\0';
            count++;
        }
    }
    *n = count;
    return words;
}

static void free_words(char **words, int n)
{
    for (int i = 0; i < n; i++)
        free(words[i]);
    free(words);
}

typedef struct Counts {
    int sign, shorts, longs, base, other;
    const char *base_word;
} Counts;

/* Is this combination of C type words (qualifiers removed) one C accepts
 * on a device?  `long double` is not: devices have no such type. */
static bool valid_builtin(char **words, int n)
{
    Counts c = {0};
    for (int i = 0; i < n; i++) {
        const char *w = words[i];
        if (is_qualifier(w))
            continue;
        if (!strcmp(w, "signed") || !strcmp(w, "unsigned"))
            c.sign++;
        else if (!strcmp(w, "short"))
            c.shorts++;
        else if (!strcmp(w, "long"))
            c.longs++;
        else if (!strcmp(w, "char") || !strcmp(w, "int") || !strcmp(w, "float") ||
                 !strcmp(w, "double") || !strcmp(w, "bool"))
            c.base++, c.base_word = w;
        else
            c.other++; /* float4, dim3, size_t: only alone */
    }
    if (c.other)
        return c.other == 1 && c.sign + c.shorts + c.longs + c.base == 0;
    if (c.sign > 1 || c.shorts > 1 || c.longs > 2 || c.base > 1 || (c.shorts && c.longs))
        return false;
    if (c.sign + c.shorts + c.longs + c.base == 0)
        return false;
    if (c.base_word && strcmp(c.base_word, "int") != 0)
        return c.sign + c.shorts + c.longs == 0 || (!strcmp(c.base_word, "char") && !c.shorts && !c.longs);
    return true;
}

static bool all_type_words(char **words, int n)
{
    for (int i = 0; i < n; i++)
        if (!is_c_type_word(words[i]))
            return false;
    return true;
}

/* Joins the words that are not qualifiers with sep. */
static char *join(char **words, int n, const char *sep, bool keep_qualifiers)
{
    size_t len = 1;
    for (int i = 0; i < n; i++)
        len += strlen(words[i]) + strlen(sep);
    char *s = xmalloc(len);
    s[0] = '\0';
    for (int i = 0; i < n; i++) {
        if (!keep_qualifiers && is_qualifier(words[i]))
            continue;
        if (s[0])
            strcat(s, sep);
        strcat(s, words[i]);
    }
    return s;
}

static bool has_word(char **words, int n, const char *w)
{
    for (int i = 0; i < n; i++)
        if (strcmp(words[i], w) == 0)
            return true;
    return false;
}

/* The protocol name of a user type (its words joined by `_`), or NULL for
 * a C or CUDA type. */
char *elem_user_type_name(const char *spelling)
{
    if (!spelling)
        return NULL;
    int n;
    char **words = split_words(spelling, &n);
    char *name = NULL;
    if (!(all_type_words(words, n) && valid_builtin(words, n))) {
        name = join(words, n, "_", false);
        if (!name[0]) { /* only qualifiers: `const` alone */
            free(name);
            name = join(words, n, "_", true);
        }
    }
    free_words(words, n);
    return name;
}

static AtomicKind atomic_kind(const char *value)
{
    static const struct {
        const char *type;
        AtomicKind kind;
    } table[] = {
        {"int", ATOM_INT}, {"signed", ATOM_INT}, {"signed int", ATOM_INT},
        {"unsigned", ATOM_UINT}, {"unsigned int", ATOM_UINT},
        {"unsigned long long", ATOM_ULL}, {"unsigned long long int", ATOM_ULL},
        {"float", ATOM_FLOAT}, {"double", ATOM_DOUBLE},
    };
    for (size_t i = 0; i < sizeof table / sizeof *table; i++)
        if (strcmp(table[i].type, value) == 0)
            return table[i].kind;
    return ATOM_CAST;
}

static char *dup(const char *s)
{
    size_t n = strlen(s) + 1;
    return memcpy(xmalloc(n), s, n);
}

void elem_type_init(ElemType *t, const char *spelling, Names *names)
{
    memset(t, 0, sizeof *t);
    if (!spelling)
        spelling = "int";
    int n;
    char **words = split_words(spelling, &n);
    /* const is dropped: the generated kernel writes the arrays */
    bool is_volatile = has_word(words, n, "volatile");
    char *user = elem_user_type_name(spelling);
    if (user) {
        t->value = dup(names_type(names, user));
        t->user_struct = dup(t->value);
        free(user);
    } else {
        t->value = join(words, n, " ", false);
    }
    if (is_volatile) {
        t->decl = xmalloc(strlen(t->value) + sizeof "volatile ");
        strcpy(t->decl, "volatile ");
        strcat(t->decl, t->value);
        t->atomic = ATOM_CAST;
    } else {
        t->decl = dup(t->value);
        t->atomic = user ? ATOM_CAST : atomic_kind(t->value);
    }
    free_words(words, n);
}

void elem_type_free(ElemType *t)
{
    free(t->decl);
    free(t->value);
    free(t->user_struct);
    memset(t, 0, sizeof *t);
}
