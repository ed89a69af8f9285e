/* The models of libraries and constructs (model.h says how they plug
 * in): what each registers, for the entry's table (frontend.c), and the
 * little one model lends another.
 *
 * Ownership: the Models and the name lists are constants. */
#ifndef MAPKIT_INFER_MODELS_H
#define MAPKIT_INFER_MODELS_H

#include "model.h"

/* ---- the models with hooks or state ---- */
extern const Model model_annotations; /* annotations.c: proof hints */
extern const Model model_math;        /* math.c: integer helpers are pure */
extern const Model model_groups;      /* groups.c: a group's size and rank are pure */
extern const Model model_opencl;      /* opencl.c: work-item functions, vector components */
extern const Model model_cub;         /* cub.c: objects of a type left dependent, iterators */
extern const Model model_casloop;     /* casloop.c: the seed read of an atomicCAS loop */
extern const Model model_templates;   /* tmpl_call.c: template arguments, dependent operators */
extern const Model model_generated;   /* dims.c: the generator's conventions for arrays */
extern const Model model_last_block;  /* last_block.c: the block that draws a counter's last value */
extern const Model model_libcuxx;     /* libcuxx.c: a compare_exchange loop that takes a slot */

/* ---- call handlers (model.h's CallHandler), by file ---- */
bool annotation_call(Infer *in, const Call *c, Value *out); /* annotations.c */
bool arith_call(Infer *in, const Call *c, Value *out);      /* math.c: min, max, abs, __mul24, __mapkit_div */
bool math_call(Infer *in, const Call *c, Value *out);       /* math.c: the math API */
bool surface_call(Infer *in, const Call *c, Value *out);    /* surface.c */
bool curand_call(Infer *in, const Call *c, Value *out);     /* curand.c */
bool opencl_call(Infer *in, const Call *c, Value *out);     /* opencl.c: OpenCL's built-ins */
bool libcuxx_call(Infer *in, const Call *c, Value *out);    /* libcuxx.c: libcu++'s atomics */
bool cub_call(Infer *in, const Call *c, Value *out);        /* cub.c: CUB's primitives */
/* tmpl_call.c: callees a template's pattern leaves open */
bool construct_conversion_call(Infer *in, const Call *c, Value *out); /* `SharedMemory<T>()` */
bool dependent_call(Infer *in, const Call *c, Value *out);            /* `f<dir>(...)` */
bool dependent_method_call(Infer *in, const Call *c, Value *out);     /* `obj.f()`, `Tile<T, N>::f()` */
bool dependent_object_call(Infer *in, const Call *c, Value *out);     /* `m(i, j)` */
bool functor_call(Infer *in, const Call *c, Value *out);              /* `action(x)` */
bool fnptr_call(Infer *in, const Call *c, Value *out);      /* fnptr.c: through a function pointer */
bool memops_call(Infer *in, const Call *c, Value *out);     /* memops.c: memcpy, memmove, memset */
bool byte_helper_call(Infer *in, const Call *c, Value *out); /* bytes.c: the generator's __mapkit_rd_bytes, ... */
bool barrier_call(Infer *in, const Call *c, Value *out);    /* barriers.c: barrier_names */
bool fence_call(Infer *in, const Call *c, Value *out);      /* barriers.c: fence_names */
bool syncwarp_call(Infer *in, const Call *c, Value *out);   /* barriers.c: syncwarp_names */
bool warp_collective(Infer *in, const Call *c, Value *out); /* warp.c: votes, shuffles, reductions */
bool warp_tile_query(Infer *in, const Call *c, Value *out); /* warp.c: a tile's rank and size */
bool group_call(Infer *in, const Call *c, Value *out);      /* groups.c: cooperative groups */
bool cuda_atomic_call(Infer *in, const Call *c, Value *out); /* atomic.c: atomicAdd, ... */
bool load_store_call(Infer *in, const Call *c, Value *out); /* loads.c: __ldg, __stcg, ... */
bool out_param_call(Infer *in, const Call *c, Value *out);  /* loads.c: out_param_names */

/* The names the rows above match by (NULL-terminated). */
extern const char *const barrier_names[], *const fence_names[], *const syncwarp_names[];
extern const char *const out_param_names[];

/* ---- lent between models ---- */
/* `template <int N> void f(cub::WarpScan<T, N> &scan)` called left dependent
 * with a CUB object (arg, for the callee tmpl's parameter parm): the
 * template parameters written in the primitive's arguments (N) take the
 * object's (cub.c, for tmpl_call.c). */
void cub_deduce_arg(Infer *in, CXCursor tmpl, CXCursor parm, CXCursor arg, void *data);

#endif
