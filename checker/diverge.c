/* Silencing divergent syncs for the race check (diverge.h). */
#include "diverge.h"

#include <stdlib.h>

/* `true`: the condition of a silenced sync's `assume`. */
static Expr always = {.kind = E_BOOL, .type = TY_BOOL, .depth = 1, .u.boolean = true};

void silence_sync(Silenced *s, const Stmt *sync)
{
    /* The statement is the kernel's, borrowed as const by the result: it is
     * changed in place (so ids, tables and witnesses stay valid) and put
     * back by restore_syncs before anyone else sees the kernel. */
    Stmt *st = (Stmt *)sync;
    s->stmts = xrealloc(s->stmts, (size_t)(s->n + 1) * sizeof *s->stmts);
    s->saved = xrealloc(s->saved, (size_t)(s->n + 1) * sizeof *s->saved);
    s->stmts[s->n] = st;
    s->saved[s->n++] = *st;
    st->kind = S_ASSUME;
    st->u.assume.cond = &always;
}

void restore_syncs(Silenced *s)
{
    for (int i = s->n - 1; i >= 0; i--)
        *s->stmts[i] = s->saved[i];
    free(s->stmts);
    free(s->saved);
    *s = (Silenced){0};
}
