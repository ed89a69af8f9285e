/* What a PTX kernel's mangled name says of the C++ kernel it came from
 * (the Itanium C++ ABI's mangling, the simple cases): its name and its
 * parameters' types; and the parameters' names, read from the .cu file
 * the module's .file names when it is at hand. */
#ifndef MAPKIT_PTX_CNAMES_H
#define MAPKIT_PTX_CNAMES_H

#include <stdbool.h>
#include <stddef.h>

typedef enum {
    PK_UNKNOWN,  /* not demangled */
    PK_POINTER,  /* T *, T & */
    PK_SIGNED,   /* int, short, long long, char */
    PK_UNSIGNED, /* unsigned ..., bool */
    PK_FLOAT,    /* float, double, half */
    PK_OTHER,    /* a struct or anything else passed by value */
} ParamKind;

/* The C name of `mangled` into buf ("matmulNaive" of
 * "_Z11matmulNaivePKfS0_Pfiii"; an extern "C" name as it is); false when
 * it does not read as a mangled function name. */
bool ptx_demangle_name(const char *mangled, char *buf, size_t n);

/* The kinds of its first `n` parameters; false (kinds left PK_UNKNOWN)
 * when the mangling is beyond this reader or has another count. */
bool ptx_demangle_params(const char *mangled, ParamKind *kinds, int n);

/* The names of the `n` parameters of __global__ function `name` in the
 * C++ source `src` (NUL-terminated, as SrcFile keeps it), malloc'd into
 * names[i] (the caller frees each); false when the declaration is not
 * found. */
bool ptx_source_param_names(const char *src, const char *name, char **names, int n);

#endif
