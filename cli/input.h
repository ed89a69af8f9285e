/* One door for every subcommand's input file: a .proto is parsed, a .cu
 * is inferred (infer/; launch sizes from the options, else from a
 * GPUVerify header).  Ownership: on success *src and the Program are
 * the caller's (program_free, then src_free); on failure both are freed,
 * errors are reported to d, and NULL is returned. */
#ifndef MAPKIT_INPUT_H
#define MAPKIT_INPUT_H

#include "ast.h"
#include "options.h"

bool input_is_cuda(const char *path);
/* A .cu file through the CUDA front end, whatever its name. */
Program *load_cuda(const char *path, const CliOptions *o, SrcFile **src, Diag *d);
/* file_o (may be NULL): the options for this file, the command line's
 * completed from a .cu file's GPUVerify header (launch sizes, flags). */
Program *load_input(const char *path, const CliOptions *o, CliOptions *file_o, SrcFile **src, Diag *d);

#endif
