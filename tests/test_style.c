/* `gen --style`, `--templates`, `--helpers` (docs/codegen.md, "Styles"):
 * every protocol given, in every style that can write it, is inferred back to the same
 * protocol up to cosmetic differences (fuzz/compare.c), and the plain
 * styles call no extern function.  The CUDA goes to OUT_DIR/SHAPE-N.cu for
 * tests/scripts/gen-style.sh to compile.
 * Usage: test_style OUT_DIR FILE.proto...; the last line is
 * "test_style: N passed, M failed" (and how many the styles refused).
 * A protocol whose round trip is not exact in mapkit's own style is left
 * out (it is tests/cases/fixpoint/'s business). */
#include "check.h"
#include "gen.h"
#include "parse.h"
#include "repro.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int refused, baseline;

static bool write_file(const char *path, const char *text)
{
    FILE *f = fopen(path, "w");
    if (!f)
        return false;
    bool ok = fputs(text, f) != EOF;
    return fclose(f) == 0 && ok;
}

/* An `extern __device__` function other than GPUVerify's annotations
 * (which --style=gpuverify declares for nvcc). */
static bool foreign_extern(const char *cuda, GenStyle style)
{
    static const char *const annotations[] = {"__requires(", "__assume(", "__other_int("};
    for (const char *line = strstr(cuda, "extern __device__"); line; line = strstr(line + 1, "extern __device__")) {
        bool allowed = false;
        const char *end = strchr(line, '\n');
        for (size_t i = 0; i < 3 && style == GEN_STYLE_GPUVERIFY; i++) {
            const char *at = strstr(line, annotations[i]);
            allowed |= at && (!end || at < end);
        }
        if (!allowed)
            return true;
    }
    return false;
}

/* The shapes of code tested: each style, and templates with helpers in
 * mapkit's style and in plain CUDA. */
typedef struct Shape {
    const char *name; /* OUT_DIR/NAME-N.cu */
    GenOptions o;
} Shape;

static const Shape shapes[] = {
    {"plain", {.style = GEN_STYLE_PLAIN}},
    {"gpuverify", {.style = GEN_STYLE_GPUVERIFY}},
    {"faial", {.style = GEN_STYLE_FAIAL}},
    {"shaped", {.style = GEN_STYLE_MAPKIT, .templates = true, .helpers = true}},
    {"plainshaped", {.style = GEN_STYLE_PLAIN, .templates = true, .helpers = true}},
};

static void one_shape(Program *p, const char *file, const Shape *shape, const char *out_dir, int number)
{
    GenStyle style = shape->o.style;
    Loc at;
    const char *why_not = gen_style_refusal(p, style, NULL, &at);
    if (why_not) {
        refused++;
        return;
    }
    char *cuda = NULL, *why = NULL;
    bool agrees = frontend_agrees(p, &shape->o, &cuda, &why);
    check(agrees, "%s as %s: inferred back with a semantic difference: %s", file, shape->name,
          why ? why : "(none given)");
    if (cuda && gen_style_plain(style))
        check(!foreign_extern(cuda, style), "%s as %s: the code declares a mapkit extern function", file,
              shape->name);
    char path[4096];
    snprintf(path, sizeof path, "%s/%s-%d.cu", out_dir, shape->name, number);
    check(cuda && write_file(path, cuda), "%s as %s: cannot write %s", file, shape->name, path);
    free(cuda);
    free(why);
}

int main(int argc, char **argv)
{
    check_init("gen --style");
    if (argc < 2) {
        fputs("usage: test_style OUT_DIR FILE.proto...\n", stderr);
        return 2;
    }
    for (int i = 2; i < argc; i++) {
        Diag d;
        diag_init(&d, stderr);
        SrcFile *src = src_load(argv[i], &d);
        Program *p = src ? load_program(src, &d) : NULL;
        check(p != NULL, "%s does not load", argv[i]);
        /* a protocol whose round trip in mapkit's own style is not exact
         * (docs/codegen.md, "What is not kept") says nothing of the styles */
        GenOptions mapkit = {0};
        bool exact = p && frontend_agrees(p, &mapkit, NULL, NULL);
        baseline += p && !exact;
        for (size_t s = 0; exact && s < sizeof shapes / sizeof shapes[0]; s++)
            one_shape(p, argv[i], &shapes[s], argv[1], i - 1);
        program_free(p);
        src_free(src);
    }
    printf("test_style: %d not exact in mapkit's style, %d refused by a style; %d passed, %d failed\n", baseline,
           refused, check_passed(), check_failed());
    return check_failed() ? 1 : 0;
}
