/* The PTX front end's inference (docs/ptx.md, "From PTX to a protocol"):
 * a parsed PTX module becomes a resolved Program with one kernel per
 * .entry, every access a byte access of its memory object.
 *
 * Ownership: the Program is the caller's (program_free); it borrows
 * `file`, which must outlive it.  The module and the options are
 * borrowed for the call only. */
#ifndef MAPKIT_PTX_INFER_H
#define MAPKIT_PTX_INFER_H

#include "ast.h"
#include "infer.h"
#include "ptx.h"

/* NULL (after reporting to d) only when the result does not resolve; a
 * construct it does not follow becomes an unknown or `opaque;` with a
 * located warning. */
Program *ptx_infer_program(const SrcFile *file, const PtxModule *m, const InferOptions *o, Diag *d);

/* Parses file as PTX, then infers: NULL after a syntax error. */
Program *ptx_infer_file(const SrcFile *file, const InferOptions *o, Diag *d);

#endif
