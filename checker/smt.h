/* A thin layer over Z3's C API: one context per kernel, formulas built
 * with constant folding (so statically settled parts vanish before Z3
 * sees them), one solver call with a budget of work that honours the
 * deadline and never hangs, models, and the deadline's clock.  How a
 * query is decided (lemmas, relaxation, retries) is the solve stage's
 * (solve.h); this file calls no other checker file.
 *
 * Ownership: Smt owns its Z3 context (smt_free).  The context is
 * Z3_mk_context, so ASTs live as long as the context (we never push or
 * pop); solvers and models are reference counted here, as the API asks.
 * Z3 errors go to a handler that records them instead of aborting. */
#ifndef MAPKIT_SMT_H
#define MAPKIT_SMT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <z3.h>

typedef struct Smt {
    Z3_context ctx;
    Z3_sort int_sort, bool_sort;
    unsigned timeout_ms; /* for the whole Smt's life: every check gets what is left */
    double deadline_ms;  /* on smt_now_ms's clock */
    /* What the checker is doing, for "time limit reached while <phase>":
     * the stages set it ("encoding"), the checks set "solving" and
     * "shrinking a witness" while they run. */
    const char *phase;
    /* The phase in which the deadline was first seen passed (NULL: not
     * yet).  From then on every check answers unknown at once, so a
     * formula whose building was cut short never yields a verdict. */
    const char *expired_while;
    unsigned ticks; /* smt_out_of_time reads the clock every few calls */
    bool failed;       /* Z3 reported an error */
    char error[256];
    Z3_ast t, f;       /* true, false */
} Smt;

typedef enum { SMT_SAT, SMT_UNSAT, SMT_UNKNOWN } SmtAnswer;

/* "x.y.z.w": the version of the Z3 library the calls reach. */
const char *smt_version(void);

/* Milliseconds on CLOCK_MONOTONIC: the clock of every deadline. */
double smt_now_ms(void);
Smt *smt_new(unsigned timeout_ms);
/* The deadline is timeout_ms after started_ms (smt_now_ms's clock), not
 * after now: the time spent before (parsing, inference) counts too.
 * When it has passed already, the check expires "while <before>". */
Smt *smt_new_since(unsigned timeout_ms, double started_ms, const char *before);
/* The deadline has passed: building more formulas is pointless too.  Cheap
 * enough for inner loops (the clock is read every few calls); once true,
 * always true. */
bool smt_out_of_time(Smt *s);
/* The phase in which the deadline passed, reading the clock now (NULL:
 * there is time left). */
const char *smt_expired_while(Smt *s);

/* Budgets of work for the checks that are only worth a try, in Z3's
 * resource units ("rlimit"), not milliseconds: Z3 counts them
 * deterministically, so a query gets the same answer on an idle or a
 * loaded machine.  Wall time bounds only the kernel as a whole (the
 * user's --timeout).  About SMT_UNITS_PER_MS units are one millisecond of
 * solving on the machine the budgets were calibrated on (docs/checker.md,
 * "Deadlines and budgets"). */
#define SMT_UNITS_PER_MS 3000u
void smt_free(Smt *s);

Z3_ast smt_int(Smt *s, int64_t v);
Z3_ast smt_const(Smt *s, const char *name, bool boolean);
Z3_ast smt_bool(Smt *s, bool v);
bool smt_is_true(Smt *s, Z3_ast a);

/* The length of a constant's name without its thread suffix: `tid$1` and
 * `tid$2` both give 3 (`tid`); a name without one, its whole length. */
size_t smt_threadless_length(const char *name);

/* The kind of a's operator; Z3_OP_UNINTERPRETED where a is no application
 * (a quantifier, a bound variable). */
Z3_decl_kind smt_kind(Z3_context c, Z3_ast a);
bool smt_is_false(Smt *s, Z3_ast a);

/* Folding constructors: and/or with true/false, not of constants. */
Z3_ast smt_and2(Smt *s, Z3_ast a, Z3_ast b);
Z3_ast smt_or2(Smt *s, Z3_ast a, Z3_ast b);
Z3_ast smt_not(Smt *s, Z3_ast a);
Z3_ast smt_implies(Smt *s, Z3_ast a, Z3_ast b);
Z3_ast smt_and(Smt *s, int n, const Z3_ast *a);
Z3_ast smt_or(Smt *s, int n, const Z3_ast *a);
Z3_ast smt_eq(Smt *s, Z3_ast a, Z3_ast b);
Z3_ast smt_ite(Smt *s, Z3_ast c, Z3_ast a, Z3_ast b);

/* A growable conjunction or disjunction. */
typedef struct SmtList {
    Z3_ast *items;
    int n, cap;
    bool settled; /* an and met false, or an or met true */
} SmtList;
void smt_list_add(SmtList *l, Z3_ast a);
void smt_list_free(SmtList *l);

/* One solver call: is f satisfiable, within `units` of work (0: up to
 * the deadline) and with Z3's random seed `seed`?  *used gets the units
 * it spent.  On SMT_SAT and when model is not NULL, *model is a reference
 * the caller releases with smt_model_free.  Z3's own timeout stops it at
 * the deadline; a watchdog thread interrupts what ignores that (some
 * tactics do), so a call never hangs; an interrupted context has failed,
 * and a failed one answers SMT_UNKNOWN.  It does not read the deadline
 * first: the caller (solve.c) decides whether a call is worth making. */
SmtAnswer smt_attempt(Smt *s, Z3_ast f, Z3_model *model, unsigned units, unsigned seed, uint64_t *used);
void smt_model_free(Smt *s, Z3_model m);
/* Applies a tactic (the caller holds references to t and g) under the
 * deadline's watchdog, not Z3's own timers (try_for: Z3 4.8.12's timer
 * pool can deadlock).  NULL when the tactic failed (s stays usable) or
 * ran into the deadline (s has failed). */
Z3_apply_result smt_tactic_apply(Smt *s, Z3_tactic t, Z3_goal g);
/* The model's value of an integer (or boolean, as 0/1) term. */
bool smt_eval(Smt *s, Z3_model m, Z3_ast t, int64_t *out);

#endif
