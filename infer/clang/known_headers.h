/* Headers the front end knows by name when a file includes them and they
 * cannot be found (docs/inference.md): the CUDA samples' helper_math.h (and its
 * older name cutil_math.h), libcu++'s atomics (libcuxx.c) and CUB's block
 * primitives (cub.c).  The one lookup of built-in headers.  Ownership: static
 * text, never freed. */
#ifndef MAPKIT_KNOWN_HEADERS_H
#define MAPKIT_KNOWN_HEADERS_H

#include <stdbool.h>

/* The text to serve for a missing header NAME (as the #include spells
 * it), or false when the header is not one we know. */
bool infer_known_header(const char *name, const char **body, unsigned long *len);

/* Is NAME one of CUDA's own headers, whose declarations the built-in
 * header has (cuda_runtime.h, cooperative_groups.h, ...)?  Such an
 * include, quoted or not, reads the built-in header, not an empty file
 * with a warning. */
bool infer_builtin_covers(const char *name);

/* helper_math.h's vector operators and functions as templates with a
 * default argument, for the built-in header of a file that names a vector
 * type: a file's own non-template definitions win over them. */
const char *helper_math_prelude(unsigned long *len);

#endif
