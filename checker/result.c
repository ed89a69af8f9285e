/* Verdicts and witnesses shared by the engines and the interpreter. */
#include "result.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

KernelResult *result_new(const Kernel *k, const char *engine)
{
    KernelResult *r = xcalloc(1, sizeof *r);
    r->kernel = k;
    r->verdict = V_DRF;
    r->engine = engine;
    return r;
}

void witness_free(Witness *w)
{
    free(w->index);
    free(w->globals);
    free(w->locals);
    free(w->note);
    memset(w, 0, sizeof *w);
}

static int64_t floor_div(int64_t a, int64_t b)
{
    int64_t q = a / b;
    return (a % b != 0 && (a < 0) != (b < 0)) ? q - 1 : q;
}

void witness_set_byte(Witness *w, int ndims, const int64_t *sizes, int width, int64_t b)
{
    free(w->index);
    w->ndims = ndims;
    w->index = xcalloc((size_t)ndims + 1, sizeof *w->index);
    w->bytes = true;
    w->byte_at = b;
    int64_t flat = width > 0 ? floor_div(b, width) : 0;
    w->byte = ndims > 0 && width > 0 ? b - flat * width : b;
    for (int d = ndims - 1; d > 0; d--) {
        int64_t size = sizes[d] > 0 ? sizes[d] : 1;
        w->index[d] = flat - floor_div(flat, size) * size;
        flat = floor_div(flat, size);
    }
    if (ndims > 0)
        w->index[0] = flat;
}

void result_free(KernelResult *r)
{
    if (!r)
        return;
    free(r->fact_hint);
    for (int i = 0; i < r->nraces; i++)
        witness_free(&r->races[i]);
    free(r->diverging);
    free(r->races);
    free(r->benign);
    witness_free(&r->divergence);
    free(r->message);
    free(r->conditions);
    free(r->conditions_pinned);
    free(r);
}

void result_set_message(KernelResult *r, Verdict v, Loc where, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    char buf[1024];
    vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    free(r->message);
    r->message = strcpy(xmalloc(strlen(buf) + 1), buf);
    r->verdict = v;
    r->where = where;
}

void result_set_undecided(KernelResult *r, Loc where, const char *what, const char *expired_while,
                          const char *solver_error)
{
    if (expired_while)
        result_set_message(r, V_UNKNOWN, where, "time limit reached while %s (%s; see --timeout)",
                           expired_while, what);
    else if (solver_error && *solver_error)
        result_set_message(r, V_UNKNOWN, where, "the solver could not decide %s: %s", what, solver_error);
    else
        result_set_message(r, V_UNKNOWN, where, "the solver could not decide %s (resource limit)", what);
}

void result_settle_opaque(KernelResult *r, const Stmt *opaque)
{
    if (!opaque)
        return;
    r->opaque = opaque;
    if (r->verdict == V_DRF) {
        result_set_message(r, V_UNKNOWN, opaque->loc,
                           "the protocol is incomplete here ('opaque': something the kernel does "
                           "is not in it), so data-race freedom is not proved");
        return;
    }
    /* A barrier hidden in what is left out could separate the two accesses,
     * or be the one that diverges. */
    for (int i = 0; i < r->nraces; i++)
        r->races[i].definite = false;
    r->divergence.definite = false;
}

void result_settle_divergence(KernelResult *r, int nsilenced)
{
    r->nsilenced = nsilenced;
    for (int i = 0; i < r->nraces; i++)
        r->races[i].definite = false;
    if (r->nraces)
        r->verdict = V_RACY;
    else if (r->verdict != V_UNKNOWN && r->verdict != V_ERROR)
        r->verdict = V_DIVERGENT;
    /* else the race search was cut (time, a solver's unknown): the kernel
     * may race as well as diverge, so it stays undecided, its divergence
     * listed with it (a time limit never turns into another verdict) */
}

void result_append_races(KernelResult *r, KernelResult *from)
{
    VEC_GROW(r->races, r->nraces, r->nraces + from->nraces + 1);
    for (int i = 0; i < from->nraces; i++)
        r->races[r->nraces++] = from->races[i];
    free(from->races);
    from->races = NULL;
    from->nraces = 0;
    for (int i = 0; i < from->nbenign; i++) {
        const BenignNote *b = &from->benign[i];
        bool known = false;
        for (int j = 0; j < r->nbenign; j++)
            known |= strcmp(r->benign[j].array, b->array) == 0;
        if (!known) {
            VEC_GROW(r->benign, r->nbenign, r->nbenign + 1);
            r->benign[r->nbenign++] = *b;
        }
    }
    free(from->benign);
    from->benign = NULL;
    from->nbenign = 0;
}

Witness *result_add_race(KernelResult *r)
{
    VEC_GROW(r->races, r->nraces, r->nraces + 1);
    Witness *w = &r->races[r->nraces++];
    memset(w, 0, sizeof *w);
    r->verdict = V_RACY;
    return w;
}

void result_add_benign(KernelResult *r, Loc loc, const char *array, const int64_t *index, int ndims,
                       int64_t value)
{
    for (int i = 0; i < r->nbenign; i++)
        if (strcmp(r->benign[i].array, array) == 0)
            return;
    VEC_GROW(r->benign, r->nbenign, r->nbenign + 1);
    BenignNote *b = &r->benign[r->nbenign++];
    b->loc = loc;
    b->array = array;
    char cell[96] = "";
    size_t used = 0;
    for (int d = 0; d < ndims && used < sizeof cell; d++)
        used += (size_t)snprintf(cell + used, sizeof cell - used, "[%lld]", (long long)index[d]);
    snprintf(b->text, sizeof b->text,
             "benign write-write race on %s%s: both threads write %lld (--strict-writes reports it)", array, cell, (long long)value);
}

void witness_add_global(Witness *w, const Sym *s, int64_t v)
{
    VEC_GROW(w->globals, w->nglobals, w->nglobals + 1);
    w->globals[w->nglobals++] = (Binding){s, v};
}

void witness_add_local(Witness *w, const Sym *s, int thread, int64_t v)
{
    LocalRow *row = NULL;
    for (int i = 0; i < w->nlocals; i++)
        if (w->locals[i].sym == s)
            row = &w->locals[i];
    if (!row) {
        VEC_GROW(w->locals, w->nlocals, w->nlocals + 1);
        row = &w->locals[w->nlocals++];
        memset(row, 0, sizeof *row);
        row->sym = s;
    }
    if (thread == 1) {
        row->has1 = true;
        row->v1 = v;
    } else {
        row->has2 = true;
        row->v2 = v;
    }
}

void witness_set_note(Witness *w, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    char buf[1024];
    vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    free(w->note);
    w->note = strcpy(xmalloc(strlen(buf) + 1), buf);
}

const char *verdict_name(Verdict v)
{
    static const char *const names[] = {
        [V_DRF] = "drf",         [V_RACY] = "racy",       [V_DIVERGENT] = "divergent",
        [V_ILLFORMED] = "error", [V_UNKNOWN] = "unknown", [V_ERROR] = "error",
    };
    return names[v];
}

static const char *mode_word(AccessMode m)
{
    return m == ACC_RD ? "read" : m == ACC_WR ? "write" : "atomic";
}

const char *race_kind(AccessMode m1, AccessMode m2)
{
    static char buf[3][3][16];
    char *s = buf[m1][m2];
    if (!s[0])
        snprintf(s, sizeof buf[0][0], "%s-%s", mode_word(m1), mode_word(m2));
    return s;
}
