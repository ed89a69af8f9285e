/* `mapkit check`: data races and barrier divergence of protocols. */
#include "check.h"

#include "cli.h"
#include "confirm.h"
#include "drive.h"
#include "smt.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char usage[] =
    "usage: mapkit check [options] FILE.proto|FILE.cu|FILE.cl|DIR...\n"
    "       mapkit check [options] --compdb DIR\n"
    "\n"
    "Decides, for every kernel, whether it is data-race free for all launch\n"
    "sizes and parameter values (or those given), and reports each race or\n"
    "barrier divergence with a witness: the values of the uniform variables\n"
    "and of both threads' locals.\n"
    "\n"
    "  -b, --blockDim=D    threads per block: 64, [16,16] or 16,16 (default: symbolic)\n"
    "  -g, --gridDim=D     blocks per grid (same forms; default: symbolic)\n"
    "  -p NAME=VALUE       fix a uniform variable (a value below 0 only for a signed\n"
    "                      parameter of a CUDA or OpenCL kernel: -p shift=-1)\n"
    "  --assume FACT       a fact about an array's contents, assumed and printed with\n"
    "                      the verdict: nondecreasing(A[, LEN]) (or sorted), injective(A[, LEN]),\n"
    "                      LEN a sum of numbers and parameters; a racy kernel that is DRF\n"
    "                      under such a fact says so in a note (docs/language.md 3.10)\n"
    "  --kernel NAME       only this kernel\n"
    "  --lang=cuda|opencl|ptx|proto  read the inputs as this (default: .cu .cuh .h .hpp\n"
    "                      .cuh.inc are CUDA, .cl OpenCL, .ptx PTX, else protocols)\n"
    "  --via=ptx           check a CUDA file through the PTX nvcc makes of it ($NVCC,\n"
    "                      else /usr/local/cuda/bin/nvcc; -ptx -arch=sm_75 -lineinfo), reports\n"
    "                      at the .cu's lines; launch from -b/-g/-p or the GPUVerify header\n"
    "  --array NAME        only races on this array\n"
    "  --all               every racing pair of access sites, not one per array\n"
    "  --only-intra-group  races within a block only, also on global arrays (GPUVerify's\n"
    "                      option; a .cu file's header line may give it too)\n"
    "  --strict-writes     two threads writing the same value to one cell race too\n"
    "                      (by default a benign race, reported as a note)\n"
    "  --engine=interval   the default: polynomial in synchronized-loop nesting\n"
    "  --engine=align      the paper's aligning pipeline (seed 000, Fig. 3-4)\n"
    "  --conditions        also print the weakest condition on the launch sizes and\n"
    "                      uniform parameters under which the kernel is DRF and its\n"
    "                      barriers aligned (quantifier elimination; host launches,\n"
    "                      headers and -b/-g/-p are facts for it as for the verdict)\n"
    "  --no-host           read no launches from the host code of a .cu file\n"
    "  -I DIR, -D NAME[=V]  an include folder, a macro, for the C preprocessor of a\n"
    "                      .cu or .cl file (as the compiler's; also -IDIR, -DNAME)\n"
    "  --compdb DIR        -D, -I and -std from DIR/compile_commands.json (default:\n"
    "                      the nearest one above the file); alone, its entries are\n"
    "                      the project to check\n"
    "\n"
    "A folder, several CUDA files, or --compdb DIR alone are a project\n"
    "(docs/projects.md): every translation unit is read with its own flags, each\n"
    "launch is linked to its kernel wherever the two are, and each kernel is\n"
    "checked once under each of its launches; a closing table ends the report.\n"
    "  --cache DIR         reuse the results of unchanged translation units\n"
    "  --shard K/N         only the K-th of N parts of the project's kernels\n"
    "  -j N                N translation units (or files, for files checked alone) at\n"
    "                      once, in worker processes; reports in the files' order\n"
    "\n"
    "  --timeout=MS        give up on a kernel (exit 4) MS milliseconds after it began:\n"
    "                      its share of its file's parsing or inference counts; each\n"
    "                      kernel, launch site and instantiation has its own (default\n"
    "                      20000); a file libclang has not parsed by then is unknown\n"
    "  --timeout-file=MS   every kernel of a file ends within MS milliseconds of the\n"
    "                      file's loading (those left are unknown)\n"
    "  --format=text|json|sarif\n"
    "  --baseline=OLD.json  fail only on alarms not in OLD.json, an earlier report of\n"
    "                      --format=json or sarif (matched by fingerprint)\n"
    "  --explain           under each race, both threads' paths to their accesses\n"
    "  --confirm           a .cu file's races and divergence replayed by running the\n"
    "                      kernel on the CPU with the witness's launch and values\n"
    "                      (mapkit emulate): each is \"confirmed by execution\" or\n"
    "                      \"not reproduced on this input\"; confirmed ones first\n"
    "  --max-input-size=BYTES  refuse a file or header larger than this (K, M, G; default 64M)\n"
    "  --help, --version\n"
    "\n"
    "A comment `// mapkit-ignore: race on A` (or `race`, or `divergence`) on the\n"
    "line of an alarm, or on the line above, suppresses it: it is listed as\n"
    "suppressed and does not count; a suppression that matches nothing is a warning.\n"
    "\n"
    "exit status: 0 DRF, 1 race, 2 input error (also: nothing to check, or\n"
    "assumptions that contradict each other) or a failed write of the report,\n"
    "3 divergence or ill-formed, 4 unknown (the solver gave up)\n";

/* An array the kernel only reads, one row of integers of which it uses
 * the values: a fact about its contents may be what the race needs. */
static bool fact_candidate(const Facts *f, const ArrayDecl *a)
{
    if (a->fact || a->has_bytes || array_fact_problem(a))
        return false;
    bool valued = false;
    for (int i = 0; i < f->nsites; i++) {
        if (f->sites[i].array->array != a)
            continue;
        if (f->sites[i].stmt->u.access.mode != ACC_RD)
            return false;
        valued |= f->sites[i].stmt->u.access.into != NULL;
    }
    return valued;
}

enum {
    MAX_FACT_ARRAYS = 4,   /* candidates looked at */
    FACT_TRY_MS = 5000,    /* each try's limit: a hint is worth a short look only */
};

/* Is the kernel DRF when each of the arrays `a` states `kind`? */
static bool drf_under(const Facts *f, const CliOptions *o, const CheckConfig *cfg, ArrayDecl **a, int n,
                      ArrayFact kind)
{
    CheckConfig quick = *cfg;
    quick.started_ms = smt_now_ms();
    quick.started_while = NULL;
    if (!quick.timeout_ms || quick.timeout_ms > FACT_TRY_MS)
        quick.timeout_ms = FACT_TRY_MS;
    for (int i = 0; i < n; i++)
        a[i]->fact = (uint8_t)kind;
    KernelResult *with = check_kernel(f, &quick, o->engine);
    for (int i = 0; i < n; i++)
        a[i]->fact = FACT_NONE;
    bool drf = with->verdict == V_DRF;
    result_free(with);
    return drf;
}

/* A racy kernel whose race involves values read, and that reads rows of
 * integers: is it DRF when they are nondecreasing, or injective (over all
 * their cells)?  All of them are tried at once, then one by one where
 * that worked; the first one that suffices alone is hinted at with the
 * race (docs/language.md 3.10), never assumed. */
static void hint_fact(const Facts *f, const CliOptions *o, const CheckConfig *cfg, KernelResult *r)
{
    static const ArrayFact kinds[] = {FACT_NONDECREASING, FACT_INJECTIVE};
    bool on_values = false; /* a definite race involves no value read: no fact removes it */
    for (int i = 0; i < r->nraces; i++)
        on_values |= !r->races[i].definite;
    ArrayDecl *cands[MAX_FACT_ARRAYS];
    int n = 0;
    for (int i = 0; on_values && i < f->kernel->narrays && n < MAX_FACT_ARRAYS; i++)
        if (fact_candidate(f, &f->kernel->arrays[i]))
            cands[n++] = &f->kernel->arrays[i];
    for (int k = 0; k < 2 && n > 0 && !r->fact_hint; k++) {
        if (!drf_under(f, o, cfg, cands, n, kinds[k]))
            continue;
        for (int i = 0; i < n && !r->fact_hint; i++)
            if (n == 1 || drf_under(f, o, cfg, &cands[i], 1, kinds[k])) {
                char text[256];
                snprintf(text, sizeof text, "%s(%s)", array_fact_name(kinds[k]), cands[i]->name->u.var.name);
                r->fact_hint = strdup(text);
            }
    }
}

static KernelResult *check_one(const Facts *f, const CliOptions *o, const CheckConfig *cfg)
{
    KernelResult *r = check_kernel(f, cfg, o->engine);
    if (r->verdict == V_RACY && !o->conditions)
        hint_fact(f, o, cfg, r);
    if (o->conditions) {
        Conditions c = conditions_of(f, cfg);
        r->conditions_kind = (int)c.kind;
        r->conditions = c.text;
        r->conditions_pinned = c.pinned;
    }
    if (o->confirm)
        confirm_alarms(r, o);
    return r;
}

int cmd_check(int argc, char **argv)
{
    CliOptions o;
    int code = cli_parse_options(argc, argv, &o, usage, OPT_ENGINE | OPT_CONDITIONS | OPT_CONFIRM | OPT_PROJECT | OPT_VIA);
    o.default_timeout_ms = CHECK_DEFAULT_TIMEOUT_MS;
    if (code < 0)
        code = drive_kernels(&o, check_one);
    cli_options_free(&o);
    return code;
}
