/* CUDA as a dialect of the front end (dialect.h): the facts of its
 * declarations that OpenCL C states otherwise (dialect_opencl.c).  Its
 * built-ins (__syncthreads, atomicAdd, cooperative groups, warp
 * functions, surfaces, curand) are models.
 *
 * Ownership: the table is a constant. */
#include "dialect.h"

#include <stddef.h>

static bool cuda_is_kernel(CXCursor fn)
{
    return cursor_has_attr(fn, CXCursor_CUDAGlobalAttr);
}

/* __launch_bounds__ bounds the block size; it does not fix it. */
static bool cuda_required_block(CXCursor fn, int64_t dims[3])
{
    (void)fn;
    (void)dims;
    return false;
}

/* __shared__ variables are the block's; __device__ variables at file scope
 * and a function's `static` variables the grid's (one copy for all
 * threads), when they are data the protocol can index (not const, not
 * __constant__). */
static Space cuda_var_space(CXCursor decl)
{
    CXType t = clang_getCursorType(decl);
    if (cursor_has_attr(decl, CXCursor_CUDASharedAttr))
        return SPACE_SHARED;
    if (cursor_has_attr(decl, CXCursor_CUDAConstantAttr))
        return SPACE_CONSTANT;
    if ((is_file_scope(decl) ? cursor_has_attr(decl, CXCursor_CUDADeviceAttr)
                             : clang_Cursor_getStorageClass(decl) == CX_SC_Static) &&
        !clang_isConstQualifiedType(t) &&
        (type_is_pointer(t) || type_is_integral(t) || type_is_floating(t) ||
         clang_getCanonicalType(t).kind == CXType_Record))
        return SPACE_GLOBAL;
    return SPACE_NONE;
}

/* A kernel's pointers point into global memory. */
static Space cuda_param_space(CXCursor param)
{
    (void)param;
    return SPACE_GLOBAL;
}

static const char *const cuda_args[] = {
    "-x", "cuda", "--cuda-host-only", "-nocudainc", "-nocudalib", "--cuda-path=/nonexistent",
    "-std=c++17", "-ferror-limit=0", "-fno-spell-checking", "-Wno-everything", NULL,
};

const Dialect dialect_cuda = {
    .name = "CUDA",
    .args = cuda_args,
    .cuda_prelude = true,
    .kernel_word = "__global__",
    .constants_fixed = false,
    .division_by_zero_undefined = true,
    .is_kernel = cuda_is_kernel,
    .required_block = cuda_required_block,
    .var_space = cuda_var_space,
    .param_space = cuda_param_space,
};

const Dialect *dialect_of(const InferOptions *o)
{
    return o && o->lang == INFER_OPENCL ? &dialect_opencl : &dialect_cuda;
}
