/* The generator's byte helpers (docs/codegen.md, "Byte accesses"), read
 * back as the protocol's byte accesses (docs/language.md 3.3):
 *
 *     __mapkit_rd_bytes(A, o, w)            rd A bytes(o, w);
 *     int x = __mapkit_rd_bytes(A, o, w);   local x = rd A bytes(o, w);
 *     __mapkit_wr_bytes(A, o, w)            wr A bytes(o, w);
 *     __mapkit_wr_bytes_value(A, o, w, e)   wr A bytes(o, w) = e;
 *     __mapkit_atomic_bytes[_block|_system](A, o, w)   atomic [block|system] A bytes(o, w);
 *
 * and OpenCL's `_local` / `_global` forms of each.  A pointer into A
 * rather than A itself moves the offset by the bytes before the cell it
 * points at; an offset or width the protocol cannot follow is an unknown;
 * a pointer it does not track is `opaque`.
 *
 * Ownership: expressions live in the Program's arena. */
#include "models.h"

#include "env.h"
#include "expr.h"

#include <string.h>

typedef struct ByteHelper {
    const char *name;
    AccessMode mode;
    bool value;        /* a fourth argument: the written value */
    AtomicScope scope; /* an atomic's */
} ByteHelper;

static const ByteHelper helpers[] = {
    {"__mapkit_rd_bytes", ACC_RD, false, SCOPE_DEVICE},
    {"__mapkit_wr_bytes_value", ACC_WR, true, SCOPE_DEVICE},
    {"__mapkit_wr_bytes", ACC_WR, false, SCOPE_DEVICE},
    {"__mapkit_atomic_bytes_block", ACC_ATOMIC, false, SCOPE_BLOCK},
    {"__mapkit_atomic_bytes_system", ACC_ATOMIC, false, SCOPE_SYSTEM},
    {"__mapkit_atomic_bytes", ACC_ATOMIC, false, SCOPE_DEVICE},
};

/* name is helper, or helper_local / helper_global (OpenCL) */
static const ByteHelper *find_helper(const char *name)
{
    for (size_t i = 0; i < sizeof helpers / sizeof *helpers; i++) {
        size_t n = strlen(helpers[i].name);
        if (strncmp(name, helpers[i].name, n) == 0 &&
            (!name[n] || strcmp(name + n, "_local") == 0 || strcmp(name + n, "_global") == 0))
            return &helpers[i];
    }
    return NULL;
}

static Expr *int_or_unknown(Infer *in, CXCursor arg, const char *base, Loc loc)
{
    Expr *e = tr_int(in, arg);
    return e ? e : emit_local(in, base, loc);
}

bool byte_helper_call(Infer *in, const Call *c, Value *out)
{
    const ByteHelper *h = find_helper(c->name);
    if (!h || c->nargs != (h->value ? 4 : 3))
        return false;
    Value p = tr_value(in, c->args[0]);
    if (p.kind == V_PRIVATE)
        return true; /* the thread's own memory never races */
    long long cell = p.kind == V_PTR ? (p.cell ? p.cell : array_cell_bytes(p.arr)) : 0;
    Expr *off = int_or_unknown(in, c->args[1], "offset", c->loc);
    Expr *width = int_or_unknown(in, c->args[2], "width", c->loc);
    Expr *value = h->value ? tr_int(in, c->args[3]) : NULL;
    Stmt *s = cell > 0 ? emit_byte_access(in, h->mode, p.arr, p.idx, p.nidx, p.unit, cell, width, c->loc) : NULL;
    if (!s) {
        opaque_at(in, c->cursor, "'%s' through a pointer the protocol does not track is not followed", c->name);
        return true;
    }
    s->u.access.byte_off = mk_binary(in, OP_ADD, s->u.access.byte_off, off);
    s->u.access.value = value;
    if (h->mode == ACC_ATOMIC)
        s->u.access.scope = (uint8_t)h->scope;
    if (h->mode == ACC_RD && s->u.access.mode == ACC_RD) {
        Expr *shared[2] = {s->u.access.byte_off, width};
        *out = value_int(name_read(in, s, p.arr, shared, 2, c->loc));
    }
    return true;
}
