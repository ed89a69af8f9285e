/* The seed read of an atomicCAS loop (docs/inference.md, "atomicCAS
 * loops"):
 *
 *     int old = *addr, assumed;
 *     do { assumed = old; old = atomicCAS(addr, assumed, f(assumed)); }
 *     while (assumed != old);
 *
 * `old = *addr` is only a guess that the CAS checks: when the function
 * holding it passes the same address (the same tokens) to an atomicCAS,
 * the read is an atomic one, so the loop's other threads' CAS do not race
 * with it.  The spelling alone does not name a cell: `s[i]` after `i`
 * changed is another one, so no variable the address names may change
 * after the read (an assignment, `&i` or `int &` handed to a call, a `[&]`
 * lambda called).  Any other read stays a plain read. */
#include "models.h"

#include "assigned.h"

#include <stdlib.h>
#include <stdio.h>
#include <string.h>

enum { MAX_KEY = 256 };

/* The tokens of c, concatenated (`&`, `x`, `[`, `i`, `]` is "&x[i]"). */
static void spelling_of(Infer *in, CXCursor c, const char *prefix, char *out, size_t cap)
{
    CXToken *t = NULL;
    unsigned n = 0;
    clang_tokenize(in->tu, clang_getCursorExtent(c), &t, &n);
    size_t len = (size_t)snprintf(out, cap, "%s", prefix);
    for (unsigned i = 0; i < n && len < cap; i++) {
        CXString s = clang_getTokenSpelling(in->tu, t[i]);
        len += (size_t)snprintf(out + len, cap - len, "%s", clang_getCString(s));
        clang_disposeString(s);
    }
    if (t)
        clang_disposeTokens(in->tu, t, n);
    if (len >= cap)
        out[0] = '\0'; /* too long to compare: no match */
}

/* The address a read `*p` or `a[i]` reads, spelled as a CAS would name it. */
static bool read_address(Infer *in, CXCursor init, char *key, size_t cap)
{
    init = strip_expr(init);
    enum CXCursorKind k = clang_getCursorKind(init);
    if (k == CXCursor_UnaryOperator && clang_getCursorUnaryOperatorKind(init) == CXUnaryOperator_Deref)
        spelling_of(in, child_at(init, 0), "", key, cap);
    else if (k == CXCursor_ArraySubscriptExpr)
        spelling_of(in, init, "&", key, cap);
    else
        return false;
    return key[0] != '\0';
}

typedef struct CasSearch {
    Infer *in;
    const char *key;
} CasSearch;

/* atomicCAS(addr, ...) with addr spelled as the key */
static bool is_cas_on(CXCursor call, void *data)
{
    const CasSearch *cs = data;
    char *name = callee_name(call);
    bool cas = strncmp(name, "atomicCAS", 9) == 0 && clang_Cursor_getNumArguments(call) == 3;
    free(name);
    if (!cas)
        return false;
    char addr[MAX_KEY];
    spelling_of(cs->in, clang_Cursor_getArgument(call, 0), "", addr, sizeof addr);
    return addr[0] && strcmp(addr, cs->key) == 0;
}

static enum CXChildVisitResult find_call_or_read(CXCursor c, CXCursor parent, CXClientData data)
{
    (void)parent;
    enum CXCursorKind k = clang_getCursorKind(c);
    bool *hit = data;
    *hit = k == CXCursor_CallExpr || k == CXCursor_ArraySubscriptExpr ||
           (k == CXCursor_UnaryOperator && clang_getCursorUnaryOperatorKind(c) == CXUnaryOperator_Deref);
    return *hit ? CXChildVisit_Break : CXChildVisit_Recurse;
}

typedef struct AddressNames {
    CXCursor body, read;
    bool changed;
} AddressNames;

static enum CXChildVisitResult find_changed_name(CXCursor c, CXCursor parent, CXClientData data)
{
    (void)parent;
    AddressNames *an = data;
    if (clang_getCursorKind(c) == CXCursor_DeclRefExpr) {
        CXCursor decl = clang_getCursorReferenced(c);
        enum CXCursorKind k = clang_getCursorKind(decl);
        if ((k == CXCursor_VarDecl || k == CXCursor_ParmDecl) && decl_changed_after(an->body, decl, an->read))
            an->changed = true;
    }
    return an->changed ? CXChildVisit_Break : CXChildVisit_Recurse;
}

/* Does a variable the read's address names change after the read, so
 * that a CAS spelled alike later names another cell? */
static bool address_moves(CXCursor body, CXCursor read)
{
    AddressNames an = {body, read, false};
    clang_visitChildren(read, find_changed_name, &an);
    return an.changed;
}

/* `T old = *addr` (or `a[i]`) in a function that hands the same address
 * to atomicCAS: the seed of a CAS loop, read atomically. */
static bool cas_seed_read(Infer *in, CXCursor init)
{
    char key[MAX_KEY];
    if (clang_Cursor_isNull(init) || !read_address(in, init, key, sizeof key))
        return false;
    /* only the read itself becomes atomic: its address must read nothing */
    bool other = false;
    clang_visitChildren(strip_expr(init), find_call_or_read, &other);
    if (other)
        return false;
    CXCursor body = in->ncalls > 0 ? in->calls[in->ncalls - 1] : in->kernel_body;
    CasSearch cs = {in, key};
    return any_call(body, is_cas_on, &cs) && !address_moves(body, strip_expr(init));
}

const Model model_casloop = {
    .name = "atomicCAS loops",
    .atomic_read = cas_seed_read,
};
