/* Z3 context, folding formula constructors and solver calls (see smt.h). */
#include "smt.h"

#include "lemmas.h"

#include "arena.h"

#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static double now_ms(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec * 1e3 + (double)t.tv_nsec / 1e6;
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

bool smt_out_of_time(const Smt *s)
{
    return now_ms() >= s->deadline_ms;
}

Smt *smt_new(unsigned timeout_ms)
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
    s->deadline_ms = now_ms() + timeout_ms;
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
    free(s->xors);
    free(s->named);
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

static void *watch(void *arg)
{
    Watchdog *w = arg;
    struct timespec until;
    clock_gettime(CLOCK_REALTIME, &until);
    double left = w->deadline_ms - now_ms();
    until.tv_sec += (time_t)(left / 1000);
    until.tv_nsec += (long)((left - (double)(long)(left / 1000) * 1000) * 1e6);
    if (until.tv_nsec >= 1000000000L) {
        until.tv_sec++;
        until.tv_nsec -= 1000000000L;
    }
    pthread_mutex_lock(&w->lock);
    int rc = 0;
    while (!w->finished && rc != ETIMEDOUT)
        rc = pthread_cond_timedwait(&w->done, &w->lock, &until);
    if (!w->finished) {
        Z3_interrupt(w->ctx);
        w->fired = true;
    }
    pthread_mutex_unlock(&w->lock);
    return NULL;
}

static Z3_lbool check_with_watchdog(Smt *s, Z3_solver solver, double deadline)
{
    Watchdog w = {PTHREAD_MUTEX_INITIALIZER, PTHREAD_COND_INITIALIZER, false, false, deadline, s->ctx};
    pthread_t thread;
    bool watching = pthread_create(&thread, NULL, watch, &w) == 0;
    Z3_lbool r = Z3_solver_check(s->ctx, solver);
    if (watching) {
        pthread_mutex_lock(&w.lock);
        w.finished = true;
        pthread_cond_signal(&w.done);
        pthread_mutex_unlock(&w.lock);
        pthread_join(thread, NULL);
        if (w.fired) {
            /* Z3 keeps an interrupt that lands after a check: every later
             * answer of this context is suspect, so none is trusted. */
            s->failed = true;
            snprintf(s->error, sizeof s->error, "interrupted at the deadline");
            r = Z3_L_UNDEF;
        }
    }
    return r;
}

/* One attempt with a given random seed, stopped by Z3's own timeout
 * (which the SMT core honours) or, failing that, by the watchdog. */
static Z3_lbool attempt(Smt *s, Z3_ast f, Z3_model *model, double deadline, double budget, unsigned seed)
{
    double left = deadline - now_ms();
    if (budget > left)
        budget = left;
    if (budget < 1) /* Z3 reads a timeout of 0 as none */
        budget = 1;
    /* The plain SMT core: the default solver hands nonlinear problems to
     * tactics that run unbounded. */
    Z3_solver solver = Z3_mk_simple_solver(s->ctx);
    Z3_solver_inc_ref(s->ctx, solver);
    Z3_params p = Z3_mk_params(s->ctx);
    Z3_params_inc_ref(s->ctx, p);
    Z3_params_set_uint(s->ctx, p, Z3_mk_string_symbol(s->ctx, "timeout"), (unsigned)budget);
    Z3_params_set_uint(s->ctx, p, Z3_mk_string_symbol(s->ctx, "random_seed"), seed);
    Z3_solver_set_params(s->ctx, solver, p);
    Z3_solver_assert(s->ctx, solver, f);
    if (getenv("MAPKIT_DUMP") && seed == 0) /* the queries as SMT-LIB, for debugging the encoding */
        fprintf(stderr, "%s\n", Z3_solver_to_string(s->ctx, solver));
    double start = now_ms();
    /* The watchdog is for tactics that ignore the timeout, and only at the
     * kernel's deadline (a little past it): cutting a short check that Z3
     * was about to stop itself, on a loaded machine, would leave the
     * context untrusted and cost the kernel all its later checks. */
    Z3_lbool r = s->failed ? Z3_L_UNDEF : check_with_watchdog(s, solver, s->deadline_ms + WATCHDOG_GRACE_MS);
    if (getenv("MAPKIT_TRACE")) { /* which queries cost what, for tuning */
        double spent = now_ms() - start;
        fprintf(stderr, "mapkit: query %s in %.1f ms (seed %u)\n",
                r == Z3_L_TRUE ? "sat" : r == Z3_L_FALSE ? "unsat" : "unknown", spent, seed);
    }
    if (r == Z3_L_TRUE && model) {
        *model = Z3_solver_get_model(s->ctx, solver);
        if (*model)
            Z3_model_inc_ref(s->ctx, *model);
    }
    Z3_params_dec_ref(s->ctx, p);
    Z3_solver_dec_ref(s->ctx, solver);
    return r;
}

/* Nonlinear queries (index * n + col) are decided in milliseconds or not
 * at all depending on the search's luck: rather than one long attempt,
 * a few reseeded ones with growing budgets, up to the deadline. */
static SmtAnswer check_until(Smt *s, Z3_ast f, Z3_model *model, double deadline)
{
    if (model)
        *model = NULL;
    if (f == s->f)
        return SMT_UNSAT;
    f = lemmas_for(s, f);
    Z3_lbool r = Z3_L_UNDEF;
    double budget = 500;
    for (unsigned seed = 0; r == Z3_L_UNDEF && !s->failed && deadline - now_ms() >= 1; seed++) {
        r = attempt(s, f, model, deadline, budget, seed);
        budget *= 2;
    }
    if (s->failed || r == Z3_L_UNDEF)
        return SMT_UNKNOWN;
    return r == Z3_L_TRUE ? SMT_SAT : SMT_UNSAT;
}

SmtAnswer smt_check(Smt *s, Z3_ast f, Z3_model *model)
{
    return check_until(s, f, model, s->deadline_ms);
}

SmtAnswer smt_check_within(Smt *s, Z3_ast f, double ms)
{
    double until = now_ms() + ms;
    return check_until(s, f, NULL, until < s->deadline_ms ? until : s->deadline_ms);
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

/* The largest value the model gives the integer terms. */
static int64_t largest_value(Smt *s, Z3_model m, const Z3_ast *terms, int n)
{
    int64_t max = INT64_MIN, v;
    for (int i = 0; i < n; i++)
        if (terms[i] && smt_eval(s, m, terms[i], &v) && v > max)
            max = v;
    return max;
}

SmtAnswer smt_check_small(Smt *s, Z3_ast f, const Z3_ast *terms, int n, Z3_model *model)
{
    SmtAnswer a = smt_check(s, f, model);
    if (a != SMT_SAT)
        return a;
    static const int64_t ladder[] = {2, 4, 8, 16, 64, 256, 4096, 65536};
    /* A smaller witness is a nicety: 250 ms for the whole ladder, and only
     * the steps below what the model already has. */
    double until = now_ms() + 250;
    until = until < s->deadline_ms ? until : s->deadline_ms;
    int64_t have = *model ? largest_value(s, *model, terms, n) : INT64_MAX;
    for (size_t k = 0; k < sizeof ladder / sizeof ladder[0] && ladder[k] < have && now_ms() < until; k++) {
        SmtList bounds = {0};
        smt_list_add(&bounds, f);
        for (int i = 0; i < n; i++)
            if (terms[i] && Z3_get_sort_kind(s->ctx, Z3_get_sort(s->ctx, terms[i])) == Z3_INT_SORT)
                smt_list_add(&bounds, Z3_mk_le(s->ctx, terms[i], smt_int(s, ladder[k])));
        Z3_model small;
        SmtAnswer b = check_until(s, smt_and(s, bounds.n, bounds.items), &small, until);
        smt_list_free(&bounds);
        if (b == SMT_SAT && small) {
            smt_model_free(s, *model);
            *model = small;
            break;
        }
        smt_model_free(s, small);
        if (s->failed)
            break; /* out of time: keep the model we have */
    }
    return SMT_SAT;
}
