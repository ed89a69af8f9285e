/* Attribute macros of headers that are not here (docs/inference.md,
 * "Parsing"): `namespace CUGRAPH_EXPORT cugraph {` names a macro that a
 * generated header (export.hpp) defines as a visibility attribute.  When
 * that header is missing, clang cannot parse the namespace, and every
 * kernel in it is lost.  C++ allows only a macro between `namespace`,
 * `struct` or `class` and the name that opens the body, so such a macro is
 * read as empty (`-D NAME=`), with a warning.
 *
 * Ownership: the names are malloc'd; attr_macros_free releases them. */
#ifndef MAPKIT_INFER_ATTR_MACROS_H
#define MAPKIT_INFER_ATTR_MACROS_H

#include "diag.h"

typedef struct AttrMacros {
    char **names; /* each "NAME=", ready for -D */
    int n, cap;
} AttrMacros;

/* Adds the attribute macros src uses and does not define itself, each once,
 * with a warning at its first use. */
void attr_macros_scan(const SrcFile *src, AttrMacros *m, Diag *d);
void attr_macros_free(AttrMacros *m);

#endif
