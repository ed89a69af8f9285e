/* `mapkit infer`: CUDA -> protocols ([CAV21 Sec. 5] "Inference"). */
#include "cli.h"
#include "input.h"
#include "output.h"
#include "print.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char usage[] =
    "usage: mapkit infer [options] FILE.cu|FILE.cl... [-o OUT.proto]\n"
    "\n"
    "Writes the memory access protocol of every __global__ (OpenCL: __kernel) function of the\n"
    "files, one `kernel` block each (docs/inference.md says how each CUDA\n"
    "construct is abstracted).  What the protocol cannot follow becomes an\n"
    "unknown (`local x;`) with a warning naming the line.\n"
    "\n"
    "  -o FILE             write FILE (default: standard output): a regular file is replaced\n"
    "                      only once all is written (a link's target, never the input);\n"
    "                      a device or FIFO is written in place\n"
    "  -I DIR, -D M[=V]    include directory and macro for the CUDA parser\n"
    "  -b, --blockDim=D    pin the block size with `assume` (default: GPUVerify's\n"
    "                      //--blockDim line 2 of the file, else symbolic)\n"
    "  -g, --gridDim=D     the same for the grid\n"
    "  --kernel NAME       only this kernel\n"
    "  --compdb DIR        -D, -I and -std from DIR/compile_commands.json (default:\n"
    "                      the nearest one above the file, if any)\n"
    "  --lang=cuda|opencl|ptx|proto  the input's language (default: by extension; every\n"
    "                      input of infer is read as CUDA, a .cl file as OpenCL C,\n"
    "                      a .ptx file as PTX)\n"
    "  --via=ptx           infer from the PTX nvcc makes of a CUDA file ($NVCC, else\n"
    "                      /usr/local/cuda/bin/nvcc; -ptx -arch=sm_75 -lineinfo -rdc=true)\n"
    "  --print-annotations print the declarations of GPUVerify's annotations that mapkit\n"
    "                      reads before each file, for --lang=cuda (default) or opencl,\n"
    "                      to compile an annotated kernel with another compiler (-include)\n"
    "  --max-input-size=BYTES  refuse a file or header larger than this (K, M, G; default 64M)\n"
    "  --help, --version\n"
    "\n"
    "exit status: 0 written, 2 input error (also: nothing to check) or a failed write\n";

/* Takes -o out of argv, which the shared parser does not know. */
static int take_output(int argc, char **argv, char **rest, const char **output)
{
    int n = 0;
    bool only_files = false;
    for (int i = 0; i < argc; i++) {
        const char *a = argv[i];
        if (i == 0 || only_files || strncmp(a, "-o", 2) != 0 || strncmp(a, "-o-", 3) == 0) {
            only_files |= i > 0 && strcmp(a, "--") == 0;
            rest[n++] = argv[i];
            continue;
        }
        const char *v = a[2] ? a + 2 : i + 1 < argc ? argv[++i] : NULL;
        if (!v || !*v) {
            cli_usage_error("infer", "missing file name after -o");
            return -1;
        }
        *output = v;
    }
    rest[n] = NULL;
    return n;
}

static void print_kernels(FILE *out, Program *p, const char *only)
{
    /* layout from the .cu source would mean nothing in a .proto */
    const SrcFile *file = p->file;
    p->file = NULL;
    if (only) {
        Program view = *p;
        view.nkernels = 0;
        Kernel *k = NULL;
        for (int i = 0; i < p->nkernels; i++)
            if (strcmp(p->kernels[i]->name, only) == 0)
                k = p->kernels[i];
        if (k) {
            view.kernels = &k;
            view.nkernels = 1;
        }
        print_program(out, &view);
    } else {
        print_program(out, p);
    }
    p->file = file;
}

static bool has_kernel(const Program *p, const char *name)
{
    for (int i = 0; i < p->nkernels; i++)
        if (strcmp(p->kernels[i]->name, name) == 0)
            return true;
    return false;
}

static int infer_files(const CliOptions *o, FILE *out)
{
    Diag d;
    diag_init(&d, stderr);
    int code = EXIT_OK;
    for (int i = 0; i < o->nfiles; i++) {
        SrcFile *src = NULL;
        Program *p = NULL;
        p = load_cuda(o->files[i], o, &src, &d);
        if (p && o->kernel && !has_kernel(p, o->kernel)) {
            diag_plain(&d, SEV_ERROR, o->files[i], "no kernel named '%s'", o->kernel);
            program_free(p);
            src_free(src);
            p = NULL;
        }
        if (!p) {
            code = EXIT_INPUT;
            continue;
        }
        print_kernels(out, p, o->kernel);
        program_free(p);
        src_free(src);
    }
    return code;
}

/* Nothing is written to a file -o names unless every input was read. */
static int write_output(const CliOptions *o, const char *output)
{
    OutFile out;
    if (!output_open(&out, "infer", output ? output : "-", o->files, o->nfiles, false))
        return EXIT_INPUT;
    int code = infer_files(o, out.f);
    if (code != EXIT_OK) {
        output_discard(&out);
        return code;
    }
    return output_commit(&out) ? EXIT_OK : EXIT_INPUT;
}

/* `--print-annotations [--lang=cuda|opencl]`: the annotations'
 * declarations for that language, to standard output or -o. */
static int print_annotations(char **args, int n, const char *output)
{
    InputLang chosen = LANG_CUDA;
    for (int i = 1; i < n; i++) {
        const char *lang = strncmp(args[i], "--lang=", 7) == 0                 ? args[i] + 7
                           : strcmp(args[i], "--lang") == 0 && i + 1 < n ? args[++i]
                                                                          : NULL;
        if (!lang || !cli_parse_lang(lang, &chosen) || chosen == LANG_PROTO) {
            cli_usage_error("infer", "--print-annotations takes only --lang=cuda or --lang=opencl, not '%s'",
                            lang ? lang : args[i]);
            return EXIT_INPUT;
        }
    }
    bool opencl = chosen == LANG_OPENCL;
    size_t len;
    const char *text = infer_annotations_header(opencl, &len);
    OutFile out;
    if (!output_open(&out, "infer", output ? output : "-", NULL, 0, false))
        return EXIT_INPUT;
    fwrite(text, 1, len, out.f); /* its errors are the stream's, read at the commit */
    return output_commit(&out) ? EXIT_OK : EXIT_INPUT;
}

int cmd_infer(int argc, char **argv)
{
    char **rest = calloc((size_t)argc + 1, sizeof *rest);
    if (!rest)
        return EXIT_INPUT;
    const char *output = NULL;
    int n = take_output(argc, argv, rest, &output);
    if (n < 0) {
        free(rest);
        return EXIT_INPUT;
    }
    bool annotations = false;
    int m = 0;
    for (int i = 0; i < n; i++) /* --print-annotations: the shared parser does not know it */
        if (strcmp(rest[i], "--print-annotations") == 0)
            annotations = true;
        else
            rest[m++] = rest[i];
    rest[m] = NULL;
    if (annotations) {
        int code = print_annotations(rest, m, output);
        free(rest);
        return code;
    }
    CliOptions o;
    int code = cli_parse_options(m, rest, &o, usage, OPT_VIA);
    if (code < 0)
        code = write_output(&o, output);
    cli_options_free(&o);
    free(rest);
    return code;
}
