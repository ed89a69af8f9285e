/* `mapkit fixpoint --frontend` against mapkit's own front end
 * (docs/fixpoint.md, "Against mapkit's front end"): the rounds compare a
 * front end with itself, so a loss that happens once, before P1 (every
 * barrier in a loop dropped), repeats in every round and looks fixed.
 * Here the tested front end's P1 is held against mapkit's protocol of the
 * same K0, with the rounds' comparison (compare.c: semantic or cosmetic)
 * and the checker's verdicts. */
#include "fixpoint.h"

#include "parse.h"

#include <stdlib.h>
#include <string.h>

/* Does b, or a block nested in it, hold an `opaque`?  Then mapkit's
 * protocol says less than the kernel does: no yardstick there. */
static bool has_opaque(Block *b)
{
    for (int i = 0; i < b->n; i++) {
        Block *inner[2];
        int n = stmt_blocks(b->items[i], inner);
        if (b->items[i]->kind == S_OPAQUE)
            return true;
        for (int j = 0; j < n; j++)
            if (has_opaque(inner[j]))
                return true;
    }
    return false;
}

static void not_compared(FpKernel *k, const char *why)
{
    k->own = "not compared";
    free(k->own_message);
    k->own_message = strdup(why);
}

/* A copy of P1, printed and parsed again: the comparison puts both
 * protocols in canonical form in place, and P1 goes to gen next. */
static Program *copy_of(Program *p1, SrcFile **src)
{
    size_t len = 0;
    char *text = fp_print_text(p1, &len);
    FpCapture c;
    fp_capture_begin(&c);
    *src = text ? src_from_memory("P1.proto", text, len) : NULL;
    Program *p = *src ? load_program(*src, &c.d) : NULL;
    free(fp_capture_end(&c));
    free(text);
    return p;
}

static bool any_semantic(const FpDiff *d, int n)
{
    for (int i = 0; i < n; i++)
        if (d[i].semantic)
            return true;
    return false;
}

/* mapkit's kernel (own, in op) against the tested front end's (tested,
 * in tp): the verdicts as inferred, then the canonical forms. */
static void compare_kernel(FpKernel *k, Program *op, Kernel *own, Program *tp, Kernel *tested, unsigned timeout_ms)
{
    if (has_opaque(&own->body)) {
        not_compared(k, "mapkit's front end could not follow all of this kernel (opaque)");
        return;
    }
    k->own_verdict = fp_check_verdict(own, timeout_ms);
    canonical_form(op, own);
    canonical_form(tp, tested);
    compare_kernels(own, tested, timeout_ms, &k->own_diffs, &k->own_ndiffs);
    bool differs = any_semantic(k->own_diffs, k->own_ndiffs) || !fp_verdicts_agree(k->verdict[0], k->own_verdict);
    k->own = differs ? "differs" : k->own_ndiffs ? "cosmetic" : "same";
}

/* Every kernel not compared, for one reason: "mapkit's front end: WHY". */
static void none_compared(FpFile *out, const char *why)
{
    char message[1024];
    if (strncmp(why, "error: ", 7) == 0) /* the diagnostic's own word: "not compared" says it */
        why += 7;
    snprintf(message, sizeof message, "mapkit's front end: %s", why);
    for (int i = 0; i < out->nkernels; i++)
        not_compared(&out->kernels[i], message);
}

static void compare_all(FpFile *out, Program *own, Program *tested, unsigned timeout_ms)
{
    for (int i = 0; i < out->nkernels; i++) {
        FpKernel *k = &out->kernels[i];
        Kernel *a = fp_counterpart(out, i, own), *b = fp_counterpart(out, i, tested);
        if (!a) {
            not_compared(k, "mapkit's front end found no kernel of this name");
            continue;
        }
        if (b)
            compare_kernel(k, own, a, tested, b, timeout_ms);
    }
}

void fp_compare_own(FpFile *out, Program *p1, const FpOptions *o, void (*keep)(Program *own, void *ctx),
                    void *keep_ctx)
{
    FpCapture c;
    fp_capture_begin(&c);
    SrcFile *own_src = NULL, *copy_src = NULL;
    Program *own = o->own_load(out->path, &own_src, &c.d, o->own_ctx);
    char *why = fp_capture_end(&c);
    if (own && own->nkernels > 0)
        keep(own, keep_ctx); /* before the comparison rewrites it in canonical form */
    Program *copy = own && own->nkernels > 0 ? copy_of(p1, &copy_src) : NULL;
    if (!own)
        none_compared(out, *why ? why : "it cannot read this file");
    else if (own->nkernels == 0)
        none_compared(out, "no __global__ function was found");
    else if (copy) /* else P1 did not print and parse: check_printed made it an error */
        compare_all(out, own, copy, o->timeout_ms);
    free(why);
    program_free(copy);
    src_free(copy_src);
    program_free(own);
    src_free(own_src);
}
