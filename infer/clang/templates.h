/* C++ templates as libclang shows them (templates.c).
 *
 * Ownership: lists returned through `out` are malloc'd for the caller;
 * cursors belong to the translation unit. */
#ifndef MAPKIT_INFER_TEMPLATES_H
#define MAPKIT_INFER_TEMPLATES_H

#include "cursor.h"

/* ---- template arguments as written ---- */
/* The offsets at which the top-level arguments of the first `<...>` in
 * the holder's tokens start; returns their number (at most cap). */
int template_arg_starts(CXTranslationUnit tu, CXCursor holder, unsigned *starts, int cap);
/* The position among those arguments of the token at offset off, or -1. */
int template_arg_at(const unsigned *starts, int n, unsigned off);
/* The template arguments written in the first `<...>` of holder's tokens
 * (`cub::WarpScan<T, 16>` in a declaration or a construct expression):
 * args[i] is the expression at position i, a null cursor for a type or
 * an argument not written; returns the number of positions written. */
int template_written_args(CXTranslationUnit tu, CXCursor holder, CXCursor *args, int cap);
/* `template <int N> struct S<N, STRIPED>`: its arguments as written. */
int template_partial_args(CXTranslationUnit tu, CXCursor spec, CXCursor *args, int cap);
/* The name written as the size of a parameter `T (&items)[IPT]`, or "". */
void template_array_size_name(CXTranslationUnit tu, CXCursor parm, char *out, size_t cap);
/* The member name of a dependent `obj.name` (libclang gives it no
 * spelling). Malloc'd, "" when none. */
char *template_member_name(CXTranslationUnit tu, CXCursor member);

/* ---- the class template a type is written with ---- */
/* The class template a declaration's type is written with (`Dataset<T, I>
 * d`: Dataset), through alias templates, or a null cursor. */
CXCursor template_written_class(CXCursor holder);
/* The same, written itself (not through an alias template, whose
 * arguments are not the class's). */
CXCursor template_direct_class(CXCursor holder);
/* Is holder written with the class template cls itself (not an alias)? */
bool template_written_class_is(CXCursor holder, CXCursor cls);
/* The holder whose written type names the class of a method's call:
 * `Tile<T, N>::f()` itself, or obj's declaration for `obj.f()`. */
CXCursor template_call_holder(CXCursor call);

/* ---- calls a pattern leaves dependent ---- */
/* `f<a, b>(...)`: the DeclRefExpr holding the candidates, or a null cursor. */
CXCursor template_dependent_callee(CXCursor call);
/* `obj.f<true>(...)`: the OverloadedDeclRef of the member, or a null cursor. */
CXCursor template_dependent_member(CXCursor call);
/* Every candidate declaration of such a call that can take nargs
 * arguments, with a body or not (functions, function templates, methods);
 * 0 when the call is not left dependent. */
int template_dependent_candidates(CXCursor call, int nargs, CXCursor **out);
/* The candidates with a body that take nargs arguments, and the explicit
 * specializations of candidate templates (`template <> float
 * MAX<float>(...)`): the call may run any of them. */
int template_dependent_targets(CXTranslationUnit tu, CXCursor call, int nargs, CXCursor **out);
/* `obj.f(...)` left dependent on an object of a class template's type
 * (`SharedMem<T> shared; shared.getPointer()`), or `Tile<T, N>::f(...)`:
 * the methods f with a body that take nargs arguments, of the template
 * and of its specializations. */
int template_dependent_methods(CXTranslationUnit tu, CXCursor call, int nargs, CXCursor **out);
/* `action(scan, x)` or `action.load(...)` on an object whose type is a
 * template parameter: the operator() (or the member named) with a body
 * that takes nargs arguments, of the classes defined in the file checked
 * and in the file of the kernel kernel_fn; *object is `action`. */
int template_functor_targets(CXTranslationUnit tu, CXCursor kernel_fn, CXCursor call, int nargs, CXCursor *object,
                             CXCursor **out);
/* `v[i]`, `m(i, j)` on a variable whose type is a class template's left
 * dependent (`cuda::std::span<T> v`): the methods named op (operator[],
 * operator()) with a body that take nargs arguments, of the class
 * template and its fitting specializations. */
int template_class_operators(CXTranslationUnit tu, CXCursor object, const char *op, int nargs, CXCursor **out);
/* `SharedMemory<T>()`: a construct expression of a class whose conversion
 * to a pointer has a body; *conv is that conversion. */
bool template_construct_conversion(CXCursor call, CXCursor *conv);

#endif
