/* The emulation runtime's interface (docs/emulate.md): what a language shim
 * (shim_cuda.h) calls.  The runtime is plain C, compiled without
 * instrumentation; the kernel's own code is compiled with clang's
 * -fsanitize=thread hooks, which this runtime defines, so that every access
 * of the kernel reaches mk_access with its bytes and its pc. */
#ifndef MAPKIT_EMULATE_RUNTIME_H
#define MAPKIT_EMULATE_RUNTIME_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct mk_uint3 {
    unsigned x, y, z;
} mk_uint3;

/* The built-in variables of the running thread, updated by the scheduler at
 * each switch; the runtime does not log reads of them. */
typedef struct mk_builtins {
    mk_uint3 threadIdx, blockIdx, blockDim, gridDim;
} mk_builtins;
extern mk_builtins mk_b;

/* Access kinds: a write (or read-modify-write), an atomic, a block scope. */
enum { MK_WRITE = 1, MK_ATOMIC = 2, MK_SCOPE_BLOCK = 4 };
/* Atomic operations and operand types of mk_atomic. */
enum { MK_ADD, MK_SUB, MK_EXCH, MK_MIN, MK_MAX, MK_INC, MK_DEC, MK_CAS, MK_AND, MK_OR, MK_XOR, MK_LOAD, MK_STORE };
enum { MK_I32, MK_U32, MK_I64, MK_U64, MK_F32, MK_F64 };

/* An atomic op on *p (old value returned, as raw bits); scope is 0 or
 * MK_SCOPE_BLOCK. */
uint64_t mk_atomic(int op, int type, void *p, uint64_t a, uint64_t b, int scope);
/* Block barrier; the counting forms return the count / and / or of pred.
 * site names the barrier (MK_SITE: its line and column), which threads
 * must agree on. */
void mk_syncthreads(unsigned site);
int mk_syncthreads_count(int pred, unsigned site);
int mk_syncthreads_and(int pred, unsigned site);
int mk_syncthreads_or(int pred, unsigned site);
#define MK_SITE (__builtin_LINE() * 4096u + __builtin_COLUMN())
/* Warp/tile barrier of the lanes in mask (memory ordered among them). */
void mk_syncwarp(unsigned mask);
/* Warp collectives of the lanes in mask (no memory order): the value of
 * lane src; the predicate bits of the lanes. */
uint64_t mk_shfl(unsigned mask, uint64_t v, int src_lane);
unsigned mk_ballot(unsigned mask, int pred);
unsigned mk_activemask(void);
/* cooperative groups' grid.sync(). */
void mk_grid_sync(void);
/* The running thread's lane and its linear id in its block. */
unsigned mk_lane(void);
unsigned mk_block_rank(void);
/* A fence: no order in this model (docs/emulate.md). */
void mk_fence(void);
/* An out-of-model construct reached at run time: ends the run (exit 4). */
void mk_unsupported(const char *what);
/* The value a scalar parameter was given, for the report. */
void mk_note_param(const char *name, const char *value);

/* ---- launch ---- */
typedef void (*mk_launcher)(const char *param_names);
/* The launch of a kernel by the host code: from cudaLaunchKernel's
 * argument array. */
typedef void (*mk_ptr_launcher)(void **args, mk_uint3 grid, mk_uint3 block);
void mk_register_kernel(const char *name, mk_launcher launch, const char *param_names, const void *fn,
                        mk_ptr_launcher launch_ptrs);
/* The registered kernel fn: its name and parameter names (NULL: none). */
const char *mk_kernel_name(const void *fn, const char **param_names);

/* ---- the host program (emulate's host mode, docs/emulate.md) ---- */
/* cudaMalloc: a buffer, named by the parameters it is passed as. */
void *mk_host_alloc(size_t bytes);
/* The object that p points into gets `name` among its names. */
void mk_name_object(const void *p, const char *name);
/* Runs body(ctx) as every thread of a launch of kernel `name` that the
 * host code makes. */
void mk_host_grid(const char *name, mk_uint3 grid, mk_uint3 block, void (*body)(void *), void *ctx);
/* cudaLaunchKernel and its kin: the kernel fn launched from args. */
int mk_launch_registered(const void *fn, mk_uint3 grid, mk_uint3 block, void **args);
/* The program's own main, renamed (defined by the driver when there is one). */
int mk_host_main(void) __attribute__((weak));
/* -p NAME=VALUE of the run, or NULL. */
const char *mk_param(const char *name);
/* The default of an integer scalar parameter (said in the report). */
long long mk_default_int(void);
/* Does scalar parameter `name` bound a counting loop (-s NAME: its
 * default is small, docs/emulate.md)? */
int mk_counts_loop(const char *name);
enum { MK_LOOP_DEFAULT = 8 };
/* A buffer for pointer parameter `name` of elements of elem bytes: its
 * count from --array, else the default (both said in the report). */
void *mk_buffer(const char *name, size_t elem, size_t *count);
/* A buffer of `bytes` for an image parameter `name` (a texture or
 * surface object), zero. */
void *mk_image_buffer(const char *name, size_t bytes);
/* The same for a pointer to per-block memory (an OpenCL __local
 * parameter): default count 4 x the block's threads. */
void *mk_local_buffer(const char *name, size_t elem, size_t *count);
/* n elements of `size` bytes at p, each from one draw of the seed (as
 * shim_launch.h's draw): integers below mk_default_int() in magnitude
 * (bool: 0 or 1), floats below 10 in magnitude, two decimals; negative
 * when takes_sign (floats: always) and the run is signed and the draw's
 * top bit says so. */
void mk_fill_ints(void *p, size_t n, size_t size, int is_bool, int takes_sign);
void mk_fill_floats(void *p, size_t n, size_t size);
/* Is a seed given; the next random number of it. */
int mk_seeded(void);
uint64_t mk_rand(void);
/* Does the seeded run draw values of signed types from both signs
 * (--seed signed:S)? */
int mk_signed_values(void);
/* Runs body(ctx) as every thread of the launch. */
void mk_run_grid(void (*body)(void *), void *ctx);
/* The file's __constant__ variables with no initializer: the host sets
 * them (cudaMemcpyToSymbol) before a launch, so a launch without the host
 * code gives them -p's value or the seed's (docs/emulate.md).  The driver
 * registers one function that fills them all; mk_fill_globals calls it. */
void mk_register_globals(void (*fill)(void));
void mk_fill_globals(void);

#ifdef __cplusplus
}
#endif
#endif
