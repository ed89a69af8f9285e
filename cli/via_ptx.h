/* check --via=ptx, infer --via=ptx (docs/ptx.md, "Through nvcc"): a CUDA
 * file is compiled by nvcc into PTX (`-ptx -arch=sm_75 -lineinfo
 * -rdc=true`, with the file's -I, -D and -std), and the PTX front end
 * reads what the compiler produced; nvcc's .loc lines put the reports at
 * the lines of the .cu.  The launch is the command line's, else the
 * file's GPUVerify header.
 *
 * Ownership as load_input's: on success *src (the .cu) and the Program
 * are the caller's, and the Program owns the PTX text; on failure both
 * are freed and NULL is returned after an error (nvcc missing or
 * failing: its message). */
#ifndef MAPKIT_VIA_PTX_H
#define MAPKIT_VIA_PTX_H

#include "ast.h"
#include "options.h"

/* *src: the file's text, already read (freed here on failure). */
Program *load_via_ptx(const char *path, const CliOptions *o, CliOptions *file_o, SrcFile **src, Diag *d);

#endif
