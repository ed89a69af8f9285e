/* Forward goto (docs/inference.md, "Forward goto").
 *
 * `goto L;` to a label later in an enclosing block is taken like a
 * `break` out of the region that runs from the block's start to the
 * label: the statements it skips run under `if (!jumped)`, and from the
 * label on everything runs again.  Followed only when no goto to L sits
 * inside a loop or switch of the region (its `break` would mean that
 * statement) and no `break` of the region leaves it (it would be taken
 * for the goto's); other gotos stay `opaque`.
 *
 * Ownership: the label stack is the Infer context's (freed with it). */
#include "internal.h"

#include <stdlib.h>

/* The label a goto names is its LabelStmt; libclang's cursors for it
 * differ in their parent, so they are compared by place. */
static bool same_label(CXCursor go, CXCursor label)
{
    CXCursor target = clang_getCursorReferenced(child_at(go, 0));
    return clang_getCursorKind(target) == CXCursor_LabelStmt &&
           clang_equalLocations(clang_getCursorLocation(target), clang_getCursorLocation(label));
}

typedef struct RegionScan {
    CXCursor label;
    int depth; /* loops and switches entered */
    bool jumps; /* a goto to label was seen */
    bool bad;
} RegionScan;

static bool is_breakable(enum CXCursorKind k)
{
    return k == CXCursor_ForStmt || k == CXCursor_WhileStmt || k == CXCursor_DoStmt ||
           k == CXCursor_SwitchStmt || k == CXCursor_CXXForRangeStmt;
}

static enum CXChildVisitResult scan_region(CXCursor c, CXCursor parent, CXClientData data)
{
    (void)parent;
    RegionScan *r = data;
    enum CXCursorKind k = clang_getCursorKind(c);
    if (k == CXCursor_LambdaExpr)
        return CXChildVisit_Continue; /* another function's statements */
    if (k == CXCursor_GotoStmt && same_label(c, r->label)) {
        r->jumps = true;
        r->bad |= r->depth > 0;
    }
    if (k == CXCursor_BreakStmt && r->depth == 0)
        r->bad = true;
    if (is_breakable(k)) {
        r->depth++;
        clang_visitChildren(c, scan_region, r);
        r->depth--;
        return CXChildVisit_Continue;
    }
    return r->bad ? CXChildVisit_Break : CXChildVisit_Recurse;
}

int goto_region_end(CXCursor *items, int n)
{
    for (int k = 1; k < n; k++) {
        if (clang_getCursorKind(items[k]) != CXCursor_LabelStmt)
            continue;
        RegionScan r = {items[k], 0, false, false};
        for (int i = 0; i < k && !r.bad; i++) {
            if (is_breakable(clang_getCursorKind(items[i]))) {
                r.depth++;
                clang_visitChildren(items[i], scan_region, &r);
                r.depth--;
            } else {
                scan_region(items[i], clang_getNullCursor(), &r);
                if (!r.bad)
                    clang_visitChildren(items[i], scan_region, &r);
            }
        }
        if (r.jumps)
            return r.bad ? -1 : k;
    }
    return -1;
}

bool goto_followed(Infer *in, CXCursor go)
{
    for (int i = 0; i < in->ngoto_labels; i++)
        if (same_label(go, in->goto_labels[i]))
            return true;
    return false;
}
