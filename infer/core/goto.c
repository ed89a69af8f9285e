/* Forward goto (docs/inference.md, "Forward goto").
 *
 * `goto L;` to a label later in an enclosing block leaves the region
 * that runs from the block's start to the label (a jump of its own,
 * Jumps.go, also out of the loops and switches of the region, as a
 * `return` leaves them): the statements it skips run under `if
 * (!jumped)`, and from the label on everything runs again.  Only gotos
 * to the innermost such label are followed; other gotos stay `opaque`.
 *
 * Ownership: the label stack is the Infer context's (freed with it). */
#include "loop.h"

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
    bool jumps; /* a goto to label was seen */
} RegionScan;

static enum CXChildVisitResult scan_region(CXCursor c, CXCursor parent, CXClientData data)
{
    (void)parent;
    RegionScan *r = data;
    enum CXCursorKind k = clang_getCursorKind(c);
    if (k == CXCursor_LambdaExpr)
        return CXChildVisit_Continue; /* another function's statements */
    if (k == CXCursor_GotoStmt && same_label(c, r->label)) {
        r->jumps = true;
        return CXChildVisit_Break;
    }
    return CXChildVisit_Recurse;
}

int goto_region_end(CXCursor *items, int n)
{
    for (int k = 1; k < n; k++) {
        if (clang_getCursorKind(items[k]) != CXCursor_LabelStmt)
            continue;
        RegionScan r = {items[k], false};
        for (int i = 0; i < k && !r.jumps; i++) {
            scan_region(items[i], clang_getNullCursor(), &r);
            if (!r.jumps)
                clang_visitChildren(items[i], scan_region, &r);
        }
        if (r.jumps)
            return k;
    }
    return -1;
}

bool goto_followed(Infer *in, CXCursor go)
{
    return in->ngoto_labels > 0 && same_label(go, in->goto_labels[in->ngoto_labels - 1]);
}
