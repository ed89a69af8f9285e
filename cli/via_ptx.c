/* A CUDA file checked through the PTX nvcc makes of it (via_ptx.h). */
#include "via_ptx.h"

#include "cli.h"
#include "compdb.h"
#include "external.h"
#include "input.h"
#include "ptx_infer.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* One nvcc run; far above a kernel file's compile (about a second). */
enum { VIA_NVCC_TIMEOUT_MS = 120000, VIA_NVCC_OUTPUT_MAX = 16 * 1024 };

/* $NVCC, else the toolkit's usual place, else nvcc on PATH. */
static const char *nvcc_path(void)
{
    const char *e = getenv("NVCC");
    if (e && *e)
        return e;
    if (access("/usr/local/cuda/bin/nvcc", X_OK) == 0)
        return "/usr/local/cuda/bin/nvcc";
    return "nvcc";
}

/* nvcc's output without its trailing newlines, for one error message. */
static const char *trimmed(ExtResult *r)
{
    size_t n = r->output_len;
    while (n > 0 && (r->output[n - 1] == '\n' || r->output[n - 1] == '\r'))
        n--;
    r->output[n] = '\0';
    return n ? r->output : "(no message)";
}

/* The PTX of path, compiled with io's -I, -D and -std into a private
 * folder that is removed after: its text, named `<nvcc -ptx PATH>` (the
 * file is gone when reports are read), or NULL after an error. */
static SrcFile *compile(const char *path, const InferOptions *io, long timeout_ms, Diag *d)
{
    const char *tmp = getenv("TMPDIR");
    char dir[4096], out[4200];
    snprintf(dir, sizeof dir, "%s/mapkit-via-XXXXXX", tmp && *tmp ? tmp : "/tmp");
    if (!mkdtemp(dir)) {
        diag_plain(d, SEV_ERROR, path, "--via=ptx: cannot make a temporary folder (%s): %s", dir, strerror(errno));
        return NULL;
    }
    snprintf(out, sizeof out, "%s/k.ptx", dir);
    /* a path that starts with '-' would read as an option */
    char *input = xmalloc(strlen(path) + 3);
    sprintf(input, "%s%s", path[0] == '-' ? "./" : "", path);
    const char *nvcc = nvcc_path();
    const char **argv = xcalloc((size_t)(2 * (io->ninclude_dirs + io->ndefines)) + 16, sizeof *argv);
    int n = 0;
    argv[n++] = nvcc;
    argv[n++] = "-ptx";
    argv[n++] = "-arch=sm_75";
    argv[n++] = "-lineinfo";
    argv[n++] = "-rdc=true"; /* extern __device__ functions compile, as the generator's do */
    if (io->std)
        argv[n++] = io->std;
    for (int i = 0; i < io->ninclude_dirs; i++) {
        argv[n++] = "-I";
        argv[n++] = io->include_dirs[i];
    }
    for (int i = 0; i < io->ndefines; i++) {
        argv[n++] = "-D";
        argv[n++] = io->defines[i];
    }
    argv[n++] = "-x"; /* a .cuh or .h read as CUDA by --lang=cuda is CUDA for nvcc too */
    argv[n++] = "cu";
    argv[n++] = "-o";
    argv[n++] = out;
    argv[n++] = input;
    argv[n] = NULL;
    ExtResult r;
    external_run_argv((char *const *)argv, timeout_ms > 0 ? (int)timeout_ms : VIA_NVCC_TIMEOUT_MS,
                      VIA_NVCC_OUTPUT_MAX, &r);
    SrcFile *ptx = NULL;
    if (r.status == EXT_NOSTART) {
        diag_plain(d, SEV_ERROR, path, "--via=ptx: %s (NVCC names the compiler)", r.error);
    } else if (r.status != EXT_EXITED || r.code != 0) {
        char why[600];
        external_describe(&r, timeout_ms > 0 ? (int)timeout_ms : VIA_NVCC_TIMEOUT_MS, why, sizeof why);
        diag_plain(d, SEV_ERROR, path, "--via=ptx: nvcc %s:\n%s", why, trimmed(&r));
    } else {
        SrcFile *f = src_load(out, d);
        if (f) {
            char name[4200];
            snprintf(name, sizeof name, "<nvcc -ptx %s>", path);
            ptx = src_from_memory(name, f->text, f->len);
            src_free(f);
        }
    }
    external_result_free(&r);
    unlink(out);
    rmdir(dir);
    free(argv);
    free(input);
    return ptx;
}

Program *load_via_ptx(const char *path, const CliOptions *o, CliOptions *file_o, SrcFile **src, Diag *d)
{
    CliOptions fo = *o;
    Program *p = NULL;
    bool named = strcmp(path, "-") != 0;
    if (!named)
        diag_plain(d, SEV_ERROR, "<stdin>", "--via=ptx compiles a file: standard input has no name for nvcc");
    if (named && input_has_text(*src, d) && input_header_options(*src, LANG_CUDA, &fo, d)) {
        if (file_o)
            *file_o = fo;
        CompDb db;
        if (compdb_flags(fo.compdb, path, &db, d)) {
            char std[64];
            const char **all;
            InferOptions io = input_infer_options(LANG_CUDA, &fo, &db, std, &all);
            io.ptx_source = path;
            SrcFile *ptx = compile(path, &io, fo.timeout_file_ms ? fo.timeout_file_ms : fo.timeout_ms, d);
            int errors = d->errors;
            p = ptx ? ptx_infer_file(ptx, &io, d) : NULL;
            if (p) {
                program_own_file(p, ptx); /* the statements nvcc gave no .loc point into it */
            } else {
                src_free(ptx);
            }
            if (p && d->errors > errors) {
                program_free(p);
                p = NULL;
            }
            if (p && p->nkernels == 0) {
                diag_plain(d, SEV_ERROR, path, "nvcc made no .entry of this file (no __global__ function, or "
                                               "templates never instantiated): nothing to check");
                program_free(p);
                p = NULL;
            }
            free(all);
        }
        compdb_free(&db);
    }
    if (!p) {
        src_free(*src);
        *src = NULL;
    }
    return p;
}
