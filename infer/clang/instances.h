/* A kernel template's instantiations (instances.c).
 *
 * Ownership: lists and names returned are malloc'd for the caller. */
#ifndef MAPKIT_INFER_INSTANCES_H
#define MAPKIT_INFER_INSTANCES_H

#include "cursor.h"

enum { MAX_TEMPLATE_PARAMS = 16 };

/* A non-type template parameter of the kernel, and the value every
 * instantiation in the file agrees on. */
typedef struct TemplateParam {
    CXCursor decl;
    bool pinned;
    int64_t value;
} TemplateParam;

/* How many kernels template fn is: the distinct specializations that the
 * file launches or names, when there are two or more and no explicit
 * instantiation (*out, malloc'd, holds them); else, with explicit
 * instantiations, the distinct lists of literal non-type arguments when
 * there are two or more (*out NULL: the pattern is analysed once per list,
 * template_kernel_pins's `instance`); else 0. */
int template_kernel_instances(CXTranslationUnit tu, CXFile file, CXCursor fn, CXCursor **out);
/* fn's non-type template parameters (at most cap, into out) and their
 * pins: the values the instantiations in file agree on, or those of the
 * explicit instantiation `instance` (>= 0) of several; 0 when fn is no
 * template. */
int template_kernel_pins(CXTranslationUnit tu, CXFile file, CXCursor fn, int instance, TemplateParam *out, int cap);

enum { MAX_TYPE_SPELLING = 48, MAX_CXX_SPELLING = 128 };

/* A type template parameter of the kernel and the type every
 * instantiation in the file gives it (or the explicit instantiation
 * `instance` analysed): its spelling and its size in bytes. */
typedef struct TemplateType {
    CXCursor decl;
    char spelling[MAX_TYPE_SPELLING];
    int bytes;
} TemplateType;

/* fn's type parameters that its instantiations agree on (at most cap,
 * into out), as template_kernel_pins pins the non-type ones; those the
 * instantiations disagree on, or give a type of unknown size, are left
 * out. */
int template_kernel_types(CXTranslationUnit tu, CXFile file, CXCursor fn, int instance, TemplateType *out, int cap);
/* The C++ spelling of fn's type parameter at position pos (counting all
 * template parameters) that its instantiations agree on, as
 * template_kernel_types but for any type (`neighbour_t<true>`, which no
 * protocol declares): into buf, false when none. */
bool template_agreed_cxx_type(CXTranslationUnit tu, CXFile file, CXCursor fn, int instance, int pos, char *buf,
                              size_t n);
char *template_instance_name(CXCursor spec); /* `k_float_256`, malloc'd */
int64_t template_arg_value(CXCursor spec, int i); /* the i-th (integral) argument, by its parameter's signedness */
CXCursor template_param_at(CXCursor tmpl, int pos); /* its pos-th template parameter, or a null cursor */
/* The identifier written alone as dimension dim of decl's declared sizes
 * (`__shared__ T s[BLOCK]`: BLOCK), read in file; malloc'd, NULL when
 * none. */
char *written_size_name(CXTranslationUnit tu, CXFile file, CXCursor decl, int dim);

#endif
