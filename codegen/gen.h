/* Proto-to-CUDA ([VST Table 1] and Fig. 4): one __global__ function
 * per kernel of a resolved Program, as text that nvcc compiles.  The
 * conventions (what the CUDA front end must read back) are in
 * docs/codegen.md.
 *
 * Ownership: gen_program returns a malloc'd, NUL-terminated string that the
 * caller frees; it only reads the Program and the options, which it does
 * not keep. */
#ifndef MAPKIT_GEN_H
#define MAPKIT_GEN_H

#include "ast.h"
#include "launch.h"

#include <stddef.h>

/* The first line of GPUVerify's header (--gv-header). */
typedef enum { GV_NONE, GV_PASS, GV_XFAIL } GvLabel;

/* Who reads the code (docs/codegen.md, "Styles"): mapkit's own conventions
 * (extern functions the front end knows by name), plain CUDA with no
 * extern at all, plain CUDA with GPUVerify's annotations, or [VST]'s
 * Table 1 form as Faial's front end reads it. */
typedef enum { GEN_STYLE_MAPKIT, GEN_STYLE_PLAIN, GEN_STYLE_GPUVERIFY, GEN_STYLE_FAIAL } GenStyle;
/* The dialect written: CUDA, or OpenCL C (codegen/gen_opencl.c). */
typedef enum { GEN_CUDA, GEN_OPENCL } GenLang;

typedef struct GenOptions {
    const char *source_name; /* named in the opening comment; its directory is dropped */
    const char *kernel;      /* only this kernel (NULL: all) */
    GvLabel label;           /* GV_NONE: no GPUVerify header */
    bool main_program;       /* --main: append a host program */
    GenLang lang;            /* GEN_CUDA (0) unless asked */
    /* launch sizes of line 2 and of --main (launch.block_dim, grid_dim),
     * and the -p values (LF_EQUALS facts) for --main's launches */
    Launch launch;
    GenStyle style;          /* GEN_STYLE_MAPKIT unless --style says otherwise */
    bool templates;          /* --templates: kernels are templates over their global arrays' types */
    bool helpers;            /* --helpers: every access goes through a __device__ function */
} GenOptions;

/* Launch sizes when none are given: by the highest axis the program
 * mentions, [32] / [16,16] / [8,8,4] threads and [2] / [2,2] / [2,2,2]
 * blocks (docs/codegen.md, "--gv-header"). */
void gen_default_dims(const Program *p, int64_t block_dim[3], int64_t grid_dim[3]);

/* --style=NAME: false for a name that is none of mapkit, plain, gpuverify, faial. */
bool gen_style_parse(const char *name, GenStyle *out);
const char *gen_style_name(GenStyle s);
/* plain or gpuverify: no extern function at all (gen_style.c). */
bool gen_style_plain(GenStyle s);
/* NULL when the style can write every construct of the kernels generated
 * (all, or only `kernel`), else the reason it cannot, and in *at the
 * statement or declaration it cannot write (gen_style.c). */
const char *gen_style_refusal(const Program *p, GenStyle s, const char *kernel, Loc *at);

/* The whole .cu file; *len (when not NULL) gets its length. */
/* Does the OpenCL text of p need OpenCL C 2.0 (scoped atomics,
 * `local x = sync;`)?  Else it compiles as OpenCL C 1.2. */
bool gen_opencl_needs_cl20(const Program *p);

/* The whole .cu (or .cl) file; *len (when not NULL) gets its length. */
char *gen_program(const Program *p, const GenOptions *o, size_t *len);

#endif
