/* One door for every subcommand's input file: a .proto is parsed, a .cu
 * is inferred (infer/; launch sizes from the options, else from a
 * GPUVerify header).  Ownership: on success *src and the Program are
 * the caller's (program_free, then src_free); on failure both are freed,
 * errors are reported to d, and NULL is returned. */
#ifndef MAPKIT_INPUT_H
#define MAPKIT_INPUT_H

#include "ast.h"
#include "compdb.h"
#include "options.h"
#include "project.h"

/* How path is read: --lang, else its extension (.cu .cuh .h .hpp
 * .cuh.inc: CUDA; .cl: OpenCL; else a protocol). */
InputLang input_lang(const CliOptions *o, const char *path);
/* A source file through the front end: OpenCL for a .cl file (or
 * --lang=opencl, or standard input that reads as OpenCL), else CUDA,
 * whatever its name.  A file with nothing to check (empty, not text, no
 * kernel) is an error. */
Program *load_cuda(const char *path, const CliOptions *o, SrcFile **src, Diag *d);
/* How standard input is read without --lang: by its first lines
 * (__kernel or GPUVerify's OpenCL sizes: OpenCL; GPUVerify's header,
 * #include or __global__: CUDA; else a protocol). */
InputLang stdin_lang(const SrcFile *src);
/* The file's text, or standard input's for "-" (named <stdin>). */
SrcFile *input_source(const char *path, Diag *d);
/* file_o (may be NULL): the options for this file, the command line's
 * completed from a .cu file's GPUVerify header (launch sizes, flags). */
Program *load_input(const char *path, const CliOptions *o, CliOptions *file_o, SrcFile **src, Diag *d);

/* What GPUVerify's header lines of src add to fo: the launch sizes the
 * command line does not give, --only-intra-group.  False after a located
 * error. */
bool input_header_options(const SrcFile *src, InputLang lang, CliOptions *fo, Diag *d);
/* False, after an error, for a file with nothing to check: empty, or not
 * text (a NUL byte). */
bool input_has_text(const SrcFile *src, Diag *d);

/* One unit of a project (infer/project.h): a CUDA file inferred with the
 * kernels and launches link gives it; as load_input otherwise. */
Program *load_unit(const char *path, const CliOptions *o, CliOptions *file_o, SrcFile **src, const InferLink *link,
                   Diag *d);
/* The front end's options for a file read with fo's -I, -D and launch
 * and db's flags (db's -I and -D first, so that the command line's
 * win); std: room for the -std flag; *owned: the array of names to free
 * after use. */
InferOptions input_infer_options(InputLang lang, const CliOptions *fo, const CompDb *db, char std[64],
                                 const char ***owned);

#endif
