/* The front end's dialects (docs/inference.md, "OpenCL C"): CUDA and
 * OpenCL C share one translation (kernel.c, stmt.c, expr.c, call.c); the
 * facts of their declarations that differ are here, one table per dialect
 * of the same shape (dialect_cuda.c, dialect_opencl.c).  Their built-in
 * functions are models (opencl.c; CUDA's: barriers.c, atomic.c, warp.c,
 * ...).  A table is a static constant: nothing to free. */
#ifndef MAPKIT_INFER_DIALECT_H
#define MAPKIT_INFER_DIALECT_H

#include "cursor.h"

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
} Dialect;

extern const Dialect dialect_cuda, dialect_opencl;

/* OpenCL: the space a type's address space names (SPACE_NONE for the
 * private and generic ones). */
Space opencl_type_space(CXType t);
/* OpenCL: the sub-group size the kernel states
 * (intel_reqd_sub_group_size(N)); 0 when it states none. */
int opencl_required_sub_group(CXCursor fn);

/* The table of o's dialect (CUDA when o is NULL). */
const Dialect *dialect_of(const InferOptions *o);

#endif
