/* Z3 context, folding formula constructors and one solver call (see smt.h). */
#include "smt.h"

#include "arena.h"
#include "helper_thread.h"

#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

double smt_now_ms(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec * 1e3 + (double)t.tv_nsec / 1e6;
}

static double now_ms(void)
{
    return smt_now_ms();
}

/* Z3 calls this instead of aborting; the context is found again through a
 * small registry because the handler receives only the context. */
enum { MAX_LIVE = 16, WATCHDOG_GRACE_MS = 250 };
static Smt *live[MAX_LIVE];

static void on_z3_error(Z3_context ctx, Z3_error_code code)
{
    for (int i = 0; i < MAX_LIVE; i++) {
        if (live[i] && live[i]->ctx == ctx) {
            live[i]->failed = true;
            snprintf(live[i]->error, sizeof live[i]->error, "Z3: %s", Z3_get_error_msg(ctx, code));
            return;
        }
    }
}

/* Reads the clock: the deadline has passed (and is remembered to have). */
static bool deadline_passed(Smt *s)
{
    if (!s->expired_while && now_ms() >= s->deadline_ms)
        s->expired_while = s->phase ? s->phase : "checking";
    return s->expired_while != NULL;
}

bool smt_out_of_time(Smt *s)
{
    enum { CLOCK_EVERY = 16 }; /* the encoders call this in inner loops */
    if (s->expired_while)
        return true;
    return ++s->ticks % CLOCK_EVERY == 0 && deadline_passed(s);
}

const char *smt_expired_while(Smt *s)
{
    deadline_passed(s);
    return s->expired_while;
}

Smt *smt_new(unsigned timeout_ms)
{
    return smt_new_since(timeout_ms, now_ms(), NULL);
}

Smt *smt_new_since(unsigned timeout_ms, double started_ms, const char *before)
{
    Smt *s = xcalloc(1, sizeof *s);
    Z3_config cfg = Z3_mk_config();
    Z3_set_param_value(cfg, "model", "true");
    s->ctx = Z3_mk_context(cfg);
    Z3_del_config(cfg);
    Z3_set_error_handler(s->ctx, on_z3_error);
    for (int i = 0; i < MAX_LIVE; i++)
        if (!live[i]) {
            live[i] = s;
            break;
        }
    s->timeout_ms = timeout_ms;
    s->deadline_ms = started_ms + timeout_ms;
    s->phase = before ? before : "starting";
    deadline_passed(s);
    s->phase = "encoding";
    s->int_sort = Z3_mk_int_sort(s->ctx);
    s->bool_sort = Z3_mk_bool_sort(s->ctx);
    s->t = Z3_mk_true(s->ctx);
    s->f = Z3_mk_false(s->ctx);
    return s;
}

void smt_free(Smt *s)
{
    if (!s)
        return;
    for (int i = 0; i < MAX_LIVE; i++)
        if (live[i] == s)
            live[i] = NULL;
    Z3_del_context(s->ctx);
    free(s);
}

Z3_ast smt_int(Smt *s, int64_t v)
{
    return Z3_mk_int64(s->ctx, v, s->int_sort);
}

Z3_ast smt_const(Smt *s, const char *name, bool boolean)
{
    return Z3_mk_const(s->ctx, Z3_mk_string_symbol(s->ctx, name),
                       boolean ? s->bool_sort : s->int_sort);
}

size_t smt_threadless_length(const char *name)
{
    size_t n = strlen(name);
    if (n >= 2 && name[n - 2] == '$' && (name[n - 1] == '1' || name[n - 1] == '2'))
        return n - 2;
    return n;
}

Z3_decl_kind smt_kind(Z3_context c, Z3_ast a)
{
    return Z3_get_ast_kind(c, a) == Z3_APP_AST ? Z3_get_decl_kind(c, Z3_get_app_decl(c, Z3_to_app(c, a)))
                                                : Z3_OP_UNINTERPRETED;
}

Z3_ast smt_bool(Smt *s, bool v)
{
    return v ? s->t : s->f;
}

bool smt_is_true(Smt *s, Z3_ast a)
{
    return a == s->t;
}

bool smt_is_false(Smt *s, Z3_ast a)
{
    return a == s->f;
}

Z3_ast smt_and2(Smt *s, Z3_ast a, Z3_ast b)
{
    if (a == s->f || b == s->f)
        return s->f;
    if (a == s->t)
        return b;
    if (b == s->t || a == b)
        return a;
    Z3_ast args[2] = {a, b};
    return Z3_mk_and(s->ctx, 2, args);
}

Z3_ast smt_or2(Smt *s, Z3_ast a, Z3_ast b)
{
    if (a == s->t || b == s->t)
        return s->t;
    if (a == s->f)
        return b;
    if (b == s->f || a == b)
        return a;
    Z3_ast args[2] = {a, b};
    return Z3_mk_or(s->ctx, 2, args);
}

Z3_ast smt_not(Smt *s, Z3_ast a)
{
    if (a == s->t)
        return s->f;
    if (a == s->f)
        return s->t;
    return Z3_mk_not(s->ctx, a);
}

Z3_ast smt_implies(Smt *s, Z3_ast a, Z3_ast b)
{
    return smt_or2(s, smt_not(s, a), b);
}

/* n-ary forms fold constants and drop duplicates of true/false. */
static Z3_ast nary(Smt *s, int n, const Z3_ast *a, bool conj)
{
    Z3_ast unit = conj ? s->t : s->f, zero = conj ? s->f : s->t;
    Z3_ast *keep = xmalloc((size_t)(n ? n : 1) * sizeof *keep);
    int k = 0;
    for (int i = 0; i < n; i++) {
        if (a[i] == zero) {
            free(keep);
            return zero;
        }
        if (a[i] != unit)
            keep[k++] = a[i];
    }
    Z3_ast r = k == 0 ? unit : k == 1 ? keep[0] : conj ? Z3_mk_and(s->ctx, (unsigned)k, keep)
                                                       : Z3_mk_or(s->ctx, (unsigned)k, keep);
    free(keep);
    return r;
}

Z3_ast smt_and(Smt *s, int n, const Z3_ast *a)
{
    return nary(s, n, a, true);
}

Z3_ast smt_or(Smt *s, int n, const Z3_ast *a)
{
    return nary(s, n, a, false);
}

Z3_ast smt_eq(Smt *s, Z3_ast a, Z3_ast b)
{
    if (a == b)
        return s->t;
    int64_t x, y;
    if (Z3_is_numeral_ast(s->ctx, a) && Z3_is_numeral_ast(s->ctx, b) &&
        Z3_get_numeral_int64(s->ctx, a, &x) && Z3_get_numeral_int64(s->ctx, b, &y))
        return smt_bool(s, x == y);
    return Z3_mk_eq(s->ctx, a, b);
}

Z3_ast smt_ite(Smt *s, Z3_ast c, Z3_ast a, Z3_ast b)
{
    if (c == s->t || a == b)
        return a;
    if (c == s->f)
        return b;
    return Z3_mk_ite(s->ctx, c, a, b);
}

void smt_list_add(SmtList *l, Z3_ast a)
{
    VEC_PUSH(l->items, l->n, l->cap, a);
}

void smt_list_free(SmtList *l)
{
    free(l->items);
    memset(l, 0, sizeof *l);
}

typedef struct Watchdog {
    pthread_mutex_t lock;
    pthread_cond_t done;
    bool finished;
    bool fired; /* it interrupted Z3: the context may stay cancelled */
    double deadline_ms;
    Z3_context ctx;
} Watchdog;

/* CLOCK_REALTIME's time `ms` from now (now when ms is negative: a
 * deadline already past), normalised: a negative tv_nsec would make
 * pthread_cond_timedwait fail with EINVAL at once, every time. */
static struct timespec realtime_after(double ms)
{
    struct timespec t;
    clock_gettime(CLOCK_REALTIME, &t);
    long long ns = (long long)t.tv_nsec + (ms > 0 ? (long long)(ms * 1e6) : 0);
    t.tv_sec += (time_t)(ns / 1000000000LL);
    t.tv_nsec = (long)(ns % 1000000000LL);
    return t;
}

static void *watch(void *arg)
{
    Watchdog *w = arg;
    struct timespec until = realtime_after(w->deadline_ms - now_ms());
    pthread_mutex_lock(&w->lock);
    int rc = 0;
    /* 0: signalled (or woken for nothing); anything else ends the wait */
    while (!w->finished && rc == 0)
        rc = pthread_cond_timedwait(&w->done, &w->lock, &until);
    if (!w->finished) {
        Z3_interrupt(w->ctx);
        w->fired = true;
    }
    pthread_mutex_unlock(&w->lock);
    return NULL;
}

/* Ends a watch; true when it interrupted Z3 (then s has failed: Z3 keeps
 * an interrupt that lands after a call, so no later answer of this
 * context is trusted). */
static bool watch_end(Smt *s, Watchdog *w, pthread_t thread, bool watching)
{
    if (!watching)
        return false;
    pthread_mutex_lock(&w->lock);
    w->finished = true;
    pthread_cond_signal(&w->done);
    pthread_mutex_unlock(&w->lock);
    pthread_join(thread, NULL);
    if (w->fired) {
        s->failed = true;
        snprintf(s->error, sizeof s->error, "interrupted at the deadline");
    }
    return w->fired;
}

static Z3_lbool check_with_watchdog(Smt *s, Z3_solver solver, double deadline)
{
    Watchdog w = {PTHREAD_MUTEX_INITIALIZER, PTHREAD_COND_INITIALIZER, false, false, deadline, s->ctx};
    pthread_t thread;
    bool watching = helper_thread_start(&thread, NULL, watch, &w);
    Z3_lbool r = Z3_solver_check(s->ctx, solver);
    return watch_end(s, &w, thread, watching) ? Z3_L_UNDEF : r;
}

Z3_apply_result smt_tactic_apply(Smt *s, Z3_tactic t, Z3_goal g)
{
    if (s->failed || deadline_passed(s))
        return NULL;
    Watchdog w = {PTHREAD_MUTEX_INITIALIZER, PTHREAD_COND_INITIALIZER, false, false, s->deadline_ms, s->ctx};
    pthread_t thread;
    bool watching = helper_thread_start(&thread, NULL, watch, &w);
    Z3_apply_result r = Z3_tactic_apply(s->ctx, t, g);
    bool refused = s->failed; /* the tactic failed: an answer, not the context's error */
    s->failed = false;
    if (watch_end(s, &w, thread, watching) || refused)
        return NULL;
    return r;
}

/* The context's resource count: Z3 reports it with every solver's
 * statistics. */
static uint64_t units_spent(Smt *s, Z3_solver solver)
{
    Z3_stats st = Z3_solver_get_statistics(s->ctx, solver);
    Z3_stats_inc_ref(s->ctx, st);
    uint64_t n = 0;
    for (unsigned i = 0; i < Z3_stats_size(s->ctx, st); i++)
        if (strcmp(Z3_stats_get_key(s->ctx, st, i), "rlimit count") == 0)
            n = Z3_stats_is_uint(s->ctx, st, i) ? Z3_stats_get_uint_value(s->ctx, st, i)
                                                : (uint64_t)Z3_stats_get_double_value(s->ctx, st, i);
    Z3_stats_dec_ref(s->ctx, st);
    return n;
}

/* Z3's own timeout, set to what is left of the deadline, stops the call
 * at the kernel's deadline; the watchdog stops what ignores that. */
SmtAnswer smt_attempt(Smt *s, Z3_ast f, Z3_model *model, unsigned units, unsigned seed, uint64_t *used)
{
    double left = s->deadline_ms - now_ms();
    if (left < 1) /* Z3 reads a timeout of 0 as none */
        left = 1;
    /* The plain SMT core: the default solver hands nonlinear problems to
     * tactics that run unbounded. */
    Z3_solver solver = Z3_mk_simple_solver(s->ctx);
    Z3_solver_inc_ref(s->ctx, solver);
    Z3_params p = Z3_mk_params(s->ctx);
    Z3_params_inc_ref(s->ctx, p);
    Z3_params_set_uint(s->ctx, p, Z3_mk_string_symbol(s->ctx, "timeout"),
                       left > 4e9 ? 4000000000u : (unsigned)left);
    /* Z3 4.8.12's Z3_solver_check counts "rlimit" from the context's
     * current count, so each attempt gets exactly its budget. */
    Z3_params_set_uint(s->ctx, p, Z3_mk_string_symbol(s->ctx, "rlimit"), units);
    Z3_params_set_uint(s->ctx, p, Z3_mk_string_symbol(s->ctx, "random_seed"), seed);
    /* Quantifiers (the no-sync conditions over loop iterations) go to
     * model-based instantiation only: E-matching can spin for seconds while
     * counting almost no units (a random protocol's query: 10 s for 0.8 M
     * units, where it is sat in 13 ms without it), and work that is not
     * counted is only stopped by the deadline.  Off, both corpora keep
     * their verdicts and times, and 1000 random protocols agree with run. */
    Z3_params_set_bool(s->ctx, p, Z3_mk_string_symbol(s->ctx, "smt.ematching"), false);
    Z3_solver_set_params(s->ctx, solver, p);
    Z3_solver_assert(s->ctx, solver, f);
    if (getenv("MAPKIT_DUMP") && seed == 0) /* the queries as SMT-LIB, for debugging the encoding */
        fprintf(stderr, "%s\n", Z3_solver_to_string(s->ctx, solver));
    double start = now_ms();
    uint64_t before = units_spent(s, solver);
    /* The watchdog is for tactics that ignore the timeout, and only at the
     * kernel's deadline (a little past it): cutting a check that Z3 was
     * about to stop itself would leave the context untrusted and cost
     * the kernel all its later checks. */
    Z3_lbool r = s->failed ? Z3_L_UNDEF : check_with_watchdog(s, solver, s->deadline_ms + WATCHDOG_GRACE_MS);
    *used = units_spent(s, solver) - before;
    if (getenv("MAPKIT_TRACE")) /* which queries cost what, for tuning the budgets */
        fprintf(stderr, "mapkit: query %s in %.1f ms, %llu units of %u (seed %u, %s)\n",
                r == Z3_L_TRUE ? "sat" : r == Z3_L_FALSE ? "unsat" : "unknown", now_ms() - start,
                (unsigned long long)*used, units, seed, s->phase);
    if (r == Z3_L_TRUE && model) {
        *model = Z3_solver_get_model(s->ctx, solver);
        if (*model)
            Z3_model_inc_ref(s->ctx, *model);
    }
    Z3_params_dec_ref(s->ctx, p);
    Z3_solver_dec_ref(s->ctx, solver);
    return r == Z3_L_TRUE ? SMT_SAT : r == Z3_L_FALSE ? SMT_UNSAT : SMT_UNKNOWN;
}

const char *smt_version(void)
{
    return Z3_get_full_version();
}

void smt_model_free(Smt *s, Z3_model m)
{
    if (m)
        Z3_model_dec_ref(s->ctx, m);
}

bool smt_eval(Smt *s, Z3_model m, Z3_ast t, int64_t *out)
{
    Z3_ast v;
    if (!m || !Z3_model_eval(s->ctx, m, t, true, &v))
        return false;
    Z3_lbool b = Z3_get_bool_value(s->ctx, v);
    if (b != Z3_L_UNDEF) {
        *out = b == Z3_L_TRUE;
        return true;
    }
    return Z3_is_numeral_ast(s->ctx, v) && Z3_get_numeral_int64(s->ctx, v, out);
}
