/* Where the protocol's nodes point ([CAV21 Sec. 5]): a cursor's range in
 * the kernel's file, or, for code of other files (headers, the macros of
 * our CUDA header), the anchor: the call site being inlined. */
#include "env.h"

bool cursor_in_main_file(const Infer *in, CXCursor c)
{
    CXFile f;
    clang_getExpansionLocation(clang_getCursorLocation(c), &f, NULL, NULL, NULL);
    return f && clang_File_isEqual(f, in->main_file);
}

Loc loc_of(Infer *in, CXCursor c)
{
    CXSourceRange r = clang_getCursorExtent(c);
    CXFile f1, f2;
    unsigned off1, off2;
    clang_getExpansionLocation(clang_getRangeStart(r), &f1, NULL, NULL, &off1);
    clang_getExpansionLocation(clang_getRangeEnd(r), &f2, NULL, NULL, &off2);
    if (!f1 || !clang_File_isEqual(f1, in->main_file) || off1 > in->src->len)
        return in->anchor;
    Loc l = loc_at(in->src, off1);
    if (f2 && clang_File_isEqual(f2, in->main_file) && off2 >= off1 && off2 <= in->src->len)
        l.len = off2 - off1;
    return l;
}
