/* libFuzzer target for the CUDA front end ([CAV21 Sec. 5] inference; docs/fuzz.md; infer/infer.h):
 * any bytes as a .cu file either fail with a diagnostic or give a resolved
 * Program, and that Program is a valid protocol: its canonical text loads
 * back to an equal tree (the contract `mapkit infer` output relies on).
 * GPUVerify header reading is exercised on the same bytes.
 *
 * Built by `make fuzz-smoke` with clang -fsanitize=fuzzer,address,undefined
 * only when infer/infer.h declares infer_program; not part of libmapkit.
 * Ownership: frees everything it loads. */
#include "equal.h"
#include "infer.h"
#include "parse.h"
#include "text.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static FILE *sink(void)
{
    static FILE *devnull;
    if (!devnull)
        devnull = fopen("/dev/null", "w");
    return devnull;
}

static void fail(const char *why, const char *text)
{
    fprintf(stderr, "fuzz_infer: %s\n--- protocol text ---\n%s\n", why, text);
    abort();
}

static void check_protocol(Program *p)
{
    char *text = canonical_text(p);
    Diag d;
    diag_init(&d, sink());
    SrcFile *src = src_from_memory("inferred.proto", text, strlen(text));
    Program *q = load_program(src, &d);
    if (!q)
        fail("the inferred protocol's text does not load", text);
    if (!program_equal(p, q))
        fail("the inferred protocol's text loads to another tree", text);
    program_free(q);
    src_free(src);
    free(text);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    SrcFile *src = src_from_memory("fuzz.cu", (const char *)data, size);
    char block[64], grid[64];
    infer_gpuverify_dims(src, block, sizeof block, grid, sizeof grid);
    InferOptions o;
    memset(&o, 0, sizeof o);
    Diag d;
    diag_init(&d, sink());
    Program *p = infer_program(src, &o, &d);
    /* A file without kernels infers to no protocol at all, which has no text. */
    if (p && p->nkernels > 0)
        check_protocol(p);
    program_free(p);
    src_free(src);
    return 0;
}
