/* The models of libraries and constructs: their entry points.
 *
 * Ownership: as infer_ctx.h says. */
#ifndef MAPKIT_INFER_MODELS_H
#define MAPKIT_INFER_MODELS_H

#include "env.h"

/* ---- calls through function pointers (fnptr.c) ---- */
/* The functions of the file a call through a pointer may reach: those
 * with a body and the pointer's type (at most 16); 0 if none or not such
 * a call.  *out is malloc'd. */
int fnptr_targets(Infer *in, CXCursor call, CXCursor **out);
typedef struct FnptrCall FnptrCall;
struct FnptrCall {
    CXCursor call;
    const CXCursor *targets;
    int n;
    Loc loc;
    Value (*inline_target)(Infer *in, const FnptrCall *fc, int k); /* the call with targets[k] inlined */
    const void *data; /* the caller's, for inline_target */
    bool compile_time; /* a template's instantiation, the same in every thread: chosen by a block-shared unknown */
};
Value fnptr_call(Infer *in, const FnptrCall *fc); /* one target chosen by an unknown */

/* ---- calls into templates (tmpl_call.c) ---- */
/* Binds def's non-type template parameters for an inlined call: from the
 * specialization clang chose, or the explicit arguments of a dependent call;
 * and those of its class template as the call writes them (`Tile<T, N>::f`). */
void template_bind_args(Infer *in, CXCursor call, CXCursor def);
/* Each parameter of a called function template with the call's argument
 * for it (stripped). */
typedef void (*ParamArgFn)(Infer *in, CXCursor tmpl, CXCursor parm, CXCursor arg, void *data);
void template_each_param_arg(Infer *in, CXCursor call, CXCursor tmpl, ParamArgFn each, void *data);
/* `v[i]`, `m(i, j)` on an object of a class template's type left
 * dependent: the operator inlined with the variable as its object (one
 * instantiation for all threads); false when there is none (call.c). */
bool template_operator_call(Infer *in, CXCursor e, CXCursor object, CXCursor *args, int nargs, const char *op,
                            Value *out);

/* ---- the generator's array conventions, read back (dims.c) ---- */
void reread_written_sizes(Infer *in, Array *a); /* [__mapkit_dim(e)] is [e] */
bool used_only_as_scalar(CXCursor body, CXCursor param); /* only *p and atomicAdd(p, v) */

/* ---- surfaces (surface.c) ---- */
/* surf1D/2D/3D[Layered]write and ...read: an access to the surface's
 * array at the call's coordinates; false when NAME is not one of them. */
bool surface_call(Infer *in, const char *name, CXCursor call, CXCursor *args, int nargs, Loc loc, Value *out);

/* ---- curand (curand.c) ---- */
/* curand_init writes the state it is handed, curand, curand_uniform, ...
 * read and write it; false when NAME is not a device call on a state. */
bool curand_call(Infer *in, const char *name, CXCursor call, CXCursor *args, int nargs, Loc loc, Value *out);

/* ---- atomicCAS loops (casloop.c) ---- */
/* `T old = *addr` (or `a[i]`) in a function that hands the same address
 * to atomicCAS: the seed of a CAS loop, read atomically. */
bool cas_seed_read(Infer *in, CXCursor init);

/* ---- memcpy and memset in device code (memops.c) ---- */
/* memcpy, memmove, memset: the ranges of cells they read and write;
 * false when name is none of them. */
bool memops_call(Infer *in, const char *name, CXCursor call, const CXCursor *args, int nargs, Loc loc);

/* ---- libcu++'s atomics (libcuxx.c) ---- */
/* A member of libcu++'s atomics (cuda::atomic, cuda::atomic_ref,
 * cuda::std::atomic, as libcuxx.c declares them): true when decl is one. */
bool libcuxx_atomic_call(Infer *in, const char *name, CXCursor decl, CXCursor object, CXCursor *args, int nargs,
                         CXCursor call, Loc loc, Value *out);

/* ---- OpenCL's built-ins (opencl.c) ---- */
bool cl_builtin_call(Infer *in, const char *name, CXCursor call, CXCursor *args, int nargs, Loc loc, Value *out);
bool cl_vector_component(Infer *in, CXCursor e, Value *out);
/* get_local_id, get_global_size, ...: OpenCL's work-item functions, which
 * have no effects (loop bounds and strides may call them). */
bool opencl_work_item_function(const char *name);

/* ---- CUB (cub.c) ---- */
/* CUB's block and warp primitives (cub.c): a call of a member of one
 * (BlockLoad, ..., WarpScan, ...), resolved or left dependent in a
 * template's pattern, or the construction of one, is their model; true
 * when the call is one. */
bool cub_call(Infer *in, CXCursor decl, CXCursor object, CXCursor *args, int nargs, CXCursor call, Loc loc,
              Value *out);
/* `block_load_t load(storage);` in a template's pattern, the class's type
 * left dependent: the object, when var's type is a CUB primitive's. */
bool cub_declared_object(Infer *in, CXCursor var, CXCursor init, Value *out);
/* `template <int N> void f(cub::WarpScan<T, N> &scan)` called left dependent
 * with a CUB object (arg, for the callee tmpl's parameter parm): the
 * template parameters written in the primitive's arguments (N) take the
 * object's (a ParamArgFn, tmpl_call.c). */
void cub_deduce_arg(Infer *in, CXCursor tmpl, CXCursor parm, CXCursor arg, void *data);

#endif
