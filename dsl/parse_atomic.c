/* The parser's actions for atomics with a scope and for tickets
 * (docs/language.md 3.4):
 *
 *     atomic block A[i];              an atomic only among the block's threads
 *     local t = ticket(c[i], k);      t = atomicAdd(&c[i], k)
 *     local t = ticket block(c, -1);  t = atomicSub_block(&c, 1)
 *
 * `block`, `device`, `system` and `ticket` are words only at these places,
 * as `grid` is after `sync`, so variables may still carry those names. */
#include "parse_state.h"

#include <string.h>

/* The scope a word names; false (with an error) for any other word. */
static bool scope_word(ParseState *ps, const Token *w, uint8_t *scope)
{
    static const AtomicScope scopes[] = {SCOPE_BLOCK, SCOPE_DEVICE, SCOPE_SYSTEM};
    for (size_t i = 0; i < sizeof scopes / sizeof scopes[0]; i++)
        if (strcmp(w->name, atomic_scope_name(scopes[i])) == 0) {
            *scope = (uint8_t)scopes[i];
            return true;
        }
    diag_at(ps->diag, SEV_ERROR, w->loc, "expected a scope ('block', 'device' or 'system'), not '%s'", w->name);
    return false;
}

Stmt *parse_scoped_access(ParseState *ps, const Token *mode, const Token *scope, const Token *array,
                          const ExprList *index, const Token *end)
{
    Stmt *s = parse_access(ps, mode, array, index, NULL, end);
    if (mode->num != ACC_ATOMIC) {
        diag_at(ps->diag, SEV_ERROR, scope->loc, "only an atomic has a scope: '%s %s %s' is not a statement",
                access_mode_name((AccessMode)mode->num), scope->name, array->name);
        return s;
    }
    scope_word(ps, scope, &s->u.access.scope);
    return s;
}

Stmt *parse_ticket(ParseState *ps, const Token *kw, const Token *var, const Token *word, const Token *scope,
                   const Token *counter, const ExprList *index, Expr *amount, const Token *end)
{
    Token atomic = *kw;
    atomic.num = ACC_ATOMIC;
    Stmt *s = parse_access(ps, &atomic, counter, index, NULL, end);
    if (strcmp(word->name, "ticket") != 0)
        diag_at(ps->diag, SEV_ERROR, word->loc, "expected 'ticket' or an expression after '=', not '%s'",
                word->name);
    if (scope)
        scope_word(ps, scope, &s->u.access.scope);
    s->u.access.ticket = expr_var(ps->prog, var->loc, var->name);
    s->u.access.amount = amount;
    return s;
}
