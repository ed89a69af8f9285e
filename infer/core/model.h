/* The extension points of the translation (docs/architecture-infer.md):
 * models of libraries and constructs plug in here, and core reaches them
 * only through this header, never by name.
 *
 * Calls.  tr_call (call.c) resolves a call once into a Call, then tries
 * the tiers in the order of Tier.  A tier belongs to core or to the
 * models, never to both: core's rows are call.c's own, the models' are
 * the ModelSet's, which the entry hands to infer_kernel.  Within a tier
 * the rows are tried in their order until one takes the call, so the
 * order of the rows is part of their meaning: a call two rows could take
 * goes to the first.  A row states what it matches (a name prefix, a list
 * of names, a dialect); its handler may refuse what the row let through
 * (a declaration it does not know, a count of arguments), and should then
 * leave no trace: no statement emitted, no argument evaluated, *out as it
 * was (groups.c's queries on an object that is no group are the exception:
 * they evaluate it first).
 *
 * Questions outside calls.  A model may answer the few questions core
 * asks elsewhere (the hooks of Model; NULL for those it does not answer).
 * A question answered yes or no is yes when any model says so; one that
 * translates something is asked in the set's order until a model does.
 *
 * State.  A model keeps what it needs for the kernel being translated in
 * a slot of its own, never in Infer: slot_size zeroed bytes that core
 * allocates when the kernel begins and frees when the kernel's body is
 * translated (after the model's end hook).  A slot holds plain values (no
 * memory of its own to free): a trial translation copies it and sets it
 * back.  The model reaches it with
 * model_slot and keeps no pointer into it past the kernel; a model with
 * no state has slot_size 0 and no slot.
 *
 * Ownership: the ModelSet, its rows and its models are constants of the
 * entry (frontend.c); the slots are the context's, for their models. */
#ifndef MAPKIT_INFER_MODEL_H
#define MAPKIT_INFER_MODEL_H

#include "infer_ctx.h"

/* A call as tr_call resolved it, once. */
typedef struct Call {
    CXCursor cursor;  /* the call expression */
    const char *name; /* the callee's name; "" when it has none (an operand, a pointer) */
    CXCursor decl;    /* the declaration a CallExpr calls, or a null cursor */
    bool has_body;    /* decl has a definition with a body: def and body */
    CXCursor def, body;
    CXCursor object;  /* the object of a member call, or a null cursor */
    CXCursor *args;   /* the arguments, defaults filled in */
    int nargs;
    Loc loc;
} Call;

/* The tiers of a call, in the order tr_call tries them. */
typedef enum Tier {
    TIER_GENERATOR, /* models: the generator's helpers, by name before any body the file gives them */
    TIER_LIBRARY,   /* models: library classes known by the declaration called (libcu++, CUB) */
    TIER_OPERATOR,  /* core: an operator clang left unresolved, or one with no body of the user's */
    TIER_REFUSAL,   /* core: calls not followed (a launch from device code, a virtual call) */
    TIER_COPY,      /* core: an implicit copy or move constructor */
    TIER_BODY,      /* core: a callee with a body, inlined */
    TIER_DEPENDENT, /* models: callees left open (a template's dependent call, a function pointer) */
    TIER_BUILTIN,   /* models: the dialect's built-in functions, intrinsics and math */
    TIER_FALLBACK,  /* core: a construction left dependent, a function with no body */
    NTIERS
} Tier;

/* true: the call is translated, its value in *out (value_none() unless
 * set); false: not this row's (and nothing done). */
typedef bool (*CallHandler)(Infer *in, const Call *c, Value *out);

typedef struct CallRow {
    Tier tier;
    const char *prefix;       /* the callee's name starts with it; NULL: any name */
    const char *const *names; /* the callee's name is one of these (NULL-terminated); NULL: any */
    const Dialect *dialect;   /* only in this dialect; NULL: in every one */
    CallHandler handle;
} CallRow;

typedef struct Model {
    const char *name;
    size_t slot_size; /* the model's state for a kernel (0: none) */
    /* the kernel's body is translated: the model's last word on the kernel
     * (it may still change its arrays, which are final after it) */
    void (*end)(Infer *in);
    /* a call with no effects that computes an integer from its arguments
     * (a loop bound with it stays exact) */
    bool (*pure_call)(CXCursor call);
    /* a call that is only a proof hint, never run (left out of a loop's
     * condition) */
    bool (*hint_call)(CXCursor call);
    /* `T var = init;` of a type left dependent that the model builds
     * itself: the variable's value */
    bool (*declared_object)(Infer *in, CXCursor var, CXCursor init, Value *out);
    /* the reads that `T var = init;` makes are atomic ones */
    bool (*atomic_read)(Infer *in, CXCursor init);
    /* one component of a vector value (`p.x`, `p.s1`, a group's
     * `block.group_index().x`) the protocol can follow */
    bool (*vector_component)(Infer *in, CXCursor e, Value *out);
    /* the call uses the kernel parameter param (of a template's type) as
     * an iterator: param is then a pointer into a global array */
    bool (*iterator_call)(Infer *in, CXCursor call, CXCursor param);
    /* `v[i]` (op "operator[]") on an object whose class the pattern
     * leaves dependent: the operator applied */
    bool (*dependent_operator)(Infer *in, CXCursor e, CXCursor object, CXCursor *args, int nargs, const char *op,
                               Value *out);
    /* the body of def is about to be inlined for call, its parameters
     * bound: what else the call fixes (template arguments) */
    void (*inline_begin)(Infer *in, CXCursor call, CXCursor def);
    /* `if (C) S` with no else in the kernel's own body, C just translated
     * into *cond: a model that knows more of this test may emit
     * statements before the if and give it another condition */
    bool (*if_condition)(Infer *in, CXCursor if_stmt, Expr **cond);
    /* a `do ... while` loop the model translates as a whole (emitting
     * its statements) but for *rest, a statement core translates once
     * after them */
    bool (*do_loop)(Infer *in, CXCursor loop, CXCursor *rest);
} Model;

typedef struct ModelSet {
    const Model *const *models;
    int nmodels;
    const CallRow *rows;
    int nrows;
} ModelSet;

/* ---- what core asks (model.c) ---- */
void models_begin(Infer *in);
void models_end(Infer *in);
void *model_slot(Infer *in, const Model *m); /* m's state for this kernel (NULL: it has none) */
/* A copy of every slot, and the slots set back from it (freeing it): a
 * trial translation (loop.h) undoes what the models noted in it, such as
 * a uniform made at first use, whose declaration the trial drops. */
void **models_save_slots(Infer *in);
void models_restore_slots(Infer *in, void **saved);
/* The models' rows of tier t, in order; true when one took the call. */
bool models_call(Infer *in, const Call *c, Tier t, Value *out);
bool models_pure_call(Infer *in, CXCursor call);
bool models_hint_call(Infer *in, CXCursor call);
bool models_declared_object(Infer *in, CXCursor var, CXCursor init, Value *out);
bool models_atomic_read(Infer *in, CXCursor init);
bool models_do_loop(Infer *in, CXCursor loop, CXCursor *rest);
bool models_vector_component(Infer *in, CXCursor e, Value *out);
bool models_iterator_call(Infer *in, CXCursor call, CXCursor param);
bool models_dependent_operator(Infer *in, CXCursor e, CXCursor object, CXCursor *args, int nargs, const char *op,
                               Value *out);
void models_inline_begin(Infer *in, CXCursor call, CXCursor def);
bool models_if_condition(Infer *in, CXCursor if_stmt, Expr **cond);
/* Does the row take a call of that name in this kernel's dialect, by
 * what it states (its handler may still refuse)? */
bool row_matches(const Infer *in, const CallRow *r, const char *name);

#endif
