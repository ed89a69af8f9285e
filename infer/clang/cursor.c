/* libclang helpers for the CUDA front end ([CAV21 Sec. 5]: "It uses
 * libclang to parse the kernel"). */
#include "cursor.h"

#include <stdlib.h>
#include <string.h>

static enum CXChildVisitResult collect(CXCursor c, CXCursor parent, CXClientData data)
{
    (void)parent;
    Children *ch = data;
    if ((ch->n & (ch->n - 1)) == 0)
        ch->c = xrealloc(ch->c, (size_t)(ch->n ? 2 * ch->n : 1) * sizeof *ch->c);
    ch->c[ch->n++] = c;
    return CXChildVisit_Continue;
}

Children children_of(CXCursor c)
{
    Children ch = {0};
    clang_visitChildren(c, collect, &ch);
    return ch;
}

int nchildren(CXCursor c)
{
    Children ch = children_of(c);
    free(ch.c);
    return ch.n;
}

static bool is_transparent(CXCursor c)
{
    switch (clang_getCursorKind(c)) {
    case CXCursor_ParenExpr:
    case CXCursor_UnexposedExpr: /* implicit casts, materializations */
        return true;
    default:
        return false;
    }
}

/* Implicit casts and parentheses have exactly one child that is the value;
 * an UnexposedExpr with another shape (a call clang could not resolve) is
 * left alone. */
bool cursor_refers_to(CXCursor e, CXCursor decl)
{
    e = strip_expr(e);
    return clang_getCursorKind(e) == CXCursor_DeclRefExpr &&
           clang_equalCursors(clang_getCursorReferenced(e), decl);
}

CXCursor function_body(CXCursor fn)
{
    Children ch = children_of(fn);
    CXCursor body = clang_getNullCursor();
    for (int i = 0; i < ch.n; i++)
        if (clang_getCursorKind(ch.c[i]) == CXCursor_CompoundStmt)
            body = ch.c[i];
    free(ch.c);
    return body;
}

CXCursor function_param(CXCursor fn, int i)
{
    Children ch = children_of(fn);
    CXCursor p = clang_getNullCursor();
    for (int k = 0, n = 0; k < ch.n && clang_Cursor_isNull(p); k++)
        if (clang_getCursorKind(ch.c[k]) == CXCursor_ParmDecl && n++ == i)
            p = ch.c[k];
    free(ch.c);
    return p;
}

CXCursor child_at(CXCursor c, int i)
{
    Children ch = children_of(c);
    CXCursor r = i < ch.n ? ch.c[i] : clang_getNullCursor();
    free(ch.c);
    return r;
}

CXCursor strip_expr(CXCursor c)
{
    for (int guard = 0; guard < 64 && is_transparent(c); guard++) {
        Children ch = children_of(c);
        bool one = ch.n == 1 && clang_isExpression(clang_getCursorKind(ch.c[0]));
        CXCursor next = one ? ch.c[0] : c;
        free(ch.c);
        if (!one)
            break;
        c = next;
    }
    return c;
}

bool is_file_scope(CXCursor decl)
{
    CXCursor parent = clang_getCursorSemanticParent(decl);
    enum CXCursorKind k = clang_getCursorKind(parent);
    return k == CXCursor_TranslationUnit || k == CXCursor_Namespace;
}

char *cursor_name(CXCursor c)
{
    CXString s = clang_getCursorSpelling(c);
    const char *t = clang_getCString(s);
    size_t n = t ? strlen(t) : 0;
    char *copy = xmalloc(n + 1);
    memcpy(copy, t ? t : "", n + 1);
    clang_disposeString(s);
    /* clang takes `$` and non-ASCII letters in identifiers; a protocol
     * name cannot spell them (found by fuzz_infer).  Operator names
     * (`operator[]`) have neither, so lookups by name still match. */
    for (char *p = copy; *p; p++)
        if (*p == '$' || (unsigned char)*p >= 0x80)
            *p = '_';
    return copy;
}

bool in_template_pattern(CXCursor decl)
{
    for (CXCursor p = clang_getCursorSemanticParent(decl); !clang_Cursor_isNull(p) && !clang_isInvalid(clang_getCursorKind(p)) &&
                                                          clang_getCursorKind(p) != CXCursor_TranslationUnit;
         p = clang_getCursorSemanticParent(p)) {
        enum CXCursorKind k = clang_getCursorKind(p);
        if (k == CXCursor_FunctionTemplate || k == CXCursor_ClassTemplate ||
            k == CXCursor_ClassTemplatePartialSpecialization)
            return true;
    }
    return false;
}

bool same_node(CXCursor a, CXCursor b)
{
    return clang_getCursorKind(a) == clang_getCursorKind(b) &&
           clang_equalRanges(clang_getCursorExtent(a), clang_getCursorExtent(b));
}

bool cursor_name_is(CXCursor c, const char *name)
{
    CXString s = clang_getCursorSpelling(c);
    const char *t = clang_getCString(s);
    bool same = t && strcmp(t, name) == 0;
    clang_disposeString(s);
    return same;
}

bool type_is_integral(CXType t)
{
    t = clang_getCanonicalType(t);
    switch (t.kind) {
    case CXType_Bool:
    case CXType_Char_U:
    case CXType_UChar:
    case CXType_Char16:
    case CXType_Char32:
    case CXType_UShort:
    case CXType_UInt:
    case CXType_ULong:
    case CXType_ULongLong:
    case CXType_UInt128:
    case CXType_Char_S:
    case CXType_SChar:
    case CXType_WChar:
    case CXType_Short:
    case CXType_Int:
    case CXType_Long:
    case CXType_LongLong:
    case CXType_Int128:
    case CXType_Enum:
        return true;
    default:
        return false;
    }
}

bool type_is_array(CXType t)
{
    t = clang_getCanonicalType(t);
    return t.kind == CXType_ConstantArray || t.kind == CXType_IncompleteArray ||
           t.kind == CXType_VariableArray || t.kind == CXType_DependentSizedArray;
}

bool type_is_pointer(CXType t)
{
    return clang_getCanonicalType(t).kind == CXType_Pointer || type_is_array(t);
}

bool type_is_unsigned(CXType t)
{
    switch (clang_getCanonicalType(t).kind) {
    case CXType_Bool: case CXType_UChar: case CXType_UShort: case CXType_UInt:
    case CXType_ULong: case CXType_ULongLong:
        return true;
    default:
        return false;
    }
}

bool type_is_floating(CXType t)
{
    t = clang_getCanonicalType(t);
    switch (t.kind) {
    case CXType_Float:
    case CXType_Double:
    case CXType_LongDouble:
    case CXType_Half:
    case CXType_Float16:
    case CXType_BFloat16:
    case CXType_Float128:
        return true;
    default:
        return false;
    }
}

typedef struct AttrSearch {
    enum CXCursorKind kind;
    bool found;
} AttrSearch;

static enum CXChildVisitResult find_attr(CXCursor c, CXCursor parent, CXClientData data)
{
    (void)parent;
    AttrSearch *s = data;
    if (clang_getCursorKind(c) == s->kind) {
        s->found = true;
        return CXChildVisit_Break;
    }
    return CXChildVisit_Continue;
}

bool cursor_has_attr(CXCursor c, enum CXCursorKind attr)
{
    AttrSearch s = {attr, false};
    clang_visitChildren(c, find_attr, &s);
    return s.found;
}

static enum CXChildVisitResult find_name_annotation(CXCursor c, CXCursor parent, CXClientData data)
{
    (void)parent;
    char **name = data;
    if (clang_getCursorKind(c) != CXCursor_AnnotateAttr)
        return CXChildVisit_Continue;
    CXString s = clang_getCursorSpelling(c);
    const char *text = clang_getCString(s);
    static const char prefix[] = "mapkit_name:";
    if (text && strncmp(text, prefix, sizeof prefix - 1) == 0 && text[sizeof prefix - 1]) {
        *name = strdup(text + sizeof prefix - 1);
        clang_disposeString(s);
        return CXChildVisit_Break;
    }
    clang_disposeString(s);
    return CXChildVisit_Continue;
}

/* The generator gives an extern array that had to get apart from another
 * entity `__attribute__((annotate("mapkit_name:A")))`: the protocol's name
 * (docs/codegen.md).  Else the declaration's spelling.  Malloc'd. */
char *decl_protocol_name(CXCursor decl)
{
    char *name = NULL;
    clang_visitChildren(decl, find_name_annotation, &name);
    return name ? name : cursor_name(decl);
}

/* The function a CallExpr calls: clang's referenced cursor, else the
 * first declaration reference among its children (calls clang could not
 * resolve still name their callee there). */
CXCursor callee_decl(CXCursor call)
{
    CXCursor r = clang_getCursorReferenced(call);
    if (!clang_Cursor_isNull(r))
        return r;
    return clang_getNullCursor();
}

static enum CXChildVisitResult find_name(CXCursor c, CXCursor parent, CXClientData data)
{
    (void)parent;
    char **out = data;
    enum CXCursorKind k = clang_getCursorKind(c);
    if (k == CXCursor_OverloadedDeclRef || k == CXCursor_DeclRefExpr || k == CXCursor_MemberRefExpr) {
        *out = cursor_name(c);
        return CXChildVisit_Break;
    }
    return CXChildVisit_Recurse;
}

char *callee_name(CXCursor call)
{
    char *name = cursor_name(call);
    if (*name)
        return name;
    free(name);
    name = NULL;
    Children ch = children_of(call);
    if (ch.n > 0) {
        CXCursor first = ch.c[0];
        if (clang_getCursorKind(first) == CXCursor_DeclRefExpr) { /* `log(x)` left dependent: a nameless */
            Children r = children_of(first);                        /* reference over the candidates */
            if (r.n > 0 && clang_getCursorKind(r.c[0]) == CXCursor_OverloadedDeclRef)
                first = r.c[0];
            free(r.c);
        }
        if (clang_getCursorKind(first) == CXCursor_OverloadedDeclRef)
            name = cursor_name(first);
        else
            clang_visitChildren(call, find_name, &name);
    }
    free(ch.c);
    if (!name) {
        name = xmalloc(1);
        name[0] = '\0';
    }
    return name;
}

/* Integer constant expressions (literals, sizeof, enumerators, constexpr
 * names).  Only tried on nodes that cannot have side effects. */
bool eval_int(CXCursor c, int64_t *out)
{
    CXEvalResult r = clang_Cursor_Evaluate(c);
    if (!r)
        return false;
    bool ok = clang_EvalResult_getKind(r) == CXEval_Int;
    if (ok) {
        if (clang_EvalResult_isUnsignedInt(r))
            *out = (int64_t)clang_EvalResult_getAsUnsigned(r);
        else
            *out = clang_EvalResult_getAsLongLong(r);
    }
    clang_EvalResult_dispose(r);
    return ok;
}

/* A type name the .proto language can carry: one or more words, none a
 * protocol keyword.  Templates' dependent types and anonymous structs
 * give NULL (no element type). */
const char *elem_type_name(Program *p, CXType t)
{
    CXType canon_vec = clang_getCanonicalType(t);
    if (canon_vec.kind == CXType_ExtVector) { /* OpenCL's float4: its name, not clang's attribute */
        const char *elem = elem_type_name(p, clang_getElementType(canon_vec));
        static const char *const short_names[][2] = {
            {"unsigned char", "uchar"}, {"unsigned short", "ushort"}, {"unsigned int", "uint"}, {"unsigned long", "ulong"},
        };
        for (size_t i = 0; elem && i < sizeof short_names / sizeof short_names[0]; i++)
            if (strcmp(elem, short_names[i][0]) == 0)
                elem = short_names[i][1]; /* uchar4: OpenCL's and CUDA's name */
        char name[64];
        if (!elem || snprintf(name, sizeof name, "%s%lld", elem, clang_getNumElements(canon_vec)) >= (int)sizeof name)
            return NULL;
        return program_intern(p, name, strlen(name));
    }
    CXType u = t; /* volatile stays: the generator writes it back */
    CXString s = clang_getTypeSpelling(u);
    const char *text = clang_getCString(s);
    const char *result = NULL;
    char buf[128];
    size_t n = text ? strlen(text) : 0;
    if (n > 0 && n < sizeof buf) {
        memcpy(buf, text, n + 1);
        /* drop C++ qualifiers that clang keeps in spellings, and OpenCL's
         * address spaces (the array's space says where it lives) */
        static const char *drop[] = {"const ",      "struct ",    "class ",     "union ",
                                     "__global ",   "__local ",   "__constant ", "__private ",
                                     "__generic "};
        for (size_t i = 0; i < sizeof drop / sizeof drop[0]; i++) {
            char *p;
            size_t len = strlen(drop[i]);
            while ((p = strstr(buf, drop[i])) != NULL)
                memmove(p, p + len, strlen(p + len) + 1);
        }
        bool ok = buf[0] != '\0';
        for (char *p = buf; *p && ok; p++)
            ok = (*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') || (*p >= '0' && *p <= '9') ||
                 *p == '_' || (*p == ' ' && p[1] && p[1] != ' ');
        CXType canon = clang_getCanonicalType(u);
        if (ok && canon.kind != CXType_Unexposed && !(buf[0] >= '0' && buf[0] <= '9'))
            result = program_intern(p, buf, strlen(buf));
    }
    clang_disposeString(s);
    return result;
}

/* libclang numbers __builtin_bit_cast among the statements. */
bool is_expression_kind(enum CXCursorKind k)
{
    return clang_isExpression(k) || k == CXCursor_BuiltinBitCastExpr;
}

bool is_reference_type(CXType t)
{
    t = clang_getCanonicalType(t); /* through typedefs and decltype */
    return t.kind == CXType_LValueReference || t.kind == CXType_RValueReference;
}

typedef struct TopLevel {
    TopLevelVisitor each;
    void *data;
    bool stop;
} TopLevel;

static enum CXChildVisitResult visit_top(CXCursor c, CXCursor parent, CXClientData data)
{
    (void)parent;
    TopLevel *t = data;
    if (clang_getCursorKind(c) == CXCursor_Namespace)
        return CXChildVisit_Recurse;
    t->stop = !t->each(c, t->data);
    return t->stop ? CXChildVisit_Break : CXChildVisit_Continue;
}

void visit_top_level(CXTranslationUnit tu, TopLevelVisitor each, void *data)
{
    TopLevel t = {each, data, false};
    clang_visitChildren(clang_getTranslationUnitCursor(tu), visit_top, &t);
}

typedef struct CallSearch {
    CallMatch match;
    void *data;
    bool found;
} CallSearch;

static enum CXChildVisitResult visit_call(CXCursor c, CXCursor parent, CXClientData data)
{
    (void)parent;
    CallSearch *cs = data;
    cs->found = clang_getCursorKind(c) == CXCursor_CallExpr && cs->match(c, cs->data);
    return cs->found ? CXChildVisit_Break : CXChildVisit_Recurse;
}

bool any_call(CXCursor tree, CallMatch match, void *data)
{
    CallSearch cs = {match, data, false};
    visit_call(tree, clang_getNullCursor(), &cs);
    if (!cs.found)
        clang_visitChildren(tree, visit_call, &cs);
    return cs.found;
}

static bool record_holds_pointer(CXType t);

bool type_reaches_memory(CXType t)
{
    CXType c = clang_getCanonicalType(t);
    switch (c.kind) {
    case CXType_Pointer:
    case CXType_LValueReference:
    case CXType_RValueReference:
    case CXType_ConstantArray:
    case CXType_IncompleteArray:
    case CXType_Invalid:
    case CXType_Unexposed:
    case CXType_Dependent:
        return true;
    case CXType_Record:
        return record_holds_pointer(c);
    default:
        return false;
    }
}

static enum CXVisitorResult field_pointer(CXCursor field, CXClientData data)
{
    CXType t = clang_getCanonicalType(clang_getCursorType(field));
    bool hit = t.kind == CXType_Pointer || is_reference_type(t) || t.kind == CXType_Invalid;
    *(bool *)data |= hit;
    return hit ? CXVisit_Break : CXVisit_Continue;
}

static bool record_holds_pointer(CXType t)
{
    bool hit = false;
    clang_Type_visitFields(t, field_pointer, &hit);
    return hit;
}

CXType param_type(CXCursor decl, int i)
{
    CXType ft = clang_Cursor_isNull(decl) ? (CXType){0} : clang_getCursorType(decl);
    if (clang_Cursor_isNull(decl) || i >= clang_getNumArgTypes(ft))
        return (CXType){.kind = CXType_Invalid};
    return clang_getArgType(ft, (unsigned)i);
}

int count_params(CXCursor fn, int *required)
{
    Children ch = children_of(fn);
    int n = 0;
    *required = 0;
    for (int i = 0; i < ch.n; i++) {
        if (clang_getCursorKind(ch.c[i]) != CXCursor_ParmDecl)
            continue;
        n++;
        bool has_default = false;
        Children p = children_of(ch.c[i]);
        for (int j = 0; j < p.n; j++)
            has_default |= is_expression_kind(clang_getCursorKind(p.c[j]));
        free(p.c);
        if (!has_default)
            *required = n;
    }
    free(ch.c);
    return n;
}

bool function_has_body(CXCursor fn)
{
    return !clang_Cursor_isNull(function_body(fn));
}

CXCursor last_expr_child(CXCursor c)
{
    Children ch = children_of(c);
    CXCursor r = clang_getNullCursor();
    for (int i = ch.n - 1; i >= 0; i--)
        if (clang_isExpression(clang_getCursorKind(ch.c[i]))) {
            r = ch.c[i];
            break;
        }
    free(ch.c);
    return r;
}

bool name_in(const char *name, const char *const *list)
{
    for (; *list; list++)
        if (strcmp(name, *list) == 0)
            return true;
    return false;
}

bool starts_with(const char *s, const char *prefix)
{
    return strncmp(s, prefix, strlen(prefix)) == 0;
}

bool defined_with_body(CXCursor decl, CXCursor *def, CXCursor *body)
{
    if (clang_Cursor_isNull(decl))
        return false;
    *def = clang_getCursorDefinition(decl);
    if (clang_Cursor_isNull(*def)) {
        /* a call to a template specialization: its pattern has the body */
        CXCursor t = clang_getSpecializedCursorTemplate(decl);
        if (!clang_Cursor_isNull(t))
            *def = clang_getCursorDefinition(t);
    }
    if (clang_Cursor_isNull(*def))
        return false;
    *body = function_body(*def);
    return !clang_Cursor_isNull(*body);
}

char *cursor_usr(CXCursor c)
{
    CXString s = clang_getCursorUSR(c);
    char *u = strdup(clang_getCString(s) ? clang_getCString(s) : "");
    clang_disposeString(s);
    return u;
}
