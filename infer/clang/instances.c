/* A kernel template's instantiations (docs/inference.md, "Templates
 * instantiated"): which specializations the file launches or names, and
 * the value each non-type parameter takes in them.  A parameter that
 * every instantiation gives the same value is pinned (tparams.c assumes
 * it); without one, or when they disagree, it stays an unknown uniform.
 *
 * Instantiations are read from launches and other references
 * (`k<256><<<g, b>>>(...)`, `&k<256>`), whose specialisation libclang
 * exposes, and from explicit instantiations (`template __global__ void
 * k<256>(...);`), which libclang does not visit: those are read from the
 * tokens, and an argument that is not a literal is unknown.
 *
 * Ownership: lists and names returned are malloc'd for the caller. */
#include "instances.h"

#include "ast.h"

#include <ctype.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static bool is_template_param(CXCursor c);

/* One instantiation: the value of each template parameter, by position. */
typedef struct Instance {
    int64_t vals[MAX_TEMPLATE_PARAMS];
    bool known[MAX_TEMPLATE_PARAMS];
    unsigned first_tok[MAX_TEMPLATE_PARAMS], ntok[MAX_TEMPLATE_PARAMS]; /* as written, when read from tokens */
    /* a type argument: its spelling (canonical, or as written) and its
     * size in bytes (0: unknown, or no type) */
    char type[MAX_TEMPLATE_PARAMS][MAX_TYPE_SPELLING];
    int type_bytes[MAX_TEMPLATE_PARAMS];
    /* a type argument as C++ spells it, declarable or not (`neighbour_t<true>`):
     * clang's canonical spelling of a specialization's, else empty */
    char cxx[MAX_TEMPLATE_PARAMS][MAX_CXX_SPELLING];
} Instance;

typedef struct Tokens {
    CXTranslationUnit tu;
    CXToken *t;
    unsigned n;
} Tokens;

static bool tok_is(const Tokens *tk, unsigned i, const char *s);

typedef struct Instances {
    Instance *v;
    int n, cap;
    CXCursor *specs; /* the specializations referenced, each once */
    int nspecs, capspecs;
    CXString usr; /* the template's */
    CXFile main_file;
    CXTranslationUnit tu;
    CXFile tu_file; /* the .cu parsed */
    CXCursor host;  /* the host function template being visited, or null */
    int depth;      /* host templates followed to get here */
} Instances;

enum { MAX_HOST_TEMPLATE_DEPTH = 2 };

static Instances collect_instances_at(CXTranslationUnit tu, CXFile file, CXCursor fn, int depth);
static void instances_free(Instances *is);

static bool same_usr(CXCursor c, CXString usr)
{
    CXString u = clang_getCursorUSR(c);
    bool same = strcmp(clang_getCString(u), clang_getCString(usr)) == 0;
    clang_disposeString(u);
    return same;
}

CXCursor template_param_at(CXCursor tmpl, int pos)
{
    Children ch = children_of(tmpl);
    CXCursor out = clang_getNullCursor();
    for (int i = 0, k = 0; i < ch.n && clang_Cursor_isNull(out); i++)
        if (is_template_param(ch.c[i]) && k++ == pos)
            out = ch.c[i];
    free(ch.c);
    return out;
}

int64_t template_arg_value(CXCursor spec, int i)
{
    CXCursor param = template_param_at(clang_getSpecializedCursorTemplate(spec), i);
    if (!clang_Cursor_isNull(param) && type_is_unsigned(clang_getCursorType(param))) /* bool true is 1, not -1 */
        return (int64_t)clang_Cursor_getTemplateArgumentUnsignedValue(spec, (unsigned)i);
    return clang_Cursor_getTemplateArgumentValue(spec, (unsigned)i);
}

/* A spelling a protocol can declare an array with: words of identifier
 * characters (`unsigned int`, `float4`, `Pair`), no pointer, no
 * qualified or templated name. */
static bool declarable(const char *text)
{
    if (!text || !*text || strlen(text) >= MAX_TYPE_SPELLING)
        return false;
    for (const char *c = text; *c; c++)
        if (!isalnum((unsigned char)*c) && *c != '_' && *c != ' ')
            return false;
    return true;
}

/* A specialization's type argument t at position i: clang's spelling and
 * size. */
static void spec_type_arg(Instance *inst, int i, CXType t)
{
    CXString sp = clang_getTypeSpelling(t);
    const char *text = clang_getCString(sp);
    long long size = clang_Type_getSizeOf(t);
    if (declarable(text) && size > 0 && size <= INT32_MAX) {
        strcpy(inst->type[i], text);
        inst->type_bytes[i] = (int)size;
    }
    if (text && strlen(text) < MAX_CXX_SPELLING && !strstr(text, "(anonymous") && !strstr(text, "(lambda"))
        strcpy(inst->cxx[i], text);
    clang_disposeString(sp);
}

static void add_specialization(Instances *is, CXCursor spec)
{
    bool seen = false;
    for (int i = 0; i < is->nspecs && !seen; i++)
        seen = clang_equalCursors(is->specs[i], spec);
    if (!seen)
        VEC_PUSH(is->specs, is->nspecs, is->capspecs, spec);
    Instance inst;
    memset(&inst, 0, sizeof inst);
    int n = clang_Cursor_getNumTemplateArguments(spec);
    for (int i = 0; i < n && i < MAX_TEMPLATE_PARAMS; i++) {
        if (clang_Cursor_getTemplateArgumentKind(spec, (unsigned)i) == CXTemplateArgumentKind_Type)
            spec_type_arg(&inst, i,
                          clang_getUnqualifiedType(clang_getCanonicalType(clang_Cursor_getTemplateArgumentType(spec, (unsigned)i))));
        if (clang_Cursor_getTemplateArgumentKind(spec, (unsigned)i) != CXTemplateArgumentKind_Integral)
            continue;
        inst.vals[i] = template_arg_value(spec, i);
        inst.known[i] = true;
    }
    VEC_PUSH(is->v, is->n, is->cap, inst);
}

static unsigned read_args(const Tokens *tk, unsigned i, Instance *inst);

/* `k<T, 256><<<g, b>>>(...)` in a host function template: clang leaves the
 * reference dependent (an OverloadedDeclRef among the DeclRefExpr's
 * children) and instantiates nothing we can see, so the arguments are read
 * from the tokens as written: a literal is known, anything else (`T`, a
 * parameter of the host template) is not.  Is c such a reference to the
 * template? */
/* The position of the host template's parameter spelled like token k, or -1. */
static int host_param_named(const Instances *is, const Tokens *tk, unsigned k)
{
    if (clang_Cursor_isNull(is->host) || clang_getTokenKind(tk->t[k]) != CXToken_Identifier)
        return -1;
    CXString sp = clang_getTokenSpelling(tk->tu, tk->t[k]);
    int found = -1;
    for (int pos = 0; pos < MAX_TEMPLATE_PARAMS && found < 0; pos++) {
        CXCursor p = template_param_at(is->host, pos);
        if (clang_Cursor_isNull(p))
            break;
        if (cursor_name_is(p, clang_getCString(sp)))
            found = pos;
    }
    clang_disposeString(sp);
    return found;
}

/* `k<T, vecT, blockSize><<<...>>>` inside `template <class T, class vecT,
 * int blockSize> void launch(...)`: an argument that is a parameter of the
 * host template takes each of the host template's own instantiations
 * (`template void launch<float, float4, 256>(...);`, or its calls), one
 * instance each; with none found it stays unknown. */
static void add_through_host(Instances *is, const Tokens *tk, const Instance *written)
{
    int from_host[MAX_TEMPLATE_PARAMS];
    bool any = false;
    for (int a = 0; a < MAX_TEMPLATE_PARAMS; a++) {
        from_host[a] = -1;
        if (!written->known[a] && written->ntok[a] == 1)
            from_host[a] = host_param_named(is, tk, written->first_tok[a]);
        any |= from_host[a] >= 0;
    }
    if (!any || is->depth >= MAX_HOST_TEMPLATE_DEPTH) {
        VEC_PUSH(is->v, is->n, is->cap, *written);
        return;
    }
    CXFile host_file; /* its explicit instantiations are written next to it */
    clang_getExpansionLocation(clang_getCursorLocation(is->host), &host_file, NULL, NULL, NULL);
    Instances hosts = collect_instances_at(is->tu, host_file, is->host, is->depth + 1);
    for (int h = 0; h < hosts.n; h++) {
        Instance inst = *written;
        for (int a = 0; a < MAX_TEMPLATE_PARAMS; a++)
            if (from_host[a] >= 0) {
                inst.known[a] = hosts.v[h].known[from_host[a]];
                inst.vals[a] = hosts.v[h].vals[from_host[a]];
            }
        VEC_PUSH(is->v, is->n, is->cap, inst);
    }
    if (hosts.n == 0)
        VEC_PUSH(is->v, is->n, is->cap, *written);
    instances_free(&hosts);
}

static bool dependent_reference(Instances *is, CXCursor c)
{
    CXCursor ov = child_at(c, 0);
    if (clang_getCursorKind(ov) != CXCursor_OverloadedDeclRef)
        return false;
    bool mine = false;
    for (unsigned i = 0; i < clang_getNumOverloadedDecls(ov) && !mine; i++)
        mine = same_usr(clang_getOverloadedDecl(ov, i), is->usr);
    if (!mine)
        return false;
    Tokens tk = {is->tu, NULL, 0};
    clang_tokenize(is->tu, clang_getCursorExtent(c), &tk.t, &tk.n);
    Instance inst;
    memset(&inst, 0, sizeof inst); /* no `<...>` written: deduced, so unknown */
    for (unsigned i = 0; i + 1 < tk.n; i++)
        if (tok_is(&tk, i, "<")) {
            read_args(&tk, i, &inst);
            break;
        }
    add_through_host(is, &tk, &inst);
    if (tk.t)
        clang_disposeTokens(is->tu, tk.t, tk.n);
    return true;
}

static enum CXChildVisitResult find_references(CXCursor c, CXCursor parent, CXClientData data)
{
    (void)parent;
    Instances *is = data;
    CXFile f;
    clang_getExpansionLocation(clang_getCursorLocation(c), &f, NULL, NULL, NULL);
    if (!f || (!clang_File_isEqual(f, is->main_file) && !clang_File_isEqual(f, is->tu_file)))
        return CXChildVisit_Continue; /* the kernel's file, or the .cu that includes it and launches */
    if (clang_getCursorKind(c) == CXCursor_FunctionTemplate && !same_usr(c, is->usr)) {
        CXCursor outer = is->host; /* launches inside it may name its parameters */
        is->host = c;
        clang_visitChildren(c, find_references, is);
        is->host = outer;
        return CXChildVisit_Continue;
    }
    if (clang_getCursorKind(c) == CXCursor_DeclRefExpr && dependent_reference(is, c))
        return CXChildVisit_Continue;
    if (clang_getCursorKind(c) == CXCursor_DeclRefExpr) {
        CXCursor ref = clang_getCursorReferenced(c);
        CXCursor tmpl = clang_getSpecializedCursorTemplate(ref);
        if (!clang_Cursor_isNull(tmpl) && clang_getCursorKind(ref) == CXCursor_FunctionDecl &&
            same_usr(tmpl, is->usr))
            add_specialization(is, ref);
    }
    return CXChildVisit_Recurse;
}

/* ---- explicit instantiations, from the tokens ---- */

static bool tok_is(const Tokens *tk, unsigned i, const char *s)
{
    if (i >= tk->n)
        return false;
    CXString sp = clang_getTokenSpelling(tk->tu, tk->t[i]);
    bool same = strcmp(clang_getCString(sp), s) == 0;
    clang_disposeString(sp);
    return same;
}

/* A literal (`256`, `256u`, `-1`, `true`) from tokens [from, to). */
static bool literal_arg(const Tokens *tk, unsigned from, unsigned to, int64_t *v)
{
    bool neg = to - from == 2 && tok_is(tk, from, "-");
    if (neg)
        from++;
    if (to - from != 1)
        return false;
    if (tok_is(tk, from, "true") || tok_is(tk, from, "false")) {
        *v = tok_is(tk, from, "true");
        return true;
    }
    if (clang_getTokenKind(tk->t[from]) != CXToken_Literal)
        return false;
    CXString sp = clang_getTokenSpelling(tk->tu, tk->t[from]);
    const char *s = clang_getCString(sp);
    char *end;
    long long x = strtoll(s, &end, 0);
    bool ok = end != s && strspn(end, "uUlL") == strlen(end);
    clang_disposeString(sp);
    *v = neg ? -x : x;
    return ok;
}

/* Tokens [from, to) as a type argument (`unsigned`, `unsigned char`,
 * `float4`): their spellings joined by spaces, with the size the table of
 * element widths gives it (docs/language.md 3.3); no size for a literal,
 * a typedef or a struct, whose size the tokens do not say. */
/* Is token k an identifier that means something only where it is written:
 * a template parameter, or a name declared inside a function? */
typedef struct FileScopeName {
    const char *name;
    bool found;
} FileScopeName;

static enum CXChildVisitResult find_file_scope_name(CXCursor c, CXCursor parent, void *data)
{
    (void)parent;
    FileScopeName *f = data;
    enum CXCursorKind k = clang_getCursorKind(c);
    if (k == CXCursor_Namespace || k == CXCursor_LinkageSpec || k == CXCursor_UnexposedDecl) {
        if (k == CXCursor_Namespace && cursor_name_is(c, f->name))
            f->found = true;
        return f->found ? CXChildVisit_Break : CXChildVisit_Recurse;
    }
    if (clang_isDeclaration(k) && cursor_name_is(c, f->name))
        f->found = true;
    return f->found ? CXChildVisit_Break : CXChildVisit_Continue;
}

/* Does token k mean at the end of the file what it means where it is
 * written?  An identifier must name something declared in a namespace
 * (a template parameter or a function's local type does not), or follow
 * `::` (a member of such a thing). */
static bool names_local(const Tokens *tk, unsigned k)
{
    if (clang_getTokenKind(tk->t[k]) != CXToken_Identifier || (k > 0 && tok_is(tk, k - 1, "::")))
        return false;
    CXString sp = clang_getTokenSpelling(tk->tu, tk->t[k]);
    FileScopeName f = {clang_getCString(sp), false};
    clang_visitChildren(clang_getTranslationUnitCursor(tk->tu), find_file_scope_name, &f);
    clang_disposeString(sp);
    return !f.found;
}

/* Appends w to buf (of cap bytes, len used), a space before it unless
 * first; false when it does not fit. */
static bool join_word(char *buf, size_t cap, size_t *len, const char *w)
{
    size_t n = strlen(w);
    if (*len + n + 2 >= cap)
        return false;
    if (*len)
        buf[(*len)++] = ' ';
    memcpy(buf + *len, w, n + 1);
    *len += n;
    return true;
}

/* Tokens [from, to) as C++ writes a type argument (`neighbour_t<true>`,
 * `scan_twice_t`), for a kernel's spelling in mapkit emulate's driver, at
 * the end of the file: only when each name means there what it means
 * where it is written. */
static void written_cxx_arg(const Tokens *tk, unsigned from, unsigned to, bool split_close, Instance *inst, int arg)
{
    char buf[MAX_CXX_SPELLING] = "";
    size_t len = 0;
    for (unsigned k = from; k < to; k++) {
        if (names_local(tk, k) || (clang_getTokenKind(tk->t[k]) == CXToken_Literal && k == from))
            return;
        CXString sp = clang_getTokenSpelling(tk->tu, tk->t[k]);
        bool fits = join_word(buf, sizeof buf, &len, clang_getCString(sp));
        clang_disposeString(sp);
        if (!fits)
            return;
    }
    if (len && split_close && len + 3 < sizeof buf) /* `k<t<1>>`: the `>>` ends both */
        memcpy(buf + len, " >", 3), len += 2;
    if (len)
        memcpy(inst->cxx[arg], buf, len + 1);
}

static void written_type_arg(const Tokens *tk, unsigned from, unsigned to, bool split_close, Instance *inst, int arg)
{
    written_cxx_arg(tk, from, to, split_close, inst, arg);
    char buf[MAX_TYPE_SPELLING] = "";
    size_t len = 0;
    for (unsigned k = from; k < to; k++) {
        if (clang_getTokenKind(tk->t[k]) != CXToken_Keyword && clang_getTokenKind(tk->t[k]) != CXToken_Identifier)
            return;
        CXString sp = clang_getTokenSpelling(tk->tu, tk->t[k]);
        const char *w = clang_getCString(sp);
        if (strcmp(w, "const") == 0) { /* the cells' type, as a declaration writes it */
            clang_disposeString(sp);
            continue;
        }
        bool fits = join_word(buf, sizeof buf, &len, w);
        clang_disposeString(sp);
        if (!fits)
            return;
    }
    int bytes = elem_width(buf);
    if (bytes > 0) {
        memcpy(inst->type[arg], buf, len + 1);
        inst->type_bytes[arg] = bytes;
    }
}

/* `<a, b, ...>` starting at token i (the `<`); returns the token after it. */
static unsigned read_args(const Tokens *tk, unsigned i, Instance *inst)
{
    int depth = 0, arg = 0;
    unsigned start = i + 1;
    for (; i < tk->n; i++) {
        bool open = tok_is(tk, i, "<") || tok_is(tk, i, "(");
        int close = tok_is(tk, i, ">") || tok_is(tk, i, ")") ? 1 : tok_is(tk, i, ">>") ? 2 : 0;
        depth += open;
        bool at_end = close && depth - close <= 0;
        if ((tok_is(tk, i, ",") && depth == 1) || at_end) {
            if (arg < MAX_TEMPLATE_PARAMS) {
                written_type_arg(tk, start, i, close == 2 && depth == 2, inst, arg);
                inst->known[arg] = literal_arg(tk, start, i, &inst->vals[arg]);
                inst->first_tok[arg] = start;
                inst->ntok[arg] = i - start;
            }
            arg++;
            start = i + 1;
        }
        depth -= close;
        if (at_end)
            return i + 1;
    }
    return i;
}

/* `template` not followed by `<`, then NAME<...> before the `;`. */
static void find_explicit(Instances *is, const Tokens *tk, const char *name)
{
    for (unsigned i = 0; i + 1 < tk->n; i++) {
        if (!tok_is(tk, i, "template") || tok_is(tk, i + 1, "<"))
            continue;
        for (unsigned j = i + 1; j + 1 < tk->n && !tok_is(tk, j, ";") && !tok_is(tk, j, "{"); j++) {
            if (tok_is(tk, j, name) && tok_is(tk, j + 1, "<")) {
                Instance inst;
                memset(&inst, 0, sizeof inst);
                read_args(tk, j + 1, &inst);
                VEC_PUSH(is->v, is->n, is->cap, inst);
                break;
            }
        }
    }
}

static void tokenize_file(CXTranslationUnit tu, CXFile file, Tokens *tk)
{
    tk->tu = tu;
    tk->t = NULL;
    tk->n = 0;
    size_t len = 0;
    clang_getFileContents(tu, file, &len);
    CXSourceLocation a = clang_getLocationForOffset(tu, file, 0);
    CXSourceLocation b = clang_getLocationForOffset(tu, file, (unsigned)len);
    clang_tokenize(tu, clang_getRange(a, b), &tk->t, &tk->n);
}

/* The file's instantiations of fn: launches and references (with their
 * specializations), then explicit instantiations (from the tokens). */
static Instances collect_instances(CXTranslationUnit tu, CXFile file, CXCursor fn)
{
    return collect_instances_at(tu, file, fn, 0);
}

static Instances collect_instances_at(CXTranslationUnit tu, CXFile file, CXCursor fn, int depth)
{
    Instances is;
    memset(&is, 0, sizeof is);
    is.host = clang_getNullCursor();
    is.depth = depth;
    is.usr = clang_getCursorUSR(fn);
    is.main_file = file;
    is.tu = tu;
    CXString spelling = clang_getTranslationUnitSpelling(tu);
    is.tu_file = clang_getFile(tu, clang_getCString(spelling));
    clang_disposeString(spelling);
    clang_visitChildren(clang_getTranslationUnitCursor(tu), find_references, &is);
    Tokens tk;
    tokenize_file(tu, file, &tk);
    char *name = cursor_name(fn);
    find_explicit(&is, &tk, name);
    free(name);
    if (tk.t)
        clang_disposeTokens(tu, tk.t, tk.n);
    return is;
}

static void instances_free(Instances *is)
{
    free(is->v);
    free(is->specs);
    clang_disposeString(is->usr);
}

/* Is position pos of fn's template parameters a non-type one? */
static bool non_type_at(CXCursor fn, int pos)
{
    return clang_getCursorKind(template_param_at(fn, pos)) == CXCursor_NonTypeTemplateParameter;
}

/* The instantiations that differ in their non-type arguments, each
 * first one's index into is->v, when every non-type argument of every
 * instantiation is a known literal; else 0.  *first is malloc'd. */
static int distinct_pinned(const Instances *is, CXCursor fn, int **first)
{
    *first = xcalloc((size_t)(is->n ? is->n : 1), sizeof **first);
    int n = 0;
    for (int i = 0; i < is->n; i++) {
        bool same_as_earlier = false;
        for (int j = 0; j < n && !same_as_earlier; j++) {
            bool same = true;
            for (int pos = 0; pos < MAX_TEMPLATE_PARAMS && same; pos++)
                same = !non_type_at(fn, pos) || is->v[i].vals[pos] == is->v[(*first)[j]].vals[pos];
            same_as_earlier = same;
        }
        for (int pos = 0; pos < MAX_TEMPLATE_PARAMS; pos++)
            if (non_type_at(fn, pos) && !is->v[i].known[pos])
                return 0;
        if (!same_as_earlier)
            (*first)[n++] = i;
    }
    return n;
}

/* The index into is->v of explicit instantiation `instance` (>= 0) of
 * several, or -1: every instance counts. */
static int chosen_instance(Instances *is, CXCursor fn, int instance)
{
    int *first = NULL, chosen = -1;
    if (instance >= 0 && instance < distinct_pinned(is, fn, &first))
        chosen = first[instance];
    free(first);
    return chosen;
}


int template_kernel_instances(CXTranslationUnit tu, CXFile file, CXCursor fn, CXCursor **out)
{
    *out = NULL;
    if (clang_getCursorKind(fn) != CXCursor_FunctionTemplate || !file)
        return 0;
    Instances is = collect_instances(tu, file, fn);
    int n = 0;
    if (is.n == is.nspecs && is.nspecs >= 2) { /* clang's specializations, with their bodies */
        n = is.nspecs;
        *out = is.specs;
        is.specs = NULL;
    } else if (is.n > is.nspecs) { /* explicit instantiations: the pattern, pinned once per value list */
        /* read again from fn's own file, as template_pins reads them */
        CXFile own;
        clang_getExpansionLocation(clang_getCursorLocation(fn), &own, NULL, NULL, NULL);
        Instances mine = collect_instances(tu, own, fn);
        int *first;
        n = distinct_pinned(&mine, fn, &first);
        free(first);
        n = n >= 2 ? n : 0;
        instances_free(&mine);
    }
    instances_free(&is);
    return n;
}

/* `k<float, 256>` is the kernel `k_float_256`: identifier characters of
 * each argument's spelling, joined by `_`.  Malloc'd. */
char *template_instance_name(CXCursor spec)
{
    char *base = cursor_name(spec);
    size_t cap = strlen(base) + 16, len = strlen(base);
    char *out = xmalloc(cap);
    memcpy(out, base, len + 1);
    free(base);
    int n = clang_Cursor_getNumTemplateArguments(spec);
    for (int i = 0; i < n; i++) {
        char arg[96] = "";
        enum CXTemplateArgumentKind k = clang_Cursor_getTemplateArgumentKind(spec, (unsigned)i);
        if (k == CXTemplateArgumentKind_Integral) {
            long long v = template_arg_value(spec, i);
            snprintf(arg, sizeof arg, "%s%lld", v < 0 ? "m" : "", v < 0 ? -v : v);
        } else if (k == CXTemplateArgumentKind_Type) {
            CXString sp = clang_getTypeSpelling(clang_Cursor_getTemplateArgumentType(spec, (unsigned)i));
            size_t j = 0;
            for (const char *c = clang_getCString(sp); *c && j + 1 < sizeof arg; c++)
                arg[j++] = isalnum((unsigned char)*c) ? *c : '_';
            arg[j] = '\0';
            clang_disposeString(sp);
        }
        if (!arg[0])
            continue; /* a pack or a template template argument: not spelled */
        size_t need = len + strlen(arg) + 2;
        if (need > cap) {
            cap = 2 * need;
            out = xrealloc(out, cap);
        }
        len += (size_t)sprintf(out + len, "_%s", arg);
    }
    return out;
}

/* ---- pins ---- */

static bool agreed_value(const Instances *is, int pos, int64_t *v)
{
    if (is->n == 0 || pos >= MAX_TEMPLATE_PARAMS)
        return false;
    for (int i = 0; i < is->n; i++)
        if (!is->v[i].known[pos] || is->v[i].vals[pos] != is->v[0].vals[pos])
            return false;
    *v = is->v[0].vals[pos];
    return true;
}

static bool is_template_param(CXCursor c)
{
    enum CXCursorKind k = clang_getCursorKind(c);
    return k == CXCursor_TemplateTypeParameter || k == CXCursor_NonTypeTemplateParameter ||
           k == CXCursor_TemplateTemplateParameter;
}

int template_kernel_pins(CXTranslationUnit tu, CXFile file, CXCursor fn, int instance, TemplateParam *out, int cap)
{
    int npins = 0;
    if (clang_getCursorKind(fn) != CXCursor_FunctionTemplate || !file)
        return 0;
    Instances is = collect_instances(tu, file, fn);
    int chosen = chosen_instance(&is, fn, instance); /* one kernel per explicit instantiation: this one's values */
    Children ch = children_of(fn);
    int pos = 0;
    for (int i = 0; i < ch.n && npins < cap; i++) {
        if (!is_template_param(ch.c[i]))
            continue;
        if (clang_getCursorKind(ch.c[i]) == CXCursor_NonTypeTemplateParameter) {
            TemplateParam *tp = &out[npins++];
            tp->decl = ch.c[i];
            tp->pinned = chosen >= 0 ? true : agreed_value(&is, pos, &tp->value);
            if (chosen >= 0)
                tp->value = is.v[chosen].vals[pos];
        }
        pos++;
    }
    free(ch.c);
    instances_free(&is);
    return npins;
}

/* Do instantiations a and b give fn's non-type parameters the same values? */
static bool same_non_type(const Instance *a, const Instance *b, CXCursor fn)
{
    for (int pos = 0; pos < MAX_TEMPLATE_PARAMS; pos++)
        if (non_type_at(fn, pos) && a->vals[pos] != b->vals[pos])
            return false;
    return true;
}

/* The type every instantiation (with chosen >= 0: every one analysed
 * with it, the same non-type values) gives position pos, with its size:
 * its index into is->v, or -1. */
static int agreed_type(const Instances *is, CXCursor fn, int chosen, int pos)
{
    int first = -1;
    for (int i = 0; i < is->n && pos < MAX_TEMPLATE_PARAMS; i++) {
        if (chosen >= 0 && !same_non_type(&is->v[i], &is->v[chosen], fn))
            continue;
        if (!is->v[i].type_bytes[pos])
            return -1;
        if (first < 0)
            first = i;
        else if (strcmp(is->v[i].type[pos], is->v[first].type[pos]) != 0 ||
                 is->v[i].type_bytes[pos] != is->v[first].type_bytes[pos])
            return -1;
    }
    return first;
}

/* The C++ spelling every instance agreeing with `chosen` gives type
 * position pos, as agreed_type but for any type: its index, or -1. */
static int agreed_cxx_type(const Instances *is, CXCursor fn, int chosen, int pos)
{
    int first = -1;
    for (int i = 0; i < is->n && pos < MAX_TEMPLATE_PARAMS; i++) {
        if (chosen >= 0 && !same_non_type(&is->v[i], &is->v[chosen], fn))
            continue;
        if (!is->v[i].cxx[pos][0])
            return -1;
        if (first < 0)
            first = i;
        else if (strcmp(is->v[i].cxx[pos], is->v[first].cxx[pos]) != 0)
            return -1;
    }
    return first;
}

bool template_agreed_cxx_type(CXTranslationUnit tu, CXFile file, CXCursor fn, int instance, int pos, char *buf,
                              size_t n)
{
    if (clang_getCursorKind(fn) != CXCursor_FunctionTemplate || !file || pos < 0 || pos >= MAX_TEMPLATE_PARAMS)
        return false;
    Instances is = collect_instances(tu, file, fn);
    int chosen = chosen_instance(&is, fn, instance);
    int from = agreed_cxx_type(&is, fn, chosen, pos);
    bool ok = from >= 0 && snprintf(buf, n, "%s", is.v[from].cxx[pos]) < (int)n;
    instances_free(&is);
    return ok;
}

int template_kernel_types(CXTranslationUnit tu, CXFile file, CXCursor fn, int instance, TemplateType *out, int cap)
{
    if (clang_getCursorKind(fn) != CXCursor_FunctionTemplate || !file)
        return 0;
    Instances is = collect_instances(tu, file, fn);
    int chosen = chosen_instance(&is, fn, instance);
    Children ch = children_of(fn);
    int n = 0;
    for (int i = 0, pos = 0; i < ch.n && n < cap; i++) {
        if (!is_template_param(ch.c[i]))
            continue;
        int from = clang_getCursorKind(ch.c[i]) == CXCursor_TemplateTypeParameter ? agreed_type(&is, fn, chosen, pos) : -1;
        if (from >= 0) {
            out[n].decl = ch.c[i];
            memcpy(out[n].spelling, is.v[from].type[pos], sizeof out[n].spelling);
            out[n].bytes = is.v[from].type_bytes[pos];
            n++;
        }
        pos++;
    }
    free(ch.c);
    instances_free(&is);
    return n;
}

/* The cursor's extent in the file itself: a range that starts inside a
 * macro (`__shared__`) gives no tokens. */
static CXSourceRange file_extent(CXTranslationUnit tu, CXFile file, CXCursor c)
{
    CXSourceRange r = clang_getCursorExtent(c);
    CXFile f;
    unsigned a, b;
    clang_getExpansionLocation(clang_getRangeStart(r), &f, NULL, NULL, &a);
    clang_getExpansionLocation(clang_getRangeEnd(r), NULL, NULL, NULL, &b);
    if (!f || !clang_File_isEqual(f, file))
        return r;
    return clang_getRange(clang_getLocationForOffset(tu, f, a), clang_getLocationForOffset(tu, f, b));
}

char *written_size_name(CXTranslationUnit tu, CXFile file, CXCursor decl, int dim)
{
    CXToken *t = NULL;
    unsigned n = 0;
    clang_tokenize(tu, file_extent(tu, file, decl), &t, &n);
    Tokens tk = {tu, t, n};
    char *name = NULL;
    int seen = -1;
    for (unsigned i = 0; i + 2 < n && seen < dim; i++) {
        if (!tok_is(&tk, i, "["))
            continue;
        if (++seen != dim || !tok_is(&tk, i + 2, "]") || clang_getTokenKind(t[i + 1]) != CXToken_Identifier)
            continue;
        CXString sp = clang_getTokenSpelling(tu, t[i + 1]);
        name = strdup(clang_getCString(sp));
        clang_disposeString(sp);
    }
    if (t)
        clang_disposeTokens(tu, t, n);
    return name;
}
