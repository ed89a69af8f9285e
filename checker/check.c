/* Checking a kernel end to end (seed 000, Fig. 1: well-formedness, then
 * the DRF analysis), with the engine the user chose. */
#include "check.h"

#include <string.h>

KernelResult *check_kernel(const Facts *f, const CheckConfig *cfg, const char *engine)
{
    bool align = engine && strcmp(engine, "align") == 0;
    KernelResult *r = result_new(f->kernel, align ? "align" : "interval");
    Smt *smt = cfg->started_ms > 0 ? smt_new_since(cfg->timeout_ms, cfg->started_ms, cfg->started_while)
                                   : smt_new(cfg->timeout_ms);
    Enc *e = enc_new(smt, f, cfg);
    Z3_ast base = enc_base(e);
    /* A divergent or ill-formed kernel has no barrier intervals to speak of:
     * it is reported as such, not checked for races. */
    if (wellformed_check(e, base, r)) {
        if (align)
            align_races(e, r);
        else
            interval_races(e, r);
    }
    result_settle_opaque(r, f->opaque);
    enc_free(e);
    smt_free(smt);
    return r;
}
