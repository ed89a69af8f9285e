/* OpenCL C as a dialect of the front end (docs/inference.md, "OpenCL
 * C"): the facts of its declarations that differ from CUDA's.  libclang
 * parses the file as OpenCL C 2.0 (which also reads 1.2 kernels) with its
 * built-in declarations.
 *
 * - kernels: `__kernel`/`kernel` functions; `reqd_work_group_size(X,Y,Z)`
 *   fixes the block size.
 * - spaces: `__local` is shared (a `__local` pointer parameter is a buffer
 *   of its own the host sizes), `__global` global, `__constant` never
 *   written (it never races), `__private` the work-item's own.
 *
 * Its built-in functions are a model (opencl.c).
 *
 * Ownership: the table is a constant. */
#include "dialect.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* clang's LangAS numbers, which clang_getAddressSpace returns for OpenCL
 * types (clang/Basic/AddressSpaces.h). */
enum { AS_DEFAULT = 0, AS_GLOBAL = 1, AS_LOCAL = 2, AS_CONSTANT = 3, AS_PRIVATE = 4, AS_GENERIC = 5 };

/* clang_getAddressSpace crashes on an invalid type. */
static unsigned address_space(CXType t)
{
    return t.kind == CXType_Invalid ? AS_DEFAULT : clang_getAddressSpace(t);
}

static Space space_of(unsigned as)
{
    switch (as) {
    case AS_LOCAL:
        return SPACE_SHARED;
    case AS_GLOBAL:
        return SPACE_GLOBAL;
    case AS_CONSTANT:
        return SPACE_CONSTANT;
    default:
        return SPACE_NONE;
    }
}

static char *pretty_declaration(CXCursor fn)
{
    CXPrintingPolicy pol = clang_getCursorPrintingPolicy(fn);
    clang_PrintingPolicy_setProperty(pol, CXPrintingPolicy_TerseOutput, 1);
    CXString s = clang_getCursorPrettyPrinted(fn, pol);
    char *text = strdup(clang_getCString(s));
    clang_disposeString(s);
    clang_PrintingPolicy_dispose(pol);
    return text;
}

/* clang gives a kernel the calling convention it does not expose
 * (CC_OpenCLKernel), and prints `__kernel` (or `kernel`) before it. */
static bool cl_is_kernel(CXCursor fn)
{
    if (clang_getFunctionTypeCallingConv(clang_getCursorType(fn)) != CXCallingConv_Unexposed)
        return false;
    char *text = pretty_declaration(fn);
    bool kernel = strncmp(text, "__kernel ", 9) == 0 || strncmp(text, "kernel ", 7) == 0 ||
                  strstr(text, "__attribute__((opencl_kernel") != NULL;
    free(text);
    return kernel;
}

/* clang prints the attribute with its arguments evaluated
 * (`reqd_work_group_size(8, 4, 1)`), whatever macros the source used. */
static bool cl_required_block(CXCursor fn, int64_t dims[3])
{
    char *text = pretty_declaration(fn);
    const char *at = strstr(text, "reqd_work_group_size(");
    long long x, y, z;
    bool ok = at && sscanf(at, "reqd_work_group_size(%lld, %lld, %lld)", &x, &y, &z) == 3 && x > 0 && y > 0 &&
              z > 0;
    if (ok) {
        dims[0] = x;
        dims[1] = y;
        dims[2] = z;
    }
    free(text);
    return ok;
}

static Space cl_var_space(CXCursor var)
{
    return space_of(address_space(clang_getCursorType(var)));
}

/* A pointer parameter into __local memory is a buffer of its own; the
 * generic space (2.0) and __global are global. */
static Space cl_param_space(CXCursor param)
{
    CXType t = clang_getCanonicalType(clang_getCursorType(param));
    if (t.kind != CXType_Pointer)
        return SPACE_GLOBAL;
    Space s = space_of(address_space(clang_getPointeeType(t)));
    return s == SPACE_NONE ? SPACE_GLOBAL : s;
}

/* intel_reqd_sub_group_size(N) on the kernel (cl_intel_required_subgroup_size):
 * the sub-group size it states; 0 when it states none. */
int opencl_required_sub_group(CXCursor fn)
{
    char *text = pretty_declaration(fn);
    const char *at = strstr(text, "intel_reqd_sub_group_size(");
    long long n = 0;
    if (!at || sscanf(at, "intel_reqd_sub_group_size(%lld)", &n) != 1)
        n = 0;
    free(text);
    return n > 0 && n <= 1 << 20 ? (int)n : 0;
}

Space opencl_type_space(CXType t)
{
    return space_of(address_space(t));
}

static const char *const opencl_args[] = {
    "-x", "cl", "-Xclang", "-finclude-default-header", "-ferror-limit=0", "-fno-spell-checking", "-Wno-everything",
    NULL,
};

const Dialect dialect_opencl = {
    .name = "OpenCL",
    .args = opencl_args,
    .cuda_prelude = false,
    .kernel_word = "__kernel",
    .constants_fixed = true,
    .division_by_zero_undefined = false,
    .is_kernel = cl_is_kernel,
    .required_block = cl_required_block,
    .var_space = cl_var_space,
    .param_space = cl_param_space,
};
