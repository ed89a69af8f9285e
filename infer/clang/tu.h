/* The translation unit of a .cu or .cl file (tu.c).
 *
 * Ownership: parse_tu's unit is the caller's, disposed of with
 * clang_disposeTranslationUnit before its index. */
#ifndef MAPKIT_INFER_TU_H
#define MAPKIT_INFER_TU_H

#include "infer.h"

#include <clang-c/Index.h>

/* The file parsed with the dialect's flags and our served headers; NULL
 * (reported to d) when libclang cannot parse it. */
CXTranslationUnit parse_tu(CXIndex index, const SrcFile *src, const InferOptions *o, Diag *d);
/* The same, given up at o->parse_deadline_ms (parse_timed.h): then NULL,
 * with a warning, and *index is the parse's (NULL here, not disposed of). */
CXTranslationUnit parse_tu_timed(CXIndex *index, const SrcFile *src, const InferOptions *o, Diag *d);

/* Is the file the user's: the .cu itself, or a project header (reached by
 * a quoted include or an -I folder)?  Not our own CUDA header nor the
 * empty stand-ins we serve, and not a system header. */
bool project_file(CXSourceLocation at, CXFile f, CXFile main_file);

char *dir_of(const char *path); /* the folder a path names a file in, malloc'd ("." for none) */
/* path without its "./" steps after a slash, into out (`kernel/./k.cu`, as
 * clang names a file included as "./k.cu", is `kernel/k.cu`). */
void path_tidy(const char *path, char *out, size_t n);

#endif
