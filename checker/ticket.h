/* Unique slots from atomics (docs/language.md): `local t = ticket(c[i], k);` is
 * `t = atomicAdd(&c[i], k)`.  Each thread's draw covers the counter values
 * [t, t + k) (for a decrement, `ticket(c, -k)` = atomicSub(&c, k): the
 * values t - k + 1 .. t), and the draws of distinct threads on one counter
 * cell do not overlap, so `wr wl[t + j]` with 0 <= j < k does not race.
 *
 * This holds under two assumptions, as GPUVerify's atomics do:
 *   - the counter does not overflow during the launch (atomicInc and
 *     atomicDec, which wrap at their limit, are no tickets: the front end
 *     gives them plain unknowns);
 *   - the counter only moves by such draws, all in one direction.  The
 *     second is checked here: a counter array that some other statement
 *     writes (a plain write, an atomic that is not a ticket), or whose
 *     tickets do not all have amounts of one known sign, gives tickets that
 *     are plain unknowns, as `local t;` is.
 * A block-scoped ticket is atomic only within its block, and a counter in
 * shared memory is a cell of each block: for either, draws of threads of
 * two blocks may overlap (race_query.c; `run` keeps one counter per block).
 *
 * A shared scalar counter that every block provably starts at 0, drawn
 * from by constant increments outside loops, is also bounded: each draw
 * lies below the threads of a block times the sum of the amounts
 * (Facts.ticket_cap).
 *
 * The constraints that T1's and T2's draws are disjoint, and bounded, are
 * part of every race query (race_query.c).
 *
 * Ownership: ticket_facts fills Facts.ticket_distinct and ticket_cap
 * (freed by facts_free). */
#ifndef MAPKIT_TICKET_H
#define MAPKIT_TICKET_H

#include "diag.h"
#include "facts.h"

/* Which way a ticket moves its counter, from the amount's form: +1 (a
 * natural-valued amount), -1 (`-e` of one), 0 (unknown sign). */
int ticket_direction(const Stmt *s);

/* Facts.ticket_distinct, ticket_cap and has_tickets, for facts_new. */
void ticket_facts(Facts *f);

/* A warning at the first ticket of each counter whose draws are not taken
 * as distinct, with a note at the statement that is why. */
void ticket_warnings(const Facts *f, Diag *d);

#endif
