/* OpenCL C prepared for emulation (emulate_opencl.c; docs/emulate-opencl.md):
 * what emulate_build.c asks of it for an EMU_OPENCL file. */
#ifndef MAPKIT_EMULATE_OPENCL_H
#define MAPKIT_EMULATE_OPENCL_H

#include <stddef.h>

/* The source with its __local variables made per-block and its vector
 * literals made calls, lines kept (malloc'd; its length in *out_len). */
char *emu_opencl_rewrite(const char *text, size_t len, size_t *out_len);
/* Kernel `kernel`'s parameter names, "a,@tmp,n" ('@': a __local pointer),
 * malloc'd; "" when its definition is not found. */
char *emu_opencl_param_names(const char *text, const char *kernel);

#endif
