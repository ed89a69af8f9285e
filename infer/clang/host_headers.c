/* Host-side libraries whose headers libclang cannot read (docs/inference.md,
 * "Launches in the host code"), served when they are not found so that the
 * host code around a launch parses and the launch is read: a launch whose
 * argument does not parse (`thrust::raw_pointer_cast(v.data())` with
 * Thrust unknown) is lost with it.  Nothing here is device code.
 *
 *   <thrust/...>  device_vector, host_vector, device_ptr, raw_pointer_cast
 *                 and the namespace macros, declarations only;
 *   <catch2/...>  Catch2's test macros: a TEST_CASE is a function, a
 *                 TEMPLATE_..._TEST_CASE a function template over TestType,
 *                 a SECTION a block, an assertion evaluates its operands,
 *                 a GENERATE is a value the host code does not know.  Both
 *                 the CATCH_-prefixed names and, without
 *                 CATCH_CONFIG_PREFIX_ALL, the short ones;
 *   cublas_v2.h, cublasLt.h: cuBLAS's handles, enumerations and functions,
 *                 declarations that take any arguments;
 *   helper_cuda.h and its siblings (the CUDA samples' helpers, by base
 *                 name, also under a relative path): checkCudaErrors
 *                 evaluates its operand, a command-line argument, a
 *                 timer's value or a device number is unknown.
 *
 * Ownership: static text. */
#include "library_headers.h"

#include <stdbool.h>

#include <string.h>

/* Thrust's containers as plain classes: their element pointer is what a
 * launch passes. */
#define VECTOR(NAME)                                                                                               \
    "template <class T, class A = void> struct " NAME " {\n"                                                      \
    "  using value_type = T; using size_type = unsigned long; using iterator = T *;\n"                           \
    "  " NAME "(); explicit " NAME "(unsigned long); " NAME "(unsigned long, const T &);\n"                       \
    "  template <class X> " NAME "(const X &); template <class I> " NAME "(I, I);\n"                              \
    "  T *data(); const T *data() const; unsigned long size() const; bool empty() const;\n"                       \
    "  T *begin(); const T *begin() const; T *end(); const T *end() const; T &operator[](unsigned long);\n"       \
    "  const T &operator[](unsigned long) const; void resize(unsigned long); void clear();\n"                     \
    "  template <class X> " NAME " &operator=(const X &); template <class X> bool operator==(const X &) const;\n" \
    "  template <class X> bool operator!=(const X &) const; };\n"

static const char thrust[] =
    "#ifndef __MAPKIT_THRUST\n#define __MAPKIT_THRUST\n"
    "#define THRUST_NS_QUALIFIER ::thrust\n"
    "#define THRUST_DEVICE_SYSTEM_CUDA 1\n#define THRUST_DEVICE_SYSTEM_CPP 2\n"
    "#define THRUST_DEVICE_SYSTEM THRUST_DEVICE_SYSTEM_CPP\n"
    "namespace thrust {\n"
    "template <class T> struct device_ptr { T *get() const; T &operator*() const; T &operator[](long) const; };\n"
    "template <class T> T *raw_pointer_cast(T *p) { return p; }\n"
    "template <class T> T *raw_pointer_cast(const device_ptr<T> &);\n"
    "template <class T> device_ptr<T> device_pointer_cast(T *);\n"
    VECTOR("device_vector") VECTOR("host_vector") VECTOR("universal_vector")
    "namespace detail { template <class T, class A> struct vector_base : device_vector<T, A> {}; }\n"
    "struct no_init_t {}; constexpr no_init_t no_init{};\n"
    "}\n#endif\n";

/* A test case: a function of its own, named after its line. */
#define CASES(P)                                                                                                   \
    "#define " P "TEST_CASE(...) static void __MAPKIT_CATCH_NAME()\n"                                              \
    "#define " P "TEST_CASE_METHOD(...) static void __MAPKIT_CATCH_NAME()\n"                                       \
    "#define " P "SCENARIO(...) static void __MAPKIT_CATCH_NAME()\n"                                               \
    "#define " P "TEMPLATE_TEST_CASE(...) template <class TestType> static void __MAPKIT_CATCH_NAME()\n"            \
    "#define " P "TEMPLATE_TEST_CASE_SIG(...) template <class TestType> static void __MAPKIT_CATCH_NAME()\n"        \
    "#define " P "TEMPLATE_TEST_CASE_METHOD(...) template <class TestType> static void __MAPKIT_CATCH_NAME()\n"     \
    "#define " P "TEMPLATE_PRODUCT_TEST_CASE(...) template <class TestType> static void __MAPKIT_CATCH_NAME()\n"    \
    "#define " P "TEMPLATE_LIST_TEST_CASE(...) template <class TestType> static void __MAPKIT_CATCH_NAME()\n"       \
    "#define " P "TEMPLATE_LIST_TEST_CASE_METHOD(...) template <class TestType> static void __MAPKIT_CATCH_NAME()\n" \
    "#define " P "SECTION(...) if (true)\n"                                                                          \
    "#define " P "DYNAMIC_SECTION(...) if (true)\n"                                                                  \
    "#define " P "GIVEN(...) if (true)\n#define " P "WHEN(...) if (true)\n#define " P "THEN(...) if (true)\n"    \
    "#define " P "REQUIRE(...) ((void)(__VA_ARGS__))\n#define " P "CHECK(...) ((void)(__VA_ARGS__))\n"            \
    "#define " P "REQUIRE_FALSE(...) ((void)(__VA_ARGS__))\n#define " P "CHECK_FALSE(...) ((void)(__VA_ARGS__))\n" \
    "#define " P "REQUIRE_NOTHROW(...) ((void)(__VA_ARGS__))\n#define " P "CHECK_NOTHROW(...) ((void)(__VA_ARGS__))\n" \
    "#define " P "REQUIRE_THROWS(...) ((void)0)\n#define " P "CHECK_THROWS(...) ((void)0)\n"                       \
    "#define " P "REQUIRE_THROWS_AS(...) ((void)0)\n#define " P "CHECK_THROWS_AS(...) ((void)0)\n"                 \
    "#define " P "REQUIRE_THAT(a, ...) ((void)(a))\n#define " P "CHECK_THAT(a, ...) ((void)(a))\n"                 \
    "#define " P "STATIC_REQUIRE(...) static_assert(__VA_ARGS__, \"\")\n"                                           \
    "#define " P "STATIC_CHECK(...) static_assert(__VA_ARGS__, \"\")\n"                                             \
    "#define " P "INFO(...) ((void)0)\n#define " P "UNSCOPED_INFO(...) ((void)0)\n"                                 \
    "#define " P "CAPTURE(...) ((void)0)\n#define " P "WARN(...) ((void)0)\n"                                       \
    "#define " P "SUCCEED(...) ((void)0)\n#define " P "FAIL(...) ((void)0)\n"                                       \
    "#define " P "FAIL_CHECK(...) ((void)0)\n#define " P "SKIP(...) return\n"

static const char catch2[] =
    "#ifndef __MAPKIT_CATCH2\n#define __MAPKIT_CATCH2\n"
    "#define __MAPKIT_CATCH_CAT2(a, b) a##b\n"
    "#define __MAPKIT_CATCH_CAT(a, b) __MAPKIT_CATCH_CAT2(a, b)\n"
    "#define __MAPKIT_CATCH_NAME __MAPKIT_CATCH_CAT(__mapkit_catch_case_, __LINE__)\n"
    /* a generated value: of the first argument's type, unknown */
    "namespace Catch { namespace Generators {\n"
    "template <class... A> int take(A...); template <class... A> int random(A...);\n"
    "template <class... A> int values(A...); template <class... A> int range(A...);\n"
    "template <class... A> int filter(A...); template <class... A> int map(A...);\n"
    "} }\n"
    "template <class T, class... R> T __mapkit_catch_generated(T, R...);\n"
    "#define GENERATE(...) ([&] { using namespace Catch::Generators; return __mapkit_catch_generated(__VA_ARGS__); }())\n"
    "#define GENERATE_COPY(...) GENERATE(__VA_ARGS__)\n"
    "#define GENERATE_REF(...) GENERATE(__VA_ARGS__)\n"
    CASES("CATCH_")
    "#ifndef CATCH_CONFIG_PREFIX_ALL\n"
    CASES("")
    "#endif\n"
    "#endif\n";

/* The CUDA samples' helpers: what their host code calls, without
 * bodies, but for the error checks (the call they wrap is what matters to
 * the launches) and MIN/MAX (the samples' own macros). */
static const char samples[] =
    "#ifndef __MAPKIT_CUDA_SAMPLES\n#define __MAPKIT_CUDA_SAMPLES\n"
    "#define checkCudaErrors(val) ((void)(val))\n#define getLastCudaError(msg) ((void)(msg))\n"
    "#define checkCudaDrvErrors(val) ((void)(val))\n#define checkCuErrors(val) ((void)(val))\n"
    "#define printLastCudaError(msg) ((void)(msg))\n#define EXIT_WAIVED 2\n"
    "#ifndef MAX\n#define MAX(a, b) (a > b ? a : b)\n#endif\n#ifndef MIN\n#define MIN(a, b) (a < b ? a : b)\n#endif\n"
    "template <class A> int findCudaDevice(int, A); int gpuDeviceInit(int); int gpuGetMaxGflopsDeviceId();\n"
    "int _ConvertSMVer2Cores(int, int); const char *_ConvertSMVer2ArchName(int, int);\n"
    "template <class A> bool checkCmdLineFlag(int, A, const char *);\n"
    "template <class A> int getCmdLineArgumentInt(int, A, const char *);\n"
    "template <class A> float getCmdLineArgumentFloat(int, A, const char *);\n"
    "template <class A, class S> bool getCmdLineArgumentString(int, A, const char *, S);\n"
    "char *sdkFindFilePath(const char *, const char *);\n"
    "struct StopWatchInterface { virtual void start(); virtual void stop(); virtual void reset();\n"
    "  virtual float getTime(); virtual float getAverageTime(); };\n"
    "bool sdkCreateTimer(StopWatchInterface **); bool sdkDeleteTimer(StopWatchInterface **);\n"
    "bool sdkStartTimer(StopWatchInterface **); bool sdkStopTimer(StopWatchInterface **);\n"
    "bool sdkResetTimer(StopWatchInterface **); float sdkGetTimerValue(StopWatchInterface **);\n"
    "float sdkGetAverageTimerValue(StopWatchInterface **);\n"
    "template <class T, class W> bool sdkLoadPGM(const char *, T **, W *, W *);\n"
    "template <class T, class W> bool sdkSavePGM(const char *, T *, W, W);\n"
    "template <class W> bool sdkLoadPPM4ub(const char *, unsigned char **, W *, W *);\n"
    "template <class W> bool sdkSavePPM4ub(const char *, unsigned char *, W, W);\n"
    "bool sdkCompareL2fe(const float *, const float *, unsigned int, const float);\n"
    "template <class T, class S> bool compareData(const T *, const T *, unsigned int, const S, const float);\n"
    "#endif\n";

/* cuBLAS and cuBLASLt (cublas_v2.h, cublas.h, cublasLt.h) and the
 * toolkit's data types (library_types.h): handles and descriptors are
 * opaque pointers, the status, operation, math, compute and epilogue
 * enumerations have their usual names, and every function takes any
 * arguments (what the host passes to cuBLAS is never a launch). */
static const char cublas[] =
    "#ifndef __MAPKIT_CUBLAS\n#define __MAPKIT_CUBLAS\n"
    "typedef enum cudaDataType_t { CUDA_R_16F = 2, CUDA_R_32F = 0, CUDA_R_64F = 1, CUDA_R_16BF = 14,\n"
    "  CUDA_R_8I = 3, CUDA_R_32I = 10, CUDA_C_32F = 4 } cudaDataType;\n"
    "typedef cudaDataType cublasDataType_t;\n"
    "typedef enum { CUBLAS_STATUS_SUCCESS = 0, CUBLAS_STATUS_NOT_INITIALIZED = 1, CUBLAS_STATUS_ALLOC_FAILED = 3,\n"
    "  CUBLAS_STATUS_INVALID_VALUE = 7, CUBLAS_STATUS_ARCH_MISMATCH = 8, CUBLAS_STATUS_MAPPING_ERROR = 11,\n"
    "  CUBLAS_STATUS_EXECUTION_FAILED = 13, CUBLAS_STATUS_INTERNAL_ERROR = 14, CUBLAS_STATUS_NOT_SUPPORTED = 15 }\n"
    "  cublasStatus_t;\n"
    "typedef enum { CUBLAS_OP_N = 0, CUBLAS_OP_T = 1, CUBLAS_OP_C = 2 } cublasOperation_t;\n"
    "typedef enum { CUBLAS_DEFAULT_MATH = 0, CUBLAS_TENSOR_OP_MATH = 1, CUBLAS_PEDANTIC_MATH = 2,\n"
    "  CUBLAS_TF32_TENSOR_OP_MATH = 3 } cublasMath_t;\n"
    "typedef enum { CUBLAS_COMPUTE_16F = 64, CUBLAS_COMPUTE_32F = 68, CUBLAS_COMPUTE_32F_FAST_16F = 74,\n"
    "  CUBLAS_COMPUTE_32F_FAST_16BF = 75, CUBLAS_COMPUTE_32F_FAST_TF32 = 77, CUBLAS_COMPUTE_64F = 70 }\n"
    "  cublasComputeType_t;\n"
    "typedef enum { CUBLAS_GEMM_DEFAULT = -1, CUBLAS_GEMM_DEFAULT_TENSOR_OP = 99 } cublasGemmAlgo_t;\n"
    "typedef enum { CUBLAS_FILL_MODE_LOWER = 0, CUBLAS_FILL_MODE_UPPER = 1 } cublasFillMode_t;\n"
    "typedef struct cublasContext *cublasHandle_t;\n"
    "typedef struct cublasLtContext *cublasLtHandle_t;\n"
    "typedef struct cublasLtMatmulDescOpaque_t *cublasLtMatmulDesc_t;\n"
    "typedef struct cublasLtMatrixLayoutOpaque_t *cublasLtMatrixLayout_t;\n"
    "typedef struct cublasLtMatmulPreferenceOpaque_t *cublasLtMatmulPreference_t;\n"
    "typedef struct { unsigned long long data[8]; } cublasLtMatmulAlgo_t;\n"
    "typedef struct { cublasLtMatmulAlgo_t algo; unsigned long workspaceSize; cublasStatus_t state;\n"
    "  float wavesCount; int reserved[4]; } cublasLtMatmulHeuristicResult_t;\n"
    "typedef enum { CUBLASLT_EPILOGUE_DEFAULT = 1, CUBLASLT_EPILOGUE_RELU = 2, CUBLASLT_EPILOGUE_BIAS = 4,\n"
    "  CUBLASLT_EPILOGUE_GELU = 32, CUBLASLT_EPILOGUE_GELU_AUX = 160, CUBLASLT_EPILOGUE_GELU_BIAS = 36,\n"
    "  CUBLASLT_EPILOGUE_GELU_AUX_BIAS = 164, CUBLASLT_EPILOGUE_DGELU = 192, CUBLASLT_EPILOGUE_BGRADA = 256,\n"
    "  CUBLASLT_EPILOGUE_BGRADB = 512 } cublasLtEpilogue_t;\n"
    "typedef enum { CUBLASLT_MATMUL_DESC_COMPUTE_TYPE = 0, CUBLASLT_MATMUL_DESC_SCALE_TYPE = 1,\n"
    "  CUBLASLT_MATMUL_DESC_POINTER_MODE = 2, CUBLASLT_MATMUL_DESC_TRANSA = 3, CUBLASLT_MATMUL_DESC_TRANSB = 4,\n"
    "  CUBLASLT_MATMUL_DESC_EPILOGUE = 7, CUBLASLT_MATMUL_DESC_BIAS_POINTER = 8,\n"
    "  CUBLASLT_MATMUL_DESC_EPILOGUE_AUX_POINTER = 10, CUBLASLT_MATMUL_DESC_EPILOGUE_AUX_LD = 11,\n"
    "  CUBLASLT_MATMUL_DESC_BIAS_DATA_TYPE = 26 } cublasLtMatmulDescAttributes_t;\n"
    "typedef enum { CUBLASLT_MATRIX_LAYOUT_TYPE = 0, CUBLASLT_MATRIX_LAYOUT_ORDER = 1,\n"
    "  CUBLASLT_MATRIX_LAYOUT_BATCH_COUNT = 5, CUBLASLT_MATRIX_LAYOUT_STRIDED_BATCH_OFFSET = 6 }\n"
    "  cublasLtMatrixLayoutAttribute_t;\n"
    "typedef enum { CUBLASLT_MATMUL_PREF_SEARCH_MODE = 0, CUBLASLT_MATMUL_PREF_MAX_WORKSPACE_BYTES = 1 }\n"
    "  cublasLtMatmulPreferenceAttributes_t;\n"
    "#define CUBLAS_FN(NAME) cublasStatus_t NAME(...);\n"
    "CUBLAS_FN(cublasCreate) CUBLAS_FN(cublasCreate_v2) CUBLAS_FN(cublasDestroy) CUBLAS_FN(cublasDestroy_v2)\n"
    "CUBLAS_FN(cublasSetStream) CUBLAS_FN(cublasGetStream) CUBLAS_FN(cublasSetMathMode) CUBLAS_FN(cublasInit)\n"
    "CUBLAS_FN(cublasShutdown) CUBLAS_FN(cublasSetVector) CUBLAS_FN(cublasGetVector) CUBLAS_FN(cublasSetMatrix)\n"
    "CUBLAS_FN(cublasGetMatrix) CUBLAS_FN(cublasSgemm) CUBLAS_FN(cublasDgemm) CUBLAS_FN(cublasHgemm)\n"
    "CUBLAS_FN(cublasGemmEx) CUBLAS_FN(cublasSgemmStridedBatched) CUBLAS_FN(cublasDgemmStridedBatched)\n"
    "CUBLAS_FN(cublasGemmStridedBatchedEx) CUBLAS_FN(cublasSgemmBatched) CUBLAS_FN(cublasSgemv)\n"
    "CUBLAS_FN(cublasDgemv) CUBLAS_FN(cublasSaxpy) CUBLAS_FN(cublasDaxpy) CUBLAS_FN(cublasSdot)\n"
    "CUBLAS_FN(cublasDdot) CUBLAS_FN(cublasSnrm2) CUBLAS_FN(cublasSscal) CUBLAS_FN(cublasDscal)\n"
    "CUBLAS_FN(cublasScopy) CUBLAS_FN(cublasSasum) CUBLAS_FN(cublasIsamax) CUBLAS_FN(cublasSgeam)\n"
    "CUBLAS_FN(cublasLtCreate) CUBLAS_FN(cublasLtDestroy) CUBLAS_FN(cublasLtMatmul)\n"
    "CUBLAS_FN(cublasLtMatmulDescCreate) CUBLAS_FN(cublasLtMatmulDescDestroy)\n"
    "CUBLAS_FN(cublasLtMatmulDescSetAttribute) CUBLAS_FN(cublasLtMatrixLayoutCreate)\n"
    "CUBLAS_FN(cublasLtMatrixLayoutDestroy) CUBLAS_FN(cublasLtMatrixLayoutSetAttribute)\n"
    "CUBLAS_FN(cublasLtMatmulPreferenceCreate) CUBLAS_FN(cublasLtMatmulPreferenceDestroy)\n"
    "CUBLAS_FN(cublasLtMatmulPreferenceSetAttribute) CUBLAS_FN(cublasLtMatmulAlgoGetHeuristic)\n"
    "#undef CUBLAS_FN\n"
    "const char *cublasGetStatusString(cublasStatus_t);\n"
    "#endif\n";

static bool cublas_header(const char *name)
{
    static const char *const names[] = {"cublas_v2.h", "cublas.h", "cublas_api.h", "cublasLt.h", "library_types.h",
                                        NULL};
    for (const char *const *n = names; *n; n++)
        if (strcmp(name, *n) == 0)
            return true;
    return false;
}

/* helper_cuda.h, helper_functions.h, ...: by base name. */
static bool samples_helper(const char *name)
{
    static const char *const helpers[] = {"helper_cuda.h", "helper_functions.h", "helper_string.h", "helper_timer.h",
                                          "helper_image.h", "helper_cuda_drvapi.h", NULL};
    const char *slash = strrchr(name, '/');
    const char *base = slash ? slash + 1 : name;
    for (const char *const *h = helpers; *h; h++)
        if (strcmp(base, *h) == 0)
            return true;
    return false;
}

const char *host_library_header(const char *name, unsigned long *len)
{
    if (strncmp(name, "thrust/", 7) == 0) {
        *len = sizeof thrust - 1;
        return thrust;
    }
    if (strncmp(name, "catch2/", 7) == 0) {
        *len = sizeof catch2 - 1;
        return catch2;
    }
    if (cublas_header(name)) {
        *len = sizeof cublas - 1;
        return cublas;
    }
    if (samples_helper(name)) {
        *len = sizeof samples - 1;
        return samples;
    }
    return NULL;
}
