/* `mapkit gen`: protocol -> CUDA ([VST Table 1]; docs/codegen.md).
 * The driver asks the checker for the verdict of --gv-header and hands it
 * to the generator, which includes nothing but dsl/. */
#include "check.h"
#include "cli.h"
#include "drive.h"
#include "gen.h"
#include "input.h"
#include "output.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char usage[] =
    "usage: mapkit gen [options] FILE.proto [-o OUT.cu|OUT.cl]\n"
    "\n"
    "Writes one CUDA __global__ function per kernel of the protocol: reads\n"
    "become `__dummyA = A[i];`, writes `A[i] = __dummyA_w();`, sync\n"
    "`__syncthreads();`, preconditions `__requires(b);` (docs/codegen.md).\n"
    "The output compiles with nvcc -rdc=true -c -arch=sm_75.  With --lang=opencl\n"
    "(or -o FILE.cl) it writes OpenCL C (__kernel functions, barrier(...)), which\n"
    "compiles with clang -x cl -cl-std=CL1.2 (CL2.0 when its second comment says so).\n"
    "\n"
    "  -o FILE             write FILE (default: standard output): a regular file is replaced\n"
    "                      only once all is written (a link's target, never the input);\n"
    "                      a device or FIFO is written in place\n"
    "  --lang=cuda|opencl  the language written (default: OpenCL for -o FILE.cl, else CUDA);\n"
    "                      the input is read by its extension (.cu CUDA, .cl OpenCL, else a\n"
    "                      protocol), or as a protocol with --lang=proto\n"
    "  --gv-header         first two lines: GPUVerify's //pass or //xfail:NOT_ALL_VERIFIED\n"
    "                      (from mapkit check) and //--blockDim=[..] --gridDim=[..]\n"
    "                      (OpenCL: //--local_size=[..] --num_groups=[..])\n"
    "  --main              append a host program that defines the extern functions,\n"
    "                      allocates the arrays and launches every kernel (plain nvcc builds\n"
    "                      it; OpenCL: cc -x c FILE.cl -lOpenCL, the same file)\n"
    "  -b, --blockDim=D    launch size for --gv-header, --main and the verdict\n"
    "                      (default by the highest axis used: [32], [16,16] or [8,8,4])\n"
    "  -g, --gridDim=D     (default [2], [2,2] or [2,2,2])\n"
    "  -p NAME=VALUE       a uniform's value for the verdict and --main (default in --main: 8)\n"
    "  --style=S           who reads the code: mapkit (default; its own extern functions),\n"
    "                      plain (no extern function), gpuverify (plain with GPUVerify's\n"
    "                      header and annotations; implies --gv-header), faial (seed 004's\n"
    "                      Table 1 form); a construct the style cannot write is an error\n"
    "  --templates         kernels are templates over their global arrays' element types,\n"
    "                      explicitly instantiated with the protocol's types\n"
    "  --helpers           every read and write goes through a __device__ function\n"
    "  --kernel NAME       only this kernel\n"
    "  -I DIR, -D M[=V]    include directory and macro for a .cu or .cl input\n"
    "  --compdb DIR        -D, -I and -std from DIR/compile_commands.json, for a .cu input\n"
    "  --no-host           --main and --gv-header take no launch from a .cu file's host code\n"
    "  --engine=E, --timeout=MS   passed to the checker for --gv-header\n"
    "  --max-input-size=BYTES  refuse a file or header larger than this (K, M, G; default 64M)\n"
    "  --help, --version\n"
    "\n"
    "exit status: 0 written, 2 input error or a failed write, 4 --gv-header and the\n"
    "verdict is unknown\n";

typedef struct GenFlags {
    const char *output;
    const char *lang; /* --lang=cuda|opencl: the language written */
    bool gv_header, main_program, templates, helpers;
    GenStyle style;
} GenFlags;

static bool is_output_lang(const char *v)
{
    return v && (strcmp(v, "cuda") == 0 || strcmp(v, "opencl") == 0);
}

/* --lang=opencl|cuda, else -o's extension (.cl), else CUDA. */
static GenLang output_lang(const GenFlags *f)
{
    if (f->lang)
        return strcmp(f->lang, "opencl") == 0 ? GEN_OPENCL : GEN_CUDA;
    return f->output && str_ends_with(f->output, ".cl") ? GEN_OPENCL : GEN_CUDA;
}

/* Takes -o, --gv-header and --main out of argv (the shared parser does
 * not know them); returns the new argc, or -1 after a usage error. */
static int take_gen_flags(int argc, char **argv, char **rest, GenFlags *f)
{
    int n = 0;
    bool only_files = false;
    for (int i = 0; i < argc; i++) {
        const char *a = argv[i];
        if (i == 0 || only_files) {
            rest[n++] = argv[i];
        } else if (strcmp(a, "--") == 0) {
            only_files = true;
            rest[n++] = argv[i];
        } else if (strcmp(a, "--gv-header") == 0) {
            f->gv_header = true;
        } else if (strcmp(a, "--main") == 0) {
            f->main_program = true;
        } else if (strcmp(a, "--templates") == 0) {
            f->templates = true;
        } else if (strcmp(a, "--helpers") == 0) {
            f->helpers = true;
        } else if (strncmp(a, "--style=", 8) == 0 || strcmp(a, "--style") == 0) {
            const char *v = a[7] == '=' ? a + 8 : i + 1 < argc ? argv[++i] : "";
            if (!gen_style_parse(v, &f->style)) {
                cli_usage_error("gen", "--style takes mapkit, plain, gpuverify or faial (got '%s')", v);
                return -1;
            }
            f->gv_header |= f->style == GEN_STYLE_GPUVERIFY;
        } else if (strncmp(a, "--lang=", 7) == 0 && is_output_lang(a + 7)) {
            f->lang = a + 7; /* --lang=proto stays the shared option: how the input is read */
        } else if (strcmp(a, "--lang") == 0 && i + 1 < argc && is_output_lang(argv[i + 1])) {
            f->lang = argv[++i];
        } else if (strcmp(a, "-o") == 0 || strncmp(a, "--output=", 9) == 0 ||
                   (strncmp(a, "-o", 2) == 0 && a[2])) {
            const char *v = a[1] == '-' ? a + 9 : a[2] ? a + 2 : i + 1 < argc ? argv[++i] : NULL;
            if (!v || !*v) {
                cli_usage_error("gen", "missing file name after -o");
                return -1;
            }
            f->output = v;
        } else {
            rest[n++] = argv[i];
        }
    }
    rest[n] = NULL;
    return n;
}


static Verdict verdict_of(Kernel *k, const CliOptions *o, const GenOptions *g)
{
    CheckConfig cfg;
    check_config_from_cli(o, &g->launch, &cfg);
    Facts *f = facts_new(k);
    Diag d;
    diag_init(&d, stderr);
    Verdict v = V_ERROR; /* a vacuous verdict is no label (docs/checker.md) */
    if (assumptions_hold(f, &cfg, NULL, &d)) {
        KernelResult *r = check_kernel(f, &cfg, o->engine);
        v = r->verdict;
        result_free(r);
    }
    facts_free(f);
    return v;
}

/* GPUVerify's label for the kernels generated, or an exit code (> 0) when
 * there is none to give. */
static int gv_label(const Program *p, const CliOptions *o, GenOptions *g, const char *path)
{
    bool failing = false, unknown = false, error = false;
    for (int i = 0; i < p->nkernels; i++) {
        Kernel *k = p->kernels[i];
        if (o->kernel && strcmp(o->kernel, k->name) != 0)
            continue;
        Verdict v = verdict_of(k, o, g);
        failing |= v == V_RACY || v == V_DIVERGENT || v == V_ILLFORMED;
        unknown |= v == V_UNKNOWN;
        error |= v == V_ERROR;
    }
    if (failing) {
        g->label = GV_XFAIL;
        return 0;
    }
    if (error || unknown) {
        fprintf(stderr, "%s: error: --gv-header: the checker %s; no output written\n", path,
                error ? "could not check a kernel" : "could not decide a kernel (try a larger --timeout)");
        return error ? EXIT_INPUT : EXIT_UNKNOWN;
    }
    g->label = GV_PASS;
    return 0;
}

/* To -o's file (never the input, never half written) or the standard
 * output. */
static bool write_output(const char *path, const char *input, const char *text, size_t len)
{
    OutFile out;
    if (!output_open(&out, "gen", path ? path : "-", &input, 1, false))
        return false;
    fwrite(text, 1, len, out.f); /* its errors are the stream's, read at the commit */
    return output_commit(&out);
}

/* The host code's launch of the kernels generated (docs/codegen.md), when
 * every launch of each agrees; none when a kernel has no launch, when two
 * launches differ (one set of sizes serves the whole program; a note says
 * so), or under --no-host. */
static bool host_launch(const CliOptions *o, const Program *p, Launch *out)
{
    const Launch *first = NULL;
    const char *first_kernel = NULL;
    for (int i = 0; i < p->nkernels && !o->no_host; i++) {
        const Kernel *k = p->kernels[i];
        if (o->kernel && strcmp(o->kernel, k->name) != 0)
            continue;
        if (k->nhost_launches == 0)
            return false;
        for (int j = 0; j < k->nhost_launches; j++) {
            if (!first) {
                first = &k->host_launches[j];
                first_kernel = k->name;
            } else if (!launch_same(first, &k->host_launches[j])) {
                bool same = strcmp(first_kernel, k->name) == 0;
                fprintf(stderr, "%s: note: the host code launches %s%s%s with different sizes or arguments; "
                                "gen uses its default sizes (give -b and -g)\n",
                        p->file ? p->file->path : "<input>", first_kernel, same ? " twice" : " and ",
                        same ? "" : k->name);
                return false;
            }
        }
    }
    if (first)
        *out = *first;
    return first != NULL;
}

/* The options' launch over the host code's, with codegen's default sizes
 * where neither has them. */
static void launch_sizes(const CliOptions *o, const Program *p, GenOptions *g)
{
    Launch defaults, host;
    launch_init(&defaults);
    int64_t block[3], grid[3];
    gen_default_dims(p, block, grid);
    launch_set_dims(&defaults, true, block, LAUNCH_ALL_AXES, defaults.block_from);
    launch_set_dims(&defaults, false, grid, LAUNCH_ALL_AXES, defaults.grid_from);
    if (host_launch(o, p, &host))
        defaults = launch_override(&host, &defaults);
    g->launch = launch_override(&o->launch, &defaults);
}

static int generate(const CliOptions *o, const GenFlags *flags, const char *path)
{
    Diag d;
    diag_init(&d, stderr);
    SrcFile *src = NULL;
    Program *p = load_input(path, o, NULL, &src, &d);
    if (!p || !drive_names_exist(o, p, path, &d)) {
        program_free(p);
        src_free(src);
        return EXIT_INPUT;
    }
    GenOptions g = {.source_name = strcmp(path, "-") == 0 ? "<stdin>" : path, .kernel = o->kernel,
                    .main_program = flags->main_program, .lang = output_lang(flags), .style = flags->style,
                    .templates = flags->templates, .helpers = flags->helpers};
    if (g.lang == GEN_OPENCL && (g.style != GEN_STYLE_MAPKIT || g.templates || g.helpers)) {
        fprintf(stderr, "%s: error: --style, --templates and --helpers shape CUDA only, not --lang=opencl\n", path);
        program_free(p);
        src_free(src);
        return EXIT_INPUT;
    }
    Loc at;
    const char *refusal = gen_style_refusal(p, g.style, o->kernel, &at);
    if (refusal) {
        diag_at(&d, SEV_ERROR, at, "--style=%s: %s", gen_style_name(g.style), refusal);
        program_free(p);
        src_free(src);
        return EXIT_INPUT;
    }
    launch_sizes(o, p, &g);
    int code = flags->gv_header ? gv_label(p, o, &g, path) : 0;
    if (code == 0) {
        size_t len;
        char *text = gen_program(p, &g, &len);
        code = write_output(flags->output, path, text, len) ? EXIT_OK : EXIT_INPUT;
        free(text);
    }
    program_free(p);
    src_free(src);
    return code;
}

int cmd_gen(int argc, char **argv)
{
    char **rest = xcalloc((size_t)argc + 1, sizeof *rest);
    GenFlags flags = {0};
    int n = take_gen_flags(argc, argv, rest, &flags);
    int code = EXIT_INPUT;
    CliOptions o;
    if (n >= 0) {
        code = cli_parse_options(n, rest, &o, usage, OPT_ENGINE);
        if (code < 0 && o.nfiles != 1) {
            cli_usage_error("gen", "one input file, please (got %d)", o.nfiles);
            code = EXIT_INPUT;
        }
        if (code < 0)
            code = generate(&o, &flags, o.files[0]);
        cli_options_free(&o);
    }
    free(rest);
    return code;
}
