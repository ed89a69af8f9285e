/* Aiming the fuzzer (docs/fuzz.md, "Aiming the fuzzer"): the share of
 * racy and divergent cases, and a generator that writes only what the
 * chosen --style can say. */
#include "fuzz.h"

/* Classes whose share is asked for, and the rest. */
enum { SHARE_RACY, SHARE_DIVERGENT, SHARE_REST, SHARE_CLASSES };

static int share_class(const FuzzOptions *o, Verdict v)
{
    if (v == V_RACY && o->racy_share >= 0)
        return SHARE_RACY;
    if (v == V_DIVERGENT && o->divergent_share >= 0)
        return SHARE_DIVERGENT;
    return SHARE_REST;
}

/* A case is kept while its class is below its share of the cases kept,
 * counting itself: the shares are met to within one case at every point
 * of the run, whatever order the verdicts come in. */
bool share_keeps(const FuzzOptions *o, const long *kept, Verdict v)
{
    if (o->racy_share < 0 && o->divergent_share < 0)
        return true;
    double target[SHARE_CLASSES] = {0};
    target[SHARE_RACY] = o->racy_share >= 0 ? o->racy_share : 0;
    target[SHARE_DIVERGENT] = o->divergent_share >= 0 ? o->divergent_share : 0;
    target[SHARE_REST] = 1 - target[SHARE_RACY] - target[SHARE_DIVERGENT];
    long count[SHARE_CLASSES] = {0}, total = 0;
    static const Verdict labels[] = {V_DRF, V_RACY, V_DIVERGENT};
    for (int i = 0; i < 3; i++) {
        count[share_class(o, labels[i])] += kept[labels[i]];
        total += kept[labels[i]];
    }
    int c = share_class(o, v);
    return (double)count[c] < target[c] * (double)(total + 1) - 1e-9;
}

void style_restricts_generator(FuzzOptions *o)
{
    if (!gen_style_plain(o->style))
        return;
    o->gen.on.shared = false;        /* local x uniform block; */
    o->gen.on.no_const_local = true; /* const local c; */
}
