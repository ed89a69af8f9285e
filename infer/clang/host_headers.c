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
    if (samples_helper(name)) {
        *len = sizeof samples - 1;
        return samples;
    }
    return NULL;
}
