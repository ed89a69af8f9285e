/* The parser's actions for atomics with a scope or a memory order and for
 * tickets (docs/language.md 3.7):
 *
 *     atomic block A[i];              an atomic only among the block's threads
 *     atomic system acq_rel A[i];     with the memory order the source states
 *     atomic load relaxed A[i];       an atomic that only reads (`a.load()`)
 *     local t = ticket(c[i], k);      t = atomicAdd(&c[i], k)
 *     local t = ticket block(c, -1);  t = atomicSub_block(&c, 1)
 *
 * `load`, `block`, `device`, `system`, the orders and `ticket` are words only here,
 * as `grid` is after `sync`, so variables may still carry those names. */
#include "parse_state.h"

#include <string.h>

/* A scope, a memory order or `load` a word names; false (with an error)
 * for any other word, or a second word of the same kind. */
static bool atomic_word(ParseState *ps, const Token *w, Stmt *s, bool *scoped)
{
    uint8_t *scope = &s->u.access.scope, *order = &s->u.access.order;
    if (strcmp(w->name, "load") == 0 && s->u.access.ticket) {
        diag_at(ps->diag, SEV_ERROR, w->loc, "a ticket updates its counter: it takes a scope and a memory order, "
                "not 'load'");
        return false;
    }
    if (strcmp(w->name, "load") == 0 && !s->u.access.load) {
        s->u.access.load = 1;
        return true;
    }
    static const AtomicScope scopes[] = {SCOPE_BLOCK, SCOPE_DEVICE, SCOPE_SYSTEM};
    for (size_t i = 0; i < sizeof scopes / sizeof scopes[0]; i++)
        if (strcmp(w->name, atomic_scope_name(scopes[i])) == 0) {
            if (*scoped)
                break;
            *scope = (uint8_t)scopes[i];
            *scoped = true;
            return true;
        }
    for (int o = ORDER_RELAXED; o <= ORDER_SEQ_CST && *order == ORDER_UNSAID; o++)
        if (strcmp(w->name, memory_order_name((MemoryOrder)o)) == 0) {
            *order = (uint8_t)o;
            return true;
        }
    diag_at(ps->diag, SEV_ERROR, w->loc,
            "expected 'load', a scope ('block', 'device' or 'system') or a memory order ('relaxed', 'consume', "
            "'acquire', 'release', 'acq_rel' or 'seq_cst'), at most one of each, not '%s'",
            w->name);
    return false;
}

static void atomic_words(ParseState *ps, const Token *w1, const Token *w2, const Token *w3, Stmt *s)
{
    bool scoped = false;
    if (w1 && atomic_word(ps, w1, s, &scoped) && w2 && atomic_word(ps, w2, s, &scoped) && w3)
        atomic_word(ps, w3, s, &scoped);
}

Stmt *parse_scoped_access(ParseState *ps, const Token *mode, const Token *const words[3], const Token *array,
                          const ExprList *index, const Token *end)
{
    Stmt *s = parse_access(ps, mode, array, index, NULL, end);
    const Token *w1 = words[0], *w2 = words[1], *w3 = words[2];
    if (mode->num != ACC_ATOMIC) {
        diag_at(ps->diag, SEV_ERROR, w1->loc, "only an atomic has a scope, a memory order or 'load': '%s %s%s%s%s%s "
                "%s' is not a statement", access_mode_name((AccessMode)mode->num), w1->name, w2 ? " " : "",
                w2 ? w2->name : "", w3 ? " " : "", w3 ? w3->name : "", array->name);
        return s;
    }
    atomic_words(ps, w1, w2, w3, s);
    return s;
}

Stmt *parse_ticket(ParseState *ps, const Token *kw, const Token *var, const Token *word, const Token *w1,
                   const Token *w2, const Token *counter, const ExprList *index, Expr *amount, const Token *end)
{
    Token atomic = *kw;
    atomic.num = ACC_ATOMIC;
    Stmt *s = parse_access(ps, &atomic, counter, index, NULL, end);
    if (strcmp(word->name, "ticket") != 0)
        diag_at(ps->diag, SEV_ERROR, word->loc, "expected 'ticket' or an expression after '=', not '%s'",
                word->name);
    s->u.access.ticket = expr_var(ps->prog, var->loc, var->name); /* first: a ticket takes no `load` */
    atomic_words(ps, w1, w2, NULL, s);
    s->u.access.amount = amount;
    return s;
}
