/* Surfaces (docs/inference.md): surf1D/2D/3Dwrite and ...read reach global
 * memory at their coordinates, so each surface is a global array of as many
 * dimensions, indexed [z][y][x].  The x coordinate is in bytes, as CUDA
 * has it, and the array's cells are bytes: an access of a T covers the
 * sizeof(T) bytes from x, so two threads conflict when their byte ranges
 * overlap (`x * 2` for a float surface), not only when they give the same
 * offset.
 *
 * A surface is known by the uniform that carries it (a kernel parameter of
 * type cudaSurfaceObject_t, also through inlined helpers) or by its
 * reference (`surface<void, 2> s;` at file scope).  Any other handle is not
 * followed: `opaque`.
 *
 * Textures need nothing here: their fetches read memory no thread writes,
 * so they are calls that compute a value (docs/inference.md). */
#include "models.h"

#include "env.h"
#include "expr.h"
#include "memops.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* surf2Dwrite -> 2 dimensions, a write; surf1DLayeredread -> 2, a read. */
static bool surface_op(const char *name, int *dims, bool *write)
{
    if (strncmp(name, "surf", 4) != 0 || name[4] < '1' || name[4] > '3' || name[5] != 'D')
        return false;
    *dims = name[4] - '0';
    const char *rest = name + 6;
    if (strncmp(rest, "Layered", 7) == 0) {
        (*dims)++;
        rest += 7;
    }
    *write = strcmp(rest, "write") == 0;
    return *write || strcmp(rest, "read") == 0;
}

static enum CXChildVisitResult find_decl_ref(CXCursor c, CXCursor parent, CXClientData data)
{
    (void)parent;
    if (clang_getCursorKind(c) == CXCursor_DeclRefExpr) {
        *(CXCursor *)data = c;
        return CXChildVisit_Break;
    }
    return CXChildVisit_Recurse;
}

/* The name that identifies the surface handle, or NULL. */
static const char *surface_key(Infer *in, CXCursor handle, char *buf, size_t size)
{
    CXCursor h = strip_expr(handle);
    if (clang_getCursorKind(h) != CXCursor_DeclRefExpr) /* a reference passed by value is copied */
        clang_visitChildren(h, find_decl_ref, &h);
    if (clang_getCursorKind(h) == CXCursor_DeclRefExpr) {
        CXCursor decl = clang_getCursorReferenced(h);
        if (clang_getCursorKind(decl) == CXCursor_VarDecl &&
            clang_getCursorKind(clang_getCursorSemanticParent(decl)) == CXCursor_TranslationUnit) {
            char *n = cursor_name(decl); /* a surface reference */
            snprintf(buf, size, "%s", n);
            free(n);
            return buf;
        }
    }
    Value v = tr_value(in, handle);
    if (v.kind == V_INT && v.e->kind == E_VAR && name_is_uniform(in, v.e->u.var.name)) {
        snprintf(buf, size, "%s", v.e->u.var.name);
        return buf;
    }
    return NULL;
}

/* The surface's array, made at its first use; NULL when an earlier use
 * gave it another number of coordinates (a 2-D view of a layered or 3-D
 * surface: cells the protocol cannot relate). */
static Array *surface_array(Infer *in, const char *key, int dims, Loc loc)
{
    char name[160];
    snprintf(name, sizeof name, "surface_%s", key);
    for (int i = 0; i < in->narrays; i++)
        if (strcmp(in->arrays[i]->name, name) == 0)
            return in->arrays[i]->ndims == dims ? in->arrays[i] : NULL;
    CXType none = {.kind = CXType_Invalid};
    Array *a = array_add(in, clang_getNullCursor(), name, MEM_GLOBAL, none, loc);
    a->ndims = dims;
    a->sizes = arena_alloc(&in->prog->arena, (size_t)dims * sizeof(Expr *));
    for (int i = 0; i < dims; i++)
        a->sizes[i] = NULL;
    return a;
}

/* The element a read with an out pointer (`surf2Dread(&v, s, x, y)`)
 * stores to. */
static void store_through(Infer *in, CXCursor call, CXCursor dst, Loc loc)
{
    Array *arr;
    Expr **idx;
    int n;
    CellKind cell = pointer_cell(in, dst, &arr, &idx, &n);
    if (cell == CELL_UNTRACKED)
        opaque_at(in, call, "a surface read through a pointer the protocol does not track is not followed");
    if (cell == CELL_TRACKED)
        emit_access(in, ACC_WR, arr, idx, n, loc);
}

/* The bytes one access moves: the written value's, the out pointer's
 * target's, or the returned value's (`surf2Dread<float>(s, x, y)`); 0
 * when clang cannot size it. */
static long long element_bytes(CXCursor call, CXType t0, bool write, bool out_ptr)
{
    CXType t = write ? t0 : out_ptr ? clang_getPointeeType(t0) : clang_getCursorType(call);
    long long n = clang_Type_getSizeOf(t);
    return n > 0 ? n : 0;
}

/* `surf2Dwrite(v, s, x, y)` of a 4-byte v: `foreach (k in 0 .. 4) wr
 * surface_s[y][x + k];`, the bytes it covers; an unknown count of them
 * when the width is not known. */
static void emit_surface_bytes(Infer *in, AccessMode mode, Array *arr, Expr **idx, int dims, long long width, Loc loc)
{
    if (width == 1) {
        emit_access(in, mode, arr, idx, dims, loc);
        return;
    }
    BlockMark m;
    Expr *count = width > 0 ? num_expr(in, width, loc) : emit_local(in, "count", loc);
    Expr *k = emit_count_loop(in, count, &m, loc);
    idx[dims - 1] = mk_binary(in, OP_ADD, idx[dims - 1], k);
    emit_access(in, mode, arr, idx, dims, loc);
    block_leave(in, &m);
}

/* surf1D/2D/3D[Layered]write and ...read: an access to the surface's
 * array at the call's coordinates; false when NAME is not one of them. */
static bool surface_access(Infer *in, const char *name, CXCursor call, CXCursor *args, int nargs, Loc loc, Value *out)
{
    int dims;
    bool write;
    if (!surface_op(name, &dims, &write))
        return false;
    *out = value_none();
    CXType t0 = nargs > 0 ? clang_getCanonicalType(clang_getCursorType(args[0])) : (CXType){0};
    bool out_ptr = !write && nargs > 0 && t0.kind == CXType_Pointer;
    int h = write || out_ptr ? 1 : 0; /* the handle's position */
    char buf[128];
    const char *key = nargs > h + dims ? surface_key(in, args[h], buf, sizeof buf) : NULL;
    if (write)
        tr_effects(in, args[0]);
    Expr *idx[4];
    for (int k = 0; k < dims && h + 1 + k < nargs; k++) {
        Value c = tr_value(in, args[h + 1 + k]);
        idx[dims - 1 - k] = c.kind == V_INT ? c.e : emit_local(in, "coord", loc);
    }
    for (int i = h + 1 + dims; i < nargs; i++)
        tr_effects(in, args[i]); /* the boundary mode */
    if (!key) {
        opaque_at(in, call, "'%s' on a surface the protocol cannot name (not a kernel parameter or a "
                            "surface reference) is not followed", name);
        return true;
    }
    Array *arr = surface_array(in, key, dims, loc);
    if (!arr) {
        opaque_at(in, call, "'%s' uses surface '%s' with %d coordinates, and another call with a different "
                            "number: not followed", name, key, dims);
        return true;
    }
    emit_surface_bytes(in, write ? ACC_WR : ACC_RD, arr, idx, dims, element_bytes(call, t0, write, out_ptr), loc);
    if (out_ptr)
        store_through(in, call, args[0], loc);
    return true;
}

bool surface_call(Infer *in, const Call *c, Value *out)
{
    return surface_access(in, c->name, c->cursor, c->args, c->nargs, c->loc, out);
}
