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

/* l narrowed to the one subscript `name[...]` it holds (the access of
 * array `name`); l itself when it holds none or several, or is not in a
 * .cu file. */
Loc ptx_srcloc_subscript(const PtxSrcLocs *s, Loc l, const char *name);

/* The file a `.file` name means, into buf: as written when it is a
 * regular file, else relative to the PTX file's folder (a module kept
 * beside its source, whatever folder it was compiled from).  False when
 * neither is. */
bool ptx_source_path(const SrcFile *ptx, const char *name, char *buf, size_t n);

#endif
