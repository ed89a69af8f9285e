/* Trial translations (loop.h): translate a piece of the kernel to
 * learn what it does, then undo it.  A loop whose variables every thread
 * of the block may change alike is translated in trials until the set of
 * such variables is settled (stmt.c, tr_unknown_loop), then once for real.
 *
 * What a translation changes, and how a trial undoes it: statements are
 * emitted at the end of in->out (truncated back); the kernel's variable
 * list, kept declarations and sliceable uniforms grow at their end
 * (truncated back); the environment below in->nenv and the barrier count
 * are restored; names made are retired (fresh_name may hand them out
 * again); warnings go to a muted Diag, and the repeated-warning table gets
 * its old entries and counts back; the models' slots are set back.  Arrays found on the way stay: they are
 * found again by their declaration. */
#include "loop.h"

#include "env.h"
#include "model.h"

#include <stdio.h>
#include <stdlib.h>

bool trial_begin(Infer *in, Trial *t)
{
    FILE *null = fopen("/dev/null", "w");
    if (!null)
        return false;
    diag_init(&t->mute, null);
    t->saved_diag = in->diag;
    in->diag = &t->mute;
    t->out = in->out;
    t->out_n = in->out->n;
    t->nvars = in->kernel->nvars;
    t->nkept = in->nkept;
    t->nsliceable = in->nsliceable;
    t->sync_count = in->sync_count;
    t->nenv = in->nenv;
    t->env = env_snapshot(in);
    t->nwarned = in->nwarned;
    t->warned_counts = xcalloc((size_t)in->nwarned + 1, sizeof *t->warned_counts);
    for (int i = 0; i < in->nwarned; i++)
        t->warned_counts[i] = in->warned[i].count;
    t->ntrial_names = in->ntrial_names;
    t->warned_depth = in->warned_depth;
    t->slots = models_save_slots(in);
    in->trial_depth++;
    return true;
}

void trial_log_name(Infer *in, const char *name)
{
    if (in->trial_depth > 0)
        VEC_PUSH(in->trial_names, in->ntrial_names, in->captrial_names, name);
}

static void retire_names(Infer *in, int from)
{
    for (int i = from; i < in->ntrial_names; i++)
        name_retire(in, in->trial_names[i]);
    in->ntrial_names = from;
}

void trial_undo(Infer *in, Trial *t)
{
    in->trial_depth--;
    fclose(t->mute.out);
    in->diag = t->saved_diag;
    in->out = t->out;
    in->out->n = t->out_n;
    in->kernel->nvars = t->nvars;
    in->nkept = t->nkept;
    in->nsliceable = t->nsliceable;
    in->sync_count = t->sync_count;
    in->warned_depth = t->warned_depth;
    in->nenv = t->nenv;
    env_restore(in, t->env, t->nenv);
    for (int i = t->nwarned; i < in->nwarned; i++)
        free(in->warned[i].msg);
    in->nwarned = t->nwarned;
    for (int i = 0; i < in->nwarned; i++)
        in->warned[i].count = t->warned_counts[i];
    free(t->warned_counts);
    retire_names(in, t->ntrial_names);
    models_restore_slots(in, t->slots);
}
