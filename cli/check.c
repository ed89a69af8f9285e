/* `mapkit check`: data races and barrier divergence of protocols. */
#include "check.h"

#include "cli.h"
#include "drive.h"

static const char usage[] =
    "usage: mapkit check [options] FILE.proto...\n"
    "\n"
    "Decides, for every kernel, whether it is data-race free for all launch\n"
    "sizes and parameter values (or those given), and reports each race or\n"
    "barrier divergence with a witness: the values of the uniform variables\n"
    "and of both threads' locals.\n"
    "\n"
    "  -b, --blockDim=D    threads per block: 64, [16,16] or 16,16 (default: symbolic)\n"
    "  -g, --gridDim=D     blocks per grid (same forms; default: symbolic)\n"
    "  -p NAME=VALUE       fix a uniform variable\n"
    "  --kernel NAME       only this kernel\n"
    "  --array NAME        only races on this array\n"
    "  --all               every racing pair of access sites, not one per array\n"
    "  --only-intra-group  races within a block only, also on global arrays (GPUVerify's\n"
    "                      option; a .cu file's header line may give it too)\n"
    "  --engine=interval   the default: polynomial in synchronized-loop nesting\n"
    "  --engine=align      the paper's aligning pipeline (seed 000, Fig. 3-4)\n"
    "  --timeout=MS        give up on a kernel (exit 4) MS milliseconds after its file\n"
    "                      began loading: parsing or inference counts (default 20000)\n"
    "  --format=text|json|sarif\n"
    "  --help, --version\n"
    "\n"
    "exit status: 0 DRF, 1 race, 2 input error, 3 divergence or ill-formed,\n"
    "4 unknown (the solver gave up)\n";

/* Per kernel: a kernel the solver cannot settle in this time is "unknown". */
enum { DEFAULT_TIMEOUT_MS = 20000 };

static KernelResult *check_one(const Facts *f, const CliOptions *o, KernelClock clock)
{
    CheckConfig cfg = {0};
    for (int a = 0; a < 3; a++) {
        cfg.block_dim[a] = o->block_dim[a];
        cfg.grid_dim[a] = o->grid_dim[a];
    }
    cfg.has_block_dim = o->has_block_dim;
    cfg.has_grid_dim = o->has_grid_dim;
    cfg.params = o->params;
    cfg.nparams = o->nparams;
    cfg.timeout_ms = o->timeout_ms > 0 ? (unsigned)o->timeout_ms : DEFAULT_TIMEOUT_MS;
    cfg.started_ms = clock.started_ms;
    cfg.started_while = clock.started_while;
    cfg.all = o->all;
    cfg.only_intra_group = o->only_intra_group;
    cfg.array = o->array;
    return check_kernel(f, &cfg, o->engine);
}

int cmd_check(int argc, char **argv)
{
    CliOptions o;
    int code = cli_parse_options(argc, argv, &o, usage, OPT_ENGINE);
    if (code < 0)
        code = drive_kernels(&o, check_one);
    cli_options_free(&o);
    return code;
}
