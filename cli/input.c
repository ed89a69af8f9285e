/* Input loading shared by the subcommands (see input.h). */
#include "input.h"

#include "parse.h"

#include <string.h>

bool input_is_cuda(const char *path)
{
    size_t n = strlen(path);
    return n >= 3 && strcmp(path + n - 3, ".cu") == 0;
}

Program *load_input(const char *path, const CliOptions *o, SrcFile **src, Diag *d)
{
    (void)o;
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
