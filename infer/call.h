/* Calls (call.c): a call to its protocol statements and value.
 *
 * Ownership: as infer_ctx.h says. */
#ifndef MAPKIT_INFER_CALL_H
#define MAPKIT_INFER_CALL_H

#include "infer_ctx.h"

Value tr_call(Infer *in, CXCursor call);
bool call_is_arith(CXCursor call);   /* min, max, pow2, ... without side effects */
bool call_is_contract(CXCursor call); /* __invariant(e), __ensures(e), ...: a proof hint */
Expr *with_thread(Infer *in, Expr *e, int thread); /* e read in thread 1 or 2 (1@x) */

#endif
