/* `mapkit run`: the concrete interpreter, the reference semantics. */
#include "cli.h"
#include "drive.h"
#include "interp.h"
#include "smt.h"

static const char usage[] =
    "usage: mapkit run [options] FILE.proto...\n"
    "\n"
    "Runs every thread of each kernel for concrete launch sizes and parameter\n"
    "values (seed 000, Fig. 2) and reports a race, a barrier divergence, or\n"
    "data-race freedom for that instance.  Unknowns (`local x;`) and per-thread\n"
    "constants take every value in 0..VALUES-1.\n"
    "\n"
    "  -b, --blockDim=D    threads per block: 64, [16,16] or 16,16\n"
    "  -g, --gridDim=D     blocks per grid (same forms)\n"
    "  -p NAME=VALUE       value of a uniform variable (every one used needs one)\n"
    "  --assume FACT       a fact about an array's contents: nondecreasing(A[, LEN]),\n"
    "                      injective(A[, LEN]) (docs/language.md 3.10)\n"
    "  --values=N          range of unknowns and per-thread constants (default 4)\n"
    "  --max-steps=N       statements executed, over all threads (default 2000000)\n"
    "  --timeout=MS        give up on a kernel (unknown, exit 4) MS milliseconds after\n"
    "                      its file began loading (default: no limit but --max-steps)\n"
    "  --kernel NAME       only this kernel\n"
    "  -I DIR, -D M[=V]    include directory and macro for a .cu or .cl input\n"
    "  --compdb DIR        -D, -I and -std from DIR/compile_commands.json\n"
    "  --no-host           no launch read from a .cu file's host code\n"
    "  --lang=cuda|opencl|ptx|proto  read the inputs as this (default: .cu .cuh .h .hpp\n"
    "                      .cuh.inc are CUDA, .cl OpenCL, .ptx PTX, else protocols)\n"
    "  --all               every racing pair of access sites, not one per array\n"
    "  --only-intra-group  races within a block only, also on global arrays (GPUVerify's\n"
    "                      option; a .cu file's header line may give it too)\n"
    "  --strict-writes     two threads writing the same value to one cell race too\n"
    "                      (by default a benign race, reported as a note)\n"
    "  --format=text|json|sarif\n"
    "  --timeout-file=MS   every kernel of a file ends within MS milliseconds of the\n"
    "                      file's loading (those left are unknown)\n"
    "  --baseline=OLD.json  fail only on alarms not in OLD.json (as for check)\n"
    "  --explain           under each race, both threads' paths to their accesses\n"
    "  --max-input-size=BYTES  refuse a file or header larger than this (K, M, G; default 64M)\n"
    "  --help, --version\n"
    "\n"
    "exit status: 0 DRF, 1 race, 2 input error (also: nothing to check, or\n"
    "assumptions that contradict each other) or a failed write of the report,\n"
    "3 divergence or ill-formed, 4 unknown (step limit, division by zero)\n";

static KernelResult *run_one(const Facts *f, const CliOptions *c, const CheckConfig *cfg)
{
    /* the interpreter is bounded by --max-steps, and by --timeout when given */
    RunOptions o;
    run_options_from_cli(c, &cfg->launch, &o);
    if (cfg->timeout_ms)
        o.deadline_ms = (cfg->started_ms > 0 ? cfg->started_ms : smt_now_ms()) + cfg->timeout_ms;
    o.all = cfg->all; /* also set for suppressions and baselines (findings.h) */
    return interp_run(f, &o);
}

int cmd_run(int argc, char **argv)
{
    CliOptions o;
    int code = cli_parse_options(argc, argv, &o, usage, OPT_RUN);
    if (code < 0)
        code = drive_kernels(&o, run_one);
    cli_options_free(&o);
    return code;
}
