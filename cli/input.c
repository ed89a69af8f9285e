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

/* Launch sizes: the command line's, else GPUVerify's header lines. */
static void launch_dims(const CliOptions *o, const SrcFile *src, InferOptions *io, Diag *d)
{
    char block[64], grid[64];
    if (o) {
        memcpy(io->block_dim, o->block_dim, sizeof io->block_dim);
        memcpy(io->grid_dim, o->grid_dim, sizeof io->grid_dim);
        io->has_block_dim = o->has_block_dim;
        io->has_grid_dim = o->has_grid_dim;
    }
    if (!infer_gpuverify_dims(src, block, sizeof block, grid, sizeof grid))
        return;
    if (!io->has_block_dim && block[0]) {
        io->has_block_dim = parse_dims(block, io->block_dim);
        if (!io->has_block_dim)
            diag_at(d, SEV_WARNING, loc_at(src, src->line_starts[1]),
                    "cannot read --blockDim=%s; the block size stays symbolic", block);
    }
    if (!io->has_grid_dim && grid[0]) {
        io->has_grid_dim = parse_dims(grid, io->grid_dim);
        if (!io->has_grid_dim)
            diag_at(d, SEV_WARNING, loc_at(src, src->line_starts[1]),
                    "cannot read --gridDim=%s; the grid size stays symbolic", grid);
    }
}

Program *load_cuda(const char *path, const CliOptions *o, SrcFile **src, Diag *d)
{
    *src = src_load(path, d);
    if (!*src)
        return NULL;
    InferOptions io = {0};
    if (o) {
        io.include_dirs = o->include_dirs;
        io.ninclude_dirs = o->ninclude_dirs;
        io.defines = o->defines;
        io.ndefines = o->ndefines;
    }
    launch_dims(o, *src, &io, d);
    Program *p = infer_program(*src, &io, d);
    if (!p) {
        src_free(*src);
        *src = NULL;
    }
    return p;
}

Program *load_input(const char *path, const CliOptions *o, SrcFile **src, Diag *d)
{
    if (input_is_cuda(path))
        return load_cuda(path, o, src, d);
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
