/* What the files of infer/host/ share: the host values of constant
 * propagation, the state of one translation unit's reading, and the
 * helpers host.c gives the forms read in files of their own
 * (host_values.c: values from aggregates, members, min/max, ceil, floor;
 * launch_forms.c: kernels held in variables, loops, host templates,
 * lambdas, cuLaunchKernel; host_settled.c: variables assigned before
 * their reads, and variables that only grow).  See host.h and docs/inference.md,
 * "Launches in the host code".
 *
 * Ownership: everything here borrows the translation unit's cursors;
 * Host's arrays are freed by infer_host_launches. */
#ifndef MAPKIT_INFER_HOST_EVAL_H
#define MAPKIT_INFER_HOST_EVAL_H

#include "host.h"

/* A host integer as far as constant propagation can tell:
 *   HV_CONST  c
 *   HV_VAR    var + c, var an integer variable never assigned after its
 *             initialisation (its one value, unknown here)
 *   HV_DIV    (var + c) / div + plus, C's division
 * anything else is HV_UNKNOWN.  has_hi: whatever the kind, the value is
 * at most hi (`std::min(n, 256)`, a loop's last value). */
typedef enum { HV_UNKNOWN, HV_CONST, HV_VAR, HV_DIV } HostKind;

typedef struct HostVal {
    HostKind kind;
    int64_t c, div, plus;
    CXCursor var;
    bool has_hi;
    int64_t hi;
} HostVal;

typedef struct HostBind {
    CXCursor decl;
    HostVal v;
} HostBind;

enum { HOST_MAX_DEPTH = 24, HOST_MAX_RANGING = 16, HOST_MAX_KEPT = 512, HOST_MAX_RANGED_GLOBALS = 8,
       HOST_MAX_GLOBAL_USES = 16 };

/* A host integer's range where it is not one constant (host_range.c):
 * [lo, hi] where known, congruent to rem modulo mod (mod 1: any integer;
 * mod 0: exactly rem), and whether each value is a power of two. */
typedef struct HostRange {
    bool lo_known, hi_known;
    int64_t lo, hi;
    int64_t mod, rem;
    bool pow2; /* every value is a power of two (a list of block sizes 32, 64, ..., 1024) */
} HostRange;

typedef struct Host {
    CXCursor *calls; /* every call of the project's code: a helper's callers */
    int ncalls, capcalls;
    CXCursor *sites; /* the launches */
    CXCursor *site_fn; /* the function each is in */
    int nsites, capsites, capsite_fn, nsite_fn;
    CXCursor current; /* the function being visited; while reading, the site's */
    HostBind *env; /* parameters of the helper being inlined, loop variables, template parameters */
    int nenv, capenv;
    int exec_depth, exec_steps; /* helpers being run on constants, and their loop tests (host_exec.c) */
    struct RangeBind *renv; /* ranges of the parameters of the helper being ranged (host_range.c) */
    int nrenv, caprenv;
    int depth;
    CXCursor at; /* where the value is wanted: the launch, or an assignment on the way to it */
    /* the call of the helper that makes the launch being read whose
     * pointer arguments stand for its parameters (host.c,
     * launch_buffers); a null cursor: every call's */
    CXCursor buffer_call;
    /* the specialization of the host function template whose parameters
     * are bound (launch_forms.c), or a null cursor: its type arguments
     * name the kernel instance a dependent launch makes */
    CXCursor instance;
    /* globals read at their initial value (host.c, global_unwritten): a
     * cache of the verdict per variable, and those the launch being read
     * used (each an assumption printed with its kernels) */
    struct GlobalSeen *globals;
    int nglobals, capglobals;
    CXCursor used_globals[8];
    int64_t used_values[8];
    int nused_globals;
    /* the launch being read: pairs of 64-bit parameters of either
     * signedness taken as equal (one value passed to both), each an
     * assumption printed with its kernel (host.c, equal_facts) */
    char equal_64[240];
    /* the launch being read: cudaDeviceProp members ranged by CUDA's
     * limits (a bit per host_device_limit's entry) and globals ranged by
     * their file's assignments, each an assumption printed with its
     * kernel; nassumed counts the ranges taken so (host_range.c) */
    unsigned device_props;
    CXCursor ranged_globals[HOST_MAX_RANGED_GLOBALS];
    HostRange ranged_global_r[HOST_MAX_RANGED_GLOBALS];
    int nranged_globals, nassumed;
    Diag *diag;
    bool *shown; /* per kernel: some launch shows what every pointer parameter points to */
    bool *unsure; /* per kernel: some launch does not (an argument, the launch itself unread) */
    bool *members_unsure; /* per kernel: some launch's struct argument is not followed */
    struct AliasLog *merges; /* the parameters' arrays made one so far (alias.c), across launches */
    HostSource source;
    void *source_ctx;
    /* ranges (host_range.c): the declarations under way, whether one was
     * met again (a cycle: what it gave is not kept), the functions whose
     * callers gave a range to the launch being read, the project's calls
     * from its other units (NULL: none), and what is kept per unit */
    CXCursor ranging[HOST_MAX_RANGING];
    int nranging;
    bool range_cut;
    CXCursor from_callers[HOST_MAX_RANGING];
    int nfrom_callers;
    const HostCalls *table;
    char *unit; /* the real path of the unit being read: its own calls in table are read live instead */
    struct NameCount *names;
    int names_cap, names_n;
    bool names_ready;
    struct RangeKept *kept;
    int nkept;
    struct GlobalUses *global_uses; /* the unit's globals' uses, walked once (host_range.c) */
    int nglobal_uses;
    /* the names a call clang dropped (an error in a host function) may
     * be of, read once per unit */
    char **dropped;
    int ndropped, capdropped;
    bool dropped_read;
    /* the unit's errors, read once per unit (a unit may have thousands,
     * and every launch asks): launch_forms.c */
    struct HostError *errors;
    int nerrors;
    bool errors_read;
} Host;

/* Forgets the errors of the unit read before (launch_forms.c). */
void host_forget_errors(Host *h);

/* What a launch names: the kernel (a specialisation of a template), its
 * configuration and its arguments.  by_axis: the sizes are three
 * integers each (cuLaunchKernel), in grid_axis and block_axis. */
typedef struct Site {
    CXCursor kernel; /* the function called (for a template, its specialisation) */
    CXCursor grid, block, smem;
    CXCursor *args;
    int nargs;
    bool by_axis;
    CXCursor grid_axis[3], block_axis[3];
} Site;

/* ---- host.c ---- */
HostVal host_unknown(void);
HostVal host_constant(int64_t c);
HostVal host_eval(Host *h, CXCursor e);
void host_eval_dim3(Host *h, CXCursor e, HostVal out[3]); /* a dim3's axes; the integer x of an int */
/* a op b on constants, C's operators (unknown where it overflows or
 * divides by 0) */
HostVal host_combine_constants(enum CXBinaryOperatorKind op, int64_t a, int64_t b);
CXCursor host_strip(CXCursor e);   /* through casts and parentheses */
CXCursor host_operand(CXCursor e); /* a cast's or unary operator's operand */
bool host_same_decl(CXCursor a, CXCursor b);
bool host_keeps_initial_value(CXCursor decl);
bool host_encloses(CXCursor outer, CXCursor c);
bool host_callee_is(CXCursor call, const char *name);
CXCursor host_function_named(CXCursor e); /* `(void *)&k`: k's declaration */
int host_param_index(CXCursor fn, CXCursor parm);
bool host_param_is_pack(CXCursor parm); /* `Ts... rest` */
bool host_is_uniform(const Kernel *k, const char *name); /* a uniform variable of k */
/* cudaLaunchKernel's `void *args[] = {&a, &n}` into s's arguments. */
void host_args_array(CXCursor e, CXCursor call, Site *s);
/* One launch site read under the bindings of h->env, reported at
 * at_call (infer_host_launches's reading, without the loops). */
void host_read_launch_once(Host *h, CXCursor call, CXCursor at_call, Program *p, const CXCursor *kc,
                           Kernel **kernels, int n);

/* ---- host_values.c ---- */
/* `dims[1]` of `int dims[] = {64, 4};`, `cfg.block` of `Cfg cfg = {64, 4};`
 * (a local or const global never changed), `this->n` (a member every
 * constructor sets to one constant and nothing else changes); null
 * kind HV_UNKNOWN when not such a value. */
HostVal host_aggregate_value(Host *h, CXCursor e);
/* `std::min(a, b)`, `max`, `fminf`, `ceil((float)n / b)`, `floor` calls: false when
 * the call is none of them. */
bool host_math_call(Host *h, CXCursor call, HostVal *out);
/* `sizeof(T)`, T a host template's type parameter bound (h->env) to its
 * instantiation's size; unknown otherwise. */
HostVal host_sizeof_param(Host *h, CXCursor e);
/* The type parameter of fn whose size fn's body takes (`sizeof(T)`), or null. */
bool host_takes_param_size(CXCursor fn);
/* The block of a helper `{ int t = ...; return e; }`: e's cursor, or null. */
CXCursor host_helper_result(CXCursor body);
/* Relations between two of the kernel's uniform parameters that the
 * launch passes (`Tc = ceil((float)N / Bc)` and N): LF_PARAM_COVERS and
 * LF_PARAM_WITHIN facts into l; and between a block size of block[] not
 * known as a constant and a parameter (`grad_m - 44` threads with grad_m
 * passed): LF_BLOCK_COVERS and LF_BLOCK_WITHIN. */
void host_relation_facts(Host *h, const Site *s, CXCursor kdef, const Kernel *k, const HostVal block[3], Launch *l,
                         LaunchOrigin at);

/* ---- host_settled.c ---- */
/* Is decl, an integer local or parameter its function assigns, one
 * unknown value from read on (nothing changes it after read, nothing
 * changes it unseen)? */
bool host_settled_at(CXCursor decl, CXCursor read);
/* The value decl (an integer local or parameter of a host function) has
 * at `read`, when one assignment reaches it on every path: the assigned
 * expression (`threads = 256;` before the launch, a later `threads = n`
 * after it or elsewhere not counted), or the local's initializer; for a
 * parameter no assignment reaches, a null cursor and *incoming (its value
 * is its callers').  Null, *incoming false, when that is not sure: an
 * assignment inside a branch or a loop on the way, a jump, an escape
 * (host_settled_at's), a compound assignment. */
CXCursor host_reaching_value(CXCursor decl, CXCursor read, bool *incoming);
/* A value that reaches a read, and the condition under which it does:
 * `if (n > 512) t = 512;` passed on the way up gives t = 512 when
 * `n > 512` holds, and what is found above when it does not (cond null:
 * on every path). */
typedef struct HostReach {
    CXCursor value; /* the assigned expression, the initializer, or (incoming) the parameter */
    CXCursor cond;
    bool holds;
} HostReach;
/* Every value that reaches read (into out, at most cap; the count), one
 * per path through the ifs passed (host_reaching_value's walk, where an
 * if whose branches end by assigning decl splits the path); a
 * parameter's own value, when a path reaches the top, in *incoming (its
 * value the parameter itself); -1 when some path is not sure. */
int host_reaching_values(CXCursor decl, CXCursor read, HostReach *out, int cap, HostReach *incoming);
/* Is var the same value at `second` (in an if's condition) as at `first`,
 * both in function fn: their statements in one block, first's before,
 * and nothing from first's statement to the condition changes var or
 * calls anything (which may change it through its address, or as a
 * global)? */
bool host_unchanged_between(CXCursor fn, CXCursor var, CXCursor first, CXCursor second);
/* The conditions of the ifs whose branch holds read in function fn,
 * innermost first (into out, at most cap; the count): each holds (the
 * then-branch) or fails (the else-branch) wherever read runs.  They say
 * what a variable that never changes is at read (`if (grid_y == 1)
 * k<<<dim3(gx, grid_y), b>>>`). */
int host_read_guards(CXCursor fn, CXCursor read, HostReach *out, int cap);
/* The least value of decl, an integer local its function gives only
 * constants >= 0 (its initialiser, `v = c`) and otherwise only makes grow
 * (`v *= k`, k >= 1; `v = v * k`; `v += k`, `v = v + k`, `v++`, k >= 0),
 * on whatever path: false when it is not such a variable (C's signed
 * overflow is undefined, so `v *= k` is taken not to wrap). */
bool host_least_value(Host *h, CXCursor decl, int64_t *least);

/* ---- host_exec.c ---- */
/* Runs a call of a host helper the unit defines whose arguments are all
 * constants, statement by statement (integer locals, if, while, do, a
 * full for, return; a step limit): its integer result in out[0], or
 * (dim3) a dim3's axes in out[0..2].  False, out unknown, where anything
 * else is met. */
bool host_exec_helper(Host *h, CXCursor call, bool dim3, HostVal out[3]);

/* ---- host_range.c ---- */
/* e's range, where constant propagation finds no one value. */
HostRange host_range(Host *h, CXCursor e);
HostRange host_range_join(HostRange a, HostRange b);
/* The i-th cudaDeviceProp member host_range bounds, with its limits; NULL
 * past the last. */
const char *host_device_limit(int i, int64_t *lo, int64_t *hi);
/* Are a and b, two integer expressions read at one call, one value (one
 * variable, `m` and `n` after `m = n = s`, parameters every call passes
 * one value)? */
bool host_same_value(Host *h, CXCursor a, CXCursor b);
/* The join of what every call passes as parameter parm (unknown where a
 * call may be unseen, or where parm is assigned but `incoming` does not
 * say that no assignment reaches the read: host_reaching_value); the
 * callers are noted for the launch's assumption. */
HostRange host_param_range(Host *h, CXCursor parm, bool incoming);
/* Are all of fn's calls direct calls in this unit (none unseen, through a
 * forwarding template or in another unit)? */
bool host_calls_all_here(Host *h, CXCursor fn);
bool host_range_known(HostRange r); /* some bound or congruence */
/* The calls of the unit h has read (host_reader_read's find_calls), as
 * facts for the project's other units. */
void host_unit_calls(Host *h, CXTranslationUnit tu, HostCalls *out);
/* Forgets what host_range kept of the unit read before. */
void host_range_forget(Host *h);

/* ---- launch_forms.c ---- */
/* Does clang report an error inside fn (code it could not parse may hide
 * a use or a call)? */
bool host_has_errors_in(Host *h, CXCursor fn);
/* The which-th kernel a launch through `fp<<<...>>>`, `launch(k)`'s
 * parameter or `auto kp = k` may start; null when there is none, or when
 * some caller passes what cannot be followed. */
CXCursor host_held_kernel(Host *h, CXCursor callee, CXCursor at_call, int which);
/* `cuLaunchKernel(f, gx, gy, gz, bx, by, bz, smem, stream, args, extra)`
 * whose f one `cuModuleGetFunction(&f, m, "name")` names a kernel of kc. */
bool host_driver_site(CXCursor call, const CXCursor *kc, int n, Site *s);
/* Reads the launch once per binding of the loops around it and of the
 * host function template's parameters it is in; false when there are
 * none (the caller reads it once). */
bool host_bound_launches(Host *h, int site, CXCursor at_call, Program *p, const CXCursor *kc, Kernel **kernels,
                         int n);

#endif
