/* Calls (call.c): a call to its protocol statements and value.
 *
 * Ownership: as infer_ctx.h says. */
#ifndef MAPKIT_INFER_CALL_H
#define MAPKIT_INFER_CALL_H

#include "model.h"

Value tr_call(Infer *in, CXCursor call);
/* The effects of evaluating the call's object and arguments, its value
 * not used (a call that only needs them run). */
void args_effects(Infer *in, const Call *c);
/* The call with def's body inlined (def: the callee, or what the call
 * stands for, as a constructor's conversion). */
Value call_inline(Infer *in, const Call *c, CXCursor def, CXCursor body);
/* The call running one of n callees (targets with a body), chosen by an
 * unknown: per thread, or, when compile_time (a template's instantiation,
 * the same in every thread), one for the whole block. */
Value call_one_of(Infer *in, const Call *c, const CXCursor *targets, int n, bool compile_time);

#endif
