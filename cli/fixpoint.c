/* `mapkit fixpoint`: the round-trip harness of [VST] (Sec. 3-6) over
 * files and directories.  This file reads the options; the workers,
 * sharding, resumable JSON lines, the summary table and the SVG chart
 * are fuzz/fixpoint_run.c's. */
#include "cli.h"
#include "emulate.h"
#include "external.h"
#include "fixpoint_run.h"
#include "frontend.h"
#include "input.h"
#include "output.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* The default limit of one nvcc run (docs/fixpoint.md): far above a
 * generated kernel's compile on a loaded machine. */
enum { NVCC_TIMEOUT_MS = 120000 };

static const char usage[] =
    "usage: mapkit fixpoint [options] FILE.cu|FILE.cl|FILE.proto|DIR...\n"
    "\n"
    "For every kernel K0: P1 = infer(K0), K1 = gen(P1), P2 = infer(K1), ...\n"
    "Each kernel is fixed (P1 == P2 once unknowns have canonical names),\n"
    "non-fixed (with the categories of difference, each marked semantic or\n"
    "cosmetic: cosmetic only when the solver proves the same accesses in the\n"
    "same barrier intervals), or an error at the stage that failed.  check(K0),\n"
    "check(P1) and check(P2) must agree; a disagreement is a checker\n"
    "inconsistency.  A .proto file P0 starts the loop at K1 = gen(P0): the\n"
    "proto-first round trip.  A .cl file goes through OpenCL (K1.cl, ...).\n"
    "Directories are searched for .cu, .cl and .proto files.\n"
    "\n"
    "  --steps N           rounds of infer(gen(.)) (default 2)\n"
    "  --cross             rounds alternate dialects: CUDA -> proto -> OpenCL -> proto,\n"
    "                      OpenCL -> proto -> CUDA -> proto (a protocol: CUDA, then\n"
    "                      OpenCL); fixed only when every round gives P back\n"
    "  -j N                files in parallel (default 1)\n"
    "  --shard K/N         only the K-th of N equal parts of the sorted files\n"
    "  --keep DIR          keep P1.proto, K1.cu, P2.proto, ... per file in DIR/FILE/ (a second\n"
    "                      file of the same name in DIR/FILE-2/, said on stderr); DIR must be\n"
    "                      absent or empty\n"
    "  --force             write into a --keep DIR that is not empty\n"
    "  --results FILE      append one JSON line per kernel to FILE as each file ends\n"
    "  --resume            skip the files FILE already has (with --results)\n"
    "  --svg FILE          write a chart of the classes and categories\n"
    "  --nvcc PATH         compile every generated file with PATH (default: nvcc if found)\n"
    "  --nvcc-timeout=MS   per compile (default 120000; then its process group is killed)\n"
    "  --no-nvcc           do not compile the generated files\n"
    "  --format=text|json  per-kernel lines and the summary (json: the JSON lines)\n"
    "  --timeout=MS        per check of a kernel (default 10000)\n"
    "  --frontend 'CMD {}' an external front end in place of infer: CMD prints the\n"
    "                      protocol of the .cu file {} on stdout (our syntax or Faial v1);\n"
    "                      no shell: CMD is split into words, {} becomes the file\n"
    "  --frontend-timeout=MS  per run of the front end (default 60000)\n"
    "  --no-compare-own    with --frontend: do not hold each P1 against mapkit's own\n"
    "                      front end's protocol of the same file (and its verdict)\n"
    "  --emulate           also run K0 once on the CPU (mapkit emulate); a race or\n"
    "                      divergence it shows must not be drf in any round's verdict\n"
    "  -I DIR, -D M[=V], -b D, -g D   as for `mapkit infer`\n"
    "  --max-input-size=BYTES  refuse a file or header larger than this (K, M, G; default 64M)\n"
    "  --help, --version\n"
    "\n"
    "exit status: 0 every kernel fixed with consistent verdicts, 1 otherwise,\n"
    "2 usage or input error (also a file with nothing to check, a --keep DIR not\n"
    "empty without --force) or a failed write, 130 or 143 stopped by SIGINT or\n"
    "SIGTERM\n";

typedef struct FixOpts {
    int steps, jobs, shard_k, shard_n, nvcc_timeout_ms;
    const char *keep, *results, *svg, *nvcc;
    bool resume, no_nvcc, cross, emulate, force;
    bool no_compare_own; /* --no-compare-own */
    Frontend frontend; /* command NULL: infer */
} FixOpts;

/* ---- options of this command, taken out of argv before the shared ones ---- */

static bool take_int(const char *v, int *out, int lo, int hi)
{
    char *end;
    long n = v ? strtol(v, &end, 10) : 0;
    if (!v || !*v || *end || n < lo || n > hi)
        return false;
    *out = (int)n;
    return true;
}

static bool take_shard(const char *v, FixOpts *f)
{
    int k, n;
    if (!v || sscanf(v, "%d/%d", &k, &n) != 2 || n < 1 || k < 1 || k > n)
        return false;
    f->shard_k = k;
    f->shard_n = n;
    return true;
}

/* Matches `--name VALUE`, `--name=VALUE` (or the short `-j N`, `-jN`). */
static bool option_value(char **argv, int argc, int *i, const char *name, const char **v)
{
    const char *a = argv[*i];
    size_t n = strlen(name);
    if (strncmp(a, name, n) != 0)
        return false;
    if (a[n] == '=' || (a[n] && name[1] != '-')) {
        *v = a + n + (a[n] == '=');
        return true;
    }
    if (a[n])
        return false;
    *v = *i + 1 < argc ? argv[++*i] : NULL;
    return true;
}

/* Returns the number of arguments left in rest, or -1 after a usage error. */
static int take_options(int argc, char **argv, char **rest, FixOpts *f)
{
    int n = 0;
    for (int i = 0; i < argc; i++) {
        const char *a = argv[i], *v = NULL;
        bool ok = true;
        if (i == 0 || a[0] != '-')
            rest[n++] = argv[i];
        else if (option_value(argv, argc, &i, "--steps", &v))
            ok = take_int(v, &f->steps, 1, 100);
        else if (option_value(argv, argc, &i, "-j", &v))
            ok = take_int(v, &f->jobs, 1, 256);
        else if (option_value(argv, argc, &i, "--shard", &v))
            ok = take_shard(v, f);
        else if (option_value(argv, argc, &i, "--keep", &v))
            ok = (f->keep = v) && *v;
        else if (option_value(argv, argc, &i, "--results", &v))
            ok = (f->results = v) && *v;
        else if (option_value(argv, argc, &i, "--svg", &v))
            ok = (f->svg = v) && *v;
        else if (option_value(argv, argc, &i, "--nvcc-timeout", &v))
            ok = take_int(v, &f->nvcc_timeout_ms, 1, 3600000);
        else if (option_value(argv, argc, &i, "--nvcc", &v))
            ok = (f->nvcc = v) && *v;
        else if (option_value(argv, argc, &i, "--frontend-timeout", &v))
            ok = take_int(v, &f->frontend.timeout_ms, 1, 3600000);
        else if (option_value(argv, argc, &i, "--frontend", &v))
            ok = (f->frontend.command = v) && *v;
        else if (strcmp(a, "--no-nvcc") == 0)
            f->no_nvcc = true;
        else if (strcmp(a, "--resume") == 0)
            f->resume = true;
        else if (strcmp(a, "--force") == 0)
            f->force = true;
        else if (strcmp(a, "--cross") == 0)
            f->cross = true;
        else if (strcmp(a, "--emulate") == 0)
            f->emulate = true;
        else if (strcmp(a, "--no-compare-own") == 0)
            f->no_compare_own = true;
        else
            rest[n++] = argv[i];
        if (!ok) {
            cli_usage_error("fixpoint", "bad value for %s", a);
            return -1;
        }
    }
    rest[n] = NULL;
    return n;
}

/* ---- the run (fuzz/fixpoint_run.c) ---- */

/* .cu files are inferred; a .proto is parsed, for the proto-first round
 * trip infer(gen(P0)) = P0. */
static Program *load_cb(const char *path, SrcFile **src, Diag *d, void *ctx)
{
    return load_input(path, ctx, NULL, src, d);
}

/* With --frontend, the external front end reads the .cu files. */
typedef struct External {
    const CliOptions *cli;
    const Frontend *fe;
    FrontendFailure last;
    bool tested; /* the last load ran the external front end */
} External;

static Program *load_external(const char *path, SrcFile **src, Diag *d, void *ctx)
{
    External *x = ctx;
    x->last = FE_OK;
    x->tested = input_lang(x->cli, path) == LANG_CUDA;
    if (!x->tested)
        return load_input(path, x->cli, NULL, src, d);
    return frontend_load(x->fe, path, src, d, &x->last);
}

/* Only what the external front end read is compared with ours: a .proto
 * or a .cl input was read by mapkit itself. */
static bool external_was_tested(void *ctx)
{
    const External *x = ctx;
    return x->tested;
}

static const char *external_failure(void *ctx)
{
    const External *x = ctx;
    return x->last == FE_OK ? NULL : frontend_failure_name(x->last);
}

/* nvcc, if the machine has one: the generated code must compile. */
static const char *find_nvcc(const FixOpts *f)
{
    if (f->no_nvcc)
        return NULL;
    if (f->nvcc)
        return f->nvcc;
    if (access("/usr/local/cuda/bin/nvcc", X_OK) == 0)
        return "/usr/local/cuda/bin/nvcc";
    return emu_on_path("nvcc") ? "nvcc" : NULL;
}

/* `PATH-OF-MAPKIT emulate --format=json [-b X,Y,Z] [-g X,Y,Z] {}`: the
 * launch the command line gives, else each file's own (malloc'd). */
static char *emulate_command(const CliOptions *cli)
{
    char self[PATH_MAX] = "mapkit", dims[2][96] = {"", ""};
    ssize_t n = readlink("/proc/self/exe", self, sizeof self - 1);
    self[n > 0 ? n : 6] = 0;
    for (int b = 0; b < 2; b++)
        if (launch_knows_all(&cli->launch, b == 0)) {
            const int64_t *d = b == 0 ? cli->launch.block_dim : cli->launch.grid_dim;
            snprintf(dims[b], sizeof dims[b], " %s %lld,%lld,%lld", b == 0 ? "-b" : "-g", (long long)d[0],
                     (long long)d[1], (long long)d[2]);
        }
    size_t size = strlen(self) + 256;
    char *cmd = xcalloc(size, 1);
    snprintf(cmd, size, "'%s' emulate --format=json --seed 1%s%s {}", self, dims[0], dims[1]);
    return cmd;
}

static int run(const FixOpts *f, const CliOptions *cli)
{
    FpRunOptions o = {.jobs = f->jobs, .shard_k = f->shard_k, .shard_n = f->shard_n, .results = f->results,
                      .resume = f->resume, .json = cli->format == FORMAT_JSON};
    o.fp.steps = f->steps;
    o.fp.keep_dir = f->keep;
    o.fp.nvcc = find_nvcc(f);
    o.fp.nvcc_timeout_ms = f->nvcc_timeout_ms;
    o.force = f->force;
    o.fp.cross = f->cross;
    o.fp.timeout_ms = cli->timeout_ms > 0 ? (unsigned)cli->timeout_ms : 10000;
    o.fp.load = load_cb;
    o.fp.load_ctx = (void *)cli;
    External x = {cli, &f->frontend, FE_OK, false};
    if (f->frontend.command) {
        o.frontend = f->frontend.command;
        o.fp.load = load_external;
        o.fp.load_ctx = &x;
        o.fp.load_failure = external_failure;
        /* the rounds cannot see a loss before P1: mapkit's own protocol
         * of the same file can (docs/fixpoint.md) */
        o.fp.own_load = f->no_compare_own ? NULL : load_cb;
        o.fp.own_ctx = (void *)cli;
        o.fp.load_was_tested = external_was_tested;
    }
    OutFile svg = {0};
    if (f->svg && !output_open(&svg, "fixpoint", f->svg, cli->files, cli->nfiles, false))
        return EXIT_INPUT;
    o.svg = svg.f;
    char *emulate = f->emulate ? emulate_command(cli) : NULL;
    o.fp.emulate = emulate;
    int code = fixpoint_run(&o, cli->files, cli->nfiles);
    free(emulate);
    if (f->svg && !output_commit(&svg))
        code = EXIT_INPUT;
    return code;
}

int cmd_fixpoint(int argc, char **argv)
{
    FixOpts f = {.steps = 2, .jobs = 1, .shard_k = 1, .shard_n = 1, .nvcc_timeout_ms = NVCC_TIMEOUT_MS,
                 .frontend = {NULL, FRONTEND_TIMEOUT_MS}};
    char **rest = xcalloc((size_t)argc + 1, sizeof *rest);
    int n = take_options(argc, argv, rest, &f);
    int code = EXIT_INPUT;
    char why[512];
    CliOptions cli;
    if (n >= 0 && (code = cli_parse_options(n, rest, &cli, usage, 0)) < 0) {
        if (cli.nfiles == 0) {
            cli_usage_error("fixpoint", "no files or directories given");
            code = EXIT_INPUT;
        } else if (f.resume && !f.results) {
            cli_usage_error("fixpoint", "--resume needs --results FILE");
            code = EXIT_INPUT;
        } else if (f.frontend.command && !external_template_ok(f.frontend.command, why, sizeof why)) {
            cli_usage_error("fixpoint", "--frontend: %s", why);
            code = EXIT_INPUT;
        } else {
            code = run(&f, &cli);
        }
    }
    if (n >= 0)
        cli_options_free(&cli);
    free(rest);
    return code;
}
