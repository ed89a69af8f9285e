/* `mapkit fuzz` ([VST Sec. 3], [SKBG Sec. 6]): random labelled protocols, racy twins, and the
 * differential loop (docs/fuzz.md; [SKBG Sec. 6]; docs/fuzz.md). */
#include "cli.h"

#include "against.h"
#include "external.h"
#include "fuzz.h"

#include <errno.h>
#include <limits.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

static const char usage[] =
    "usage: mapkit fuzz [--seed S] [--count N] [--out DIR] [knobs]\n"
    "       mapkit fuzz --check [--count N] [--time SECONDS] [--out DIR] [knobs]\n"
    "\n"
    "Writes random protocols, each labelled with the verdict that mapkit run\n"
    "and both engines of mapkit check agree on at its small launch: DIR/NAME.proto,\n"
    "DIR/NAME.cu (with GPUVerify's header) and a line of DIR/manifest.jsonl.  A DRF\n"
    "protocol also gets racy twins: one sync deleted (seed 001, Sec. 6, types 1-3).\n"
    "With --check nothing is written but disagreements, each shrunk to a minimal\n"
    "reproducer.  Disagreements go to stderr and DIR/disagreements.jsonl.\n"
    "\n"
    "  --seed=S            the random seed (default 1; with --check, the clock's)\n"
    "  --count=N           protocols (default 100; with --check 1000, or no limit with --time)\n"
    "  --time=SECONDS      stop after this long\n"
    "  -o, --out=DIR       output folder (default fuzz-out): absent or empty, else refused\n"
    "  --force             write into a DIR that is not empty (files of the same names replaced)\n"
    "  --check             differential testing only: no corpus\n"
    "  --twins=N           racy twins wanted per DRF protocol (default 1; 0: none)\n"
    "  --timeout=MS        per kernel and engine (default 5000)\n"
    "  -j N                worker processes (default 1); the output is the same for any N\n"
    "  --no-shrink         keep disagreements as found\n"
    "  --shrink-tries=N    oracle calls per shrink (default 3000)\n"
    "  -q, --quiet         no report per disagreement on stderr\n"
    "  --lang=opencl       also DIR/NAME.cl (OpenCL, GPUVerify's OpenCL header); with\n"
    "                      --check, the OpenCL front end must read it back too\n"
    "  --frontend 'CMD {}' run this front end on every case's .cu (no shell: CMD is split into\n"
    "                      words, {} becomes the file); its protocol, checked\n"
    "                      by the interval engine, must have the label's verdict\n"
    "  --frontend-timeout=MS  per run of the front end (default 60000)\n"
    "\n"
    "knobs (every feature is on unless switched off):\n"
    "  --stmts=N           statements per kernel, drawn from N/2..N (default 5..16)\n"
    "  --kernels=N         kernels per protocol, drawn from 1..N (default: 8% have two)\n"
    "  --depth=N           deepest nesting of if and loop statements (default: no limit)\n"
    "  --no-loops --no-conds --no-multidim --no-atomics --no-globals\n"
    "  --no-unknowns       also no preconditions (uniforms stay pinned: assume n == V)\n"
    "  --no-uniforms --no-divergence\n"
    "  --no-phases         no barrier-separated exchanges on array X (the twins' syncs)\n"
    "  --no-shared         no unknowns a block shares (local x uniform block; local x = sync;)\n"

    "  --extended          also preconditions in loops and branches, 1@x, distinct, pow2\n"
    "  --tiles             also tile and warp syncs, unknowns uniform over a tile\n"
    "  --fences            also barriers with fence flags (sync local; sync global; sync exec;)\n"
    "  --bytes             also byte accesses (rd A bytes(o, w);), some misaligned\n"
    "  --loads             also atomic loads (atomic load A[i];), some block-scoped\n"
    "\n"
    "aiming (docs/fuzz.md, \"Aiming the fuzzer\"):\n"
    "  --racy-share=P      keep cases so that a share P (0..1) of them is racy\n"
    "  --divergent-share=P the same for divergent ones (and more kernels get a divergent sync)\n"
    "  --style=S           write the .cu files as gen --style=S does (mapkit, plain, gpuverify,\n"
    "                      faial); the generator leaves out what the style cannot write\n"
    "  --templates         kernels are templates over their global arrays' element types\n"
    "  --helpers           every access goes through a __device__ helper function\n"
    "\n"
    "Against another tool (docs/stress-testing.md): every labelled case goes to CMD\n"
    "instead, its answer is compared with the label, and each disagreement is shrunk\n"
    "to a reproducer folder in DIR/disagreements; DIR/results.jsonl, DIR/TOOL.svg.\n"
    "  --against='CMD {}'  the tool; {} is the case's file (appended when absent)\n"
    "  --verdict-map=MAP   exit:0=drf,1=racy,3=divergent,4=unknown (the default) or\n"
    "                      re:REGEX=VERDICT;REGEX=VERDICT (first match in the output)\n"
    "  --against-timeout=MS  per run of the tool (default 10000)\n"
    "  --against-on=cu|proto|cl the file the tool gets (default cu; cl: OpenCL)\n"
    "  --resume            skip the protocols DIR/results.jsonl already has\n"
    "  --emulate           the tool is mapkit emulate on gen --main's program at the\n"
    "                      case's launch (--lang=opencl: the .cl); a racy label it does\n"
    "                      not reproduce is not a disagreement (docs/fuzz.md, \"Emulation\")\n"
    "\n"
    "  --plant-bug=ARRAY   testing only: the interval engine answers wrongly on kernels\n"
    "                      that write ARRAY, so the shrinker has a bug to reduce\n"
    "  --help, --version\n"
    "\n"
    "exit status: 0 no disagreement, 1 some disagreement (of the oracles, or of the\n"
    "tool with the labels), 2 usage or output error (also a DIR not empty without\n"
    "--force), 130 or 143 stopped by SIGINT or SIGTERM (-j N: the workers stopped, what\n"
    "they finished listed)\n";

typedef struct Switch {
    const char *flag;
    size_t offset; /* of the bool in RandFeatures */
} Switch;

static const Switch switches[] = {
    {"--no-loops", offsetof(RandFeatures, loops)},         {"--no-conds", offsetof(RandFeatures, conds)},
    {"--no-multidim", offsetof(RandFeatures, multidim)},   {"--no-atomics", offsetof(RandFeatures, atomics)},
    {"--no-globals", offsetof(RandFeatures, globals)},     {"--no-unknowns", offsetof(RandFeatures, unknowns)},
    {"--no-uniforms", offsetof(RandFeatures, uniforms)},   {"--no-divergence", offsetof(RandFeatures, divergence)},
    {"--no-phases", offsetof(RandFeatures, phases)},
    {"--no-shared", offsetof(RandFeatures, shared)},

};

/* The value of `--name=V`, `--name V` or `-xV` (advancing *i); NULL if
 * arg is not that option. */
static const char *option_value(const char *name, int argc, char **argv, int *i, bool *missing)
{
    const char *arg = argv[*i];
    size_t n = strlen(name);
    if (strncmp(arg, name, n) != 0)
        return NULL;
    if (arg[n] == '=')
        return arg + n + 1;
    if (arg[n] != 0) /* -j4, -oDIR; but --seedling is no --seed */
        return name[1] != '-' ? arg + n : NULL;
    if (*i + 1 >= argc) {
        *missing = true;
        return NULL;
    }
    return argv[++*i];
}

static bool parse_number(const char *text, long long lo, long long hi, long long *out)
{
    char *end;
    errno = 0;
    long long v = strtoll(text, &end, 0);
    if (errno || end == text || *end || v < lo || v > hi)
        return false;
    *out = v;
    return true;
}

typedef struct FuzzArgs {
    FuzzOptions o;
    bool seed_given, count_given, time_given;
    char knobs[512];
} FuzzArgs;

static void add_knob(FuzzArgs *p, const char *text)
{
    size_t n = strlen(p->knobs);
    snprintf(p->knobs + n, sizeof p->knobs - n, "%s%s", n ? " " : "", text);
}

static bool take_switch(FuzzArgs *p, const char *arg)
{
    for (size_t i = 0; i < sizeof switches / sizeof *switches; i++)
        if (strcmp(arg, switches[i].flag) == 0) {
            *(bool *)((char *)&p->o.gen.on + switches[i].offset) = false;
            add_knob(p, arg);
            return true;
        }
    if (strcmp(arg, "--extended") == 0) {
        p->o.gen.on.extended = true;
        add_knob(p, arg);
        return true;
    }
    if (strcmp(arg, "--tiles") == 0) {
        p->o.gen.on.tiles = true;
        add_knob(p, arg);
        return true;
    }
    if (strcmp(arg, "--fences") == 0) {
        p->o.gen.on.fences = true;
        add_knob(p, arg);
        return true;
    }
    if (strcmp(arg, "--bytes") == 0) {
        p->o.gen.on.bytes = true;
        add_knob(p, arg);
        return true;
    }
    if (strcmp(arg, "--loads") == 0) {
        p->o.gen.on.loads = true;
        add_knob(p, arg);
        return true;
    }
    return false;
}

typedef enum { N_SEED, N_COUNT, N_STMTS, N_KERNELS, N_DEPTH, N_TWINS, N_TIMEOUT, N_SHRINK_TRIES, N_JOBS,
               N_AGAINST_TIMEOUT } NumberOption;

static const struct {
    const char *name;
    long long lo, hi;
    bool knob; /* shapes the protocols: named in each file's provenance line */
} numbers[] = {
    [N_SEED] = {"--seed", 0, LLONG_MAX, false},      [N_COUNT] = {"--count", 1, LLONG_MAX, false},
    [N_STMTS] = {"--stmts", 1, 200, true},           [N_KERNELS] = {"--kernels", 1, 8, true},
    [N_DEPTH] = {"--depth", 0, 100, true},           [N_TWINS] = {"--twins", 0, 4, false},
    [N_TIMEOUT] = {"--timeout", 1, 3600000, false},  [N_SHRINK_TRIES] = {"--shrink-tries", 0, 1000000, false},
    [N_JOBS] = {"-j", 1, 256, false},
    [N_AGAINST_TIMEOUT] = {"--against-timeout", 1, 3600000, false},
};

static void set_number(FuzzArgs *p, NumberOption k, long long n)
{
    switch (k) {
    case N_SEED: p->o.seed = (uint64_t)n; p->seed_given = true; break;
    case N_COUNT: p->o.count = (long)n; p->count_given = true; break;
    case N_STMTS: p->o.gen.stmts = (int)n; break;
    case N_KERNELS: p->o.gen.kernels = (int)n; break;
    case N_DEPTH: p->o.gen.depth = (int)n; break;
    case N_TWINS: p->o.twins = (int)n; break;
    case N_TIMEOUT: p->o.oracle.timeout_ms = (unsigned)n; break;
    case N_SHRINK_TRIES: p->o.shrink_tries = (int)n; break;
    case N_JOBS: p->o.jobs = (int)n; break;
    case N_AGAINST_TIMEOUT: p->o.against_timeout_ms = (int)n; break;
    }
    if (numbers[k].knob) {
        char knob[64];
        snprintf(knob, sizeof knob, "%s %lld", numbers[k].name, n);
        add_knob(p, knob);
    }
}

/* A numeric option; true when arg was one (*bad set if its value was wrong). */
static bool take_number(FuzzArgs *p, int argc, char **argv, int *i, bool *bad)
{
    for (size_t k = 0; k < sizeof numbers / sizeof *numbers; k++) {
        bool missing = false;
        const char *v = option_value(numbers[k].name, argc, argv, i, &missing);
        if (!v && !missing)
            continue;
        long long n = 0;
        if (missing || !parse_number(v, numbers[k].lo, numbers[k].hi, &n)) {
            cli_usage_error("fuzz", "%s needs a number from %lld to %lld", numbers[k].name, numbers[k].lo,
                            numbers[k].hi);
            *bad = true;
        } else {
            set_number(p, (NumberOption)k, n);
        }
        return true;
    }
    return false;
}

/* --racy-share=P, --divergent-share=P: a share of the cases written; a
 * divergent share above the generator's own one in seven kernels also
 * makes it write more divergent syncs (a knob of the protocols). */
static bool take_share(FuzzArgs *p, const char *arg, const char *v)
{
    char *end;
    double share = strtod(v, &end);
    if (*end || end == v || !(share >= 0 && share <= 1)) {
        cli_usage_error("fuzz", "%s needs a share from 0 to 1", strncmp(arg, "--racy", 6) == 0 ? "--racy-share"
                                                                                               : "--divergent-share");
        return false;
    }
    if (strncmp(arg, "--racy", 6) == 0) {
        p->o.racy_share = share;
        return true;
    }
    p->o.divergent_share = share;
    if (share * 100 > 14) {
        p->o.gen.divergent_pct = (int)(share * 100 + 0.5);
        char knob[64];
        snprintf(knob, sizeof knob, "--divergent-share %g", share);
        add_knob(p, knob);
    }
    return true;
}

/* Options with a text value, and plain flags. */
static bool take_other(FuzzArgs *p, int argc, char **argv, int *i, bool *bad)
{
    const char *arg = argv[*i];
    bool missing = false;
    const char *v;
    if ((v = option_value("--out", argc, argv, i, &missing)) || (v = option_value("-o", argc, argv, i, &missing))) {
        p->o.out_dir = v;
    } else if ((v = option_value("--time", argc, argv, i, &missing))) {
        char *end;
        p->o.seconds = strtod(v, &end);
        p->time_given = true;
        if (*end || end == v || p->o.seconds <= 0) {
            cli_usage_error("fuzz", "--time needs a positive number of seconds");
            *bad = true;
        }
    } else if ((v = option_value("--frontend-timeout", argc, argv, i, &missing))) {
        long long ms = 0;
        *bad = !parse_number(v, 1, 3600000, &ms);
        if (*bad)
            cli_usage_error("fuzz", "--frontend-timeout needs a number from 1 to 3600000");
        p->o.frontend.timeout_ms = (int)ms;
    } else if ((v = option_value("--frontend", argc, argv, i, &missing))) {
        p->o.frontend.command = v;
    } else if ((v = option_value("--plant-bug", argc, argv, i, &missing))) {
        p->o.oracle.plant_array = v;
    } else if ((v = option_value("--racy-share", argc, argv, i, &missing)) ||
               (v = option_value("--divergent-share", argc, argv, i, &missing))) {
        *bad = !take_share(p, arg, v);
    } else if ((v = option_value("--style", argc, argv, i, &missing))) {
        *bad = !gen_style_parse(v, &p->o.style);
        if (*bad)
            cli_usage_error("fuzz", "--style takes mapkit, plain, gpuverify or faial (got '%s')", v);
    } else if (strcmp(arg, "--templates") == 0) {
        p->o.templates = true;
    } else if (strcmp(arg, "--helpers") == 0) {
        p->o.helpers = true;
    } else if ((v = option_value("--against-on", argc, argv, i, &missing))) {
        if (strcmp(v, "cu") == 0) {
            p->o.against_on = AGAINST_ON_CU;
        } else if (strcmp(v, "proto") == 0) {
            p->o.against_on = AGAINST_ON_PROTO;
        } else if (strcmp(v, "cl") == 0) {
            p->o.against_on = AGAINST_ON_CL;
        } else {
            cli_usage_error("fuzz", "--against-on takes cu, proto or cl, not '%s'", v);
            *bad = true;
        }
    } else if ((v = option_value("--against", argc, argv, i, &missing))) {
        p->o.against = v;
    } else if ((v = option_value("--verdict-map", argc, argv, i, &missing))) {
        p->o.verdict_map = v;
    } else if (missing) {
        cli_usage_error("fuzz", "%s needs a value", arg);
        *bad = true;
    } else if (strcmp(arg, "--check") == 0) {
        p->o.check = true;
    } else if (strcmp(arg, "--emulate") == 0) {
        p->o.emulate = true;
    } else if (strcmp(arg, "--lang=opencl") == 0) {
        p->o.opencl = true;
    } else if (strcmp(arg, "--resume") == 0) {
        p->o.resume = true;
    } else if (strcmp(arg, "--force") == 0) {
        p->o.force = true;
    } else if (strcmp(arg, "--no-shrink") == 0) {
        p->o.shrink = false;
    } else if (strcmp(arg, "-q") == 0 || strcmp(arg, "--quiet") == 0) {
        p->o.quiet = true;
    } else {
        return false;
    }
    return true;
}

/* Defaults that depend on the mode. */
static void settle(FuzzArgs *p)
{
    if (p->o.check && !p->seed_given)
        p->o.seed = (uint64_t)time(NULL);
    if (!p->count_given)
        p->o.count = p->time_given ? 0 : p->o.check ? 1000 : 100;
    if (gen_style_plain(p->o.style)) { /* it shapes the protocols */
        style_restricts_generator(&p->o);
        add_knob(p, p->o.style == GEN_STYLE_PLAIN ? "--style plain" : "--style gpuverify");
    }
    p->o.knobs = p->knobs;
}

/* A command template that needs a shell is refused before anything runs
 * (fuzz/command.h). */
static bool template_ok(const char *option, const char *tmpl)
{
    char why[512];
    if (!tmpl || external_template_ok(tmpl, why, sizeof why))
        return true;
    cli_usage_error("fuzz", "%s: %s", option, why);
    return false;
}

int cmd_fuzz(int argc, char **argv)
{
    static FuzzArgs p;
    memset(&p, 0, sizeof p);
    fuzz_options_default(&p.o);
    for (int i = 1; i < argc; i++) {
        int code;
        bool bad = false;
        if (cli_common_flag(argv[i], usage, &code))
            return code;
        if (take_switch(&p, argv[i]) || take_number(&p, argc, argv, &i, &bad) ||
            take_other(&p, argc, argv, &i, &bad)) {
            if (bad)
                return EXIT_INPUT;
            continue;
        }
        cli_usage_error("fuzz", "unknown option '%s'", argv[i]);
        return EXIT_INPUT;
    }
    settle(&p);
    if ((p.o.racy_share > 0 ? p.o.racy_share : 0) + (p.o.divergent_share > 0 ? p.o.divergent_share : 0) > 1 + 1e-9) {
        cli_usage_error("fuzz", "--racy-share and --divergent-share add up to more than 1");
        return EXIT_INPUT;
    }
    if (p.o.frontend.command && p.o.check) { /* it reads the cases' files, which --check does not write */
        cli_usage_error("fuzz", "--frontend needs the cases: it does not combine with --check");
        return EXIT_INPUT;
    }
    if ((p.o.against || p.o.emulate) && p.o.check) {
        cli_usage_error("fuzz", "--against or --emulate, and --check, are two modes: choose one");
        return EXIT_INPUT;
    }
    if (p.o.against && p.o.emulate) {
        cli_usage_error("fuzz", "--emulate is --against with mapkit emulate: give one of them");
        return EXIT_INPUT;
    }
    if (!template_ok("--against", p.o.against) || !template_ok("--frontend", p.o.frontend.command))
        return EXIT_INPUT;
    static char self[PATH_MAX + 64];
    if (p.o.emulate) {
        /* the tool's name in the report; ask_at builds each command */
        ssize_t n = readlink("/proc/self/exe", self, PATH_MAX);
        snprintf(self + (n > 0 ? n : 0), sizeof self - (size_t)(n > 0 ? n : 0), "%s", n > 0 ? " emulate" : "mapkit emulate");
        p.o.against = self;
        if (p.o.opencl)
            p.o.against_on = AGAINST_ON_CL;
        if (p.o.against_timeout_ms == 10000)
            p.o.against_timeout_ms = 30000;
    }
    return fuzz_run(&p.o);
}
