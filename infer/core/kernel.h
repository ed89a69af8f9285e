/* Kernels (kernel.c, tparams.c, tidy.c, nonzero.c): one __global__
 * function to one protocol kernel, its parameters and template
 * parameters, and the kernel made tidy at the end.
 *
 * Ownership: as infer_ctx.h says. */
#ifndef MAPKIT_INFER_KERNEL_H
#define MAPKIT_INFER_KERNEL_H

#include "model.h"

/* ---- kernels (kernel.c) ---- */
void declare_kernel_var(Infer *in, CXCursor decl, const char *cname, VarScope scope, Loc loc);
Expr *fresh_uniform(Infer *in, const char *base, Loc loc);
/* p.f of a struct parameter taken by value: a pointer into its array, an
 * integer's uniform; else false. */
bool param_field_value(Infer *in, CXCursor member, Value *out);
/* `p.f[k]` for an array of pointers f of a struct parameter taken by
 * value, k a constant within it: a pointer into an array of its own for
 * that element (distinct elements, distinct buffers, as for pointer
 * parameters); else false. */
bool param_pointer_element(Infer *in, CXCursor member, int64_t k, Value *out);
/* `ActionT action` of the kernel, called as one of the functors the file
 * defines: that class's fields are the parameter's (pointers arrays,
 * integers uniforms), as for a struct parameter. */
void param_fields_of_class(Infer *in, CXCursor param, CXCursor cls);
/* A call hands such a struct (or a member struct of one) on: the callee's
 * parameter has its members. */
void alias_param_fields(Infer *in, CXCursor arg, CXCursor callee_param);
/* The struct parameter (or member of one) that object names, when it
 * has followed members: what `this` is in a method called on it. */
MemberPath param_struct_object(Infer *in, CXCursor object);
/* instance: -1, or which explicit instantiation of template fn
 * (template_kernel_instances) */
Kernel *infer_kernel(Program *p, CXTranslationUnit tu, CXCursor fn, int instance, const SrcFile *src,
                     const InferOptions *o, const ModelSet *models, const ErrorSpots *errors, Diag *d);

/* ---- tidying (tidy.c) ---- */
void tidy_kernel(Program *p, Kernel *k, Stmt *const *kept, int nkept);
/* Removes the uniforms among `names` that no statement of k mentions. */
void tidy_uniforms(Kernel *k, const char *const *names, int n);

/* ---- the kernel's template parameters (tparams.c) ---- */
void template_pins(Infer *in, CXCursor fn, int instance); /* fills in->tparams */
const TemplateParam *template_param(Infer *in, CXCursor decl);
/* Prints with the verdict what a pointer loaded from the global array
 * `from` is taken to point into (docs/inference.md, "Pointers read from
 * memory"): its own array `target`. */
void assume_loaded_pointers(Infer *in, const char *from, const char *target, Loc loc);
/* An assumption the kernel's verdict rests on, printed with it (once). */
void note_kernel_assumption(Infer *in, const char *text, Loc loc);
const TemplateType *template_elem_type(Infer *in, CXType t); /* the pinned type parameter t's cells are, or NULL */
Expr *template_size(Infer *in, CXCursor decl, int dim, Loc loc); /* NULL: not a template parameter */
char *template_pinned_name(Infer *in, CXCursor fn); /* `k_128` for the pinned instance; malloc'd */
/* `k<float, 128>`: fn's instance as C++ spells it, when every template
 * parameter has its agreed type or value; malloc'd, NULL otherwise. */
char *template_cxx_name(Infer *in, CXCursor fn);

/* ---- division by zero (nonzero.c) ---- */
/* `e` divides (op OP_DIV or OP_MOD, of an integer type) by `divisor`: where
 * C evaluates it, `assume divisor != 0;` (C++ leaves division by zero
 * undefined; not in OpenCL C, whose result is only unspecified). */
void assume_divisor_nonzero(Infer *in, CXCursor e, Op op, Value divisor);
/* Leaves out the facts above that the context implies (a branch's
 * condition, an earlier assumption, a loop variable that is never 0, a
 * launch size) or that no access or barrier follows. */
void nonzero_prune(Kernel *k, Stmt *const *facts, int nfacts);

/* ---- tidying (tidy.c) ---- */
void tidy_kernel(Program *p, Kernel *k, Stmt *const *kept, int nkept);
/* Removes the uniforms among `names` that no statement of k mentions. */
void tidy_uniforms(Kernel *k, const char *const *names, int n);

#endif
