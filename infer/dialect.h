/* The front end's dialects (docs/inference.md, "OpenCL C"): CUDA and OpenCL C share one
 * translation (kernel.c, stmt.c, expr.c, call.c); what differs between
 * them is here, one table per dialect of the same shape (dialect_cuda.c,
 * dialect_opencl.c).  A table is a static constant: nothing to free. */
#ifndef MAPKIT_INFER_DIALECT_H
#define MAPKIT_INFER_DIALECT_H

#include "internal.h"

/* Where a variable or the target of a pointer parameter lives. */
typedef enum {
    SPACE_NONE,     /* the thread's own (a register, OpenCL's __private): no array */
    SPACE_SHARED,   /* the block's (__shared__, __local) */
    SPACE_GLOBAL,   /* the grid's (__device__, __global) */
    SPACE_CONSTANT, /* never written by a kernel (__constant__, __constant): never races */
} Space;

typedef struct Dialect {
    const char *name;         /* "CUDA", "OpenCL": for messages */
    const char *const *args;  /* libclang's language flags, NULL-terminated */
    bool cuda_prelude;        /* our CUDA declarations (cuda_header.c) are -include'd */
    const char *kernel_word;  /* what marks a kernel: for "no ... function" messages */
    /* Do constant-space variables keep their initializers?  OpenCL's
     * __constant ones do (the host cannot write them); CUDA's __constant__
     * ones may be written by the host (cudaMemcpyToSymbol). */
    bool constants_fixed;
    /* Is an integer division or remainder by zero undefined behaviour, so
     * that a thread computing `i / w` has w != 0?  C++ (CUDA) says so;
     * OpenCL C gives it an unspecified value instead. */
    bool division_by_zero_undefined;
    /* Is the function definition fn a kernel (__global__, __kernel)? */
    bool (*is_kernel)(CXCursor fn);
    /* The block size the kernel's declaration fixes (OpenCL's
     * reqd_work_group_size); false when it fixes none. */
    bool (*required_block)(CXCursor fn, int64_t dims[3]);
    /* The space of a variable declared in the kernel, a device function or
     * at file scope. */
    Space (*var_space)(CXCursor var);
    /* The space a kernel's pointer parameter points into. */
    Space (*param_space)(CXCursor param);
    /* The dialect's built-in device functions that call.c does not know
     * (work-item functions, barriers, atomics, copies, images, surfaces,
     * curand): true when name is one, with its value in *out. */
    bool (*builtin_call)(Infer *in, const char *name, CXCursor call, CXCursor *args, int nargs, Loc loc,
                         Value *out);
    /* One component of a vector value (`p.x`, `p.s1`) the protocol can
     * follow, in *out; false otherwise (the component is then data).  NULL:
     * the dialect has no vector types. */
    bool (*vector_component)(Infer *in, CXCursor e, Value *out);
} Dialect;

extern const Dialect dialect_cuda, dialect_opencl;

/* get_local_id, get_global_size, ...: OpenCL's work-item functions, which
 * have no effects (loop bounds and strides may call them). */
bool opencl_work_item_function(const char *name);

/* The table of o's dialect (CUDA when o is NULL). */
const Dialect *dialect_of(const InferOptions *o);

#endif
