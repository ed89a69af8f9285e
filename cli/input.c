/* Input loading shared by the subcommands (see input.h): a .proto is
 * parsed, a .cu is inferred [CAV21 Sec. 5]. */
#include "input.h"

#include "cli.h"
#include "compdb.h"
#include "infer.h"
#include "parse.h"
#include "project.h"
#include "ptx_infer.h"
#include "via_ptx.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* DESIGN.md, "Inputs and dialects": sources and headers are CUDA, .cl is
 * OpenCL, .ptx is PTX, anything else (.proto, standard input) a protocol. */
InputLang input_lang(const CliOptions *o, const char *path)
{
    if (o && o->lang != LANG_BY_EXTENSION)
        return o->lang;
    static const char *const cuda[] = {".cu", ".cuh", ".h", ".hpp", ".cuh.inc"};
    for (size_t i = 0; i < sizeof cuda / sizeof cuda[0]; i++)
        if (str_ends_with(path, cuda[i]))
            return LANG_CUDA;
    if (str_ends_with(path, ".ptx"))
        return LANG_PTX;
    return str_ends_with(path, ".cl") ? LANG_OPENCL : LANG_PROTO;
}

SrcFile *input_source(const char *path, Diag *d)
{
    if (strcmp(path, "-") != 0)
        return src_load(path, d);
    size_t len;
    bool over;
    char *buf = src_read_bounded(stdin, src_max_size(), &len, &over); /* a pipe is bounded like a file */
    if (over) {
        free(buf);
        src_too_large(d, "<stdin>");
        return NULL;
    }
    SrcFile *f = src_from_memory("<stdin>", buf, len);
    free(buf);
    return f;
}

/* Where option `name` sits on line 2 (the GPUVerify header), for errors. */
static Loc header_option_loc(const SrcFile *src, const char *name)
{
    size_t start = src->line_starts[1];
    size_t end = src->nlines > 2 ? src->line_starts[2] : src->len;
    for (size_t i = start; i + strlen(name) <= end; i++)
        if (strncmp(src->text + i, name, strlen(name)) == 0) {
            Loc l = loc_at(src, i);
            size_t n = strcspn(src->text + i, " \t\r\n");
            l.len = (uint32_t)(i + n <= end ? n : end - i);
            return l;
        }
    return loc_at(src, start);
}

/* One size option of GPUVerify's line 2: read, and like the command
 * line's (options.c) checked as given beyond CUDA's limits, with a
 * warning.  False after a located error. */
static bool header_dims(const SrcFile *src, const char *option, const char *text, bool block, Launch *l,
                        Diag *d)
{
    int64_t dims[3];
    if (launch_knows_some(l, block) || !text[0])
        return true; /* the command line's win */
    Loc at = header_option_loc(src, option);
    if (!parse_dims(text, dims)) {
        diag_at(d, SEV_WARNING, at, "cannot read %s=%s; the %s size stays symbolic", option, text,
                block ? "block" : "grid");
        return true;
    }
    if (!dims_representable(dims, block)) {
        diag_at(d, SEV_ERROR, at,
                "%s=%s: every size, and a block's threads, must be from 1 to 2147483647; nothing was checked",
                option, text);
        return false;
    }
    if (!dims_within_limits(dims, block)) /* verifier corpora use such sizes on purpose */
        diag_at(d, SEV_WARNING, at, "%s=%s is beyond CUDA's limits (%s); checked as given", option, text,
                cuda_launch_limits);
    launch_set_dims(l, block, dims, LAUNCH_ALL_AXES, (LaunchOrigin){FROM_GV_HEADER, at});
    return true;
}

/* One size option of an OpenCL header: any positive size (an OpenCL
 * limit is the device's).  False after a located error. */
static bool header_cl_dims(const SrcFile *src, const char *option, int64_t dims[3], bool *read, Diag *d)
{
    char text[64];
    *read = false;
    if (!infer_gpuverify_value(src, option, text, sizeof text))
        return true;
    Loc at = header_option_loc(src, option);
    if (!parse_dims_from(text, dims, 0, 1)) { /* a 0 is read, and refused below */
        diag_at(d, SEV_WARNING, at, "cannot read %s=%s; the size stays symbolic", option, text);
        return true;
    }
    if (dims[0] < 1 || dims[1] < 1 || dims[2] < 1) {
        diag_at(d, SEV_ERROR, at, "%s=%s: every size must be positive; nothing was checked", option, text);
        return false;
    }
    if (!dims_representable(dims, strcmp(option, "--local_size") == 0)) {
        diag_at(d, SEV_ERROR, at,
                "%s=%s: every size, and a work-group's work-items, must be at most 2147483647; nothing was checked",
                option, text);
        return false;
    }
    *read = true;
    return true;
}

/* --global_offset=X|[X,Y]|[X,Y,Z]: the host's offset, which the front end
 * names global_offset_x|y|z (docs/inference.md, "OpenCL C"); a value the
 * command line gives (-p) wins. */
static bool header_cl_offsets(const SrcFile *src, Launch *l, Diag *d)
{
    char text[64];
    int64_t off[3];
    if (!infer_gpuverify_value(src, "--global_offset", text, sizeof text))
        return true;
    Loc at = header_option_loc(src, "--global_offset");
    if (!parse_dims_from(text, off, 0, 0)) {
        diag_at(d, SEV_WARNING, at, "cannot read --global_offset=%s; the offset stays symbolic", text);
        return true;
    }
    for (int a = 0; a < 3; a++) {
        char name[32];
        int64_t given;
        snprintf(name, sizeof name, "global_offset_%c", "xyz"[a]);
        if (!launch_param_value(l, name, &given))
            launch_add_param(l, name, off[a], (LaunchOrigin){FROM_GV_HEADER, at});
    }
    return true;
}

/* GPUVerify's OpenCL spellings: --local_size is the block, --num_groups
 * the grid, --global_size the work-items of the grid, which with the local
 * size gives the number of groups (OpenCL 1.2: a multiple of it). */
static bool header_cl_options(const SrcFile *src, CliOptions *fo, Diag *d)
{
    int64_t local[3], groups[3], global[3];
    bool has_local, has_groups, has_global;
    if (!header_cl_dims(src, "--local_size", local, &has_local, d) ||
        !header_cl_dims(src, "--num_groups", groups, &has_groups, d) ||
        !header_cl_dims(src, "--global_size", global, &has_global, d))
        return false;
    Launch *l = &fo->launch;
    if (!header_cl_offsets(src, l, d))
        return false;
    if (has_local && !launch_knows_some(l, true))
        launch_set_dims(l, true, local, LAUNCH_ALL_AXES,
                        (LaunchOrigin){FROM_GV_HEADER, header_option_loc(src, "--local_size")});
    if (has_global && !has_groups) {
        Loc at = header_option_loc(src, "--global_size");
        if (!has_local) {
            diag_at(d, SEV_WARNING, at, "--global_size without --local_size: the number of work-groups stays "
                                        "symbolic");
        } else {
            for (int a = 0; a < 3; a++) {
                if (global[a] % local[a] != 0) {
                    diag_at(d, SEV_ERROR, at, "the global size is not a multiple of the local size on axis %c; "
                                              "nothing was checked", "xyz"[a]);
                    return false;
                }
                groups[a] = global[a] / local[a];
            }
            has_groups = true;
        }
    }
    if (has_groups && !launch_knows_some(l, false))
        launch_set_dims(l, false, groups, LAUNCH_ALL_AXES,
                        (LaunchOrigin){FROM_GV_HEADER,
                                       header_option_loc(src, has_global ? "--global_size" : "--num_groups")});
    return true;
}

/* What GPUVerify's header lines add to the command line: the launch sizes
 * it does not give, and --only-intra-group. */
bool input_header_options(const SrcFile *src, InputLang lang, CliOptions *fo, Diag *d)
{
    char block[64], grid[64];
    fo->only_intra_group |= infer_gpuverify_flag(src, "--only-intra-group");
    if (lang == LANG_OPENCL)
        return header_cl_options(src, fo, d);
    if (!infer_gpuverify_dims(src, block, sizeof block, grid, sizeof grid))
        return true;
    Launch *l = &fo->launch;
    return header_dims(src, "--blockDim", block, true, l, d) && header_dims(src, "--gridDim", grid, false, l, d);
}

/* Nothing to check in a file is an input error (DESIGN.md, exit code 2):
 * an empty file, or one that is not text at all. */
bool input_has_text(const SrcFile *src, Diag *d)
{
    size_t i = 0;
    while (i < src->len && strchr(" \t\r\n\f\v", src->text[i]) && src->text[i])
        i++;
    if (i == src->len) {
        diag_plain(d, SEV_ERROR, src->path, "the file is empty: nothing to check");
        return false;
    }
    const char *nul = memchr(src->text, '\0', src->len);
    if (nul) {
        diag_at(d, SEV_ERROR, loc_at(src, (size_t)(nul - src->text)),
                "this is not a text file (a NUL byte): nothing to check");
        return false;
    }
    return true;
}

static Program *no_kernels(Program *p, const char *what, Diag *d)
{
    diag_at(d, SEV_ERROR, loc_at(p->file, 0), "%s: nothing to check", what);
    program_free(p);
    return NULL;
}

InferOptions input_infer_options(InputLang lang, const CliOptions *fo, const CompDb *db, char std[64],
                                 const char ***owned)
{
    InferOptions io = {0};
    io.lang = lang == LANG_OPENCL ? INFER_OPENCL : INFER_CUDA;
    io.exact_include_dirs = db->found; /* the database's folders, not guessed ones */
    int ni = db->nincludes + fo->ninclude_dirs, nd = db->ndefines + fo->ndefines;
    const char **all = xcalloc((size_t)(ni + nd) + 1, sizeof *all);
    for (int i = 0; i < fo->ninclude_dirs; i++)
        all[i] = fo->include_dirs[i];
    for (int i = 0; i < db->nincludes; i++)
        all[fo->ninclude_dirs + i] = db->includes[i];
    for (int i = 0; i < db->ndefines; i++)
        all[ni + i] = db->defines[i];
    for (int i = 0; i < fo->ndefines; i++)
        all[ni + db->ndefines + i] = fo->defines[i];
    io.include_dirs = all;
    io.ninclude_dirs = ni;
    io.defines = all + ni;
    io.ndefines = nd;
    io.launch = fo->launch;
    io.no_host = fo->no_host;
    io.parse_deadline_ms = fo->parse_deadline_ms;
    if (db->std && strlen(db->std) < 40 && (strncmp(db->std, "c++", 3) == 0 || strncmp(db->std, "gnu++", 5) == 0)) {
        snprintf(std, 64, "-std=%s", db->std);
        io.std = std;
    }
    *owned = all;
    return io;
}

/* Inference with the command line's -I and -D after the compilation
 * database's (so that they win), and the database's -std; link: the
 * file is a unit of a project (NULL: it is checked alone). */
static Program *infer_with_flags(const SrcFile *src, InputLang lang, const CliOptions *fo, const CompDb *db,
                                 const InferLink *link, Diag *d)
{
    char std[64];
    const char **all;
    InferOptions io = input_infer_options(lang, fo, db, std, &all);
    Program *p = infer_program_linked(src, &io, link, d);
    free(all);
    return p;
}

/* *src, already read, through the front end in lang's dialect (libclang
 * reads its text from memory, so standard input works too); path finds
 * the compilation database. */
static Program *infer_source(const char *path, InputLang lang, const CliOptions *o, CliOptions *file_o, SrcFile **src,
                             const InferLink *link, Diag *d)
{
    CliOptions fo;
    memset(&fo, 0, sizeof fo);
    if (o)
        fo = *o;
    Program *p = NULL;
    if (input_has_text(*src, d) && input_header_options(*src, lang, &fo, d)) {
        if (file_o)
            *file_o = fo;
        CompDb db;
        int errors = d->errors;
        if (compdb_flags(fo.compdb, path, &db, d))
            p = infer_with_flags(*src, lang, &fo, &db, link, d);
        compdb_free(&db);
        if (p && d->errors > errors) { /* a syntax error in a kernel, as a compiler reports it */
            diag_plain(d, SEV_NOTE, path ? path : "<stdin>", "nothing was checked: the file does not compile");
            program_free(p);
            p = NULL;
        }
        if (p && p->nkernels == 0)
            p = no_kernels(p, lang == LANG_OPENCL ? "no __kernel function is defined in this file or in the headers "
                                                    "it includes (--lang=cuda reads it as CUDA)"
                                                  : "no __global__ function is defined in this file or in the project "
                                                    "headers it includes", d);
    }
    if (!p) {
        src_free(*src);
        *src = NULL;
    }
    return p;
}

/* A PTX module (docs/ptx.md): parsed and inferred, one kernel per .entry,
 * with the command line's launch (PTX has no GPUVerify header). */
static Program *infer_ptx(const CliOptions *o, CliOptions *file_o, SrcFile **src, Diag *d)
{
    CliOptions fo;
    memset(&fo, 0, sizeof fo);
    if (o)
        fo = *o;
    if (file_o)
        *file_o = fo;
    Program *p = NULL;
    if (input_has_text(*src, d)) {
        InferOptions io = {0};
        io.launch = fo.launch;
        int errors = d->errors;
        p = ptx_infer_file(*src, &io, d);
        if (p && d->errors > errors) {
            program_free(p);
            p = NULL;
        }
        if (p && p->nkernels == 0)
            p = no_kernels(p, "no .entry is defined in this PTX module", d);
    }
    if (!p) {
        src_free(*src);
        *src = NULL;
    }
    return p;
}

static Program *load_cuda_with(const char *path, const CliOptions *o, CliOptions *file_o, SrcFile **src,
                               Diag *d)
{
    *src = input_source(path, d);
    if (!*src)
        return NULL;
    InputLang lang = input_lang(o, path);
    if (strcmp(path, "-") == 0 && (!o || o->lang == LANG_BY_EXTENSION))
        lang = stdin_lang(*src);
    if (lang == LANG_PTX)
        return infer_ptx(o, file_o, src, d);
    if (o && o->via_ptx && lang != LANG_OPENCL)
        return load_via_ptx(path, o, file_o, src, d);
    return infer_source(path, lang == LANG_OPENCL ? LANG_OPENCL : LANG_CUDA, o, file_o, src, NULL, d);
}

Program *load_cuda(const char *path, const CliOptions *o, SrcFile **src, Diag *d)
{
    return load_cuda_with(path, o, NULL, src, d);
}

/* Standard input has no extension: without --lang, its first line says.
 * An OpenCL mark (`__kernel`, or GPUVerify's OpenCL sizes on the second
 * line) makes it OpenCL; GPUVerify's header (//pass, //xfail,
 * //--blockDim), an #include or a __global__ on it make it CUDA; anything
 * else is a protocol. */
InputLang stdin_lang(const SrcFile *src)
{
    size_t end = src->nlines > 2 ? src->line_starts[2] : src->len;
    char first[512];
    size_t n = end < sizeof first - 1 ? end : sizeof first - 1;
    memcpy(first, src->text, n);
    first[n] = '\0';
    static const char *const opencl_marks[] = {"__kernel", "--local_size", "--num_groups", "--global_size"};
    for (size_t i = 0; i < sizeof opencl_marks / sizeof opencl_marks[0]; i++)
        if (strstr(first, opencl_marks[i]))
            return LANG_OPENCL;
    if (src->nlines > 1)
        first[src->line_starts[1] < n ? src->line_starts[1] : n] = '\0'; /* CUDA's marks: line 1 */
    static const char *const cuda_marks[] = {"//pass", "//xfail", "//--", "#include", "__global__"};
    for (size_t i = 0; i < sizeof cuda_marks / sizeof cuda_marks[0]; i++)
        if (strstr(first, cuda_marks[i]))
            return LANG_CUDA;
    return LANG_PROTO;
}

Program *load_input(const char *path, const CliOptions *o, CliOptions *file_o, SrcFile **src, Diag *d)
{
    if (file_o && o)
        *file_o = *o;
    *src = NULL;
    InputLang lang = input_lang(o, path);
    *src = input_source(path, d);
    if (!*src)
        return NULL;
    if (strcmp(path, "-") == 0 && (!o || o->lang == LANG_BY_EXTENSION))
        lang = stdin_lang(*src);
    if (lang == LANG_CUDA && o && o->via_ptx)
        return load_via_ptx(path, o, file_o, src, d);
    if (lang == LANG_CUDA || lang == LANG_OPENCL)
        return infer_source(path, lang, o, file_o, src, NULL, d);
    if (lang == LANG_PTX)
        return infer_ptx(o, file_o, src, d);
    Program *p = load_program(*src, d); /* the parser reports an empty file and NUL bytes itself */
    if (p && p->nkernels == 0)
        p = no_kernels(p, "no kernel is defined in this file", d);
    if (!p) {
        src_free(*src);
        *src = NULL;
    }
    return p;
}

Program *load_unit(const char *path, const CliOptions *o, CliOptions *file_o, SrcFile **src, const InferLink *link,
                   Diag *d)
{
    *file_o = *o;
    *src = input_source(path, d);
    return *src ? infer_source(path, LANG_CUDA, o, file_o, src, link, d) : NULL;
}
