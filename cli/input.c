/* Input loading shared by the subcommands (see input.h): a .proto is
 * parsed, a .cu is inferred (seed 000, Sec. 5). */
#include "input.h"

#include "infer.h"
#include "parse.h"

#include <string.h>

bool input_is_cuda(const char *path)
{
    size_t n = strlen(path);
    return n >= 3 && strcmp(path + n - 3, ".cu") == 0;
}

/* What GPUVerify's header lines add to the command line: the launch sizes
 * it does not give, and --only-intra-group. */
static void header_options(const SrcFile *src, CliOptions *fo, Diag *d)
{
    char block[64], grid[64];
    fo->only_intra_group |= infer_gpuverify_flag(src, "--only-intra-group");
    if (!infer_gpuverify_dims(src, block, sizeof block, grid, sizeof grid))
        return;
    if (!fo->has_block_dim && block[0]) {
        fo->has_block_dim = parse_dims(block, fo->block_dim);
        if (!fo->has_block_dim)
            diag_at(d, SEV_WARNING, loc_at(src, src->line_starts[1]),
                    "cannot read --blockDim=%s; the block size stays symbolic", block);
    }
    if (!fo->has_grid_dim && grid[0]) {
        fo->has_grid_dim = parse_dims(grid, fo->grid_dim);
        if (!fo->has_grid_dim)
            diag_at(d, SEV_WARNING, loc_at(src, src->line_starts[1]),
                    "cannot read --gridDim=%s; the grid size stays symbolic", grid);
    }
}

static Program *load_cuda_with(const char *path, const CliOptions *o, CliOptions *file_o, SrcFile **src,
                               Diag *d)
{
    *src = src_load(path, d);
    if (!*src)
        return NULL;
    CliOptions fo;
    memset(&fo, 0, sizeof fo);
    if (o)
        fo = *o;
    header_options(*src, &fo, d);
    if (file_o)
        *file_o = fo;
    InferOptions io = {0};
    io.include_dirs = fo.include_dirs;
    io.ninclude_dirs = fo.ninclude_dirs;
    io.defines = fo.defines;
    io.ndefines = fo.ndefines;
    memcpy(io.block_dim, fo.block_dim, sizeof io.block_dim);
    memcpy(io.grid_dim, fo.grid_dim, sizeof io.grid_dim);
    io.has_block_dim = fo.has_block_dim;
    io.has_grid_dim = fo.has_grid_dim;
    Program *p = infer_program(*src, &io, d);
    if (!p) {
        src_free(*src);
        *src = NULL;
    }
    return p;
}

Program *load_cuda(const char *path, const CliOptions *o, SrcFile **src, Diag *d)
{
    return load_cuda_with(path, o, NULL, src, d);
}

Program *load_input(const char *path, const CliOptions *o, CliOptions *file_o, SrcFile **src, Diag *d)
{
    if (file_o && o)
        *file_o = *o;
    if (input_is_cuda(path))
        return load_cuda_with(path, o, file_o, src, d);
    *src = src_load(path, d);
    if (!*src)
        return NULL;
    Program *p = load_program(*src, d);
    if (!p) {
        src_free(*src);
        *src = NULL;
    }
    return p;
}
