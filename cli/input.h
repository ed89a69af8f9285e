/* One door for every subcommand's input file: a .proto is parsed, a .cu
 * is inferred (infer/; launch sizes from the options, else from a
 * GPUVerify header).  Ownership: on success *src and the Program are
 * the caller's (program_free, then src_free); on failure both are freed,
 * errors are reported to d, and NULL is returned. */
#ifndef MAPKIT_INPUT_H
#define MAPKIT_INPUT_H

#include "ast.h"
#include "options.h"

/* How path is read: --lang, else its extension (.cu .cuh .h .hpp
 * .cuh.inc: CUDA; .cl: OpenCL, not supported yet; else a protocol). */
InputLang input_lang(const CliOptions *o, const char *path);
/* A .cu file through the CUDA front end, whatever its name.  A file with
 * nothing to check (empty, not text, no __global__ function) is an error. */
Program *load_cuda(const char *path, const CliOptions *o, SrcFile **src, Diag *d);
/* How standard input is read without --lang: by its first line
 * (GPUVerify's header, #include or __global__: CUDA; else a protocol). */
InputLang stdin_lang(const SrcFile *src);
/* The file's text, or standard input's for "-" (named <stdin>). */
SrcFile *input_source(const char *path, Diag *d);
/* The one message for an OpenCL input (DESIGN.md names the dialect; the
 * front end does not read it yet). */
void opencl_unsupported(const char *path, Diag *d);
/* file_o (may be NULL): the options for this file, the command line's
 * completed from a .cu file's GPUVerify header (launch sizes, flags). */
Program *load_input(const char *path, const CliOptions *o, CliOptions *file_o, SrcFile **src, Diag *d);

#endif
