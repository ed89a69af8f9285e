/* The CUDA front end ([CAV21 Sec. 5] "Inference"): a .cu file, parsed
 * with libclang, becomes a resolved Program with one kernel per
 * __global__ function.
 *
 * Ownership: infer_program returns a Program the caller frees with
 * program_free; it borrows `file` (every Loc points into it), which must
 * outlive the Program.  The options are borrowed for the call only. */
#ifndef MAPKIT_INFER_H
#define MAPKIT_INFER_H

#include "ast.h"
#include "launch.h"

#include <stdint.h>

typedef enum { INFER_CUDA, INFER_OPENCL } InferLang;

typedef struct InferOptions {
    const char **include_dirs; /* -I DIR */
    int ninclude_dirs;
    const char **defines; /* -D MACRO[=V] */
    int ndefines;
    /* The compilation database gave the file's flags: the project's usual
     * include folders are not guessed (include_dirs.h). */
    bool exact_include_dirs;
    /* The project's root, where a missing include's folder is looked for;
     * NULL: the repository or build folder above the file. */
    const char *project_root;
    /* Launch dimensions to pin with `assume` (from the command line or a
     * GPUVerify header); absent axes stay symbolic.  Their origin's loc is
     * the `assume`'s location (file NULL: the kernel is pointed at). */
    Launch launch;
    /* Read no launches from the host code (--no-host). */
    bool no_host;
    /* The C++ standard the file is built with, as a flag
     * (compile_commands.json's: "-std=c++14"); NULL: -std=c++17. */
    const char *std;
    /* The language of the file (infer/clang/dialect.h): CUDA (the default, 0) or
     * OpenCL C. */
    InferLang lang;
    /* OpenCL only: the standard, as a flag ("-cl-std=CL1.2"); NULL:
     * -cl-std=CL2.0, which also parses OpenCL 1.2 kernels. */
    const char *cl_std;
    /* When libclang's parse is given up (CLOCK_MONOTONIC, milliseconds;
     * 0: never): the file is then not checked (infer_parses_abandoned). */
    double parse_deadline_ms;
    /* PTX only: the .cu file the module was compiled from, as the user
     * named it (--via=ptx); a `.file` that is the same file is shown
     * under this name, not nvcc's absolute path.  NULL: none. */
    const char *ptx_source;
} InferOptions;

/* Parses and infers.  Returns NULL (after reporting to d) only when the
 * file cannot be read as C++ at all or the result does not resolve;
 * constructs it does not understand become unknowns with a warning. A
 * file without kernels gives a Program with no kernels (the caller says
 * that nothing is checked).  Kernels defined in project headers (not
 * system headers) are inferred too; their nodes point into the header,
 * which the Program owns (Program.headers). */
Program *infer_program(const SrcFile *file, const InferOptions *o, Diag *d);

/* GPUVerify's header lines: line 1 `//pass` or `//xfail:...`, line 2
 * `//--blockDim=D --gridDim=D`.  Copies the two dimension texts (without
 * the option names) into the buffers; false when the file has no such
 * header.  Either text may be empty when its option is missing. */
/* How many libclang parses this process gave up at their deadline; while
 * one may still run, the process ends with _exit (infer/clang/parse_timed.h). */
int infer_parses_abandoned(void);

bool infer_gpuverify_dims(const SrcFile *file, char *block, size_t nblock, char *grid,
                          size_t ngrid);

/* The value of option `name` (`--local_size=[16,16]`, `--num_groups 4`)
 * on the header's second line, copied into out (cut to nout - 1 bytes);
 * false when the line does not give it. */
bool infer_gpuverify_value(const SrcFile *file, const char *name, char *out, size_t nout);

/* Does the header's second line give the option `flag` (a whole word,
 * such as `--only-intra-group`)? */
bool infer_gpuverify_flag(const SrcFile *file, const char *flag);

/* The declarations of GPUVerify's annotations the front end reads before
 * a CUDA (opencl false) or OpenCL C file: for compiling an annotated
 * kernel with another compiler (`mapkit infer --print-annotations`).
 * Static text; *len gets its length. */
const char *infer_annotations_header(bool opencl, size_t *len);

#endif
