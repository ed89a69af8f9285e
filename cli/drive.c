/* File and kernel loop of `check` and `run` (see drive.h). */
#include "drive.h"
#include "ticket.h"

#include "check.h"
#include "cli.h"
#include "findings.h"
#include "input.h"
#include "parse.h"
#include "report.h"
#include "smt.h"

#include <string.h>

static double now_ms(void)
{
    return smt_now_ms(); /* the checker's deadlines are on this clock */
}

static bool kernel_has_uniform(const Kernel *k, const char *name)
{
    for (int i = 0; i < k->nsyms; i++)
        if (k->syms[i]->kind == SYM_UNIFORM && strcmp(k->syms[i]->name, name) == 0)
            return true;
    return false;
}

/* -p names a uniform of some kernel checked, and --kernel names a kernel. */
static bool check_names(const CliOptions *o, const Program *p, const char *path, Diag *d)
{
    bool ok = true;
    if (o->kernel) {
        bool found = false;
        for (int i = 0; i < p->nkernels; i++)
            found |= strcmp(p->kernels[i]->name, o->kernel) == 0;
        if (!found) {
            diag_plain(d, SEV_ERROR, path, "no kernel named '%s'", o->kernel);
            ok = false;
        }
    }
    for (int j = 0; j < o->nparams; j++) {
        bool found = false;
        for (int i = 0; i < p->nkernels; i++)
            found |= kernel_has_uniform(p->kernels[i], o->params[j].name);
        if (!found) {
            diag_plain(d, SEV_ERROR, path, "-p %s: no kernel here has a uniform variable '%s'",
                       o->params[j].name, o->params[j].name);
            ok = false;
        }
    }
    return ok;
}

bool assumptions_hold(const Facts *f, const CheckConfig *cfg, Reporter *rep, Diag *d)
{
    Vacuity v = vacuity_check(f, cfg);
    bool holds = v.answer != SMT_UNSAT;
    if (!holds) {
        const Kernel *k = f->kernel;
        static const char what[] = "these assumptions contradict each other; nothing was checked";
        diag_at(d, SEV_ERROR, k->loc, "kernel %s: %s", k->name, what);
        for (int i = 0; i < v.nnotes; i++) {
            if (v.notes[i].loc.file)
                diag_at(d, SEV_NOTE, v.notes[i].loc, "%s", v.notes[i].text);
            else
                diag_plain(d, SEV_NOTE, k->loc.file ? k->loc.file->path : k->name, "%s", v.notes[i].text);
        }
        if (rep && rep->format != FORMAT_TEXT) { /* the text report is the diagnostic above */
            KernelResult *r = result_new(k, "vacuity");
            result_set_message(r, V_ERROR, k->loc, "%s", what);
            report_result(rep, r);
            result_free(r);
        }
    }
    if (v.answer == SMT_UNKNOWN) /* the check goes on, but its DRF may rest on nothing */
        diag_at(d, SEV_WARNING, f->kernel->loc,
                "kernel %s: the solver could not tell whether the assumptions can hold together; "
                "a data-race-free verdict may be vacuous", f->kernel->name);
    vacuity_free(&v);
    return holds;
}

static int drive_file(const CliOptions *o, const char *path, KernelEngine engine, Reporter *rep,
                      Findings *fs, Diag *d)
{
    SrcFile *src = NULL;
    double load_start = now_ms();
    CliOptions file_o; /* GPUVerify's header may give launch sizes and flags */
    Program *p = load_input(path, o, &file_o, &src, d);
    /* each kernel's time includes its share of parsing or inference */
    double load_share = p && p->nkernels ? (now_ms() - load_start) / p->nkernels : 0;
    if (!p || !check_names(o, p, path, d)) {
        report_file_error(rep, path);
        program_free(p);
        src_free(src);
        return EXIT_INPUT;
    }
    findings_begin_file(fs, src, d);
    int code = EXIT_OK;
    for (int i = 0; i < p->nkernels; i++) {
        Kernel *k = p->kernels[i];
        if (o->kernel && strcmp(k->name, o->kernel) != 0)
            continue;
        double start = now_ms() - load_share;
        Facts *f = facts_new(k);
        ticket_warnings(f, d);
        CheckConfig cfg;
        check_config_from_cli(&file_o, &cfg);
        KernelClock clock = {start, input_lang(&file_o, path) == LANG_CUDA ? "inferring" : "parsing"};
        cfg.started_ms = clock.started_ms; /* the vacuity check spends the kernel's budget too */
        cfg.started_while = clock.started_while;
        if (!assumptions_hold(f, &cfg, rep, d)) {
            code = combine_exit(code, EXIT_INPUT);
            facts_free(f);
            continue;
        }
        KernelResult *r = engine(f, &file_o, clock);
        r->time_ms = now_ms() - start;
        KernelFindings kf; /* suppressed and baselined alarms leave r */
        findings_settle(fs, r, &kf, d);
        rep->findings = &kf;
        report_result(rep, r);
        rep->findings = NULL;
        code = combine_exit(code, exit_code_of(kf.exit_verdict));
        kernel_findings_free(&kf);
        result_free(r);
        facts_free(f);
    }
    findings_end_file(fs, d);
    program_free(p);
    src_free(src);
    return code;
}

int drive_kernels(const CliOptions *o, KernelEngine engine)
{
    Diag d;
    diag_init(&d, stderr);
    Findings fs;
    if (!findings_init(&fs, o->baseline, !o->kernel && !o->array, &d))
        return EXIT_INPUT;
    Reporter rep;
    reporter_begin(&rep, stdout, o->format);
    rep.explain = o->explain;
    int code = EXIT_OK;
    for (int i = 0; i < o->nfiles; i++)
        code = combine_exit(code, drive_file(o, o->files[i], engine, &rep, &fs, &d));
    reporter_end(&rep);
    findings_free(&fs);
    fflush(stdout);
    return code;
}
