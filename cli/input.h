/* One door for every subcommand's input file: a .proto is parsed, a .cu
 * is inferred (infer/).  Ownership: on success *src and the Program are
 * the caller's (program_free, then src_free); on failure both are freed,
 * errors are reported to d, and NULL is returned. */
#ifndef MAPKIT_INPUT_H
#define MAPKIT_INPUT_H

#include "ast.h"
#include "options.h"

bool input_is_cuda(const char *path);
Program *load_input(const char *path, const CliOptions *o, SrcFile **src, Diag *d);

#endif
