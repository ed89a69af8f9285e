/* Where a PTX instruction came from in the CUDA source (docs/ptx.md,
 * "Locations"): nvcc -lineinfo writes `.loc FILE LINE COL` before the
 * instructions of each source line, and `.file N "path"` names the file.
 * When that file can be read, what is inferred from an instruction is
 * located at its .cu line and column, so that reports show the line the
 * user wrote, with a caret; otherwise it stays at its PTX line.
 *
 * Ownership: the .cu files read are handed to the Program
 * (program_own_file), which frees them with itself; the module and the
 * PTX file are borrowed. */
#ifndef MAPKIT_PTX_SRCLOC_H
#define MAPKIT_PTX_SRCLOC_H

#include "ast.h"
#include "ptx.h"

typedef struct PtxSrcLocs {
    Program *p;
    const PtxModule *m;
    const SrcFile *ptx;
    const SrcFile **files; /* by index into m->files: read, or NULL */
    bool *tried;           /* by the same index: a read was attempted */
    const char *alias;     /* a name for the file it is (InferOptions.ptx_source), or NULL */
} PtxSrcLocs;

/* alias: the user's name of the .cu the module came from, or NULL. */
void ptx_srclocs_init(PtxSrcLocs *s, Program *p, const PtxModule *m, const SrcFile *ptx, const char *alias);
void ptx_srclocs_free(PtxSrcLocs *s);

/* The CUDA location of a `.loc` (NULL: none), else `fallback`: the
 * statement's text from the column (to its ';' or the line's end), or
 * the whole line when the column is 0 (nvcc's "no column"). */
Loc ptx_srcloc(PtxSrcLocs *s, const PtxLocDir *src, Loc fallback);

/* The source the module's i-th `.file` names (PtxModule.files[i]), read
 * once and owned by the Program; NULL when it cannot be read. */
const SrcFile *ptx_srcloc_file_at(PtxSrcLocs *s, int i);

/* l narrowed to the one subscript `name[...]` it holds (the access of
 * array `name`); l itself when it holds none or several, or is not in a
 * .cu file. */
Loc ptx_srcloc_subscript(const PtxSrcLocs *s, Loc l, const char *name);

#endif
